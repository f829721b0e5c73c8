"""Board geometry of Virus Fight (virus-fight.md §2, §4): home segments, neighbours, blocks,
and the lazy list of setups (§3).

Cells are handled as indices ``rank0 * size + file0`` (a1 = 0, b1 = 1, a2 = size).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from math import perm
from typing import overload

from pyengine.games.virus_fight.notation import PIECE_CODES, Cell, Setup

__all__ = ["DEFAULT_SIZES", "SetupChoices", "home_segments", "neighbours", "segment_text"]

DEFAULT_SIZES = {2: 5, 3: 6, 4: 7, 5: 9}
"""The board size of §2's table for each player count (the ``size`` option's ``0``)."""

_SOUTH, _WEST, _NORTH, _EAST = "south", "west", "north", "east"


def _side_cells(side: str, size: int) -> list[Cell]:
    """The side's edge cells from file a (horizontal) or rank 1 (vertical)."""
    last = size - 1
    if side == _SOUTH:
        return [Cell(file, 0) for file in range(size)]
    if side == _NORTH:
        return [Cell(file, last) for file in range(size)]
    if side == _WEST:
        return [Cell(0, rank) for rank in range(size)]
    return [Cell(last, rank) for rank in range(size)]


@cache
def home_segments(players: int, size: int) -> tuple[tuple[Cell, ...], ...]:
    """Each seat's home segment (§2, general rule), cells ascending.

    >>> [segment_text(cells) for cells in home_segments(5, 9)]
    ['a1-d1', 'a3-a7', 'c9-g9', 'i3-i7', 'f1-i1']
    >>> [segment_text(cells) for cells in home_segments(3, 6)]
    ['b1-f1', 'a2-a5', 'b6-f6']
    """
    if not 2 <= players <= 5 or not 5 <= size <= 11:
        raise ValueError("Virus Fight has 2-5 players and sizes 5-11")
    sides = {
        2: (_SOUTH, _NORTH),
        3: (_SOUTH, _WEST, _NORTH),
        4: (_SOUTH, _WEST, _NORTH, _EAST),
        5: (_SOUTH, _WEST, _NORTH, _EAST),
    }[players]
    held = set(sides)
    # the sides meeting at each end corner of a side (start end, far end)
    ends = {
        _SOUTH: (_WEST, _EAST),
        _NORTH: (_WEST, _EAST),
        _WEST: (_SOUTH, _NORTH),
        _EAST: (_SOUTH, _NORTH),
    }
    segments: list[tuple[Cell, ...]] = []
    for side in sides:
        if players == 5 and side == _SOUTH:
            length = min(5, (size - 1) // 2)
            segments.append(tuple(Cell(file, 0) for file in range(length)))
            continue
        candidates = _side_cells(side, size)
        low_end, high_end = ends[side]
        if high_end in held:
            candidates = candidates[:-1]
        if low_end in held:
            candidates = candidates[1:]
            if players == 5 and side in (_WEST, _EAST):
                candidates = candidates[1:]  # the rank-2 cell: keeps them off the south runs
        length = min(5, len(candidates))
        start = (len(candidates) - length) // 2
        segments.append(tuple(candidates[start : start + length]))
    if players == 5:
        length = len(segments[0])
        segments.append(tuple(Cell(file, 0) for file in range(size - length, size)))
    return tuple(segments)


def segment_text(cells: Sequence[Cell]) -> str:
    return f"{cells[0]}-{cells[-1]}"


@cache
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell index, the indices of its edge-adjacent cells."""
    table = []
    for index in range(size * size):
        file, rank = index % size, index // size
        around = []
        if file > 0:
            around.append(index - 1)
        if file < size - 1:
            around.append(index + 1)
        if rank > 0:
            around.append(index - size)
        if rank < size - 1:
            around.append(index + size)
        table.append(tuple(around))
    return tuple(table)


class SetupChoices(Sequence[Setup]):
    """Every legal setup of one home segment, computed on demand (there are 583,236 for a
    segment of 5). Order: by the number of pieces k, then the offset in the segment, then
    the pieces in :data:`PIECE_CODES` order lexicographically (first cell first), then the
    marker's position. ``len``, indexing, iteration, ``in`` and ``==`` work without building
    the list; ``random.choice`` picks a uniformly random setup.

    >>> choices = SetupChoices(tuple(Cell(file, 0) for file in range(5)))
    >>> len(choices), str(choices[0]), str(choices[-1])
    (583236, 'a1:M1 @a1', 'a1:E3 b1:E2 c1:E1 d1:J3 e1:J2 @e1')
    """

    __slots__ = ("_counts", "segment")

    def __init__(self, segment: tuple[Cell, ...]) -> None:
        self.segment = segment
        length = len(segment)
        self._counts = [(length - k + 1) * perm(12, k) * k for k in range(1, min(5, length) + 1)]

    def __len__(self) -> int:
        return sum(self._counts)

    @overload
    def __getitem__(self, index: int) -> Setup: ...
    @overload
    def __getitem__(self, index: slice) -> list[Setup]: ...

    def __getitem__(self, index: int | slice) -> Setup | list[Setup]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        total = len(self)
        if index < 0:
            index += total
        if not 0 <= index < total:
            raise IndexError("setup index out of range")
        k = 1
        for count in self._counts:
            if index < count:
                break
            index -= count
            k += 1
        index, marker = divmod(index, k)
        offset, order = divmod(index, perm(12, k))
        remaining = list(PIECE_CODES)
        codes = []
        for place in range(k):
            block = perm(12 - place - 1, k - place - 1)
            choice, order = divmod(order, block)
            codes.append(remaining.pop(choice))
        cells = self.segment[offset : offset + k]
        return Setup(tuple(zip(cells, codes, strict=True)), cells[marker])

    def __iter__(self) -> Iterator[Setup]:
        for index in range(len(self)):
            yield self[index]

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, Setup):
            return False
        cells = [cell for cell, _ in value.placements]
        if not 1 <= len(cells) <= min(5, len(self.segment)) or value.marker not in cells:
            return False
        if cells[0] not in self.segment:
            return False
        start = self.segment.index(cells[0])
        return tuple(cells) == self.segment[start : start + len(cells)] and len(
            set(value.codes)
        ) == len(cells)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SetupChoices):
            return self.segment == other.segment
        if isinstance(other, list):
            return len(other) == len(self) and list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<SetupChoices {segment_text(self.segment)}: {len(self)} setups>"
