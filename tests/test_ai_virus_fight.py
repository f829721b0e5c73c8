"""The Virus Fight computer players (pyengine/games/virus_fight/ai.py): legal choices at every
level and player count, a setup that ignores the other seats' secret programs, the stop answers
of §7.2 and determinism."""

from __future__ import annotations

import doctest
import random

import pytest

from pyengine.ai.mcts import Search
from pyengine.ai.players import make_player, player_kinds
from pyengine.games.virus_fight import VIRUS_FIGHT, AnswerStop, ProposeStop, Setup, ai
from pyengine.games.virus_fight.legal import block_indices
from pyengine.games.virus_fight.rounds import stop_winners
from virus_fight_support import diagram_state

LEVELS = ("easy", "medium", "hard")


def _mid_game(players: int, seed: int = 3, plies: int = 6):
    """A game in play: book setups, then a few random legal actions (not finished)."""
    rng = random.Random(seed)
    state = VIRUS_FIGHT.new_initial_state({"players": players, "seed": seed})
    while state.phase == "setup":
        state.apply(ai.book_program(state.home_segment(state.to_act), rng))
    for _ in range(plies):
        legal = state.legal_actions()
        saved = state.clone()
        state.apply(rng.choice(legal))
        if state.is_terminal():
            return saved
    return state


def test_kinds():
    assert player_kinds("virus-fight") == ("random", "easy", "medium", "hard")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("level", LEVELS)
def test_setup_is_a_legal_program(players, level):
    state = VIRUS_FIGHT.new_initial_state({"players": players, "seed": 1})
    for seat in range(players):
        action = make_player("virus-fight", level, seed=seat).choose(state)
        assert isinstance(action, Setup)
        assert state.is_legal(action)
        assert set(action.cells()) <= set(state.home_segment(seat))
        state.apply(action)
    assert state.phase == "play"


def test_setup_does_not_read_other_programs():
    """Seat 2's choice is the same whatever seat 1 submitted (and the state holds it)."""
    choices = set()
    for text in ("a1:M1 @a1", "b1:E3 c1:W2 d1:J1 @c1", "a1:J3 b1:J2 c1:J1 d1:E1 e1:E2 @e1"):
        state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
        state.apply(text)
        assert state.program_submitted(0)
        shortcut = ai.HEURISTICS.shortcut(state, random.Random(7))
        chosen = make_player("virus-fight", "hard", seed=11).choose(state)
        choices.add((str(shortcut), str(chosen)))
    assert len(choices) == 1


def test_setup_for_every_segment_length():
    for players, size in ((5, 5), (3, 6), (4, 5), (2, 11), (5, 11)):
        state = VIRUS_FIGHT.new_initial_state({"players": players, "size": size})
        for seat in range(players):
            action = ai.book_program(state.home_segment(seat), random.Random(seat))
            state.apply(action)
        assert state.phase == "play"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_plays_legal_moves_in_play(players):
    state = _mid_game(players)
    assert state.phase == "play"
    for level in LEVELS:
        player = make_player("virus-fight", level, seed=5)
        before = state.position_key()
        thinking = player.think(state)
        search = thinking.search
        if isinstance(search, Search) and level != "easy":  # a part of the budget is enough
            search.run(iterations=150)
        action = thinking.action if level != "easy" else thinking.finish()
        assert action in state.legal_actions()
        assert state.position_key() == before
        assert thinking.stats()["action"] == str(action)


def test_medium_finishes_its_budget():
    state = _mid_game(2)
    thinking = make_player("virus-fight", "medium", seed=1).think(state)
    action = thinking.finish()
    assert thinking.done and action in state.legal_actions()


def test_random_play_continues_to_the_end():
    state = _mid_game(2, seed=8, plies=0)
    players = [make_player("virus-fight", "easy", seed=1), make_player("virus-fight", "random", 2)]
    for _ in range(400):
        if state.is_terminal():
            break
        state.apply(players[state.current_player()].choose(state))
    assert state.is_terminal()


def test_deterministic_with_a_seed():
    state = _mid_game(3, seed=4)
    first = make_player("virus-fight", "easy", seed=9).choose(state)
    second = make_player("virus-fight", "easy", seed=9).choose(state)
    assert first == second


def test_evaluation_is_per_seat_and_bounded():
    state = _mid_game(4, seed=2, plies=10)
    values = ai.HEURISTICS.evaluate(state)
    assert len(values) == 4
    assert all(-1.0 <= value <= 1.0 for value in values)
    for seat in state.eliminated:
        assert values[seat] == -1.0


# -- §7.2: stop proposals ---------------------------------------------------------------

# seat 1's lone ERASE on a1 cannot step (no unmarked neighbour): it is losing
LOSING_SEAT_1 = """
5 .      .      .      .      .
4 .      .      W1/2   E2/2   .
3 .      .      W3/2*2 E1/2   .
2 .      .      .      .      .
1 E2/1*1 .      .      .      .
  a      b      c      d      e
"""


def test_sole_stop_winner_accepts_and_proposes():
    """Seat 1 has the bigger supply (§7.4 sole winner) although its evaluation is bad."""
    state = diagram_state(LOSING_SEAT_1, seat=1, supplies={1: "M1 M2 M3 W1", 2: "J1"})
    assert stop_winners(state._supplies, state._alive_list())[0] == (0,)
    assert ai.HEURISTICS.evaluate(state)[0] < 0 < ai.HEURISTICS.evaluate(state)[1]
    assert ai.accepts_stop(state, 0)
    assert ai.wants_stop(state, 0)
    # seat 2 is winning on the board and would lose the stop: it refuses
    assert not ai.accepts_stop(state, 1)
    assert not ai.wants_stop(state, 1)  # not its turn either


def test_not_winning_accepts_but_does_not_propose_a_losing_stop():
    """Seat 2 has the bigger supply and the better position: it accepts (sole winner); seat 1
    is not winning, so it accepts too, but it does not propose a stop it would lose."""
    state = diagram_state(LOSING_SEAT_1, seat=1, supplies={1: "M1", 2: "J1 J2 E3"})
    assert ai.accepts_stop(state, 1)
    assert ai.accepts_stop(state, 0)
    assert not ai.wants_stop(state, 0)


def test_winning_seat_refuses_an_even_stop():
    """Equal supplies (a shared draw under §7.4): the seat winning on the board refuses, the
    losing one accepts and may propose (the draw is shared with it)."""
    state = diagram_state(LOSING_SEAT_1, seat=1, supplies={1: "M1", 2: "M1"})
    assert stop_winners(state._supplies, state._alive_list())[0] == (0, 1)
    assert not ai.accepts_stop(state, 1)
    assert ai.accepts_stop(state, 0)
    assert ai.wants_stop(state, 0)


def test_no_proposal_after_the_first_decision():
    state = diagram_state(LOSING_SEAT_1, seat=1, supplies={1: "M1 M2 M3 W1", 2: "J1"})
    assert ai.wants_stop(state, 0)
    state.apply(state.legal_actions()[0])
    if not state.is_terminal() and state.to_act == 0:
        assert not ai.wants_stop(state, 0)


def test_players_answer_a_proposal_by_the_rule():
    state = diagram_state(LOSING_SEAT_1, seat=1, supplies={1: "M1 M2 M3 W1", 2: "J1"})
    state.apply(ProposeStop())
    assert state.decision == "stop-vote" and state.to_act == 1
    for level in LEVELS:
        answer = make_player("virus-fight", level, seed=1).choose(state)
        assert answer == AnswerStop(ai.accepts_stop(state, 1)) == AnswerStop(False)
    other = diagram_state(LOSING_SEAT_1, seat=2, supplies={1: "M1", 2: "J1 J2 E3"})
    other.apply(ProposeStop())
    assert other.to_act == 0
    assert make_player("virus-fight", "medium", seed=1).choose(other) == AnswerStop(True)


def test_doctests():
    failures, _ = doctest.testmod(ai, optionflags=doctest.ELLIPSIS)
    assert failures == 0


# -- the hard level's own knowledge ------------------------------------------------------


def test_hard_level_has_its_own_knowledge():
    assert ai.LEVELS["hard"].heuristics is ai.HARD_HEURISTICS
    assert make_player("virus-fight", "hard", seed=1).heuristics is ai.HARD_HEURISTICS
    for level in ("easy", "medium"):
        assert make_player("virus-fight", level, seed=1).heuristics is ai.HEURISTICS


# seat 1's E2 on c1 has a single unmarked neighbour, c2, which seat 2 (sharing the block) can
# erase or step its marker onto: seat 1 is stranded if seat 2 plays before it
THREAT = """
5 .      .      .      .      .
4 .      .      W1/2   .      .
3 .      .      E1/2*2 .      .
2 .      .      W1/1   .      .
1 .      .      E2/1*1 .      .
  a      b      c      d      e
"""


def test_hard_evaluation_sees_a_one_turn_threat():
    supplies = {1: "M1 W2", 2: "M1 W2"}
    threatened = diagram_state(THREAT, seat=2, supplies=supplies)
    marked = {marker for marker in threatened._markers if marker is not None}
    here = threatened._markers[0]
    assert here is not None
    assert ai._exposed(threatened, 0, block_indices(threatened, here), marked)
    medium = ai.HEURISTICS.evaluate(threatened)[0]
    hard = ai.HARD_HEURISTICS.evaluate(threatened)[0]
    assert hard < medium - 0.5 and hard < -0.7
    # seat 2 indeed strands seat 1 in one turn: x- and a step onto c2 (or erasing c2); seat 1's
    # ERASE then has only x-, and its marker step is impossible
    for action in ("x-", "@c2", "x-"):
        threatened.apply(action)
    assert threatened.is_terminal() and threatened.result().winners == (1,)
    # on its own turn seat 1 is not in danger yet (it moves first): no penalty
    own_turn = diagram_state(THREAT, seat=1, supplies=supplies)
    assert abs(ai.HARD_HEURISTICS.evaluate(own_turn)[0] - ai.HEURISTICS.evaluate(own_turn)[0]) < 0.1


def test_no_threat_without_a_shared_block_or_with_a_way_out():
    """Two neighbours, a WRITE with a supply next to an empty cell, a JUMP: not exposed."""
    diagram = """
5 .      .      E1/2*2 E2/2   .
4 .      .      .      .      .
3 .      .      .      .      .
2 .      .      W1/1   .      .
1 .      .      E2/1*1 .      .
  a      b      c      d      e
"""
    state = diagram_state(diagram, seat=2, supplies={1: "M1", 2: "M1"})
    assert ai.HARD_HEURISTICS.evaluate(state)[0] > -0.5  # separate blocks
    for piece, safe in (("W2/1*1", True), ("J2/1*1", True), ("E2/1*1", False)):
        state = diagram_state(THREAT.replace("E2/1*1", piece), seat=2, supplies={1: "M1", 2: "M1"})
        marked = {marker for marker in state._markers if marker is not None}
        here = state._markers[0]
        assert here is not None
        block = block_indices(state, here)
        assert ai._exposed(state, 0, block, marked) is not safe


# seat 1's spare W1 on b1 can be erased back into its supply
SPARE = """
5 .      .      E1/2*2 E2/2   .
4 .      .      .      .      .
3 .      .      .      .      .
2 .      .      .      .      .
1 .      W1/1   E2/1*1 E1/1   .
  a      b      c      d      e
"""


def _after(state, *actions):
    state = state.clone()
    for action in actions:
        state.apply(action)
    return state


def test_hard_keeps_its_pieces_on_the_board_until_the_scoring_nears():
    """Erasing one's own WRITE piece back into the supply (§7.4 counts the supply, and the
    block loses the piece that grows it): at the start of play the hard level keeps it on the
    board, as medium does (a hard level that prized pieces in hand sat passive and lost the
    locked endings to the one-ply greedy player). By round 40 of the 200-round cap it erases
    it, leaning toward the scoring sooner than medium, which still keeps it."""
    state = diagram_state(SPARE, seat=1, supplies={1: "M1 W2 J3", 2: "M1 W2 J3 W3"})
    for level in (ai.HARD_HEURISTICS, ai.HEURISTICS):
        kept = level.evaluate(_after(state, "x-", "@d1"))[0]
        assert kept > level.evaluate(_after(state, "xb1", "@d1"))[0]
    state._round = 40
    kept, erased = _after(state, "x-", "@d1"), _after(state, "xb1", "@d1")
    assert ai.HARD_HEURISTICS.evaluate(erased)[0] > ai.HARD_HEURISTICS.evaluate(kept)[0]
    assert ai.HEURISTICS.evaluate(erased)[0] < ai.HEURISTICS.evaluate(kept)[0]


def test_hard_evaluation_leans_to_the_supply_in_a_loop():
    """Both seats loop between two ERASE pieces: the second time the position comes back (the
    third ends the game, §7.3, scored by §7.4), the hard evaluation sides with the bigger
    supply (seat 2) although seat 1 stands better on the board."""
    state = diagram_state(SPARE, seat=1, supplies={1: "M1 W2", 2: "M1 W2 J3"})
    first = ai.HARD_HEURISTICS.evaluate(state)[0]
    for action in ("x-", "@d1", "x-", "@d5", "x-", "@c5", "x-", "@c1"):  # seat 2 leads round 2
        state.apply(action)
    assert state._key_counts[state._keys[-1]] == 2 and state.to_act == 0
    assert ai.HEURISTICS.evaluate(state)[0] > 0
    assert ai.HARD_HEURISTICS.evaluate(state)[0] < min(first, 0.0) - 0.2
