"""Fight the Virus player sheets as SVG: a pure function from a sheet and view options.

The sheet follows the rules' section 2.8 on a 1000x700 canvas: the name field top left, the
analysis disc (cell 28) below it with the AP track under the disc as three rows of seven
numbered circles, the research row top right, the key numbers (research, active APs, spikes
covered, red targets filled) in the middle right, the testing pyramid bottom middle and the
spread curve bottom right (its squares drawn as tall bars, so the bell fills the corner).

Nothing is told by colour alone. Spikes are green *and* carry a triangle pointing outward;
analysed cells are dark *and* hatched. AP fields: ``blank`` a thin outline, ``active`` a bold
ring, ``spent`` a bold ring crossed, ``lost`` a thin dashed outline crossed. Red targets have a
red outline *and* a bullseye in the lower left corner; research square 12 a red outline and a
padlock below it (drawn open and green once every red target is filled). Bonuses are badges with a
pictogram *and* a letter: S (three squares, a shape), N (rising bars, a number in the curve),
O (a boxed 1, a one in testing), X (a die, the extra die; X squares carry the die in their upper
right corner). An earned bonus is ticked. A circled curve square shows its ring and its required
number small in the upper left corner. The text drawn is language-neutral: numbers, letters and
the player's name; only the ``<title>`` is English.

Only ``name``, ``analysed``, ``ap``, ``research``, ``testing``, ``curve``, ``circled`` and
``earned`` are read (see :class:`FightTheVirusSheet`), so this module imports nothing from the
rules; the geometry comes from its own copy of the normative sheet data (:data:`SHEET_JSON`).

Every interactive spot is one ``<g class="spot ..." data-cell="NAME">`` named as in the
notation: analysis ``e3``, research ``R1``-``R12``, testing ``T00``-``T40``, curve
``C00``-``C33``, AP fields ``AP1``-``AP21``. Classes: the area (``analysis``, ``ap``,
``research``, ``testing``, ``curve``); the state (``analysed``, ``spike``, ``filled``,
``crossed``, ``circled``, ``red``, ``extra``, ``has-bonus``, the AP state ``blank``/``active``/
``spent``/``lost``); and from the view options ``highlight``, ``selected`` and ``last-move``.
Data attributes: ``data-value`` (filled testing and curve cells), ``data-required`` (circled
curve squares), ``data-state`` (AP fields), ``data-bonus-kind`` (the bonus a research square
grants). The last child of a spot is its click target (``rect.hit``, ``circle.hit`` on AP
fields), except in compact mode. Bonus badges are ``<g class="bonus bonus-s earned"
data-bonus="R3" data-kind="S">`` (keys as in ``earned``: ``R3``, ``T-row0``, ``C-row1``,
``X:T10``, ...); the shape preview is an overlay ``<g class="preview legal" data-cells="e3 f3">``
(or ``illegal``); the key numbers are ``g.tally`` with ``data-research``, ``data-ap-active``,
``data-spikes`` and ``data-red``. Colours are presentation attributes, so a page stylesheet can
re-theme the sheet through the classes; there are no inline styles or scripts, so a strict CSP
holds. Spots and badges are cached (pure functions of hashable arguments), so re-rendering a
sheet after one move redraws only what changed.

>>> from types import SimpleNamespace
>>> sheet = SimpleNamespace(
...     name="Ana", analysed=frozenset({"e3", "f3"}), ap=("active",) + ("blank",) * 20,
...     research=3, testing={"T00": 2}, curve={"C00": 4}, circled={"C10": 3},
...     earned=frozenset({"R3"}))
>>> svg = render_sheet_svg(sheet, highlighted=["R4"], last_move=("e3", "f3"), seat=0)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 700"')
True
>>> '<g class="spot analysis analysed spike last-move" data-cell="e3">' in svg
True
>>> '<g class="spot testing filled red" data-cell="T00" data-value="2">' in svg
True
>>> '<g class="spot curve circled" data-cell="C10" data-required="3">' in svg
True
>>> '<g class="spot research highlight" data-cell="R4">' in svg
True
>>> '<g class="bonus bonus-s earned" data-bonus="R3" data-kind="S">' in svg
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from pyengine import svg
from pyengine.games.fight_the_virus.sheet import SHEET, SHEET_JSON

__all__ = [
    "AP_STATES",
    "BONUS_KEYS",
    "SEAT_COLOURS",
    "SHEET",
    "SHEET_JSON",
    "SPOT_NAMES",
    "FightTheVirusSheet",
    "render_sheet_svg",
]

# The normative sheet data of the rules' section 2.8, as the engine loads it: the drawing
# follows the data (cells, spikes, research bonuses, pyramid, curve), never a second copy.


class FightTheVirusSheet(Protocol):
    """What the renderer reads from one player's sheet (read-only)."""

    @property
    def name(self) -> str: ...
    @property
    def analysed(self) -> AbstractSet[str]: ...
    @property
    def ap(self) -> Sequence[str]: ...
    @property
    def research(self) -> int: ...
    @property
    def testing(self) -> Mapping[str, int]: ...
    @property
    def curve(self) -> Mapping[str, int]: ...
    @property
    def circled(self) -> Mapping[str, int]: ...
    @property
    def earned(self) -> AbstractSet[str]: ...


# -- the sheet data, derived from SHEET ----------------------------------------------------

_COLUMNS: str = SHEET["analysis"]["columns"]
_ROWS: int = SHEET["analysis"]["rows"]
ANALYSIS_CELLS: tuple[str, ...] = tuple(SHEET["analysis"]["cells"])
SPIKES: frozenset[str] = frozenset(SHEET["analysis"]["spikes"])
AP_COUNT: int = SHEET["ap_fields"]
AP_STATES = ("blank", "active", "spent", "lost")
RESEARCH_COUNT: int = SHEET["research"]["squares"]
RESEARCH_BONUS: dict[int, str] = {int(k): v for k, v in SHEET["research"]["bonus"].items()}
_ROW_WIDTHS: list[int] = SHEET["testing"]["row_widths"]
TESTING_CELLS: tuple[str, ...] = tuple(
    f"T{row}{position}" for row, width in enumerate(_ROW_WIDTHS) for position in range(width)
)
TESTING_RED: frozenset[str] = frozenset(SHEET["testing"]["red"])
TESTING_EXTRA: frozenset[str] = frozenset(SHEET["testing"]["extra"])
TESTING_ROW_BONUS: dict[int, str] = {int(k): v for k, v in SHEET["testing"]["row_bonus"].items()}
_HEIGHTS: list[int] = SHEET["curve"]["heights"]
CURVE_CELLS: tuple[str, ...] = tuple(  # reading order: column by column, bottom to top
    f"C{column}{row}" for column, height in enumerate(_HEIGHTS) for row in range(height)
)
CURVE_RED: frozenset[str] = frozenset(SHEET["curve"]["red"])
CURVE_EXTRA: frozenset[str] = frozenset(SHEET["curve"]["extra"])
CURVE_ROW_BONUS: dict[int, str] = {int(k): v for k, v in SHEET["curve"]["row_bonus"].items()}
RED_TARGETS: tuple[str, ...] = tuple(sorted(TESTING_RED)) + tuple(sorted(CURVE_RED))
AP_NAMES: tuple[str, ...] = tuple(f"AP{n}" for n in range(1, AP_COUNT + 1))
RESEARCH_NAMES: tuple[str, ...] = tuple(f"R{k}" for k in range(1, RESEARCH_COUNT + 1))

#: Every spot name, in drawing order: analysis (reading order), AP, research, testing, curve.
SPOT_NAMES: tuple[str, ...] = (
    ANALYSIS_CELLS + AP_NAMES + RESEARCH_NAMES + TESTING_CELLS + CURVE_CELLS
)
#: Every bonus key of ``sheet.earned``.
BONUS_KEYS: frozenset[str] = frozenset(
    [f"R{k}" for k in RESEARCH_BONUS]
    + [f"T-row{r}" for r in TESTING_ROW_BONUS]
    + [f"C-row{r}" for r in CURVE_ROW_BONUS]
    + [f"X:{name}" for name in sorted(TESTING_EXTRA | CURVE_EXTRA)]
)
_BY_FOLDED_NAME: dict[str, str] = {name.casefold(): name for name in SPOT_NAMES}
assert len(_BY_FOLDED_NAME) == len(SPOT_NAMES), "spot names must differ in more than case"
_AREA_CELLS = frozenset(ANALYSIS_CELLS)

# -- layout (SVG user units on the 1000x700 canvas) ----------------------------------------

WIDTH, HEIGHT = 1000, 700
NAME_BOX = (20.0, 18.0, 350.0, 48.0)  # x, y, width, height
#: Glyph centres of the key numbers: one row in the full sheet, a large 2x2 block in compact.
TALLY_FULL = ((446.0, 250.0), (588.0, 250.0), (730.0, 250.0), (872.0, 250.0))
TALLY_COMPACT = ((440.0, 190.0), (710.0, 190.0), (440.0, 300.0), (710.0, 300.0))
A_CELL, A_X, A_Y = 28.0, 52.0, 116.0  # analysis: cell, left, top
AP_RADIUS, AP_STEP, AP_X, AP_Y, AP_ROW_STEP = 18.0, 46.0, 68.0, 470.0, 48.0  # first centre
R_SIDE, R_STEP, R_X, R_Y = 44.0, 48.0, 412.0, 24.0  # research squares
T_CELL, T_STEP, T_X, T_Y0 = 51.0, 55.0, 380.0, 627.0  # testing; T_Y0 = top of row 0
# The curve's squares are drawn as tall bars (a bell of columns), 38 wide and 50 high.
C_CELL, C_TALL, C_STEP, C_RISE, C_X, C_Y0 = 38.0, 50.0, 40.5, 54.0, 703.0, 630.0
BADGE_W, BADGE_H = 40.0, 24.0
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"

# -- colours ---------------------------------------------------------------------------------

PAPER = "#fbfaf6"
INK = "#1f2933"
MUTED = "#6b7480"
GRID = "#9aa3ad"
FRAME_PLAIN = "#c5cbd3"
CELL_FILL = "#ffffff"
FILLED_FILL = "#edf1f6"
SPIKE_FILL = "#c9ead0"
SPIKE_INK = "#1e8a3c"
ANALYSED_FILL = "#45536b"
ANALYSED_HATCH = "#7f8ea8"
ANALYSED_SPIKE_INK = "#9be3ac"
ACTIVE_FILL = "#dff3e4"
SPENT_FILL = "#e9ecf0"
RED = "#c62828"
TICK = "#1b7f3a"
WHITE = "#ffffff"
HIGHLIGHT = "#1f9d55"
SELECTED = "#1d2733"
LAST_MOVE_TINT = "#ffe45c"
LAST_MOVE_EDGE = "#d49a00"
PREVIEW_LEGAL = "#2e9d5b"
PREVIEW_ILLEGAL = "#d23c3c"
#: Bonus badge ink per kind (the letter and pictogram tell the kinds apart too).
BONUS_COLOURS = {"S": "#0b62a4", "N": "#00796b", "O": "#a84c00", "X": "#5b4a8a"}
#: Okabe-Ito colours cycled over the seats (colour-blind safe); the seat number is drawn too.
SEAT_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
_SEAT_TEXT = ("#ffffff", "#ffffff", "#ffffff", "#1f2933", "#1f2933", "#1f2933")

_BOX_CELL = re.compile(r"([a-k])(10|[0-9])\Z")


@dataclass(frozen=True)
class _View:
    """The view options of one spot."""

    target: bool
    selected: bool
    last: bool


@dataclass(frozen=True)
class _Box:
    """A spot's outline: a rectangle (x, y = top left) or a circle (x, y = centre, w = radius)."""

    x: float
    y: float
    w: float
    h: float
    round: bool = False

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x, self.y) if self.round else (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def side(self) -> float:
        """The shorter side (the diameter of a circle)."""
        return 2 * self.w if self.round else min(self.w, self.h)


def render_sheet_svg(
    sheet: FightTheVirusSheet,
    *,
    highlighted: Iterable[str] = (),
    selected: str | None = None,
    preview: Iterable[str] = (),
    preview_legal: bool = True,
    last_move: Iterable[str] = (),
    compact: bool = False,
    seat: int | None = None,
    title: str | None = None,
    id_prefix: str = "ftv",
    size: int | None = None,
) -> str:
    """A standalone SVG document showing one Fight the Virus sheet.

    Spots are named as in the notation (any case): ``e3``, ``AP1``, ``R1``, ``T00``, ``C00``.
    ``highlighted`` marks legal targets (a green dot on an empty spot, a green ring on a used
    one), ``selected`` one picked spot, ``last_move`` the spots the last decision touched.
    ``preview`` lists analysis cells of a shape under the pointer (any cell of the 11x11 box,
    ``a0``-``k10``, so a shape hanging off the disc can be shown): drawn as an overlay, green
    with a ring per cell when ``preview_legal``, red with a cross per cell otherwise.
    ``seat`` (0-based) tints the frame and the name field in the seat's colour (six colours,
    cycled) and prints the seat number (1-based). ``size`` sets the pixel width (the height
    follows); without it only the ``viewBox`` is set. ``id_prefix`` keeps ids unique when several
    sheets share a page.

    ``compact=True`` draws the same sheet for a strip of other players' sheets (~300 px wide):
    no coordinates, no AP numerals, no click targets (``hit``), thinner cell lines, and a larger
    name, key numbers and cell values.

    Raises ``ValueError`` for a spot name that is not on the sheet (naming it), a bad
    ``id_prefix``, ``seat`` or ``size``, or sheet data that does not fit the sheet (an unknown
    cell or bonus, 20 AP fields, a curve value of 7, ...); ``TypeError`` for a name that is not
    text.
    """
    _check_options(id_prefix, seat, size)
    data = _checked_sheet(sheet)
    targets = {_spot_name(name, "highlighted") for name in highlighted}
    picked = _spot_name(selected, "selected") if selected is not None else None
    previous = {_spot_name(name, "last_move") for name in last_move}
    shape = [_box_cell(name) for name in preview]

    def view(name: str) -> _View:
        return _View(name in targets, name == picked, name in previous)

    parts = [
        _frame(seat),
        _name_field(data.name, seat, compact),
        _tally(data, compact),
        _analysis(data, view, compact),
    ]
    if shape:
        parts.append(_preview(shape, preview_legal))
    parts.append(_ap_track(data, view, compact))
    parts.append(_research(data, view, compact))
    parts.append(_testing(data, view, compact))
    parts.append(_curve(data, view, compact))
    name = data.name
    return svg.svg_document(
        WIDTH,
        HEIGHT,
        *parts,
        title=(f"Fight the Virus sheet of {name}" if name else "Fight the Virus sheet")
        if title is None
        else title,
        title_id=f"{id_prefix}-title",
        pixel_size=None if size is None else (size, round(size * HEIGHT / WIDTH)),
        attributes={
            "class": "sheet fight-the-virus" + (" compact" if compact else ""),
            "data-seat": seat,
            "data-research": data.research,
            "data-ap-active": data.ap.count("active"),
            # Inherited by every label and numeral.
            "font-family": FONT,
            "text-anchor": "middle",
        },
    )


# -- input checks ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Sheet:
    name: str
    analysed: frozenset[str]
    ap: tuple[str, ...]
    research: int
    testing: dict[str, int]
    curve: dict[str, int]
    circled: dict[str, int]
    earned: frozenset[str]


def _check_options(id_prefix: str, seat: object, size: object) -> None:
    svg.check_id_prefix(id_prefix)
    if seat is not None and not (type(seat) is int and seat >= 0):
        raise ValueError(f"seat must be a 0-based seat number or None, got {seat!r}")
    if size is not None and not (type(size) is int and size > 0):
        raise ValueError(f"size must be a positive number of pixels or None, got {size!r}")


def _checked_sheet(sheet: FightTheVirusSheet) -> _Sheet:
    name = sheet.name
    if not isinstance(name, str):
        raise TypeError(f"the sheet's name must be text, got {name!r}")
    analysed = frozenset(sheet.analysed)
    for cell in sorted(analysed - _AREA_CELLS):
        raise ValueError(f"analysed cell {cell!r} is not a cell of the analysis area")
    ap = tuple(sheet.ap)
    if len(ap) != AP_COUNT or any(state not in AP_STATES for state in ap):
        raise ValueError(f"ap must be {AP_COUNT} states out of {', '.join(AP_STATES)}, got {ap!r}")
    research = sheet.research
    if not (type(research) is int and 0 <= research <= RESEARCH_COUNT):
        raise ValueError(f"research must be 0-{RESEARCH_COUNT}, got {research!r}")
    testing = _checked_numbers(sheet.testing, TESTING_CELLS, "testing", 1, None)
    curve = _checked_numbers(sheet.curve, CURVE_CELLS, "curve", 1, 6)
    circled = _checked_numbers(sheet.circled, CURVE_CELLS, "circled", 1, 6)
    earned = frozenset(sheet.earned)
    for key in sorted(earned - BONUS_KEYS):
        raise ValueError(f"earned bonus {key!r} is not a bonus of the sheet")
    return _Sheet(name, analysed, ap, research, testing, curve, circled, earned)


def _checked_numbers(
    values: Mapping[str, int], names: Sequence[str], what: str, low: int, high: int | None
) -> dict[str, int]:
    checked = dict(values)
    for name, value in checked.items():
        if name not in names:
            raise ValueError(f"{what} cell {name!r} is not on the sheet")
        if type(value) is not int or value < low or (high is not None and value > high):
            limit = f"{low}-{high}" if high is not None else f"{low} or more"
            raise ValueError(f"{what} cell {name} holds {value!r}; it must be {limit}")
    return checked


def _spot_name(name: object, option: str) -> str:
    found = _BY_FOLDED_NAME.get(name.strip().casefold()) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"{option}: {name!r} is not a spot of the sheet (e3, AP1, R1, T00, C00)")
    return found


def _box_cell(name: object) -> tuple[int, int]:
    """(column, row) of an analysis-box cell name for the preview: a0 to k10."""
    found = _BOX_CELL.match(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"preview: {name!r} is not a cell of the analysis box (a0-k10)")
    return _COLUMNS.index(found.group(1)), int(found.group(2))


# -- shared pieces ---------------------------------------------------------------------------


def _text(
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


def _line(compact: bool) -> float:
    """Width factor of cell lines: thinner in compact mode."""
    return 0.6 if compact else 1.0


def _numeral(
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


def _shape(box: _Box, cls: str, **attributes: object) -> svg.Markup:
    if box.round:
        return svg.element(
            "circle", {"class": cls, "cx": box.x, "cy": box.y, "r": box.w}, **attributes
        )
    return svg.element(
        "rect",
        {"class": cls, "x": box.x, "y": box.y, "width": box.w, "height": box.h},
        **attributes,
    )


def _inset(box: _Box, by: float) -> _Box:
    if box.round:
        return _Box(box.x, box.y, box.w - by, box.h - by, True)
    return _Box(box.x + by, box.y + by, box.w - 2 * by, box.h - 2 * by)


def _cross(box: _Box, fraction: float) -> str:
    """Path data of an X over the middle ``fraction`` of a box."""
    cx, cy = box.centre
    h = box.side / 2 * fraction
    return (
        f"M{svg.point(cx - h, cy - h)}L{svg.point(cx + h, cy + h)}"
        f"M{svg.point(cx + h, cy - h)}L{svg.point(cx - h, cy + h)}"
    )


def _spot(
    area: str,
    name: str,
    box: _Box,
    base: svg.Markup,
    marks: Sequence[svg.Markup | None],
    view: _View,
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
        body.append(_shape(box, "hit", fill="none", pointer_events="all"))
    classes = svg.class_list(
        "spot",
        area,
        *states,
        "highlight" if view.target else None,
        "selected" if view.selected else None,
        "last-move" if view.last else None,
    )
    return svg.element("g", {"class": classes, "data-cell": name, **(data or {})}, body)


def _last_move_marks(box: _Box, radius: float | None) -> list[svg.Markup]:
    """The last decision touched this spot: a yellow tint and edge."""
    return [
        _shape(box, "last-move-tint", fill=LAST_MOVE_TINT, fill_opacity=0.6, rx=radius),
        _shape(
            _inset(box, 2.5),
            "last-move-edge",
            fill="none",
            stroke=LAST_MOVE_EDGE,
            stroke_width=3.5,
            rx=radius,
        ),
    ]


def _target_mark(box: _Box, radius: float | None, ring: bool) -> svg.Markup:
    """A legal target: a ring around the spot (``ring``), else a dot in its middle."""
    if ring:
        return _shape(
            _inset(box, -3.5),
            "target-marker",
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=4,
            rx=None if radius is None else radius + 3,
        )
    cx, cy = box.centre
    return svg.element(
        "circle",
        {"class": "target-marker", "cx": cx, "cy": cy, "r": max(5.5, box.side * 0.2)},
        fill=HIGHLIGHT,
        fill_opacity=0.85,
        stroke=WHITE,
        stroke_width=2,
    )


def _selected_ring(box: _Box, radius: float | None) -> svg.Markup:
    """The picked spot: a dark ring with a white inner line."""
    return svg.element(
        "g",
        {"class": "selected-ring"},
        _shape(
            _inset(box, -2), "ring-outer", fill="none", stroke=SELECTED, stroke_width=5, rx=radius
        ),
        _shape(
            _inset(box, 2.5), "ring-inner", fill="none", stroke=WHITE, stroke_width=2, rx=radius
        ),
    )


def _bullseye(cx: float, cy: float, r: float) -> svg.Markup:
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
            _text(cx, cy, "1", s * 1.55, cls="pictogram-digit", fill=colour, weight="800"),
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
        svg.element(
            "path",
            {"d": d},
            fill="none",
            stroke=WHITE,
            stroke_width=svg.fmt(r * 0.3),
            stroke_linecap="round",
            stroke_linejoin="round",
        ),
    )


@lru_cache(maxsize=64)
def _badge(kind: str, key: str, cx: float, cy: float, earned: bool) -> svg.Markup:
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
        _text(cx + 10, cy, kind, 16, cls="bonus-letter", fill=colour, weight="800"),
        _tick(x + BADGE_W - 1, y + 1, 7.5) if earned else None,
    )


@lru_cache(maxsize=16)
def _die_mark(key: str, cx: float, cy: float, earned: bool) -> svg.Markup:
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


# -- frame, name field and key numbers -------------------------------------------------------


def _frame(seat: int | None) -> svg.Markup:
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


def _name_field(name: str, seat: int | None, compact: bool) -> svg.Markup:
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
                _text(
                    x + 5 + r,
                    cy,
                    number,
                    r * (1.15 if len(number) < 2 else 0.95),
                    cls="seat-number",
                    fill=_SEAT_TEXT[seat % len(_SEAT_TEXT)],
                    weight="800",
                ),
            )
        )
        text_x = x + 10 + 2 * r + 10
    size = 34.0 if compact else 24.0
    room = x + w - 10 - text_x
    shown = _shortened(name, int(room / (size * 0.58)))
    parts.append(_text(text_x, cy, shown, size, cls="name", weight="700", anchor="start"))
    return svg.element("g", {"class": "name-field"}, parts)


def _shortened(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: max(1, limit - 1)].rstrip() + "\u2026"


def _tally(data: _Sheet, compact: bool) -> svg.Markup:
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
                    {"d": _cross(_Box(gx - s, gy - s, 2 * s, 2 * s), 0.7)},
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
            glyph = _bullseye(gx, gy, s)
        items.append(
            svg.element(
                "g",
                {"class": f"tally-item {key}"},
                glyph,
                _text(
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
        column, row = _COLUMNS.index(name[0]), int(name[1:])
        x, y = _cell_xy(column, row)
        s = A_CELL
        for dc, dr, start, end in (
            (0, -1, (x, y), (x + s, y)),
            (0, 1, (x, y + s), (x + s, y + s)),
            (-1, 0, (x, y), (x, y + s)),
            (1, 0, (x + s, y), (x + s, y + s)),
        ):
            c, r = column + dc, row + dr
            if not (0 <= c < len(_COLUMNS)) or f"{_COLUMNS[c]}{r}" not in _AREA_CELLS:
                parts.append(f"M{svg.point(*start)}L{svg.point(*end)}")
    return "".join(parts)


def _analysis(data: _Sheet, view: Callable[[str], _View], compact: bool) -> svg.Markup:
    spots = [
        _analysis_spot(name, name in data.analysed, view(name), compact) for name in ANALYSIS_CELLS
    ]
    return svg.element(
        "g",
        {"class": "area analysis", "data-area": "analysis"},
        spots,
        _disc_outline(compact),
        None if compact else _coordinates(),
    )


@lru_cache(maxsize=1024)
def _analysis_spot(name: str, analysed: bool, view: _View, compact: bool) -> svg.Markup:
    column, row = _COLUMNS.index(name[0]), int(name[1:])
    x, y = _cell_xy(column, row)
    box = _Box(x, y, A_CELL, A_CELL)
    spike = name in SPIKES
    fill = ANALYSED_FILL if analysed else SPIKE_FILL if spike else CELL_FILL
    base = _shape(box, "tile", fill=fill, stroke=GRID, stroke_width=_line(compact))
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
    return _spot(
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
    return svg.element(
        "path",
        {"class": "disc-outline", "d": _outline_path()},
        fill="none",
        stroke=INK,
        stroke_width=2.5 * _line(compact),
        stroke_linecap="square",
        pointer_events="none",
    )


@lru_cache(maxsize=1)
def _coordinates() -> svg.Markup:
    labels = [
        _text(A_X + (c + 0.5) * A_CELL, A_Y - 14, letter, 15, cls="coord column")
        for c, letter in enumerate(_COLUMNS)
    ] + [
        _text(A_X - 18, A_Y + (r + 0.5) * A_CELL, str(r), 15, cls="coord row") for r in range(_ROWS)
    ]
    return svg.element(
        "g",
        {"class": "coords", "fill": MUTED, "font-weight": "600", "pointer-events": "none"},
        labels,
    )


def _preview(cells: Sequence[tuple[int, int]], legal: bool) -> svg.Markup:
    colour = PREVIEW_LEGAL if legal else PREVIEW_ILLEGAL
    parts: list[svg.Markup] = []
    names = []
    for column, row in sorted(set(cells), key=lambda cell: (cell[1], cell[0])):
        x, y = _cell_xy(column, row)
        box = _Box(x + 1.5, y + 1.5, A_CELL - 3, A_CELL - 3)
        name = f"{_COLUMNS[column]}{row}"
        names.append(name)
        parts.append(
            _shape(
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
            parts.append(
                svg.element(
                    "circle",
                    {"class": "preview-mark", "cx": cx, "cy": cy, "r": A_CELL * 0.2},
                    fill="none",
                    stroke=WHITE,
                    stroke_width=2.5,
                )
            )
        else:
            parts.append(
                svg.element(
                    "path",
                    {"class": "preview-mark", "d": _cross(box, 0.62)},
                    stroke=WHITE,
                    stroke_width=3,
                    stroke_linecap="round",
                )
            )
    return svg.element(
        "g",
        {
            "class": "preview " + ("legal" if legal else "illegal"),
            "data-cells": " ".join(names),
            "pointer-events": "none",
        },
        parts,
    )


# -- the AP track ----------------------------------------------------------------------------


def _ap_track(data: _Sheet, view: Callable[[str], _View], compact: bool) -> svg.Markup:
    spots = [
        _ap_spot(index, state, view(AP_NAMES[index]), compact)
        for index, state in enumerate(data.ap)
    ]
    return svg.element("g", {"class": "area ap", "data-area": "ap"}, spots)


@lru_cache(maxsize=512)
def _ap_spot(index: int, state: str, view: _View, compact: bool) -> svg.Markup:
    cx = AP_X + (index % 7) * AP_STEP
    cy = AP_Y + (index // 7) * AP_ROW_STEP
    box = _Box(cx, cy, AP_RADIUS, AP_RADIUS, True)
    circled = state in ("active", "spent")
    crossed = state in ("spent", "lost")
    base = _shape(
        box,
        "field",
        fill={"active": ACTIVE_FILL, "spent": SPENT_FILL}.get(state, CELL_FILL),
        stroke=INK if circled else GRID,
        stroke_width=3.5 if circled else 1.5 * _line(compact) + 0.5,
        stroke_dasharray="4 3" if state == "lost" else None,
    )
    marks: list[svg.Markup | None] = []
    if crossed:
        marks.append(
            svg.element(
                "path",
                {"class": "cross", "d": _cross(box, 0.62)},
                stroke=INK if state == "spent" else RED,
                stroke_width=3,
                stroke_linecap="round",
            )
        )
    if not compact:
        marks.append(
            _numeral(
                cx,
                cy,
                str(index + 1),
                15,
                fill=INK if state == "active" else MUTED,
                weight="800" if circled else "500",
                halo=(SPENT_FILL if circled else CELL_FILL) if crossed else None,
            )
        )
    return _spot(
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


def _research(data: _Sheet, view: Callable[[str], _View], compact: bool) -> svg.Markup:
    spots: list[svg.Markup] = []
    extras: list[svg.Markup] = []
    filled = {**data.testing, **data.curve}
    for k in range(1, RESEARCH_COUNT + 1):
        name = RESEARCH_NAMES[k - 1]
        spots.append(_research_spot(k, k <= data.research, view(name), compact))
        cx, below = R_X + (k - 1) * R_STEP + R_SIDE / 2, R_Y + R_SIDE + 8 + BADGE_H / 2
        kind = RESEARCH_BONUS.get(k)
        if kind is not None:
            extras.append(_badge(kind, name, cx, below, name in data.earned))
        if k == RESEARCH_COUNT:
            extras.append(_lock(cx, below, all(name in filled for name in RED_TARGETS)))
    return svg.element(
        "g",
        {"class": "area research", "data-area": "research"},
        spots,
        svg.element("g", {"class": "marks", "pointer-events": "none"}, extras),
    )


@lru_cache(maxsize=256)
def _research_spot(k: int, crossed: bool, view: _View, compact: bool) -> svg.Markup:
    x = R_X + (k - 1) * R_STEP
    box = _Box(x, R_Y, R_SIDE, R_SIDE)
    red = k == RESEARCH_COUNT
    base = _shape(
        box,
        "tile",
        rx=5,
        fill=FILLED_FILL if crossed else CELL_FILL,
        stroke=RED if red else INK,
        stroke_width=4 if red else 2 * _line(compact),
    )
    marks: list[svg.Markup | None] = []
    if crossed:
        marks.append(
            svg.element(
                "path",
                {"class": "cross", "d": _cross(box, 0.66)},
                stroke=INK,
                stroke_width=4,
                stroke_linecap="round",
            )
        )
    marks.append(
        _numeral(
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
    return _spot(
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
        svg.element(
            "path",
            {"class": "shackle", "d": shackle},
            fill="none",
            stroke=colour,
            stroke_width=3,
            stroke_linecap="round",
        ),
        svg.element(
            "rect",
            {"class": "lock-body", "x": cx - w / 2, "y": top, "width": w, "height": h},
            rx=3,
            fill=colour,
        ),
        svg.element(
            "circle", {"class": "keyhole", "cx": cx, "cy": top + h / 2, "r": 1.8}, fill=WHITE
        ),
        _bullseye(cx + 17, cy + 4, 6),
    )


# -- area 3: testing -------------------------------------------------------------------------


def _testing_xy(row: int, position: int) -> tuple[float, float]:
    return T_X + row * T_STEP / 2 + position * T_STEP, T_Y0 - row * T_STEP


def _testing(data: _Sheet, view: Callable[[str], _View], compact: bool) -> svg.Markup:
    spots = [
        _testing_spot(name, data.testing.get(name), f"X:{name}" in data.earned, view(name), compact)
        for name in TESTING_CELLS
    ]
    extras = []
    for row, width in enumerate(_ROW_WIDTHS):
        x, y = _testing_xy(row, width - 1)
        key = f"T-row{row}"
        extras.append(
            _badge(
                TESTING_ROW_BONUS[row],
                key,
                x + T_CELL + 5 + BADGE_W / 2,
                y + T_CELL / 2,
                key in data.earned,
            )
        )
    return svg.element(
        "g",
        {"class": "area testing", "data-area": "testing"},
        spots,
        svg.element("g", {"class": "marks", "pointer-events": "none"}, extras),
    )


@lru_cache(maxsize=1024)
def _testing_spot(
    name: str, value: int | None, earned: bool, view: _View, compact: bool
) -> svg.Markup:
    row, position = int(name[1]), int(name[2])
    x, y = _testing_xy(row, position)
    box = _Box(x, y, T_CELL, T_CELL)
    red, extra = name in TESTING_RED, name in TESTING_EXTRA
    base = _shape(
        box,
        "tile",
        rx=6,
        fill=CELL_FILL if value is None else FILLED_FILL,
        stroke=RED if red else INK,
        stroke_width=4 if red else 2 * _line(compact),
    )
    marks: list[svg.Markup | None] = []
    if red:
        marks.append(_bullseye(x + 10, y + T_CELL - 10, 6))
    if extra:
        marks.append(_die_mark(f"X:{name}", x + T_CELL - 10, y + 10, earned))
    if value is not None:
        text = str(value)
        size = (34 if compact else 28) * (1 if len(text) < 2 else 0.85)
        marks.append(_text(x + T_CELL / 2, y + T_CELL / 2, text, size, cls="value", weight="700"))
    return _spot(
        "testing",
        name,
        box,
        base,
        marks,
        view,
        states=(
            "filled" if value is not None else None,
            "red" if red else None,
            "extra" if extra else None,
        ),
        data={"data-value": value},
        ring=value is not None,
        compact=compact,
    )


# -- area 4: the spread curve ----------------------------------------------------------------


def _curve_xy(column: int, row: int) -> tuple[float, float]:
    return C_X + column * C_STEP, C_Y0 - row * C_RISE


def _curve(data: _Sheet, view: Callable[[str], _View], compact: bool) -> svg.Markup:
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
        last = max(c for c, height in enumerate(_HEIGHTS) if height > row)
        x, y = _curve_xy(last + 1, row)
        key = f"C-row{row}"
        extras.append(_badge(kind, key, x + BADGE_W / 2 - 1, y + C_TALL / 2, key in data.earned))
    return svg.element(
        "g",
        {"class": "area curve", "data-area": "curve"},
        spots,
        svg.element("g", {"class": "marks", "pointer-events": "none"}, extras),
    )


@lru_cache(maxsize=2048)
def _curve_spot(
    name: str, value: int | None, required: int | None, earned: bool, view: _View, compact: bool
) -> svg.Markup:
    column, row = int(name[1]), int(name[2])
    x, y = _curve_xy(column, row)
    box = _Box(x, y, C_CELL, C_TALL)
    red, extra = name in CURVE_RED, name in CURVE_EXTRA
    base = _shape(
        box,
        "tile",
        rx=5,
        fill=CELL_FILL if value is None else FILLED_FILL,
        stroke=RED if red else INK,
        stroke_width=3.5 if red else 2 * _line(compact),
    )
    marks: list[svg.Markup | None] = []
    if red:
        marks.append(_bullseye(x + 8, y + C_TALL - 8, 5))
    if extra:
        marks.append(_die_mark(f"X:{name}", x + C_CELL - 9, y + 9, earned))
    if required is not None:
        cx, cy = box.centre
        marks.append(
            svg.element(
                "circle",
                {"class": "circle-mark", "cx": cx, "cy": cy, "r": C_CELL * 0.36},
                fill="none",
                stroke=INK,
                stroke_width=2.2,
            )
        )
        marks.append(_text(x + 6.5, y + 8, str(required), 12, cls="required", weight="800"))
    if value is not None:
        marks.append(
            _text(
                x + C_CELL / 2,
                y + C_TALL / 2,
                str(value),
                27 if compact else 22,
                cls="value",
                weight="700",
            )
        )
    return _spot(
        "curve",
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
