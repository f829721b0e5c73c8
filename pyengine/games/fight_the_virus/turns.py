"""Fight the Virus turn structure (fight-the-virus.md §§3-4): who rolls and who is active in a
turn, the order of the parts, the dice (§5.2), the setbacks (§3.3), the end of a turn and of
the game (§§4.1-4.2), and the entries of the game record (§5.3).

>>> parts_of_turn("groups", 5, (1, 2, 1, 2, 2), 2)
(1, (1, 3, 4), (1, 3, 4, 2, 0))
>>> parts_of_turn("standard", 3, (), 2), parts_of_turn("solo", 1, (), 9)
((1, (1,), (1, 2, 0)), (0, (0,), (0,)))
>>> import random
>>> stream, rng = DiceStream(4711), random.Random(4711)
>>> [stream.die(index) for index in range(4)] == [rng.randint(1, 6) for _ in range(4)]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = [
    "CAP_TURNS",
    "ENDINGS",
    "DiceStream",
    "LogEntry",
    "Setback",
    "groups_problem",
    "parse_groups",
    "parts_of_turn",
    "seat_name",
]

CAP_TURNS = 120
"""The game ends with no winner after this turn (§4.2)."""
ENDINGS = ("win", "hopeless", "cap")
"""Why a game ended: somebody crossed ``R12`` (§4.1), every player is hopeless or resigned, or
the turn cap (§4.2)."""


def seat_name(seat: int) -> str:
    """The text name of a 0-based seat: ``P1`` for seat 0."""
    return f"P{seat + 1}"


class DiceStream:
    """The dice of one game (§5.2): ``random.Random(seed)``, every die ``randint(1, 6)``,
    nothing else drawing from it. Die ``index`` is the same for every state sharing the stream,
    so clones, undo and replays share one stream and a state only stores how many dice it drew.
    """

    __slots__ = ("_random", "_values", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._values: list[int] = []

    def die(self, index: int) -> int:
        """The value of die number ``index`` (0-based) of the game."""
        values = self._values
        while len(values) <= index:
            values.append(self._random.randint(1, 6))
        return values[index]


@dataclass(frozen=True, slots=True)
class Setback:
    """An adverse circumstance of the turn on one seat's sheet (§3.3), for announcements.

    ``kind`` is ``"5-6"`` or ``"6-6"``; ``spot`` the circled curve square (``"C30"``) or the
    AP field (``"AP5"``), ``None`` when nothing happened; ``effect`` ``"circled"``,
    ``"spent"``, ``"lost"`` or ``"none"``; ``required`` the number a circled square requires.
    """

    seat: int
    kind: str
    spot: str | None
    effect: str
    required: int | None = None

    def __str__(self) -> str:
        who = seat_name(self.seat)
        if self.effect == "none":
            return f"{self.kind}: nothing happens on {who}'s sheet"
        if self.effect == "circled":
            return f"{self.kind}: {who} circles {self.spot}, which now requires {self.required}"
        field = self.spot[2:] if self.spot else ""
        return f"{self.kind}: {who} loses AP field {field} ({self.effect})"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game record (§5.3): ``turn``, ``seat`` (0-based) and ``text`` (the
    decision, with the dice after ``roll`` and ``reroll``: ``roll 3-3``); ``engine`` marks the
    decisions the engine made for a hopeless or resigned roller."""

    turn: int
    seat: int
    text: str
    engine: bool = False

    def line(self) -> str:
        return f"{self.turn} {seat_name(self.seat)} {self.text}"


def parts_of_turn(
    mode: str, players: int, groups: tuple[int, ...], turn: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The roller, the active seats and the seats in part order of ``turn`` (§§3.1, 3.4, 4.3,
    4.4): the active players in seat order from the roller, then the passive players in seat
    order after the roller. ``groups`` holds each seat's group number (groups mode only)."""
    if mode == "solo":
        return 0, (0,), (0,)
    if mode == "groups":
        count = max(groups)
        group = (turn - 1) % count + 1
        active = tuple(seat for seat in range(players) if groups[seat] == group)
        roller = active[0]
    else:
        roller = (turn - 1) % players
        active = (roller,)
    passive = tuple(
        seat
        for seat in ((roller + step) % players for step in range(1, players))
        if seat not in active
    )
    return roller, active, active + passive


def parse_groups(text: str, players: int) -> tuple[int, ...] | str:
    """The groups option (``"1 2 1"``: each seat's group) as numbers, or the reason it breaks
    §4.4 (2-4 groups, fewer groups than players, every group non-empty).

    >>> parse_groups("1 2 1", 3), parse_groups("1 3 1 1", 4)
    ((1, 2, 1), 'groups are numbered 1 to 3 and each needs a member: group 2 is empty')
    """
    problem = groups_problem(text, players)
    if problem is not None:
        return problem[2]
    return tuple(int(word) for word in text.split())


def groups_problem(text: str, players: int) -> tuple[str, dict[str, int | str], str] | None:
    """Why the groups option ``text`` breaks §4.4 for ``players`` seats, or None: a code
    (``groups-count``, ``groups-too-few``, ``groups-too-many``, ``groups-empty``), its
    parameters and the reason in English.

    >>> groups_problem("1 1 1", 3)
    ('groups-too-few', {}, 'form at least 2 groups')
    """
    words = text.split()
    if len(words) != players or not all(word in ("1", "2", "3", "4") for word in words):
        example = " ".join(str(seat % 2 + 1) for seat in range(players))
        return (
            "groups-count",
            {"players": players, "example": example},
            (
                f"write one group number 1-4 per player, separated by spaces ({players} "
                f"numbers, such as {example})"
            ),
        )
    numbers = [int(word) for word in words]
    count = max(numbers)
    if count < 2:
        return "groups-too-few", {}, "form at least 2 groups"
    if count >= players:
        return (
            "groups-too-many",
            {"players": players},
            f"form fewer groups than players ({players})",
        )
    empty = [group for group in range(1, count + 1) if group not in numbers]
    if empty:
        return (
            "groups-empty",
            {"count": count, "group": empty[0]},
            f"groups are numbered 1 to {count} and each needs a member: group {empty[0]} is empty",
        )
    return None
