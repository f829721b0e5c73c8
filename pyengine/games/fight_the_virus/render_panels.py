"""The frame, name field, key numbers, analysis disc and shape preview of the Fight the Virus
sheet renderer (see :mod:`.render`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from pyengine import svg
from pyengine.games.fight_the_virus.render_layout import (
    A_CELL,
    A_X,
    A_Y,
    ACTIVE_FILL,
    ANALYSED_FILL,
    ANALYSED_HATCH,
    ANALYSED_SPIKE_INK,
    ANALYSIS_CELLS,
    AREA_CELLS,
    CELL_FILL,
    COLUMNS,
    FRAME_PLAIN,
    GRID,
    HEIGHT,
    INK,
    MUTED,
    NAME_BOX,
    PAPER,
    PREVIEW_ILLEGAL,
    PREVIEW_LEGAL,
    RED_TARGETS,
    RESEARCH_COUNT,
    ROWS,
    SEAT_TEXT,
    SPIKE_FILL,
    SPIKE_INK,
    SPIKES,
    TALLY_COMPACT,
    TALLY_FULL,
    WIDTH,
    Box,
    Sheet,
    View,
)
from pyengine.games.fight_the_virus.render_parts import (
    draw_area,
    draw_bullseye,
    draw_cross,
    draw_crossing,
    draw_line,
    draw_shape,
    draw_spot,
    draw_text,
)
from pyengine.svg.drawing import SEAT_COLOURS, WHITE

# -- frame, name field and key numbers -------------------------------------------------------


def draw_frame(seat: int | None) -> svg.Markup:
    colour = FRAME_PLAIN if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return svg.element(
        "rect",
        {"class": "frame", "x": 4, "y": 4, "width": WIDTH - 8, "height": HEIGHT - 8},
        rx=16,
        fill=PAPER,
        stroke=colour,
        stroke_width=3 if seat is None else 7,
        pointer_events="none",
    )


def draw_name_field(name: str, seat: int | None, compact: bool) -> svg.Markup:
    x, y, w, h = NAME_BOX
    cy = y + h / 2
    parts: list[svg.Markup | None] = []
    if seat is None:
        parts.append(
            svg.element(
                "rect",
                {"class": "name-box", "x": x, "y": y, "width": w, "height": h},
                rx=10,
                fill="#f1f3f6",
                stroke=GRID,
                stroke_width=1.5,
            )
        )
        text_x = x + 14
    else:
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        parts.append(
            svg.element(
                "rect",
                {"class": "name-box", "x": x, "y": y, "width": w, "height": h},
                rx=10,
                fill=colour,
                fill_opacity=0.18,
                stroke=colour,
                stroke_width=3,
            )
        )
        r = h / 2 - 5
        number = str(seat + 1)
        parts.append(
            svg.element(
                "g",
                {"class": f"seat-token seat-{seat}"},
                svg.element(
                    "circle",
                    {"cx": x + 5 + r, "cy": cy, "r": r},
                    fill=colour,
                    stroke=WHITE,
                    stroke_width=2.5,
                ),
                draw_text(
                    x + 5 + r,
                    cy,
                    number,
                    r * (1.15 if len(number) < 2 else 0.95),
                    cls="seat-number",
                    fill=SEAT_TEXT[seat % len(SEAT_TEXT)],
                    weight="800",
                ),
            )
        )
        text_x = x + 10 + 2 * r + 10
    size = 34.0 if compact else 24.0
    room = x + w - 10 - text_x
    shown = _shortened(name, int(room / (size * 0.58)))
    parts.append(draw_text(text_x, cy, shown, size, cls="name", weight="700", anchor="start"))
    return svg.element("g", {"class": "name-field"}, parts)


def _shortened(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: max(1, limit - 1)].rstrip() + "\u2026"


def draw_tally(data: Sheet, compact: bool) -> svg.Markup:
    """The key numbers: research, active APs, spikes covered, red targets filled."""
    spikes = len(data.analysed & SPIKES)
    filled = {**data.testing, **data.curve}
    red = sum(1 for name in RED_TARGETS if name in filled)
    active = data.ap.count("active")
    size = 58.0 if compact else 26.0
    s = 22.0 if compact else 11.0
    items: list[svg.Markup] = []
    for i, (key, text) in enumerate(
        (
            ("research", f"{data.research}/{RESEARCH_COUNT}"),
            ("ap", str(active)),
            ("spikes", f"{spikes}/{len(SPIKES)}"),
            ("red", f"{red}/{len(RED_TARGETS)}"),
        )
    ):
        gx, gy = (TALLY_COMPACT if compact else TALLY_FULL)[i]
        if key == "research":
            glyph = svg.element(
                "g",
                {"class": "glyph"},
                svg.element(
                    "rect",
                    {"x": gx - s, "y": gy - s, "width": 2 * s, "height": 2 * s},
                    fill=WHITE,
                    stroke=INK,
                    stroke_width=svg.fmt(s * 0.18),
                ),
                svg.element(
                    "path",
                    {"d": draw_cross(Box(gx - s, gy - s, 2 * s, 2 * s), 0.7)},
                    stroke=INK,
                    stroke_width=svg.fmt(s * 0.22),
                ),
            )
        elif key == "ap":
            glyph = svg.element(
                "circle",
                {"class": "glyph", "cx": gx, "cy": gy, "r": s},
                fill=ACTIVE_FILL,
                stroke=INK,
                stroke_width=svg.fmt(s * 0.27),
            )
        elif key == "spikes":
            glyph = svg.element(
                "path",
                {
                    "class": "glyph",
                    "d": f"M{svg.point(gx, gy - s)}L{svg.point(gx + s, gy + s)}L{svg.point(gx - s, gy + s)}Z",
                },
                fill=SPIKE_FILL,
                stroke=SPIKE_INK,
                stroke_width=svg.fmt(s * 0.22),
                stroke_linejoin="round",
            )
        else:
            glyph = draw_bullseye(gx, gy, s)
        items.append(
            svg.element(
                "g",
                {"class": f"tally-item {key}"},
                glyph,
                draw_text(
                    gx + s * 1.7, gy, text, size, cls="tally-number", weight="700", anchor="start"
                ),
            )
        )
    return svg.element(
        "g",
        {
            "class": "tally",
            "data-research": data.research,
            "data-ap-active": active,
            "data-spikes": spikes,
            "data-red": red,
            "pointer-events": "none",
        },
        items,
    )


# -- area 1: analysis ------------------------------------------------------------------------


def _cell_xy(column: int, row: int) -> tuple[float, float]:
    return A_X + column * A_CELL, A_Y + row * A_CELL


def _spike_glyph(column: int, row: int, colour: str, fill: str) -> svg.Markup:
    """A triangle pointing away from the disc's centre (up on the centre cell)."""
    x, y = _cell_xy(column, row)
    cx, cy = x + A_CELL / 2, y + A_CELL / 2
    dx, dy = column - 5, row - 5
    length = math.hypot(dx, dy)
    ux, uy = (dx / length, dy / length) if length else (0.0, -1.0)
    px, py = -uy, ux
    tip, back, half = A_CELL * 0.38, A_CELL * 0.22, A_CELL * 0.2
    d = (
        f"M{svg.point(cx + ux * tip, cy + uy * tip)}"
        f"L{svg.point(cx - ux * back + px * half, cy - uy * back + py * half)}"
        f"L{svg.point(cx - ux * back - px * half, cy - uy * back - py * half)}Z"
    )
    return svg.element(
        "path",
        {"class": "spike-glyph", "d": d},
        fill=fill,
        stroke=colour,
        stroke_width=2,
        stroke_linejoin="round",
    )


def _hatch(x: float, y: float, s: float) -> str:
    """Diagonal hatching lines across a square."""
    parts = []
    for i in range(1, 6):
        t = s * i / 3
        if t <= s:
            parts.append(f"M{svg.point(x, y + t)}L{svg.point(x + t, y)}")
        else:
            parts.append(f"M{svg.point(x + t - s, y + s)}L{svg.point(x + s, y + t - s)}")
    return "".join(parts)


def _outline_path() -> str:
    """The disc's outer boundary: every cell edge with no area cell on its other side."""
    parts = []
    for name in ANALYSIS_CELLS:
        column, row = COLUMNS.index(name[0]), int(name[1:])
        x, y = _cell_xy(column, row)
        s = A_CELL
        for dc, dr, start, end in (
            (0, -1, (x, y), (x + s, y)),
            (0, 1, (x, y + s), (x + s, y + s)),
            (-1, 0, (x, y), (x, y + s)),
            (1, 0, (x + s, y), (x + s, y + s)),
        ):
            c, r = column + dc, row + dr
            if not (0 <= c < len(COLUMNS)) or f"{COLUMNS[c]}{r}" not in AREA_CELLS:
                parts.append(f"M{svg.point(*start)}L{svg.point(*end)}")
    return "".join(parts)


def draw_analysis(data: Sheet, view: Callable[[str], View], compact: bool) -> svg.Markup:
    spots = [
        _analysis_spot(name, name in data.analysed, view(name), compact) for name in ANALYSIS_CELLS
    ]
    return draw_area("analysis", spots, _disc_outline(compact), None if compact else _coordinates())


@lru_cache(maxsize=1024)
def _analysis_spot(name: str, analysed: bool, view: View, compact: bool) -> svg.Markup:
    column, row = COLUMNS.index(name[0]), int(name[1:])
    x, y = _cell_xy(column, row)
    box = Box(x, y, A_CELL, A_CELL)
    spike = name in SPIKES
    fill = ANALYSED_FILL if analysed else SPIKE_FILL if spike else CELL_FILL
    base = draw_shape(box, "tile", fill=fill, stroke=GRID, stroke_width=draw_line(compact))
    marks: list[svg.Markup | None] = []
    if analysed:
        marks.append(
            svg.element(
                "path",
                {"class": "hatch", "d": _hatch(x, y, A_CELL)},
                stroke=ANALYSED_HATCH,
                stroke_width=1.6,
            )
        )
    if spike:
        marks.append(
            _spike_glyph(
                column,
                row,
                ANALYSED_SPIKE_INK if analysed else SPIKE_INK,
                ANALYSED_FILL if analysed else SPIKE_FILL,
            )
        )
    return draw_spot(
        "analysis",
        name,
        box,
        base,
        marks,
        view,
        states=("analysed" if analysed else None, "spike" if spike else None),
        ring=analysed,
        compact=compact,
    )


@lru_cache(maxsize=2)
def _disc_outline(compact: bool) -> svg.Markup:
    return svg.stroked(
        "disc-outline",
        _outline_path(),
        INK,
        2.5 * draw_line(compact),
        stroke_linecap="square",
        pointer_events="none",
    )


@lru_cache(maxsize=1)
def _coordinates() -> svg.Markup:
    labels = [
        draw_text(A_X + (c + 0.5) * A_CELL, A_Y - 14, letter, 15, cls="coord column")
        for c, letter in enumerate(COLUMNS)
    ] + [
        draw_text(A_X - 18, A_Y + (r + 0.5) * A_CELL, str(r), 15, cls="coord row")
        for r in range(ROWS)
    ]
    return svg.element(
        "g",
        {"class": "coords", "fill": MUTED, "font-weight": "600", "pointer-events": "none"},
        labels,
    )


def draw_preview(cells: Sequence[tuple[int, int]], legal: bool) -> svg.Markup:
    colour = PREVIEW_LEGAL if legal else PREVIEW_ILLEGAL
    parts: list[svg.Markup] = []
    names = []
    for column, row in sorted(set(cells), key=lambda cell: (cell[1], cell[0])):
        x, y = _cell_xy(column, row)
        box = Box(x + 1.5, y + 1.5, A_CELL - 3, A_CELL - 3)
        name = f"{COLUMNS[column]}{row}"
        names.append(name)
        parts.append(
            draw_shape(
                box,
                "preview-cell",
                rx=4,
                fill=colour,
                fill_opacity=0.45,
                stroke=colour,
                stroke_width=2.5,
                data_preview_cell=name,
            )
        )
        if legal:
            cx, cy = box.centre
            parts.append(svg.ring("preview-mark", cx, cy, A_CELL * 0.2, WHITE, 2.5))
        else:
            parts.append(draw_crossing(box, 0.62, "preview-mark", WHITE, 3))
    return svg.element(
        "g",
        {
            "class": "preview " + ("legal" if legal else "illegal"),
            "data-cells": " ".join(names),
            "pointer-events": "none",
        },
        parts,
    )
