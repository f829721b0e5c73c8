"""Fight the Virus through the controller: what a page sees and sends (dice, raises with their
cost, shape placement, setbacks, computer players, the solo score)."""

from __future__ import annotations

from fight_the_virus_support import position, seed_for, sheet_text
from pyengine.controller import Controller
from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
from pyengine.games.fight_the_virus.notation import Use
from pyengine.session import Match
from test_fight_the_virus_examples import E3_REGION


def new(**options) -> Controller:
    controller = Controller()
    seats = options.pop("seats", None)
    request = {"op": "new", "game": "fight-the-virus", "options": options}
    if seats:
        request["seats"] = seats
    reply = controller.handle(request)
    assert reply["ok"], reply
    return controller


def at(state) -> Controller:
    controller = Controller()
    controller.match = Match._from_state(state, ["human"] * len(state.players))
    return controller


def clicks(view: dict) -> list[str]:
    return [button["click"] for button in view["buttons"] if "click" in button]


def test_a_solo_turn_by_clicks():
    controller = new(mode="solo", players=1, seed=seed_for(1, 3), names="Ana")
    view = controller.handle({"op": "view"})["view"]
    assert [button["action"] for button in view["buttons"]] == ["roll"] and view["grid"] is None
    assert view["turn"]["params"]["player"]["params"]["name"] == "Ana"
    reply = controller.handle({"op": "play", "action": "roll"})
    assert (
        reply["message"]["key"] == "fight-the-virus.rolled"
        and reply["message"]["params"]["dice"] == "1-3"
    )
    view = reply["view"]
    assert clicks(view) == ["die:1", "die:3"]
    assert 'data-click="die:3"' in view["extras"][0]["svg"]
    view = controller.handle({"op": "click", "cell": "die:3"})["view"]
    placement = view["placement"]
    assert placement["face"] == 3 and len(placement["shapes"]) == 4
    assert "T00" in view["highlighted"] and "C00" in view["highlighted"]  # the 3 elsewhere
    assert set(placement["reach"]) == {
        cell for token in placement["legal"] for cell in token[2:].split(".")
    }
    reply = controller.handle({"op": "click", "cell": "A:c8.d8.d9"})
    assert reply["message"]["params"]["action"] == "3>A:c8.d8.d9"
    view = reply["view"]
    assert clicks(view) == ["die:1"] and view["last_move"] == ["c8", "d8", "d9"]
    controller.handle({"op": "click", "cell": "die:1"})
    reply = controller.handle({"op": "click", "cell": "R1"})
    assert reply["message"]["params"]["action"] == "1>R1"
    assert reply["view"]["turn"]["key"] == "fight-the-virus.turn.roll"
    assert reply["view"]["turn"]["params"]["turn"] == 2
    assert reply["view"]["record"].splitlines()[-2:] == ["1 P1 3>A:c8.d8.d9", "1 P1 1>R1"]


def test_an_illegal_placement_is_explained():
    controller = new(mode="solo", players=1, seed=seed_for(1, 3, 2, 4))
    controller.handle({"op": "play", "action": "roll"})
    controller.handle({"op": "click", "cell": "die:3"})
    controller.handle({"op": "click", "cell": "A:c8.d8.d9"})
    controller.handle({"op": "play", "action": "pass"})
    controller.handle({"op": "play", "action": "roll"})  # 2 and 4
    controller.handle({"op": "click", "cell": "die:2"})
    before = controller.match.state.clone()
    reply = controller.handle({"op": "click", "cell": "A:f0.f1"})
    assert reply["message"]["key"] == "error.fight-the-virus.analysis-touching"
    reply = controller.handle({"op": "click", "cell": "A:d8.e8"})
    assert reply["message"]["key"] == "error.fight-the-virus.analysis-occupied"
    assert controller.match.state == before


def six_and_three_at_research_8():
    """A 6 and a 3 rolled with research at 8: a 6 raised by 3 reaches R9."""
    return position(
        [sheet_text(analysed=E3_REGION, ap="xxxxxooo", research=8)],
        dice=(6, 3),
        decision="P1:01:AO",
    )


def test_raises_are_offered_with_their_cost_e3():
    state = six_and_three_at_research_8()
    controller = at(state)
    view = controller.handle({"op": "click", "cell": "die:6"})["view"]
    assert "R9" in view["highlighted"]
    reply = controller.handle({"op": "click", "cell": "R9"})  # one raise fits: +3 for 2 APs
    assert reply["message"]["params"]["action"] == "6+3>R9"
    view = controller.handle({"op": "click", "cell": "die:3"})["view"]
    labels = {button["click"]: button["label"] for button in view["buttons"] if "click" in button}
    assert set(labels) == {"die:3+0", "die:3+1", "die:3+2"}  # an L, a T or a P shape
    assert labels["die:3+2"] == {
        "key": "fight-the-virus.raise",
        "params": {"die": 3, "by": 2, "value": 5, "cost": 1},
    }
    view = controller.handle({"op": "click", "cell": "die:3+2"})["view"]
    assert view["placement"]["face"] == 5 and len(view["placement"]["shapes"]) == 8


def test_every_legal_raise_is_offered_after_the_die():
    """Raises above 6 (research and testing have no cap at 6) are buttons after the die, each
    raise then highlights its targets: a 6 raised by 3 onto R9 is offered, not only played
    by a click on R9."""
    state = six_and_three_at_research_8()
    controller = at(state)
    view = controller.handle({"op": "click", "cell": "die:6"})["view"]
    uses = [use for use in state.legal_actions() if isinstance(use, Use) and use.die == 6]
    offered = [token for token in clicks(view) if token.startswith("die:6+")]
    assert offered == [f"die:6+{by}" for by in sorted({use.raise_by for use in uses})]
    assert "die:6+3" in offered and "die:6+6" in offered  # 9 and 12: above a face
    labels = {button["click"]: button["label"] for button in view["buttons"] if "click" in button}
    assert labels["die:6+3"]["params"] == {"die": 6, "by": 3, "value": 9, "cost": 2}
    view = controller.handle({"op": "click", "cell": "die:6+3"})["view"]
    assert "R9" in view["highlighted"] and view["placement"] is None  # no 9 in the analysis
    reply = controller.handle({"op": "click", "cell": "R9"})
    assert reply["message"]["params"]["action"] == "6+3>R9"


def test_a_die_short_of_a_research_square_counts_the_raise():
    """A 5 clicked on R12 with one active AP: the text names the raise R12 needs and its
    cost against the APs, not only the die's face."""
    state = position(
        [sheet_text(analysed=E3_REGION, ap="xxxxxxxo", research=11)],
        dice=(6, 5),
        decision="P1:01:AO",
    )
    controller = at(state)
    controller.handle({"op": "click", "cell": "die:5"})
    reply = controller.handle({"op": "click", "cell": "R12"})
    assert reply["message"]["key"] == "fight-the-virus.explain.research-raise"
    assert reply["message"]["params"] == {
        "square": "R12",
        "value": 12,
        "die": 5,
        "by": 7,
        "cost": 4,
        "active": 1,
    }
    controller.handle({"op": "cancel"})
    controller.handle({"op": "click", "cell": "die:5"})
    reply = controller.handle({"op": "click", "cell": "T11"})  # its supports are empty
    assert reply["message"]["key"] == "error.fight-the-virus.testing-supports"


def test_a_die_below_a_testing_floor_counts_the_raise():
    state = position(
        [sheet_text(analysed=E3_REGION, ap="xxxxxxxo", testing={"T00": 6, "T01": 5})],
        dice=(6, 2),
        decision="P1:01:AO",
    )
    controller = at(state)
    controller.handle({"op": "click", "cell": "die:2"})
    reply = controller.handle({"op": "click", "cell": "T10"})
    assert reply["message"]["key"] == "fight-the-virus.explain.testing-raise"
    assert reply["message"]["params"]["value"] == 7 and reply["message"]["params"]["cost"] == 3


def test_setbacks_are_announced_for_every_sheet_e12():
    controller = new(mode="standard", players=2, seed=seed_for(3, 3, 5, 6))
    controller.handle({"op": "play", "action": "roll"})
    view = controller.handle({"op": "view"})["view"]
    assert [button["action"] for button in view["buttons"]] == ["keep", "reroll"]
    reply = controller.handle({"op": "play", "action": "reroll"})
    more = [item["key"] for item in reply["message"]["more"]]
    assert more == ["fight-the-virus.setback.5-6-none"] * 2  # empty curves: nothing to circle


def test_computer_players_and_undo_back_to_the_human():
    controller = new(mode="standard", players=2, seed=7, seats=["human", "greedy"])
    view = controller.handle({"op": "view"})["view"]
    assert view["seats"] == ["human", "greedy"]
    refused = controller.handle({"op": "bot"})
    assert not refused["ok"] and refused["error"]["code"] == "request.not-a-bot"
    controller.handle({"op": "play", "action": "roll"})
    state = controller.match.state
    while state.current_player() == 0 and not state.is_terminal():
        controller.handle(
            {
                "op": "play",
                "action": "pass" if state.phase == "use" else str(state.legal_actions()[0]),
            }
        )
    assert controller.match.state.current_player() == 1
    reply = controller.handle({"op": "bot"})
    assert reply["ok"] and len(controller.match.state.history) > 2
    while controller.match.state.current_player() == 1:
        controller.handle({"op": "bot"})
    # undo goes back past the computer's decisions to the human's last one
    reply = controller.handle({"op": "undo"})
    assert reply["ok"] and controller.match.state.current_player() == 0
    bad = controller.handle(
        {
            "op": "new",
            "game": "fight-the-virus",
            "options": {"players": 2},
            "seats": ["human", "deep-blue"],
        }
    )
    assert not bad["ok"] and bad["error"]["code"] == "request.unknown-bot"
    bad = controller.handle(
        {
            "op": "new",
            "game": "fight-the-virus",
            "options": {"players": 3},
            "seats": ["human", "greedy"],
        }
    )
    assert not bad["ok"] and bad["error"]["code"] == "request.seat-count"


def test_a_solo_game_by_the_computer_ends_with_a_score_and_rating():
    controller = new(mode="solo", players=1, seed=11, seats=["greedy"])
    for _ in range(2000):
        reply = controller.handle({"op": "bot"})
        assert reply["ok"], reply
        if reply["view"]["result"]:
            break
    result = reply["view"]["result"]
    state = controller.match.state
    keys = [detail["key"] for detail in result["details"]]
    if state.winners:
        assert result["title"]["key"] == "fight-the-virus.wins"
        assert (
            keys[0] == "fight-the-virus.solo-score"
            and result["details"][0]["params"]["turns"] == state.score()
        )
        assert keys[1] == f"fight-the-virus.rating.{state.rating().replace(' ', '-')}"
    else:
        assert result["title"]["key"] == "fight-the-virus.virus-wins"
    replayed = FIGHT_THE_VIRUS.read_record(reply["view"]["record"])
    assert replayed == state


def test_a_single_possible_raise_gives_the_raised_shape():
    """With one AP, a 5 may go to the analysis only raised to a wild 6: the raise is not
    asked for, and the placer gets the wild shapes (not the P of a plain 5)."""
    from pyengine.games.fight_the_virus import GreedyBot

    controller = new(mode="standard", players=2, seed=3)
    bot = GreedyBot(3)
    for _ in range(400):
        state = controller.match.state
        action = bot.choose(state)  # type: ignore[arg-type]
        if str(action) == "5+1>A:c8.d8.e8.d9":
            break
        controller.handle({"op": "play", "action": str(action)})
    else:
        raise AssertionError("the greedy line changed")
    view = controller.handle({"op": "click", "cell": "die:5"})["view"]
    # the analysis's one raise is not asked for: the placer is ready after the die (the raise
    # buttons offered are the die's other values, every one a legal use somewhere)
    uses = [use for use in state.legal_actions() if isinstance(use, Use) and use.die == 5]
    assert {use.raise_by for use in uses if use.area == "A"} == {1}
    assert clicks(view) == [f"die:5+{by}" for by in sorted({use.raise_by for use in uses})]
    assert view["placement"]["face"] == 6 and len(view["placement"]["shapes"]) == 26
    assert "A:c8.d8.e8.d9" in view["placement"]["legal"]
    reply = controller.handle({"op": "click", "cell": "A:c8.d8.e8.d9"})
    assert reply["message"]["params"]["action"] == "5+1>A:c8.d8.e8.d9"
    assert reply["view"]["last_move"] == ["c8", "d8", "e8", "d9"]


def test_the_seat_mark_draws_that_seats_sheet():
    """A puzzle's board stays the solver's sheet, whoever decides next (web/tools/rules_pages.py
    ``tryit_data``); an unknown seat falls back to the deciding player's."""
    state = FIGHT_THE_VIRUS.new_initial_state({"players": 2})
    present = FIGHT_THE_VIRUS.presentation()
    deciding = state.current_player()
    other = 1 - deciding
    assert f'data-seat="{deciding}"' in present.render(state)
    assert f'data-seat="{other}"' in present.render(state, seat=other)
    assert f'data-seat="{deciding}"' in present.render(state, seat=7)


def test_resigning_against_the_computer_ends_the_game_at_once():
    """The only person resigns: the computer would play on alone, so the game is played to
    its end at once and the view has its result; undo takes the resignation back."""
    controller = new(mode="standard", players=2, seed=5, seats=["human", "greedy"])
    controller.handle({"op": "play", "action": "roll"})
    reply = controller.handle({"op": "resign"})
    assert reply["message"]["key"] == "fight-the-virus.resigned"
    view = reply["view"]
    assert view["result"] is not None and view["to_move"] is None
    assert view["result"]["details"][0]["key"] == "fight-the-virus.resigned"
    reply = controller.handle({"op": "undo"})
    assert reply["message"]["key"] == "play.resign-undone"
    assert reply["view"]["result"] is None and reply["view"]["to_move"] == 0


def test_resigning_among_people_lets_the_others_play_on():
    controller = new(mode="standard", players=2, seed=5)
    controller.handle({"op": "play", "action": "roll"})
    view = controller.handle({"op": "resign"})["view"]
    assert view["result"] is None  # the other person plays on (§4.2)
