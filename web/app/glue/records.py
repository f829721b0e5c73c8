"""Records in and out of a game page: the record as a ``.txt`` file, a file or pasted text
loaded back (errors name the line), the position as an SVG file, share links and the blog
snippet (``glue.share`` encodes the record into the link's fragment)."""

from glue import dom
from glue.score_table import iso_date

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.game import GamePage

RECORD_FILE_LIMIT = 1_000_000  # bytes: no game record comes near it


async def settle(value: "Any") -> "Any":
    """``value``, awaited first if it is a coroutine (the codec may need the browser)."""
    if value is not None and hasattr(value, "send"):
        return await value
    return value


class Records:
    def __init__(self, page: "GamePage") -> None:
        self.page = page

    def record(self) -> "str | None":
        view = self.page.view
        return view.get("record") if view is not None else None

    async def copy_share_link(self) -> None:
        record = self.record()
        if not record:
            return
        from glue.share import share_link  # only when a link is made

        view = self.page.view
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
            '<script src="' + loader + '" data-game="' + self.page.game + '" data-mode="replay"'
            ' data-record="' + data + '" async></script>'
        )
        await self.offer_text(snippet, "embed")

    def full_site_link(self, record: str) -> None:
        """The embed's "open on the full site" link: this game on the game's own page."""
        page = self.page
        seats = None if page.replay or page.view is None else page.view.get("seats")

        async def make() -> None:
            from glue.share import share_link  # embedded pages only

            link = await settle(share_link(dom.site_url(page.game + ".html"), record, seats))
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
        self.page.show_message({"key": prefix + (".copied" if copied else ".select"), "params": {}})

    def save_record_file(self) -> None:
        page = self.page
        record = self.record()
        if not record:
            return
        date = iso_date(dom.now_ms())[:10]
        ply = None if page.view is None else page.view.get("ply_count")
        name = page.game + "-" + date + "-" + str(ply) + ".txt"
        dom.save_file(record, "text/plain;charset=utf-8", name)

    async def import_file(self, event: "dom.Event") -> None:
        page = self.page
        field = event.target
        if field is None:
            return
        chosen = field.chosen_file()
        field.set_value("")  # the same file can be chosen again
        if chosen is None:
            return
        name = chosen.name
        if chosen.size > RECORD_FILE_LIMIT:
            page.show_message({"key": "record.file-too-large", "params": {"name": name}}, "error")
            return
        # Read with replacement characters, not a fatal TextDecoder: a JavaScript exception
        # thrown inside a call from MicroPython cannot be caught. Records are plain text, so a
        # replacement character means the file was not UTF-8 text.
        try:
            text = await chosen.text()
        except Exception:
            text = "\ufffd"
        if "\ufffd" in text:
            page.show_message({"key": "record.file-not-text", "params": {"name": name}}, "error")
            return
        reply = await page.send({"op": "load", "game": page.game, "record": text})
        if reply.get("ok"):
            page.board.focus()

    async def load_typed(self) -> None:
        page = self.page
        text = dom.node("record-text").value()
        reply = await page.send({"op": "load", "game": page.game, "record": text})
        if reply.get("ok"):
            page.board.focus()

    async def download_diagram(self) -> None:
        page = self.page
        if page.view is None:
            return
        reply = await page.engine.request({"op": "diagram"})
        if not reply.get("ok"):
            return
        name = page.game + "-" + str(reply.get("ply_count")) + ".svg"
        dom.save_file(reply["svg"], "image/svg+xml", name)
