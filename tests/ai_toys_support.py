"""The toy games the tests of the generic search (pyengine.ai) run on, and helpers to search them.

The toy games implement the engine contract (pyengine/core/game.py) in a few lines each:

* ``toy-nim``: a pile of stones, take 1-3, whoever takes the last stone wins (2 players);
* ``toy-tree``: a fixed 3-player game tree with payoffs per seat (max^n);
* ``toy-coin``: a hidden coin; seat 1 guesses it (+1 right, -1 wrong) or plays safe (+0.2);
* ``toy-first``: 2-3 players, the first mover wins at once (or everybody draws).

A test module registers them with an autouse fixture that calls :func:`register_toys`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, cast

import pytest

from pyengine.ai import Heuristics, Level, Search, SearchConfig, players
from pyengine.core import registry
from pyengine.core.errors import EngineError, IllegalActionError, NotationError
from pyengine.core.game import TERMINAL, Action, Game, Result, State
from pyengine.core.options import Option, OptionSchema, OptionValues

# -- a generic toy state ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pick(Action):
    name: str

    def __str__(self) -> str:
        return self.name


class ToyState(State):
    """A state whose rules are four functions of an immutable position."""

    game: ToyGame

    def __init__(self, game: ToyGame, options: OptionValues, position: Any) -> None:
        self.game = game
        self.options = options
        self.num_players = game.seats(options)
        self.position = position
        self._history: list[Action] = []
        self._stack: list[Any] = []

    def current_player(self) -> int:
        if self.game.outcome(self.position) is not None:
            return TERMINAL
        return self.game.to_move(self.position)

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        return [Pick(name) for name in self.game.moves(self.position)]

    def check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is illegal here", code="toy.illegal")

    def apply_unchecked(self, action: Action) -> None:
        self._stack.append(self.position)
        self._history.append(action)
        self.position = self.game.play(self.position, str(action))

    def undo(self) -> Action:
        if not self._history:
            raise EngineError("nothing to undo", code="undo.empty")
        self.position = self._stack.pop()
        return self._history.pop()

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    def result(self) -> Result | None:
        return self.game.outcome(self.position)

    def clone(self) -> ToyState:
        copy = ToyState(self.game, self.options, self.position)
        copy._history = list(self._history)
        copy._stack = list(self._stack)
        return copy

    def position_key(self) -> Hashable:
        return self.position

    def position_text(self) -> str:
        return repr(self.position)

    def start_text(self) -> str | None:
        return None


class ToyGame(Game):
    min_players = 2
    max_players = 3
    options = OptionSchema([Option("seed", "int", 0, minimum=0, maximum=2**31)])

    def seats(self, options: Mapping[str, object]) -> int:
        return 2

    def start(self, options: Mapping[str, object]) -> Any:
        raise NotImplementedError

    def to_move(self, position: Any) -> int:
        raise NotImplementedError

    def moves(self, position: Any) -> list[str]:
        raise NotImplementedError

    def play(self, position: Any, move: str) -> Any:
        raise NotImplementedError

    def outcome(self, position: Any) -> Result | None:
        raise NotImplementedError

    def _initial_state(self, options: OptionValues) -> ToyState:
        return ToyState(self, options, self.start(options))

    def parse_action(self, text: str, state: State | None = None) -> Action:
        if not text or not text.isprintable():
            raise NotationError(f"{text!r} is not a move", code="toy.notation")
        return Pick(text)

    def from_position(self, text: str, *, options: Mapping[str, object] | None = None) -> State:
        raise NotImplementedError

    def read_record(self, text: str) -> State:
        raise NotImplementedError

    def write_record(self, state: State) -> str:
        return " ".join(str(action) for action in state.history)


class Nim(ToyGame):
    """Position ``(stones, mover)``; take 1-3; the player who takes the last stone wins."""

    id = "toy-nim"
    name = "Toy Nim"
    options = OptionSchema(
        [
            Option("stones", "int", 5, minimum=1, maximum=99),
            Option("seed", "int", 0, minimum=0, maximum=2**31),
        ]
    )

    def start(self, options):
        return (options["stones"], 0)

    def to_move(self, position):
        return position[1]

    def moves(self, position):
        return [f"take{count}" for count in range(1, min(3, position[0]) + 1)]

    def play(self, position, move):
        return (position[0] - int(move[4:]), 1 - position[1])

    def outcome(self, position):
        if position[0] > 0:
            return None
        winner = 1 - position[1]  # who took the last stone
        return Result(winners=(winner,), scores=(0, 0), reason="last-stone")


# A 3-player game tree: seat 0 picks L or R, seat 1 picks x or y, seat 2 picks p or q. Under
# max^n (everybody maximises their own payoff) seat 2 takes its best leaf, seat 1 anticipates
# that, and seat 0 anticipates both: L (worth 0.8 to seat 0; R is worth 0.3). A "paranoid"
# search (the others minimise seat 0) would take R instead (L risks -1, R guarantees 0.2).
TREE = {
    ("L", "x", "p"): (0.8, 0.8, 0.8),
    ("L", "x", "q"): (-1.0, -0.6, -0.8),
    ("L", "y", "p"): (0.6, -0.8, -0.8),
    ("L", "y", "q"): (-1.0, -0.8, 0.8),
    ("R", "x", "p"): (0.2, -0.6, 0.8),
    ("R", "x", "q"): (0.4, -0.2, -0.8),
    ("R", "y", "p"): (0.3, 0.8, 0.8),
    ("R", "y", "q"): (0.6, 0.4, -0.8),
}
CHOICES = (("L", "R"), ("x", "y"), ("p", "q"))


def maxn(path: tuple[str, ...]) -> tuple[tuple[float, ...], str | None]:
    """The max^n value of ``path`` and the best move there (brute force)."""
    if path in TREE:
        return TREE[path], None
    seat = len(path)
    options = {move: maxn((*path, move))[0] for move in CHOICES[seat]}
    best = max(options, key=lambda move: options[move][seat])
    return options[best], best


class Tree(ToyGame):
    id = "toy-tree"
    name = "Toy tree"

    def seats(self, options):
        return 3

    def start(self, options):
        return ()

    def to_move(self, position):
        return len(position)

    def moves(self, position):
        return list(CHOICES[len(position)])

    def play(self, position, move):
        return (*position, move)

    def outcome(self, position):
        if position not in TREE:
            return None
        payoff = TREE[position]
        best = max(payoff)
        return Result(
            winners=tuple(seat for seat in range(3) if payoff[seat] == best),
            scores=tuple(round(10 * value) for value in payoff),
            reason="payoff",
        )


class TreeHeuristics(Heuristics):
    exact_terminals = False  # payoffs between -1 and 1: no proofs

    def terminal_values(self, state):
        return TREE[state.position]


class Coin(ToyGame):
    """Position ``(coin, choice)``; seat 0 chooses guess0, guess1 or safe, then it is over.
    The coin is part of the state, but seat 0 is not supposed to know it."""

    id = "toy-coin"
    name = "Toy coin"
    options = OptionSchema([Option("coin", "int", 0, minimum=0, maximum=1)])

    def start(self, options):
        return (options["coin"], None)

    def to_move(self, position):
        return 0

    def moves(self, position):
        return ["guess0", "guess1", "safe"]

    def play(self, position, move):
        return (position[0], move)

    def outcome(self, position):
        coin, choice = position
        if choice is None:
            return None
        if choice == "safe":
            return Result(winners=(), scores=(0, 0), reason="safe")
        right = choice == f"guess{coin}"
        return Result(winners=(0,) if right else (1,), scores=(0, 0), reason="guess")


class CoinHeuristics(Heuristics):
    exact_terminals = False

    def terminal_values(self, state):
        if state.position[1] == "safe":
            return (0.2, -0.2)
        return state.returns()


class SampledCoin(CoinHeuristics):
    """Redraws the hidden coin: the search sees only what seat 0 may know."""

    def sample(self, state, rng):
        copy = state.clone()
        copy.position = (rng.randrange(2), copy.position[1])
        return copy


class First(ToyGame):
    """2-3 players (option ``players``); the first mover plays ``go`` and wins, or with
    ``draw`` everybody draws."""

    id = "toy-first"
    name = "Toy first"
    options = OptionSchema(
        [
            Option("players", "int", 2, minimum=2, maximum=3),
            Option("draw", "bool", False),
            Option("seed", "int", 0, minimum=0, maximum=2**31),
        ]
    )

    def seats(self, options):
        return options["players"]

    def start(self, options):
        return (options["players"], options["draw"], False)

    def to_move(self, position):
        return 0

    def moves(self, position):
        return ["go"]

    def play(self, position, move):
        return (position[0], position[1], True)

    def outcome(self, position):
        players, draw, played = position
        if not played:
            return None
        return Result(winners=() if draw else (0,), scores=(0,) * players, reason="first")


TOYS = {game.id: game for game in (Nim(), Tree(), Coin(), First())}


def register_toys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy games and their ``ai`` modules for the duration of a test."""
    for game_id, game in TOYS.items():
        monkeypatch.setitem(registry._GAMES, game_id, game)
    levels = {
        "easy": Level(SearchConfig(iterations=30)),
        "medium": Level(SearchConfig(iterations=300)),
        "hard": Level(SearchConfig(iterations=2000, rollout_depth=-1)),
    }
    modules = {
        "toy-nim": SimpleNamespace(HEURISTICS=Heuristics(), LEVELS=levels),
        "toy-tree": SimpleNamespace(HEURISTICS=TreeHeuristics(), LEVELS=levels),
        "toy-coin": SimpleNamespace(HEURISTICS=SampledCoin(), LEVELS=levels),
        "toy-first": SimpleNamespace(
            HEURISTICS=Heuristics(), LEVELS=levels, EXTRA_KINDS=("first",)
        ),
    }
    for game_id, module in modules.items():
        monkeypatch.setitem(players._MODULES, game_id, module)


def nim(stones: int) -> ToyState:
    return cast(ToyState, TOYS["toy-nim"].new_initial_state({"stones": stones}))


def search(
    state: State,
    iterations: int | None = 2000,
    seed: int = 1,
    heuristics: Heuristics | None = None,
    **config: Any,
) -> Search:
    return Search(state, SearchConfig(iterations=iterations, **config), heuristics, seed=seed)


def coin(value: int) -> ToyState:
    return cast(ToyState, TOYS["toy-coin"].new_initial_state({"coin": value}))


def comparable(found: Search) -> dict[str, Any]:
    stats = found.stats(top=10)
    stats.pop("elapsed_ms")
    return stats
