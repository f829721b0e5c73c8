"""The worked examples of virus-fight.md §9, the sample record of §8.2 and the anchors of §2,
§3 and §5.1, one named test each (diagrams verbatim from the spec)."""

from __future__ import annotations

import pytest

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import TERMINAL
from pyengine.games.virus_fight import (
    VIRUS_FIGHT,
    Cell,
    SetupChoices,
    first_player,
    home_segments,
    next_first_player,
    write_record,
)
from pyengine.games.virus_fight.board import segment_text
from pyengine.games.virus_fight.notation import Setup
from virus_fight_support import diagram_state, legal


def cell(text: str) -> Cell:
    return Cell.parse(text)


SAMPLE_RECORD = """\
VirusFight 1
players 2
size 5
seed 0
setup 1 b1:W2 c1:E3 @b1
setup 2 c5:M1 d5:E2 @d5
1.2 E2 x- @c5
1.1 W2 +W3@b2 @b2
2.1 W3 +W1@b3 @b3
2.2 M1 d5-b5 @b5
3.2 E2 x- @c5
3.1 W1 +E2@b4 @b4
4.1 E2 xb5 @b3
4.2 M1 - @-
result win 1 elimination
"""


def test_sample_record_8_2():
    state = VIRUS_FIGHT.read_record(SAMPLE_RECORD)
    assert state.is_terminal() and state.result().winners == (0,)
    assert state.result().ending == "elimination"
    assert write_record(state) == SAMPLE_RECORD
    # the commentary: seat 2 starts; rounds 2, 3, 4 start with seats 1, 2, 1
    firsts = {entry.round: entry.seat for entry in state.turns if entry.round > 0}
    starts = [state.turns[0].seat] + [
        next(entry.seat for entry in state.turns if entry.round == number) for number in (2, 3, 4)
    ]
    assert starts == [1, 0, 1, 0] and firsts
    # at 4.1 the legal erases were x-, xb1, xb3, xb5
    replay = VIRUS_FIGHT.read_record("\n".join(SAMPLE_RECORD.splitlines()[:12]) + "\n")
    assert replay.instruction().piece.code == "E2" and replay.to_act == 0
    assert legal(replay) == ["x-", "xb1", "xb3", "xb5"]
    replay.apply("xb5")
    assert legal(replay) == ["@b3"]
    replay.apply("@b3")
    # 4.2 resolved by the engine: no MOVE effect, the marker step fails
    assert replay.is_terminal()
    assert [str(action) for action in replay.log[-2:]] == ["-", "@-"]


def test_example_1_setup_and_first_player():
    state = VIRUS_FIGHT.new_initial_state({"players": 2})
    state.apply("b1:E3 c1:W2 d1:J1 @c1")
    assert state.phase == "setup" and state.to_act == 1
    state.apply("a5:J2 b5:E3 c5:M1 @b5")
    assert state.phase == "play"
    assert str(state.piece_at(cell("b5"))) == "E3/2" and state.marker_at(cell("b5")) == 1
    assert state.first_player == 1 and state.round_order == (1, 0)
    assert len(state.supply(0)) == len(state.supply(1)) == 9
    assert legal(state) == ["x-", "xa5", "xc5"]


EX1 = """
5 J2/2   E3/2*2 M1/2   .      .
4 .      .      .      .      .
3 .      .      .      .      .
2 .      .      .      .      .
1 .      E3/1   W2/1*1 J1/1   .
  a      b      c      d      e
"""


def test_example_1_diagram_text():
    state = VIRUS_FIGHT.new_initial_state({"players": 2})
    state.apply("b1:E3 c1:W2 d1:J1 @c1")
    state.apply("a5:J2 b5:E3 c5:M1 @b5")
    assert state.diagram() == "\n".join(line.rstrip() for line in EX1.strip("\n").splitlines())
    assert diagram_state(EX1, seat=2, supplies={}).diagram() == state.diagram()


EX2 = """
5 .      .      J2/2*2 E1/2   .
4 .      .      .      .      .
3 .      .      .      .      .
2 .      M2/1*1 W1/1   E3/1   .
1 .      .      .      .      .
  a      b      c      d      e
"""


def test_example_2_move_splits_a_block():
    state = diagram_state(EX2, seat=1)
    assert legal(state) == [
        "c2-a2",
        "c2-b1",
        "c2-b3",
        "c2-d1",
        "c2-d3",
        "c2-e2",
        "d2-a2",
        "d2-b1",
        "d2-b3",
        "d2-c1",
        "d2-c3",
    ]
    with pytest.raises(IllegalActionError) as raised:
        state.apply("c2-c1")
    assert raised.value.code == "virus-fight.move-target"
    with pytest.raises(IllegalActionError) as raised:
        state.apply("b2-b3")
    assert raised.value.code == "virus-fight.move-marked"
    state.apply("c2-b3")
    assert state.block(cell("b2")) == {cell("b2"), cell("b3")}
    assert state.block(cell("d2")) == {cell("d2")}
    assert legal(state) == ["@b3"]


EX3 = """
5 .      .      .      .      .
4 .      .      .      J3/2   .
3 .      M1/1*1 .      E2/2*2 .
2 .      W2/1   .      .      .
1 .      .      .      .      .
  a      b      c      d      e
"""


def test_example_3_move_merges_into_another_active_block():
    state = diagram_state(EX3, seat=1)
    assert legal(state) == ["b2-a3", "b2-b4", "b2-c3"]
    state.apply("b2-c3")
    assert state.block(cell("b3")) == {cell("b3"), cell("c3"), cell("d3"), cell("d4")}
    assert legal(state) == ["@c3"]
    state.apply("@c3")
    assert state.to_act == 1 and state.decision == "effect"
    assert legal(state) == ["x-", "xd4"]
    with pytest.raises(IllegalActionError) as raised:
        state.apply("xc3")
    assert raised.value.code == "virus-fight.erase-marked"


EX4 = """
5 .      .      .      .      .
4 .      .      M1/1   .      .
3 .      .      W3/1*1 .      .
2 .      .      .      .      .
1 E2/2*2 .      .      .      .
  a      b      c      d      e
"""


def test_example_4_write_with_empty_supply():
    state = diagram_state(EX4, seat=1)
    # the engine recorded "-" by itself; the step is the player's
    assert state.decision == "marker" and [str(a) for a in state.log] == ["-"]
    assert state.history == ()
    assert legal(state) == ["@c4"]
    state.apply("@c4")
    assert state.turns[-1].text == "- @c4" and state.turns[-1].code == "W3"
    with_supply = diagram_state(EX4, seat=1, supplies={1: "J2"})
    assert legal(with_supply) == ["+J2@b3", "+J2@b4", "+J2@c2", "+J2@c5", "+J2@d3", "+J2@d4"]


EX5 = """
5 .      .      E3/2   .      .
4 .      .      .      E1/1   W1/2
3 .      M1/1   .      .      .
2 .      J2/1*1 .      W2/2*2 M3/2
1 .      .      .      .      .
  a      b      c      d      e
"""


def test_example_5_jump_to_an_empty_block():
    state = diagram_state(EX5, seat=1)
    assert state.decision == "jump"
    assert legal(state) == ["J@b3", "J@c5", "J@d4", "J@e4"]
    for target in ("d2", "e2", "b2"):
        with pytest.raises(IllegalActionError) as raised:
            state.apply(f"J@{target}")
        assert raised.value.code == "virus-fight.jump-target"
    state.apply("J@d4")
    assert state.marker(0) == cell("d4") and state.turns[-1].text == "J@d4"
    assert state.to_act == 1
    assert all(state.marker_at(c) is None for c in state.block(cell("b2")))


EX6 = """
5 .      .      .      .      .
4 .      .      .      .      .
3 .      .      E2/2*2 M1/2   .
2 .      .      .      .      .
1 J1/1*1 .      .      .      .
  a      b      c      d      e
"""


def test_example_6_jump_with_no_target():
    state = diagram_state(EX6, seat=1, supplies={1: "E1 W2"})
    assert state.current_player() == TERMINAL
    assert [str(a) for a in state.log] == ["J@-"]
    assert state.turns[-1].line() == "1.1 J1 J@-"
    assert state.eliminated == (0,) and state.removed(0) == 2 and state.supply(0) == ()
    assert str(state.piece_at(cell("a1"))) == "J1/1" and state.marker_at(cell("a1")) is None
    result = state.result()
    assert result.winners == (1,) and result.ending == "elimination"


EX7 = """
5 .      .      .      M3/2   .
4 .      .      .      E1/2*2 .
3 W2/1   .      .      .      .
2 M1/1   .      .      .      .
1 E3/1*1 J2/2   .      .      .
  a      b      c      d      e
"""


def test_example_7_forced_erase():
    state = diagram_state(EX7, seat=1, supplies={1: "M2"})
    assert legal(state) == ["xa2", "xb1"]
    state.apply("xb1")
    assert sorted(piece.code for piece in state.supply(0)) == ["J2", "M2"]
    captured = next(piece for piece in state.supply(0) if piece.code == "J2")
    assert captured.owner == 0 and captured.origin == 1
    assert legal(state) == ["@a2"]
    state.apply("@a2")
    assert state.turns[-1].text == "xb1 @a2"


def test_example_7_variants():
    marked_a2 = (
        EX7.replace("W2/1   ", "W2/1   ")
        .replace("2 M1/1   .", "2 M1/1*2 .")
        .replace("E1/2*2", "E1/2  ")
    )
    state = diagram_state(marked_a2, seat=1, supplies={1: "M2"})
    assert legal(state) == ["xb1"]
    both = (
        EX7.replace("2 M1/1   .", "2 M1/1*2 .")
        .replace("E1/2*2", "E1/2  ")
        .replace("J2/2   .      .      .", "J2/2*3 .      .      .")
    )
    state = diagram_state(both, seat=1, players=3, supplies={1: "M2"})
    assert state.current_player() == TERMINAL or state.eliminated == (0,)
    assert [str(a) for a in state.log] == ["-", "@-"]
    assert state.turns[-1].text == "- @-"
    second_source = EX7.replace(
        "4 .      .      .      E1/2*2 .", "4 .      .      .      .      ."
    ).replace("1 E3/1*1 J2/2   .      .      .", "1 E3/1*1 J2/2   E1/2*2 .      .")
    state = diagram_state(second_source, seat=1, supplies={1: "M2"})
    assert legal(state) == ["x-", "xa2", "xb1"]


EX8 = """
5 .      .      .      .      .
4 .      .      W3/2   J1/2*2 .
3 .      .      E2/1   .      .
2 .      .      E1/1*1 .      .
1 .      .      .      .      .
  a      b      c      d      e
"""


def test_example_8_erase_captures_an_opponent_piece():
    state = diagram_state(EX8, seat=1, supplies={1: "M1"})
    assert legal(state) == ["x-", "xc3", "xc4"]
    state.apply("xc4")
    w3 = next(piece for piece in state.supply(0) if piece.code == "W3")
    assert (w3.owner, w3.origin) == (0, 1)
    assert sorted(piece.code for piece in state.supply(0)) == ["M1", "W3"]
    assert state.block(cell("c2")) == {cell("c2"), cell("c3")}
    assert state.block(cell("d4")) == {cell("d4")}
    assert legal(state) == ["@c3"]


EX9 = """
5 .      .      .      .      .
4 .      .      J1/2*2 .      .
3 .      .      E2/1*1 .      .
2 .      .      .      .      .
1 .      .      .      .      M2/3*3
  a      b      c      d      e
"""


def test_example_9_marker_step_impossible_three_players():
    state = diagram_state(EX9, seat=1, players=3, supplies={1: "M3 W1"})
    assert legal(state) == ["x-"]  # a single option must still be submitted
    assert state.log == ()
    state.apply("x-")
    assert state.turns[-1].text == "x- @-" and state.eliminated == (0,)
    assert state.removed(0) == 2 and str(state.piece_at(cell("c3"))) == "E2/1"
    assert not state.is_terminal() and state.to_act == 1 and state.round_order == (0, 1, 2)


EX10 = """
5 .      J1/2   E3/2*2 .      .
4 M2/3   .      .      .      .
3 J3/3*3 .      .      W1/1   .
2 .      .      .      M1/1*1 .
1 .      .      .      .      .
  a      b      c      d      e
"""


def round_end(diagram: str, first: int, *, eliminated: dict[int, int] | None = None):
    """The §9 Ex 10 board at the last turn of round 4 (played by seat 3 without changing the
    sizes), with the round's first player ``first`` (1-based); returns the next round."""
    order = tuple(((first - 1 + step) % 3) + 1 for step in range(3))
    state = diagram_state(
        diagram, seat=order[-1], players=3, order=order, round_number=4, eliminated=eliminated
    )
    state._end_turn()  # end seat order[-1]'s turn as it stands
    return state


def test_example_10_first_player_between_rounds():
    state = round_end(EX10, 1)
    assert state.round_number == 5 and state.first_player == 1
    assert state.round_order == (1, 2, 0)


def test_example_10_variants():
    assert round_end(EX10, 3).first_player == 2  # (a)
    all_three = EX10.replace("W1/1", "W3/1").replace("M1/1*1", "M3/1*1")
    assert round_end(all_three, 1).first_player == 0  # (a)
    assert next_first_player([1, 2, 3], 0) == 2  # (b)
    sizes_331 = EX10.replace("M1/1*1", "M3/1*1").replace("J3/3*3", "J1/3*3")
    assert round_end(sizes_331, 3).first_player == 0  # (c), wrapping to seat 1
    gone = EX10.replace("M1/1*1", "M1/1  ").replace("E3/2*2", "E2/2*2").replace("J3/3*3", "J2/3*3")
    state = round_end(gone, 1, eliminated={1: 0})
    assert state.first_player == 1 and state.round_order == (1, 2)  # (c) from seat 1
    table: list[tuple[int, list[int | None], int]] = [
        (2, [1, 3, 3], 2),
        (0, [3, 3, 3], 0),
        (0, [1, 2, 3], 2),
        (2, [3, 3, 1], 0),
        (0, [None, 2, 2], 1),
    ]
    for previous, sizes, first in table:
        assert next_first_player(sizes, previous) == first


def test_first_player_tie_break_anchors():
    one = Setup.parse("a1:M1 b1:M2 @a1")
    two = Setup.parse("a5:M1 b5:M2 @a5")
    assert first_player([one, two], 42) == 0
    assert first_player([one, two], 0) == 1


def test_home_segment_table_and_anchors():
    table = {
        (2, 5): ["a1-e1", "a5-e5"],
        (3, 6): ["b1-f1", "a2-a5", "b6-f6"],
        (4, 7): ["b1-f1", "a2-a6", "b7-f7", "g2-g6"],
        (5, 9): ["a1-d1", "a3-a7", "c9-g9", "i3-i7", "f1-i1"],
        (2, 6): ["a1-e1", "a6-e6"],
        (2, 7): ["b1-f1", "b7-f7"],
        (3, 5): ["b1-e1", "a2-a4", "b5-e5"],
        (4, 5): ["b1-d1", "a2-a4", "b5-d5", "e2-e4"],
        (4, 9): ["c1-g1", "a3-a7", "c9-g9", "i3-i7"],
        (5, 5): ["a1-b1", "a3-a4", "b5-d5", "e3-e4", "d1-e1"],
    }
    for (players, size), expected in table.items():
        assert [segment_text(s) for s in home_segments(players, size)] == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("size", range(5, 12))
def test_segments_never_touch_and_hold_two_cells(players: int, size: int):
    segments = home_segments(players, size)
    assert all(len(segment) >= 2 for segment in segments)
    for one in range(players):
        for two in range(one + 1, players):
            for a in segments[one]:
                for b in segments[two]:
                    assert abs(a.file - b.file) + abs(a.rank - b.rank) > 1


def test_setup_counts():
    assert len(SetupChoices(home_segments(2, 5)[0])) == 583_236
    assert len(SetupChoices(home_segments(3, 6)[1])) == 56_280
    choices = SetupChoices(home_segments(3, 6)[1])
    for index in (0, 1, 999, 56_279):
        assert choices[index] in choices
    assert len({str(choice) for choice in choices[:5000]}) == 5000
