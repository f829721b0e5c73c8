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


async def reachable(url: str) -> bool:
    """Whether a fetch of ``url`` can be answered: online, or kept in the site's caches
    (an offline page then asks for nothing it cannot have)."""
    if window.navigator.onLine:
        return True
    try:
        return bool(await window.caches.match(url, js_object({"ignoreVary": True})))
    except Exception:  # no caches here (an insecure or sandboxed page): the network decides
        return False


async def fetch_json(url: str) -> "Any":
    """The JSON document at ``url`` (relative to the page) as Python data."""
    response = await window.fetch(url)
    if not response.ok or response.status == 204:  # 204: offline and never kept (sw.js)
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


def window_size() -> "tuple[float, float]":
    """The window's inner width and height, in CSS pixels."""
    return (float(window.innerWidth), float(window.innerHeight))


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


# A flag coroutines wait for (asyncio's Event): ``set()``, ``is_set()``, ``await wait()``.
Flag = asyncio.Event


async def gather(awaitables: "list[Any]") -> "list[Any]":
    """Runs the coroutines at once until every one is done; their results, in order."""
    return list(await asyncio.gather(*awaitables))


async def loaded() -> None:
    """Until the page has loaded (its ``load`` event; at once if it has)."""
    if str(document.readyState) == "complete":
        return
    flag = Flag()
    window.addEventListener("load", create_proxy(lambda event: flag.set()))
    await flag.wait()


def go_to(url: str) -> None:
    """Opens ``url`` in this frame (``location.assign``)."""
    window.location.assign(url)


def reload() -> None:
    window.location.reload()


def is_framed() -> bool:
    """Whether the page runs in a frame (a blog's iframe)."""
    return not same(window.parent, window)


def ancestor_origin() -> "str | None":
    """The framing page's origin as ``location.ancestorOrigins`` gives it (``"null"``: opaque),
    or None where the browser does not tell (Firefox) or the page is not framed."""
    ancestors = getattr(window.location, "ancestorOrigins", None)  # Chromium, Safari
    if ancestors is None or not ancestors.length:
        return None
    return str(ancestors.item(0))


def referrer() -> str:
    return str(document.referrer or "")


def url_origin(url: str) -> str:
    """``new URL(url).origin`` (``"null"``: opaque); ``url`` must parse (see can_parse_url)."""
    return str(js.URL.new(url).origin)


def post_to_parent(message: "dict[str, Any]", origin: str) -> None:
    """Sends ``message`` (JSON data) to the framing page, if its origin is ``origin``."""
    window.parent.postMessage(plain_js(message), origin)


def time_origin_ms() -> float:
    """``performance.timeOrigin``: when the page's navigation started, in ms since the epoch
    (through ``performance.toJSON()``: never a 32-bit proxied number)."""
    return float(from_js(window.performance)["timeOrigin"])


async def fetch_entries(url: str, path: "list[str]") -> "list[Any] | None":
    """The ``[name, value]`` entries, in the document's order (MicroPython's dicts keep none),
    of the object at ``path`` in the JSON document at ``url``; None where there is none."""
    response = await window.fetch(url)
    if not response.ok:
        raise OSError(url + ": HTTP " + str(response.status))
    value = await response.json()
    for name in path:
        value = getattr(value, name, None)
        if value is None:
            return None
    return list(from_js(js.Object.entries(value)))


async def fetch_counting(url: str, counted: "Callable[[int], Any]") -> int:
    """Fetches ``url`` and drops the body, calling ``counted`` with the size of each piece of
    it as it arrives; returns its size in bytes. An HTTP error raises OSError."""
    response = await window.fetch(url)
    body = response.body
    if not response.ok or body is None:
        raise OSError(url + ": HTTP " + str(response.status))
    reader = body.getReader()
    total = 0
    while True:
        chunk = await reader.read()
        if chunk.done:
            return total
        length = int(chunk.value.byteLength)
        total += length
        counted(length)


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


def local_date() -> str:
    """Today's date in the browser's time zone, ``"YYYY-MM-DD"``."""
    date = js.Date.new()
    year, month, day = int(date.getFullYear()), int(date.getMonth()) + 1, int(date.getDate())
    return str(year) + "-" + ("0" + str(month))[-2:] + "-" + ("0" + str(day))[-2:]


def can_parse_url(text: str) -> bool:
    """Whether ``new URL(text)`` would work (it throws otherwise, see read_refusable)."""
    can_parse = getattr(js.URL, "canParse", None)
    return bool(can_parse(text)) if can_parse is not None else False


def warn(*parts: "Any") -> None:
    """A console warning (for developers and tests; nothing on the page)."""
    js.console.warn(*parts)


def page_address(part: str = "href") -> str:
    """A part of the page's address (``location``): ``href``, ``hash``, ``search``, ..."""
    return str(getattr(window.location, part))


def drop_fragment() -> None:
    """The address loses its ``#...`` in place: no reload, no new history entry."""
    location = window.location
    window.history.replaceState(None, "", str(location.pathname) + str(location.search))


async def copy_text(text: str) -> None:
    """Copies ``text`` to the clipboard; raises where the browser refuses (an iframe)."""
    await window.navigator.clipboard.writeText(text)


_extra_glue: "list[bool]" = []


async def load_extra_glue() -> None:
    """Makes the modules of ``app/glue-extra.bundle`` importable: the glue a game page needs
    only for some features (games by link, challenges), fetched on the first call (the service
    worker keeps it for offline use) and written into ``glue/`` as the page's own bundles are."""
    if _extra_glue:
        return
    import gzip
    import os

    # window.fetch, not pyscript's fetch (it calls the `js` module's: "Illegal invocation")
    response = await window.fetch(site_url("app/glue-extra.bundle"))
    if not response.ok:
        raise OSError("app/glue-extra.bundle: HTTP " + str(response.status))
    bundle = gzip.decompress(bytes(js.Uint8Array.new(await response.arrayBuffer())))
    start = bundle.index(b"\n") + 1
    for entry in bundle[:start].split():
        name, size = entry.decode().split(":")
        if "/" in name and name.split("/")[0] not in os.listdir("glue"):
            os.mkdir("glue/" + name.split("/")[0])
        with open("glue/" + name, "wb") as module:
            module.write(bundle[start : start + int(size)])
        start += int(size)
    _extra_glue.append(True)


def expose_test_hooks(
    send: "Callable[[Any], Any]", status: "Callable[[], str]", fault: "Callable[[], None]"
) -> None:
    """``window.virusGames`` for the e2e tests and the benchmarks (see
    :func:`test_hooks_wanted`): ``send(request)`` resolves with what the coroutine function
    ``send`` answers to the request (both JSON data), ``status()`` gives ``status()``'s text
    and ``fault()`` calls ``fault`` as an event handler would (its error reported)."""

    async def relay(request: "Any") -> "Any":
        return plain_js(await send(from_js(request)))

    hook = js.Object.new()
    hook.send = create_proxy(relay)
    hook.status = create_proxy(status)
    hook.fault = create_proxy(guarded(fault, "test fault"))
    window.virusGames = hook
