"""Whole-turn search for Virus War's medium and hard levels.

A turn is up to three steps, and by the lemma of virus-war.md §5 the position after it depends
only on the *set* of cells stepped on. The step-by-step tree search (MCTS over single steps)
cannot look at the ~6,000 outcomes of a mid-game 10×10 turn even once each within its budget,
so it judges a turn by its first step, and programs that search whole turns wall it in (see
docs/decisions/virus-war-whole-turn-search.md). This search looks at complete turns:

* **Turns.** :func:`~pyengine.games.virus_war.bitboard.distinct_turns` gives one legal order
  per distinct set of stepped cells.
* **Evaluation: room.** For each side, the empty cells it could step on next plus
  ``KILL_WEIGHT`` × the enemy's live symbols it could kill; a position is worth the side's
  room minus the enemy's. Room is what a side still has to play with: a side walled in, or
  whose symbols are all within the enemy's reach, has little or none. A turn that eliminates
  the enemy is a win (``WIN``).
* **Negamax with beams and alpha-beta** over whole turns, ``widths`` per ply: at every ply
  but the last, the mover's turns are ranked by the room they leave and only the best
  ``widths[ply]`` are searched further, best first; at the last ply every turn is valued (the
  mover's best reply is the most room it can leave). The levels search four plies (two
  turns each): a third ply sees a kill threat one turn ahead, and a fourth gives the enemy
  its answer to it, so the last word is not always the mover's (with an odd depth the
  mover always has it, and the search is optimistic).
* **Steps.** The search is a generator that yields after every ``_CHUNK`` turns it values
  (a few milliseconds), so :meth:`TurnSearch.run` stops within a slice (the page drives it
  50 ms at a time), a cancel is never kept waiting by a long call, and the safety net is
  kept to within a chunk (a big 10×10 position has ~17,000 turns: valued in one piece, they
  take half a second in a browser). With the same position and seed the choice is
  the same: the only randomness is the seeded tie-break among equal turns. ``time_ms`` is a
  safety net: when it is spent, the best turn among those searched so far is played, or,
  when not even the first has been searched, the turn that leaves the most room.
* **Plans.** The chosen turn is played one step at a time: :class:`TurnPlanner` keeps the
  remaining steps keyed by the position each one is played from; a position it does not know
  (an undo, another game) is searched afresh.

Passes: the search passes only when no step is possible. In the ``last-move-wins`` variant
the end is a race decided by who makes the last turn, which room does not measure; the
planner leaves that variant to the level's step search (it returns ``None`` there).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator
from dataclasses import dataclass
from itertools import islice, pairwise
from typing import Any

from pyengine.ai.clock import cpu_ms
from pyengine.core.game import Action, State
from pyengine.games.virus_war.bitboard import (
    Board,
    Geometry,
    after_steps,
    distinct_turns,
    is_eliminated,
    step_mask,
    turn_length,
)
from pyengine.games.virus_war.notation import PASS
from pyengine.games.virus_war.rules import VirusWarState

__all__ = ["KILL_WEIGHT", "WIN", "TurnPlanner", "TurnSearch", "TurnSearchConfig", "room"]

KILL_WEIGHT = 1.2
WIN = 1_000_000.0
_VALUE_SCALE = 12.0  # room difference that counts as a clear advantage (values for the chart)
_PLAN_LIMIT = 4096
_CHUNK = 512  # turns valued between two yields: about 2 ms in CPython, 4 ms in a browser

Ranked = list[tuple[float, int, tuple[int, ...]]]
Steps = Generator[None, None, float]
RankedSteps = Generator[None, None, Ranked]
# a planned step, keyed by the position it is played from: the step and the turn's value
Plans = dict[tuple[Board, int, tuple[int, ...]], tuple[int, float]]


def room(geometry: Geometry, board: Board, player: int, kill_weight: float = KILL_WEIGHT) -> float:
    """``player``'s room minus the enemy's (see the module docstring)."""
    value = 0.0
    for side, sign in ((player, 1.0), (1 - player, -1.0)):
        mask = step_mask(geometry, board, side)
        kills = mask & board[1 - side]
        value += sign * ((mask ^ kills).bit_count() + kill_weight * kills.bit_count())
    return value


@dataclass(frozen=True, slots=True)
class TurnSearchConfig:
    """``widths``: turns searched further at each ply but the last (its length + 1 is the
    depth in turns); ``time_ms``: the safety net on the whole decision."""

    widths: tuple[int, ...] = (10, 5)
    time_ms: float = 3000.0
    kill_weight: float = KILL_WEIGHT


class TurnSearch:
    """One decision: the turn to play from ``state`` (a turn start or the middle of a turn).

    It has the interface :class:`~pyengine.ai.players.Thinking` drives: ``run(max_ms=)``,
    ``done``, ``progress``, ``iterations`` (enumerations of turns so far), ``best_action()``,
    ``stats()``. ``order`` is the chosen rest of the turn (empty: pass)."""

    def __init__(
        self,
        state: VirusWarState,
        config: TurnSearchConfig,
        rng: random.Random,
        plans: Plans | None = None,
    ) -> None:
        self.state = state
        self.plans = plans
        self.config = config
        self.player = state.current_player()
        self.iterations = 0
        self.elapsed_ms = 0.0
        self.order: tuple[int, ...] = ()
        self.value = 0.0
        self._rng = rng
        self._geometry = state.geometry
        self._scored: list[tuple[float, tuple[int, ...]]] = []
        self._candidates = 0
        self._first: tuple[float, tuple[int, ...]] | None = None  # the best turn by room
        self._finished = False
        self._steps = self._search()

    # -- the interface Thinking drives ---------------------------------------------------

    @property
    def done(self) -> bool:
        return self._finished

    @property
    def progress(self) -> float:
        if self._finished:
            return 1.0
        return len(self._scored) / self._candidates if self._candidates else 0.0

    def run(self, max_ms: float | None = None) -> int:
        """Search for at most ``max_ms`` milliseconds (to the end if ``None``); returns the
        enumerations done by this call."""
        start = time.perf_counter()
        cpu_start = cpu_ms()
        before = self.iterations
        while not self._finished:
            try:
                next(self._steps)
            except StopIteration:
                self._finish()
                break
            spent = cpu_ms() - cpu_start
            # the net waits for the first list of turns, the fallback when it cuts
            if self.elapsed_ms + spent >= self.config.time_ms and self._first is not None:
                self._finish()
                break
            if max_ms is not None and (time.perf_counter() - start) * 1000.0 >= max_ms:
                break
        self.elapsed_ms += cpu_ms() - cpu_start
        return self.iterations - before

    def best_action(self) -> Action:
        if not self._finished:
            self._finish()
        return self._geometry.steps[self.order[0]] if self.order else PASS

    def values(self) -> tuple[float, float]:
        """The value of the chosen turn for X and O, squashed into (-1, 1)."""
        mine = self._squash(self.value)
        return (mine, -mine) if self.player == 0 else (-mine, mine)

    def stats(self, top: int = 3) -> dict[str, Any]:
        """Candidates (the best turn per first step, best first) and the values."""
        if not self._finished:
            self._finish()
        seen: dict[int, float] = {}
        for value, order in sorted(self._scored, key=lambda item: -item[0]):
            if order and order[0] not in seen:
                seen[order[0]] = value
        if self.order and self.order[0] not in seen:
            seen = {self.order[0]: self.value, **seen}
        candidates = [
            {
                "action": str(self._geometry.steps[index]),
                "visits": 0,
                "value": round(self._squash(value), 4),
                "proven": abs(value) >= WIN,
            }
            for index, value in seen.items()
        ] or [{"action": str(PASS), "visits": 0, "value": 0.0, "proven": False}]
        return {
            "player": self.player,
            "iterations": self.iterations,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "candidates": candidates[:top],
            "values": [round(value, 4) for value in self.values()],
        }

    @staticmethod
    def _squash(value: float) -> float:
        return math.tanh(value / _VALUE_SCALE) if abs(value) < WIN else math.copysign(1.0, value)

    # -- the search ----------------------------------------------------------------------

    def _finish(self) -> None:
        """Choose among the turns searched so far (the best, ties at random)."""
        if self._finished:
            return
        self._finished = True
        self._steps.close()
        if not self._scored:
            # the safety net cut the first candidate's search: play the turn that leaves the
            # most room (never a pass while a step is possible)
            if self._first is not None:
                self._scored = [self._first]
            else:
                return
        top = max(value for value, _ in self._scored)
        self.value = top
        self.order = self._rng.choice([order for value, order in self._scored if value == top])
        if self.plans is not None:
            self._remember(self.plans)

    def _remember(self, plans: Plans) -> None:
        """Keep the chosen turn's remaining steps, keyed by the position each is played from."""
        if len(plans) > _PLAN_LIMIT:
            plans.clear()
        state = self.state
        board, player, steps = state.board, self.player, state.turn_steps
        for index, following in pairwise(self.order):
            board = after_steps(board, player, 1 << index)
            steps = (*steps, index)
            plans[(board, player, steps)] = (following, self.value)

    def follow(self, index: int, value: float) -> None:
        """Decide at once: play the step ``index`` of a turn already chosen, whose search
        valued it ``value`` (the values the step reports, as the turn's first step did)."""
        self._steps.close()
        self.order = (index,)
        self.value = value
        self._finished = True

    def _ranked(self, board: Board, player: int, limit: int) -> RankedSteps:
        """``player``'s turns of ``limit`` steps, best first by the room they leave."""
        geometry = self._geometry
        enemy = 1 - player
        kill = self.config.kill_weight
        ranked = []
        self.iterations += 1
        turns = iter(distinct_turns(geometry, board, player, limit).items())
        while chunk := list(islice(turns, _CHUNK)):
            yield
            for stepped, order in chunk:
                after = after_steps(board, player, stepped)
                value = WIN if is_eliminated(after, enemy) else room(geometry, after, player, kill)
                ranked.append((value, stepped, order))
        ranked.sort(key=lambda item: -item[0])
        return ranked

    def _best_reply(self, board: Board, player: int, limit: int, beta: float) -> Steps:
        """The most room ``player`` can leave with one turn (stops at ``beta``)."""
        geometry = self._geometry
        enemy = 1 - player
        kill = self.config.kill_weight
        best = -WIN
        self.iterations += 1
        turns = iter(distinct_turns(geometry, board, player, limit))
        while chunk := list(islice(turns, _CHUNK)):
            yield
            for stepped in chunk:
                after = after_steps(board, player, stepped)
                if is_eliminated(after, enemy):
                    return WIN
                value = room(geometry, after, player, kill)
                if value > best:
                    best = value
                    if best >= beta:
                        return best
        return best

    def _value(self, board: Board, player: int, ply: int, alpha: float, beta: float) -> Steps:
        """Negamax value for ``player`` to move at a turn start, ``ply`` into ``widths``."""
        geometry = self._geometry
        limit = turn_length(geometry, board, player, 0)
        widths = self.config.widths
        if not limit:  # a forced pass: the enemy moves on the same board
            if ply >= len(widths):
                return room(geometry, board, player, self.config.kill_weight)
            value = yield from self._value(board, 1 - player, ply + 1, -beta, -alpha)
            return -value
        if ply >= len(widths):
            value = yield from self._best_reply(board, player, limit, beta)
            yield
            return value
        ranked = yield from self._ranked(board, player, limit)
        yield
        if ranked[0][0] >= WIN:
            return WIN
        best = -2 * WIN
        for _, stepped, _ in ranked[: widths[ply]]:
            after = after_steps(board, player, stepped)
            value = -(yield from self._value(after, 1 - player, ply + 1, -beta, -alpha))
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _search(self) -> Generator[None, None, None]:
        state = self.state
        board, player = state.board, self.player
        ranked = yield from self._ranked(board, player, state.steps_left or 0)
        if ranked:
            self._first = (ranked[0][0], ranked[0][2])
        yield
        if not ranked:
            return
        if ranked[0][0] >= WIN or not self.config.widths:
            top = ranked[0][0]
            tied = [order for value, _, order in ranked if value == top]
            if top >= WIN:  # win at once: the fewest steps
                shortest = min(len(order) for order in tied)
                tied = [order for order in tied if len(order) == shortest]
            self._scored = [(top, order) for order in tied]
            return
        candidates = ranked[: self.config.widths[0]]
        self._candidates = len(candidates)
        best = -2 * WIN
        for _, stepped, order in candidates:
            after = after_steps(board, player, stepped)
            # a window just below the best so far: equal turns get exact values (ties are
            # broken at random), worse ones are cut off as early as possible
            alpha = best - 1e-6
            value = -(yield from self._value(after, 1 - player, 1, -2 * WIN, -alpha))
            self._scored.append((value, order))
            best = max(best, value)


class TurnPlanner:
    """A level's decisions: a :class:`TurnSearch` at a turn start, then the planned steps;
    ``None`` (the level's own search decides) where the whole-turn search does not apply (the
    ``last-move-wins`` variant)."""

    def __init__(self, config: TurnSearchConfig) -> None:
        self.config = config
        self.plans: Plans = {}

    def __call__(self, state: State, rng: random.Random) -> TurnSearch | None:
        assert isinstance(state, VirusWarState)
        if state.options["variant"] != "standard":
            return None
        key = (state.board, state.current_player(), state.turn_steps)
        planned = self.plans.pop(key, None)
        search = TurnSearch(state, self.config, random.Random(rng.getrandbits(32)), self.plans)
        if planned is not None and state.legal_step_mask() >> planned[0] & 1:
            search.follow(*planned)
        return search
