"""Replays and orientation in the controller: the ``position`` request (a read-only look at an
earlier position), the move list's ``ply`` per entry, and ``flip``/``flipped``."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import pytest

from pyengine.controller import Controller, entry_plies

SETUPS = {
    "zebra": ({"size": 4}, 12),
    "virus-war": ({"size": 6}, 14),
    "virus-fight": ({"players": 2, "seed": 5}, 16),
    "fight-the-virus": ({"players": 2, "seed": 3}, 14),
}


def played(game: str, seed: int = 1) -> Controller:
    """A game of ``game`` with a few random actions (computer players choose them)."""
    options, actions = SETUPS[game]
    controller = Controller()
    reply = controller.handle(
        {"op": "new", "game": game, "options": options, "seats": ["random", "random"]}
    )
    assert reply["ok"], reply
    random.seed(seed)
    while len(controller.match.actions) < actions and not controller.match.is_over:
        assert controller.handle({"op": "bot"})["ok"]
    return controller


@pytest.mark.parametrize("game", list(SETUPS))
def test_position_shows_each_earlier_position_and_leaves_the_game_alone(game: str) -> None:
    controller = played(game)
    live = controller.handle({"op": "view"})["view"]
    plies = live["ply_count"]
    other = Controller()  # the same game, walked back and forth by undo and redo
    assert other.handle({"op": "restore", "match": live["saved"]})["ok"]
    for ply in range(plies + 1):
        reply = controller.handle({"op": "position", "ply": ply})
        assert reply["ok"] and "view" not in reply  # nothing for the page to save
        position = reply["position"]
        seen = other.handle({"op": "seek", "ply": ply})["view"]
        diagram = other.handle({"op": "diagram"})
        assert position["ply"] == ply
        assert position["svg"] == diagram["svg"]  # the position, its last action marked
        assert position["turn"] == seen["turn"] and position["result"] == seen["result"]
        assert position["to_move"] == seen["to_move"]
        assert position["last_move"] == seen["last_move"]
        assert position["cell_labels"] == seen["cell_labels"]
        assert [extra["id"] for extra in position["extras"]] == [
            extra["id"] for extra in seen["extras"]
        ]
    after = controller.handle({"op": "view"})["view"]
    assert after == live  # undo, redo, the record and the saved game are as they were


def test_position_refuses_a_ply_outside_the_game() -> None:
    controller = played("zebra")
    plies = len(controller.match.actions)
    for ply in (-1, plies + 1, "3", None, 1.0, True):
        reply = controller.handle({"op": "position", "ply": ply})
        assert not reply["ok"] and reply["error"]["code"] == "request.field", ply
        assert reply["view"]["ply_count"] == plies
    assert Controller().handle({"op": "position", "ply": 0})["error"]["code"] == "request.no-game"


def test_a_search_in_progress_survives_a_look_back() -> None:
    controller = Controller()
    controller.handle(
        {"op": "new", "game": "zebra", "options": {"size": 5}, "seats": ["hard", "human"]}
    )
    thinking = controller.handle({"op": "bot", "slice_ms": 1})
    assert thinking.get("thinking")
    pending = controller.pending
    assert controller.handle({"op": "position", "ply": 0})["ok"]
    assert controller.handle({"op": "flip"})["ok"]
    assert controller.pending is pending


@pytest.mark.parametrize("game", list(SETUPS))
def test_every_move_list_entry_names_the_position_it_shows(game: str) -> None:
    """Each entry's ``ply`` is a position whose move list shows that entry as its last one,
    written as the entry reads at the end of the game."""
    controller = played(game, seed=2)
    live = controller.handle({"op": "view"})["view"]
    entries = [entry for row in live["moves"] for entry in row["plies"]]
    assert entries and all("ply" in entry for entry in entries)
    plies = [entry["ply"] for entry in entries]
    assert plies == sorted(plies) and plies[-1] == live["ply_count"]
    other = Controller()
    assert other.handle({"op": "restore", "match": live["saved"]})["ok"]
    for index, entry in enumerate(entries):
        seen = other.handle({"op": "seek", "ply": entry["ply"]})["view"]
        shown = [item["text"] for row in seen["moves"] for item in row["plies"]]
        assert len(shown) >= index + 1 and shown[index] == entry["text"], (index, entry)
        if index + 1 < len(entries) and entries[index + 1]["ply"] > entry["ply"]:
            assert len(shown) == index + 1  # the next entry is not on the list yet


def test_virus_war_turns_show_after_their_last_step_and_programs_at_the_reveal() -> None:
    controller = Controller()
    record = '[Game "Virus War"]\n[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4 2. b3-c4\n'
    assert controller.handle({"op": "load", "game": "virus-war", "record": record})["ok"]
    moves = controller.handle({"op": "view"})["view"]["moves"]
    assert [entry["ply"] for row in moves for entry in row["plies"]] == [3, 6, 8]
    controller = played("virus-fight")
    moves = controller.handle({"op": "view"})["view"]["moves"]
    programs = [entry for row in moves if row["number"] is None for entry in row["plies"]]
    assert [entry["ply"] for entry in programs] == [2, 2]  # both setups, then the reveal


def test_entry_plies_of_counts() -> None:
    assert entry_plies([]) == [] and entry_plies([0, 1, 2, 3]) == [1, 2, 3]
    assert entry_plies([0, 1, 1, 2]) == [2, 3]
    assert entry_plies([0, 0, 0, 2, 3, 3]) == [3, 3, 5]
    assert entry_plies([0, 2, 2, 4, 5]) == [1, 1, 3, 3, 4]


def test_move_list_plies_after_a_restore_cost_little() -> None:
    """A long game restored (as every page does when it opens) counts the move list's entries
    of every position once: well under the evaluation it comes with."""
    controller = played("virus-fight", seed=3)
    while not controller.match.is_over and len(controller.match.actions) < 300:
        assert controller.handle({"op": "bot"})["ok"]
    saved = controller.handle({"op": "view"})["view"]["saved"]
    started = time.perf_counter()
    reply = Controller().handle({"op": "restore", "match": saved})
    elapsed = time.perf_counter() - started
    assert reply["ok"] and all(
        "ply" in entry for row in reply["view"]["moves"] for entry in row["plies"]
    )
    assert elapsed < 2.0, elapsed


@pytest.mark.parametrize("game", ["zebra", "virus-war", "virus-fight"])
def test_flip_turns_the_board_and_the_grid(game: str) -> None:
    controller = played(game)
    view = controller.handle({"op": "view"})["view"]
    assert view["grid"]["flipped"] is False and 'data-flipped="false"' in view["svg"]
    flipped = controller.handle({"op": "flip"})["view"]
    assert flipped["grid"]["flipped"] is True and 'data-flipped="true"' in flipped["svg"]
    assert flipped["ply_count"] == view["ply_count"] and flipped["saved"] == view["saved"]
    position = controller.handle({"op": "position", "ply": 1})["position"]
    assert 'data-flipped="true"' in position["svg"] and position["grid"]["flipped"] is True
    assert 'data-flipped="true"' in controller.handle({"op": "diagram"})["svg"]
    back = controller.handle({"op": "flip", "flipped": False})["view"]
    assert back["svg"] == view["svg"]
    bad = controller.handle({"op": "flip", "flipped": "yes"})
    assert bad["error"]["code"] == "request.field" and bad["view"]["svg"] == view["svg"]


def test_a_new_loaded_or_restored_game_takes_its_orientation() -> None:
    controller = Controller()
    reply = controller.handle(
        {"op": "new", "game": "zebra", "options": {"size": 4}, "flipped": True}
    )
    assert reply["view"]["grid"]["flipped"] is True
    # refused: the game and its orientation stay
    refused = controller.handle(
        {"op": "new", "game": "zebra", "options": {"size": 99}, "flipped": False}
    )
    assert not refused["ok"] and refused["view"]["grid"]["flipped"] is True
    assert controller.handle({"op": "new", "game": "zebra", "flipped": 1})["error"]["code"] == (
        "request.field"
    )
    saved = reply["view"]["saved"]
    assert not controller.handle({"op": "restore", "match": saved})["view"]["grid"]["flipped"]
    restored = controller.handle({"op": "restore", "match": saved, "flipped": True})
    assert restored["view"]["grid"]["flipped"]
    record = reply["view"]["record"]
    loaded = controller.handle({"op": "load", "game": "zebra", "record": record, "flipped": True})
    assert loaded["view"]["grid"]["flipped"]
    # Fight the Virus's sheet is no grid: nothing to turn, and nothing breaks
    sheet = controller.handle({"op": "new", "game": "fight-the-virus", "flipped": True})["view"]
    assert sheet["grid"] is None and sheet["svg"].startswith("<svg")


REMATCHES = [
    ("zebra", {"size": 5, "setup": "hole"}, ["human", "easy"]),
    ("virus-war", {"size": 7, "variant": "last-move-wins"}, ["easy", "human"]),
    ("virus-fight", {"players": 3, "seed": 9}, ["human", "easy", "easy"]),
    (
        "fight-the-virus",
        {"mode": "groups", "players": 4, "groups": "1 2 1 2", "seed": 5, "names": "a;b;c;d"},
        ["human", "greedy", "greedy", "greedy"],
    ),
]


@pytest.mark.parametrize(("game", "options", "seats"), REMATCHES, ids=[r[0] for r in REMATCHES])
def test_the_pages_rematch_is_a_new_game_the_engine_takes(
    game: str, options: dict, seats: list[str]
) -> None:
    """The result banner's rematch (web/app/glue/starts.py): a finished game's options without
    its seed, each player one seat on."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "app"))
    from glue.starts import rematch_options, rematch_seats

    controller = Controller()
    view = controller.handle({"op": "new", "game": game, "options": options, "seats": seats})[
        "view"
    ]
    reply = controller.handle(
        {
            "op": "new",
            "game": game,
            "options": rematch_options(view["options"]),
            "seats": rematch_seats(view["seats"]),
        }
    )
    assert reply["ok"], reply
    assert reply["view"]["seats"] == [seats[-1], *seats[:-1]]
    kept = {name: value for name, value in view["options"].items() if name != "seed"}
    assert {name: reply["view"]["options"][name] for name in kept} == kept


def test_a_loaded_game_counts_the_moves_of_its_list() -> None:
    controller = Controller()
    record = '[Game "Virus War"]\n[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4 2. b3-c4\n'
    reply = controller.handle({"op": "load", "game": "virus-war", "record": record})
    message = reply["message"]
    assert (message["key"], message["params"]) == ("play.loaded", {"count": 3})  # not 8 steps


@pytest.mark.parametrize("game", list(SETUPS))
def test_actors_name_the_seat_of_each_action_and_leave_the_game_alone(game: str) -> None:
    controller = played(game, seed=4)
    live = controller.handle({"op": "view"})["view"]
    walked = Controller()  # the seat to act before each action, by undo and redo
    assert walked.handle({"op": "restore", "match": live["saved"]})["ok"]
    expected = []
    for ply in range(live["ply_count"]):
        expected.append(walked.handle({"op": "seek", "ply": ply})["view"]["to_move"])
    reply = controller.handle({"op": "actors", "match": live["saved"], "game": game})
    assert reply == {"ok": True, "actors": expected}
    assert len(set(expected)) > 1  # more than one seat acted
    assert controller.handle({"op": "view"})["view"] == live


def test_actors_refuse_an_illegal_action_or_another_game_and_keep_the_game() -> None:
    controller = played("zebra")
    live = controller.handle({"op": "view"})["view"]
    forged = json.loads(json.dumps(live["saved"]))
    forged["state"]["actions"][2] = "a1-a1"
    reply = controller.handle({"op": "actors", "match": forged})
    assert not reply["ok"] and reply["error"]["code"] == "state.invalid"
    assert "actions[2]" in reply["error"]["message"]
    reply = controller.handle({"op": "actors", "match": live["saved"], "game": "virus-war"})
    assert not reply["ok"] and reply["error"]["code"] == "request.wrong-game"
    assert controller.handle({"op": "view"})["view"] == live
