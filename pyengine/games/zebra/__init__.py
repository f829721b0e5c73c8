"""Zebra (zebra.md), registered as ``zebra``: see :mod:`.game`."""

from __future__ import annotations

from pyengine.games.zebra.game import ZEBRA, ZebraGame, parse_diagram
from pyengine.games.zebra.notation import (
    Cell,
    Move,
    Place,
    Position,
    Remove,
    ZebraAction,
    format_diagram,
    format_position,
    parse_action,
    parse_cell,
    parse_position,
)
from pyengine.games.zebra.records import ParsedRecord, result_text, write_record
from pyengine.games.zebra.rules import BLACK, WHITE, ZebraState

__all__ = [
    "BLACK",
    "WHITE",
    "ZEBRA",
    "Cell",
    "Move",
    "ParsedRecord",
    "Place",
    "Position",
    "Remove",
    "ZebraAction",
    "ZebraGame",
    "ZebraState",
    "format_diagram",
    "format_position",
    "parse_action",
    "parse_cell",
    "parse_diagram",
    "parse_position",
    "parse_record",
    "result_text",
    "write_record",
]

parse_record = ZEBRA.parse_record
"""Read a Zebra record, keeping every tag (see :mod:`pyengine.games.zebra.records`)."""
