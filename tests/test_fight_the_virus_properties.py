"""Property tests over random Fight the Virus games: 500 seeded games in each mode (solo, 2, 4
and 6 players, and groups with 5 players in 2 groups), random bots with a greedy one in seat 1
of every third game so that some games are won.

After every decision, on every sheet that changed (checked independently of the engine, through
the read API): the analysed cells stay connected and the unanalysed ones form at most one group;
AP fields only move blank → active → spent or blank → lost → spent, and the circled fields
match the spikes covered; research advances one square at a time, only by a use whose value is
exactly that square (``R12`` only with every red target filled); filled testing cells and curve
squares never change and keep their rules (supports, higher or 1-rule; neighbours, circles,
column order). Every game ends (a win, no winner, or the cap) with a well-formed result; its
record and JSON document replay to equal states with the same dice; at a random
moment the position text round-trips and undo and redo are checked against a clone.
"""

from __future__ import annotations

import json
import random

import pytest

from fight_the_virus_support import sheet_violations
from pyengine.games.fight_the_virus import (
    CAP_TURNS,
    FIGHT_THE_VIRUS,
    FightTheVirusState,
    GreedyBot,
    RandomBot,
    Use,
)
from pyengine.games.fight_the_virus.sheet import ANALYSIS_CELLS

GAMES = 500
AREA = frozenset(ANALYSIS_CELLS)
FORWARD = {
    ("blank", "active"),
    ("active", "spent"),
    ("blank", "lost"),
    ("lost", "spent"),
    ("blank", "spent"),
}  # two steps in one decision: a use, then the next 6-6
MODES: dict[str, dict[str, object]] = {
    "solo": {"mode": "solo", "players": 1},
    "standard-2": {"players": 2},
    "standard-4": {"players": 4},
    "standard-6": {"players": 6},
    "groups-5": {"mode": "groups", "players": 5, "groups": "1 2 1 2 2"},
}


def check_change(old, new, action) -> None:
    """The rules of one sheet's change (see the module docs)."""
    if old.ap != new.ap:
        for before, after in zip(old.ap, new.ap, strict=True):
            assert before == after or (before, after) in FORWARD, (before, after)
    if old.research != new.research:
        assert new.research == old.research + 1
        assert isinstance(action, Use) and action.area == "R"
        assert action.value == new.research and action.target == f"R{new.research}"
    analysed, testing, curve = (
        old.analysed != new.analysed,
        old.testing != new.testing,
        (old.curve != new.curve or old.circled != new.circled),
    )
    assert old.analysed <= new.analysed
    assert old.testing.items() <= new.testing.items()
    assert old.curve.items() <= new.curve.items()
    assert old.circled.items() <= new.circled.items()
    assert sheet_violations(new, AREA, analysis=analysed, testing=testing, curve=curve) == []


def assert_round_trips(state: FightTheVirusState) -> None:
    replayed = FIGHT_THE_VIRUS.read_record(FIGHT_THE_VIRUS.write_record(state))
    loaded = FIGHT_THE_VIRUS.state_from_json(json.loads(json.dumps(state.to_json())))
    for copy in (replayed, loaded):
        assert copy == state
        assert copy.log == state.log  # the same decisions and the same dice
        assert copy.legal_actions() == state.legal_actions()
    positioned = FIGHT_THE_VIRUS.from_position(state.position_text(), options=state.options)
    assert positioned.position_text() == state.position_text()


def play_checked(options: dict, seed: int, rng: random.Random) -> FightTheVirusState:
    state = FIGHT_THE_VIRUS.new_initial_state({**options, "seed": seed})
    players = state.num_players
    bots: list[RandomBot | GreedyBot] = [RandomBot(rng.randrange(10**6)) for _ in range(players)]
    if seed % 3 == 0:
        bots[0] = GreedyBot(rng.randrange(10**6))
    check_at = rng.randrange(5, 150)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat not in state.hopeless and seat not in state.resigned
        before = state.sheets
        action = bots[seat].choose(state)
        state.apply_unchecked(action)
        decisions += 1
        for old, new in zip(before, state.sheets, strict=True):
            if old is not new:
                check_change(old, new, action)
        if decisions == check_at:
            twin = state.clone()
            positioned = FIGHT_THE_VIRUS.from_position(state.position_text(), options=state.options)
            assert positioned.position_key() == state.position_key()
            undone = state.undo()
            assert undone == action
            state.apply(undone)
            assert state == twin
    result = state.result()
    assert result is not None and state.legal_actions() == []
    assert state.turn <= CAP_TURNS
    if result.ending == "win":
        assert result.winners and all(state.sheet(seat).research == 12 for seat in result.winners)
    else:
        assert result.winners == () and result.reason == "none"
        if result.ending == "hopeless":
            assert state.hopeless | state.resigned == frozenset(range(players))
    assert_round_trips(state)
    return state


@pytest.mark.parametrize("mode", list(MODES))
def test_random_games(mode: str):
    rng = random.Random(f"fight-the-virus {mode}")
    endings: dict[str | None, int] = {}
    for game in range(GAMES):
        state = play_checked(MODES[mode], game, rng)
        endings[state.ending] = endings.get(state.ending, 0) + 1
    assert sum(endings.values()) == GAMES
    assert endings.get("win", 0) >= GAMES // 10, endings
