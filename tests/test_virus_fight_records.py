"""Virus Fight records (§8.2): round trips, lenient reading and bad records."""

from __future__ import annotations

import pytest

from pyengine.core.errors import RecordError
from pyengine.games.virus_fight import VIRUS_FIGHT
from test_virus_fight_examples import SAMPLE_RECORD


def test_lenient_reading():
    text = (
        "# a comment\n\nvirusfight 1\nPLAYERS  2\nsize\t5\nseed 0\n"
        "setup 1 c1:e3 b1:w2 @B1\nsetup 2 d5:E2 c5:M1 @d5\n\n# play\n"
        + "\n".join(SAMPLE_RECORD.splitlines()[6:-1])
        + "\n"
    )
    state = VIRUS_FIGHT.read_record(text)  # no result line: optional
    assert state.is_terminal()
    assert VIRUS_FIGHT.write_record(state) == SAMPLE_RECORD


def test_unfinished_and_mid_turn_records_round_trip():
    lines = SAMPLE_RECORD.splitlines()
    for end in range(1, len(lines)):
        text = "\n".join(lines[:end]) + "\n"
        if end < 4:
            with pytest.raises(RecordError):
                VIRUS_FIGHT.read_record(text)
            continue
        state = VIRUS_FIGHT.read_record(text)
        assert VIRUS_FIGHT.read_record(VIRUS_FIGHT.write_record(state)) == state
    state = VIRUS_FIGHT.read_record("\n".join(lines[:7]) + "\n")
    state.apply("+W3@b2")  # a turn in progress is saved as its effect
    written = VIRUS_FIGHT.write_record(state)
    assert written.splitlines()[-1] == "1.1 W2 +W3@b2"
    assert VIRUS_FIGHT.read_record(written) == state


def test_stop_record():
    state = VIRUS_FIGHT.read_record("\n".join(SAMPLE_RECORD.splitlines()[:7]) + "\n")
    assert state.can_propose_stop() and state.to_act == 0
    state.apply("stop")
    assert state.decision == "stop-vote" and state.current_player() == 1
    assert [str(a) for a in state.legal_actions()] == ["accept", "decline"]
    state.apply("accept")
    result = state.result()
    assert result.ending == "agreement" and result.winners == (1,) and result.reason == "pips"
    written = VIRUS_FIGHT.write_record(state)
    assert written.splitlines()[-2:] == ["1.1 stop", "result win 2 agreement"]
    assert VIRUS_FIGHT.read_record(written) == state


@pytest.mark.parametrize(
    ("change", "line", "code"),
    [
        (("VirusFight 1", "VirusFight 2"), 1, "record.bad-header"),
        (("players 2", "players 6"), 2, "record.bad-header"),
        (("size 5\n", "size 12\n"), 3, "record.bad-header"),
        (("seed 0", "seed x"), 4, "record.bad-header"),
        (("setup 1 b1:W2 c1:E3 @b1", "setup 1 b1:W2 c2:E3 @b1"), 5, "record.bad-setup"),
        (("setup 2 c5:M1", "setup 1 c5:M1"), 6, "record.bad-setup"),
        (("1.2 E2 x- @c5", "1.1 E2 x- @c5"), 7, "record.wrong-turn"),
        (("1.1 W2 +W3", "1.1 E2 +W3"), 8, "record.wrong-instruction"),
        (("2.1 W3 +W1@b3", "2.1 W3 +W1@d3"), 9, "record.illegal-action"),
        (("4.2 M1 - @-", "4.2 M1 - @c5"), 14, "record.wrong-automatic"),
        (("3.2 E2 x- @c5", "3.2 E2 - @c5"), 11, "record.wrong-automatic"),
        (("result win 1", "result win 2"), 15, "record.wrong-result"),
        (
            ("result win 1 elimination", "result win 1 elimination\n5.1 E2 x- @b4"),
            16,
            "record.text-after-result",
        ),
    ],
)
def test_bad_records_name_line_and_turn(change: tuple[str, str], line: int, code: str):
    text = SAMPLE_RECORD.replace(*change)
    assert text != SAMPLE_RECORD
    with pytest.raises(RecordError) as raised:
        VIRUS_FIGHT.read_record(text)
    assert raised.value.code == code, raised.value
    assert raised.value.line == line
    assert str(raised.value).startswith(f"line {line}")


def test_turn_after_the_end():
    text = SAMPLE_RECORD.replace("result win 1 elimination\n", "5.1 E2 x- @b4\n")
    with pytest.raises(RecordError) as raised:
        VIRUS_FIGHT.read_record(text)
    assert raised.value.code == "record.turn-after-end"
    assert "turn 5.1" in str(raised.value)
