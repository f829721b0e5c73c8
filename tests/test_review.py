"""The computer's review of a game (pyengine.review): marks, determinism, planted mistakes,
accuracy, the slices, the command line, and every state's SVG for Jupyter."""

from __future__ import annotations

import doctest
import importlib
import io
import itertools
import json
import xml.etree.ElementTree as ET

import pytest

from pyengine.ai import make_player
from pyengine.cli import main
from pyengine.core.errors import EngineError
from pyengine.core.game import State
from pyengine.core.registry import games, get_game
from pyengine.games.virus_war.game import parse_diagram
from pyengine.review import (
    CLASSES,
    THRESHOLDS,
    Reviewer,
    best_move,
    classify,
    move_accuracy,
    move_spans,
    player_accuracy,
    review,
)

# Black to move; b4-c4 is the only winning move (checked below by exhaustive search) and the
# search of a review finds it at a small budget.
ZEBRA_WON = "a2-a3 d2-d3 b3-b4 d4-c4 d1-c1 a1-b1 c2-c3 b2-c1 b4-c4".split()
ZEBRA_WINNER = "b4-c4"

# X to move: e5 then f4 kills both live O symbols and wins at once (virus-war.md's elimination).
VIRUS_WAR_WON = """
 6 . . . . . .
 5 . . . . O .
 4 . . . X . O
 3 . . X . . .
 2 . X o . . .
 1 X . . . . .
   a b c d e f
"""


def zebra(actions: list[str], size: int = 4) -> State:
    state = get_game("zebra").new_initial_state({"size": size})
    for text in actions:
        state.apply(text)
    return state


def played(game_id: str, options: dict[str, object], kinds: tuple[str, ...], actions: int) -> State:
    """A seeded game between ``kinds`` (one per seat), stopped after ``actions`` actions."""
    state = get_game(game_id).new_initial_state(options)
    players = [make_player(game_id, kind, seed=seat + 7) for seat, kind in enumerate(kinds)]
    while not state.is_terminal() and len(state.history) < actions:
        state.apply(players[state.current_player()].choose(state))
    return state


def exact_value(state: State, memo: dict[object, float]) -> float:
    """The exact result for the side to move (+1 win, -1 loss) by exhaustive search."""
    key = state.position_key()
    if key in memo:
        return memo[key]
    mover = state.current_player()
    best = -1.0
    for action in state.legal_actions():
        state.apply_unchecked(action)
        if state.is_terminal():
            value = state.returns()[mover]
        else:
            value = exact_value(state, memo)
            value = value if state.current_player() == mover else -value
        state.undo()
        best = max(best, value)
        if best == 1.0:
            break
    memo[key] = best
    return best


# -- marks and accuracy ----------------------------------------------------------------------


def test_the_classes_follow_the_documented_thresholds():
    assert dict(THRESHOLDS) == {"blunder": 0.30, "mistake": 0.20, "inaccuracy": 0.10}
    cases = [
        (0.0, "fine"),
        (0.0999, "fine"),
        (0.10, "inaccuracy"),
        (0.1999, "inaccuracy"),
        (0.20, "mistake"),
        (0.2999, "mistake"),
        (0.30, "blunder"),
        (1.0, "blunder"),
    ]
    for drop, expected in cases:
        assert classify(drop) == expected, drop
    assert classify(0.0, best=True) == "best" and classify(0.7, best=True) == "best"
    assert CLASSES == ("best", "fine", "inaccuracy", "mistake", "blunder")


def test_accuracy_falls_with_the_drop_and_stays_in_range():
    scores = [move_accuracy(drop / 100) for drop in range(101)]
    assert scores[0] == 100.0
    assert all(0.0 <= score <= 100.0 for score in scores)
    assert all(later <= earlier for earlier, later in itertools.pairwise(scores))
    assert scores[100] == 0.0
    assert player_accuracy([100.0, 100.0, 100.0]) == 100.0
    assert player_accuracy([]) is None
    # one blunder weighs more than the plain mean says (the harmonic mean)
    with_a_blunder = player_accuracy([100.0, 100.0, 0.0])
    assert with_a_blunder is not None and with_a_blunder < 200 / 3


@pytest.mark.parametrize(
    "name",
    ["pyengine.review", "pyengine.review.marks", "pyengine.review.moves", "pyengine.cli"],
)
def test_doctests(name):
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0


# -- moves ----------------------------------------------------------------------------------


def test_a_virus_war_turn_is_one_move_and_a_turn_going_on_is_not_judged():
    state = get_game("virus-war").new_initial_state({"size": 6})
    for text in ("a1", "b2", "c3", "f6", "e5", "d4", "pass", "d5"):
        state.apply(text)
    spans = move_spans(state)
    assert [(span.text, span.seat, span.start, span.end, span.kind) for span in spans] == [
        ("a1-b2-c3", 0, 0, 3, "move"),
        ("f6-e5-d4", 1, 3, 6, "move"),
        ("pass", 0, 6, 7, "move"),
        ("d5", 1, 7, 8, "unfinished"),
    ]


def test_virus_fight_programs_are_setups_and_a_turn_is_its_effect_and_marker_step():
    state = played("virus-fight", {"players": 2, "seed": 3}, ("easy", "easy"), 8)
    spans = move_spans(state)
    assert [span.kind for span in spans[:2]] == ["setup", "setup"]
    assert [span.seat for span in spans[:2]] == [0, 1]
    turns = spans[2:]
    assert turns and all(span.end - span.start in (1, 2) for span in turns)
    assert all(span.kind in ("move", "forced", "unfinished") for span in turns)
    result = review(state, budget=40)
    assert [move.mark for move in result.moves[:2]] == [None, None]
    assert any(move.judged for move in result.moves[2:])


# -- planted mistakes ------------------------------------------------------------------------


def test_a_planted_zebra_blunder_is_marked_with_the_winning_move():
    state = zebra(ZEBRA_WON)
    memo: dict[object, float] = {}
    outcomes = {}
    for action in state.legal_actions():
        state.apply_unchecked(action)
        outcomes[str(action)] = -exact_value(state, memo)
        state.undo()
    assert [text for text, value in outcomes.items() if value == 1.0] == [ZEBRA_WINNER]
    assert outcomes["b4-a4"] == -1.0
    state.apply("b4-a4")  # throws the win away
    result = review(state, budget=300)
    blunder = result.moves[-1]
    assert (blunder.text, blunder.seat, blunder.mark) == ("b4-a4", 1, "blunder")
    assert blunder.best_text == ZEBRA_WINNER and blunder.best_actions == (ZEBRA_WINNER,)
    assert blunder.before == 1.0 and blunder.after == 0.0 and blunder.drop == 1.0
    assert result.players[1].counts["blunder"] >= 1
    line = next(line for line in result.text().splitlines() if "b4-a4" in line)
    assert "blunder" in line and "better b4-c4" in line and "100% →   0%" in line


def test_a_virus_war_turn_that_gives_away_a_won_fight_is_marked():
    state = parse_diagram(VIRUS_WAR_WON)
    for text in ("a2", "a3", "a4"):  # away from the fight: O now kills d4, c3, b2
        state.apply(text)
    result = review(state, budget=4)
    turn = result.moves[0]
    assert (turn.text, turn.seat) == ("a2-a3-a4", 0)
    assert turn.mark == "blunder" and turn.before == 1.0
    assert turn.drop is not None and turn.drop >= 0.3
    assert turn.best_text == "e5-f4" and turn.best_actions == ("e5", "f4")
    # the winning turn itself is the engine's
    won = parse_diagram(VIRUS_WAR_WON)
    for text in ("e5", "f4"):
        won.apply(text)
    assert review(won, budget=4).moves[0].mark == "best"


# -- determinism, slices, accuracy -----------------------------------------------------------


def test_the_same_game_gets_the_same_review_however_it_is_sliced():
    state = played("zebra", {"size": 4}, ("medium", "easy"), 14)
    whole = Reviewer(state, budget=150).finish().to_json()
    again = review(state, budget=150).to_json()
    sliced = Reviewer(state, budget=150)
    progress = []
    while not sliced.done:
        progress.append(sliced.step(37))
    assert sliced.result().to_json() == whole == again
    judged = [done for done, _ in progress]
    assert judged == sorted(judged) and progress[-1][0] == progress[-1][1] > 0
    war = played("virus-war", {"size": 6}, ("easy", "easy"), 18)
    assert review(war, budget=3).to_json() == review(war, budget=3).to_json()


def test_a_player_who_plays_only_the_engine_moves_is_100_accurate():
    budget = 120
    state = get_game("zebra").new_initial_state({"size": 4})
    opponent = make_player("zebra", "easy", seed=11)
    while not state.is_terminal():
        if state.current_player() == 0:
            for action in best_move(state, budget):
                state.apply(action)
        else:
            state.apply(opponent.choose(state))
    result = review(state, budget=budget)
    white, black = result.players
    assert white.judged > 0 and white.counts["best"] == white.judged
    assert white.accuracy == 100.0
    assert black.accuracy is None or 0.0 <= black.accuracy <= 100.0
    for player in result.players:
        assert sum(player.counts.values()) == player.judged


def test_a_review_is_not_ready_before_it_is_done():
    reviewer = Reviewer(zebra(["a2-a3", "d2-d3"]), budget=100)
    assert reviewer.progress == (0, 2)
    with pytest.raises(EngineError) as caught:
        reviewer.result()
    assert caught.value.code == "review.unfinished"
    reviewer.step(10)
    assert not reviewer.done
    assert reviewer.finish().moves[-1].judged


# -- dice, solo, JSON ------------------------------------------------------------------------


def test_fight_the_virus_judges_decisions_not_dice_and_skips_solo_games():
    state = played("fight-the-virus", {"seed": 4}, ("easy", "easy"), 8)
    result = review(state, budget=1)
    assert result.reviewable
    rolls = [move for move in result.moves if " roll " in f" {move.text} "]
    assert rolls and all(move.kind == "forced" and move.mark is None for move in rolls)
    assert any(move.judged for move in result.moves)
    solo = played("fight-the-virus", {"mode": "solo", "players": 1, "seed": 4}, ("easy",), 6)
    skipped = review(solo)
    assert not skipped.reviewable and skipped.reason == "solo"
    assert all(move.mark is None for move in skipped.moves)
    assert "not reviewed" in skipped.text()


def test_the_json_document_is_versioned_and_complete():
    state = zebra([*ZEBRA_WON, "b4-a4"])
    document = json.loads(json.dumps(review(state, budget=150).to_json()))
    assert document["format"] == "virus-games/review" and document["version"] == 1
    assert document["game"] == "zebra" and document["actions"] == [*ZEBRA_WON, "b4-a4"]
    assert document["thresholds"] == {"inaccuracy": 0.1, "mistake": 0.2, "blunder": 0.3}
    assert document["engine"]["budget"] == 150 and document["reviewable"] is True
    last = document["moves"][-1]
    assert last["mark"] == "blunder" and last["best"]["text"] == ZEBRA_WINNER
    assert last["plies"] == [9, 10] and len(last["chances_before"]) == 2
    assert [player["seat"] for player in document["players"]] == [0, 1]


# -- the command line ------------------------------------------------------------------------


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_prints_the_marks_and_json(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text(get_game("zebra").write_record(zebra([*ZEBRA_WON, "b4-a4"])))
    status, out, _ = run(["review", str(record), "--budget", "300"])
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Zebra (size=4")
    blunder = next(line for line in lines if "b4-a4" in line)
    assert blunder.split()[:3] == ["5.", "Black", "b4-a4"]
    assert "blunder" in blunder and "better b4-c4 (100%)" in blunder
    assert any(line.startswith("Black: ") and "1 blunder" in line for line in lines)
    assert any(line.startswith("White: ") and "accuracy" in line for line in lines)
    status, out, _ = run(["review", str(record), "--budget", "300", "--json"])
    assert status == 0
    assert json.loads(out)["moves"][-1]["mark"] == "blunder"


def test_the_command_line_refuses_bad_input_with_status_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Zebra"]\n\n1. a2-a3 a2-a3\n')
    status, out, err = run(["review", str(bad)])
    assert status == 2 and out == ""
    assert err.startswith("error: ") and "Traceback" not in err
    status, _, err = run(["review", str(tmp_path / "missing.txt")])
    assert status == 2 and "cannot read" in err
    status, _, err = run(["review", str(bad), "--budget", "0"])
    assert status == 2 and "--budget" in err


# -- Jupyter ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [game.id for game in games()])
def test_every_state_shows_itself_as_an_svg_board(game):
    state = get_game(game).new_initial_state({})
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert svg.startswith("<svg") and "viewBox" in svg


# -- the controller's op ---------------------------------------------------------------------


def test_the_review_op_runs_in_slices_and_matches_the_protocol():
    from pyengine.controller import Controller
    from pyengine.protocol_check import validate_reply, validate_request

    controller = Controller()

    def send(request):
        validate_request(request)
        reply = json.loads(json.dumps(controller.handle(request)))
        validate_reply(request["op"], reply)
        return reply

    send({"op": "new", "game": "zebra", "options": {"size": 4}})
    for text in [*ZEBRA_WON, "b4-a4"]:
        assert send({"op": "play", "action": text})["ok"]
    progress = []
    while True:
        reply = send({"op": "review", "slice_ms": 5, "budget": 300})
        if "review" in reply:
            break
        progress.append((reply["reviewing"]["judged"], reply["reviewing"]["total"]))
        send({"op": "view"})  # other requests between slices leave the review going
    assert progress and progress[-1][1] == 10
    document = reply["review"]
    assert document == review(zebra([*ZEBRA_WON, "b4-a4"]), budget=300).to_json()
    assert document["moves"][-1]["mark"] == "blunder"
    # done: the same request answers at once; another game starts another review
    assert send({"op": "review", "slice_ms": 0, "budget": 300})["review"] == document
    send({"op": "undo"})
    shorter = send({"op": "review", "budget": 300})["review"]
    assert len(shorter["moves"]) == 9
    refused = send({"op": "review", "budget": 0})
    assert not refused["ok"] and refused["error"]["code"] == "request.field"


def test_review_moves_carry_the_cells_of_the_move_played_and_of_the_better_move() -> None:
    state = zebra(ZEBRA_WON)
    state.apply("b4-a4")
    blunder = review(state, budget=300).to_json()["moves"][-1]
    assert blunder["cells"] == ["b4", "a4"]
    assert blunder["best"]["cells"] == ["b4", "c4"]
    war = parse_diagram(VIRUS_WAR_WON)
    for text in ("a2", "a3", "a4"):
        war.apply(text)
    turn = review(war, budget=4).to_json()["moves"][0]
    assert turn["cells"] == ["a2", "a3", "a4"]
    assert turn["best"]["cells"] == ["e5", "f4"]  # the whole turn's cells, nothing before it
