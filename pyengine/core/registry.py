"""The registry of games, as data: ``register`` a :class:`~pyengine.core.game.Game`
instance once, then look it up by id.

Ids reserved for games still to come: none (all four games are registered).
"""

from __future__ import annotations

from pyengine.core.errors import UnknownGameError
from pyengine.core.game import Game

__all__ = ["RESERVED_IDS", "games", "get_game", "register"]

RESERVED_IDS: tuple[str, ...] = ()

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (registering the same instance twice is harmless)."""
    existing = _GAMES.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"another game is already registered as {game.id!r}")
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The registered game called ``game_id`` (raises :class:`UnknownGameError`)."""
    try:
        return _GAMES[game_id]
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


def games() -> list[Game]:
    """The registered games, in registration order."""
    return list(_GAMES.values())
