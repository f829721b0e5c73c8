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
from typing import Protocol

from pyengine import svg

__all__ = ["board_geometry", "last_move_cells", "render_svg"]


class VirusWarPosition(Protocol):
    """What the renderer reads from a Virus War state."""

    @property
    def size(self) -> int: ...
    def cell_content(self, index: int, /) -> str: ...
    def current_player(self) -> int: ...


# Geometry, in SVG user units. A cell is 100 units; everything else is relative to it.
CELL = 100
MARGIN_PLAIN = 14
MAX_TURN_STEPS = 3
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"

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


_MARKS = svg.CellMarks(CELL, radius=8)


def board_geometry(
    size: int, *, coordinates: bool = True, flipped: bool = False
) -> svg.GridGeometry:
    """Where :func:`render_svg` puts the cells of a ``size`` by ``size`` board.

    The result maps cells to user units and back (``cell_at``), e.g. to turn a click into a
    cell name; the document's ``viewBox`` is ``0 0 width height``.

    >>> grid = board_geometry(6)
    >>> grid.width, grid.cell_origin(0, 0), grid.cell_at(60, 60)
    (686, (43, 543), (0, 5))
    """
    return svg.labelled_grid(
        size, cell=CELL, coordinates=coordinates, plain_margin=MARGIN_PLAIN, flipped=flipped
    )


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
    highlighted: Iterable[str] = (),
    selected: str | None = None,
    last_move: tuple[str, ...] = (),
    coordinates: bool = True,
    flipped: bool = False,
    size: int | None = None,
    title: str | None = None,
    id_prefix: str = "vw",
    turn_cells: Iterable[str] = (),
    reach: Iterable[str] = (),
) -> str:
    """A standalone SVG document showing a Virus War position.

    Cells are named in notation (``"k10"``, any case, ``j`` read as ``k``).
    ``highlighted`` marks the legal steps (a dot on an empty cell, a crosshair on a symbol to
    kill), ``selected`` one picked cell, ``last_move`` the cells of the previous turn (see
    :func:`last_move_cells`), ``turn_cells`` the steps made so far in the current turn, in
    order (numbered badges), and ``reach`` the cells accessible to the player to move (a faint
    wash). ``flipped`` turns the board half a turn (a1 top right). ``size`` sets the pixel width
    and height; without it only the ``viewBox`` is set. ``id_prefix`` keeps the ids unique
    when several boards share a page.

    Raises ``ValueError`` for an unknown cell content or a cell name off the board.
    """
    n = state.size
    if not 1 <= n <= len(svg.FILES_WITHOUT_J):
        raise ValueError(f"cannot draw a Virus War board of size {n}")
    svg.check_id_prefix(id_prefix)
    contents = _contents(state, n)
    index_of = svg.cell_indexer(n, letters=svg.FILES_WITHOUT_J, aliases={"j": "k"})
    targets = svg.indices(highlighted, index_of)
    accessible = svg.indices(reach, index_of)
    picked = index_of(selected) if selected is not None else None
    previous = set(_distinct(last_move, "last_move", index_of))
    turn = _distinct(turn_cells, "turn_cells", index_of)
    steps = {index: order for order, index in enumerate(turn, 1)}

    mover = _PLAYER.get(state.current_player())
    homes = _open_homes(contents, n)
    grid = board_geometry(n, coordinates=coordinates, flipped=flipped)
    parts: list[svg.Markup] = [_paper(grid)]
    for file, rank in grid.cells_in_visual_order():
        index = rank * n + file
        parts.append(
            _cell(
                grid,
                file,
                rank,
                contents[index],
                mover=mover,
                target=index in targets,
                selected=index == picked,
                last=index in previous,
                step=steps.get(index),
                reach=index in accessible,
                home=homes.get(index),
            )
        )
    return svg.board_document(
        grid,
        parts,
        name="Virus War",
        title=title,
        id_prefix=id_prefix,
        size=size,
        letters=svg.FILES_WITHOUT_J if coordinates else None,
        label_size=None,
        label_ink=COORDINATE_INK,
        attributes={
            "class": "board virus-war",
            "data-size": n,
            "data-to-move": mover or "none",
            "data-flipped": flipped,
        },
        font=FONT,
    )


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
        svg.element(
            "path",
            {"class": "fine-rules", "d": "".join(minor)},
            fill="none",
            stroke=RULE_MINOR,
            stroke_width=1.5,
        ),
        svg.element(
            "path",
            {"class": "rules", "d": "".join(major)},
            fill="none",
            stroke=RULE,
            stroke_width=2 + 0.1 * n,  # a little bolder when the board is drawn smaller
        ),
        svg.element(
            "rect",
            {"class": "edge", "x": margin, "y": margin, "width": side, "height": side},
            fill="none",
            stroke=RULE_BORDER,
            stroke_width=3 + 0.15 * n,
        ),
    )


def _cell(
    grid: svg.GridGeometry,
    file: int,
    rank: int,
    token: str,
    *,
    mover: str | None,
    target: bool,
    selected: bool,
    last: bool,
    step: int | None,
    reach: bool,
    home: str | None,
) -> svg.Markup:
    content, state, symbol = _CONTENTS[token]
    x, y = grid.cell_origin(file, rank)
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
    if target:
        ink = INK[mover] if mover else NEUTRAL_INK
        body.append(_crosshair(cx, cy, ink) if state == "live" else _step_dot(cx, cy, ink))
    if step is not None:
        # The stepper's colour is in the cell itself: X placed a cross or filled in a nought.
        stepper = symbol if state == "live" else OTHER[symbol] if symbol else mover
        ink = INK[stepper] if stepper else NEUTRAL_INK
        body.append(_MARKS.outline(x, y, "turn-step-edge", ink, inset=8, width=3.5))
        body.append(_badge(x, y, step, ink))
    if selected:
        body.append(
            _MARKS.selected_ring(
                x, y, SELECTED, WHITE, inset=5, width=6, core_inset=9.5, core_width=2
            )
        )
    body.append(svg.cell_hit(x, y, CELL))
    classes = svg.class_list(
        "cell",
        state,
        symbol,
        f"fortress-{owner}" if owner else None,
        f"home-{home}" if home else None,
        "highlight" if target else None,
        "selected" if selected else None,
        "last-move" if last else None,
        "turn-step" if step is not None else None,
        "reach" if reach else None,
    )
    return svg.element(
        "g",
        {
            "class": classes,
            "data-cell": f"{svg.FILES_WITHOUT_J[file]}{rank + 1}",
            "data-content": content,
            "data-turn-step": step,
        },
        body,
    )


def _cross_path(cx: float, cy: float, arm: float) -> str:
    return (
        f"M{svg.point(cx - arm, cy - arm)}L{svg.point(cx + arm, cy + arm)}"
        f"M{svg.point(cx + arm, cy - arm)}L{svg.point(cx - arm, cy + arm)}"
    )


def _cross(cx: float, cy: float) -> svg.Markup:
    return svg.element(
        "path",
        {"class": "symbol cross", "d": _cross_path(cx, cy, 23)},
        fill="none",
        stroke=X_INK,
        stroke_width=14,
        stroke_linecap="round",
    )


def _nought(cx: float, cy: float) -> svg.Markup:
    return svg.element(
        "circle",
        {"class": "symbol nought", "cx": cx, "cy": cy, "r": 24},
        fill="none",
        stroke=O_INK,
        stroke_width=12,
    )


def _dead_cross(cx: float, cy: float) -> svg.Markup:
    """O circles the cross it killed: a faded cross inside a blue ring."""
    return svg.element(
        "g",
        {"class": "symbol dead-cross"},
        svg.element(
            "path",
            {"class": "victim", "d": _cross_path(cx, cy, 19)},
            fill="none",
            stroke=X_INK,
            stroke_opacity=0.5,
            stroke_width=10,
            stroke_linecap="round",
        ),
        svg.element(
            "circle",
            {"class": "killer", "cx": cx, "cy": cy, "r": 37},
            fill="none",
            stroke=O_INK,
            stroke_width=7,
        ),
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
        svg.element("path", {"d": _cross_path(cx, cy, 20)}, stroke_linecap="round")
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
    return svg.element(
        "circle",
        {"class": "step-marker", "cx": cx, "cy": cy, "r": 12},
        fill=ink,
        fill_opacity=0.75,
        stroke=WHITE,
        stroke_width=3,
    )


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
