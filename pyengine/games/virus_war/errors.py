"""Virus War refusals: the codes of :data:`ILLEGAL_CODES` and the check of a
:class:`~.rules.VirusWarState`, which names the rule that forbids an action.

Every refusal is an :class:`~pyengine.core.errors.IllegalActionError` whose ``code`` is
``virus-war.<rule>`` and whose ``params`` hold ``action``, ``reason``, ``rule``, ``player``
(the seat to move), ``cell`` for a step, and the details the rule needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from pyengine.core.errors import illegal_action, not_an_action
from pyengine.core.game import Action
from pyengine.games.virus_war.notation import PLAYER_NAMES, Pass, Step, VirusWarAction

if TYPE_CHECKING:
    from pyengine.games.virus_war.rules import VirusWarState

__all__ = ["ILLEGAL_CODES", "check_action"]

ILLEGAL_CODES = tuple(
    f"virus-war.{code}"
    for code in (
        "not-an-action",
        "off-board",
        "game-over",
        "pass-mid-turn",
        "home-corner-first",
        "occupied-own",
        "dead-cell",
        "reserved-corner",
        "not-accessible",
    )
)
"""Every ``IllegalActionError.code`` a Virus War state raises (translation keys for the UI)."""


def check_action(state: VirusWarState, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule that forbids ``action``."""
    if not isinstance(action, (Step, Pass)):
        raise not_an_action("virus-war", "Virus War", action)
    if isinstance(action, Step) and not action.cell.on_board(state.size):
        _refuse(
            state,
            action,
            "off-board",
            f"{action.cell} is not on the {state.size}x{state.size} board",
            "board",
        )
    if state.is_terminal():
        _refuse(state, action, "game-over", "the game is over", "end of the game")
    if isinstance(action, Pass):
        if state.turn_steps:
            needed = state.turn_length or 0
            left = needed - len(state.turn_steps)
            _refuse(
                state,
                action,
                "pass-mid-turn",
                f"a turn cannot switch to a pass after its first step; {left} more "
                f"step{'s' if left != 1 else ''} of this turn "
                f"{'are' if left != 1 else 'is'} needed",
                "full-turn rule",
                steps_left=left,
                needed=needed,
            )
        return
    _check_step(state, action)


def _refuse(
    state: VirusWarState,
    action: VirusWarAction,
    code: str,
    reason: str,
    rule: str,
    **extra: str | int,
) -> NoReturn:
    details: dict[str, str | int] = {"player": state.to_move}
    if isinstance(action, Step):
        details["cell"] = str(action.cell)
    details.update(extra)
    raise illegal_action("virus-war", action, code, reason, rule, details)


def _check_step(state: VirusWarState, action: Step) -> None:
    index = state.cell_index(action.cell)
    if state.legal_step_mask() >> index & 1:
        return
    player = state.to_move
    name = PLAYER_NAMES[player]
    enemy = PLAYER_NAMES[1 - player]
    geometry = state.geometry
    if not state.has_symbol(player):
        corner = str(geometry.cells[geometry.homes[player]])
        _refuse(
            state,
            action,
            "home-corner-first",
            f"{name} has no symbol on the board yet, so its only step is its home corner {corner}",
            "first-step rule",
            corner=corner,
        )
    content = state.cell_content(index)
    if content == name:
        _refuse(
            state,
            action,
            "occupied-own",
            f"{action.cell} already holds a live {name}; "
            f"a step places on an empty cell or kills a live {enemy}",
            "step rule",
        )
    if content in ("x", "o"):
        owner = "O" if content == "x" else "X"
        _refuse(
            state,
            action,
            "dead-cell",
            f"{action.cell} holds a dead symbol ({owner}'s fortress), which never changes again",
            "step rule",
        )
    accessible = bool(state.accessible_mask(player) >> index & 1)
    if accessible and index == geometry.homes[1 - player]:
        _refuse(
            state,
            action,
            "reserved-corner",
            f"{action.cell} is {enemy}'s home corner, reserved while {enemy} has "
            "no symbol on the board",
            "reservation rule",
        )
    what = "an empty cell" if content == "." else f"a live {enemy}"
    _refuse(
        state,
        action,
        "not-accessible",
        f"{action.cell} is {what} that touches no live {name} and no {name} "
        f"bridge (a chain of dead {enemy} next to a live {name})",
        "reach rule",
    )
