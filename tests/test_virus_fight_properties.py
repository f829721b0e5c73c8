"""Property tests over random Virus Fight games: 500 seeded games for each player count
(sizes cycle through the table's default, 5 and 11), uniform random legal actions.

At every action: pieces are conserved (board + supplies + removed = 12 × players), no two
markers share a piece, a marker always sits on a piece, marked pieces are never moved or
erased, eliminated seats never act again, and automatic tokens appear only for decisions with
no legal option. Every game ends (by the 200-round cap at the latest) with a well-formed
result, and its record and JSON document replay to equal states, at the end and at a random
moment (where undo is also checked against a clone).
"""

from __future__ import annotations

import json
import random

import pytest

from pyengine.core.game import TERMINAL
from pyengine.games.virus_fight import VIRUS_FIGHT, Erase, Move, VirusFightState

GAMES = 500
SIZES = (0, 5, 11)


def pieces_in_play(state: VirusFightState) -> int:
    on_board = len(state.board_cells()) if state.phase != "setup" else 0
    return on_board + sum(
        len(state.supply(seat)) + state.removed(seat) for seat in range(state.num_players)
    )


def assert_round_trips(state: VirusFightState) -> None:
    for copy in (
        VIRUS_FIGHT.read_record(VIRUS_FIGHT.write_record(state)),
        VIRUS_FIGHT.state_from_json(json.loads(json.dumps(state.to_json()))),
    ):
        assert copy == state
        assert copy.position_text() == state.position_text()
        assert copy.turns == state.turns
        if state.phase != "setup":
            assert copy.legal_actions() == state.legal_actions()
    loaded = VIRUS_FIGHT.state_from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.history == state.history and loaded.log == state.log
    positioned = VIRUS_FIGHT.from_position(state.position_text(), options=state.options)
    assert positioned.position_text() == state.position_text()


def play_checked(players: int, size: int, rng: random.Random) -> VirusFightState:
    state = VIRUS_FIGHT.new_initial_state(
        {"players": players, "size": size, "seed": rng.randrange(10**6)}
    )
    total = 12 * players
    check_at = rng.randrange(4, 60)
    actions = 0
    gone: set[int] = set()
    while not state.is_terminal():
        seat = state.current_player()
        assert seat not in gone and state.alive(seat)
        legal = state.legal_actions()
        assert legal
        action = rng.choice(legal)
        marked = {}
        if state.phase == "play":
            marked = {
                cell: state.piece_at(cell)
                for other in range(players)
                if (cell := state.marker(other)) is not None
            }
            if isinstance(action, (Move, Erase)):
                assert not set(action.cells()[:1]) & set(marked) or (
                    isinstance(action, Erase) and action.target is None
                )
        log_before = len(state.log)
        state.apply_unchecked(action)
        actions += 1
        assert state.log[log_before] == action
        for automatic in state.log[log_before + 1 :]:
            assert automatic.automatic  # type: ignore[attr-defined]
        assert pieces_in_play(state) == total
        if state.phase != "setup":
            cells = [state.marker(other) for other in range(players)]
            live = [cell for cell in cells if cell is not None]
            assert len(set(live)) == len(live)
            assert all(state.piece_at(cell) is not None for cell in live)
            for cell, piece in marked.items():
                assert state.piece_at(cell) == piece  # protection: never moved or erased
            gone |= set(state.eliminated)
            assert set(state.eliminated) == gone
        if actions == check_at:
            twin = state.clone()
            assert_round_trips(state)
            if state.history:
                undone = state.undo()
                state.apply(undone)
                assert state == twin
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    result = state.result()
    assert result is not None and result.ending in ("elimination", "quiet", "repetition", "cap")
    assert state.round_number <= 200
    if result.ending == "elimination":
        assert len(state.eliminated) == players - 1 and result.winners
    assert_round_trips(state)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games(players: int):
    rng = random.Random(1000 + players)
    endings: dict[str, int] = {}
    for game in range(GAMES):
        state = play_checked(players, SIZES[game % len(SIZES)], rng)
        ending = state.result().ending
        endings[ending] = endings.get(ending, 0) + 1
    assert endings.get("elimination", 0) > GAMES // 2
