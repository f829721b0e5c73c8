"""Resigning, the same for every game (:meth:`pyengine.session.Match.resign` and the
controller's ``resign`` request): the result says who resigned and who wins, the record says
it and reads back as a resigned, finished game (an old record still reads), a resignation is
refused once the game is over or for a seat not to act, and undo takes it back."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pyengine import Match
from pyengine.controller import Controller
from pyengine.core.errors import EngineError, IllegalActionError, RecordError
from pyengine.core.game import TERMINAL
from pyengine.session import Resignation

VIRUS_FIGHT_PROGRAMS = ("b1:E3 c1:W2 d1:J1 @c1", "a5:J2 b5:E3 c5:M1 @b5")
# each game a few actions in, with the seat to act (who resigns)
OPENINGS: dict[str, tuple[dict[str, object], tuple[str, ...], int]] = {
    "zebra": ({"size": 4}, ("c2-d2", "a1-b1", "a2-a3"), 1),
    "virus-war": ({"size": 6}, ("a1", "b2", "c3", "pass", "d4"), 0),
    "virus-fight": ({"players": 2, "size": 5, "seed": 0}, VIRUS_FIGHT_PROGRAMS, 1),
    "fight-the-virus": ({"players": 2, "seed": 3}, ("roll",), 0),
}


def state_of(match: Match) -> Any:
    """The match's state, whatever its game (each game's own attributes)."""
    return match.state


def opened(game: str) -> Match:
    options, actions, _ = OPENINGS[game]
    match = Match(game, options=options)
    for action in actions:
        match.play(action)
    return match


@pytest.mark.parametrize("game", sorted(OPENINGS))
def test_the_player_to_act_resigns_and_the_record_says_so(game: str) -> None:
    match = opened(game)
    seat = OPENINGS[game][2]
    assert match.to_move == seat and match.can_resign() and match.can_resign(seat)
    assert not match.can_resign(1 - seat)  # only the seat to act
    with pytest.raises(EngineError) as refused:
        match.resign(1 - seat)
    assert refused.value.code == "resign.not-to-act" and match.can_resign()
    match.resign()
    record = match.record_text()
    again = Match.from_record(record, game_id=game)
    assert again.record_text() == record
    assert json.loads(json.dumps(again.to_json())) == json.loads(json.dumps(match.to_json()))
    if game == "fight-the-virus":  # §4.2: the player stays seated, the others play on
        assert seat in state_of(match).resigned and seat in state_of(again).resigned
        assert not match.is_over and match.to_move == 1 - seat
        assert "resign" in record
        return
    assert match.is_over and again.is_over and match.to_move == TERMINAL
    assert match.result is not None and match.result.winners == (1 - seat,)
    assert again.result == match.result
    assert match.legal_actions() == []


def test_zebra_and_virus_war_records_give_the_winner_and_the_termination() -> None:
    match = opened("zebra")  # Black to move resigns
    match.resign()
    assert match.resigned == 1 and match.result is not None
    assert (match.result.reason, match.result.ending) == ("resignation", "resignation")
    lines = match.record_text().splitlines()
    assert lines[4:6] == ['[Result "1-0"]', '[Termination "resignation"]']
    assert lines[-1] == "1-0"
    match = opened("virus-war")  # X resigns in the middle of a turn
    assert state_of(match).turn_steps
    match.resign()
    record = match.record_text()
    assert '[Result "0-1"]\n[Termination "resignation"]' in record
    assert record.endswith("1. a1-b2-c3 pass\n2. d4\n0-1\n")
    again = Match.from_record(record, game_id="virus-war")
    assert again.resigned == 0 and state_of(again).turn_steps == state_of(match).turn_steps


def test_virus_fight_resigning_eliminates_the_player() -> None:
    match = opened("virus-fight")
    match.resign()  # seat 2, at the start of its turn: seat 1 is the last one left
    assert state_of(match).resigned == (1,) and not state_of(match).alive(1)
    assert match.result is not None and match.result.ending == "elimination"
    assert match.record_text().splitlines()[-2:] == ["1.2 resign", "result win 1 elimination"]
    match.undo()  # after the turn's effect, the line ends with the resignation
    match.play("x-")
    match.resign()
    assert match.record_text().splitlines()[-2:] == ["1.2 E3 x- resign", "result win 1 elimination"]
    read = Match.from_record(match.record_text(), game_id="virus-fight")
    assert read.is_over and state_of(read).resigned == (1,)


def test_virus_fight_with_three_players_goes_on_without_the_one_who_resigned() -> None:
    from pyengine.games.virus_fight import presentation

    match = Match("virus-fight", options={"players": 3, "seed": 2})
    state = state_of(match)
    rng = random.Random(4)
    while state.phase == "setup":
        match.play(presentation.random_setup(state, rng))
    seat = match.to_move
    match.resign()
    assert not match.is_over and not state.alive(seat) and match.to_move != seat
    assert state.resigned == (seat,) and state.supply(seat) == ()
    assert f".{seat + 1} resign" in match.record_text()


def test_virus_fight_refuses_a_resignation_during_the_setup() -> None:
    match = Match("virus-fight", options={"players": 2, "seed": 0})
    assert not match.can_resign()
    with pytest.raises(IllegalActionError) as refused:
        match.resign()
    assert refused.value.code == "virus-fight.resign-not-now"


def test_fight_the_virus_solo_resigning_ends_the_game_the_virus_wins() -> None:
    match = Match("fight-the-virus", options={"mode": "solo", "players": 1, "seed": 3})
    match.play("roll")
    match.resign()
    assert match.is_over and match.result is not None and match.result.winners == ()
    again = Match.from_record(match.record_text(), game_id="fight-the-virus")
    assert again.is_over and state_of(again).resigned == frozenset({0})


@pytest.mark.parametrize("game", sorted(OPENINGS))
def test_no_resignation_once_the_game_is_over(game: str) -> None:
    match = opened(game)
    if game == "fight-the-virus":  # every player resigns: the game ends with no winner
        match.resign()
        match.resign()
    else:
        match.resign()
    assert match.is_over and not match.can_resign()
    with pytest.raises(EngineError) as refused:
        match.resign()
    assert refused.value.code == "resign.game-over"
    with pytest.raises(EngineError):
        match.play(str(opened(game).legal_actions()[0]))


@pytest.mark.parametrize("game", sorted(OPENINGS))
def test_undo_takes_a_resignation_back_and_redo_plays_it_again(game: str) -> None:
    match = opened(game)
    before = match.to_json()
    match.resign()
    after = match.to_json()
    undone = match.undo()
    assert str(undone) == "resign" and match.to_json()["state"] == before["state"]
    assert match.can_redo and not match.is_over and match.can_resign()
    saved = Match.from_json(json.loads(json.dumps(match.to_json())))  # "resign" to redo
    for twin in (match, saved):
        twin.redo()
        assert twin.to_json() == after


def test_a_match_level_resignation_is_a_value() -> None:
    match = opened("zebra")
    match.resign()
    assert match.undo() == Resignation(1) and str(Resignation(1)) == "resign"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Termination "resignation"] 1. c2-d2 *', "1-0 or 0-1"),
        ('[Result "1-0"] [Termination "resignation"] 1. c2-d2 0-1', "differ"),
        ('[Termination "resignation"] 1. c2-d2', "needs the result"),
    ],
)
def test_a_resignation_record_must_say_who_won(text: str, message: str) -> None:
    with pytest.raises(RecordError) as refused:
        Match.from_record(text, game_id="zebra")
    assert message in str(refused.value) and refused.value.code == "record.wrong-result"


def test_a_finished_game_cannot_be_read_as_resigned() -> None:
    match = Match("virus-war", options={"size": 6})
    match.play("pass")
    match.play("pass")  # a double pass ends the game at once
    assert match.is_over
    record = match.record_text().replace("double-pass", "resignation")
    with pytest.raises(RecordError) as refused:
        Match.from_record(record, game_id="virus-war")
    assert "end the game" in str(refused.value)


@pytest.mark.parametrize("game", ["zebra", "virus-war"])
def test_old_records_and_other_terminations_still_read(game: str) -> None:
    match = opened(game)
    record = match.record_text()
    assert "Termination" not in record
    again = Match.from_record(record, game_id=game)
    assert again.resigned is None and not again.is_over
    if game == "zebra":  # a Termination tag that is not a resignation is kept and ignored
        tagged = record.replace('[Result "*"]', '[Result "*"]\n[Termination "unterminated"]')
        assert Match.from_record(tagged, game_id=game).resigned is None


def test_a_saved_match_with_a_wrong_resignation_is_refused() -> None:
    from pyengine.core.errors import StateFormatError

    document = opened("zebra").to_json()
    for wrong in (0, 5, "1", True):
        with pytest.raises(StateFormatError) as refused:
            Match.from_json({**document, "resigned": wrong})
        assert refused.value.field == "resigned"
    assert Match.from_json({**document, "resigned": 1}).resigned == 1


# -- through the controller -------------------------------------------------------------------


def against_the_computer(game: str) -> Controller:
    options, actions, seat = OPENINGS[game]
    seats = ["human", "human"]
    seats[1 - seat] = "random"
    controller = Controller()
    controller.handle({"op": "new", "game": game, "options": options})
    for action in actions:
        assert controller.handle({"op": "play", "action": action})["ok"]
    record = controller.view()["record"]
    reply = controller.handle({"op": "load", "record": record, "game": game, "seats": seats})
    assert reply["ok"] and reply["view"]["can_resign"]
    return controller


@pytest.mark.parametrize("game", ["zebra", "virus-war", "virus-fight"])
def test_the_resign_request_gives_the_result(game: str) -> None:
    seat = OPENINGS[game][2]
    controller = against_the_computer(game)
    refused = controller.handle({"op": "resign", "player": 1 - seat})  # the computer's seat
    assert not refused["ok"] and refused["error"]["code"] == "resign.computer-seat"
    reply = controller.handle({"op": "resign", "player": seat})
    assert reply["ok"], reply
    view = reply["view"]
    assert reply["message"]["key"] in ("play.resigned", "virus-fight.resigned")
    assert reply["message"]["params"]["player"] == view["players"][seat]
    result = view["result"]
    assert result["winners"] == [1 - seat] and view["to_move"] is None
    assert any(
        detail["params"].get("player") == view["players"][seat] for detail in result["details"]
    )
    assert not view["can_resign"] and view["can_undo"] and view["buttons"] == []
    assert view["evaluation"]["chances"][1 - seat] == 1.0
    assert view["record"] and "resign" in view["record"]
    for op in ({"op": "resign"}, {"op": "bot"}, {"op": "click", "cell": "a1"}):
        again = controller.handle(op)
        assert again["view"]["result"] == result
    assert controller.handle({"op": "resign"})["error"]["code"] == "resign.game-over"
    # undo takes the resignation back: the person to act again, the game on
    undone = controller.handle({"op": "undo"})
    assert undone["ok"] and undone["view"]["result"] is None
    assert undone["message"]["key"] == "play.resign-undone"
    assert undone["view"]["to_move"] == seat and undone["view"]["can_resign"]
    redone = controller.handle({"op": "redo"})
    assert redone["view"]["result"] == result
    assert redone["message"]["key"] == "play.resign-redone"
    # a saved view and a shared record come back resigned
    restored = Controller()
    assert restored.handle({"op": "restore", "match": view["saved"]})["view"]["result"] == result
    loaded = Controller()
    assert loaded.handle({"op": "load", "record": view["record"], "game": game})["view"]["result"]


def test_the_resign_request_checks_its_seat() -> None:
    controller = against_the_computer("zebra")
    assert controller.handle({"op": "resign", "player": "1"})["error"]["code"] == "request.field"
    assert (
        controller.handle({"op": "resign", "player": 0})["error"]["code"] == "resign.computer-seat"
    )
    friend = Controller()
    friend.handle({"op": "new", "game": "zebra", "options": {"size": 4}})
    reply = friend.handle({"op": "resign", "player": 1})
    assert reply["error"]["code"] == "resign.not-to-act" and reply["view"]["result"] is None
    assert friend.handle({"op": "resign"})["view"]["result"]["winners"] == [1]


def test_no_resign_while_the_computer_decides() -> None:
    controller = Controller()
    controller.handle(
        {"op": "new", "game": "zebra", "options": {"size": 4}, "seats": ["random", "human"]}
    )
    view = controller.view()
    assert view["to_move"] == 0 and not view["can_resign"]
