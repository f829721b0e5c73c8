"""The page's runtime: errors reported instead of raised, coroutines, timers, time, marks,
JavaScript values, downloads and URLs."""

import asyncio
import json
import time

import js
from pyscript import document
from pyscript.ffi import create_proxy, to_js

from glue.dom.storage import probe_access
from glue.text import date_number

# The window object itself, not PyScript's `window` (the `js` module on the page thread): a
# method such as addEventListener called through the module inside a coroutine fails with
# "Illegal invocation", which no `except` catches.
window = js.window

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_reporters: "list[Callable[[str], None]]" = []


def on_error(reporter: "Callable[[str], None]") -> None:
    """Adds a function that shows the text of an error in the glue to the player."""
    _reporters.append(reporter)


# Work started by the person (an event handler's coroutine, a click's request) and not done
# yet: the page is busy until it is, although the coroutine may not have run a single line.
_working = [0]


def working() -> int:
    """How many pieces of the person's work are not done yet (see :func:`spawn`)."""
    return _working[0]


def report(error: BaseException, where: str) -> None:
    """An error in the glue: a console error with what failed (for developers and tests; no
    traceback on the page), and the page's reporters (a message on the page)."""
    text = where + ": " + type(error).__name__ + ": " + str(error)
    try:
        js.console.error("glue error in " + text)
        for reporter in _reporters:
            reporter(text)
    except Exception:
        pass  # reporting must never fail in turn


def guarded(handler: "Callable[..., Any]", where: str) -> "Callable[..., Any]":
    """``handler`` with every exception reported instead of raised (coroutines too)."""

    def call(*args: "Any") -> None:
        try:
            result = handler(*args)
            if result is not None and hasattr(result, "send"):  # a coroutine: run it
                spawn(result, where, person=True)
        except Exception as error:
            report(error, where)

    return call


def start(main: "Callable[[], Any]", where: str) -> None:
    """Runs a page's ``main`` coroutine; an error in it is reported, never raised. The
    browser's refusals are found first (see :func:`probe_access`)."""

    async def run() -> None:
        await probe_access()
        await main()

    guarded(run, where)()


def js_object(value: "Any") -> "Any":
    """A Python dict or list as a JavaScript object or array."""
    return to_js(value)


def test_hooks_wanted() -> bool:
    """Whether the page was opened by a test that asked for ``window.virusGames`` (the e2e
    tests and the benchmarks set ``window.virusGamesTestHooks = true`` in an init script,
    before any of the page's scripts run); never on a visitor's page."""
    return getattr(window, "virusGamesTestHooks", None) is True


def now_ms() -> int:
    # Not js.Date.now(): MicroPython's proxies pass JavaScript integers as 32-bit ones.
    return int(time.time() * 1000)


def random_bits64() -> int:
    words = window.crypto.getRandomValues(js.Uint16Array.new(4))  # 16-bit: see now_ms
    bits = 0
    for index in range(4):
        bits = (bits << 16) | int(words[index])
    return bits


def url_parameter(name: str) -> "str | None":
    value = js.URLSearchParams.new(window.location.search).get(name)
    return None if value is None else str(value)


def browser_languages() -> "list[str]":
    languages = window.navigator.languages
    if languages:
        return [str(languages[index]) for index in range(languages.length)]
    return [str(window.navigator.language or "")]


def format_date(epoch_ms: float, language: str) -> str:
    """A date and time as the browser writes them in ``language`` (medium date, short time)."""
    options = js_object({"dateStyle": "medium", "timeStyle": "short"})
    formatter = js.Intl.DateTimeFormat.new(language, options)
    return str(formatter.format(js.Date.new(date_number(epoch_ms))))


async def fetch_json(url: str) -> "Any":
    """The JSON document at ``url`` (relative to the page) as Python data."""
    response = await window.fetch(url)
    if not response.ok:
        raise OSError(url + ": HTTP " + str(response.status))
    return json.loads(await response.text())


def mark(name: str, detail: "Any" = None) -> None:
    """A performance mark (read by the benchmarks), with an optional ``detail``."""
    if detail is None:
        window.performance.mark(name)
    else:
        window.performance.mark(name, to_js({"detail": detail}))


def spawn(awaitable: "Any", where: str, person: bool = False) -> "Any":
    """Runs a coroutine in the background; an error in it is reported, never raised. The
    person's work (``person``) counts in :func:`working` from this moment until it is done."""
    if person:
        _working[0] += 1

    async def run() -> "Any":
        try:
            return await awaitable
        except Exception as error:
            report(error, where)
            return None
        finally:
            if person:
                _working[0] -= 1

    return asyncio.create_task(run())


def proxy(function: "Callable[..., Any]") -> "Any":
    """A Python function as a JavaScript function that stays alive (for JavaScript to call)."""
    return create_proxy(function)


def same(first: "Any", second: "Any") -> bool:
    """Whether two proxies stand for the same JavaScript object."""
    if first is None or second is None:
        return first is second
    return bool(getattr(js.Object, "is")(first, second))  # `is` is a keyword


def every(milliseconds: int, function: "Callable[[], Any]", where: str) -> "Any":
    """Calls ``function`` every ``milliseconds`` (errors reported), for the page's lifetime.
    (asyncio's timer, not window.setInterval: MicroPython calls the window's timers with a
    wrong `this` from a coroutine, "Illegal invocation", which escapes every `except`.)"""

    async def repeat() -> None:
        while True:
            await asyncio.sleep(milliseconds / 1000)
            try:
                function()
            except Exception as error:
                report(error, where)

    return asyncio.create_task(repeat())


async def sleep_ms(milliseconds: int) -> None:
    await asyncio.sleep(milliseconds / 1000)


def media_matches(query_text: str) -> bool:
    return bool(window.matchMedia(query_text).matches)


def save_file(content: str, mime: str, name: str) -> None:
    """Offers ``content`` as a download named ``name``."""
    blob = js.Blob.new(to_js([content]), to_js({"type": mime}))
    link = document.createElement("a")
    link.href = js.URL.createObjectURL(blob)
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    url = link.href

    async def revoke() -> None:
        await asyncio.sleep(1)
        js.URL.revokeObjectURL(url)

    asyncio.create_task(revoke())  # noqa: RUF006 - MicroPython's scheduler keeps it alive


def site_url(path: str) -> str:
    """The absolute URL of a site-relative path (``app/engine-worker.js``): the glue's script
    knows the way to the site root (its ``data-root``, written by web/build.py)."""
    script = document.querySelector("script[type=mpy]")
    root = (script.getAttribute("data-root") or "") if script is not None else ""
    return str(js.URL.new(root + path, document.baseURI).href)


def page_time_ms() -> float:
    """``performance.now()``: milliseconds since the page's navigation started (a float, so
    never cut to 32 bits)."""
    return float(window.performance.now())


def from_js(value: "Any") -> "Any":
    """A JavaScript value as Python data, through JSON: numbers arrive whole (not cut to 32
    bits). MicroPython's dicts keep no key order: read ``Object.entries`` where order matters."""
    text = js.JSON.stringify(value)
    return json.loads(text) if isinstance(text, str) else None  # undefined: not JSON


def plain_js(value: "Any") -> "Any":
    """Python data as a plain JavaScript value, through JSON (safe to post to a worker or
    another window)."""
    return js.JSON.parse(json.dumps(value))


def format_iso_date(text: str, language: str) -> "str | None":
    """A date written as ``toISOString`` does, as the browser writes it in ``language`` (short
    date), or None when it is not a date."""
    date = js.Date.new(text)
    if js.Number.isNaN(date.getTime()):
        return None
    options = js_object({"dateStyle": "short"})
    return str(js.Intl.DateTimeFormat.new(language, options).format(date))


def can_parse_url(text: str) -> bool:
    """Whether ``new URL(text)`` would work (it throws otherwise, see read_refusable)."""
    can_parse = getattr(js.URL, "canParse", None)
    return bool(can_parse(text)) if can_parse is not None else False
