"""The built-in games, registered on import without importing their rules: each game's
module is imported the first time the game is looked up (:mod:`pyengine.core.registry`), and
``from pyengine.games import ZEBRA`` imports just that one.

``pyengine.games`` is also callable: ``pyengine.games()`` returns the registered games, the
same as :func:`pyengine.core.registry.games`. (The package ``pyengine`` exports a function
``games``, and the attribute ``pyengine.games`` is this subpackage once it is imported; making
the module callable keeps both ``pyengine.games()`` and ``import pyengine.games.zebra`` working.)
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

from pyengine.core.game import Game
from pyengine.core.registry import games as _registered_games
from pyengine.core.registry import get_game, register_lazily

if TYPE_CHECKING:
    from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
    from pyengine.games.virus_fight import VIRUS_FIGHT
    from pyengine.games.virus_war import VIRUS_WAR
    from pyengine.games.zebra import ZEBRA

__all__ = ["FIGHT_THE_VIRUS", "VIRUS_FIGHT", "VIRUS_WAR", "ZEBRA"]

# id, module, the module's game attribute (also this package's attribute), in the order listed
_BUILT_IN = (
    ("zebra", "pyengine.games.zebra", "ZEBRA"),
    ("virus-war", "pyengine.games.virus_war", "VIRUS_WAR"),
    ("virus-fight", "pyengine.games.virus_fight", "VIRUS_FIGHT"),
    ("fight-the-virus", "pyengine.games.fight_the_virus", "FIGHT_THE_VIRUS"),
)
for _id, _module, _attribute in _BUILT_IN:
    register_lazily(_id, _module, _attribute)


def __getattr__(name: str) -> Game:
    for game_id, _, attribute in _BUILT_IN:
        if attribute == name:
            return get_game(game_id)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _GamesModule(types.ModuleType):
    def __call__(self) -> list[Game]:
        return _registered_games()


sys.modules[__name__].__class__ = _GamesModule
