"""The built-in games, registered on import.

``pyengine.games`` is also callable: ``pyengine.games()`` returns the registered games, the
same as :func:`pyengine.core.registry.games`. (The package ``pyengine`` exports a function
``games``, and the attribute ``pyengine.games`` is this subpackage once it is imported; making
the module callable keeps both ``pyengine.games()`` and ``import pyengine.games.zebra`` working.)
"""

from __future__ import annotations

import sys
import types

from pyengine.core.game import Game
from pyengine.core.registry import games as _registered_games
from pyengine.core.registry import register
from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
from pyengine.games.virus_fight import VIRUS_FIGHT
from pyengine.games.virus_war import VIRUS_WAR
from pyengine.games.zebra import ZEBRA

__all__ = ["FIGHT_THE_VIRUS", "VIRUS_FIGHT", "VIRUS_WAR", "ZEBRA"]

register(ZEBRA)
register(VIRUS_WAR)
register(VIRUS_FIGHT)
register(FIGHT_THE_VIRUS)


class _GamesModule(types.ModuleType):
    def __call__(self) -> list[Game]:
        return _registered_games()


sys.modules[__name__].__class__ = _GamesModule
