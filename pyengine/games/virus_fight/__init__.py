"""Virus Fight (virus-fight.md): 2-5 tiny programs of instruction pieces fight in memory.

Registered as ``virus-fight`` (``pyengine.get_game("virus-fight")``):

>>> from pyengine.games.virus_fight import VIRUS_FIGHT
>>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
>>> state.phase, state.current_player(), len(state.legal_actions())
('setup', 0, 583236)
>>> state.apply("b1:W2 c1:E3 @b1"); state.apply("c5:M1 d5:E2 @d5")
>>> print(state.instruction())
seat 2 executes ERASE 2 on d5
>>> [str(action) for action in state.legal_actions()]
['x-', 'xc5']

Modules: :mod:`.rules` (the state, the legal-action order, the attributes a renderer reads),
:mod:`.legal` (the legal actions of each decision in play), :mod:`.rounds` (turn order,
rounds, endings, stop scoring), :mod:`.errors` (illegal-action codes and explanations),
:mod:`.notation` (actions), :mod:`.board` (home segments, lazy setups), :mod:`.position`
(position text), :mod:`.records` (game records), :mod:`.game` (options and factories),
:mod:`.render` (SVG) and :mod:`.presentation` (what the controller shows people).
"""

from __future__ import annotations

from pyengine.games.virus_fight.board import DEFAULT_SIZES, SetupChoices, home_segments
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
from pyengine.games.virus_fight.rules import (
    ENDINGS,
    ILLEGAL_CODES,
    Instruction,
    TurnEntry,
    VirusFightState,
    first_player,
    next_first_player,
    stop_winners,
)

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
