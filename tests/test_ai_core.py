"""The generic search (pyengine.ai.mcts) on the toy games of ai_toys_support: the toy games
keep the engine contract; the solver finds and proves wins and losses; max^n with several
players; open-loop sampling under hidden information; running in steps and within time budgets;
determinism, candidate order and statistics.
"""

from __future__ import annotations

import itertools
import json

import pytest

from ai_toys_support import (
    TOYS,
    CoinHeuristics,
    SampledCoin,
    TreeHeuristics,
    coin,
    comparable,
    maxn,
    nim,
    register_toys,
    search,
)
from pyengine.ai import Search, SearchConfig, make_player
from pyengine.core.errors import IllegalActionError


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy games and their ``ai`` modules for the duration of a test."""
    register_toys(monkeypatch)


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
