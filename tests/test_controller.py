"""The JSON-in/JSON-out controller that every page drives (pyengine.controller)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.controller import Controller


@pytest.fixture
def controller() -> Controller:
    controller = Controller()
    assert controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})["ok"]
    return controller


def click(controller: Controller, *cells: str) -> dict:
    reply = {}
    for cell in cells:
        reply = controller.handle({"op": "click", "cell": cell})
    return reply


GAME_IDS = ["zebra", "virus-war", "virus-fight", "fight-the-virus"]


def test_hello_lists_registered_games() -> None:
    reply = Controller().handle({"op": "hello"})
    assert reply["ok"] and reply["games"] == GAME_IDS


def test_games_describes_every_game() -> None:
    reply = Controller().handle({"op": "games"})
    assert reply["ok"] and [game["id"] for game in reply["games"]] == GAME_IDS
    zebra = reply["games"][0]
    assert zebra["players"] == {"min": 2, "max": 2}
    assert "size" in [option["name"] for option in zebra["options"]["options"]]


def test_select_then_target_plays_the_move(controller: Controller) -> None:
    reply = click(controller, "c2")
    view = reply["view"]
    assert view["selected"] == "c2" and view["targets"] == ["b2", "c1", "c3", "d2"]
    assert 'data-cell="c2"' in view["svg"] and "selected" in view["svg"]
    assert view["status"]["key"] == "zebra.status.target"
    reply = click(controller, "d2")
    assert reply["message"]["key"] == "play.played"
    assert reply["message"]["params"]["action"] == "c2-d2"
    assert reply["message"]["params"]["player"]["key"] == "zebra.player.0"
    view = reply["view"]
    assert view["selected"] is None and view["last_move"] == ["c2", "d2"]
    assert view["moves"] == [{"number": 1, "plies": [{"text": "c2-d2", "last": True, "ply": 1}]}]
    assert view["to_move"] == 1 and view["can_undo"] and not view["can_redo"]
    assert "1. c2-d2" in view["record"]


def test_clicking_the_selection_again_cancels_it(controller: Controller) -> None:
    assert click(controller, "c2", "c2")["view"]["selected"] is None


def test_clicking_another_own_tower_moves_the_selection(controller: Controller) -> None:
    view = click(controller, "c2", "a2")["view"]
    assert view["selected"] == "a2" and view["targets"] == ["a1", "a3", "b2"]


def test_illegal_target_is_explained_by_the_rule(controller: Controller) -> None:
    reply = click(controller, "c2", "b4")
    assert reply["ok"] and reply["message"]["level"] == "error"
    assert reply["message"]["key"] == "error.zebra.not-adjacent"
    assert (
        reply["message"]["params"]["source"] == "c2"
        and reply["message"]["params"]["target"] == "b4"
    )
    assert reply["view"]["selected"] == "c2"  # the selection stays for a second try
    assert reply["view"]["ply_count"] == 0


def test_clicking_an_opponent_tower_is_explained(controller: Controller) -> None:
    message = click(controller, "a1")["message"]
    assert message["key"] == "zebra.explain.not-yours" and message["params"]["cell"] == "a1"


def test_clicking_an_empty_cell_is_explained(controller: Controller) -> None:
    message = click(controller, "c2", "d2", "c2")["message"]
    assert message["key"] == "zebra.explain.empty"


def test_undo_redo(controller: Controller) -> None:
    click(controller, "c2", "d2")
    reply = controller.handle({"op": "undo"})
    assert reply["message"]["params"]["action"] == "c2-d2"
    assert reply["view"]["ply_count"] == 0 and reply["view"]["can_redo"]
    reply = controller.handle({"op": "undo"})
    assert not reply["ok"] and reply["error"]["code"] == "undo.empty"
    assert controller.handle({"op": "redo"})["view"]["last_move"] == ["c2", "d2"]


def test_bad_option_keeps_the_game(controller: Controller) -> None:
    click(controller, "c2", "d2")
    reply = controller.handle(
        {"op": "new", "game": "zebra", "options": {"size": 4, "setup": "hole"}}
    )
    assert not reply["ok"] and reply["error"]["code"] == "option.conflict"
    assert reply["error"]["params"]["option"] == "size"
    assert reply["view"]["ply_count"] == 1


def test_unknown_game_and_bad_requests_are_errors_not_crashes() -> None:
    controller = Controller()
    assert controller.handle({"op": "new", "game": "chess"})["error"]["code"] == "game.unknown"
    assert controller.handle({"op": "click", "cell": "a1"})["error"]["code"] == "request.no-game"
    assert controller.handle({"op": "fly"})["error"]["code"] == "request.unknown-op"
    assert controller.handle(["op"])["error"]["code"] == "request.invalid"
    reply = json.loads(controller.handle_json("{not json"))
    assert reply["error"]["code"] == "request.not-json"


def test_load_a_record_and_refuse_a_bad_one(controller: Controller) -> None:
    reply = controller.handle({"op": "load", "game": "zebra", "record": "1. c2-d2 a1-b1 2. d2-c1"})
    assert reply["ok"] and reply["view"]["ply_count"] == 3
    reply = controller.handle({"op": "load", "game": "zebra", "record": "1. c2-d2 c3-c2"})
    assert not reply["ok"] and reply["error"]["code"].startswith("record.")
    assert reply["view"]["ply_count"] == 3  # the game on screen is untouched


def test_diagram_has_no_selection(controller: Controller) -> None:
    click(controller, "c2", "d2", "b2")
    reply = controller.handle({"op": "diagram"})
    assert (
        reply["svg"].startswith("<svg")
        and "selected" not in reply["svg"]
        and "highlight" not in reply["svg"]
    )
    assert "last-move" in reply["svg"] and reply["ply_count"] == 1


def test_placement_and_removal_are_single_clicks() -> None:
    controller = Controller()
    controller.handle({"op": "new", "game": "zebra", "options": {"size": 3, "setup": "placement"}})
    view = click(controller, "a1")["view"]
    assert view["last_move"] == ["a1"] and view["moves"][0]["plies"][0]["text"] == "@a1"
    assert click(controller, "b2")["message"]["key"] == "error.zebra.place-hole"
    controller.handle({"op": "new", "game": "zebra", "options": {"size": 3, "setup": "remove"}})
    assert controller.handle({"op": "view"})["view"]["turn"]["key"] == "zebra.turn.remove"
    reply = click(controller, "b1")  # a White piece
    assert reply["message"]["key"] == "error.zebra.remove-not-own"
    view = click(controller, "a1")["view"]
    assert view["moves"] == [{"number": None, "plies": [{"text": "xa1", "last": True, "ply": 1}]}]


def test_cell_labels_cover_the_board(controller: Controller) -> None:
    labels = controller.handle({"op": "view"})["view"]["cell_labels"]
    assert len(labels) == 16
    assert labels["a1"] == {
        "key": "zebra.cell.tower",
        "params": {"cell": "a1", "player": {"key": "zebra.player.1", "params": {}}, "height": 1},
    }


def test_finished_game_reports_the_result() -> None:
    controller = Controller()
    controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})
    for move in "b1-c1 c3-c4 a4-b4 c4-b4 c2-d2 b2-b3 c4-d4 a1-a2".split():  # spec Ex 3
        assert controller.handle({"op": "play", "action": move})["ok"], move
    view = controller.handle({"op": "view"})["view"]
    assert view["to_move"] is None and view["status"]["key"] == "play.game-over"
    result = view["result"]
    assert result["winners"] == [0] and result["title"]["key"] == "play.wins"
    assert [detail["key"] for detail in result["details"]] == [
        "zebra.ending.stuck",
        "zebra.reason.count",
    ]
    assert (
        result["details"][1]["params"]["white"] == 5
        and result["details"][1]["params"]["black"] == 4
    )
    assert click(controller, "d1")["message"]["key"] == "play.already-over"


# -- Virus War: one click per step, a Pass button, the full-turn rule explained -------------


def test_virus_war_turn_of_three_clicks_and_pass_button() -> None:
    controller = Controller()
    view = controller.handle({"op": "new", "game": "virus-war", "options": {"size": 6}})["view"]
    assert view["highlighted"] == ["a1"] and view["grid"]["file_names"] == "abcdef"
    assert view["buttons"] == [{"action": "pass", "label": {"key": "play.pass", "params": {}}}]
    view = click(controller, "a1")["view"]
    assert view["turn"]["key"] == "virus-war.turn.step" and view["turn"]["params"]["step"] == 2
    assert view["buttons"][0]["label"]["key"] == "virus-war.end-turn"
    reply = controller.handle({"op": "play", "action": "pass"})  # ending early is explained
    assert not reply["ok"] and reply["error"]["code"] == "virus-war.pass-mid-turn"
    assert reply["error"]["params"]["needed"] == 3 and reply["error"]["params"]["steps_left"] == 2
    click(controller, "b2")
    view = click(controller, "c3")["view"]
    assert view["to_move"] == 1 and view["highlighted"] == ["f6"]
    assert (
        view["last_move"] == ["a1", "b2", "c3"]
        and view["moves"][0]["plies"][0]["text"] == "a1-b2-c3"
    )
    view = controller.handle({"op": "undo"})["view"]  # undo one step inside a turn
    assert view["to_move"] == 0 and view["moves"][0]["plies"][0]["text"] == "a1-b2"


def test_virus_war_short_turn_is_explained() -> None:
    from pyengine.games.virus_war import parse_diagram, presentation

    state = parse_diagram("""
     6 . . . . . O
     5 . . . . . .
     4 . . . . . .
     3 x x . . . .
     2 . x . . . .
     1 X x . . . .
       a b c d e f
    """)
    assert presentation.PRESENTATION.status(state, []) == {
        "key": "virus-war.status.start-short",
        "params": {"steps": 1},
    }
    state = parse_diagram("""
     6 . . . . o O
     5 . . . . o .
     4 . . . . o o
     3 . . . . . .
     2 x x . . . .
     1 X x . . . .
       a b c d e f
    """)
    assert presentation.PRESENTATION.status(state, [])["key"] == "virus-war.status.must-pass"


def test_virus_war_results() -> None:
    controller = Controller()
    controller.handle(
        {"op": "new", "game": "virus-war", "options": {"size": 6, "variant": "last-move-wins"}}
    )
    for action in ["a1", "b2", "c3", "pass", "pass"]:
        assert controller.handle({"op": "play", "action": action})["ok"], action
    result = controller.handle({"op": "view"})["view"]["result"]
    assert result["winners"] == [0] and result["title"]["key"] == "virus-war.wins"
    assert result["details"][0]["key"] == "virus-war.ending.last-move"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[" * 100_000, "request.too-deep"),
        ('{"op": ' * 100_000, "request.too-deep"),
        ("[" * 100_000 + "]" * 100_000, "request.too-deep"),
        ("x" * 16_000_001, "request.too-large"),
        ("", "request.not-json"),
        ("\udcff", "request.not-json"),
    ],
)
def test_unreadable_request_text_gets_an_error_reply(text: str, code: str) -> None:
    controller = Controller()
    controller.handle({"op": "new", "game": "zebra"})
    reply = json.loads(controller.handle_json(text))
    assert reply["ok"] is False
    assert reply["error"]["code"] == code
    assert reply["error"]["message"]
    # the game in progress is still there and playable
    assert controller.handle({"op": "play", "action": "c2-d2"})["ok"]


def test_deeply_nested_request_data_gets_an_error_reply() -> None:
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    controller = Controller()
    for request in (
        {"op": "new", "game": "zebra", "options": {"size": nested}},
        {"op": "restore", "game": "zebra", "match": {"actions": nested}},
        {"op": "load", "game": "zebra", "record": nested},
    ):
        reply = controller.handle(request)
        assert reply["ok"] is False
        assert reply["error"]["code"] != "internal", reply["error"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.from_regex(r"[\[\]{}\":,0-9a-z ]{0,200}", fullmatch=True))
def test_any_request_text_gets_a_json_reply(text: str) -> None:
    reply = json.loads(Controller().handle_json(text))
    assert isinstance(reply["ok"], bool)
    if not reply["ok"]:
        assert reply["error"]["code"] != "internal", reply["error"]
