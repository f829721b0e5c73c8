"""Computer player knowledge for Virus Fight (virus-fight.md): :data:`HEURISTICS`,
:data:`LEVELS` and the stop answers of §7.2 (:func:`accepts_stop`, :func:`wants_stop`).

* **Setup** (§3) is secret and its legal list holds up to 583,236 programs, so the search never
  sees it: :meth:`VirusFightHeuristics.shortcut` picks a program from a small book of sound
  programs (a WRITE to grow, an ERASE to attack and defend, the marker on the WRITE), placed in
  the middle of the seat's own home segment. It reads nothing but the seat's segment and the
  board size - never the programs other seats already submitted (a fair player could not).
* **Play** is deterministic with perfect information, so the levels are MCTS with the solver
  (:mod:`pyengine.ai.mcts`) and an evaluation per seat (:func:`evaluate_seats`): eliminated
  seats -1; the others by their marker's safety (can it step or jump next turn?), the pieces of
  their active block, their supply (the §7.4 score) and the ERASE sources that threaten them.
  The hard level has its own evaluation (:data:`HARD_HEURISTICS`): a marker that another seat
  can strand before its owner's next turn counts nearly as stranded (:func:`_exposed`: one
  unmarked neighbour that a seat sharing the block can erase, move, jump or step onto), the
  approach of an automatic end leans the value toward the supplies sooner (every ending but an
  elimination is scored by them, and many games end by repetition or at the cap), and a
  position seen twice already is judged mostly by the supplies (the third time ends it).
* **Stop proposals** (§7.2) are not in the legal lists: a UI asks :func:`wants_stop` at the
  start of a computer seat's turn and :func:`accepts_stop` when it must answer; if the search is
  asked to decide a ``stop-vote`` decision, the shortcut answers with :func:`accepts_stop`. A
  hint for a person asked to stop answers with :func:`advises_stop`: accept only a stop that
  §7.4 does not score as a loss for them.

>>> from pyengine.games.virus_fight import VIRUS_FIGHT
>>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
>>> import random
>>> str(HEURISTICS.shortcut(state, random.Random(1))) in {"b1:W2 c1:E3 @b1", "c1:W2 d1:E3 @c1",
...     "b1:E3 c1:W2 @c1", "c1:E3 d1:W2 @d1", "b1:W3 c1:E3 @b1", "c1:W3 d1:E3 @c1",
...     "b1:W2 c1:E3 d1:W1 @b1", "b1:E3 c1:W2 d1:E2 @c1"}
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.mcts import Search, SearchConfig
from pyengine.ai.players import Level
from pyengine.core.game import Action, State
from pyengine.games.virus_fight.legal import block_indices
from pyengine.games.virus_fight.notation import AnswerStop, Cell, Erase, Jump, Setup, Step, Write
from pyengine.games.virus_fight.rounds import CAP_ROUNDS, QUIET_ROUNDS, stop_winners
from pyengine.games.virus_fight.rules import VirusFightState

__all__ = [
    "BOOK",
    "EASY",
    "EASY_SLIP",
    "HARD_HEURISTICS",
    "HEURISTICS",
    "LEVELS",
    "VirusFightHardHeuristics",
    "VirusFightHeuristics",
    "accepts_stop",
    "advises_stop",
    "book_program",
    "evaluate_seats",
    "outside_opponents",
    "wants_stop",
]

BOOK: tuple[tuple[tuple[str, ...], int], ...] = (
    (("W2", "E3"), 0),
    (("E3", "W2"), 1),
    (("W3", "E3"), 0),
    (("W2", "E3", "W1"), 0),
    (("E3", "W2", "E2"), 1),
)
"""The setup book: piece codes in segment order and the index of the piece under the marker.
Every program can grow (WRITE), capture and defend (ERASE), and its marker loops between two
pieces, so it never strands itself on its first turns."""

_SCALE = 4.0  # score points for a value of tanh(1) ~ 0.76
EXPOSED = -4.0
"""The hard level's mobility score of a marker another seat can strand before its turn."""
REPEATED = 0.6
"""The hard level's weight of §7.4's supply lead in a position seen twice (a loop)."""
BLOCK_WEIGHT = 0.8
SUPPLY_WEIGHT = 0.9
"""Every level's weights of a piece in the active block and in the supply, the hard level's
too. A piece in hand is not weighed above a piece on the board (as §7.4 scores the supplies):
a level that does so erases its own pieces back into its hand and sits passive, and loses the
locked endings to the one-ply ``greedy`` player (docs/AI.md). The scoring's approach is the
evaluation's lean to the supplies instead (:func:`evaluate_seats`)."""


def book_program(segment: Sequence[Cell], rng: random.Random) -> Setup:
    """A program from :data:`BOOK` for a home ``segment`` (cells ascending), near its middle;
    ``rng`` picks the program and, when the slack is odd, the offset."""
    length = len(segment)
    fitting = [entry for entry in BOOK if len(entry[0]) <= length]
    codes, marker = rng.choice(fitting)
    count = len(codes)
    slack = length - count
    offset = slack // 2 + (rng.randrange(2) if slack % 2 else 0)
    cells = segment[offset : offset + count]
    return Setup(tuple(zip(cells, codes, strict=True)), cells[marker])


def _exposed(state: VirusFightState, seat: int, block: set[int], marked: set[int]) -> bool:
    """Whether another seat, playing before ``seat``'s next turn, can strand its marker (in
    ``block``, with the marked cells ``marked``): the marker (not on a JUMP) has a single
    unmarked neighbour ``u``, its own instruction cannot make a new one (a WRITE with a supply,
    or a MOVE, next to an empty cell), and a seat sharing the block can erase ``u`` (an ERASE
    instruction, ``u`` next to an ERASE piece of the block), move it away (a MOVE), jump onto it
    (a JUMP) or step its marker onto it (``u`` next to its marker). A cheap one-turn look
    ahead: the search itself would need five plies to see the elimination."""
    board = state._board
    table = state._neighbours
    here = state._markers[seat]
    assert here is not None
    piece = board[here]
    assert piece is not None
    if piece.kind == "J":
        return False
    free = [other for other in table[here] if board[other] is not None and other not in marked]
    if len(free) != 1:
        return False
    if any(board[other] is None for other in table[here]) and (
        (piece.kind == "W" and state._supplies[seat])
        or (piece.kind == "M" and any(index not in marked for index in block))
    ):
        return False
    target = free[0]
    for other, there in enumerate(state._markers):
        if other == seat or there is None or there not in block:
            continue
        kind = board[there].kind  # type: ignore[union-attr]
        if there in table[target] and kind != "J":
            return True
        if kind == "E" and any(
            board[index].kind == "E"  # type: ignore[union-attr]
            for index in table[target]
            if index in block
        ):
            return True
        if kind in "MJ":
            return True
    return False


def _seat_score(state: VirusFightState, seat: int, marked: set[int], hard: bool = False) -> float:
    """How well a surviving seat stands, in rough piece units (higher is better). ``hard``: a
    marker another seat can strand before the seat's next turn (:func:`_exposed`) counts
    nearly as stranded."""
    board = state._board
    table = state._neighbours
    here = state._markers[seat]
    assert here is not None
    block = block_indices(state, here)
    piece = board[here]
    assert piece is not None
    supply = state._supplies[seat]
    steps = sum(1 for other in table[here] if board[other] is not None and other not in marked)
    empty_near = any(board[other] is None for other in table[here])
    # can the marker move on at the seat's next turn (if nobody changes the block)?
    if piece.kind == "J":
        safe = any(index not in marked for index in block) or any(
            board[index] is not None and index not in block for index in range(len(board))
        )
        mobility = 2.0 if safe else -6.0
    elif steps:
        mobility = 1.5 + 0.5 * min(steps, 3)
    elif piece.kind == "W" and supply and empty_near:
        mobility = 1.0
    elif piece.kind == "M" and len(block) > 2:
        mobility = -1.0
    else:
        mobility = -6.0
    if (
        hard
        and mobility > -6.0
        and not (state.to_act == seat and state._decision != "marker")
        and _exposed(state, seat, block, marked)
    ):
        mobility = EXPOSED
    # ERASE pieces in the active block attack and defend, WRITE pieces grow it; another marker
    # in the same block next to ERASE pieces is a danger (it can erase the block's pieces)
    block_kinds = [member.kind for index in block if (member := board[index]) is not None]
    erasers = block_kinds.count("E")
    own_writes = block_kinds.count("W")
    sharing = sum(1 for other in marked if other != here and other in block)
    pips = sum(p.size for p in supply)
    return (
        mobility
        + BLOCK_WEIGHT * len(block)
        + SUPPLY_WEIGHT * len(supply)
        + 0.05 * pips
        + 0.4 * min(erasers, 2)
        + 0.3 * min(own_writes, 2)
        - 0.8 * sharing * (erasers > 0)
    )


def evaluate_seats(state: VirusFightState, hard: bool = False) -> tuple[float, ...]:
    """The evaluation of an unfinished position in play, one value in [-1, 1] per seat:
    eliminated seats -1, the others ``tanh`` of their score minus the best other survivor's.

    As an automatic end nears (the 200-round cap, 50 quiet rounds, §7.3) the value leans
    toward §7.4's stop scoring (pieces, then pips in supply), which will decide the game.

    ``hard``: the hard level's evaluation. Its seat scores count one-turn threats
    (:func:`_seat_score`); it leans toward §7.4 linearly with the round or quiet
    count rather than with its square, and by at least :data:`REPEATED` in a position seen
    twice already (the third time ends the game by repetition)."""
    players = state.num_players
    if state._phase != "play":
        return tuple(0.0 for _ in range(players))
    marked = {marker for marker in state._markers if marker is not None}
    scores: dict[int, float] = {
        seat: _seat_score(state, seat, marked, hard)
        for seat in range(players)
        if state._markers[seat] is not None
    }
    supplies = {
        seat: len(state._supplies[seat]) + 0.01 * sum(piece.size for piece in state._supplies[seat])
        for seat in scores
    }
    weight = min(1.0, max(state._round / CAP_ROUNDS, state._quiet / QUIET_ROUNDS))
    weight = weight if hard else weight**2
    if hard and state._keys and state._key_counts.get(state._keys[-1], 0) >= 2:
        # this turn's position was seen before: a loop, which the third time ends (§7.3)
        weight = max(weight, REPEATED)
    values = []
    for seat in range(players):
        if seat not in scores:
            values.append(-1.0)
            continue
        others = [other for other in scores if other != seat]
        rival = max(scores[other] for other in others) if others else 0.0
        value = math.tanh((scores[seat] - rival) / _SCALE)
        if weight and others:
            lead = supplies[seat] - max(supplies[other] for other in others)
            value = (1.0 - weight) * value + weight * math.tanh(lead / 2.0)
        values.append(value * 0.95)
    return tuple(values)


class VirusFightHeuristics(Heuristics):
    """The search's knowledge of Virus Fight (see the module docs)."""

    exact_terminals = True

    def evaluate(self, state: State) -> tuple[float, ...]:
        assert isinstance(state, VirusFightState)
        return evaluate_seats(state)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A random action that does not strand the mover's marker when another exists."""
        assert isinstance(state, VirusFightState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng.shuffle(legal)
        for action in legal[:6]:
            if not _strands(state, action):
                return action
        return legal[0]

    def order(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """Captures and writes before other effects; steps to well-connected pieces first."""
        assert isinstance(state, VirusFightState)
        return sorted(actions, key=lambda action: -_priority(state, action))

    def shortcut(self, state: State, rng: random.Random) -> Action | None:
        """Setup: a book program (:func:`book_program`) on the seat's own segment, chosen
        without looking at any submitted program. A stop vote: :func:`accepts_stop`."""
        assert isinstance(state, VirusFightState)
        if state.phase == "setup":
            return book_program(state.home_segment(state.to_act), rng)
        if state.decision == "stop-vote":
            return AnswerStop(accepts_stop(state, state.to_act))
        return None


def _strands(state: VirusFightState, action: Action) -> bool:
    seat = state.to_act
    state.apply_unchecked(action)
    try:
        return state._markers[seat] is None
    finally:
        state.undo()


def _priority(state: VirusFightState, action: Action) -> float:
    """A cheap expansion order: erasing a piece, writing, then stepping or jumping where the
    marker has the most unmarked neighbours."""
    if isinstance(action, Erase):
        if action.target is None:
            return 1.0
        piece = state.piece_at(action.target)
        own = piece is not None and piece.owner == state.to_act
        return 2.0 if own else 4.0
    if isinstance(action, Write):
        return 3.0 + int(action.code[1]) * 0.1
    if isinstance(action, (Step, Jump)) and action.cell is not None:
        index = state.cell_index(action.cell)
        board = state._board
        return 1.0 + 0.5 * sum(1 for other in state._neighbours[index] if board[other] is not None)
    return 0.0


HEURISTICS = VirusFightHeuristics()


class VirusFightHardHeuristics(VirusFightHeuristics):
    """The hard level's knowledge: the hard evaluation (:func:`evaluate_seats` with ``hard``);
    rollouts, ordering, setup book and stop answers as :class:`VirusFightHeuristics`."""

    def evaluate(self, state: State) -> tuple[float, ...]:
        assert isinstance(state, VirusFightState)
        return evaluate_seats(state, hard=True)


HARD_HEURISTICS = VirusFightHardHeuristics()


NOT_WINNING = -0.1
"""The evaluation below which a seat counts as "not winning" for §7.2. Not 0: evaluations are
gaps to the best rival, so in an even position every seat is at about 0, and "≤ 0" would end
almost every computer game by agreement in its first rounds."""


def _not_winning(state: VirusFightState, seat: int) -> bool:
    return evaluate_seats(state)[seat] < NOT_WINNING


def _stop_winners(state: VirusFightState, seat: int) -> tuple[int, ...] | None:
    """The seats §7.4 scoring makes winners if the game stops now, or ``None`` when ``seat``
    has no part in a stop (it is out, or the game is not in play)."""
    if not state.alive(seat) or state.phase != "play":
        return None
    return stop_winners(state._supplies, state._alive_list())[0]


def accepts_stop(state: State, seat: int) -> bool:
    """§7.2: whether a computer ``seat`` accepts a stop proposal in ``state``: if and only if
    §7.4 scoring (:func:`~.rounds.stop_winners`) would make it the sole winner, or its
    evaluation (:func:`evaluate_seats`) says it is not winning (value below :data:`NOT_WINNING`)."""
    assert isinstance(state, VirusFightState)
    winners = _stop_winners(state, seat)
    if winners is None:
        return False
    return winners == (seat,) or _not_winning(state, seat)


def wants_stop(state: State, seat: int) -> bool:
    """§7.2: whether a computer ``seat`` proposes a stop now. Only when it may propose
    (:meth:`~.rules.VirusFightState.can_propose_stop`, its own turn) and under the same
    condition as :func:`accepts_stop`, narrowed to stops that do not lose for it
    (:func:`advises_stop`)."""
    assert isinstance(state, VirusFightState)
    if not state.can_propose_stop() or state.to_act != seat:
        return False
    return advises_stop(state, seat)


def advises_stop(state: State, seat: int) -> bool:
    """Whether stopping now is good for ``seat``: §7.4 would make it the sole winner, or
    would share the draw with it while its evaluation says it is not winning. Never a stop
    that §7.4 scores as a loss for it. The hint's answer for a person asked to stop, and the
    condition of :func:`wants_stop`."""
    assert isinstance(state, VirusFightState)
    winners = _stop_winners(state, seat)
    if winners is None:
        return False
    return winners == (seat,) or (seat in winners and _not_winning(state, seat))


EASY = SearchConfig(iterations=60, exploration=1.4)
"""The easy level's short search."""
EASY_SLIP = 0.15
"""How often the easy level plays a random legal action instead (never in setup or a vote)."""


def _easy_choice(state: State, rng: random.Random) -> Action:
    """The easy level: a short search, with a random slip now and then."""
    if rng.random() < EASY_SLIP:
        return rng.choice(state.legal_actions())
    search = Search(state, EASY, HEURISTICS, seed=rng.getrandbits(32))
    search.run()
    return search.best_action()


LEVELS: dict[str, Level] = {
    "easy": Level(search=None, choose=_easy_choice),
    "medium": Level(search=SearchConfig(iterations=800, exploration=1.0)),
    "hard": Level(
        search=SearchConfig(iterations=3500, exploration=0.8), heuristics=HARD_HEURISTICS
    ),
}
"""easy: a short search with a random slip now and then (:func:`_easy_choice`; the setup
and stop votes still go through the shortcut); medium: a longer search; hard: a longer one
still, with its own evaluation (:data:`HARD_HEURISTICS`)."""


def outside_opponents() -> dict[str, Level]:
    """The outside opponents that measure the levels (:mod:`pyengine.games.virus_fight.gauntlet`:
    for the command line and ``bench/ai.py --gauntlet``, never on the site), imported only
    when asked for."""
    from pyengine.games.virus_fight.gauntlet import OPPONENTS

    return OPPONENTS
