"""Virus Fight puzzles, two players on the default board (5×5): "win" (eliminate the opponent)
in 1 turn, and "survive" (the only turn after which the opponent cannot force your
elimination in their next turn).

A player is eliminated only during their own turn (virus-fight.md §6.7), when their marker can
neither step nor jump: so "win in 1" is a turn of the solver after which every turn the
opponent can play strands their marker. A turn is
the instruction's effect and marker step (or the jump), two instructions when the solver ends
a round and starts the next (§5.3); the answer is the turn's end position, reached by one or
more orders. Only an elimination counts as the solver's win (a game stopped by repetition,
quiet rounds or the cap and scored by §7.4 does not).

Why "survive" too: a win with a unique answer is rare in Virus Fight, because most turns have
many equivalent variants (a MOVE to several cells, a jump to any piece of an empty block) and a
forced elimination usually allows several of them. Defending is where a single turn matters:
when the opponent threatens to strand your marker, typically one turn keeps it alive. The proof
("survive", one turn): the solver has no win in 1, at least two distinct turns, and exactly one
end-of-turn position after which the opponent has no win in 1 (every other is refuted by the
opponent's full search); the solutions are every order reaching it.

The repetition rule (§7.3) reads the game's history, so a puzzle's position is a record and
the search's transposition key (:func:`search_key`) carries the counts of the positions met.
Candidates come from seeded self-play (:data:`PAIRINGS`): the last :data:`TAIL` turn starts of
each game, and every position one turn off them (the other player to move), are tried as a win
in 1, then a survive, each search with a node limit. Wins in 2 are not mined: the searches are
large (four turns of up to dozens of choices each, at about a millisecond an action) and, in
the samples tried, never proved unique within the node limit.
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
from puzzles.prove import Prover, SearchLimit, reprove, solve, turn_ends
from pyengine.core.game import Result, State
from pyengine.games.virus_fight.rules import VirusFightState

__all__ = [
    "GAME_ID",
    "KINDS",
    "OPTIONS",
    "PAIRINGS",
    "SHARES",
    "find_puzzle",
    "goal",
    "mine_candidates",
    "player_turns",
    "prove",
    "search_key",
    "survive_line",
]

GAME_ID = "virus-fight"
KINDS = ("win", "survive")
OPTIONS: dict[str, Any] = {"players": 2}
"""Two players on the default board (5×5, seed 0)."""
SHARES = {("win", 1): 0.3, ("survive", 1): 0.7}
"""The wanted mix of a file."""
DEFAULT_COUNT = 75
TAIL = 6
"""The turn starts before a self-play game's end that are tried as puzzles."""
NODE_LIMIT = 800
"""The most nodes one mining search may visit (a unique answer is mostly found in a small tree;
wide positions are skipped)."""
PER_START = 2
"""The most puzzles taken from one turn start and the positions one turn off it, each with
another answer (siblings often share one)."""
MAX_CHILDREN = 60
"""Turn starts with more distinct turns than this are tried themselves, not their children."""
PAIRINGS = (("easy", "easy"), ("easy", "random"), ("random", "easy"))
"""The self-play games that give the candidates: seat 1's level, seat 2's level, in turn."""


def player_turns(state: State, line: list[str]) -> int:
    """The solver's turns on ``line`` as the rules count them: one instruction each (§6.1), so
    a proof's turn that ends one round and starts the next is two."""
    assert isinstance(state, VirusFightState)
    solver = state.current_player()
    trial = state.clone()
    before = len(trial.turns)
    for text in line:
        trial.apply(text)
    return sum(1 for entry in trial.turns[before:] if entry.seat == solver)


def search_key(state: State, root_length: int) -> Hashable:
    """The transposition key: every rule-relevant field of the position and the counts of the
    turn-start keys met so far (the repetition rule ends the game at a third occurrence)."""
    assert isinstance(state, VirusFightState)
    return (state.position_key(), frozenset(state._key_counts.items()))


def goal(result: Result, solver: int) -> bool:
    """The solver wins by eliminating the opponent."""
    return tuple(result.winners) == (solver,) and result.ending == "elimination"


def prover(solver: int, node_limit: int | None = None) -> Prover:
    return Prover(solver, search_key, node_limit, goal)


def prove(puzzle: dict[str, Any]) -> list[list[str]]:
    """Re-prove a stored Virus Fight puzzle (a win: :func:`puzzles.prove.reprove`; a survive:
    :func:`survive_line`); returns its solutions, :class:`ProofError` naming it otherwise."""
    state = position(puzzle, GAME_ID)
    if puzzle["kind"] != "survive":
        return reprove(puzzle, state, search_key, ("win",), goal)
    name = puzzle.get("id", "?")
    try:
        if puzzle["turns"] != 1 or state.current_player() != puzzle["solver"]:
            raise ProofError("a survive puzzle is one turn of the player to act")
        found = survive_line(state)
        if found != puzzle["solutions"]:
            raise ProofError(f"the proven solutions are {found}, not {puzzle['solutions']}")
    except ProofError as error:
        raise ProofError(f"{name}: {error}") from None
    return found


def survive_line(state: State, node_limit: int | None = None) -> list[list[str]]:
    """Prove that the player to act in ``state`` has exactly one turn that survives (see the
    module docs); the accepted sequences (every order of that turn), or :class:`ProofError`."""
    solver = state.current_player()
    if prover(solver, node_limit).wins(state, 1):
        raise ProofError("the solver wins in 1 turn")
    ends = turn_ends(state)
    if len(ends) < 2:
        raise ProofError("the turn is forced (one possible turn)")
    threat = prover(1 - solver, node_limit)
    surviving = []
    for sequences in ends.values():
        after = state.clone()
        for action in sequences[0]:
            after.apply_unchecked(action)
        result = after.result()
        if result is not None:
            alive = not result.winners or solver in result.winners
        else:
            alive = not threat.wins(after, 1)
        if alive:
            surviving.append(sequences)
            if len(surviving) > 1:
                raise ProofError("two or more turns survive")
    if not surviving:
        raise ProofError("no turn survives")
    (sequences,) = surviving
    for sequence in sequences[1:]:
        after = state.clone()
        for action in sequence:
            after.apply_unchecked(action)
        if not after.is_terminal() and threat.wins(after, 1):
            raise ProofError("two orders of the answer reach the position with other verdicts")
    return [[str(action) for action in sequence] for sequence in sequences]


def find_puzzle(
    state: VirusFightState, node_limit: int | None = NODE_LIMIT
) -> dict[str, Any] | None:
    """The puzzle ``state`` (a turn start in play) holds for the player to act, if any: a win
    in 1, else a survive, proven unique; ``None`` otherwise (or when a search meets
    ``node_limit``)."""
    if state.phase != "play" or state.decision == "stop-vote":
        return None
    solver = state.current_player()
    kind, turns = "win", 1
    try:
        search = prover(solver, node_limit)
        if search.wins(state, 1):
            solutions = solve(state, 1, search).solutions()
        else:
            solutions = survive_line(state, node_limit)
            kind = "survive"
    except (ProofError, SearchLimit):
        return None
    return {
        "kind": kind,
        "turns": turns,
        "options": dict(state.options),
        "record": pyengine.get_game(GAME_ID).write_record(state),
        "solver": solver,
        "solutions": solutions,
    }


def self_play(seed: int, levels: tuple[str, str]) -> list[VirusFightState]:
    """The turn starts of one seeded self-play game on the default board, in order (a turn
    start: the first action of a run of one seat's actions, after the setup)."""
    state = pyengine.get_game(GAME_ID).new_initial_state(OPTIONS)
    assert isinstance(state, VirusFightState)
    players = [player(GAME_ID, level, seed * 2 + seat) for seat, level in enumerate(levels)]
    starts: list[VirusFightState] = []
    previous = -1
    while not state.is_terminal():
        seat = state.current_player()
        if state.phase == "play" and seat != previous:
            starts.append(state.clone())
        previous = seat if state.phase == "play" else -1
        state.apply(players[seat].choose(state))
    return starts


def mine_candidates(seed: int) -> Iterator[dict[str, Any]]:
    """Proven puzzles from seeded self-play, endlessly: game ``g`` uses ``PAIRINGS[g % 3]`` and
    a seed drawn from ``random.Random(seed)``; within a game the latest turn starts come first,
    each followed by the positions one turn off it (at most :data:`PER_START` puzzles, with
    different answers, from each). The same seed gives the same puzzles in the
    same order (duplicates included)."""
    rng = random.Random(seed)
    for number in itertools.count():
        levels = PAIRINGS[number % len(PAIRINGS)]
        starts = self_play(rng.getrandbits(31), levels)
        for state in reversed(starts[-TAIL:]):
            candidates = [state]
            ends = turn_ends(state)
            for sequences in ends.values() if len(ends) <= MAX_CHILDREN else ():
                after = state.clone()
                for action in sequences[0]:
                    after.apply_unchecked(action)
                if not after.is_terminal():
                    assert isinstance(after, VirusFightState)
                    candidates.append(after)
            answers: set[tuple[str, ...]] = set()
            for candidate in candidates:
                puzzle = find_puzzle(candidate)
                if puzzle is not None and tuple(puzzle["solutions"][0]) not in answers:
                    answers.add(tuple(puzzle["solutions"][0]))
                    yield puzzle
                    if len(answers) >= PER_START:
                        break
