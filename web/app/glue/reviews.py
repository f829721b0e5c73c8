"""The computer's review of a game as the page shows it (pure; ``glue.review_panel`` draws it):
the review document checked (it comes back from storage: untrusted), whether it is still the
game on the page, the move list's marks, the chances chart drawn from the review with its
marks, each player's summary, the moves worth a look, and the seats of a game tried again
from a position.

The engine's document (``pyengine.review.Review.to_json``, ``ReviewDocument`` in
``pyengine/protocol.py``) lists every move of the move list: ``plies`` [start, end] (the
actions before it and after it), ``mark`` (``best``, ``fine``, ``inaccuracy``, ``mistake``,
``blunder``; None for a move not judged), the mover's chance with the engine's move
(``before``) and after the move played (``after``), the engine's move (``best``: text, cells,
chance) and each seat's chances both ways.

>>> review = {"moves": [
...     {"index": 0, "seat": 0, "plies": [0, 1], "mark": "best", "after": 0.5,
...      "chances_after": [0.5, 0.5]},
...     {"index": 1, "seat": 1, "plies": [1, 2], "mark": "blunder", "after": 0.1,
...      "chances_after": [0.9, 0.1]}]}
>>> review_history(review, 3)
[[0.5, 0.5], [0.5, 0.5], [0.9, 0.1]]
>>> chart_marks(review, review_history(review, 3), 300, 90)
[{'index': 1, 'mark': 'blunder', 'seat': 1, 'x': 300.0, 'y': 81.0}]
"""

from glue.navigation import entries

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

REVIEW_FORMAT = "virus-games/review"
REVIEW_VERSION = 1
CLASSES = ("best", "fine", "inaccuracy", "mistake", "blunder")
# The marks worth a look, mildest first, and their symbols in the move list (as chess
# annotators write them).
MARKS = ("inaccuracy", "mistake", "blunder")
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
KINDS = ("move", "forced", "setup", "unfinished")
MAX_MOVES = 5000
MAX_SEATS = 20
MAX_TEXT = 200
MAX_CELLS = 400


# ---- the document, checked ---------------------------------------------------------------


def clean_review(document: "Any", game: str) -> "dict[str, Any] | None":
    """The review of a ``game`` game rebuilt from checked fields, or None when ``document``
    is not one (any field missing, of the wrong type or out of range)."""
    if not isinstance(document, dict):
        return None
    if document.get("format") != REVIEW_FORMAT or document.get("version") != REVIEW_VERSION:
        return None
    if document.get("game") != game or document.get("reviewable") is not True:
        return None
    actions = document.get("actions")
    moves = document.get("moves")
    players = document.get("players")
    if not isinstance(actions, list) or not _strings(actions, MAX_MOVES * 4):
        return None
    if not isinstance(moves, list):
        return None
    if not isinstance(players, list) or len(moves) > MAX_MOVES or len(players) > MAX_SEATS:
        return None
    cleaned = []
    for move in moves:
        entry = _clean_move(move, len(actions))
        if entry is None:
            return None
        cleaned.append(entry)
    summaries = []
    for player in players:
        summary = _clean_player(player)
        if summary is None:
            return None
        summaries.append(summary)
    return {
        "format": REVIEW_FORMAT,
        "version": REVIEW_VERSION,
        "game": game,
        "reviewable": True,
        "actions": list(actions),
        "moves": cleaned,
        "players": summaries,
    }


def _clean_move(move: "Any", plies: int) -> "dict[str, Any] | None":
    if not isinstance(move, dict):
        return None
    index = move.get("index")
    seat = move.get("seat")
    span = move.get("plies")
    text = move.get("text")
    mark = move.get("mark")
    if not _whole(index, MAX_MOVES) or not _whole(seat, MAX_SEATS - 1):
        return None
    if not isinstance(text, str) or len(text) > MAX_TEXT or move.get("kind") not in KINDS:
        return None
    if not isinstance(span, list) or len(span) != 2 or not all(_whole(p, plies) for p in span):
        return None
    if span[0] > span[1] or (mark is not None and mark not in CLASSES):
        return None
    entry: dict[str, Any] = {
        "index": index,
        "seat": seat,
        "text": text,
        "plies": [span[0], span[1]],
        "kind": move["kind"],
        "mark": mark,
    }
    if mark is None:
        return entry
    best = move.get("best")
    if not isinstance(best, dict) or not isinstance(best.get("text"), str):
        return None
    for name in ("before", "after", "drop"):
        if not _chance(move.get(name)):
            return None
        entry[name] = move[name]
    for name in ("chances_before", "chances_after"):
        chances = move.get(name)
        if not isinstance(chances, list) or not 0 < len(chances) <= MAX_SEATS:
            return None
        if not all(_chance(chance) for chance in chances) or move["seat"] >= len(chances):
            return None
        entry[name] = list(chances)
    cells = move.get("cells") or []
    best_cells = best.get("cells") or []
    if not _strings(cells, MAX_CELLS) or not _strings(best_cells, MAX_CELLS):
        return None
    if len(best["text"]) > MAX_TEXT or not _chance(best.get("chance")):
        return None
    entry["cells"] = list(cells)
    entry["best"] = {"text": best["text"], "cells": list(best_cells), "chance": best["chance"]}
    return entry


def _clean_player(player: "Any") -> "dict[str, Any] | None":
    if not isinstance(player, dict) or not _whole(player.get("seat"), MAX_SEATS - 1):
        return None
    counts = player.get("counts")
    accuracy = player.get("accuracy")
    if not isinstance(counts, dict) or not _whole(player.get("judged"), MAX_MOVES):
        return None
    if accuracy is not None and not (_number(accuracy) and 0 <= accuracy <= 100):
        return None
    kept = {}
    for name in CLASSES:
        if not _whole(counts.get(name, 0), MAX_MOVES):
            return None
        kept[name] = counts.get(name, 0)
    return {
        "seat": player["seat"],
        "judged": player["judged"],
        "counts": kept,
        "accuracy": accuracy,
    }


def _number(value: "Any") -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def _chance(value: "Any") -> bool:
    return _number(value) and 0 <= value <= 1


def _whole(value: "Any", most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _strings(value: "Any", most: int) -> bool:
    if not isinstance(value, list) or len(value) > most:
        return False
    return all(isinstance(item, str) and len(item) <= MAX_TEXT for item in value)


def fits(review: "Mapping[str, Any]", view: "Mapping[str, Any]") -> bool:
    """Whether ``review`` is of the game ``view`` shows: as many actions, and the same move
    list (a move played, taken back or replayed since makes it another game)."""
    if len(review.get("actions") or []) != view.get("ply_count"):
        return False
    texts = [entry.get("text") for entry in entries(view.get("moves") or [])]
    return texts == [move["text"] for move in review.get("moves") or []]


# ---- what the page shows ------------------------------------------------------------------


def move_marks(review: "Mapping[str, Any]") -> "dict[int, str]":
    """The marks worth a look by the move list's entry (its place among the list's plies)."""
    return {
        move["index"]: move["mark"]
        for move in review.get("moves") or []
        if move.get("mark") in SYMBOLS
    }


def worth_a_look(review: "Mapping[str, Any]") -> "list[dict[str, Any]]":
    """The moves marked inaccuracy, mistake or blunder, in the order they were played."""
    return [move for move in review.get("moves") or [] if move.get("mark") in SYMBOLS]


def move_at(review: "Mapping[str, Any]", index: int) -> "dict[str, Any] | None":
    """The judged move of entry ``index``, or None."""
    for move in review.get("moves") or []:
        if move["index"] == index and move.get("mark") is not None:
            return move
    return None


def marked_from(review: "Mapping[str, Any]", ply: int) -> "dict[str, Any] | None":
    """The move worth a look that starts from position ``ply`` (its better move is drawn
    there), or None."""
    for move in worth_a_look(review):
        if move["plies"][0] == ply:
            return move
    return None


def review_history(review: "Mapping[str, Any]", positions: int) -> "list[list[float]]":
    """Every seat's chances at each of ``positions`` positions (actions played + 1) as the
    review judged them: after each judged move its chances, at the first judged move's start
    the chances with the engine's move there; positions between keep the last known."""
    known: dict[int, list[float]] = {}
    first = None
    for move in review.get("moves") or []:
        if move.get("mark") is None:
            continue
        start, end = move["plies"]
        if first is None:
            first = start
            known[start] = list(move["chances_before"])
        known[end] = list(move["chances_after"])
    if not known:
        return []
    history: list[list[float]] = []
    current = known[min(known)]
    for ply in range(positions):
        current = known.get(ply, current)
        history.append(list(current))
    return history


def chart_marks(
    review: "Mapping[str, Any]",
    history: "list[list[float]]",
    width: int,
    height: int,
    shown: "Mapping[int, int] | None" = None,
) -> "list[dict[str, Any]]":
    """Where the chart (``history``, drawn ``width`` by ``height`` as views.chart_lines draws
    it) marks each move worth a look: at the position its entry of the move list shows
    (``shown``: entry -> ply, see :func:`shown_plies`; else the position after it), on its
    mover's line."""
    positions = len(history)
    if positions < 2:
        return []
    marks = []
    for move in worth_a_look(review):
        end = move["plies"][1]
        if shown is not None and move["index"] in shown:
            end = shown[move["index"]]
        end = min(end, positions - 1)
        seat = move["seat"]
        chances = history[end]
        chance = chances[seat] if seat < len(chances) else 0
        x = width * end / (positions - 1)
        y = height - chance * height
        marks.append(
            {
                "index": move["index"],
                "mark": move["mark"],
                "seat": seat,
                "x": round(x, 1),
                "y": round(y, 1),
            }
        )
    return marks


def shown_plies(moves: "Sequence[Mapping[str, Any]]") -> "dict[int, int]":
    """The position each entry of a view's move list (``view.moves``) shows, by entry."""
    shown = {}
    for index, entry in enumerate(entries(moves)):
        ply = entry.get("ply")
        if isinstance(ply, int):
            shown[index] = ply
    return shown


def summaries(review: "Mapping[str, Any]") -> "list[dict[str, Any]]":
    """Each seat that had a move judged: ``seat``, ``accuracy`` (whole percent) and the
    counts of inaccuracies, mistakes and blunders."""
    rows = []
    for player in review.get("players") or []:
        if not player.get("judged"):
            continue
        accuracy = player.get("accuracy")
        counts = player.get("counts") or {}
        rows.append(
            {
                "seat": player["seat"],
                "accuracy": None if accuracy is None else int(accuracy + 0.5),
                "counts": [(name, counts.get(name, 0)) for name in MARKS],
            }
        )
    return rows


def percent(chance: float) -> int:
    """A chance (0..1) as a whole percent."""
    return int(chance * 100 + 0.5)


def try_seats(count: int, mover: int, computer: "str | None") -> "list[str]":
    """The seats of a game tried again from a reviewed move: a person in the mover's seat,
    the computer at level ``computer`` in every other (None: people in every seat)."""
    return ["human" if seat == mover or computer is None else computer for seat in range(count)]
