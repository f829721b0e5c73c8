"""Zebra notation: cells, actions, position text and diagrams."""

from __future__ import annotations

import pytest

from pyengine.core.errors import NotationError
from pyengine.games.zebra import (
    ZEBRA,
    Cell,
    Move,
    Place,
    Position,
    Remove,
    format_diagram,
    format_position,
    parse_action,
    parse_cell,
    parse_position,
)
from pyengine.games.zebra.notation import parse_diagram_board

# -- cells ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cell"),
    [("a1", Cell(0, 0)), ("C2", Cell(2, 1)), ("j10", Cell(9, 9)), (" d4 ", Cell(3, 3))],
)
def test_cells_parse_case_insensitively(text, cell):
    assert parse_cell(text) == cell
    assert Cell.parse(text) == cell


def test_cell_text_forms():
    cell = Cell(2, 1)
    assert str(cell) == "c2"
    assert repr(cell) == "Cell.parse('c2')"
    assert eval(repr(cell)) == cell
    assert cell.index(4) == 6 and Cell.from_index(6, 4) == cell


def test_cells_sort_by_file_then_rank():
    cells = [Cell.parse(text) for text in ("b1", "a10", "a2", "a1", "c3", "a9")]
    assert [str(cell) for cell in sorted(cells)] == ["a1", "a2", "a9", "a10", "b1", "c3"]


@pytest.mark.parametrize("text", ["k1", "a0", "a11", "", "a01", "1a", "c", "ı1", "c²", "cc2"])  # noqa: RUF001 (a look-alike on purpose)
def test_bad_cells_are_notation_errors(text):
    with pytest.raises(NotationError) as raised:
        parse_cell(text)
    assert raised.value.code == "notation.cell"
    assert raised.value.params["text"] == text


def test_cells_can_be_checked_against_a_board():
    assert parse_cell("d4", size=4) == Cell(3, 3)
    with pytest.raises(NotationError) as raised:
        parse_cell("e1", size=4)
    assert raised.value.code == "notation.off-board"
    assert "e1 is not on the 4x4 board (files a-d, ranks 1-4)" in str(raised.value)


def test_cell_values_are_checked():
    with pytest.raises(ValueError):
        Cell(10, 0)
    with pytest.raises(ValueError):
        Cell(-1, 0)


# -- actions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action", "canonical"),
    [
        ("c2-d2", Move(Cell(2, 1), Cell(3, 1)), "c2-d2"),
        ("C2-D2", Move(Cell(2, 1), Cell(3, 1)), "c2-d2"),
        ("a10-a9", Move(Cell(0, 9), Cell(0, 8)), "a10-a9"),
        ("@c2", Place(Cell(2, 1)), "@c2"),
        ("@C2", Place(Cell(2, 1)), "@c2"),
        ("xc3", Remove(Cell(2, 2)), "xc3"),
        ("x c3", Remove(Cell(2, 2)), "xc3"),
        ("X C3", Remove(Cell(2, 2)), "xc3"),
        ("  b2-b3\n", Move(Cell(1, 1), Cell(1, 2)), "b2-b3"),
    ],
)
def test_actions_parse_and_format(text, action, canonical):
    parsed = parse_action(text)
    assert parsed == action
    assert str(parsed) == canonical
    assert parse_action(str(parsed)) == parsed
    assert type(parsed).parse(canonical) == parsed
    assert eval(repr(parsed)) == parsed


def test_action_reprs_are_parse_calls():
    assert repr(Move.parse("c2-d2")) == "Move.parse('c2-d2')"
    assert repr(Place.parse("@a1")) == "Place.parse('@a1')"
    assert repr(Remove.parse("xe5")) == "Remove.parse('xe5')"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "c2d2",
        "c2 - d2",
        "c2-",
        "-d2",
        "@",
        "x",
        "pass",
        "c2-d2-e2",
        "@ c2",
        "xx1",
        "c2–d2",
        "c2_d2",
        "@c2c3",
    ],
)
def test_bad_actions_are_notation_errors(text):
    with pytest.raises(NotationError) as raised:
        parse_action(text)
    assert raised.value.code == "notation.action"
    assert "is not a Zebra action" in str(raised.value)


def test_action_classes_parse_only_their_kind():
    with pytest.raises(NotationError):
        Move.parse("@c2")
    with pytest.raises(NotationError):
        Place.parse("xc2")
    with pytest.raises(NotationError):
        Remove.parse("c2-c3")


def test_actions_are_checked_against_the_state_board():
    state = ZEBRA.new_initial_state()
    assert ZEBRA.parse_action("d4-d3", state) == Move.parse("d4-d3")
    with pytest.raises(NotationError) as raised:
        ZEBRA.parse_action("e4-d4", state)
    assert raised.value.code == "notation.off-board"
    assert ZEBRA.parse_action("e4-d4") == Move(Cell(4, 3), Cell(3, 3))  # no state: no board


def test_parse_action_rejects_non_text():
    with pytest.raises(NotationError):
        parse_action(12)  # type: ignore[arg-type]


def test_actions_are_hashable_frozen_and_ordered():
    move = Move.parse("c2-d2")
    with pytest.raises(AttributeError):
        move.source = Cell(0, 0)  # type: ignore[misc]
    assert len({move, Move.parse("C2-D2"), Place.parse("@c2")}) == 2
    assert sorted([Move.parse("b1-a1"), Move.parse("a2-b2"), Move.parse("a2-a3")]) == [
        Move.parse("a2-a3"),
        Move.parse("a2-b2"),
        Move.parse("b1-a1"),
    ]
    assert move != Place.parse("@c2")


# -- position text ----------------------------------------------------------------------

START_4 = "W1 B1 W1 B1/B1 W1 B1 W1/W1 B1 W1 B1/B1 W1 B1 W1 w movement 0"


def test_start_position_text():
    assert ZEBRA.new_initial_state().position_text() == START_4


@pytest.mark.parametrize(
    "options",
    [
        {"size": 4},
        {"size": 5, "setup": "hole"},
        {"size": 5, "setup": "neutral"},
        {"size": 3, "setup": "remove"},
        {"size": 5, "setup": "placement"},
        {"size": 10},
    ],
)
def test_position_text_round_trips(options):
    state = ZEBRA.new_initial_state(options)
    text = state.position_text()
    assert format_position(parse_position(text)) == text
    assert parse_position(text) == state.position()


def test_position_text_reads_compact_and_lowercase_forms():
    compact = "w1b1w1b1/b1w1b1w1/w1b1w1b1/b1w1b1w1 W"
    assert parse_position(compact) == parse_position(START_4)
    neutral = parse_position("B1W1B1/W1nW2W1/B1W1B1 b")
    assert neutral.neutral == 4 and neutral.cells[4] == 2 and neutral.to_move == 1
    assert neutral.phase == "movement" and neutral.movement_plies == 0


def test_position_text_fields():
    position = parse_position("B1 # W2/. n B1/W1 . B1 b placement")
    assert position.size == 3
    assert position.holes == {7}
    assert position.neutral == 4
    assert position.cells == (1, 0, -1, 0, 0, -1, -1, 0, 2)
    assert (position.to_move, position.phase, position.movement_plies) == (1, "placement", 0)
    assert parse_position("B1 . W2/. n B1/W1 . B1 w movement 17").movement_plies == 17


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "side to move"),
        ("W1 B1/B1 W1 w", "3 to 10 ranks"),
        ("W1 B1 W1/B1 W1/W1 B1 W1 w", "rank 2 has 2 cells instead of 3"),
        ("W1 B1 X1/B1 W1 B1/W1 B1 W1 w", "cannot read"),
        ("W0 B1 W1/B1 W1 B1/W1 B1 W1 w", "cannot read"),
        ("W1 n W1/B1 n B1/W1 B1 W1 w", "only one neutral base"),
        ("W10 B1 W1/B1 W1 B1/W1 B1 W1 w", "taller"),
        ("W1 B1 W1/B1 W1 B1/W1 B1 W1 w dancing", "phase"),
        ("W1 B1 W1/B1 W1 B1/W1 B1 W1 w movement -1", "ply count"),
        ("W1 B1 W1/B1 W1 B1/W1 B1 W1 w movement 01", "ply count"),
        ("W1 B1 W1/B1 W1 B1/W1 B1 W1 w movement 1 2", "unexpected text"),
        ("W1 B1 W1/B1 W1 B1/W1 B1 W1/ w", "rank 4 has 3 cells instead of 4"),
    ],
)
def test_bad_position_texts(text, fragment):
    with pytest.raises(NotationError) as raised:
        parse_position(text)
    assert raised.value.code == "notation.position"
    assert fragment in str(raised.value)


# -- diagrams ---------------------------------------------------------------------------


def test_diagram_format_matches_the_spec_layout():
    state = ZEBRA.new_initial_state({"size": 5, "setup": "hole"})
    assert state.diagram() == (
        "5 B1 W1 B1 W1 B1\n"
        "4 W1 B1 W1 B1 W1\n"
        "3 B1 W1 #  W1 B1\n"
        "2 W1 B1 W1 B1 W1\n"
        "1 B1 W1 B1 W1 B1\n"
        "  a  b  c  d  e"
    )


def test_diagrams_round_trip_with_wide_tokens_and_big_boards():
    position = Position(
        size=10,
        cells=(*((index % 7) - 3 for index in range(99)), 12),
        holes=frozenset(),
        neutral=None,
        to_move=0,
    )
    diagram = format_diagram(position)
    assert diagram.splitlines()[0].startswith("10 W3  B3  B2")
    assert diagram.splitlines()[0].endswith(" W12")
    assert diagram.splitlines()[-1].startswith("   a   b")
    assert parse_diagram_board(diagram) == position


@pytest.mark.parametrize(
    "text",
    [
        "",
        "3 W1 B1 W1\n  a  b  c",
        "3 W1 B1 W1\n2 B1 W1 B1\n1 W1 B1 W1\n  a  b  d",
        "3 W1 B1 W1\n1 B1 W1 B1\n2 W1 B1 W1\n  a  b  c",
        "3 W1 B1 W1\n2 B1 W1\n1 W1 B1 W1\n  a  b  c",
    ],
)
def test_bad_diagrams(text):
    with pytest.raises(NotationError):
        parse_diagram_board(text)
