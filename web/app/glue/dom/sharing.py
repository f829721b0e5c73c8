"""Sharing and dates for the features in the extra glue (games by link, challenges): imported
by their modules only (``from glue.dom.sharing import share_text``), so a game page does not
load this before it needs it."""

import js

from glue.dom.runtime import copy_text, js_object, to_js, window

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass


async def share_text(title: str, text: str, url: str) -> str:
    """Hands ``text`` and ``url`` to the system share sheet where the browser has one (phones),
    else copies them to the clipboard: returns "shared", "copied" or "cancelled" (the person
    closed the sheet); raises where both are refused."""
    navigator = window.navigator
    if js.Reflect.has(navigator, "share"):
        data = to_js({"title": title, "text": text, "url": url})
        try:
            if not js.Reflect.has(navigator, "canShare") or navigator.canShare(data):
                await navigator.share(data)
                return "shared"
        except Exception as error:  # AbortError: closed by the person; else try the clipboard
            if "AbortError" in str(error):
                return "cancelled"
    await copy_text(text + "\n" + url if text else url)
    return "copied"


def format_day(date: str, language: str) -> "str | None":
    """A calendar day ``"YYYY-MM-DD"`` as the browser writes it in ``language`` (long date:
    "November 27, 2026"), or None when it is not a date."""
    day = js.Date.new(date + "T00:00:00Z")
    if js.Number.isNaN(day.getTime()):
        return None
    options = js_object({"dateStyle": "long", "timeZone": "UTC"})
    return str(js.Intl.DateTimeFormat.new(language, options).format(day))
