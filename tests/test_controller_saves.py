"""Saving a game in the page's storage and getting it back (controller ``saved`` / ``restore``),
and loading a shared record with its seats (``load`` with ``seats``)."""

from __future__ import annotations

import json
import random

import pytest

from pyengine.controller import Controller


def _play_random(controller: Controller, plies: int, seed: int) -> dict:
    rng = random.Random(seed)
    reply = controller.handle({"op": "view"})
    for _ in range(plies):
        match = controller.match
        if match.is_over:
            break
        reply = controller.handle({"op": "play", "action": str(rng.choice(match.legal_actions()))})
        assert reply["ok"], reply
    return reply


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("zebra", {"size": 4}, ["human", "human"]),
        ("virus-war", {"size": 8}, ["human", "medium"]),
        ("virus-fight", {"players": 3, "seed": 5}, ["human", "random", "human"]),
        ("fight-the-virus", {"players": 2, "seed": 9}, ["human", "greedy"]),
    ],
)
def test_restore_gives_back_position_seats_undo_and_redo(
    game: str, options: dict, seats: list[str]
) -> None:
    first = Controller()
    assert first.handle({"op": "new", "game": game, "options": options, "seats": seats})["ok"]
    _play_random(first, 12, seed=1)
    first.handle({"op": "undo"})  # something to redo
    view = first.handle({"op": "view"})["view"]
    saved = json.loads(json.dumps(view["saved"]))  # what the page stores

    second = Controller()
    reply = second.handle({"op": "restore", "game": game, "match": saved})
    assert reply["ok"], reply
    restored = reply["view"]
    for key in (
        "svg",
        "moves",
        "record",
        "seats",
        "to_move",
        "ply_count",
        "can_undo",
        "can_redo",
        "options",
    ):
        assert restored[key] == view[key], key
    # the whole game can be taken back, and the undone action redone, after the reload
    assert second.handle({"op": "redo"})["view"]["ply_count"] == view["ply_count"] + 1
    first_state = first.match.state.position_text()
    first.handle({"op": "redo"})
    assert second.match.state.position_text() == first.match.state.position_text() != first_state
    while second.match.state.history:
        second.match.undo()
    assert (
        second.match.state.position_text()
        == type(second.match)(game, options=options, seats=seats).state.position_text()  # type: ignore[misc]
    )


def test_a_damaged_save_is_refused_naming_the_field_and_the_game_stays() -> None:
    controller = Controller()
    controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})
    saved = _play_random(controller, 6, seed=2)["view"]["saved"]
    on_screen = controller.handle({"op": "view"})["view"]["svg"]

    tampered = json.loads(json.dumps(saved))
    tampered["state"]["actions"][3] = "a1-a1"
    reply = controller.handle({"op": "restore", "match": tampered})
    assert not reply["ok"]
    assert "actions[3]" in reply["error"]["message"]
    assert reply["view"]["svg"] == on_screen

    for broken, field in [
        ({**saved, "format": "x"}, "format"),
        ({**saved, "seats": "human"}, "seats"),
        ({**saved, "redo": ["zz"]}, "redo[0]"),
        ("nonsense", "(document)"),
    ]:
        reply = controller.handle({"op": "restore", "match": broken})
        assert not reply["ok"] and field in reply["error"]["message"], (field, reply["error"])
        assert reply["view"]["svg"] == on_screen

    reply = controller.handle(
        {"op": "restore", "match": {**saved, "seats": ["human", "grandmaster"]}}
    )
    assert reply["error"]["code"] == "request.unknown-bot"
    reply = controller.handle({"op": "restore", "game": "virus-war", "match": saved})
    assert reply["error"]["code"] == "request.wrong-game"
    assert controller.handle({"op": "view"})["view"]["svg"] == on_screen


def test_load_takes_the_seats_of_a_shared_link() -> None:
    controller = Controller()
    controller.handle({"op": "new", "game": "virus-war", "options": {"size": 8}})
    record = _play_random(controller, 5, seed=3)["view"]["record"]
    other = Controller()
    reply = other.handle(
        {"op": "load", "game": "virus-war", "record": record, "seats": ["human", "easy"]}
    )
    assert reply["ok"] and reply["view"]["seats"] == ["human", "easy"]
    assert reply["view"]["record"] == record
    bad = other.handle({"op": "load", "game": "virus-war", "record": record, "seats": ["human"]})
    assert bad["error"]["code"] == "request.seat-count"
    assert other.handle({"op": "view"})["view"]["seats"] == ["human", "easy"]


def test_a_three_player_record_loads_with_a_human_in_every_seat() -> None:
    controller = Controller()
    controller.handle(
        {
            "op": "new",
            "game": "virus-fight",
            "options": {"players": 3, "seed": 2},
            "seats": ["random", "random", "random"],
        }
    )
    while controller.match.state.phase == "setup" or len(controller.match.actions) < 8:
        reply = controller.handle({"op": "bot"})
        assert reply["ok"], reply
    record = controller.handle({"op": "view"})["view"]["record"]
    reply = Controller().handle({"op": "load", "game": "virus-fight", "record": record})
    assert reply["ok"], reply
    assert reply["view"]["seats"] == ["human", "human", "human"]


def test_seek_walks_a_loaded_game_back_and_forth() -> None:
    controller = Controller()
    controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})
    final = _play_random(controller, 9, seed=4)["view"]
    record, plies = final["record"], final["ply_count"]
    viewer = Controller()
    viewer.handle({"op": "load", "game": "zebra", "record": record})
    start = viewer.handle({"op": "seek", "ply": 0})["view"]
    assert start["ply_count"] == 0 and len(start["saved"]["redo"]) == plies
    middle = viewer.handle({"op": "seek", "ply": 4})["view"]
    assert middle["moves"] == viewer.handle({"op": "view"})["view"]["moves"]
    assert middle["ply_count"] == 4 and middle["can_undo"] and middle["can_redo"]
    end = viewer.handle({"op": "seek", "ply": 999})["view"]
    assert end["svg"] == final["svg"] and end["record"] == record and not end["can_redo"]
    bad = viewer.handle({"op": "seek", "ply": -1})
    assert bad["error"]["code"] == "request.field" and bad["view"]["ply_count"] == plies


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("fight-the-virus", {"mode": "solo", "players": 1, "seed": 3}, 1),
        ("fight-the-virus", {"players": 3, "seed": 3}, 3),
        ("virus-fight", {"players": 4, "seed": 3}, 4),
    ],
)
def test_a_new_game_without_seats_has_a_person_in_every_seat_and_restores(
    game: str, options: dict, players: int
) -> None:
    reply = Controller().handle({"op": "new", "game": game, "options": options})
    assert reply["ok"], reply
    assert reply["view"]["seats"] == ["human"] * players
    restored = Controller().handle({"op": "restore", "game": game, "match": reply["view"]["saved"]})
    assert restored["ok"], restored
    assert restored["view"]["seats"] == ["human"] * players


def test_restore_with_a_ply_starts_a_new_game_from_that_position() -> None:
    controller = Controller()
    controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})
    for action in ("c2-d2", "a1-b1", "d3-c3"):
        assert controller.handle({"op": "play", "action": action})["ok"]
    saved = controller.handle({"op": "view"})["view"]["saved"]
    reply = controller.handle(
        {"op": "restore", "match": saved, "ply": 1, "seats": ["medium", "human"]}
    )
    assert reply["ok"], reply
    view = reply["view"]
    assert view["ply_count"] == 1 and view["seats"] == ["medium", "human"]
    assert not view["can_redo"]
    refused = controller.handle({"op": "restore", "match": saved, "ply": 4})
    assert not refused["ok"] and refused["error"]["params"] == {"field": "ply"}
    assert controller.handle({"op": "view"})["view"]["ply_count"] == 1  # the game kept
