"""The generic search (pyengine.ai.mcts), players and arena, on toy games built here.

The toy games implement the engine contract (pyengine/core/game.py) in a few lines each:

* ``toy-nim``: a pile of stones, take 1-3, whoever takes the last stone wins (2 players);
* ``toy-tree``: a fixed 3-player game tree with payoffs per seat (max^n);
* ``toy-coin``: a hidden coin; seat 1 guesses it (+1 right, -1 wrong) or plays safe (+0.2);
* ``toy-first``: 2-3 players, the first mover wins at once (or everybody draws).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, cast

import pytest

from pyengine.ai import (
    LEVEL_NAMES,
    Heuristics,
    Level,
    Search,
    SearchConfig,
    arena,
    make_player,
    player_kinds,
    players,
)
from pyengine.ai.arena import play_match, wilson
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


@pytest.fixture(autouse=True)
def toy_games(monkeypatch):
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


# -- the toy games themselves -------------------------------------------------------------------


def test_the_toy_games_keep_the_contract():
    state = nim(5)
    state.apply("take2")
    with pytest.raises(IllegalActionError):
        state.apply("take4")
    copy = state.clone()
    assert str(state.undo()) == "take2" and state.position == (5, 0)
    assert copy.position == (3, 1)
    assert maxn(())[1] == "L" and maxn(("L",))[1] == "x" and maxn(("L", "x"))[1] == "p"


# -- finding wins, the solver ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stones", "winning"), [(5, "take1"), (6, "take2"), (7, "take3"), (9, "take1"), (11, "take3")]
)
def test_mcts_finds_the_only_winning_move(stones, winning):
    for solver in (True, False):
        found = search(nim(stones), iterations=3000, solver=solver, rollout_depth=-1)
        found.run()
        assert str(found.best_action()) == winning, (stones, solver)


def test_the_solver_proves_a_won_root_and_stops_early():
    found = search(nim(7), iterations=100_000)
    found.run()
    assert found.done and found.iterations < 100_000
    best = found.candidates()[0]
    assert str(best.action) == "take3" and best.proven and best.value == 1.0
    assert found.progress == 1.0
    assert found.stats()["candidates"][0]["proven"] is True


def test_the_solver_proves_a_lost_root():
    found = search(nim(8), iterations=100_000)
    found.run()
    assert found.done and found.iterations < 100_000
    assert found.root.proven is not None and found.values()[found.player] == -1.0
    assert all(candidate.proven and candidate.value == -1.0 for candidate in found.candidates())


def test_proven_losses_are_avoided():
    # 5 stones: take2 and take3 lose at once to a reply that takes the rest
    found = search(nim(5), iterations=60)
    found.run()
    ranked = found.candidates()
    assert str(ranked[0].action) == "take1"
    losses = [candidate for candidate in ranked if candidate.proven and candidate.value == -1.0]
    assert losses and ranked[-len(losses) :] == losses  # proven losses sort last
    # a proven loss never gets more visits than needed to prove it, whatever the budget
    longer = search(nim(13), iterations=3000)
    longer.run()
    visits = {str(candidate.action): candidate for candidate in longer.candidates()}
    assert str(longer.best_action()) == "take1"
    for name in ("take2", "take3"):
        if visits[name].proven:
            assert visits[name].value == -1.0 and visits[name].visits < visits["take1"].visits


def test_without_the_solver_nothing_is_proven():
    found = search(nim(5), iterations=400, solver=False)
    found.run()
    assert found.iterations == 400
    assert not any(candidate.proven for candidate in found.candidates())


# -- several players ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", [(), ("L",), ("R",), ("L", "x"), ("L", "y"), ("R", "x"), ("R", "y")]
)
def test_maxn_each_seat_picks_what_is_best_for_itself(path):
    state = TOYS["toy-tree"].new_initial_state()
    for move in path:
        state.apply(move)
    found = search(state, iterations=3000, heuristics=TreeHeuristics(), seed=7)
    found.run()
    assert found.player == len(path)
    assert str(found.best_action()) == maxn(path)[1]
    values = found.values()
    assert len(values) == 3


def test_maxn_root_values_approach_the_maxn_values():
    found = search(
        TOYS["toy-tree"].new_initial_state(), iterations=4000, heuristics=TreeHeuristics(), seed=3
    )
    found.run()
    assert str(found.best_action()) == "L"  # a paranoid search would play R
    values = {str(c.action): c.value for c in found.candidates()}
    assert values["L"] > values["R"]
    assert values["L"] == pytest.approx(0.8, abs=0.3)


# -- hidden information: open-loop sampling ---------------------------------------------------------


def coin(value: int) -> ToyState:
    return cast(ToyState, TOYS["toy-coin"].new_initial_state({"coin": value}))


def test_a_closed_loop_search_sees_the_coin():
    # the control: without sample() the search reads the hidden coin and guesses right
    for value in (0, 1):
        found = search(coin(value), iterations=300, heuristics=CoinHeuristics())
        found.run()
        assert str(found.best_action()) == f"guess{value}"


def test_open_loop_sampling_never_cheats():
    runs = {}
    for value in (0, 1):
        found = search(coin(value), iterations=600, heuristics=SampledCoin(), seed=11)
        found.run()
        runs[value] = found
        assert str(found.best_action()) == "safe"  # guessing is worth 0 on average, safe 0.2
    first, second = (runs[value].stats(top=3) for value in (0, 1))
    first.pop("elapsed_ms")
    second.pop("elapsed_ms")
    assert first == second  # the real coin changed nothing at all
    # both guesses were seen to win and to lose (a cheat would see one of them always win)
    for candidate in runs[0].candidates():
        if str(candidate.action) != "safe":
            assert -1.0 < candidate.value < 1.0 and candidate.visits >= 2


def test_open_loop_search_proves_nothing():
    found = search(coin(0), iterations=200, heuristics=SampledCoin())
    found.run()
    assert found.iterations == 200 and not any(c.proven for c in found.candidates())


# -- running in steps ---------------------------------------------------------------------------


def comparable(found: Search) -> dict[str, Any]:
    stats = found.stats(top=10)
    stats.pop("elapsed_ms")
    return stats


@pytest.mark.parametrize(
    ("make", "heuristics"),
    [
        (lambda: nim(23), None),
        (TOYS["toy-tree"].new_initial_state, TreeHeuristics()),
        (lambda: coin(1), SampledCoin()),
    ],
)
def test_running_in_steps_equals_one_run(make, heuristics):
    whole = search(make(), iterations=500, heuristics=heuristics, seed=5)
    assert whole.run() == whole.iterations
    steps = search(make(), iterations=500, heuristics=heuristics, seed=5)
    progress = [steps.progress]
    calls = 0
    while not steps.done:
        steps.run(iterations=7)
        progress.append(steps.progress)
        calls += 1
    assert calls > 1 and steps.run(iterations=7) == 0  # nothing left to do
    assert comparable(steps) == comparable(whole)
    assert str(steps.best_action()) == str(whole.best_action())
    assert progress[0] == 0.0 and progress[-1] == 1.0
    assert progress == sorted(progress)


def test_a_time_budget_is_spent_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    # a clock that advances 1 ms per reading: on a loaded machine a real one can jump past the
    # whole budget inside one slice (the process descheduled), which proves nothing
    readings = itertools.count()
    monkeypatch.setattr("pyengine.ai.mcts.time.perf_counter", lambda: next(readings) / 1000.0)
    found = search(nim(60), iterations=None, time_ms=40.0, solver=False)
    assert found.progress == 0.0
    slices = 0
    while not found.done:
        found.run(max_ms=5.0)
        slices += 1
        assert 0.0 <= found.progress <= 1.0
        assert slices < 10_000
    assert found.elapsed_ms >= 40.0 and found.iterations > 0
    assert slices >= 2  # 5 ms slices cannot spend a 40 ms budget at once
    assert found.progress == 1.0


def test_both_budgets_whichever_comes_first():
    found = search(nim(60), iterations=50, time_ms=60_000.0, solver=False)
    found.run()
    assert found.iterations == 50 and found.done
    with pytest.raises(ValueError):
        SearchConfig(iterations=None, time_ms=None)


def test_a_search_never_touches_the_callers_state():
    state = nim(9)
    before = (state.position, state.history)
    search(state, iterations=300).run()
    assert (state.position, state.history) == before


def test_a_finished_game_cannot_be_searched():
    state = nim(1)
    state.apply("take1")
    with pytest.raises(ValueError):
        Search(state, SearchConfig(iterations=10))


def test_a_single_action_is_decided_at_once():
    state = TOYS["toy-first"].new_initial_state()
    found = search(state, iterations=1000)
    assert found.done and found.run() == 0
    assert str(found.best_action()) == "go" and found.candidates()[0].visits == 0


# -- determinism, ordering, statistics -------------------------------------------------------------


def test_the_same_seed_gives_the_same_search():
    first, second = search(nim(31), iterations=700, seed=9), search(nim(31), iterations=700, seed=9)
    first.run()
    second.run()
    assert comparable(first) == comparable(second)


def test_players_with_the_same_seed_play_the_same_game():
    def game(seed):
        state = nim(21)
        bots = [
            make_player("toy-nim", "easy", seed=seed),
            make_player("toy-nim", "medium", seed=seed + 1),
        ]
        while not state.is_terminal():
            state.apply(bots[state.current_player()].choose(state))
        return [str(action) for action in state.history]

    assert game(4) == game(4)


def test_candidates_are_sorted_best_first():
    for stones in (13, 14, 30):
        found = search(nim(stones), iterations=400, seed=stones)
        found.run()
        ranked = found.candidates()
        keys = [
            (c.proven and c.value >= 1.0, not (c.proven and c.value <= -1.0), c.visits)
            for c in ranked
        ]
        assert keys == sorted(keys, reverse=True)
        assert ranked[0].action == found.best_action()
        assert sum(c.visits for c in ranked) == found.root.visits or found.root.proven


def test_stats_are_json():
    found = search(
        TOYS["toy-tree"].new_initial_state(), iterations=100, heuristics=TreeHeuristics()
    )
    found.run(iterations=40)
    stats = json.loads(json.dumps(found.stats()))
    assert stats["iterations"] == 40 and stats["player"] == 0 and len(stats["values"]) == 3
    assert {"action", "visits", "value", "proven"} <= set(stats["candidates"][0])
    for kind in ("random", "easy", "first"):
        thinking = make_player("toy-first", kind, seed=1).think(
            TOYS["toy-first"].new_initial_state()
        )
        thinking.finish()
        document = json.loads(json.dumps(thinking.stats()))
        assert document["action"] == "go"


# -- players ----------------------------------------------------------------------------------


def test_player_kinds_and_levels():
    assert player_kinds("toy-nim") == ("random", *LEVEL_NAMES)
    assert player_kinds("toy-first") == ("random", "first", *LEVEL_NAMES)
    for game_id in ("zebra", "virus-war", "virus-fight", "fight-the-virus"):
        kinds = player_kinds(game_id)
        assert kinds[0] == "random" and kinds[-3:] == LEVEL_NAMES
    with pytest.raises(EngineError) as caught:
        make_player("toy-nim", "genius")
    assert caught.value.code == "ai.unknown-player" and "genius" in str(caught.value)
    assert caught.value.params == {"kind": "genius"}


def test_thinking_steps_then_answers():
    state = nim(13)
    player = make_player("toy-nim", "hard", seed=2)
    thinking = player.think(state)
    assert not thinking.done and thinking.progress == 0.0
    steps = 0
    while not thinking.step(1.0):
        steps += 1
        assert 0.0 <= thinking.progress <= 1.0
    assert thinking.done and thinking.progress == 1.0
    assert str(thinking.action) == "take1"  # 13 = 4k + 1
    assert thinking.stats()["action"] == "take1"
    assert state.position == (13, 0)


def test_the_random_player_draws_from_its_seed():
    state = nim(21)
    first = [str(make_player("toy-nim", "random", seed=5).choose(state)) for _ in range(3)]
    assert len(set(first)) == 1
    choices = {str(make_player("toy-nim", "random", seed=seed).choose(state)) for seed in range(30)}
    assert choices == {"take1", "take2", "take3"}


def test_the_random_player_ignores_shortcuts(monkeypatch):
    class Booked(Heuristics):
        def shortcut(self, state, rng):
            return Pick("take3")

    monkeypatch.setitem(
        players._MODULES, "toy-nim", SimpleNamespace(HEURISTICS=Booked(), LEVELS={})
    )
    state = nim(21)
    assert str(make_player("toy-nim", "easy", seed=1).choose(state)) == "take3"
    choices = {str(make_player("toy-nim", "random", seed=seed).choose(state)) for seed in range(30)}
    assert choices == {"take1", "take2", "take3"}


def test_a_level_can_blunder_or_choose_by_hand(monkeypatch):
    def chooser(state: State, rng: random.Random) -> Action:
        return Pick("take2")

    levels = {
        "easy": Level(SearchConfig(iterations=500), blunder=1.0),
        "medium": Level(search=None, choose=chooser),
    }
    monkeypatch.setitem(
        players._MODULES, "toy-nim", SimpleNamespace(HEURISTICS=Heuristics(), LEVELS=levels)
    )
    state = nim(5)
    blunders = {str(make_player("toy-nim", "easy", seed=seed).choose(state)) for seed in range(20)}
    assert blunders == {"take1", "take2", "take3"}
    assert str(make_player("toy-nim", "medium").choose(state)) == "take2"


# -- the arena --------------------------------------------------------------------------------


def test_arena_rotates_the_seats():
    seen = []
    summary = play_match(
        "toy-first",
        ["easy", "random", "first"],
        games=6,
        options={"players": 3},
        seed=2,
        progress=lambda record: seen.append(record.seats),
    )
    assert (
        seen
        == [("easy", "random", "first"), ("random", "first", "easy"), ("first", "easy", "random")]
        * 2
    )
    assert summary.games == 6 and summary.draws == 0
    assert summary.wins == [2, 2, 2] and summary.losses == [4, 4, 4]  # seat 1 always wins
    assert summary.rate(0)[0] == pytest.approx(1 / 3)
    assert summary.lengths == [1] * 6
    json.dumps(summary.to_json())


def test_arena_counts_draws_and_think_times():
    summary = play_match("toy-first", ["easy", "random"], games=4, options={"draw": True})
    assert summary.draws == 4 and summary.wins == [0, 0] and summary.losses == [0, 0]
    assert summary.rate(0) == wilson(2, 4)
    assert set(summary.think_ms) == {"easy", "random"}
    mean, p95 = summary.think("easy")
    assert 0.0 <= mean <= p95 or len(summary.think_ms["easy"]) == 1
    assert summary.think("nobody") == (0.0, 0.0)


def test_arena_seeds_games_and_plays_nim():
    first = play_match("toy-nim", ["medium", "random"], games=4, options={"stones": 9}, seed=3)
    second = play_match("toy-nim", ["medium", "random"], games=4, options={"stones": 9}, seed=3)
    assert (first.wins, first.losses, first.lengths) == (second.wins, second.losses, second.lengths)
    assert first.wins[0] >= 2  # the first mover always wins 9-stone Nim when it plays well
    with pytest.raises(ValueError):
        arena.play_game("toy-nim", ["easy"])


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 0.0, 1.0)
    rate, low, high = wilson(10, 10)
    assert rate == 1.0 and high == 1.0 and low == pytest.approx(0.7225, abs=1e-3)
    for score, games in ((0, 5), (3, 7), (12.5, 20), (19, 20)):
        rate, low, high = wilson(score, games)
        mirror = wilson(games - score, games)
        assert 0.0 <= low <= rate <= high <= 1.0
        assert low == pytest.approx(1 - mirror[2]) and high == pytest.approx(1 - mirror[1])
    # narrower with more games
    assert wilson(95, 100)[1] > wilson(19, 20)[1]
    assert math.isclose(wilson(19, 20)[1], 0.7639, abs_tol=1e-3)
