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


def icon(svg: str) -> "Any":
    """Engine SVG (trusted: no scripts, no styles) as a decorative node: its <title> id would
    be repeated by every copy, the button around it carries the label, and its data-code would
    make two elements answer to [data-code]."""
    template = dom.document.createElement("template")
    template.innerHTML = svg.strip()
    node = template.content.firstElementChild
    if node is None:
        return dom.document.createTextNode("")
    for element in [node] + dom.query_all("[id]", node):
        element.removeAttribute("id")
    for name in ("data-code", "aria-labelledby", "role"):
        node.removeAttribute(name)
    title = node.querySelector("title")
    if title is not None:
        title.remove()
    node.setAttribute("aria-hidden", "true")
    node.setAttribute("focusable", "false")
    return node


def random_int(low: int, high: int) -> int:
    # inclusive bounds; the quality of Math.random is plenty for a suggested program
    return low + int(float(dom.js.Math.random()) * (high - low + 1))


def children(element: "Any") -> "list[Any]":
    items = element.children
    return [items.item(index) for index in range(items.length)]


def modified(event: "Any") -> bool:
    """Whether Alt, Ctrl or Meta is held."""
    return bool(event.altKey or event.ctrlKey or event.metaKey)


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
        self.root = dom.by_id("program-builder")
        self.slots_row = dom.by_id("builder-slots")
        self.palette = dom.by_id("builder-palette")
        self.draft = Draft()
        self.last_draft: str | None = None  # the text last given to on_draft
        self.reported = False  # whether on_draft heard about this draft yet
        self.bind()

    @property
    def visible(self) -> bool:
        return not self.root.hidden

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
        dom.on(self.slots_row, "click", self.on_slot_click)
        dom.on(self.slots_row, "keydown", self.on_slot_key)
        dom.on(self.palette, "click", self.on_palette_click)
        dom.on(self.palette, "keydown", self.on_palette_key)
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

            def clicked(event: "Any", action: "Callable[[], bool]" = action) -> None:
                if action():
                    self.update()

            dom.on(dom.by_id(element_id), "click", clicked)
        dom.on(dom.by_id("builder-submit"), "click", self.on_submit_click)

    # -- showing -------------------------------------------------------------------------------

    def show(self, setup: "dict[str, Any]", generation: "Any") -> None:
        """Shows the builder for ``setup``; ``generation`` changes with every new or loaded
        game, so the same seat of a new game starts from an empty draft."""
        if self.draft.load(setup, generation):
            self.reported = False
            self.last_draft = None
            self.build()
        self.root.hidden = False
        self.update()

    def hide(self) -> None:
        self.root.hidden = True

    def build(self) -> None:
        setup = self.draft.setup or {}
        seat = str(setup["seat"] + 1)
        dom.set_data(self.root, "seat", setup["seat"])
        for token in dom.query_all(".marker-token", self.root):
            token.textContent = seat
        buttons = []
        for cell in setup["segment"]:
            button = dom.create("button", "slot slot-button")
            button.type = "button"
            dom.set_data(button, "cell", cell)
            marker = dom.create("span", "seat-token marker-token", seat)
            marker.setAttribute("aria-hidden", "true")
            button.append(
                dom.create("span", "slot-icon"), dom.create("span", "slot-cell", cell), marker
            )
            buttons.append(button)
        dom.replace_children(self.slots_row, buttons)
        pieces = []
        for piece in setup["pieces"]:
            button = dom.create("button", "piece-button")
            button.type = "button"
            dom.set_data(button, "code", piece["code"])
            code = dom.create("span", "piece-code", piece["code"])
            code.setAttribute("aria-hidden", "true")
            button.append(icon(piece["svg"]), code)
            pieces.append(button)
        dom.replace_children(self.palette, pieces)

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

    def on_slot_click(self, event: "Any") -> None:
        slot = event.target.closest("button[data-cell]")
        if slot is not None and self.draft.select(self.draft.index_of(dom.data(slot, "cell"))):
            self.update()

    def on_palette_click(self, event: "Any") -> None:
        piece = event.target.closest("button[data-code]")
        if (
            piece is not None
            and not piece.disabled
            and self.draft.choose(dom.data(piece, "code") or "")
        ):
            self.update()

    def on_submit_click(self, event: "Any") -> None:
        text = self.draft.text()
        if text:
            self.on_submit(text)

    def on_slot_key(self, event: "Any") -> None:
        """Arrow keys walk the slots (with Shift: move the piece along); Delete removes; M puts
        the marker."""
        slot = event.target.closest("button[data-cell]")
        if slot is None:
            return
        index = self.draft.index_of(dom.data(slot, "cell"))
        done = self.draft.slot_key(index, str(event.key), bool(event.shiftKey), modified(event))
        if not done:
            return
        event.preventDefault()
        self.update()
        if done == "move":
            self.focus_active()

    def on_palette_key(self, event: "Any") -> None:
        """In the palette the arrow keys move the focus over the pieces (Home, End: the first
        and the last); Enter or Space takes the focused one, like a click."""
        buttons = children(self.palette)
        target = event.target.closest("button[data-code]")
        index = -1
        for position, button in enumerate(buttons):
            if dom.same(button, target):
                index = position
        if index < 0 or modified(event):
            return
        columns_text = str(dom.window.getComputedStyle(self.palette).gridTemplateColumns)
        columns = len(columns_text.split(" ")) or 1
        goal = palette_target(str(event.key), index, len(buttons), columns)
        if goal is None:
            return
        event.preventDefault()
        buttons[goal].focus()

    # -- drawing -------------------------------------------------------------------------------

    def update(self) -> None:
        focused = dom.active_element()
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
        dom.by_id("builder-title").textContent = t(
            "virus-fight.setup.heading", {"player": setup["player"]}
        )
        dom.by_id("builder-help").textContent = t("virus-fight.setup.help", {"max": draft.maximum})
        full = not draft.can_add()
        for index, button in enumerate(children(self.slots_row)):
            code = draft.slots[index] if index < len(draft.slots) else None
            active = index == draft.active
            marked = bool(code) and index == draft.marker
            button.setAttribute("aria-pressed", "true" if active else "false")
            button.classList.toggle("active", active)
            button.classList.toggle("filled", bool(code))
            button.classList.toggle("marked", marked)
            dom.set_data(button, "code", code or None)
            dom.set_data(button, "marker", "true" if marked else None)
            button.setAttribute("aria-label", self.language.message(draft.slot_message(index)))
            picture = button.querySelector(".slot-icon")
            if dom.data(picture, "code") != (code or ""):
                dom.set_data(picture, "code", code or "")
                piece = draft.piece(code) if code else None
                if piece is not None:
                    picture.replaceChildren(icon(piece["svg"]))
                else:
                    picture.replaceChildren()
        for button in children(self.palette):
            code = dom.data(button, "code") or ""
            used = draft.is_used(code)
            button.setAttribute("aria-pressed", "true" if used else "false")
            button.classList.toggle("used", used)
            button.disabled = not used and full
            piece = draft.piece(code)
            if piece is not None:
                button.setAttribute("aria-label", self.language.message(piece["label"]))
        controls = draft.controls()
        for name in ("left", "right", "remove", "marker"):
            dom.by_id("builder-" + name).disabled = controls[name]
        pressed = controls["marker-pressed"]
        dom.by_id("builder-marker").setAttribute("aria-pressed", "true" if pressed else "false")
        check = draft.check()
        hint = dom.by_id("builder-hint")
        hint.textContent = self.language.message(check["hint"])
        dom.set_data(hint, "level", draft.hint_level())
        dom.by_id("builder-submit").disabled = not check.get("text")

    def focus_active(self) -> None:
        buttons = children(self.slots_row)
        if 0 <= self.draft.active < len(buttons):
            buttons[self.draft.active].focus()

    def keep_focus(self, previous: "Any") -> None:
        """A control that got disabled by its own click (Move left at the end of the row,
        Remove) drops the focus: give it to the active slot instead."""
        if previous is None or not self.root.contains(previous) or self.root.hidden:
            return
        if bool(getattr(previous, "disabled", False)) or not self.root.contains(
            dom.active_element()
        ):
            self.focus_active()
