"""The puzzle file format, ``web/puzzles/<game>.json`` (docs/PUZZLES.md):

```
{"format": "virus-games/puzzles", "version": 1, "game": "zebra",
 "generator": {"command": "...", "seed": 1, "seconds": 812.5},
 "puzzles": [{"id": "zebra-001", "kind": "win", "turns": 2, "player_turns": 2,
              "options": {...}, "record": "...", "solver": 0, "solutions": [["c2-d2", "b1-b2", "d2-d3"]],
              "rating": 1420, "tries": {"random": [3, 8], "easy": [2, 4], ...}}]}
```

:func:`load` / :func:`loads` read and validate a file (:class:`PuzzleFormatError` names the
puzzle and the field); :func:`dumps` / :func:`write` write one (stable key order, one puzzle a
line); :func:`position` replays a puzzle's record into the engine's State.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pyengine
from pyengine.core.game import State

__all__ = [
    "FORMAT",
    "LEVELS",
    "PUZZLE_KEYS",
    "VERSION",
    "PuzzleFormatError",
    "document",
    "dumps",
    "load",
    "loads",
    "position",
    "puzzle_game",
    "validate",
    "validate_puzzle",
    "write",
]

FORMAT = "virus-games/puzzles"
VERSION = 1
TOP_KEYS = ("format", "version", "game", "generator", "puzzles")
GENERATOR_KEYS = ("command", "seed", "seconds")
PUZZLE_KEYS = (
    "id",
    "kind",
    "turns",
    "player_turns",
    "options",
    "record",
    "solver",
    "solutions",
    "rating",
    "tries",
)
"""A puzzle's keys, in the order the file lists them."""
LEVELS = ("random", "easy", "medium", "hard")
"""The computer levels whose tries a puzzle records, weakest first."""
_KIND = re.compile(r"^[a-z][a-z0-9-]*$")
_GAME = re.compile(r"^[a-z][a-z-]*$")


class PuzzleFormatError(ValueError):
    """A puzzle file breaks the format; the message names the puzzle (or the file) and the
    field."""


def _fail(where: str, field: str, problem: str) -> PuzzleFormatError:
    return PuzzleFormatError(f"{where}: {field!r} {problem}")


def _is_int(value: object) -> bool:
    return type(value) is int


def puzzle_game(puzzle: dict[str, Any]) -> str:
    """The game id a puzzle's id names (``virus-fight-007`` -> ``virus-fight``)."""
    return str(puzzle["id"]).rsplit("-", 1)[0]


def validate_puzzle(puzzle: object, game: str, index: int) -> None:
    """Check one puzzle's fields (not its proof); ``index`` is its place in the file (0-based),
    which its id must carry."""
    where = f"{game} puzzle {index + 1}"
    if not isinstance(puzzle, dict):
        raise PuzzleFormatError(f"{where}: a puzzle must be a JSON object")
    if isinstance(puzzle.get("id"), str):
        where = str(puzzle["id"])
    for key in PUZZLE_KEYS:
        if key not in puzzle:
            raise _fail(where, key, "is missing")
    for key in puzzle:
        if key not in PUZZLE_KEYS:
            raise _fail(where, key, "is not a puzzle field")
    expected = f"{game}-{index + 1:03d}"
    if puzzle["id"] != expected:
        raise _fail(where, "id", f"must be {expected!r} (the game and the place in the file)")
    if not isinstance(puzzle["kind"], str) or not _KIND.match(puzzle["kind"]):
        raise _fail(where, "kind", "must be a lower-case word")
    if not _is_int(puzzle["turns"]) or puzzle["turns"] < 1:
        raise _fail(where, "turns", "must be a positive integer")
    if not _is_int(puzzle["player_turns"]) or puzzle["player_turns"] < puzzle["turns"]:
        raise _fail(where, "player_turns", "must be an integer, at least 'turns'")
    if not isinstance(puzzle["options"], dict):
        raise _fail(where, "options", "must be a JSON object")
    if not isinstance(puzzle["record"], str) or not puzzle["record"].strip():
        raise _fail(where, "record", "must be a non-empty string")
    if not _is_int(puzzle["solver"]) or puzzle["solver"] < 0:
        raise _fail(where, "solver", "must be a seat (an integer from 0)")
    solutions = puzzle["solutions"]
    if not isinstance(solutions, list) or not solutions:
        raise _fail(where, "solutions", "must be a non-empty list of action lists")
    seen: set[tuple[str, ...]] = set()
    for number, line in enumerate(solutions):
        if (
            not isinstance(line, list)
            or not line
            or not all(isinstance(text, str) and text for text in line)
        ):
            raise _fail(where, f"solutions[{number}]", "must be a non-empty list of actions")
        if tuple(line) in seen:
            raise _fail(where, f"solutions[{number}]", "repeats an earlier solution")
        seen.add(tuple(line))
    if not _is_int(puzzle["rating"]):
        raise _fail(where, "rating", "must be an integer")
    tries = puzzle["tries"]
    if not isinstance(tries, dict):
        raise _fail(where, "tries", "must be a JSON object of levels")
    for level, pair in tries.items():
        if level not in LEVELS:
            raise _fail(where, f"tries.{level}", f"is not a level ({', '.join(LEVELS)})")
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(_is_int(number) for number in pair)
            or not 0 <= pair[0] <= pair[1]
        ):
            raise _fail(where, f"tries.{level}", "must be [found, tries] with 0 <= found <= tries")


def validate(document: object, game: str | None = None) -> dict[str, Any]:
    """Check a whole file's document (``game``: the game it must be for); returns it."""
    where = "puzzle file" if game is None else f"puzzle file of {game}"
    if not isinstance(document, dict):
        raise PuzzleFormatError(f"{where}: the document must be a JSON object")
    for key in TOP_KEYS:
        if key not in document:
            raise _fail(where, key, "is missing")
    for key in document:
        if key not in TOP_KEYS:
            raise _fail(where, key, "is not a field of a puzzle file")
    if document["format"] != FORMAT:
        raise _fail(where, "format", f"must be {FORMAT!r}")
    if document["version"] != VERSION or not _is_int(document["version"]):
        raise _fail(where, "version", f"must be {VERSION}")
    name = document["game"]
    if not isinstance(name, str) or not _GAME.match(name):
        raise _fail(where, "game", "must be a game id")
    if game is not None and name != game:
        raise _fail(where, "game", f"must be {game!r}")
    generator = document["generator"]
    if not isinstance(generator, dict):
        raise _fail(where, "generator", "must be a JSON object")
    for key in GENERATOR_KEYS:
        if key not in generator:
            raise _fail(where, f"generator.{key}", "is missing")
    if not isinstance(generator["command"], str) or not generator["command"]:
        raise _fail(where, "generator.command", "must be the command that makes the file")
    if not _is_int(generator["seed"]):
        raise _fail(where, "generator.seed", "must be an integer")
    seconds = generator["seconds"]
    if type(seconds) not in (int, float) or seconds < 0:
        raise _fail(where, "generator.seconds", "must be a non-negative number")
    puzzles = document["puzzles"]
    if not isinstance(puzzles, list):
        raise _fail(where, "puzzles", "must be a list")
    for index, puzzle in enumerate(puzzles):
        validate_puzzle(puzzle, name, index)
    return document


def loads(text: str, game: str | None = None, *, name: str = "puzzle file") -> dict[str, Any]:
    """Read and validate a file's text."""
    try:
        document = json.loads(text)
    except ValueError as error:
        raise PuzzleFormatError(f"{name}: not JSON ({error})") from None
    return validate(document, game)


def load(path: str | Path, game: str | None = None) -> dict[str, Any]:
    """Read and validate ``path``; errors name the file."""
    path = Path(path)
    try:
        return loads(path.read_text(encoding="utf-8"), game, name=path.name)
    except PuzzleFormatError as error:
        raise PuzzleFormatError(f"{path.name}: {error}") from None


def document(
    game: str, puzzles: list[dict[str, Any]], *, command: str, seed: int, seconds: float
) -> dict[str, Any]:
    """A file's document (keys in the file's order)."""
    ordered = [{key: puzzle[key] for key in PUZZLE_KEYS} for puzzle in puzzles]
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "generator": {"command": command, "seed": seed, "seconds": round(float(seconds), 1)},
        "puzzles": ordered,
    }


def dumps(document: dict[str, Any]) -> str:
    """The file's text: the header fields one a line, then one puzzle a line (keys in the
    format's order, so diffs show one changed puzzle as one changed line)."""
    validate(document)
    head = [
        f"{json.dumps(key)}: {json.dumps(document[key], ensure_ascii=False)}"
        for key in TOP_KEYS
        if key != "puzzles"
    ]
    lines = ["{" + ",\n ".join(head) + ","]
    puzzles = document["puzzles"]
    if not puzzles:
        lines.append(' "puzzles": []}')
    else:
        lines.append(' "puzzles": [')
        for number, puzzle in enumerate(puzzles):
            ordered = {key: puzzle[key] for key in PUZZLE_KEYS}
            comma = "," if number < len(puzzles) - 1 else ""
            lines.append("  " + json.dumps(ordered, ensure_ascii=False) + comma)
        lines.append(" ]}")
    return "\n".join(lines) + "\n"


def write(path: str | Path, document: dict[str, Any]) -> None:
    """Write a validated document to ``path``."""
    Path(path).write_text(dumps(document), encoding="utf-8")


def position(puzzle: dict[str, Any], game: str | None = None) -> State:
    """The puzzle's position: its record replayed by the engine (``game``: the game id; by
    default the one the puzzle's id names)."""
    engine = pyengine.get_game(game or puzzle_game(puzzle))
    return engine.read_record(puzzle["record"])
