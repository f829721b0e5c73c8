"""Outside opponents: searches of other kinds than our MCTS levels, for measuring them.

A ladder of self-play is not transitive: a level tuned against the level below can still fall
to a plain program of another kind. Each game here has one or more such opponents, written in
the most direct way (no shared code with the levels beyond the rules):

* Virus War (:mod:`pyengine.ai.gauntlet.virus_war`): ``mobility`` searches one ply of every
  distinct complete turn with a mobility evaluation; ``mobility2`` answers each of its best
  turns with the opponent's best reply (two plies, capped).
* Zebra (:mod:`pyengine.ai.gauntlet.zebra`): ``alphabeta``, alpha-beta to a fixed depth on
  tower count and mobility.
* Virus Fight (:mod:`pyengine.ai.gauntlet.virus_fight`): ``greedy``, one decision ahead on a
  material evaluation, for any number of players.
* Fight the Virus: its hand-written ``greedy`` player, already one of the game's kinds.

They are computer player kinds of the command line (``pyengine match virus-war --players
hard,mobility``) and of ``bench/ai.py``'s gauntlet table, not offered on the site.
:func:`opponents` gives a game's opponents as :class:`~pyengine.ai.players.Level` objects.
"""

from __future__ import annotations

import importlib

from pyengine.ai.players import Level

__all__ = ["opponents"]

_MODULES = {
    "virus-war": "pyengine.ai.gauntlet.virus_war",
    "zebra": "pyengine.ai.gauntlet.zebra",
    "virus-fight": "pyengine.ai.gauntlet.virus_fight",
}


def opponents(game_id: str) -> dict[str, Level]:
    """The game's outside opponents, ``{kind: level}`` (empty for a game without any of its own;
    Fight the Virus's ``greedy`` is one of its regular kinds)."""
    module = _MODULES.get(game_id)
    if module is None:
        return {}
    return dict(importlib.import_module(module).OPPONENTS)
