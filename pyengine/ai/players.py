"""Computer players: one interface for every game and level.

``make_player(game_id, kind, seed)`` gives a :class:`Player` for a kind of
:func:`player_kinds` (``"random"``, ``"easy"``, ``"medium"``, ``"hard"`` and any extra kinds a
game offers, such as Fight the Virus's ``"greedy"``) or of :func:`benchmark_kinds`: the
game's outside opponents, searches of other kinds than ours that measure the levels, offered
by the command line but not on the site. A player answers ``choose(state)``
(blocking) or ``think(state)``: a :class:`Thinking` that runs in small steps (``step(max_ms)``)
so a page can show progress and cancel, then gives ``action`` and ``stats()``.

A game's knowledge lives in its ``ai`` module (``pyengine/games/<game>/ai.py``, found through
the registry: :meth:`~pyengine.core.game.Game.ai`): ``HEURISTICS`` (a
:class:`~pyengine.ai.heuristics.Heuristics`), ``LEVELS`` (level name → :class:`Level`),
optionally ``EXTRA_KINDS`` (more kinds offered everywhere) and ``outside_opponents()`` (kind →
:class:`Level`: the outside opponents, kept in the game's ``gauntlet`` module and imported
only when asked for).

>>> from pyengine.core.registry import get_game
>>> state = get_game("zebra").new_initial_state({"size": 4})
>>> player = make_player("zebra", "easy", seed=3)
>>> state.is_legal(player.choose(state))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.mcts import Search, SearchConfig
from pyengine.core.errors import EngineError
from pyengine.core.game import Action, State
from pyengine.core.registry import get_game

__all__ = [
    "LEVEL_NAMES",
    "Deliberation",
    "Level",
    "Player",
    "Thinking",
    "benchmark_kinds",
    "game_ai",
    "make_player",
    "outside_opponents",
    "player_kinds",
]

LEVEL_NAMES = ("easy", "medium", "hard")


class Deliberation(Protocol):
    """What :class:`Thinking` drives: :class:`~pyengine.ai.mcts.Search` or a game's own
    search run in steps."""

    iterations: int

    @property
    def done(self) -> bool: ...

    @property
    def progress(self) -> float: ...

    def run(self, *, max_ms: float | None = None) -> int: ...

    def best_action(self) -> Action: ...

    def stats(self, top: int = 3) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Level:
    """A level: a search budget and shape, plus how the final choice is made.

    ``blunder`` is the chance of playing a uniformly random legal action instead of the
    search's choice (a human-like weakness for the easy level); ``choose`` replaces the
    search altogether by a function ``(state, rng) -> action`` (a game whose best level is a
    hand-written policy, or whose decision is secret). ``heuristics``, when given, replaces
    the game's ``HEURISTICS`` for this level (a stronger level may know more, or use a dearer
    evaluation). ``think``, when given, replaces the search by another kind of deliberation
    run in steps: a function ``(state, rng) -> Deliberation`` (such as Virus War's whole-turn
    search), or ``None`` where it does not apply and ``search`` decides.
    """

    search: SearchConfig | None = field(default_factory=SearchConfig)
    blunder: float = 0.0
    choose: Callable[[State, random.Random], Action] | None = None
    heuristics: Heuristics | None = None
    think: Callable[[State, random.Random], Deliberation | None] | None = None


_MODULES: dict[str, ModuleType] = {}


def game_heuristics(game_id: str) -> Heuristics:
    """The registered game's knowledge for the search (its ``ai`` module's ``HEURISTICS``),
    or the neutral :class:`~pyengine.ai.heuristics.Heuristics` for a game without any."""
    return getattr(game_ai(game_id), "HEURISTICS", None) or Heuristics()


def game_ai(game_id: str) -> ModuleType:
    """The registered game's ``ai`` module (:meth:`~pyengine.core.game.Game.ai`)."""
    module = _MODULES.get(game_id)
    if module is None:
        module = get_game(game_id).ai()
        _MODULES[game_id] = module
    return module


def player_kinds(game_id: str) -> tuple[str, ...]:
    """The kinds of computer player the game offers, weakest first."""
    extra = tuple(getattr(game_ai(game_id), "EXTRA_KINDS", ()))
    return ("random", *extra, *LEVEL_NAMES)


def outside_opponents(game_id: str) -> dict[str, Level]:
    """The game's outside opponents, ``{kind: level}``: what its ``ai`` module's
    ``outside_opponents()`` gives (none without that function)."""
    hook = getattr(game_ai(game_id), "outside_opponents", None)
    return {} if hook is None else dict(hook())


def benchmark_kinds(game_id: str) -> tuple[str, ...]:
    """The kinds of the game's outside opponents (not offered on the site: they measure the
    levels)."""
    return tuple(outside_opponents(game_id))


class Thinking:
    """A decision in progress. ``step(max_ms)`` advances it; ``done`` says when ``action``
    (and ``stats()``) are final. Dropping the object cancels it."""

    def __init__(
        self,
        state: State,
        search: Deliberation | None,
        action: Action | None,
        blunder: Action | None = None,
    ) -> None:
        self.state = state
        self.search = search
        self._action = action
        self._blunder = blunder

    @property
    def done(self) -> bool:
        return self.search is None or self.search.done

    @property
    def progress(self) -> float:
        return 1.0 if self.search is None else self.search.progress

    def step(self, max_ms: float = 50.0) -> bool:
        """Think for at most ``max_ms`` milliseconds; True when done."""
        if self.search is not None and not self.search.done:
            self.search.run(max_ms=max_ms)
        return self.done

    def finish(self) -> Action:
        while not self.step(1000.0):
            pass
        return self.action

    @property
    def action(self) -> Action:
        if self._blunder is not None:
            return self._blunder
        if self.search is not None:
            return self.search.best_action()
        assert self._action is not None
        return self._action

    def stats(self, top: int = 3) -> dict[str, Any]:
        """The search's statistics (top candidates, root values); a direct decision has one
        candidate and no values."""
        if self.search is not None:
            stats = self.search.stats(top)
        else:
            stats = {
                "player": self.state.current_player(),
                "iterations": 0,
                "elapsed_ms": 0.0,
                "candidates": [
                    {"action": str(self.action), "visits": 0, "value": 0.0, "proven": False}
                ],
                "values": None,
            }
        stats["action"] = str(self.action)
        return stats


class Player:
    """A computer player of one kind for one game."""

    def __init__(self, game_id: str, kind: str, seed: int | None = None) -> None:
        known = player_kinds(game_id)
        outside = {} if kind in known else outside_opponents(game_id)
        if kind not in known and kind not in outside:
            raise EngineError(
                f"unknown computer player {kind!r}; one of {', '.join(known + tuple(outside))}",
                code="ai.unknown-player",
                params={"kind": kind},
            )
        self.game_id = game_id
        self.kind = kind
        self.rng = random.Random(seed)
        module = game_ai(game_id)
        self.heuristics = game_heuristics(game_id)
        levels: dict[str, Level] = getattr(module, "LEVELS", {})
        if kind == "random":
            self.level = Level(
                search=None, choose=lambda state, rng: rng.choice(state.legal_actions())
            )
        elif kind in outside:
            self.level = outside[kind]
        else:
            self.level = levels.get(kind) or Level()
        if self.level.heuristics is not None:
            self.heuristics = self.level.heuristics

    def think(self, state: State) -> Thinking:
        """Start deciding for the seat to move in ``state`` (not changed)."""
        rng = self.rng
        level = self.level
        # "random" is the baseline: uniform among the legal actions, never the game's shortcut.
        # A shortcut (a secret setup, a vote) comes before any blunder: blunders are slips of
        # play, never a random program or an answer the rules reserve to a reasoned choice.
        shortcut = None if self.kind == "random" else self.heuristics.shortcut(state, rng)
        if shortcut is not None:
            return Thinking(state, None, shortcut)
        if level.blunder and rng.random() < level.blunder:
            return Thinking(state, None, rng.choice(state.legal_actions()))
        deliberation = level.think(state, rng) if level.think is not None else None
        if deliberation is not None:
            return Thinking(state, deliberation, None)
        if level.choose is not None or level.search is None:
            chooser = level.choose or (lambda s, r: r.choice(s.legal_actions()))
            return Thinking(state, None, chooser(state, rng))
        search = Search(state, level.search, self.heuristics, seed=rng.getrandbits(32))
        return Thinking(state, search, None)

    def choose(self, state: State) -> Action:
        """The action to play (runs the whole budget)."""
        return self.think(state).finish()

    def __repr__(self) -> str:
        return f"<Player {self.game_id} {self.kind}>"


def make_player(game_id: str, kind: str, seed: int | None = None) -> Player:
    """A computer player of ``kind`` (see :func:`player_kinds`) for ``game_id``."""
    return Player(game_id, kind, seed)
