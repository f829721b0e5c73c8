"""Virus Fight's outside opponent ``greedy`` (pyengine/games/virus_fight/gauntlet.py): legal
decisions over whole games with 2 and 3 players, wins against random, no needless
self-elimination, a secret program that reads no other seat's program, stop votes by §7.4,
seeded determinism and an untouched state."""

from __future__ import annotations

import random

import pytest

from pyengine.ai.arena import play_game, play_match
from pyengine.ai.players import benchmark_kinds, make_player
from pyengine.core.game import Action
from pyengine.games.virus_fight import VIRUS_FIGHT, ProposeStop, VirusFightState, stop_winners


def _new(players: int = 2, seed: int = 0) -> VirusFightState:
    state = VIRUS_FIGHT.new_initial_state({"players": players, "seed": seed})
    assert isinstance(state, VirusFightState)
    return state


def _survives(state: VirusFightState, action: Action) -> bool:
    """Whether the seat to act still has its marker after ``action`` (on a copy)."""
    seat = state.to_act
    copy = state.clone()
    copy.apply(action)
    return copy.alive(seat)


def test_greedy_is_a_benchmark_kind():
    assert "greedy" in benchmark_kinds("virus-fight")
    assert make_player("virus-fight", "greedy", seed=1).kind == "greedy"


LINEUPS = [
    ("greedy", "random"),
    ("random", "greedy"),
    ("greedy", "greedy"),
    ("greedy", "random", "random"),
    ("random", "greedy", "random"),
    ("random", "random", "greedy"),
    ("greedy", "greedy", "greedy"),
]


def test_whole_games_are_legal_and_never_self_eliminating_needlessly():
    dangerous = 0  # greedy decisions where some actions eliminate the seat and some do not
    for number, kinds in enumerate(LINEUPS * 2):
        state = _new(len(kinds), seed=number)
        seats = [
            make_player("virus-fight", kind, number * 10 + seat) for seat, kind in enumerate(kinds)
        ]
        while not state.is_terminal():
            seat = state.current_player()
            action = seats[seat].choose(state)
            assert state.is_legal(action)
            if kinds[seat] == "greedy" and state.phase == "play":
                outcomes = {_survives(state, other) for other in state.legal_actions()}
                if outcomes == {True, False}:
                    dangerous += 1
                    assert _survives(state, action)
            state.apply(action)
        assert state.result() is not None
    assert dangerous >= 20  # the check above was exercised


def test_beats_random_with_two_players():
    summary = play_match("virus-fight", ["greedy", "random"], games=8, seed=1)
    assert summary.wins[0] >= 7


def test_beats_random_with_three_players():
    summary = play_match(
        "virus-fight", ["greedy", "random", "random"], games=6, options={"players": 3}, seed=1
    )
    assert summary.wins[0] >= 4  # against a third of the games for a random seat


def test_secret_program_is_legal_and_ignores_the_other_programs():
    chosen = set()
    for first in ("b1:E3 c1:W2 d1:J1 @c1", "c1:W1 @c1", "a1:E3 b1:E2 c1:E1 d1:J3 e1:J2 @e1"):
        state = _new()
        state.apply(first)  # seat 1's secret program
        action = make_player("virus-fight", "greedy", seed=5).choose(state)
        assert state.to_act == 1 and state.is_legal(action)
        chosen.add(str(action))
    assert len(chosen) == 1  # the same program whatever seat 1 submitted


def test_stop_votes_accept_exactly_a_sole_win():
    answers = set()
    rng = random.Random(2)
    for game in range(6):
        state = _new(seed=game)
        while not state.is_terminal() and state.round_number < 30:
            if state.can_propose_stop():
                voting = state.clone()
                voting.apply(ProposeStop())
                voter = voting.to_act
                action = make_player("virus-fight", "greedy", seed=game).choose(voting)
                assert voting.is_legal(action)
                seats = range(voting.num_players)
                winners, _ = stop_winners(
                    [voting.supply(seat) for seat in seats], [voting.alive(seat) for seat in seats]
                )
                assert str(action) == ("accept" if winners == (voter,) else "decline")
                answers.add(str(action))
            state.apply(rng.choice(state.legal_actions()))
    assert answers == {"accept", "decline"}


@pytest.mark.parametrize("players", [2, 3])
def test_leaves_the_state_unchanged(players: int):
    state = _new(players)
    rng = random.Random(1)
    greedy = make_player("virus-fight", "greedy", seed=1)
    for _ in range(40):
        if state.is_terminal():
            break
        before = (state.position_key(), state.history, state.log, state.to_json())
        greedy.choose(state)
        assert (state.position_key(), state.history, state.log, state.to_json()) == before
        state.apply(rng.choice(state.legal_actions()))


def test_is_deterministic_with_a_seed():
    first = play_game("virus-fight", ["greedy", "greedy", "random"], {"players": 3}, seed=3).state
    again = play_game("virus-fight", ["greedy", "greedy", "random"], {"players": 3}, seed=3).state
    assert first is not None and again is not None and first.history == again.history
