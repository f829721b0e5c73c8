"""Every reply of whole games matches pyengine.protocol: no undeclared key, no missing one.

Each game is played to its end through the controller, by a person against a person and by a
person against the computer, with clicks (selections, Virus Fight's programs, Fight the Virus's
placements), actions in notation, hints, undo/redo, seek and position, and a few requests that
fail; every request is checked against its declared type, every reply against its op's.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from pyengine import protocol
from pyengine.controller import HANDLERS, Controller
from pyengine.protocol_check import ProtocolError, validate, validate_reply, validate_request

GAMES: dict[str, dict[str, Any]] = {
    "zebra": {"size": 4},
    "virus-war": {"size": 6},
    "virus-fight": {},
    "fight-the-virus": {},
}
MAX_PLIES = 300  # every game here ends well before


class Checked:
    """A controller whose every request and reply is validated against the protocol."""

    def __init__(self) -> None:
        self.controller = Controller()
        self.replies: dict[str, int] = {}  # op: replies checked

    def send(self, request: dict[str, Any], *, well_formed: bool = True) -> dict[str, Any]:
        if well_formed:
            validate_request(request)
        reply = self.controller.handle(request)
        # what the page gets: the reply as JSON
        data = json.loads(json.dumps(reply))
        op = request.get("op")
        validate_reply(op if isinstance(op, str) else "", data)
        if "view" in data and data["ok"]:
            validate(data["view"], protocol.View, "$.view")
        self.replies[str(op)] = self.replies.get(str(op), 0) + 1
        return data


def click_an_action(checked: Checked, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Clicks a first cell, then next clicks, until an action is played or the clicks run out."""
    reply = checked.send({"op": "click", "cell": rng.choice(view["sources"])})
    for _ in range(8):
        view = reply["view"]
        if not view["selection"] or not view["targets"]:
            break
        reply = checked.send({"op": "click", "cell": rng.choice(view["targets"])})
    if reply["view"]["selection"]:
        reply = checked.send({"op": "cancel"})
    return reply


def play_game(game: str, seats: list[str] | None, seed: int) -> Checked:
    """One game to its end, with every kind of request on the way."""
    rng = random.Random(seed)
    checked = Checked()
    request: dict[str, Any] = {"op": "new", "game": game, "options": GAMES[game]}
    if seats is not None:
        request["seats"] = seats
    reply = checked.send(request)
    assert reply["ok"], reply
    controller = checked.controller
    for ply in range(MAX_PLIES):
        match = controller.match
        assert match is not None
        if match.is_over:
            break
        view = reply["view"]
        if view["seats"][view["to_move"]] != "human":
            reply = checked.send({"op": "bot", "slice_ms": 5})
            while "thinking" in reply:
                reply = checked.send({"op": "bot", "slice_ms": 5})
            continue
        if view["setup"] is not None:  # a secret program: drawn as a draft, then played
            action = str(rng.choice(match.state.legal_actions()))
            checked.send({"op": "preview", "action": action})
        if ply % 9 == 4 and view["setup"] is None:
            checked.send({"op": "hint"})
        if ply % 11 == 6:
            checked.send({"op": "click", "cell": "z99"})  # not a cell: an error message
        if ply % 2 and view["sources"]:
            reply = click_an_action(checked, view, rng)
        else:
            action = str(rng.choice(match.state.legal_actions()))
            reply = checked.send({"op": "play", "action": action})
        assert reply["ok"], reply
        if ply % 13 == 5 and reply["view"]["can_undo"]:
            checked.send({"op": "undo"})
            reply = checked.send({"op": "redo"})
    assert controller.match is not None and controller.match.is_over
    return checked


def look_around(checked: Checked) -> None:
    """Replay requests on a finished game: seek, position, flip, diagram, restore, load."""
    view = checked.send({"op": "view"})["view"]
    count = view["ply_count"]
    checked.send({"op": "position", "ply": 0})
    checked.send({"op": "position", "ply": count // 2})
    checked.send({"op": "seek", "ply": count // 2})
    checked.send({"op": "seek", "ply": count + 5})
    checked.send({"op": "flip"})
    checked.send({"op": "diagram"})
    checked.send({"op": "actors", "match": view["saved"], "game": view["game"]})
    saved = checked.send({"op": "undo"})["view"]["saved"]
    checked.send({"op": "restore", "match": saved, "game": view["game"], "flipped": True})
    if view["record"]:
        checked.send({"op": "load", "record": view["record"], "game": view["game"]})


@pytest.mark.parametrize("game", list(GAMES))
def test_person_against_person(game: str) -> None:
    checked = play_game(game, None, seed=1)
    look_around(checked)
    assert {"new", "click", "play", "undo", "redo", "hint"} <= checked.replies.keys()


@pytest.mark.parametrize("game", list(GAMES))
def test_person_against_the_computer(game: str) -> None:
    checked = play_game(game, ["human", "random"], seed=2)
    look_around(checked)
    assert "bot" in checked.replies


def test_thinking_in_slices_and_resigning() -> None:
    checked = Checked()
    checked.send({"op": "new", "game": "zebra", "options": {"size": 4}, "seats": ["easy", "human"]})
    reply = checked.send({"op": "bot", "slice_ms": 0})
    assert "thinking" in reply
    while "thinking" in reply:
        reply = checked.send({"op": "bot", "slice_ms": 20})
    assert reply["ok"] and "stats" in reply
    reply = checked.send({"op": "hint", "slice_ms": 0})
    while "thinking" in reply:
        reply = checked.send({"op": "hint", "slice_ms": 20})
    assert reply["hint"]["actions"]
    reply = checked.send({"op": "resign", "player": 1})
    assert reply["view"]["result"]["resigned"] == 1
    checked.send({"op": "hint"})  # the game is over: no hint, a message
    checked.send({"op": "undo"})


def test_virus_fight_setup_and_resigning() -> None:
    checked = Checked()
    view = checked.send({"op": "new", "game": "virus-fight", "options": {}})["view"]
    assert view["setup"] is not None
    checked.send({"op": "resign"})
    checked.send({"op": "undo"})


def test_games_and_hello() -> None:
    checked = Checked()
    checked.send({"op": "hello"})
    checked.send({"op": "games"})
    checked.send({"op": "view"})  # no game yet: an error without a view


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "nonsense"},
        {"op": "click"},
        {"op": "play", "action": "zz"},
        {"op": "seek", "ply": -1},
        {"op": "position", "ply": 999},
        {"op": "bot"},
        {"op": "new", "game": "zebra", "options": {"size": 99}},
        {"op": "load", "record": "not a record"},
        {"op": "restore", "match": {"format": "?"}},
        {"op": "actors", "match": {"format": "?"}},
        {"op": "flip", "flipped": "yes"},
        {"op": "preview", "action": "c2-d2"},
        {"op": "resign", "player": "one"},
        {"nothing": True},
    ],
)
def test_errors(request_: dict[str, Any]) -> None:
    checked = Checked()
    checked.send({"op": "new", "game": "zebra", "options": {"size": 4}})
    reply = checked.send(request_, well_formed=False)
    assert reply["ok"] is False and "view" in reply


def test_every_op_has_a_handler_and_a_declaration() -> None:
    assert HANDLERS.keys() == protocol.OPS.keys()


def test_the_validator_catches_extra_and_missing_keys() -> None:
    checked = Checked()
    checked.send({"op": "new", "game": "zebra", "options": {"size": 4}})
    reply = checked.send({"op": "play", "action": "c2-d2"})
    validate_reply("play", reply)

    extra = copy.deepcopy(reply)
    extra["view"]["turn"]["colour"] = "red"
    with pytest.raises(ProtocolError, match=r"^\$\.view\.turn\.colour: undeclared key"):
        validate_reply("play", extra)

    nested = copy.deepcopy(reply)
    nested["view"]["moves"][0]["plies"][0]["bold"] = True
    with pytest.raises(ProtocolError, match=r"^\$\.view\.moves\[0\]\.plies\[0\]\.bold"):
        validate_reply("play", nested)

    missing = copy.deepcopy(reply)
    del missing["view"]["ply_count"]
    with pytest.raises(ProtocolError, match=r"^\$\.view: missing key 'ply_count'"):
        validate_reply("play", missing)

    wrong = copy.deepcopy(reply)
    wrong["view"]["can_undo"] = 1
    with pytest.raises(ProtocolError, match=r"^\$\.view\.can_undo: expected bool"):
        validate_reply("play", wrong)

    with pytest.raises(ProtocolError, match="undeclared key"):
        validate_reply("play", {**reply, "debug": 1})
    with pytest.raises(ProtocolError, match="undeclared key"):
        validate_request({"op": "click", "cell": "a1", "shift": True})
