"""Virus Fight refusals: the codes of :data:`ILLEGAL_CODES` and the explanations a
:class:`~.rules.VirusFightState` gives for an illegal action (the rule that forbids it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, TypeAlias

from pyengine.core.errors import illegal_action, not_an_action
from pyengine.core.game import Action
from pyengine.games.virus_fight.legal import block_indices
from pyengine.games.virus_fight.notation import (
    TYPE_NAMES,
    AnswerStop,
    Erase,
    Jump,
    Move,
    NoEffect,
    ProposeStop,
    Resign,
    Setup,
    Step,
    Write,
)

if TYPE_CHECKING:
    from pyengine.games.virus_fight.notation import Piece
    from pyengine.games.virus_fight.rules import VirusFightState

__all__ = ["ILLEGAL_CODES", "check_action", "check_setup", "explain", "refuse"]

_Kind: TypeAlias = "type[Move | Write | Erase | Step | Jump]"  # a decision's action classes

ILLEGAL_CODES = tuple(
    f"virus-fight.{code}"
    for code in (
        "not-an-action",
        "game-over",
        "automatic",
        "wrong-decision",
        "setup-segment",
        "setup-size",
        "setup-marker",
        "move-marked",
        "move-not-in-block",
        "move-target",
        "write-supply",
        "write-target",
        "erase-target",
        "erase-marked",
        "step-target",
        "jump-target",
        "stop-not-now",
        "answer-not-now",
        "resign-not-now",
    )
)
"""Every ``IllegalActionError.code`` a Virus Fight state raises (translation keys)."""


def refuse(
    state: VirusFightState, action: Action, code: str, reason: str, rule: str, **extra: str | int
) -> NoReturn:
    details: dict[str, str | int] = {}
    if state.phase != "over":
        details["seat"] = state.to_act + 1
    details.update(extra)
    raise illegal_action("virus-fight", action, code, reason, rule, details)


def check_action(state: VirusFightState, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule that forbids ``action``."""
    kinds = (Setup, Move, Write, Erase, NoEffect, Step, Jump, ProposeStop, AnswerStop, Resign)
    if not isinstance(action, kinds):
        raise not_an_action("virus-fight", "Virus Fight", action)
    if state.phase == "over":
        refuse(state, action, "game-over", "the game is over", "end of the game")
    if action.automatic:
        refuse(
            state,
            action,
            "automatic",
            f"{action} is an automatic token that only the "
            "engine applies when a decision has no legal option",
            "§6.1",
        )
    if isinstance(action, Resign):
        if not state.can_resign():
            refuse(
                state,
                action,
                "resign-not-now",
                "a player may resign during their own turn, not during the program setup "
                "or while a stop proposal waits for an answer",
                "resigning",
            )
        return
    if state.phase == "setup":
        check_setup(state, action)
        return
    if isinstance(action, ProposeStop):
        if not state.can_propose_stop():
            refuse(
                state,
                action,
                "stop-not-now",
                "a stop may be proposed only at the start "
                "of one's turn, before its first decision, once per turn",
                "§7.2",
            )
        return
    if isinstance(action, AnswerStop):
        if not state._voters:
            refuse(
                state,
                action,
                "answer-not-now",
                "no stop proposal is waiting for an answer",
                "§7.2",
            )
        return
    if state._voters:
        refuse(
            state,
            action,
            "wrong-decision",
            "a stop proposal is waiting for an answer (accept or decline)",
            "§7.2",
        )
    if action in state.legal_actions():
        return
    explain(state, action)


def check_setup(state: VirusFightState, action: Action) -> None:
    if not isinstance(action, Setup):
        refuse(
            state,
            action,
            "wrong-decision",
            "every seat must first submit its program (a setup such as c1:M3 d1:W1 @d1)",
            "§3",
        )
    seat = state.to_act
    segment = state._segments[seat]
    cells = [cell for cell, _ in action.placements]
    limit = min(5, len(segment))
    if not 1 <= len(cells) <= limit:
        refuse(
            state,
            action,
            "setup-size",
            f"a program has 1 to {limit} pieces, not {len(cells)}",
            "§3",
            limit=limit,
        )
    outside = [cell for cell in cells if cell not in segment]
    if outside:
        refuse(
            state,
            action,
            "setup-segment",
            f"{outside[0]} is not in seat {seat + 1}'s home segment {segment[0]}-{segment[-1]}",
            "§2-3",
            cell=str(outside[0]),
        )
    start = segment.index(cells[0])
    if tuple(cells) != segment[start : start + len(cells)]:
        refuse(
            state,
            action,
            "setup-segment",
            "the pieces must stand on consecutive cells of the home segment",
            "§3",
        )
    if action.marker not in cells:
        refuse(
            state,
            action,
            "setup-marker",
            f"the marker must sit on one of the program's pieces, not on {action.marker}",
            "§3",
            cell=str(action.marker),
        )


def explain(state: VirusFightState, action: Action) -> NoReturn:
    seat = state._order[state._turn_index]
    piece = state._board[state._markers[seat]]  # type: ignore[index]
    assert piece is not None
    if not isinstance(action, _wanted_kind(state._decision, piece)):
        _refuse_wrong_decision(state, action, seat, piece)
    cells = action.cells()
    for cell in cells:
        if not cell.on_board(state.size):
            refuse(
                state, action, "wrong-decision", f"{cell} is not on the board", "§2", cell=str(cell)
            )
    marked = {marker for marker in state._markers if marker is not None}
    content = [state._board[state.cell_index(cell)] for cell in cells]
    if isinstance(action, Move):
        _explain_move(state, action, seat, content[0], marked)
    if isinstance(action, Write):
        _explain_write(state, action, seat)
    if isinstance(action, Erase):
        _explain_erase(state, action, marked)
    if isinstance(action, Step):
        refuse(
            state,
            action,
            "step-target",
            f"{action.cell} is not an unmarked piece next to the executed instruction",
            "§6.6",
            cell=str(action.cell),
        )
    refuse(
        state,
        action,
        "jump-target",
        f"{action.cells()[0] if cells else '-'} is neither "
        "another unmarked piece of the active block nor a piece of an empty block",
        "§6.5",
        **({"cell": str(cells[0])} if cells else {}),
    )


def _wanted_kind(decision: str, piece: Piece) -> _Kind:
    """The action classes of ``decision`` while ``piece`` is executed."""
    expected: dict[str, _Kind | dict[str, _Kind]] = {
        "effect": {"M": Move, "W": Write, "E": Erase},
        "marker": Step,
        "jump": Jump,
    }
    wanted = expected[decision]
    return wanted[piece.kind] if isinstance(wanted, dict) else wanted


def _refuse_wrong_decision(
    state: VirusFightState, action: Action, seat: int, piece: Piece
) -> NoReturn:
    """Refuse an action of the wrong kind for the decision at hand."""
    what = {
        "effect": f"the effect of {TYPE_NAMES[piece.kind]} {piece.size}",
        "marker": "the marker step",
        "jump": "a jump",
    }[state._decision]
    refuse(
        state,
        action,
        "wrong-decision",
        f"seat {seat + 1} must now choose {what}",
        "§6.1",
        piece=piece.code,
    )


def _explain_move(
    state: VirusFightState, action: Move, seat: int, source_piece: Piece | None, marked: set[int]
) -> NoReturn:
    """Refuse an illegal MOVE effect."""
    source = state.cell_index(action.source)
    if source_piece is None or source not in block_indices(state, state._markers[seat]):  # type: ignore[arg-type]
        refuse(
            state,
            action,
            "move-not-in-block",
            f"{action.source} holds no piece of seat {seat + 1}'s active block",
            "§6.2",
            cell=str(action.source),
        )
    if source in marked:
        refuse(
            state,
            action,
            "move-marked",
            f"the piece on {action.source} carries a marker and is protected",
            "§4 protection",
            cell=str(action.source),
        )
    refuse(
        state,
        action,
        "move-target",
        f"{action.target} is not an empty cell next to another piece of the active block",
        "§6.2",
        cell=str(action.target),
    )


def _explain_write(state: VirusFightState, action: Write, seat: int) -> NoReturn:
    """Refuse an illegal WRITE effect."""
    if action.code not in {piece.code for piece in state._supplies[seat]}:
        refuse(
            state,
            action,
            "write-supply",
            f"seat {seat + 1} has no {action.code} in supply",
            "§6.3",
            piece=action.code,
        )
    refuse(
        state,
        action,
        "write-target",
        f"{action.cell} is not an empty cell next to the active block",
        "§6.3",
        cell=str(action.cell),
    )


def _explain_erase(state: VirusFightState, action: Erase, marked: set[int]) -> NoReturn:
    """Refuse an illegal ERASE effect."""
    if action.target is not None and state.cell_index(action.target) in marked:
        refuse(
            state,
            action,
            "erase-marked",
            f"the piece on {action.target} carries a marker and is protected",
            "§4 protection",
            cell=str(action.target),
        )
    where = (
        "no empty cell is next to an ERASE source"
        if action.target is None
        else (f"{action.target} is not a piece next to an ERASE source of the active block")
    )
    refuse(
        state,
        action,
        "erase-target",
        where,
        "§6.4",
        **({"cell": str(action.target)} if action.target else {}),
    )
