"""The Match session object: play, undo/redo, seats, records and JSON."""

from __future__ import annotations

import json

import pytest

from pyengine import Match
from pyengine.core.errors import (
    EngineError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    StateFormatError,
    UnknownGameError,
)
from pyengine.core.game import TERMINAL
from pyengine.games.zebra import Move

EX3 = "1. b1-c1 c3-c4 2. a4-b4 c4-b4 3. c2-d2 b2-b3 4. c4-d4 a1-a2"


def play_all(match: Match, moves: str) -> None:
    for word in moves.split():
        if not word.endswith("."):
            match.play(word)


def test_a_new_match():
    match = Match("zebra")
    assert match.seats == ("human", "human")
    assert match.to_move == 0 and match.result is None and not match.is_over
    assert match.actions == () and not match.can_undo and not match.can_redo
    assert dict(match.options) == {"size": 4, "setup": "standard", "movement": "step"}
    assert len(match.legal_actions()) == 24
    assert match.seat_is_human(0) and match.seat_is_human(1)


def test_options_and_seats_are_validated():
    match = Match("zebra", options={"size": 5, "setup": "hole"}, seats=["human", "greedy"])
    assert match.seats == ("human", "greedy") and not match.seat_is_human(1)
    with pytest.raises(OptionError):
        Match("zebra", options={"size": 4, "setup": "hole"})
    with pytest.raises(UnknownGameError):
        Match("chess")
    for seats in (("human",), ("human", "human", "human"), "human", ("human", ""), (1, 2)):
        with pytest.raises(EngineError) as raised:
            Match("zebra", seats=seats)  # type: ignore[arg-type]
        assert raised.value.code.startswith("match.seat")


def test_play_returns_the_action_and_errors_leave_the_match_unchanged():
    match = Match("zebra")
    assert match.play("C2-D2") == Move.parse("c2-d2")
    assert match.play(Move.parse("a1-b1")) == Move.parse("a1-b1")
    before = match.to_json()
    with pytest.raises(IllegalActionError):
        match.play("b2-c2")
    with pytest.raises(NotationError):
        match.play("nonsense")
    with pytest.raises(NotationError):
        match.play("e1-e2")  # off the 4x4 board
    assert match.to_json() == before


def test_undo_redo():
    match = Match("zebra")
    play_all(match, "c2-d2 a1-b1 d2-c1")
    assert match.undo() == Move.parse("d2-c1")
    assert match.undo() == Move.parse("a1-b1")
    assert match.can_redo and match.can_undo
    assert match.redo() == Move.parse("a1-b1")
    assert [str(action) for action in match.actions] == ["c2-d2", "a1-b1"]
    assert match.redo() == Move.parse("d2-c1")
    assert not match.can_redo
    with pytest.raises(EngineError) as raised:
        match.redo()
    assert raised.value.code == "redo.empty"
    match.undo()
    match.play("d1-c1")  # a new action clears the redo stack
    assert not match.can_redo
    for _ in range(3):
        match.undo()
    assert not match.can_undo
    with pytest.raises(EngineError) as raised:
        match.undo()
    assert raised.value.code == "undo.empty"


def test_a_finished_match():
    match = Match("zebra")
    play_all(match, EX3)
    assert match.is_over and match.to_move == TERMINAL
    assert match.result is not None and match.result.winners == (0,)
    assert match.record_text().endswith("4. c4-d4 a1-a2\n1-0\n")


def test_records():
    match = Match("zebra", options={"size": 5, "setup": "remove"})
    play_all(match, "xa1 a2-b2")
    text = match.record_text()
    again = Match.from_record(text, seats=("human", "random"))
    assert again.actions == match.actions and again.seats == ("human", "random")
    assert again.record_text() == text
    assert not again.can_redo
    with pytest.raises(RecordError):
        Match.from_record("1. c2-d2 c2-d2")


def test_json_round_trip_keeps_the_redo_stack():
    match = Match("zebra", options={"size": 3}, seats=("human", "mcts"))
    play_all(match, "a2-a1 b2-b1 c2-c1")
    match.undo()
    match.undo()
    document = json.loads(json.dumps(match.to_json()))
    assert document["format"] == "virus-games/match"
    assert document["redo"] == ["c2-c1", "b2-b1"]
    again = Match.from_json(document)
    assert again.seats == ("human", "mcts")
    assert again.actions == match.actions
    assert again.redo() == Move.parse("b2-b1")
    assert again.redo() == Move.parse("c2-c1")
    assert again.to_json()["state"] == Match("zebra", options={"size": 3}).to_json()["state"] | {
        "actions": ["a2-a1", "b2-b1", "c2-c1"]
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda document: document.update(format="x"), "format"),
        (lambda document: document.update(version=2), "version"),
        (lambda document: document.update(state=[]), "state"),
        (lambda document: document["state"].update(game="chess"), "state.game"),
        (lambda document: document["state"].update(actions=["a2-a1", "a2-a1"]), "state.actions[1]"),
        (lambda document: document.update(seats=["human"]), "seats"),
        (lambda document: document.update(redo="b1-b2"), "redo"),
        (lambda document: document.update(redo=["a1-a2"]), "redo[0]"),
        (lambda document: document.update(redo=[7]), "redo[0]"),
    ],
)
def test_bad_match_documents(change, field):
    match = Match("zebra", options={"size": 3})
    match.play("a2-a1")
    document = match.to_json()
    change(document)
    with pytest.raises(StateFormatError) as raised:
        Match.from_json(document)
    assert raised.value.field == field
    with pytest.raises(StateFormatError):
        Match.from_json("not a document")
