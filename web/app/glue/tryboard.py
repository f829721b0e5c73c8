"""A "try it" board on the page: the board's SVG (with motion from the last picture) and
cell classes, the dice, the buttons, the shape placer (``glue.placer``, drawing the try-it's
own ``ShapeChoice``), the feedback, the keyboard cursor, the announcements, hints, the
opponent's answers and "show the answer". ``glue.tryit`` decides what clicks and keys mean; the
data was computed by the engine at build time (web/tools/rules_pages.py ``tryit_data``). Used
by the rules pages' exercises, the lessons and the puzzle trainer."""

import json

from glue import dom, i18n
from glue.animator import Animator
from glue.tryit import MOVES, Button, Step, TryIt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

REPLY_PAUSE_MS = 700  # before the opponent's answer on the solution line
ANSWER_PAUSE_MS = 900  # between the actions of a shown answer


class TryBoard:
    """The board of a try-it block ``root`` (markup: web/tools/rules_pages.py
    ``tryit_block_html``), on ``data`` (the block's JSON script when None) starting from
    ``start_svg`` (the picture in the markup when None). ``on_step(step)`` runs after each step
    is drawn (a lesson marks its progress, the trainer judges the puzzle)."""

    def __init__(
        self,
        language: "i18n.PageLanguage",
        root: "dom.Element",
        data: "dict[str, Any] | None" = None,
        start_svg: "str | None" = None,
        game: "str | None" = None,
    ) -> None:
        self.language = language
        self.root = root
        if data is None:
            data = json.loads(dom.node(root.data("tryit") or "").text())
        self.tryit = TryIt(data)
        self.game = game or dom.body().data("game") or ""
        self.on_step: Callable[[Step], Any] | None = None
        self.epoch = 0  # a new position or a reset stops the replies and answers under way
        self.board = part(root, ".tryit-board")
        self.buttons = part(root, ".tryit-buttons")
        self.dice = root.find(".tryit-dice")  # a sheet's dice (clicks as on the game page)
        self.placer_section = root.find(".tryit-placer")
        self.placer: Any = None  # glue.placer.ShapePlacer, made for the first shape to place
        self.pointer = ""  # the pointer type of the last press on the board
        self.feedback = part(root, ".tryit-feedback")
        self.announcer = part(root, ".tryit-announce")
        self.start_svg = self.board.content_markup() if start_svg is None else start_svg
        # the picture on the board (motion starts from it; None: none to start from)
        self.shown_svg: str | None = self.start_svg
        self.animator = Animator(self.board)
        self.cells: dict[str, dom.Element] = {}  # the board's cells by name (the first of each)
        self.order: list[str] = []  # their names in page order
        self.shown: list[tuple[dom.Element, Button]] = []  # the buttons shown, what they do
        self.board.on("click", self.on_click)
        self.board.on("pointerdown", self.on_pointer_down)
        self.board.on("keydown", self.on_key)
        self.board.on("focus", self.on_focus)
        self.board.on("blur", self.on_blur)
        self.buttons.on("click", self.on_button)
        if self.dice is not None:
            self.dice.on("click", self.on_die)
        for name, handler in (
            ("reset", self.on_reset),
            ("hint", self.on_hint),
            ("answer", self.on_answer),
        ):
            button = root.find(".tryit-" + name)
            if button is not None:
                button.on("click", handler)
        self.tryit.reset()
        self.draw()

    def load(self, data: "dict[str, Any]", start_svg: str, game: "str | None" = None) -> None:
        """A new position on the same board (the next lesson step, the next puzzle)."""
        self.epoch += 1
        self.tryit = TryIt(data)
        if self.placer is not None:
            self.placer.use(self.tryit.shapes)
        if game:
            self.game = game
        self.start_svg = start_svg
        self.shown_svg = None
        self.announce("")  # nothing said of the last position carries over
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
        self.after(self.tryit.click(token, self.pointer == "touch"))

    def on_pointer_down(self, event: "dom.Event") -> None:
        self.pointer = event.pointer

    def on_die(self, event: "dom.Event") -> None:
        """A die of the dice picture: its click, as on the game page (when it is offered)."""
        die = event.target.closest("[data-click]") if event.target is not None else None
        token = die.data("click") if die is not None else None
        if token and token in self.tryit.targets():
            self.after(self.tryit.click(token))

    def on_button(self, event: "dom.Event") -> None:
        target = event.target.closest("button") if event.target is not None else None
        if target is None:
            return
        for element, button in self.shown:
            if element.same(target):
                # chosen from the keyboard (a click without a pointer): the focus follows
                focused = target.has_focus() and event.pointer == ""
                if button.action is None:
                    self.after(self.tryit.click(button.token))
                else:
                    self.after(self.tryit.play(button.action))
                if focused:
                    self.restore_focus(button.token)
                return

    def restore_focus(self, token: str) -> None:
        """After a button chosen from the keyboard is redrawn: the focus goes to the board
        while a shape is placed (its cursor on where the shape fits), else to the same choice
        if it is still offered, else to the first button, else to the board."""
        placing = self.placer_active()
        if not placing:
            for element, button in self.shown:
                if button.token == token:
                    element.focus()
                    return
            if self.shown:
                self.shown[0][0].focus()
                return
        self.board.focus()
        if placing:
            self.show_cursor(True)  # says the cell and what the shape would do there

    def placer_active(self) -> bool:
        return self.tryit.placement() is not None

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
        elif key.lower() in ("r", "f") and not event.modified and self.placer_active():
            event.prevent()
            self.after(self.tryit.turn_shape("rotate" if key.lower() == "r" else "flip"))

    def on_focus(self, event: "dom.Event") -> None:
        self.show_cursor(False)

    def on_blur(self, event: "dom.Event") -> None:
        self.hide_cursor()

    def on_reset(self, event: "dom.Event") -> None:
        self.reset()
        self.board.focus()

    def on_cancel(self) -> None:
        """The shape placer's Cancel button: the selection goes, as with Escape."""
        self.after(self.tryit.cancel())
        self.board.focus()

    def reset(self) -> None:
        self.epoch += 1
        self.tryit.reset()
        self.draw()
        self.report(Step("reset"))

    def on_hint(self, event: "dom.Event") -> None:
        self.after(self.tryit.hint())

    def on_answer(self, event: "dom.Event") -> None:
        """Plays the rest of the answer, one action at a time."""
        self.epoch += 1
        dom.spawn(self.play_answer(self.epoch), "showing the answer")

    async def play_answer(self, epoch: int) -> None:
        while epoch == self.epoch and self.tryit.right_action() is not None:
            self.after(self.tryit.answer(), reply=False)
            await dom.sleep_ms(ANSWER_PAUSE_MS)

    async def play_reply(self, epoch: int) -> None:
        await dom.sleep_ms(REPLY_PAUSE_MS)
        if epoch == self.epoch and self.tryit.pending_reply:
            self.after(self.tryit.reply())

    def after(self, step: Step, reply: bool = True) -> None:
        if step.redraw:
            self.draw(moving=step.kind in ("right", "reply", "answer"))
        else:
            self.render_feedback()
        if step.announce is not None:
            self.announce(self.text(step.announce))
        self.report(step)
        if reply and self.tryit.pending_reply:
            dom.spawn(self.play_reply(self.epoch), "the opponent's answer")

    def report(self, step: Step) -> None:
        if self.on_step is not None:
            self.on_step(step)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, moving: bool = False) -> None:
        tryit = self.tryit
        svg = tryit.svg()
        picture = self.start_svg if svg is None else svg
        before = self.shown_svg
        old_svg = self.board.find("svg")
        self.animator.finish()
        self.board.set_markup(picture)  # the engine's own SVG
        self.shown_svg = picture
        if moving and before is not None and before != picture:
            self.animator.animate(self.game, before, old_svg, picture)
        self.root.set_class("solved", tryit.done)
        self.root.set_class("replying", tryit.pending_reply)
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
            element.set_class("tryit-hint", cell in tryit.hinted)
            element.set_attr("aria-label", self.text(tryit.aria_label(cell, targets)))
        self.draw_dice()
        self.draw_buttons(targets)
        self.draw_placer()
        self.render_feedback()
        if self.board.has_focus():
            self.show_cursor(False)

    def draw_dice(self) -> None:
        """The dice beside a sheet, the die the selection names marked."""
        if self.dice is None:
            return
        picture = self.tryit.dice()
        self.dice.show(picture is not None)
        if picture is None:
            self.dice.set_markup("")
            return
        self.dice.set_markup(picture)  # the engine's own SVG
        offered = self.tryit.targets()
        marked = False  # a double's two dice make the same click: one is marked chosen
        for die in self.dice.find_all("[data-click]"):
            token = die.data("click") or ""
            die.set_class("offered", token in offered)
            chosen = not marked and token in self.tryit.selection
            die.set_class("selected", chosen)
            marked = marked or chosen

    def draw_buttons(self, targets: "list[str]") -> None:
        """Clicks that are not cells (a die, a piece to write) and actions made without a cell
        (a pass, "erase nothing") are buttons; the one a hint points at is marked."""
        self.shown = []
        for button in self.tryit.buttons(targets, self.on_board):
            element = dom.make("button", "", self.text(button.label))
            element.set_attr("type", "button")
            element.set_data("token", button.token)
            if button.pressed:
                element.set_attr("aria-pressed", "true")
            element.set_class("tryit-hint", button.token in self.tryit.hinted)
            self.shown.append((element, button))
        self.buttons.replace_children([element for element, _ in self.shown])
        self.buttons.show(bool(self.shown))

    def draw_placer(self) -> None:
        """The shape placer, while the next click places a shape (made the first time); a new
        placement puts the keyboard cursor where the shape first fits."""
        placement = self.tryit.placement()
        if self.placer is None:
            if placement is None or self.placer_section is None:
                return
            from glue.placer import ShapePlacer

            section = self.placer_section
            self.placer = ShapePlacer(
                self.language,
                self.board,
                lambda token: None,  # clicks on the sheet go through glue.tryit
                self.on_cancel,
                choice=self.tryit.shapes,
                parts=lambda name: part(section, ".placer-" + name) if name else section,
                say=self.announce,
            )
        if self.placer.update(placement):
            anchor = self.placer.suggested_anchor()
            if anchor is not None:
                self.tryit.cursor = anchor

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
        if self.placer is not None:
            self.placer.set_cursor(cursor)
        cell = self.cells.get(cursor) if cursor else None
        if cell is None:
            return
        cell.set_class("tryit-cursor", True)
        if announce:
            said = str(cell.attr("aria-label") or cursor)
            if self.placer is not None and self.placer.active and self.placer.hint:
                said += ". " + self.text(self.placer.hint["message"])
            self.announce(said)

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
