"""Virus Fight (virus-fight.md), registered as ``virus-fight``: see :mod:`.game`."""

from __future__ import annotations

from pyengine.games.virus_fight.board import DEFAULT_SIZES, SetupChoices, home_segments
from pyengine.games.virus_fight.errors import ILLEGAL_CODES
from pyengine.games.virus_fight.game import VIRUS_FIGHT, VirusFightGame, random_seed
from pyengine.games.virus_fight.notation import (
    PIECE_CODES,
    AnswerStop,
    Cell,
    Erase,
    Jump,
    Move,
    NoEffect,
    Piece,
    ProposeStop,
    Setup,
    Step,
    VirusFightAction,
    Write,
    parse_action,
    parse_cell,
    parse_turn,
)
from pyengine.games.virus_fight.position import format_position
from pyengine.games.virus_fight.records import parse_record, result_line, write_record
from pyengine.games.virus_fight.rounds import (
    ENDINGS,
    TurnEntry,
    first_player,
    next_first_player,
    stop_winners,
)
from pyengine.games.virus_fight.rules import Instruction, VirusFightState

__all__ = [
    "DEFAULT_SIZES",
    "ENDINGS",
    "ILLEGAL_CODES",
    "PIECE_CODES",
    "VIRUS_FIGHT",
    "AnswerStop",
    "Cell",
    "Erase",
    "Instruction",
    "Jump",
    "Move",
    "NoEffect",
    "Piece",
    "ProposeStop",
    "Setup",
    "SetupChoices",
    "Step",
    "TurnEntry",
    "VirusFightAction",
    "VirusFightGame",
    "VirusFightState",
    "Write",
    "first_player",
    "format_position",
    "home_segments",
    "next_first_player",
    "parse_action",
    "parse_cell",
    "parse_record",
    "parse_turn",
    "random_seed",
    "result_line",
    "stop_winners",
    "write_record",
]
