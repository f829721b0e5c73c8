"""Shared drawing pieces of the Fight the Virus sheet renderer (see :mod:`.render`): text,
numerals, spots and their marks, pictograms, bonus badges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from pyengine import svg
from pyengine.games.fight_the_virus.render_layout import (
    BADGE_H,
    BADGE_W,
    BONUS_COLOURS,
    INK,
    RED,
    TICK,
    Box,
    View,
)
from pyengine.svg.drawing import HIGHLIGHT, LAST_MOVE_EDGE, LAST_MOVE_TINT, SELECTED, WHITE

# -- shared pieces ---------------------------------------------------------------------------


def draw_text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    cls: str,
    fill: str = INK,
    weight: str | None = None,
    anchor: str | None = None,
) -> svg.Markup:
    """Text centred vertically on ``y`` by arithmetic (image viewers ignore dominant-baseline)."""
    return svg.element(
        "text",
        {"class": cls, "x": x, "y": y + size * 0.35},
        text,
        fill=fill,
        font_size=svg.fmt(size),
        font_weight=weight,
        text_anchor=anchor,
    )


def draw_line(compact: bool) -> float:
    """Width factor of cell lines: thinner in compact mode."""
    return 0.6 if compact else 1.0


def draw_numeral(
    x: float, y: float, text: str, size: float, *, fill: str, weight: str, halo: str | None
) -> svg.Markup:
    """A spot's printed number; over a cross it gets a halo so both stay readable."""
    return svg.element(
        "text",
        {"class": "number", "x": x, "y": y + size * 0.35},
        text,
        fill=fill,
        font_size=svg.fmt(size),
        font_weight=weight,
        stroke=halo,
        stroke_width=svg.fmt(size * 0.25) if halo else None,
        stroke_linejoin="round" if halo else None,
        paint_order="stroke" if halo else None,
    )


def draw_shape(box: Box, cls: str, **attributes: object) -> svg.Markup:
    if box.round:
        return svg.element(
            "circle", {"class": cls, "cx": box.x, "cy": box.y, "r": box.w}, **attributes
        )
    return svg.element(
        "rect",
        {"class": cls, "x": box.x, "y": box.y, "width": box.w, "height": box.h},
        **attributes,
    )


def _inset(box: Box, by: float) -> Box:
    if box.round:
        return Box(box.x, box.y, box.w - by, box.h - by, True)
    return Box(box.x + by, box.y + by, box.w - 2 * by, box.h - 2 * by)


def draw_cross(box: Box, fraction: float) -> str:
    """Path data of an X over the middle ``fraction`` of a box."""
    cx, cy = box.centre
    return svg.cross_path(cx, cy, box.side / 2 * fraction)


def draw_crossing(box: Box, fraction: float, cls: str, colour: str, width: float) -> svg.Markup:
    """A spot crossed out (class ``cls``): an X over the middle ``fraction`` of its box."""
    return svg.element(
        "path",
        {"class": cls, "d": draw_cross(box, fraction)},
        stroke=colour,
        stroke_width=width,
        stroke_linecap="round",
    )


def draw_area(name: str, spots: list[svg.Markup], *more: svg.Markup | None) -> svg.Markup:
    """One area of the sheet (class ``area <name>``): its ``spots``, then ``more``."""
    return svg.element("g", {"class": f"area {name}", "data-area": name}, spots, *more)


def draw_marks(marks: list[svg.Markup]) -> svg.Markup:
    """An area's marks beside its spots (badges, the padlock): they let clicks through."""
    return svg.element("g", {"class": "marks", "pointer-events": "none"}, marks)


def draw_spot(
    area: str,
    name: str,
    box: Box,
    base: svg.Markup,
    marks: Sequence[svg.Markup | None],
    view: View,
    *,
    states: Sequence[str | None] = (),
    data: Mapping[str, object] | None = None,
    ring: bool = False,
    compact: bool = False,
) -> svg.Markup:
    """One spot: base shape, last-move tint, marks, target marker, selection ring, click target.

    ``ring``: a target marker is a ring around the spot rather than a dot in its middle (on
    spots showing a value, a cross or a number).
    """
    body: list[svg.Markup | None] = [base]
    radius = None if box.round else min(6.0, box.side * 0.14)
    if view.last:
        body.extend(_last_move_marks(box, radius))
    body.extend(marks)
    if view.target:
        body.append(_target_mark(box, radius, ring))
    if view.selected:
        body.append(_selected_ring(box, radius))
    if not compact:
        body.append(draw_shape(box, "hit", fill="none", pointer_events="all"))
    classes = svg.class_list(
        "spot",
        area,
        *states,
        svg.mark_classes(target=view.target, selected=view.selected, last=view.last),
    )
    return svg.element("g", {"class": classes, "data-cell": name, **(data or {})}, body)


def _last_move_marks(box: Box, radius: float | None) -> list[svg.Markup]:
    """The last decision touched this spot: a yellow tint and edge."""
    return [
        draw_shape(box, "last-move-tint", fill=LAST_MOVE_TINT, fill_opacity=0.6, rx=radius),
        draw_shape(
            _inset(box, 2.5),
            "last-move-edge",
            fill="none",
            stroke=LAST_MOVE_EDGE,
            stroke_width=3.5,
            rx=radius,
        ),
    ]


def _target_mark(box: Box, radius: float | None, ring: bool) -> svg.Markup:
    """A legal target: a ring around the spot (``ring``), else a dot in its middle."""
    if ring:
        return draw_shape(
            _inset(box, -3.5),
            "target-marker",
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=4,
            rx=None if radius is None else radius + 3,
        )
    cx, cy = box.centre
    return svg.target_dot("target-marker", cx, cy, max(5.5, box.side * 0.2), HIGHLIGHT, 0.85, 2)


def _selected_ring(box: Box, radius: float | None) -> svg.Markup:
    """The picked spot: a dark ring with a white inner line."""
    return svg.element(
        "g",
        {"class": "selected-ring"},
        draw_shape(
            _inset(box, -2), "ring-outer", fill="none", stroke=SELECTED, stroke_width=5, rx=radius
        ),
        draw_shape(
            _inset(box, 2.5), "ring-inner", fill="none", stroke=WHITE, stroke_width=2, rx=radius
        ),
    )


def draw_bullseye(cx: float, cy: float, r: float) -> svg.Markup:
    """The red-target mark (a second cue besides the red outline)."""
    return svg.element(
        "g",
        {"class": "red-mark"},
        svg.element(
            "circle",
            {"cx": cx, "cy": cy, "r": r},
            fill=WHITE,
            stroke=RED,
            stroke_width=svg.fmt(r * 0.32),
        ),
        svg.element("circle", {"cx": cx, "cy": cy, "r": r * 0.38}, fill=RED),
    )


def _pictogram(kind: str, cx: float, cy: float, s: float, colour: str) -> svg.Markup:
    """A bonus kind's pictogram in a box of half-width ``s`` around (cx, cy)."""
    if kind == "S":  # three squares: an L-shaped polyomino
        u = s * 0.95
        cells = ((-1, -1), (-1, 0), (0, 0))
        return svg.element(
            "g",
            {"class": "pictogram"},
            [
                svg.element(
                    "rect",
                    {"x": cx + dx * u, "y": cy + dy * u, "width": u, "height": u},
                    fill=colour,
                    stroke=WHITE,
                    stroke_width=svg.fmt(s * 0.12),
                )
                for dx, dy in cells
            ],
        )
    if kind == "N":  # rising bars: a number for the curve
        bar = s * 0.55
        return svg.element(
            "g",
            {"class": "pictogram"},
            [
                svg.element(
                    "rect",
                    {
                        "x": cx - s + i * (bar + s * 0.18),
                        "y": cy + s - h * s,
                        "width": bar,
                        "height": h * s,
                    },
                    fill=colour,
                )
                for i, h in enumerate((0.7, 1.3, 2.0))
            ],
        )
    if kind == "O":  # a boxed 1: a one for testing
        return svg.element(
            "g",
            {"class": "pictogram"},
            svg.element(
                "rect",
                {"x": cx - s * 0.85, "y": cy - s, "width": s * 1.7, "height": s * 2},
                rx=svg.fmt(s * 0.25),
                fill="none",
                stroke=colour,
                stroke_width=svg.fmt(s * 0.22),
            ),
            draw_text(cx, cy, "1", s * 1.55, cls="pictogram-digit", fill=colour, weight="800"),
        )
    return _die(cx, cy, s, colour)  # X: the extra die


def _die(cx: float, cy: float, s: float, colour: str) -> svg.Markup:
    pip = s * 0.2
    return svg.element(
        "g",
        {"class": "pictogram die"},
        svg.element(
            "rect",
            {"x": cx - s, "y": cy - s, "width": 2 * s, "height": 2 * s},
            rx=svg.fmt(s * 0.35),
            fill=WHITE,
            stroke=colour,
            stroke_width=svg.fmt(s * 0.2),
        ),
        [
            svg.element(
                "circle", {"cx": cx + d * s * 0.5, "cy": cy + d * s * 0.5, "r": pip}, fill=colour
            )
            for d in (-1, 0, 1)
        ],
    )


def _tick(cx: float, cy: float, r: float) -> svg.Markup:
    """The mark of an earned bonus: a white check on a green disc."""
    d = (
        f"M{svg.point(cx - r * 0.5, cy + r * 0.02)}L{svg.point(cx - r * 0.12, cy + r * 0.42)}"
        f"L{svg.point(cx + r * 0.52, cy - r * 0.4)}"
    )
    return svg.element(
        "g",
        {"class": "tick"},
        svg.element(
            "circle",
            {"cx": cx, "cy": cy, "r": r},
            fill=TICK,
            stroke=WHITE,
            stroke_width=svg.fmt(r * 0.22),
        ),
        svg.stroked(
            None, d, WHITE, svg.fmt(r * 0.3), stroke_linecap="round", stroke_linejoin="round"
        ),
    )


@lru_cache(maxsize=64)
def draw_badge(kind: str, key: str, cx: float, cy: float, earned: bool) -> svg.Markup:
    """A bonus badge: pictogram and letter in the kind's ink, ticked when earned."""
    colour = BONUS_COLOURS[kind]
    x, y = cx - BADGE_W / 2, cy - BADGE_H / 2
    return svg.element(
        "g",
        {
            "class": svg.class_list("bonus", f"bonus-{kind.lower()}", "earned" if earned else None),
            "data-bonus": key,
            "data-kind": kind,
        },
        svg.element(
            "rect",
            {"class": "badge", "x": x, "y": y, "width": BADGE_W, "height": BADGE_H},
            rx=6,
            fill="#eceff3" if earned else WHITE,
            stroke=colour,
            stroke_width=2,
        ),
        _pictogram(kind, cx - 9, cy, 6.5, colour),
        draw_text(cx + 10, cy, kind, 16, cls="bonus-letter", fill=colour, weight="800"),
        _tick(x + BADGE_W - 1, y + 1, 7.5) if earned else None,
    )


@lru_cache(maxsize=16)
def draw_die_mark(key: str, cx: float, cy: float, earned: bool) -> svg.Markup:
    """The X square's die in a corner, a bonus mark of its own (ticked when earned)."""
    colour = BONUS_COLOURS["X"]
    return svg.element(
        "g",
        {
            "class": svg.class_list("bonus", "bonus-x", "earned" if earned else None),
            "data-bonus": key,
            "data-kind": "X",
        },
        _die(cx, cy, 5.5, colour),
        _tick(cx - 9.5, cy, 4.5) if earned else None,
    )
