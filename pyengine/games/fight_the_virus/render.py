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

This module holds the entry point and the input checks; the drawing is split over
:mod:`.render_layout` (sheet data, geometry, colours), :mod:`.render_parts` (shared pieces),
:mod:`.render_panels` (frame, name field, key numbers, analysis disc, shape preview) and
:mod:`.render_areas` (AP track, research row, testing pyramid, spread curve).

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

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Protocol

from pyengine import svg
from pyengine.games.fight_the_virus.render_areas import (
    draw_ap_track,
    draw_curve,
    draw_research,
    draw_testing,
)
from pyengine.games.fight_the_virus.render_layout import (
    AP_COUNT,
    AP_STATES,
    AREA_CELLS,
    BONUS_KEYS,
    BOX_CELL,
    BY_FOLDED_NAME,
    COLUMNS,
    HEIGHT,
    RESEARCH_COUNT,
    SPOT_NAMES,
    WIDTH,
    Sheet,
    View,
)
from pyengine.games.fight_the_virus.render_layout import CURVE_CELLS as CURVE_CELLS
from pyengine.games.fight_the_virus.render_layout import TESTING_CELLS as TESTING_CELLS
from pyengine.games.fight_the_virus.render_panels import (
    draw_analysis,
    draw_frame,
    draw_name_field,
    draw_preview,
    draw_tally,
)
from pyengine.games.fight_the_virus.sheet import SHEET, SHEET_JSON
from pyengine.svg.drawing import SEAT_COLOURS

# CURVE_CELLS and TESTING_CELLS are re-exported too (imported as themselves) for the tests.
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

    def view(name: str) -> View:
        return View(name in targets, name == picked, name in previous)

    parts = [
        draw_frame(seat),
        draw_name_field(data.name, seat, compact),
        draw_tally(data, compact),
        draw_analysis(data, view, compact),
    ]
    if shape:
        parts.append(draw_preview(shape, preview_legal))
    parts.append(draw_ap_track(data, view, compact))
    parts.append(draw_research(data, view, compact))
    parts.append(draw_testing(data, view, compact))
    parts.append(draw_curve(data, view, compact))
    name = data.name
    return svg.picture(
        WIDTH,
        HEIGHT,
        *parts,
        title=(f"Fight the Virus sheet of {name}" if name else "Fight the Virus sheet")
        if title is None
        else title,
        id_prefix=id_prefix,
        size=size,
        attributes={
            "class": "sheet fight-the-virus" + (" compact" if compact else ""),
            "data-seat": seat,
            "data-research": data.research,
            "data-ap-active": data.ap.count("active"),
        },
    )


# -- input checks ----------------------------------------------------------------------------


def _check_options(id_prefix: str, seat: object, size: object) -> None:
    svg.check_id_prefix(id_prefix)
    if seat is not None and not (type(seat) is int and seat >= 0):
        raise ValueError(f"seat must be a 0-based seat number or None, got {seat!r}")
    if size is not None and not (type(size) is int and size > 0):
        raise ValueError(f"size must be a positive number of pixels or None, got {size!r}")


def _checked_sheet(sheet: FightTheVirusSheet) -> Sheet:
    name = sheet.name
    if not isinstance(name, str):
        raise TypeError(f"the sheet's name must be text, got {name!r}")
    analysed = frozenset(sheet.analysed)
    for cell in sorted(analysed - AREA_CELLS):
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
    return Sheet(name, analysed, ap, research, testing, curve, circled, earned)


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
    found = BY_FOLDED_NAME.get(name.strip().casefold()) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"{option}: {name!r} is not a spot of the sheet (e3, AP1, R1, T00, C00)")
    return found


def _box_cell(name: object) -> tuple[int, int]:
    """(column, row) of an analysis-box cell name for the preview: a0 to k10."""
    found = BOX_CELL.match(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"preview: {name!r} is not a cell of the analysis box (a0-k10)")
    return COLUMNS.index(found.group(1)), int(found.group(2))
