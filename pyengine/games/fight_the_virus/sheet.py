"""The Fight the Virus player sheet as data (fight-the-virus.md §2.8) and everything derived from it.

:data:`SHEET_JSON` is the normative, loadable sheet of §2.8, verbatim. Every other constant of
this module is computed from it at import (nothing is copied by hand), and checked against the
counts the rules state: 73 analysis cells, 21 spikes, 26 wild shapes, 15 testing cells, 16 curve
squares and the need(k) table of §4.2.

**Analysis bitmasks.** A set of analysis cells is an ``int`` whose bit ``12 * row + col`` stands
for the cell in that row and column (``e3`` = bit 40). The stride of 12 leaves an always-empty
column 11, so shifting a mask by 1 or 12 moves every cell to a neighbour without wrapping round a
row: :func:`dilate`, :func:`flood` and :func:`euler` are a handful of integer operations.
:data:`AREA` holds the 73 cells, :data:`SPIKE_MASK` the 21 spikes and :data:`RIM` the cells at
the edge of the area.

**Placements.** :data:`PLACEMENTS` maps each die face 1-6 to every way of putting that face's
shape (§2.2; rotations and reflections allowed; face 6 any of the 26 :data:`WILD_SHAPES`)
wholly inside the area, as :class:`Placement` values; :data:`PLACEMENT_FACES` maps a mask to
the faces whose shape it is. The tables take about 20 ms to build at import (CPython). Whether a
placement is legal on a given sheet (empty, touching, no split) is decided in
:mod:`.player_sheet`, the split test in constant time with :func:`euler` (digital topology: the
free cells have components = Euler number + holes).

>>> len(ANALYSIS_CELLS), len(SPIKES), len(WILD_SHAPES), [len(PLACEMENTS[f]) for f in range(1, 7)]
(73, 21, 26, [73, 124, 224, 204, 376, 1367])
>>> cells_of(PLACEMENTS[2][0].mask), PLACEMENTS[2][0].text
(('a5', 'b5'), 'a5.b5')
>>> [need(k) for k in range(1, 13)]
[12, 12, 12, 12, 12, 12, 12, 11, 10, 8, 6, 3]
>>> ANALYSIS_NEIGHBOURS["d1"], TESTING_SUPPORTS["T21"], CURVE_NEIGHBOURS["C11"]
(('e1', 'd2'), ('T11', 'T12'), ('C10', 'C21'))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import combinations
from typing import Any

__all__ = [
    "ANALYSIS_CELLS",
    "ANALYSIS_NEIGHBOURS",
    "AP_FIELDS",
    "AP_STATES",
    "AREA",
    "CELL_BIT",
    "CURVE_COLUMNS",
    "CURVE_EXTRA",
    "CURVE_HEIGHTS",
    "CURVE_NEIGHBOURS",
    "CURVE_RED",
    "CURVE_ROWS",
    "CURVE_ROW_BONUS",
    "CURVE_SQUARES",
    "FACE_SHAPES",
    "PLACEMENTS",
    "PLACEMENT_FACES",
    "RED_TARGETS",
    "RESEARCH_BONUS",
    "RESEARCH_SQUARES",
    "RIM",
    "SHEET",
    "SHEET_JSON",
    "SPIKES",
    "SPIKE_MASK",
    "STRIDE",
    "TESTING_CELLS",
    "TESTING_EXTRA",
    "TESTING_RED",
    "TESTING_ROWS",
    "TESTING_ROW_BONUS",
    "TESTING_SUPPORTS",
    "WILD_SHAPES",
    "Placement",
    "cells_of",
    "dilate",
    "euler",
    "flood",
    "mask_of",
    "need",
]

SHEET_JSON = """\
{"analysis": {"columns": "abcdefghijk", "rows": 11,
  "cells": ["f0","d1","e1","f1","g1","h1","c2","d2","e2","f2","g2","h2","i2",
   "b3","c3","d3","e3","f3","g3","h3","i3","j3","b4","c4","d4","e4","f4","g4","h4","i4","j4",
   "a5","b5","c5","d5","e5","f5","g5","h5","i5","j5","k5","b6","c6","d6","e6","f6","g6","h6","i6","j6",
   "b7","c7","d7","e7","f7","g7","h7","i7","j7","c8","d8","e8","f8","g8","h8","i8",
   "d9","e9","f9","g9","h9","f10"],
  "spikes": ["f0","d1","h1","c2","i2","b3","e3","j3","h4","a5","f5","k5",
   "d6","b7","g7","j7","c8","i8","d9","h9","f10"]},
 "shapes": {"1": [[0,0]], "2": [[0,0],[0,1]], "3": [[0,0],[1,0],[1,1]],
   "4": [[0,0],[0,1],[0,2],[1,1]], "5": [[0,0],[0,1],[1,0],[1,1],[2,0]],
   "6": {"wild": true, "min_cells": 1, "max_cells": 4, "box": [2,3]}},
 "ap_fields": 21,
 "research": {"squares": 12, "bonus": {"3": "S", "6": "O", "8": "S", "10": "O"}},
 "testing": {"row_widths": [5,4,3,2,1], "red": ["T00","T04","T21"], "extra": ["T10","T13"],
   "row_bonus": {"0": "N", "1": "S", "2": "N", "3": "S", "4": "N"}},
 "curve": {"heights": [1,2,3,4,3,2,1], "red": ["C33"], "extra": ["C11","C42"],
   "row_bonus": {"1": "S", "2": "O"}}}
"""
"""The normative sheet data of §2.8, verbatim."""

SHEET: dict[str, Any] = json.loads(SHEET_JSON)

AP_STATES = ("blank", "active", "spent", "lost")
"""The states of an AP field (§2.3), in the order of their codes 0-3 inside a sheet."""

# -- analysis (§2.1) ---------------------------------------------------------------------------

STRIDE = 12
"""Bits per analysis row in a mask (11 columns and one always-empty padding column)."""

_COLUMNS: str = SHEET["analysis"]["columns"]
_ROWS: int = SHEET["analysis"]["rows"]
ANALYSIS_CELLS: tuple[str, ...] = tuple(SHEET["analysis"]["cells"])
"""The 73 analysis cells by row, then column (``f0 d1 e1 ... f10``)."""
SPIKES: tuple[str, ...] = tuple(SHEET["analysis"]["spikes"])
"""The 21 spike cells, in the order of §2.1."""


def _cell_position(name: str) -> tuple[int, int]:
    return int(name[1:]), _COLUMNS.index(name[0])


CELL_POSITION: dict[str, tuple[int, int]] = {name: _cell_position(name) for name in ANALYSIS_CELLS}
"""Analysis cell name → (row, column), both 0-based, row 0 on top."""
CELL_BIT: dict[str, int] = {
    name: 1 << (row * STRIDE + col) for name, (row, col) in CELL_POSITION.items()
}
"""Analysis cell name → its single-bit mask."""
_BIT_NAME: dict[int, str] = {(bit.bit_length() - 1): name for name, bit in CELL_BIT.items()}
AREA: int = sum(CELL_BIT.values())
"""The mask of all 73 analysis cells."""
SPIKE_MASK: int = sum(CELL_BIT[name] for name in SPIKES)
"""The mask of the 21 spikes."""
RIM: int = sum(
    CELL_BIT[name]
    for name, (row, col) in CELL_POSITION.items()
    if any(
        f"{_COLUMNS[col + dc]}{row + dr}" not in CELL_BIT if 0 <= col + dc < len(_COLUMNS) else True
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
    )
)
"""The area cells next to (in any of the eight directions) a spot outside the area."""

ANALYSIS_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    name: tuple(
        other
        for other in ANALYSIS_CELLS
        if abs(CELL_POSITION[other][0] - row) + abs(CELL_POSITION[other][1] - col) == 1
    )
    for name, (row, col) in CELL_POSITION.items()
}
"""Analysis cell → its orthogonal neighbours inside the area, in notation order."""

assert len(ANALYSIS_CELLS) == 73 and len(set(ANALYSIS_CELLS)) == 73
assert len(SPIKES) == 21 and SPIKE_MASK & AREA == SPIKE_MASK
assert list(ANALYSIS_CELLS) == sorted(ANALYSIS_CELLS, key=lambda name: CELL_POSITION[name])


def mask_of(names: tuple[str, ...] | list[str] | frozenset[str]) -> int:
    """The mask of some analysis cell names (``KeyError`` for a name outside the area)."""
    mask = 0
    for name in names:
        mask |= CELL_BIT[name]
    return mask


def cells_of(mask: int) -> tuple[str, ...]:
    """The analysis cell names of a mask, sorted by row then column (the notation's order)."""
    names = []
    while mask:
        low = mask & -mask
        names.append(_BIT_NAME[low.bit_length() - 1])
        mask ^= low
    return tuple(names)


def dilate(mask: int) -> int:
    """``mask`` plus the orthogonal neighbours of its cells, within the area."""
    return (mask | mask << 1 | mask >> 1 | mask << STRIDE | mask >> STRIDE) & AREA


def euler(mask: int) -> int:
    """The Euler number of a set of cells (4-connected, holes 8-connected): components minus
    holes = cells - orthogonally adjacent pairs + full 2×2 blocks.

    >>> euler(mask_of(["e3", "f3", "e4", "f4"])), euler(mask_of(["e3", "g3"]))
    (1, 2)
    """
    return (
        mask.bit_count()
        - (mask & mask >> 1).bit_count()
        - (mask & mask >> STRIDE).bit_count()
        + (mask & mask >> 1 & mask >> STRIDE & mask >> (STRIDE + 1)).bit_count()
    )


def flood(seed: int, region: int) -> int:
    """The cells of ``region`` orthogonally connected to ``seed`` (a subset of ``region``)."""
    reached = seed
    while True:
        grown = (
            reached | reached << 1 | reached >> 1 | reached << STRIDE | reached >> STRIDE
        ) & region
        if grown == reached:
            return grown
        reached = grown


# -- die-face shapes (§2.2) ----------------------------------------------------------------------

Shape = frozenset[tuple[int, int]]


def _normalise(cells: set[tuple[int, int]] | Shape) -> Shape:
    top = min(row for row, _ in cells)
    left = min(col for _, col in cells)
    return frozenset((row - top, col - left) for row, col in cells)


def _orientations(cells: Shape) -> frozenset[Shape]:
    """Every rotation and reflection of a shape, normalised to touch row 0 and column 0."""
    found = set()
    current = set(cells)
    for _ in range(4):
        current = {(col, -row) for row, col in current}
        found.add(_normalise(current))
        found.add(_normalise({(row, -col) for row, col in current}))
    return frozenset(found)


def _connected(cells: Shape) -> bool:
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        row, col = stack.pop()
        for other in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
            if other in cells and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(cells)


def _wild_shapes(spec: dict[str, Any]) -> frozenset[Shape]:
    """All fixed polyominoes of ``min_cells``..``max_cells`` cells whose bounding box fits the
    ``box`` in either orientation (§2.2: 26 shapes for 1-4 cells in 2×3 or 3×2)."""
    short, long = sorted(spec["box"])
    grid = [(row, col) for row in range(long) for col in range(long)]
    shapes = set()
    for size in range(spec["min_cells"], spec["max_cells"] + 1):
        for cells in combinations(grid, size):
            shape = _normalise(set(cells))
            height = 1 + max(row for row, _ in shape)
            width = 1 + max(col for _, col in shape)
            if min(height, width) <= short and max(height, width) <= long and _connected(shape):
                shapes.add(shape)
    return frozenset(shapes)


WILD_SHAPES: frozenset[Shape] = _wild_shapes(SHEET["shapes"]["6"])
"""The 26 wild shapes of face 6 (fixed polyominoes of 1-4 cells in a 2×3 or 3×2 box)."""
FACE_SHAPES: dict[int, frozenset[Shape]] = {
    **{
        int(face): _orientations(_normalise({(row, col) for row, col in cells}))
        for face, cells in SHEET["shapes"].items()
        if isinstance(cells, list)
    },
    6: WILD_SHAPES,
}
"""Die face → every fixed orientation of its shape, as normalised (row, col) cell sets."""

assert len(WILD_SHAPES) == 26
assert frozenset({(0, 0), (0, 1), (0, 2), (0, 3)}) not in WILD_SHAPES  # no straight tetromino
assert [len(FACE_SHAPES[face]) for face in range(1, 6)] == [1, 2, 4, 4, 8]
assert all(len(shape) == face for face in range(1, 6) for shape in FACE_SHAPES[face])


@dataclass(frozen=True, slots=True)
class Placement:
    """One way to put a face's shape inside the area: ``mask`` holds its cells, ``cells`` their
    names in notation order, ``text`` the notation (``e3.f3``) and ``index`` its position in
    :data:`PLACEMENTS` of its face. ``pairs``, ``columns`` and ``blocks`` mark the horizontal
    pairs, vertical pairs and 2×2 blocks (each by its top-left cell) that contain a cell of the
    shape, so that the :func:`euler` number of a region minus the shape is a few operations
    (:func:`~.player_sheet.splits`)."""

    mask: int
    cells: tuple[str, ...]
    text: str
    index: int
    pairs: int
    columns: int
    blocks: int


def _placements(shapes: frozenset[Shape]) -> tuple[Placement, ...]:
    found: dict[int, str] = {}  # mask → notation text
    for shape in shapes:
        height = 1 + max(row for row, _ in shape)
        width = 1 + max(col for _, col in shape)
        for top in range(_ROWS - height + 1):
            for left in range(len(_COLUMNS) - width + 1):
                mask = 0
                for row, col in shape:
                    mask |= 1 << ((top + row) * STRIDE + left + col)
                if mask & AREA == mask and mask not in found:
                    found[mask] = ".".join(cells_of(mask))
    ordered = sorted(found, key=found.__getitem__)
    return tuple(
        Placement(
            mask,
            cells_of(mask),
            found[mask],
            index,
            mask | mask >> 1,
            mask | mask >> STRIDE,
            mask | mask >> 1 | mask >> STRIDE | mask >> (STRIDE + 1),
        )
        for index, mask in enumerate(ordered)
    )


PLACEMENTS: dict[int, tuple[Placement, ...]] = {
    face: _placements(FACE_SHAPES[face]) for face in range(1, 7)
}
"""Die face → every placement of its shape inside the area, sorted by notation text."""
PLACEMENT_FACES: dict[int, int] = {}
"""Placement mask → a bit set of the faces whose shape it is (bit ``1 << face``)."""
for _face, _placements_of_face in PLACEMENTS.items():
    for _placement in _placements_of_face:
        PLACEMENT_FACES[_placement.mask] = PLACEMENT_FACES.get(_placement.mask, 0) | 1 << _face


# -- AP track and research (§§2.3-2.4, 4.2) ------------------------------------------------------

AP_FIELDS: int = SHEET["ap_fields"]
"""The number of analysis-progress fields (21, one per spike)."""
assert AP_FIELDS == len(SPIKES)

RESEARCH_SQUARES: int = SHEET["research"]["squares"]
"""Research squares ``R1``..``R12``."""
RESEARCH_BONUS: dict[int, str] = {
    int(square): kind for square, kind in SHEET["research"]["bonus"].items()
}
"""Research square → the bonus kind crossing it grants (``{3: "S", 6: "O", 8: "S", 10: "O"}``)."""

_MAX_DIE = 6


def _need_table() -> dict[int, int]:
    """need(k) of §4.2: the APs still required with perfect dice (a 6 every time) when the next
    square is k; square j > 6 needs a raise of j - 6, which costs ⌈(j - 6) / 2⌉ APs."""
    return {
        k: sum(-(-max(0, square - _MAX_DIE) // 2) for square in range(k, RESEARCH_SQUARES + 1))
        for k in range(1, RESEARCH_SQUARES + 1)
    }


_NEED = _need_table()
assert _NEED == {**dict.fromkeys(range(1, 8), 12), 8: 11, 9: 10, 10: 8, 11: 6, 12: 3}


def need(square: int) -> int:
    """need(k) of §4.2 for the next research square ``square`` (0 once all 12 are crossed)."""
    return _NEED.get(square, 0)


# -- testing (§2.5) ------------------------------------------------------------------------------

_ROW_WIDTHS: list[int] = SHEET["testing"]["row_widths"]
TESTING_CELLS: tuple[str, ...] = tuple(
    f"T{row}{position}" for row, width in enumerate(_ROW_WIDTHS) for position in range(width)
)
"""The 15 testing cells, row 0 (bottom) first: ``T00 .. T04 T10 .. T40``."""
TESTING_ROWS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"T{row}{position}" for position in range(width)) for row, width in enumerate(_ROW_WIDTHS)
)
"""The testing cells of each row (row 0 at the bottom)."""
TESTING_SUPPORTS: dict[str, tuple[str, ...]] = {
    f"T{row}{position}": (
        () if row == 0 else (f"T{row - 1}{position}", f"T{row - 1}{position + 1}")
    )
    for row, width in enumerate(_ROW_WIDTHS)
    for position in range(width)
}
"""Testing cell → the two cells it rests on (none in row 0)."""
TESTING_RED: tuple[str, ...] = tuple(SHEET["testing"]["red"])
TESTING_EXTRA: tuple[str, ...] = tuple(SHEET["testing"]["extra"])
TESTING_ROW_BONUS: dict[int, str] = {
    int(row): kind for row, kind in SHEET["testing"]["row_bonus"].items()
}
"""Testing row → the bonus completing it grants."""
assert len(TESTING_CELLS) == 15

# -- curve (§2.6) --------------------------------------------------------------------------------

CURVE_HEIGHTS: tuple[int, ...] = tuple(SHEET["curve"]["heights"])
CURVE_SQUARES: tuple[str, ...] = tuple(
    f"C{column}{row}" for column, height in enumerate(CURVE_HEIGHTS) for row in range(height)
)
"""The 16 curve squares in reading order: column by column, bottom to top inside a column."""
CURVE_COLUMNS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"C{column}{row}" for row in range(height)) for column, height in enumerate(CURVE_HEIGHTS)
)
"""The squares of each column, bottom to top."""
CURVE_ROWS: dict[int, tuple[str, ...]] = {
    row: tuple(square for square in CURVE_SQUARES if int(square[2]) == row)
    for row in range(max(CURVE_HEIGHTS))
}
"""Curve row → its squares, left to right."""


def _curve_neighbours(square: str) -> tuple[str, ...]:
    column, row = int(square[1]), int(square[2])
    around = (
        f"C{column}{row - 1}",
        f"C{column - 1}{row}",
        f"C{column + 1}{row}",
        f"C{column}{row + 1}",
    )
    return tuple(sorted(other for other in around if other in CURVE_SQUARES))


CURVE_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    square: _curve_neighbours(square) for square in CURVE_SQUARES
}
"""Curve square → the squares sharing an edge with it (``C00``-``C11`` is only diagonal)."""
CURVE_RED: tuple[str, ...] = tuple(SHEET["curve"]["red"])
CURVE_EXTRA: tuple[str, ...] = tuple(SHEET["curve"]["extra"])
CURVE_ROW_BONUS: dict[int, str] = {
    int(row): kind for row, kind in SHEET["curve"]["row_bonus"].items()
}
"""Curve row → the bonus completing it grants."""
assert len(CURVE_SQUARES) == 16 and "C00" not in CURVE_NEIGHBOURS["C11"]

RED_TARGETS: tuple[str, ...] = TESTING_RED + CURVE_RED
"""The cells that must be filled before ``R12`` may be crossed (§2.4)."""
