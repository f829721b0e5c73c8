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
``instruction()``, ``eliminated``, ``current_player()``, ``program_submitted(seat)`` and
``visible_program(seat, viewer)`` are read, so this module imports nothing from the rules. The
pieces and markers are drawn by :mod:`.render_pieces`; the supply strips and the program
builder's piece icons are :mod:`.render_supply`.

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

The geometry (:data:`board_geometry`) maps cells to user units and back:

>>> grid = board_geometry(5)
>>> grid.width, grid.cell_origin(0, 0), grid.cell_at(60, 60)
(582, (41, 441), (0, 4))
>>> from pyengine.games.virus_fight import VIRUS_FIGHT
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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Unpack

from pyengine import svg
from pyengine.games.virus_fight.render_pieces import (
    CELL,
    CELL_FILL,
    CELL_FILL_ALT,
    CELL_LINE,
    COORDINATE_INK,
    FRAME,
    FRAME_EDGE,
    OUTLINE,
    PIECE_SIDES,
    SEAT_COLOURS,
    TOKEN_RADIUS,
    TYPE_COLOURS,
    TYPE_WORDS,
    Piece,
    centred_square,
    draw_piece,
    marker_token,
)
from pyengine.svg.drawing import HIGHLIGHT, LAST_MOVE_EDGE, LAST_MOVE_TINT, SELECTED, WHITE

__all__ = [
    "SEAT_COLOURS",
    "TYPE_COLOURS",
    "board_geometry",
    "last_move_cells",
    "render_svg",
]


class VirusFightPosition(svg.BoardPosition, Protocol):
    """What the board renderer reads from a Virus Fight state, besides its size and the seat
    to act."""

    num_players: int

    @property
    def phase(self) -> str: ...
    @property
    def eliminated(self) -> tuple[int, ...]: ...
    def board_cells(self) -> Sequence[tuple[Any, Any, int | None]]: ...
    def home_segment(self, seat: int, /) -> Sequence[Any]: ...
    def instruction(self) -> Any: ...
    def program_submitted(self, seat: int, /) -> bool: ...
    def visible_program(self, seat: int, viewer: int | None, /) -> Any: ...


MARGIN_PLAIN = 14
HOME_TINT_OPACITY = 0.2

_TURN_WORD = re.compile(
    r"(?:([a-k]\d+)-([a-k]\d+)|\+[MWJE][123]@([a-k]\d+)|x(?:-|([a-k]\d+))|J?@(?:-|([a-k]\d+))|-)\Z"
)


BOARD = svg.SquareBoard(
    name="Virus Fight",
    id_prefix="vf",
    label_ink=COORDINATE_INK,
    plain_margin=MARGIN_PLAIN,
)
_MARKS = svg.CellMarks(
    CELL, radius=8, ring=svg.Ring(SELECTED, WHITE, inset=2, width=6, core_inset=6.5, core_width=2)
)
#: Where :func:`render_svg` puts the cells of a ``size`` by ``size`` board
#: (``board_geometry(size, coordinates=True, flipped=False)``).
board_geometry = BOARD.geometry


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
    state: VirusFightPosition, *, viewer: int | None = None, **view: Unpack[svg.BoardView]
) -> str:
    """A standalone SVG document showing a Virus Fight position, with the ``view``'s marks and
    options (:class:`pyengine.svg.BoardView`; ids start with ``vf`` by default).

    Cells are named in notation (``"c3"``, any case). ``highlighted`` marks legal targets (a
    dot on an empty cell, a ring around a piece), ``selected`` one picked cell (a MOVE's
    source), ``last_move`` the cells of the previous turn (see :func:`last_move_cells`).
    ``viewer`` is the seat looking at the board (0-based; ``None`` for a spectator): during
    setup its own stored program is drawn faded (``pending``), and its pieces get the class
    ``own``.

    Raises ``ValueError`` for a board size off 5-11 style limits, a bad ``id_prefix`` or
    ``viewer``, or a cell name off the board.
    """
    n = state.size
    players = state.num_players
    _check_view(n, players, viewer)
    board = BOARD.start(n, view)
    previous = svg.indices(board.last_move, board.index_of)

    pieces, pending = _placed_pieces(state, n, viewer)
    homes, edges = _homes(state, n, players)
    current = _current(state, n)

    parts = [_frame(board.grid)]
    for at in board.cells():
        index = at.index
        piece, marker = pieces.get(index, (None, None))
        spot = _Spot(
            at,
            piece,
            marker,
            home=homes.get(index),
            edge=edges.get(index),
            current=current[1] if current and current[0] == index else None,
            pending=index in pending,
            last=index in previous,
        )
        parts.append(_cell(board.grid, spot, bold=_boldness(n), viewer=viewer))
    attributes = _board_attributes(state, viewer=viewer, flipped=board.grid.flipped)
    return BOARD.document(board, parts, attributes)


def _check_view(n: int, players: int, viewer: int | None) -> None:
    if not 1 <= n <= len(svg.LATIN_FILES):
        raise ValueError(f"cannot draw a Virus Fight board of size {n}")
    if not 1 <= players <= len(SEAT_COLOURS):
        raise ValueError(f"cannot draw {players} seats (at most {len(SEAT_COLOURS)})")
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
                pieces[index] = (Piece(code[0], int(code[1]), viewer, viewer), marker)
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


@dataclass(frozen=True)
class _Spot:
    """What the cell ``at`` shows: its ``piece`` and ``marker``, the seat whose home segment
    holds it (``home``) and the board edge it lies on, the seat whose instruction is executed
    there (``current``), whether the piece is the viewer's stored program (``pending``), and
    whether the last turn touched it."""

    at: svg.BoardCell
    piece: Any
    marker: int | None
    home: int | None
    edge: str | None
    current: int | None
    pending: bool
    last: bool


def _cell(grid: svg.GridGeometry, spot: _Spot, *, bold: float, viewer: int | None) -> svg.Markup:
    piece, marker, home, edge, current = spot.piece, spot.marker, spot.home, spot.edge, spot.current
    at = spot.at
    x, y = at.x, at.y
    cx, cy = x + CELL / 2, y + CELL / 2
    body: list[svg.Markup] = [
        svg.element(
            "rect",
            {"class": "tile", "x": x, "y": y, "width": CELL, "height": CELL},
            fill=CELL_FILL if (at.file + at.rank) % 2 else CELL_FILL_ALT,
            stroke=CELL_LINE,
            stroke_width=1.5,
        )
    ]
    if home is not None and edge is not None:
        body.append(_home_mark(grid, x, y, home, edge))
    if spot.last:
        body.extend(_MARKS.last_move(x, y, LAST_MOVE_TINT, LAST_MOVE_EDGE, opacity=0.6, inset=3))
    if current is not None:
        body.append(_MARKS.outline(x, y, "current-ring", SEAT_COLOURS[current], inset=3, width=6))
    if piece is not None:
        body.append(draw_piece(cx, cy, piece, pending=spot.pending, bold=bold))
    if at.target:
        body.append(_target(cx, cy, PIECE_SIDES[piece.size] if piece is not None else None))
    if marker is not None:
        radius = TOKEN_RADIUS * bold
        body.append(
            marker_token(
                x + CELL - radius - 3, y + radius + 3, marker, radius, pending=spot.pending
            )
        )
    return _MARKS.group(
        at,
        body,
        {
            "class": _cell_classes(spot, viewer),
            "data-cell": f"{svg.LATIN_FILES[at.file]}{at.rank + 1}",
            "data-piece": f"{piece.kind}{piece.size}" if piece is not None else None,
            "data-owner": piece.owner if piece is not None else None,
            "data-origin": piece.origin if piece is not None else None,
            "data-marker": marker,
            "data-home": home,
        },
    )


def _cell_classes(spot: _Spot, viewer: int | None) -> str:
    """The classes of a cell's group (see the module's documentation)."""
    piece, marker, home = spot.piece, spot.marker, spot.home
    return svg.class_list(
        "cell",
        "piece" if piece is not None else "empty",
        TYPE_WORDS[piece.kind] if piece is not None else None,
        f"size-{piece.size}" if piece is not None else None,
        f"owner-{piece.owner}" if piece is not None else None,
        "captured" if piece is not None and piece.owner != piece.origin else None,
        "own" if piece is not None and viewer is not None and piece.owner == viewer else None,
        "pending" if spot.pending else None,
        "marked" if marker is not None else None,
        f"marker-{marker}" if marker is not None else None,
        "home" if home is not None else None,
        f"home-{home}" if home is not None else None,
        "current" if spot.current is not None else None,
        svg.mark_classes(target=spot.at.target, selected=spot.at.selected, last=spot.last),
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


def _target(cx: float, cy: float, side: float | None) -> svg.Markup:
    """A legal target: a dot on an empty cell, a rounded ring around a piece."""
    if side is None:
        return svg.target_dot("target-marker", cx, cy, 13, HIGHLIGHT, 0.8, 3)
    half = side / 2 + OUTLINE / 2 + 4
    return centred_square(
        "target-marker",
        cx,
        cy,
        half,
        rx=half * 0.35,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=4.5,
    )
