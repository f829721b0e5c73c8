"""Zebra's outside opponent ``alphabeta`` (pyengine/games/zebra/gauntlet.py) and the generic
alpha-beta it runs on (pyengine/ai/alphabeta.py), the latter also on toy Nim (take 1-3
stones, whoever takes the last one wins). Small boards keep whole games fast."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from ai_toys_support import nim
from pyengine.ai.alphabeta import WIN, search
from pyengine.ai.arena import play_game, play_match
from pyengine.ai.players import benchmark_kinds, make_player
from pyengine.games.zebra.game import ZEBRA
from pyengine.games.zebra.rules import ZebraState
from test_ai_zebra import _wins_now

# White to move; c4-b4 and c4-d3 let Black win at once, c4-c3 does not
ONLY_SAFE_MOVE = ". B5 W1 ./. . B1 B4/. . . ./. B4 . W1 w movement 16"
# positions with exactly one winning move among several (from test_ai_zebra.py)
WIN_FOR_WHITE = "W1 B3 W1 B1/W2 . . B2/. . . ./W4 . . B2 w movement 12"  # c4-b4
WIN_FOR_BLACK = ". W2 B2 ./. B4 B1 ./. . . W2/. B4 . W1 b movement 13"  # c3-b4


def _zero(state: object, seat: int) -> float:
    return 0.0


# -- the generic search, on Nim -------------------------------------------------------------


def test_search_takes_a_win_in_one():
    for depth in (1, 2, 3):
        action, value = search(nim(3), depth, _zero, random.Random(0))
        assert str(action) == "take3" and value >= WIN


def test_search_avoids_a_move_that_lets_the_opponent_win_and_breaks_ties_by_rng():
    # from 6 stones, take3 leaves 3 (the opponent takes them all); take1 and take2 look equal
    # at two plies, so the generator picks between them
    chosen = {str(search(nim(6), 2, _zero, random.Random(seed))[0]) for seed in range(20)}
    assert chosen == {"take1", "take2"}


def test_search_finds_a_forced_win_three_plies_deep():
    # leaving 4 stones wins: whatever the opponent takes, the rest can be taken
    action, value = search(nim(6), 4, _zero, random.Random(0))
    assert str(action) == "take2" and value >= WIN


def test_search_leaves_the_state_unchanged_and_rejects_bad_calls():
    state = nim(7)
    state.apply("take1")
    before = (state.position_key(), state.history)
    search(state, 5, _zero, random.Random(0))
    assert (state.position_key(), state.history) == before
    with pytest.raises(ValueError):
        search(state, 0, _zero, random.Random(0))
    state.apply("take3")
    state.apply("take3")  # the last of the 6 stones left: the game is over
    with pytest.raises(ValueError):
        search(state, 1, _zero, random.Random(0))


# -- Zebra's opponent -------------------------------------------------------------------------


def test_alphabeta_is_a_benchmark_kind():
    assert "alphabeta" in benchmark_kinds("zebra")
    assert make_player("zebra", "alphabeta", seed=1).kind == "alphabeta"


@pytest.mark.parametrize(
    "options",
    [
        {"size": 4},
        {"size": 3},
        {"size": 4, "movement": "jump"},
        {"size": 3, "setup": "remove"},
        {"size": 3, "setup": "neutral"},
        {"size": 3, "setup": "hole", "movement": "jump"},
        {"size": 4, "setup": "placement"},
    ],
)
def test_whole_games_against_random_are_legal(options: Mapping[str, object]):
    for seed in range(2):
        state = ZEBRA.new_initial_state(options)
        players = [make_player("zebra", "alphabeta", seed), make_player("zebra", "random", seed)]
        if seed:
            players.reverse()
        while not state.is_terminal():
            action = players[state.current_player()].choose(state)
            assert state.is_legal(action)
            state.apply(action)
        assert state.result() is not None


def test_beats_random():
    summary = play_match("zebra", ["alphabeta", "random"], games=6, options={"size": 4}, seed=1)
    assert summary.wins[0] >= 5


@pytest.mark.parametrize(("text", "winning"), [(WIN_FOR_WHITE, "c4-b4"), (WIN_FOR_BLACK, "c3-b4")])
def test_plays_the_only_winning_move(text: str, winning: str):
    state = ZEBRA.from_position(text, options={"size": 4})
    assert isinstance(state, ZebraState) and _wins_now(state) == {winning}
    for seed in range(3):
        assert str(make_player("zebra", "alphabeta", seed).choose(state)) == winning


def test_avoids_a_move_that_lets_the_opponent_win_at_once():
    state = ZEBRA.from_position(ONLY_SAFE_MOVE, options={"size": 4})
    assert isinstance(state, ZebraState) and not _wins_now(state)
    losing = set()
    for action in state.legal_actions():
        state.apply(action)
        if _wins_now(state):
            losing.add(str(action))
        state.undo()
    assert losing == {"c4-b4", "c4-d3"}
    for seed in range(3):
        assert str(make_player("zebra", "alphabeta", seed).choose(state)) == "c4-c3"


def test_leaves_the_state_unchanged():
    state = ZEBRA.new_initial_state({"size": 4})
    for text in ("c2-d2", "a1-b1"):
        state.apply(text)
    before = (state.position_key(), state.history, state.legal_actions(), state.to_json())
    make_player("zebra", "alphabeta", seed=3).choose(state)
    assert (state.position_key(), state.history, state.legal_actions(), state.to_json()) == before


def test_is_deterministic_with_a_seed_and_varies_between_seeds():
    first = play_game("zebra", ["alphabeta", "random"], {"size": 4}, seed=4).state
    again = play_game("zebra", ["alphabeta", "random"], {"size": 4}, seed=4).state
    assert first is not None and again is not None and first.history == again.history
    start = ZEBRA.new_initial_state({"size": 3})
    openings = {str(make_player("zebra", "alphabeta", seed).choose(start)) for seed in range(6)}
    assert len(openings) > 1  # the start is symmetric: equal moves are drawn by the seed
