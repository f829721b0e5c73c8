"""A seeded random number generator whose state survives a JSON round trip.

For the dice games and for seeded bots: wrap :class:`random.Random`, expose the few draws the
engine needs, and save/restore the exact generator state as JSON-able data.

>>> rng = SeededRandom(7)
>>> saved = rng.to_json()
>>> first = [rng.randint(1, 6) for _ in range(5)]
>>> SeededRandom.from_json(saved).randint(1, 6) == first[0]
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

__all__ = ["SeededRandom"]

T = TypeVar("T")

_STATE_LENGTH = 625  # Mersenne Twister: 624 words plus the position index


class SeededRandom:
    """A :class:`random.Random` with a JSON-able state (``getstate``/``setstate``)."""

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("the seed must be an int")
        self.seed = seed
        self._random = random.Random(seed)

    def random(self) -> float:
        return self._random.random()

    def randint(self, low: int, high: int) -> int:
        """An integer from ``low`` to ``high`` inclusive (a die: ``randint(1, 6)``)."""
        return self._random.randint(low, high)

    def randrange(self, stop: int) -> int:
        return self._random.randrange(stop)

    def choice(self, items: Sequence[T]) -> T:
        return self._random.choice(items)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._random.shuffle(items)

    def getstate(self) -> dict[str, Any]:
        """The generator state as JSON-able data."""
        version, internal, gauss_next = self._random.getstate()
        return {"version": version, "internal": list(internal), "gauss_next": gauss_next}

    def setstate(self, state: dict[str, Any]) -> None:
        """Restore a state from :meth:`getstate` (raises ``ValueError`` if it is malformed)."""
        try:
            version = state["version"]
            internal = state["internal"]
            gauss_next = state["gauss_next"]
        except (KeyError, TypeError):
            raise ValueError("a random state needs version, internal and gauss_next") from None
        if (
            not isinstance(internal, list)
            or len(internal) != _STATE_LENGTH
            or not all(type(word) is int and 0 <= word < 2**32 for word in internal[:-1])
            or type(internal[-1]) is not int
            or not 0 <= internal[-1] <= 624
        ):
            raise ValueError("malformed random state: internal must be 625 integers")
        if gauss_next is not None and not isinstance(gauss_next, float):
            raise ValueError("malformed random state: gauss_next must be a float or null")
        try:
            self._random.setstate((version, tuple(internal), gauss_next))
        except (TypeError, ValueError) as error:
            raise ValueError(f"malformed random state: {error}") from None

    def to_json(self) -> dict[str, Any]:
        """``{"seed": ..., "state": getstate()}``."""
        return {"seed": self.seed, "state": self.getstate()}

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> SeededRandom:
        """The generator saved by :meth:`to_json`, continuing exactly where it stopped."""
        try:
            seed = document["seed"]
            state = document["state"]
        except (KeyError, TypeError):
            raise ValueError("a saved generator needs seed and state") from None
        if type(seed) is not int:
            raise ValueError("the seed must be an int")
        generator = cls(seed)
        generator.setstate(state)
        return generator
