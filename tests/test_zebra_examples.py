"""The worked examples of zebra.md §8, one test each, with the spec's diagrams verbatim."""

from __future__ import annotations

import pytest

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import TERMINAL
from pyengine.games.zebra import BLACK, WHITE, ZEBRA, Cell, Move, parse_diagram, write_record
from pyengine.games.zebra.positions import piece_counts
from zebra_support import columns, diagram_cells, legal, replay, texts

EX1_EX2 = """\
4 W1 B1 W1 B1          4 W1 B1 W1 B1
3 B1 W1 B1 W1          3 B1 W1 B1 W1
2 W1 B1 W1 B1          2 W1 B1 .  B1
1 B1 W1 B1 W1          1 .  B2 W2 W1
  a  b  c  d             a  b  c  d
"""

EX3_EX4 = """\
4 .  B3 .  W2          4 B2 B1 B2 B1
3 B1 B2 .  W1          3 .  .  .  B2
2 B2 .  .  W2          2 .  W2 .  .
1 .  .  W2 W1          1 W2 W1 W2 W1
  a  b  c  d             a  b  c  d
"""

EX5_EX6 = """\
5 B1 W1 B1 W1 B1          5 B1 W1 B1 W1 B1
4 W1 B1 W1 B1 W1          4 W1 B1 W1 B1 W1
3 B1 W1 #  W1 B1          3 B1 W1 B1 W1 B1
2 W1 B1 W1 B1 W1          2 W1 B1 W1 B1 W1
1 B1 W1 B1 W1 B1          1 .  W1 B1 W1 B1
  a  b  c  d  e             a  b  c  d  e
"""

EX7 = """\
5 B1 W1 B1 W1 B1
4 W1 W2 W1 B1 W1
3 B1 B2 n  .  B1
2 W1 .  .  W2 W1
1 B1 W1 B1 W1 B1
  a  b  c  d  e
"""

EX8 = """\
4 W1 B1 W1 B1
3 B1 W1 B1 W1
2 W1 .  .  B3
1 B1 W1 B1 W1
  a  b  c  d
"""

EX9 = """\
4 B1 W1 B1 B1
3 B1 B1 B1 B1
2 W1 W1 W1 W1
1 W1 W1 B1 W1
  a  b  c  d
"""

EX10 = """\
3 .  .  B1         Play b2-c2, b2-c3, c2-c3, c2-b2, c3-b2. Now b2 `B5`, c2 `B2`, c3 `W2`,
2 .  B5 W3         White to move. White's candidates are c3-b2 and c3-c2, but c3-c2 would
1 .  .  .          recreate P with Black to move, so it is illegal: White must play c3-b2.
  a  b  c
"""


def value(state, cell: str) -> int:
    return state.cell_value(Cell.parse(cell))


def test_ex1_start_position_and_white_moves():
    state = ZEBRA.new_initial_state()
    assert state.cells == diagram_cells(columns(EX1_EX2, 0, 23))
    assert (
        legal(state)
        == (
            "a2-a1 a2-a3 a2-b2 a4-a3 a4-b4 b1-a1 b1-b2 b1-c1 b3-a3 b3-b2 b3-b4 b3-c3 "
            "c2-b2 c2-c1 c2-c3 c2-d2 c4-b4 c4-c3 c4-d4 d1-c1 d1-d2 d3-c3 d3-d2 d3-d4"
        ).split()
    )
    assert value(state, "a1") == -1  # a1 is Black
    assert state.current_player() == WHITE


def test_ex2_ordinary_moves():
    state = replay("1. c2-d2")
    assert value(state, "c2") == 0 and value(state, "d2") == 2
    black_moves = legal(state)
    assert len(black_moves) == 20
    assert "c1-d2" in black_moves and "c3-d2" in black_moves
    state.apply("a1-b1")
    assert value(state, "a1") == 0 and value(state, "b1") == -2
    state.apply("d2-c1")
    assert value(state, "d2") == -1 and value(state, "c1") == 2
    assert state.tower_counts() == (7, 7)  # c2 and a1 were emptied: one tower less each
    assert state.cells == diagram_cells(columns(EX1_EX2, 23))


def test_ex3_stuck_player_wins_on_count():
    state = replay("1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2")
    assert state.cells == diagram_cells(columns(EX3_EX4, 0, 23))
    assert state.to_move == WHITE and state.legal_actions() == []
    assert state.current_player() == TERMINAL and state.is_terminal()
    white = [
        str(cell)
        for cell in map(Cell.parse, "c1 d1 d2 d3 d4".split())
        if value(state, str(cell)) > 0
    ]
    black = [cell for cell in "a2 a3 b3 b4".split() if value(state, cell) < 0]
    assert white == "c1 d1 d2 d3 d4".split() and len(black) == 4
    assert state.tower_counts() == (5, 4)
    result = state.result()
    assert result is not None
    assert (result.winners, result.scores, result.reason, result.ending) == (
        (WHITE,),
        (5, 4),
        "count",
        "stuck",
    )
    assert state.returns() == (1.0, -1.0)
    assert write_record(state).endswith("\n1-0\n")


def test_ex4_tie_goes_to_the_last_mover():
    state = replay("1. c2-c1 d2-d3 2. b3-b2 a3-a4 3. a2-a1 c3-c4")
    assert state.cells == diagram_cells(columns(EX3_EX4, 23))
    assert state.is_terminal() and state.to_move == WHITE
    result = state.result()
    assert result is not None
    assert (result.winners, result.scores, result.reason, result.ending) == (
        (BLACK,),
        (5, 5),
        "tie-last-mover",
        "stuck",
    )
    assert write_record(state).endswith("\n0-1\n")


def test_ex5_hole_setup():
    state = ZEBRA.new_initial_state({"size": 5, "setup": "hole"})
    assert state.cells == diagram_cells(columns(EX5_EX6, 0, 26), options={"setup": "hole"})
    assert state.holes == {Cell.parse("c3").index(5)}
    assert piece_counts(state.cells) == (12, 12)
    moves = legal(state)
    assert len(moves) == 36
    assert not any("c3" in move for move in moves)


def test_ex5_hole_jump_crosses_the_hole():
    state = replay("1. a2-a1 b4-c4", size=5, setup="hole", movement="jump")
    assert value(state, "c4") == -2
    assert "c2-c4" in legal(state)
    state.apply("c2-c4")  # W1 crosses the hole: k = 1 <= h = 1
    assert value(state, "c4") == 3 and value(state, "c2") == 0


def test_ex6_remove_setup():
    state = ZEBRA.new_initial_state({"size": 5, "setup": "remove"})
    assert piece_counts(state.cells) == (12, 13)
    assert state.phase == "removal" and state.current_player() == BLACK
    state.apply("xa1")
    assert state.cells == diagram_cells(columns(EX5_EX6, 26), options={"setup": "remove"})
    assert piece_counts(state.cells) == (12, 12)
    assert state.phase == "movement" and state.current_player() == WHITE
    assert len(state.legal_actions()) == 38
    record = ZEBRA.read_record('[Size "5"]\n[Setup "remove"]\n\nxa1 1. a2-b2\n')
    assert texts(record.history) == ["xa1", "a2-b2"]


def test_ex6_removing_the_centre_gives_the_hole_position():
    state = replay("xc3", size=5, setup="remove")
    hole = ZEBRA.new_initial_state({"size": 5, "setup": "hole"})
    assert state.cells == hole.cells
    assert legal(state) == legal(hole) and len(legal(state)) == 36


def test_ex7_neutral_centre():
    state = ZEBRA.new_initial_state({"size": 5, "setup": "neutral"})
    moves = legal(state)
    assert len(moves) == 40
    assert [move for move in moves if move.endswith("-c3")] == ["b3-c3", "c2-c3", "c4-c3", "d3-c3"]
    black_view = parse_diagram(state.diagram(), to_move=BLACK, options={"setup": "neutral"})
    assert [move for move in legal(black_view) if move.endswith("-c3")] == [
        "b2-c3",
        "b4-c3",
        "d2-c3",
        "d4-c3",
    ]
    expected_centre = {"c2-c3": 1, "b2-c3": -2, "d3-d2": -2, "c3-b3": 1, "c3-b4": 0}
    for move, centre in expected_centre.items():
        state.apply(move)
        assert value(state, "c3") == centre, move
    assert state.cells == diagram_cells(EX7, options={"setup": "neutral"})
    assert state.current_player() == BLACK
    assert [move for move in legal(state) if move.endswith("-c3")] == ["b3-c3", "d4-c3"]


def test_ex8_jump_source_example():
    state = replay("1. c2-d2 b2-d2", movement="jump")
    assert state.cells == diagram_cells(EX8)
    assert value(state, "d2") == -3
    assert (
        legal(state)
        == (
            "a2-a1 a2-a3 a4-a3 a4-b4 b1-a1 b1-c1 b3-a3 b3-b4 b3-c3 c4-b4 c4-c3 c4-d4 "
            "d1-c1 d1-d2 d3-c3 d3-d2 d3-d4"
        ).split()
    )


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ("a2-d2", "zebra.jump-too-far"),  # two empty cells > h = 1
        ("b1-b3", "zebra.target-not-opponent"),  # lands on White
        ("a2-b1", "zebra.diagonal-in-jump"),
        ("b3-a2", "zebra.diagonal-in-jump"),
        ("c4-d3", "zebra.diagonal-in-jump"),
    ],
)
def test_ex8_jumps_that_are_not_legal(move, code):
    state = replay("1. c2-d2 b2-d2", movement="jump")
    with pytest.raises(IllegalActionError) as raised:
        state.apply(move)
    assert raised.value.code == code
    assert raised.value.params["action"] == move
    assert not state.is_legal(Move.parse(move))
    assert texts(state.history) == ["c2-d2", "b2-d2"]  # unchanged


def test_ex8_black_tower_of_three_jumps_two_empty_cells_later():
    state = replay("1. c2-d2 b2-d2 2. d3-d4", movement="jump")
    assert "d2-a2" in legal(state)  # k = 2 <= h = 3
    state.apply("d2-a2")
    assert value(state, "a2") == -2 and value(state, "d2") == 2


def test_ex9_placement():
    state = replay(
        "1. @b2 @c3 2. @c2 @b3 3. @a1 @d4 4. @d1 @a4 5. @a2 @a3 6. @b1 @c1 7. @d2 @d3 8. @b4 @c4",
        setup="placement",
    )
    assert state.cells == diagram_cells(EX9, options={"setup": "placement"})
    assert piece_counts(state.cells) == (8, 8)
    assert state.phase == "movement" and state.current_player() == WHITE
    assert (
        legal(state)
        == (
            "a2-a3 a2-b3 b1-c1 b2-a3 b2-b3 b2-c1 b2-c3 b4-a3 b4-a4 b4-b3 b4-c3 b4-c4 "
            "c2-b3 c2-c1 c2-c3 c2-d3 d1-c1 d2-c1 d2-c3 d2-d3"
        ).split()
    )
    record = write_record(state)
    assert "8. @b4 @c4\n*\n" in record


def test_ex10_repetition():
    diagram = columns(EX10, 0, 10)
    state = parse_diagram(diagram, to_move=BLACK)
    start = state.position_key()
    for move in "b2-c2 b2-c3 c2-c3 c2-b2 c3-b2".split():
        state.apply(move)
    assert (value(state, "b2"), value(state, "c2"), value(state, "c3")) == (-5, -2, 2)
    assert state.current_player() == WHITE
    assert legal(state) == ["c3-b2"]
    with pytest.raises(IllegalActionError) as raised:
        state.apply("c3-c2")
    assert raised.value.code == "zebra.repetition"
    assert "repetition rule" in str(raised.value)
    assert str(raised.value).startswith("c3-c2 is illegal: it would repeat an earlier position")
    # c3-c2 would indeed recreate P with Black to move
    probe = state.clone()
    probe.apply_unchecked(Move.parse("c3-c2"))
    assert probe.position_key() == start
