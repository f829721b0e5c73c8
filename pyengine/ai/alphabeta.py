"""A small depth-limited alpha-beta search over the engine contract, for outside opponents.

:func:`search` is plain minimax with alpha-beta pruning, seen from the seat to move at the
root: that seat maximises and every other seat minimises (negamax for two players, the
"paranoid" reading for more; a seat may act several times in a row). It stops at ``depth``
plies and asks the ``evaluate(state, seat)`` callback, from ``seat``'s point of view. A
finished game is worth ``returns()[seat] * (WIN + plies left)``: a win beats any evaluation
(which must stay well inside ``±WIN``), a sooner win beats a later one and a later loss a
sooner one. An optional ``order(state, actions)`` callback puts likely good actions first,
which only speeds the pruning up.

Among root actions of equal value the choice is ``rng.choice``: after the first root action
the others are searched with the window opened just below the best value found so far, so an
equal value is exact and a worse one fails low. The search works on a clone of the state
(applying and undoing actions), so the caller's state is never touched.

>>> from pyengine.core.registry import get_game
>>> state = get_game("zebra").new_initial_state({"size": 4})
>>> action, value = search(state, 1, lambda s, seat: 0.0, random.Random(1))
>>> state.is_legal(action), value
(True, 0.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from pyengine.core.game import TERMINAL, Action, State

__all__ = ["WIN", "Evaluate", "Order", "search"]

WIN = 1_000_000.0
"""The value of a won game (before the bonus for plies left); evaluations stay far below."""

Evaluate = Callable[[State, int], float]
"""``evaluate(state, seat)``: an unfinished position's value for ``seat`` (higher is better)."""
Order = Callable[[State, list[Action]], Sequence[Action]]
"""``order(state, actions)``: the same actions, the most promising first."""

_TIE = 1e-9  # values this close count as equal


def search(
    state: State,
    depth: int,
    evaluate: Evaluate,
    rng: random.Random,
    order: Order | None = None,
) -> tuple[Action, float]:
    """The best action for the seat to move in ``state`` (unchanged) at ``depth`` plies (at
    least 1) and its value for that seat; equal best actions are broken by ``rng``."""
    if depth < 1:
        raise ValueError("the depth must be at least one ply")
    seat = state.current_player()
    if seat < 0:
        raise ValueError("there is no seat to move (the game is over)")
    work = state.clone()

    def actions_of(node: State) -> Sequence[Action]:
        actions = node.legal_actions()
        return actions if order is None else order(node, actions)

    def value(node: State, plies: int, alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta: exact inside ``(alpha, beta)``, else a bound beyond it."""
        player = node.current_player()
        if player == TERMINAL:
            return node.returns()[seat] * (WIN + plies)
        if plies == 0:
            return evaluate(node, seat)
        maximising = player == seat
        best = -math.inf if maximising else math.inf
        for action in actions_of(node):
            node.apply_unchecked(action)
            score = value(node, plies - 1, alpha, beta)
            node.undo()
            if maximising:
                best = max(best, score)
                alpha = max(alpha, score)
            else:
                best = min(best, score)
                beta = min(beta, score)
            if alpha >= beta:
                break
        return best

    best_value = -math.inf
    best: list[Action] = []
    for action in actions_of(work):
        work.apply_unchecked(action)
        # below the best so far by a hair: an equal value comes back exact, a worse one low
        score = value(work, depth - 1, best_value - _TIE, math.inf)
        work.undo()
        if score > best_value + _TIE:
            best_value, best = score, [action]
        elif score > best_value - _TIE:
            best.append(action)
    return rng.choice(best), best_value
