"""The game page's notice that the game is not being saved because the browser's storage is
full (glue.saved never removes an unfinished game to make room). It appears when a save fails,
with the ways out: the record as a file (the game is kept that way) and the home page's list in
a new tab (old games can be deleted there, and the next move is saved again). It goes away once
a save succeeds, and for good with its close button.

Made by glue.game with: ``StorageNotice(records: Records, focus_board: Callable[[], None])``;
its ``changed`` is glue.saved's ``on_full``."""

from glue import dom

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from glue.records import Records


class StorageNotice:
    def __init__(self, records: "Records", focus_board: "Callable[[], None]") -> None:
        self.records = records
        self.focus_board = focus_board
        self.bound = False
        self.dismissed = False

    def changed(self, full: bool) -> None:
        """glue.saved's news: the game is (not) being saved."""
        body = dom.element("storage-full-body")
        if body is None:
            return
        if full and not self.dismissed:
            self.bind()
        # shown inside a polite live region: screen readers read it once, when it appears
        body.show(full and not self.dismissed)

    def bind(self) -> None:
        if self.bound:
            return
        self.bound = True
        dom.node("storage-full-download").on("click", self.download)
        dom.node("storage-full-close").on("click", self.close)

    def download(self, event: "dom.Event") -> None:
        self.records.save_record_file()

    def close(self, event: "dom.Event") -> None:
        self.dismissed = True
        dom.node("storage-full-body").show(False)
        self.focus_board()
