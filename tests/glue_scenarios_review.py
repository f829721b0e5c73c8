"""Scenarios for the computer's review as the page shows it (web/app/glue/reviews.py), run under
CPython and the site's MicroPython like glue_scenarios.py. tests/test_review_page.py checks the
same functions on reviews the engine made of each game."""

import json

from glue import reviews

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def move(index, seat, plies, mark, after=0.5, before=0.5, text=None):
    entry = {
        "index": index,
        "number": index // 2 + 1,
        "seat": seat,
        "text": text or "m" + str(index),
        "plies": plies,
        "kind": "move" if mark else "forced",
        "mark": mark,
    }
    if mark:
        other = [1 - after, after] if seat == 1 else [after, 1 - after]
        entry.update(
            {
                "before": before,
                "after": after,
                "drop": max(0.0, before - after),
                "accuracy": 50.0,
                "best": {
                    "text": "b" + str(index),
                    "actions": ["x"],
                    "cells": ["a1"],
                    "chance": before,
                },
                "cells": ["a2", "a3"],
                "chances_before": [0.5, 0.5],
                "chances_after": other,
            }
        )
    return entry


def document():
    return {
        "format": "virus-games/review",
        "version": 1,
        "game": "zebra",
        "options": {"size": 4},
        "start": None,
        "actions": ["a", "b", "c", "d"],
        "engine": {"method": "mcts", "budget": 10},
        "reviewable": True,
        "reason": None,
        "resigned": None,
        "thresholds": {"inaccuracy": 0.1, "mistake": 0.2, "blunder": 0.3},
        "moves": [
            move(0, 0, [0, 1], "best", 0.6, 0.6),
            move(1, 1, [1, 2], "blunder", 0.1, 0.5),
            move(2, 0, [2, 3], None),
            move(3, 1, [3, 4], "inaccuracy", 0.2, 0.32),
        ],
        "players": [
            {"seat": 0, "judged": 1, "counts": {"best": 1}, "accuracy": 100.0},
            {"seat": 1, "judged": 2, "counts": {"blunder": 1, "inaccuracy": 1}, "accuracy": 41.6},
        ],
    }


def scenario_a_review_read_back_keeps_what_the_page_shows():
    review = reviews.clean_review(json.loads(json.dumps(document())), "zebra")
    assert review is not None
    # what the page keeps reads back the same
    assert reviews.clean_review(json.loads(json.dumps(review)), "zebra") == review
    assert [move["mark"] for move in review["moves"]] == ["best", "blunder", None, "inaccuracy"]
    assert review["moves"][1]["best"] == {"text": "b1", "cells": ["a1"], "chance": 0.5}
    assert reviews.move_marks(review) == {1: "blunder", 3: "inaccuracy"}
    assert [move["index"] for move in reviews.worth_a_look(review)] == [1, 3]
    blunder = reviews.marked_from(review, 1)
    assert blunder is not None and blunder["index"] == 1
    assert reviews.marked_from(review, 0) is None and reviews.move_at(review, 2) is None
    best = reviews.move_at(review, 0)
    assert best is not None and best["mark"] == "best"
    rows = reviews.summaries(review)
    assert rows[1] == {
        "seat": 1,
        "accuracy": 42,
        "counts": [("inaccuracy", 1), ("mistake", 0), ("blunder", 1)],
    }


def scenario_a_tampered_or_foreign_review_is_refused():
    assert reviews.clean_review(document(), "virus-war") is None
    assert reviews.clean_review("not a review", "zebra") is None
    changes = [
        ("format", "other"),
        ("version", 2),
        ("reviewable", False),
        ("actions", "abcd"),
        ("moves", {"0": 1}),
    ]
    for name, value in changes:
        broken = document()
        broken[name] = value
        assert reviews.clean_review(broken, "zebra") is None, name
    move_changes = [
        ("mark", "brilliant"),
        ("plies", [2, 1]),
        ("plies", [0, 9]),
        ("seat", -1),
        ("after", 1.5),
        ("chances_after", [0.5, "x"]),
        ("best", {"text": 3}),
        ("cells", "a1"),
        ("text", "x" * 300),
    ]
    for name, value in move_changes:
        broken = document()
        broken["moves"][1][name] = value
        assert reviews.clean_review(broken, "zebra") is None, name
    broken = document()
    broken["players"][0]["accuracy"] = 140
    assert reviews.clean_review(broken, "zebra") is None


def four_moves() -> "dict[str, Any]":
    return {
        "ply_count": 4,
        "moves": [
            {"number": 1, "plies": [{"text": "m0", "ply": 1}, {"text": "m1", "ply": 2}]},
            {"number": 2, "plies": [{"text": "m2", "ply": 3}, {"text": "m3", "ply": 4}]},
        ],
    }


def scenario_a_review_fits_only_the_game_it_was_made_of():
    review = reviews.clean_review(document(), "zebra")
    assert review is not None
    view = four_moves()
    assert reviews.fits(review, view)
    view["moves"][1]["plies"][1]["text"] = "other"
    assert not reviews.fits(review, view)
    view["moves"][1]["plies"][1]["text"] = "m3"
    view["ply_count"] = 5
    assert not reviews.fits(review, view)


def scenario_the_chart_marks_each_move_worth_a_look_on_its_movers_line():
    review = reviews.clean_review(document(), "zebra")
    assert review is not None
    history = reviews.review_history(review, 5)
    # the start: the first judged move's chances with the engine's move; then after each move;
    # the move not judged keeps the chances before it
    assert history == [[0.5, 0.5], [0.6, 0.4], [0.9, 0.1], [0.9, 0.1], [0.8, 0.2]]
    marks = reviews.chart_marks(review, history, 300, 90)
    assert marks == [
        {"index": 1, "mark": "blunder", "seat": 1, "x": 150.0, "y": 81.0},
        {"index": 3, "mark": "inaccuracy", "seat": 1, "x": 300.0, "y": 72.0},
    ]
    assert reviews.chart_marks(review, history[:1], 300, 90) == []
    # where the move list's entry shows a later position, the mark goes there
    view_moves = [{"number": 1, "plies": [{"text": "m0", "ply": 1}, {"text": "m1", "ply": 3}]}]
    assert reviews.shown_plies(view_moves) == {0: 1, 1: 3}
    moved = reviews.chart_marks(review, history, 300, 90, reviews.shown_plies(view_moves))
    assert moved[0]["x"] == 225.0 and moved[0]["y"] == 81.0
    assert reviews.review_history({"moves": [move(0, 0, [0, 1], None)]}, 2) == []


def scenario_a_game_tried_from_a_move_seats_its_mover():
    assert reviews.try_seats(2, 1, "medium") == ["medium", "human"]
    assert reviews.try_seats(3, 0, "hard") == ["human", "hard", "hard"]
    assert reviews.try_seats(2, 1, None) == ["human", "human"]
    assert reviews.percent(0.576) == 58 and reviews.percent(1.0) == 100
