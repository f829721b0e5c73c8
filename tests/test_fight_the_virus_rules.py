"""Fight the Virus rules beyond the worked examples: the engine contract (run here while the game
is not registered), options, turn order and groups, resign/hopeless/cap endings, bonus chains,
the extra die, setbacks, ``check`` agreeing with the legal lists, refusal details and the split
test."""

from __future__ import annotations

import random
from typing import Any

import pytest

import test_contract
from fight_the_virus_support import EMPTY, legal, position, seed_for, sheet_text
from pyengine.core import registry
from pyengine.core.errors import (
    IllegalActionError,
    OptionError,
)
from pyengine.core.options import EXCERPT
from pyengine.games.fight_the_virus import (
    FIGHT_THE_VIRUS,
    ILLEGAL_CODES,
    Bonus,
    GreedyBot,
    RandomBot,
    Use,
    rating_of,
)
from pyengine.games.fight_the_virus.game import MAX_NAME
from pyengine.games.fight_the_virus.player_sheet import legal_placements, splits
from pyengine.games.fight_the_virus.sheet import (
    ANALYSIS_CELLS,
    AREA,
    CURVE_SQUARES,
    PLACEMENTS,
    TESTING_CELLS,
    dilate,
    flood,
)

ALL_CELLS = " ".join(ANALYSIS_CELLS)


# -- the engine contract ------------------------------------------------------------------------

CONTRACT = [
    getattr(test_contract, name)
    for name in dir(test_contract)
    if name.startswith("test_") and name != "test_at_least_zebra_is_registered"
]


@pytest.mark.parametrize("check", CONTRACT, ids=[check.__name__ for check in CONTRACT])
def test_engine_contract(check, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(registry._GAMES, FIGHT_THE_VIRUS.id, FIGHT_THE_VIRUS)
    check(FIGHT_THE_VIRUS)


# -- options -------------------------------------------------------------------------------------


def test_options_and_defaults():
    state = FIGHT_THE_VIRUS.new_initial_state()
    assert (state.mode, state.num_players, state.players, state.seed) == (
        "standard",
        2,
        ("P1", "P2"),
        0,
    )
    named = FIGHT_THE_VIRUS.new_initial_state({"players": 3, "names": " Ana ;Ben; CPU-1"})
    assert named.players == ("Ana", "Ben", "CPU-1") and named.sheet(2).name == "CPU-1"
    groups = FIGHT_THE_VIRUS.new_initial_state(
        {"mode": "groups", "players": 5, "groups": "1 2 1 2 2"}
    )
    assert groups.groups == (1, 2, 1, 2, 2)


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"mode": "solo", "players": 2}, "players"),
        ({"mode": "standard", "players": 1}, "players"),
        ({"players": 7}, "players"),
        ({"mode": "groups", "players": 21, "groups": ""}, "players"),
        ({"mode": "groups", "players": 5}, "groups"),
        ({"mode": "groups", "players": 5, "groups": "1 1 1 1 1"}, "groups"),
        ({"mode": "groups", "players": 3, "groups": "1 2 3"}, "groups"),
        ({"mode": "groups", "players": 5, "groups": "1 3 1 3 3"}, "groups"),
        ({"mode": "groups", "players": 6, "groups": "1 2 3 4 5 1"}, "groups"),
        ({"mode": "groups", "players": 5, "groups": "1 2 1 2"}, "groups"),
        ({"players": 2, "groups": "1 2"}, "groups"),
        ({"players": 2, "names": "Ana"}, "names"),
        ({"players": 2, "names": "Ana;"}, "names"),
        ({"players": 2, "names": "Ana;" + "B" * 30}, "names"),
        ({"seed": -1}, "seed"),
        ({"mode": "duo"}, "mode"),
    ],
)
def test_option_errors_name_the_option(options: dict, option: str):
    with pytest.raises(OptionError) as raised:
        FIGHT_THE_VIRUS.new_initial_state(options)
    assert raised.value.params["option"] == option


# -- turn order ----------------------------------------------------------------------------------


def play_turn(state, bot=None) -> None:
    """Play the current turn to its end with a bot (default: pass everything)."""
    turn = state.turn
    while not state.is_terminal() and state.turn == turn:
        if bot is None:
            options = legal(state)
            state.apply("pass" if "pass" in options else "b-" if "b-" in options else options[0])
        else:
            state.apply(bot.choose(state))


def test_standard_turn_order_rotates_the_active_seat():
    state = FIGHT_THE_VIRUS.new_initial_state({"players": 3, "seed": 1})
    seen = []
    for _ in range(4):
        seen.append((state.turn, state.roller, state.active, state.parts))
        play_turn(state)
    assert seen == [
        (1, 0, (0,), (0, 1, 2)),
        (2, 1, (1,), (1, 2, 0)),
        (3, 2, (2,), (2, 0, 1)),
        (4, 0, (0,), (0, 1, 2)),
    ]


def test_groups_turns_cycle_through_the_groups():
    state = FIGHT_THE_VIRUS.new_initial_state(
        {"mode": "groups", "players": 5, "groups": "1 2 1 2 2", "seed": 2}
    )
    assert (state.roller, state.active, state.parts) == (0, (0, 2), (0, 2, 1, 3, 4))
    state.apply("roll")
    while state.phase == "reroll-or-keep":
        state.apply("keep")
    order = []
    while state.turn == 1:
        part = state.part()
        if part.seat not in order:
            order.append(part.seat)
            assert part.role == ("active" if part.seat in (0, 2) else "passive")
        state.apply("pass")
    assert order == [0, 2, 1, 3, 4]
    assert (state.roller, state.active, state.parts) == (1, (1, 3, 4), (1, 3, 4, 2, 0))
    play_turn(state)
    assert state.roller == 0 and state.turn == 3


def test_an_active_group_member_gets_no_extra_die():
    ready = sheet_text(testing={"T00": 1, "T01": 1})
    state = position(
        [EMPTY, EMPTY, ready], dice=(2, 3), decision="P3:01:AO", mode="groups", groups="1 2 1"
    )
    state.apply("2>T10")  # an X square
    assert state.part().areas == "A" and not state.extra_available


def test_setbacks_hit_every_player():
    curve = sheet_text(curve={"C00": 2})
    state = position([curve, EMPTY, curve], drawn=0, seed=seed_for(6, 5))
    state.apply("roll")
    assert [
        (setback.seat, setback.spot, setback.effect, setback.required) for setback in state.setbacks
    ] == [(0, "C10", "circled", 5), (1, None, "none", None), (2, "C10", "circled", 5)]
    assert str(state.setbacks[0]) == "5-6: P1 circles C10, which now requires 5"
    spikes = sheet_text(analysed="f0", ap="o")
    state = position([spikes, EMPTY], drawn=0, seed=seed_for(6, 6))
    state.apply("roll")
    assert [(setback.spot, setback.effect) for setback in state.setbacks] == [
        ("AP1", "spent"),
        ("AP1", "lost"),
    ]
    assert state.sheet(1).ap[0] == "lost"


# -- endings -------------------------------------------------------------------------------------


def test_resign_is_accepted_never_listed_and_the_engine_plays_on():
    state = FIGHT_THE_VIRUS.new_initial_state({"players": 2, "seed": 7})
    assert "resign" not in legal(state)
    state.apply("resign")  # at the roll: the engine rolls for P1, who then has no part
    assert state.resigned == frozenset({0})
    dice = state.dice
    assert dice is not None
    rolled = f"1 P1 roll {dice[0]}-{dice[1]}"
    assert [entry.line() for entry in state.log[:2]] == ["1 P1 resign", rolled]
    assert state.log[1].engine and state.current_player() == 1
    state.apply("resign")
    assert state.is_terminal()
    result = state.result()
    assert (result.winners, result.reason, result.ending) == ((), "none", "hopeless")
    assert state.returns() == (0.0, 0.0)


def test_resign_declines_a_pending_bonus():
    sheet = sheet_text(research=2)
    state = position([sheet, EMPTY], dice=(3, 5), decision="P1:01:AO")
    state.apply("3>R3")
    assert state.pending_bonus == "S"
    state.apply("resign")
    assert state.pending_bonus is None and state.current_player() == 1
    assert [entry.text for entry in state.log] == ["3>R3", "resign"]


def test_a_hopeless_player_is_played_by_the_engine_and_solo_ends():
    rows_0_to_3 = " ".join(cell for cell in ANALYSIS_CELLS if int(cell[1:]) <= 3)
    sheet = sheet_text(analysed=rows_0_to_3 + " h4", ap="x" * 9, research=6)  # 9 spikes
    # 0 active + 12 blank fields = need(7): one more lost field makes the player hopeless
    state = position([sheet], drawn=0, seed=seed_for(6, 6))
    state.apply("roll")
    assert state.sheet(0).ap[9] == "lost" and not state.is_terminal()
    state.apply("pass")
    assert state.is_terminal() and state.hopeless == frozenset({0})
    assert (state.ending, state.score(), state.rating()) == ("hopeless", None, "virus wins")


def test_hopeless_seats_roll_and_keep_through_the_engine():
    hopeless = sheet_text(status="h")
    state = position([EMPTY, hopeless], turn=2, drawn=2, seed=seed_for(1, 2, 4, 4))
    assert state.current_player() == 0 and state.phase == "use"  # P2 rolled 4-4 and kept
    assert [entry.line() for entry in state.log] == ["2 P2 roll 4-4", "2 P2 keep"]
    assert all(entry.engine for entry in state.log)


def test_the_turn_cap_ends_the_game():
    state = position([EMPTY], turn=120, drawn=0)
    play_turn(state)
    assert state.is_terminal() and state.ending == "cap" and state.winners == ()
    assert state.rating() == "virus wins"


def test_ratings():
    assert [rating_of(turns) for turns in (21, 22, 24, 25, 28, 29, 33, 34, None)] == [
        "legendary",
        "excellent",
        "excellent",
        "good",
        "good",
        "fair",
        "fair",
        "keep researching",
        "virus wins",
    ]


def test_shared_victory_and_scores():
    reds: dict[str, Any] = {  # sheet_text's testing= and curve=
        "testing": {"T00": 2, "T01": 2, "T02": 2, "T03": 2, "T04": 2, "T11": 3, "T12": 3, "T21": 4},
        "curve": {"C00": 1, "C10": 2, "C11": 1, "C20": 1, "C21": 2, "C22": 1, "C33": 3},
    }
    ready = sheet_text(analysed="f0 d1 e1 f1 g1 h1", ap="ooo", research=11, **reds)
    state = position([ready, EMPTY, ready], dice=(6, 2), decision="P1:01:AO")
    state.apply("6+6>R12")
    state.apply("pass")
    state.apply("pass")  # P2
    state.apply("6+6>R12")  # P3, a passive player, crosses R12 in the same turn
    assert state.is_terminal() and state.winners == (0, 2)
    assert state.result().scores == (12, 0, 12) and state.returns() == (1.0, -1.0, 1.0)


# -- bonuses and the extra die -------------------------------------------------------------------


def test_a_bonus_chain_and_the_next_empty_square():
    sheet = sheet_text(
        research=5, testing={"T00": 1, "T01": 2, "T02": 1, "T03": 2}, curve={"C00": 3}
    )
    state = position([sheet], dice=(6, 4), decision="P1:01:AO")
    state.apply("6>R6")
    assert state.phase == "bonus" and state.pending_bonus == "O"
    assert legal(state) == ["b-", "bO>T04"]  # T10, T11, T12 each rest on a 1
    with pytest.raises(IllegalActionError) as raised:
        state.apply("4>A:e3.f3.g3.f4")
    assert raised.value.code == "fight-the-virus.bonus-pending"
    state.apply("bO>T04")  # completes testing row 0: bonus N
    assert state.pending_bonus == "N" and "X:T10" not in state.sheet(0).earned
    assert legal(state) == ["b-", "bN1>C10", "bN2>C10", "bN4>C10", "bN5>C10", "bN6>C10"]
    with pytest.raises(IllegalActionError) as raised:
        state.apply("bN1>C11")
    assert raised.value.code == "fight-the-virus.bonus-next-square"
    state.apply("bN5>C10")
    assert state.phase == "use" and state.usable_dice() == (4,)
    assert {"R6", "T-row0"} <= state.sheet(0).earned


def test_an_impossible_bonus_is_declined_automatically():
    full = sheet_text(analysed=ALL_CELLS, ap="o" * 21, research=7)
    state = position([full], dice=(6, 2), decision="P1:01:AO")
    state.apply("6+2>R8")  # bonus S, but the analysis is full
    assert state.pending_bonus is None
    assert [entry.text for entry in state.log] == ["6+2>R8"]
    assert state.is_terminal() is False and state.turn == 2  # the 2 had no use either


def test_the_extra_die_once_per_part():
    ones = {"T00": 1, "T01": 1, "T02": 1, "T03": 1, "T04": 1}
    state = position([EMPTY, sheet_text(testing=ones)], dice=(2, 3), decision="P2:01:*")
    state.apply("2>T10")
    assert state.extra_available and state.part().extra
    state.apply("3>T13")  # another X square, filled by the extra use: nothing more
    assert state.turn == 2 and state.current_player() == 1  # P2 rolls next


def test_an_x_square_filled_by_a_bonus_grants_the_extra_die():
    passive = sheet_text(research=5, testing={"T00": 2, "T01": 3})
    state = position([EMPTY, passive], dice=(6, 4), decision="P2:01:*")
    state.apply("6>R6")  # bonus O
    assert not state.extra_available
    state.apply("bO>T10")  # the X square T10, during P2's passive part
    assert state.extra_available and state.usable_dice() == (4,)
    state.apply("4>A:e3.f3.g3.f4")
    assert state.turn == 2


def test_legal_by_area_and_structured_info():
    state = position(
        [sheet_text(analysed="f0", ap="o", research=3)], dice=(4, 6), decision="P1:01:AO"
    )
    groups = state.legal_by_area()
    assert set(groups) == {"A", "R", "T", "C", "other"}
    assert [str(action) for action in groups["R"]] == ["4>R4"]
    assert [str(action) for action in groups["other"]] == ["pass"]
    assert all(action.area == "C" for action in groups["C"])  # type: ignore[attr-defined]
    assert sum(len(actions) for actions in groups.values()) == len(state.legal_actions())


# -- check agrees with the legal lists -----------------------------------------------------------


def candidates(state) -> list:
    """Every well-formed decision that could plausibly be tried now."""
    found = [
        FIGHT_THE_VIRUS.parse_action(text)
        for text in ("roll", "reroll", "keep", "pass", "b-", "resign")
    ]
    targets = (
        [f"R{k}" for k in range(1, 13)] + list(TESTING_CELLS) + list(CURVE_SQUARES) + ["T44", "C63"]
    )
    for die in range(1, 7):
        for raised in range(9):
            found.extend(Use(die, raised, target[0], target) for target in targets)
            if die + raised <= 7:
                for placement in PLACEMENTS[min(6, die + raised)][::3]:
                    found.append(Use(die, raised, "A", "", placement.cells))
        found.append(Use(die, 0, "A", "", ("a0",)))
    found.extend(Bonus("S", 0, "", placement.cells) for placement in PLACEMENTS[6][::2])
    found.extend(Bonus("S", 0, "", placement.cells) for placement in PLACEMENTS[5][::9])
    found.extend(Bonus("N", value, square) for value in range(1, 7) for square in CURVE_SQUARES)
    found.extend(Bonus("O", 1, cell) for cell in TESTING_CELLS)
    return found


def test_check_agrees_with_the_legal_list():
    rng = random.Random(5)
    states = 0
    for game in range(12):
        choices: list[dict[str, object]] = [
            {"players": 2},
            {"mode": "solo", "players": 1},
            {"mode": "groups", "players": 4, "groups": "1 2 2 1"},
        ]
        options = choices[game % 3]
        state = FIGHT_THE_VIRUS.new_initial_state({**options, "seed": game})
        bots = [
            GreedyBot(game) if seat == 0 else RandomBot(game + seat)
            for seat in range(state.num_players)
        ]
        moments = set(rng.sample(range(150), 6))
        step = 0
        while not state.is_terminal():
            if step in moments:
                states += 1
                listed = set(state.legal_actions())
                assert listed, "a deciding player always has a listed decision"
                assert [str(a) for a in state.legal_actions()] == sorted(
                    str(a) for a in state.legal_actions()
                )
                for action in candidates(state):
                    try:
                        state.check(action)
                    except IllegalActionError as error:
                        assert error.code in ILLEGAL_CODES
                        assert action not in listed, (str(action), error)
                        assert error.params["action"] == str(action)
                    else:
                        assert action in listed or str(action) == "resign", str(action)
            state.apply_unchecked(bots[state.current_player()].choose(state))
            step += 1
    assert states >= 40


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("6+3>R9", "not-enough-ap", {"cost": 2, "active": 1}),
        ("6>R6", "research-order", {"next": "R4", "square": "R6"}),
        ("5>R4", "research-value", {"value": 5, "square": "R4"}),
        ("2>A:e3", "die-unavailable", {"die": 2, "dice": "6-5"}),
        ("6+1>C00", "value-too-high", {"value": 7}),
        ("5>A:a0.b0", "analysis-outside", {"cell": "a0"}),
        ("5>A:e4.f4", "analysis-shape", {"face": 5}),
        ("6>A:f0", "analysis-occupied", {"cell": "f0"}),
        ("6>A:f5", "analysis-touching", {}),
        ("5>T44", "testing-no-cell", {"cell": "T44"}),
        ("5>T10", "testing-supports", {"cell": "T10"}),
        ("bS>A:f1", "no-bonus", {}),
        ("keep", "wrong-decision", {}),
    ],
)
def test_refusals_name_the_rule_and_the_details(text: str, code: str, params: dict):
    state = position(
        [sheet_text(analysed="f0", ap="o", research=3)], dice=(6, 5), decision="P1:01:AO"
    )
    with pytest.raises(IllegalActionError) as raised:
        state.apply(text)
    error = raised.value
    assert error.code == f"fight-the-virus.{code}"
    assert params.items() <= error.params.items()
    assert error.params["seat"] == "P1" and error.params["rule"].startswith("§")
    assert text in str(error)


def test_refusals_of_the_finished_game_and_non_actions():
    state = position([EMPTY], turn=120, drawn=0)
    play_turn(state)
    with pytest.raises(IllegalActionError) as raised:
        state.apply("resign")
    assert raised.value.code == "fight-the-virus.game-over"
    fresh = FIGHT_THE_VIRUS.new_initial_state()
    for bad in (
        object(),
        Use(7, 0, "R", "R7"),
        Use(1, 0, "A", "", ()),
        Bonus("Q"),
        Use(6, 0, "R", "Rx"),
        Use(6, 0, "R", "T10"),
        Use(6, 0, "T", ""),
    ):
        with pytest.raises(IllegalActionError) as raised:
            fresh.check(bad)  # type: ignore[arg-type]
        assert raised.value.code == "fight-the-virus.not-an-action"


# -- the split test ------------------------------------------------------------------------------


def test_the_euler_split_test_agrees_with_a_flood_fill():
    masks: set[int] = set()
    for seed in range(6):
        state = FIGHT_THE_VIRUS.new_initial_state({"players": 3, "seed": seed})
        bots = [RandomBot(seed * 3 + seat) for seat in range(3)]
        while not state.is_terminal():
            masks.update(sheet.mask for sheet in state.sheets)
            state.apply_unchecked(bots[state.current_player()].choose(state))
    checked = 0
    for analysed in masks:
        touching = dilate(analysed) & ~analysed if analysed else AREA
        for face in (2, 5, 6):
            expected = []
            for placement in PLACEMENTS[face]:
                if placement.mask & analysed or not placement.mask & touching:
                    continue
                rest = AREA & ~(analysed | placement.mask)
                split = bool(rest) and flood(rest & -rest, rest) != rest
                assert splits(analysed, placement.mask) == split
                if not split:
                    expected.append(placement)
                checked += 1
            assert list(legal_placements(analysed, face)) == expected  # the incremental test
    assert checked > 20_000


@pytest.mark.parametrize(
    ("names", "code", "params"),
    [
        (";".join(f"Name{seat}" for seat in range(25)), "option.names-count", {"count": 25}),
        ("Ana;" + "B" * 3000, "option.too-long", {"length": 3004, "maximum": 520}),
        ("Ana;" + "B" * 500, "option.name-too-long", {"length": 500, "maximum": 24}),
        ("Ana; ", "option.name-empty", {}),
        ("Ana;B\nC", "option.name-unprintable", {"name": "B?C"}),
    ],
)
def test_name_errors_say_what_is_wrong_and_repeat_only_an_excerpt(names, code, params):
    with pytest.raises(OptionError) as raised:
        FIGHT_THE_VIRUS.new_initial_state({"players": 2, "names": names})
    error = raised.value
    assert error.code == code and error.params["option"] == "names"
    assert params.items() <= error.params.items()
    assert len(str(error.params["value"])) <= EXCERPT and len(str(error)) < 200
    assert "allowed values are" not in str(error)
    if "name" in error.params:
        assert len(str(error.params["name"])) <= EXCERPT


def test_a_name_has_the_engines_limit_of_24_characters():
    assert MAX_NAME == 24
    state = FIGHT_THE_VIRUS.new_initial_state({"players": 2, "names": "A" * 24 + "; Ben"})
    assert state.players == ("A" * 24, "Ben")
    with pytest.raises(OptionError):
        FIGHT_THE_VIRUS.new_initial_state({"players": 2, "names": "A" * 25 + "; Ben"})


@pytest.mark.parametrize(
    ("groups", "code"),
    [
        ("1 2 " + "9" * 3000, "option.too-long"),
        ("1 2", "option.groups-count"),
        ("1 1 1 1 1", "option.groups-too-few"),
        ("1 2 3", "option.groups-too-many"),
        ("1 3 1 3 3", "option.groups-empty"),
    ],
)
def test_group_errors_say_what_is_wrong(groups, code):
    players = 3 if groups == "1 2 3" else 5
    with pytest.raises(OptionError) as raised:
        FIGHT_THE_VIRUS.new_initial_state({"mode": "groups", "players": players, "groups": groups})
    assert raised.value.code == code and len(str(raised.value.params["value"])) <= EXCERPT
