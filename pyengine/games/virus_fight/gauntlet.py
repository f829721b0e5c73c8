"""The outside opponent for Virus Fight: ``greedy``, one decision ahead on material.

**Play.** For every legal action of the decision (an effect, a marker step, a jump),
:func:`choose` applies it to a copy and keeps the one whose resulting position
:func:`evaluate` rates best for the acting seat; equal ones go to the player's seeded random
number generator. A finished game is worth ±:data:`WIN` (its result's return); a seat
without its marker has been eliminated (virus-fight.md §6.7) and is worth -:data:`WIN`, so an
effect that leaves the marker no step (the engine then eliminates the seat at once) is never
chosen when another exists. Otherwise the value is the seat's material minus that of the
richest other surviving seat (any number of players), where a seat's material
(:func:`material`) is what the rules make count: the pieces in its supply (captured ones
included; the §7.4 stop score, with its pips as the tie-break) plus :data:`BLOCK` per piece of
its active block (the block holding its marked piece: the program it runs). Ownership of
pieces on the board is cosmetic (§4), so it is not counted.

**Decisions where one ply of material means nothing.**

* The secret program (§3): a uniformly random legal program of the seat's own segment
  (four times in five it fills the segment, up to five pieces, in a random order), the
  same distribution as the ``random`` player's. The board stays empty until every program
  is revealed, so an evaluation after one setup could not tell programs apart.
* A stop vote (§7.2): accept exactly when §7.4's stop scoring would make the seat the sole
  winner. (The opponent never proposes a stop itself: proposals are not legal actions.)

**Hidden information.** The only secret in the game is the programs during setup, and the
setup choice reads nothing but the seat's own segment (through the legal list), never the
programs other seats have submitted. From the reveal on, everything (board, markers,
supplies) is public, and so is all this opponent reads; Virus Fight's heuristics define no
``sample`` either. The level brings a plain :class:`~pyengine.ai.heuristics.Heuristics`
(no shortcut), so the game's own setup book and stop answers, which are our levels'
knowledge, are not used.
"""

from __future__ import annotations

import math
import random

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.players import Level
from pyengine.core.game import Action, State
from pyengine.games.virus_fight.notation import AnswerStop
from pyengine.games.virus_fight.rounds import stop_winners
from pyengine.games.virus_fight.rules import VirusFightState

__all__ = ["BLOCK", "OPPONENTS", "PIPS", "WIN", "choose", "evaluate", "material"]

WIN = 1000.0
"""The value of a won game (a lost one, or an eliminated seat: minus this)."""
BLOCK = 0.5
"""The weight of a piece of the seat's active block, against 1 for a piece in its supply."""
PIPS = 0.01
"""The weight of a pip in the supply (the stop scoring's tie-break)."""


def material(state: VirusFightState, seat: int) -> float:
    """A surviving ``seat``'s material (see the module docs)."""
    supply = state.supply(seat)
    marker = state.marker(seat)
    block = len(state.block(marker)) if marker is not None else 0
    return len(supply) + PIPS * sum(piece.size for piece in supply) + BLOCK * block


def evaluate(state: VirusFightState, seat: int) -> float:
    """The position's value for ``seat``: the result's return times :data:`WIN` when over,
    -:data:`WIN` once eliminated, else its material lead over the richest other survivor."""
    result = state.result()
    if result is not None:
        return WIN * result.returns()[seat]
    if not state.alive(seat):
        return -WIN
    rivals = [
        material(state, other)
        for other in range(state.num_players)
        if other != seat and state.alive(other)
    ]
    return material(state, seat) - max(rivals)


def choose(state: State, rng: random.Random) -> Action:
    """The greedy decision for the seat to act (see the module docs)."""
    assert isinstance(state, VirusFightState)
    seat = state.to_act
    if state.phase == "setup":
        return rng.choice(state.legal_actions())
    if state.decision == "stop-vote":
        seats = range(state.num_players)
        winners, _ = stop_winners(
            [state.supply(other) for other in seats], [state.alive(other) for other in seats]
        )
        return AnswerStop(winners == (seat,))
    work = state.clone()
    best_value = -math.inf
    best: list[Action] = []
    for action in work.legal_actions():
        work.apply_unchecked(action)
        value = evaluate(work, seat)
        work.undo()
        if value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return rng.choice(best)


OPPONENTS: dict[str, Level] = {"greedy": Level(search=None, choose=choose, heuristics=Heuristics())}
