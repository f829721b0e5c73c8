"""Starting games in one click, the pure part: the home page's "Play a friend" and "Play the
computer" links (``<game>.html#play=computer&level=hard``), the result banner's rematch, and
which way up the board starts.

>>> start_asked("#play=computer&level=hard"), start_asked("#game=abc"), start_asked("")
({'play': 'computer', 'level': 'hard'}, None, None)
>>> rematch_seats(["human", "medium"]), flipped_for(["medium", "human"])
(['medium', 'human'], True)
"""

from glue.seat_choices import HUMAN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from pyengine.protocol import Message

LEVELS = ("easy", "medium", "hard")  # the levels the home page offers, every game has them
DEFAULT_LEVEL = "medium"
EXCERPT = 24  # the most of a link's wrong value a message repeats
LEVEL_KEY = "virus-games.level"  # localStorage: the level chosen last


def start_asked(fragment: str) -> "dict[str, Any] | None":
    """What a ``#play=friend``, ``#play=link`` (a friend far away, glue.remote) or
    ``#play=computer[&level=<level>]`` fragment asks for, or None. An unknown level is dropped (the remembered one is used)."""
    fields = {}
    for part in fragment.lstrip("#").split("&"):
        if "=" in part:
            name, value = part.split("=", 1)
            fields[name] = value
    if fields.get("play") not in ("friend", "link", "computer"):
        return None
    asked: dict[str, Any] = {"play": fields["play"]}
    if fields["play"] == "computer":
        level = fields.get("level")
        asked["level"] = level if level in LEVELS else None
    return asked


def start_problem(fragment: str) -> "Message | None":
    """What is wrong in a one-click start's fragment, a message for the page to say (the game
    still starts, without it), or None: a ``play`` the page does not know, or a computer
    ``level`` that is not one (named by a short excerpt).

    >>> start_problem("#play=computer&level=godlike")["params"]["value"]
    'godlike'
    >>> start_problem("#play=computer&level=hard"), start_problem("#record=abc")
    (None, None)
    """
    fields = {}
    for part in fragment.lstrip("#").split("&"):
        if "=" in part:
            name, value = part.split("=", 1)
            fields[name] = value
    if "play" not in fields:
        return None
    play = fields["play"]
    if play not in ("friend", "link", "computer"):
        return {"key": "start.bad-play", "params": {"value": excerpt(play)}}
    level = fields.get("level")
    if play == "computer" and level is not None and level not in LEVELS:
        return {
            "key": "start.bad-level",
            "params": {"value": excerpt(level), "levels": ", ".join(LEVELS)},
        }
    return None


def excerpt(text: str) -> str:
    """At most EXCERPT characters of ``text`` (an ellipsis says more was cut)."""
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


def chosen_level(asked: "str | None", remembered: "str | None", bots: "list[str]") -> str:
    """The computer's level: the one asked for, else the one remembered, else medium; a level
    the game lacks gives its strongest player."""
    for level in (asked, remembered, DEFAULT_LEVEL):
        if level and level in bots:
            return level
    return bots[-1] if bots else DEFAULT_LEVEL


def rematch_seats(seats: "list[str]") -> "list[str]":
    """The seats of a rematch: against the computer every player moves one seat on (the person
    who had the first seat has the second: two seats swap); people alone keep their seats."""
    if not seats or all(seat == HUMAN for seat in seats):
        return list(seats)
    return [seats[-1]] + list(seats[:-1])


def rematch_options(options: "Mapping[str, Any]") -> "dict[str, Any]":
    """The options of a rematch: the same, with new dice (no seed: the engine draws one)."""
    return {name: options[name] for name in options if name != "seed"}


def flipped_for(seats: "list[Any]") -> bool:
    """Whether the board starts turned half a turn: one person against the computer in a
    two-seat game, the person in the second seat, who then sees their side at the bottom."""
    return len(seats) == 2 and seats[0] != HUMAN and seats[1] == HUMAN


def unfinished(view: "Mapping[str, Any] | None") -> bool:
    """Whether starting another game leaves this one unfinished (it stays saved)."""
    return view is not None and not view.get("result") and (view.get("ply_count") or 0) > 0
