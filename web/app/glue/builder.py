"""The program builder of a secret setup (Virus Fight's programs, ``view.setup``): draws the
draft of ``glue.program`` and turns clicks and keys into its changes.

DOM (web/templates/game.html): #program-builder, #builder-title, #builder-help,
#builder-slots (button.slot[data-cell], with data-code and data-marker="true" once filled /
marked, aria-pressed on the active one), #builder-palette (button.piece-button[data-code],
aria-pressed once used), #builder-left / -right / -remove / -marker, #builder-hint,
#builder-random, #builder-clear, #builder-submit.
"""

from glue import dom
from glue.program import Draft, palette_target

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from glue.i18n import PageLanguage
    from pyengine.protocol import Setup


def icon(svg: str) -> "list[dom.Element]":
    """Engine SVG (trusted: no scripts, no styles) as a decorative element, in a list (empty
    for markup without one): its <title> id would be repeated by every copy, the button around
    it carries the label, and its data-code would make two elements answer to [data-code]."""
    holder = dom.make("div")
    holder.set_markup(svg.strip())
    found = holder.children()
    if not found:
        return []
    node = found[0]
    for element in [node] + node.find_all("[id]"):
        element.set_attr("id", None)
    for name in ("data-code", "aria-labelledby", "role"):
        node.set_attr(name, None)
    title = node.find("title")
    if title is not None:
        title.remove()
    node.set_attr("aria-hidden", "true")
    node.set_attr("focusable", "false")
    return [node]


def random_int(low: int, high: int) -> int:
    # inclusive bounds; the modulo's bias over 64 random bits is nothing for a suggested program
    return low + dom.random_bits64() % (high - low + 1)


class ProgramBuilder:
    """``on_draft(text or None)``: the draft changed (its text when submittable);
    ``on_submit(text)``: the player hides the program. Both may be coroutine functions."""

    def __init__(
        self,
        language: "PageLanguage",
        on_draft: "Callable[[str | None], Any]",
        on_submit: "Callable[[str], Any]",
    ) -> None:
        self.language = language
        self.on_draft = dom.guarded(on_draft, "program draft")
        self.on_submit = dom.guarded(on_submit, "program submit")
        self.root = dom.node("program-builder")
        self.slots_row = dom.node("builder-slots")
        self.palette = dom.node("builder-palette")
        self.draft = Draft()
        self.last_draft: str | None = None  # the text last given to on_draft
        self.reported = False  # whether on_draft heard about this draft yet
        self.bind()

    @property
    def visible(self) -> bool:
        return not self.root.is_hidden()

    @property
    def identity(self) -> "str | None":
        return self.draft.identity

    @property
    def active(self) -> int:
        return self.draft.active

    @property
    def marker(self) -> "int | None":
        return self.draft.marker

    def bind(self) -> None:
        self.slots_row.on("click", self.on_slot_click)
        self.slots_row.on("keydown", self.on_slot_key)
        self.palette.on("click", self.on_palette_click)
        self.palette.on("keydown", self.on_palette_key)
        draft = self.draft
        actions: list[tuple[str, Callable[[], bool]]] = [
            ("builder-left", lambda: draft.shift(-1)),
            ("builder-right", lambda: draft.shift(1)),
            ("builder-remove", lambda: draft.remove(draft.active)),
            ("builder-marker", draft.put_marker),
            ("builder-random", lambda: draft.randomize(random_int)),
            ("builder-clear", draft.clear),
        ]
        for element_id, action in actions:

            def clicked(event: "dom.Event", action: "Callable[[], bool]" = action) -> None:
                if action():
                    self.update()

            dom.node(element_id).on("click", clicked)
        dom.node("builder-submit").on("click", self.on_submit_click)

    # -- showing -------------------------------------------------------------------------------

    def show(self, setup: "Setup", generation: "Any") -> None:
        """Shows the builder for ``setup``; ``generation`` changes with every new or loaded
        game, so the same seat of a new game starts from an empty draft."""
        if self.draft.load(setup, generation):
            self.reported = False
            self.last_draft = None
            self.build()
        self.root.show()
        self.update()

    def hide(self) -> None:
        self.root.show(False)

    def build(self) -> None:
        setup = self.draft.setup or {}
        seat = str(setup["seat"] + 1)
        self.root.set_data("seat", setup["seat"])
        for token in self.root.find_all(".marker-token"):
            token.set_text(seat)
        buttons = []
        for cell in setup["segment"]:
            button = dom.make("button", "slot slot-button")
            button.set_attr("type", "button")
            button.set_data("cell", cell)
            marker = dom.make("span", "seat-token marker-token", seat)
            marker.set_attr("aria-hidden", "true")
            button.append(dom.make("span", "slot-icon"))
            button.append(dom.make("span", "slot-cell", cell))
            button.append(marker)
            buttons.append(button)
        self.slots_row.replace_children(buttons)
        pieces = []
        for piece in setup["pieces"]:
            button = dom.make("button", "piece-button")
            button.set_attr("type", "button")
            button.set_data("code", piece["code"])
            code = dom.make("span", "piece-code", piece["code"])
            code.set_attr("aria-hidden", "true")
            button.replace_children(icon(piece["svg"]) + [code])
            pieces.append(button)
        self.palette.replace_children(pieces)

    # -- the page's questions ------------------------------------------------------------------

    def select_cell(self, cell: "str | None") -> bool:
        """A click on a home cell of the board makes its slot active; False for another cell."""
        if not self.draft.select_cell(cell):
            return False
        self.update()
        return True

    def cell_label(self, cell: "str | None") -> "str | None":
        """The label of a home cell while building (None for another cell)."""
        request = self.draft.cell_message(cell)
        return None if request is None else self.language.message(request)

    # -- events --------------------------------------------------------------------------------

    def on_slot_click(self, event: "dom.Event") -> None:
        slot = closest(event, "button[data-cell]")
        if slot is not None and self.draft.select(self.draft.index_of(slot.data("cell"))):
            self.update()

    def on_palette_click(self, event: "dom.Event") -> None:
        piece = closest(event, "button[data-code]")
        if piece is not None and piece.enabled() and self.draft.choose(piece.data("code") or ""):
            self.update()

    def on_submit_click(self, event: "dom.Event") -> None:
        text = self.draft.text()
        if text:
            self.on_submit(text)

    def on_slot_key(self, event: "dom.Event") -> None:
        """Arrow keys walk the slots (with Shift: move the piece along); Delete removes; M puts
        the marker."""
        slot = closest(event, "button[data-cell]")
        if slot is None:
            return
        index = self.draft.index_of(slot.data("cell"))
        done = self.draft.slot_key(index, event.key, event.shift, event.modified)
        if not done:
            return
        event.prevent()
        self.update()
        if done == "move":
            self.focus_active()

    def on_palette_key(self, event: "dom.Event") -> None:
        """In the palette the arrow keys move the focus over the pieces (Home, End: the first
        and the last); Enter or Space takes the focused one, like a click."""
        buttons = self.palette.children()
        target = closest(event, "button[data-code]")
        index = -1
        for position, button in enumerate(buttons):
            if button.same(target):
                index = position
        if index < 0 or event.modified:
            return
        columns_text = self.palette.computed_style("grid-template-columns")
        columns = len(columns_text.split(" ")) or 1
        goal = palette_target(event.key, index, len(buttons), columns)
        if goal is None:
            return
        event.prevent()
        buttons[goal].focus()

    # -- drawing -------------------------------------------------------------------------------

    def update(self) -> None:
        focused = dom.focused()
        self.draw()
        self.keep_focus(focused)
        text = self.draft.text()
        if not self.reported or text != self.last_draft:
            self.reported = True
            self.last_draft = text
            self.on_draft(text)

    def draw(self) -> None:
        draft = self.draft
        setup = draft.setup or {}
        t = self.language.t
        dom.node("builder-title").set_text(
            t("virus-fight.setup.heading", {"player": setup["player"]})
        )
        dom.node("builder-help").set_text(t("virus-fight.setup.help", {"max": draft.maximum}))
        full = not draft.can_add()
        for index, button in enumerate(self.slots_row.children()):
            code = draft.slots[index] if index < len(draft.slots) else None
            active = index == draft.active
            marked = bool(code) and index == draft.marker
            button.set_attr("aria-pressed", "true" if active else "false")
            button.set_class("active", active)
            button.set_class("filled", bool(code))
            button.set_class("marked", marked)
            button.set_data("code", code or None)
            button.set_data("marker", "true" if marked else None)
            button.set_attr("aria-label", self.language.message(draft.slot_message(index)))
            picture = button.find(".slot-icon")
            if picture is not None and picture.data("code") != (code or ""):
                picture.set_data("code", code or "")
                piece = draft.piece(code) if code else None
                picture.replace_children(icon(piece["svg"]) if piece is not None else [])
        for button in self.palette.children():
            code = button.data("code") or ""
            used = draft.is_used(code)
            button.set_attr("aria-pressed", "true" if used else "false")
            button.set_class("used", used)
            button.enable(used or not full)
            piece = draft.piece(code)
            if piece is not None:
                button.set_attr("aria-label", self.language.message(piece["label"]))
        controls = draft.controls()
        for name in ("left", "right", "remove", "marker"):
            dom.node("builder-" + name).enable(not controls[name])
        pressed = controls["marker-pressed"]
        dom.node("builder-marker").set_attr("aria-pressed", "true" if pressed else "false")
        check = draft.check()
        hint = dom.node("builder-hint")
        hint.set_text(self.language.message(check["hint"]))
        hint.set_data("level", draft.hint_level())
        dom.node("builder-submit").enable(bool(check.get("text")))

    def focus_active(self) -> None:
        buttons = self.slots_row.children()
        if 0 <= self.draft.active < len(buttons):
            buttons[self.draft.active].focus()

    def keep_focus(self, previous: "dom.Element | None") -> None:
        """A control that got disabled by its own click (Move left at the end of the row,
        Remove) drops the focus: give it to the active slot instead."""
        if previous is None or not self.root.contains(previous) or self.root.is_hidden():
            return
        if previous.has_attr("disabled") or not self.root.contains(dom.focused()):
            self.focus_active()


def closest(event: "dom.Event", selector: str) -> "dom.Element | None":
    """The element the event happened on, or its nearest ancestor, that matches ``selector``."""
    target = event.target
    return None if target is None else target.closest(selector)
