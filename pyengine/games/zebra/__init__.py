"""Zebra (zebra.md): stack your piece on a neighbouring tower of the other colour.

The package exposes the game (:data:`ZEBRA`), its state, actions and text forms:

>>> state = ZEBRA.new_initial_state()
>>> state.apply("C2-D2")
>>> print(state.diagram())
4 W1 B1 W1 B1
3 B1 W1 B1 W1
2 W1 B1 .  W2
1 B1 W1 B1 W1
  a  b  c  d
>>> state.history, state.cells[7], state.current_player() == BLACK
((Move.parse('c2-d2'),), 2, True)
"""

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
from pyengine.games.zebra.records import parse_record as _parse_record
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


def parse_record(text: str) -> ParsedRecord:
    """Read a Zebra record, keeping every tag (see :mod:`pyengine.games.zebra.records`)."""
    return _parse_record(ZEBRA, text)
