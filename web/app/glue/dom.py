"""The thin layer between the glue and the browser: the only module that imports ``pyscript``
and ``js``. Everything else asks it for elements, storage, time, events and fetches.

Handlers bound with :func:`on` never let an exception escape into the browser: an error in the
glue is reported through :func:`report` (a message on the page, a warning in the console), and
the page stays usable.
"""

import asyncio
import json
import time

import js
from pyscript import document
from pyscript.ffi import create_proxy, to_js

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


def by_id(element_id: str) -> "Any":
    """The element with this id, or None."""
    return document.getElementById(element_id)


def query(selector: str, root: "Any" = None) -> "Any":
    return (root or document).querySelector(selector)


def query_all(selector: str, root: "Any" = None) -> "list[Any]":
    nodes = (root or document).querySelectorAll(selector)
    return [nodes.item(index) for index in range(nodes.length)]


def create(tag: str, class_name: str = "", text: "str | None" = None) -> "Any":
    element = document.createElement(tag)
    if class_name:
        element.className = class_name
    if text is not None:
        element.textContent = text
    return element


def replace_children(parent: "Any", children: "list[Any]") -> None:
    parent.replaceChildren(*children)


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


def on(target: "Any", event: str, handler: "Callable[..., Any]", capture: bool = False) -> "Any":
    """Binds ``handler`` (a function or a coroutine function of the event) to ``event`` on
    ``target``; returns the JavaScript listener (kept alive for the page's lifetime)."""
    listener = create_proxy(guarded(handler, event + " handler"))
    target.addEventListener(event, listener, capture)
    return listener


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


class StorageRefused(OSError):
    """A write the browser's storage refused (``QuotaExceededError``: the storage is full)."""


class SafeStorage:
    """The browser's ``localStorage`` or ``sessionStorage`` with a ``setItem`` that raises a
    Python error, never a JavaScript exception: one thrown inside a call from MicroPython
    escapes every ``except``, so a full storage would stop the page. Writes go through
    app/storage-guard.js's ``virusGamesStorage.set``, which catches it."""

    def __init__(self, store: "Any") -> None:
        self.store = store

    def getItem(self, key: str) -> "str | None":
        value = self.store.getItem(key)
        return None if value is None else str(value)

    def setItem(self, key: str, value: str) -> None:
        guard = getattr(window, "virusGamesStorage", None)
        if guard is None:
            raise StorageRefused("no storage guard")  # app/storage-guard.js did not run
        problem = str(guard.set(self.store, key, value))
        if problem:
            raise StorageRefused(problem)

    def removeItem(self, key: str) -> None:
        self.store.removeItem(key)

    @property
    def length(self) -> int:
        return int(self.store.length)

    def key(self, index: int) -> "str | None":
        value = self.store.key(index)
        return None if value is None else str(value)


def storage(kind: str = "localStorage") -> "Any":
    """``localStorage`` (or ``sessionStorage``) as a :class:`SafeStorage`, or None where the
    browser refuses it (a blog's cross-site iframe, some private modes)."""
    if kind in _access:
        store = _access[kind]
        return None if store is None else SafeStorage(store)
    try:
        store = getattr(window, kind)
        store.getItem("virus-games.probe")  # throws where storage is refused
        return SafeStorage(store)
    except Exception:
        return None


def test_hooks_wanted() -> bool:
    """Whether the page was opened by a test that asked for ``window.virusGames`` (the e2e
    tests and the benchmarks set ``window.virusGamesTestHooks = true`` in an init script,
    before any of the page's scripts run); never on a visitor's page."""
    return getattr(window, "virusGamesTestHooks", None) is True


def data(element: "Any", name: str) -> "str | None":
    """``element``'s ``data-<name>`` attribute, or None. (MicroPython's proxies raise
    AttributeError for a missing ``dataset`` entry instead of giving ``undefined``.)"""
    value = element.getAttribute("data-" + name)
    return None if value is None else str(value)


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


def active_element() -> "Any":
    return document.activeElement


def is_active(element: "Any") -> bool:
    """Whether ``element`` has the keyboard focus."""
    return same(document.activeElement, element)


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


def svg_element(name: str, attributes: "dict[str, Any]") -> "Any":
    """An SVG element with attributes (the site's CSP allows no inline styles; attributes are
    fine)."""
    element = document.createElementNS("http://www.w3.org/2000/svg", name)
    for key in attributes:
        element.setAttribute(key, str(attributes[key]))
    return element


def set_data(element: "Any", name: str, value: "Any") -> None:
    """Sets ``data-<name>`` (None removes it)."""
    if value is None:
        element.removeAttribute("data-" + name)
    else:
        element.setAttribute("data-" + name, str(value))


def set_tint(element: "Any", seat: "Any") -> None:
    """A seat's colour beyond the ones named per seat: Fight the Virus cycles six colours over
    up to 20 seats (site.css reads data-tint)."""
    set_data(element, "tint", seat % 6 if isinstance(seat, int) and seat is not True else None)


def setting(key: str) -> "str | None":
    """A setting kept in this browser; None where storage is not allowed (an embedded page)."""
    store = storage()
    if store is None:
        return None
    try:
        value = store.getItem(key)
    except Exception:
        return None
    return None if value is None else str(value)


def keep_setting(key: str, value: str) -> None:
    store = storage()
    if store is None:
        return
    try:
        store.setItem(key, value)
    except Exception:
        pass  # not kept: the setting lasts for this page only


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
    root = (data(script, "root") or "") if script is not None else ""
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


# What probe_access found: "localStorage", "sessionStorage", "serviceWorker" -> the object, or
# None where the browser refuses it.
_access: "dict[str, Any]" = {}


async def read_refusable(target: "Any", prototype: "Any", name: str) -> "Any":
    """``target[name]`` for a property whose getter may throw (a SecurityError where access is
    refused), or None. A JavaScript exception thrown in a call from MicroPython escapes the
    interpreter (no ``except`` sees it); a promise's rejection is an ordinary exception, so the
    getter runs as a promise's callback."""
    try:
        owners = [holder for holder in (target, prototype) if holder is not None]
        # (hasOwnProperty: a missing descriptor arrives as JavaScript's undefined, not None)
        has_own = js.Object.prototype.hasOwnProperty
        owners = [holder for holder in owners if has_own.call(holder, name)]
        if not owners:
            return None  # not in this browser (service workers outside secure contexts)
        descriptor = js.Reflect.getOwnPropertyDescriptor(owners[0], name)
        getter = getattr(descriptor, "get", None)
        if getter is None:
            return getattr(descriptor, "value", None)
        return await js.Promise.resolve().then(getter.bind(target))
    except Exception:
        return None


async def probe_access() -> None:
    """Finds, once, which storages and whether service workers the browser lets this page use,
    so that :func:`storage` and :func:`service_workers` never touch a refused one."""
    if _access:
        return
    for kind in ("localStorage", "sessionStorage"):
        store = await read_refusable(window, getattr(js, "Window", None), kind)
        _access[kind] = store
    navigator = window.navigator
    prototype = getattr(js, "Navigator", None)
    prototype = prototype.prototype if prototype is not None else None
    _access["serviceWorker"] = await read_refusable(navigator, prototype, "serviceWorker")


def service_workers() -> "Any":
    """``navigator.serviceWorker``, or None where there is none or it is refused."""
    if "serviceWorker" in _access:
        return _access["serviceWorker"]
    return getattr(window.navigator, "serviceWorker", None)


def can_parse_url(text: str) -> bool:
    """Whether ``new URL(text)`` would work (it throws otherwise, see read_refusable)."""
    can_parse = getattr(js.URL, "canParse", None)
    return bool(can_parse(text)) if can_parse is not None else False


# The page's Web Audio context, made during the person's first gesture (browsers start one
# made earlier suspended, with a console warning).
_audio: "list[Any]" = []


def audio_ready() -> bool:
    """Whether sounds can play: a context was made during a gesture (see :func:`unlock_audio`)."""
    return bool(_audio) and _audio[0] is not None


def unlock_audio() -> None:
    """Makes the Web Audio context, in a click's or a key's handler (once)."""
    if _audio:
        return
    maker = getattr(window, "AudioContext", None)
    _audio.append(maker.new() if maker is not None else None)


def play_notes(notes: "list[tuple[float, float, float, str, float]]") -> None:
    """Short tones synthesised with Web Audio, no sound file: ``(frequency Hz, start s,
    duration s, wave, peak gain)`` each, shaped so that they neither click nor ring on."""
    context = _audio[0] if _audio else None
    if context is None:
        return
    if str(context.state) == "suspended":
        context.resume()
    now = float(context.currentTime) + 0.01
    for frequency, start, duration, wave, gain in notes:
        oscillator = context.createOscillator()
        oscillator.type = wave
        oscillator.frequency.value = frequency
        envelope = context.createGain()
        level = envelope.gain
        level.setValueAtTime(0.0001, now + start)
        level.exponentialRampToValueAtTime(gain, now + start + 0.012)
        level.exponentialRampToValueAtTime(0.0001, now + start + duration)
        oscillator.connect(envelope)
        envelope.connect(context.destination)
        oscillator.start(now + start)
        oscillator.stop(now + start + duration + 0.02)
