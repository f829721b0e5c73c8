"""The players (pyengine.ai.players) and the arena (pyengine.ai.arena) on the toy games of
ai_toys_support: player kinds and levels, thinking in steps, the random player, blunders and
hand-written choices; the arena's seat rotation, draws, think times, seeding and the Wilson
interval.
"""

from __future__ import annotations

import json
import math
import random
from types import SimpleNamespace

import pytest

from ai_toys_support import Pick, nim, register_toys
from pyengine.ai import (
    LEVEL_NAMES,
    Heuristics,
    Level,
    SearchConfig,
    arena,
    make_player,
    player_kinds,
    players,
)
from pyengine.ai.arena import play_match, wilson
from pyengine.core.errors import EngineError
from pyengine.core.game import Action, State


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy games and their ``ai`` modules for the duration of a test."""
    register_toys(monkeypatch)


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
