"""A puzzle's difficulty, measured: how often the computer levels find its answer.

:func:`measure` lets each level (random, easy, medium, hard) try the puzzle a few times with
different seeds: the level plays the solver's turns, the opponent's turns come from the main
line, and a try *finds* the puzzle when every solver turn it played ends on the main line's
position for that turn (the first wrong turn ends the try). The levels run on their iteration
budgets with their time limits lifted, so the counts do not depend on the machine's speed.

:func:`rating` fits an Elo-like rating R to the counts: a level rated r_L (:data:`ANCHORS`)
finds the puzzle with probability 1 / (1 + 10^((R - r_L) / 400)); R is the maximum-likelihood
value with half a find and half a miss added at every level (a prior that keeps all-found and
all-missed finite and pulls thin evidence toward the middle), rounded to an integer.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import Any

import pyengine
from pyengine.ai.players import Player, make_player
from pyengine.core.game import Action, State

__all__ = [
    "ANCHORS",
    "DEFAULT_TRIES",
    "find_probability",
    "line_turns",
    "measure",
    "player",
    "rating",
    "try_puzzle",
]

ANCHORS: dict[str, int] = {"random": 600, "easy": 1000, "medium": 1400, "hard": 1800}
"""The rating each computer level stands for."""
DEFAULT_TRIES: dict[str, int] = {"random": 8, "easy": 4, "medium": 3, "hard": 2}
"""Tries per level when the caller gives none."""
_LOW, _HIGH = -2000.0, 5000.0


def find_probability(puzzle_rating: float, level_rating: float) -> float:
    """The chance that a level rated ``level_rating`` finds a puzzle rated ``puzzle_rating``."""
    return 1.0 / (1.0 + 10.0 ** ((puzzle_rating - level_rating) / 400.0))


def rating(tries: Mapping[str, tuple[int, int] | list[int]]) -> int:
    """The maximum-likelihood rating of a puzzle from ``{level: (found, tried)}`` (levels of
    :data:`ANCHORS`; missing levels count as no tries), with the half-find, half-miss prior at
    every level. More finds by any level never raise the rating; with the same number of tries
    at every level and half of them found, the rating is 1200 (the anchors' middle)."""
    counts = {level: tuple(tries.get(level, (0, 0))) for level in ANCHORS}
    for level, (found, tried) in counts.items():
        if not 0 <= found <= tried:
            raise ValueError(f"{level}: found {found} of {tried} tries")
    wanted = sum(found + 0.5 for found, _ in counts.values())

    def expected(value: float) -> float:
        """The finds the model expects at ``value`` (prior included); falls as value rises."""
        return sum(
            (tried + 1) * find_probability(value, ANCHORS[level])
            for level, (_, tried) in counts.items()
        )

    # the log-likelihood is concave in R and its derivative is proportional to
    # expected(R) - wanted, so the maximum is the root; bisection finds it
    low, high = _LOW, _HIGH
    for _ in range(80):
        middle = (low + high) / 2
        if expected(middle) > wanted:
            low = middle
        else:
            high = middle
    return math.floor((low + high) / 2 + 0.5)


def line_turns(state: State, line: list[str]) -> list[tuple[int, list[str]]]:
    """The main line cut into turns: ``[(seat, actions)]``, a turn being a maximal run of
    consecutive actions by one seat (``state`` is not changed)."""
    trial = state.clone()
    turns: list[tuple[int, list[str]]] = []
    for text in line:
        seat = trial.current_player()
        if turns and turns[-1][0] == seat:
            turns[-1][1].append(text)
        else:
            turns.append((seat, [text]))
        trial.apply(text)
    return turns


def player(game_id: str, kind: str, seed: int) -> Player:
    """A computer player of ``kind`` with its search's time limit lifted (the iteration budget
    alone decides, so results repeat on any machine)."""
    made = make_player(game_id, kind, seed=seed)
    search = made.level.search
    if search is not None and search.time_ms is not None and search.iterations is not None:
        made.level = dataclasses.replace(
            made.level, search=dataclasses.replace(search, time_ms=None)
        )
    return made


def try_puzzle(
    start: State, turns: list[tuple[int, list[str]]], solver: int, chooser: Player
) -> bool:
    """One try: ``chooser`` plays the solver's turns from ``start`` (not changed), the main
    line's ``turns`` give the opponent's; True when every solver turn ends where the line's does."""
    state = start.clone()
    for seat, actions in turns:
        if seat != solver:
            for text in actions:
                state.apply(text)
            continue
        expected = state.clone()
        for text in actions:
            expected.apply(text)
        while not state.is_terminal() and state.current_player() == solver:
            action: Action = chooser.choose(state)
            state.apply(action)
        if state.position_key() != expected.position_key():
            return False
        if state.is_terminal():
            return True
    return True


def measure(
    game_id: str,
    puzzle: Mapping[str, Any],
    tries_per_level: Mapping[str, int] | None = None,
    seed: int = 0,
) -> dict[str, list[int]]:
    """``{level: [found, tried]}`` for ``puzzle`` (a dict of the file format: ``record``,
    ``solver``, ``solutions``; the first solution is the main line). Try ``t`` of level number
    ``k`` uses the player seed ``seed * 1000 + k * 100 + t``."""
    counts = dict(DEFAULT_TRIES if tries_per_level is None else tries_per_level)
    start = pyengine.get_game(game_id).read_record(puzzle["record"])
    solver = int(puzzle["solver"])
    turns = line_turns(start, list(puzzle["solutions"][0]))
    result: dict[str, list[int]] = {}
    for number, level in enumerate(ANCHORS):
        tried = counts.get(level, 0)
        if not tried:
            continue
        found = 0
        for attempt in range(tried):
            chooser = player(game_id, level, seed * 1000 + number * 100 + attempt)
            found += try_puzzle(start, turns, solver, chooser)
        result[level] = [found, tried]
    return result
