"""Zebra refusals: the check of a :class:`~.rules.ZebraState`, which names the rule that
forbids an action.

Every refusal is an :class:`~pyengine.core.errors.IllegalActionError` whose ``code`` is
``zebra.<rule>`` and whose ``params`` hold ``action``, ``reason``, ``rule``, the action's cells
(``source`` and ``target`` of a move, else ``cell``) and the details the rule needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from pyengine.core.errors import illegal_action, not_an_action
from pyengine.core.game import TERMINAL, Action
from pyengine.games.zebra.board import geometry
from pyengine.games.zebra.notation import BLACK, WHITE, Move, Place, Remove, ZebraAction

if TYPE_CHECKING:
    from pyengine.games.zebra.rules import ZebraState

__all__ = ["COLOUR_NAMES", "check_action"]

COLOUR_NAMES = ("White", "Black")


def check_action(state: ZebraState, action: Action) -> None:
    """Raise :class:`IllegalActionError` naming the rule that forbids ``action``."""
    if not isinstance(action, (Move, Place, Remove)):
        raise not_an_action("zebra", "Zebra", action)
    for cell in action.cells():
        if not cell.on_board(state.size):
            _illegal(
                state, action, "off-board", f"{cell} is not on the board", "board", cell=str(cell)
            )
    if state.current_player() == TERMINAL:
        _illegal(state, action, "game-over", "the game is over", "end of the game")
    if state.phase == "removal":
        _check_removal(state, action)
    elif state.phase == "placement":
        _check_placement(state, action)
    elif isinstance(action, Move):
        _check_move(state, action)
    else:
        _check_setup_action_late(state, action)


def _illegal(
    state: ZebraState, action: ZebraAction, code: str, reason: str, rule: str, **extra: str | int
) -> NoReturn:
    """Raise the error; params hold the action's cells (``source``/``target`` or
    ``cell``) and ``extra`` values, for messages built from the code."""
    details: dict[str, str | int] = {}
    if isinstance(action, Move):
        details.update(source=str(action.source), target=str(action.target))
    else:
        details["cell"] = str(action.cell)
    details.update(extra)
    raise illegal_action("zebra", action, code, reason, rule, details)


def _describe(state: ZebraState, index: int) -> str:
    value = state.cells[index]
    if index in state.holes:
        return "a hole"
    if value == 0:
        return "the bare neutral base" if index == state.neutral else "empty"
    return f"a {COLOUR_NAMES[WHITE if value > 0 else BLACK]} tower"


def _check_setup_action_late(state: ZebraState, action: ZebraAction) -> None:
    setup = state.options["setup"]
    if isinstance(action, Place):
        reason = (
            "the placement phase is over"
            if setup == "placement"
            else f"setup {setup} has no placement phase"
        )
        _illegal(state, action, "wrong-phase", reason, "placement rule")
    reason = (
        "Black's removal is made once, before White's first move"
        if setup == "remove"
        else f"setup {setup} has no removal"
    )
    _illegal(state, action, "wrong-phase", reason, "removal rule")


def _check_removal(state: ZebraState, action: ZebraAction) -> None:
    if not isinstance(action, Remove):
        _illegal(
            state,
            action,
            "wrong-phase",
            "Black must first remove one of its pieces",
            "removal rule",
        )
    index = state.cell_index(action.cell)
    if state.cells[index] >= 0:
        _illegal(
            state,
            action,
            "remove-not-own",
            f"{action.cell} holds {_describe(state, index)}; Black removes one of its own pieces",
            "removal rule",
        )


def _check_placement(state: ZebraState, action: ZebraAction) -> None:
    if not isinstance(action, Place):
        _illegal(
            state,
            action,
            "wrong-phase",
            "the board is still being filled: each player places a piece",
            "placement rule",
        )
    index = state.cell_index(action.cell)
    if index in state.holes:
        _illegal(state, action, "place-hole", f"{action.cell} is a hole", "placement rule")
    if state.cells[index] != 0:
        _illegal(
            state, action, "place-occupied", f"{action.cell} is already occupied", "placement rule"
        )


def _check_move(state: ZebraState, action: Move) -> None:
    source = state.cell_index(action.source)
    target = state.cell_index(action.target)
    value = state.cells[source]
    colour = COLOUR_NAMES[state.to_move]
    sign = 1 if state.to_move == WHITE else -1
    if value == 0:
        _illegal(
            state,
            action,
            "source-empty",
            f"{action.source} is {_describe(state, source)}; a move starts "
            f"from a tower topped by {colour}",
            "move rule",
        )
    if value * sign < 0:
        _illegal(
            state,
            action,
            "not-your-tower",
            f"{action.source} holds {_describe(state, source)}; {colour} moves "
            f"only towers topped by {colour}",
            "move rule",
        )
    if source == target:
        _illegal(state, action, "same-cell", "a move needs two different cells", "move rule")
    file_step = action.target.file - action.source.file
    rank_step = action.target.rank - action.source.rank
    if not state._jump and target not in geometry(state.size).neighbours[source]:
        _illegal(
            state,
            action,
            "not-adjacent",
            f"{action.target} is not next to {action.source}",
            "move rule",
        )
    if state._jump and file_step and rank_step:
        if abs(file_step) == abs(rank_step):
            _illegal(
                state, action, "diagonal-in-jump", "diagonal moves are not allowed", "jump rule"
            )
        _illegal(
            state,
            action,
            "not-in-line",
            f"{action.target} is not on the same rank or file as {action.source}",
            "jump rule",
        )
    landed = state.cells[target]
    if landed == 0 and target != state.neutral:
        reason = (
            f"{action.target} is a hole"
            if target in state.holes
            else f"{action.target} is empty, and an emptied cell is never entered"
        )
        _illegal(state, action, "target-empty", reason, "move rule")
    if landed * sign > 0:
        _illegal(
            state,
            action,
            "target-not-opponent",
            f"{action.target} holds a {colour} tower; a move lands on a tower "
            "topped by the opponent",
            "move rule",
        )
    if state._jump:
        _check_jump_path(state, action, source, target, abs(value))
    if state._repeats(source, target):
        _illegal(
            state, action, "repetition", "it would repeat an earlier position", "repetition rule"
        )


def _check_jump_path(
    state: ZebraState, action: Move, source: int, target: int, height: int
) -> None:
    table = geometry(state.size)
    ray = next(ray for ray in table.rays[source] if target in ray)
    crossed = 0
    for index in ray[: ray.index(target)]:
        if state.cells[index] != 0 or index == state.neutral:
            _illegal(
                state,
                action,
                "jump-blocked",
                f"{table.cells[index]} is in the way; a jump crosses only empty cells",
                "jump rule",
                blocker=str(table.cells[index]),
            )
        crossed += 1
    if crossed > height:
        _illegal(
            state,
            action,
            "jump-too-far",
            f"it crosses {crossed} empty cells but the tower on {action.source} "
            f"has height {height}",
            "jump rule: at most as many empty cells as the tower's height",
            crossed=crossed,
            height=height,
        )
