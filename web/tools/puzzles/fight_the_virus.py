"""Fight the Virus puzzles: "research" — the only way to use these dice that crosses the next
research square this turn — and "win", the same when that square is ``R12`` (crossing it wins
the game).

The dice are chance, but once they are rolled the active player's part (fight-the-virus.md §3.4:
one die in the analysis, the other in research, testing or the curve, the AP raises of §2.3, the
bonuses of §2.7, in any order, or a pass) is a finite tree of decisions. The proof walks that tree
exhaustively through the State contract (``legal_actions``, ``clone``, ``apply``), with a
transposition table on ``position_key``, and collects the distinct *end-of-part sheets* of the
solver that have crossed the next research square. The position is a puzzle when there is
exactly one; its accepted sequences are every decision order that ends the part on that sheet.

Passing is always allowed, so a part that crosses the square and could still do anything else
(a shape with the other die, a bonus) has at least two such sheets: the puzzles are the parts
where the crossing must come last and everything before it is forced, typically the one shape
that covers the spikes whose APs pay for the raise the square needs.

Branches that cannot cross the square any more are cut: when the next use can no longer go to
research, or when no unused die can be raised to the square with the APs active now plus the
most the rest of the part could earn (five spikes from a shape, four from a pending bonus
shape).

The puzzle's position is the game's record up to the roll (and the keep of a double): the dice
are on the table and the active player's part begins; ``solver`` is the active seat and
``turns`` is 1. Default options (two players): the active part is the same in every mode, and a
two-player game gives twice the positions per game of solo.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterator
from typing import Any

import pyengine
from puzzles import ProofError, format, reprove_stored
from pyengine.core.game import Action
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import RESEARCH_SQUARES

__all__ = [
    "GAME_ID",
    "KINDS",
    "ProofError",
    "find_puzzle",
    "kind_of",
    "mine_candidates",
    "position",
    "prove",
    "prove_state",
]

GAME_ID = "fight-the-virus"
KINDS = ("research", "win")
SHARES = {("research", 1): 0.65, ("win", 1): 0.35}
"""The wanted mix of a file (crossing ``R12`` is the commonest unique crossing by far)."""
OPTIONS: dict[str, Any] = {"mode": "standard", "players": 2}
DEFAULT_COUNT = 80
_MANY = 2  # goal sheets counted up to this: two already refute uniqueness
_SHAPE_SPIKES = 5  # the most spikes one shape can cover (a P-pentomino, five cells)
_BONUS_SPIKES = 4  # the most a bonus shape (wild, at most four cells) can cover


class _Part:
    """The exhaustive walk of one part of ``seat`` from a position, for the goal "cross research
    square ``goal``"."""

    def __init__(self, state: FightTheVirusState) -> None:
        part = state.part()
        if part is None or part.role != "active" or part.bonus or part.uses != 2:
            raise ProofError("the position is not the start of an active player's part")
        self.seat = part.seat
        self.turn = state.turn
        square = state.sheet(self.seat).next_square
        if square is None:
            raise ProofError("the solver has crossed every research square")
        self.goal = square
        self.memo: dict[Hashable, frozenset[Hashable]] = {}

    def over(self, state: FightTheVirusState) -> bool:
        return state.part_seat != self.seat or state.turn != self.turn

    def reached(self, state: FightTheVirusState) -> bool:
        return state.sheet(self.seat).research >= self.goal

    def hopeless(self, state: FightTheVirusState) -> bool:
        """Whether no continuation of the part can cross the goal square (a sound cut)."""
        part = state.part()
        assert part is not None
        if "R" not in part.areas:
            return True
        sheet = state.sheet(self.seat)
        earnable = sheet.active
        if "A" in part.areas and part.uses >= 2:
            earnable += _SHAPE_SPIKES
        if part.bonus == "S":
            earnable += _BONUS_SPIKES
        dice = state.dice
        assert dice is not None
        return not any(
            dice[index] <= self.goal and (self.goal - dice[index] + 1) // 2 <= earnable
            for index in part.dice
        )

    def goal_sheets(self, state: FightTheVirusState) -> frozenset[Hashable]:
        """The distinct end-of-part sheets (their keys) that cross the goal, reachable from
        ``state``, at most :data:`_MANY` of them."""
        if self.over(state):
            if self.reached(state):
                return frozenset([state.sheet(self.seat).key()])
            return frozenset()
        key = state.position_key()
        known = self.memo.get(key)
        if known is not None:
            return known
        found: set[Hashable] = set()
        if self.reached(state) or not self.hopeless(state):
            for action in state.legal_actions():
                after = state.clone()
                after.apply(action)
                found |= self.goal_sheets(after)
                if len(found) >= _MANY:
                    break
        result = frozenset(found)
        self.memo[key] = result
        return result

    def orders(self, state: FightTheVirusState, target: Hashable) -> list[list[str]]:
        """Every decision sequence from ``state`` that ends the part on the sheet ``target``
        (uses the table :meth:`goal_sheets` filled)."""
        if self.over(state):
            return [[]] if state.sheet(self.seat).key() == target else []
        if target not in self.goal_sheets(state):
            return []
        found: list[list[str]] = []
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            found.extend([str(action), *rest] for rest in self.orders(after, target))
        return found


def _main_first(orders: list[list[str]]) -> list[list[str]]:
    """The sequences with the main line first: the shortest, then the first in text order."""
    return sorted(orders, key=lambda order: (len(order), order))


def prove_state(
    state: FightTheVirusState, kind: str = "research", turns: int = 1
) -> list[list[str]]:
    """Prove that ``state`` (an active part's start) is a "research" puzzle (or "win" when
    the next square is ``R12``): exactly one distinct end-of-part sheet crosses the next
    research square. Returns the accepted sequences, the main line first; raises
    :class:`ProofError` saying why not."""
    if kind not in KINDS or turns != 1:
        raise ProofError(f"no Fight the Virus puzzle kind {kind!r} in {turns} turns")
    walk = _Part(state)
    if kind != kind_of(walk.goal):
        raise ProofError(f"crossing R{walk.goal} is a {kind_of(walk.goal)!r} puzzle, not {kind!r}")
    if len(state.legal_actions()) < 2:
        raise ProofError("the solver has a single legal decision")
    sheets = walk.goal_sheets(state)
    if len(sheets) != 1:
        raise ProofError(
            f"{'no' if not sheets else 'several'} end-of-part sheets cross R{walk.goal}"
            " (need exactly 1)"
        )
    (target,) = sheets
    return _main_first(walk.orders(state, target))


def kind_of(square: int) -> str:
    """The puzzle kind whose goal is crossing research square ``square``."""
    return "win" if square == RESEARCH_SQUARES else "research"


def position(puzzle: dict[str, Any]) -> FightTheVirusState:
    """The puzzle's position (its record replayed)."""
    state = format.position(puzzle, GAME_ID)
    assert isinstance(state, FightTheVirusState)
    return state


def prove(puzzle: dict[str, Any]) -> list[list[str]]:
    """Re-prove a stored puzzle: its position is a unique puzzle of its kind and its
    ``solutions`` are exactly the accepted sequences (main line first). Returns them; raises
    :class:`ProofError` naming the puzzle otherwise."""
    return reprove_stored(puzzle, position(puzzle), prove_state)


def is_part_start(state: FightTheVirusState) -> bool:
    """Whether an active player's part begins: the dice are final and nothing is used yet."""
    part = state.part()
    return (
        part is not None
        and part.role == "active"
        and part.uses == 2
        and not part.bonus
        and not state.is_terminal()
    )


def find_puzzle(state: FightTheVirusState) -> dict[str, Any] | None:
    """The "research" or "win" puzzle ``state`` holds, if any:
    ``{"kind", "turns", "options", "record", "solver", "solutions"}``."""
    if not is_part_start(state):
        return None
    square = state.sheet(state.current_player()).next_square
    if square is None:
        return None
    kind = kind_of(square)
    try:
        solutions = prove_state(state, kind)
    except ProofError:
        return None
    return {
        "kind": kind,
        "turns": 1,
        "options": dict(state.options),
        "record": pyengine.get_game(GAME_ID).write_record(state),
        "solver": state.current_player(),
        "solutions": solutions,
    }


# -- mining ----------------------------------------------------------------------------------

PAIRINGS = (("medium", "easy"), ("easy", "greedy"), ("greedy", "medium"), ("easy", "easy"))
"""The self-play games that give the candidate positions: the levels of seats P1 and P2."""


def self_play(seed: int, levels: tuple[str, str]) -> Iterator[FightTheVirusState]:
    """The active parts' starts of one seeded two-player self-play game (dice seeded by
    ``seed``, players by ``seed`` too)."""
    from pyengine.ai.players import make_player

    game = pyengine.get_game(GAME_ID)
    state = game.new_initial_state({**OPTIONS, "seed": seed})
    assert isinstance(state, FightTheVirusState)
    players = [
        make_player(GAME_ID, level, seed=seed * 2 + seat) for seat, level in enumerate(levels)
    ]
    while not state.is_terminal():
        if is_part_start(state):
            yield state.clone()
        action: Action = players[state.current_player()].choose(state)
        state.apply(action)


def mine_candidates(seed: int) -> Iterator[dict[str, Any]]:
    """Proven puzzles from seeded self-play, endlessly: game ``g`` uses the pairing
    ``PAIRINGS[g % 4]`` and a seed drawn from ``random.Random(seed)``; a game gives at most one
    puzzle per seat and research square (the levels often leave a crossing for later, and the
    next turns would repeat it with other dice). The same seed gives the same puzzles in the
    same order (duplicates included: the caller removes them)."""
    rng = random.Random(seed)
    for game_number in itertools.count():
        levels = PAIRINGS[game_number % len(PAIRINGS)]
        goals: set[tuple[int, int | None]] = set()
        for state in self_play(rng.getrandbits(31), levels):
            seat = state.current_player()
            goal = (seat, state.sheet(seat).next_square)
            if goal in goals:
                continue
            puzzle = find_puzzle(state)
            if puzzle is not None:
                goals.add(goal)
                yield puzzle
