"""The opening books (web/tools/openings.py): what the build writes for the first move before
the engine, read by the page's glue (web/app/glue/book.py). Each book is checked against the
engine itself: every answer is the controller's reply to the same requests, every request it
keeps as a "stay" leaves the game as it was, and the hand-over (a ``restore`` of the answer's
match plus its selection's clicks) gives the engine exactly the game the page shows."""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pyengine.controller import Controller

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))
sys.path.insert(0, str(REPOSITORY / "web" / "app"))

import openings  # noqa: E402
from glue import book as glue_book  # noqa: E402

GAMES = ["zebra", "virus-war", "virus-fight", "fight-the-virus"]


@functools.cache
def book_of(game: str, seating: str = "people") -> dict[str, Any]:
    return openings.opening_book(game, openings.seatings(game)[seating])


def paths(book: dict[str, Any], root: int) -> dict[int, list[dict[str, Any]]]:
    """A shortest request path from ``root`` to every node it reaches."""
    found: dict[int, list[dict[str, Any]]] = {root: []}
    queue = [root]
    while queue:
        node = queue.pop(0)
        for key, child in book["nodes"][node]["next"].items():
            if child not in found:
                found[child] = [*found[node], request_of(key)]
                queue.append(child)
    return found


def request_of(key: str) -> dict[str, Any]:
    op, token = key.split(" ", 1)
    return {"op": "click", "cell": token} if op == "click" else {"op": "play", "action": token}


def engine_after(game: str, book: dict[str, Any], seed: int | None, path: list) -> Controller:
    options = dict(book["options"]) if seed is None else {**book["options"], "seed": seed}
    controller = Controller()
    controller.handle({"op": "new", "game": game, "options": options, "seats": book["seats"]})
    for request in path:
        controller.handle(request)
    return controller


@pytest.mark.parametrize("game", GAMES)
def test_a_book_is_in_its_format_and_every_reference_holds(game: str) -> None:
    book = book_of(game)
    assert book["format"] == glue_book.FORMAT == openings.FORMAT
    assert book["version"] == glue_book.VERSION == openings.VERSION
    assert book["game"] == game and book["seats"] == ["human"] * len(book["seats"])
    assert "seed" not in book["options"]
    parts, nodes = book["parts"], book["nodes"]
    assert len({json.dumps(part, sort_keys=True) for part in parts}) == len(parts)  # each once
    for start in book["starts"]:
        assert 0 <= start["node"] < len(nodes)
    for node in nodes:
        assert set(node) == {"reply", "next", "stays"}
        assert all(0 <= index < len(parts) for index in node["reply"]["view"].values())
        assert all(0 <= child < len(nodes) for child in node["next"].values())
        assert all(0 <= index < len(parts) for index in node["stays"].values())
        assert not set(node["next"]) & set(node["stays"])
    assert json.loads(json.dumps(book)) == book  # plain JSON, as the page reads it


def test_each_game_s_book_covers_the_person_s_first_decision() -> None:
    def plies(game: str) -> set[int]:
        book = book_of(game)
        return {
            glue_book.OpeningBook(book, game).reply(index)["view"]["ply_count"]
            for index in range(len(book["nodes"]))
        }

    assert plies("zebra") == {0, 1}  # the first move
    assert plies("fight-the-virus") == {0, 1}  # the roll
    assert plies("virus-fight") == {0}  # the start: its program is written on the page
    war = book_of("virus-war")
    ends = [
        glue_book.OpeningBook(war, "virus-war").reply(index)["view"]
        for index, node in enumerate(war["nodes"])
        if not node["next"]
    ]
    assert ends and all(view["to_move"] == 1 for view in ends)  # the whole first turn
    assert max(view["ply_count"] for view in ends) >= 3  # step by step
    assert len(book_of("fight-the-virus")["starts"]) == len(book_of("virus-fight")["starts"]) == 4
    assert len(book_of("zebra")["starts"]) == 1


@pytest.mark.parametrize("game", GAMES)
def test_every_answer_is_the_engine_s_and_the_hand_over_gives_it_the_same_game(
    game: str,
) -> None:
    book = book_of(game)
    for start in book["starts"][:2]:
        for node, path in paths(book, start["node"]).items():
            expected = glue_book.OpeningBook(book, game).reply(node)
            engine = engine_after(game, book, start["seed"], path)
            assert engine.handle({"op": "view"})["view"] == expected["view"], (game, path)
            # what the page replays through glue/book.py answers the same
            opening = glue_book.OpeningBook(book, game)
            seed_chance = book["starts"].index(start) / len(book["starts"])
            answers = [opening.answer({"op": "new", "game": game, "options": {}}, seed_chance)]
            answers += [opening.answer(request) for request in path]
            assert answers[-1] == expected
            # the hand-over: a fresh engine restored from the answer is in the same place
            fresh = Controller()
            reply: dict[str, Any] = {}
            for request in opening.handover():
                reply = fresh.handle(request)
            assert reply["ok"] and reply["view"] == expected["view"], (game, path)
            # every request the book keeps as a stay leaves the engine's game as it was
            for key, part in book["nodes"][node]["stays"].items():
                stayed = engine.handle(request_of(key))
                assert stayed["view"] == expected["view"], (game, path, key)
                kept = book["parts"][part]
                if "error" in kept:
                    assert not stayed["ok"] and stayed["error"] == kept["error"]
                else:
                    assert stayed["ok"] and stayed["message"] == kept["message"]


def test_a_book_against_the_computer_names_its_seats_and_plays_the_same() -> None:
    book = book_of("zebra", "easy")
    assert book["seats"] == ["human", "easy"]
    opening = glue_book.OpeningBook(book, "zebra")
    assert opening.answer({"op": "new", "game": "zebra", "options": {}}) is None
    opening = glue_book.OpeningBook(book, "zebra")
    request = {"op": "new", "game": "zebra", "options": {}, "seats": ["human", "easy"]}
    start = opening.answer(request)
    assert start is not None and start["view"]["seats"] == ["human", "easy"]


def test_the_site_s_default_form_starts_the_book_s_game() -> None:
    """The options the page's form sends by default (the schema's defaults, no seed) are the
    book's: the book answers the page's first request."""
    import pyengine

    for game in GAMES:
        info = pyengine.get_game(game).info()
        asked = {  # an empty seed field is not sent: the engine draws one
            option["name"]: option["default"]
            for option in info["options"]["options"]
            if option["name"] != "seed"
        }
        opening = glue_book.OpeningBook(book_of(game), game)
        request = {"op": "new", "game": game, "options": asked, "seats": book_of(game)["seats"]}
        assert opening.matches(request), (game, asked, book_of(game)["options"])


def test_every_seating_of_the_site_has_a_book() -> None:
    assert sorted(openings.seatings("zebra")) == ["easy", "hard", "medium", "people"]
    assert sorted(openings.seatings("fight-the-virus")) == ["easy", "hard", "medium", "people"]
    assert openings.book_path("zebra", "easy") == glue_book.book_url("zebra", "easy")
