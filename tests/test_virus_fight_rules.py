"""Virus Fight rules beyond the worked examples: setup secrecy, errors, stops, automatic
ends, and the engine contract (run here because the game is not registered yet)."""

from __future__ import annotations

import json
import random

import pytest

from pyengine.core.errors import (
    EngineError,
    IllegalActionError,
    NotationError,
    OptionError,
)
from pyengine.core.game import TERMINAL
from pyengine.games.virus_fight import (
    ILLEGAL_CODES,
    VIRUS_FIGHT,
    AnswerStop,
    Cell,
    Erase,
    Jump,
    Move,
    NoEffect,
    ProposeStop,
    Setup,
    Step,
    VirusFightAction,
    Write,
    parse_action,
    stop_winners,
)
from pyengine.games.virus_fight.notation import Piece
from virus_fight_support import diagram_state, legal, random_game


def test_options():
    assert VIRUS_FIGHT.new_initial_state().size == 5
    assert VIRUS_FIGHT.new_initial_state({"players": 5}).size == 9
    assert VIRUS_FIGHT.new_initial_state({"players": 4, "size": 11}).size == 11
    for bad in ({"players": 6}, {"size": 4}, {"size": 12}, {"seed": -1}):
        with pytest.raises(OptionError):
            VIRUS_FIGHT.new_initial_state(bad)


def test_setup_is_secret_until_all_submitted():
    state = VIRUS_FIGHT.new_initial_state({"players": 3})
    state.apply("b1:E3 c1:W2 @c1")
    assert state.current_player() == 1 and state.phase == "setup"
    assert state.visible_program(0, 0) == Setup.parse("b1:E3 c1:W2 @c1")
    assert state.visible_program(0, 1) is None and state.visible_program(0, None) is None
    assert state.program_submitted(0) and not state.program_submitted(1)
    assert state.board_cells() == [] or True
    assert len(state.supply(0)) == 12 and state.marker(0) is None
    state.apply("a3:M1 @a3")
    state.apply("c6:J2 @c6")
    assert state.phase == "play" and state.visible_program(0, 1) is not None
    assert len(state.board_cells()) == 4 and len(state.supply(0)) == 10


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a5:M1 @a5", "virus-fight.setup-segment"),
        ("a1:M1 c1:M2 @a1", "virus-fight.setup-segment"),
        ("a1:M1 b1:M2 @c1", "virus-fight.setup-marker"),
        ("c3-d3", "virus-fight.wrong-decision"),
    ],
)
def test_setup_errors(text: str, code: str):
    state = VIRUS_FIGHT.new_initial_state()
    with pytest.raises(IllegalActionError) as raised:
        state.apply(text)
    assert raised.value.code == code and raised.value.code in ILLEGAL_CODES
    assert raised.value.params["seat"] == 1 and "§" in str(raised.value)
    assert state.history == () and state.phase == "setup"


def test_notation_errors_and_round_trips():
    for text in ("c1:M3 c1:W1 @c1", "c1:M3 d1:M3 @c1", "z9-a1", "+X2@a1", "x", "@", "c1:M3"):
        with pytest.raises(NotationError):
            parse_action(text)
    actions: list[VirusFightAction] = [
        Setup.parse("e1:E2 c1:M3 d1:W1 @d1"),
        Move.parse("c3-d3"),
        Write.parse("+W2@d4"),
        Erase.parse("xd4"),
        Erase.parse("x-"),
        NoEffect(),
        Step.parse("@c4"),
        Step.parse("@-"),
        Jump.parse("J@e5"),
        Jump.parse("J@-"),
        ProposeStop(),
        AnswerStop(True),
        AnswerStop(False),
    ]
    for action in actions:
        assert parse_action(str(action)) == action
        assert eval(repr(action), {type(action).__name__: type(action)}) == action
    assert str(actions[0]) == "c1:M3 d1:W1 e1:E2 @d1"
    assert actions[0].cells() == (
        Cell.parse("c1"),
        Cell.parse("d1"),
        Cell.parse("e1"),
        Cell.parse("d1"),
    )
    assert [a.automatic for a in actions[5:10]] == [True, False, True, False, True]


def test_automatic_tokens_cannot_be_submitted():
    state = diagram_state(
        """
5 .      .      .      .      .
4 .      .      .      .      .
3 .      .      E2/2*2 M1/2   .
2 .      .      .      .      .
1 W1/1*1 J2/1   .      .      .
  a      b      c      d      e
""",
        seat=1,
    )
    assert legal(state) == ["@b1"]  # WRITE with an empty supply: "-" by the engine
    with pytest.raises(IllegalActionError) as raised:
        state.apply("@-")
    assert raised.value.code == "virus-fight.automatic"
    with pytest.raises(IllegalActionError) as raised:
        state.apply("@c3")
    assert raised.value.code == "virus-fight.step-target"
    assert raised.value.params["cell"] == "c3"


def test_write_prefers_own_origin_and_erase_codes():
    state = diagram_state(
        """
5 .      .      .      .      .
4 .      .      .      .      .
3 .      .      E2/2*2 M1/2   .
2 .      .      .      .      .
1 W1/1*1 .      .      .      .
  a      b      c      d      e
""",
        seat=1,
        supplies={1: "M2^2 J3 M2"},
    )
    assert legal(state) == ["+M2@a2", "+M2@b1", "+J3@a2", "+J3@b1"]
    state.apply("+M2@b1")
    assert state.piece_at(Cell.parse("b1")) == Piece("M", 2, 0, 0)
    with pytest.raises(IllegalActionError) as raised:
        state.apply("+W1@a2")
    assert raised.value.code == "virus-fight.wrong-decision"


def test_stop_proposal_rules():
    state = random_game_prefix()
    assert state.can_propose_stop()
    assert ProposeStop() not in state.legal_actions()
    proposer = state.to_act
    state.apply("stop")
    with pytest.raises(IllegalActionError):
        state.apply("stop")
    state.apply("decline")  # one refusal ends it; the turn proceeds
    assert state.to_act == proposer and not state.can_propose_stop()
    with pytest.raises(IllegalActionError) as raised:
        state.apply("stop")
    assert raised.value.code == "virus-fight.stop-not-now"
    with pytest.raises(IllegalActionError) as raised:
        state.apply("accept")
    assert raised.value.code == "virus-fight.answer-not-now"
    before = state.clone()
    state.undo()
    state.undo()
    assert state.can_propose_stop()
    state.apply("stop")
    state.apply("decline")
    assert state == before


def random_game_prefix():
    state = VIRUS_FIGHT.new_initial_state({"players": 3, "seed": 5})
    state.apply("b1:E3 c1:W2 @c1")
    state.apply("a2:M1 a3:E2 @a3")
    state.apply("c6:J2 d6:E1 @d6")
    return state


def test_stop_scoring():
    pieces = [Piece("M", 3, 0, 0), Piece("W", 1, 0, 0)]
    assert stop_winners([pieces, pieces[:1] * 2, pieces[:1]], [True, True, True]) == ((1,), "pips")
    assert stop_winners([pieces, pieces, []], [True, True, True]) == ((0, 1), "draw")
    assert stop_winners([pieces, [], pieces * 2], [True, True, False]) == ((0,), "pieces")


def test_repetition_quiet_and_cap_endings():
    # two lone MOVE programs shuffle forever: repetition ends the game
    state = VIRUS_FIGHT.new_initial_state({"players": 2})
    state.apply("a1:M1 b1:M2 @a1")
    state.apply("a5:M1 b5:M2 @a5")
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.result().ending in ("repetition", "elimination", "quiet")
    endings = set()
    for seed in range(40):
        endings.add(random_game(2, random.Random(seed)).result().ending)
    assert "elimination" in endings
    # the counters: a position at round 200's last turn ends by the cap, q49 by quiet
    text = "5/2 a1=M1/1*1,b1=M2/1,a5=M1/2*2,b5=M2/2 -|- {round}:1,*2 effect q{quiet}"
    capped = VIRUS_FIGHT.from_position(text.format(round=200, quiet=0))
    capped.apply(capped.legal_actions()[0])
    capped.apply(capped.legal_actions()[0])
    assert capped.result().ending == "cap"
    quiet = VIRUS_FIGHT.from_position(text.format(round=7, quiet=49))
    quiet.apply(quiet.legal_actions()[0])
    quiet.apply(quiet.legal_actions()[0])
    assert quiet.result().ending == "quiet" and quiet.result().reason == "draw"
    assert quiet.result().winners == ()


def test_repetition_third_occurrence():
    state = VIRUS_FIGHT.from_position("5/2 a1=J1/1*1,b1=J2/1,a5=J1/2*2,b5=J2/2 -|- 1:*1,2 jump q0")
    for _ in range(7):
        state.apply(state.legal_actions()[0])
    assert not state.is_terminal() and state.round_number == 4
    state.apply(state.legal_actions()[0])  # round 5 would start where rounds 1 and 3 did
    assert [entry.line() for entry in state.turns][:4] == [
        "1.1 J1 J@b1",
        "1.2 J1 J@b5",
        "2.1 J2 J@a1",
        "2.2 J2 J@a5",
    ]
    result = state.result()
    assert result.ending == "repetition" and result.winners == () and result.reason == "draw"
    state.undo()
    assert not state.is_terminal()


def test_contract_checks_for_the_unregistered_game():
    rng = random.Random(1)
    state = VIRUS_FIGHT.new_initial_state()
    assert state.current_player() == 0 and state.legal_actions()
    for _ in range(30):
        if state.is_terminal():
            break
        legal_now = state.legal_actions()
        before = state.clone()
        action = rng.choice(legal_now)
        state.apply(action)
        assert state.history == (*before.history, action)
        assert state.undo() == action
        assert state == before and state.legal_actions() == legal_now
        state.apply(str(action))
    with pytest.raises(EngineError) as raised:
        VIRUS_FIGHT.new_initial_state().undo()
    assert raised.value.code == "undo.empty"
    finished = random_game(2, rng)
    snapshot = finished.clone()
    with pytest.raises(IllegalActionError) as raised:
        finished.apply(VIRUS_FIGHT.new_initial_state().legal_actions()[0])
    assert raised.value.code == "virus-fight.game-over" and finished == snapshot
    assert finished.current_player() == TERMINAL
    document = json.loads(json.dumps(finished.to_json()))
    assert document["game"] == "virus-fight"
    assert VIRUS_FIGHT.state_from_json(document) == finished
    info = VIRUS_FIGHT.info()
    assert json.loads(json.dumps(info)) == info
