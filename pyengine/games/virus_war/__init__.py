"""Virus War (virus-war.md), registered as ``virus-war``: see :mod:`.game`."""

from __future__ import annotations

from pyengine.games.virus_war.errors import ILLEGAL_CODES
from pyengine.games.virus_war.game import VIRUS_WAR, VirusWarGame, parse_diagram
from pyengine.games.virus_war.notation import (
    FILES,
    PASS,
    PLAYER_NAMES,
    Cell,
    Pass,
    Position,
    Step,
    VirusWarAction,
    format_diagram,
    format_position,
    parse_action,
    parse_cell,
    parse_position,
    parse_turn,
)
from pyengine.games.virus_war.records import ParsedRecord, result_text, write_record
from pyengine.games.virus_war.rules import O, VirusWarState, X

__all__ = [
    "FILES",
    "ILLEGAL_CODES",
    "PASS",
    "PLAYER_NAMES",
    "VIRUS_WAR",
    "Cell",
    "O",
    "ParsedRecord",
    "Pass",
    "Position",
    "Step",
    "VirusWarAction",
    "VirusWarGame",
    "VirusWarState",
    "X",
    "format_diagram",
    "format_position",
    "parse_action",
    "parse_cell",
    "parse_diagram",
    "parse_position",
    "parse_record",
    "parse_turn",
    "result_text",
    "write_record",
]

parse_record = VIRUS_WAR.parse_record
"""Read a Virus War record, keeping every tag (see :mod:`pyengine.games.virus_war.records`)."""
