"""Virus War boards as SVG: a pure function from a position and view options to a document.

The board is squared paper from a lab notebook. Crosses are bold crimson strokes, noughts thick
blue rings, so shape as well as colour tells them apart. A dead symbol belongs to its killer's
fortress and wears the killer's mark, as on paper: a dead cross is faded and circled in blue,
a dead nought is filled in solid crimson; a faint wash of the owner's colour makes fortress
walls readable at a glance.

Only ``size``, ``cell_content(index)`` and ``current_player()`` are read, so this module
imports nothing from the rules. Every cell is one ``<g class="cell ...">`` with ``data-cell``
and ``data-content``; colours are presentation attributes, so a page stylesheet can re-theme
the board through the classes, and there are no inline styles or scripts for a strict CSP.

Cell classes: ``cell``; ``empty``, ``live`` or ``dead``; ``x`` or ``o`` (the symbol);
``fortress-x`` or ``fortress-o`` on dead cells (whose fortress); ``home-x`` or ``home-o`` on a
home corner while its player has no symbol; and, from the view options, ``highlight``,
``selected``, ``last-move``, ``turn-step`` (with ``data-turn-step`` 1 to 3) and ``reach``.
``data-content`` is ``empty``, ``x-live``, ``o-live``, ``x-dead`` or ``o-dead``. The last child
of every cell is its click target, ``rect.hit``.

:data:`board_geometry` says where the cells go, in user units, and which cell a point is in:

>>> grid = board_geometry(6)
>>> grid.width, grid.cell_origin(0, 0), grid.cell_at(60, 60)
(686, (43, 543), (0, 5))
>>> from types import SimpleNamespace
>>> board = ".........X.O.o.x"  # a1 b1 c1 d1 a2 ... d4: a 4x4 toy board
>>> toy = SimpleNamespace(size=4, cell_content=board.__getitem__, current_player=lambda: 0)
>>> svg = render_svg(toy, highlighted=["c2"], turn_cells=["b3"])
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')
True
>>> '<g class="cell live x turn-step" data-cell="b3" data-content="x-live"' in svg
True
>>> '<g class="cell dead o fortress-x" data-cell="b4" data-content="o-dead"' in svg
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import Protocol, Unpack

from pyengine import svg

__all__ = ["board_geometry", "last_move_cells", "render_svg"]


class VirusWarPosition(svg.BoardPosition, Protocol):
    """What the renderer reads from a Virus War state, besides its size and the seat to
    move."""

    def cell_content(self, index: int, /) -> str: ...


# Geometry, in SVG user units. A cell is 100 units; everything else is relative to it.
CELL = 100
MARGIN_PLAIN = 14
MAX_TURN_STEPS = 3

# Notebook paper, blue rules, crimson and blue ink.
PAPER = "#fbfaf4"
PAPER_EDGE = "#d9d4c3"
RULE_MINOR = "#e3ebf1"  # the fine squares of the paper
RULE = "#9dbcd4"  # the cell lines
RULE_BORDER = "#5d88ad"
COORDINATE_INK = "#55718c"
X_INK = "#c41e3a"
O_INK = "#1f5fae"
NEUTRAL_INK = "#4a5563"  # markers when nobody is to move
INK = {"x": X_INK, "o": O_INK}
OTHER = {"x": "o", "o": "x"}
FORTRESS_TINT_OPACITY = {"x": 0.11, "o": 0.13}
REACH_TINT_OPACITY = 0.07
HIGHLIGHTER = "#ffe45c"  # the last turn, marked as with a highlighter pen
HIGHLIGHTER_EDGE = "#e0a400"
SELECTED = "#1d2733"
WHITE = "#ffffff"

_CONTENTS = {
    # diagram token: (data-content, state, symbol)
    ".": ("empty", "empty", None),
    "X": ("x-live", "live", "x"),
    "O": ("o-live", "live", "o"),
    "x": ("x-dead", "dead", "x"),
    "o": ("o-dead", "dead", "o"),
}
_TURN = re.compile(r"[a-z]\d+(?:-[a-z]\d+){0,2}\Z")
_PLAYER = {0: "x", 1: "o"}


BOARD = svg.SquareBoard(
    name="Virus War",
    id_prefix="vw",
    label_ink=COORDINATE_INK,
    plain_margin=MARGIN_PLAIN,
    letters=svg.FILES_WITHOUT_J,
    aliases={"j": "k"},
)
_MARKS = svg.CellMarks(
    CELL, radius=8, ring=svg.Ring(SELECTED, WHITE, inset=5, width=6, core_inset=9.5, core_width=2)
)
#: Where :func:`render_svg` puts the cells of a ``size`` by ``size`` board
#: (``board_geometry(size, coordinates=True, flipped=False)``).
board_geometry = BOARD.geometry


def last_move_cells(notation: str) -> tuple[str, ...]:
    """The cells a turn stepped on, from its notation: the ``last_move`` argument.

    >>> last_move_cells("a1-b2-c3"), last_move_cells(" K10 "), last_move_cells("pass")
    (('a1', 'b2', 'c3'), ('k10',), ())
    """
    text = notation.strip().lower()
    if text in ("pass", "--"):
        return ()
    if not _TURN.match(text):
        raise ValueError(f"{notation!r} is not a Virus War turn (steps like a1-b2-c3, or pass)")
    return tuple(text.split("-"))


def render_svg(
    state: VirusWarPosition,
    *,
    turn_cells: Iterable[str] = (),
    reach: Iterable[str] = (),
    **view: Unpack[svg.BoardView],
) -> str:
    """A standalone SVG document showing a Virus War position, with the ``view``'s marks and
    options (:class:`pyengine.svg.BoardView`; ids start with ``vw`` by default).

    Cells are named in notation (``"k10"``, any case, ``j`` read as ``k``).
    ``highlighted`` marks the legal steps (a dot on an empty cell, a crosshair on a symbol to
    kill), ``selected`` one picked cell, ``last_move`` the cells of the previous turn (see
    :func:`last_move_cells`), ``turn_cells`` the steps made so far in the current turn, in
    order (numbered badges), and ``reach`` the cells accessible to the player to move (a faint
    wash).

    Raises ``ValueError`` for an unknown cell content or a cell name off the board.
    """
    n = state.size
    if not 1 <= n <= len(svg.FILES_WITHOUT_J):
        raise ValueError(f"cannot draw a Virus War board of size {n}")
    contents = _contents(state, n)
    board = BOARD.start(n, view)
    accessible = svg.indices(reach, board.index_of)
    previous = set(_distinct(board.last_move, "last_move", board.index_of))
    turn = _distinct(turn_cells, "turn_cells", board.index_of)
    steps = {index: order for order, index in enumerate(turn, 1)}

    mover = _PLAYER.get(state.current_player())
    homes = _open_homes(contents, n)
    cells = [
        _cell(
            at,
            contents[at.index],
            mover=mover,
            last=at.index in previous,
            step=steps.get(at.index),
            reach=at.index in accessible,
            home=homes.get(at.index),
        )
        for at in board.cells()
    ]
    attributes = {
        "class": "board virus-war",
        "data-size": n,
        "data-to-move": mover or "none",
        "data-flipped": board.grid.flipped,
    }
    return BOARD.document(board, [_paper(board.grid), *cells], attributes)


def _distinct(names: Iterable[str], what: str, index_of: Callable[[str], int]) -> list[int]:
    """The indices of the cells of one turn, checked: at most three, none twice."""
    given = list(names)
    found = [index_of(name) for name in given]
    if len(found) > MAX_TURN_STEPS or len(set(found)) != len(found):
        raise ValueError(f"{what} names at most 3 distinct cells (a turn), got {given!r}")
    return found


def _open_homes(contents: list[str], n: int) -> dict[int, str]:
    """The home corners still marked: empty, and their player has no symbol on the board."""
    present = {symbol for token in contents if (symbol := _CONTENTS[token][2])}
    homes = {n * n - 1: "o", 0: "x"}  # X's corner wins on a 1x1 board
    return {
        index: player
        for index, player in homes.items()
        if player not in present and contents[index] == "."
    }


def _contents(state: VirusWarPosition, n: int) -> list[str]:
    """The checked content token of every cell, by index."""
    contents = []
    for index in range(n * n):
        token = state.cell_content(index)
        if token not in _CONTENTS:
            raise ValueError(f"cell {_name(n, index)} holds {token!r}, not one of . X O x o")
        contents.append(token)
    return contents


def _name(n: int, index: int) -> str:
    rank, file = divmod(index, n)
    return f"{svg.FILES_WITHOUT_J[file]}{rank + 1}"


def _paper(grid: svg.GridGeometry) -> svg.Markup:
    """The sheet, its fine squares (four to a cell), the cell lines and the board's edge."""
    n, margin = grid.files, grid.margin
    side = n * CELL
    far = margin + side
    minor = []
    quarter = CELL / 4
    steps = math.floor(grid.width / quarter)
    offset = margin % quarter  # so the fine squares line up with the cells
    for step in range(steps + 1):
        at = offset + step * quarter
        if at % CELL != margin % CELL:  # the cell lines are drawn separately
            minor.append(
                f"M{svg.fmt(at)},0V{svg.fmt(grid.height)}M0,{svg.fmt(at)}H{svg.fmt(grid.width)}"
            )
    major = []
    for line in range(1, n):
        at = margin + line * CELL
        major.append(
            f"M{svg.fmt(at)},{svg.fmt(margin)}V{svg.fmt(far)}M{svg.fmt(margin)},{svg.fmt(at)}H{svg.fmt(far)}"
        )
    return svg.element(
        "g",
        {"class": "paper", "pointer-events": "none"},
        svg.element(
            "rect",
            {"class": "sheet", "width": grid.width, "height": grid.height},
            rx=min(12.0, margin),
            fill=PAPER,
            stroke=PAPER_EDGE,
            stroke_width=2,
        ),
        svg.stroked("fine-rules", "".join(minor), RULE_MINOR, 1.5),
        # the cell lines: a little bolder when the board is drawn smaller
        svg.stroked("rules", "".join(major), RULE, 2 + 0.1 * n),
        svg.element(
            "rect",
            {"class": "edge", "x": margin, "y": margin, "width": side, "height": side},
            fill="none",
            stroke=RULE_BORDER,
            stroke_width=3 + 0.15 * n,
        ),
    )


def _cell(
    at: svg.BoardCell,
    token: str,
    *,
    mover: str | None,
    last: bool,
    step: int | None,
    reach: bool,
    home: str | None,
) -> svg.Markup:
    content, state, symbol = _CONTENTS[token]
    x, y = at.x, at.y
    cx, cy = x + CELL / 2, y + CELL / 2
    owner = OTHER[symbol] if state == "dead" and symbol else None  # whose fortress it is

    body: list[svg.Markup] = []
    if owner:
        body.append(_MARKS.tint(x, y, "fortress-tint", INK[owner], FORTRESS_TINT_OPACITY[owner]))
    if reach and mover:
        body.append(_MARKS.tint(x, y, "reach-tint", INK[mover], REACH_TINT_OPACITY))
    if last:
        body.extend(_MARKS.last_move(x, y, HIGHLIGHTER, HIGHLIGHTER_EDGE, opacity=0.55, inset=4))
    if home:
        body.append(_home_mark(x, y, home))
    if symbol == "x":
        body.append(_cross(cx, cy) if state == "live" else _dead_cross(cx, cy))
    elif symbol == "o":
        body.append(_nought(cx, cy) if state == "live" else _dead_nought(cx, cy))
    if at.target:
        ink = INK[mover] if mover else NEUTRAL_INK
        body.append(_crosshair(cx, cy, ink) if state == "live" else _step_dot(cx, cy, ink))
    if step is not None:
        # The stepper's colour is in the cell itself: X placed a cross or filled in a nought.
        stepper = symbol if state == "live" else OTHER[symbol] if symbol else mover
        ink = INK[stepper] if stepper else NEUTRAL_INK
        body.append(_MARKS.outline(x, y, "turn-step-edge", ink, inset=8, width=3.5))
        body.append(_badge(x, y, step, ink))
    classes = svg.class_list(
        "cell",
        state,
        symbol,
        f"fortress-{owner}" if owner else None,
        f"home-{home}" if home else None,
        svg.mark_classes(target=at.target, selected=at.selected, last=last),
        "turn-step" if step is not None else None,
        "reach" if reach else None,
    )
    name = f"{svg.FILES_WITHOUT_J[at.file]}{at.rank + 1}"
    data = {"class": classes, "data-cell": name, "data-content": content, "data-turn-step": step}
    return _MARKS.group(at, body, data)


def _cross(cx: float, cy: float) -> svg.Markup:
    return svg.stroked(
        "symbol cross", svg.cross_path(cx, cy, 23), X_INK, 14, stroke_linecap="round"
    )


def _nought(cx: float, cy: float) -> svg.Markup:
    return svg.ring("symbol nought", cx, cy, 24, O_INK, 12)


def _dead_cross(cx: float, cy: float) -> svg.Markup:
    """O circles the cross it killed: a faded cross inside a blue ring."""
    return svg.element(
        "g",
        {"class": "symbol dead-cross"},
        svg.element(
            "path",
            {"class": "victim", "d": svg.cross_path(cx, cy, 19)},
            fill="none",
            stroke=X_INK,
            stroke_opacity=0.5,
            stroke_width=10,
            stroke_linecap="round",
        ),
        svg.ring("killer", cx, cy, 37, O_INK, 7),
    )


def _dead_nought(cx: float, cy: float) -> svg.Markup:
    """X fills in the nought it killed: a solid crimson disc where the ring was."""
    return svg.element(
        "g",
        {"class": "symbol dead-nought"},
        svg.element(
            "circle",
            {"class": "killer", "cx": cx, "cy": cy, "r": 30},
            fill=X_INK,
        ),
        svg.element(
            "circle",
            {"class": "victim", "cx": cx, "cy": cy, "r": 24},
            fill="none",
            stroke=O_INK,
            stroke_opacity=0.45,
            stroke_width=3,
        ),
    )


def _home_mark(x: float, y: float, player: str) -> svg.Markup:
    """A faint outline of the player's symbol: the first step must go here."""
    cx, cy = x + CELL / 2, y + CELL / 2
    shape = (
        svg.element("path", {"d": svg.cross_path(cx, cy, 20)}, stroke_linecap="round")
        if player == "x"
        else svg.element("circle", {"cx": cx, "cy": cy, "r": 21})
    )
    return svg.element(
        "g",
        {"class": "home-mark"},
        shape,
        fill="none",
        stroke=INK[player],
        stroke_opacity=0.3,
        stroke_width=5,
        stroke_dasharray="6 6",
    )


def _step_dot(cx: float, cy: float, ink: str) -> svg.Markup:
    """A legal step onto an empty cell: a small dot with a white halo."""
    return svg.target_dot("step-marker", cx, cy, 12, ink, 0.75, 3)


def _crosshair(cx: float, cy: float, ink: str) -> svg.Markup:
    """A legal kill: a gunsight around the enemy symbol, ticks reaching to the cell's edges."""
    ticks = "".join(
        f"M{svg.point(cx + dx * 33, cy + dy * 33)}L{svg.point(cx + dx * 47, cy + dy * 47)}"
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
    )
    return svg.element(
        "g",
        {"class": "kill-marker"},
        svg.element("circle", {"cx": cx, "cy": cy, "r": 40}, stroke_width=5),
        svg.element("path", {"d": ticks}, stroke_width=6, stroke_linecap="round"),
        fill="none",
        stroke=ink,
    )


def _badge(x: float, y: float, number: int, ink: str) -> svg.Markup:
    """The order of a step in the turn being played: a numbered disc in the top left corner."""
    cx, cy, radius, font_size = x + 20, y + 20, 17, 24
    return svg.element(
        "g",
        {"class": "step-badge"},
        svg.element(
            "circle", {"cx": cx, "cy": cy, "r": radius}, fill=ink, stroke=WHITE, stroke_width=3
        ),
        svg.element(
            "text",
            {"class": "step-number", "x": cx, "y": cy + font_size * 0.36},
            str(number),
            fill=WHITE,
            font_size=font_size,
            font_weight="700",
        ),
    )
