"""Computer player knowledge for Virus War (virus-war.md §§3-6, §11): evaluation, step
ordering and levels.

The search treats every step as one action of the player to move (a turn is up to three
consecutive nodes of the same seat). Everything here works on the bitboards
(:mod:`pyengine.games.virus_war.bitboard`).

**Evaluation** (:meth:`VirusWarHeuristics.features`, for each player P against Q):

* *material* — live symbols, and the enemy symbols P killed (P's fortress cells);
* *reach* — a breadth-first flood by dilation: how many steps P needs to get to each cell,
  where P's fortress cells cost nothing (they are bridges once touched) and P's own dead
  symbols block P. Cells P gets to first are P's *territory* (room to grow, and in
  ``last-move-wins`` the cells left to fill at the end);
* *threats* — Q's live symbols P can kill now (accessible), and within one turn of steps;
* *fortress safety* — P's live symbols that Q's flood never reaches are behind a wall of dead
  Q symbols (a bunker): P can no longer be eliminated. If both players are safe, the standard
  game can only end in a double-pass draw, and ``last-move-wins`` becomes a race for room.

The value is the squashed combination, positive for X, and exactly opposite for O.

**Settled positions** (:meth:`VirusWarHeuristics.settled`): a side with no cell to step on
never gets one back (every cell beside its live symbols and bridges is one of its own dead
symbols, which nothing changes, and the enemy's kills only add more of them), so it passes to
the end. The enemy then eliminates it when its flood reaches every live symbol of that side
(a near-certain win: only the enemy's own pass, a double pass, would spoil it); otherwise, in
the standard game, only a double pass can end the game, a draw.

>>> from pyengine.games.virus_war import VIRUS_WAR
>>> state = VIRUS_WAR.new_initial_state({"size": 6})
>>> for text in ("a1", "b2", "c3", "f6", "e5"):
...     state.apply(text)
>>> x_value, o_value = HEURISTICS.evaluate(state)
>>> x_value == -o_value and -1 < x_value < 1
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.mcts import Candidate, SearchConfig
from pyengine.ai.players import Level
from pyengine.core.game import Action, State
from pyengine.games.virus_war.bitboard import Board, Geometry, dilate, nth_cell, step_mask
from pyengine.games.virus_war.notation import Pass, Step
from pyengine.games.virus_war.rules import VirusWarState
from pyengine.games.virus_war.turn_search import TurnPlanner, TurnSearchConfig

__all__ = [
    "HEURISTICS",
    "LEVELS",
    "Features",
    "VirusWarHeuristics",
    "flood_layers",
    "outside_opponents",
]

# weights of the evaluation (X's point of view), squashed by tanh(_SCALE * total)
_MATERIAL = 2.0  # (live X - live O) / (live X + live O + 4)
_KILLS = 0.6  # (fortress X - fortress O) / (both + 4): walls and past kills
_TERRITORY = 3.0  # (territory X - territory O) / cells
_EXPOSED = 1.0  # share of the enemy's live symbols within one turn of steps
_THREATS = 0.6  # immediate kills available, balance
_TEMPO = 0.12  # per step left to the player to move
_SAFE = 0.8  # a player whom the enemy can never eliminate
_SCALE = 1.2
_SETTLED = 0.96  # the value of a side that can never move again and will be eliminated
_NEAR_VARIETY = 0.02  # the final choice: any candidate this close to the best value ...
_VARIETY_VISITS = 0.6  # ... with at least this share of the best one's visits


def flood_layers(geometry: Geometry, board: Board, player: int, limit: int = 64) -> list[int]:
    """Cumulative masks of the cells ``player`` can get to in 0, 1, 2, … steps, ignoring the
    enemy's replies: layer 0 is the live symbols with their bridges, each next layer adds the
    neighbours of the previous one that ``player`` may enter (anything but its own dead
    symbols: empty cells, enemy symbols to kill, its fortress cells), and fortress cells join
    at no cost with their whole group. The last layer is everything ever reachable.

    >>> from pyengine.games.virus_war.bitboard import board_geometry, cells_of
    >>> geometry = board_geometry(6)
    >>> layers = flood_layers(geometry, (1, 1 << 35, 0, 0), 0)
    >>> cells_of(layers[1]), len(layers)
    ([0, 1, 6, 7], 6)
    """
    own_live = board[player]
    if not (own_live | board[2 + player]):  # no symbol yet: everything starts at home
        home = geometry.home_bits[player]
        own_live = home if not (home & (board[1 - player] | board[3 - player])) else 0
    if not own_live:
        return [0]
    fortress = board[3 - player]
    passable = geometry.full & ~board[2 + player]
    current = _with_groups(geometry, own_live, fortress)
    layers = [current]
    while len(layers) <= limit:
        grown = dilate(geometry, current) & passable
        grown = _with_groups(geometry, grown, fortress)
        if grown == current:
            break
        layers.append(grown)
        current = grown
    return layers


def _with_groups(geometry: Geometry, mask: int, fortress: int) -> int:
    """``mask`` plus the whole fortress groups touching it (bridges cost no step)."""
    seeds = dilate(geometry, mask) & fortress & ~mask
    if not seeds:
        return mask
    while True:
        grown = dilate(geometry, seeds) & fortress
        if grown == seeds:
            break
        seeds = grown
    return mask | seeds


@dataclass(frozen=True, slots=True)
class Features:
    """What the evaluation looks at, per player ``(X, O)``."""

    live: tuple[int, int]
    fortress: tuple[int, int]  # dead enemy symbols (the player's walls)
    territory: tuple[int, int]  # cells the player gets to strictly first
    exposed: tuple[float, float]  # share of the player's live symbols the enemy reaches in 3
    threats: tuple[int, int]  # enemy live symbols the player can kill right now
    safe: tuple[bool, bool]  # some live symbol the enemy can never reach


class VirusWarHeuristics(Heuristics):
    """Virus War's evaluation, step ordering and playout policy (see the module docs)."""

    exact_terminals = True

    def features(self, state: VirusWarState) -> Features:
        """The features of the position (see :class:`Features`)."""
        geometry = state.geometry
        board = state.board
        layers = (flood_layers(geometry, board, 0), flood_layers(geometry, board, 1))
        territory = [0, 0]
        free = geometry.full & ~(board[2] | board[3])
        for player in (0, 1):
            own = layers[player]
            other = layers[1 - player]
            last_other = len(other) - 1
            count = 0
            for depth in range(1, len(own)):
                new = own[depth] & ~own[depth - 1] & free
                if new:
                    count += (new & ~other[min(depth, last_other)]).bit_count()
            territory[player] = count
        live = (board[0].bit_count(), board[1].bit_count())
        exposed = [0.0, 0.0]
        threats = [0, 0]
        safe = [False, False]
        for player in (0, 1):
            enemy_layers = layers[1 - player]
            own_live = board[player]
            if live[player]:
                within = enemy_layers[min(3, len(enemy_layers) - 1)]
                exposed[player] = (own_live & within).bit_count() / live[player]
                safe[player] = bool(own_live & ~enemy_layers[-1])
            enemy_reach = layers[1 - player]
            threats[1 - player] = (own_live & enemy_reach[min(1, len(enemy_reach) - 1)]).bit_count()
        return Features(
            live,
            (board[3].bit_count(), board[2].bit_count()),
            (territory[0], territory[1]),
            (exposed[0], exposed[1]),
            (threats[0], threats[1]),
            (safe[0], safe[1]),
        )

    def score(self, state: VirusWarState) -> float:
        """The unsquashed evaluation for X."""
        f = self.features(state)
        area = state.geometry.area
        live_x, live_o = f.live
        fort_x, fort_o = f.fortress
        x = _MATERIAL * (live_x - live_o) / (live_x + live_o + 4)
        x += _KILLS * (fort_x - fort_o) / (fort_x + fort_o + 4)
        territory = (f.territory[0] - f.territory[1]) / area
        x += _TERRITORY * territory
        x += _EXPOSED * (f.exposed[1] - f.exposed[0])
        threats_x, threats_o = f.threats
        x += _THREATS * (threats_x - threats_o) / (threats_x + threats_o + 2)
        mover = state.to_move
        left = 3 - len(state.turn_steps)
        x += _TEMPO * left * (1 if mover == 0 else -1)
        safe_x, safe_o = f.safe
        last_move_wins = state.options["variant"] == "last-move-wins"
        if safe_x and safe_o:
            # nobody can be eliminated any more: a draw by double pass in the standard game,
            # a race for room to fill in last-move-wins
            return 3.0 * _TERRITORY * territory if last_move_wins else 0.15 * x
        if safe_x:
            x = max(x, 0.0) + _SAFE
        elif safe_o:
            x = min(x, 0.0) - _SAFE
        return x

    def evaluate(self, state: State) -> tuple[float, ...]:
        """X's and O's values in (-1, 1), opposite numbers."""
        assert isinstance(state, VirusWarState)
        value = math.tanh(_SCALE * self.score(state))
        return value, -value

    def settled(self, state: State) -> tuple[float, ...] | None:
        """X's and O's values when a side can never step again (see the module docs): about
        -1 for it and +1 for the enemy when the enemy's flood reaches all its live symbols,
        0 each when they cannot be reached (standard: the double pass's draw); None while
        both sides can step (or, in ``last-move-wins``, when neither can)."""
        assert isinstance(state, VirusWarState)
        if state.is_terminal():
            return None
        geometry, board = state.geometry, state.board
        frozen = [not step_mask(geometry, board, player) for player in (0, 1)]
        standard = state.options["variant"] == "standard"
        for player in (0, 1):
            if not frozen[player]:
                continue
            enemy = 1 - player
            if frozen[enemy]:
                return (0.0, 0.0) if standard else None
            if standard and board[player] & ~flood_layers(geometry, board, enemy)[-1]:
                return (0.0, 0.0)
            return (-_SETTLED, _SETTLED) if player == 0 else (_SETTLED, -_SETTLED)
        return None

    def order(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """Kills first (those of the last enemy symbols first of all), then placements next
        to enemy symbols, then the other placements, and a pass last."""
        assert isinstance(state, VirusWarState)
        board = state.board
        player = state.to_move
        enemy_live = board[1 - player]
        near_enemy = dilate(state.geometry, enemy_live)
        size = state.size
        kills: list[Action] = []
        near: list[Action] = []
        rest: list[Action] = []
        passes: list[Action] = []
        for action in actions:
            if type(action) is Pass:
                passes.append(action)
                continue
            assert isinstance(action, Step)
            bit = 1 << (action.cell.rank * size + action.cell.file)
            if bit & enemy_live:
                kills.append(action)
            elif bit & near_enemy:
                near.append(action)
            else:
                rest.append(action)
        return kills + near + rest + passes

    def choose(
        self, state: State, candidates: Sequence[Candidate], rng: random.Random
    ) -> Action | None:
        """The final choice at the root: a proven result stays; otherwise one of the
        candidates nearly as good and nearly as visited as the best, at random (the seeded
        ``rng``), so that games vary."""
        top = candidates[0]
        if top.proven or len(candidates) == 1:
            return None
        close = [
            candidate
            for candidate in candidates
            if not candidate.proven
            and candidate.value >= top.value - _NEAR_VARIETY
            and candidate.visits >= top.visits * _VARIETY_VISITS
        ]
        return rng.choice(close).action if len(close) > 1 else None

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A playout step: a kill when one is available (mostly), else a random step; a
        pass only when nothing else is legal."""
        assert isinstance(state, VirusWarState)
        mask = state.legal_step_mask()
        if not mask:
            return state.legal_actions()[0]
        kills = mask & state.board[1 - state.to_move]
        pool = kills if kills and rng.random() < 0.8 else mask
        index = nth_cell(pool, rng.randrange(pool.bit_count()))
        return state.geometry.steps[index]


HEURISTICS = VirusWarHeuristics()


# The easy level searches step by step (by iteration budget: the same choice for the same
# seed; every step of a turn is a decision of its own; the time cap is only a safety net). In
# CPython an iteration costs about 0.1 ms on 10x10 (leaf evaluation only: with this
# evaluation, playouts cost more than they give).
#
# Medium and hard search whole turns (:mod:`pyengine.games.virus_war.turn_search`): four
# plies, the mover's best turns by room, the enemy's best replies to each, the mover's best
# answers, then every reply of the enemy; medium keeps 8, 4 and 2 of them, hard 12, 6 and 3.
# A browser runs Python about 2x slower than CPython; the time caps (wall clock, in the
# runtime that plays) bound the long decisions at a turn start: medium's keeps one under a
# second (docs/AI.md gives the think times). In last-move-wins they search step by step.
MEDIUM_TURNS = TurnSearchConfig(widths=(8, 4, 2), time_ms=900.0)
HARD_TURNS = TurnSearchConfig(widths=(12, 6, 3), time_ms=2500.0)
_MEDIUM_STEPS = SearchConfig(iterations=600, time_ms=400.0, exploration=0.7)
_HARD_STEPS = SearchConfig(iterations=4000, time_ms=2500.0, exploration=0.7)

LEVELS: dict[str, Level] = {
    "easy": Level(search=SearchConfig(iterations=60, time_ms=100.0, exploration=0.7), blunder=0.1),
    "medium": Level(search=_MEDIUM_STEPS, think=TurnPlanner(MEDIUM_TURNS)),
    "hard": Level(search=_HARD_STEPS, think=TurnPlanner(HARD_TURNS)),
}


def outside_opponents() -> dict[str, Level]:
    """The outside opponents that measure the levels (:mod:`pyengine.games.virus_war.gauntlet`:
    for the command line and ``bench/ai.py --gauntlet``, never on the site), imported only
    when asked for."""
    from pyengine.games.virus_war.gauntlet import OPPONENTS

    return OPPONENTS
