"""Virus War's computer players (pyengine/games/virus_war/ai.py): legal steps at every level,
wins found by the search, a bounded, sensible and side-symmetric evaluation, step ordering and
seeded determinism. No timing assertions."""

from __future__ import annotations

import dataclasses
import doctest
import itertools
import random
from collections.abc import Mapping

import pytest

from pyengine.ai.mcts import Search, SearchConfig
from pyengine.ai.players import LEVEL_NAMES, make_player
from pyengine.games.virus_war import ai
from pyengine.games.virus_war.game import VIRUS_WAR, parse_diagram
from pyengine.games.virus_war.notation import Cell, Position
from pyengine.games.virus_war.rules import O, VirusWarState, X

# X to move; O's only live symbol e5 is next to X's d4: killing it wins at once
ONE_KILL = """
 6 . . . . . .
 5 . . . . O .
 4 . . . X . .
 3 . . X . . .
 2 . X o . . .
 1 X . . . . .
   a b c d e f
"""

# X to move; killing e5 makes it a bridge that reaches f4: e5-f4 (among others) wins
TWO_KILLS = """
 6 . . . . . .
 5 . . . . O .
 4 . . . X . O
 3 . . X . . .
 2 . X o . . .
 1 X . . . . .
   a b c d e f
"""

# virus-war.md Ex 6: X must pass
MUST_PASS = """
 6 . . . . o O
 5 . . . . o .
 4 . . . . o o
 3 . . . . . .
 2 x x . . . .
 1 X x . . . .
   a b c d e f
"""


def _played(
    options: Mapping[str, object], steps: int, seed: int = 3, finish_turn: bool = True
) -> VirusWarState:
    """A position after about ``steps`` random steps (passes avoided), at a turn's start
    when ``finish_turn``."""
    state = VIRUS_WAR.new_initial_state(options)
    rng = random.Random(seed)
    made = 0
    while not state.is_terminal() and (made < steps or (finish_turn and state.turn_steps)):
        legal = state.legal_actions()
        steps_only = [action for action in legal if str(action) != "pass"] or legal
        state.apply(rng.choice(steps_only))
        made += 1
    return state


def _swapped(state: VirusWarState) -> VirusWarState:
    """The position turned half a turn with the players (and their symbols) exchanged."""
    swap = {".": ".", "X": "O", "O": "X", "x": "o", "o": "x"}
    contents = "".join(swap[symbol] for symbol in reversed(state.contents()))
    last = state.last_mover
    position = Position(
        state.size,
        contents,
        1 - state.to_move,
        state.passes,
        None if last is None else 1 - last,
        (),
        None,
        1,
    )
    return VIRUS_WAR.state_from_position(position, options=dict(state.options))


POSITIONS = [
    ({"size": 10}, 0, True),
    ({"size": 10}, 30, True),
    ({"size": 10}, 31, False),  # in the middle of a turn
    ({"size": 6}, 12, True),
    ({"size": 8}, 25, False),
    ({"size": 8, "variant": "last-move-wins"}, 20, True),
    ({"size": 14}, 40, True),
]


@pytest.mark.parametrize(("options", "steps", "finish"), POSITIONS)
def test_easy_and_medium_choose_legal_actions(
    options: dict[str, object], steps: int, finish: bool
) -> None:
    state = _played(options, steps, finish_turn=finish)
    assert not state.is_terminal()
    for kind in ("easy", "medium"):
        action = make_player("virus-war", kind, seed=1).choose(state)
        assert state.is_legal(action), (kind, options, steps, action)


@pytest.mark.parametrize(("options", "steps"), [({"size": 10}, 40), ({"size": 6}, 7)])
def test_hard_chooses_legal_actions(options: dict[str, object], steps: int) -> None:
    state = _played(options, steps, finish_turn=False)
    action = make_player("virus-war", "hard", seed=2).choose(state)
    assert state.is_legal(action)


def test_levels_are_defined() -> None:
    assert set(ai.LEVELS) == set(LEVEL_NAMES)
    for level in ai.LEVELS.values():
        assert level.search is not None and level.search.iterations is not None
    assert ai.HEURISTICS.exact_terminals


def test_every_level_kills_the_last_symbol() -> None:
    state = parse_diagram(ONE_KILL)
    assert len(state.legal_actions()) > 10
    for kind in ("medium", "hard"):
        assert str(make_player("virus-war", kind, seed=1).choose(state)) == "e5"
    search = Search(state, SearchConfig(iterations=30), ai.HEURISTICS, seed=0)
    search.run()
    best = search.candidates()[0]
    assert str(best.action) == "e5" and best.proven and best.value == 1.0
    assert search.done and search.iterations < 30  # the proven win ends the search


@pytest.mark.parametrize("kind", ["medium", "hard"])
def test_a_two_step_elimination_is_found(kind: str) -> None:
    state = parse_diagram(TWO_KILLS)
    player = make_player("virus-war", kind, seed=5)
    while state.current_player() == X:
        state.apply(player.choose(state))
    result = state.result()
    assert result is not None and result.winners == (X,)


def test_a_forced_pass_is_played() -> None:
    state = parse_diagram(MUST_PASS)
    for kind in LEVEL_NAMES:
        assert str(make_player("virus-war", kind, seed=1).choose(state)) == "pass"


def test_last_move_wins_plays_on_instead_of_passing() -> None:
    # Ex 8: X passed (forced); a pass by O now ends the game in a draw, f5 wins it for O
    state = parse_diagram(MUST_PASS, to_move="o", passes=1, options={"variant": "last-move-wins"})
    assert [str(action) for action in state.legal_actions()] == ["pass", "f5"]
    for kind in ("medium", "hard"):
        assert str(make_player("virus-war", kind, seed=1).choose(state)) == "f5"


def test_evaluation_is_bounded_zero_sum_and_side_symmetric() -> None:
    checked = 0
    for seed in range(8):
        for options in ({"size": 6}, {"size": 10}, {"size": 8, "variant": "last-move-wins"}):
            state = _played(options, 6 + 7 * seed, seed=seed)
            if state.is_terminal():
                continue
            x_value, o_value = ai.HEURISTICS.evaluate(state)
            assert -1.0 < x_value < 1.0 and x_value == -o_value
            x_swapped, o_swapped = ai.HEURISTICS.evaluate(_swapped(state))
            assert x_swapped == pytest.approx(o_value) and o_swapped == pytest.approx(x_value)
            checked += 1
    assert checked >= 15


def test_evaluation_is_sensible() -> None:
    # the empty board (and each side's first turn) is level
    empty = VIRUS_WAR.new_initial_state({"size": 10})
    assert ai.HEURISTICS.evaluate(empty)[0] == pytest.approx(
        ai.HEURISTICS.evaluate(_swapped(empty))[1]
    )
    # one live O left next to X's colony: X is far ahead
    assert ai.HEURISTICS.evaluate(parse_diagram(ONE_KILL))[0] > 0.5
    # the same with O to move is still good for X, if less so
    o_to_move = parse_diagram(ONE_KILL, to_move="o", last_mover="x")
    assert (
        0
        < ai.HEURISTICS.evaluate(o_to_move)[0]
        < ai.HEURISTICS.evaluate(parse_diagram(ONE_KILL))[0]
    )


def test_a_bunker_is_safe() -> None:
    # X's a1 is walled in by dead O (X's fortress): O can never reach it
    state = parse_diagram(
        """
     6 . . . . . O
     5 . . . . . .
     4 . . . . O .
     3 o o o . . .
     2 X X o . . .
     1 X X o . . .
       a b c d e f
    """,
        to_move="o",
        last_mover="x",
    )
    features = ai.HEURISTICS.features(state)
    assert features.safe == (True, False)
    assert ai.HEURISTICS.evaluate(state)[0] > 0


def test_flood_layers_grow_through_the_fortress() -> None:
    state = parse_diagram(TWO_KILLS)
    layers = ai.flood_layers(state.geometry, state.board, X)
    assert all(earlier & ~later == 0 for earlier, later in itertools.pairwise(layers))
    c2 = state.cell_index(Cell.parse("c2"))
    assert layers[0] >> c2 & 1  # X's fortress c2 touches b2 and costs nothing


def test_kills_first_and_pass_last() -> None:
    state = parse_diagram(TWO_KILLS)
    ordered = [str(action) for action in ai.HEURISTICS.order(state, state.legal_actions())]
    assert ordered[0] == "e5" and ordered[-1] == "pass"
    assert sorted(ordered) == sorted(str(action) for action in state.legal_actions())


@pytest.mark.parametrize("kind", LEVEL_NAMES)
def test_same_seed_same_action(kind: str) -> None:
    state = _played({"size": 6}, 9, seed=4)
    if kind != "hard":
        first = make_player("virus-war", kind, seed=7).choose(state)
        second = make_player("virus-war", kind, seed=7).choose(state)
        assert first == second and state.is_legal(first)
    # the level's iteration budget alone (its time cap could bind on a busy machine)
    level = ai.LEVELS[kind].search
    assert level is not None
    config = dataclasses.replace(level, time_ms=None)
    choices = set()
    for _ in range(2):
        search = Search(state, config, ai.HEURISTICS, seed=12)
        search.run()
        choices.add(search.best_action())
    assert len(choices) == 1


def test_o_home_corner_is_the_first_step() -> None:
    state = _played({"size": 10}, 3, seed=1)
    assert state.to_move == O and state.has_symbol(X) and not state.has_symbol(O)
    for kind in ("easy", "medium"):
        action = make_player("virus-war", kind, seed=2).choose(state)
        assert str(action) in {"k10", "pass"}


def test_the_module_examples() -> None:
    failures, tried = doctest.testmod(ai, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
