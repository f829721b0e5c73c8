"""The generator: a game's proven candidates, de-duplicated, mixed, measured, rated, sorted.

:func:`generate` takes candidates from the game module's ``mine_candidates(seed)`` (proven
puzzles from seeded self-play, :mod:`puzzles`), keeps each position once, fills the game's
``SHARES`` of kinds and turn counts (after ``patience`` candidates it takes whatever comes),
measures each kept puzzle with :func:`puzzles.difficulty.measure`, rates it, sorts by rating and
numbers the puzzles. Everything random derives from the seed, so the same arguments give the
same puzzles (only the recorded seconds differ).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from puzzles import game_module, player_turns
from puzzles.difficulty import DEFAULT_TRIES, measure, rating
from puzzles.format import document, position

__all__ = ["command_line", "generate", "quotas"]


def quotas(shares: Mapping[tuple[str, int], float], count: int) -> dict[tuple[str, int], int]:
    """Whole numbers of puzzles per (kind, turns) in the proportions ``shares``, summing to
    ``count`` (largest remainders, ties in the shares' sorted order)."""
    total = sum(shares.values())
    exact = {key: count * share / total for key, share in shares.items()}
    result = {key: math.floor(value) for key, value in exact.items()}
    left = count - sum(result.values())
    for key in sorted(exact, key=lambda key: (result[key] - exact[key], key))[:left]:
        result[key] += 1
    return result


def command_line(game: str, seed: int, count: int, tries: Mapping[str, int], out: str) -> str:
    """The exact command that regenerates a file (run from the repository's root)."""
    parts = [
        "PYTHONPATH=web/tools .venv/bin/python -m puzzles",
        game,
        f"--seed {seed}",
        f"--count {count}",
    ]
    if dict(tries) != DEFAULT_TRIES:
        parts.append("--tries " + ",".join(f"{level}={number}" for level, number in tries.items()))
    parts.append(f"--out {out}")
    return " ".join(parts)


def _identity(game: str, puzzle: dict[str, Any]) -> Hashable:
    return position(puzzle, game).position_key()


def generate(
    game: str,
    seed: int = 1,
    count: int | None = None,
    tries: Mapping[str, int] | None = None,
    out: str = "",
    patience: int | None = None,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The document of ``count`` puzzles (the module's ``DEFAULT_COUNT``) for ``game``.
    ``tries``: tries per level (:data:`~puzzles.difficulty.DEFAULT_TRIES`); ``out``: the path
    the command line names; ``patience``: candidates examined before the shares give way
    (default 6 per puzzle); ``log``: progress lines."""
    module = game_module(game)
    count = count if count is not None else int(getattr(module, "DEFAULT_COUNT", 75))
    tries = dict(DEFAULT_TRIES if tries is None else tries)
    patience = patience if patience is not None else 6 * count
    say = log or (lambda line: None)
    started = time.perf_counter()
    shares: Mapping[tuple[str, int], float] = getattr(module, "SHARES", None) or {}
    wanted = quotas(shares, count) if shares else {}
    kept: list[dict[str, Any]] = []
    seen: set[Hashable] = set()
    per_kind: Counter[tuple[str, int]] = Counter()
    examined = 0
    for candidate in module.mine_candidates(seed):
        if len(kept) >= count:
            break
        examined += 1
        identity = _identity(game, candidate)
        if identity in seen:
            continue
        kind = (candidate["kind"], candidate["turns"])
        if wanted and examined <= patience and per_kind[kind] >= wanted.get(kind, 0):
            continue
        seen.add(identity)
        kept.append(candidate)
        per_kind[kind] += 1
        say(
            f"{game}: {len(kept)}/{count} kept of {examined} candidates "
            f"({time.perf_counter() - started:.0f} s)"
        )
    rated: list[dict[str, Any]] = []
    for number, candidate in enumerate(kept):
        counts = measure(game, candidate, tries, seed=seed * 10_000 + number)
        rated.append(dict(candidate, rating=rating(counts), tries=counts))
        rated[-1]["player_turns"] = player_turns(rated[-1], game)
        say(f"{game}: measured {number + 1}/{len(kept)}: rating {rated[-1]['rating']} {counts}")
    rated.sort(
        key=lambda puzzle: (puzzle["rating"], puzzle["kind"], puzzle["turns"], puzzle["record"])
    )
    for number, puzzle in enumerate(rated):
        puzzle["id"] = f"{game}-{number + 1:03d}"
    command = command_line(game, seed, count, tries, out or f"web/puzzles/{game}.json")
    return document(game, rated, command=command, seed=seed, seconds=time.perf_counter() - started)
