"""Scenarios for the rules pages' "try it" boards (web/app/glue/tryit.py), in the Python that both
MicroPython and CPython run, like glue_scenarios.py. The boards are real ones: the JSON the
build puts in the rules pages (web/tools/rules_pages.py ``tryit_data``), which
``tests/test_glue.py`` computes for the boards named in ``BOARD_NAMES`` and hands over with
``use_boards`` (under CPython) or as a JSON file read by ``load_boards`` (under MicroPython)."""

import json

from glue import tryit, views

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# "<game>:<try-it>" (the try-it's name is the middle of its prompt key).
BOARD_NAMES = (
    "zebra:diagonal",
    "virus-war:bridge",
    "virus-war:eliminate",
    "virus-fight:erase",
    "fight-the-virus:testing",
)
BOARDS: "dict[str, Any]" = {}
# Boards of this file's own, not on a rules page: a line with the opponent's answers (a
# puzzle's shape: White plays, Black answers, White plays), built like the others.
LINE = ["a2-a3", "a1-b1", "c2-d2"]
EXTRA_SPECS: "dict[str, Any]" = {
    "zebra:line": {
        "options": {"size": 4},
        "solver": 0,
        "solutions": [LINE],
        "prompt": "rules.zebra.try.diagonal.prompt",
        "success": "rules.zebra.try.diagonal.success",
        "wrong": "rules.zebra.try.diagonal.wrong",
    },
    # A first shape on a Fight the Virus sheet (a solo game's first turn, dice 3 and 1): the L
    # of the 3 on the spikes d1 and c2, with its corner on d2.
    "fight-the-virus:shape": {
        "options": {"mode": "solo", "players": 1, "seed": 0},
        "position": "t1 d2 3-1 P1:01:AO -|.....................|0|-|-",
        "solutions": [["3>A:d1.c2.d2"]],
        "prompt": "rules.fight-the-virus.try.research.prompt",
        "success": "rules.fight-the-virus.try.research.success",
        "wrong": "rules.fight-the-virus.try.research.wrong",
    },
}
# The L of the answer: d1 above d2, c2 left of d2 (rows down, columns right).
ANSWER_L = [(0, 1), (1, 0), (1, 1)]


def use_boards(boards):
    BOARDS.clear()
    BOARDS.update(boards)


def load_boards(path):
    with open(path) as file:
        use_boards(json.load(file))


def board(name):
    return tryit.TryIt(BOARDS[name])


def cells_of(data):
    """The board's cells (every labelled spot) in an order standing for the page's: the page
    gives them in the SVG's order. (Sorted: MicroPython's dicts do not keep their order.)"""
    return sorted(data.node["labels"])


def on_board_of(data):
    cells = cells_of(data)
    return lambda token: token in cells


def said(data):
    """The board's feedback (there must be one)."""
    assert data.feedback is not None
    return data.feedback


def keys(value):
    return value["key"] if isinstance(value, dict) else value


def scenario_tryit_a_first_click_selects_and_a_second_takes_it_back():
    data = board("zebra:diagonal")
    assert data.node_index == 0 and data.svg() is None and not data.done  # the page's picture
    towers = data.targets()
    assert towers == ["a1", "a3", "b2", "b4", "c1", "c3", "d4"]  # Black's towers with a move
    assert keys(data.label("c1")) == "zebra.cell.tower"
    target = data.aria_label("c1", towers)
    assert target["key"] == "rules.tryit.cell-target" and target["params"]["cell"] == data.label(
        "c1"
    )
    assert data.aria_label("a2", towers) == data.label("a2")  # not a target: the plain label
    step = data.click("c1")
    assert step.kind == "select" and step.redraw
    assert step.announce == {"key": "rules.tryit.selected", "params": {"cell": data.label("c1")}}
    assert data.selection == ["c1"] and data.targets() == ["b1", "d1", "d2"]
    assert data.feedback is None
    step = data.click("c1")  # the selected cell again: the selection goes back
    assert step.kind == "deselect" and step.announce is None
    assert data.selection == [] and data.targets() == towers
    data.click("c1")
    step = data.click("c3")  # no move c1-c3, but c3 starts moves: a fresh selection
    assert step.kind == "select" and data.selection == ["c3"]


def scenario_tryit_a_legal_move_that_is_not_the_answer_says_why():
    data = board("zebra:diagonal")
    data.click("c1")
    step = data.click("b1")
    assert step.kind == "wrong" and step.redraw and step.announce is None
    assert data.node_index == 0 and data.selection == []
    assert data.feedback == {
        "key": "rules.tryit.legal-but",
        "params": {
            "action": {"key": "rules.words.zebra.move", "params": {"source": "c1", "target": "b1"}},
            "reason": {"key": "rules.zebra.try.diagonal.wrong", "params": {}},
        },
        "level": "warning",
    }


def scenario_tryit_an_illegal_click_gets_the_engines_explanation():
    data = board("zebra:diagonal")
    step = data.click("a2")  # White's tower
    assert step.kind == "illegal" and data.selection == []
    assert data.feedback["key"] == "rules.tryit.not-legal" and data.feedback["level"] == "error"
    assert data.feedback["params"]["reason"]["key"] == "zebra.explain.not-yours"
    data.click("c1")
    data.click("a2")  # a tower chosen, then a cell it cannot reach
    reason = data.feedback["params"]["reason"]
    assert reason["key"] == "error.zebra.not-adjacent" and reason["params"]["action"] == "c1-a2"
    assert data.selection == []
    # three clicks that make nothing: the engine has no word for them, the page's hint instead
    sheet = board("fight-the-virus:testing")
    for token in ("die:5", "T10"):
        assert sheet.click(token).kind == "select"
    assert sheet.click("C00").kind == "illegal"
    assert sheet.feedback == {"key": "rules.tryit.pick-highlighted", "level": "error"}
    assert sheet.selection == []
    sheet.click("die:2")
    sheet.click("T10")  # a 2 is not higher than the cells below T10, nor can it be raised so
    reason = sheet.feedback["params"]["reason"]
    assert reason["key"] == "fight-the-virus.explain.testing-raise"
    assert reason["params"]["square"] == "T10" and reason["params"]["die"] == 2


def scenario_tryit_the_right_move_solves_it_and_reset_starts_again():
    data = board("zebra:diagonal")
    data.click("c3")
    step = data.click("d2")
    assert step.kind == "right" and data.done and data.node_index > 0
    assert data.feedback == {
        "key": "rules.tryit.right",
        "params": {
            "action": {"key": "rules.words.zebra.move", "params": {"source": "c3", "target": "d2"}},
            "reason": {"key": "rules.zebra.try.diagonal.success", "params": {}},
        },
        "level": "ok",
    }
    assert data.svg().startswith("<svg") and 'aria-hidden="true"' in data.svg()
    assert data.targets() == [] and data.buttons([], on_board_of(data)) == []
    step = data.click("a1")  # solved: the board only says so
    assert step.kind == "done" and not step.redraw
    assert data.feedback == {"key": "rules.tryit.done", "params": {}, "level": "ok"}
    data.cursor = "d2"
    data.reset()
    assert data.node_index == 0 and data.svg() is None and not data.done
    assert data.selection == [] and data.feedback is None and data.cursor is None
    data.click("c1")
    data.click("d2")  # the other answer
    assert data.done and said(data)["params"]["action"]["params"] == {
        "source": "c1",
        "target": "d2",
    }


def scenario_tryit_a_right_step_that_is_not_the_last_goes_on():
    for first, second in (("d4", "e4"), ("e4", "d4")):  # in any order
        data = board("virus-war:eliminate")
        step = data.click(first)
        assert step.kind == "right" and not data.done and data.node_index > 0
        assert data.feedback == {
            "key": "rules.tryit.good-step",
            "params": {
                "action": {"key": "rules.words.virus-war.kill-x", "params": {"cell": first}},
                "reason": {"key": "rules.virus-war.try.eliminate.progress", "params": {}},
            },
            "level": "ok",
        }
        assert second in data.targets()
        data.click(second)
        assert data.done and data.feedback["key"] == "rules.tryit.right"
        assert data.feedback["params"]["reason"]["key"] == "rules.virus-war.try.eliminate.success"
    plain = {}
    for key in BOARDS["virus-war:eliminate"]:
        if key != "progress":
            plain[key] = BOARDS["virus-war:eliminate"][key]
    data = tryit.TryIt(plain)  # a try-it without its own word for a step: the page's
    data.click("d4")
    assert said(data)["params"]["reason"]["key"] == "rules.tryit.go-on"


def scenario_tryit_actions_without_a_cell_are_buttons():
    data = board("virus-fight:erase")
    buttons = data.buttons(data.targets(), on_board_of(data))
    assert [(button.token, button.action, button.pressed) for button in buttons] == [
        ("action:x-", 0, False)
    ]
    assert buttons[0].label["key"] == "virus-fight.erase-nothing"
    step = data.play(buttons[0].action)  # "erase nothing": legal, not the answer
    assert step.kind == "wrong"
    assert data.feedback["params"]["reason"]["key"] == "rules.virus-fight.try.erase.why.2"
    assert data.click("c4").kind == "right" and data.done
    # clicks that are not cells (dice, a number to write) are buttons too; the chosen ones are
    # shown pressed, the last first, and no action is offered without a cell once one is chosen
    sheet = board("fight-the-virus:testing")
    on_board = on_board_of(sheet)
    tokens = [button.token for button in sheet.buttons(sheet.targets(), on_board)]
    assert tokens == ["die:2", "die:5", "action:pass"]
    sheet.click("die:5")
    buttons = sheet.buttons(sheet.targets(), on_board)
    assert buttons[0].token == "die:5" and buttons[0].pressed and buttons[0].action is None
    # every legal raise of the 5: the analysis's 5+0 and 5+1, testing's 5+2 (onto T10)
    assert sorted(button.token for button in buttons[1:]) == ["die:5+0", "die:5+1", "die:5+2"]
    assert not any(button.pressed for button in buttons[1:])
    sheet.click("T10")
    buttons = sheet.buttons(sheet.targets(), on_board)
    assert [button.token for button in buttons] == ["die:5", "die:5+1", "die:5+2"]
    assert sheet.targets() == ["die:5+1", "die:5+2"]
    step = sheet.click("die:5+1")
    assert step.kind == "right" and sheet.done
    assert sheet.feedback["params"]["reason"]["key"] == "rules.fight-the-virus.try.testing.success"


def scenario_tryit_escape_drops_the_selection():
    sheet = board("fight-the-virus:testing")
    sheet.click("die:5")
    step = sheet.cancel()
    assert step.kind == "cancel" and step.redraw
    assert step.announce == {"key": "rules.tryit.cancelled", "params": {}}
    assert sheet.selection == [] and sheet.feedback is None
    assert [button.pressed for button in sheet.buttons(sheet.targets(), on_board_of(sheet))] == [
        False,
        False,
        False,
    ]


def scenario_tryit_the_keyboard_cursor_moves_on_the_grid():
    data = board("virus-war:bridge")
    cells = cells_of(data)
    assert tryit.MOVES["ArrowUp"] == (0, 1) and tryit.MOVES["ArrowLeft"] == (-1, 0)
    data.move_cursor(1, 0, list)  # no cursor yet: nothing moves (the page then places one)
    assert data.cursor is None
    assert data.place_cursor(cells) == "a2"  # the first cell that makes a move
    for dx, dy in [tryit.MOVES["ArrowRight"]] * 4 + [tryit.MOVES["ArrowUp"]] * 3:
        data.move_cursor(dx, dy, list)
    assert data.cursor == "e5"
    assert data.place_cursor(cells) == "e5"  # a cursor on the board stays
    for _ in range(9):
        data.move_cursor(1, 1, list)
    assert data.cursor == "f6"  # stops at the edge
    for _ in range(9):
        data.move_cursor(-1, -1, list)
    assert data.cursor == "a1"
    data.cursor = "e5"
    assert data.click(data.cursor).kind == "right" and data.done
    data.cursor = "gone"
    assert data.place_cursor(cells) == "a1"  # solved: no move left, the first cell
    assert data.place_cursor([]) is None


def scenario_tryit_the_keyboard_cursor_finds_the_nearest_cell_off_a_grid():
    sheet = board("fight-the-virus:testing")
    assert sheet.node.get("grid") is None
    # on screen (y down):   A(0,0)  B(10,0)  C(30,1)
    #                        D(0,10)          E(30,20)
    spots = [("A", 0, 0), ("B", 10, 0), ("C", 30, 1), ("D", 0, 10), ("E", 30, 20)]
    assert views.nearest_spot(spots, "A", 1, 0) == "B"
    assert views.nearest_spot(spots, "B", 1, 0) == "C"
    assert views.nearest_spot(spots, "C", 1, 0) is None  # nothing further right
    assert views.nearest_spot(spots, "A", 0, -1) == "D"  # down
    # right of D: B (10 along, 10 off the line: 40) beats C (30, 9: 57) and E (30, 10: 60)
    assert views.nearest_spot(spots, "D", 1, 0) == "B"
    assert views.nearest_spot(spots, "E", -1, 0) == "D"  # D (30, 10: 60) beats B (20, 20: 80)
    assert views.nearest_spot(spots, "gone", 1, 0) is None
    sheet.cursor = "A"
    sheet.move_cursor(0, -1, lambda: spots)  # ArrowDown: dy -1 on the board, down on screen
    assert sheet.cursor == "D"
    sheet.move_cursor(0, 1, lambda: spots)
    assert sheet.cursor == "A"
    sheet.move_cursor(-1, 0, lambda: spots)  # nothing to the left: the cursor stays
    assert sheet.cursor == "A"
    # a cursor that is not on the board: the first next click on it, here (dice first) the
    # first cell
    assert sheet.targets()[0] == "die:2"
    assert sheet.place_cursor(cells_of(sheet)) == cells_of(sheet)[0]


def scenario_tryit_the_opponent_answers_on_the_line_by_itself():
    data = board("zebra:line")
    assert not data.pending_reply
    assert data.click("a2").kind == "select"
    step = data.click("a3")
    assert step.kind == "right" and data.pending_reply and not data.done
    assert said(data)["params"]["reason"]["key"] == "rules.tryit.await-reply"
    assert data.targets() == []  # no click while the answer is due
    assert data.click("c2").kind == "wait" and data.mistakes == 0
    step = data.reply()
    assert step.kind == "reply" and not data.pending_reply
    assert said(data) == {
        "key": "rules.tryit.replied",
        "params": {
            "action": {"key": "rules.words.zebra.move", "params": {"source": "a1", "target": "b1"}}
        },
        "level": "ok",
    }
    assert step.announce == data.feedback
    assert data.reply().kind == "none"
    data.click("c2")
    assert data.click("d2").kind == "right" and data.done
    assert said(data)["key"] == "rules.tryit.right"


def scenario_tryit_a_hint_points_at_the_next_click_of_the_answer():
    data = board("zebra:line")
    step = data.hint()
    assert step.kind == "hint" and data.hinted == ["a2"] and data.hints == 1
    assert said(data)["level"] == "hint"
    assert said(data)["params"]["hint"] == {
        "key": "rules.tryit.hint",
        "params": {"cell": data.label("a2")},
    }
    data.click("a2")
    assert data.hinted == []
    data.hint()
    assert data.hinted == ["a3"] and data.hints == 2  # the selection's next click
    data.click("b1")  # another piece: a fresh selection
    data.hint()
    assert data.hinted == ["a2"] and data.selection == []


def scenario_tryit_mistakes_count_wrong_and_illegal_tries_and_survive_a_reset():
    data = board("zebra:line")
    data.click("c2")
    assert data.click("d2").kind == "wrong" and data.mistakes == 1
    assert data.click("a1").kind == "illegal" and data.mistakes == 2
    data.reset()
    assert data.mistakes == 2 and data.node_index == 0


def scenario_tryit_the_answer_plays_the_whole_line():
    data = board("zebra:line")
    kinds = []
    while data.right_action() is not None:
        kinds.append(data.answer().kind)
    assert kinds == ["answer", "reply", "answer"] and data.done and data.answered
    assert data.answer().kind == "none" and data.hint().kind == "none"


def scenario_tryit_a_shape_is_placed_with_the_game_pages_placer_state():
    sheet = board("fight-the-virus:shape")
    on_board = on_board_of(sheet)
    assert sheet.placement() is None and not sheet.shape_choice().active
    assert [button.token for button in sheet.buttons(sheet.targets(), on_board)] == [
        "die:1",
        "die:3",
        "action:pass",
    ]
    assert sheet.click("die:3").kind == "select"
    placement = sheet.placement()  # what the game page's view.placement holds
    assert placement["face"] == 3 and len(placement["shapes"]) == 4
    assert "A:d1.c2.d2" in placement["legal"] and "d2" in placement["reach"]
    assert all(token.startswith("A:") for token in placement["legal"])
    choice = sheet.shape_choice()
    assert choice.active and choice.title() == {"key": "ftv-ui.placer.title", "params": {"face": 3}}
    assert choice.shape == [(0, 0), (0, 1), (1, 0)]  # the first shape that fits
    # turned until it is the answer's L (every turn is said with the shape's name)
    turns = 0
    while choice.shape != ANSWER_L:
        step = sheet.turn_shape("rotate" if turns < 4 else "flip")
        assert step.kind == "shape" and step.announce["key"] == "rules.tryit.shape-said"
        turns += 1
        assert turns < 8
    assert sheet.selection == ["die:3"]  # turning keeps the die chosen
    # a click on an analysis cell places the shape with its top-left cell there
    step = sheet.click("d1")
    assert step.kind == "right" and sheet.done
    assert said(sheet)["params"]["action"] == {
        "key": "rules.words.fight-the-virus.shape",
        "params": {
            "die": {"key": "rules.words.fight-the-virus.die", "params": {"die": 3}},
            "cells": "d1, c2, d2",
        },
    }
    assert sheet.placement() is None and not sheet.shape_choice().active


def scenario_tryit_a_shape_off_the_sheet_or_not_legal_is_said_and_the_die_stays():
    sheet = board("fight-the-virus:shape")
    sheet.click("die:3")
    sheet.shapes.shape = ANSWER_L
    step = sheet.click("a5")  # the L would leave the sheet's box (column left of a)
    assert step.kind == "illegal" and sheet.selection == ["die:3"] and sheet.mistakes == 1
    assert said(sheet) == {"key": "ftv-ui.placer.outside", "params": {}, "level": "error"}
    assert step.announce == sheet.feedback
    step = sheet.click("b3")  # b3, a4, b4: a4 is not a cell of the analysis
    assert step.kind == "illegal" and sheet.selection == ["die:3"] and sheet.mistakes == 2
    assert said(sheet) == {
        "key": "rules.tryit.shape-illegal",
        "params": {"cells": "b3 a4 b4"},
        "level": "error",
    }
    assert not sheet.done and sheet.click("d1").kind == "right" and sheet.done


def scenario_tryit_a_touch_first_previews_the_shape_then_places_it():
    sheet = board("fight-the-virus:shape")
    sheet.click("die:3")
    sheet.shapes.shape = ANSWER_L
    step = sheet.click("d1", True)
    assert step.kind == "preview" and not sheet.done and sheet.selection == ["die:3"]
    assert step.announce == {"key": "ftv-ui.placer.tap-again", "params": {"cells": "d1 c2 d2"}}
    assert sheet.click("d1", True).kind == "right" and sheet.done


def scenario_tryit_hints_name_the_button_then_the_shapes_cells():
    sheet = board("fight-the-virus:shape")
    assert "hint" not in sheet.data  # the page's own hints
    step = sheet.hint()
    assert step.kind == "hint" and sheet.hinted == ["die:3"]
    button = [b for b in sheet.buttons(sheet.targets(), on_board_of(sheet)) if b.token == "die:3"]
    assert said(sheet)["params"]["hint"] == {
        "key": "rules.tryit.hint-press",
        "params": {"button": button[0].label},
    }
    assert button[0].label["key"] == "fight-the-virus.use-die"  # not the token "die:3"
    sheet.click("die:3")
    sheet.hint()
    assert sheet.hinted == ["d1", "c2", "d2"]  # the shape's cells, on the sheet
    assert said(sheet)["params"]["hint"] == {
        "key": "rules.tryit.hint-shape",
        "params": {"cells": "d1 c2 d2"},
    }
    assert sheet.shapes.shape == ANSWER_L  # the placer shows the answer's shape


def scenario_tryit_the_answer_is_said_in_words_and_is_not_solving_it():
    sheet = board("fight-the-virus:shape")
    step = sheet.answer()
    assert step.kind == "answer" and sheet.done and sheet.answered and sheet.showing
    words = {
        "key": "rules.words.fight-the-virus.shape",
        "params": {
            "die": {"key": "rules.words.fight-the-virus.die", "params": {"die": 3}},
            "cells": "d1, c2, d2",
        },
    }
    assert said(sheet) == {
        "key": "rules.tryit.answer-shown",
        "params": {"actions": words},
        "level": "hint",
    }
    assert step.announce == sheet.feedback
    assert sheet.click("d1").kind == "done"
    assert said(sheet)["key"] == "rules.tryit.answered"
    sheet.reset()
    assert not sheet.showing and sheet.answered  # the attempt stays answered
    line = board("zebra:line")  # a line with the opponent's answer: said one after the other
    kinds = [line.answer().kind for _ in range(3)]
    assert kinds == ["answer", "reply", "answer"] and line.done
    moves = [
        {"key": "rules.words.zebra.move", "params": {"source": a, "target": b}}
        for a, b in (move.split("-") for move in LINE)
    ]
    then = {"key": "rules.tryit.then", "params": {"first": moves[0], "then": moves[1]}}
    assert said(line)["params"]["actions"] == {
        "key": "rules.tryit.then",
        "params": {"first": then, "then": moves[2]},
    }


def scenario_tryit_escape_drops_the_shape_and_arrows_step_over_the_analysis():
    sheet = board("fight-the-virus:shape")
    sheet.click("die:3")
    cells = cells_of(sheet)
    assert sheet.place_cursor(cells) == sheet.shapes.suggested_anchor()
    sheet.cursor = "d1"
    sheet.move_cursor(1, 0, list)  # right: the next analysis cell of the row
    assert sheet.cursor == "e1"
    sheet.move_cursor(0, -1, list)  # down the sheet: row 2
    assert sheet.cursor == "e2"
    step = sheet.cancel()
    assert step.kind == "cancel" and sheet.selection == [] and not sheet.shape_choice().active
