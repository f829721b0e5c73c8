"""Virus Games engine: rules, notation, records and matches for Zebra, Virus War, Virus Fight
and Fight the Virus, in pure Python.

>>> import pyengine
>>> [game.id for game in pyengine.games()]
['zebra', 'virus-war', 'virus-fight', 'fight-the-virus']
>>> state = pyengine.new_game("zebra", size=3)
>>> len(state.legal_actions())
12
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # to type checkers, pyengine.games is the registry function it acts as
    from pyengine.core.registry import games
else:  # registers the built-in games; the subpackage is callable (see pyengine/games)
    from pyengine import games
from pyengine.core import (
    TERMINAL,
    Action,
    EngineError,
    Game,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    Result,
    State,
    StateFormatError,
    UnknownGameError,
    get_game,
    register,
)
from pyengine.session import Match

__version__ = "0.1.0"

__all__ = [
    "TERMINAL",
    "Action",
    "EngineError",
    "Game",
    "IllegalActionError",
    "Match",
    "NotationError",
    "OptionError",
    "RecordError",
    "Result",
    "State",
    "StateFormatError",
    "UnknownGameError",
    "__version__",
    "games",
    "get_game",
    "new_game",
    "register",
]


def new_game(
    game_id: str, options: Mapping[str, object] | None = None, /, **option_values: object
) -> State:
    """The start state of a registered game: ``new_game("zebra", size=5, setup="hole")`` or
    ``new_game("zebra", {"size": 5})`` (keywords override the mapping)."""
    merged: dict[str, object] = {}
    if options is not None:
        if not isinstance(options, Mapping):
            raise OptionError(
                f"Options must be a mapping of names to values, not {type(options).__name__}.",
                code="option.not-a-mapping",
                params={"option": "", "value": type(options).__name__, "allowed": "a mapping"},
            )
        merged.update(options)
    merged.update(option_values)
    return get_game(game_id).new_initial_state(merged)
