"""Virus War notation (virus-war.md §1, §8): cells, actions, turns, position text, diagrams."""

from __future__ import annotations

import random

import pytest

from pyengine.core.errors import NotationError
from pyengine.games.virus_war import (
    PASS,
    VIRUS_WAR,
    Cell,
    O,
    Pass,
    Position,
    Step,
    X,
    format_diagram,
    format_position,
    parse_action,
    parse_cell,
    parse_diagram,
    parse_position,
    parse_turn,
)

START_6 = "....../....../....../....../....../...... x 0 - -/3 1"


# -- cells and actions -----------------------------------------------------------------------


def test_cells_use_the_alphabet_without_j():
    assert [str(Cell(file, 0)) for file in range(14)] == [
        f"{letter}1" for letter in "abcdefghiklmno"
    ]
    assert parse_cell("j10") == parse_cell("K10") == Cell(9, 9)
    assert str(parse_cell("J10")) == "k10"
    assert parse_cell(" c3 ") == Cell(2, 2) and parse_cell("O14") == Cell(13, 13)
    assert Cell.parse("i9") < Cell.parse("k1")  # sorted by file, then rank
    assert Cell.from_index(22, 10) == Cell(2, 2) and Cell(2, 2).index(10) == 22
    assert eval(repr(Cell(9, 9)), {"Cell": Cell}) == Cell(9, 9)


@pytest.mark.parametrize("text", ["", "c", "3c", "p1", "a0", "a01", "a15", "c3-", "cc3", "c 3"])
def test_bad_cells(text):
    with pytest.raises(NotationError) as raised:
        parse_cell(text)
    assert raised.value.code == "notation.cell" and raised.value.params["text"] == text


def test_cells_off_a_small_board():
    assert parse_cell("i9", size=9) == Cell(8, 8)
    for text in ("k1", "j1", "a10", "g7"):
        with pytest.raises(NotationError) as raised:
            parse_cell(text, size=6)
        assert raised.value.code == "notation.off-board"
    with pytest.raises(NotationError) as raised:
        VIRUS_WAR.parse_action("J1", VIRUS_WAR.new_initial_state({"size": 9}))
    assert raised.value.params["cell"] == "k1"  # j is k, off a 9x9 board


def test_actions_parse_print_and_repr():
    assert parse_action("C3") == Step(Cell(2, 2)) == Step.parse("c3")
    for text in ("pass", "PASS", "Pass", "--", " -- "):
        assert parse_action(text) == PASS == Pass.parse(text) == Pass()
    assert str(Step.parse("j10")) == "k10" and str(PASS) == "pass"
    assert repr(Step.parse("c3")) == "Step.parse('c3')" and repr(PASS) == "Pass.parse('pass')"
    namespace = {"Step": Step, "Pass": Pass}
    for action in (Step.parse("o14"), PASS):
        assert eval(repr(action), namespace) == action
    assert Step.parse("c3").cells() == (Cell(2, 2),) and PASS.cells() == ()
    state = VIRUS_WAR.new_initial_state()
    assert VIRUS_WAR.parse_action("k10", state) == Step(Cell(9, 9))


@pytest.mark.parametrize("text", ["c3-d4", "-", "---", "pas", "x c3", "@c3", ""])
def test_bad_actions(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_kinds_do_not_mix():
    with pytest.raises(NotationError):
        Step.parse("pass")
    with pytest.raises(NotationError):
        Pass.parse("c3")
    with pytest.raises(NotationError):
        parse_action(3)  # type: ignore[arg-type]


def test_turns():
    assert parse_turn("a1-B2-c3") == [Step.parse("a1"), Step.parse("b2"), Step.parse("c3")]
    assert parse_turn("  h1-f1-h10 ") == [Step.parse("h1"), Step.parse("f1"), Step.parse("h10")]
    assert parse_turn("PASS") == parse_turn("--") == [PASS]
    assert len(parse_turn("a1-a2-a3-a4")) == 4  # the rules, not the notation, reject it
    for bad in ("a1--b2", "a1-", "-a1", "", "a1 b2", "pass-a1", "a1-pass"):
        with pytest.raises(NotationError) as raised:
            parse_turn(bad)
        assert raised.value.code == "notation.turn"
    with pytest.raises(NotationError) as raised:
        parse_turn("a1-g7", size=6)
    assert raised.value.code == "notation.off-board"


# -- position text ---------------------------------------------------------------------------


def test_start_position_text_and_defaults():
    state = VIRUS_WAR.new_initial_state({"size": 6})
    assert state.position_text() == START_6
    assert (
        VIRUS_WAR.from_position("....../....../....../....../....../...... X").position_text()
        == START_6
    )
    assert VIRUS_WAR.from_position(START_6) == state
    position = parse_position(START_6)
    assert position == Position(6, "." * 36, X, 0, None, (), 3, 1)
    assert format_position(position) == START_6


def test_position_text_fields():
    state = VIRUS_WAR.new_initial_state({"size": 6})
    for text in ("a1", "b2", "c3", "pass", "d4", "e5"):
        state.apply(text)
    text = state.position_text()
    assert text == "....../....X./...X../..X.../.X..../X..... x 0 x d4-e5/3 2"
    copy = VIRUS_WAR.from_position(text)
    assert copy == state and copy.turn_steps == state.turn_steps
    assert copy.turn_number == 2 and copy.turn_texts() == ["d4-e5"]
    assert copy.start_text() == text and copy.history == ()
    copy.apply("f5")
    assert copy.turn_texts() == ["d4-e5-f5"] and copy.current_player() == O


def test_position_text_of_finished_games():
    state = VIRUS_WAR.new_initial_state({"size": 6})
    for text in ("a1", "b2", "c3", "pass", "pass"):
        state.apply(text)
    assert state.position_text().endswith(" o 2 x -/0 2")
    copy = VIRUS_WAR.from_position(state.position_text(), options={"variant": "last-move-wins"})
    assert copy.is_terminal() and copy.result().winners == (X,)
    eliminated = VIRUS_WAR.from_position("....../....../....../....../.x..../Xo.... o 0 x")
    assert eliminated.is_terminal() and eliminated.result().reason == "elimination"
    assert eliminated.position_text().endswith(" o 0 x -/0 1")


def test_position_texts_round_trip_in_random_games():
    rng = random.Random(3)
    for size in (6, 8, 10, 14):
        state = VIRUS_WAR.new_initial_state({"size": size})
        while not state.is_terminal():
            text = state.position_text()
            assert format_position(parse_position(text)) == text
            copy = VIRUS_WAR.from_position(text)
            assert copy.position_text() == text and copy.legal_actions() == state.legal_actions()
            assert copy == state
            state.apply_unchecked(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "side to move"),
        ("...../...../...../...../..... x", "6 to 14 ranks"),
        ("....../....../....../....../....../..... x", "rank 1 has 5 cells"),
        ("....../....../....../....../....../.....Z x", "'Z' is not a cell"),
        (START_6.replace(" x ", " z "), "side to move must be x or o"),
        (START_6.replace(" 0 - ", " 3 - "), "pass count"),
        (START_6.replace(" 0 - ", " 01 - "), "pass count"),
        (START_6.replace(" - -/", " z -/"), "last mover"),
        (START_6.replace("-/3", "-3"), "steps/M"),
        (START_6.replace("-/3", "-/4"), "turn length M"),
        (START_6.replace("-/3", "a1-pass/3"), "turn's steps"),
        (START_6.replace("-/3", "a1-g7/3"), "turn's steps"),
        (START_6[:-1] + "0", "turn number"),
        (START_6 + " extra", "unexpected text"),
    ],
)
def test_unreadable_positions(text, fragment):
    with pytest.raises(NotationError) as raised:
        VIRUS_WAR.from_position(text)
    assert raised.value.code == "notation.position"
    assert fragment in str(raised.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("....../....../....../....../....../O..... x", "home corner a1 is reserved"),
        ("....../....../....../....../....../xO.... o 0 o", "ended after O's step"),
        ("....../....../....../....../....../xo.... x", "both players"),
        ("....../....../....../....../.x..../Xo.... o 1 x", "last turn was not a pass"),
        ("....../....../....../....../.x..../Xo.... o 0 o", "winner by elimination"),
        ("....../....../....../....../.x..../Xo.... o 0 x c3/3", "no turn is in progress"),
        ("....../....../....../..X.../.X..../X..... x 0 x a1-b2-c3/3", "already has its 3"),
        ("....../....../....../....../.X..../X..... x 0 x a1-b2/2", "M is 3, not 2"),
        ("....../....../....../....../.X..../X..... x 1 x a1-b2/3", "pass count is 0"),
        ("....../....../....../....../.X..../X..... x 0 - a1-b2/3", "last mover"),
        ("....../....../....../....../.X..../X..... x 0 x a1-c3/3", "holds neither"),
        ("....../....../....../....../.X..../X..... x 0 x b2-a1/3", "not legal after"),
        ("....../....../....../....../.X..../X..... x 0 x a1-a1/3", "twice"),
        ("....../....../....../....../.X..../X..... x 0 - -/2", "M is 3, not 2"),
        ("....../....../....../....../....../X..... o 2 x -/3", "M is 0"),
    ],
)
def test_impossible_positions(text, fragment):
    with pytest.raises(NotationError) as raised:
        VIRUS_WAR.from_position(text)
    assert raised.value.code == "notation.position-mismatch"
    assert fragment in str(raised.value)


def test_position_options():
    state = VIRUS_WAR.from_position(START_6, options={"variant": "last-move-wins"})
    assert state.options == {"size": 6, "variant": "last-move-wins"}
    with pytest.raises(NotationError):
        VIRUS_WAR.from_position(START_6, options={"size": 7})


# -- diagrams --------------------------------------------------------------------------------


def test_diagrams_round_trip():
    state = VIRUS_WAR.new_initial_state()
    for text in ("a1", "b2", "c3", "k10", "i9", "h8"):
        state.apply(text)
    drawn = state.diagram()
    assert drawn.splitlines()[0] == "10 . . . . . . . . . O"
    assert drawn.splitlines()[-1] == "   a b c d e f g h i k"
    again = parse_diagram(drawn)
    assert again.contents() == state.contents() and again.current_player() == X
    assert format_diagram(10, state.contents()) == drawn
    compact = parse_diagram(
        "6 .....O\n5 ......\n4 ......\n3 ......\n2 ......\n1 X.....\n  a b c d e f",
        to_move="o",
        last_mover=X,
    )
    assert compact.current_player() == O and compact.last_mover == X


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("6 . . . . . .", "rank lines and a line of file letters"),
        ("2 . .\n1 . .\n  a b", "6 to 14 ranks"),
        ("6 ......\n5 ......\n4 ......\n3 ......\n2 ......\n1 ......\n  a b c d e g", "letters"),
        (
            "6 ......\n5 ......\n4 ......\n3 ......\n1 ......\n2 ......\n  a b c d e f",
            "expected rank 2",
        ),
    ],
)
def test_bad_diagrams(text, fragment):
    with pytest.raises(NotationError) as raised:
        parse_diagram(text)
    assert fragment in str(raised.value)
    with pytest.raises(ValueError):
        parse_diagram(START_6.split()[0].replace("/", "\n"), to_move="z")


@pytest.mark.parametrize(
    "text",
    [
        "....../....../....../..X.../.X..../X..... o 1 x",  # X passed after its own turn?
        "....../....../....../..X.../.X..../X..... x 2 x",  # X passed first after its turn?
    ],
)
def test_pass_counts_must_fit_the_last_mover(text):
    with pytest.raises(NotationError) as raised:
        VIRUS_WAR.from_position(text)
    assert "last non-pass turn" in str(raised.value)
    # the consistent versions are fine
    VIRUS_WAR.from_position(text.replace(" o 1 x", " x 1 x").replace(" x 2 x", " o 2 x"))


def test_the_last_mover_has_symbols():
    with pytest.raises(NotationError) as raised:
        VIRUS_WAR.from_position("....../....../....../..X.../.X..../X..... o 0 o")
    assert "O made the last non-pass turn" in str(raised.value)
