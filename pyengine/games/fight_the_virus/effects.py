"""What each Fight the Virus decision does to the state, and the course of a turn
(fight-the-virus.md §§3-4): the roll, the setbacks once the dice are final, the parts and
their die uses and bonuses, the automatic steps, the end of a turn and of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyengine.core.game import Action
from pyengine.games.fight_the_virus import notation
from pyengine.games.fight_the_virus.legal import has_legal_use, legal_bonus
from pyengine.games.fight_the_virus.player_sheet import CURVE_INDEX, TESTING_INDEX, PlayerSheet
from pyengine.games.fight_the_virus.sheet import (
    CELL_BIT,
    CURVE_EXTRA,
    CURVE_SQUARES,
    RESEARCH_BONUS,
    RESEARCH_SQUARES,
    TESTING_EXTRA,
)
from pyengine.games.fight_the_virus.turns import CAP_TURNS, LogEntry, Setback, parts_of_turn

if TYPE_CHECKING:
    from pyengine.games.fight_the_virus.rules import FightTheVirusState

__all__ = ["end_game", "perform", "resolve"]

_ROLL = notation.Roll()
_EXTRA_CELLS = frozenset(TESTING_EXTRA) | frozenset(CURVE_EXTRA)


def _log_entry(state: FightTheVirusState, seat: int, text: str, *, engine: bool = False) -> None:
    state._log.append(LogEntry(state._turn, seat, text, engine))


def perform(state: FightTheVirusState, action: Action) -> None:
    """Apply the deciding player's ``action`` to ``state`` (the automatic steps follow in
    :func:`resolve`)."""
    seat = state.current_player()
    if isinstance(action, (notation.Roll, notation.Reroll)):
        _roll(state, action)
    elif isinstance(action, notation.Keep):
        _log_entry(state, seat, "keep")
        _dice_final(state)
    elif isinstance(action, notation.Use):
        _log_entry(state, seat, str(action))
        _use(state, seat, action)
    elif isinstance(action, notation.Bonus):
        _log_entry(state, seat, str(action))
        _take_bonus(state, seat, action)
    elif isinstance(action, notation.Decline):
        _log_entry(state, seat, "b-")
        state._bonus = ""
    elif isinstance(action, notation.Pass):
        _log_entry(state, seat, "pass")
        _next_part(state)
    else:
        assert isinstance(action, notation.Resign)
        _log_entry(state, seat, "resign")
        state._resigned = state._resigned | {seat}
        state._bonus = ""


def _roll(
    state: FightTheVirusState, action: notation.Roll | notation.Reroll, *, engine: bool = False
) -> None:
    first = state._stream.die(state._drawn)
    second = state._stream.die(state._drawn + 1)
    state._drawn += 2
    state._dice = (first, second)
    _log_entry(state, state._roller, f"{action} {first}-{second}", engine=engine)
    if first == second and first != 6:
        state._phase = "choose"
    else:
        _dice_final(state)


def _dice_final(state: FightTheVirusState) -> None:
    """The turn's dice are final: setbacks on every sheet (§3.3), then the first part."""
    dice = sorted(state._dice or ())
    if dice in ([5, 6], [6, 6]):
        sheets = list(state._sheets)
        setbacks = []
        for seat, sheet in enumerate(sheets):
            if dice == [5, 6]:
                sheets[seat], index = sheet.circle_curve()
                setbacks.append(
                    Setback(seat, "5-6", None, "none")
                    if index is None
                    else Setback(
                        seat, "5-6", CURVE_SQUARES[index], "circled", sheets[seat].rings[index]
                    )
                )
            else:
                sheets[seat], field, effect = sheet.lose_progress()
                setbacks.append(
                    Setback(seat, "6-6", None if field is None else f"AP{field}", effect)
                )
        state._sheets = tuple(sheets)
        state._setbacks = tuple(setbacks)
    state._phase = "part"
    state._part = -1
    _next_part(state)


def _next_part(state: FightTheVirusState) -> None:
    state._part += 1
    state._bonus = ""
    if state._part == len(state._parts):
        _end_turn(state)
        return
    seat = state._parts[state._part]
    state._free = 0b11
    state._slots = "AO" if seat in state._active else "*"
    state._extra = False


def _set_sheet(state: FightTheVirusState, seat: int, sheet: PlayerSheet) -> None:
    sheets = list(state._sheets)
    sheets[seat] = sheet
    state._sheets = tuple(sheets)


def _use(state: FightTheVirusState, seat: int, use: notation.Use) -> None:
    assert state._dice is not None
    index = 0 if state._free & 1 and state._dice[0] == use.die else 1
    state._free &= ~(1 << index)
    slot = "*" if "*" in state._slots else ("A" if use.area == "A" else "O")
    state._slots = state._slots.replace(slot, "", 1)
    sheet = state._sheets[seat].spend(use.cost)
    _place(state, seat, sheet, use.area, use.value, use.target, use.cells)


def _take_bonus(state: FightTheVirusState, seat: int, bonus: notation.Bonus) -> None:
    _place(state, seat, state._sheets[seat], bonus.area, bonus.value, bonus.target, bonus.cells)


def _place(
    state: FightTheVirusState,
    seat: int,
    sheet: PlayerSheet,
    area: str,
    value: int,
    target: str,
    cells: tuple[str, ...],
) -> None:
    """Write into an area and trigger its bonus (§2.7) and extra die (§3.4)."""
    bonus = None
    if area == "A":
        sheet, _ = sheet.place(sum(CELL_BIT[cell] for cell in cells))
    elif area == "R":
        sheet = sheet.cross_research()
        bonus = RESEARCH_BONUS.get(sheet.research)
    elif area == "T":
        index = TESTING_INDEX[target]
        sheet = sheet.write_testing(index, value)
        bonus = sheet.testing_bonus(index)
    else:
        index = CURVE_INDEX[target]
        sheet = sheet.write_curve(index, value)
        bonus = sheet.curve_bonus(index)
    _set_sheet(state, seat, sheet)
    state._bonus = bonus or ""
    if target in _EXTRA_CELLS and seat not in state._active and not state._extra:
        state._extra = True
        state._slots += "*"


def _inactive(state: FightTheVirusState, seat: int) -> bool:
    return seat in state._hopeless or seat in state._resigned


def resolve(state: FightTheVirusState) -> None:
    """Apply the automatic steps until a player must decide or the game is over."""
    while True:
        phase = state._phase
        if phase == "over":
            state._legal = []
            return
        if phase in ("roll", "choose"):
            if not _inactive(state, state._roller):
                return
            if phase == "roll":
                _roll(state, _ROLL, engine=True)
            else:
                _log_entry(state, state._roller, "keep", engine=True)
                _dice_final(state)
            continue
        seat = state._parts[state._part]
        if _inactive(state, seat):
            _next_part(state)
            continue
        sheet = state._sheets[seat]
        if state._bonus:
            if legal_bonus(sheet, state._bonus):
                return
            state._bonus = ""  # an impossible bonus is declined
            continue
        assert state._dice is not None
        if has_legal_use(sheet, state._dice, state._free, state._slots):
            return
        _next_part(state)  # no legal use left: the part ends


def _end_turn(state: FightTheVirusState) -> None:
    """§3.5: winners end the game; else hopeless and cap checks, then the next turn."""
    winners = tuple(
        seat for seat, sheet in enumerate(state._sheets) if sheet.research == RESEARCH_SQUARES
    )
    if winners:
        end_game(state, "win", winners)
        return
    state._hopeless = state._hopeless | {
        seat
        for seat, sheet in enumerate(state._sheets)
        if seat not in state._resigned and sheet.hopeless()
    }
    if len(state._hopeless | state._resigned) == state.num_players:
        end_game(state, "hopeless", ())
    elif state._turn >= CAP_TURNS:
        end_game(state, "cap", ())
    else:
        _start_turn(state, state._turn + 1)


def _start_turn(state: FightTheVirusState, turn: int) -> None:
    state._turn = turn
    state._phase = "roll"
    state._dice = None
    state._setbacks = ()
    state._roller, state._active, state._parts = parts_of_turn(
        state.mode, state.num_players, state.groups, turn
    )
    state._part = 0
    state._free = 0
    state._slots = ""
    state._extra = False
    state._bonus = ""


def end_game(state: FightTheVirusState, ending: str, winners: tuple[int, ...]) -> None:
    """End the game with ``ending`` (one of :data:`~.turns.ENDINGS`) and ``winners``."""
    state._ending = ending
    state._winners = winners
    state._phase = "over"
    state._part = 0
    state._free = 0
    state._slots = ""
    state._extra = False
    state._bonus = ""
