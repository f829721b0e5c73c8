"""Virus War game records (virus-war.md §8) and JSON state documents: canonical writing,
lenient reading, and a precise RecordError (line and turn) for every kind of bad record."""

from __future__ import annotations

import json
import random

import pytest

from pyengine.core.errors import EngineError, RecordError, StateFormatError
from pyengine.games.virus_war import (
    VIRUS_WAR,
    VirusWarState,
    parse_diagram,
    parse_record,
    write_record,
)

WON = """\
[Game "Virus War"]
[Size "6"]
[Variant "standard"]
[Result "1-0"]
[Termination "elimination"]

1. a1-b2-c3 f6-e5-d4
2. d4-e5-f6
1-0
"""

DRAWN = """\
[Game "Virus War"]
[Size "6"]
[Variant "standard"]
[Result "1/2-1/2"]
[Termination "double-pass"]

1. a1-b2-c3 pass
2. pass
1/2-1/2
"""


def play(*turns: str, **options: object) -> VirusWarState:
    state = VIRUS_WAR.new_initial_state({"size": 6, **options})
    for turn in turns:
        for text in turn.split("-") if turn != "pass" else ["pass"]:
            state.apply(text)
    return state


def record_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as raised:
        VIRUS_WAR.read_record(text)
    return raised.value


# -- writing ---------------------------------------------------------------------------------


def test_canonical_records_of_finished_games():
    won = play("a1-b2-c3", "f6-e5-d4", "d4-e5-f6")
    assert write_record(won) == VIRUS_WAR.write_record(won) == WON
    drawn = play("a1-b2-c3", "pass", "pass")
    assert write_record(drawn) == DRAWN
    last = play("a1-b2-c3", "pass", "pass", variant="last-move-wins")
    assert write_record(last).splitlines()[2:5] == [
        '[Variant "last-move-wins"]',
        '[Result "1-0"]',
        '[Termination "double-pass"]',
    ]


def test_canonical_records_of_unfinished_games():
    empty = VIRUS_WAR.new_initial_state()
    assert write_record(empty) == (
        '[Game "Virus War"]\n[Size "10"]\n[Variant "standard"]\n[Result "*"]\n\n*\n'
    )
    in_turn = play("a1-b2-c3", "f6-e5")  # O is in the middle of its turn
    text = write_record(in_turn)
    assert text.endswith("\n1. a1-b2-c3 f6-e5\n*\n")
    again = VIRUS_WAR.read_record(text)
    assert again == in_turn and again.legal_actions() == in_turn.legal_actions()


def test_games_from_a_position_have_no_record():
    state = parse_diagram(
        "6 ......\n5 ......\n4 ......\n3 ......\n2 ......\n1 X.....\n  a b c d e f", to_move="o"
    )
    with pytest.raises(EngineError) as raised:
        write_record(state)
    assert raised.value.code == "record.custom-start"


# -- lenient reading -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        WON,
        WON.replace("\n1-0\n", "\n"),  # the result token is optional
        '[Size "6"] 1. a1-b2-c3 f6-e5-d4 2. d4-e5-f6 1-0',  # inline, default tags
        '[size "6"]\n[RESULT "1-0"]\n\n  1.  A1-B2-C3\n  F6-E5-D4\n2.\nd4-e5-f6\n\n',
        '[Game "virus war"] [Size "6"] [Variant "STANDARD"] 1. a1-b2-c3 f6-e5-d4 2. d4-e5-f6',
        '[Size "6"] [Event "Club night"] [Round "3"] 1. a1-b2-c3 f6-e5-d4 2. d4-e5-f6 1-0',
        '[Size "6"] [termination "Elimination"] 1. a1-b2-c3 f6-e5-d4 2. d4-e5-f6',
    ],
)
def test_lenient_reading(text):
    state = VIRUS_WAR.read_record(text)
    assert state == play("a1-b2-c3", "f6-e5-d4", "d4-e5-f6")
    assert write_record(state) == WON


def test_pass_spellings_j_for_k_and_unknown_tags_kept():
    parsed = parse_record('[Event "x"]\n1. A1-B2-C3 -- 2. D4-e5-E4 J10-J9')
    assert parsed.state.turn_texts() == ["a1-b2-c3", "pass", "d4-e5-e4", "k10-k9"]
    assert parsed.state.turn_steps == (99, 89)  # O's turn is still in progress
    assert [tag.key for tag in parsed.unknown_tags] == ["Event"]
    assert [tag.line for tag in parsed.tags] == [1]


def test_reading_the_draw_and_last_move_wins():
    assert VIRUS_WAR.read_record(DRAWN).result().is_draw
    last = VIRUS_WAR.read_record(
        DRAWN.replace("standard", "last-move-wins").replace("1/2-1/2", "1-0")
    )
    assert last.result().winners == (0,)


# -- bad records -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "line", "turn", "fragment"),
    [
        ('[Size "6"]\n[size "7"]\n', "record.duplicate-tag", 2, None, "duplicate tag size"),
        ('[Game "Zebra"]\n', "record.wrong-game", 1, None, "not a Virus War record"),
        ('[Size "08"]\n', "record.bad-tag", 1, None, "bad Size tag"),
        ('[Size "5"]\n', "record.bad-tag", 1, None, "bad Size tag"),
        ('[Size "15"]\n', "record.bad-tag", 1, None, "bad Size tag"),
        ('[Variant "bugs"]\n', "record.bad-tag", 1, None, "bad Variant tag"),
        ('[Result "2-0"]\n', "record.bad-tag", 1, None, "Result tag must be"),
        ('[Termination "resign"]\n', "record.bad-tag", 1, None, "Termination tag must be"),
        ("[Size 6]\n", "record.malformed-tag", 1, None, "malformed tag"),
        ('[Size "6"]\n\n2. a1-b2-c3', "record.bad-number", 3, None, "expected the turn number 1."),
        ('[Size "6"]\n\n1.a1-b2-c3', "record.bad-number", 3, None, "expected the turn number 1."),
        (
            '[Size "6"]\n\n1. a1-b2-c3\n2. d4',
            "record.missing-turn",
            4,
            "1...",
            "O's turn is missing",
        ),
        ('[Size "6"]\n\n1.', "record.missing-turn", 3, "1.", "holds no turn"),
        (
            '[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4\n2. d4-e5-a6',
            "record.illegal-step",
            4,
            "2.",
            "reach rule",
        ),
        ('[Size "6"]\n\n1. a1-b2-c3 f6-e5-e5', "record.illegal-step", 3, "1...", "step rule"),
        ('[Size "6"]\n\n1. b2-a1-c3', "record.illegal-step", 3, "1.", "first-step rule"),
        ('[Size "6"]\n\n1. a1-b2-zz', "record.bad-turn", 3, "1.", "not a turn"),
        ('[Size "6"]\n\n1. a1-b2-g7', "record.bad-turn", 3, "1.", "not on the 6x6 board"),
        ('[Size "6"]\n\n1. a1-b2 pass', "record.wrong-step-count", 3, "1.", "M = 3"),
        ('[Size "6"]\n\n1. a1-b2-c3-d4', "record.wrong-step-count", 3, "1.", "M = 3"),
        (
            '[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4\n2. d4-e5-f6-c2',
            "record.wrong-step-count",
            4,
            "2.",
            "the game ended after step 3",
        ),
        ('[Size "6"]\n\n1. a1-b2 1-0', "record.wrong-step-count", 3, "1.", "M = 3"),
        ('[Size "6"] [Result "1-0"]\n\n1. a1-b2', "record.wrong-step-count", 3, "1.", "M = 3"),
        (
            '[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4\n2. d4-e5-f6 pass',
            "record.turn-after-end",
            4,
            "2...",
            "already over",
        ),
        ('[Size "6"]\n\n1. pass pass\n2. pass', "record.turn-after-end", 4, "2.", "already over"),
        (
            '[Size "6"]\n\n1. a1-b2-c3 pass\n0-1',
            "record.wrong-result",
            4,
            None,
            "result says 0-1 but the replayed game gives *",
        ),
        (
            '[Size "6"]\n[Result "1-0"]\n\n1. pass pass',
            "record.wrong-result",
            2,
            None,
            "Result tag says 1-0 but the replayed game gives 1/2-1/2",
        ),
        (
            '[Size "6"]\n[Termination "double-pass"]\n\n1. a1-b2-c3',
            "record.wrong-result",
            2,
            None,
            "gives none",
        ),
        (
            '[Size "6"]\n[Termination "elimination"]\n\n1. pass pass',
            "record.wrong-result",
            2,
            None,
            "gives double-pass",
        ),
        (
            '[Size "6"]\n\n1. pass pass *\n2. a1',
            "record.text-after-result",
            4,
            None,
            "nothing may follow",
        ),
        (
            '[Size "6"]\n\n1. a1-b2-c3\n[Result "*"]',
            "record.misplaced-tag",
            4,
            None,
            "before the moves",
        ),
    ],
)
def test_bad_records(text, code, line, turn, fragment):
    error = record_error(text)
    assert error.code == code
    assert error.line == line and error.params["line"] == line
    assert error.ply == turn
    if turn is not None:
        assert str(error).startswith(f"line {line}, turn {turn}: ")
        assert error.params["turn"] == turn
    else:
        assert str(error).startswith(f"line {line}: ")
    assert fragment in str(error), str(error)


def test_illegal_steps_keep_the_rule_code():
    error = record_error('[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4\n2. d4-e5-a6')
    assert error.params["reason_code"] == "virus-war.not-accessible"
    assert isinstance(error.cause, EngineError)
    with pytest.raises(RecordError):
        VIRUS_WAR.read_record(None)  # type: ignore[arg-type]


# -- JSON state documents ----------------------------------------------------------------------


def test_json_document_shape_and_round_trip():
    state = play("a1-b2-c3", "pass", "d4")
    document = state.to_json()
    assert document == {
        "format": "virus-games/state",
        "version": 1,
        "game": "virus-war",
        "options": {"size": 6, "variant": "standard"},
        "start": None,
        "actions": ["a1", "b2", "c3", "pass", "d4"],
    }
    loaded = VIRUS_WAR.state_from_json(json.loads(json.dumps(document)))
    assert loaded == state and loaded.history == state.history
    assert loaded.turn_texts() == ["a1-b2-c3", "pass", "d4"]


def test_json_from_a_position():
    start = "....../....../....../..X.../.X..../X..... o 0 x -/3 1"
    state = VIRUS_WAR.from_position(start)
    for text in ("f6", "e5"):
        state.apply(text)
    document = state.to_json()
    assert document["start"] == start
    loaded = VIRUS_WAR.state_from_json(document)
    assert loaded == state and loaded.turn_texts() == ["f6-e5"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"actions": ["a1", "pass"]}, "actions[1]"),
        ({"actions": ["b2"]}, "actions[0]"),
        ({"actions": ["zz"]}, "actions[0]"),
        ({"options": {"size": 5}}, "options.size"),
        ({"start": "....../...... x"}, "start"),
        ({"game": "zebra"}, "game"),
    ],
)
def test_bad_json_documents_name_the_field(change, field):
    document = {**VIRUS_WAR.new_initial_state({"size": 6}).to_json(), **change}
    with pytest.raises(StateFormatError) as raised:
        VIRUS_WAR.state_from_json(document)
    assert raised.value.field == field


def test_records_and_json_round_trip_in_random_games():
    rng = random.Random(9)
    for game in range(40):
        state = VIRUS_WAR.new_initial_state(
            {"size": 6 + game % 3, "variant": ("standard", "last-move-wins")[game % 2]}
        )
        stop = rng.randrange(200)
        while not state.is_terminal() and len(state.history) < stop:
            state.apply_unchecked(rng.choice(state.legal_actions()))
        for copy in (
            VIRUS_WAR.read_record(write_record(state)),
            VIRUS_WAR.state_from_json(json.loads(json.dumps(state.to_json()))),
        ):
            assert copy == state and copy.history == state.history
            assert copy.turn_texts() == state.turn_texts()
            assert copy.legal_actions() == state.legal_actions()
            assert copy.result() == state.result()
