"""Computer players for every game: one Monte Carlo tree search (:mod:`pyengine.ai.mcts`)
driven through the engine contract, per-game knowledge (``pyengine/games/<game>/ai.py``) and
levels (:mod:`pyengine.ai.players`); :mod:`pyengine.ai.arena` plays matches between them and
the outside opponents of other kinds that measure the levels (each game's ``gauntlet``
module). The package knows no game: a game's knowledge reaches it through the registry."""

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.mcts import Candidate, Search, SearchConfig
from pyengine.ai.players import (
    LEVEL_NAMES,
    Level,
    Player,
    Thinking,
    benchmark_kinds,
    game_ai,
    make_player,
    player_kinds,
)

__all__ = [
    "LEVEL_NAMES",
    "Candidate",
    "Heuristics",
    "Level",
    "Player",
    "Search",
    "SearchConfig",
    "Thinking",
    "benchmark_kinds",
    "game_ai",
    "make_player",
    "player_kinds",
]
