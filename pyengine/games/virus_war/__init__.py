"""Virus War (virus-war.md): two colonies grow and kill each other, three steps a turn.

The package exposes the game (:data:`VIRUS_WAR`), its state, actions and text forms:

>>> state = VIRUS_WAR.new_initial_state({"size": 6})
>>> for step in ("a1", "b2", "c3"):
...     state.apply(step)
>>> print(state.diagram())
6 . . . . . .
5 . . . . . .
4 . . . . . .
3 . . X . . .
2 . X . . . .
1 X . . . . .
  a b c d e f
>>> state.current_player() == O, [str(action) for action in state.legal_actions()]
(True, ['pass', 'f6'])
"""

from __future__ import annotations

from pyengine.games.virus_war.game import VIRUS_WAR, VirusWarGame, parse_diagram
from pyengine.games.virus_war.notation import (
    FILES,
    PASS,
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
from pyengine.games.virus_war.records import parse_record as _parse_record
from pyengine.games.virus_war.rules import (
    ILLEGAL_CODES,
    PLAYER_NAMES,
    O,
    VirusWarState,
    X,
)

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


def parse_record(text: str) -> ParsedRecord:
    """Read a Virus War record, keeping every tag (see :mod:`pyengine.games.virus_war.records`)."""
    return _parse_record(VIRUS_WAR, text)
