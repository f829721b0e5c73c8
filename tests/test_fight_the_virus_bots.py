"""Fight the Virus computer players (§7): legal choices only, their own random generators (the
dice stay untouched), a greedy player that wins solo games, and browser-friendly speed."""

from __future__ import annotations

import statistics

from pyengine.games.fight_the_virus import (
    FIGHT_THE_VIRUS,
    Decline,
    GreedyBot,
    Pass,
    RandomBot,
    Use,
)
from pyengine.games.fight_the_virus.bots import NEEDED_CURVE, NEEDED_TESTS, WEIGHTS
from pyengine.games.fight_the_virus.sheet import SPIKES


def test_bots_choose_listed_decisions_and_never_touch_the_dice():
    for seed in range(4):
        state = FIGHT_THE_VIRUS.new_initial_state({"players": 3, "seed": seed})
        bots: list[GreedyBot | RandomBot] = [
            GreedyBot(seed),
            RandomBot(seed),
            GreedyBot(seed + 1, overpay=4.0),
        ]
        while not state.is_terminal():
            legal = state.legal_actions()
            drawn = state.drawn
            action = bots[state.current_player()].choose(state)
            assert state.drawn == drawn and action in legal
            if isinstance(action, (Pass, Decline)):
                assert not isinstance(bots[state.current_player()], RandomBot) or all(
                    isinstance(other, (Pass, Decline)) for other in legal
                )
            state.apply(action)


def test_the_same_bot_seeds_replay_the_same_game():
    games = []
    for _ in range(2):
        state = FIGHT_THE_VIRUS.new_initial_state({"players": 2, "seed": 21})
        bots: list[GreedyBot | RandomBot] = [GreedyBot(1), RandomBot(2)]
        while not state.is_terminal():
            state.apply(bots[state.current_player()].choose(state))
        games.append(FIGHT_THE_VIRUS.write_record(state))
    assert games[0] == games[1]


def test_the_greedy_player_wins_solo_games_quickly():
    """Quickly in turns. Its think time is a benchmark's (bench/ai.py, bench/ai_browser.py),
    not a test's: a wall-clock bound depends on the machine's load."""
    turns: list[int] = []
    for seed in range(20):
        state = FIGHT_THE_VIRUS.new_initial_state({"mode": "solo", "players": 1, "seed": seed})
        bot = GreedyBot(seed)
        while not state.is_terminal():
            state.apply_unchecked(bot.choose(state))
        if state.winners:
            score = state.score()
            assert score is not None  # a won solo game has a score
            turns.append(score)
    assert len(turns) >= 18 and statistics.median(turns) <= 28


def test_the_greedy_player_scores():
    bot = GreedyBot(0)
    assert bot.weights == WEIGHTS and GreedyBot(0, spike=3.0).weights["spike"] == 3.0
    assert NEEDED_TESTS == {"T00", "T01", "T02", "T03", "T04", "T11", "T12", "T21"}
    assert NEEDED_CURVE == {"C00", "C10", "C11", "C20", "C21", "C22", "C33"}
    state = FIGHT_THE_VIRUS.new_initial_state({"mode": "solo", "players": 1, "seed": 3})
    state.apply("roll")
    sheet = state.sheet(0)
    uses = [action for action in state.legal_actions() if isinstance(action, Use)]
    shapes = [use for use in uses if use.area == "A" and use.raise_by == 0]
    spiky = [use for use in shapes if set(use.cells) & set(SPIKES)]
    plain = [use for use in shapes if not set(use.cells) & set(SPIKES)]
    assert spiky and plain
    assert min(bot.score(sheet, use, passive=False) for use in spiky) > max(
        bot.score(sheet, use, passive=False) for use in plain
    )
