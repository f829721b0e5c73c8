"""Fight the Virus refusals: why a decision is illegal (the check of a
:class:`~.rules.FightTheVirusState`), decided directly from the rules without listing the legal
decisions.

Every refusal is an :class:`~pyengine.core.errors.IllegalActionError` whose ``code`` is
``fight-the-virus.<rule>`` (:data:`ILLEGAL_CODES`) and whose ``params`` hold ``action`` (the
canonical text), ``reason`` (the English explanation), ``rule`` (the section of the rules),
``seat`` (``P1``...) when a player is deciding, and the details the rule needs: ``cell``,
``square``, ``value``, ``die``, ``cost``, ``active``, ``required``, ``next``, ``missing``,
``kind``...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from pyengine.core.errors import illegal_action
from pyengine.core.game import Action
from pyengine.games.fight_the_virus.legal import MAX_FACE, areas_of_slots
from pyengine.games.fight_the_virus.notation import (
    AREAS,
    Bonus,
    Decline,
    Keep,
    Pass,
    Reroll,
    Resign,
    Roll,
    Use,
)
from pyengine.games.fight_the_virus.player_sheet import CURVE_INDEX, TESTING_INDEX, PlayerSheet
from pyengine.games.fight_the_virus.sheet import (
    CELL_BIT,
    CURVE_SQUARES,
    PLACEMENT_FACES,
    RESEARCH_SQUARES,
)
from pyengine.games.fight_the_virus.turns import seat_name

if TYPE_CHECKING:
    from pyengine.games.fight_the_virus.rules import FightTheVirusState

__all__ = ["ILLEGAL_CODES", "check_action"]

ILLEGAL_CODES = tuple(
    f"fight-the-virus.{code}"
    for code in (
        "not-an-action",
        "game-over",
        "wrong-decision",
        "bonus-pending",
        "no-bonus",
        "bonus-kind",
        "bonus-next-square",
        "die-unavailable",
        "area-used",
        "not-enough-ap",
        "value-too-high",
        "analysis-outside",
        "analysis-shape",
        "analysis-occupied",
        "analysis-touching",
        "analysis-split",
        "research-done",
        "research-order",
        "research-value",
        "research-gate",
        "testing-no-cell",
        "testing-filled",
        "testing-supports",
        "testing-one-on-one",
        "testing-not-higher",
        "curve-no-square",
        "curve-filled",
        "curve-column",
        "curve-circled",
        "curve-neighbour",
        "curve-circled-neighbour",
        "curve-priority",
    )
)
"""Every ``IllegalActionError.code`` a Fight the Virus state raises (translation keys)."""

_ACTION_TYPES = (Roll, Reroll, Keep, Pass, Resign, Decline, Use, Bonus)


def _refuse(
    state: FightTheVirusState,
    action: Action,
    code: str,
    reason: str,
    rule: str,
    **details: str | int,
) -> NoReturn:
    seat = state.current_player()
    params: dict[str, str | int] = {"seat": seat_name(seat)} if seat >= 0 else {}
    params.update(details)
    raise illegal_action("fight-the-virus", action, code, reason, rule, params)


def _well_formed(action: Action) -> bool:
    """Whether an action built in Python (not parsed) has fields of the right kinds."""
    if isinstance(action, Use):
        return (
            type(action.die) is int
            and 1 <= action.die <= 6
            and type(action.raise_by) is int
            and 0 <= action.raise_by <= 99
            and action.area in AREAS
            and isinstance(action.target, str)
            and isinstance(action.cells, tuple)
            and all(isinstance(cell, str) for cell in action.cells)
            and (bool(action.cells) == (action.area == "A"))
            and (
                action.area == "A"
                or (
                    action.target[:1] == action.area
                    and action.target[1:].isdigit()
                    and action.target[1:].isascii()
                )
            )
        )
    if isinstance(action, Bonus):
        return (
            action.kind in ("S", "N", "O")
            and type(action.value) is int
            and isinstance(action.target, str)
            and isinstance(action.cells, tuple)
            and all(isinstance(cell, str) for cell in action.cells)
        )
    return True


def check_action(state: FightTheVirusState, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule that forbids ``action`` now."""
    if not isinstance(action, _ACTION_TYPES) or not _well_formed(action):
        _refuse(
            state, action, "not-an-action", f"{action!r} is not a Fight the Virus decision", "§5.1"
        )
    phase = state._phase
    if phase == "over":
        _refuse(state, action, "game-over", "the game is over", "§4")
    if isinstance(action, Resign):
        return
    seat = state.current_player()
    who = seat_name(seat)
    if phase == "roll":
        if not isinstance(action, Roll):
            _refuse(state, action, "wrong-decision", f"{who} must first roll the dice", "§3.2")
        return
    if phase == "choose":
        if not isinstance(action, (Reroll, Keep)):
            _refuse(
                state,
                action,
                "wrong-decision",
                f"the dice show a double: {who} must reroll or keep",
                "§3.2",
            )
        return
    if isinstance(action, (Roll, Reroll, Keep)):
        why = (
            "a double other than 6-6 may be re-rolled, before anybody uses the dice"
            if isinstance(action, (Reroll, Keep))
            else "the dice are already rolled"
        )
        _refuse(state, action, "wrong-decision", why, "§3.2")
    sheet = state._sheets[seat]
    pending = state._bonus
    if pending:
        if isinstance(action, Decline):
            return
        if not isinstance(action, Bonus):
            _refuse(
                state,
                action,
                "bonus-pending",
                f"{who} must first take or decline the bonus {pending} (b-)",
                "§2.7",
                kind=pending,
            )
        if action.kind != pending:
            _refuse(
                state,
                action,
                "bonus-kind",
                f"the pending bonus is {pending}, not {action.kind}",
                "§2.7",
                kind=pending,
            )
        _check_bonus(state, action, sheet)
        return
    if isinstance(action, (Bonus, Decline)):
        _refuse(state, action, "no-bonus", "no bonus is pending", "§2.7")
    if isinstance(action, Pass):
        return  # a deciding player always has an unused use (otherwise the part is over)
    assert isinstance(action, Use)
    _check_use(state, action, sheet)


def _check_use(state: FightTheVirusState, use: Use, sheet: PlayerSheet) -> None:
    dice, free = state._dice, state._free
    assert dice is not None
    if not any(free >> index & 1 and dice[index] == use.die for index in (0, 1)):
        shown = " and ".join(str(dice[index]) for index in (0, 1) if free >> index & 1)
        _refuse(
            state,
            use,
            "die-unavailable",
            f"no unused die shows {use.die} (unused: {shown or 'none'})",
            "§3.4",
            die=use.die,
            dice=f"{dice[0]}-{dice[1]}",
        )
    areas = areas_of_slots(state._slots)
    if use.area not in areas:
        reason = (
            "the active player already used a die in the analysis"
            if use.area == "A"
            else "the active player already used a die outside the analysis"
        )
        _refuse(state, use, "area-used", reason, "§3.4", area=use.area)
    if use.cost > sheet.active:
        _refuse(
            state,
            use,
            "not-enough-ap",
            f"raising by {use.raise_by} costs {use.cost} APs but only {sheet.active} are active",
            "§2.3",
            cost=use.cost,
            active=sheet.active,
        )
    value = use.value
    if use.area in "AC" and value > MAX_FACE:
        _refuse(
            state,
            use,
            "value-too-high",
            f"a raised die is worth at most {MAX_FACE} in "
            f"the {'analysis' if use.area == 'A' else 'curve'}, not {value}",
            "§2.3",
            value=value,
        )
    if use.area == "A":
        _check_shape(state, use, sheet, use.cells, value)
    elif use.area == "R":
        _check_research(state, use, sheet, value)
    elif use.area == "T":
        _check_testing(state, use, sheet, use.target, value)
    else:
        index = _curve_index(state, use, use.target)
        _check_curve(state, use, sheet, index, value)
        targets = sheet.curve_targets(value)
        if index not in targets:
            circled = " ".join(CURVE_SQUARES[other] for other in targets)
            _refuse(
                state,
                use,
                "curve-priority",
                f"a {value} fits the circled square {circled}, so it must go there",
                "§2.6",
                value=value,
                square=circled,
            )


def _check_bonus(state: FightTheVirusState, bonus: Bonus, sheet: PlayerSheet) -> None:
    if bonus.kind == "S":
        _check_shape(state, bonus, sheet, bonus.cells, 6)
    elif bonus.kind == "N":
        square = sheet.next_empty()
        index = _curve_index(state, bonus, bonus.target)
        if index != square:
            name = "none" if square is None else CURVE_SQUARES[square]
            _refuse(
                state,
                bonus,
                "bonus-next-square",
                f"bonus N writes into the next empty square, {name}",
                "§2.7",
                square=name,
            )
        if not 1 <= bonus.value <= MAX_FACE:
            _refuse(
                state,
                bonus,
                "value-too-high",
                "bonus N writes a number 1-6",
                "§2.7",
                value=bonus.value,
            )
        _check_curve(state, bonus, sheet, index, bonus.value)
    else:
        if bonus.value != 1:
            _refuse(state, bonus, "not-an-action", "bonus O writes a 1", "§2.7")
        _check_testing(state, bonus, sheet, bonus.target, 1)


def _check_shape(
    state: FightTheVirusState, action: Action, sheet: PlayerSheet, cells: tuple[str, ...], face: int
) -> None:
    for cell in cells:
        if cell not in CELL_BIT:
            _refuse(
                state,
                action,
                "analysis-outside",
                f"{cell} is not a cell of the analysis area",
                "§2.1 rule 1",
                cell=cell,
            )
    mask = sum(CELL_BIT[cell] for cell in set(cells))
    if len(set(cells)) != len(cells) or not PLACEMENT_FACES.get(mask, 0) >> face & 1:
        shape = {
            1: "a monomino",
            2: "a domino",
            3: "an L-tromino",
            4: "a T-tetromino",
            5: "a P-pentomino",
            6: "a wild shape (1-4 connected cells in 2x3)",
        }[face]
        _refuse(
            state,
            action,
            "analysis-shape",
            f"a {face} places {shape}, and {'.'.join(cells)} is not one",
            "§2.2",
            face=face,
            cells=".".join(cells),
        )
    problem = sheet.placement_problem(mask)
    if problem == "analysis-occupied":
        taken = next(cell for cell in cells if CELL_BIT[cell] & sheet.mask)
        _refuse(state, action, problem, f"{taken} is already analysed", "§2.1 rule 1", cell=taken)
    if problem == "analysis-touching":
        _refuse(state, action, problem, "the shape must touch the analysed cells", "§2.1 rule 2")
    if problem == "analysis-split":
        _refuse(
            state,
            action,
            problem,
            "the unanalysed cells would fall into two sections",
            "§2.1 rule 3",
        )


def _check_research(state: FightTheVirusState, use: Use, sheet: PlayerSheet, value: int) -> None:
    square = int(use.target[1:])
    following = sheet.next_square
    if following is None:
        _refuse(state, use, "research-done", "every research square is crossed", "§2.4")
    if square != following:
        _refuse(
            state,
            use,
            "research-order",
            f"research squares are crossed in order: the next one is R{following}",
            "§2.4",
            square=use.target,
            next=f"R{following}",
        )
    if value != square:
        _refuse(
            state,
            use,
            "research-value",
            f"R{square} needs a die worth exactly {square}, not {value}",
            "§2.4",
            value=value,
            square=use.target,
        )
    if square == RESEARCH_SQUARES and not sheet.gate_open():
        missing = " ".join(sheet.missing_reds())
        _refuse(
            state,
            use,
            "research-gate",
            f"R12 needs every red target filled first (still empty: {missing})",
            "§2.4",
            missing=missing,
        )


def _check_testing(
    state: FightTheVirusState, action: Action, sheet: PlayerSheet, cell: str, value: int
) -> None:
    index = TESTING_INDEX.get(cell)
    if index is None:
        _refuse(
            state, action, "testing-no-cell", f"{cell} is not a testing cell", "§2.5", cell=cell
        )
    problem = sheet.testing_problem(index, value)
    if problem is None:
        return
    reasons = {
        "testing-filled": f"{cell} is already filled",
        "testing-supports": f"{cell} rests on cells that are not both filled yet",
        "testing-one-on-one": f"a 1 may not go on top of a 1 ({cell})",
        "testing-not-higher": f"{cell} needs a number higher than the cells below it, not {value}",
    }
    _refuse(state, action, problem, reasons[problem], "§2.5", cell=cell, value=value)


def _curve_index(state: FightTheVirusState, action: Action, square: str) -> int:
    index = CURVE_INDEX.get(square)
    if index is None:
        _refuse(
            state,
            action,
            "curve-no-square",
            f"{square} is not a curve square",
            "§2.6",
            square=square,
        )
    return index


def _check_curve(
    state: FightTheVirusState, action: Action, sheet: PlayerSheet, index: int, value: int
) -> None:
    problem = sheet.curve_problem(index, value)
    if problem is None:
        return
    square = CURVE_SQUARES[index]
    column = sheet.current_column()
    reasons = {
        "curve-filled": f"{square} is already filled",
        "curve-column": f"numbers go into the current column, {column}",
        "curve-circled": f"{square} is circled and takes only {sheet.rings[index]}",
        "curve-neighbour": f"a neighbour of {square} already holds {value}",
        "curve-circled-neighbour": f"an empty circled neighbour of {square} requires {value}",
    }
    _refuse(
        state,
        action,
        problem,
        reasons[problem],
        "§2.6",
        square=square,
        value=value,
        required=sheet.rings[index],
    )
