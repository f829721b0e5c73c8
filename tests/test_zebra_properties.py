"""Property tests over random Zebra games, checked against a naive reference implementation.

For every setup × movement combination, 1,000 random games (10 Hypothesis examples × 100
seeded games, board sizes mixed) check at every ply: the engine's legal actions equal the
reference's (same sorted order), the cells (top colour and height) equal the reference's full
stacks, whose colours alternate, pieces are conserved, "no legal action" ⇔ terminal, and undo
restores the exact previous state. Each game ends within the move cap with the reference's
result, and its record and JSON forms replay to equal states with equal legal actions.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import TERMINAL
from pyengine.games.zebra import ZEBRA, Cell, Move, Place, Remove, ZebraState
from pyengine.games.zebra.positions import piece_counts
from zebra_reference import ReferenceZebra
from zebra_support import texts

GAMES_PER_EXAMPLE = 100
EXAMPLES = 10  # 10 x 100 = 1,000 games per combination

SIZES = {
    "standard": (3, 4),
    "placement": (3, 4),
    "hole": (3, 5),
    "remove": (3, 5),
    "neutral": (3, 5),
}
COMBINATIONS = [(setup, movement) for setup in SIZES for movement in ("step", "jump")]


def assert_round_trips(state: ZebraState) -> None:
    """The record and the JSON document replay to an equal state."""
    document = json.loads(json.dumps(state.to_json()))
    copies = [ZEBRA.state_from_json(document)]
    if state.start_text() is None:
        copies.append(ZEBRA.read_record(ZEBRA.write_record(state)))
    for copy in copies:
        assert copy == state
        assert copy.history == state.history
        assert copy.legal_actions() == state.legal_actions()
        assert copy.position_text() == state.position_text()
        assert copy.current_player() == state.current_player()


def assert_check_agrees(state: ZebraState) -> None:
    """check()/is_legal() accept exactly the listed actions among every writable one."""
    size = state.size
    cells = [Cell(file, rank) for file in range(size) for rank in range(size)]
    legal = set(state.legal_actions())
    candidates = [Move(a, b) for a in cells for b in cells] + [
        kind(cell) for kind in (Place, Remove) for cell in cells
    ]
    for action in candidates:
        assert state.is_legal(action) == (action in legal)
        try:
            state.check(action)
        except IllegalActionError:
            assert action not in legal
        else:
            assert action in legal


def play_one_game(options: dict[str, object], rng: random.Random, *, deep: bool) -> None:
    state = ZEBRA.new_initial_state(options)
    reference = ReferenceZebra(state.size, str(options["setup"]), str(options["movement"]))
    total_pieces = sum(piece_counts(state.cells))
    previous_phase = state.phase
    round_trip_at = rng.randrange(8)
    plies = 0
    limit = state.move_cap + state.size**2  # setup actions come before the movement cap
    while True:
        legal = state.legal_actions()
        reference_legal = reference.legal()
        assert texts(legal) == reference_legal
        assert state.cells == reference.values()
        assert state.phase == reference.phase
        assert piece_counts(state.cells) == reference.pieces()
        for tower in reference.towers.values():
            assert all(lower != upper for lower, upper in itertools.pairwise(tower))
        pieces = sum(piece_counts(state.cells))
        if state.phase == "movement" and previous_phase == "movement":
            assert pieces == total_pieces  # conservation
        if state.phase == "placement" or previous_phase == "placement":
            assert pieces == len(state.history)  # one piece per placement
        total_pieces, previous_phase = pieces, state.phase
        assert (not legal) == state.is_terminal() == (state.current_player() == TERMINAL)
        if plies == round_trip_at:
            assert_round_trips(state)
        if deep and plies == round_trip_at:
            assert_check_agrees(state)
        if not legal:
            break
        action = rng.choice(legal)
        before = state.clone()
        state.apply(action)
        assert state.last_action == action and state.history[-1] == action
        assert state.undo() == action
        assert state == before and state.history == before.history
        assert state.legal_actions() == legal
        state.apply(action)
        reference.play(str(action), legal=reference_legal)
        plies += 1
        assert plies <= limit
    assert state.movement_plies <= state.move_cap
    result = state.result()
    assert result is not None
    assert (result.winners[0], result.reason) == reference.winner()
    assert result.scores == state.tower_counts() == reference.counts()
    assert result.ending == ("move-cap" if state.movement_plies == state.move_cap else "stuck")
    assert state.returns()[result.winners[0]] == 1.0
    assert_round_trips(state)


@pytest.mark.parametrize(("setup", "movement"), COMBINATIONS)
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games(setup, movement, seed):
    rng = random.Random(seed)
    sizes = SIZES[setup]
    for game in range(GAMES_PER_EXAMPLE):
        options = {"size": sizes[game % 2], "setup": setup, "movement": movement}
        play_one_game(options, rng, deep=game % 10 == 0)
