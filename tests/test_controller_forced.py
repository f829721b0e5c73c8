"""Forced actions through the controller: Virus War's pass with nothing in reach is the view's
``forced`` action and says so when played; undo takes it back with the action before it, and
an undo over several actions names them all."""

from __future__ import annotations

from pyengine.controller import Controller
from pyengine.session import Match
from test_virus_war_examples import EX6, diagram


def at(state, seats: list[str]) -> Controller:
    controller = Controller()
    controller.match = Match._from_state(state, seats)
    return controller


def test_a_pass_with_nothing_in_reach_is_forced_and_said():
    controller = at(diagram(EX6, options={"size": 6}), ["human", "human"])  # X to move
    view = controller.handle({"op": "view"})["view"]
    assert view["forced"] == "pass"
    reply = controller.handle({"op": "play", "action": "pass"})
    assert reply["message"]["key"] == "virus-war.forced-pass"
    assert reply["message"]["params"]["player"] == {"key": "virus-war.player.0", "params": {}}
    assert reply["view"]["forced"] is None  # O may step onto f5 or pass: its choice
    reply = controller.handle({"op": "play", "action": "pass"})  # O's free pass: the usual words
    assert reply["message"]["key"] == "play.played" and reply["view"]["forced"] is None


def test_undo_takes_a_forced_pass_back_with_the_action_before_it():
    controller = at(diagram(EX6, to_move=1, options={"size": 6}), ["human", "human"])
    controller.handle({"op": "play", "action": "f5"})  # O: now X has nothing in reach
    assert controller.handle({"op": "view"})["view"]["forced"] == "pass"
    controller.handle({"op": "play", "action": "pass"})  # the page's own pass
    reply = controller.handle({"op": "undo"})
    assert reply["view"]["ply_count"] == 0 and reply["view"]["forced"] is None
    assert reply["message"]["key"] == "play.undone-several"
    assert reply["message"]["params"] == {"count": 2, "actions": "f5, pass"}
    controller.handle({"op": "redo"})
    controller.handle({"op": "redo"})
    reply = controller.handle({"op": "undo", "floor": 1})  # a game by link's own actions only
    assert reply["view"]["ply_count"] == 1 and reply["message"]["key"] == "play.undone"
    refused = controller.handle({"op": "undo", "floor": "1"})
    assert not refused["ok"] and refused["error"]["code"] == "request.field"


def test_undo_against_the_computer_names_both_plies():
    controller = Controller()
    controller.handle(
        {"op": "new", "game": "zebra", "options": {"size": 4}, "seats": ["human", "random"]}
    )
    controller.handle({"op": "play", "action": "c2-d2"})
    answer = str(controller.handle({"op": "bot"})["view"]["saved"]["state"]["actions"][-1])
    reply = controller.handle({"op": "undo"})
    assert reply["view"]["ply_count"] == 0
    assert reply["message"] == {
        "key": "play.undone-several",
        "params": {"count": 2, "actions": "c2-d2, " + answer},
        "level": "info",
    }
