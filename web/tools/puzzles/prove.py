"""The proof of a "win in N" puzzle for a two-player deterministic game, by exhaustive search.

**Turns.** A *turn* is a maximal run of consecutive actions by one player (Zebra: one move;
Virus Fight: an instruction's effect and marker step, or two instructions when a player ends
one round and starts the next). **Win in N**: the solver has a strategy so that, against every
defence, the game ends with the solver the only winner before the solver's (N+1)-th turn starts.

:class:`Prover` decides that by AND-OR search (the solver's actions OR, the opponent's AND) with a
transposition table keyed by ``key(state)``: what decides the game from the state on, history
included where the rules read it (repetition). The default key is the position and the actions
played since the search's root (always sound); a game may give a finer one (Zebra does).

:func:`solve` proves a puzzle and builds its line:

* N is the least number of turns that wins (the position is no win in N - 1);
* at every solver turn on the line the solver has at least two distinct turns (no forced move),
  and exactly one distinct end-of-turn position keeps the win within the remaining turns (every
  other is refuted by full search); the turn's accepted sequences are every action order that
  reaches that position (each checked to keep the win);
* at every opponent turn the line takes the defence that lasts longest (the most solver turns
  still needed), then the one leaving the solver the fewest winning follow-ups, then the first
  in the engine's order; after the solver's last turn, the opponent's turn that ends the game
  (the first in the engine's order) completes the line.

The solutions are every combination of the solver turns' accepted sequences with the line's
defences, the main line (every first sequence) first.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import Any

from puzzles import ProofError
from pyengine.core.game import Action, Result, State

__all__ = [
    "Goal",
    "Key",
    "Line",
    "Prover",
    "SearchLimit",
    "check_solutions",
    "default_key",
    "reprove",
    "sole_winner",
    "solve",
    "turn_ends",
]

Goal = Callable[[Result, int], bool]
"""``goal(result, solver)``: whether a finished game's result is the solver's win."""
Key = Callable[[State, int], Hashable]
"""``key(state, root_length)``: the transposition key of ``state`` (``root_length``: the number
of actions in its history when the search began)."""
_NEVER = 1 << 30


class SearchLimit(Exception):
    """The search met its node limit (mining gives up on such a position)."""


def sole_winner(result: Result, solver: int) -> bool:
    """The default goal: the solver is the only winner, however the game ended."""
    return tuple(result.winners) == (solver,)


def default_key(state: State, root_length: int) -> Hashable:
    """The position and the actions since the root: sound for any game, shares only repeats."""
    return (state.position_key(), tuple(str(action) for action in state.history[root_length:]))


def turn_ends(state: State) -> dict[Hashable, list[list[Action]]]:
    """Every distinct end of the turn of the player to move: ``{position key after the turn:
    [action sequences reaching it]}``, in the engine's order (``state`` is left unchanged). A turn
    ends when another player is to act or the game is over."""
    mover = state.current_player()
    found: dict[Hashable, list[list[Action]]] = {}
    path: list[Action] = []

    def walk() -> None:
        if state.is_terminal() or state.current_player() != mover:
            found.setdefault(state.position_key(), []).append(list(path))
            return
        for action in state.legal_actions():
            state.apply_unchecked(action)
            path.append(action)
            walk()
            path.pop()
            state.undo()

    walk()
    return found


class Prover:
    """Win-in-N questions about positions of one game for one solver seat. ``key``: the
    transposition key (:func:`default_key`); ``goal``: what counts as the solver's win
    (:func:`sole_winner`); ``node_limit``: raise :class:`SearchLimit` after that many visited
    nodes (``None``: no limit)."""

    def __init__(
        self,
        solver: int,
        key: Key | None = None,
        node_limit: int | None = None,
        goal: Goal | None = None,
    ) -> None:
        self.solver = solver
        self.key: Key = key or default_key
        self.goal: Goal = goal or sole_winner
        self.node_limit = node_limit
        self.nodes = 0
        self.root_length = 0
        self.table: dict[Hashable, tuple[int, int]] = {}
        """key -> (most turns known not to win, fewest turns known to win)."""

    def solver_wins(self, state: State) -> bool:
        """Whether ``state`` is over with the solver's win (the goal)."""
        result = state.result()
        return result is not None and self.goal(result, self.solver)

    def wins(self, state: State, turns: int) -> bool:
        """Whether the solver wins before starting more than ``turns`` new turns, from ``state``
        at a turn start (of either player; ``state`` is left unchanged)."""
        self.root_length = len(state.history)
        return self._wins(state, turns, False)

    def least_turns(self, state: State, most: int) -> int | None:
        """The fewest solver turns (0 .. ``most``) that win from ``state`` (a turn start), or
        ``None`` if none up to ``most`` does."""
        for turns in range(most + 1):
            if self.wins(state, turns):
                return turns
        return None

    def _wins(self, state: State, turns: int, continuing: bool) -> bool:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit(f"more than {self.node_limit} nodes")
        player = state.current_player()
        if player < 0:
            return self.solver_wins(state)
        solving = player == self.solver
        if solving and not continuing:
            if turns == 0:
                return False
            turns -= 1
        key = self.key(state, self.root_length)  # after the turn count: any solver node alike
        known = self.table.get(key)
        if known is not None:
            if turns <= known[0]:
                return False
            if turns >= known[1]:
                return True
        # the solver needs one winning action, the defence none that escapes
        outcome = not solving
        for action in state.legal_actions():
            state.apply_unchecked(action)
            try:
                outcome = self._wins(state, turns, solving)
            finally:
                state.undo()
            if outcome == solving:
                break
        low, high = known if known is not None else (-1, _NEVER)
        self.table[key] = (low, min(high, turns)) if outcome else (max(low, turns), high)
        return outcome

    def winning_ends(
        self, state: State, ends: dict[Hashable, list[list[Action]]], turns: int, stop: int = 0
    ) -> list[Hashable]:
        """The ends of the solver's turn (from :func:`turn_ends` of ``state``) after which the
        solver wins within ``turns`` more turns; ``stop`` > 0: stop once that many are found."""
        found: list[Hashable] = []
        for end, sequences in ends.items():
            trial = state.clone()
            for action in sequences[0]:
                trial.apply_unchecked(action)
            if self.wins(trial, turns):
                found.append(end)
                if stop and len(found) >= stop:
                    break
        return found


class Line:
    """A proven puzzle: its turns and accepted sequences."""

    def __init__(self, turns: int, parts: list[tuple[int, list[list[str]]]]) -> None:
        self.turns = turns
        self.parts = parts
        """``[(seat, sequences)]`` per turn of the line: the solver's accepted sequences (main
        first), or the opponent's single defence."""

    def solutions(self) -> list[list[str]]:
        """Every accepted whole line, the main line first."""
        choices = [sequences for _, sequences in self.parts]
        return [list(itertools.chain.from_iterable(combo)) for combo in itertools.product(*choices)]

    def main(self) -> list[str]:
        return self.solutions()[0]


def _texts(sequence: list[Action]) -> list[str]:
    return [str(action) for action in sequence]


def _after(state: State, sequence: list[Action]) -> State:
    trial = state.clone()
    for action in sequence:
        trial.apply_unchecked(action)
    return trial


def solve(state: State, turns: int, prover: Prover) -> Line:
    """Prove that ``state`` (the solver to move at a turn start) is a unique win in exactly
    ``turns`` turns; the proven line, or :class:`ProofError` saying why it is not a puzzle."""
    if state.is_terminal():
        raise ProofError("the game is over")
    if state.current_player() != prover.solver:
        raise ProofError("the solver is not to move")
    if turns > 1 and prover.wins(state, turns - 1):
        raise ProofError(f"the solver already wins in {turns - 1} turns")
    if not prover.wins(state, turns):
        raise ProofError(f"the solver has no win in {turns} turns")
    parts: list[tuple[int, list[list[str]]]] = []
    left = turns
    current = state.clone()
    while True:
        ends = turn_ends(current)
        if len(ends) < 2:
            raise ProofError(f"solver turn {turns - left + 1} is forced (one possible turn)")
        winning = prover.winning_ends(current, ends, left - 1, stop=2)
        if len(winning) != 1:
            raise ProofError(
                f"solver turn {turns - left + 1}: {len(winning)} turns keep the win "
                f"within {left} turns (need exactly 1)"
            )
        sequences = ends[winning[0]]
        for sequence in sequences[1:]:  # the same position by another order: same verdict
            if not prover.wins(_after(current, sequence), left - 1):
                raise ProofError("two orders of the answer reach the position with other verdicts")
        parts.append((prover.solver, [_texts(sequence) for sequence in sequences]))
        current = _after(current, sequences[0])
        left -= 1
        if current.is_terminal():
            if left:
                raise ProofError("the line ends before its last solver turn")
            break
        defences = turn_ends(current)
        if left == 0:  # every defence loses at once: the first ends the line
            parts.append((current.current_player(), [_texts(next(iter(defences.values()))[0])]))
            current = _after(current, next(iter(defences.values()))[0])
            if not prover.solver_wins(current):
                raise ProofError("the opponent's last turn does not end the game")
            break
        chosen: tuple[int, int, int] | None = None
        chosen_sequence: list[Action] = []
        for order, sequences in enumerate(defences.values()):
            after = _after(current, sequences[0])
            needed = prover.least_turns(after, left)
            if needed is None:
                raise ProofError("a defence escapes the proven win")
            if needed < left or after.is_terminal():
                follow_ups = 0
            else:
                follow_ups = len(prover.winning_ends(after, turn_ends(after), left - 1, stop=2))
            rank = (needed, -follow_ups, -order)
            if chosen is None or rank > chosen:
                chosen = rank
                chosen_sequence = sequences[0]
        assert chosen is not None
        if chosen[0] < left:
            raise ProofError(f"every defence loses in fewer than {left} more turns")
        parts.append((current.current_player(), [_texts(chosen_sequence)]))
        current = _after(current, chosen_sequence)
    return Line(turns, parts)


def check_solutions(state: State, prover: Prover, solutions: list[list[str]]) -> None:
    """Replay every solution from ``state``: each action legal, the game over at the end with
    the solver's win (``prover``'s goal); :class:`ProofError` otherwise."""
    for number, line in enumerate(solutions):
        trial = state.clone()
        for text in line:
            try:
                trial.apply(text)
            except Exception as error:  # noqa: BLE001 (the engine's reason goes in the message)
                raise ProofError(f"solution {number + 1}: {text!r} is illegal ({error})") from None
        if not prover.solver_wins(trial):
            raise ProofError(f"solution {number + 1} does not end in the solver's win")


def reprove(
    puzzle: dict[str, Any],
    state: State,
    key: Key | None = None,
    kinds: tuple[str, ...] = ("win",),
    goal: Goal | None = None,
) -> list[list[str]]:
    """Re-prove a stored "win" puzzle at ``state`` (its position): the proof's solutions must be
    exactly the stored ones, main line first, and each must replay to the solver's win. Returns
    them; :class:`ProofError` naming the puzzle otherwise."""
    name = puzzle.get("id", "?")
    try:
        if puzzle["kind"] not in kinds:
            raise ProofError(f"unknown kind {puzzle['kind']!r}")
        prover = Prover(int(puzzle["solver"]), key, goal=goal)
        found = solve(state, int(puzzle["turns"]), prover).solutions()
        if found != puzzle["solutions"]:
            raise ProofError(f"the proven solutions are {found}, not {puzzle['solutions']}")
        check_solutions(state, prover, found)
    except ProofError as error:
        raise ProofError(f"{name}: {error}") from None
    return found
