"""Fight the Virus (fight-the-virus.md), registered as ``fight-the-virus``: see :mod:`.game`."""

from __future__ import annotations

from pyengine.games.fight_the_virus.bots import GreedyBot, RandomBot
from pyengine.games.fight_the_virus.errors import ILLEGAL_CODES
from pyengine.games.fight_the_virus.game import FIGHT_THE_VIRUS, FightTheVirusGame, player_names
from pyengine.games.fight_the_virus.notation import (
    AREAS,
    Bonus,
    Decline,
    FightTheVirusAction,
    Keep,
    Pass,
    Reroll,
    Resign,
    Roll,
    Use,
    action_from_json,
    parse_action,
)
from pyengine.games.fight_the_virus.player_sheet import PlayerSheet
from pyengine.games.fight_the_virus.position import format_position
from pyengine.games.fight_the_virus.records import end_line, parse_record, write_record
from pyengine.games.fight_the_virus.rules import RATINGS, FightTheVirusState, Part, rating_of
from pyengine.games.fight_the_virus.turns import (
    CAP_TURNS,
    ENDINGS,
    LogEntry,
    Setback,
    parse_groups,
    parts_of_turn,
    seat_name,
)

__all__ = [
    "AREAS",
    "CAP_TURNS",
    "ENDINGS",
    "FIGHT_THE_VIRUS",
    "ILLEGAL_CODES",
    "RATINGS",
    "Bonus",
    "Decline",
    "FightTheVirusAction",
    "FightTheVirusGame",
    "FightTheVirusState",
    "GreedyBot",
    "Keep",
    "LogEntry",
    "Part",
    "Pass",
    "PlayerSheet",
    "RandomBot",
    "Reroll",
    "Resign",
    "Roll",
    "Setback",
    "Use",
    "action_from_json",
    "end_line",
    "format_position",
    "parse_action",
    "parse_groups",
    "parse_record",
    "parts_of_turn",
    "player_names",
    "rating_of",
    "seat_name",
    "write_record",
]
