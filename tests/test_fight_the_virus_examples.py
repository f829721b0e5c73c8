"""The worked examples E1-E12 of fight-the-virus.md §6, one named test each, with the exact
legal lists and effects the spec states. Positions are built as position texts
(``fight_the_virus_support.position``)."""

from __future__ import annotations

import pytest

from fight_the_virus_support import (
    EMPTY,
    legal,
    position,
    seed_for,
    sheet_text,
    uses_of,
)
from pyengine.core.errors import IllegalActionError
from pyengine.games.fight_the_virus import Use
from pyengine.games.fight_the_virus.player_sheet import CURVE_INDEX


def refusal(state, text: str) -> str:
    """The code of the error ``text`` raises (the state must stay unchanged)."""
    before = state.position_text()
    with pytest.raises(IllegalActionError) as raised:
        state.apply(text)
    assert state.position_text() == before
    return raised.value.code.removeprefix("fight-the-virus.")


def test_e1_a_shape_that_would_split_the_unanalysed_region():
    state = position([sheet_text(analysed="f0 e1 f1 g1", ap="o")], dice=(2, 5), decision="P1:01:AO")
    dominoes = uses_of(state, "2>A:")
    assert sorted(text[4:] for text in dominoes) == sorted(
        ["d1.d2", "e2.f2", "f2.g2", "h1.h2", "e2.e3", "f2.f3", "g2.g3"]
    )
    assert refusal(state, "2>A:d2.e2") == "analysis-split"
    assert refusal(state, "2>A:g2.h2") == "analysis-split"
    state.apply("2>A:d1.d2")
    assert {"d1", "d2"} <= state.sheet(0).analysed
    assert state.sheet(0).ap[:3] == ("active", "active", "blank")  # spike d1 circles field 2


def test_e2_covering_spikes():
    state = position(
        [sheet_text(analysed="f0 d1 e1 f1 g1 d2 e2 d3", ap="oo")], dice=(3, 5), decision="P1:01:AO"
    )
    assert len(uses_of(state, "3>A:")) == 18
    assert refusal(state, "3>A:b3.c3.c4") == "analysis-split"  # isolates spike c2
    state.apply("3>A:c2.b3.c3")
    sheet = state.sheet(0)
    assert sheet.ap[:5] == ("active",) * 4 + ("blank",)
    assert sheet.active == 4


E3_REGION = "f0 d1 e1 f1 g1 h1 c2 d2 e2 f2 g2 h2 i2 b3 c3 d3 e3 f3 g3 h3 i3 j3"  # 8 spikes


def test_e3_stacking_two_aps_for_research_9():
    state = position(
        [sheet_text(analysed=E3_REGION, ap="xxxxxooo", research=8)],
        dice=(6, 3),
        decision="P1:01:AO",
    )
    assert uses_of(state, target="R9") == ["3+6>R9", "6+3>R9"]
    assert Use.parse("3+6>R9").cost == 3 and Use.parse("6+3>R9").cost == 2
    state.apply("6+3>R9")
    sheet = state.sheet(0)
    assert sheet.research == 9
    assert sheet.ap[5:8] == ("spent", "spent", "active")
    rest = legal(state)
    assert rest[-1] == "pass"
    assert {text.split(":")[0] for text in rest[:-1]} == {"3>A", "3+1>A", "3+2>A"}
    assert state.part().areas == "A" and state.usable_dice() == (3,)


def test_e4_testing_not_higher_than_the_supports():
    passive = sheet_text(analysed="f0", ap="o", testing={"T00": 3, "T01": 5})
    state = position([EMPTY, passive], dice=(5, 2), decision="P2:01:*")
    assert state.current_player() == 1 and state.part().role == "passive"
    assert uses_of(state, target=">T10") == ["5+1>T10", "5+2>T10"]
    assert all(Use.parse(text).cost == 1 for text in uses_of(state, target=">T10"))
    for text in ("5>T10", "2>T10", "2+1>T10", "2+2>T10"):
        assert refusal(state, text) == "testing-not-higher"


def test_e5_a_one_beside_a_six():
    sheet = sheet_text(
        analysed="f0 f1 e1 d1", ap="oo", testing={"T00": 2, "T01": 3, "T02": 1, "T03": 6, "T04": 2}
    )
    state = position([sheet], dice=(6, 4), decision="P1:01:AO")
    assert sorted(uses_of(state, target=">T12")) == sorted(
        ["6+1>T12", "6+2>T12", "6+3>T12", "6+4>T12", "4+3>T12", "4+4>T12"]
    )
    assert refusal(state, "1>T12") == "die-unavailable"
    bonus = position([sheet], dice=(6, 4), decision="P1:1:A:bO")
    assert bonus.phase == "bonus" and bonus.pending_bonus == "O"
    assert "bO>T12" not in legal(bonus)
    assert refusal(bonus, "bO>T12") == "testing-one-on-one"


@pytest.mark.parametrize("role", ["active", "passive"])
def test_e6_curve_same_number_next_door(role: str):
    sheet = sheet_text(curve={"C00": 4, "C10": 2})
    sheets = [sheet, EMPTY] if role == "active" else [EMPTY, sheet]
    decision = "P1:01:AO" if role == "active" else "P2:01:*"
    state = position(sheets, dice=(2, 4), decision=decision)
    seat = state.current_player()
    assert refusal(state, "2>C11") == "curve-neighbour"
    state.apply("4>C11")  # C00 is only diagonal to C11
    assert state.sheet(seat).curve["C11"] == 4 and "X:C11" in state.sheet(seat).earned
    part = state.part()
    assert part.seat == seat and state.usable_dice() == (2,)
    if role == "active":  # the X square gives an active player nothing: the 2 stays analysis
        assert part.areas == "A" and part.uses == 1 and not part.extra
        assert not state.extra_available
        assert all(text.startswith("2>A:") for text in legal(state)[:-1])
    else:  # a passive player may now also use the 2, anywhere
        assert part.areas == "ARTC" and part.uses == 1 and part.extra and state.extra_available
        assert "2>T00" in legal(state) and any(text.startswith("2>A:") for text in legal(state))


E7_CURVE = {"C00": 4, "C10": 2, "C11": 5, "C20": 3, "C22": 6}


def test_e7_the_five_six_setback():
    state = position([sheet_text(curve=E7_CURVE)], drawn=0, seed=seed_for(5, 6, 6, 5))
    state.apply("roll")
    assert state.dice == (5, 6)
    assert state.sheet(0).circled == {"C30": 4}
    setback = state.setbacks[0]
    assert (setback.kind, setback.spot, setback.effect, setback.required) == (
        "5-6",
        "C30",
        "circled",
        4,
    )
    state.apply("pass")
    state.apply("roll")  # another 5-6 before anything changed
    assert state.turn == 2 and state.dice == (6, 5)
    sheet = state.sheet(0)
    assert sheet.circled == {"C30": 4, "C32": 1}
    c21 = CURVE_INDEX["C21"]
    assert [value for value in range(1, 7) if sheet.curve_problem(c21, value) is None] == [1, 2, 4]
    later = sheet.write_curve("C21", 2)  # column 3 is current now, C30 and C32 still empty
    c31 = CURVE_INDEX["C31"]
    assert later.curve_problem(c31, 4) == later.curve_problem(c31, 1) == "curve-circled-neighbour"
    assert later.curve_problem(c31, 5) is None


E8_REGION = "f0 d1 e1 f1 g1 h1 h2 i2"  # spikes f0 d1 h1 i2


def test_e8_double_six_without_an_active_ap():
    state = position([sheet_text(analysed=E8_REGION, ap="xxxx")], drawn=0, seed=seed_for(6, 6))
    state.apply("roll")
    assert state.dice == (6, 6) and state.phase == "use"
    sheet = state.sheet(0)
    assert sheet.ap[3:6] == ("spent", "lost", "blank") and sheet.active == 0
    assert (state.setbacks[0].spot, state.setbacks[0].effect) == ("AP5", "lost")
    assert any(text.startswith("6>A:") for text in legal(state))  # a 6 as a wild shape
    state.apply("6>A:c2.d2.b3.c3")  # covers spikes c2 and b3
    assert state.sheet(0).ap[3:7] == ("spent", "spent", "active", "blank")
    assert state.sheet(0).active == 1
    had_active = position([sheet_text(analysed=E8_REGION, ap="xxoo")], drawn=0, seed=seed_for(6, 6))
    had_active.apply("roll")
    assert had_active.sheet(0).ap[:5] == ("spent", "spent", "spent", "active", "blank")
    assert (had_active.setbacks[0].spot, had_active.setbacks[0].effect) == ("AP3", "spent")


@pytest.mark.parametrize("role", ["passive", "active"])
def test_e9_a_passive_players_extra_die(role: str):
    sheet = sheet_text(research=3, testing={"T00": 2, "T01": 3})
    sheets = [EMPTY, sheet] if role == "passive" else [sheet, EMPTY]
    state = position(sheets, dice=(1, 4), decision="P2:01:*" if role == "passive" else "P1:01:AO")
    seat = state.current_player()
    state.apply("1>T10")
    assert state.sheet(seat).testing["T10"] == 1
    if role == "passive":
        assert state.extra_available and "4>R4" in legal(state)
        state.apply("4>R4")
        assert state.sheet(seat).research == 4
    else:
        assert not state.extra_available and "4>R4" not in legal(state)
        assert refusal(state, "4>R4") == "area-used"


def test_e10_circled_squares_first():
    sheet = sheet_text(
        curve={"C00": 4, "C10": 2, "C11": 5, "C20": 3, "C21": 1, "C22": 6}, circled={"C30": 4}
    )
    state = position([sheet], dice=(4, 2), decision="P1:01:AO")
    assert uses_of(state, "4>C") == ["4>C30"]
    assert uses_of(state, "2>C") == ["2>C31", "2>C32", "2>C33"]
    assert refusal(state, "4>C32") == "curve-priority"
    assert refusal(state, "2>C30") == "curve-circled"


def test_e11_the_research_gate():
    spikes = "f0 d1 e1 f1 g1 h1 h2 i2"
    gated = sheet_text(analysed=spikes, ap="oooo", research=11)
    state = position([gated], dice=(6, 5), decision="P1:01:AO")
    assert uses_of(state, target="R12") == []
    with pytest.raises(IllegalActionError) as raised:
        state.apply("6+6>R12")
    assert raised.value.code == "fight-the-virus.research-gate"
    assert raised.value.params["missing"] == "T00 T04 T21 C33"
    reds = sheet_text(
        analysed=spikes,
        ap="oooo",
        research=11,
        testing={"T00": 2, "T01": 2, "T02": 2, "T03": 2, "T04": 2, "T11": 3, "T12": 3, "T21": 4},
        curve={"C00": 1, "C10": 2, "C11": 1, "C20": 1, "C21": 2, "C22": 1, "C33": 3},
    )
    open_gate = position([reds], dice=(6, 5), decision="P1:01:AO")
    assert uses_of(open_gate, target="R12") == ["5+7>R12", "6+6>R12"]  # 4 APs, 3 APs
    open_gate.apply("6+6>R12")
    assert not open_gate.is_terminal()  # the game ends with the turn (§4.1)
    open_gate.apply("pass")
    assert open_gate.is_terminal() and open_gate.winners == (0,) and open_gate.score() == 1


def test_e12_reroll_into_a_setback():
    sheet = sheet_text(curve={"C00": 4})
    state = position([sheet, sheet], drawn=0, seed=seed_for(3, 3, 5, 6))
    state.apply("roll")
    assert state.dice == (3, 3) and state.phase == "reroll-or-keep"
    assert legal(state) == ["keep", "reroll"]
    state.apply("reroll")
    assert state.dice == (5, 6)
    assert [setback.spot for setback in state.setbacks] == ["C10", "C10"]
    assert state.sheet(0).circled == state.sheet(1).circled == {"C10": 3}
    assert state.phase == "use" and state.current_player() == 0
    assert state.usable_dice() == (5, 6)
    double_six = position([sheet, sheet], drawn=0, seed=seed_for(6, 6))
    double_six.apply("roll")
    assert double_six.dice == (6, 6) and double_six.phase == "use"
    assert refusal(double_six, "reroll") == "wrong-decision"
