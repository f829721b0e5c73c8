"""Scenarios for the opening book's logic (web/app/glue/book.py), in the Python both MicroPython
and CPython run (tests/test_glue.py runs them under both). The book here is a small one written
by hand in the build's format; tests/test_openings.py plays the real books against the engine."""

from glue import book

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def view(svg: int, saved: int, selection: int, ply: int) -> "dict[str, Any]":
    return {"svg": svg, "saved": saved, "selection": selection, "ply_count": ply}


def small_book() -> "dict[str, Any]":
    """Two seeds; from the start, c2 selects (node 1), then d2 plays (node 2); a3 makes
    nothing, "play pass" is refused."""
    parts = [
        "<svg>start</svg>",  # 0
        "<svg>c2 selected</svg>",  # 1
        "<svg>c2-d2</svg>",  # 2
        {"actions": []},  # 3: saved at the start
        {"actions": ["c2-d2"]},  # 4
        [],  # 5: no selection
        ["c2"],  # 6
        0,  # 7
        1,  # 8
        None,  # 9: no message
        {"message": {"key": "zebra.explain.empty", "params": {"cell": "a3"}, "level": "error"}},
        {"error": {"code": "virus-war.pass-mid-turn", "message": "no", "params": {}}},  # 11
        {"actions": ["e5-d4"]},  # 12: the other seed's start
    ]
    return {
        "format": "virus-games/opening",
        "version": 1,
        "game": "zebra",
        "seats": ["human", "human"],
        "options": {"size": 4, "setup": "standard"},
        "starts": [{"seed": 11, "node": 0}, {"seed": 12, "node": 3}],
        "parts": parts,
        "nodes": [
            {
                "reply": {"ok": True, "view": view(0, 3, 5, 7), "message": 9},
                "next": {"click c2": 1},
                "stays": {"click a3": 10, "play pass": 11},
            },
            {
                "reply": {"ok": True, "view": view(1, 3, 6, 7), "message": 9},
                "next": {"click d2": 2, "click c2": 0},
                "stays": {},
            },
            {
                "reply": {"ok": True, "view": view(2, 4, 5, 8), "message": 9},
                "next": {},
                "stays": {},
            },
            {
                "reply": {"ok": True, "view": view(0, 12, 5, 7), "message": 9},
                "next": {},
                "stays": {},
            },
        ],
    }


def new(options=None, seats=None, flipped=None):
    request: dict[str, Any] = {"op": "new", "game": "zebra", "options": options or {}}
    if seats is not None:
        request["seats"] = seats
    if flipped is not None:
        request["flipped"] = flipped
    return request


def scenario_a_book_starts_only_the_games_it_holds():
    opening = book.OpeningBook(small_book(), "zebra")
    assert opening.matches(new())
    assert opening.matches(new({"size": 4}, ["human", "human"], False))
    assert opening.matches(new({"size": 4, "seed": ""}))  # an empty seed: drawn by chance
    assert not opening.matches(new({"size": 5}))
    assert not opening.matches(new({"size": 4, "seed": 11}))  # a seed asked for: the engine
    assert not opening.matches(new({"colour": "red"}))  # an option the book does not know
    assert not opening.matches(new(seats=["human", "easy"]))
    assert not opening.matches(new(flipped=True))
    other = new()
    other["game"] = "virus-war"
    assert not opening.matches(other)


def scenario_a_book_answers_the_first_move_then_is_left():
    opening = book.OpeningBook(small_book(), "zebra")
    assert opening.answer({"op": "click", "cell": "c2"}) is None  # no game yet
    assert opening.left
    opening = book.OpeningBook(small_book(), "zebra")
    start = opening.answer(new(), 0.1)
    assert start is not None and start["view"]["svg"] == "<svg>start</svg>"
    assert start["view"]["selection"] == [] and start["message"] is None
    selected = opening.answer({"op": "click", "cell": "c2"})
    assert selected is not None and selected["view"]["selection"] == ["c2"]
    played = opening.answer({"op": "click", "cell": "d2"})
    assert played is not None and played["view"]["ply_count"] == 1
    assert played["view"]["saved"] == {"actions": ["c2-d2"]}
    assert opening.answered == 3 and not opening.left
    assert opening.answer({"op": "click", "cell": "b1"}) is None  # beyond the book
    assert opening.left
    assert opening.answer({"op": "click", "cell": "c2"}) is None  # left for good


def scenario_a_book_says_what_the_engine_says_of_a_refused_request():
    opening = book.OpeningBook(small_book(), "zebra")
    opening.answer(new(), 0.0)
    explained = opening.answer({"op": "click", "cell": "a3"})
    assert explained is not None and explained["ok"]
    assert explained["message"]["key"] == "zebra.explain.empty"
    assert explained["view"]["svg"] == "<svg>start</svg>"
    refused = opening.answer({"op": "play", "action": "pass"})
    assert refused is not None and not refused["ok"]
    assert refused["error"]["code"] == "virus-war.pass-mid-turn"
    assert refused["view"]["ply_count"] == 0
    assert opening.answer({"op": "undo"}) is None and opening.left


def scenario_a_seeded_book_picks_its_start_by_chance():
    opening = book.OpeningBook(small_book(), "zebra")
    first = opening.answer(new(), 0.2)
    assert first is not None and first["view"]["saved"] == {"actions": []}
    opening = book.OpeningBook(small_book(), "zebra")
    second = opening.answer(new(), 0.99)
    assert second is not None and second["view"]["saved"] == {"actions": ["e5-d4"]}


def scenario_the_hand_over_restores_the_game_and_its_selection():
    opening = book.OpeningBook(small_book(), "zebra")
    assert opening.handover() == []  # no game answered: nothing to hand over
    opening.answer(new(), 0.0)
    opening.answer({"op": "click", "cell": "c2"})
    assert opening.handover(True) == [
        {"op": "restore", "game": "zebra", "match": {"actions": []}, "flipped": True},
        {"op": "click", "cell": "c2"},
    ]
    opening.answer({"op": "click", "cell": "d2"})
    assert opening.handover() == [
        {"op": "restore", "game": "zebra", "match": {"actions": ["c2-d2"]}, "flipped": False}
    ]


def scenario_a_book_of_another_kind_is_refused():
    for data, game in (
        ({"format": "something"}, "zebra"),
        ([], "zebra"),
        (small_book(), "virus-war"),
    ):
        try:
            book.OpeningBook(data, game)
        except book.BookError:
            pass
        else:
            raise AssertionError(data)
    later = small_book()
    later["version"] = 2
    try:
        book.OpeningBook(later, "zebra")
    except book.BookError:
        pass
    else:
        raise AssertionError("version 2")


def scenario_each_seating_has_its_book():
    assert book.seating_name(None, 0) == "people"
    assert book.seating_name(["human", "human"], 2) == "people"
    assert book.seating_name(["human", "easy"], 2) == "easy"
    assert book.seating_name(["human", "hard", "hard"], 3) == "hard"
    assert book.seating_name(["human", "hard", "easy"], 3) is None
    assert book.seating_name(["easy", "human"], 2) is None  # the computer first: the engine
    assert book.seating_name(["human"], 2) is None
    assert book.book_url("zebra", "easy") == "app/openings/zebra/easy.json"
