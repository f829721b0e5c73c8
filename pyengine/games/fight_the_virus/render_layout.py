"""The Fight the Virus sheet renderer's data, layout and colours (see :mod:`.render`).

The sheet data derived from the normative :data:`SHEET`, the geometry on the 1000x700 canvas,
the palette, and the small value types the drawing modules share.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyengine.games.fight_the_virus.sheet import SHEET

# -- the sheet data, derived from SHEET ----------------------------------------------------

COLUMNS: str = SHEET["analysis"]["columns"]
ROWS: int = SHEET["analysis"]["rows"]
ANALYSIS_CELLS: tuple[str, ...] = tuple(SHEET["analysis"]["cells"])
SPIKES: frozenset[str] = frozenset(SHEET["analysis"]["spikes"])
AP_COUNT: int = SHEET["ap_fields"]
AP_STATES = ("blank", "active", "spent", "lost")
RESEARCH_COUNT: int = SHEET["research"]["squares"]
RESEARCH_BONUS: dict[int, str] = {int(k): v for k, v in SHEET["research"]["bonus"].items()}
ROW_WIDTHS: list[int] = SHEET["testing"]["row_widths"]
TESTING_CELLS: tuple[str, ...] = tuple(
    f"T{row}{position}" for row, width in enumerate(ROW_WIDTHS) for position in range(width)
)
TESTING_RED: frozenset[str] = frozenset(SHEET["testing"]["red"])
TESTING_EXTRA: frozenset[str] = frozenset(SHEET["testing"]["extra"])
TESTING_ROW_BONUS: dict[int, str] = {int(k): v for k, v in SHEET["testing"]["row_bonus"].items()}
HEIGHTS: list[int] = SHEET["curve"]["heights"]
CURVE_CELLS: tuple[str, ...] = tuple(  # reading order: column by column, bottom to top
    f"C{column}{row}" for column, height in enumerate(HEIGHTS) for row in range(height)
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
BY_FOLDED_NAME: dict[str, str] = {name.casefold(): name for name in SPOT_NAMES}
assert len(BY_FOLDED_NAME) == len(SPOT_NAMES), "spot names must differ in more than case"
AREA_CELLS = frozenset(ANALYSIS_CELLS)

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
PREVIEW_LEGAL = "#2e9d5b"
PREVIEW_ILLEGAL = "#d23c3c"
#: Bonus badge ink per kind (the letter and pictogram tell the kinds apart too).
BONUS_COLOURS = {"S": "#0b62a4", "N": "#00796b", "O": "#a84c00", "X": "#5b4a8a"}
SEAT_TEXT = ("#ffffff", "#ffffff", "#ffffff", "#1f2933", "#1f2933", "#1f2933")

BOX_CELL = re.compile(r"([a-k])(10|[0-9])\Z")


@dataclass(frozen=True)
class View:
    """The view options of one spot."""

    target: bool
    selected: bool
    last: bool


@dataclass(frozen=True)
class Box:
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


# -- the checked sheet -----------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    name: str
    analysed: frozenset[str]
    ap: tuple[str, ...]
    research: int
    testing: dict[str, int]
    curve: dict[str, int]
    circled: dict[str, int]
    earned: frozenset[str]
