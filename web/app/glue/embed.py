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
    origin = dom.url_origin(str(candidate))
    return None if origin == "null" else origin


def parent_origin(hint: "str | None" = None) -> "str | None":
    """The origin of the page that frames this one, or None (not framed, or unknown). ``hint``:
    the origin the poster passed on (``?parent=``): the game page cannot read it from its
    referrer, which is the poster."""
    if not dom.is_framed():
        return None
    first = dom.ancestor_origin()  # Chromium, Safari
    if first is not None:
        return None if first == "null" else first
    for candidate in (hint, dom.referrer()):
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
        height = int(-(-dom.root().rect()[3] // 1))  # Math.ceil
        if not force and height == self.last:
            return
        self.last = height
        dom.post_to_parent({"type": "virus-games:size", "height": height}, self.origin)

    def resized(self) -> None:
        self.send()

    def on_message(self, event: "dom.Event") -> None:
        if event.origin != self.origin or not event.from_parent:
            return
        if event.message_type == "virus-games:ping":
            self.send(True)


def report_size(hint: "str | None" = None) -> None:
    origin = parent_origin(hint)
    if origin is None:
        return
    reporter = SizeReporter(origin)
    dom.on_resize(dom.root(), reporter.resized)
    dom.on_window("message", reporter.on_message)
    reporter.send(True)
