"""Computer player knowledge for Zebra (zebra.md §9): evaluation, move ordering, levels.

**Evaluation.** A move never changes the mover's own tower count; the opponent loses one
tower exactly when the mover's source was a single piece (it empties a cell, §4). So the
material balance (towers by top colour) moves slowly, and with equal counts whoever gets
stuck first loses: mobility decides most games. :meth:`ZebraHeuristics.evaluate` combines

* the tower balance (a bare neutral base counts for nobody);
* the mobility balance: moves available to each side (without the repetition rule), with
  extra weight on moves of single pieces, the only ones that take a tower away;
* the tie rule: with equal counts a side that has no move at all (for the side to move the
  game is then over) is lost; a side with far fewer moves is in danger;
* the mirror idea (§9): on even boards a colour-reversed symmetric position (across a midline)
  with White to move is slightly good for Black, who can keep copying White; this is only a
  small bonus, never a proof. As Black the search tries the mirror reply first
  (:meth:`ZebraHeuristics.order`); as White the bonus makes the search prefer breaking the
  symmetry.

Everything is computed for both seats from the cells, so the value of the colour-reversed
mirror image of a position (with the other side to move) is the value with the seats swapped.

>>> from pyengine.core.registry import get_game
>>> state = get_game("zebra").new_initial_state({"size": 4})
>>> values = HEURISTICS.evaluate(state)
>>> abs(values[0] + values[1]) < 1e-9 and -1 < values[0] < 1
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.mcts import Candidate, SearchConfig
from pyengine.ai.players import Level
from pyengine.core.game import Action, State
from pyengine.games.zebra.board import geometry
from pyengine.games.zebra.notation import Move
from pyengine.games.zebra.rules import BLACK, WHITE, ZebraState

__all__ = [
    "HEURISTICS",
    "LEVELS",
    "ZebraHeuristics",
    "mirror_replies",
    "outside_opponents",
    "reflections",
]

# weights of the evaluation (on the scale of one tower), squashed by tanh(_SCALE * total)
_MOBILITY = 1.2  # the mobility balance (moves - opponent moves) / (all moves + 2)
_SINGLES = 0.8  # the same for moves of single pieces (they take a tower away)
_DANGER = 0.6  # a side with at most two moves left (it may soon be stuck)
_TEMPO = 0.6  # the side to move can take a tower right away
_MIRROR = 0.25  # Black's bonus in a colour-reversed symmetric position, White to move
_SCALE = 0.55
# the final choice among near-equal root candidates (values on the [-1, 1] scale)
_NEAR_STRATEGY = 0.1  # a mirror reply, or a symmetry break, this close to the best is played
_NEAR_VARIETY = 0.02  # otherwise one of the candidates this close, at random
_VARIETY_VISITS = 0.6  # ... with at least this share of the best one's visits


@cache
def reflections(size: int) -> tuple[tuple[int, ...], ...]:
    """The reflections across the two midlines that swap colours (even boards only), as cell
    index permutations (index ``rank * size + file``); none on odd boards.

    >>> [perm[:4] for perm in reflections(4)]
    [(3, 2, 1, 0), (12, 13, 14, 15)]
    >>> reflections(5)
    ()
    """
    if size % 2:
        return ()
    cells = range(size * size)
    across_files = tuple((index // size) * size + (size - 1 - index % size) for index in cells)
    across_ranks = tuple((size - 1 - index // size) * size + index % size for index in cells)
    return across_files, across_ranks


def _antisymmetric(cells: tuple[int, ...], perm: tuple[int, ...]) -> bool:
    """Whether ``cells`` equal their colour-reversed image under ``perm``."""
    for index, value in enumerate(cells):  # noqa: SIM110 (hot: 3x faster than all() here)
        if cells[perm[index]] != -value:
            return False
    return True


def _symmetric(cells: tuple[int, ...]) -> bool:
    """Whether the position is colour-reversed symmetric across a midline of an even board."""
    size = math.isqrt(len(cells))
    return any(_antisymmetric(cells, perm) for perm in reflections(size))


def mirror_replies(state: ZebraState) -> list[Action]:
    """Black's legal actions that make the position colour-reversed symmetric across a
    midline (§9's mirror strategy), White then to move; empty when not Black's turn, on odd
    boards or when no such reply is legal.

    >>> from pyengine.core.registry import get_game
    >>> state = get_game("zebra").new_initial_state({"size": 4})
    >>> state.apply("c2-d2")
    >>> [str(action) for action in mirror_replies(state)]
    ['b2-a2', 'c3-d3']
    """
    perms = reflections(state.size)
    if not perms or state.to_move != BLACK or state.phase == "removal":
        return []
    cells = state.cells
    size = state.size
    # a reply changes at most two cells, so only cells off the symmetry may be touched
    broken: set[int] = set()
    for perm in perms:
        off = [index for index, value in enumerate(cells) if cells[perm[index]] != -value]
        if len(off) <= 4:
            broken.update(off)
    if not broken:
        return []
    replies: list[Action] = []
    for action in state.legal_actions():
        touched = [cell.rank * size + cell.file for cell in action.cells()]  # type: ignore[attr-defined]
        if not broken.issuperset(touched):
            continue
        state.apply_unchecked(action)
        after = state.cells
        if any(_antisymmetric(after, perm) for perm in perms):
            replies.append(action)
        state.undo()
    return replies


class ZebraHeuristics(Heuristics):
    """Zebra's evaluation, move ordering and playout policy (see the module docs)."""

    exact_terminals = True

    def evaluate(self, state: State) -> tuple[float, ...]:
        """White's and Black's values in (-1, 1), opposite numbers."""
        assert isinstance(state, ZebraState)
        x = self.score(state)
        value = math.tanh(_SCALE * x)
        return value, -value

    def score(self, state: ZebraState) -> float:
        """The unsquashed evaluation for White, on the scale of one tower."""
        cells = state.cells
        size = state.size
        white = black = 0
        for value in cells:
            if value > 0:
                white += 1
            elif value < 0:
                black += 1
        material = float(white - black)
        # in the placement phase: between the pieces placed so far, as if play began now
        moves_w, singles_w, moves_b, singles_b = self.mobility(state)
        total = moves_w + moves_b + 2.0
        x = material
        x += _MOBILITY * (moves_w - moves_b) / total * 4.0
        x += _SINGLES * (singles_w - singles_b) / (singles_w + singles_b + 2.0) * 2.0
        if state.phase == "movement":
            to_move = state.to_move
            # the side to move takes a tower at once if it has a single piece to move
            if to_move == WHITE and singles_w:
                x += _TEMPO
            elif to_move == BLACK and singles_b:
                x -= _TEMPO
            # the side to move has at least one move (else the game is over); a side with
            # hardly any moves left is close to being stuck, which loses ties
            if moves_w <= 2:
                x -= _DANGER * (3 - moves_w) * (0.5 if to_move == WHITE else 1.0)
            if moves_b <= 2:
                x += _DANGER * (3 - moves_b) * (0.5 if to_move == BLACK else 1.0)
        perms = reflections(size)
        if perms and state.to_move == WHITE:
            for perm in perms:
                if _antisymmetric(cells, perm):
                    x -= _MIRROR
                    break
        return x

    def mobility(self, state: ZebraState) -> tuple[int, int, int, int]:
        """``(White moves, White single-piece moves, Black moves, Black single-piece moves)``
        in the position, for both sides whoever is to move, without the repetition rule (in
        the placement phase: between the pieces placed so far)."""
        cells = state.cells
        table = geometry(state.size)
        moves = [0, 0]
        singles = [0, 0]
        neutral = state.neutral
        if state.options["movement"] == "jump":
            targets = state._targets  # the same package's generator
            neutral_index = -1 if neutral is None else neutral
            for source, value in enumerate(cells):
                if not value:
                    continue
                sign = 1 if value > 0 else -1
                found = len(targets(source, abs(value), sign, neutral_index))
                side = 0 if value > 0 else 1
                moves[side] += found
                if value == sign:
                    singles[side] += found
        else:
            neighbours = table.neighbours
            for source, value in enumerate(cells):
                if not value:
                    continue
                found = 0
                if value > 0:
                    for target in neighbours[source]:
                        landed = cells[target]
                        if landed < 0 or (landed == 0 and target == neutral):
                            found += 1
                    moves[0] += found
                    if value == 1:
                        singles[0] += found
                else:
                    for target in neighbours[source]:
                        landed = cells[target]
                        if landed > 0 or (landed == 0 and target == neutral):
                            found += 1
                    moves[1] += found
                    if value == -1:
                        singles[1] += found
        return moves[0], singles[0], moves[1], singles[1]

    def order(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """Black's mirror replies first (§9), then moves of single pieces (they take a
        tower), then the rest; the order is otherwise kept, so the search stays seeded."""
        assert isinstance(state, ZebraState)
        if state.phase != "movement" and state.phase != "placement":
            return actions
        mirror = set(mirror_replies(state))
        cells = state.cells
        size = state.size
        first: list[Action] = []
        singles: list[Action] = []
        rest: list[Action] = []
        for action in actions:
            if action in mirror:
                first.append(action)
            elif (
                type(action) is Move
                and abs(cells[action.source.rank * size + action.source.file]) == 1
            ):
                singles.append(action)
            else:
                rest.append(action)
        return first + singles + rest

    def choose(
        self, state: State, candidates: Sequence[Candidate], rng: random.Random
    ) -> Action | None:
        """The final choice at the root. A proven win stays. Otherwise, among the candidates
        that are nearly as good as the search's best (not proven lost): as Black, a mirror
        reply (§9); as White in a mirror-symmetric position, a move that leaves Black fewer
        mirror replies than the best does (none if possible); else one of the (even closer) best at random, so that games vary."""
        assert isinstance(state, ZebraState)
        top = candidates[0]
        if top.proven or len(candidates) == 1:
            return None
        floor = max(2, top.visits // 10)
        near = [
            candidate
            for candidate in candidates
            if candidate.visits >= floor
            and candidate.value >= top.value - _NEAR_STRATEGY
            and not (candidate.proven and candidate.value <= -1.0)
        ]
        if not near:  # hardly searched (a time cap on a big board)
            return None
        mirror = set(mirror_replies(state))
        for candidate in near:
            if candidate.action in mirror:
                return candidate.action
        if state.to_move == WHITE and state.phase == "movement" and _symmetric(state.cells):
            # fewest mirror replies left for Black (a move across a midline removes one)
            counts = []
            for candidate in near:
                state.apply_unchecked(candidate.action)
                counts.append(len(mirror_replies(state)))
                state.undo()
            fewest = min(counts)
            if near and near[0] is top and fewest < counts[0]:
                return near[counts.index(fewest)].action
        close = [
            candidate
            for candidate in near
            if candidate.value >= top.value - _NEAR_VARIETY
            and candidate.visits >= top.visits * _VARIETY_VISITS
        ]
        return rng.choice(close).action if len(close) > 1 else None

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A playout move: mostly a single-piece move when there is one, else any."""
        assert isinstance(state, ZebraState)
        legal = state.legal_actions()
        if rng.random() < 0.7:
            cells = state.cells
            size = state.size
            singles = [
                action
                for action in legal
                if type(action) is Move
                and abs(cells[action.source.rank * size + action.source.file]) == 1
            ]
            if singles:
                return rng.choice(singles)
        return rng.choice(legal)


HEURISTICS = ZebraHeuristics()

# Levels by iteration budget (the same choice for the same seed); the time caps are only a
# safety net for big boards and slow machines (a browser runs Python about 2x slower). In
# CPython an iteration costs about 0.2 ms on 4x4 and 0.35 ms on 6x6.
LEVELS: dict[str, Level] = {
    "easy": Level(search=SearchConfig(iterations=60, time_ms=1000.0, exploration=0.8), blunder=0.2),
    "medium": Level(search=SearchConfig(iterations=500, time_ms=400.0, exploration=0.8)),
    "hard": Level(search=SearchConfig(iterations=4000, time_ms=2500.0, exploration=0.8)),
}


def outside_opponents() -> dict[str, Level]:
    """The outside opponents that measure the levels (:mod:`pyengine.games.zebra.gauntlet`:
    for the command line and ``bench/ai.py --gauntlet``, never on the site), imported only
    when asked for."""
    from pyengine.games.zebra.gauntlet import OPPONENTS

    return OPPONENTS
