"""Zebra game records (zebra.md §7): canonical writing, lenient reading, precise errors."""

from __future__ import annotations

import pytest

from pyengine.core.errors import EngineError, RecordError
from pyengine.games.zebra import ZEBRA, parse_diagram, parse_record, write_record
from zebra_support import replay, texts

EX3_RECORD = """\
[Game "Zebra"]
[Size "4"]
[Setup "standard"]
[Movement "step"]
[Result "1-0"]

1. b1-c1 c3-c4
2. a4-b4 c4-b4
3. c2-d2 b2-b3
4. c4-d4 a1-a2
1-0
"""

BLACK_STUCK_RECORD = """\
[Game "Zebra"]
[Size "3"]
[Setup "standard"]
[Movement "step"]
[Result "1-0"]

1. b1-c1 b2-a2
2. b3-c3
1-0
"""


# -- writing ----------------------------------------------------------------------------


def test_canonical_record_of_a_finished_game():
    state = replay("1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2")
    assert write_record(state) == EX3_RECORD
    assert ZEBRA.write_record(state) == EX3_RECORD


def test_the_last_number_may_hold_whites_ply_alone():
    state = replay("1. b1-c1 b2-a2 2. b3-c3", size=3)
    assert state.is_terminal()
    assert write_record(state) == BLACK_STUCK_RECORD
    assert ZEBRA.read_record(BLACK_STUCK_RECORD) == state


def test_canonical_record_with_a_removal_and_an_unfinished_game():
    state = replay("xa1 1. a2-b2 a3-b3 2. c2-c3", size=5, setup="remove", movement="jump")
    assert write_record(state) == (
        '[Game "Zebra"]\n[Size "5"]\n[Setup "remove"]\n[Movement "jump"]\n[Result "*"]\n'
        "\nxa1\n1. a2-b2 a3-b3\n2. c2-c3\n*\n"
    )


def test_canonical_record_of_an_empty_game():
    state = ZEBRA.new_initial_state({"size": 5, "setup": "placement"})
    assert write_record(state) == (
        '[Game "Zebra"]\n[Size "5"]\n[Setup "placement"]\n[Movement "step"]\n[Result "*"]\n\n*\n'
    )


def test_games_from_a_given_position_have_no_record():
    state = parse_diagram("3 .  .  B1\n2 .  B5 W3\n1 .  .  .\n  a  b  c", to_move="b")
    with pytest.raises(EngineError) as raised:
        write_record(state)
    assert raised.value.code == "record.custom-start"


# -- reading ----------------------------------------------------------------------------


def test_reading_replays_the_canonical_record():
    state = ZEBRA.read_record(EX3_RECORD)
    assert state == replay("1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2")
    assert write_record(state) == EX3_RECORD


@pytest.mark.parametrize(
    "text",
    [
        "1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2",
        "1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2 1-0",
        "   \n\n1. B1-C1 C3-C4\n2. A4-B4\nc4-b4 3.\tc2-d2 b2-b3 4. c4-d4\n\na1-a2\n1-0\n\n  ",
        '[game "ZEBRA"] [size "4"]\n1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2',
        (
            '[Event "Club night"]\n[Game "Zebra"]\n[Result "1-0"]\n[Round "3"]\n\n'
            "1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2 1-0"
        ),
        EX3_RECORD.replace("\n", "\r\n"),
        '[Setup "STANDARD"]\n[Movement "Step"]\n' + EX3_RECORD.split("\n\n", 1)[1],
    ],
)
def test_lenient_reading(text):
    assert write_record(ZEBRA.read_record(text)) == EX3_RECORD


def test_unknown_tags_are_kept_and_ignored():
    parsed = parse_record('[Event "Club night"]\n[Size "3"]\n[Round "3"]\n\n1. a2-a1\n')
    assert [(tag.key, tag.value, tag.line) for tag in parsed.unknown_tags] == [
        ("Event", "Club night", 1),
        ("Round", "3", 3),
    ]
    assert [tag.key for tag in parsed.tags] == ["Event", "Size", "Round"]
    assert texts(parsed.state.history) == ["a2-a1"]


@pytest.mark.parametrize("removal", ["xa1", "XA1", "x a1", "X A1", "x\na1"])
def test_removal_spellings(removal):
    state = ZEBRA.read_record(f'[Size "5"] [Setup "remove"]\n{removal}\n1. a2-b2\n')
    assert texts(state.history) == ["xa1", "a2-b2"]


def test_placement_record_numbering_runs_on_into_movement():
    text = (
        '[Setup "placement"]\n1. @b2 @c3 2. @c2 @b3 3. @a1 @d4 4. @d1 @a4 5. @a2 @a3 '
        "6. @b1 @c1 7. @d2 @d3 8. @b4 @c4 9. a2-a3"
    )
    state = ZEBRA.read_record(text)
    assert len(state.history) == 17 and state.phase == "movement"
    assert write_record(state).splitlines()[-2] == "9. a2-a3"


def test_tags_may_use_escaped_quotes():
    parsed = parse_record('[Event "The \\"big\\" one"]\n1. c2-d2')
    assert parsed.unknown_tags[0].value == 'The "big" one'


# -- errors -----------------------------------------------------------------------------

HEADER = '[Game "Zebra"]\n[Size "4"]\n[Setup "standard"]\n[Movement "step"]\n\n'  # 5 lines


@pytest.mark.parametrize(
    ("text", "line", "ply", "code", "fragment"),
    [
        ('[Size "4"]\n[Size "5"]\n', 2, None, "record.duplicate-tag", "duplicate tag Size"),
        ('[Size "4"]\n[size "4"]\n', 2, None, "record.duplicate-tag", "duplicate tag size"),
        ('[Game "Chess"]\n1. c2-d2', 1, None, "record.wrong-game", "not a Zebra record"),
        ('[Game "Zebra"]\n[Size "04"]\n', 2, None, "record.bad-tag", "bad Size tag"),
        ('[Size "11"]\n', 1, None, "record.bad-tag", "integers 3..10"),
        ('[Size "four"]\n', 1, None, "record.bad-tag", "bad Size tag"),
        ('[Size "4"]\n[Setup "hole"]\n', 2, None, "record.bad-tag", "impossible options"),
        ('[Setup "hole"]\n', 1, None, "record.bad-tag", "allowed sizes are 3, 5, 7, 9"),
        ('[Setup "swamp"]\n', 1, None, "record.bad-tag", "standard, hole, remove"),
        ('\n[Movement "fly"]\n', 2, None, "record.bad-tag", "step, jump"),
        ('[Result "1/2-1/2"]\n', 1, None, "record.bad-tag", "Result tag must be"),
        ("[Size 4]\n", 1, None, "record.malformed-tag", "malformed tag"),
        ('[Size "4"\n', 1, None, "record.malformed-tag", "malformed tag"),
        ('1. c2-d2\n[Size "4"]\n', 2, None, "record.misplaced-tag", "before the moves"),
        ('1. c2-d2 "b2-d2"', 1, None, "record.unexpected-character", "unexpected character"),
        (
            HEADER + "1. c2-d2 b2-b1\n3. d3-d4\n",
            7,
            None,
            "record.bad-number",
            "expected the move number 2.",
        ),
        (HEADER + "c2-d2 b2-b1\n", 6, None, "record.bad-number", "found 'c2-d2'"),
        (HEADER + "1.c2-d2\n", 6, None, "record.bad-number", "followed by a space"),
        (HEADER + "0. c2-d2\n", 6, None, "record.bad-number", "move number 1."),
        (HEADER + "1. c2-d2 a1-b1\n2.\n", 7, "2.", "record.missing-ply", "holds no ply"),
        (HEADER + "1. 2. c2-d2\n", 6, "1.", "record.missing-ply", "holds no ply"),
        (
            HEADER + "1. c2-d2\n2. d2-c1\n",
            7,
            "1...",
            "record.missing-ply",
            "Black's ply is missing",
        ),
        (
            HEADER + "1. c2-d2 a1-b1\n2. d2-c1 b2-c2\n",
            7,
            "2...",
            "record.illegal-ply",
            "b2-c2 is illegal: c2 is empty",
        ),
        (
            HEADER + "1. c2-d2 a1-b1\n2. d2-d9\n",
            7,
            "2.",
            "record.illegal-ply",
            "not on the 4x4 board",
        ),
        (HEADER + "1. c2-d2 a1-b1\n2. pass\n", 7, "2.", "record.illegal-ply", "not a Zebra action"),
        (
            HEADER + "1. c2-d2 a1-b1 1-0\n",
            6,
            None,
            "record.wrong-result",
            "the result says 1-0 but the replayed game gives *",
        ),
        (
            '[Result "0-1"]\n' + EX3_RECORD.split("\n\n", 1)[1],
            1,
            None,
            "record.wrong-result",
            "the Result tag says 0-1 but the replayed game gives 1-0",
        ),
        (
            HEADER + "1. c2-d2 * 2. a2-b2\n",
            6,
            None,
            "record.text-after-result",
            "nothing may follow the result",
        ),
        (HEADER + "1. c2-d2 a1-b1 1/2-1/2\n", 6, None, "record.bad-number", "1/2-1/2"),
        (
            '[Size "5"]\n[Setup "remove"]\n\n1. a2-b2\n',
            4,
            "1.",
            "record.illegal-ply",
            "Black must first remove one of its pieces",
        ),
        (
            '[Size "5"]\n[Setup "remove"]\n\nxb1\n',
            4,
            "removal",
            "record.illegal-ply",
            "Black removes one of its own pieces",
        ),
        (
            '[Size "5"]\n[Setup "remove"]\n\nx\n',
            4,
            "removal",
            "record.illegal-ply",
            "not a Zebra action",
        ),
        (
            HEADER + "xa1 1. c2-d2\n",
            6,
            "removal",
            "record.illegal-ply",
            "setup standard has no removal",
        ),
        (
            HEADER + "1. c2-d2 xa1\n",
            6,
            "1...",
            "record.illegal-ply",
            "setup standard has no removal",
        ),
    ],
)
def test_bad_records(text, line, ply, code, fragment):
    with pytest.raises(RecordError) as raised:
        ZEBRA.read_record(text)
    error = raised.value
    assert (error.line, error.ply, error.code) == (line, ply, code), str(error)
    assert fragment in str(error)
    assert error.params["line"] == line
    assert str(error).startswith(f"line {line}")


def test_an_illegal_ply_message_names_line_move_and_rule():
    text = HEADER + "1. c2-d2 a1-b1\n2. d2-c1 b2-c2\n"
    with pytest.raises(RecordError) as raised:
        ZEBRA.read_record(text)
    assert str(raised.value) == (
        "line 7, move 2...: b2-c2 is illegal: c2 is empty, and an emptied cell is never "
        "entered (move rule)."
    )
    assert raised.value.cause is not None and raised.value.cause.code == "zebra.target-empty"
    assert raised.value.params["reason_code"] == "zebra.target-empty"


def test_plies_after_the_end_are_refused():
    text = EX3_RECORD.replace("1-0\n", "5. d1-d2\n")
    with pytest.raises(RecordError) as raised:
        ZEBRA.read_record(text)
    error = raised.value
    assert (error.line, error.ply, error.code) == (11, "5.", "record.illegal-ply")
    assert error.cause is not None and error.cause.code == "zebra.game-over"


def test_repetition_is_refused_in_records():
    # from the 3x3 start, 4. c1-b2 would recreate the position after 2... b3-c2
    moves = "1. a2-a1 a3-b3\n2. b1-b2 b3-c2\n3. b2-c1 c2-b3\n"
    state = ZEBRA.read_record('[Size "3"]\n\n' + moves)
    assert "c1-b2" not in texts(state.legal_actions())
    with pytest.raises(RecordError) as raised:
        ZEBRA.read_record('[Size "3"]\n\n' + moves + "4. c1-b2\n")
    error = raised.value
    assert (error.line, error.ply, error.code) == (6, "4.", "record.illegal-ply")
    assert error.cause is not None and error.cause.code == "zebra.repetition"
    assert str(error) == (
        "line 6, move 4.: c1-b2 is illegal: it would repeat an earlier position (repetition rule)."
    )


def test_a_record_must_be_text():
    with pytest.raises(RecordError):
        ZEBRA.read_record(None)  # type: ignore[arg-type]
    with pytest.raises(RecordError) as raised:
        ZEBRA.read_record('[Size "3"]\n\n1. a2-a1 ]')
    assert raised.value.line == 3
