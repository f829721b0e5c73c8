"""Helpers for the Fight the Virus tests: positions built from readable sheet descriptions,
seeds with chosen dice, legal lists as text, and independent checks of the sheet rules."""

from __future__ import annotations

import random

from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS, FightTheVirusState
from pyengine.games.fight_the_virus.notation import cell_key
from pyengine.games.fight_the_virus.sheet import (
    CURVE_COLUMNS,
    CURVE_NEIGHBOURS,
    CURVE_SQUARES,
    RED_TARGETS,
    SPIKES,
    TESTING_SUPPORTS,
)


def sheet_text(
    *,
    analysed: str = "",
    ap: str = "",
    research: int = 0,
    testing: dict[str, int] | None = None,
    curve: dict[str, int] | None = None,
    circled: dict[str, int] | None = None,
    status: str = "",
) -> str:
    """One sheet of a position text (see ``pyengine.games.fight_the_virus.position``):
    ``analysed`` space-separated cells in any order, ``ap`` the first fields (``.ox-``; the
    rest blank), the rest as in the read API."""
    cells = ".".join(sorted(analysed.split(), key=cell_key)) or "-"
    tests = ",".join(f"{cell}={value}" for cell, value in sorted((testing or {}).items())) or "-"
    curve, circled = curve or {}, circled or {}
    squares = []
    for square in CURVE_SQUARES:
        if square in curve or square in circled:
            squares.append(
                square
                + (f"@{circled[square]}" if square in circled else "")
                + (f"={curve[square]}" if square in curve else "")
            )
    text = f"{cells}|{ap.ljust(21, '.')}|{research}|{tests}|{','.join(squares) or '-'}"
    return f"{text}|{status}" if status else text


EMPTY = sheet_text()


def position(
    sheets: list[str],
    *,
    turn: int = 1,
    drawn: int = 2,
    dice: tuple[int, int] | None = None,
    decision: str = "roll",
    seed: int = 0,
    mode: str | None = None,
    groups: str = "",
) -> FightTheVirusState:
    """A state from sheet texts and the turn fields (solo for one sheet, else standard)."""
    mode = mode or ("solo" if len(sheets) == 1 else "standard")
    dice_text = "-" if dice is None else f"{dice[0]}-{dice[1]}"
    text = f"t{turn} d{drawn} {dice_text} {decision} {' '.join(sheets)}"
    options: dict[str, object] = {"mode": mode, "players": len(sheets), "seed": seed}
    if groups:
        options["groups"] = groups
    return FIGHT_THE_VIRUS.from_position(text, options=options)


def seed_for(*dice: int) -> int:
    """The smallest seed whose first dice are exactly ``dice`` (§5.2)."""
    seed = 0
    while True:
        rng = random.Random(seed)
        if all(rng.randint(1, 6) == die for die in dice):
            return seed
        seed += 1


def legal(state: FightTheVirusState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def uses_of(state: FightTheVirusState, prefix: str = "", target: str = "") -> list[str]:
    """The listed decisions starting with ``prefix`` and ending with ``target``."""
    return [text for text in legal(state) if text.startswith(prefix) and text.endswith(target)]


# -- independent checks of the sheet rules (written apart from the engine's) -----------------


def _neighbour_table(area: frozenset[str]) -> dict[str, tuple[str, ...]]:
    table = {}
    for cell in area:
        row, col = int(cell[1:]), ord(cell[0])
        around = (
            f"{chr(col)}{row - 1}",
            f"{chr(col)}{row + 1}",
            f"{chr(col - 1)}{row}",
            f"{chr(col + 1)}{row}",
        )
        table[cell] = tuple(other for other in around if other in area)
    return table


_NEIGHBOURS: dict[frozenset[str], dict[str, tuple[str, ...]]] = {}


def groups_of(cells: frozenset[str], area: frozenset[str]) -> int:
    """The number of orthogonally connected groups ``cells`` form inside ``area``."""
    table = _NEIGHBOURS.get(area)
    if table is None:
        table = _NEIGHBOURS[area] = _neighbour_table(area)
    left = set(cells)
    count = 0
    while left:
        count += 1
        stack = [left.pop()]
        while stack:
            for other in table[stack.pop()]:
                if other in left:
                    left.remove(other)
                    stack.append(other)
    return count


def sheet_violations(
    sheet,
    area: frozenset[str],
    *,
    analysis: bool = True,
    testing: bool = True,
    curve: bool = True,
) -> list[str]:
    """The sheet rules a sheet read through its public API breaks (an empty list is good);
    ``analysis``, ``testing`` and ``curve`` choose the areas to check."""
    found = []
    analysed = sheet.analysed
    if analysis:
        if analysed and groups_of(analysed, area) != 1:
            found.append("analysed cells not connected")
        if groups_of(area - analysed, area) > 1:
            found.append("unanalysed cells split")
    circled = sum(state in ("active", "spent") for state in sheet.ap)
    if circled != sum(spike in analysed for spike in SPIKES):
        found.append("circled fields != spikes covered")
    filled = sheet.testing
    if testing:
        for cell, value in filled.items():
            supports = [filled.get(other) for other in TESTING_SUPPORTS[cell]]
            if None in supports:
                found.append(f"{cell} without its supports")
            elif supports and not (value > max(supports) or (value == 1 and 1 not in supports)):
                found.append(f"{cell}={value} not above {supports}")
    squares, rings = sheet.curve, sheet.circled
    if curve:
        for square, value in squares.items():
            if not 1 <= value <= 6:
                found.append(f"{square} out of range")
            if any(squares.get(other) == value for other in CURVE_NEIGHBOURS[square]):
                found.append(f"{square} equals a neighbour")
            if square in rings and rings[square] != value:
                found.append(f"{square} ignores its circle")
        full = [all(square in squares for square in column) for column in CURVE_COLUMNS]
        current = full.index(False) if False in full else len(CURVE_COLUMNS)
        for column, column_squares in enumerate(CURVE_COLUMNS):
            if column > current and any(square in squares for square in column_squares):
                found.append(f"column {column} filled before column {current}")
        for square, required in rings.items():
            if square not in squares and any(
                squares.get(other) == required for other in CURVE_NEIGHBOURS[square]
            ):
                found.append(f"{square}'s required {required} taken next door")
    if sheet.research == 12 and any(
        target not in filled and target not in squares for target in RED_TARGETS
    ):
        found.append("R12 crossed with a red target empty")
    return found
