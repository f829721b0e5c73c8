"""Zebra state documents: to_json, and state_from_json naming the bad field."""

from __future__ import annotations

import json

import pytest

from pyengine.core.errors import StateFormatError
from pyengine.games.zebra import ZEBRA, parse_diagram
from zebra_support import replay


def test_document_shape():
    state = replay("c2-d2 a1-b1", movement="jump")
    assert state.to_json() == {
        "format": "virus-games/state",
        "version": 1,
        "game": "zebra",
        "options": {"size": 4, "setup": "standard", "movement": "jump"},
        "start": None,
        "actions": ["c2-d2", "a1-b1"],
    }
    assert json.loads(json.dumps(state.to_json())) == state.to_json()


def test_round_trip_from_the_start_and_from_a_position():
    state = replay("xa1 a2-b2", size=5, setup="remove")
    assert ZEBRA.state_from_json(state.to_json()) == state
    puzzle = parse_diagram("3 .  .  B1\n2 .  B5 W3\n1 .  .  .\n  a  b  c", to_move="b")
    for move in "b2-c2 b2-c3 c2-c3 c2-b2 c3-b2".split():
        puzzle.apply(move)
    document = puzzle.to_json()
    assert document["start"] == ". . B1/. B5 W3/. . . b movement 0"
    loaded = ZEBRA.state_from_json(document)
    assert loaded == puzzle
    assert [str(action) for action in loaded.legal_actions()] == ["c3-b2"]  # start counted


def base() -> dict:
    return replay("c2-d2 a1-b1").to_json()


@pytest.mark.parametrize(
    ("change", "field", "fragment"),
    [
        ({"format": "virus-games/match"}, "format", "virus-games/state"),
        ({"version": 2}, "version", "must be 1"),
        ({"version": True}, "version", "must be 1"),
        ({"version": "1"}, "version", "must be 1"),
        ({"game": "virus-war"}, "game", "must be 'zebra'"),
        ({"options": []}, "options", "JSON object"),
        ({"options": {"size": 11}}, "options.size", "integers 3..10"),
        ({"options": {"setup": "hole"}}, "options.size", "not allowed with setup=hole"),
        ({"options": {"speed": 2}}, "options.speed", "Unknown option"),
        ({"start": 5}, "start", "position text or null"),
        ({"start": "nonsense"}, "start", "not a Zebra position"),
        ({"start": "B1 W1 B1/W1 B1 W1/B1 W1 B1 w"}, "start", "size option is 4"),
        ({"actions": "c2-d2"}, "actions", "list of strings"),
        ({"actions": ["c2-d2", 5]}, "actions[1]", "must be a string"),
        ({"actions": ["c2-d2", "zz"]}, "actions[1]", "not a Zebra action"),
        ({"actions": ["c2-d2", "c2-c3"]}, "actions[1]", "c2-c3 is illegal: c2 is empty"),
        ({"extra": 1}, "(document)", "unknown field 'extra'"),
    ],
)
def test_bad_documents_name_the_field(change, field, fragment):
    document = base() | change
    with pytest.raises(StateFormatError) as raised:
        ZEBRA.state_from_json(document)
    assert raised.value.field == field
    assert fragment in str(raised.value)
    assert str(raised.value).startswith(f"field {field}: ")


@pytest.mark.parametrize("key", ["format", "version", "game", "options", "start", "actions"])
def test_missing_fields(key):
    document = base()
    del document[key]
    with pytest.raises(StateFormatError) as raised:
        ZEBRA.state_from_json(document)
    assert raised.value.field == key


def test_the_document_must_be_an_object():
    documents: tuple[object, ...] = (None, [], "text", 3)
    for document in documents:
        with pytest.raises(StateFormatError) as raised:
            ZEBRA.state_from_json(document)
        assert raised.value.field == "(document)"


def test_actions_after_the_end_are_refused():
    document = replay("1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2").to_json()
    document["actions"].append("d1-d2")
    with pytest.raises(StateFormatError) as raised:
        ZEBRA.state_from_json(document)
    assert raised.value.field == "actions[8]" and "the game is over" in str(raised.value)
