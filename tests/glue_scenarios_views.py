"""Scenarios for what the game page computes from a view (web/app/glue/views.py), in the
Python that both MicroPython and CPython run (see glue_scenarios.py)."""

from glue import views


def scenario_buttons_group_click_choices_by_kind():
    buttons = [
        {"action": "pass", "label": {"key": "pass"}},
        {"click": "die:5", "label": {"key": "d5"}},
        {"click": "value:3", "label": {"key": "v3"}},
        {"click": "die:5+1", "label": {"key": "d6"}},
        {"click": "keep", "label": {"key": "keep"}},
    ]
    groups = views.button_groups(buttons)
    assert [(kind, [b["label"]["key"] for b in items]) for kind, items in groups] == [
        (None, ["pass"]),
        ("die", ["d5", "d6"]),
        ("value", ["v3"]),
        (None, ["keep"]),
    ]
    assert views.button_groups([]) == []


def scenario_hints():
    actions = [
        {"action": "c2-d2", "cells": ["c2", "d2"]},
        {"action": "a1-b1", "cells": ["a1", "b1", "d2"]},
    ]
    assert views.hint_parts(actions) == ("c2-d2", ["a1-b1"])
    assert views.hint_parts([]) == (None, [])
    assert views.hint_cells(actions) == [
        ("c2", "hint-best"),
        ("d2", "hint-best"),
        ("a1", "hint-alt"),
        ("b1", "hint-alt"),
    ]


def scenario_evaluation_and_chart():
    assert views.evaluation_segments([0.25, 0.5]) == [
        (0, 0.0, 25.0),
        (1, 25.0, 50.0),
        (None, 75.0, 25.0),
    ]
    assert views.evaluation_segments([0.7, 0.6]) == [(0, 0.0, 70.0), (1, 70.0, 30.0)]
    lines = views.chart_lines([[0.5, 0.5], [1.0, 0.0], [0.25, 0.75]])
    assert lines == ["0.0,45.0 150.0,0.0 300.0,67.5", "0.0,45.0 150.0,90.0 300.0,22.5"]
    assert views.chart_lines([[0.5, 0.5]]) == []
    assert views.fixed(-0.01) == "0.0" and views.fixed(45) == "45.0"


def scenario_dice_and_cursor():
    assert views.selected_die(["a1", "die:5+1"]) == "5"
    assert views.selected_die([]) is None
    grid = {"files": 3, "ranks": 3, "file_names": ["a", "b", "c"], "flipped": False}
    assert views.grid_cursor(grid, None, 1, 0) == "b1"
    assert views.grid_cursor(grid, "c3", 1, 1) == "c3"  # stays on the board
    assert views.grid_cursor(grid, "b2", -1, -1) == "a1"
    flipped = {"files": 3, "ranks": 3, "file_names": ["a", "b", "c"], "flipped": True}
    assert views.grid_cursor(flipped, "b2", 1, 0) == "a2"
    war = {"files": 10, "ranks": 10, "file_names": list("abcdefghik"), "flipped": False}
    assert views.grid_cursor(war, "h5", 2, 0) == "k5"  # Virus War has no j
    spots = [("a", 0.0, 0.0), ("b", 10.0, 0.0), ("c", 10.0, -10.0), ("d", 0.0, 10.0)]
    assert views.nearest_spot(spots, "a", 1, 0) == "b"
    assert views.nearest_spot(spots, "a", 0, 1) == "c"  # up on screen is -y
    assert views.nearest_spot(spots, "a", -1, 0) is None
    assert views.nearest_spot(spots, "zz", 1, 0) is None


def scenario_phone_zoom_and_integers():
    assert views.fit_width([30.0, 40.0, 0.0], 300.0, 44) == 450
    assert views.fit_width([50.0], 300.0, 44) is None
    assert views.fit_width([], 300.0, 44) is None
    assert views.exact_integer("9223372036854775807") == 9223372036854775807
    assert views.exact_integer(" 42 ") == 42 and views.exact_integer("-3") == -3
    assert views.exact_integer("1.5") == 1.5 and views.exact_integer("abc") == "abc"


def scenario_the_move_list_as_markup():
    moves: list = [
        {"number": None, "plies": [{"text": "xa1", "last": False, "ply": 1}]},
        {
            "number": 1,
            "plies": [{"text": 'P1 2>A:a5.b5 & "x"', "ply": 3}, {"text": "d2", "last": True}],
        },
    ]
    assert views.move_list_html(moves) == (
        '<li class="prelude"><span class="move-plies">'
        '<button type="button" class="ply" tabindex="-1" data-ply="1">xa1</button></span></li>'
        '<li><span class="move-number">1.</span><span class="move-plies">'
        '<button type="button" class="ply" tabindex="-1" data-ply="3">'
        "P1 2&gt;A:a5.b5 &amp; &quot;x&quot;</button>"
        '<button type="button" class="ply last" tabindex="-1">d2</button></span></li>'
    )
    assert views.move_list_html([]) == ""
    assert views.escape("<a & b>") == "&lt;a &amp; b&gt;"


def scenario_a_finished_game_that_cannot_be_undone_does_not_say_undo():
    over = {"key": "play.game-over", "params": {}}
    assert views.status_message({"status": over, "can_undo": True}) == over
    # Virus Fight ended as its programs were revealed: they are never taken back
    fixed = views.status_message({"status": over, "can_undo": False})
    assert fixed == {"key": "play.game-over-no-undo", "params": {}}
    playing = {"key": "zebra.status.move", "params": {}}
    assert views.status_message({"status": playing, "can_undo": False}) == playing
