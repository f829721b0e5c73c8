"""Virus War's whole-turn search (pyengine/games/virus_war/turn_search.py), the search of the
medium and hard levels: its values against a plain minimax, whole legal turns played step by
step from the plan, seeded choices whatever the slices, the time cap, the elimination taken at
once, and the step search kept for last-move-wins."""

from __future__ import annotations

import random

import pytest

from pyengine.ai.mcts import Search
from pyengine.ai.players import make_player
from pyengine.games.virus_war.bitboard import (
    Board,
    Geometry,
    after_steps,
    distinct_turns,
    turn_length,
)
from pyengine.games.virus_war.game import VIRUS_WAR, parse_diagram
from pyengine.games.virus_war.rules import VirusWarState, X
from pyengine.games.virus_war.turn_search import (
    WIN,
    TurnSearch,
    TurnSearchConfig,
    room,
)
from test_ai_virus_war import TWO_KILLS
from test_gauntlet_virus_war import random_positions


def _eliminated(board: Board, side: int) -> bool:
    return not board[side] and bool(board[2 + side])


def _minimax(
    geometry: Geometry,
    board: Board,
    player: int,
    depth: int,
    limit: int,
    count: list[int] | None = None,
) -> float:
    """The plain negamax the search must agree with when its beams hold every turn: the best
    room ``player`` can keep ``depth`` whole turns ahead (no pruning, no beams). ``count``
    counts its enumerations of turns."""
    if not limit:
        limit = turn_length(geometry, board, player, 0)
        if not limit:
            if depth == 1:
                return room(geometry, board, player)
            return -_minimax(geometry, board, 1 - player, depth - 1, 0, count)
    if count is not None:
        count[0] += 1
    best = -2 * WIN
    for stepped in distinct_turns(geometry, board, player, limit):
        after = after_steps(board, player, stepped)
        if _eliminated(after, 1 - player):
            return WIN
        if depth == 1:
            value = room(geometry, after, player)
        else:
            value = -_minimax(geometry, after, 1 - player, depth - 1, 0, count)
        best = max(best, value)
    return best


@pytest.mark.parametrize("seed", range(2))
def test_with_wide_beams_two_plies_are_minimax(seed: int) -> None:
    for state in random_positions(3, seed, size=6):
        search = TurnSearch(
            state, TurnSearchConfig(widths=(10_000,), time_ms=1e9), random.Random(1)
        )
        search.run()
        expected = _minimax(state.geometry, state.board, state.to_move, 2, state.steps_left or 0)
        assert search.value == pytest.approx(expected)


@pytest.mark.parametrize("opening", ["", "a1-b2-c3"])
def test_with_wide_beams_three_plies_are_minimax(opening: str) -> None:
    state = VIRUS_WAR.new_initial_state({"size": 6})
    for turn in opening.split():
        for step in turn.split("-"):
            state.apply(step)
    wide = TurnSearchConfig(widths=(10_000, 10_000), time_ms=1e9)
    search = TurnSearch(state, wide, random.Random(1))
    search.run()
    count = [0]
    expected = _minimax(state.geometry, state.board, state.to_move, 3, 3, count)
    assert search.value == pytest.approx(expected)
    assert 1 < search.iterations < count[0]  # alpha-beta cut some of the tree


def test_two_plies_see_the_answer_one_ply_does_not() -> None:
    # the search's choice never leaves the enemy a better answer than the one-ply choice does
    for state in random_positions(6, 11, size=6):
        geometry, board, player = state.geometry, state.board, state.to_move
        one = TurnSearch(state, TurnSearchConfig(widths=(), time_ms=1e9), random.Random(2))
        two = TurnSearch(state, TurnSearchConfig(widths=(10_000,), time_ms=1e9), random.Random(2))
        one.run()
        two.run()

        answered = [
            -_minimax(
                geometry, after_steps(board, player, sum(1 << i for i in order)), 1 - player, 1, 0
            )
            for order in (one.order, two.order)
        ]
        assert answered[1] >= answered[0] and two.value == pytest.approx(answered[1])


def _play_turn(state: VirusWarState, kind: str, seed: int) -> list[str]:
    player = state.current_player()
    steps = []
    while not state.is_terminal() and state.current_player() == player:
        action = make_player("virus-war", kind, seed=seed).choose(state)
        assert state.is_legal(action)
        steps.append(str(action))
        state.apply(action)
        if steps == ["pass"]:
            break
    return steps


@pytest.mark.parametrize("kind", ["medium", "hard"])
def test_a_whole_planned_turn_is_played_step_by_step(kind: str) -> None:
    for seed, state in enumerate(random_positions(3, 5, size=8)):
        start = state.clone()
        thinking = make_player("virus-war", kind, seed=seed).think(start)
        thinking.finish()
        assert isinstance(thinking.search, TurnSearch)
        plan = thinking.search.order
        assert len(plan) == (start.steps_left or 0)
        # the next steps are each decided by a new player: they come from the plan, at once
        steps = _play_turn(state, kind, seed=seed)
        assert steps == [str(start.geometry.steps[index]) for index in plan]
        stepped = sum(1 << index for index in plan)
        assert state.board == after_steps(start.board, start.to_move, stepped)


def test_the_choice_does_not_depend_on_the_slices() -> None:
    for state in random_positions(4, 21, size=8):
        config = TurnSearchConfig(widths=(6, 3), time_ms=1e9)
        whole = TurnSearch(state, config, random.Random(4))
        whole.run()
        sliced = TurnSearch(state, config, random.Random(4))
        calls = 0
        progress = []
        while not sliced.done:
            sliced.run(max_ms=0.0)  # one piece of the search per call
            calls += 1
            progress.append(sliced.progress)
        assert calls > 3 and progress == sorted(progress) and progress[-1] == 1.0
        assert sliced.order == whole.order and sliced.value == whole.value
        assert sliced.iterations == whole.iterations


def test_a_long_list_of_turns_is_valued_in_pieces() -> None:
    # a big position's ~17,000 turns valued in one call take half a second in a browser: the
    # search yields every few hundred turns, so a slice or a cancel is never kept waiting
    from pathlib import Path

    lines = (Path(__file__).parent / "data" / "virus_war_positions.txt").read_text().splitlines()
    state = max(
        (VIRUS_WAR.from_position(line) for line in lines[:10]),
        key=lambda state: len(state.distinct_turns()),
    )
    turns = len(state.distinct_turns())
    assert turns > 5000
    config = TurnSearchConfig(widths=(), time_ms=1e9)
    sliced = TurnSearch(state, config, random.Random(1))
    calls = 0
    while not sliced.done:
        sliced.run(max_ms=0.0)
        calls += 1
    assert calls > turns // 1000
    whole = TurnSearch(state, config, random.Random(1))
    whole.run()
    assert sliced.order == whole.order and sliced.value == whole.value


@pytest.mark.parametrize("seed", [3, 4])
def test_the_time_cap_still_plays_a_whole_turn(seed: int) -> None:
    # a cap spent before the first candidate's answers are searched: the turn that leaves the
    # most room, never a pass (a pass after the enemy's pass would end the game in a draw)
    state = random_positions(1, seed, size=10)[0]
    assert state.legal_step_mask()
    search = TurnSearch(state, TurnSearchConfig(widths=(12, 6), time_ms=0.001), random.Random(1))
    search.run()
    assert search.done and state.is_legal(search.best_action())
    assert len(search.order) == state.steps_left
    one_ply = TurnSearch(state, TurnSearchConfig(widths=(), time_ms=1e9), random.Random(1))
    one_ply.run()
    assert search.value == one_ply.value
    stats = search.stats()
    assert stats["candidates"][0]["action"] == str(search.best_action())
    assert -1.0 <= stats["values"][0] <= 1.0


def test_an_elimination_is_played_in_the_fewest_steps() -> None:
    state = parse_diagram(TWO_KILLS)
    steps = _play_turn(state, "hard", seed=3)
    result = state.result()
    assert result is not None and result.winners == (X,)
    assert len(steps) == 2 and steps[0] == "e5"


def test_stats_name_first_steps_best_first() -> None:
    state = random_positions(1, 8, size=8)[0]
    search = TurnSearch(state, TurnSearchConfig(widths=(8, 4), time_ms=1e9), random.Random(1))
    search.run()
    stats = search.stats(top=3)
    actions = [candidate["action"] for candidate in stats["candidates"]]
    values = [candidate["value"] for candidate in stats["candidates"]]
    assert actions[0] == str(search.best_action()) and len(set(actions)) == len(actions)
    assert values == sorted(values, reverse=True)
    assert stats["player"] == state.to_move and stats["iterations"] == search.iterations


def test_last_move_wins_keeps_the_step_search() -> None:
    state = VIRUS_WAR.new_initial_state({"size": 6, "variant": "last-move-wins"})
    assert isinstance(make_player("virus-war", "hard", seed=1).think(state).search, Search)
    standard = VIRUS_WAR.new_initial_state({"size": 6})
    assert isinstance(make_player("virus-war", "hard", seed=1).think(standard).search, TurnSearch)
