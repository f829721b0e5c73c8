"""The AP track, research row, testing pyramid and spread curve of the Fight the Virus sheet
renderer (see :mod:`.render`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from pyengine import svg
from pyengine.games.fight_the_virus.render_layout import (
    ACTIVE_FILL,
    AP_NAMES,
    AP_RADIUS,
    AP_ROW_STEP,
    AP_STEP,
    AP_X,
    AP_Y,
    BADGE_H,
    BADGE_W,
    C_CELL,
    C_RISE,
    C_STEP,
    C_TALL,
    C_X,
    C_Y0,
    CELL_FILL,
    CURVE_CELLS,
    CURVE_EXTRA,
    CURVE_RED,
    CURVE_ROW_BONUS,
    FILLED_FILL,
    GRID,
    HEIGHTS,
    INK,
    MUTED,
    R_SIDE,
    R_STEP,
    R_X,
    R_Y,
    RED,
    RED_TARGETS,
    RESEARCH_BONUS,
    RESEARCH_COUNT,
    RESEARCH_NAMES,
    ROW_WIDTHS,
    SPENT_FILL,
    T_CELL,
    T_STEP,
    T_X,
    T_Y0,
    TESTING_CELLS,
    TESTING_EXTRA,
    TESTING_RED,
    TESTING_ROW_BONUS,
    TICK,
    Box,
    Sheet,
    View,
)
from pyengine.games.fight_the_virus.render_parts import (
    draw_area,
    draw_badge,
    draw_bullseye,
    draw_crossing,
    draw_die_mark,
    draw_line,
    draw_marks,
    draw_numeral,
    draw_shape,
    draw_spot,
    draw_text,
)
from pyengine.svg.drawing import WHITE

# -- the AP track ----------------------------------------------------------------------------


def draw_ap_track(data: Sheet, view: Callable[[str], View], compact: bool) -> svg.Markup:
    spots = [
        _ap_spot(index, state, view(AP_NAMES[index]), compact)
        for index, state in enumerate(data.ap)
    ]
    return draw_area("ap", spots)


@lru_cache(maxsize=512)
def _ap_spot(index: int, state: str, view: View, compact: bool) -> svg.Markup:
    cx = AP_X + (index % 7) * AP_STEP
    cy = AP_Y + (index // 7) * AP_ROW_STEP
    box = Box(cx, cy, AP_RADIUS, AP_RADIUS, True)
    circled = state in ("active", "spent")
    crossed = state in ("spent", "lost")
    base = draw_shape(
        box,
        "field",
        fill={"active": ACTIVE_FILL, "spent": SPENT_FILL}.get(state, CELL_FILL),
        stroke=INK if circled else GRID,
        stroke_width=3.5 if circled else 1.5 * draw_line(compact) + 0.5,
        stroke_dasharray="4 3" if state == "lost" else None,
    )
    marks: list[svg.Markup | None] = []
    if crossed:
        marks.append(draw_crossing(box, 0.62, "cross", INK if state == "spent" else RED, 3))
    if not compact:
        marks.append(
            draw_numeral(
                cx,
                cy,
                str(index + 1),
                15,
                fill=INK if state == "active" else MUTED,
                weight="800" if circled else "500",
                halo=(SPENT_FILL if circled else CELL_FILL) if crossed else None,
            )
        )
    return draw_spot(
        "ap",
        AP_NAMES[index],
        box,
        base,
        marks,
        view,
        states=(state,),
        data={"data-state": state},
        ring=True,
        compact=compact,
    )


# -- area 2: research ------------------------------------------------------------------------


def draw_research(data: Sheet, view: Callable[[str], View], compact: bool) -> svg.Markup:
    spots: list[svg.Markup] = []
    extras: list[svg.Markup] = []
    filled = {**data.testing, **data.curve}
    for k in range(1, RESEARCH_COUNT + 1):
        name = RESEARCH_NAMES[k - 1]
        spots.append(_research_spot(k, k <= data.research, view(name), compact))
        cx, below = R_X + (k - 1) * R_STEP + R_SIDE / 2, R_Y + R_SIDE + 8 + BADGE_H / 2
        kind = RESEARCH_BONUS.get(k)
        if kind is not None:
            extras.append(draw_badge(kind, name, cx, below, name in data.earned))
        if k == RESEARCH_COUNT:
            extras.append(_lock(cx, below, all(name in filled for name in RED_TARGETS)))
    return draw_area("research", spots, draw_marks(extras))


@lru_cache(maxsize=256)
def _research_spot(k: int, crossed: bool, view: View, compact: bool) -> svg.Markup:
    x = R_X + (k - 1) * R_STEP
    box = Box(x, R_Y, R_SIDE, R_SIDE)
    red = k == RESEARCH_COUNT
    base = draw_shape(
        box,
        "tile",
        rx=5,
        fill=FILLED_FILL if crossed else CELL_FILL,
        stroke=RED if red else INK,
        stroke_width=4 if red else 2 * draw_line(compact),
    )
    marks: list[svg.Markup | None] = []
    if crossed:
        marks.append(draw_crossing(box, 0.66, "cross", INK, 4))
    marks.append(
        draw_numeral(
            x + R_SIDE / 2,
            R_Y + R_SIDE / 2,
            str(k),
            20,
            fill=INK,
            weight="700",
            halo=FILLED_FILL if crossed else None,
        )
    )
    kind = RESEARCH_BONUS.get(k)
    return draw_spot(
        "research",
        RESEARCH_NAMES[k - 1],
        box,
        base,
        marks,
        view,
        states=(
            "crossed" if crossed else None,
            "red" if red else None,
            "has-bonus" if kind else None,
        ),
        data={"data-bonus-kind": kind},
        ring=True,
        compact=compact,
    )


@lru_cache(maxsize=8)
def _lock(cx: float, cy: float, unlocked: bool) -> svg.Markup:
    """A padlock under square 12 (it needs the red targets), beside a red-target mark: closed
    and red, or open (the shackle lifted, its right leg free) and green once they are filled."""
    w, h = 18.0, 12.0
    top = cy - 1
    colour = TICK if unlocked else RED
    if unlocked:
        shackle = (
            f"M{svg.point(cx - 5.5, top)}V{svg.fmt(top - 7)}"
            f"A5.5,5.5 0 0 1 {svg.point(cx + 5.5, top - 7)}V{svg.fmt(top - 3.5)}"
        )
    else:
        shackle = (
            f"M{svg.point(cx - 5.5, top)}V{svg.fmt(top - 3)}"
            f"A5.5,5.5 0 0 1 {svg.point(cx + 5.5, top - 3)}V{svg.fmt(top)}"
        )
    return svg.element(
        "g",
        {
            "class": svg.class_list("lock", "unlocked" if unlocked else None),
            "data-needs": " ".join(RED_TARGETS),
        },
        svg.stroked("shackle", shackle, colour, 3, stroke_linecap="round"),
        svg.element(
            "rect",
            {"class": "lock-body", "x": cx - w / 2, "y": top, "width": w, "height": h},
            rx=3,
            fill=colour,
        ),
        svg.element(
            "circle", {"class": "keyhole", "cx": cx, "cy": top + h / 2, "r": 1.8}, fill=WHITE
        ),
        draw_bullseye(cx + 17, cy + 4, 6),
    )


# -- area 3: testing -------------------------------------------------------------------------


def _testing_xy(row: int, position: int) -> tuple[float, float]:
    return T_X + row * T_STEP / 2 + position * T_STEP, T_Y0 - row * T_STEP


def draw_testing(data: Sheet, view: Callable[[str], View], compact: bool) -> svg.Markup:
    spots = [
        _testing_spot(name, data.testing.get(name), f"X:{name}" in data.earned, view(name), compact)
        for name in TESTING_CELLS
    ]
    extras = []
    for row, width in enumerate(ROW_WIDTHS):
        x, y = _testing_xy(row, width - 1)
        key = f"T-row{row}"
        extras.append(
            draw_badge(
                TESTING_ROW_BONUS[row],
                key,
                x + T_CELL + 5 + BADGE_W / 2,
                y + T_CELL / 2,
                key in data.earned,
            )
        )
    return draw_area("testing", spots, draw_marks(extras))


@lru_cache(maxsize=1024)
def _testing_spot(
    name: str, value: int | None, earned: bool, view: View, compact: bool
) -> svg.Markup:
    row, position = int(name[1]), int(name[2])
    x, y = _testing_xy(row, position)
    size = (34 if compact else 28) * (1 if value is None or len(str(value)) < 2 else 0.85)
    return _numbered_spot(
        _TESTING, name, Box(x, y, T_CELL, T_CELL), value, size, earned, view, compact
    )


# -- area 4: the spread curve ----------------------------------------------------------------


def _curve_xy(column: int, row: int) -> tuple[float, float]:
    return C_X + column * C_STEP, C_Y0 - row * C_RISE


def draw_curve(data: Sheet, view: Callable[[str], View], compact: bool) -> svg.Markup:
    spots = [
        _curve_spot(
            name,
            data.curve.get(name),
            data.circled.get(name),
            f"X:{name}" in data.earned,
            view(name),
            compact,
        )
        for name in CURVE_CELLS
    ]
    extras = []
    for row, kind in sorted(CURVE_ROW_BONUS.items()):
        last = max(c for c, height in enumerate(HEIGHTS) if height > row)
        x, y = _curve_xy(last + 1, row)
        key = f"C-row{row}"
        extras.append(
            draw_badge(kind, key, x + BADGE_W / 2 - 1, y + C_TALL / 2, key in data.earned)
        )
    return draw_area("curve", spots, draw_marks(extras))


@lru_cache(maxsize=2048)
def _curve_spot(
    name: str, value: int | None, required: int | None, earned: bool, view: View, compact: bool
) -> svg.Markup:
    column, row = int(name[1]), int(name[2])
    x, y = _curve_xy(column, row)
    box = Box(x, y, C_CELL, C_TALL)
    size = 27 if compact else 22
    return _numbered_spot(_CURVE, name, box, value, size, earned, view, compact, required)


# -- numbered squares: testing cells and curve squares ----------------------------------------


@dataclass(frozen=True)
class _Squares:
    """How an area draws its numbered squares: the area's name, its ``red`` targets and
    ``extra`` (X) squares, the tiles' corner radius ``rx`` and red outline width, the
    bullseye's inset and radius, and the die's inset."""

    area: str
    red: frozenset[str]
    extra: frozenset[str]
    rx: float
    red_width: float
    bullseye: tuple[float, float]
    die_inset: float


_TESTING = _Squares(
    "testing", TESTING_RED, TESTING_EXTRA, rx=6, red_width=4, bullseye=(10, 6), die_inset=10
)
_CURVE = _Squares(
    "curve", CURVE_RED, CURVE_EXTRA, rx=5, red_width=3.5, bullseye=(8, 5), die_inset=9
)


def _numbered_spot(
    squares: _Squares,
    name: str,
    box: Box,
    value: int | None,
    size: float,
    earned: bool,
    view: View,
    compact: bool,
    required: int | None = None,
) -> svg.Markup:
    """A testing cell or curve square: its tile (a red target red-outlined, with a bullseye in
    the lower left corner), an X square's die in the upper right corner, a circled square's
    circle and required number, and its ``value`` written at ``size``."""
    x, y = box.x, box.y
    red, extra = name in squares.red, name in squares.extra
    base = draw_shape(
        box,
        "tile",
        rx=squares.rx,
        fill=CELL_FILL if value is None else FILLED_FILL,
        stroke=RED if red else INK,
        stroke_width=squares.red_width if red else 2 * draw_line(compact),
    )
    marks: list[svg.Markup | None] = []
    if red:
        inset, radius = squares.bullseye
        marks.append(draw_bullseye(x + inset, y + box.h - inset, radius))
    if extra:
        inset = squares.die_inset
        marks.append(draw_die_mark(f"X:{name}", x + box.w - inset, y + inset, earned))
    if required is not None:
        cx, cy = box.centre
        marks.append(svg.ring("circle-mark", cx, cy, box.w * 0.36, INK, 2.2))
        marks.append(draw_text(x + 6.5, y + 8, str(required), 12, cls="required", weight="800"))
    if value is not None:
        marks.append(
            draw_text(x + box.w / 2, y + box.h / 2, str(value), size, cls="value", weight="700")
        )
    return draw_spot(
        squares.area,
        name,
        box,
        base,
        marks,
        view,
        states=(
            "filled" if value is not None else None,
            "circled" if required is not None else None,
            "red" if red else None,
            "extra" if extra else None,
        ),
        data={"data-value": value, "data-required": required},
        ring=value is not None,
        compact=compact,
    )
