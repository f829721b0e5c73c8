"""How a review judges one move of each game: the mover's chances with the engine's preferred
move and after the move played, at a fixed, seeded budget.

Every judge is a generator (:meth:`Judge.judge`) that yields the work it just did, in *units*
of about one search iteration (0.1 to 0.3 ms in CPython), so a :class:`~pyengine.review.
Reviewer` can run it in slices; what it decides depends only on the position, the seed and the
budget, never on time. Chances are every seat's probability to win, 0..1, made from search
values in -1..1 by :func:`pyengine.controller.thinking.chances` as the evaluation bar makes
them (a draw is 0.5 each).

* **Zebra, Virus Fight, Virus War's last-move-wins** — :class:`SearchJudge`: the hard level's
  Monte Carlo tree search (its exploration and evaluation; Virus Fight's hard evaluation) with
  ``budget`` iterations and no time cap. The search before a move gives the preferred move:
  the best root move, followed down the tree while the same seat's move goes on (a Virus Fight
  turn's marker step; where the tree has not looked, a search of a quarter of the budget picks
  the next action). The chances after the move played are those of the search from the
  position it left (as lichess compares its engine's evaluations before and after a move), the
  chances before it those of a search, alike, from the position the preferred move leaves:
  both sides of the drop are measured the same way (the best root move's own mean is biased
  up, being the largest of several noisy means). A result the search before the move proved (a
  forced win or loss in its tree) is taken as it is. Each position of the game is searched
  once; a position with one legal action is valued after it.
* **Virus War (standard)** — :class:`TurnJudge`: the whole-turn search of the medium and hard
  levels (:mod:`pyengine.games.virus_war.turn_search`), valued by *room*, with no safety net
  (it runs to the end); a room lead is a chance by :data:`ROOM_SCALE`. The preferred move is
  the best turn of a search with beams ``(budget, (budget + 1) // 2)`` (three plies of whole
  turns). Before and after are the chances of the positions the preferred turn and the turn
  played leave, both valued by :meth:`TurnJudge.position_chances`: the mean of a look where
  the side to move has the last word and one where the enemy has it, so a position's chance
  does not swing with who moved last (a search of odd depth favours the side to move, one of
  even depth its enemy); a position where a side can never step again has its settled result
  (:meth:`~pyengine.games.virus_war.ai.VirusWarHeuristics.settled`).
* **Fight the Virus (several players)** — :class:`DiceJudge`: the hard level's simulation.
  Its candidates are the medium level's three best decisions and the decision played; each is
  played out over ``budget`` futures of redrawn dice, the same for every candidate, by the
  medium level for every seat for six turns, then valued by the game's evaluation (the turns
  each seat still needs). The dice drawn after the decision never count: a re-roll is judged
  by what it could bring, not by what it brought. A solo game is not reviewed (it has no
  opponent to win against; its score is the number of turns).
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.mcts import Search, SearchConfig
from pyengine.ai.players import game_ai, game_heuristics
from pyengine.controller.thinking import chances
from pyengine.core.game import Action, State

__all__ = [
    "DEFAULT_BUDGETS",
    "ROOM_SCALE",
    "DiceJudge",
    "Judge",
    "SearchJudge",
    "TurnJudge",
    "Verdict",
    "judge_for",
]

DEFAULT_BUDGETS: dict[str, int] = {
    "zebra": 4000,
    "virus-war": 3,
    "virus-war/steps": 1500,
    "virus-fight": 1000,
    "fight-the-virus": 6,
}
"""The default budget per game: MCTS iterations per position (Zebra, Virus Fight, Virus War's
last-move-wins: ``virus-war/steps``), the first beam of Virus War's whole-turn search, dice
futures per candidate in Fight the Virus. ``bench/review.py`` times them."""

ROOM_SCALE = 26.0
"""Virus War: the room difference (a whole-turn search's value, for the side it searched for)
whose chance is ``(1 + tanh(1)) / 2``, 88 %. Fitted by likelihood to who won, over 720 turn
starts of 14 games between the computer levels on 10×10: with a room lead of 16 to 24 the
side to move won 73 % of those games, of 24 to 32, 92 %; this scale says 82 % at 20 and 91 %
at 30, the turn search's own scale for the chart (12) 97 % and 99 %."""

_CHUNK = 32  # iterations between two yields of a search
_PV_LIMIT = 12  # actions at most in a preferred move
_FORCED_LIMIT = 16  # forced actions followed at most to value a position

Continues = Callable[[State], bool]
Work = Generator[int, None, Any]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a judge says of a move: every seat's chances ``before`` it with the engine's
    preferred move, ``after`` the move played, the preferred move's actions (``best``) and
    whether the move played is that move (``played_best``)."""

    before: list[float]
    after: list[float]
    best: list[Action]
    played_best: bool


class Judge(ABC):
    """Judges the moves of one game at a fixed ``budget`` (see the module docs)."""

    #: A short description of the method, for the review's ``engine`` field.
    method: str = ""

    def __init__(self, game_id: str, budget: int) -> None:
        self.game_id = game_id
        self.budget = budget

    @abstractmethod
    def judge(
        self,
        before: State,
        after: State,
        plies: tuple[int, int],
        seed: Callable[[int], int],
        continues: Continues,
    ) -> Work:
        """Judge the move from ``before`` (after ``plies[0]`` actions) to ``after`` (after
        ``plies[1]``), yielding units of work and returning a :class:`Verdict`. ``seed(ply)``
        is the seed of a search at a position; ``continues(state)`` says whether the mover's
        move is still going on in ``state`` (its next action adds to it)."""

    @abstractmethod
    def prefer(self, state: State, seed: Callable[[int], int], continues: Continues) -> Work:
        """The engine's preferred move in ``state`` (yielding units of work, returning its
        actions): the move :meth:`judge` compares a move played there with."""


def _terminal_chances(state: State, heuristics: Heuristics) -> list[float]:
    return chances(heuristics.terminal_values(state))


def _same_position(before: State, actions: Sequence[Action], after: State) -> bool:
    """Whether playing ``actions`` from ``before`` reaches ``after``'s position."""
    copy = before.clone()
    for action in actions:
        copy.apply_unchecked(action)
    return copy.position_key() == after.position_key()


# -- Monte Carlo tree search ---------------------------------------------------------------


@dataclass(slots=True)
class _Valued:
    chances: list[float]
    search: Search | None
    forced: list[Action]


class SearchJudge(Judge):
    """Moves judged by the hard level's MCTS, ``budget`` iterations per position."""

    def __init__(
        self, game_id: str, budget: int, config: SearchConfig, heuristics: Heuristics
    ) -> None:
        super().__init__(game_id, budget)
        self.config = replace(config, iterations=budget, time_ms=None)
        self.heuristics = heuristics
        self.method = f"mcts, {budget} iterations per position"
        self._valued: dict[int, _Valued] = {}

    def judge(
        self,
        before: State,
        after: State,
        plies: tuple[int, int],
        seed: Callable[[int], int],
        continues: Continues,
    ) -> Work:
        start = yield from self._value(before, plies[0], seed(plies[0]))
        best = yield from self._preferred(before, start, plies[0], seed, continues)
        end = yield from self._value(after, plies[1], seed(plies[1]))
        known_best = _proven(start, best)
        if _same_position(before, best, after):
            values = known_best or end.chances
            return Verdict(values, values, best, True)
        if known_best is None:
            position = before.clone()
            for action in best:
                position.apply_unchecked(action)
            alternative = yield from self._value(position, None, seed(plies[1]) + 1)
            known_best = alternative.chances
        known_played = _proven(start, list(after.history[plies[0] : plies[1]]))
        return Verdict(known_best, known_played or end.chances, best, False)

    def _value(self, state: State, ply: int | None, seed: int) -> Work:
        """The chances in ``state``, searched once per ``ply`` (the actions played in the
        game; ``None``: a position off the game, not kept)."""
        known = None if ply is None else self._valued.get(ply)
        if known is not None:
            return known
        copy = state.clone()
        forced: list[Action] = []
        while not copy.is_terminal() and len(forced) < _FORCED_LIMIT:
            legal = copy.legal_actions()
            if len(legal) != 1:
                break
            forced.append(legal[0])
            copy.apply_unchecked(legal[0])
        if copy.is_terminal():
            valued = _Valued(_terminal_chances(copy, self.heuristics), None, forced)
        else:
            search = yield from self._search(copy, self.config, seed)
            valued = _Valued(chances(_best_values(search)), search, forced)
        if ply is not None:
            self._valued[ply] = valued
        return valued

    def _search(self, state: State, config: SearchConfig, seed: int) -> Work:
        search = Search(state, config, self.heuristics, seed=seed)
        while not search.done:
            done = search.run(iterations=_CHUNK)
            yield max(1, done)
        return search

    def _preferred(
        self,
        before: State,
        valued: _Valued,
        ply: int,
        seed: Callable[[int], int],
        continues: Continues,
    ) -> Work:
        """The preferred move: the forced actions, then the best root move and the tree's
        best replies of the same seat while its move goes on."""
        copy = before.clone()
        actions: list[Action] = []
        for action in valued.forced:
            copy.apply_unchecked(action)
            actions.append(action)
            if not continues(copy):
                return actions
        search = valued.search
        if search is None:
            return actions
        node: Any = search.root
        action = search.candidates()[0].action
        while True:
            copy.apply_unchecked(action)
            actions.append(action)
            if len(actions) >= _PV_LIMIT or not continues(copy):
                return actions
            node = None if node is None else node.children.get(action)
            legal = copy.legal_actions()
            if len(legal) == 1:
                action, node = legal[0], None
            elif node is not None and node.children:
                children = node.children
                action = max(
                    children,
                    key=lambda key: (_proven_win(children[key], copy), children[key].visits),
                )
            else:  # the tree has not looked here: a short search of its own
                config = replace(self.config, iterations=max(50, self.budget // 4))
                sub = yield from self._search(copy, config, seed(ply) + len(actions))
                action = sub.candidates()[0].action
                node = sub.root

    def prefer(self, state: State, seed: Callable[[int], int], continues: Continues) -> Work:
        ply = len(state.history)
        valued = yield from self._value(state, ply, seed(ply))
        best = yield from self._preferred(state, valued, ply, seed, continues)
        return best


def _proven(valued: _Valued, actions: list[Action]) -> list[float] | None:
    """Every seat's chances after ``actions`` from a searched position when its search proved
    their result (exact, so better than any search of the position they reach), else None."""
    search = valued.search
    forced = valued.forced
    if search is None or actions[: len(forced)] != forced:
        return None
    node: Any = search.root
    for action in actions[len(forced) :]:
        node = node.children.get(action)
        if node is None:
            return None
    return None if node.proven is None else chances(node.proven)


def _proven_win(node: Any, state: State) -> bool:
    proven = node.proven
    return proven is not None and proven[state.current_player()] >= 1.0


def _best_values(search: Search) -> tuple[float, ...]:
    """Every seat's value with the search's best root move: its mean, or its proven result."""
    best = search.candidates()[0].action
    child = search.root.children.get(best)
    if child is None or (not child.visits and child.proven is None):
        return search.values()
    return tuple(child.mean(seat) for seat in range(search.num_players))


# -- Virus War's whole turns -----------------------------------------------------------------


class TurnJudge(Judge):
    """Virus War's turns judged by the whole-turn search, beams ``(budget, (budget + 1) //
    2)``; every position valued alike, whoever moved into it (:meth:`position_chances`)."""

    def __init__(self, game_id: str, budget: int) -> None:
        super().__init__(game_id, budget)
        self.widths = (budget, max(1, (budget + 1) // 2))
        self.method = f"whole turns, beams {self.widths[0]} and {self.widths[1]}"
        self.heuristics = game_heuristics(game_id)
        self._valued: dict[int, list[float]] = {}

    def judge(
        self,
        before: State,
        after: State,
        plies: tuple[int, int],
        seed: Callable[[int], int],
        continues: Continues,
    ) -> Work:
        search = yield from self._search(before, self.widths, seed(plies[0]))
        best = list(_turn_actions(search))
        played = self._valued.get(plies[1])
        if played is None:
            played = yield from self.position_chances(after, seed(plies[1]))
            self._valued[plies[1]] = played
        if _same_position(before, best, after):
            return Verdict(played, played, best, True)
        position = before.clone()
        for action in best:
            position.apply_unchecked(action)
        values = yield from self.position_chances(position, seed(plies[1]) + 1)
        return Verdict(values, played, best, False)

    def prefer(self, state: State, seed: Callable[[int], int], continues: Continues) -> Work:
        search = yield from self._search(state, self.widths, seed(len(state.history)))
        return _turn_actions(search)

    def position_chances(self, state: State, seed: int) -> Work:
        """Both sides' chances in ``state`` (at a turn start): its result when over or settled
        (a side that can never step again, :meth:`~pyengine.games.virus_war.ai.
        VirusWarHeuristics.settled`), else the mean of two looks of the whole-turn search, one
        where the side to move has the last word (its best turn) and one where the enemy has
        it (its best reply to each of the mover's best turns), so that who moved last does
        not tip the scale."""
        if state.is_terminal():
            return _terminal_chances(state, self.heuristics)
        settled = self.heuristics.settled(state)
        if settled is not None:
            return chances(settled)
        mover_last = yield from self._search(state, (), seed)
        enemy_last = yield from self._search(state, self.widths[1:], seed)
        both = zip(_turn_chances(mover_last), _turn_chances(enemy_last), strict=True)
        return [round((one + two) / 2.0, 3) for one, two in both]

    def _search(self, state: State, widths: tuple[int, ...], seed: int) -> Work:
        from pyengine.games.virus_war.rules import VirusWarState
        from pyengine.games.virus_war.turn_search import TurnSearch, TurnSearchConfig

        assert isinstance(state, VirusWarState)
        config = TurnSearchConfig(widths=widths, time_ms=math.inf)
        search = TurnSearch(state, config, random.Random(seed))
        while not search.done:
            search.run(max_ms=0.0)  # one piece of the search: at most 512 turns valued
            yield 16
        return search


def _turn_chances(search: Any) -> list[float]:
    """Both sides' chances from a whole-turn search's value (room, for the side it chose for):
    ``(1 + tanh(room / ROOM_SCALE)) / 2``, an elimination 1."""
    from pyengine.games.virus_war.turn_search import WIN

    value = search.value
    if abs(value) >= WIN:
        mine = 1.0 if value > 0 else 0.0
    else:
        mine = round((1.0 + math.tanh(value / ROOM_SCALE)) / 2.0, 3)
    return [mine, round(1.0 - mine, 3)] if search.player == 0 else [round(1.0 - mine, 3), mine]


def _turn_actions(search: Any) -> list[Action]:
    """The whole turn a :class:`~pyengine.games.virus_war.turn_search.TurnSearch` chose."""
    from pyengine.games.virus_war.notation import PASS

    steps = search.state.geometry.steps
    return [steps[index] for index in search.order] if search.order else [PASS]


# -- Fight the Virus's dice -----------------------------------------------------------------

_CANDIDATES = 3
_HORIZON = 6
_PLAYOUT_UNITS = 40


class DiceJudge(Judge):
    """Fight the Virus's decisions judged by simulation over ``budget`` dice futures."""

    def __init__(self, game_id: str, budget: int) -> None:
        super().__init__(game_id, budget)
        self.method = (
            f"simulation, {budget} dice futures per candidate, {_HORIZON} turns, medium's play"
        )
        self.heuristics = game_heuristics(game_id)

    def judge(
        self,
        before: State,
        after: State,
        plies: tuple[int, int],
        seed: Callable[[int], int],
        continues: Continues,
    ) -> Work:
        rng = random.Random(seed(plies[0]))
        candidates = self._candidates(before, rng)
        played = after.history[plies[0]]
        if played not in candidates:
            candidates.append(played)
        means = yield from self._simulate(before, candidates, rng)
        mover = before.current_player()
        best = max(range(len(candidates)), key=lambda index: (means[index][mover], -index))
        played_index = candidates.index(played)
        return Verdict(means[best], means[played_index], [candidates[best]], best == played_index)

    def prefer(self, state: State, seed: Callable[[int], int], continues: Continues) -> Work:
        rng = random.Random(seed(len(state.history)))
        candidates = self._candidates(state, rng)
        means = yield from self._simulate(state, candidates, rng)
        mover = state.current_player()
        best = max(range(len(candidates)), key=lambda index: (means[index][mover], -index))
        return [candidates[best]]

    @staticmethod
    def _candidates(state: State, rng: random.Random) -> list[Action]:
        """The medium level's best decisions (those that waste no APs), at most three."""
        from pyengine.games.fight_the_virus.ai import LANE_WEIGHTS, greedy_ranking
        from pyengine.games.fight_the_virus.rules import FightTheVirusState

        assert isinstance(state, FightTheVirusState)
        candidates: list[Action] = []
        for score, action in greedy_ranking(state, rng, LANE_WEIGHTS):
            if len(candidates) >= _CANDIDATES:
                break
            if score > -50.0 or not candidates:
                candidates.append(action)
        return candidates

    def _simulate(self, state: State, candidates: list[Action], rng: random.Random) -> Work:
        """Every seat's mean chances after each candidate, over :attr:`budget` dice futures
        (the same for every candidate)."""
        from pyengine.games.fight_the_virus.ai import LANE_WEIGHTS

        seats = state.num_players
        totals = [[0.0] * seats for _ in candidates]
        for _ in range(self.budget):
            future = rng.getrandbits(62)
            for index, action in enumerate(candidates):
                outcome = self._playout(state, action, future, dict(LANE_WEIGHTS))
                totals[index] = [a + b for a, b in zip(totals[index], outcome, strict=True)]
                yield _PLAYOUT_UNITS
        return [[round(value / self.budget, 3) for value in total] for total in totals]

    def _playout(
        self, state: State, action: Action, future: int, weights: dict[str, float]
    ) -> list[float]:
        """Every seat's chances after ``action`` and :data:`_HORIZON` turns of the medium
        level's play over the dice of ``future``."""
        from pyengine.games.fight_the_virus.ai import resample
        from pyengine.games.fight_the_virus.bots import GreedyBot
        from pyengine.games.fight_the_virus.rules import FightTheVirusState

        assert isinstance(state, FightTheVirusState)
        twin = resample(state, random.Random(future))
        twin.apply_unchecked(action)
        bot = GreedyBot(future, **weights)
        last = state.turn + _HORIZON
        while not twin.is_terminal() and twin.turn <= last:
            legal = twin.legal_actions()
            twin.apply_unchecked(legal[0] if len(legal) == 1 else bot.choose(twin))
        if twin.is_terminal():
            return _terminal_chances(twin, self.heuristics)
        return chances(self.heuristics.evaluate(twin))


# -- which judge ------------------------------------------------------------------------------


def judge_for(state: State, budget: int | None = None) -> Judge | str:
    """The judge of ``state``'s game at ``budget`` (the game's default when ``None``), or the
    reason why the game is not reviewed: ``"solo"`` (a Fight the Virus solo game) or
    ``"no-search"`` (a game whose hard level does not search)."""
    game_id = state.game.id
    if game_id == "fight-the-virus":
        if state.num_players < 2:
            return "solo"
        return DiceJudge(game_id, budget or DEFAULT_BUDGETS[game_id])
    if game_id == "virus-war" and state.options.get("variant") == "standard":
        return TurnJudge(game_id, budget or DEFAULT_BUDGETS[game_id])
    levels = getattr(game_ai(game_id), "LEVELS", {})
    hard = levels.get("hard")
    if hard is None or hard.search is None or hard.choose is not None:
        return "no-search"
    key = "virus-war/steps" if game_id == "virus-war" else game_id
    heuristics = hard.heuristics or game_heuristics(game_id)
    return SearchJudge(game_id, budget or DEFAULT_BUDGETS.get(key, 1000), hard.search, heuristics)
