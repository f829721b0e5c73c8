"""Fight the Virus solo: the table of best scores, the pure part of best_scores.py (rules §4.3:
top 10 by turns, fewer is better, a tie keeps the older entry; each entry has name, turns, seed,
date and the spec version).

Stored in ``localStorage`` under :data:`STORAGE_KEY` as a JSON list of entries
``{name, turns, seed, date, version}`` (``date`` as JavaScript's ``toISOString`` writes it).

>>> entries, rank = insert_score([], new_entry("Ana", 12, "7", 0))
>>> rank, entries[0]["date"]
(1, '1970-01-01T00:00:00.000Z')
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STORAGE_KEY = "virus-games.ftv.best"
# Each challenge's best scores (glue.challenge); a game whose seed is there is that challenge.
CHALLENGES_KEY = "virus-games.ftv.challenges"
MAX_CHALLENGE_SEED = 2**31 - 1  # a challenge link's seeds: 0 to this
SPEC_VERSION = "1"
MAX_ENTRIES = 10


def whole_number(value: "Any") -> "int | None":
    """``value`` as an int when it is a whole number (JSON may give 3.0), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return None
    return int(value) if value == int(value) else None


def is_entry(entry: "Any") -> bool:
    if not isinstance(entry, dict):
        return False
    turns = whole_number(entry.get("turns"))
    return (
        turns is not None
        and turns > 0
        and isinstance(entry.get("name"), str)
        and isinstance(entry.get("seed"), str)
        and isinstance(entry.get("date"), str)
    )


def entries_from_text(text: "str | None") -> "list[dict[str, Any]]":
    """The valid entries of the stored JSON ``text`` (None: nothing stored), at most
    MAX_ENTRIES; raises ValueError when the text is not JSON."""
    entries = json.loads(text) if text else []
    if not isinstance(entries, list):
        return []
    kept = []
    for entry in entries:
        if is_entry(entry):
            kept.append(dict(entry, turns=whole_number(entry["turns"])))
    return kept[:MAX_ENTRIES]


def entries_to_text(entries: "list[dict[str, Any]]") -> str:
    return json.dumps(entries, separators=(",", ":"))


def insert_score(
    entries: "list[dict[str, Any]]", entry: "dict[str, Any]"
) -> "tuple[list[dict[str, Any]], int | None]":
    """The table with ``entry`` added: sorted by turns, the new entry after every entry with
    as few turns (a tie keeps the older one first), cut to MAX_ENTRIES. Returns (entries,
    rank): rank 1-based, None when the entry did not make the table."""
    index = len(entries)
    for position, other in enumerate(entries):
        if other["turns"] > entry["turns"]:
            index = position
            break
    table = entries[:index] + [entry] + entries[index:]
    return table[:MAX_ENTRIES], (index + 1 if index < MAX_ENTRIES else None)


def iso_date(epoch_ms: int) -> str:
    """``new Date(epoch_ms).toISOString()``: ``2026-04-06T09:05:02.123Z`` (UTC)."""
    days, rest = divmod(epoch_ms, 86_400_000)
    # days since 1970-01-01 -> civil date (Howard Hinnant's algorithm)
    shifted = days + 719_468
    era = shifted // 146_097
    day_of_era = shifted - era * 146_097
    year_of_era = (
        day_of_era - day_of_era // 1460 + day_of_era // 36524 - day_of_era // 146096
    ) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    month_index = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * month_index + 2) // 5 + 1
    month = month_index + 3 if month_index < 10 else month_index - 9
    year = year_of_era + era * 400 + (1 if month <= 2 else 0)
    seconds, milliseconds = divmod(rest, 1000)
    minutes, second = divmod(seconds, 60)
    hour, minute = divmod(minutes, 60)
    clock = f"{hour:02d}:{minute:02d}:{second:02d}.{milliseconds:03d}"
    return f"{year:04d}-{month:02d}-{day:02d}T{clock}Z"


def new_entry(name: "Any", turns: int, seed: "Any", now_ms: int) -> "dict[str, Any]":
    """The entry of a finished solo game."""
    return {
        "name": str(name),
        "turns": turns,
        "seed": str(seed),
        "date": iso_date(now_ms),
        "version": SPEC_VERSION,
    }


def same_entry(entry: "dict[str, Any]", latest: "dict[str, Any] | None") -> bool:
    """Whether ``entry`` (read back from storage) is the one recorded last (drawn as new)."""
    return latest is not None and all(
        entry.get(field) == latest.get(field) for field in ("date", "seed", "turns")
    )
