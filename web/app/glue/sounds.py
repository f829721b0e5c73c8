"""The game pages' sounds, the pure part of ``glue.speaker``: which sound a reply makes, and
each sound as the notes Web Audio synthesises (no sound file, nothing fetched): short and
quiet, one sound per reply.

>>> choose(["move", "capture"]), choose(["dice"], illegal=True), choose([], outcome="won")
('capture', 'illegal', 'won')
"""

from glue.seat_choices import HUMAN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

SOUND_KEY = "virus-games.sound"  # localStorage: "off" when muted

# name -> notes: (frequency in Hz, start in s, duration in s, wave, peak gain)
SOUNDS = {
    "move": [(520.0, 0.0, 0.07, "triangle", 0.22), (780.0, 0.03, 0.06, "sine", 0.08)],
    "capture": [(330.0, 0.0, 0.09, "square", 0.1), (220.0, 0.06, 0.14, "triangle", 0.22)],
    "illegal": [(180.0, 0.0, 0.12, "sawtooth", 0.07), (150.0, 0.07, 0.12, "sawtooth", 0.06)],
    "dice": [
        (900.0, 0.0, 0.03, "square", 0.06),
        (640.0, 0.05, 0.03, "square", 0.06),
        (1100.0, 0.1, 0.03, "square", 0.05),
        (760.0, 0.15, 0.04, "square", 0.06),
    ],
    "won": [
        (523.25, 0.0, 0.12, "triangle", 0.2),
        (659.25, 0.1, 0.12, "triangle", 0.2),
        (783.99, 0.2, 0.12, "triangle", 0.2),
        (1046.5, 0.3, 0.3, "triangle", 0.22),
    ],
    "lost": [
        (392.0, 0.0, 0.18, "triangle", 0.2),
        (349.23, 0.16, 0.18, "triangle", 0.18),
        (293.66, 0.32, 0.36, "triangle", 0.18),
    ],
}

# The sound of a reply, most telling first.
PRIORITY = ("won", "lost", "illegal", "dice", "capture", "move")


def choose(
    events: "list[str]", illegal: bool = False, outcome: "str | None" = None
) -> "str | None":
    """The sound of a reply: the game's end (``outcome``), an illegal click, else the most
    telling event on the board (glue.motion's ``move``, ``capture``, ``dice``), else none."""
    found = list(events)
    if illegal:
        found.append("illegal")
    if outcome:
        found.append(outcome)
    for name in PRIORITY:
        if name in found:
            return name
    return None


def outcome(result: "Mapping[str, Any] | None", seats: "list[Any]") -> "str | None":
    """How a finished game sounds to the people at the device: won when one of them (or,
    between people alone, anyone) won, lost when only the computer did; None while it goes
    on. A draw between a person and the computer is no win."""
    if not result:
        return None
    winners = result.get("winners") or []
    people = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
    if not people or len(people) == len(seats):
        return "won"
    return "won" if any(seat in people for seat in winners) else "lost"


def muted(setting: "str | None", embedded: bool) -> bool:
    """Whether the page starts muted: as chosen last (``setting``), and inside a blog's page
    unless the reader turns the sound on there."""
    return embedded or setting == "off"
