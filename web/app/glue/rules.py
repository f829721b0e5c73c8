"""A rules page (rules-<game>.html): translations, and the "try it" boards (``glue.tryboard``),
whose data the engine computed at build time (web/tools/rules_pages.py) and which sits in the
page as JSON."""

from glue import dom, i18n, pwa
from glue.tryboard import TryBoard

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


async def run() -> None:
    pwa.start()  # waits for the load event by itself
    language = await i18n.start()
    boards = [TryBoard(language, root) for root in dom.find_all(".tryit[data-tryit]")]

    def redraw(*_: "Any") -> None:
        for board in boards:
            board.draw()

    language.on_change(redraw)
    dom.body().set_data("glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "rules page")
