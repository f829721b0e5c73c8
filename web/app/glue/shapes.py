"""The shape placer's geometry and state (Fight the Virus's analysis, ``view.placement``; see
pyengine/games/fight_the_virus/presentation.py), without the DOM: ``glue.placer`` draws it.

While the next click places a shape, the page keeps a current shape (offsets from its anchor),
previews it under the pointer or the keyboard cursor, turns it (Rotate, Flip, the R and F keys)
and, for a wild shape, lets the player pick the shape family from a palette. A click sends the
placement's token ("A:e3.f3.e4", cells sorted by row then column) whether it is legal or not:
the engine explains a refusal. Legality shown here is only a preview: the token is in
``view.placement.legal``.

The anchor is the shape's first cell in reading order (top row, then leftmost cell of that
row). Analysis spots are board elements ``[data-cell]`` with the class "analysis", named column
letter + row number ("e3": column e, row 3). Shapes are lists of ``(row, col)`` tuples.

>>> shape_key(rotate([(0, 0), (0, 1), (1, 0)]))
'0,0;0,1;1,1'
>>> placement_at([(0, 0), (1, 0), (1, 1)], (3, 4))[1]
'A:e3.e4.f4'
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

    Cell = tuple[int, int]
    # a part of a view (pyengine.protocol's Placement, Message), or a test's dict shaped like one
    Message = Mapping[str, Any]

COLUMNS = "abcdefghijk"
ROWS = 11
DIGITS = "0123456789"

# -- shapes as lists of (row, col) -------------------------------------------------------------


def normalise(cells: "Sequence[Sequence[int]]") -> "list[Cell]":
    """Translated so that the smallest row and column are 0, sorted by row then column."""
    if not cells:
        return []
    top = min(cell[0] for cell in cells)
    left = min(cell[1] for cell in cells)
    return sorted((cell[0] - top, cell[1] - left) for cell in cells)


def shape_key(cells: "Sequence[Sequence[int]]") -> str:
    return ";".join(str(row) + "," + str(col) for row, col in normalise(cells))


def rotate(cells: "Sequence[Sequence[int]]") -> "list[Cell]":
    return normalise([(cell[1], -cell[0]) for cell in cells])


def flip(cells: "Sequence[Sequence[int]]") -> "list[Cell]":
    return normalise([(cell[0], -cell[1]) for cell in cells])


def symmetries(cells: "Sequence[Sequence[int]]") -> "list[list[Cell]]":
    """The 8 images of a shape under rotations and reflections (repeats included)."""
    images = []
    shape = normalise(cells)
    for _turn in range(4):
        images.append(shape)
        images.append(flip(shape))
        shape = rotate(shape)
    return images


def family_key(cells: "Sequence[Sequence[int]]") -> str:
    """The smallest key of the shape's 8 images: it names the shape's family."""
    return min(shape_key(image) for image in symmetries(cells))


# Family keys of the shapes a die can make, for their names (ftv-ui.shape.*).
FAMILY_NAMES = {}
for _name, _cells in (
    ("monomino", [(0, 0)]),
    ("domino", [(0, 0), (0, 1)]),
    ("tromino-i", [(0, 0), (0, 1), (0, 2)]),
    ("tromino-l", [(0, 0), (1, 0), (1, 1)]),
    ("tetromino-o", [(0, 0), (0, 1), (1, 0), (1, 1)]),
    ("tetromino-t", [(0, 0), (0, 1), (0, 2), (1, 1)]),
    ("tetromino-s", [(0, 1), (0, 2), (1, 0), (1, 1)]),
    ("tetromino-l", [(0, 0), (1, 0), (2, 0), (2, 1)]),
    ("pentomino-p", [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
):
    FAMILY_NAMES[family_key(_cells)] = _name


def shape_name(cells: "Sequence[Sequence[int]]") -> "Message":
    """The shape's name as a translation request (its family's, else its number of cells)."""
    name = FAMILY_NAMES.get(family_key(cells))
    if name:
        return {"key": "ftv-ui.shape." + name, "params": {}}
    return {"key": "ftv-ui.shape.generic", "params": {"cells": len(cells)}}


def offsets(cells: "Sequence[Sequence[int]]") -> "list[Cell]":
    """The offsets of a shape from its anchor (its first cell in reading order)."""
    shape = normalise(cells)
    row0, col0 = shape[0]
    return [(row - row0, col - col0) for row, col in shape]


# -- cells and tokens --------------------------------------------------------------------------


def cell_position(name: "str | None") -> "Cell | None":
    """``"e3"`` -> ``(3, 4)`` (row, column); None for a name that is not an analysis cell name
    (a column letter a-k and a row of one or two digits)."""
    if not name or not 2 <= len(name) <= 3 or name[0] not in COLUMNS:
        return None
    if not all(char in DIGITS for char in name[1:]):
        return None
    return (int(name[1:]), COLUMNS.index(name[0]))


def cell_name(cell: "Sequence[int]") -> str:
    return COLUMNS[cell[1]] + str(cell[0])


def inside(cell: "Sequence[int]") -> bool:
    """Whether a position lies in the 11x11 analysis box."""
    return 0 <= cell[0] < ROWS and 0 <= cell[1] < len(COLUMNS)


def placement_at(
    shape: "Sequence[Sequence[int]]", anchor: "Sequence[int]"
) -> "tuple[list[Cell], str | None]":
    """The cells of ``shape`` anchored at ``anchor`` (row, col), sorted by row then column, and
    the click token when every cell lies in the 11x11 box (None otherwise)."""
    cells = sorted((anchor[0] + row, anchor[1] + col) for row, col in offsets(shape))
    if all(inside(cell) for cell in cells):
        return cells, "A:" + ".".join(cell_name(cell) for cell in cells)
    return cells, None


def token_cells(token: str) -> "list[str]":
    """A placement token's cell names: ``"A:e3.f3"`` -> ``["e3", "f3"]``."""
    return token[2:].split(".")


def token_shape(token: str) -> "list[Cell]":
    """A token's shape: ``"A:e3.f3"`` -> ``[(3, 4), (3, 5)]``."""
    found = []
    for name in token_cells(token):
        position = cell_position(name)
        if position is not None:
            found.append(position)
    return found


def suggested_anchor(legal: "Sequence[str]", shape: "Sequence[Sequence[int]]") -> "str | None":
    """The anchor of the first legal placement of ``shape`` (tokens list their cells in reading
    order, so its first cell), or None when the shape fits nowhere."""
    key = shape_key(shape)
    for token in legal:
        if shape_key(token_shape(token)) == key:
            return token_cells(token)[0]
    return None


def step(
    cell: "str | None", direction: "Sequence[int]", is_analysis: "Callable[[str], bool]"
) -> "str | None":
    """The next analysis spot from ``cell`` in a direction (drow, dcol), skipping gaps; None
    when there is none (the page then moves by position on screen)."""
    start = cell_position(cell)
    if start is None or not is_analysis(str(cell)):
        return None
    row, col = start
    while True:
        row += direction[0]
        col += direction[1]
        if not inside((row, col)):
            return None
        name = cell_name((row, col))
        if is_analysis(name):
            return name


# -- pictures ----------------------------------------------------------------------------------


def number_text(value: float) -> str:
    """A number as JavaScript's String() writes it (3, not 3.0)."""
    return str(int(value)) if value == int(value) else str(value)


def picture_layout(cells: "Sequence[Sequence[int]]") -> "tuple[int, list[tuple[float, float]]]":
    """A small picture of a shape: the side of its square box in cells (3 at least), and the
    top-left corner of each cell's 9x9 square in a box of 10 units per cell, centred."""
    shape = normalise(cells)
    rows = max(row for row, _ in shape) + 1
    cols = max(col for _, col in shape) + 1
    size = max(rows, cols, 3)
    dx = (size - cols) * 10 / 2
    dy = (size - rows) * 10 / 2
    return size, [(dx + col * 10 + 0.5, dy + row * 10 + 0.5) for row, col in shape]


def ghost_rects(
    cells: "Sequence[Sequence[int]]", origin: "Sequence[float]", across: "Sequence[float]"
) -> "list[tuple[float, float, float]]":
    """Squares (x, y, side) for previewed cells that have no spot (outside the disc or the
    box), at the analysis grid's positions measured from two spots of the sheet: ``origin``
    the (x, y) of a5's square, ``across`` that of k5."""
    size = (across[0] - origin[0]) / (len(COLUMNS) - 1)
    return [
        (origin[0] + col * size + 2, origin[1] + (row - 5) * size + 2, size - 4)
        for row, col in cells
    ]


# -- the placer's state ------------------------------------------------------------------------


class Family:
    """Shapes of one family (under rotations and reflections) among a face's shapes."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.shapes: list[list[Cell]] = []


class ShapeChoice:
    """What the placer shows: the placement of the view (None: nothing to place), the current
    shape, the spot under the pointer, the keyboard cursor and a touch preview waiting for its
    confirming tap."""

    def __init__(self) -> None:
        self.placement: Message | None = None
        self.identity: str | None = None
        self.legal: set[str] = set()
        self.fitting: set[str] = set()  # keys of the shapes with a legal placement
        self.families: list[Family] = []
        self.shape: list[Cell] | None = None  # the current shape, normalised
        self.hovered: str | None = None  # the analysis spot under the pointer
        self.cursor: str | None = None  # the keyboard cursor's spot (set by the page)
        self.touched: str | None = None  # a touch preview waiting for its confirming tap

    @property
    def active(self) -> bool:
        return self.placement is not None

    @property
    def face(self) -> int:
        return int(self.placement["face"]) if self.placement else 0

    def update(self, placement: "Message | None") -> bool:
        """Takes every view's placement (None: no placement now). A new placement (another face
        or other legal placements) starts from a shape that fits somewhere; returns True then."""
        self.placement = placement or None
        if not placement:
            self.identity = None
            self.shape = None
            self.touched = None
            return False
        identity = json.dumps([placement["face"], placement["legal"]])
        if identity == self.identity:
            return False
        self.identity = identity
        shapes = placement["shapes"]
        self.legal = set(placement["legal"])
        self.fitting = {shape_key(token_shape(token)) for token in placement["legal"]}
        self.families = families_of(shapes)
        current = None if self.shape is None else shape_key(self.shape)
        same_face = current is not None and any(shape_key(shape) == current for shape in shapes)
        if not same_face or current not in self.fitting:
            first = shapes[0]
            for shape in shapes:
                if self.fits(shape):
                    first = shape
                    break
            self.shape = normalise(first)
        self.touched = None
        return True

    def fits(self, shape: "Sequence[Sequence[int]]") -> bool:
        return shape_key(shape) in self.fitting

    def family_fits(self, family: Family) -> bool:
        return any(self.fits(shape) for shape in family.shapes)

    def current_family(self) -> str:
        return family_key(self.shape or [])

    def palette_shown(self) -> bool:
        """The family palette: for a wild shape (face 6) with a choice of families."""
        return self.face == 6 and len(self.families) >= 2

    def suggested_anchor(self) -> "str | None":
        """Where the keyboard cursor goes when a placement starts: the anchor of the first legal
        placement of the current shape."""
        if self.placement is None or self.shape is None:
            return None
        return suggested_anchor(self.placement["legal"], self.shape)

    # -- turning and choosing ------------------------------------------------------------------

    def turn(self, how: "Callable[[list[Cell]], list[Cell]]") -> bool:
        if not self.active or self.shape is None:
            return False
        self.shape = how(self.shape)
        self.touched = None
        return True

    def choose_family(self, key: str) -> bool:
        for family in self.families:
            if family.key == key:
                self.shape = family.shapes[0]
                for shape in family.shapes:
                    if self.fits(shape):
                        self.shape = shape
                        break
                self.touched = None
                return True
        return False

    # -- pointer, touch and keyboard -----------------------------------------------------------

    def hover(self, cell: "str | None") -> bool:
        """The pointer is over ``cell`` (None: no analysis spot); True when that changed."""
        if cell == self.hovered:
            return False
        self.hovered = cell
        return True

    def anchor(self, board_focused: bool, is_analysis: "Callable[[str], bool]") -> "str | None":
        """The anchor shown: the pointer's spot, else the touch preview, else the keyboard
        cursor while the board has the focus."""
        if self.hovered:
            return self.hovered
        if self.touched:
            return self.touched
        if board_focused and self.cursor and is_analysis(self.cursor):
            return self.cursor
        return None

    def click(self, cell: str, via_touch: bool = False) -> "tuple[str, str | None]":
        """A click (or Enter) on the analysis spot ``cell`` while placing: ("preview", None)
        for a first tap (a touch only previews), ("outside", None) when the shape leaves the
        box there (no token the engine can name: the placer says so), else ("place", token)."""
        if via_touch and self.touched != cell:
            self.touched = cell
            return "preview", None
        self.touched = None
        position = cell_position(cell)
        token = None
        if position is not None and self.shape is not None:
            token = placement_at(self.shape, position)[1]
        if token is None:
            return "outside", None
        return "place", token

    # -- what the panel says -------------------------------------------------------------------

    def title(self) -> "Message":
        if self.face == 6:
            return {"key": "ftv-ui.placer.title-wild", "params": {}}
        return {"key": "ftv-ui.placer.title", "params": {"face": self.face}}

    def current_name(self) -> "Message":
        """The title of the current shape's picture."""
        return {"key": "ftv-ui.shape.current", "params": {"shape": shape_name(self.shape or [])}}

    def idle_hint(self) -> "Message":
        """The hint while nothing is previewed."""
        if self.shape is not None and self.fits(self.shape):
            return {"key": "ftv-ui.placer.choose", "params": {}}
        return {"key": "ftv-ui.placer.nowhere", "params": {}}

    def preview(self, anchor: str) -> "Preview":
        """The current shape anchored at the analysis spot ``anchor``."""
        return Preview(self, anchor)


class Preview:
    """The current shape at an anchor: its cells, token (None outside the box), whether it is
    legal, the class of its cells on the board, and the hint with its level."""

    def __init__(self, choice: ShapeChoice, anchor: str) -> None:
        self.anchor = anchor
        position = cell_position(anchor) or (0, 0)
        self.cells, self.token = placement_at(choice.shape or [(0, 0)], position)
        self.legal = self.token is not None and self.token in choice.legal
        self.mark = "preview-legal" if self.legal else "preview-illegal"
        names = " ".join(cell_name(cell) for cell in self.cells if inside(cell))
        if self.token is None:
            self.hint: Message = {"key": "ftv-ui.placer.outside", "params": {}}
            self.level = "error"
        elif choice.touched == anchor and self.legal:
            self.hint = {"key": "ftv-ui.placer.tap-again", "params": {"cells": names}}
            self.level = "ok"
        elif self.legal:
            self.hint = {"key": "ftv-ui.placer.legal", "params": {"cells": names}}
            self.level = "ok"
        else:
            self.hint = {"key": "ftv-ui.placer.illegal", "params": {"cells": names}}
            self.level = "error"


def families_of(shapes: "Sequence[Sequence[Sequence[int]]]") -> "list[Family]":
    """The families of a face's shapes in the order of their first shape, then from small to
    large (a stable sort, written out: MicroPython's sort is not stable)."""
    found: list[Family] = []
    index: dict[str, Family] = {}
    for shape in shapes:
        key = family_key(shape)
        if key not in index:
            index[key] = Family(key)
            found.append(index[key])
        index[key].shapes.append(normalise(shape))
    order = sorted(
        range(len(found)), key=lambda position: (len(found[position].shapes[0]), position)
    )
    return [found[position] for position in order]
