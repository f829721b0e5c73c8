"""One player's sheet (fight-the-virus.md §2) and the rules of its four areas and AP track.

A :class:`PlayerSheet` is an immutable value: every operation (:meth:`~PlayerSheet.place`,
:meth:`~PlayerSheet.write_testing`, ...) returns a new sheet, so game states share unchanged
sheets and undo is a snapshot of references.

**Read API** (what the SVG renderer and a UI read; names are fixed):

* ``name`` - the player's name ("id#" field);
* ``analysed`` - ``frozenset`` of analysed cell names (``{"e3", "f3"}``);
* ``ap`` - 21 field states, index 0 = field 1, each ``"blank"``, ``"active"``, ``"spent"`` or
  ``"lost"`` (§2.3);
* ``research`` - how many research squares are crossed (``R1``..``R<research>``, 0-12);
* ``testing`` - ``{cell: value}`` of the filled testing cells (``{"T00": 3}``);
* ``curve`` - ``{square: value}`` of the filled curve squares (``{"C00": 4}``);
* ``circled`` - ``{square: required number}`` of the circled curve squares (filled or not);
* ``earned`` - ``frozenset`` of the bonuses whose condition has been met, so a renderer can
  tick them: ``"R3" "R6" "R8" "R10"`` (research square crossed), ``"T-row0"``..``"T-row4"``
  (testing row completed), ``"C-row1" "C-row2"`` (curve row completed) and ``"X:T10"
  "X:T13" "X:C11" "X:C42"`` (extra-die square filled). Earned says the bonus was granted, not
  that it was used: it may have been declined, impossible, or (X) worthless to an active
  player.

Further helpers: ``active`` (active fields), ``blank``, ``spikes_covered``, ``next_square``,
``gate_open()``, ``hopeless()``, ``current_column()``, ``next_empty()``; :func:`mask_of` (from
:mod:`.sheet`) turns cell names into the mask :meth:`~PlayerSheet.place` takes.

>>> sheet = PlayerSheet("Ana")
>>> sheet, covered = sheet.place(mask_of(["e3", "f3", "e4"]))
>>> covered, sheet.active, sheet.ap[:2], sorted(sheet.analysed)
(1, 1, ('active', 'blank'), ['e3', 'e4', 'f3'])
>>> [p.text for p in sheet.legal_placements(2)][:4]
['c3.d3', 'c4.d4', 'd2.d3', 'd2.e2']
>>> sheet.write_testing("T00", 3).testing
{'T00': 3}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyengine.games.fight_the_virus.sheet import (
    AP_FIELDS,
    AP_STATES,
    AREA,
    CURVE_COLUMNS,
    CURVE_EXTRA,
    CURVE_NEIGHBOURS,
    CURVE_RED,
    CURVE_ROW_BONUS,
    CURVE_ROWS,
    CURVE_SQUARES,
    PLACEMENTS,
    RESEARCH_BONUS,
    RESEARCH_SQUARES,
    RIM,
    SPIKE_MASK,
    STRIDE,
    TESTING_CELLS,
    TESTING_EXTRA,
    TESTING_RED,
    TESTING_ROW_BONUS,
    TESTING_ROWS,
    TESTING_SUPPORTS,
    Placement,
    cells_of,
    dilate,
    euler,
    flood,
    mask_of,
    need,
)

__all__ = [
    "ACTIVE",
    "BLANK",
    "CURVE_INDEX",
    "LOST",
    "SPENT",
    "TESTING_INDEX",
    "PlayerSheet",
    "legal_placements",
    "mask_of",
    "splits",
]

BLANK, ACTIVE, SPENT, LOST = range(4)
"""AP field codes inside a sheet (:data:`~.sheet.AP_STATES` gives their names)."""

TESTING_INDEX: dict[str, int] = {name: index for index, name in enumerate(TESTING_CELLS)}
"""Testing cell name → its index in :data:`~.sheet.TESTING_CELLS`."""
CURVE_INDEX: dict[str, int] = {name: index for index, name in enumerate(CURVE_SQUARES)}
"""Curve square name → its index in :data:`~.sheet.CURVE_SQUARES` (reading order)."""

_SUPPORTS = tuple(
    tuple(TESTING_INDEX[name] for name in TESTING_SUPPORTS[cell]) for cell in TESTING_CELLS
)
_TESTING_ROW_OF = tuple(int(cell[1]) for cell in TESTING_CELLS)
_TESTING_ROW_CELLS = tuple(tuple(TESTING_INDEX[name] for name in row) for row in TESTING_ROWS)
_CURVE_NEIGHBOURS = tuple(
    tuple(CURVE_INDEX[name] for name in CURVE_NEIGHBOURS[square]) for square in CURVE_SQUARES
)
_CURVE_COLUMN_OF = tuple(int(square[1]) for square in CURVE_SQUARES)
_CURVE_ROW_OF = tuple(int(square[2]) for square in CURVE_SQUARES)
_CURVE_COLUMN_SQUARES = tuple(
    tuple(CURVE_INDEX[name] for name in column) for column in CURVE_COLUMNS
)
_CURVE_ROW_SQUARES = {
    row: tuple(CURVE_INDEX[name] for name in squares) for row, squares in CURVE_ROWS.items()
}
_RED_TESTS = tuple(TESTING_INDEX[name] for name in TESTING_RED)
_RED_SQUARES = tuple(CURVE_INDEX[name] for name in CURVE_RED)
_EMPTY_TESTS = (0,) * len(TESTING_CELLS)
_EMPTY_SQUARES = (0,) * len(CURVE_SQUARES)
_BLANK_FIELDS = (BLANK,) * AP_FIELDS


def _written(
    values: tuple[int, ...], names: Mapping[str, int], where: str | int, value: int
) -> tuple[int, ...]:
    """``values`` (testing cells or curve squares) with ``value`` written at ``where`` (its
    index, or its name in ``names``)."""
    written = list(values)
    written[names[where] if isinstance(where, str) else where] = value
    return tuple(written)


def _row_bonus(
    values: tuple[int, ...],
    row: int,
    bonuses: dict[int, str],
    rows: Sequence[tuple[int, ...]] | Mapping[int, tuple[int, ...]],
) -> str | None:
    """The bonus of ``row`` (in ``bonuses``) once its cells ``rows[row]`` are all filled."""
    if row in bonuses and all(values[other] for other in rows[row]):
        return bonuses[row]
    return None


def splits(analysed: int, mask: int) -> bool:
    """Whether marking the cells of ``mask`` leaves the unanalysed cells in more than one group
    (rule 3 of §2.1), in constant time.

    ``analysed`` plus the shape must be one orthogonally connected piece (rule 2). The free cells
    then have components = Euler number + holes (:func:`~.sheet.euler`), and their only
    possible hole is that piece, when it does not reach the :data:`~.sheet.RIM`.
    """
    taken = analysed | mask
    return euler(AREA & ~taken) + (0 if taken & RIM else 1) > 1


_PLACEMENT_CACHE: dict[tuple[int, int], tuple[Placement, ...]] = {}
_PLACEMENT_CACHE_SIZE = 20_000


def legal_placements(analysed: int, face: int) -> tuple[Placement, ...]:
    """The legal placements of a face's shape next to the ``analysed`` cells (rules 1-3 of
    §2.1), in notation order. Remembered per region and face (a bounded cache shared by every
    state: clones, undo and replays meet the same regions again).

    The split test is :func:`splits` made incremental: the Euler number of the free cells minus
    a shape is theirs minus the shape's cells and plus the pairs and blocks it breaks."""
    key = (analysed, face)
    found = _PLACEMENT_CACHE.get(key)
    if found is None:
        free = AREA & ~analysed
        pairs = free & free >> 1
        columns = free & free >> STRIDE
        blocks = pairs & pairs >> STRIDE
        base = euler(free)
        touching = dilate(analysed) & free if analysed else AREA
        rim = bool(analysed & RIM)
        found = tuple(
            placement
            for placement in PLACEMENTS[face]
            if not placement.mask & analysed
            and placement.mask & touching
            and base
            - placement.mask.bit_count()
            + (pairs & placement.pairs).bit_count()
            + (columns & placement.columns).bit_count()
            - (blocks & placement.blocks).bit_count()
            + (0 if rim or placement.mask & RIM else 1)
            <= 1
        )
        if len(_PLACEMENT_CACHE) >= _PLACEMENT_CACHE_SIZE:
            _PLACEMENT_CACHE.clear()
        _PLACEMENT_CACHE[key] = found
    return found


class PlayerSheet:
    """One player's sheet, an immutable value (see the module docs for the read API).

    Internals, for the engine: ``mask`` (analysed cells as a :mod:`.sheet` bitmask),
    ``fields`` (21 AP codes :data:`BLANK` :data:`ACTIVE` :data:`SPENT` :data:`LOST`),
    ``tests`` (15 testing values in :data:`~.sheet.TESTING_CELLS` order, 0 = empty),
    ``squares`` and ``rings`` (16 curve values and required numbers in reading order, 0 =
    none), ``active`` and ``blank`` (field counts).
    """

    __slots__ = (
        "active",
        "blank",
        "fields",
        "mask",
        "name",
        "research",
        "rings",
        "squares",
        "tests",
    )

    def __init__(
        self,
        name: str,
        *,
        mask: int = 0,
        fields: tuple[int, ...] = _BLANK_FIELDS,
        research: int = 0,
        tests: tuple[int, ...] = _EMPTY_TESTS,
        squares: tuple[int, ...] = _EMPTY_SQUARES,
        rings: tuple[int, ...] = _EMPTY_SQUARES,
    ) -> None:
        self.name = name
        self.mask = mask
        self.fields = fields
        self.research = research
        self.tests = tests
        self.squares = squares
        self.rings = rings
        self.active = fields.count(ACTIVE)
        self.blank = fields.count(BLANK)

    def _copy(self, **changes: object) -> PlayerSheet:
        twin = object.__new__(PlayerSheet)
        twin.name = self.name
        twin.mask = self.mask
        twin.fields = self.fields
        twin.research = self.research
        twin.tests = self.tests
        twin.squares = self.squares
        twin.rings = self.rings
        twin.active = self.active
        twin.blank = self.blank
        for name, value in changes.items():
            setattr(twin, name, value)
        if "fields" in changes:
            twin.active = twin.fields.count(ACTIVE)
            twin.blank = twin.fields.count(BLANK)
        return twin

    def key(self) -> tuple[object, ...]:
        """Every rule-relevant field as a hashable tuple (the name excluded)."""
        return (self.mask, self.fields, self.research, self.tests, self.squares, self.rings)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerSheet):
            return NotImplemented
        return self.name == other.name and self.key() == other.key()

    def __hash__(self) -> int:
        return hash((self.name, self.key()))

    def __repr__(self) -> str:
        return (
            f"<PlayerSheet {self.name!r} analysed={len(self.analysed)} "
            f"active={self.active} research={self.research}>"
        )

    # -- the read API -------------------------------------------------------------------------

    @property
    def analysed(self) -> frozenset[str]:
        return frozenset(cells_of(self.mask))

    @property
    def ap(self) -> tuple[str, ...]:
        return tuple(AP_STATES[code] for code in self.fields)

    @property
    def testing(self) -> dict[str, int]:
        return {TESTING_CELLS[index]: value for index, value in enumerate(self.tests) if value}

    @property
    def curve(self) -> dict[str, int]:
        return {CURVE_SQUARES[index]: value for index, value in enumerate(self.squares) if value}

    @property
    def circled(self) -> dict[str, int]:
        return {CURVE_SQUARES[index]: value for index, value in enumerate(self.rings) if value}

    @property
    def earned(self) -> frozenset[str]:
        earned = {f"R{square}" for square in RESEARCH_BONUS if self.research >= square}
        earned.update(
            f"T-row{row}"
            for row in TESTING_ROW_BONUS
            if all(self.tests[index] for index in _TESTING_ROW_CELLS[row])
        )
        earned.update(
            f"C-row{row}"
            for row in CURVE_ROW_BONUS
            if all(self.squares[index] for index in _CURVE_ROW_SQUARES[row])
        )
        earned.update(f"X:{name}" for name in TESTING_EXTRA if self.tests[TESTING_INDEX[name]])
        earned.update(f"X:{name}" for name in CURVE_EXTRA if self.squares[CURVE_INDEX[name]])
        return frozenset(earned)

    @property
    def spikes_covered(self) -> int:
        return (self.mask & SPIKE_MASK).bit_count()

    @property
    def next_square(self) -> int | None:
        """The research square to cross next (``None`` once ``R12`` is crossed)."""
        return self.research + 1 if self.research < RESEARCH_SQUARES else None

    def gate_open(self) -> bool:
        """Whether every red target is filled, so ``R12`` may be crossed (§2.4)."""
        return all(self.tests[index] for index in _RED_TESTS) and all(
            self.squares[index] for index in _RED_SQUARES
        )

    def missing_reds(self) -> tuple[str, ...]:
        """The red targets still empty (§2.4), testing first."""
        return tuple(
            [TESTING_CELLS[index] for index in _RED_TESTS if not self.tests[index]]
            + [CURVE_SQUARES[index] for index in _RED_SQUARES if not self.squares[index]]
        )

    def hopeless(self) -> bool:
        """§4.2: active + blank fields < need(next square); such a player can never win."""
        return self.active + self.blank < need(self.research + 1)

    # -- AP track (§2.3, §3.3) ----------------------------------------------------------------

    def _circle(self, fields: list[int], count: int) -> None:
        for index, code in enumerate(fields):
            if not count:
                return
            if code == BLANK:
                fields[index] = ACTIVE
                count -= 1
            elif code == LOST:
                fields[index] = SPENT
                count -= 1

    def spend(self, count: int) -> PlayerSheet:
        """The ``count`` lowest-numbered active fields become spent (the caller checks that
        there are enough)."""
        if not count:
            return self
        fields = list(self.fields)
        for index, code in enumerate(fields):
            if code == ACTIVE:
                fields[index] = SPENT
                count -= 1
                if not count:
                    break
        return self._copy(fields=tuple(fields))

    def lose_progress(self) -> tuple[PlayerSheet, int | None, str]:
        """The 6-6 setback (§3.3): the lowest active field is spent, or else the lowest blank one
        lost. Returns the new sheet, the field number (1-based) and ``"spent"``, ``"lost"`` or
        ``"none"``."""
        for code, effect in ((ACTIVE, "spent"), (BLANK, "lost")):
            if code in self.fields:
                index = self.fields.index(code)
                fields = list(self.fields)
                fields[index] = SPENT if code == ACTIVE else LOST
                return self._copy(fields=tuple(fields)), index + 1, effect
        return self, None, "none"

    # -- analysis (§2.1) ----------------------------------------------------------------------

    def placement_problem(self, mask: int) -> str | None:
        """Why a shape (a mask of area cells) may not be marked now, or ``None``:
        ``"analysis-occupied"``, ``"analysis-touching"`` or ``"analysis-split"``."""
        if mask & self.mask:
            return "analysis-occupied"
        if self.mask and not mask & dilate(self.mask):
            return "analysis-touching"
        if splits(self.mask, mask):
            return "analysis-split"
        return None

    def legal_placements(self, face: int) -> tuple[Placement, ...]:
        """The legal placements of a face's shape (rules 1-3 of §2.1), in notation order."""
        return legal_placements(self.mask, face)

    def place(self, mask: int) -> tuple[PlayerSheet, int]:
        """Mark a shape; every spike it covers circles one field (§2.1, §2.3). Returns the new
        sheet and the number of spikes covered."""
        covered = (mask & SPIKE_MASK).bit_count()
        changes: dict[str, object] = {"mask": self.mask | mask}
        if covered:
            fields = list(self.fields)
            self._circle(fields, covered)
            changes["fields"] = tuple(fields)
        return self._copy(**changes), covered

    # -- research (§2.4) ----------------------------------------------------------------------

    def cross_research(self) -> PlayerSheet:
        return self._copy(research=self.research + 1)

    # -- testing (§2.5) -----------------------------------------------------------------------

    def testing_floor(self, index: int) -> tuple[int, bool] | None:
        """For an empty testing cell whose supports are filled: the value every number but 1
        must exceed and whether a 1 may go there; ``None`` when the cell cannot take a number."""
        if self.tests[index]:
            return None
        supports = _SUPPORTS[index]
        if not supports:
            return 0, True
        left, right = self.tests[supports[0]], self.tests[supports[1]]
        if not left or not right:
            return None
        return max(left, right), left != 1 and right != 1

    def testing_problem(self, index: int, value: int) -> str | None:
        """Why ``value`` may not be written into testing cell ``index``, or ``None``:
        ``"testing-filled"``, ``"testing-supports"``, ``"testing-one-on-one"`` or
        ``"testing-not-higher"``."""
        if self.tests[index]:
            return "testing-filled"
        floor = self.testing_floor(index)
        if floor is None:
            return "testing-supports"
        low, one_allowed = floor
        if value == 1:
            return None if one_allowed else "testing-one-on-one"
        return None if value > low else "testing-not-higher"

    def write_testing(self, cell: str | int, value: int) -> PlayerSheet:
        return self._copy(tests=_written(self.tests, TESTING_INDEX, cell, value))

    def testing_bonus(self, index: int) -> str | None:
        """The row bonus that filling testing cell ``index`` completed, if any."""
        return _row_bonus(self.tests, _TESTING_ROW_OF[index], TESTING_ROW_BONUS, _TESTING_ROW_CELLS)

    # -- curve (§2.6, §3.3) -------------------------------------------------------------------

    def current_column(self) -> int | None:
        """The leftmost column with an empty square (``None`` when the curve is full)."""
        index = self.next_empty()
        return None if index is None else _CURVE_COLUMN_OF[index]

    def next_empty(self) -> int | None:
        """The first empty square in reading order, as an index (``None`` when full)."""
        for index, value in enumerate(self.squares):
            if not value:
                return index
        return None

    def curve_problem(self, index: int, value: int) -> str | None:
        """Why ``value`` (1-6) may not be written into curve square ``index``, priority aside,
        or ``None``: ``"curve-filled"``, ``"curve-column"``, ``"curve-circled"``,
        ``"curve-neighbour"`` or ``"curve-circled-neighbour"``."""
        squares, rings = self.squares, self.rings
        if squares[index]:
            return "curve-filled"
        if _CURVE_COLUMN_OF[index] != self.current_column():
            return "curve-column"
        if rings[index] and value != rings[index]:
            return "curve-circled"
        for other in _CURVE_NEIGHBOURS[index]:
            if squares[other] == value:
                return "curve-neighbour"
        for other in _CURVE_NEIGHBOURS[index]:
            if not squares[other] and rings[other] == value:
                return "curve-circled-neighbour"
        return None

    def curve_targets(self, value: int) -> tuple[int, ...]:
        """The squares a die of ``value`` may go to: the legal squares of the current column,
        or only its circled ones when ``value`` fits one of those (priority, §2.6)."""
        column = self.current_column()
        if column is None:
            return ()
        legal = [
            index
            for index in _CURVE_COLUMN_SQUARES[column]
            if self.curve_problem(index, value) is None
        ]
        circled = [index for index in legal if self.rings[index]]
        return tuple(circled or legal)

    def write_curve(self, square: str | int, value: int) -> PlayerSheet:
        return self._copy(squares=_written(self.squares, CURVE_INDEX, square, value))

    def curve_bonus(self, index: int) -> str | None:
        """The row bonus that filling curve square ``index`` completed, if any."""
        return _row_bonus(self.squares, _CURVE_ROW_OF[index], CURVE_ROW_BONUS, _CURVE_ROW_SQUARES)

    def circle_curve(self) -> tuple[PlayerSheet, int | None]:
        """The 5-6 setback (§3.3): from the next empty square onward in reading order, circle
        the first empty, uncircled square whose filled neighbours (at least one) all hold the
        same number n and which has no empty circled neighbour; it requires 7 - n. Returns the
        new sheet and the square's index (``None`` when no square qualifies)."""
        start = self.next_empty()
        if start is None:
            return self, None
        squares, rings = self.squares, self.rings
        for index in range(start, len(squares)):
            if squares[index] or rings[index]:
                continue
            around = _CURVE_NEIGHBOURS[index]
            numbers = {squares[other] for other in around if squares[other]}
            if len(numbers) != 1 or any(not squares[other] and rings[other] for other in around):
                continue
            changed = list(rings)
            changed[index] = 7 - numbers.pop()
            return self._copy(rings=tuple(changed)), index
        return self, None

    # -- consistency (positions) --------------------------------------------------------------

    def problems(self) -> list[str]:
        """The sheet rules this sheet breaks, as readable texts (empty for a consistent sheet):
        used to validate position texts (a sheet reached in play never breaks any)."""
        found: list[str] = []
        free = AREA & ~self.mask
        if self.mask and flood(self.mask & -self.mask, self.mask) != self.mask:
            found.append("the analysed cells are not connected")
        if free and flood(free & -free, free) != free:
            found.append("the unanalysed cells form more than one group")
        if len(self.fields) != AP_FIELDS or any(code not in range(4) for code in self.fields):
            found.append("the AP track needs 21 fields")
        elif sum(code in (ACTIVE, SPENT) for code in self.fields) != self.spikes_covered:
            found.append(
                f"{self.spikes_covered} spikes are covered, so exactly that many AP "
                "fields must be circled (active or spent)"
            )
        if not 0 <= self.research <= RESEARCH_SQUARES:
            found.append("research counts 0 to 12 crossed squares")
        elif self.research == RESEARCH_SQUARES and not self.gate_open():
            found.append("R12 is crossed but a red target is empty")
        for index, value in enumerate(self.tests):
            if value and self.write_testing(index, 0).testing_problem(index, value):
                found.append(f"{TESTING_CELLS[index]}={value} breaks the testing rules")
        column = self.current_column()
        for index, value in enumerate(self.squares):
            name = CURVE_SQUARES[index]
            if value and column is not None and _CURVE_COLUMN_OF[index] > column:
                found.append(f"{name} is filled beyond the current column")
            if not 0 <= value <= 6 or not 0 <= self.rings[index] <= 6:
                found.append(f"{name} holds a number outside 1-6")
            elif value and self.rings[index] and value != self.rings[index]:
                found.append(f"{name} is circled for {self.rings[index]} but holds {value}")
            for other in _CURVE_NEIGHBOURS[index]:
                if value and self.squares[other] == value:
                    found.append(f"{name} and {CURVE_SQUARES[other]} hold the same number")
                if not value and self.rings[index] and self.squares[other] == self.rings[index]:
                    found.append(
                        f"{name} requires {self.rings[index]}, which its neighbour "
                        f"{CURVE_SQUARES[other]} holds"
                    )
        return found
