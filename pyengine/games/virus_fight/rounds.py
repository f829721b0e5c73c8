"""Virus Fight turn order and the end of the game (virus-fight.md §§5, 7): the first
player of each round, the round's seat order, the repetition, quiet and cap endings, stop
scoring and the finished turns the record lists (:class:`TurnEntry`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pyengine.games.virus_fight.notation import Piece, Setup

if TYPE_CHECKING:
    from pyengine.games.virus_fight.rules import VirusFightState

__all__ = [
    "CAP_ROUNDS",
    "ENDINGS",
    "QUIET_ROUNDS",
    "TurnEntry",
    "end_game",
    "end_turn",
    "first_player",
    "next_first_player",
    "start_round",
    "start_turn",
    "stop_winners",
]

QUIET_ROUNDS = 50
CAP_ROUNDS = 200
ENDINGS = ("elimination", "agreement", "repetition", "quiet", "cap")


@dataclass(frozen=True, slots=True)
class TurnEntry:
    """A finished turn as the record writes it: ``round``, ``seat`` (0-based), ``code`` of
    the executed instruction (``"stop"`` for an accepted stop, ``"resign"`` for a player who
    resigned at the turn's start) and ``text`` (``xc4 @c3``, ``xc4 resign``)."""

    round: int
    seat: int
    code: str
    text: str

    @property
    def resigned(self) -> bool:
        """Whether the player resigned in this turn (``3.2 resign``, ``3.2 E2 xc4 resign``)."""
        return self.code == "resign" or self.text.endswith(" resign")

    def line(self) -> str:
        """The record line: ``4.1 E2 xb5 @b3``, ``3.2 stop`` or ``3.2 resign``."""
        if self.code in ("stop", "resign"):
            return f"{self.round}.{self.seat + 1} {self.code}"
        return f"{self.round}.{self.seat + 1} {self.code} {self.text}"


def first_player(programs: Sequence[Setup], seed: int) -> int:
    """The first player of round 1 (§5.1); seats 0-based, the random tie-break draws among
    1-based seat numbers as the spec's anchors do.

    >>> one = Setup.parse("a1:M1 b1:M2 @a1"); two = Setup.parse("a5:M1 b5:M2 @a5")
    >>> first_player([one, two], 42), first_player([one, two], 0)
    (0, 1)
    """
    import random

    tied = list(range(len(programs)))
    criteria: tuple[Callable[[int], int], ...] = (
        lambda seat: len(programs[seat].placements),
        lambda seat: sum(int(code[1]) for code in programs[seat].codes),
        lambda seat: -int(dict(programs[seat].placements)[programs[seat].marker][1]),
    )
    for criterion in criteria:
        best = min(criterion(seat) for seat in tied)
        tied = [seat for seat in tied if criterion(seat) == best]
        if len(tied) == 1:
            return tied[0]
    return random.Random(seed).choice(sorted(seat + 1 for seat in tied)) - 1


def next_first_player(sizes: Sequence[int | None], previous: int) -> int:
    """The first player of the next round (§5.3): ``sizes[seat]`` is the size of the seat's
    current instruction, ``None`` for an eliminated seat; ``previous`` the last round's first.

    >>> next_first_player([1, 3, 3], 0), next_first_player([None, 2, 2], 0)
    (1, 1)
    """
    largest = max(size for size in sizes if size is not None)
    if sizes[previous] == largest:
        return previous
    best = [seat for seat, size in enumerate(sizes) if size == largest]
    if len(best) == 1:
        return best[0]
    count = len(sizes)
    for step in range(1, count):
        seat = (previous + step) % count
        if sizes[seat] == largest:
            return seat
    raise AssertionError("unreachable")


def stop_winners(
    supplies: Sequence[Sequence[Piece]], alive: Sequence[bool]
) -> tuple[tuple[int, ...], str]:
    """Stop scoring (§7.4): the winning seats and the reason (``pieces``, ``pips`` or
    ``draw``)."""
    tied = [seat for seat in range(len(alive)) if alive[seat]]
    for reason, score in (("pieces", len), ("pips", lambda pieces: sum(p.size for p in pieces))):
        best = max(score(supplies[seat]) for seat in tied)
        tied = [seat for seat in tied if score(supplies[seat]) == best]
        if len(tied) == 1:
            return (tied[0],), reason
    return tuple(tied), "draw"


def start_round(state: VirusFightState, number: int, first: int) -> None:
    """Start round ``number`` with ``first`` playing first (§5)."""
    count = state.num_players
    state._round = number
    state._first = first
    state._order = tuple(
        seat
        for seat in ((first + step) % count for step in range(count))
        if state._markers[seat] is not None
    )
    state._turn_index = 0
    start_turn(state)


def start_turn(state: VirusFightState) -> None:
    """Start the turn of the seat at ``_turn_index``; a third repetition ends the game (§7.3)."""
    seat = state._order[state._turn_index]
    key = state.repetition_key()
    state._keys.append(key)
    count = state._key_counts[key] = state._key_counts.get(key, 0) + 1
    state._proposed = False
    state._pending = ""
    index = state._markers[seat]
    piece = state._board[index]  # type: ignore[index]
    assert piece is not None
    state._decision = "jump" if piece.kind == "J" else "effect"
    state._code = piece.code
    if count >= 3:
        end_game(state, "repetition")


def end_turn(state: VirusFightState) -> None:
    """End the turn in progress: the next turn, the next round or the end of the game."""
    if len(state._alive_seats()) == 1:
        end_game(state, "elimination")
        return
    state._turn_index += 1
    if state._turn_index < len(state._order):
        start_turn(state)
        return
    if state._noisy:
        state._quiet = 0
    else:
        state._quiet += 1
    state._noisy = False
    if state._quiet >= QUIET_ROUNDS:
        end_game(state, "quiet")
        return
    if state._round >= CAP_ROUNDS:
        end_game(state, "cap")
        return
    sizes = [
        None if marker is None else state._board[marker].size  # type: ignore[union-attr]
        for marker in state._markers
    ]
    start_round(state, state._round + 1, next_first_player(sizes, state._first))


def end_game(state: VirusFightState, ending: str) -> None:
    """End the game with ``ending`` (one of :data:`ENDINGS`)."""
    state._ending = ending
    state._phase = "over"
    state._decision = ""
    state._voters = ()
