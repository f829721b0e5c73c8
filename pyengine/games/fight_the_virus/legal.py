"""Fight the Virus legal decisions (fight-the-virus.md §5.1): the die uses of a part and the
placements of a pending bonus, sorted by canonical text (ASCII order).

Raises are listed for every d with ⌈d/2⌉ ≤ the active fields that gives a legal value, so one
die may appear with several raises (§5.1). ``pass`` and ``b-`` are added by the state.
"""

from __future__ import annotations

from pyengine.games.fight_the_virus.notation import Bonus, Use
from pyengine.games.fight_the_virus.player_sheet import PlayerSheet
from pyengine.games.fight_the_virus.sheet import (
    CURVE_SQUARES,
    PLACEMENTS,
    RESEARCH_SQUARES,
    TESTING_CELLS,
)

__all__ = ["MAX_FACE", "areas_of_slots", "has_legal_use", "legal_bonus", "legal_uses"]

MAX_FACE = 6
"""The highest value a die may reach in the analysis and the curve (§2.3)."""


def areas_of_slots(slots: str) -> str:
    """The areas the next use may target, from a part's open use slots: ``A`` (the active
    player's analysis use), ``O`` (their use outside it), ``*`` (a passive use, any area)."""
    if "*" in slots:
        return "ARTC"
    return ("A" if "A" in slots else "") + ("RTC" if "O" in slots else "")


_SHAPE_USES: dict[tuple[int, int], tuple[tuple[str, Use], ...]] = {}
_TARGET_USES: dict[tuple[int, int, str], tuple[str, Use]] = {}


def _shape_uses(face: int, value: int) -> tuple[tuple[str, Use], ...]:
    """(text, use) for a die ``face`` raised to ``value`` on every placement of that value, in
    :data:`~.sheet.PLACEMENTS` order (built once: uses are immutable values)."""
    found = _SHAPE_USES.get((face, value))
    if found is None:
        raised = value - face
        prefix = f"{face}+{raised}>A:" if raised else f"{face}>A:"
        found = _SHAPE_USES[face, value] = tuple(
            (prefix + placement.text, Use(face, raised, "A", "", placement.cells))
            for placement in PLACEMENTS[value]
        )
    return found


def _target_use(face: int, value: int, target: str) -> tuple[str, Use]:
    """(text, use) for a die ``face`` raised to ``value`` on ``target`` (built once)."""
    pair = _TARGET_USES.get((face, value, target))
    if pair is None:
        use = Use(face, value - face, target[0], target)
        pair = _TARGET_USES[face, value, target] = (str(use), use)
    return pair


def legal_uses(sheet: PlayerSheet, dice: tuple[int, int], free: int, slots: str) -> list[Use]:
    """Every legal use of the unused dice (bit i of ``free`` set: die i unused) in the areas the
    open ``slots`` allow, sorted by canonical text."""
    areas = areas_of_slots(slots)
    budget = 2 * sheet.active
    found: list[tuple[str, Use]] = []
    for face in sorted({dice[index] for index in (0, 1) if free >> index & 1}):
        top = face + budget
        if "A" in areas:
            for value in range(face, min(MAX_FACE, top) + 1):
                uses = _shape_uses(face, value)
                found.extend(uses[placement.index] for placement in sheet.legal_placements(value))
        if "R" in areas:
            square = sheet.next_square
            if (
                square is not None
                and face <= square <= top
                and (square < RESEARCH_SQUARES or sheet.gate_open())
            ):
                found.append(_target_use(face, square, f"R{square}"))
        if "T" in areas:
            for index, cell in enumerate(TESTING_CELLS):
                floor = sheet.testing_floor(index)
                if floor is None:
                    continue
                low, one_allowed = floor
                if face == 1 and one_allowed and low >= 1:
                    found.append(_target_use(face, 1, cell))
                found.extend(
                    _target_use(face, value, cell) for value in range(max(face, low + 1), top + 1)
                )
        if "C" in areas:
            for value in range(face, min(MAX_FACE, top) + 1):
                found.extend(
                    _target_use(face, value, CURVE_SQUARES[index])
                    for index in sheet.curve_targets(value)
                )
    found.sort()
    return [use for _, use in found]


def has_legal_use(sheet: PlayerSheet, dice: tuple[int, int], free: int, slots: str) -> bool:
    """Whether :func:`legal_uses` would list anything (the cheap areas are tried first): the
    engine ends a part without one (§3.4)."""
    areas = areas_of_slots(slots)
    budget = 2 * sheet.active
    faces = {dice[index] for index in (0, 1) if free >> index & 1}
    square = sheet.next_square
    for face in faces:
        top = face + budget
        if (
            "R" in areas
            and square is not None
            and face <= square <= top
            and (square < RESEARCH_SQUARES or sheet.gate_open())
        ):
            return True
        if "T" in areas:
            for index in range(len(TESTING_CELLS)):
                floor = sheet.testing_floor(index)
                if floor is not None and (top > floor[0] or (face == 1 and floor[1])):
                    return True
        if "C" in areas and any(
            sheet.curve_targets(value) for value in range(face, min(MAX_FACE, top) + 1)
        ):
            return True
        if "A" in areas and any(
            sheet.legal_placements(value) for value in range(face, min(MAX_FACE, top) + 1)
        ):
            return True
    return False


def legal_bonus(sheet: PlayerSheet, kind: str) -> list[Bonus]:
    """Every legal placement of a pending bonus (§2.7), sorted by canonical text: S a wild shape
    in the analysis, N a number 1-6 in the curve's next empty square (a circled square takes
    only its number; priority does not apply), O a 1 in testing."""
    if kind == "S":
        return [Bonus("S", 0, "", placement.cells) for placement in sheet.legal_placements(6)]
    if kind == "N":
        index = sheet.next_empty()
        if index is None:
            return []
        return [
            Bonus("N", value, CURVE_SQUARES[index])
            for value in range(1, MAX_FACE + 1)
            if sheet.curve_problem(index, value) is None
        ]
    return [
        Bonus("O", 1, cell)
        for index, cell in enumerate(TESTING_CELLS)
        if sheet.testing_problem(index, 1) is None
    ]
