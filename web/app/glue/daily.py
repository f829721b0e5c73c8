"""The daily puzzle: the same for everyone on a calendar day. Pure (no browser import): the
home page's card (glue.home) and the trainer (glue.trainer) both choose with it.

The choice is a fixed function of the local date ``"YYYY-MM-DD"`` and the shipped puzzle ids
(app/puzzles/index.json): the ids sorted, and the one at ``(days × STEP) mod count``, where
``days`` counts the days from 1970-01-01 to the date. STEP is a prime, so consecutive days
give different puzzles whenever more than one ships (and the count is no multiple of STEP).

>>> daily_id(["zebra-001", "zebra-002", "zebra-003"], "1970-01-02")
'zebra-003'
>>> days_from_civil(2026, 11, 27)
20784
"""

STEP = 7919
INDEX_PATH = "app/puzzles/index.json"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def days_from_civil(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to a date of the proleptic Gregorian calendar."""
    if month <= 2:
        year -= 1
    era = (year if year >= 0 else year - 399) // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def parse_date(text: str) -> "tuple[int, int, int] | None":
    """``"2026-11-27"`` -> (2026, 11, 27); None for anything else."""
    parts = str(text).split("-")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        return None
    year, month, day = int(parts[0]), int(parts[1]), int(parts[2])
    if len(parts[0]) != 4 or not 1 <= month <= 12 or not 1 <= day <= 31:
        return None
    return (year, month, day)


def daily_id(ids: "list[str]", date: str) -> "str | None":
    """The puzzle of the day ``date`` among ``ids`` (None without puzzles or a date)."""
    parsed = parse_date(date)
    if not ids or parsed is None:
        return None
    ordered = sorted(ids)
    return ordered[(days_from_civil(parsed[0], parsed[1], parsed[2]) * STEP) % len(ordered)]


def index_ids(index: "Any") -> "list[str]":
    """The puzzle ids of an index document (app/puzzles/index.json); [] for anything else."""
    entries = index.get("puzzles") if isinstance(index, dict) else None
    if not isinstance(entries, list):
        return []
    return [
        entry["id"]
        for entry in entries
        if isinstance(entry, dict) and isinstance(entry.get("id"), str)
    ]


def puzzle_path(puzzle_id: str) -> str:
    """Where a puzzle's file is, site-relative (``zebra-012`` -> ``app/puzzles/zebra/zebra-012.json``)."""
    return "app/puzzles/" + game_of(puzzle_id) + "/" + puzzle_id + ".json"


def game_of(puzzle_id: str) -> str:
    """A puzzle id's game (``virus-war-003`` -> ``virus-war``)."""
    return puzzle_id.rsplit("-", 1)[0]


def number_of(puzzle_id: str) -> int:
    """A puzzle id's number (``virus-war-003`` -> 3)."""
    tail = puzzle_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0
