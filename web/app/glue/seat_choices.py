"""Who plays each seat, the pure part of seats.py: one select per seat, a person (``human``) or a kind of computer player.

``body[data-bots]`` lists the kinds the game offers, weakest first (written by web/build.py from
pyengine.controller.seat_kinds: random, easy, medium, hard and a game's own, such as Fight the
Virus's greedy). The number of seats is the options form's ``players`` field, or for a game
without one (Zebra, Virus War) ``body[data-seats]``. The choices are sent as the new request's
``seats`` (see pyengine/protocol.py). Every seat is a person by default (one device, hot
seat); :meth:`SeatKinds.versus_computer` makes the others computers.

DOM: ``#seat-kinds`` (fieldset, hidden when the game has no computer player),
``#seat-kinds-list`` with one ``div.seat-kind[data-seat]`` per seat holding a label and
``select#seat-kind-<seat>[data-seat]`` (values ``human`` and the kinds). The selects have no
``name``, so they are not read as game options.

Here: which seats follow from the form's values (tested in tests/glue_scenarios_seats.py);
seats.py draws them.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

HUMAN = "human"
# The level versus_computer gives the computer seats (the last kind if the game lacks it).
VERSUS_LEVEL = "medium"


def parse_bots(text: "str | None") -> "list[str]":
    """The kinds of computer player in ``body[data-bots]`` (space-separated)."""
    return (text or "").split()


def whole_number(text: "str | None") -> int:
    """A positive whole number written in ``text`` (as JavaScript's ``Number`` reads a field),
    else 0."""
    text = (text or "").strip()
    try:
        value = float(text) if text and "_" not in text else 0.0
    except ValueError:
        return 0
    if value != value or value <= 0 or value > 1_000_000 or value != int(value):
        return 0
    return int(value)


def seat_count(players: "str | None", fixed: int) -> int:
    """The number of seats: the ``players`` field's value, or ``fixed`` (``body[data-seats]``)
    for a game without that field (``players`` None)."""
    return fixed if players is None else whole_number(players)


def offers_seats(bots: "list[str]", has_players: bool, fixed: int) -> bool:
    """Whether the page shows the seat selects: computer players and a known seat count."""
    return len(bots) > 0 and (has_players or fixed > 0)


def seat_values(choices: "dict[int, str]", count: int) -> "list[str]":
    """What the ``count`` selects show: each seat's choice, a person by default."""
    return [choices.get(seat) or HUMAN for seat in range(count)]


def versus_choices(
    choices: "dict[int, str]", count: int, bots: "list[str]", level: "str | None" = None
) -> "dict[int, str]":
    """Seat 1 a person, every other seat a computer: ``level`` when given (one of ``bots``),
    else a computer kind already chosen for the seat, else the medium level; choices for
    seats beyond ``count`` are kept."""
    given = level if level in bots else None
    fallback = VERSUS_LEVEL if VERSUS_LEVEL in bots else bots[-1]
    updated = dict(choices)
    for seat in range(count):
        current = choices.get(seat)
        if seat == 0:
            updated[seat] = HUMAN
        elif given is not None:
            updated[seat] = given
        else:
            updated[seat] = current if current and current != HUMAN else fallback
    return updated


def choices_of(seats: "list[Any]", bots: "list[str]") -> "dict[int, str]":
    """The choices that show ``seats`` (a view's), an unknown kind shown as a person."""
    return {
        seat: kind if kind == HUMAN or kind in bots else HUMAN for seat, kind in enumerate(seats)
    }
