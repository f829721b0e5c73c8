"""The shape placer of a sheet board (Fight the Virus's analysis, ``view.placement``): draws the
state of ``glue.shapes`` (which explains the rules) on the board and the #placer panel, and
turns the pointer, touches, buttons and the R and F keys into its changes. The game page's
placer is the one of web/templates/game.html, found by id; a try-it board's (``glue.tryboard``)
is the same markup inside its block, found by class (``parts``), on the try-it's own
``ShapeChoice`` (``choice``).

DOM (web/templates/game.html): #placer (section, hidden unless placing; data-face,
data-legal="true|false" for the current anchor), #placer-title, #placer-shape (a picture of
the current shape, data-shape="r,c;r,c..."), #placer-rotate, #placer-flip, #placer-cancel,
#placer-palette (face 6: button.shape-button[data-family="<family key>"], the smallest shape
key of the family's 8 images, e.g. "0,0;0,1;0,2;1,0"; aria-pressed on the current family,
class "fits" when some shape of it has a legal placement), #placer-hint. On the board: spots
get the classes "reach" (some legal placement covers them), "preview-legal" /
"preview-illegal" (the previewed cells) and "preview-anchor"; previewed cells with no spot (off
the disc) are drawn as rect.placer-ghost in g.placer-ghosts.
"""

from glue import dom
from glue.shapes import (
    ShapeChoice,
    cell_name,
    cell_position,
    flip,
    ghost_rects,
    inside,
    number_text,
    picture_layout,
    rotate,
    shape_key,
    shape_name,
)
from glue.shapes import step as step_over

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

    from glue.i18n import PageLanguage
    from pyengine.protocol import Placement

PREVIEW_CLASSES = ("preview-legal", "preview-illegal", "preview-anchor")


def shape_picture(
    cells: "Sequence[Sequence[int]]", class_name: str = "shape-picture"
) -> "dom.Element":
    """A small picture of a shape (decorative: the button or text around it names it)."""
    size, corners = picture_layout(cells)
    side = str(size * 10)
    svg = dom.make_svg(
        "svg",
        {
            "viewBox": "0 0 " + side + " " + side,
            "class": class_name,
            "aria-hidden": "true",
            "focusable": "false",
        },
    )
    for x, y in corners:
        attributes = {"x": number_text(x), "y": number_text(y), "width": "9", "height": "9"}
        attributes["rx"] = "1.5"
        attributes["class"] = "shape-cell"
        svg.append(dom.make_svg("rect", attributes))
    return svg


def svg_tree(
    name: str, attributes: "dict[str, Any]", children: "Sequence[dom.Element]" = ()
) -> "dom.Element":
    node = dom.make_svg(name, attributes)
    for child in children:
        node.append(child)
    return node


def pattern(pattern_id: str, children: "Sequence[dom.Element]") -> "dom.Element":
    attributes = {"id": pattern_id, "width": 1, "height": 1}
    attributes["patternUnits"] = "objectBoundingBox"
    attributes["patternContentUnits"] = "objectBoundingBox"
    return svg_tree("pattern", attributes, children)


def patterns() -> "dom.Element":
    """The fills site.css gives previewed cells (a dot, a ring, a cross)."""
    green, red, white = "#1f9d55", "#b3261e", "#ffffff"
    dot = [
        svg_tree("rect", {"width": 1, "height": 1, "fill": green, "fill-opacity": 0.12}),
        svg_tree("circle", {"cx": 0.5, "cy": 0.5, "r": 0.13, "fill": green}),
    ]
    ring_attributes = {"cx": 0.5, "cy": 0.5, "r": 0.22, "fill": "none", "stroke": white}
    ring_attributes["stroke-width"] = 0.09
    ring = [
        svg_tree("rect", {"width": 1, "height": 1, "fill": green, "fill-opacity": 0.6}),
        svg_tree("circle", ring_attributes),
    ]
    cross_attributes: dict[str, Any] = {"d": "M0.25,0.25L0.75,0.75M0.75,0.25L0.25,0.75"}
    cross_attributes["stroke"] = white
    cross_attributes["stroke-width"] = 0.1
    cross_attributes["stroke-linecap"] = "round"
    cross = [
        svg_tree("rect", {"width": 1, "height": 1, "fill": red, "fill-opacity": 0.5}),
        svg_tree("path", cross_attributes),
    ]
    found = [
        pattern("placer-dot", dot),
        pattern("placer-ring", ring),
        pattern("placer-cross", cross),
    ]
    return svg_tree("defs", {"class": "placer-defs"}, found)


def page_part(name: str) -> "dom.Element":
    """A part of the game page's placer: "" the section, else #placer-<name>."""
    return dom.node("placer-" + name if name else "placer")


class ShapePlacer:
    """``board``: the board element (its spots are [data-cell]); ``on_place(token)``: a
    placement is chosen (sent whether legal or not); ``on_cancel()``: Escape or the Cancel
    button. Both may be coroutine functions. ``choice``: the state it draws (a new one by
    default); ``parts(name)``: its markup's parts ("" the section, "title", "shape", "rotate",
    "flip", "cancel", "palette", "hint"; the game page's by default); ``say(text)``: the live
    region for what a click could not place (the game page's #announce by default)."""

    def __init__(
        self,
        language: "PageLanguage",
        board: "dom.Element",
        on_place: "Callable[[str], Any]",
        on_cancel: "Callable[[], Any]",
        choice: "ShapeChoice | None" = None,
        parts: "Callable[[str], dom.Element] | None" = None,
        say: "Callable[[str], Any] | None" = None,
    ) -> None:
        self.language = language
        self.board = board
        self.on_place = dom.guarded(on_place, "shape placement")
        self.on_cancel = dom.guarded(on_cancel, "placement cancel")
        self.choice = ShapeChoice() if choice is None else choice
        self.part = page_part if parts is None else parts
        self.say = say or (lambda text: dom.node("announce").set_text(text))
        self.built: str | None = None  # the placement whose palette is built
        self.hint: dict[str, Any] | None = None  # {message, level} shown under the panel
        self.last_pointer: str | None = None  # the pointer type of the last press on the board
        self.bind()

    def use(self, choice: "ShapeChoice") -> None:
        """Draws another state from now on (a try-it board's next position)."""
        self.choice = choice
        self.built = None

    @property
    def active(self) -> bool:
        return self.choice.active

    def bind(self) -> None:
        self.part("rotate").on("click", lambda event: self.turn(rotate))
        self.part("flip").on("click", lambda event: self.turn(flip))
        self.part("cancel").on("click", lambda event: self.on_cancel())
        self.part("palette").on("click", self.on_palette_click)
        self.board.on("pointermove", self.on_pointer_move)
        self.board.on("pointerleave", self.on_pointer_leave)
        self.board.on("pointerdown", self.on_pointer_down)

    # -- events --------------------------------------------------------------------------------

    def on_palette_click(self, event: "dom.Event") -> None:
        target = event.target
        button = target.closest("button[data-family]") if target is not None else None
        if button is not None and self.choice.choose_family(button.data("family") or ""):
            self.draw()

    def on_pointer_move(self, event: "dom.Event") -> None:
        if self.active and event.pointer != "touch":
            self.hover(self.spot_of(event.target))

    def on_pointer_leave(self, event: "dom.Event") -> None:
        if self.active and event.pointer != "touch":
            self.hover(None)

    def on_pointer_down(self, event: "dom.Event") -> None:
        self.last_pointer = event.pointer

    def spot_of(self, target: "dom.Element | None") -> "str | None":
        """An analysis spot's name, or None."""
        spot = target.closest("[data-cell]") if target is not None else None
        if spot is None or not spot.has_class("analysis"):
            return None
        cell = spot.data("cell")
        return cell if cell_position(cell) is not None else None

    def is_analysis_cell(self, cell: "str | None") -> bool:
        if cell is None or cell_position(cell) is None:
            return False  # also keeps other names out of the selector
        return self.spot(cell, ".analysis") is not None

    def spot(self, cell: str, more: str = "") -> "dom.Element | None":
        return self.board.find('[data-cell="' + cell + '"]' + more)

    # -- the page's calls ----------------------------------------------------------------------

    def update(self, placement: "Placement | None", can_cancel: bool = True) -> bool:
        """Called with every view (None: no placement now). A new placement (another face or
        other legal placements) starts from a shape that fits somewhere; returns True then."""
        self.choice.update(placement)
        self.part("").show(bool(placement))
        self.part("cancel").show(can_cancel)
        if not placement:
            self.clear_board()
            self.hint = None
            self.built = None
            return False
        fresh = self.choice.identity != self.built
        if fresh:
            self.build_palette()
            self.built = self.choice.identity
        self.draw()
        return fresh

    def suggested_anchor(self) -> "str | None":
        """Where the keyboard cursor goes when a placement starts: the anchor of the first legal
        placement of the current shape."""
        return self.choice.suggested_anchor()

    def set_cursor(self, cell: "str | None") -> None:
        self.choice.cursor = cell
        if self.active:
            self.draw()

    def click(self, cell: "str | None", via_touch: bool = False) -> bool:
        """A click (or Enter) on an analysis spot; ``via_touch``: a first tap only previews.
        Returns False when the cell is not an analysis spot (the page handles the click)."""
        if not self.active or cell is None or not self.is_analysis_cell(cell):
            return False
        outcome, token = self.choice.click(cell, via_touch)
        if outcome == "preview":
            self.draw()
        elif outcome == "outside":  # not a placement the engine can name: said here
            self.show_hint({"key": "ftv-ui.placer.outside", "params": {}}, "error")
            self.say(self.part("hint").text())
        elif token is not None:
            self.on_place(token)
        return True

    def key(self, event: "dom.Event") -> bool:
        """The R and F keys (from the page's keyboard handler); True when used."""
        if not self.active or event.modified:
            return False
        key = event.key.lower()
        if key == "r":
            self.turn(rotate)
        elif key == "f":
            self.turn(flip)
        else:
            return False
        return True

    def step(self, cell: "str | None", direction: "Sequence[int]") -> "str | None":
        """The next analysis spot from ``cell`` in a direction (drow, dcol), skipping gaps;
        None when there is none (the page then moves by position)."""
        return step_over(cell, direction, self.is_analysis_cell)

    # -- changes -------------------------------------------------------------------------------

    def turn(self, how: "Callable[[Any], Any]") -> None:
        if self.choice.turn(how):
            self.draw()

    def hover(self, cell: "str | None") -> None:
        if self.choice.hover(cell):
            self.draw()

    # -- drawing -------------------------------------------------------------------------------

    def build_palette(self) -> None:
        palette = self.part("palette")
        palette.show(self.choice.palette_shown())
        buttons = []
        for family in self.choice.families:
            button = dom.make("button", "shape-button")
            button.set_attr("type", "button")
            button.set_data("family", family.key)
            button.set_data("shape", shape_key(family.shapes[0]))
            button.append(shape_picture(family.shapes[0]))
            buttons.append(button)
        palette.replace_children(buttons)

    def show_hint(self, message: "Mapping[str, Any] | None", level: str = "info") -> None:
        self.hint = {"message": message, "level": level} if message else None
        hint = self.part("hint")
        hint.set_text(self.language.message(message) if message else "")
        hint.set_data("level", level)

    def draw(self) -> None:
        """Marks the board (after every redraw of it) and updates the panel."""
        self.clear_board()
        choice = self.choice
        if not choice.active or choice.placement is None or choice.shape is None:
            return
        self.ensure_patterns()
        for cell in choice.placement["reach"]:
            spot = self.spot(cell)
            if spot is not None:
                spot.set_class("reach")
        t = self.language.message
        picture = self.part("shape")
        picture.replace_children([shape_picture(choice.shape)])
        picture.set_data("shape", shape_key(choice.shape))
        section = self.part("")
        section.set_data("face", choice.face)
        self.part("title").set_text(t(choice.title()))
        picture.set_attr("title", t(choice.current_name()))
        current = choice.current_family()
        families = {family.key: family for family in choice.families}
        for button in self.part("palette").find_all(".shape-button"):
            family = families.get(button.data("family") or "")
            if family is None:
                continue
            button.set_attr("aria-pressed", "true" if family.key == current else "false")
            button.set_attr("aria-label", t(shape_name(family.shapes[0])))
            button.set_class("fits", choice.family_fits(family))

        anchor = choice.anchor(self.board.has_focus(), self.is_analysis_cell)
        if anchor is None:
            section.set_data("legal", None)
            self.show_hint(choice.idle_hint())
            return
        preview = choice.preview(anchor)
        section.set_data("legal", "true" if preview.legal else "false")
        ghosts = []
        for cell in preview.cells:
            spot = self.spot(cell_name(cell)) if inside(cell) else None
            if spot is not None:
                spot.set_class(preview.mark)
            else:
                ghosts.append(cell)
        spot = self.spot(anchor)
        if spot is not None:
            spot.set_class("preview-anchor")
        self.draw_ghosts(ghosts, preview.mark)
        self.show_hint(preview.hint, preview.level)

    def ensure_patterns(self) -> None:
        """The fills site.css gives previewed cells, as patterns in the board's SVG (redrawn
        with every view, so added again when missing)."""
        svg = self.board.find("svg")
        if svg is None or svg.find("#placer-ring") is not None:
            return
        svg.prepend(patterns())

    def clear_board(self) -> None:
        for name in ("reach",) + PREVIEW_CLASSES:
            for element in self.board.find_all("." + name):
                element.set_class(name, False)
        ghosts = self.board.find(".placer-ghosts")
        if ghosts is not None:
            ghosts.remove()

    def draw_ghosts(self, cells: "list[tuple[int, int]]", mark: str) -> None:
        """Previewed cells that have no spot (outside the disc or the box): squares drawn at
        the analysis grid's positions, measured from two spots of the sheet."""
        if not cells:
            return
        svg = self.board.find("svg")
        origin = self.tile("a5")
        across = self.tile("k5")
        if svg is None or origin is None or across is None:
            return
        group = dom.make_svg("g", {"class": "placer-ghosts " + mark, "pointer-events": "none"})
        group.set_attr("aria-hidden", "true")
        for x, y, side in ghost_rects(cells, origin, across):
            attributes = {"class": "placer-ghost", "x": number_text(x), "y": number_text(y)}
            attributes["width"] = number_text(side)
            attributes["height"] = number_text(side)
            attributes["rx"] = "4"
            group.append(dom.make_svg("rect", attributes))
        svg.append(group)

    def tile(self, cell: str) -> "tuple[float, float] | None":
        rect = self.board.find('[data-cell="' + cell + '"] rect')
        if rect is None:
            return None
        return float(rect.attr("x") or 0), float(rect.attr("y") or 0)
