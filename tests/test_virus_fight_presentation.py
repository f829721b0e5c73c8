"""Virus Fight through the controller: what a page sees and sends (setup secrecy, clicks per
decision, announcements, the stop proposal, the end)."""

from __future__ import annotations

import random

import pytest

from pyengine.controller import Controller, click_paths
from pyengine.games.virus_fight import VIRUS_FIGHT, parse_record
from pyengine.games.virus_fight import presentation as present
from test_virus_fight_examples import SAMPLE_RECORD as SAMPLE


def new(players: int = 2, **options) -> Controller:
    controller = Controller()
    reply = controller.handle(
        {"op": "new", "game": "virus-fight", "options": {"players": players, **options}}
    )
    assert reply["ok"], reply
    return controller


def clicks_for(controller: Controller, action: str) -> tuple[str, ...] | None:
    """The shortest click sequence the view offers for ``action`` (None: a button)."""
    state = controller.match.state
    paths = [
        cells for cells, legal in click_paths(present.PRESENTATION, state) if str(legal) == action
    ]
    assert paths, f"{action} has no click path"
    return min(paths, key=len) or None


def do(controller: Controller, action: str) -> dict:
    """Make ``action`` the way a player does: clicks on cells and piece choices, or its
    button."""
    clicks = clicks_for(controller, action)
    if clicks is None:
        view = controller.handle({"op": "view"})["view"]
        assert any(button.get("action") == action for button in view["buttons"]), action
        return controller.handle({"op": "play", "action": action})
    for index, cell in enumerate(clicks):
        if index:  # every further click is offered as a target (a cell or a piece button)
            view = controller.handle({"op": "view"})["view"]
            assert cell in view["targets"], (action, cell, view["targets"])
        reply = controller.handle({"op": "click", "cell": cell})
        assert reply["ok"] and (reply["message"] or {}).get("level") != "error", reply["message"]
    return reply


def keys(message: dict) -> list[str]:
    return [message["key"]] + [more["key"] for more in message.get("more", [])]


def test_setup_panel_and_secrecy():
    controller = new(2, seed=0)
    view = controller.handle({"op": "view"})["view"]
    panel = view["setup"]
    assert panel["seat"] == 0 and panel["segment"] == ["a1", "b1", "c1", "d1", "e1"]
    assert panel["max"] == 5 and [piece["code"] for piece in panel["pieces"]][:3] == [
        "M1",
        "M2",
        "M3",
    ]
    assert (
        panel["submitted"] == [False, False] and view["buttons"] == [] and view["highlighted"] == []
    )
    reply = controller.handle({"op": "play", "action": "b1:W2 c1:E3 @b1"})
    view = reply["view"]
    # nothing of seat 1's program is readable by seat 2: board, record, message, move list
    assert "data-piece" not in view["svg"] and "W2" not in view["record"]
    assert "b1:W2" not in str(reply["message"]) and view["moves"] == []
    assert reply["message"]["key"] == "virus-fight.setup.submitted"
    assert view["setup"]["seat"] == 1 and view["setup"]["submitted"] == [True, False]
    assert view["setup"]["segment"] == ["a5", "b5", "c5", "d5", "e5"]
    assert not view["can_undo"]
    refused = controller.handle({"op": "undo"})
    assert not refused["ok"] and refused["error"]["code"] == "request.cannot-undo"
    reply = controller.handle({"op": "play", "action": "c5:M1 d5:E2 @d5"})
    assert reply["message"]["key"] == "virus-fight.setup.revealed"
    assert reply["message"]["params"]["player"]["params"]["number"] == 2  # 3 pips against 5
    view = reply["view"]
    assert view["setup"] is None and 'data-piece="W2"' in view["svg"] and not view["can_undo"]
    assert [row["plies"][0]["text"] for row in view["moves"]] == [
        "1: b1:W2 c1:E3 @b1",
        "2: c5:M1 d5:E2 @d5",
    ]


def test_preview_draws_a_checked_draft_without_playing_it():
    controller = new(3)
    reply = controller.handle({"op": "preview", "action": "b1:M3 c1:J1 @c1"})
    assert reply["ok"] and reply["svg"].count("pending") >= 2
    assert controller.match.state.history == ()
    bad = controller.handle({"op": "preview", "action": "b1:M3 d1:J1 @b1"})
    assert not bad["ok"] and bad["error"]["code"] == "virus-fight.setup-segment"
    bad = controller.handle({"op": "preview", "action": "a2:M3 @a2"})  # seat 2's cells
    assert not bad["ok"] and bad["error"]["code"] == "virus-fight.setup-segment"
    assert controller.handle({"op": "view"})["ok"]


def test_the_sample_game_of_8_2_by_clicks():
    controller = new(2, seed=0)
    reference = parse_record(VIRUS_FIGHT, SAMPLE)
    for program in ("b1:W2 c1:E3 @b1", "c5:M1 d5:E2 @d5"):
        controller.handle({"op": "play", "action": program})
    state = controller.match.state
    # the instruction about to run is named, with the round and its first player
    view = controller.handle({"op": "view"})["view"]
    assert view["turn"]["key"] == "virus-fight.turn.executes"
    assert view["turn"]["params"]["instruction"]["params"]["size"] == 2
    assert view["status"]["params"]["round"] == 1
    assert view["highlighted"] == ["c5", "d4", "e5"]  # capture c5, or aim at an empty cell
    messages = []
    for entry in reference.turns:
        for part in entry.text.split():
            if part in ("-", "@-", "J@-"):
                continue  # automatic
            messages.append(do(controller, part)["message"])
    state = controller.match.state
    assert state == reference
    assert "virus-fight.auto.no-effect" in keys(messages[-1])
    assert "virus-fight.auto.eliminated" in keys(messages[-1])
    view = controller.handle({"op": "view"})["view"]
    assert view["result"]["winners"] == [0] and view["result"]["title"]["key"] == "virus-fight.wins"
    assert view["result"]["details"][0]["key"] == "virus-fight.ending.elimination"
    assert view["record"] == SAMPLE
    assert (
        view["moves"][-1]["number"] == 4 and view["moves"][-1]["plies"][-1]["text"] == "2: M1 - @-"
    )


def test_write_choice_of_piece_is_a_second_click_or_a_button():
    controller = new(2, seed=0)
    controller.handle({"op": "play", "action": "b1:W2 c1:E3 @b1"})
    controller.handle({"op": "play", "action": "c5:M1 d5:E2 @d5"})
    do(controller, "x-")
    do(controller, "@c5")
    view = controller.handle({"op": "view"})["view"]  # seat 1 executes WRITE 2
    assert (
        view["turn"]["params"]["instruction"]["params"]["type"]["key"] == "virus-fight.type.write"
    )
    assert "b2" in view["highlighted"] and "a1" in view["highlighted"]
    view = controller.handle({"op": "click", "cell": "b2"})["view"]
    assert view["selected"] == "b2" and "+w3" in view["targets"] and "+w2" not in view["targets"]
    buttons = [button["click"] for button in view["buttons"] if "click" in button]
    assert buttons == ["+m1", "+m2", "+m3", "+w1", "+w3", "+j1", "+j2", "+j3", "+e1", "+e2"]
    strip = next(extra for extra in view["extras"] if extra["seat"] == 0)["svg"]
    assert 'data-click="+w3"' in strip
    assert "data-click" not in next(extra for extra in view["extras"] if extra["seat"] == 1)["svg"]
    reply = controller.handle({"op": "click", "cell": "+w3"})
    assert reply["message"]["params"]["action"] == "+W3@b2"
    assert reply["view"]["last_move"] == ["b2"] and reply["view"]["highlighted"] == ["b2", "c1"]


def test_erase_nothing_by_an_empty_cell_or_the_button():
    for way in ("e5", None):
        controller = new(2, seed=0)
        controller.handle({"op": "play", "action": "b1:W2 c1:E3 @b1"})
        controller.handle({"op": "play", "action": "c5:M1 d5:E2 @d5"})
        if way:
            reply = controller.handle({"op": "click", "cell": way})
        else:
            reply = controller.handle({"op": "play", "action": "x-"})
        assert reply["message"]["params"]["action"] == "x-"
        assert reply["view"]["turn"]["key"] == "virus-fight.turn.executes"
        assert reply["view"]["status"]["params"]["hint"]["key"] == "virus-fight.hint.step"


def test_illegal_clicks_are_explained_and_change_nothing():
    controller = new(2, seed=0)
    reply = controller.handle({"op": "click", "cell": "c3"})
    assert reply["message"]["key"] == "virus-fight.explain.setup"
    controller.handle({"op": "play", "action": "b1:W2 c1:E3 @b1"})
    controller.handle({"op": "play", "action": "c5:M1 d5:E2 @d5"})
    before = controller.match.state.clone()
    reply = controller.handle({"op": "click", "cell": "a1"})
    assert reply["message"]["key"] == "error.virus-fight.erase-target"
    reply = controller.handle({"op": "click", "cell": "d5"})  # the marked ERASE itself
    assert reply["message"]["key"] == "error.virus-fight.erase-marked"
    assert controller.match.state == before


def test_stop_proposal_answers_and_agreement():
    controller = new(3, seed=1)
    for program in ("b1:M1 c1:E3 @c1", "a3:W1 a4:J2 @a3", "c6:M2 d6:E1 @d6"):
        controller.handle({"op": "play", "action": program})
    view = controller.handle({"op": "view"})["view"]
    assert {"action": "stop", "label": {"key": "virus-fight.stop.propose", "params": {}}} in view[
        "buttons"
    ]
    proposer = view["to_move"]
    reply = controller.handle({"op": "play", "action": "stop"})
    assert reply["message"]["key"] == "virus-fight.stop.proposed"
    view = reply["view"]
    assert view["to_move"] != proposer and view["turn"]["key"] == "virus-fight.turn.vote"
    assert [button["action"] for button in view["buttons"]] == ["accept", "decline"]
    # a refusal ends the proposal; the same turn goes on and may not propose again
    reply = controller.handle({"op": "play", "action": "decline"})
    assert reply["message"]["key"] == "virus-fight.stop.declined"
    assert reply["view"]["to_move"] == proposer
    assert all(button.get("action") != "stop" for button in reply["view"]["buttons"])
    # undo takes back the refusal; then everybody accepts
    controller.handle({"op": "undo"})
    for _ in range(2):
        reply = controller.handle({"op": "play", "action": "accept"})
    result = reply["view"]["result"]
    assert result["details"][0]["key"] == "virus-fight.ending.agreement"
    state = controller.match.state
    assert state.result().ending == "agreement" and "stop" in reply["view"]["record"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_click_games_never_break_the_page(players: int):
    """Random clicks, buttons and programs until the end: every reply is well formed, no
    internal error, and the game on screen is always the engine's."""
    rng = random.Random(players)
    for _ in range(4):
        controller = new(players)
        for _ in range(3000):
            view = controller.handle({"op": "view"})["view"]
            if view["result"]:
                break
            if view["setup"]:
                program = present.random_setup(controller.match.state, rng)  # type: ignore[arg-type]
                reply = controller.handle({"op": "play", "action": str(program)})
            elif view["buttons"] and (
                rng.random() < 0.1 or not (view["targets"] or view["highlighted"])
            ):
                button = rng.choice(view["buttons"])
                request = (
                    {"op": "click", "cell": button["click"]}
                    if "click" in button
                    else {"op": "play", "action": button["action"]}
                )
                reply = controller.handle(request)
            elif rng.random() < 0.15:
                reply = controller.handle(
                    {"op": "click", "cell": rng.choice(list(view["cell_labels"]))}
                )
            else:
                reply = controller.handle(
                    {"op": "click", "cell": rng.choice(view["targets"] or view["highlighted"])}
                )
            assert reply["ok"], reply
            assert reply["view"]["svg"].startswith("<svg")
        assert controller.handle({"op": "view"})["view"]["result"] is not None


def test_a_crowded_board_is_warned_about_but_allowed():
    view = new(5, size=5).handle({"op": "view"})["view"]
    assert view["status"]["key"] == "virus-fight.status.setup-small"
    assert view["status"]["params"]["cells"] == 25 and view["status"]["params"]["pieces"] == 60
    assert (
        new(2, size=5).handle({"op": "view"})["view"]["status"]["key"] == "virus-fight.status.setup"
    )


def test_a_program_that_dies_at_the_reveal_is_announced():
    controller = new(2, seed=0)
    controller.handle({"op": "play", "action": "a1:M2 @a1"})  # a lone MOVE: nothing to move
    reply = controller.handle({"op": "play", "action": "c5:W2 d5:E1 @c5"})
    assert keys(reply["message"]) == [
        "virus-fight.setup.revealed",
        "virus-fight.auto.no-effect",
        "virus-fight.auto.eliminated",
    ]
    assert reply["view"]["result"]["winners"] == [1]


@pytest.mark.parametrize("players", [2, 3])
def test_a_resignation_that_ends_the_game_names_who_is_left(players: int):
    """The last opponent resigns: the result says who resigned and who is left, never that
    every other program was eliminated (the resigned one was not, on the board)."""
    rng = random.Random(2)
    for seed in range(50):  # a game whose programs leave everybody in play
        controller = new(players, seed=seed)
        while controller.match.state.phase == "setup":
            state = controller.match.state
            setup = present.random_setup(state, rng)  # type: ignore[arg-type]
            controller.handle({"op": "play", "action": str(setup)})
        if controller.match.state.phase == "play" and not controller.match.state.eliminated:
            break
    resigned = []
    while controller.match.state.result() is None:
        resigned.append(controller.match.state.current_player())
        reply = controller.handle({"op": "resign"})
        assert reply["ok"], reply
    result = reply["view"]["result"]
    (winner,) = result["winners"]
    assert winner not in resigned and len(resigned) == players - 1
    assert result["title"] == {
        "key": "virus-fight.wins",
        "params": {"player": present.PRESENTATION.PLAYERS[winner]},
    }
    keys_of = [detail["key"] for detail in result["details"]]
    assert keys_of == ["virus-fight.resigned"] * (players - 1) + ["virus-fight.ending.last-left"]
    assert result["details"][-1]["params"] == {"player": present.PRESENTATION.PLAYERS[winner]}
