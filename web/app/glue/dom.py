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


def report(error: BaseException, where: str) -> None:
    """An error in the glue: a console warning with what failed, and the page's reporters."""
    text = where + ": " + type(error).__name__ + ": " + str(error)
    try:
        js.console.warn("glue error in " + text)
        for reporter in _reporters:
            reporter(text)
    except Exception:
        pass  # reporting must never fail in turn


def guarded(handler: "Callable[..., Any]", where: str) -> "Callable[..., Any]":
    """``handler`` with every exception reported instead of raised (coroutines too)."""

    async def finish(awaitable: "Any") -> None:
        try:
            await awaitable
        except Exception as error:
            report(error, where)

    def call(*args: "Any") -> None:
        try:
            result = handler(*args)
            if result is not None and hasattr(result, "send"):  # a coroutine: run it
                # MicroPython's scheduler keeps the task alive until it is done
                asyncio.create_task(finish(result))  # noqa: RUF006
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
    """Runs a page's ``main`` coroutine; an error in it is reported, never raised."""
    guarded(main, where)()


def js_object(value: "Any") -> "Any":
    """A Python dict or list as a JavaScript object or array."""
    return to_js(value)


def storage(kind: str = "localStorage") -> "Any":
    """``localStorage`` (or ``sessionStorage``), or None where the browser refuses it (a blog's
    cross-site iframe, some private modes)."""
    try:
        store = getattr(window, kind)
        store.getItem("virus-games.probe")  # throws where storage is refused
        return store
    except Exception:
        return None


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
    return str(formatter.format(js.Date.new(epoch_ms)))


async def fetch_json(url: str) -> "Any":
    """The JSON document at ``url`` (relative to the page) as Python data."""
    response = await window.fetch(url)
    if not response.ok:
        raise OSError(url + ": HTTP " + str(response.status))
    return json.loads(await response.text())


def mark(name: str) -> None:
    """A performance mark (read by the benchmarks)."""
    window.performance.mark(name)
