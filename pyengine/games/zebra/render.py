"""Zebra boards as SVG: a pure function from a position and view options to a document.

Only the position's plain attributes are read (``size``, ``cells``, ``holes``, ``neutral``,
``current_player()``), so this module imports nothing from the rules.

Every cell is one ``<g class="cell ...">`` with ``data-cell``, ``data-kind``, ``data-top`` and
``data-height``; colours are presentation attributes, so a page stylesheet can re-theme the
board through the classes, and there are no inline styles or scripts for a strict CSP to block.

A board's geometry (:data:`board_geometry`) turns a click into a cell, for instance:

>>> grid = board_geometry(4)
>>> grid.width, grid.cell_origin(0, 0), grid.cell_at(40, 40)
(468, (34, 334), (0, 3))
>>> from types import SimpleNamespace
>>> start = SimpleNamespace(size=3, cells=(-1, 1, -1, 1, -2, 1, -1, 1, -1), holes=frozenset(),
...                         neutral=None, current_player=lambda: 0)
>>> svg = render_svg(start, highlighted=["b2"], last_move=("a2", "b2"))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 368 368"')
True
>>> '<g class="cell tower black highlight last-move last-to" data-cell="b2"' in svg
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Protocol, Unpack

from pyengine import svg

__all__ = ["board_geometry", "last_move_cells", "render_svg"]


class ZebraPosition(svg.BoardPosition, Protocol):
    """What the renderer reads from a Zebra state besides its size and the seat to move
    (read-only, so frozen states fit)."""

    @property
    def cells(self) -> Sequence[int]: ...
    @property
    def holes(self) -> AbstractSet[int]: ...
    @property
    def neutral(self) -> int | None: ...


# Geometry, in SVG user units. A cell is 100 units; everything else is relative to it.
CELL = 100
MARGIN_WITH_COORDINATES = 34
MARGIN_PLAIN = 12
DISC_RX = 34.0  # half-width of a disc
DISC_RY = 12.5  # half-height of its top face: the board is seen slightly from the side
DISC_THICKNESS = 9.0  # full stacking step; tall towers get a smaller one
STACK_PAD = 6.0  # space kept free between a stack and its cell's edge
HEX_RX = 42.0  # the neutral base: a flat stone hexagon
HEX_THICKNESS = 12.0
PERSPECTIVE = DISC_RY / DISC_RX

# A few flat colours: a walnut frame around maple tiles, ivory and ebony discs.
FRAME = "#6b4528"
FRAME_EDGE = "#452a15"
COORDINATE_INK = "#f3e2c0"
TILE_LIGHT = "#ecd6a8"
TILE_DARK = "#e2c792"
TILE_GROOVE = "#b78d58"
DEAD_TILE = "#b99468"
DEAD_SHADOW = "#8a6840"
DEAD_LIGHT = "#d2b389"
DEAD_HATCH = "#97744b"
HOLE_TILE = "#a8825a"
HOLE_RIM = "#5b3d25"
HOLE_PIT = "#21160e"
HOLE_DEPTH = "#0e0906"
SHADOW = "#3a2410"
DISC_COLOURS = {
    # colour: (top face, side, outline, top-face groove, numeral)
    "white": ("#faf5ea", "#d8ccb5", "#3b3128", "#ddd2bd", "#2e2620"),
    "black": ("#3b3942", "#1d1c22", "#0d0c10", "#57545f", "#fbf6ec"),
}
NEUTRAL_TOP = "#b7bec6"
NEUTRAL_SIDE = "#858e98"
NEUTRAL_OUTLINE = "#454c55"
NEUTRAL_RING = "#4f5862"
NEUTRAL_DOT = "#eef1f4"
TARGET = "#1f9d55"
TARGET_TINT = "#4cc47f"
TARGET_CORE = "#ffffff"
SELECTED = "#2a62d0"
SELECTED_CORE = "#ffffff"
LAST_MOVE_TINT = "#f5c542"
LAST_MOVE_EDGE = "#d1900f"
ARROW = "#b8740a"

_ACTION = re.compile(r"\s*(?:([a-z]\d+)\s*-\s*([a-z]\d+)|@\s*([a-z]\d+)|x\s*([a-z]\d+))\s*\Z")


BOARD = svg.SquareBoard(
    name="Zebra",
    id_prefix="zb",
    label_ink=COORDINATE_INK,
    plain_margin=MARGIN_PLAIN,
    margin=MARGIN_WITH_COORDINATES,
    label_size=21,
)
_MARKS = svg.CellMarks(
    CELL,
    radius=6,
    ring=svg.Ring(SELECTED, SELECTED_CORE, inset=4.5, width=7.0, core_inset=9.0, core_width=1.5),
)
#: Where :func:`render_svg` puts the cells of a ``size`` by ``size`` board
#: (``board_geometry(size, coordinates=True, flipped=False)``).
board_geometry = BOARD.geometry


def last_move_cells(notation: str) -> tuple[str, ...]:
    """The cells an action touched, from its notation: the ``last_move`` argument.

    >>> last_move_cells("c2-d2"), last_move_cells("@C2"), last_move_cells("x c3")
    (('c2', 'd2'), ('c2',), ('c3',))
    """
    found = _ACTION.match(notation.lower())
    if found is None:
        raise ValueError(f"{notation!r} is not a Zebra move, placement or removal")
    return tuple(cell for cell in found.groups() if cell)


def render_svg(state: ZebraPosition, **view: Unpack[svg.BoardView]) -> str:
    """A standalone SVG document showing a Zebra position, with the ``view``'s marks and
    options (:class:`pyengine.svg.BoardView`; ids start with ``zb`` by default).

    Cells are named in notation (``"c2"``, any case). ``highlighted`` marks legal targets,
    ``selected`` the picked source, ``last_move`` the cells of the last action (``(from, to)``
    or ``(cell,)``; see :func:`last_move_cells`).

    Raises ``ValueError`` for an inconsistent position or a cell name off the board.
    """
    n = state.size
    cells = tuple(state.cells)
    if not 1 <= n <= len(svg.LATIN_FILES) or len(cells) != n * n:
        raise ValueError(f"a Zebra position of size {n} needs {n * n} cells, got {len(cells)}")
    last_move = view.get("last_move", ())
    if len(last_move) > 2:
        raise ValueError(f"last_move names at most two cells, got {last_move!r}")
    board = BOARD.start(n, view)
    touched = [board.index_of(name) for name in last_move]
    last_from = touched[0] if len(touched) == 2 else None
    last_to = touched[-1] if touched else None

    parts = [_frame(board.grid)]
    for at in board.cells():
        base = (
            "hole" if at.index in state.holes else "neutral" if at.index == state.neutral else None
        )
        parts.append(
            _cell(at, cells[at.index], base, last=(at.index == last_from, at.index == last_to))
        )
    if last_from is not None and last_to is not None and last_from != last_to:
        parts.append(_arrow(board.grid, divmod(last_from, n)[::-1], divmod(last_to, n)[::-1]))
    attributes = {
        "class": "board zebra",
        "data-size": n,
        "data-to-move": {0: "white", 1: "black"}.get(state.current_player(), "none"),
        "data-flipped": board.grid.flipped,
    }
    return BOARD.document(board, parts, attributes)


def _frame(grid: svg.GridGeometry) -> svg.Markup:
    return svg.board_frame(grid, body="frame-wood", fill=FRAME, edge_fill=FRAME_EDGE, edge_radius=3)


def _cell(
    at: svg.BoardCell, value: int, base: str | None, *, last: tuple[bool, bool]
) -> svg.Markup:
    """The cell ``at`` holding ``value`` (a tower's height, positive for White), on a
    ``base`` ("hole", "neutral" or None); ``last``: whether the last move left it, entered
    it."""
    name = f"{svg.LATIN_FILES[at.file]}{at.rank + 1}"
    if base == "hole" and value:
        raise ValueError(f"hole {name} holds a tower ({value})")
    top = "white" if value > 0 else "black" if value < 0 else None
    height = abs(value)
    kind = base or ("tower" if top else "empty")
    x, y = at.x, at.y
    cx = x + CELL / 2
    last_from, last_to = last

    body: list[svg.Markup] = []
    if kind == "hole":
        body.append(_hole(x, y))
    elif kind == "empty":
        body.append(_dead_tile(x, y))
    else:
        body.append(_tile(x, y, TILE_LIGHT if (at.file + at.rank) % 2 == 1 else TILE_DARK))
    if at.target:
        body.append(_MARKS.tint(x, y, "target-tint", TARGET_TINT, 0.24))
    if last_from or last_to:
        body.extend(_MARKS.last_move(x, y, LAST_MOVE_TINT, LAST_MOVE_EDGE, opacity=0.36, inset=2.5))

    pieces, marker_at = _pieces(kind, cx, y, height, top or "white")
    body.extend(pieces)
    if at.target:
        body.append(_target_marker(cx, y, marker_at))
    classes = svg.class_list(
        "cell",
        kind,
        "tower" if kind == "neutral" and top else None,
        top,
        svg.mark_classes(target=at.target, selected=at.selected, last=last_from or last_to),
        "last-from" if last_from else None,
        "last-to" if last_to else None,
    )
    data = {"data-kind": kind, "data-top": top or "none", "data-height": height}
    return _MARKS.group(at, body, {"class": classes, "data-cell": name, **data})


def _pieces(
    kind: str, cx: float, y: float, height: int, top: str
) -> tuple[list[svg.Markup], tuple[float, float, float] | None]:
    """What stands on a cell (a tower, or the neutral base and its stack) and where a target
    ring goes over it: the centre y and radii of the ring, or ``None`` for an empty cell."""
    body: list[svg.Markup] = []
    marker_at: tuple[float, float, float] | None = None
    if kind == "tower":
        floor, step = _stack_layout(
            y, height, floor_default=57.0, floor_max=CELL - STACK_PAD - DISC_RY
        )
        body.append(_shadow(cx, floor))
        body.append(_stack(cx, floor, height, top, step))
        marker_at = (floor - DISC_THICKNESS - step * (height - 1), DISC_RX, DISC_RY)
    elif kind == "neutral":
        hex_ry = HEX_RX * math.sin(math.pi / 3) * PERSPECTIVE
        floor_max = CELL - STACK_PAD - hex_ry - HEX_THICKNESS
        floor, step = _stack_layout(
            y, height, floor_default=50.0 if height == 0 else 60.0, floor_max=floor_max
        )
        body.append(_shadow(cx, floor + HEX_THICKNESS / 2, rx=HEX_RX))
        body.append(_neutral_base(cx, floor))
        if height:
            body.append(_stack(cx, floor, height, top, step))
            marker_at = (floor - DISC_THICKNESS - step * (height - 1), DISC_RX, DISC_RY)
        else:
            marker_at = (floor, HEX_RX, hex_ry)
    return body, marker_at


def _stack_layout(
    y: float, height: int, *, floor_default: float, floor_max: float
) -> tuple[float, float]:
    """Where a stack stands (``floor``: the bottom disc's lower face) and its disc step.

    Short stacks sit near the middle of the cell; taller ones first move down, then get a
    smaller step, so even a 20-high tower stays inside its cell.
    """
    top_limit = STACK_PAD + DISC_RY  # highest allowed centre of the top face
    rise = DISC_THICKNESS * max(height, 1)
    floor = min(max(floor_default, top_limit + rise), floor_max)
    step = DISC_THICKNESS
    if height > 1 and floor - rise < top_limit:
        step = (floor - top_limit - DISC_THICKNESS) / (height - 1)
    return y + floor, step


def _tile(x: float, y: float, fill: str) -> svg.Markup:
    """A maple tile in ``fill`` (a dead cell's and a hole's too), with its groove."""
    return svg.element(
        "rect",
        {"class": "tile", "x": x, "y": y, "width": CELL, "height": CELL},
        fill=fill,
        stroke=TILE_GROOVE,
        stroke_width=1.5,
    )


def _dead_tile(x: float, y: float) -> svg.Markup:
    """A sunken, cross-hatched tile: nothing may ever enter this cell again."""
    inset = 7.0
    left, top, right, bottom = x + inset, y + inset, x + CELL - inset, y + CELL - inset
    spacing = 12.0
    side = right - left
    strokes = []
    offset = spacing / 2
    while offset < 2 * side:  # diagonals x + y = const, clipped to the inner square
        x1, y1 = left + min(offset, side), top + max(0.0, offset - side)
        x2, y2 = left + max(0.0, offset - side), top + min(offset, side)
        strokes.append(f"M{svg.point(x1, y1)}L{svg.point(x2, y2)}")
        offset += spacing
    return svg.element(
        "g",
        {"class": "dead"},
        _tile(x, y, DEAD_TILE),
        svg.stroked("hatch", "".join(strokes), DEAD_HATCH, 2, stroke_linecap="round"),
        svg.stroked(
            "bevel-shadow",
            f"M{svg.point(left, bottom)}V{svg.fmt(top)}H{svg.fmt(right)}",
            DEAD_SHADOW,
            4,
            stroke_linecap="round",
            stroke_linejoin="round",
        ),
        svg.stroked(
            "bevel-light",
            f"M{svg.point(right, top)}V{svg.fmt(bottom)}H{svg.fmt(left)}",
            DEAD_LIGHT,
            4,
            stroke_linecap="round",
            stroke_linejoin="round",
        ),
    )


def _hole(x: float, y: float) -> svg.Markup:
    """A round pit with a shaded far wall: there never was a cell here."""
    cx, cy = x + CELL / 2, y + CELL / 2
    return svg.element(
        "g",
        {"class": "pit"},
        _tile(x, y, HOLE_TILE),
        svg.element("circle", {"class": "pit-rim", "cx": cx, "cy": cy, "r": 39}, fill=HOLE_RIM),
        svg.element(
            "circle", {"class": "pit-floor", "cx": cx, "cy": cy + 2, "r": 33}, fill=HOLE_PIT
        ),
        svg.element(
            "ellipse",
            {"class": "pit-depth", "cx": cx, "cy": cy - 5, "rx": 27, "ry": 24},
            fill=HOLE_DEPTH,
        ),
    )


def _shadow(cx: float, floor: float, *, rx: float = DISC_RX) -> svg.Markup:
    return svg.element(
        "ellipse",
        {
            "class": "shadow",
            "cx": cx + 2,
            "cy": floor + 2.5,
            "rx": rx + 2,
            "ry": rx * PERSPECTIVE + 2,
        },
        fill=SHADOW,
        fill_opacity=0.28,
    )


def _stack(cx: float, floor: float, height: int, top: str, step: float) -> svg.Markup:
    """``height`` discs from the bottom up, alternating colours so that ``top`` ends on top."""
    other = "black" if top == "white" else "white"
    discs = []
    for level in range(height):
        colour = top if (height - 1 - level) % 2 == 0 else other
        cy = floor - DISC_THICKNESS - level * step  # centre of this disc's top face
        discs.append(_disc(cx, cy, colour, top=level == height - 1))
    if height >= 2:
        font_size = 22
        cy = floor - DISC_THICKNESS - (height - 1) * step
        discs.append(
            svg.element(
                "text",
                {"class": "height", "x": cx, "y": cy + font_size * 0.36},
                str(height),
                fill=DISC_COLOURS[top][4],
                font_size=font_size,
                font_weight="700",
            )
        )
    return svg.element("g", {"class": "stack"}, discs, stroke_width=1.5)


def _disc(cx: float, cy: float, colour: str, *, top: bool) -> svg.Markup:
    face, side, outline, groove, _ = DISC_COLOURS[colour]
    left, right = cx - DISC_RX, cx + DISC_RX
    radii = f"{svg.fmt(DISC_RX)} {svg.fmt(DISC_RY)}"
    side_path = (
        f"M{svg.point(left, cy)}V{svg.fmt(cy + DISC_THICKNESS)}"
        f"A{radii} 0 0 0 {svg.point(right, cy + DISC_THICKNESS)}V{svg.fmt(cy)}Z"
    )
    parts = [
        svg.element("path", {"class": "side", "d": side_path}, fill=side),
        svg.element(
            "ellipse",
            {"class": "face", "cx": cx, "cy": cy, "rx": DISC_RX, "ry": DISC_RY},
            fill=face,
        ),
    ]
    if top:
        parts.append(
            svg.element(
                "ellipse",
                {"class": "groove", "cx": cx, "cy": cy, "rx": DISC_RX * 0.7, "ry": DISC_RY * 0.7},
                fill="none",
                stroke=groove,
                stroke_width=2,
            )
        )
    return svg.element(
        "g",
        {"class": f"disc {colour}"},
        parts,
        stroke=outline,
    )


def _hexagon_point(cx: float, cy: float, corner: int) -> tuple[float, float]:
    angle = corner * math.pi / 3
    return cx + HEX_RX * math.cos(angle), cy + HEX_RX * math.sin(angle) * PERSPECTIVE


def _neutral_base(cx: float, floor: float) -> svg.Markup:
    """A flat grey stone hexagon with a ring on top; ``floor`` is the centre of its top."""
    top = [_hexagon_point(cx, floor, corner) for corner in range(6)]
    front = top[:4]  # right, lower right, lower left, left
    side = front + [(px, py + HEX_THICKNESS) for px, py in reversed(front)]
    ring_rx = HEX_RX * 0.5
    return svg.element(
        "g",
        {"class": "base"},
        svg.element(
            "polygon",
            {"class": "side", "points": " ".join(svg.point(px, py) for px, py in side)},
            fill=NEUTRAL_SIDE,
        ),
        svg.element(
            "polygon",
            {"class": "face", "points": " ".join(svg.point(px, py) for px, py in top)},
            fill=NEUTRAL_TOP,
        ),
        svg.element(
            "ellipse",
            {"class": "ring", "cx": cx, "cy": floor, "rx": ring_rx, "ry": ring_rx * PERSPECTIVE},
            fill="none",
            stroke=NEUTRAL_RING,
            stroke_width=3.5,
        ),
        svg.element(
            "ellipse",
            {"class": "dot", "cx": cx, "cy": floor, "rx": 7, "ry": 7 * PERSPECTIVE},
            fill=NEUTRAL_DOT,
        ),
        stroke=NEUTRAL_OUTLINE,
        stroke_width=1.5,
        stroke_linejoin="round",
    )


def _target_marker(cx: float, y: float, ring: tuple[float, float, float] | None) -> svg.Markup:
    """A two-tone ring around the top of a target, a dot on an empty cell: clear on both colours."""
    if ring is None:
        return svg.element(
            "g",
            {"class": "target"},
            svg.element(
                "circle",
                {"class": "target-dot", "cx": cx, "cy": y + CELL / 2, "r": 11},
                fill=TARGET,
            ),
            svg.element(
                "circle",
                {"class": "target-core", "cx": cx, "cy": y + CELL / 2, "r": 4.5},
                fill=TARGET_CORE,
            ),
        )
    cy, rx, ry = ring
    outer = {"cx": cx, "cy": cy, "rx": rx + 6, "ry": ry + 5}
    return svg.element(
        "g",
        {"class": "target"},
        svg.element(
            "ellipse", {"class": "target-ring", **outer}, fill="none", stroke=TARGET, stroke_width=6
        ),
        svg.element(
            "ellipse",
            {"class": "target-core", **outer},
            fill="none",
            stroke=TARGET_CORE,
            stroke_width=1.5,
        ),
    )


def _arrow(grid: svg.GridGeometry, source: tuple[int, int], target: tuple[int, int]) -> svg.Markup:
    """A thin arrow from the centre of ``source`` towards ``target`` (both ``(file, rank)``)."""
    x1, y1 = grid.cell_center(*source)
    x2, y2 = grid.cell_center(*target)
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    # Keep the arrow near the cell borders, where it hides no numeral: it starts a little
    # inside the source and ends a little inside the target, whatever the distance.
    to_border = (CELL / 2) / max(abs(ux), abs(uy))
    # A vertical arrow would cross the numerals on top of tall stacks: run it beside them.
    shift = 41.0 if ux == 0 else 0.0
    start = (x1 + shift + ux * (to_border - 26), y1 + uy * (to_border - 26))
    tip = (x2 + shift - ux * (to_border - 22), y2 - uy * (to_border - 22))
    head_length, half_width = 19.0, 11.0
    base = (tip[0] - ux * head_length, tip[1] - uy * head_length)
    head = [
        tip,
        (base[0] - uy * half_width, base[1] + ux * half_width),
        (base[0] + uy * half_width, base[1] - ux * half_width),
    ]
    return svg.element(
        "g",
        {"class": "last-move-arrow"},
        svg.element(
            "path",
            {"class": "arrow-shaft", "d": f"M{svg.point(*start)}L{svg.point(*base)}"},
            stroke=ARROW,
            stroke_width=7,
            stroke_linecap="round",
        ),
        svg.element(
            "polygon",
            {"class": "arrow-head", "points": " ".join(svg.point(px, py) for px, py in head)},
            fill=ARROW,
        ),
        opacity=0.82,
        pointer_events="none",
    )
