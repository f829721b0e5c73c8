"""Outside opponents for Virus War: searches over whole turns with a mobility evaluation.

Our levels search step by step (MCTS over single steps). These opponents look at complete
turns instead: every distinct set of cells a turn can step on (the rules' lemma: the position
after a turn depends only on that set; :func:`~pyengine.games.virus_war.bitboard.distinct_turns`
gives one legal order per set), valued by **mobility**. For each side, its mobility is the empty
cells it could step on next plus 1.2 × the enemy's live symbols it could kill; a position is
worth the mover's mobility minus the opponent's. A turn that eliminates the enemy wins outright.

* ``mobility`` (one ply): the turn whose resulting position is worth the most.
* ``mobility2`` (two plies, capped): its 8 best turns by that measure, each answered by the
  opponent's best whole turn (the one that leaves the opponent the most, by the same
  measure); the turn whose best answer leaves the mover the most. A turn the opponent can
  answer by eliminating the mover is lost.

Both pass only when no step is possible. A turn is chosen at its start and then played step by
step (a small cache keyed by the position replays the plan; a position it does not know is
planned afresh, so a plan is never needed for correctness). Ties go to the player's seeded
random number generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise

from pyengine.ai.players import Level
from pyengine.core.game import Action, State
from pyengine.games.virus_war.bitboard import (
    Board,
    Geometry,
    after_steps,
    distinct_turns,
    is_eliminated,
    turn_length,
)
from pyengine.games.virus_war.notation import PASS
from pyengine.games.virus_war.rules import VirusWarState
from pyengine.games.virus_war.turn_search import WIN, room

__all__ = ["OPPONENTS", "mobility", "one_ply", "ranked_turns", "two_ply"]

CANDIDATES = 8  # the two-ply search answers this many of the mover's best turns
_PLAN_LIMIT = 4096


def mobility(geometry: Geometry, board: Board, player: int) -> float:
    """``player``'s mobility minus the opponent's (see the module docstring): the room of
    the levels' whole-turn search (:func:`.turn_search.room`)."""
    return room(geometry, board, player)


def ranked_turns(
    geometry: Geometry, board: Board, player: int, limit: int
) -> list[tuple[float, int, tuple[int, ...]]]:
    """``player``'s distinct turns of ``limit`` steps from ``board``, best first by the one-ply
    value: ``(value, stepped set, order)``."""
    ranked = []
    for stepped, order in distinct_turns(geometry, board, player, limit).items():
        after = after_steps(board, player, stepped)
        value = WIN if is_eliminated(after, 1 - player) else mobility(geometry, after, player)
        ranked.append((value, stepped, order))
    ranked.sort(key=lambda item: -item[0])
    return ranked


def _best(ranked: list[tuple[float, int, tuple[int, ...]]], rng: random.Random) -> tuple[int, ...]:
    top = ranked[0][0]
    return rng.choice([order for value, _, order in ranked if value == top])


def one_ply(state: VirusWarState, rng: random.Random) -> tuple[int, ...]:
    """The rest of the turn the one-ply search plays (empty: pass)."""
    ranked = ranked_turns(
        state.geometry, state.board, state.current_player(), state.steps_left or 0
    )
    return _best(ranked, rng) if ranked else ()


def two_ply(state: VirusWarState, rng: random.Random) -> tuple[int, ...]:
    """The rest of the turn the two-ply search plays (empty: pass)."""
    geometry, board, player = state.geometry, state.board, state.current_player()
    ranked = ranked_turns(geometry, board, player, state.steps_left or 0)
    if not ranked or ranked[0][0] >= WIN:
        return _best(ranked, rng) if ranked else ()
    enemy = 1 - player
    scored: list[tuple[float, int, tuple[int, ...]]] = []
    for _, stepped, order in ranked[:CANDIDATES]:
        after = after_steps(board, player, stepped)
        answers = ranked_turns(geometry, after, enemy, turn_length(geometry, after, enemy, 0))
        if not answers:  # the opponent must pass: the position stays as it is
            value = mobility(geometry, after, player)
        elif answers[0][0] >= WIN:
            value = -WIN
        else:
            value = -answers[0][0]
        scored.append((value, stepped, order))
    scored.sort(key=lambda item: -item[0])
    return _best(scored, rng)


class _Planner:
    """A whole-turn search played one step at a time: the turn is chosen at the first call of a
    turn and its remaining steps are kept, keyed by the position each one is played from."""

    def __init__(self, search: Callable[[VirusWarState, random.Random], tuple[int, ...]]) -> None:
        self.search = search
        self.plans: dict[tuple[Board, int, tuple[int, ...]], int] = {}

    def __call__(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, VirusWarState)
        key = (state.board, state.current_player(), state.turn_steps)
        planned = self.plans.pop(key, None)
        if planned is not None and state.legal_step_mask() >> planned & 1:
            return state.geometry.steps[planned]
        order = self.search(state, rng)
        if not order:
            return PASS
        if len(self.plans) > _PLAN_LIMIT:
            self.plans.clear()
        board, player, steps = state.board, state.current_player(), state.turn_steps
        for index, following in pairwise(order):
            board = after_steps(board, player, 1 << index)
            steps = (*steps, index)
            self.plans[(board, player, steps)] = following
        return state.geometry.steps[order[0]]


OPPONENTS = {
    "mobility": Level(search=None, choose=_Planner(one_ply)),
    "mobility2": Level(search=None, choose=_Planner(two_ply)),
}
