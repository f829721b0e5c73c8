"""A rules page (rules-<game>.html): translations, and the "try it" boards. Each board's data
was computed by the engine at build time (web/tools/rules_pages.py) and sits in the page as
JSON; ``glue.tryit`` decides what clicks and keys mean, this module draws it: the board's SVG
and cell classes, the buttons, the feedback, the keyboard cursor and the announcements."""

import json

from glue import dom, i18n, pwa
from glue.tryit import MOVES, Step, TryIt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Board:
    def __init__(self, language: "i18n.PageLanguage", root: "Any") -> None:
        self.language = language
        self.root = root
        script = dom.by_id(dom.data(root, "tryit") or "")
        self.tryit = TryIt(json.loads(str(script.textContent)))
        self.board = dom.query(".tryit-board", root)
        self.buttons = dom.query(".tryit-buttons", root)
        self.feedback = dom.query(".tryit-feedback", root)
        self.announcer = dom.query(".tryit-announce", root)
        self.start_svg = self.board.innerHTML
        self.cells: dict[str, Any] = {}  # the board's cells by name (the first of each)
        self.order: list[str] = []  # their names in page order
        self.shown: list[tuple[Any, Any]] = []  # the buttons shown, with what they do
        dom.on(self.board, "click", self.on_click)
        dom.on(self.board, "keydown", self.on_key)
        dom.on(self.board, "focus", self.on_focus)
        dom.on(self.board, "blur", self.on_blur)
        dom.on(self.buttons, "click", self.on_button)
        dom.on(dom.query(".tryit-reset", root), "click", self.on_reset)
        self.tryit.reset()
        self.draw()

    def text(self, value: "Any") -> str:
        """A translation request's text (a token without a label stays as it is)."""
        return self.language.message(value) if isinstance(value, dict) else str(value)

    # -- events ----------------------------------------------------------------------------

    def on_click(self, event: "Any") -> None:
        cell = event.target.closest("[data-cell]")
        if cell is None:
            return
        token = dom.data(cell, "cell") or ""
        self.tryit.cursor = token
        self.after(self.tryit.click(token))

    def on_button(self, event: "Any") -> None:
        target = event.target.closest("button")
        if target is None:
            return
        for element, button in self.shown:
            if element.isSameNode(target):
                if button.action is None:
                    self.after(self.tryit.click(button.token))
                else:
                    self.after(self.tryit.play(button.action))
                return

    def on_key(self, event: "Any") -> None:
        key = str(event.key)
        if key in MOVES:
            event.preventDefault()
            dx, dy = MOVES[key]
            self.tryit.move_cursor(dx, dy, self.centres)
            self.show_cursor(True)
        elif key in ("Enter", " "):
            event.preventDefault()
            if not self.tryit.cursor:
                self.show_cursor(True)
            else:
                self.after(self.tryit.click(self.tryit.cursor))
        elif key == "Escape":
            event.preventDefault()
            self.after(self.tryit.cancel())

    def on_focus(self, event: "Any") -> None:
        self.show_cursor(False)

    def on_blur(self, event: "Any") -> None:
        self.hide_cursor()

    def on_reset(self, event: "Any") -> None:
        self.tryit.reset()
        self.draw()
        self.board.focus()

    def after(self, step: Step) -> None:
        if step.redraw:
            self.draw()
        else:
            self.render_feedback()
        if step.announce is not None:
            self.announce(self.text(step.announce))

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, *_: "Any") -> None:
        tryit = self.tryit
        svg = tryit.svg()
        self.board.innerHTML = self.start_svg if svg is None else svg  # the engine's own SVG
        self.root.classList.toggle("solved", tryit.done)
        targets = tryit.targets()
        self.cells = {}
        self.order = []
        for element in dom.query_all("[data-cell]", self.board):
            cell = dom.data(element, "cell") or ""
            if cell not in self.cells:
                self.cells[cell] = element
                self.order.append(cell)
            element.classList.toggle("tryit-target", cell in targets)
            element.classList.toggle("tryit-selected", cell in tryit.selection)
            element.setAttribute("aria-label", self.text(tryit.aria_label(cell, targets)))
        self.draw_buttons(targets)
        self.render_feedback()
        if self.board.isSameNode(dom.document.activeElement):
            self.show_cursor(False)

    def draw_buttons(self, targets: "list[str]") -> None:
        """Clicks that are not cells (a die, a piece to write) and actions made without a cell
        (a pass, "erase nothing") are buttons."""
        self.shown = []
        for button in self.tryit.buttons(targets, self.on_board):
            element = dom.create("button", "", self.text(button.label))
            element.type = "button"
            element.setAttribute("data-token", button.token)
            if button.pressed:
                element.setAttribute("aria-pressed", "true")
            self.shown.append((element, button))
        dom.replace_children(self.buttons, [element for element, _ in self.shown])
        self.buttons.hidden = not self.shown

    def on_board(self, token: str) -> bool:
        return token in self.cells

    def render_feedback(self) -> None:
        feedback = self.tryit.feedback
        if feedback is None:
            self.feedback.textContent = ""
            self.feedback.setAttribute("data-level", "")
        else:
            self.feedback.textContent = self.language.t(feedback["key"], feedback.get("params"))
            self.feedback.setAttribute("data-level", feedback["level"])

    # -- the keyboard cursor ---------------------------------------------------------------

    def centres(self) -> "list[tuple[str, float, float]]":
        spots = []
        for element in dom.query_all("[data-cell]", self.board):
            box = element.getBoundingClientRect()
            x = float(box.left) + float(box.width) / 2
            y = float(box.top) + float(box.height) / 2
            spots.append((dom.data(element, "cell") or "", x, y))
        return spots

    def show_cursor(self, announce: bool) -> None:
        cursor = self.tryit.place_cursor(self.order)
        self.hide_cursor()
        cell = self.cells.get(cursor) if cursor else None
        if cell is None:
            return
        cell.classList.add("tryit-cursor")
        if announce:
            self.announce(str(cell.getAttribute("aria-label") or cursor))

    def hide_cursor(self) -> None:
        for element in dom.query_all(".tryit-cursor", self.board):
            element.classList.remove("tryit-cursor")

    def announce(self, text: str) -> None:
        self.announcer.textContent = text


async def run() -> None:
    pwa.start()  # waits for the load event by itself
    language = await i18n.start()
    boards = [Board(language, root) for root in dom.query_all(".tryit[data-tryit]")]

    def redraw(*_: "Any") -> None:
        for board in boards:
            board.draw()

    language.on_change(redraw)
    dom.document.body.setAttribute("data-glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "rules page")
