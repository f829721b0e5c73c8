"""The game-independent core: errors, options, the game/state contract, the registry,
record helpers and a seeded random generator."""

from __future__ import annotations

from pyengine.core.errors import (
    EngineError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    StateFormatError,
    UnknownGameError,
)
from pyengine.core.game import TERMINAL, Action, Game, Result, State
from pyengine.core.options import Constraint, Option, OptionSchema, OptionValues
from pyengine.core.registry import games, get_game, register
from pyengine.core.rng import SeededRandom

__all__ = [
    "TERMINAL",
    "Action",
    "Constraint",
    "EngineError",
    "Game",
    "IllegalActionError",
    "NotationError",
    "Option",
    "OptionError",
    "OptionSchema",
    "OptionValues",
    "RecordError",
    "Result",
    "SeededRandom",
    "State",
    "StateFormatError",
    "UnknownGameError",
    "games",
    "get_game",
    "register",
]
