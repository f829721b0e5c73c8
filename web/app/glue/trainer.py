"""The puzzle trainer's memory and choices, without the page: the player's puzzle rating, the
streak, the history, which puzzle comes next, and the document this browser keeps
(``virus-games.puzzles``). Pure (no browser import): ``glue.puzzles`` runs the page, and
``tests/glue_scenarios_trainer.py`` checks this under CPython and MicroPython.

The rating is Elo's against the puzzle's own rating (measured by the generator, docs/PUZZLES.md):
a puzzle solved at the first try, without a hint or the answer, is a win; any other attempt
(a wrong try, a hint, the answer shown) a loss. The player starts at START_RATING; the first
PROVISIONAL puzzles move the rating by up to K_NEW points, later ones by up to K.

The stored document::

    {"version": 1, "rating": 1200, "played": 0, "won": 0, "streak": 0, "best": 0,
     "seen": [ids tried], "history": [[id, 1 solved / 0 not], ...]}   # newest first

is checked when read: anything else starts afresh, and the page says so.
"""

import json

from glue.daily import daily_id, game_of

STORAGE_KEY = "virus-games.puzzles"
VERSION = 1
START_RATING = 1200
MIN_RATING, MAX_RATING = 100, 3500
PROVISIONAL = 10
K_NEW, K = 64, 32
HISTORY = 20  # puzzles the history keeps
MAX_SEEN = 5000
SPREAD = 5  # the next puzzle is one of the SPREAD unseen ones nearest the player's rating

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def expected_score(rating: float, puzzle_rating: float) -> float:
    """The chance Elo gives a player rated ``rating`` of solving a puzzle rated ``puzzle_rating``."""
    return 1 / (1 + 10 ** ((puzzle_rating - rating) / 400))


def new_rating(rating: int, puzzle_rating: int, solved: bool, played: int) -> int:
    """The rating after one more puzzle (``played`` before it)."""
    factor = K_NEW if played < PROVISIONAL else K
    score = 1.0 if solved else 0.0
    moved = rating + factor * (score - expected_score(rating, puzzle_rating))
    return max(MIN_RATING, min(MAX_RATING, round(moved)))


def _count(value: "Any") -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _valid_id(value: "Any") -> bool:
    if not isinstance(value, str) or not 0 < len(value) <= 80:
        return False
    return all(char.isdigit() or "a" <= char <= "z" or char == "-" for char in value)


def valid_document(document: "Any") -> bool:
    """Whether a stored document is one this trainer wrote (see the module docs)."""
    if not isinstance(document, dict) or document.get("version") != VERSION:
        return False
    for name in ("rating", "played", "won", "streak", "best"):
        if not _count(document.get(name)):
            return False
    if not MIN_RATING <= document["rating"] <= MAX_RATING:
        return False
    if document["won"] > document["played"] or document["streak"] > document["best"]:
        return False
    seen = document.get("seen")
    if not isinstance(seen, list) or len(seen) > MAX_SEEN or not all(_valid_id(i) for i in seen):
        return False
    history = document.get("history")
    if not isinstance(history, list) or len(history) > HISTORY:
        return False
    for item in history:
        if not isinstance(item, list) or len(item) != 2 or not _valid_id(item[0]):
            return False
        if item[1] not in (0, 1) or isinstance(item[1], bool):
            return False
    return True


class Outcome:
    """What one judged attempt did: ``solved``, the rating before and after, ``change``."""

    def __init__(self, solved: bool, before: int, after: int, streak: int) -> None:
        self.solved = solved
        self.before = before
        self.after = after
        self.change = after - before
        self.streak = streak


class Trainer:
    """The player's puzzle record (see the module docs)."""

    def __init__(self, document: "dict[str, Any] | None" = None) -> None:
        if document is None or not valid_document(document):
            document = {}
        self.rating: int = document.get("rating", START_RATING)
        self.played: int = document.get("played", 0)
        self.won: int = document.get("won", 0)
        self.streak: int = document.get("streak", 0)
        self.best: int = document.get("best", 0)
        self.seen: list[str] = list(document.get("seen", []))
        self.history: list[list[Any]] = [list(item) for item in document.get("history", [])]

    @classmethod
    def from_text(cls, text: "str | None") -> "tuple[Trainer, bool]":
        """The record stored as ``text`` and whether it had to start afresh (a text that is
        there but not a valid document; no text at all is a first visit, not a problem)."""
        if text is None or text == "":
            return cls(), False
        try:
            document = json.loads(text)
        except ValueError:
            return cls(), True
        if not valid_document(document):
            return cls(), True
        return cls(document), False

    def stored(self) -> "dict[str, Any]":
        return {
            "version": VERSION,
            "rating": self.rating,
            "played": self.played,
            "won": self.won,
            "streak": self.streak,
            "best": self.best,
            "seen": list(self.seen),
            "history": [list(item) for item in self.history],
        }

    def to_text(self) -> str:
        return json.dumps(self.stored())

    def judge(self, puzzle_id: str, puzzle_rating: int, solved: bool) -> Outcome:
        """Counts an attempt at a puzzle: the rating moves, the streak goes on or ends, the
        puzzle is seen and heads the history."""
        before = self.rating
        self.rating = new_rating(before, puzzle_rating, solved, self.played)
        self.played += 1
        if solved:
            self.won += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0
        if puzzle_id in self.seen:
            self.seen.remove(puzzle_id)
        self.seen.append(puzzle_id)
        self.seen = self.seen[-MAX_SEEN:]
        self.history = [[puzzle_id, 1 if solved else 0]] + [
            item for item in self.history if item[0] != puzzle_id
        ]
        self.history = self.history[:HISTORY]
        return Outcome(solved, before, self.rating, self.streak)

    def tried(self, puzzle_id: str) -> str:
        """What the history holds of a puzzle: ``solved`` (its first try solved it),
        ``failed`` (not solved at the first try) or ``new`` (not among the last tried)."""
        for item in self.history:
            if item[0] == puzzle_id:
                return "solved" if item[1] else "failed"
        return "new"

    def next_puzzle(
        self,
        entries: "list[dict[str, Any]]",
        game: str = "",
        current: "str | None" = None,
        pick: int = 0,
    ) -> "tuple[dict[str, Any] | None, bool]":
        """The next puzzle among ``entries`` (app/puzzles/index.json's; ``game``: only that
        game's, ``""``: all) and whether every one had been seen: one of the SPREAD unseen
        puzzles nearest the player's rating (``pick``, any number, says which), never
        ``current``. Once every puzzle has been seen they come round again the same way."""
        pool = [
            entry
            for entry in entries
            if (not game or entry.get("game") == game) and entry.get("id") != current
        ]
        seen = set(self.seen)
        fresh = [entry for entry in pool if entry.get("id") not in seen]
        all_seen = not fresh and bool(pool)
        candidates = fresh or pool
        if not candidates:
            return None, False
        candidates.sort(key=lambda entry: (abs(entry.get("rating", 0) - self.rating), entry["id"]))
        nearest = candidates[:SPREAD]
        return nearest[abs(pick) % len(nearest)], all_seen


def expand_svgs(data: "dict[str, Any]", start_svg: str) -> None:
    """Writes back each position's SVG in a puzzle's try-it ``data``, which the build wrote as
    its changes from the SVG before it (web/tools/puzzle_pages.py ``svg_patches``: ``patch``
    is ``[parent node, [[start, end, [part, ...]], ...]]`` over the SVG split at ``<``)."""
    parts: dict[int, list[str]] = {0: start_svg.split("<")}
    for number, node in enumerate(data["nodes"]):
        patch = node.get("patch")
        if patch is None:
            continue
        result = list(parts[patch[0]])
        for change in reversed(patch[1]):
            result[change[0] : change[1]] = change[2]
        parts[number] = result
        node["svg"] = "<".join(result)
        del node["patch"]


def find_entry(entries: "list[dict[str, Any]]", puzzle_id: str) -> "dict[str, Any] | None":
    for entry in entries:
        if entry.get("id") == puzzle_id:
            return entry
    return None


def index_entries(index: "Any") -> "list[dict[str, Any]]":
    """The well-formed entries of app/puzzles/index.json (id, game, rating at least)."""
    entries = index.get("puzzles") if isinstance(index, dict) else None
    if not isinstance(entries, list):
        return []
    return [
        entry
        for entry in entries
        if isinstance(entry, dict)
        and _valid_id(entry.get("id"))
        and entry.get("game") == game_of(entry["id"])
        and isinstance(entry.get("rating"), int)
    ]


def daily_entry(entries: "list[dict[str, Any]]", date: str) -> "dict[str, Any] | None":
    """The day's puzzle (glue.daily) among ``entries``."""
    chosen = daily_id([entry["id"] for entry in entries], date)
    return None if chosen is None else find_entry(entries, chosen)


def parse_fragment(fragment: str) -> "tuple[str, str]":
    """What the address's ``#...`` asks for: ("id", puzzle id), ("daily", ""), or ("", "")."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    if text == "daily":
        return ("daily", "")
    if text.startswith("id="):
        return ("id", text[3:])
    return ("", "")


class Attempt:
    """One puzzle on the board, judged once: the first wrong try, hint or shown answer makes
    it a loss, solving it before any of them a win. Later tries (a retry after "Start
    again") are judged no more."""

    def __init__(self, puzzle_id: str, rating: int) -> None:
        self.puzzle_id = puzzle_id
        self.rating = rating
        self.verdict: bool | None = None  # True solved, False not, None not yet judged
        self.solved = False  # solved on the board (at any try)

    def after(self, kind: str, done: bool) -> "bool | None":
        """The verdict a board's step of ``kind`` gives (glue.tryit ``Step``; ``done``: the
        player has solved the board with it: not when it is the end of the answer shown),
        None when it judges nothing (or nothing new)."""
        if done and kind in ("right", "reply"):
            self.solved = True
        if self.verdict is not None:
            return None
        if kind in ("wrong", "hint", "answer"):
            self.verdict = False
            return False
        if done and kind in ("right", "reply"):
            self.verdict = True
            return True
        return None
