"""The engine against the naive reference (tests/virus_war_reference.py), which applies the
full-turn rule of §5 by its definition (a search over step sequences), on 6×6 and 7×7 boards.

Positions come from two seeded sources: random games from the empty board (every position
along the way, at turn starts and in the middle of turns) and random boards with many dead
symbols, where short turns (M < 3), forced passes and game-ending kills are common; from each
random board the test also plays a random turn step by step. At every position the legal
actions (same order), M, the player to move and the result must agree; on positions with few
steps the distinct full turns and all step orders are compared too.
"""

from __future__ import annotations

import random

import pytest

from pyengine.core.errors import NotationError
from pyengine.core.game import TERMINAL
from pyengine.games.virus_war import VIRUS_WAR, Position, VirusWarState
from virus_war_reference import ReferenceVirusWar

PLAYERS = "XO"
GAME_POSITIONS = 1200  # per source: 2 x 1,200 = 2,400 positions compared
BOARD_POSITIONS = 1200


def compare(state: VirusWarState, reference: ReferenceVirusWar, *, turns: bool) -> None:
    legal = [str(action) for action in state.legal_actions()]
    assert legal == reference.legal(), state.position_text()
    if reference.over:
        assert state.current_player() == TERMINAL
        result = state.result()
        assert result is not None
        winners, reason = reference.result()  # type: ignore[misc]
        assert tuple(PLAYERS[seat] for seat in result.winners) == winners
        assert result.reason == reason
        return
    assert PLAYERS[state.current_player()] == reference.to_move
    assert state.turn_length == reference.turn_length, state.position_text()
    assert state.steps_left == reference.turn_length - reference.turn_made
    assert len(state.turn_steps) == reference.turn_made
    if turns:
        expected = set(reference.sequences())
        found = {
            tuple(state.cell_name(index) for index in order) for order in state.turn_sequences()
        }
        assert found == expected, state.position_text()
        distinct = {
            frozenset(state.cell_name(index) for index in order) for order in state.distinct_turns()
        }
        assert len(distinct) == len(state.distinct_turns())
        assert distinct == {frozenset(order) for order in expected}


def step_both(state: VirusWarState, reference: ReferenceVirusWar, text: str) -> None:
    state.apply(text)
    reference.play(text)
    assert state.contents() == reference.contents()


def few_steps(state: VirusWarState) -> bool:
    return state.legal_step_mask().bit_count() <= 6


def test_random_games_from_the_empty_board():
    rng = random.Random(20240601)
    compared = 0
    game = 0
    while compared < GAME_POSITIONS:
        size = 6 + game % 2
        variant = ("standard", "last-move-wins")[game // 2 % 2]
        state = VIRUS_WAR.new_initial_state({"size": size, "variant": variant})
        reference = ReferenceVirusWar(size, variant)
        while True:
            compare(state, reference, turns=few_steps(state) and compared % 3 == 0)
            compared += 1
            if state.is_terminal():
                break
            legal = state.legal_actions()
            # pass rarely, so that games reach crowded boards
            choices = [action for action in legal if str(action) != "pass"] or legal
            action = rng.choice(legal if rng.random() < 0.08 else choices)
            step_both(state, reference, str(action))
        game += 1
    assert game >= 10


def random_board(rng: random.Random, size: int) -> Position:
    """A random board in one of three regimes, with the mover and pass state at random."""
    mover = rng.randrange(2)
    own, enemy = ("X", "O") if mover == 0 else ("O", "X")
    regime = rng.choice((0, 1, 2, 2))
    if regime == 0:  # open boards
        weights = {
            ".": rng.uniform(0.15, 0.6),
            own: rng.uniform(0.02, 0.25),
            enemy: rng.uniform(0.02, 0.25),
            own.lower(): rng.uniform(0.0, 0.3),
            enemy.lower(): rng.uniform(0.0, 0.3),
        }
    elif regime == 1:  # cramped boards: few live symbols among many dead ones
        weights = {
            ".": rng.uniform(0.02, 0.2),
            own: rng.uniform(0.01, 0.06),
            enemy: rng.uniform(0.01, 0.06),
            own.lower(): rng.uniform(0.2, 0.5),
            enemy.lower(): rng.uniform(0.2, 0.5),
        }
    else:  # the mover walled in by its own dead symbols, which never help it: short turns
        weights = {
            ".": rng.uniform(0.02, 0.08),
            own: rng.uniform(0.01, 0.04),
            enemy: rng.uniform(0.0, 0.04),
            own.lower(): rng.uniform(0.6, 0.9),
            enemy.lower(): rng.uniform(0.0, 0.03),
        }
    contents = "".join(rng.choices(list(weights), weights=list(weights.values()), k=size * size))
    return Position(
        size, contents, mover, rng.choice((0, 0, 1)), rng.choice((None, 0, 1)), (), None, 1
    )


def test_random_boards_and_turns_played_on_them():
    rng = random.Random(77)
    compared = 0
    boards = 0
    kinds = {"short": 0, "forced-pass": 0, "ends": 0, "mid-turn": 0}
    while compared < BOARD_POSITIONS:
        size = rng.choice((6, 7))
        position = random_board(rng, size)
        variant = rng.choice(("standard", "last-move-wins"))
        try:
            state = VIRUS_WAR.state_from_position(position, options={"variant": variant})
        except NotationError:
            continue  # impossible positions (two players eliminated, a taken reserved corner)
        boards += 1
        last = None if position.last_mover is None else PLAYERS[position.last_mover]
        reference = ReferenceVirusWar(
            size,
            variant,
            contents=position.contents,
            to_move=PLAYERS[position.to_move],
            passes=position.passes,
            last_mover=last,
        )
        length = state.turn_length
        kinds["short"] += length in (1, 2)
        kinds["forced-pass"] += length == 0
        mover = state.current_player()
        while True:
            compare(state, reference, turns=few_steps(state) and compared % 2 == 0)
            compared += 1
            kinds["mid-turn"] += bool(state.turn_steps)
            if state.current_player() != mover:
                kinds["ends"] += state.is_terminal()
                break
            steps = [str(action) for action in state.legal_actions() if str(action) != "pass"]
            if not steps:
                break
            step_both(state, reference, rng.choice(steps))
    assert boards >= 300
    assert all(count >= 20 for count in kinds.values()), kinds


@pytest.mark.parametrize("size", [6, 7])
def test_mid_turn_positions_round_trip_through_their_text(size):
    """A position text in the middle of a turn rebuilds the same legal actions and M."""
    rng = random.Random(size)
    checked = 0
    while checked < 100:
        state = VIRUS_WAR.new_initial_state({"size": size})
        while not state.is_terminal():
            state.apply_unchecked(rng.choice(state.legal_actions()))
            if state.turn_steps:
                copy = VIRUS_WAR.from_position(state.position_text())
                assert copy.legal_actions() == state.legal_actions()
                assert copy.turn_length == state.turn_length
                assert copy.position_text() == state.position_text()
                checked += 1


def test_distinct_turns_equal_the_search_by_levels_set_for_set_and_order_for_order():
    """The one-pass enumeration finds each set where the search by levels first found it: the
    same dictionary, in the same order, with the same step order for each set (so the computer
    players choose among equal turns as before). Positions: random games on every board size at
    every step, random boards (6×6 to 9×9), and the 50 benchmark positions."""
    from pathlib import Path

    from pyengine.games.virus_war.bitboard import _turns_by_levels, distinct_turns

    rng = random.Random(5)
    states: list[VirusWarState] = []
    while len(states) < 900:
        state = VIRUS_WAR.new_initial_state({"size": rng.randrange(6, 15)})
        while not state.is_terminal():
            states.append(state.clone())
            legal = state.legal_actions()
            choices = [action for action in legal if str(action) != "pass"] or legal
            state.apply_unchecked(rng.choice(choices))
    while len(states) < 1200:
        position = random_board(rng, rng.randrange(6, 10))
        try:
            states.append(VIRUS_WAR.state_from_position(position))
        except NotationError:
            continue
    lines = (Path(__file__).parent / "data" / "virus_war_positions.txt").read_text().splitlines()
    states += [VIRUS_WAR.from_position(line) for line in lines]
    limits = {1: 0, 2: 0, 3: 0}
    for state in states:
        if state.is_terminal():
            continue
        arguments = (state.geometry, state.board, state.current_player(), state.steps_left or 0)
        expected = _turns_by_levels(*arguments)
        assert list(distinct_turns(*arguments).items()) == list(expected.items()), (
            state.position_text()
        )
        if expected and arguments[3] in limits:
            limits[arguments[3]] += 1
    assert all(count >= 100 for count in limits.values()), limits
