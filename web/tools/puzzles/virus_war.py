"""Virus War puzzles: "win" (eliminate the opponent this turn, or in two turns) and "survive"
(the only turn after which the opponent cannot eliminate you).

A Virus War turn is up to M steps (virus-war.md §5), and by the lemma of §5 the position after
it depends only on the *set* of cells stepped on. So the proofs here enumerate step sets (on the
engine's bitboards, :mod:`pyengine.games.virus_war.bitboard`), never orderings, and a puzzle's
answer is one set: its solutions are every legal order of that set (checked step by step by the
engine, since reach depends on the earlier steps).

* **win, 1 turn**: exactly one distinct set of steps eliminates the opponent this turn.
* **win, 2 turns**: the solver cannot eliminate at once, and exactly one distinct turn (a step set
  or the pass) leaves the opponent lost: every reply (every distinct step set, and the pass) lets
  the solver eliminate on the next turn. The main line's defence is the reply after which the
  solver has the fewest eliminating sets (then the first in the engine's order), and against it
  the solver's eliminating set must be unique.
* **survive**: the solver cannot eliminate at once, and exactly one turn (a step set or the pass)
  leaves the opponent without an eliminating turn; after every other one the opponent has one.
* At every solver turn of the line the solver has at least two distinct turns besides the pass
  (no forced moves).

Elimination needs one kill per live enemy symbol, at most three steps a turn: an opponent with
more than three live symbols at the start of the solver's turn cannot be eliminated that turn,
which prunes almost every branch at once.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pyengine
from puzzles import ProofError, format, reprove_stored
from pyengine.games.virus_war.bitboard import (
    Board,
    Geometry,
    after_steps,
    cells_of,
    distinct_turns,
    is_eliminated,
    step_mask,
    turn_length,
)
from pyengine.games.virus_war.rules import VirusWarState

__all__ = [
    "GAME_ID",
    "KINDS",
    "ProofError",
    "Situation",
    "eliminating_sets",
    "find_puzzle",
    "mine_candidates",
    "prove",
    "prove_state",
]

GAME_ID = "virus-war"
KINDS = ("win", "survive")
OPTIONS: dict[str, Any] = {"size": 10, "variant": "standard"}
SHARES = {("win", 1): 0.45, ("win", 2): 0.25, ("survive", 1): 0.3}
"""The wanted mix of a file (the generator tops up with what comes)."""
DEFAULT_COUNT = 80
PASS_TURN = -1
"""The pass, where a turn is named by its set of stepped cells (a set is never negative)."""


class Situation:
    """A turn start as the proofs need it: the board, the player to move, whether the previous
    turn was a pass (a pass now would end the game in a draw, standard variant)."""

    __slots__ = ("board", "geometry", "passed", "player")

    def __init__(self, geometry: Geometry, board: Board, player: int, passed: bool) -> None:
        self.geometry = geometry
        self.board = board
        self.player = player
        self.passed = passed

    @classmethod
    def of(cls, state: VirusWarState) -> Situation:
        if state.turn_steps:
            raise ProofError("the position is in the middle of a turn")
        return cls(state.geometry, state.board, state.current_player(), state.passes == 1)

    def length(self) -> int:
        """M: the steps of a full turn from here (0: the player must pass)."""
        return turn_length(self.geometry, self.board, self.player, 0)

    def turns(self) -> dict[int, tuple[int, ...]]:
        """Every distinct turn: ``{set of stepped cells: one legal order}``, the pass as
        :data:`PASS_TURN` (with the empty order)."""
        found = dict(distinct_turns(self.geometry, self.board, self.player, self.length()))
        found[PASS_TURN] = ()
        return found

    def has_choice(self) -> bool:
        """Whether the player has at least two distinct turns besides the pass (no forced
        puzzles). With more first steps than M, two different M-sets of them are turns (by
        the lemma each stays legal all turn)."""
        length = self.length()
        if step_mask(self.geometry, self.board, self.player).bit_count() > length:
            return True
        return len(distinct_turns(self.geometry, self.board, self.player, length)) >= 2

    def after(self, stepped: int) -> Situation | None:
        """The opponent's turn start after the turn ``stepped`` (``None``: the game is over, by
        elimination or by a double pass)."""
        if stepped == PASS_TURN:
            if self.passed:
                return None
            return Situation(self.geometry, self.board, 1 - self.player, True)
        board = after_steps(self.board, self.player, stepped)
        if is_eliminated(board, 1 - self.player):
            return None
        return Situation(self.geometry, board, 1 - self.player, False)


def eliminating_sets(situation: Situation, stop: int = 0) -> dict[int, tuple[int, ...]]:
    """Every distinct set of steps with which the player to move eliminates the opponent this
    turn, ``{set: one legal order}`` (the last step of the order is the last kill). ``stop``
    > 0 returns as soon as that many are found."""
    geometry, board, player = situation.geometry, situation.board, situation.player
    enemy = 1 - player
    limit = turn_length(geometry, board, player, 0)
    found: dict[int, tuple[int, ...]] = {}
    if board[enemy].bit_count() > limit:
        return found
    level: dict[int, tuple[int, ...]] = {0: ()}
    for depth in range(limit):
        left = limit - depth
        following: dict[int, tuple[int, ...]] = {}
        for stepped, order in level.items():
            current = after_steps(board, player, stepped)
            if current[enemy].bit_count() > left:
                continue
            for index in cells_of(step_mask(geometry, current, player)):
                grown = stepped | (1 << index)
                if grown in found or grown in following:
                    continue
                if is_eliminated(after_steps(current, player, 1 << index), enemy):
                    found[grown] = (*order, index)
                    if stop and len(found) >= stop:
                        return found
                elif depth + 1 < limit:
                    following[grown] = (*order, index)
        level = following
        if not level:
            break
    return found


def _cannot_be_eliminated(situation: Situation) -> bool:
    """A quick sufficient test: the player *not* to move has more live symbols than the mover's
    turn has steps."""
    victim = situation.board[1 - situation.player].bit_count()
    return victim > 3 or victim > situation.length()


def _certainly_escapes(situation: Situation) -> bool:
    """A quick sufficient test that the player to move survives the next enemy turn: it can
    place enough new live symbols this turn (placements on empty cells it reaches now stay
    legal all turn, by the lemma) to have more than three."""
    geometry, board, player = situation.geometry, situation.board, situation.player
    mask = step_mask(geometry, board, player)
    empties = (mask & ~board[1 - player]).bit_count()
    return board[player].bit_count() + min(empties, 3) > 3


def survivors(situation: Situation, stop: int = 0) -> list[int]:
    """The solver's turns (step sets, :data:`PASS_TURN`) after which the opponent has no
    eliminating turn; ``stop`` > 0 returns once that many are found."""
    found: list[int] = []
    for stepped in situation.turns():
        after = situation.after(stepped)
        if after is None or _cannot_be_eliminated(after) or not eliminating_sets(after, 1):
            found.append(stepped)
            if stop and len(found) >= stop:
                break
    return found


def _forced_win(after: Situation | None) -> list[tuple[int, int]] | None:
    """With the opponent to move in ``after``: ``None`` if some reply escapes (or the game is
    over without the solver's win), else ``[(reply, eliminating sets after it)]`` for every
    reply."""
    if after is None:
        return None  # a double pass (an elimination by the solver is a win in one turn)
    if _certainly_escapes(after):
        return None
    outcomes: list[tuple[int, int]] = []
    for reply in after.turns():
        back = after.after(reply)
        if back is None:  # the reply eliminates the solver, or a double pass draws
            return None
        wins = len(eliminating_sets(back, 2))
        if not wins:
            return None
        outcomes.append((reply, wins))
    return outcomes


def forcing_turns(situation: Situation, stop: int = 0) -> dict[int, list[tuple[int, int]]]:
    """The solver's turns that win in two turns against every defence (see :func:`_forced_win`);
    ``stop`` > 0 returns once that many are found."""
    found: dict[int, list[tuple[int, int]]] = {}
    victims = situation.board[1 - situation.player].bit_count()
    if victims > 6:  # at most 3 kills now and 3 next turn
        return found
    for stepped in situation.turns():
        outcomes = _forced_win(situation.after(stepped))
        if outcomes is not None:
            found[stepped] = outcomes
            if stop and len(found) >= stop:
                break
    return found


# -- puzzles ---------------------------------------------------------------------------------


def _texts(geometry: Geometry, order: tuple[int, ...]) -> list[str]:
    if not order:
        return ["pass"]
    return [str(geometry.steps[index]) for index in order]


def _orders(state: VirusWarState, stepped: int) -> list[list[str]]:
    """Every legal order of the turn ``stepped`` from ``state`` (each step checked by the
    engine; the turn must be over after the last), as texts, in the order of the engine's
    action lists (by file, then rank)."""
    geometry = state.geometry
    if stepped == PASS_TURN:
        return [["pass"]]
    player = state.current_player()
    found: list[list[str]] = []
    cells = sorted(cells_of(stepped), key=geometry.sort_keys.__getitem__)
    for order in itertools.permutations(cells):
        trial = state.playout_copy()
        legal = True
        for index in order:
            if trial.current_player() != player or not trial.legal_step_mask() >> index & 1:
                legal = False
                break
            trial.step_index(index)
        if legal and (trial.is_terminal() or trial.current_player() != player):
            found.append(_texts(geometry, order))
    return found


def _line_orders(state: VirusWarState, turns: list[int]) -> list[list[str]]:
    """Every accepted action sequence of a line of turns (solver and opponent alternate, the
    solver's come first and last): the solver's turns in every legal order, the opponent's in
    one order (the first legal one), so that every solution plays the same defence."""
    if not turns:
        return [[]]
    found: list[list[str]] = []
    orders = _orders(state, turns[0])
    for order in orders[:1] if len(turns) % 2 == 0 else orders:
        after = state.clone()
        for text in order:
            after.apply(text)
        for rest in _line_orders(after, turns[1:]):
            found.append(order + rest)
    return found


def prove_state(state: VirusWarState, kind: str, turns: int) -> list[list[str]]:
    """Prove that ``state`` (a turn start) is a puzzle of ``kind`` in ``turns`` solver turns
    with a unique answer; returns the accepted sequences, the main line first. Raises
    :class:`ProofError` saying why it is not."""
    if state.is_terminal():
        raise ProofError("the game is over")
    situation = Situation.of(state)
    if not situation.has_choice():
        raise ProofError("the solver has fewer than two distinct turns besides the pass")
    wins = eliminating_sets(situation, 2 if (kind, turns) == ("win", 1) else 1)
    if (kind, turns) == ("win", 1):
        if len(wins) != 1:
            raise ProofError(f"{len(wins)} step sets eliminate the opponent (need exactly 1)")
        return _line_orders(state, list(wins))
    if wins:
        raise ProofError("the solver can eliminate the opponent at once")
    if kind == "survive" and turns == 1:
        found = survivors(situation, 2)
        if len(found) != 1:
            raise ProofError(f"{len(found)} turns survive (need exactly 1)")
        return _line_orders(state, found)
    if kind == "win" and turns == 2:
        forcing = forcing_turns(situation, 2)
        if len(forcing) != 1:
            raise ProofError(f"{len(forcing)} turns force the win (need exactly 1)")
        ((first, outcomes),) = forcing.items()
        replies = situation.after(first)
        assert replies is not None
        order = list(replies.turns())
        # the stubbornest defence: fewest winning follow-ups, then the engine's order
        defence, follow_ups = min(outcomes, key=lambda item: (item[1], order.index(item[0])))
        if follow_ups != 1:
            raise ProofError("the solver's second turn is not unique against any defence")
        back = replies.after(defence)
        assert back is not None
        if not back.has_choice():
            raise ProofError("the solver's second turn is forced")
        (finish,) = eliminating_sets(back, 2)
        return _line_orders(state, [first, defence, finish])
    raise ProofError(f"no Virus War puzzle kind {kind!r} in {turns} turns")


def prove(puzzle: dict[str, Any]) -> list[list[str]]:
    """Re-prove a stored puzzle: its position is a unique puzzle of its kind and its
    ``solutions`` are exactly the accepted sequences (main line first). Returns them; raises
    :class:`ProofError` naming the puzzle otherwise."""
    return reprove_stored(puzzle, position(puzzle), prove_state)


def position(puzzle: dict[str, Any]) -> VirusWarState:
    """The puzzle's position (its record replayed)."""
    state = format.position(puzzle, GAME_ID)
    assert isinstance(state, VirusWarState)
    return state


def find_puzzle(state: VirusWarState, kinds: tuple[str, ...] = KINDS) -> dict[str, Any] | None:
    """The puzzle ``state`` holds, if any, of ``kinds`` (win in 1, then survive, then win in
    2): ``{"kind", "turns", "options", "record", "solver", "solutions"}``."""
    if state.is_terminal() or state.turn_steps:
        return None
    situation = Situation.of(state)
    if not (situation.board[0] and situation.board[1]):
        return None  # both sides must be on the board, alive
    opponent = situation.board[1 - situation.player]
    tries: list[tuple[str, int]] = []
    if opponent.bit_count() <= 3:
        tries.append(("win", 1))
    if not _certainly_escapes(situation):
        tries.append(("survive", 1))
    if opponent.bit_count() <= 6:
        tries.append(("win", 2))
    for kind, turns in tries:
        if kind not in kinds:
            continue
        try:
            solutions = prove_state(state, kind, turns)
        except ProofError:
            continue
        game = pyengine.get_game(GAME_ID)
        return {
            "kind": kind,
            "turns": turns,
            "options": dict(state.options),
            "record": game.write_record(state),
            "solver": state.current_player(),
            "solutions": solutions,
        }
    return None


# -- mining ----------------------------------------------------------------------------------

PAIRINGS = (("easy", "easy"), ("easy", "random"), ("random", "easy"))
"""The self-play games that give the candidate positions: X's level, O's level, in turn (the
levels on their iteration budgets, time limits lifted: the same seed plays the same game)."""
VARIATIONS = 2
"""At most this many "survive" positions one turn off the game's line per turn start."""


def self_play(seed: int, levels: tuple[str, str]) -> Iterator[VirusWarState]:
    """The turn starts of one seeded self-play game on the default board."""
    from puzzles.difficulty import player

    game = pyengine.get_game(GAME_ID)
    state = game.new_initial_state(OPTIONS)
    assert isinstance(state, VirusWarState)
    players = [player(GAME_ID, level, seed * 2 + seat) for seat, level in enumerate(levels)]
    while not state.is_terminal():
        if not state.turn_steps:
            yield state.clone()
        state.apply(players[state.current_player()].choose(state))


def variations(state: VirusWarState) -> Iterator[VirusWarState]:
    """Turn starts one turn off the line: after each turn of the player to move that leaves the
    opponent cramped (unable to be sure of surviving by placing), in the engine's order."""
    situation = Situation.of(state)
    if situation.board[1 - situation.player].bit_count() > 6:
        return
    for stepped, order in situation.turns().items():
        after = situation.after(stepped)
        if after is None or stepped == PASS_TURN or _certainly_escapes(after):
            continue
        if eliminating_sets(after, 1):
            continue
        variation = state.clone()
        variation.play_turn(order)
        yield variation


def _fresh(puzzle: dict[str, Any] | None, answers: set[tuple[int, tuple[str, ...]]]) -> bool:
    """Whether ``puzzle`` is one and its answer is not in ``answers`` (then it is added)."""
    if puzzle is None:
        return False
    answer = (puzzle["solver"], tuple(puzzle["solutions"][0]))
    if answer in answers:
        return False
    answers.add(answer)
    return True


def mine_candidates(seed: int) -> Iterator[dict[str, Any]]:
    """Proven puzzles from seeded self-play, endlessly: game ``g`` uses the pairing
    ``PAIRINGS[g % 3]`` and seeds drawn from ``random.Random(seed)``; at every turn start the
    position itself, then up to :data:`VARIATIONS` "survive" puzzles one turn off the line. A
    puzzle whose answer (the solver and the main line) an earlier puzzle of the same game had is
    left out (nearly the same position). The same seed gives the same puzzles in the same
    order (duplicates included: the caller removes them)."""
    rng = random.Random(seed)
    for game_number in itertools.count():
        levels = PAIRINGS[game_number % len(PAIRINGS)]
        answers: set[tuple[int, tuple[str, ...]]] = set()
        for state in self_play(rng.getrandbits(31), levels):
            puzzle = find_puzzle(state)
            if _fresh(puzzle, answers):
                assert puzzle is not None
                yield puzzle
            found = 0
            for variation in variations(state):
                puzzle = find_puzzle(variation, ("survive",))
                if _fresh(puzzle, answers):
                    assert puzzle is not None
                    yield puzzle
                    found += 1
                    if found >= VARIATIONS:
                        break
