"""The lesson tracks' progress, the pure part: which steps of each game's track are done,
which step a visit opens on, what "next" means, and the stored document
(localStorage ``virus-games.lessons``), read back as untrusted input: anything that is not a
valid document, or a part of it that is not, counts as no progress.

The document: ``{"games": {"<game>": {"done": ["<step id>", ...], "complete": true}}}``.

>>> doc = mark_done(read_progress(None), "zebra", "move")
>>> done_steps(doc, "zebra"), is_complete(doc, "zebra")
(['move'], False)
>>> first_open(["move", "win", "play"], ["move"])
1
>>> statuses(["move", "win", "play"], ["move"], 2)
['done', 'todo', 'current']
>>> read_progress("{not json") == read_progress(None)
True
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STORAGE_KEY = "virus-games.lessons"
MAX_STEPS = 40  # per game, what a stored document may list (the tracks have at most 10)
MAX_NAME = 60  # the longest game or step name kept


def _name(value: "Any") -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME


def empty() -> "dict[str, Any]":
    return {"games": {}}


def read_progress(text: "Any") -> "dict[str, Any]":
    """The document stored as ``text`` (None: nothing stored), keeping only what is valid."""
    if not isinstance(text, str) or not text:
        return empty()
    try:
        found = json.loads(text)
    except (ValueError, TypeError):
        return empty()
    games = found.get("games") if isinstance(found, dict) else None
    progress = empty()
    if not isinstance(games, dict):
        return progress
    for game in games:
        entry = games[game]
        if not _name(game) or not isinstance(entry, dict):
            continue
        done: list[str] = []
        listed = entry.get("done")
        if isinstance(listed, list):
            for step in listed:
                if _name(step) and step not in done and len(done) < MAX_STEPS:
                    done.append(step)
        kept: dict[str, Any] = {"done": done}
        if entry.get("complete") is True:
            kept["complete"] = True
        progress["games"][game] = kept
    return progress


def write_progress(progress: "dict[str, Any]") -> str:
    return json.dumps(progress)


def _entry(progress: "dict[str, Any]", game: str) -> "dict[str, Any]":
    games = progress.get("games")
    entry = games.get(game) if isinstance(games, dict) else None
    return entry if isinstance(entry, dict) else {"done": []}


def done_steps(progress: "dict[str, Any]", game: str) -> "list[str]":
    return list(_entry(progress, game).get("done") or [])


def is_complete(progress: "dict[str, Any]", game: str) -> bool:
    return _entry(progress, game).get("complete") is True


def _copy(progress: "dict[str, Any]") -> "dict[str, Any]":
    return read_progress(write_progress(progress))


def mark_done(progress: "dict[str, Any]", game: str, step: str) -> "dict[str, Any]":
    """A copy of ``progress`` with ``step`` of ``game``'s track done."""
    updated = _copy(progress)
    entry = _entry(updated, game)
    if step not in entry["done"] and _name(step) and len(entry["done"]) < MAX_STEPS:
        entry["done"].append(step)
    updated["games"][game] = entry
    return updated


def mark_complete(progress: "dict[str, Any]", game: str, last: str) -> "dict[str, Any]":
    """A copy of ``progress`` with the track finished: its last step done, the track complete."""
    updated = mark_done(progress, game, last)
    updated["games"][game]["complete"] = True
    return updated


def first_open(steps: "list[str]", done: "list[str]") -> int:
    """Where a visit opens: the first step not done yet, else the last step."""
    for index, step in enumerate(steps):
        if step not in done:
            return index
    return max(len(steps) - 1, 0)


def next_step(steps: "list[str]", current: int) -> "int | None":
    """The step after ``current``, None after the last."""
    return current + 1 if 0 <= current < len(steps) - 1 else None


def statuses(steps: "list[str]", done: "list[str]", current: int) -> "list[str]":
    """Each step's place in the step list: ``current`` (shown now), ``done`` or ``todo``."""
    found = []
    for index, step in enumerate(steps):
        if index == current:
            found.append("current")
        elif step in done:
            found.append("done")
        else:
            found.append("todo")
    return found


def done_count(steps: "list[str]", done: "list[str]") -> int:
    """How many of this track's steps are done (ids of steps no longer in it do not count)."""
    return len([step for step in steps if step in done])
