"""The board on a game page: the engine's SVG (or, while a program is being written, the
engine's preview of the draft), its cells named for screen readers, the hint's highlights, the
keyboard cursor, the pictures beside it (dice, supplies, other players' sheets) and, on phones,
a larger board in a scrolling frame.

Made by glue.game with: ``Board(state: PageState, language: i18n.PageLanguage, saved:
SavedGames, builder: Callable[[], Any], placer: Callable[[], Any], preview_svg: Callable[[],
str | None], finish_motion: Callable[[], None], moved: Callable[[str, dom.Element | None, str],
None], rolled: Callable[[dom.Element | None, str | None, str | None], None], say:
Callable[[str], None])``: the program builder and the shape placer are getters (made on first
use), ``preview_svg`` is glue.secrets's, ``moved``/``rolled`` start the motion and the sound,
``say`` speaks to screen readers (glue.panels)."""

from glue import dom, page_state
from glue.pictures import checked_svg
from glue.views import fit_width, grid_cursor, hint_cells, nearest_spot, selected_die

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from glue.i18n import PageLanguage
    from glue.page_state import PageState
    from glue.saved import SavedGames
    from pyengine.protocol import Extra, Message, Position

# Phone-sized screens (site.css uses the same width), where every cell a finger taps is at
# least TARGET_PX wide and high (WCAG 2.5.5).
PHONE = "(max-width: 760px)"
TARGET_PX = 44


def cell_selector(cell: str) -> str:
    return '[data-cell="' + dom.css_escape(cell) + '"]'


class Board:
    def __init__(
        self,
        state: "PageState",
        language: "PageLanguage",
        saved: "SavedGames",
        builder: "Callable[[], Any]",
        placer: "Callable[[], Any]",
        preview_svg: "Callable[[], str | None]",
        finish_motion: "Callable[[], None]",
        moved: "Callable[[str, dom.Element | None, str], None]",
        rolled: "Callable[[dom.Element | None, str | None, str | None], None]",
        say: "Callable[[str], None]",
    ) -> None:
        self.state = state
        self.language = language
        self.saved = saved
        self.builder = builder
        self.placer = placer
        self.preview_svg = preview_svg
        self.finish_motion = finish_motion
        self.moved = moved
        self.rolled = rolled
        self.say = say
        self.element = dom.node("board")
        self.fit: tuple[str, int | None] | None = None  # phones: (key, width) of the zoom
        # the live game's picture on the board: (game generation, ply, SVG), for the motion
        # to the next one (glue.animator)
        self.shown: tuple[int, int, str] | None = None
        self.dice_svg: str | None = None  # the dice beside the board (Fight the Virus)
        self.zoom_choice: bool | None = None  # the zoom button's last choice (None: not pressed)

    def focus(self) -> None:
        self.element.focus()

    def cell(self, cell: "str | None") -> "dom.Element | None":
        return None if not cell else self.element.find(cell_selector(cell))

    def paint_saved(self, entry: "dict[str, Any] | None") -> None:
        """The board of the game this page will resume, at once (the engine's first view, a
        moment later, replaces it): a reload shows the game where it was, not a fresh one."""
        if entry is None:
            return
        # read back from storage, so untrusted: inserted only if it is exactly the kind of
        # picture the engine draws (else the pre-rendered board stays)
        svg = checked_svg(self.saved.board(entry["id"]))
        if svg is not None:
            self.element.set_markup(svg)
            self.element.set_data("painted", "saved")

    def draw(self) -> None:
        state = self.state
        view = state.view
        if view is None:
            return
        preview = self.preview_svg()
        builder = self.builder()
        writing = builder.visible
        old_svg = self.element.find("svg")
        shown = self.shown
        svg = preview if preview is not None else view["svg"]
        self.show_svg(svg, view.get("cell_labels") or {}, builder.cell_label if writing else None)
        ply = view["ply_count"]
        self.shown = None if preview is not None else (state.generation, ply, svg)
        if shown is not None and shown[0] == state.generation and 0 < ply - shown[1] <= 4:
            self.moved(shown[2], old_svg, svg)  # a few actions on: their motion and sound
        self.draw_hint()
        self.fit_to_screen()
        if self.element.has_focus():
            self.show_cursor()

    def show_position(self, position: "Position") -> None:
        """An earlier position of the game (glue.viewer), read-only."""
        self.show_svg(position["svg"], position.get("cell_labels") or {}, None)
        self.shown = None  # back to the game: no motion from this picture
        self.fit_to_screen()

    def show_svg(
        self,
        svg: str,
        labels: "dict[str, Message]",
        label_of: "Callable[[str], str | None] | None",
    ) -> None:
        """The engine's SVG on the board, its cells named (``label_of(cell)``: a name of the
        program builder's instead, where it has one)."""
        self.finish_motion()
        # the engine's own SVG: no scripts, no styles; names are escaped text
        self.element.set_markup(svg)
        self.element.set_data("painted", "engine")
        # For assistive technology the board is a group of named cells (not one picture, the
        # standalone SVG's role), and the keyboard cursor is the active descendant.
        picture = self.element.find("svg")
        if picture is not None:
            picture.set_attr("role", "group")
        language = self.language
        for cell in labels:
            element = self.cell(cell)
            if element is None:
                continue
            text = label_of(cell) if label_of is not None else None
            element.set_attr("role", "img")
            element.set_attr("aria-label", text or language.message(labels[cell]))
            element.set_attr("id", "cell-" + cell)

    def draw_hint(self) -> None:
        """The hint's cells: the suggestion (.hint-best) and its alternatives (.hint-alt), while
        the position is the one it was asked for."""
        for marked in self.element.find_all(".hint-best, .hint-alt"):
            marked.set_class("hint-best", False)
            marked.set_class("hint-alt", False)
        hint = page_state.current_hint(self.state)
        if hint is None:
            return
        for cell, name in hint_cells(hint["actions"]):
            element = self.cell(cell)
            if element is not None:
                element.set_class(name)

    def fit_to_screen(self) -> None:
        """Phones: the board fits the screen's width; one whose smallest cell is under a
        finger's size offers the zoom button ("Large squares"), which draws it larger in a
        frame that scrolls, until pressed again. Measured
        again only when the board's shape or the screen's width changes: measuring drops the
        frame's scroll position."""
        element = self.element
        cells = element.find_all("[data-cell]")
        svg = element.find("svg")
        view_box = svg.attr("viewBox") if svg is not None else None
        key = "|".join(
            [
                str(len(cells)),
                str(view_box),
                str(dom.window_size()[0]),
                str(self.builder().visible),
            ]
        )
        tools = dom.node("board-tools")
        if not dom.media_matches(PHONE) or element.is_hidden() or not cells:
            element.set_class("zoomed", False)
            tools.show(False)
            self.fit = None
            return
        if self.fit is None or self.fit[0] != key:
            left, top = element.scroll_position()
            element.set_class("zoomed", False)
            sizes = []
            for cell in cells:
                box = cell.rect()
                sizes.append(min(box[2], box[3]))
            width = fit_width(sizes, element.width(), TARGET_PX)
            self.fit = (key, width)
            if width:  # CSSOM: allowed by the CSP
                element.set_style("--zoom-width", str(width) + "px")
            element.set_class("zoomed", bool(width) and self.zoom_choice is True)
            element.set_scroll(left, top)
        tools.show(bool(self.fit[1]))
        zoomed = "true" if element.has_class("zoomed") else "false"
        dom.node("board-zoom").set_attr("aria-pressed", zoomed)

    def toggle_zoom(self) -> None:
        self.zoom_choice = not self.element.has_class("zoomed")
        self.element.set_class("zoomed", self.zoom_choice)
        pressed = "true" if self.zoom_choice else "false"
        dom.node("board-zoom").set_attr("aria-pressed", pressed)

    # ---- the keyboard cursor ------------------------------------------------------------------

    def move_cursor(self, dx: int, dy: int) -> None:
        state = self.state
        view = state.view
        if view is None:
            return
        grid = view.get("grid")
        if grid:
            state.cursor = grid_cursor(grid, state.cursor, dx, dy)
        else:
            self.move_by_position(dx, dy)
            return
        self.show_cursor(True)

    def move_by_position(self, dx: int, dy: int) -> None:
        """Boards that are not one grid (a player sheet): the arrow keys go to the nearest spot
        in that direction on screen; while a shape is being placed they step over the analysis
        cells one at a time."""
        state = self.state
        spots = self.element.find_all("[data-cell]")
        current = self.cell(state.cursor)
        if current is None:
            state.cursor = spots[0].data("cell") if spots else None
            self.show_cursor(True)
            return
        placer = self.placer()
        stepped = placer.step(state.cursor, [-dy, dx]) if placer.active else None
        if stepped:
            state.cursor = stepped
            self.show_cursor(True)
            return
        centres = []
        for spot in spots:
            left, top, width, height = spot.rect()
            name = spot.data("cell") or ""
            x = left + width / 2
            y = top + height / 2
            centres.append((name, x, y))
        best = nearest_spot(centres, state.cursor or "", dx, dy)
        if best is not None:
            state.cursor = best
        self.show_cursor(True)

    def show_cursor(self, announce: bool = False) -> None:
        state = self.state
        view = state.view
        if view is None:
            return
        if not state.cursor or self.cell(state.cursor) is None:
            first = self.element.find("[data-cell]")
            sources = view.get("sources") or []
            state.cursor = (
                view.get("selected")
                or (sources[0] if sources else None)
                or ("a1" if view.get("grid") else (first.data("cell") if first else None))
            )
        for element in self.element.find_all(".cursor"):
            element.set_class("cursor", False)
        cell = self.cell(state.cursor)
        placer = self.placer()
        placer.set_cursor(state.cursor)
        if cell is None:
            self.element.set_attr("aria-activedescendant", None)
            return
        cell.set_class("cursor")
        cell_id = cell.attr("id")
        if cell_id:
            self.element.set_attr("aria-activedescendant", cell_id)
        if self.element.has_class("zoomed"):
            cell.scroll_into_view("nearest")
        if announce:
            label = cell.attr("aria-label") or str(state.cursor)
            hint = dom.node("placer-hint").text() if placer.active else ""
            self.say(label + ". " + hint if hint else label)

    # ---- pictures beside the board ------------------------------------------------------------

    def render_extras(self, extras: "list[Extra]", to_move: "int | None") -> None:
        """The dice (an extra with id "dice") in the decision bar next to the buttons,
        everything else (supplies, other players' sheets) in #extras."""
        dice = []
        others = []
        sheets = False
        for extra in extras:
            figure = dom.make("figure", "extra")
            figure.set_data("id", extra["id"])
            seat = extra.get("seat")
            if seat is not None:
                figure.set_data("seat", seat)
                figure.set_tint(seat)
                figure.set_class("current", seat == to_move)
            caption = dom.make("figcaption", "", self.language.message(extra["label"]))
            caption_id = "extra-" + str(extra["id"]) + "-label"
            caption.set_attr("id", caption_id)
            figure.append(caption)
            figure.append_markup(extra["svg"])  # the engine's own SVG
            svg = figure.find("svg")
            if svg is not None:
                svg.set_attr("aria-labelledby", caption_id)
            if extra["id"] == "dice":
                dice.append(figure)
            else:
                others.append(figure)
                sheets = sheets or str(extra["id"]).startswith("sheet-")
        # The die the selection names ("die:5", "die:5+1") is marked: g.die.selected.
        view = self.state.view
        value = selected_die((view.get("selection") or []) if view is not None else [])
        if value and dice:
            die = dice[0].find('.die[data-value="' + value + '"]:not(.used)')
            if die is not None:
                die.set_class("selected")
        slot = dom.node("dice-slot")
        before = self.dice_svg
        picture = dice[0].find("svg") if dice else None
        self.dice_svg = None if picture is None else picture.markup()
        if before is not None and dice:
            self.rolled(dice[0], before, self.dice_svg)
        slot.replace_children(dice)
        slot.show(bool(dice))
        holder = dom.node("extras")
        holder.replace_children(others)
        holder.set_class("sheets", sheets)
