"""Computer player knowledge for Fight the Virus (fight-the-virus.md, §7 non-normative):
:data:`HEURISTICS`, :data:`LEVELS` and :data:`EXTRA_KINDS`.

Every decision of a seat goes through one ``choose(state, rng)``: ``roll``, ``reroll``/
``keep``, die uses with or without AP raises (active or passive, the extra die of an X square),
``pass``, bonus placements and ``b-``. A decision with a single legal action is taken by the
shortcut without thinking.

* ``greedy`` (an extra kind) is :class:`~.bots.GreedyBot` unchanged.
* ``easy`` ranks the decisions as the greedy player does (:func:`greedy_ranking`) but now and
  then plays one of the next best instead of the best.
* ``medium`` is the greedy player with :data:`LANE_WEIGHTS`: a passive die goes to the
  analysis only when a shape there is worth clearly more than a use outside it.
* ``hard`` improves medium by simulation (:func:`lookahead_choice`): it keeps medium's best
  few decisions, plays each out several times with medium's player for every seat over
  *redrawn* future dice (common dice for every candidate, so the comparison is
  fair), and takes the one whose deciding seat crosses ``R12`` soonest on average (runs that
  do not finish inside the horizon are completed by :func:`turns_left`, an estimate). Obvious
  decisions (a clear greedy favourite) are taken at once.

The dice of a game come from its seeded stream (§5.2), which a plain clone shares, so a search
would see the future dice; :meth:`FightTheVirusHeuristics.sample` returns a clone with a fresh
stream: the dice already drawn stay in the state, the future ones are redrawn. The generic
search (:mod:`pyengine.ai.mcts`) can use :data:`HEURISTICS` (open-loop, greedy playouts), but
the levels do not: with hundreds of uses per decision the simulation above is far stronger for
the same time.

>>> from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
>>> from pyengine.ai.players import make_player
>>> state = FIGHT_THE_VIRUS.new_initial_state({"mode": "solo", "players": 1, "seed": 3})
>>> state.apply("roll")
>>> player = make_player("fight-the-virus", "medium", seed=1)
>>> state.is_legal(player.choose(state))
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pyengine.ai.clock import cpu_ms
from pyengine.ai.heuristics import Heuristics
from pyengine.ai.players import Level
from pyengine.core.game import Action, State
from pyengine.games.fight_the_virus.bots import NEEDED_CURVE, NEEDED_TESTS, GreedyBot
from pyengine.games.fight_the_virus.legal import legal_uses
from pyengine.games.fight_the_virus.notation import Bonus, Keep, Pass, Reroll, Use
from pyengine.games.fight_the_virus.player_sheet import CURVE_INDEX, TESTING_INDEX, PlayerSheet
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import RESEARCH_SQUARES, SPIKE_MASK, need
from pyengine.games.fight_the_virus.turns import CAP_TURNS, DiceStream

__all__ = [
    "EXTRA_KINDS",
    "HARD",
    "HEURISTICS",
    "LEVELS",
    "FightTheVirusHeuristics",
    "Lookahead",
    "easy_choice",
    "greedy_choice",
    "greedy_ranking",
    "lookahead_choice",
    "resample",
    "solo_value",
    "turns_left",
]

EXTRA_KINDS = ("greedy",)
"""Kinds offered besides random/easy/medium/hard: the hand-written greedy player."""

_TESTS = tuple(TESTING_INDEX[cell] for cell in sorted(NEEDED_TESTS))
_CURVE = tuple(CURVE_INDEX[square] for square in sorted(NEEDED_CURVE))
_SPIKES = SPIKE_MASK.bit_count()


def resample(state: FightTheVirusState, rng: random.Random) -> FightTheVirusState:
    """A clone of ``state`` whose future dice are redrawn from ``rng``: the dice on the table
    (``dice``, ``drawn``) and the whole history stay, the original is untouched."""
    twin = state.clone()
    twin._stream = DiceStream(rng.getrandbits(62))
    return twin


def turns_left(sheet: PlayerSheet) -> float:
    """A rough estimate of the turns a sheet still needs to cross ``R12`` (0 once crossed;
    :data:`~.turns.CAP_TURNS` for a hopeless sheet), from its research squares, the red targets
    still missing (and the cells under them), spikes still to cover and the AP budget."""
    if sheet.research >= RESEARCH_SQUARES:
        return 0.0
    if sheet.hopeless():
        return float(CAP_TURNS)
    squares = RESEARCH_SQUARES - sheet.research
    tests = sum(1 for index in _TESTS if not sheet.tests[index])
    curve = sum(1 for index in _CURVE if not sheet.squares[index])
    spikes = _SPIKES - sheet.spikes_covered
    short = max(0, need(sheet.research + 1) - sheet.active)
    slack = sheet.active + sheet.blank - need(sheet.research + 1)
    research_turns = 1.35 * squares + 0.25 * short
    other_turns = 0.45 * (tests + curve) + 0.12 * spikes
    return (
        max(research_turns, other_turns)
        + 0.35 * min(research_turns, other_turns)
        + (1.5 if slack < 2 else 0.0)
    )


def solo_value(turns: float) -> float:
    """A solo score (turns to the vaccine, fewer is better) as a value in (-0.6, 1]; a lost
    solo game is -1."""
    return 0.2 + 0.8 * math.tanh((30.0 - turns) / 8.0)


class FightTheVirusHeuristics(Heuristics):
    """The search's knowledge of Fight the Virus: dice are chance, so no exact terminals."""

    exact_terminals = False

    def terminal_values(self, state: State) -> tuple[float, ...]:
        """Several players: winners +1, everybody else -1 (nobody won: all -1). Solo: the
        score mapped by :func:`solo_value`, a lost game -1."""
        assert isinstance(state, FightTheVirusState)
        winners = state.winners
        if state.num_players == 1:
            return (solo_value(state.turn) if winners else -1.0,)
        return tuple(1.0 if seat in winners else -1.0 for seat in range(state.num_players))

    def evaluate(self, state: State) -> tuple[float, ...]:
        """From :func:`turns_left`: solo as a score; several players by the gap to the fastest
        rival."""
        assert isinstance(state, FightTheVirusState)
        finish = [state.turn + turns_left(sheet) for sheet in state.sheets]
        if state.num_players == 1:
            return (solo_value(finish[0]) if finish[0] < CAP_TURNS else -1.0,)
        values = []
        for seat, mine in enumerate(finish):
            rival = min(other for index, other in enumerate(finish) if index != seat)
            values.append(math.tanh((rival - mine) / 4.0))
        return tuple(values)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """The greedy player's decision."""
        assert isinstance(state, FightTheVirusState)
        return _greedy(rng).choose(state)

    def sample(self, state: State, rng: random.Random) -> State | None:
        """:func:`resample`: the future dice redrawn."""
        assert isinstance(state, FightTheVirusState)
        return resample(state, rng)

    def shortcut(self, state: State, rng: random.Random) -> Action | None:
        """A decision with one legal action (``roll``, a forced use) needs no thought."""
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None


HEURISTICS = FightTheVirusHeuristics()


LANE_WEIGHTS: dict[str, float] = {"passive_analysis": 10.0}
"""What the medium and hard levels change in the greedy player's weights: a passive die is
worth 10 points less in the analysis. Outside the analysis an active player has one die per
turn, and that lane must carry 12 research squares and the 15 testing cells and curve squares
the red targets need, while the analysis gets a die every active turn anyway; so the passive
die belongs outside it unless a shape there is worth much more
(docs/decisions/fight-the-virus-hand-written-levels.md)."""


def _greedy(rng: random.Random, weights: dict[str, float] | None = None) -> GreedyBot:
    """A greedy player (with ``weights`` changed) drawing its tie-breaks from ``rng``."""
    bot = GreedyBot()
    bot.weights.update(weights or {})
    bot.random = rng
    return bot


def greedy_ranking(
    state: FightTheVirusState, rng: random.Random, weights: dict[str, float] | None = None
) -> list[tuple[float, Action]]:
    """Every legal decision with the greedy player's score (with ``weights`` changed), best
    first (ties in ``rng``'s order). ``pass`` and ``b-`` score 0 (the greedy player takes them
    when nothing scores more); ``keep`` scores the best turn the dice allow and ``reroll`` the
    greedy player's re-roll threshold."""
    bot = _greedy(rng, weights)
    legal = state.legal_actions()
    seat = state.current_player()
    sheet = state.sheet(seat)
    scored: list[tuple[float, Action]]
    if state.phase == "reroll-or-keep":
        assert state.dice is not None
        uses = legal_uses(sheet, state.dice, 0b11, "AO")
        top = max((score for score, _ in bot._pair_scores(sheet, uses, state.dice)), default=0.0)
        scored = [(top, Keep()), (bot.weights["reroll_below"], Reroll())]
    elif state.phase == "bonus":
        scored = [
            (bot._bonus_score(sheet, action), action)
            if isinstance(action, Bonus)
            else (0.0, action)
            for action in legal
        ]
    elif state.phase == "use":
        part = state.part()
        assert part is not None and state.dice is not None
        uses = [action for action in legal if isinstance(action, Use)]
        if part.role == "active" and part.areas == "ARTC":
            scored = list(bot._pair_scores(sheet, uses, state.dice))
        else:
            passive = seat not in state.active
            scored = [(bot.score(sheet, use, passive=passive), use) for use in uses]
        scored += [(0.0, action) for action in legal if isinstance(action, Pass)]
    else:
        scored = [(0.0, action) for action in legal]
    rng.shuffle(scored)
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored


def easy_choice(state: State, rng: random.Random) -> Action:
    """The easy level: the greedy ranking, but one time in three a random one of the four
    best decisions that do not waste APs (score above -50) instead of the best."""
    assert isinstance(state, FightTheVirusState)
    ranked = greedy_ranking(state, rng)
    if rng.random() < 1 / 3:
        sound = [action for score, action in ranked[:4] if score > -50.0]
        if sound:
            return rng.choice(sound)
    return ranked[0][1]


def greedy_choice(state: State, rng: random.Random) -> Action:
    """The greedy player (:class:`~.bots.GreedyBot`) with ``rng`` for its tie-breaks."""
    assert isinstance(state, FightTheVirusState)
    return _greedy(rng).choose(state)


def lane_choice(state: State, rng: random.Random) -> Action:
    """The medium level: the greedy player with :data:`LANE_WEIGHTS`."""
    assert isinstance(state, FightTheVirusState)
    return _greedy(rng, LANE_WEIGHTS).choose(state)


@dataclass(frozen=True, slots=True)
class Lookahead:
    """The shape of the hard level's simulation: ``candidates`` greedy favourites compared,
    ``samples`` dice futures each (the same for every candidate), ``horizon`` turns per
    playout before :func:`turns_left` takes over, ``margin`` a greedy score lead that makes a
    decision obvious, ``time_ms`` a cap on the whole decision; ``weights`` what the greedy
    player it improves (and plays out, for every seat) changes in its weights."""

    candidates: int = 3
    samples: int = 3
    horizon: int = 6
    margin: float = 10.0
    time_ms: float = 800.0
    weights: tuple[tuple[str, float], ...] = tuple(LANE_WEIGHTS.items())


HARD = Lookahead(samples=8)
"""The hard level's simulation: each candidate is played out over 8 dice futures."""


def _playout(
    state: FightTheVirusState,
    seat: int,
    action: Action,
    seed: int,
    horizon: int,
    weights: dict[str, float],
) -> float:
    """Play ``action`` then the greedy player (with ``weights`` changed) for every seat over
    dice drawn from ``seed`` until ``seat`` crosses ``R12``, the game ends or ``horizon`` more
    turns; the turn (estimated when not reached) at which ``seat`` crosses ``R12``."""
    twin = resample(state, random.Random(seed))
    twin.apply_unchecked(action)
    bot = _greedy(random.Random(seed), weights)
    last = state.turn + horizon
    while twin._phase != "over" and twin._turn <= last:
        if twin._sheets[seat].research >= RESEARCH_SQUARES:
            return float(twin._turn)
        legal = twin.legal_actions()
        twin.apply_unchecked(legal[0] if len(legal) == 1 else bot.choose(twin))
    sheet = twin._sheets[seat]
    if sheet.research >= RESEARCH_SQUARES:
        return float(twin._turn)
    return twin._turn + turns_left(sheet)


def lookahead_choice(state: State, rng: random.Random, config: Lookahead = HARD) -> Action:
    """The hard level: the favourites of the greedy player with ``config.weights`` compared by
    simulation (see the module docs)."""
    assert isinstance(state, FightTheVirusState)
    weights = dict(config.weights)
    ranked = greedy_ranking(state, rng, weights)
    if len(ranked) == 1:
        return ranked[0][1]
    if ranked[0][0] - ranked[1][0] >= config.margin:
        return ranked[0][1]
    candidates: list[Action] = []
    for score, action in ranked:
        if len(candidates) >= config.candidates:
            break
        if score > -50.0 or not candidates:
            candidates.append(action)
    if len(candidates) == 1:
        return candidates[0]
    seat = state.current_player()
    totals = [0.0] * len(candidates)
    deadline = cpu_ms() + config.time_ms
    rounds = 0
    for _ in range(config.samples):
        seed = rng.getrandbits(62)
        results = []
        for action in candidates:
            results.append(_playout(state, seat, action, seed, config.horizon, weights))
            if rounds and cpu_ms() > deadline:
                break
        else:  # only complete rounds count: every candidate saw the same dice
            totals = [total + result for total, result in zip(totals, results, strict=True)]
            rounds += 1
            continue
        break
    best = min(range(len(candidates)), key=lambda index: (totals[index], index))
    return candidates[best]


def _hard_choice(state: State, rng: random.Random) -> Action:
    return lookahead_choice(state, rng, HARD)


LEVELS: dict[str, Level] = {
    "greedy": Level(search=None, choose=greedy_choice),
    "easy": Level(search=None, choose=easy_choice),
    "medium": Level(search=None, choose=lane_choice),
    "hard": Level(search=None, choose=_hard_choice),
}
"""``greedy``: the greedy player; ``easy``: a noisy greedy player; ``medium``: the greedy
player with :data:`LANE_WEIGHTS`; ``hard``: medium improved by simulation
(:func:`lookahead_choice`)."""
