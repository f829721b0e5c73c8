"""Zebra puzzles: "win in N" (N = 1..3) on the default board (4×4, standard setup, step moves).

A Zebra turn is one move, so a puzzle's answer at each solver turn is one move, and the game
ends when the player to move is stuck (zebra.md §4: more towers wins, a tie goes to the last
mover). The repetition rule (§5) reads the game's history, so a puzzle's position is a record
and the search's transposition key (:func:`search_key`) carries the history that can matter.

Candidates come from seeded self-play between the computer levels (:data:`PAIRINGS`): every
turn start of the last :data:`TAIL` plies of a game is tried as a win in 1, 2 and 3 (the least
N that wins), with a node limit per search so one wide position cannot stall the miner.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterator
from typing import Any

import pyengine
from puzzles import ProofError
from puzzles.difficulty import player
from puzzles.format import position
from puzzles.prove import Prover, SearchLimit, reprove, solve
from pyengine.core.game import Result, State
from pyengine.games.zebra.rules import ZebraState

__all__ = [
    "GAME_ID",
    "KINDS",
    "OPTIONS",
    "PAIRINGS",
    "SHARES",
    "find_puzzle",
    "mine_candidates",
    "prove",
    "search_key",
]

GAME_ID = "zebra"
KINDS = ("win",)
OPTIONS: dict[str, Any] = {"size": 4}
"""The default board: 4×4, standard setup, step moves."""
MAX_TURNS = 4
SHARES = {("win", 1): 0.2, ("win", 2): 0.3, ("win", 3): 0.3, ("win", 4): 0.2}
"""The wanted mix of a file."""
DEFAULT_COUNT = 75
TAIL = 14
"""The plies before a self-play game's end whose turn starts are tried as puzzles."""
NODE_LIMIT = 400_000
"""The most nodes one mining search may visit."""
PAIRINGS = (
    ("random", "random"),
    ("easy", "random"),
    ("random", "easy"),
    ("easy", "easy"),
    ("medium", "easy"),
    ("easy", "medium"),
)
"""The self-play games that give the candidates: White's level, Black's level, in turn."""


def search_key(state: State, root_length: int) -> Hashable:
    """The transposition key: the cells, the player to move, and the earlier positions that the
    repetition rule could still meet. A move never refills an emptied cell, so a position can
    only recur while no cell has been emptied since: the earlier positions with as many empty
    cells as now (the run of them just before it) are all the history that can matter. Near the
    move cap the ply count matters too. Other setups (placement fills cells, a neutral centre is
    re-entered) fall back to the position and the path since the root."""
    assert isinstance(state, ZebraState)
    if state.phase != "movement" or state.neutral is not None:
        return (state.position_key(), tuple(map(str, state.history[root_length:])))
    cells = state.cells
    empty = cells.count(0)
    recent = []
    for snapshot in reversed(state._snapshots):
        earlier = snapshot[0]
        if earlier.count(0) != empty:
            break
        recent.append((earlier, snapshot[2]))
    plies = state.movement_plies
    near_cap = plies if plies + 4 * MAX_TURNS >= state.move_cap else -1
    return (cells, state.to_move, frozenset(recent), near_cap)


def goal(result: Result, solver: int) -> bool:
    """The solver wins because the player to move is stuck (not by the move cap)."""
    return tuple(result.winners) == (solver,) and result.ending == "stuck"


def prover(solver: int, node_limit: int | None = None) -> Prover:
    return Prover(solver, search_key, node_limit, goal)


def prove(puzzle: dict[str, Any]) -> list[list[str]]:
    """Re-prove a stored Zebra puzzle (see :func:`puzzles.prove.reprove`)."""
    return reprove(puzzle, position(puzzle, GAME_ID), search_key, KINDS, goal)


def find_puzzle(state: ZebraState, node_limit: int | None = NODE_LIMIT) -> dict[str, Any] | None:
    """The puzzle ``state`` holds for the player to move, if any: the least N (up to
    :data:`MAX_TURNS`) that wins, proven unique; ``None`` otherwise (or when a search meets
    ``node_limit``)."""
    if state.is_terminal():
        return None
    solver = state.current_player()
    if len(state.legal_actions()) < 2:
        return None
    search = prover(solver, node_limit)
    try:
        turns = search.least_turns(state, MAX_TURNS)
        if not turns:
            return None
        line = solve(state, turns, search)
    except (ProofError, SearchLimit):
        return None
    return {
        "kind": "win",
        "turns": turns,
        "options": dict(state.options),
        "record": pyengine.get_game(GAME_ID).write_record(state),
        "solver": solver,
        "solutions": line.solutions(),
    }


def self_play(seed: int, levels: tuple[str, str]) -> list[ZebraState]:
    """Every position of one seeded self-play game on the default board, start to end."""
    state = pyengine.get_game(GAME_ID).new_initial_state(OPTIONS)
    assert isinstance(state, ZebraState)
    players = [player(GAME_ID, level, seed * 2 + seat) for seat, level in enumerate(levels)]
    positions = [state.clone()]
    while not state.is_terminal():
        state.apply(players[state.current_player()].choose(state))
        positions.append(state.clone())
    return positions


def mine_candidates(seed: int) -> Iterator[dict[str, Any]]:
    """Proven puzzles from seeded self-play, endlessly: game ``g`` uses ``PAIRINGS[g % 6]`` and
    a seed drawn from ``random.Random(seed)``; within a game the latest positions come first.
    The same seed gives the same puzzles in the same order (duplicates included)."""
    rng = random.Random(seed)
    for number in itertools.count():
        levels = PAIRINGS[number % len(PAIRINGS)]
        positions = self_play(rng.getrandbits(31), levels)
        for state in reversed(positions[-TAIL - 1 : -1]):
            puzzle = find_puzzle(state)
            if puzzle is not None:
                yield puzzle
