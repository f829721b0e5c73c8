"""The page's side of a review (web/app/glue/reviews.py) on reviews the engine made: for each
game, a game played by computer players and reviewed through the controller's ``review`` op is
read back whole by the page's checks, fits the view it was made of, and its chart marks sit
where the move list's entries lead and on the mover's line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "app"))

from glue import reviews
from glue.navigation import chart_x
from pyengine.controller import Controller

# game, options, seats, actions played, the review's search budget per position
GAMES = [
    ("zebra", {"size": 4}, ["random", "easy"], 30, 20),
    ("virus-war", {"size": 6}, ["random", "easy"], 30, 20),
    ("virus-fight", {"players": 2}, ["random", "random"], 60, 20),
    ("fight-the-virus", {"players": 2}, ["random", "random"], 24, 2),
]


def played(game: str, options: dict[str, Any], seats: list[str], actions: int) -> Controller:
    controller = Controller()
    reply = controller.handle({"op": "new", "game": game, "options": options, "seats": seats})
    assert reply["ok"], reply
    view = reply["view"]
    while not view.get("result") and view["ply_count"] < actions:
        reply = controller.handle({"op": "bot"})
        assert reply["ok"], reply
        view = reply["view"]
    return controller


@pytest.mark.parametrize(("game", "options", "seats", "actions", "budget"), GAMES)
def test_a_review_of_each_game_is_read_back_and_charted_where_its_moves_are(
    game: str, options: dict[str, Any], seats: list[str], actions: int, budget: int
) -> None:
    controller = played(game, options, seats, actions)
    view = controller.handle({"op": "view"})["view"]
    reply = controller.handle({"op": "review", "budget": budget})
    assert reply["ok"], reply
    document = json.loads(json.dumps(reply["review"]))
    review = reviews.clean_review(document, game)
    assert review is not None
    assert reviews.fits(review, view)
    judged = [move for move in review["moves"] if move["mark"] is not None]
    assert judged
    positions = view["ply_count"] + 1
    history = reviews.review_history(review, positions)
    assert len(history) == positions
    assert all(abs(sum(chances) - 1) < 0.01 for chances in history)
    entries = [entry for row in view["moves"] for entry in row["plies"]]
    shown = reviews.shown_plies(view["moves"])
    marks = reviews.chart_marks(review, history, 300, 90, shown)
    assert [mark["index"] for mark in marks] == [
        move["index"] for move in judged if move["mark"] in reviews.MARKS
    ]
    for mark in marks:
        move = reviews.move_at(review, mark["index"])
        assert move is not None
        # at the position the move list's entry shows (after the move and anything it sets
        # going), on the mover's line
        end = entries[mark["index"]]["ply"]
        assert move["plies"][1] <= end == shown[mark["index"]]
        assert mark["x"] == round(chart_x(end, positions, 300), 1)
        assert mark["y"] == round(90 - history[end][move["seat"]] * 90, 1)
        # its better move is drawn from the position before it
        assert reviews.marked_from(review, move["plies"][0]) is not None
    assert reviews.move_marks(review) == {mark["index"]: mark["mark"] for mark in marks}
    # the review's own marks are the engine's, move for move
    assert [move["mark"] for move in review["moves"]] == [
        move["mark"] for move in document["moves"]
    ]
