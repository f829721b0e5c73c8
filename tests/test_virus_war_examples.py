"""The worked examples of virus-war.md §9 (and the record sample of §8), one test each, with
the spec's diagrams verbatim (its commentary columns cut off)."""

from __future__ import annotations

import pytest

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import TERMINAL
from pyengine.games.virus_war import (
    VIRUS_WAR,
    O,
    VirusWarState,
    X,
    parse_diagram,
    result_text,
    write_record,
)


def columns(block: str, start: int, end: int) -> str:
    """Cut one diagram out of a block with commentary or a second diagram beside it."""
    return "\n".join(line[start:end].rstrip() for line in block.splitlines())


def legal(state: VirusWarState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def steps(state: VirusWarState) -> list[str]:
    return [text for text in legal(state) if text != "pass"]


def names(state: VirusWarState, indices: tuple[int, ...]) -> str:
    return "-".join(state.cell_name(index) for index in indices)


def play(state: VirusWarState, *turns: str) -> VirusWarState:
    """Play whole turns (``a1-b2-c3``, ``pass``) through the checked front door."""
    for turn in turns:
        for text in turn.split("-") if turn != "pass" else ["pass"]:
            state.apply(text)
    return state


def sequences(state: VirusWarState) -> list[str]:
    return sorted(names(state, order) for order in state.turn_sequences())


def distinct(state: VirusWarState) -> list[frozenset[int]]:
    return [frozenset(order) for order in state.distinct_turns()]


EX1 = """\
10 . . . . . . . . . O
 9 . . . . . . . . O .
 8 . . . . . . . O . .
 7 . . . . . . . . . .
 6 . . . . . . . . . .
 5 . . . . . . . . . .
 4 . . . . . . . . . .
 3 . . X . . . . . . .
 2 . X . . . . . . . .
 1 X . . . . . . . . .
   a b c d e f g h i k
"""

EX1_TURNS = """a1-a2-a3 a1-a2-b1 a1-a2-b2 a1-a2-b3 a1-b1-a2 a1-b1-b2 a1-b1-c1 a1-b1-c2 a1-b2-a2
a1-b2-a3 a1-b2-b1 a1-b2-b3 a1-b2-c1 a1-b2-c2 a1-b2-c3""".split()

EX2 = """\
 6 . . . . O O      The group b2-c3-d4 of dead O touches the live X on a1, so it is a bridge.
 5 . . . . O .      X's 15 steps: a2 a3 b1 b3 b4 c1 c2 c4 c5 d2 d3 d5 e3 e4 and the kill e5.
 4 . . . o . .      After killing e5 it joins the bridge, and d6 f4 f5 and the kills e6 f6
 3 . . o . . .      become available in the same turn. `e5-e6-f6` is legal; O survives
 2 . o . . . .      through f1 (out of X's reach) and the game goes on.
 1 X . . . . O
   a b c d e f
"""

EX3 = """\
 6 . . . . . O      X to move: steps are only a2 c1 c2. The dead X on b2 c3 d4 give X nothing.
 5 . . . . O .      The same group is O's bridge (d4 touches the live O on e5). With O to move,
 4 . . . x . .      O has 19 steps: a2 a3 b3 b4 c1 c2 c4 c5 d2 d3 d5 d6 e3 e4 e6 f4 f5 and
 3 . . x . . .      the kills a1 b1. `a1-b1` kills every live X: O wins after 2 steps.
 2 . x . . . .
 1 X X . . . .
   a b c d e f
"""

EX4 = """\
 6 . . . . . .      X's 12 steps: b1 b2 b3 c1 c3 c4 d1 d2 e2 e3 and the kills d4 e4 (both
 5 . . . . . .      reached through the bridge d3). M = 3, but `d4-e4` ends the game after
 4 . . . O O .      2 steps: O has symbols on the board and none alive. Record `d4-e4`,
 3 . . . o . .      result 1-0. `c3-d4-e4` also wins; `d4-c3-c4` is legal too, and O lives
 2 . . X . . .      on with e4.
 1 . . . . . .
   a b c d e f
"""

EX5 = """\
   (a)                (b)
 6 . . . . . O      6 . . . . . O     (a) X's only step is a2; afterwards nothing is
 5 . . . . . .      5 . . . . . .     accessible (dead X never help X): M = 1, legal
 4 . . . . . .      4 x x . . . .     turns `a2` and `pass`.
 3 x x . . . .      3 . x . . . .     (b) Only a2; after it only a3; then nothing.
 2 . x . . . .      2 . x . . . .     M = 2: legal turns `a2-a3` and `pass`;
 1 X x . . . .      1 X x . . . .     `a2` alone is illegal.
   a b c d e f        a b c d e f
"""

EX6 = """\
 6 . . . . o O      X's live a1 touches only dead X: no step, M = 0, X must pass.
 5 . . . . o .      O's only step is f5 (O's own dead symbols do not help O); after f5 O has
 4 . . . . o o      nothing left. The dead O on e4 e5 e6 f4 do not touch a live X, so they
 3 . . . . . .      are not X bridges. On its turn O may play `f5` or pass voluntarily.
 2 x x . . . .
 1 X x . . . .
   a b c d e f
"""

EX9 = """\
 6 . . . . . .      O has never placed, so f6 is reserved. X's 18 steps:
 5 . . . . X .      a2 a3 b1 b3 b4 c1 c2 c4 c5 d2 d3 d5 d6 e3 e6 f3 f4 f5 (not f6).
 4 . . . X X .      O's only step, when its turn comes, is f6; after it O may kill e5,
 3 . . X . . .      which is adjacent to f6.
 2 . X . . . .
 1 X . . . . .
   a b c d e f
"""

SECTION_8_RECORD = """\
[Game "Virus War"]
[Size "6"]
[Variant "standard"]
[Result "*"]

1. a1-b2-c3 pass
2. d4-e5-e4 pass
*
"""


def diagram(block: str, **keywords: object) -> VirusWarState:
    return parse_diagram(columns(block, 0, 15), **keywords)  # type: ignore[arg-type]


def position_p(**options: object) -> VirusWarState:
    return diagram(EX6, options={"size": 6, **options})


# -- Ex 1 ---------------------------------------------------------------------------------


def test_ex1_first_turns_on_the_empty_board():
    state = VIRUS_WAR.new_initial_state()
    assert legal(state) == ["pass", "a1"]
    assert state.turn_length == 3
    assert sequences(state) == EX1_TURNS  # 15 legal turns...
    assert len(distinct(state)) == len(set(distinct(state))) == 12  # ...12 positions
    assert set(distinct(state)) == {
        frozenset(state.cell_index(VIRUS_WAR.parse_action(cell).cell) for cell in turn.split("-"))
        for turn in EX1_TURNS
    }


def test_ex1_o_starts_on_k10_and_i_and_k_are_neighbours():
    state = play(VIRUS_WAR.new_initial_state(), "a1-b2-c3")
    assert state.current_player() == O
    assert legal(state) == ["pass", "k10"]
    state.apply("k10")
    assert steps(state) == ["i9", "i10", "k9"]  # no j between i and k
    state.undo()
    assert len(list(state.turn_sequences())) == 15 and len(state.distinct_turns()) == 12
    play(state, "k10-i9-h8")
    assert state.contents() == parse_diagram(EX1).contents()
    assert state.current_player() == X and state.turn_number == 2
    assert steps(state) == "a2 a3 b1 b3 b4 c1 c2 c4 d2 d3 d4".split()
    assert state.turn_texts() == ["a1-b2-c3", "k10-i9-h8"]


# -- Ex 2 ---------------------------------------------------------------------------------


def test_ex2_reach_through_xs_fortress():
    state = diagram(EX2)
    assert state.bridges(X) == [
        frozenset(
            state.cell_index(VIRUS_WAR.parse_action(name).cell) for name in ("b2", "c3", "d4")
        )
    ]
    assert steps(state) == "a2 a3 b1 b3 b4 c1 c2 c4 c5 d2 d3 d5 e3 e4 e5".split()  # 15
    assert state.turn_length == 3
    state.apply("e5")  # the kill joins the bridge
    assert state.cell_content(state.cell_index(VIRUS_WAR.parse_action("e5").cell)) == "o"
    assert set(steps(state)) == set("a2 a3 b1 b3 b4 c1 c2 c4 c5 d2 d3 d5 e3 e4".split()) | {
        "d6",
        "f4",
        "f5",
        "e6",
        "f6",
    }
    play(state, "e6-f6")
    assert state.current_player() == O and state.result() is None  # O lives on f1
    assert state.turn_texts() == ["e5-e6-f6"]
    assert state.counts() == {"live": [1, 1], "dead": [0, 6]}


# -- Ex 3 ---------------------------------------------------------------------------------


def test_ex3_no_reach_through_your_own_dead_symbols():
    state = diagram(EX3)
    assert steps(state) == ["a2", "c1", "c2"]
    assert state.bridges(X) == []
    as_o = diagram(EX3, to_move=O)
    assert steps(as_o) == ("a1 a2 a3 b1 b3 b4 c1 c2 c4 c5 d2 d3 d5 d6 e3 e4 e6 f4 f5").split()
    assert len(as_o.bridges(O)) == 1
    play(as_o, "a1-b1")  # kills every live X: the game ends after 2 steps
    assert as_o.current_player() == TERMINAL
    result = as_o.result()
    assert result is not None and result.winners == (O,)
    assert (result.reason, result.ending) == ("elimination", "elimination")
    assert result_text(as_o) == "0-1" and as_o.turn_texts() == ["a1-b1"]


# -- Ex 4 ---------------------------------------------------------------------------------


def test_ex4_a_kill_that_ends_the_game():
    state = diagram(EX4)
    assert steps(state) == "b1 b2 b3 c1 c3 c4 d1 d2 d4 e2 e3 e4".split()  # 12
    assert state.turn_length == 3
    won = play(state.clone(), "d4-e4")
    assert won.is_terminal() and result_text(won) == "1-0" and won.turn_texts() == ["d4-e4"]
    also = play(state.clone(), "c3-d4-e4")
    assert also.is_terminal() and result_text(also) == "1-0"
    lives = play(state.clone(), "d4-c3-c4")
    assert lives.current_player() == O and lives.result() is None
    short = play(state.clone(), "b1-b2")  # the greedy d4, e4 is short, yet M = 3
    assert short.current_player() == X and short.turn_steps and short.steps_left == 1
    with pytest.raises(IllegalActionError) as raised:
        short.apply("pass")
    assert raised.value.code == "virus-war.pass-mid-turn"
    finals = distinct(state)
    two = {frozenset(order) for order in state.distinct_turns() if len(order) == 2}
    assert two == {
        frozenset(state.cell_index(VIRUS_WAR.parse_action(name).cell) for name in ("d4", "e4"))
    }
    assert all(len(turn) == 3 for turn in finals if turn not in two)


# -- Ex 5 ---------------------------------------------------------------------------------


def test_ex5a_forced_one_step_turn():
    state = parse_diagram(columns(EX5, 0, 15).split("\n", 1)[1])
    assert legal(state) == ["pass", "a2"] and state.turn_length == 1
    assert sequences(state) == ["a2"]
    state.apply("a2")
    assert state.current_player() == O and state.turn_texts() == ["a2"]


def test_ex5b_forced_two_step_turn():
    state = parse_diagram(columns(EX5, 19, 34).split("\n", 1)[1])
    assert legal(state) == ["pass", "a2"] and state.turn_length == 2
    assert sequences(state) == ["a2-a3"]
    state.apply("a2")  # `a2` alone is not a turn: X goes on, and may not pass
    assert state.current_player() == X and legal(state) == ["a3"] and state.steps_left == 1
    state.apply("a3")
    assert state.current_player() == O and state.turn_texts() == ["a2-a3"]


# -- Ex 6, 7, 8 ----------------------------------------------------------------------------


def test_ex6_pass_is_forced_and_dead_symbols_do_not_help_their_owner():
    state = position_p()
    assert legal(state) == ["pass"] and state.turn_length == 0
    assert state.bridges(X) == []
    as_o = diagram(EX6, to_move=O)
    assert legal(as_o) == ["pass", "f5"] and as_o.turn_length == 1
    as_o.apply("f5")
    assert as_o.current_player() == X  # after f5 O has nothing left: the turn ends


def test_ex7_double_pass_is_a_draw_in_standard():
    state = play(position_p(), "pass", "pass")  # X forced, O voluntary
    result = state.result()
    assert result is not None and result.winners == () and result.is_draw
    assert (result.reason, result.ending) == ("draw", "double-pass")
    assert result_text(state) == "1/2-1/2"
    longer = play(position_p(), "pass", "f5", "pass")
    assert legal(longer) == ["pass"]  # now forced
    longer.apply("pass")
    assert result_text(longer) == "1/2-1/2"


def test_ex8_last_move_wins():
    state = play(position_p(variant="last-move-wins"), "pass", "f5", "pass", "pass")
    result = state.result()
    assert result is not None and result.winners == (O,) and result.reason == "last-move"
    assert result_text(state) == "0-1" and result.ending == "double-pass"
    # passing at once: whoever made the last non-pass turn before P wins
    before = diagram(EX6, last_mover="x", options={"size": 6, "variant": "last-move-wins"})
    assert result_text(play(before, "pass", "pass")) == "1-0"
    empty = play(VIRUS_WAR.new_initial_state({"variant": "last-move-wins"}), "pass", "pass")
    assert result_text(empty) == "1/2-1/2" and empty.result().reason == "draw"


# -- Ex 9 and the record of §8 -------------------------------------------------------------


def test_ex9_home_corner_reservation():
    state = play(VIRUS_WAR.new_initial_state({"size": 6}), "a1-b2-c3", "pass", "d4-e5-e4", "pass")
    assert state.contents() == diagram(EX9).contents()
    assert state.current_player() == X
    assert steps(state) == "a2 a3 b1 b3 b4 c1 c2 c4 c5 d2 d3 d5 d6 e3 e6 f3 f4 f5".split()
    with pytest.raises(IllegalActionError) as raised:
        state.apply("f6")
    assert raised.value.code == "virus-war.reserved-corner"
    assert raised.value.params["cell"] == "f6"
    play(state, "a2-a3-b1")
    assert legal(state) == ["pass", "f6"]
    state.apply("f6")
    assert steps(state) == ["e5", "e6", "f5"]  # e5 is a kill, adjacent to f6


def test_section8_record_sample():
    state = play(VIRUS_WAR.new_initial_state({"size": 6}), "a1-b2-c3", "pass", "d4-e5-e4", "pass")
    assert write_record(state) == SECTION_8_RECORD
    assert VIRUS_WAR.read_record(SECTION_8_RECORD) == state
    inline = VIRUS_WAR.read_record('[Size "6"] 1. a1-b2-c3 pass 2. d4-e5-e4 pass')
    assert inline == state and inline.turn_texts() == state.turn_texts()
