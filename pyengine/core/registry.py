"""The registry of games, as data: ``register`` a :class:`~pyengine.core.game.Game`
instance once, then look it up by id. A game can also be registered by where it is
(``register_lazily``): its module is imported the first time it is looked up, so a program that
plays one game never imports the others' rules (a quarter of a second in the browser).

Ids reserved for games still to come: none (all four games are registered).
"""

from __future__ import annotations

import importlib

from pyengine.core.errors import UnknownGameError
from pyengine.core.game import Game

__all__ = ["RESERVED_IDS", "game_ids", "games", "get_game", "register", "register_lazily"]

RESERVED_IDS: tuple[str, ...] = ()

_GAMES: dict[str, Game | None] = {}  # in registration order; None: not imported yet
_WHERE: dict[str, tuple[str, str]] = {}  # id -> (module, attribute) of a lazily registered game


def register(game: Game) -> Game:
    """Add ``game`` to the registry (registering the same instance twice is harmless)."""
    existing = _GAMES.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"another game is already registered as {game.id!r}")
    _GAMES[game.id] = game
    return game


def register_lazily(game_id: str, module: str, attribute: str) -> None:
    """Register the game ``module.attribute`` as ``game_id`` without importing it yet."""
    if _GAMES.get(game_id) is None:
        _GAMES[game_id] = None
        _WHERE[game_id] = (module, attribute)
    elif _WHERE.get(game_id) != (module, attribute):
        raise ValueError(f"another game is already registered as {game_id!r}")


def game_ids() -> list[str]:
    """The registered games' ids, in registration order (imports nothing)."""
    return list(_GAMES)


def get_game(game_id: str) -> Game:
    """The registered game called ``game_id`` (raises :class:`UnknownGameError`)."""
    try:
        game = _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(_GAMES)
        planned = " (planned, not yet available)" if game_id in RESERVED_IDS else ""
        raise UnknownGameError(
            f"Unknown game {game_id!r}{planned}: known games are {known}.",
            params={
                "option": "game",
                "value": str(game_id),
                "allowed": known,
                "game": str(game_id),
                "known": known,
            },
        ) from None
    if game is None:  # registered lazily: imported now
        module, attribute = _WHERE[game_id]
        game = getattr(importlib.import_module(module), attribute)
        if not isinstance(game, Game) or game.id != game_id:
            raise TypeError(f"{module}.{attribute} is not the game {game_id!r}")
        _GAMES[game_id] = game
    return game


def games() -> list[Game]:
    """The registered games, in registration order (imports those not imported yet)."""
    return [get_game(game_id) for game_id in _GAMES]
