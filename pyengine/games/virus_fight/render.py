"""Virus Fight boards as SVG: a pure function from a position and view options to a document.

The board is a memory chip: pale silicon cells on a dark frame. Every instruction piece is a
square tile whose *type* shows twice, by a fill colour and a glyph (MOVE yellow with a double
arrow, WRITE green with a pen, JUMP blue with a hop arc, ERASE red with a cross), whose *size*
shows twice, by the tile's size (three steps) and its pips (1 to 3), and whose *owner* shows by
a thick outline in the seat's colour, dashed differently for each seat. A small flag in the
tile's lower left corner is drawn in the colour of the set the piece came from (its origin),
so a captured piece stays recognisable. A marker is a round token in its seat's colour on the
cell's upper right corner carrying the seat's number, so colour is never the only cue. Home
segments are washed in their seat's colour with a bar along the board's edge.

Seat colours are Okabe-Ito (colour-blind safe): vermillion, blue, bluish green, reddish purple
and orange for seats 1 to 5.

Only ``size``, ``num_players``, ``phase``, ``board_cells()``, ``home_segment(seat)``,
``instruction()``, ``eliminated``, ``current_player()``, ``program_submitted(seat)``,
``visible_program(seat, viewer)`` (and ``supply(seat)``, ``removed(seat)`` for the supply
strip) are read, so this module imports nothing from the rules.

Every cell is one ``<g class="cell ...">``. Seats in data attributes and classes are 0-based,
as in the engine contract; only the numerals drawn for people are 1-based.

* ``data-cell`` (``c3``); ``data-piece`` (``W2``), ``data-owner`` and ``data-origin`` on an
  occupied cell; ``data-marker`` (the seat whose marker is there); ``data-home`` (the seat
  whose home segment holds the cell).
* Classes: ``cell``; ``empty`` or ``piece``; ``move``, ``write``, ``jump`` or ``erase`` and
  ``size-1`` to ``size-3`` on a piece; ``owner-<seat>``; ``captured`` (owner is not origin);
  ``marked`` and ``marker-<seat>``; ``home`` and ``home-<seat>``; ``current`` (the instruction
  being executed); ``own`` (a piece of ``viewer``); ``pending`` (the viewer's own program
  shown during setup); and, from the view options, ``highlight``, ``selected``, ``last-move``.

The last child of every cell is its click target, ``rect.hit``. Colours are presentation
attributes, so a page stylesheet can re-theme the board through the classes; there are no
inline styles or scripts, so a strict CSP holds.

>>> from types import SimpleNamespace
>>> from pyengine.games.virus_fight import VIRUS_FIGHT
>>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
>>> state.apply("b1:W2 c1:E3 @b1"); state.apply("c5:M1 d5:E2 @d5")
>>> svg = render_svg(state, highlighted=["c5"], last_move=("d5",))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')
True
>>> ('<g class="cell piece write size-2 owner-0 marked marker-0 home home-0" data-cell="b1" '
...  'data-piece="W2" data-owner="0" data-origin="0" data-marker="0" data-home="0">') in svg
True
>>> '<g class="cell piece erase size-2 owner-1 marked marker-1 home home-1 current last-move"' in svg
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from pyengine import svg

__all__ = [
    "SEAT_COLOURS",
    "TYPE_COLOURS",
    "board_geometry",
    "last_move_cells",
    "render_piece_svg",
    "render_supply_svg",
    "render_svg",
]


class VirusFightPosition(Protocol):
    """What the board renderer reads from a Virus Fight state."""

    size: int
    num_players: int

    @property
    def phase(self) -> str: ...
    @property
    def eliminated(self) -> tuple[int, ...]: ...
    def board_cells(self) -> Sequence[tuple[Any, Any, int | None]]: ...
    def home_segment(self, seat: int, /) -> Sequence[Any]: ...
    def instruction(self) -> Any: ...
    def current_player(self) -> int: ...
    def program_submitted(self, seat: int, /) -> bool: ...
    def visible_program(self, seat: int, viewer: int | None, /) -> Any: ...


class SupplyPosition(Protocol):
    """What the supply strip reads from a Virus Fight state."""

    num_players: int

    def supply(self, seat: int, /) -> Sequence[Any]: ...
    def removed(self, seat: int, /) -> int: ...
    @property
    def eliminated(self) -> tuple[int, ...]: ...


# Geometry, in SVG user units. A cell is 100 units; everything else is relative to it.
CELL = 100
MARGIN_PLAIN = 14
PIECE_SIDES = {1: 50.0, 2: 66.0, 3: 82.0}  # three clearly different tile sizes
OUTLINE = 7.0  # the owner's outline, drawn outside the tile's fill
TOKEN_RADIUS = 17.0
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
TYPES = "MWJE"
TYPE_WORDS = {"M": "move", "W": "write", "J": "jump", "E": "erase"}
PIECE_CODES = tuple(f"{kind}{size}" for kind in TYPES for size in (1, 2, 3))

# The chip: a dark frame around pale silicon cells.
FRAME = "#26303b"
FRAME_EDGE = "#111820"
COORDINATE_INK = "#d5dde6"
CELL_FILL = "#eef2f6"
CELL_FILL_ALT = "#e6ebf1"
CELL_LINE = "#b8c3cf"
GLYPH_INK = "#1c2530"
WHITE = "#ffffff"
#: Fill of each piece type (the Rainbow set's hues, lightened so the glyph and pips read).
TYPE_COLOURS = {"M": "#f5d556", "W": "#86cf95", "J": "#8fbdf0", "E": "#f29a93"}
TYPE_EDGES = {"M": "#a88a10", "W": "#3f8a50", "J": "#3f72ad", "E": "#b4483f"}
#: Okabe-Ito colours of seats 0 to 4: vermillion, blue, bluish green, reddish purple, orange.
SEAT_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00")
# A second, colour-free cue for the owner: each seat's outline has its own dash rhythm.
SEAT_DASHES = (None, "16 8", "6 6", "18 6 5 6", "10 5 3 5")
HOME_TINT_OPACITY = 0.2
HIGHLIGHT = "#1f9d55"
SELECTED = "#1d2733"
LAST_MOVE_TINT = "#ffe45c"
LAST_MOVE_EDGE = "#d49a00"

_TURN_WORD = re.compile(
    r"(?:([a-k]\d+)-([a-k]\d+)|\+[MWJE][123]@([a-k]\d+)|x(?:-|([a-k]\d+))|J?@(?:-|([a-k]\d+))|-)\Z"
)


_MARKS = svg.CellMarks(CELL, radius=8)


def board_geometry(
    size: int, *, coordinates: bool = True, flipped: bool = False
) -> svg.GridGeometry:
    """Where :func:`render_svg` puts the cells of a ``size`` by ``size`` board.

    >>> grid = board_geometry(5)
    >>> grid.width, grid.cell_origin(0, 0), grid.cell_at(60, 60)
    (582, (41, 441), (0, 4))
    """
    return svg.labelled_grid(
        size, cell=CELL, coordinates=coordinates, plain_margin=MARGIN_PLAIN, flipped=flipped
    )


def last_move_cells(notation: str) -> tuple[str, ...]:
    """The cells a turn touched, in order and without repeats: the ``last_move`` argument.

    >>> last_move_cells("b2-c2 @c2"), last_move_cells("+W1@d3 @b3"), last_move_cells("J@-")
    (('b2', 'c2'), ('d3', 'b3'), ())
    >>> last_move_cells("xc4 @C3"), last_move_cells("- @c4")
    (('c4', 'c3'), ('c4',))
    """
    words = notation.split()
    if not 1 <= len(words) <= 2:
        raise ValueError(f"{notation!r} is not a Virus Fight turn (xc4 @c3, J@d4, ...)")
    cells: dict[str, None] = {}
    for word in words:
        found = _TURN_WORD.match(word if word.startswith(("+", "J")) else word.lower())
        if found is None:
            raise ValueError(f"{notation!r} is not a Virus Fight turn (xc4 @c3, J@d4, ...)")
        for cell in found.groups():
            if cell:
                cells.setdefault(cell.lower(), None)
    return tuple(cells)


def render_svg(
    state: VirusFightPosition,
    *,
    highlighted: Iterable[str] = (),
    selected: str | None = None,
    last_move: tuple[str, ...] = (),
    coordinates: bool = True,
    flipped: bool = False,
    size: int | None = None,
    title: str | None = None,
    id_prefix: str = "vf",
    viewer: int | None = None,
) -> str:
    """A standalone SVG document showing a Virus Fight position.

    Cells are named in notation (``"c3"``, any case). ``highlighted`` marks legal targets (a
    dot on an empty cell, a ring around a piece), ``selected`` one picked cell (a MOVE's
    source), ``last_move`` the cells of the previous turn (see :func:`last_move_cells`).
    ``viewer`` is the seat looking at the board (0-based; ``None`` for a spectator): during
    setup its own stored program is drawn faded (``pending``), and its pieces get the class
    ``own``. ``flipped`` turns the board half a turn (a1 top right). ``size`` sets the pixel
    width and height; without it only the ``viewBox`` is set. ``id_prefix`` keeps the ids
    unique when several boards share a page.

    Raises ``ValueError`` for a board size off 5-11 style limits, a bad ``id_prefix`` or
    ``viewer``, or a cell name off the board.
    """
    n = state.size
    players = state.num_players
    _check_view(n, players, id_prefix, viewer)
    index_of = svg.cell_indexer(n)
    targets = svg.indices(highlighted, index_of)
    picked = index_of(selected) if selected is not None else None
    previous = svg.indices(last_move, index_of)

    pieces, pending = _placed_pieces(state, n, viewer)
    homes, edges = _homes(state, n, players)
    current = _current(state, n)

    grid = board_geometry(n, coordinates=coordinates, flipped=flipped)
    parts: list[svg.Markup] = [_frame(grid)]
    for file, rank in grid.cells_in_visual_order():
        index = rank * n + file
        piece, marker = pieces.get(index, (None, None))
        parts.append(
            _cell(
                grid,
                file,
                rank,
                piece,
                marker,
                bold=_boldness(n),
                home=homes.get(index),
                edge=edges.get(index),
                current=current[1] if current and current[0] == index else None,
                viewer=viewer,
                pending=index in pending,
                target=index in targets,
                selected=index == picked,
                last=index in previous,
            )
        )
    return svg.board_document(
        grid,
        parts,
        name="Virus Fight",
        title=title,
        id_prefix=id_prefix,
        size=size,
        letters=svg.LATIN_FILES if coordinates else None,
        label_size=None,
        label_ink=COORDINATE_INK,
        attributes=_board_attributes(state, viewer=viewer, flipped=flipped),
        font=FONT,
    )


def _check_view(n: int, players: int, id_prefix: str, viewer: int | None) -> None:
    if not 1 <= n <= len(svg.LATIN_FILES):
        raise ValueError(f"cannot draw a Virus Fight board of size {n}")
    if not 1 <= players <= len(SEAT_COLOURS):
        raise ValueError(f"cannot draw {players} seats (at most {len(SEAT_COLOURS)})")
    svg.check_id_prefix(id_prefix)
    if viewer is not None and not (type(viewer) is int and 0 <= viewer < players):
        raise ValueError(f"viewer must be a seat 0-{players - 1} or None, got {viewer!r}")


def _current(state: VirusFightPosition, n: int) -> tuple[int, int] | None:
    """The cell (index) of the instruction being executed and its seat, if any."""
    instruction = state.instruction()
    if instruction is None:
        return None
    return (instruction.cell.rank * n + instruction.cell.file, instruction.seat)


def _board_attributes(
    state: VirusFightPosition, *, viewer: int | None, flipped: bool
) -> dict[str, object]:
    """The root's data attributes (see the module's documentation)."""
    players = state.num_players
    to_act = state.current_player()
    return {
        "class": "board virus-fight",
        "data-size": state.size,
        "data-players": players,
        "data-phase": state.phase,
        "data-to-move": to_act if 0 <= to_act < players else "none",
        "data-eliminated": " ".join(str(seat) for seat in state.eliminated) or None,
        "data-viewer": viewer,
        "data-flipped": flipped,
    }


def _placed_pieces(
    state: VirusFightPosition, n: int, viewer: int | None
) -> tuple[dict[int, tuple[Any, int | None]], set[int]]:
    """The piece and marker on each occupied cell, by index, and the cells of the viewer's own
    stored program shown during setup (``pending``)."""
    pieces: dict[int, tuple[Any, int | None]] = {}
    for cell, piece, marker in state.board_cells():
        pieces[cell.rank * n + cell.file] = (piece, marker)
    pending: set[int] = set()
    if state.phase == "setup" and viewer is not None:
        program = state.visible_program(viewer, viewer)
        if program is not None:
            for cell, code in program.placements:
                index = cell.rank * n + cell.file
                marker = viewer if cell == program.marker else None
                pieces[index] = (_Piece(code[0], int(code[1]), viewer, viewer), marker)
                pending.add(index)
    return pieces, pending


def _homes(
    state: VirusFightPosition, n: int, players: int
) -> tuple[dict[int, int], dict[int, str]]:
    """The seat whose home segment holds each home cell, and the board edge it lies on."""
    homes: dict[int, int] = {}
    edges: dict[int, str] = {}
    for seat in range(players):
        for cell in state.home_segment(seat):
            index = cell.rank * n + cell.file
            homes[index] = seat
            edges[index] = _edge_side(cell.file, cell.rank, n)
    return homes, edges


class _Piece:
    """A piece of the viewer's own stored program (not yet on the engine's board)."""

    __slots__ = ("kind", "origin", "owner", "size")

    def __init__(self, kind: str, size: int, owner: int, origin: int) -> None:
        self.kind, self.size, self.owner, self.origin = kind, size, owner, origin


def _boldness(size: int) -> float:
    """How much thicker strokes, pips and tokens get: a big board is drawn smaller."""
    return 1 + 0.05 * max(0, size - 5)


def _edge_side(file: int, rank: int, n: int) -> str:
    """Which board edge a home cell lies on (a corner counts as south or north first)."""
    if rank == 0:
        return "south"
    if rank == n - 1:
        return "north"
    return "west" if file == 0 else "east"


def _frame(grid: svg.GridGeometry) -> svg.Markup:
    return svg.board_frame(
        grid, body="frame-body", fill=FRAME, edge_fill=FRAME_EDGE, edge_radius=4, clickable=False
    )


def _cell(
    grid: svg.GridGeometry,
    file: int,
    rank: int,
    piece: Any,
    marker: int | None,
    *,
    bold: float,
    home: int | None,
    edge: str | None,
    current: int | None,
    viewer: int | None,
    pending: bool,
    target: bool,
    selected: bool,
    last: bool,
) -> svg.Markup:
    x, y = grid.cell_origin(file, rank)
    cx, cy = x + CELL / 2, y + CELL / 2
    body: list[svg.Markup] = [
        svg.element(
            "rect",
            {"class": "tile", "x": x, "y": y, "width": CELL, "height": CELL},
            fill=CELL_FILL if (file + rank) % 2 else CELL_FILL_ALT,
            stroke=CELL_LINE,
            stroke_width=1.5,
        )
    ]
    if home is not None and edge is not None:
        body.append(_home_mark(grid, x, y, home, edge))
    if last:
        body.extend(_MARKS.last_move(x, y, LAST_MOVE_TINT, LAST_MOVE_EDGE, opacity=0.6, inset=3))
    if current is not None:
        body.append(_MARKS.outline(x, y, "current-ring", SEAT_COLOURS[current], inset=3, width=6))
    if piece is not None:
        body.append(_piece(cx, cy, piece, pending=pending, bold=bold))
    if target:
        body.append(_target(cx, cy, PIECE_SIDES[piece.size] if piece is not None else None))
    if marker is not None:
        radius = TOKEN_RADIUS * bold
        body.append(
            _marker_token(x + CELL - radius - 3, y + radius + 3, marker, radius, pending=pending)
        )
    if selected:
        body.append(
            _MARKS.selected_ring(
                x, y, SELECTED, WHITE, inset=2, width=6, core_inset=6.5, core_width=2
            )
        )
    body.append(svg.cell_hit(x, y, CELL))
    classes = _cell_classes(
        piece,
        marker,
        home=home,
        current=current,
        viewer=viewer,
        pending=pending,
        target=target,
        selected=selected,
        last=last,
    )
    return svg.element(
        "g",
        {
            "class": classes,
            "data-cell": f"{svg.LATIN_FILES[file]}{rank + 1}",
            "data-piece": f"{piece.kind}{piece.size}" if piece is not None else None,
            "data-owner": piece.owner if piece is not None else None,
            "data-origin": piece.origin if piece is not None else None,
            "data-marker": marker,
            "data-home": home,
        },
        body,
    )


def _cell_classes(
    piece: Any,
    marker: int | None,
    *,
    home: int | None,
    current: int | None,
    viewer: int | None,
    pending: bool,
    target: bool,
    selected: bool,
    last: bool,
) -> str:
    """The classes of a cell's group (see the module's documentation)."""
    return svg.class_list(
        "cell",
        "piece" if piece is not None else "empty",
        TYPE_WORDS[piece.kind] if piece is not None else None,
        f"size-{piece.size}" if piece is not None else None,
        f"owner-{piece.owner}" if piece is not None else None,
        "captured" if piece is not None and piece.owner != piece.origin else None,
        "own" if piece is not None and viewer is not None and piece.owner == viewer else None,
        "pending" if pending else None,
        "marked" if marker is not None else None,
        f"marker-{marker}" if marker is not None else None,
        "home" if home is not None else None,
        f"home-{home}" if home is not None else None,
        "current" if current is not None else None,
        "highlight" if target else None,
        "selected" if selected else None,
        "last-move" if last else None,
    )


def _home_mark(grid: svg.GridGeometry, x: float, y: float, seat: int, edge: str) -> svg.Markup:
    """A wash of the seat's colour and a bar along the board's edge (seen from the viewer)."""
    colour = SEAT_COLOURS[seat]
    if grid.flipped:
        edge = {"south": "north", "north": "south", "west": "east", "east": "west"}[edge]
    bar = 9.0
    bx, by, bw, bh = {
        "south": (x, y + CELL - bar, CELL, bar),
        "north": (x, y, CELL, bar),
        "west": (x, y, bar, CELL),
        "east": (x + CELL - bar, y, bar, CELL),
    }[edge]
    return svg.element(
        "g",
        {"class": "home-mark"},
        svg.element(
            "rect",
            {"class": "home-tint", "x": x, "y": y, "width": CELL, "height": CELL},
            fill_opacity=HOME_TINT_OPACITY,
        ),
        svg.element("rect", {"class": "home-bar", "x": bx, "y": by, "width": bw, "height": bh}),
        fill=colour,
    )


def _glyph_path(kind: str, cx: float, cy: float, s: float) -> str:
    """The type's glyph in a box of half-width ``s`` around (cx, cy), as stroked path data."""

    def p(dx: float, dy: float) -> str:
        return svg.point(cx + dx * s, cy + dy * s)

    if kind == "M":  # a double arrow, right above and left below
        return (
            f"M{p(-0.85, -0.4)}L{p(0.8, -0.4)}M{p(0.4, -0.8)}L{p(0.85, -0.4)}L{p(0.4, 0)}"
            f"M{p(0.85, 0.4)}L{p(-0.8, 0.4)}M{p(-0.4, 0)}L{p(-0.85, 0.4)}L{p(-0.4, 0.8)}"
        )
    if kind == "W":  # a pen: a slanted barrel ending in a nib, writing a stroke
        return (
            f"M{p(0.55, -0.95)}L{p(0.95, -0.55)}L{p(-0.35, 0.75)}L{p(-0.8, 0.85)}"
            f"L{p(-0.7, 0.4)}Z M{p(0.25, -0.65)}L{p(0.65, -0.25)}"
        )
    if kind == "J":  # a hop: a high arc with an arrowhead landing on the right
        return (
            f"M{p(-0.85, 0.7)}C{p(-0.7, -1.05)} {p(0.7, -1.05)} {p(0.85, 0.55)}"
            f"M{p(0.45, 0.25)}L{p(0.85, 0.7)}L{p(1.05, 0.15)}"
        )
    return f"M{p(-0.7, -0.7)}L{p(0.7, 0.7)}M{p(0.7, -0.7)}L{p(-0.7, 0.7)}"  # erase: a cross


def _piece(
    cx: float, cy: float, piece: Any, *, pending: bool = False, bold: float = 1
) -> svg.Markup:
    """A tile: the owner's outline, the type's fill, the origin's flag, the glyph and pips."""
    kind, size, owner, origin = piece.kind, piece.size, piece.owner, piece.origin
    if kind not in TYPE_COLOURS or size not in PIECE_SIDES:
        raise ValueError(f"cannot draw a piece {kind}{size}")
    side = PIECE_SIDES[size]
    half = side / 2
    left, top = cx - half, cy - half
    flag = side * 0.3
    glyph_y = cy - side * 0.1
    glyph_half = side * 0.27
    outline = OUTLINE * bold
    return svg.element(
        "g",
        {
            "class": f"piece-tile {TYPE_WORDS[kind]} size-{size}",
            "opacity": 0.55 if pending else None,
        },
        *_owner_outline(left, top, side, owner, outline),
        svg.element(
            "rect",
            {
                "class": "body",
                "x": left + outline / 2 + 1.5,
                "y": top + outline / 2 + 1.5,
                "width": side - outline - 3,
                "height": side - outline - 3,
            },
            rx=side * 0.1,
            fill=TYPE_COLOURS[kind],
            stroke=TYPE_EDGES[kind],
            stroke_width=1.5,
        ),
        svg.element(
            "path",
            {
                "class": "origin-flag",
                "d": f"M{svg.point(left + 4, top + side - 4)}h{svg.fmt(flag)}"
                f"L{svg.point(left + 4, top + side - 4 - flag)}Z",
            },
            fill=SEAT_COLOURS[origin],
        ),
        svg.element(
            "path",
            {"class": "glyph", "d": _glyph_path(kind, cx, glyph_y, glyph_half)},
            fill="none",
            stroke=GLYPH_INK,
            stroke_width=(2.5 + size * 0.9) * bold,
            stroke_linecap="round",
            stroke_linejoin="round",
        ),
        _pips(cx, cy + side * 0.33, size, bold),
    )


def _owner_outline(
    left: float, top: float, side: float, owner: int, outline: float
) -> tuple[svg.Markup, svg.Markup | None]:
    """The owner's outline around a tile: solid, or faint under the seat's dashes."""
    return (
        svg.element(
            "rect",
            {"class": "owner-outline", "x": left, "y": top, "width": side, "height": side},
            rx=side * 0.14,
            fill=WHITE,
            stroke=SEAT_COLOURS[owner],
            stroke_width=outline,
            stroke_opacity=1 if SEAT_DASHES[owner] is None else 0.4,
        ),
        svg.element(
            "rect",
            {"class": "owner-dashes", "x": left, "y": top, "width": side, "height": side},
            rx=side * 0.14,
            fill="none",
            stroke=SEAT_COLOURS[owner],
            stroke_width=outline,
            stroke_dasharray=SEAT_DASHES[owner],
        )
        if SEAT_DASHES[owner] is not None
        else None,
    )


def _pips(cx: float, pip_y: float, size: int, bold: float) -> svg.Markup:
    """The size shown a second time: one to three dots under the glyph."""
    pip_r = (3.8 + size * 0.5) * bold
    pip_gap = pip_r * 2.7
    pips = [
        svg.element(
            "circle",
            {"cx": cx + (i - (size - 1) / 2) * pip_gap, "cy": pip_y, "r": pip_r},
        )
        for i in range(size)
    ]
    return svg.element("g", {"class": "pips", "fill": GLYPH_INK}, pips)


def _marker_token(
    cx: float, cy: float, seat: int, radius: float = TOKEN_RADIUS, *, pending: bool = False
) -> svg.Markup:
    """The seat's marker: a disc in its colour with the seat's number (1-based) on it."""
    return svg.element(
        "g",
        {"class": f"marker-token seat-{seat}", "opacity": 0.7 if pending else None},
        svg.element(
            "circle",
            {"cx": cx, "cy": cy, "r": radius},
            fill=SEAT_COLOURS[seat],
            stroke=WHITE,
            stroke_width=3.5,
        ),
        svg.element(
            "circle",
            {"cx": cx, "cy": cy, "r": radius + 2.5},
            fill="none",
            stroke=FRAME_EDGE,
            stroke_width=1.5,
        ),
        svg.element(
            "text",
            {"class": "seat-number", "x": cx, "y": cy + radius * 0.47},
            str(seat + 1),
            fill=WHITE,
            font_size=svg.fmt(radius * 1.35),
            font_weight="800",
        ),
    )


def _target(cx: float, cy: float, side: float | None) -> svg.Markup:
    """A legal target: a dot on an empty cell, a rounded ring around a piece."""
    if side is None:
        return svg.element(
            "circle",
            {"class": "target-marker", "cx": cx, "cy": cy, "r": 13},
            fill=HIGHLIGHT,
            fill_opacity=0.8,
            stroke=WHITE,
            stroke_width=3,
        )
    half = side / 2 + OUTLINE / 2 + 4
    return svg.element(
        "rect",
        {"class": "target-marker", "x": cx - half, "y": cy - half},
        width=2 * half,
        height=2 * half,
        rx=half * 0.35,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=4.5,
    )


# -- the supply strip -----------------------------------------------------------------

SLOT = 76  # width of one code's slot in the strip
STRIP_HEIGHT = 112
STRIP_PAD = 18


def render_supply_svg(
    state: SupplyPosition,
    seat: int,
    *,
    size: int | None = None,
    title: str | None = None,
    id_prefix: str = "vfs",
    choices: dict[str, str] | None = None,
) -> str:
    """A compact strip of ``seat``'s supply (0-based): its seat token, then one slot per code
    (``M1`` to ``E3``) with the piece drawn as on the board and the count below it.

    ``choices`` maps codes the player may pick now (a WRITE's piece) to the token a click on
    that slot sends: such a slot gets the class ``choice``, a ``data-click`` attribute and a
    highlight frame.

    Captured pieces keep their origin's flag; a code held from several sets shows one tile per
    origin, fanned out. A slot is a ``<g class="slot ...">`` with ``data-code``,
    ``data-count`` and ``data-origins`` (0-based seats), class ``empty`` when the count is 0
    and ``captured`` when some piece came from another set. ``size`` sets the pixel width
    (the height follows).

    >>> from pyengine.games.virus_fight import VIRUS_FIGHT
    >>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
    >>> strip = render_supply_svg(state, 1)
    >>> '<g class="slot" data-code="J2" data-count="1" data-origins="1">' in strip
    True
    """
    players = state.num_players
    if not (type(seat) is int and 0 <= seat < players):
        raise ValueError(f"seat must be 0-{players - 1}, got {seat!r}")
    svg.check_id_prefix(id_prefix)
    origins: dict[str, dict[int, int]] = {code: {} for code in PIECE_CODES}
    for piece in state.supply(seat):
        code = f"{piece.kind}{piece.size}"
        if code not in origins:
            raise ValueError(f"cannot draw a piece {code}")
        origins[code][piece.origin] = origins[code].get(piece.origin, 0) + 1
    out = seat in state.eliminated
    lead = STRIP_HEIGHT  # the seat token's square
    width = lead + SLOT * len(PIECE_CODES) + STRIP_PAD
    parts: list[svg.Markup] = [
        svg.element(
            "rect",
            {"class": "strip", "width": width, "height": STRIP_HEIGHT},
            rx=12,
            fill=FRAME,
        ),
        _strip_seat(lead / 2, STRIP_HEIGHT / 2, seat, out=out),
    ]
    choices = choices or {}
    for position, code in enumerate(PIECE_CODES):
        parts.append(_slot(lead + position * SLOT, code, origins[code], seat, choices.get(code)))
    return svg.svg_document(
        width,
        STRIP_HEIGHT,
        *parts,
        title=f"Supply of seat {seat + 1}" if title is None else title,
        title_id=f"{id_prefix}-title",
        pixel_size=None if size is None else (size, round(size * STRIP_HEIGHT / width)),
        attributes={
            "class": "supply virus-fight" + (" eliminated" if out else ""),
            "data-seat": seat,
            "data-count": len(state.supply(seat)),
            "data-removed": state.removed(seat),
            "font-family": FONT,
            "text-anchor": "middle",
        },
    )


def render_piece_svg(
    code: str,
    seat: int,
    *,
    size: int | None = None,
    title: str | None = None,
    id_prefix: str = "vfp",
) -> str:
    """One piece of ``seat`` (0-based) alone, drawn as on the board (for a program builder's
    buttons): a cell-sized square with the tile centred, so the three sizes stay comparable.

    >>> render_piece_svg("M3", 1).count('class="piece-tile')
    1
    """
    if not (type(seat) is int and 0 <= seat < len(SEAT_COLOURS)):
        raise ValueError(f"seat must be 0-{len(SEAT_COLOURS) - 1}, got {seat!r}")
    if code not in PIECE_CODES:
        raise ValueError(f"cannot draw a piece {code!r}")
    svg.check_id_prefix(id_prefix)
    return svg.svg_document(
        CELL,
        CELL,
        _piece(CELL / 2, CELL / 2, _Piece(code[0], int(code[1]), seat, seat)),
        title=code if title is None else title,
        title_id=f"{id_prefix}-title",
        pixel_size=None if size is None else (size, size),
        attributes={
            "class": "piece-icon virus-fight",
            "data-code": code,
            "font-family": FONT,
            "text-anchor": "middle",
        },
    )


def _strip_seat(cx: float, cy: float, seat: int, *, out: bool) -> svg.Markup:
    radius = 30.0
    cross = radius * 0.75
    return svg.element(
        "g",
        {"class": f"seat-token seat-{seat}", "opacity": 0.45 if out else None},
        svg.element(
            "circle",
            {"cx": cx, "cy": cy, "r": radius},
            fill=SEAT_COLOURS[seat],
            stroke=WHITE,
            stroke_width=4,
        ),
        svg.element(
            "text",
            {"class": "seat-number", "x": cx, "y": cy + 13},
            str(seat + 1),
            fill=WHITE,
            font_size=38,
            font_weight="800",
        ),
        svg.element(
            "path",
            {
                "class": "eliminated-cross",
                "d": f"M{svg.point(cx - cross, cy - cross)}L{svg.point(cx + cross, cy + cross)}"
                f"M{svg.point(cx + cross, cy - cross)}L{svg.point(cx - cross, cy + cross)}",
            },
            stroke=WHITE,
            stroke_width=6,
            stroke_linecap="round",
        )
        if out
        else None,
    )


def _slot(
    x: float, code: str, origins: dict[int, int], seat: int, click: str | None = None
) -> svg.Markup:
    count = sum(origins.values())
    kind, size = code[0], int(code[1])
    cx, cy = x + SLOT / 2, 44.0
    body: list[svg.Markup] = []
    if click is not None:
        body.append(
            svg.element(
                "rect",
                {"class": "choice-frame", "x": x + 3, "y": 3},
                width=SLOT - 6,
                height=STRIP_HEIGHT - 6,
                rx=10,
                fill=HIGHLIGHT,
                fill_opacity=0.25,
                stroke=HIGHLIGHT,
                stroke_width=4,
            )
        )
    if count == 0:
        half = PIECE_SIDES[size] / 2 * 0.8
        body.append(
            svg.element(
                "rect",
                {"class": "slot-empty", "x": cx - half, "y": cy - half},
                width=2 * half,
                height=2 * half,
                rx=half * 0.25,
                fill="none",
                stroke=CELL_LINE,
                stroke_opacity=0.5,
                stroke_width=2,
                stroke_dasharray="5 5",
            )
        )
    else:
        fanned = sorted(origins)
        shift = 6.0
        for layer, origin in enumerate(fanned):
            offset = (layer - (len(fanned) - 1) / 2) * shift
            tile = _Piece(kind, size, seat, origin)
            body.append(
                svg.element(
                    "g",
                    {"class": "scaled", "transform": _scale_about(cx + offset, cy + offset, 0.8)},
                    _piece(cx + offset, cy + offset, tile),
                )
            )
    body.append(
        svg.element(
            "text",
            {"class": "count", "x": cx, "y": STRIP_HEIGHT - 12},
            f"{count}",
            fill=COORDINATE_INK if count else CELL_LINE,
            fill_opacity=1 if count else 0.6,
            font_size=22,
            font_weight="700",
        )
    )
    classes = svg.class_list(
        "slot",
        "empty" if count == 0 else None,
        "captured" if any(origin != seat for origin in origins) else None,
        "choice" if click is not None else None,
    )
    return svg.element(
        "g",
        {
            "class": classes,
            "data-click": click,
            "data-code": code,
            "data-count": count,
            "data-origins": " ".join(str(origin) for origin in sorted(origins)) or None,
        },
        body,
    )


def _scale_about(cx: float, cy: float, factor: float) -> str:
    return f"translate({svg.point(cx * (1 - factor), cy * (1 - factor))}) scale({svg.fmt(factor)})"
