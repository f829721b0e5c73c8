"""What a game tells the search about itself: :class:`Heuristics`.

The search in :mod:`pyengine.ai.mcts` knows games only through the engine contract
(:class:`~pyengine.core.game.State`) and one ``Heuristics`` object per game, defined in the
game's own ``ai.py`` (``pyengine/games/<game>/ai.py``, attribute ``HEURISTICS``). Every method
has a neutral default, so a game without knowledge still gets plain MCTS with random playouts.

Values are tuples with one number per seat in ``[-1, 1]`` (+1 a sure win, -1 a sure loss), the
scale of :meth:`~pyengine.core.game.Result.returns`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pyengine.core.game import Action, State

if TYPE_CHECKING:
    from pyengine.ai.mcts import Candidate

__all__ = ["Heuristics"]


class Heuristics:
    """Per-game knowledge for the search; subclass it in ``pyengine/games/<game>/ai.py``."""

    #: True when :meth:`terminal_values` only gives -1, 0 or +1 and the game has no chance or
    #: hidden information, so that a proven win may be propagated (MCTS-Solver).
    exact_terminals: bool = True

    def terminal_values(self, state: State) -> tuple[float, ...]:
        """The value of a finished game for every seat (default: +1 winners, -1 losers)."""
        return state.returns()

    def evaluate(self, state: State) -> tuple[float, ...]:
        """An estimate of an unfinished position for every seat (default: all 0, unknown)."""
        return tuple(0.0 for _ in range(state.num_players))

    def settled(self, state: State) -> tuple[float, ...] | None:
        """Every seat's value in an unfinished position whose result is already decided (a
        side that can never move again), on the scale of :meth:`evaluate`; None when the game
        is still open (the default)."""
        return None

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """The playout policy: one action for the seat to move (default: uniform random)."""
        return rng.choice(state.legal_actions())

    def sample(self, state: State, rng: random.Random) -> State | None:
        """A copy of ``state`` in which what the deciding seat cannot know (future dice,
        other seats' secrets) is redrawn from ``rng``, or ``None`` when the game has no
        chance and no hidden information (the default). When this returns states, the
        search is open-loop: each iteration searches one such sample."""
        return None

    def order(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """The order in which unexpanded actions are tried (best first); default as given
        (the search then shuffles them)."""
        return actions

    def ordered(self) -> bool:
        """True when :meth:`order` ranks actions, so the search expands them in that order."""
        return type(self).order is not Heuristics.order

    def shortcut(self, state: State, rng: random.Random) -> Action | None:
        """A decision taken without search (a forced or book move, a secret setup), or None."""
        return None

    def choose(
        self, state: State, candidates: Sequence[Candidate], rng: random.Random
    ) -> Action | None:
        """The final choice among the searched root ``candidates`` (ranked best first, see
        :meth:`~pyengine.ai.mcts.Search.candidates`), or None to play the first (the
        default). A game may prefer, among near-equal candidates, one that fits a known
        strategy or vary its play with ``rng``; ``rng`` is seeded by the search, the same on
        every call, so the choice is stable and reproducible."""
        return None
