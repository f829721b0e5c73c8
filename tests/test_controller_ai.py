"""The controller's computer players: seats of every kind, step-wise thinking (``bot`` and
``hint`` with ``slice_ms``), the evaluation in every view, Virus Fight's stop proposals."""

from __future__ import annotations

import json
import time

import pytest

from pyengine.ai import player_kinds
from pyengine.controller import Controller, chances, seat_kinds

GAMES = {
    "zebra": {"size": 4},
    "virus-war": {"size": 6},
    "virus-fight": {"players": 2, "size": 5, "seed": 3},
    "fight-the-virus": {"players": 2, "seed": 3},
}


def started(game: str, seats: list[str], **options: object) -> Controller:
    controller = Controller()
    reply = controller.handle(
        {"op": "new", "game": game, "options": {**GAMES[game], **options}, "seats": seats}
    )
    assert reply["ok"], reply
    return controller


def think(controller: Controller, op: str = "bot", slice_ms: float = 20) -> tuple[dict, int]:
    """Send ``op`` with ``slice_ms`` until the search is done: the final reply and the number
    of thinking replies before it."""
    for replies in range(10_000):
        reply = controller.handle({"op": op, "slice_ms": slice_ms})
        if "thinking" not in reply:
            return reply, replies
        assert reply["ok"] and "view" not in reply
        thinking = reply["thinking"]
        assert thinking["purpose"] == op and 0 <= thinking["progress"] <= 1
    raise AssertionError("the search never finished")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_kind_may_hold_a_seat_and_decides(game: str) -> None:
    kinds = seat_kinds(game)
    assert set(player_kinds(game)) <= set(kinds)
    assert {"random", "easy", "medium", "hard"} <= set(kinds)
    for kind in ("random", "easy"):
        controller = started(game, [kind, "human"])
        assert controller.handle({"op": "view"})["view"]["seats"] == [kind, "human"]
        for _ in range(3):  # a few decisions of the computer in seat 1 (setups, rolls, moves)
            view = controller.handle({"op": "view"})["view"]
            if view["to_move"] != 0:
                break
            reply, _ = think(controller)
            assert (
                reply["ok"] and "stats" in reply and reply["view"]["ply_count"] > view["ply_count"]
            )


def test_fight_the_virus_keeps_its_greedy_and_random_players() -> None:
    assert {"greedy", "random"} <= set(seat_kinds("fight-the-virus"))
    controller = started("fight-the-virus", ["greedy", "random"])
    reply = controller.handle({"op": "bot"})
    assert reply["ok"] and reply["view"]["ply_count"] == 1


def test_unknown_kinds_and_seat_counts_are_refused() -> None:
    controller = started("zebra", ["human", "human"])
    bad = controller.handle(
        {"op": "new", "game": "zebra", "options": {}, "seats": ["human", "deep-blue"]}
    )
    assert not bad["ok"] and bad["error"]["code"] == "request.unknown-bot"
    bad = controller.handle({"op": "new", "game": "zebra", "options": {}, "seats": ["human"]})
    assert not bad["ok"]
    bad = controller.handle(
        {"op": "new", "game": "zebra", "options": {}, "seats": ["human", "easy"]}
    )
    assert bad["ok"]
    refused = controller.handle({"op": "bot", "slice_ms": "soon"})
    assert not refused["ok"] and refused["error"]["code"] in ("request.field", "request.not-a-bot")


def test_bot_thinks_in_slices_then_plays_with_stats() -> None:
    controller = started("zebra", ["medium", "human"])
    reply, slices = think(controller, slice_ms=1)
    assert slices > 0  # a 1 ms slice cannot hold a whole medium search
    assert reply["ok"] and reply["view"]["ply_count"] == 1
    stats = reply["stats"]
    assert stats["player"] == 0 and stats["iterations"] > 0
    assert stats["action"] == reply["message"]["params"]["action"]
    assert 1 <= len(stats["candidates"]) <= 3 and len(stats["values"]) == 2
    # the human to move now: the computer refuses
    refused = controller.handle({"op": "bot", "slice_ms": 5})
    assert not refused["ok"] and refused["error"]["code"] == "request.not-a-bot"


def test_a_replay_decides_alike() -> None:
    first = started("zebra", ["easy", "easy"])
    second = started("zebra", ["easy", "easy"])
    for _ in range(6):
        one, _ = think(first, slice_ms=3)
        other = second.handle({"op": "bot"})  # without slice_ms: to the end at once
        assert one["stats"]["action"] == other["stats"]["action"]
        if one["view"]["result"]:
            break


def test_any_change_drops_the_search_in_progress() -> None:
    controller = started("zebra", ["human", "medium"])
    controller.handle({"op": "play", "action": "c2-d2"})
    reply = controller.handle({"op": "bot", "slice_ms": 1})
    assert "thinking" in reply and controller.pending is not None
    controller.handle({"op": "view"})  # looking does not change the game
    assert controller.pending is not None
    reply = controller.handle({"op": "undo"})
    assert reply["ok"] and controller.pending is None and reply["view"]["ply_count"] == 0
    # a new search starts from scratch for the new position
    assert controller.handle({"op": "bot", "slice_ms": 1})["error"]["code"] == "request.not-a-bot"


def test_undo_takes_back_the_computers_reply_and_the_humans_move() -> None:
    controller = started("zebra", ["human", "easy"])
    controller.handle({"op": "play", "action": "c2-d2"})
    reply, _ = think(controller)
    assert reply["view"]["ply_count"] == 2 and reply["view"]["to_move"] == 0
    reply = controller.handle({"op": "undo"})
    assert reply["view"]["ply_count"] == 0 and reply["view"]["to_move"] == 0


def test_undo_between_computers_takes_back_one_action() -> None:
    controller = started("zebra", ["easy", "easy"])
    think(controller)
    think(controller)
    reply = controller.handle({"op": "undo"})
    assert reply["view"]["ply_count"] == 1


@pytest.mark.parametrize("game", ["zebra", "virus-war"])
def test_hint_gives_the_suggestion_and_two_alternatives_with_their_cells(game: str) -> None:
    controller = started(game, ["human", "easy"])
    reply, _ = think(controller, "hint")
    assert reply["ok"]
    hint = reply["hint"]
    assert hint["seat"] == 0 and 1 <= len(hint["actions"]) <= 3
    view = reply["view"]
    legal = {str(action) for action in controller.match.state.legal_actions()}
    cells = set(view["cell_labels"])
    for suggestion in hint["actions"]:
        assert suggestion["action"] in legal and -1 <= suggestion["value"] <= 1
        assert all(cell in cells for cell in suggestion["cells"])
    assert len({suggestion["action"] for suggestion in hint["actions"]}) == len(hint["actions"])
    best = hint["actions"][0]
    if best["paths"] and best["paths"][0]:
        for cell in best["paths"][0]:
            reply = controller.handle({"op": "click", "cell": cell})
        assert reply["view"]["ply_count"] == 1  # the hint's clicks make the action
    else:
        assert controller.handle({"op": "play", "action": best["action"]})["ok"]
    assert view["evaluation"]["source"] == "search"


def test_hint_is_for_a_human_and_not_for_a_secret_setup() -> None:
    controller = started("zebra", ["easy", "human"])
    refused = controller.handle({"op": "hint", "slice_ms": 10})
    assert not refused["ok"] and refused["error"]["code"] == "request.not-a-human"
    controller = started("virus-fight", ["human", "easy"])
    refused = controller.handle({"op": "hint"})
    assert not refused["ok"] and refused["error"]["code"] == "request.no-hint"


def test_chances_from_values() -> None:
    assert chances([1.0, -1.0]) == [1.0, 0.0]
    assert chances([0.2, -0.2]) == [0.6, 0.4]
    assert chances([-1.0, -1.0]) == [0.5, 0.5]
    assert sum(chances([0.3, 0.1, -0.9, 0.0])) == pytest.approx(1.0, abs=0.01)
    assert chances([0.5]) == [0.75]  # one seat against the game: not scaled


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_view_has_an_evaluation_with_its_history(game: str) -> None:
    controller = started(game, ["easy", "easy"])
    view = controller.handle({"op": "view"})["view"]
    evaluation = view["evaluation"]
    assert len(evaluation["history"]) == 1 and evaluation["history"][0] == evaluation["chances"]
    assert len(evaluation["chances"]) == len(view["players"]) == 2
    for _ in range(4):
        reply = controller.handle({"op": "bot"})
        assert reply["ok"]
    view = reply["view"]
    history = view["evaluation"]["history"]
    assert len(history) == view["ply_count"] + 1
    for entry in history:
        assert len(entry) == 2 and all(0 <= chance <= 1 for chance in entry)
        assert sum(entry) == pytest.approx(1.0, abs=0.01)
    json.dumps(view)


def test_evaluation_follows_undo_and_a_loaded_record() -> None:
    controller = started("zebra", ["human", "human"])
    for _ in range(3):
        action = str(controller.match.state.legal_actions()[0])
        assert controller.handle({"op": "play", "action": action})["ok"]
    view = controller.handle({"op": "undo"})["view"]
    assert len(view["evaluation"]["history"]) == 3
    record = view["record"]
    fresh = Controller()
    view = fresh.handle({"op": "load", "game": "zebra", "record": record})["view"]
    assert len(view["evaluation"]["history"]) == 3  # every position replayed and evaluated


def test_a_finished_game_shows_its_result_as_chances() -> None:
    controller = started("zebra", ["easy", "easy"], size=3)
    for _ in range(200):
        reply = controller.handle({"op": "bot"})
        if reply["view"]["result"]:
            break
    view = reply["view"]
    winner = view["result"]["title"]["params"]["player"]["key"]
    seat = int(winner.rsplit(".", 1)[1])
    assert view["evaluation"]["chances"][seat] == 1.0


def test_computer_versus_computer_virus_fight_with_three_seats_ends() -> None:
    controller = started("virus-fight", ["random", "easy", "random"], players=3)
    for _ in range(5000):
        reply, _ = think(controller, slice_ms=50)
        assert reply["ok"], reply
        if reply["view"]["result"]:
            break
    assert reply["view"]["result"] is not None
    assert len(reply["view"]["evaluation"]["history"][-1]) == 3


def test_virus_fight_setups_of_the_computer_stay_secret() -> None:
    controller = started("virus-fight", ["easy", "human"])
    reply, _ = think(controller)
    assert reply["ok"] and set(reply["stats"]) == {"player", "iterations", "elapsed_ms"}
    assert "@" not in json.dumps(reply["message"])


def virus_fight_in_play(seats: list[str]) -> Controller:
    """A Virus Fight game with seat 1 to act at a turn start (programs submitted)."""
    import random

    from pyengine.games.virus_fight import presentation

    controller = started("virus-fight", seats)
    rng = random.Random(4)
    state = controller.match.state
    while state.phase == "setup":
        if seats[state.current_player()] == "human":
            program = presentation.random_setup(state, rng)  # type: ignore[arg-type]
            controller.handle({"op": "play", "action": str(program)})
        else:
            controller.handle({"op": "bot"})
    return controller


def test_virus_fight_computers_answer_a_stop_proposal(monkeypatch) -> None:
    from pyengine.ai.players import game_ai

    ai = game_ai("virus-fight")
    monkeypatch.setattr(ai, "accepts_stop", lambda state, seat: True, raising=False)
    monkeypatch.setattr(ai, "wants_stop", lambda state, seat: False, raising=False)
    controller = virus_fight_in_play(["human", "easy"])
    state = controller.match.state
    if state.current_player() != 0:  # the computer plays first: let it finish its turn
        while state.current_player() == 1 and not state.is_terminal():
            controller.handle({"op": "bot"})
    assert state.can_propose_stop()
    reply = controller.handle({"op": "play", "action": "stop"})
    assert reply["view"]["to_move"] == 1 and state.decision == "stop-vote"
    reply = controller.handle({"op": "bot", "slice_ms": 10})  # an answer needs no search
    assert reply["ok"] and "thinking" not in reply
    assert reply["view"]["result"] is not None  # accepted: the game ends by agreement
    # and a refusal goes on with the game
    monkeypatch.setattr(ai, "accepts_stop", lambda state, seat: False, raising=False)
    controller.handle({"op": "undo"})  # back to the human's decision: before the proposal
    state = controller.match.state
    assert state.current_player() == 0 and state.can_propose_stop()
    controller.handle({"op": "play", "action": "stop"})
    reply = controller.handle({"op": "bot"})
    assert reply["view"]["result"] is None and controller.match.state.current_player() == 0


def test_virus_fight_computer_proposes_a_stop_when_it_wants(monkeypatch) -> None:
    from pyengine.ai.players import game_ai

    ai = game_ai("virus-fight")
    monkeypatch.setattr(ai, "wants_stop", lambda state, seat: True, raising=False)
    controller = virus_fight_in_play(["easy", "human"])
    state = controller.match.state
    while state.current_player() != 0 or not state.can_propose_stop():
        seat = state.current_player()
        if seat == 0:
            controller.handle({"op": "bot"})
        else:
            controller.handle({"op": "play", "action": str(state.legal_actions()[0])})
        assert not state.is_terminal()
    reply = controller.handle({"op": "bot"})
    assert reply["message"]["key"] == "virus-fight.stop.proposed"
    assert state.decision == "stop-vote" and state.current_player() == 1  # the human answers
    controller.handle({"op": "play", "action": "decline"})
    assert state.current_player() == 0 and not state.can_propose_stop()
    reply = controller.handle({"op": "bot"})  # no second proposal this turn: it plays on
    assert reply["ok"] and reply["message"]["key"] != "virus-fight.stop.proposed"


def proposal_to_the_person(program: str) -> Controller:
    """Virus Fight, a person (seat 0, ``program``) against the medium computer, whose book
    program keeps more in its supply: it plays first (fewer pieces or pips) and proposes a stop
    in round 1, which the person must answer."""
    controller = Controller()
    options = {"players": 2, "seed": 1}
    controller.handle(
        {"op": "new", "game": "virus-fight", "options": options, "seats": ["human", "medium"]}
    )
    assert controller.handle({"op": "play", "action": program})["ok"]
    controller.handle({"op": "bot"})  # its program: revealed, it plays first
    reply = controller.handle({"op": "bot"})
    assert reply["message"]["key"] == "virus-fight.stop.proposed"
    state = controller.match.state
    assert state.decision == "stop-vote" and state.current_player() == 0
    return controller


def test_the_hint_declines_a_stop_that_loses_for_the_person() -> None:
    # the walkthrough's position: the supplies hold 9 pieces each, 16 pips for the person and
    # 18 for the computer, so stopping now is a loss for the person by the scoring (§7.4)
    controller = proposal_to_the_person("b1:J3 c1:W3 d1:M2 @b1")
    state = controller.match.state
    assert [len(state.supply(seat)) for seat in (0, 1)] == [9, 9]
    assert [sum(piece.size for piece in state.supply(seat)) for seat in (0, 1)] == [16, 18]
    reply = controller.handle({"op": "hint", "slice_ms": 10})  # needs no search
    assert reply["ok"] and "thinking" not in reply
    assert [action["action"] for action in reply["hint"]["actions"]] == ["decline"]
    assert controller.handle({"op": "hint"})["hint"]["actions"][0]["action"] == "decline"


def test_the_hint_accepts_a_stop_the_person_wins() -> None:
    from pyengine.games.virus_fight.ai import advises_stop
    from pyengine.games.virus_fight.rounds import stop_winners

    controller = proposal_to_the_person("b1:J3 c1:W3 d1:M2 @b1")
    state = controller.match.state
    # the same decision with the person's supply one piece larger: stopping wins for them
    state._supplies[0] = (*state._supplies[0], state._supplies[1][-1])
    assert stop_winners(state._supplies, state._alive_list())[0] == (0,)
    assert advises_stop(state, 0) and not advises_stop(state, 1)
    reply = controller.handle({"op": "hint"})
    assert reply["hint"]["actions"][0]["action"] == "accept"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_stay_fast(game: str) -> None:
    controller = started(game, ["easy", "easy"])
    for _ in range(6):
        controller.handle({"op": "bot"})
    started_at = time.perf_counter()
    for _ in range(10):
        controller.handle({"op": "view"})
    per_view_ms = (time.perf_counter() - started_at) * 100
    assert per_view_ms < 60, per_view_ms  # ~4-9 ms without the evaluation; a slow machine's margin
