"""A rules page (rules-<game>.html): translations, and the "try it" boards. Each board's data
was computed by the engine at build time (web/tools/rules_pages.py) and sits in the page as
JSON; ``glue.tryit`` decides what clicks and keys mean, this module draws it: the board's SVG
and cell classes, the buttons, the feedback, the keyboard cursor and the announcements."""

import json

from glue import dom, i18n, pwa
from glue.tryit import MOVES, Button, Step, TryIt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Board:
    def __init__(self, language: "i18n.PageLanguage", root: "dom.Element") -> None:
        self.language = language
        self.root = root
        script = dom.node(root.data("tryit") or "")
        self.tryit = TryIt(json.loads(script.text()))
        self.board = part(root, ".tryit-board")
        self.buttons = part(root, ".tryit-buttons")
        self.feedback = part(root, ".tryit-feedback")
        self.announcer = part(root, ".tryit-announce")
        self.start_svg = self.board.content_markup()
        self.cells: dict[str, dom.Element] = {}  # the board's cells by name (the first of each)
        self.order: list[str] = []  # their names in page order
        self.shown: list[tuple[dom.Element, Button]] = []  # the buttons shown, what they do
        self.board.on("click", self.on_click)
        self.board.on("keydown", self.on_key)
        self.board.on("focus", self.on_focus)
        self.board.on("blur", self.on_blur)
        self.buttons.on("click", self.on_button)
        part(root, ".tryit-reset").on("click", self.on_reset)
        self.tryit.reset()
        self.draw()

    def text(self, value: "Any") -> str:
        """A translation request's text (a token without a label stays as it is)."""
        return self.language.message(value) if isinstance(value, dict) else str(value)

    # -- events ----------------------------------------------------------------------------

    def on_click(self, event: "dom.Event") -> None:
        cell = event.target.closest("[data-cell]") if event.target is not None else None
        if cell is None:
            return
        token = cell.data("cell") or ""
        self.tryit.cursor = token
        self.after(self.tryit.click(token))

    def on_button(self, event: "dom.Event") -> None:
        target = event.target.closest("button") if event.target is not None else None
        if target is None:
            return
        for element, button in self.shown:
            if element.same(target):
                if button.action is None:
                    self.after(self.tryit.click(button.token))
                else:
                    self.after(self.tryit.play(button.action))
                return

    def on_key(self, event: "dom.Event") -> None:
        key = event.key
        if key in MOVES:
            event.prevent()
            dx, dy = MOVES[key]
            self.tryit.move_cursor(dx, dy, self.centres)
            self.show_cursor(True)
        elif key in ("Enter", " "):
            event.prevent()
            if not self.tryit.cursor:
                self.show_cursor(True)
            else:
                self.after(self.tryit.click(self.tryit.cursor))
        elif key == "Escape":
            event.prevent()
            self.after(self.tryit.cancel())

    def on_focus(self, event: "dom.Event") -> None:
        self.show_cursor(False)

    def on_blur(self, event: "dom.Event") -> None:
        self.hide_cursor()

    def on_reset(self, event: "dom.Event") -> None:
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
        self.board.set_markup(self.start_svg if svg is None else svg)  # the engine's own SVG
        self.root.set_class("solved", tryit.done)
        targets = tryit.targets()
        self.cells = {}
        self.order = []
        for element in self.board.find_all("[data-cell]"):
            cell = element.data("cell") or ""
            if cell not in self.cells:
                self.cells[cell] = element
                self.order.append(cell)
            element.set_class("tryit-target", cell in targets)
            element.set_class("tryit-selected", cell in tryit.selection)
            element.set_attr("aria-label", self.text(tryit.aria_label(cell, targets)))
        self.draw_buttons(targets)
        self.render_feedback()
        if self.board.has_focus():
            self.show_cursor(False)

    def draw_buttons(self, targets: "list[str]") -> None:
        """Clicks that are not cells (a die, a piece to write) and actions made without a cell
        (a pass, "erase nothing") are buttons."""
        self.shown = []
        for button in self.tryit.buttons(targets, self.on_board):
            element = dom.make("button", "", self.text(button.label))
            element.set_attr("type", "button")
            element.set_data("token", button.token)
            if button.pressed:
                element.set_attr("aria-pressed", "true")
            self.shown.append((element, button))
        self.buttons.replace_children([element for element, _ in self.shown])
        self.buttons.show(bool(self.shown))

    def on_board(self, token: str) -> bool:
        return token in self.cells

    def render_feedback(self) -> None:
        feedback = self.tryit.feedback
        if feedback is None:
            self.feedback.set_text("")
            self.feedback.set_data("level", "")
        else:
            self.feedback.set_text(self.language.t(feedback["key"], feedback.get("params")))
            self.feedback.set_data("level", feedback["level"])

    # -- the keyboard cursor ---------------------------------------------------------------

    def centres(self) -> "list[tuple[str, float, float]]":
        spots = []
        for element in self.board.find_all("[data-cell]"):
            left, top, width, height = element.rect()
            spots.append((element.data("cell") or "", left + width / 2, top + height / 2))
        return spots

    def show_cursor(self, announce: bool) -> None:
        cursor = self.tryit.place_cursor(self.order)
        self.hide_cursor()
        cell = self.cells.get(cursor) if cursor else None
        if cell is None:
            return
        cell.set_class("tryit-cursor", True)
        if announce:
            self.announce(str(cell.attr("aria-label") or cursor))

    def hide_cursor(self) -> None:
        for element in self.board.find_all(".tryit-cursor"):
            element.set_class("tryit-cursor", False)

    def announce(self, text: str) -> None:
        self.announcer.set_text(text)


def part(root: "dom.Element", selector: str) -> "dom.Element":
    """The part of a try-it block that its markup always has (web/tools/rules_pages.py)."""
    found = root.find(selector)
    if found is None:
        raise LookupError("a try-it block has no " + selector)
    return found


async def run() -> None:
    pwa.start()  # waits for the load event by itself
    language = await i18n.start()
    boards = [Board(language, root) for root in dom.find_all(".tryit[data-tryit]")]

    def redraw(*_: "Any") -> None:
        for board in boards:
            board.draw()

    language.on_change(redraw)
    dom.body().set_data("glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "rules page")
