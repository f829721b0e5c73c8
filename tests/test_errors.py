"""The error classes: hierarchy, codes, params and messages."""

from __future__ import annotations

import json

import pytest

import pyengine
from pyengine.core.errors import (
    EngineError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    StateFormatError,
    UnknownGameError,
)
from pyengine.games.zebra import ZEBRA


@pytest.mark.parametrize(
    ("error_class", "code"),
    [
        (EngineError, "engine.error"),
        (OptionError, "option.invalid"),
        (UnknownGameError, "game.unknown"),
        (NotationError, "notation.invalid"),
        (IllegalActionError, "action.illegal"),
    ],
)
def test_hierarchy_and_default_codes(error_class, code):
    error = error_class("Something is wrong.")
    assert isinstance(error, EngineError) and isinstance(error, ValueError)
    assert error.code == code and error.params == {}
    assert str(error) == "Something is wrong."


def test_params_are_copied_and_json_able():
    params = {"action": "c2-d2"}
    error = IllegalActionError("c2-d2 is illegal: ... (move rule).", code="zebra.x", params=params)
    params["action"] = "changed"
    assert error.params == {"action": "c2-d2"}
    document = error.to_json()
    assert json.loads(json.dumps(document)) == document
    assert document["error"] == "IllegalActionError" and document["code"] == "zebra.x"


def test_record_error_location_formats():
    error = RecordError(
        "c3-c2 is illegal: it would repeat an earlier position (repetition rule).",
        line=5,
        ply="3...",
    )
    assert str(error) == (
        "line 5, move 3...: c3-c2 is illegal: it would repeat an earlier "
        "position (repetition rule)."
    )
    assert (error.line, error.ply, error.params["line"], error.params["ply"]) == (
        5,
        "3...",
        5,
        "3...",
    )
    assert str(RecordError("duplicate tag Size", line=2)) == "line 2: duplicate tag Size"
    assert str(RecordError("bad", line=4, ply="removal")) == "line 4, removal: bad"
    assert str(RecordError("a record must be text")) == "a record must be text"
    assert RecordError("x").line is None and RecordError("x").ply is None


def test_state_format_error_names_the_field():
    error = StateFormatError("the version must be 1", field="version")
    assert str(error) == "field version: the version must be 1"
    assert error.field == "version" and error.params["field"] == "version"


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGameError) as raised:
        pyengine.get_game("chess")
    assert "Unknown game 'chess'" in str(raised.value) and "zebra" in str(raised.value)
    assert raised.value.params["known"] == "zebra, virus-war, virus-fight, fight-the-virus"
    assert isinstance(raised.value, OptionError)
    with pytest.raises(UnknownGameError):
        pyengine.get_game(["zebra"])  # type: ignore[arg-type]


def test_engine_errors_carry_codes_translators_can_use():
    state = ZEBRA.new_initial_state()
    raised = []
    for attempt in ("b2-c2", "c2-c2", "a2-b4", "zz"):
        try:
            state.apply(attempt)
        except EngineError as error:
            raised.append(error)
    assert [error.code for error in raised] == [
        "zebra.not-your-tower",
        "zebra.same-cell",
        "zebra.not-adjacent",
        "notation.action",
    ]
    for refusal in raised:
        assert all(isinstance(value, (str, int)) for value in refusal.params.values())
        assert str(refusal).endswith(".")
