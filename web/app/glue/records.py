"""Records in and out of a game page: the record as a ``.txt`` file, a file or pasted text
loaded back (errors name the line), the position as an SVG file, share links and the blog
snippet (``glue.share`` encodes the record into the link's fragment).

Made by glue.game with: ``Records(state: PageState, request: Callable[[dict[str, Any]],
Awaitable[dict[str, Any]]], send: Send,
show_message: Callable[[Message, str], None], focus_board: Callable[[], None])``: ``request``
is the engine's own (glue.engine's EngineClient.request: the diagram, not taken in), ``send``
the page's request that takes in its reply, ``show_message(message, level)`` puts up and says
a message."""

from glue import dom
from glue.score_table import iso_date

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from glue.page_state import PageState, Send
    from pyengine.protocol import Message

RECORD_FILE_LIMIT = 1_000_000  # bytes: no game record comes near it


async def settle(value: "Any") -> "Any":
    """``value``, awaited first if it is a coroutine (the codec may need the browser)."""
    if value is not None and hasattr(value, "send"):
        return await value
    return value


class Records:
    def __init__(
        self,
        state: "PageState",
        request: "Send",
        send: "Send",
        show_message: "Callable[[Message, str], None]",
        focus_board: "Callable[[], None]",
    ) -> None:
        self.state = state
        self.request = request
        self.send = send
        self.show_message = show_message
        self.focus_board = focus_board

    def record(self) -> "str | None":
        view = self.state.view
        return view.get("record") if view is not None else None

    async def copy_share_link(self) -> None:
        record = self.record()
        if not record:
            return
        from glue.share import share_link  # only when a link is made

        view = self.state.view
        seats = None if view is None else view.get("seats")
        link = await settle(share_link(dom.page_address("href"), record, seats))
        await self.offer_text(link, "share")

    async def copy_embed_code(self) -> None:
        """The blog snippet (docs/embed.html) that replays this game."""
        record = self.record()
        if not record:
            return
        from glue.share import encode_record  # only when a snippet is made

        loader = dom.site_url("app/embed-loader.js")
        data = await settle(encode_record(record))
        snippet = (
            '<script src="' + loader + '" data-game="' + self.state.game + '" data-mode="replay"'
            ' data-record="' + data + '" async></script>'
        )
        await self.offer_text(snippet, "embed")

    def full_site_link(self, record: str) -> None:
        """The embed's "open on the full site" link: this game on the game's own page."""
        state = self.state
        seats = None if state.replay or state.view is None else state.view.get("seats")

        async def make() -> None:
            from glue.share import share_link  # embedded pages only

            link = await settle(share_link(dom.site_url(state.game + ".html"), record, seats))
            dom.node("open-full").set_attr("href", link)

        dom.spawn(make(), "full site link")

    async def offer_text(self, text: str, kind: str) -> None:
        """Shows ``text`` in the record panel's field and copies it (kind "share" or
        "embed"); where the clipboard is refused the text is selected in its field instead."""
        field = dom.node("share-link")
        field.set_value(text)
        field.show()
        copied = False
        try:
            await dom.copy_text(text)
            copied = True
        except Exception:
            copied = False  # no clipboard (permissions, an iframe)
        field.select_all()
        prefix = "share.embed" if kind == "embed" else "share"
        self.show_message(
            {"key": prefix + (".copied" if copied else ".select"), "params": {}}, "info"
        )

    def save_record_file(self) -> None:
        state = self.state
        record = self.record()
        if not record:
            return
        date = iso_date(dom.now_ms())[:10]
        ply = None if state.view is None else state.view.get("ply_count")
        name = state.game + "-" + date + "-" + str(ply) + ".txt"
        dom.save_file(record, "text/plain;charset=utf-8", name)

    async def import_file(self, event: "dom.Event") -> None:
        field = event.target
        if field is None:
            return
        chosen = field.chosen_file()
        field.set_value("")  # the same file can be chosen again
        if chosen is None:
            return
        name = chosen.name
        if chosen.size > RECORD_FILE_LIMIT:
            self.show_message({"key": "record.file-too-large", "params": {"name": name}}, "error")
            return
        # Read with replacement characters, not a fatal TextDecoder: a JavaScript exception
        # thrown inside a call from MicroPython cannot be caught. Records are plain text, so a
        # replacement character means the file was not UTF-8 text.
        try:
            text = await chosen.text()
        except Exception:
            text = "\ufffd"
        if "\ufffd" in text:
            self.show_message({"key": "record.file-not-text", "params": {"name": name}}, "error")
            return
        reply = await self.send({"op": "load", "game": self.state.game, "record": text})
        if reply.get("ok"):
            self.focus_board()

    async def load_typed(self) -> None:
        text = dom.node("record-text").value()
        reply = await self.send({"op": "load", "game": self.state.game, "record": text})
        if reply.get("ok"):
            self.focus_board()

    async def download_diagram(self) -> None:
        if self.state.view is None:
            return
        reply = await self.request({"op": "diagram"})
        if not reply.get("ok"):
            return
        name = self.state.game + "-" + str(reply.get("ply_count")) + ".svg"
        dom.save_file(reply["svg"], "image/svg+xml", name)
