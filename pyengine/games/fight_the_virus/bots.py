"""Fight the Virus computer players (fight-the-virus.md §7, non-normative): :class:`RandomBot`
and :class:`GreedyBot`.

Both answer ``choose(state) -> Action`` for the deciding player of a
:class:`~.rules.FightTheVirusState`, pick only listed decisions, and draw from their own
:class:`random.Random` (never from the game's dice, §5.2).

:class:`GreedyBot` scores each listed use: spikes covered, research squares, the testing and
curve cells the red targets need, bonus value; it keeps enough APs for the research still
ahead (need(k), §4.2), avoids writing a 1 next to a 6 under a red testing cell (and a 6 next to
a 1), and re-rolls a double only when no use scores well. As the active player it scores the
two uses of the turn together (which die goes to the analysis, which outside it).

>>> from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
>>> state = FIGHT_THE_VIRUS.new_initial_state({"mode": "solo", "players": 1, "seed": 5})
>>> bot = GreedyBot(seed=1)
>>> while not state.is_terminal():
...     state.apply(bot.choose(state))
>>> state.result().winners, state.score() is not None
((0,), True)
"""

from __future__ import annotations

import random

from pyengine.core.game import Action
from pyengine.games.fight_the_virus.legal import legal_uses
from pyengine.games.fight_the_virus.notation import Bonus, Decline, Keep, Pass, Reroll, Use
from pyengine.games.fight_the_virus.player_sheet import CURVE_INDEX, TESTING_INDEX, PlayerSheet
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import (
    CURVE_COLUMNS,
    CURVE_EXTRA,
    CURVE_NEIGHBOURS,
    CURVE_RED,
    PLACEMENTS,
    RESEARCH_BONUS,
    RESEARCH_SQUARES,
    SPIKE_MASK,
    TESTING_EXTRA,
    TESTING_RED,
    TESTING_SUPPORTS,
    dilate,
    need,
)

__all__ = ["BONUS_VALUE", "NEEDED_CURVE", "NEEDED_TESTS", "WEIGHTS", "GreedyBot", "RandomBot"]

_MASKS: dict[tuple[str, ...], int] = {
    placement.cells: placement.mask
    for placements in PLACEMENTS.values()
    for placement in placements
}
_ABOVE: dict[str, tuple[str, ...]] = {
    cell: tuple(other for other, supports in TESTING_SUPPORTS.items() if cell in supports)
    for cell in TESTING_SUPPORTS
}


def _needed_tests() -> frozenset[str]:
    """The red testing cells and every cell they rest on, directly or not."""
    needed: set[str] = set()
    stack = list(TESTING_RED)
    while stack:
        cell = stack.pop()
        if cell not in needed:
            needed.add(cell)
            stack.extend(TESTING_SUPPORTS[cell])
    return frozenset(needed)


NEEDED_TESTS = _needed_tests()
"""The 8 testing cells the red targets need (``T00 T01 T02 T03 T04 T11 T12 T21``)."""
NEEDED_CURVE = frozenset(
    [square for red in CURVE_RED for column in CURVE_COLUMNS[: int(red[1])] for square in column]
    + list(CURVE_RED)
)
"""The curve squares the red target ``C33`` needs: itself and the columns before it (columns
are filled left to right; the rest of its own column may stay empty)."""
WIN_SCORE = 1000.0  # a use that wins the game outranks every other
BONUS_VALUE = {"S": 8.0, "N": 6.0, "O": 5.0, None: 0.0}
"""What a triggered bonus is worth to the greedy player, in use-score points."""


class RandomBot:
    """Picks uniformly among the listed decisions, avoiding ``pass`` and ``b-`` when anything
    else is listed (§7)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, state: FightTheVirusState) -> Action:
        legal = state.legal_actions()
        useful = [action for action in legal if not isinstance(action, (Pass, Decline))]
        return self.random.choice(useful or legal)


def _min_cost(square: int) -> int:
    """The fewest APs research square ``square`` can cost (with a 6)."""
    return (max(0, square - 6) + 1) // 2


class GreedyBot:
    """Scores each listed decision and takes the best (ties broken by its own generator).

    The AP budget: every AP spent lowers active + blank fields by one, and research needs
    need(k) of them (§4.2), so a game has a *slack* of active + blank - need(k) fields. Slack
    is best spent on research squares 7-12 with a 4 or 5 instead of waiting for a 6
    (``overpay``); raises elsewhere pay a higher price, and nothing may spend more than the
    slack (that would make the player hopeless).
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, **weights: float) -> None:
        self.random = random.Random(seed)
        self.weights = {**WEIGHTS, **weights}

    # -- decisions ----------------------------------------------------------------------------

    def choose(self, state: FightTheVirusState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        sheet = state.sheet(seat)
        passive = seat not in state.active
        scored: list[tuple[float, Action]]
        if state.phase == "reroll-or-keep":  # the roller is always active
            assert state.dice is not None
            uses = legal_uses(sheet, state.dice, 0b11, "AO")
            top = max(
                (score for score, _ in self._pair_scores(sheet, uses, state.dice)), default=0.0
            )
            return Reroll() if top < self.weights["reroll_below"] else Keep()
        if state.phase == "bonus":
            scored = [
                (self._bonus_score(sheet, action), action)
                for action in legal
                if isinstance(action, Bonus)
            ]
            top, best = self._best(scored)
            return best if top > 0 else Decline()
        part = state.part()
        assert part is not None and state.dice is not None
        uses = [action for action in legal if isinstance(action, Use)]
        if part.role == "active" and part.areas == "ARTC":
            scored = self._pair_scores(sheet, uses, state.dice)
        else:
            scored = [(self.score(sheet, use, passive=passive), use) for use in uses]
        top, best = self._best(scored)
        return best if top > 0 else Pass()

    def _best(self, scored: list[tuple[float, Action]]) -> tuple[float, Action]:
        top = max(score for score, _ in scored)
        return top, self.random.choice([action for score, action in scored if score == top])

    def _pair_scores(
        self, sheet: PlayerSheet, uses: list[Use], dice: tuple[int, int]
    ) -> list[tuple[float, Action]]:
        """Score each first use of an active player together with the best use of the other
        die in the other area (judged on the current sheet)."""
        best: dict[tuple[int, bool], float] = {}
        single = []
        for use in uses:
            score = self.score(sheet, use, passive=False)
            single.append((score, use))
            key = (use.die, use.area == "A")
            best[key] = max(best.get(key, 0.0), score)
        scored: list[tuple[float, Action]] = []
        for score, use in single:
            other = dice[1] if use.die == dice[0] else dice[0]
            follow = best.get((other, use.area != "A"), 0.0)
            # the analysis first: the APs it brings serve the second use
            scored.append((score + follow + (0.5 if use.area == "A" else 0.0), use))
        return scored

    # -- scores -------------------------------------------------------------------------------

    def slack(self, sheet: PlayerSheet) -> int:
        """Fields the player may still spend beyond the research ahead."""
        return sheet.active + sheet.blank - need(sheet.research + 1)

    def score(self, sheet: PlayerSheet, use: Use, *, passive: bool) -> float:
        """How much a use helps (higher is better; ≤ 0 means rather pass)."""
        weights = self.weights
        cost = use.cost
        slack = self.slack(sheet)
        if use.area == "R":
            square = sheet.research + 1
            if square == RESEARCH_SQUARES:
                return WIN_SCORE  # crossing the last square wins: nothing to keep fields for
            overpay = cost - _min_cost(square)
            if overpay and overpay > slack - weights["keep"]:
                return -50.0  # keep a field or so against a double six
            return (
                weights["research"]
                + BONUS_VALUE[RESEARCH_BONUS.get(square)]
                - weights["overpay"] * overpay
            )
        if cost and cost > slack - weights["reserve"]:
            return -50.0  # keep the fields for the research ahead
        price = weights["raise"] * cost
        if use.area == "A":
            lane = weights["passive_analysis"] if passive else 0.0
            return self._shape_score(sheet, _MASKS[use.cells]) - price - lane
        if use.area == "T":
            return self._testing_score(sheet, use.target, use.value, passive) - price
        return self._curve_score(sheet, use.target, use.value, passive) - price

    def _bonus_score(self, sheet: PlayerSheet, bonus: Bonus) -> float:
        if bonus.kind == "S":
            return self._shape_score(sheet, _MASKS[bonus.cells])
        if bonus.kind == "N":
            return self._curve_score(sheet, bonus.target, bonus.value, False)
        return self._testing_score(sheet, bonus.target, 1, False)

    def _shape_score(self, sheet: PlayerSheet, mask: int) -> float:
        weights = self.weights
        covered = (mask & SPIKE_MASK & ~sheet.mask).bit_count()
        after = sheet.mask | mask
        reachable = (dilate(after) & SPIKE_MASK & ~after).bit_count()
        return (
            weights["spike"] * covered
            + weights["reach"] * reachable
            + weights["cell"] * mask.bit_count()
        )

    def _write_score(self, needed: bool, bonus: str | None, extra: bool) -> float:
        """The terms a testing write and a curve write share: a spot the red targets need (or
        a spare one), the bonus the write triggers, and an X square's extra die (``extra``)."""
        weights = self.weights
        score = weights["needed"] if needed else weights["spare"]
        score += BONUS_VALUE[bonus]
        if extra:
            score += weights["extra"]
        return score

    def _testing_score(self, sheet: PlayerSheet, cell: str, value: int, passive: bool) -> float:
        after = sheet.write_testing(cell, value)
        extra = passive and cell in TESTING_EXTRA
        score = self._write_score(
            cell in NEEDED_TESTS, after.testing_bonus(TESTING_INDEX[cell]), extra
        )
        weights = self.weights
        for above in _ABOVE[cell]:
            if above not in NEEDED_TESTS or after.tests[TESTING_INDEX[above]]:
                continue
            sibling = next(other for other in TESTING_SUPPORTS[above] if other != cell)
            beside = after.tests[TESTING_INDEX[sibling]]
            if not beside:
                score -= weights["high"] * (value - 1)
            elif (value == 1) != (beside == 1):  # the cell above must beat the other one
                needed = max(value, beside) + 1
                score -= 25.0 if needed > 6 else weights["high"] * max(0, needed - 3)
        return score

    def _curve_score(self, sheet: PlayerSheet, square: str, value: int, passive: bool) -> float:
        after = sheet.write_curve(square, value)
        bonus = after.curve_bonus(CURVE_INDEX[square])
        score = self._write_score(square in NEEDED_CURVE, bonus, passive and square in CURVE_EXTRA)
        column = after.current_column()
        weights = self.weights
        for other in CURVE_NEIGHBOURS[square]:  # keep the empty neighbours open
            index = CURVE_INDEX[other]
            if not after.squares[index] and column == int(other[1]):
                choices = sum(after.curve_problem(index, number) is None for number in range(1, 7))
                score -= weights["tight"] * max(0, 4 - choices)
        return score


WEIGHTS: dict[str, float] = {
    "research": 24.0,  # crossing a research square
    "overpay": 12.0,  # per AP paid beyond the cheapest way to cross that square
    "raise": 14.0,  # per AP raised outside research
    "keep": 2.0,  # slack kept back from overpaying research
    "reserve": 2.0,  # slack kept back from raises outside research
    "spike": 10.0,  # per spike covered
    "reach": 1.5,  # per uncovered spike next to the analysed cells
    "cell": 0.6,  # per analysed cell
    "needed": 10.0,  # a testing cell or curve square the red targets need
    "spare": 1.5,  # any other testing cell or curve square
    "extra": 6.0,  # an X square filled by a passive player
    "high": 1.0,  # per point of height under a needed testing cell
    "tight": 1.0,  # per choice an empty curve neighbour loses below four
    "reroll_below": 20.0,  # re-roll a double when the best turn scores less
    "passive_analysis": 0.0,  # a passive die used in the analysis (the levels: 10)
}
"""The greedy player's default weights (``GreedyBot(**weights)`` overrides them)."""
