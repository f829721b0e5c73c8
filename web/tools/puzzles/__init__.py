"""The puzzle generator: engine-proven puzzles for every game (docs/PUZZLES.md).

Imported as ``puzzles`` with ``web/tools`` on ``sys.path``. Modules:

* :mod:`puzzles.format` - the file format of ``web/puzzles/<game>.json``: load, validate, write,
  and a puzzle's position;
* :mod:`puzzles.prove` - the generic proof for two-player deterministic games (win in N turns by
  exhaustive AND-OR search, uniqueness of every solver turn on the line);
* :mod:`puzzles.difficulty` - the measured difficulty (the computer levels try the puzzle) and
  the rating fitted to it;
* :mod:`puzzles.mine` - the generator: candidates from a game's miner, de-duplicated, measured,
  sorted by rating, written;
* one module per game (:data:`GAMES`), each with the interface below.

**A game's module** (``puzzles.<module>``) has

* ``GAME_ID`` (the engine's game id) and ``KINDS`` (the puzzle kinds it makes);
* ``prove(puzzle) -> list[list[str]]``: re-proves a stored puzzle (a dict of the file format)
  and returns its accepted sequences, main line first, exactly as the file must list them;
  raises :class:`ProofError` naming the puzzle when the proof fails;
* ``mine_candidates(seed) -> Iterator[dict]``: proven puzzles from seeded self-play, endlessly
  (keys ``kind``, ``turns``, ``options``, ``record``, ``solver``, ``solutions``); the same seed
  gives the same sequence, duplicates included (the generator removes them);
* optionally ``SHARES``: ``{(kind, turns): share}``, the wanted mix of a file (shares of the
  count; the generator fills what it can and tops up with what comes);
* optionally ``DEFAULT_COUNT``, the number of puzzles a file holds by default;
* optionally ``player_turns(state, line) -> int``: the solver's turns on ``line`` (the main
  line, from ``state``) as the game's rules and its players count them, where they are not
  the runs of consecutive actions the proof counts (Virus Fight: one instruction a turn).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

__all__ = ["GAMES", "ProofError", "game_module", "player_turns", "reprove_stored"]

GAMES: dict[str, str] = {
    "zebra": "puzzles.zebra",
    "virus-fight": "puzzles.virus_fight",
    "virus-war": "puzzles.virus_war",
    "fight-the-virus": "puzzles.fight_the_virus",
}
"""Game id -> the module that mines and proves its puzzles."""


class ProofError(ValueError):
    """A position is not a puzzle of the asked kind, or a stored puzzle's answer is wrong."""


def game_module(game_id: str) -> ModuleType:
    """The puzzle module of ``game_id`` (:data:`GAMES`); ``KeyError`` for an unknown game."""
    return importlib.import_module(GAMES[game_id])


def reprove_stored(
    puzzle: dict[str, Any],
    state: Any,
    prove_state: Callable[[Any, str, int], list[list[str]]],
) -> list[list[str]]:
    """Re-proves a stored puzzle whose position is ``state`` with the game's
    ``prove_state(state, kind, turns)`` (its accepted sequences, main line first): the solver
    must be to act, the main line and the set of sequences must be the stored ones. Returns
    them; raises :class:`ProofError` naming the puzzle otherwise."""
    name = puzzle.get("id", "?")
    if state.current_player() != puzzle["solver"]:
        raise ProofError(f"{name}: the solver {puzzle['solver']} is not to act")
    try:
        found = prove_state(state, puzzle["kind"], puzzle["turns"])
    except ProofError as error:
        raise ProofError(f"{name}: {error}") from None
    if found[0] != puzzle["solutions"][0]:
        raise ProofError(f"{name}: the main line is {found[0]}, not {puzzle['solutions'][0]}")
    if sorted(found) != sorted(puzzle["solutions"]):
        raise ProofError(f"{name}: the solutions are not every accepted order of the answer")
    return found


def player_turns(puzzle: dict[str, Any], game: str | None = None) -> int:
    """The solver's turns on a puzzle's main line as the player counts them (the text of the
    puzzle says it): the game module's ``player_turns``, else the runs of consecutive solver
    actions on the line (a proof's turns). ``game``: by default the one the id names."""
    from puzzles.format import position, puzzle_game

    game = game or puzzle_game(puzzle)
    state = position(puzzle, game)
    line = puzzle["solutions"][0]
    counted = getattr(game_module(game), "player_turns", None)
    if counted is not None:
        return int(counted(state, line))
    solver = int(puzzle["solver"])
    runs = 0
    previous = None
    for text in line:
        mover = state.current_player()
        if mover == solver and previous != solver:
            runs += 1
        previous = mover
        state.apply(text)
    return runs
