"""Virus War's chances in a review and on the evaluation bar: a side that can never step again
is settled (near 0 % when it will be eliminated, a draw when it cannot be), a position keeps
its chance when the side to move only passes, and the review's chances do not swing with who
moved last."""

from __future__ import annotations

from pyengine.ai import make_player
from pyengine.ai.players import game_heuristics
from pyengine.controller import estimate
from pyengine.core.registry import get_game
from pyengine.games.virus_war.game import parse_diagram
from pyengine.review import review
from pyengine.review.judges import TurnJudge

# X's live symbol on a1 is walled in by its own dead symbols (x): X can never step again, and
# O's flood (through those dead symbols, its bridges) reaches a1.
WALLED_IN = """
 6 . . . . . .
 5 . . . . . .
 4 . . . . O .
 3 . . . . . .
 2 x x . . . .
 1 X x . . . .
   a b c d e f
"""

# The same wall, but O's own dead symbols (o) around it close X's corner to O: X cannot be
# eliminated, and only a double pass can end the game.
WALLED_OFF = """
 6 . . . . . .
 5 . . . . . .
 4 . . . . O .
 3 o o o . . .
 2 x x o . . .
 1 X x o . . .
   a b c d e f
"""


def judge_chances(text: str, to_move: str) -> list[float]:
    state = parse_diagram(text, to_move=to_move)
    work = TurnJudge("virus-war", 3).position_chances(state, 1)
    try:
        while True:
            next(work)
    except StopIteration as stop:
        return stop.value


def bar_chances(text: str, to_move: str) -> list[float]:
    return estimate(parse_diagram(text, to_move=to_move), game_heuristics("virus-war"))


def test_a_side_that_can_never_step_again_and_will_be_eliminated_is_near_zero() -> None:
    state = parse_diagram(WALLED_IN, to_move="x")
    assert [str(action) for action in state.legal_actions()] == ["pass"]
    for chances in (judge_chances(WALLED_IN, "x"), bar_chances(WALLED_IN, "x")):
        assert chances[0] < 0.05 and chances[1] > 0.95


def test_a_position_and_its_pass_successor_have_the_same_chances() -> None:
    state = parse_diagram(WALLED_IN, to_move="x")
    state.apply("pass")  # what O now has to move in
    assert state.current_player() == 1
    assert judge_chances(WALLED_IN, "x") == judge_chances(WALLED_IN, "o")
    assert bar_chances(WALLED_IN, "x") == bar_chances(WALLED_IN, "o")
    assert estimate(state, game_heuristics("virus-war")) == bar_chances(WALLED_IN, "x")


def test_a_side_walled_off_from_the_enemy_is_a_draw() -> None:
    for to_move in ("x", "o"):
        assert judge_chances(WALLED_OFF, to_move) == [0.5, 0.5]
        assert bar_chances(WALLED_OFF, to_move) == [0.5, 0.5]


def test_the_chances_of_a_review_do_not_swing_with_who_moved_last() -> None:
    # the opening of a 10×10 game between the medium levels: each chance after a turn against
    # the mean of its neighbours, signed for the side that made it, averages about 0 (a
    # search that gives the last word to the side that just moved made it about +0.3)
    state = get_game("virus-war").new_initial_state({"size": 10})
    players = [make_player("virus-war", "medium", seed=seat + 1) for seat in range(2)]
    while len(state.history) < 60:
        state.apply(players[state.current_player()].choose(state))
    moves = [move for move in review(state).moves if move.judged]
    crosses = [move.chances_after[0] for move in moves]
    assert len(crosses) >= 16
    bias = [
        (crosses[index] - (crosses[index - 1] + crosses[index + 1]) / 2)
        * (1 if moves[index].seat == 0 else -1)
        for index in range(1, len(crosses) - 1)
    ]
    assert abs(sum(bias) / len(bias)) < 0.08, crosses
