"""The board on a game page: the engine's SVG (or, while a program is being written, the
engine's preview of the draft), its cells named for screen readers, the hint's highlights, the
keyboard cursor, the pictures beside it (dice, supplies, other players' sheets) and, on phones,
a larger board in a scrolling frame."""

from glue import dom
from glue.pictures import checked_svg
from glue.views import fit_width, grid_cursor, hint_cells, nearest_spot, selected_die

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.game import GamePage

# Phone-sized screens (site.css uses the same width), where every cell a finger taps is at
# least TARGET_PX wide and high (WCAG 2.5.5).
PHONE = "(max-width: 760px)"
TARGET_PX = 44


def cell_selector(cell: str) -> str:
    return '[data-cell="' + str(dom.js.CSS.escape(cell)) + '"]'


class Board:
    def __init__(self, page: "GamePage") -> None:
        self.page = page
        self.element = dom.by_id("board")
        self.cursor: str | None = None
        self.fit: tuple[str, int | None] | None = None  # phones: (key, width) of the zoom
        # the live game's picture on the board: (game generation, ply, SVG), for the motion
        # to the next one (glue.animator)
        self.shown: tuple[int, int, str] | None = None
        self.dice_svg: str | None = None  # the dice beside the board (Fight the Virus)
        self.zoom_choice: bool | None = None  # the zoom button's last choice (None: as needed)

    def focus(self) -> None:
        self.element.focus()

    def cell(self, cell: "str | None") -> "Any":
        return None if not cell else dom.query(cell_selector(cell), self.element)

    def paint_saved(self, entry: "dict[str, Any] | None") -> None:
        """The board of the game this page will resume, at once (the engine's first view, a
        moment later, replaces it): a reload shows the game where it was, not a fresh one."""
        if entry is None:
            return
        # read back from storage, so untrusted: inserted only if it is exactly the kind of
        # picture the engine draws (else the pre-rendered board stays)
        svg = checked_svg(self.page.saved.board(entry["id"]))
        if svg is not None:
            self.element.innerHTML = svg
            self.element.setAttribute("data-painted", "saved")

    def draw(self) -> None:
        page = self.page
        view = page.view
        if view is None:
            return
        preview = page.secrets.preview_svg()
        writing = page.builder.visible
        old_svg = dom.query("svg", self.element)
        shown = self.shown
        svg = preview if preview is not None else view["svg"]
        self.show_svg(
            svg, view.get("cell_labels") or {}, page.builder.cell_label if writing else None
        )
        ply = view["ply_count"]
        self.shown = None if preview is not None else (page.generation, ply, svg)
        if shown is not None and shown[0] == page.generation and 0 < ply - shown[1] <= 4:
            page.moved(shown[2], old_svg, svg)  # a few actions on: their motion and sound
        self.draw_hint()
        self.fit_to_screen()
        if dom.is_active(self.element):
            self.show_cursor()

    def show_position(self, position: "dict[str, Any]") -> None:
        """An earlier position of the game (glue.viewer), read-only."""
        self.show_svg(position["svg"], position.get("cell_labels") or {}, None)
        self.shown = None  # back to the game: no motion from this picture
        self.fit_to_screen()

    def show_svg(self, svg: str, labels: "dict[str, Any]", label_of: "Any") -> None:
        """The engine's SVG on the board, its cells named (``label_of(cell)``: a name of the
        program builder's instead, where it has one)."""
        self.page.finish_motion()
        # the engine's own SVG: no scripts, no styles; names are escaped text
        self.element.innerHTML = svg
        self.element.setAttribute("data-painted", "engine")
        # For assistive technology the board is a group of named cells (not one picture, the
        # standalone SVG's role), and the keyboard cursor is the active descendant.
        picture = dom.query("svg", self.element)
        if picture is not None:
            picture.setAttribute("role", "group")
        language = self.page.language
        for cell in labels:
            element = self.cell(cell)
            if element is None:
                continue
            text = label_of(cell) if label_of is not None else None
            element.setAttribute("role", "img")
            element.setAttribute("aria-label", text or language.message(labels[cell]))
            element.id = "cell-" + cell

    def draw_hint(self) -> None:
        """The hint's cells: the suggestion (.hint-best) and its alternatives (.hint-alt), while
        the position is the one it was asked for."""
        for element in dom.query_all(".hint-best, .hint-alt", self.element):
            element.classList.remove("hint-best", "hint-alt")
        hint = self.page.computer.current_hint()
        if hint is None:
            return
        for cell, name in hint_cells(hint["actions"]):
            element = self.cell(cell)
            if element is not None:
                element.classList.add(name)

    def fit_to_screen(self) -> None:
        """Phones: a board whose smallest cell would be under a finger's size is drawn larger
        in a frame that scrolls, until the zoom button shows the whole board again. Measured
        again only when the board's shape or the screen's width changes: measuring drops the
        frame's scroll position."""
        element = self.element
        cells = dom.query_all("[data-cell]", element)
        svg = dom.query("svg", element)
        view_box = svg.getAttribute("viewBox") if svg is not None else None
        key = "|".join(
            [
                str(len(cells)),
                str(view_box),
                str(dom.window.innerWidth),
                str(self.page.builder.visible),
            ]
        )
        tools = dom.by_id("board-tools")
        if not dom.media_matches(PHONE) or element.hidden or not cells:
            element.classList.remove("zoomed")
            tools.hidden = True
            self.fit = None
            return
        if self.fit is None or self.fit[0] != key:
            left = element.scrollLeft
            top = element.scrollTop
            element.classList.remove("zoomed")
            sizes = []
            for cell in cells:
                box = cell.getBoundingClientRect()
                sizes.append(min(float(box.width), float(box.height)))
            width = fit_width(sizes, float(element.clientWidth), TARGET_PX)
            self.fit = (key, width)
            if width:  # CSSOM: allowed by the CSP
                element.style.setProperty("--zoom-width", str(width) + "px")
            element.classList.toggle("zoomed", bool(width) and self.zoom_choice is not False)
            element.scrollLeft = left
            element.scrollTop = top
        tools.hidden = not self.fit[1]
        zoomed = "true" if element.classList.contains("zoomed") else "false"
        dom.by_id("board-zoom").setAttribute("aria-pressed", zoomed)

    def toggle_zoom(self) -> None:
        self.zoom_choice = not self.element.classList.contains("zoomed")
        self.element.classList.toggle("zoomed", self.zoom_choice)
        pressed = "true" if self.zoom_choice else "false"
        dom.by_id("board-zoom").setAttribute("aria-pressed", pressed)

    # ---- the keyboard cursor ------------------------------------------------------------------

    def move_cursor(self, dx: int, dy: int) -> None:
        view = self.page.view
        if view is None:
            return
        if view.get("grid"):
            self.cursor = grid_cursor(view["grid"], self.cursor, dx, dy)
        else:
            self.move_by_position(dx, dy)
            return
        self.show_cursor(True)

    def move_by_position(self, dx: int, dy: int) -> None:
        """Boards that are not one grid (a player sheet): the arrow keys go to the nearest spot
        in that direction on screen; while a shape is being placed they step over the analysis
        cells one at a time."""
        spots = dom.query_all("[data-cell]", self.element)
        current = self.cell(self.cursor)
        if current is None:
            self.cursor = dom.data(spots[0], "cell") if spots else None
            self.show_cursor(True)
            return
        placer = self.page.placer
        stepped = placer.step(self.cursor, [-dy, dx]) if placer.active else None
        if stepped:
            self.cursor = stepped
            self.show_cursor(True)
            return
        centres = []
        for spot in spots:
            box = spot.getBoundingClientRect()
            name = dom.data(spot, "cell") or ""
            x = float(box.left) + float(box.width) / 2
            y = float(box.top) + float(box.height) / 2
            centres.append((name, x, y))
        best = nearest_spot(centres, self.cursor or "", dx, dy)
        if best is not None:
            self.cursor = best
        self.show_cursor(True)

    def show_cursor(self, announce: bool = False) -> None:
        page = self.page
        view = page.view
        if view is None:
            return
        if not self.cursor or self.cell(self.cursor) is None:
            first = dom.query("[data-cell]", self.element)
            sources = view.get("sources") or []
            self.cursor = (
                view.get("selected")
                or (sources[0] if sources else None)
                or ("a1" if view.get("grid") else (dom.data(first, "cell") if first else None))
            )
        for element in dom.query_all(".cursor", self.element):
            element.classList.remove("cursor")
        cell = self.cell(self.cursor)
        page.placer.set_cursor(self.cursor)
        if cell is None:
            self.element.removeAttribute("aria-activedescendant")
            return
        cell.classList.add("cursor")
        if cell.id:
            self.element.setAttribute("aria-activedescendant", cell.id)
        if self.element.classList.contains("zoomed"):
            cell.scrollIntoView(dom.js_object({"block": "nearest", "inline": "nearest"}))
        if announce:
            label = str(cell.getAttribute("aria-label") or self.cursor)
            hint = str(dom.by_id("placer-hint").textContent) if page.placer.active else ""
            page.panels.say(label + ". " + hint if hint else label)

    # ---- pictures beside the board ------------------------------------------------------------

    def render_extras(self, extras: "list[dict[str, Any]]", to_move: "int | None") -> None:
        """The dice (an extra with id "dice") in the decision bar next to the buttons,
        everything else (supplies, other players' sheets) in #extras."""
        dice = []
        others = []
        sheets = False
        for extra in extras:
            figure = dom.create("figure", "extra")
            dom.set_data(figure, "id", extra["id"])
            seat = extra.get("seat")
            if seat is not None:
                dom.set_data(figure, "seat", seat)
                dom.set_tint(figure, seat)
                figure.classList.toggle("current", seat == to_move)
            caption = dom.create("figcaption", "", self.page.language.message(extra["label"]))
            caption.id = "extra-" + str(extra["id"]) + "-label"
            figure.append(caption)
            figure.insertAdjacentHTML("beforeend", extra["svg"])  # the engine's own SVG
            svg = dom.query("svg", figure)
            if svg is not None:
                svg.setAttribute("aria-labelledby", caption.id)
            if extra["id"] == "dice":
                dice.append(figure)
            else:
                others.append(figure)
                sheets = sheets or str(extra["id"]).startswith("sheet-")
        # The die the selection names ("die:5", "die:5+1") is marked: g.die.selected.
        value = selected_die((self.page.view or {}).get("selection") or [])
        if value and dice:
            die = dom.query('.die[data-value="' + value + '"]:not(.used)', dice[0])
            if die is not None:
                die.classList.add("selected")
        slot = dom.by_id("dice-slot")
        before = self.dice_svg
        self.dice_svg = None if not dice else str(dom.query("svg", dice[0]).outerHTML)
        if before is not None and dice:
            self.page.rolled(dice[0], before, self.dice_svg)
        dom.replace_children(slot, dice)
        slot.hidden = not dice
        holder = dom.by_id("extras")
        dom.replace_children(holder, others)
        holder.classList.toggle("sheets", sheets)
