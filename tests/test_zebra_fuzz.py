"""Fuzzing the text and JSON readers: corrupt input gives the documented error, never a crash.

* JSON state documents: random mutations of valid documents either load to a valid state
  (which saves and reloads to an equal one) or raise StateFormatError.
* Records: random edits of valid records either replay or raise RecordError.
* Position texts: random edits either load or raise NotationError/OptionError.
* Arbitrary text: parse_action raises only NotationError.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from pyengine.core.errors import NotationError, OptionError, RecordError, StateFormatError
from pyengine.games.zebra import ZEBRA, ZebraState, parse_action

OPTION_SETS = [
    {"size": 3, "setup": "standard", "movement": "step"},
    {"size": 4, "setup": "standard", "movement": "jump"},
    {"size": 3, "setup": "remove", "movement": "step"},
    {"size": 5, "setup": "neutral", "movement": "jump"},
    {"size": 3, "setup": "placement", "movement": "jump"},
    {"size": 5, "setup": "hole", "movement": "step"},
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=8,
)
action_like = st.sampled_from(
    [
        "c2-d2",
        "a2-a1",
        "xa1",
        "x c3",
        "@b2",
        "@c3",
        "b2-b3",
        "a1-a2",
        "c3-c2",
        "e5-e4",
        "j10-j9",
        "pass",
        "",
        "C2-D2",
        "a2-a3",
        "b1-b2",
        "@a1",
        "d4-d3",
    ]
) | st.text(alphabet="abcdexX@-12345 ", max_size=7)
edit_alphabet = 'abcdexX@-.[]"0123456789 \n/#nWBwb*'


def random_game(options: dict[str, Any], seed: int, *, from_position: bool) -> ZebraState:
    rng = random.Random(seed)
    state = ZEBRA.new_initial_state(options)
    for _ in range(rng.randrange(12)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    if from_position:
        state = ZEBRA.from_position(state.position_text(), options=options)
        for _ in range(rng.randrange(6)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    return state


@st.composite
def mutated_documents(draw: st.DrawFn) -> dict[str, Any]:
    options = draw(st.sampled_from(OPTION_SETS))
    state = random_game(options, draw(st.integers(0, 10**6)), from_position=draw(st.booleans()))
    document: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                ["field", "delete", "option", "action", "insert", "drop", "swap", "start", "extra"]
            )
        )
        actions = document.get("actions")
        if kind == "field":
            key = draw(
                st.sampled_from(["format", "version", "game", "options", "start", "actions"])
            )
            document[key] = draw(json_values)
        elif kind == "delete" and document:
            del document[draw(st.sampled_from(sorted(document)))]
        elif kind == "option" and isinstance(document.get("options"), dict):
            name = draw(st.sampled_from(["size", "setup", "movement"]) | st.text(max_size=6))
            document["options"][name] = draw(
                st.integers(0, 12)
                | st.sampled_from(["hole", "jump", "standard", "HOLE"])
                | json_values
            )
        elif kind in ("action", "insert") and isinstance(actions, list):
            at = draw(st.integers(0, len(actions)))
            item = draw(action_like | json_values)
            if kind == "insert" or at == len(actions):
                actions.insert(at, item)
            else:
                actions[at] = item
        elif kind == "drop" and isinstance(actions, list) and actions:
            del actions[draw(st.integers(0, len(actions) - 1))]
        elif kind == "swap" and isinstance(actions, list) and len(actions) > 1:
            first = draw(st.integers(0, len(actions) - 2))
            actions[first], actions[first + 1] = actions[first + 1], actions[first]
        elif kind == "start":
            start = document.get("start")
            text = (
                start
                if isinstance(start, str)
                else ZEBRA.new_initial_state(options).position_text()
            )
            document["start"] = edit_text(draw, text)
        elif kind == "extra":
            document[draw(st.text(max_size=6))] = draw(json_values)
    return document


def edit_text(draw: st.DrawFn, text: str) -> str:
    """A few random character edits (replace, insert, delete) of ``text``."""
    characters = list(text)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(characters)))
        operation = draw(st.sampled_from(["replace", "insert", "delete"]))
        character = draw(st.sampled_from(edit_alphabet))
        if operation == "insert" or at == len(characters):
            characters.insert(at, character)
        elif operation == "replace":
            characters[at] = character
        else:
            del characters[at]
    return "".join(characters)


def assert_valid(state: ZebraState) -> None:
    assert isinstance(state, ZebraState)
    again = ZEBRA.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.history == state.history
    assert again.legal_actions() == state.legal_actions()
    assert (state.result() is None) == bool(state.legal_actions())


@settings(max_examples=1500)
@given(document=mutated_documents())
def test_mutated_json_documents_load_or_raise_state_format_error(document):
    try:
        state = ZEBRA.state_from_json(document)
    except StateFormatError as error:
        assert error.field and error.code == "state.invalid"
        event(f"refused: {error.field.split('[')[0].split('.')[0]}")
        return
    event("loaded")
    assert_valid(state)


@st.composite
def edited_records(draw: st.DrawFn) -> str:
    options = draw(st.sampled_from(OPTION_SETS))
    state = random_game(options, draw(st.integers(0, 10**6)), from_position=False)
    text = ZEBRA.write_record(state)
    if draw(st.booleans()):
        lines = text.splitlines(keepends=True)
        at = draw(st.integers(0, len(lines) - 1))
        if draw(st.booleans()):
            lines.insert(draw(st.integers(0, len(lines))), lines[at])  # duplicate a line
        else:
            del lines[at]
        text = "".join(lines)
    return edit_text(draw, text) if draw(st.booleans()) else text


@settings(max_examples=1000)
@given(text=edited_records())
def test_edited_records_replay_or_raise_record_error(text):
    try:
        state = ZEBRA.read_record(text)
    except RecordError as error:
        assert error.code.startswith("record.")
        assert str(error)
        event(f"refused: {error.code}")
        return
    event("replayed")
    assert_valid(state)
    assert ZEBRA.read_record(ZEBRA.write_record(state)) == state


@st.composite
def edited_positions(draw: st.DrawFn) -> str:
    options = draw(st.sampled_from(OPTION_SETS))
    state = random_game(options, draw(st.integers(0, 10**6)), from_position=False)
    return edit_text(draw, state.position_text())


@settings(max_examples=1000)
@given(text=edited_positions() | st.text(max_size=40))
def test_edited_positions_load_or_raise_notation_errors(text):
    try:
        state = ZEBRA.from_position(text)
    except (NotationError, OptionError) as error:
        event(f"refused: {error.code}")
        return
    event("loaded")
    assert_valid(state)
    assert ZEBRA.from_position(state.position_text()) == state


@settings(max_examples=500)
@given(text=st.text(max_size=12) | action_like)
def test_arbitrary_text_is_an_action_or_a_notation_error(text):
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) == action


@settings(max_examples=300)
@given(text=st.text(max_size=60))
def test_arbitrary_text_is_a_record_or_a_record_error(text):
    with contextlib.suppress(RecordError):
        ZEBRA.read_record(text)
