"""The outside opponents of Virus War (pyengine/games/virus_war/gauntlet.py): whole-turn searches
with a mobility evaluation, played one step at a time."""

from __future__ import annotations

import random

import pytest

from pyengine.ai.arena import play_match
from pyengine.ai.players import benchmark_kinds, make_player, outside_opponents, player_kinds
from pyengine.core.errors import EngineError
from pyengine.games.virus_war import VIRUS_WAR
from pyengine.games.virus_war.bitboard import after_steps, step_mask
from pyengine.games.virus_war.gauntlet import mobility, one_ply, ranked_turns, two_ply
from pyengine.games.virus_war.rules import VirusWarState


def random_positions(count: int, seed: int, size: int = 8) -> list[VirusWarState]:
    """Positions at the start of a turn from seeded random games (steps only, no passes while
    a step is possible)."""
    rng = random.Random(seed)
    positions: list[VirusWarState] = []
    while len(positions) < count:
        state = VIRUS_WAR.new_initial_state({"size": size})
        stop = rng.randint(4, 40)
        turns = 0
        while not state.is_terminal():
            if not state.turn_steps:
                if turns == stop:
                    positions.append(state.clone())
                    break
                turns += 1
            indices = state.legal_step_indices()
            if indices:
                state.step_index(rng.choice(indices))
            else:
                state.pass_turn()
    return positions


def test_the_opponents_are_benchmark_kinds_not_site_levels() -> None:
    assert benchmark_kinds("virus-war") == ("mobility", "mobility2")
    assert set(outside_opponents("virus-war")) == {"mobility", "mobility2"}
    assert not set(benchmark_kinds("virus-war")) & set(player_kinds("virus-war"))
    assert make_player("virus-war", "mobility2", seed=1).kind == "mobility2"
    with pytest.raises(EngineError, match="mobility, mobility2"):
        make_player("virus-war", "mobility3")


def test_mobility_counts_steps_and_weighs_kills() -> None:
    state = VIRUS_WAR.new_initial_state({"size": 6})
    geometry = state.geometry
    for cell in ("a1", "b2", "c3"):  # X's first turn
        state.apply(VIRUS_WAR.parse_action(cell, state))
    board = state.board
    x_steps = step_mask(geometry, board, 0)
    o_steps = step_mask(geometry, board, 1)  # only its home corner
    assert mobility(geometry, board, 0) == x_steps.bit_count() - o_steps.bit_count()
    assert mobility(geometry, board, 1) == -mobility(geometry, board, 0)
    # a live enemy symbol within reach counts 1.2 instead of 1
    adjacent = (board[0], 1 << geometry.size * 3 + 3, board[2], board[3])  # O on d4
    kills = step_mask(geometry, adjacent, 0) & adjacent[1]
    assert kills
    empties = step_mask(geometry, adjacent, 0) ^ kills
    o_side = step_mask(geometry, adjacent, 1)
    o_kills = o_side & adjacent[0]
    expected = empties.bit_count() + 1.2 * kills.bit_count()
    expected -= (o_side ^ o_kills).bit_count() + 1.2 * o_kills.bit_count()
    assert mobility(geometry, adjacent, 0) == pytest.approx(expected)


def test_one_ply_plays_the_best_complete_turn() -> None:
    for state in random_positions(12, seed=3):
        geometry, board, player = state.geometry, state.board, state.current_player()
        ranked = ranked_turns(geometry, board, player, state.steps_left or 0)
        order = one_ply(state, random.Random(0))
        if not ranked:
            assert order == ()
            continue
        stepped = sum(1 << index for index in order)
        after = after_steps(board, player, stepped)
        assert len(order) == state.steps_left
        best = max(value for value, _, _ in ranked)
        if best < 1_000_000:
            assert mobility(geometry, after, player) == best


def test_a_turn_that_eliminates_the_enemy_is_always_taken() -> None:
    found = 0
    for state in random_positions(200, seed=5, size=6):
        player = state.current_player()
        ranked = ranked_turns(state.geometry, state.board, player, state.steps_left or 0)
        if not ranked or ranked[0][0] < 1_000_000:
            continue
        found += 1
        for search in (one_ply, two_ply):
            copy = state.clone()
            copy.play_turn(search(state, random.Random(1)))
            assert copy.is_terminal() and copy.result().winners == (player,)
    assert found >= 3  # the positions do hold such chances


@pytest.mark.parametrize("kind", ["mobility", "mobility2"])
def test_whole_games_step_by_step_and_beat_random(kind: str) -> None:
    """Every action is legal (the planner replays its turn one step at a time), the game ends,
    and the opponent beats the random player."""
    summary = play_match("virus-war", [kind, "random"], games=4, options={"size": 6}, seed=2)
    assert summary.wins[0] == 4


def test_the_planner_plays_the_turn_it_chose() -> None:
    level = outside_opponents("virus-war")["mobility"]
    assert level.choose is not None
    for state in random_positions(6, seed=11):
        expected = one_ply(state, random.Random(4))
        played = []
        copy = state.clone()
        player = copy.current_player()
        while copy.current_player() == player and not copy.is_terminal():
            action = level.choose(copy, random.Random(4))
            assert copy.is_legal(action)
            if not copy.turn_steps and str(action) == "pass":
                break
            played.append(copy.geometry.steps.index(action))
            copy.apply(action)
        assert played == list(expected)


def test_choices_leave_the_state_alone_and_repeat_with_a_seed() -> None:
    for state in random_positions(4, seed=13):
        text = state.position_text()
        first = two_ply(state, random.Random(9))
        assert state.position_text() == text
        assert two_ply(state, random.Random(9)) == first
