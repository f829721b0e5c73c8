"""Life inside a blog's iframe: the widget's settings from its URL (``embed_settings``, pure, in
glue.embed_settings) and its height sent to the page around it (app/embed-loader.js sizes the
iframe from it). Messages go to the parent's origin only, and the only message taken in
("virus-games:ping") must come from the parent window and that same origin."""

from glue import dom
from glue.embed_settings import embed_settings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["embed_settings", "parent_origin", "report_size"]


def url_origin(candidate: "Any") -> "str | None":
    """The origin of a URL, or None (not a URL, or an opaque origin)."""
    if not candidate or not dom.can_parse_url(str(candidate)):
        return None  # not a URL
    origin = str(dom.js.URL.new(str(candidate)).origin)
    return None if origin == "null" else origin


def parent_origin(hint: "str | None" = None) -> "str | None":
    """The origin of the page that frames this one, or None (not framed, or unknown). ``hint``:
    the origin the poster passed on (``?parent=``): the game page cannot read it from its
    referrer, which is the poster."""
    window = dom.window
    if dom.same(window.parent, window):
        return None
    ancestors = getattr(window.location, "ancestorOrigins", None)  # Chromium, Safari
    if ancestors is not None and ancestors.length:
        first = str(ancestors.item(0))
        return None if first == "null" else first
    for candidate in (hint, dom.document.referrer):
        origin = url_origin(candidate)
        if origin is not None:
            return origin
    return None


class SizeReporter:
    """Sends the document's height to the framing page now and whenever it changes."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.last = 0

    def send(self, force: bool = False) -> None:
        rectangle = dom.document.documentElement.getBoundingClientRect()
        height = int(-(-float(rectangle.height) // 1))  # Math.ceil
        if not force and height == self.last:
            return
        self.last = height
        message = dom.plain_js({"type": "virus-games:size", "height": height})
        dom.window.parent.postMessage(message, self.origin)

    def resized(self, *_: "Any") -> None:
        self.send()

    def on_message(self, event: "Any") -> None:
        if str(event.origin) != self.origin or not dom.same(event.source, dom.window.parent):
            return
        message = event.data
        if message is not None and getattr(message, "type", None) == "virus-games:ping":
            self.send(True)


def report_size(hint: "str | None" = None) -> None:
    origin = parent_origin(hint)
    if origin is None:
        return
    reporter = SizeReporter(origin)
    observer = dom.js.ResizeObserver.new(dom.proxy(dom.guarded(reporter.resized, "resize")))
    observer.observe(dom.document.documentElement)
    dom.on(dom.window, "message", reporter.on_message)
    reporter.send(True)
