"""The outside opponent for Zebra: ``alphabeta``, a fixed-depth alpha-beta search.

:func:`choose` searches :data:`DEPTH` plies with :func:`pyengine.ai.alphabeta.search` on a
plain evaluation (:func:`evaluate`): the tower balance (towers topped by the side's colour
minus the opponent's, zebra.md §4; a bare neutral base counts for nobody) plus
:data:`MOBILITY` times the mobility balance (moves each side could make from the cells, by
the rules of the game's movement option, whoever is to move; the repetition rule is left out
of this count). Single-piece moves are searched first (:func:`order`): they are the ones that
take a tower (§4), so they prune best. Finished games are scored by the rules' result, so the
search plays a win in reach and avoids a loss it sees.

Everything the rules add - the repetition rule (§5), the move cap, the removal and placement
setups, ``jump`` and ``neutral`` - comes through the state: the legal actions already respect
them, ``apply_unchecked``/``undo`` keep the history the repetition rule needs, and the game
ends when the side to move has no legal action. Zebra's game knowledge (the levels'
evaluation, ordering and mirror strategy) is not used: the level brings a plain
:class:`~pyengine.ai.heuristics.Heuristics`, so no shortcut of the game's applies either.

The depth, 4 plies, keeps a decision on the default 4×4 board far under a second in CPython
(the opening, with 24 moves, is the dearest); on 6×6 the opening takes seconds, so larger
boards would need a shallower search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pyengine.ai.alphabeta import search
from pyengine.ai.heuristics import Heuristics
from pyengine.ai.players import Level
from pyengine.core.game import Action, State
from pyengine.games.zebra.board import geometry
from pyengine.games.zebra.notation import Move
from pyengine.games.zebra.rules import WHITE, ZebraState

__all__ = ["DEPTH", "MOBILITY", "OPPONENTS", "choose", "evaluate", "mobility", "order"]

DEPTH = 4
"""Plies searched."""
MOBILITY = 0.25
"""The weight of one move of mobility balance, in towers."""


def mobility(state: ZebraState) -> tuple[int, int]:
    """The moves White and Black could make from the cells (whoever is to move), without the
    repetition rule and the move cap."""
    cells = state.cells
    table = geometry(state.size)
    neutral = -1 if state.neutral is None else state.neutral
    jump = state.options["movement"] == "jump"
    counts = [0, 0]
    for source, height in enumerate(cells):
        if not height:
            continue
        sign = 1 if height > 0 else -1
        found = 0
        if jump:  # orthogonal rays across at most |height| empty cells (§6.4)
            for ray in table.rays[source]:
                crossed = 0
                for target in ray:
                    landed = cells[target]
                    if landed == 0 and target != neutral:
                        crossed += 1
                        if crossed > abs(height):
                            break
                        continue
                    found += landed * sign < 0 or landed == 0
                    break
        else:
            for target in table.neighbours[source]:
                landed = cells[target]
                found += landed * sign < 0 or (landed == 0 and target == neutral)
        counts[height < 0] += found
    return counts[0], counts[1]


def evaluate(state: State, seat: int) -> float:
    """Tower balance plus :data:`MOBILITY` times mobility balance, for ``seat``."""
    assert isinstance(state, ZebraState)
    towers = 0
    for height in state.cells:
        if height > 0:
            towers += 1
        elif height < 0:
            towers -= 1
    white, black = mobility(state)
    value = towers + MOBILITY * (white - black)
    return value if seat == WHITE else -value


def order(state: State, actions: list[Action]) -> Sequence[Action]:
    """Moves of single pieces (they take a tower) first, otherwise as listed."""
    assert isinstance(state, ZebraState)
    cells = state.cells
    size = state.size

    def takes(action: Action) -> bool:
        if not isinstance(action, Move):
            return False
        return abs(cells[action.source.rank * size + action.source.file]) == 1

    return sorted(actions, key=takes, reverse=True)


def choose(state: State, rng: random.Random) -> Action:
    """The action :data:`DEPTH` plies of alpha-beta prefer (equal ones broken by ``rng``)."""
    return search(state, DEPTH, evaluate, rng, order)[0]


OPPONENTS: dict[str, Level] = {
    "alphabeta": Level(search=None, choose=choose, heuristics=Heuristics())
}
