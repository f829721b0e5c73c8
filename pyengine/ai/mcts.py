"""Monte Carlo tree search for every game, driven only through the engine contract.

In the spirit of OpenSpiel's ``MCTSBot``:

* **several players** — every node keeps one value sum per seat and the seat to move picks
  the child best for itself (max^n backup), so 2–5 players need nothing special;
* **chance and hidden information** — when the game's :meth:`Heuristics.sample` redraws what
  the deciding seat cannot know (Fight the Virus's future dice), every iteration searches a
  fresh sample and the tree is *open-loop*: a node's children are the actions legal in the
  current sample, chosen by UCB over their availability counts (as in information-set MCTS);
* **a solver** — in deterministic games with exact terminal values a node whose value is
  proven (a win for its mover among its children, or every child proven) is marked, backed
  up with its proven value and never searched again (MCTS-Solver); a proven root move ends
  the search early;
* **leaf values** — a playout of ``rollout_depth`` actions with the game's rollout policy,
  then the game's evaluation (``rollout_depth=0``: evaluation only; ``-1``: to the end).

The search runs in small steps (:meth:`Search.run` with an iteration count or a deadline), so
a page can show progress and cancel between steps; its budget is ``iterations`` and/or
``time_ms``. It is seeded: with an iteration budget the same position gives the same choice.

>>> from pyengine.core.registry import get_game
>>> state = get_game("zebra").new_initial_state({"size": 4})
>>> search = Search(state, SearchConfig(iterations=200), seed=1)
>>> search.run()
200
>>> search.done, str(search.best_action()) in {str(a) for a in state.legal_actions()}
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from pyengine.ai.clock import cpu_ms
from pyengine.ai.heuristics import Heuristics
from pyengine.core.game import Action, State

__all__ = ["Candidate", "Search", "SearchConfig"]

_DEFAULT = Heuristics()


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The budget and shape of one search.

    ``iterations`` and ``time_ms`` are both limits (whichever comes first; ``None`` = no limit
    of that kind, but at least one must be set). ``exploration`` is UCB's constant on the
    [-1, 1] value scale. ``rollout_depth`` as described in the module docs. ``solver`` turns
    proof propagation on where the game allows it.
    """

    iterations: int | None = 1000
    time_ms: float | None = None
    exploration: float = 1.2
    rollout_depth: int = 0
    solver: bool = True

    def __post_init__(self) -> None:
        if self.iterations is None and self.time_ms is None:
            raise ValueError("a search needs an iteration or a time budget")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One root action with its statistics: visits, mean value for the deciding seat (in
    [-1, 1]) and whether that value is proven."""

    action: Action
    visits: int
    value: float
    proven: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "visits": self.visits,
            "value": round(self.value, 4),
            "proven": self.proven,
        }


class _Node:
    __slots__ = ("available", "children", "player", "proven", "sums", "untried", "visits")

    def __init__(self, num_players: int) -> None:
        self.player = -1  # the seat choosing among the children; set when first expanded
        self.children: dict[Action, _Node] = {}
        self.untried: list[Action] | None = None  # closed-loop only
        self.visits = 0
        self.available = 0
        self.sums = [0.0] * num_players
        self.proven: tuple[float, ...] | None = None

    def mean(self, seat: int) -> float:
        if self.proven is not None:
            return self.proven[seat]
        return self.sums[seat] / self.visits if self.visits else 0.0


class Search:
    """One search from ``state`` (which is copied; the caller's state is never touched)."""

    def __init__(
        self,
        state: State,
        config: SearchConfig | None = None,
        heuristics: Heuristics | None = None,
        seed: int | None = None,
    ) -> None:
        if state.is_terminal():
            raise ValueError("the game is over: there is nothing to search")
        self.config = config or SearchConfig()
        self.heuristics = heuristics or _DEFAULT
        self.rng = random.Random(seed)
        # the seed of the rng given to Heuristics.choose (drawn apart from self.rng, so that
        # the search itself is the same with or without that hook)
        self._choice_seed = seed if seed is not None else random.getrandbits(64)
        self.player = state.current_player()
        self.num_players = state.num_players
        self._state = state.clone()
        self._open_loop = self.heuristics.sample(self._state, self.rng) is not None
        self._solver = (
            self.config.solver and not self._open_loop and self.heuristics.exact_terminals
        )
        self.root = _Node(self.num_players)
        self.iterations = 0
        self.elapsed_ms = 0.0
        self._ordered = self.heuristics.ordered()
        legal = self._state.legal_actions()
        self._single = legal[0] if len(legal) == 1 else None

    # -- running -----------------------------------------------------------------------

    @property
    def done(self) -> bool:
        """True when the budget is spent, the root is proven or there is only one action."""
        config = self.config
        if self._single is not None or self.root.proven is not None:
            return True
        if self._root_win():
            return True
        if config.iterations is not None and self.iterations >= config.iterations:
            return True
        return config.time_ms is not None and self.elapsed_ms >= config.time_ms

    def run(self, iterations: int | None = None, max_ms: float | None = None) -> int:
        """Search until the budget is spent, or at most ``iterations`` more iterations, or
        for at most ``max_ms`` milliseconds; returns the iterations done by this call."""
        start = time.perf_counter()
        cpu_start = cpu_ms()
        done_here = 0
        config = self.config
        while not self.done:
            if iterations is not None and done_here >= iterations:
                break
            if max_ms is not None and (time.perf_counter() - start) * 1000.0 >= max_ms:
                break
            spent = cpu_ms() - cpu_start
            if config.time_ms is not None and self.elapsed_ms + spent >= config.time_ms:
                break
            self._iterate()
            done_here += 1
            self.iterations += 1
        self.elapsed_ms += cpu_ms() - cpu_start
        return done_here

    @property
    def progress(self) -> float:
        """How much of the budget is spent, 0 to 1."""
        if self.done:
            return 1.0
        config = self.config
        parts = []
        if config.iterations:
            parts.append(self.iterations / config.iterations)
        if config.time_ms:
            parts.append(self.elapsed_ms / config.time_ms)
        return min(1.0, max(parts)) if parts else 0.0

    # -- answers -----------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """The root actions searched, best first (proven wins, then visits, then value)."""
        if self._single is not None and not self.root.children:
            return [Candidate(self._single, 0, self._value_guess(), False)]
        seat = self.player
        out = [
            Candidate(action, child.visits, child.mean(seat), child.proven is not None)
            for action, child in self.root.children.items()
        ]
        out.sort(
            key=lambda c: (
                c.proven and c.value >= 1.0,
                not (c.proven and c.value <= -1.0),
                c.visits,
                c.value,
            ),
            reverse=True,
        )
        return out

    def best_action(self) -> Action:
        """The action to play: the most visited (a proven win first, a proven loss last),
        unless the game's :meth:`Heuristics.choose` prefers another candidate."""
        candidates = self.candidates()
        if not candidates:  # no iteration yet
            legal = self._state.legal_actions()
            return self.heuristics.order(self._state, legal)[0] if self._ordered else legal[0]
        choice = self.heuristics.choose(self._state, candidates, random.Random(self._choice_seed))
        return candidates[0].action if choice is None else choice

    def values(self) -> tuple[float, ...]:
        """The root's estimated value for every seat (mean of the search, or the evaluation
        when nothing was searched)."""
        root = self.root
        if root.proven is not None:
            return root.proven
        if root.visits == 0:
            return self._evaluate_root()
        return tuple(total / root.visits for total in root.sums)

    def stats(self, top: int = 3) -> dict[str, Any]:
        """A JSON-able summary: iterations, time, the top candidates and the root values."""
        return {
            "player": self.player,
            "iterations": self.iterations,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "candidates": [c.to_json() for c in self.candidates()[:top]],
            "values": [round(v, 4) for v in self.values()],
        }

    # -- the search itself -------------------------------------------------------------

    def _value_guess(self) -> float:
        return self.values()[self.player]

    def _evaluate_root(self) -> tuple[float, ...]:
        state = self._state
        if state.is_terminal():
            return self.heuristics.terminal_values(state)
        return tuple(self.heuristics.evaluate(state))

    def _root_win(self) -> bool:
        if not self._solver:
            return False
        seat = self.player
        for child in self.root.children.values():
            if child.proven is not None and child.proven[seat] >= 1.0:
                return True
        return False

    def _iterate(self) -> None:
        heuristics = self.heuristics
        rng = self.rng
        if self._open_loop:
            state = heuristics.sample(self._state, rng)
            assert state is not None
            applied = -1  # nothing to undo: the sample is thrown away
        else:
            state = self._state
            applied = 0
        node = self.root
        path = [node]
        values: tuple[float, ...] | None = None
        exploration = self.config.exploration
        while True:
            if node.proven is not None:
                values = node.proven
                break
            player = state.current_player()
            if player < 0:  # terminal (chance never appears: games draw dice inside apply)
                values = tuple(heuristics.terminal_values(state))
                if self._solver:
                    node.proven = values
                break
            node.player = player
            if self._open_loop:
                legal = state.legal_actions()
                children = node.children
                fresh = [action for action in legal if action not in children]
                if fresh:
                    action = (
                        heuristics.order(state, fresh)[0] if self._ordered else rng.choice(fresh)
                    )
                    for other in legal:
                        child = children.get(other)
                        if child is not None:
                            child.available += 1
                    child = _Node(self.num_players)
                    child.available = 1
                    children[action] = child
                    state.apply_unchecked(action)
                    node = child
                    path.append(node)
                    values = self._leaf(state)
                    break
                best = None
                best_score = -math.inf
                for action in legal:
                    child = children[action]
                    child.available += 1
                    score = child.sums[player] / child.visits + exploration * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_score, best = score, action
                assert best is not None
                state.apply_unchecked(best)
                node = children[best]
                path.append(node)
                continue
            # closed loop: the legal actions of a node never change
            if node.untried is None:
                legal = state.legal_actions()
                if self._ordered:
                    untried = list(heuristics.order(state, legal))
                    untried.reverse()  # popped from the end: best first
                else:
                    untried = list(legal)
                    rng.shuffle(untried)
                node.untried = untried
            if node.untried:
                action = node.untried.pop()
                child = _Node(self.num_players)
                node.children[action] = child
                state.apply_unchecked(action)
                applied += 1
                node = child
                path.append(node)
                if state.is_terminal():
                    values = tuple(heuristics.terminal_values(state))
                    if self._solver:
                        child.proven = values
                        self._prove(path)
                    break
                values = self._leaf(state)
                break
            best_child, best_action = self._select(node, player, exploration)
            state.apply_unchecked(best_action)
            applied += 1
            node = best_child
            path.append(node)
        for visited in path:
            visited.visits += 1
            sums = visited.sums
            for seat, value in enumerate(values):
                sums[seat] += value
        if self._solver and node.proven is not None:
            self._prove(path)
        for _ in range(max(applied, 0)):
            state.undo()

    def _select(self, node: _Node, player: int, exploration: float) -> tuple[_Node, Action]:
        log_visits = math.log(node.visits) if node.visits > 1 else 0.0
        best_score = -math.inf
        best: tuple[_Node, Action] | None = None
        for action, child in node.children.items():
            proven = child.proven
            if proven is not None:
                score = proven[player] * 2.0 - (0.0 if proven[player] >= 1.0 else 1.0)
                if proven[player] >= 1.0:
                    return child, action
            else:
                score = child.sums[player] / child.visits + exploration * math.sqrt(
                    log_visits / child.visits
                )
            if score > best_score:
                best_score, best = score, (child, action)
        assert best is not None
        return best

    def _prove(self, path: list[_Node]) -> None:
        """Propagate proofs from the end of ``path`` toward the root."""
        for index in range(len(path) - 2, -1, -1):
            parent = path[index]
            if parent.proven is not None:
                continue
            player = parent.player
            children = parent.children.values()
            win = None
            for child in children:
                if child.proven is not None and child.proven[player] >= 1.0:
                    win = child.proven
                    break
            if win is not None:
                parent.proven = win
                continue
            if parent.untried or any(child.proven is None for child in children):
                return
            parent.proven = max(
                (child.proven for child in children if child.proven is not None),
                key=lambda proven: proven[player],
            )

    def _leaf(self, state: State) -> tuple[float, ...]:
        """The value of a newly reached position: a short playout, then the evaluation."""
        heuristics = self.heuristics
        depth = self.config.rollout_depth
        played = 0
        rng = self.rng
        while not state.is_terminal() and (depth < 0 or played < depth):
            state.apply_unchecked(heuristics.rollout_action(state, rng))
            played += 1
        if state.is_terminal():
            values = tuple(heuristics.terminal_values(state))
        else:
            values = tuple(heuristics.evaluate(state))
        if not self._open_loop:
            for _ in range(played):
                state.undo()
        return values
