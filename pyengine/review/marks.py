"""How a move is marked and a player's accuracy, from the drop in the mover's winning chance.

A move's *drop* is the mover's winning chance (0 to 1) with the engine's preferred move minus
its chance after the move played, never below 0. The engine's own move has drop 0 and is
``best``; a forced move (one legal choice) is never marked. Otherwise:

========== ==================
class      drop
========== ==================
fine       below 0.10
inaccuracy 0.10 to below 0.20
mistake    0.20 to below 0.30
blunder    0.30 and more
========== ==================

Lichess marks by the drop of its winning chances on a -1..1 scale at 0.1, 0.2 and 0.3, which
is 0.05, 0.10 and 0.15 of a probability; the review's chances come from a short search and
the games' evaluations, far noisier than a chess engine's, so its thresholds are twice as wide
on the probability scale (the numbers lichess writes, read as probabilities).

**Accuracy** (lichess's "accuracy from win% loss"): each judged move scores
``103.1668 * exp(-0.04354 * d) - 3.1669 + 1`` with ``d`` the drop in percentage points (the
``+ 1`` is lichess's allowance for an imperfect analysis), kept within 0..100, so the engine's
move scores 100, a drop of 10 points 64.6 and one of 30 points 25.8. A player's accuracy is
the mean of the arithmetic and the harmonic mean of their judged moves' scores (the harmonic
mean, with each score at least 1, weighs the worst moves more, as lichess's does); none when
the player made no judged move.

>>> classify(0.0, best=True), classify(0.04), classify(0.1), classify(0.25), classify(0.5)
('best', 'fine', 'inaccuracy', 'mistake', 'blunder')
>>> move_accuracy(0.0), round(move_accuracy(0.1), 1), round(move_accuracy(0.3), 1)
(100.0, 64.6, 25.8)
>>> player_accuracy([100.0, 100.0]), player_accuracy([100.0, 50.0]), player_accuracy([])
(100.0, 70.8, None)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = [
    "CLASSES",
    "MARKED",
    "THRESHOLDS",
    "classify",
    "move_accuracy",
    "player_accuracy",
]

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.30),
    ("mistake", 0.20),
    ("inaccuracy", 0.10),
)
"""The marks and the least drop of each, worst first."""

CLASSES = ("best", "fine", "inaccuracy", "mistake", "blunder")
"""Every class of a judged move, best first."""

MARKED = ("inaccuracy", "mistake", "blunder")
"""The classes a review marks (and counts per player)."""


def classify(drop: float, *, best: bool = False) -> str:
    """The class of a judged move whose mover's chance dropped by ``drop`` (0..1); ``best``:
    the move is the engine's preferred one."""
    if best:
        return "best"
    for name, least in THRESHOLDS:
        if drop >= least:
            return name
    return "fine"


def move_accuracy(drop: float) -> float:
    """A judged move's accuracy score, 0..100, from its drop (0..1)."""
    points = max(0.0, drop) * 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * points) - 3.166924740191411
    return min(100.0, max(0.0, raw + 1.0))


def player_accuracy(scores: Sequence[float]) -> float | None:
    """A player's accuracy from the scores of their judged moves (see the module docs),
    rounded to a tenth; ``None`` without any."""
    if not scores:
        return None
    mean = sum(scores) / len(scores)
    harmonic = len(scores) / sum(1.0 / max(1.0, score) for score in scores)
    return round((mean + harmonic) / 2.0, 1)
