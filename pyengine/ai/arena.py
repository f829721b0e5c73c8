"""Matches between computer players: seat-swapped games, results and think times.

>>> summary = play_match("zebra", ["easy", "random"], games=2, options={"size": 4}, seed=1)
>>> summary.games, summary.wins[0] + summary.draws + summary.losses[0] == 2
(2, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pyengine.ai.players import make_player
from pyengine.core.game import State
from pyengine.core.registry import get_game

__all__ = ["GameRecord", "MatchSummary", "play_game", "play_match", "wilson"]


@dataclass
class GameRecord:
    """One game: who sat where, the result's winners, the length and think times (ms) of
    each kind."""

    seats: tuple[str, ...]
    winners: tuple[int, ...]
    actions: int
    think_ms: dict[str, list[float]] = field(default_factory=dict)
    state: State | None = None


def play_game(
    game_id: str,
    seats: Sequence[str],
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    max_actions: int = 100_000,
) -> GameRecord:
    """Play one game with one computer player of each kind in ``seats`` (seat order)."""
    state = get_game(game_id).new_initial_state(options or {})
    if len(seats) != state.num_players:
        raise ValueError(f"the game has {state.num_players} seats, not {len(seats)}")
    players = [
        make_player(game_id, kind, seed=seed * 7919 + index) for index, kind in enumerate(seats)
    ]
    times: dict[str, list[float]] = {}
    actions = 0
    while not state.is_terminal() and actions < max_actions:
        seat = state.current_player()
        start = time.perf_counter()
        action = players[seat].choose(state)
        times.setdefault(seats[seat], []).append((time.perf_counter() - start) * 1000.0)
        state.apply(action)
        actions += 1
    result = state.result()
    winners = result.winners if result is not None else ()
    return GameRecord(tuple(seats), tuple(winners), actions, times, state)


@dataclass
class MatchSummary:
    """Results of ``kinds[0]`` against the others, seats rotated between games. For two
    kinds, ``wins[k]``/``losses[k]`` count games kind k won/lost; ``draws`` the rest."""

    game_id: str
    kinds: tuple[str, ...]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    losses: list[int] = field(default_factory=list)
    draws: int = 0
    think_ms: dict[str, list[float]] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)

    def rate(self, index: int = 0) -> tuple[float, float, float]:
        """Win rate of kind ``index`` with its 95% Wilson interval (draws count as half)."""
        score = self.wins[index] + 0.5 * self.draws
        return wilson(score, self.games)

    def think(self, kind: str) -> tuple[float, float]:
        """Mean and 95th-percentile think time (ms) of ``kind`` per decision."""
        values = sorted(self.think_ms.get(kind, [])) or [0.0]
        p95 = values[min(len(values) - 1, math.ceil(0.95 * len(values)) - 1)]
        return sum(values) / len(values), p95

    def to_json(self) -> dict[str, Any]:
        low_high = self.rate(0)
        return {
            "game": self.game_id,
            "kinds": list(self.kinds),
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": round(low_high[0], 3),
            "interval": [round(low_high[1], 3), round(low_high[2], 3)],
            "think_ms": {kind: [round(v, 1) for v in self.think(kind)] for kind in self.kinds},
        }


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float, float]:
    """A rate ``score/games`` with its Wilson score interval ``(rate, low, high)``.

    >>> [round(x, 3) for x in wilson(19, 20)]
    [0.95, 0.764, 0.991]
    """
    if games == 0:
        return 0.0, 0.0, 1.0
    p = score / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


def play_match(
    game_id: str,
    kinds: Sequence[str],
    games: int = 20,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    progress: Callable[[GameRecord], None] | None = None,
) -> MatchSummary:
    """Play ``games`` games between the ``kinds`` (one per seat), rotating the seats each game
    so every kind plays every seat equally often; seeds ``seed``, ``seed + 1``, …"""
    kinds = tuple(kinds)
    summary = MatchSummary(game_id, kinds, wins=[0] * len(kinds), losses=[0] * len(kinds))
    options = dict(options or {})
    seeded = "seed" in get_game(game_id).options
    for number in range(games):
        shift = number % len(kinds)
        seats = kinds[shift:] + kinds[:shift]
        game_options = dict(options)
        if seeded and "seed" not in options:
            game_options["seed"] = seed + number
        record = play_game(game_id, seats, game_options, seed=seed + number)
        summary.games += 1
        summary.lengths.append(record.actions)
        for kind, values in record.think_ms.items():
            summary.think_ms.setdefault(kind, []).extend(values)
        won = {seats[seat] for seat in record.winners}
        if not record.winners or len(won) == len(set(kinds)):
            summary.draws += 1
        else:
            for index, kind in enumerate(kinds):
                if kind in won:
                    summary.wins[index] += 1
                else:
                    summary.losses[index] += 1
        if progress is not None:
            progress(record)
    return summary
