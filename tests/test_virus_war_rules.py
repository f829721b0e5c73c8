"""Virus War rules (virus-war.md §§1-7): geometry, steps, errors, turns, passes and the end."""

from __future__ import annotations

import random

import pytest

from pyengine.core.errors import (
    EngineError,
    IllegalActionError,
    NotationError,
    OptionError,
)
from pyengine.core.game import TERMINAL
from pyengine.games.virus_war import (
    ILLEGAL_CODES,
    PASS,
    VIRUS_WAR,
    Cell,
    O,
    Pass,
    Position,
    Step,
    VirusWarState,
    X,
    parse_diagram,
)
from pyengine.games.zebra import Move
from virus_war_reference import ReferenceVirusWar


def legal(state: VirusWarState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def play(state: VirusWarState, *turns: str) -> VirusWarState:
    for turn in turns:
        for text in turn.split("-") if turn != "pass" else ["pass"]:
            state.apply(text)
    return state


def index(state: VirusWarState, name: str) -> int:
    return state.cell_index(Cell.parse(name))


def error_of(state: VirusWarState, action: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as raised:
        state.apply(action)  # type: ignore[arg-type]
    return raised.value


POCKET = """\
 6 . . . . . O
 5 . . . . . .
 4 . . . . . .
 3 . . . . . .
 2 o . X . . .
 1 X x . . . .
   a b c d e f
"""


# -- the game definition ----------------------------------------------------------------------


def test_options_and_info():
    info = VIRUS_WAR.info()
    assert info["id"] == "virus-war" and info["name"] == "Virus War"
    assert info["players"] == {"min": 2, "max": 2}
    options = {option["name"]: option for option in info["options"]["options"]}
    assert options["size"]["default"] == 10
    assert (options["size"]["minimum"], options["size"]["maximum"]) == (6, 14)
    assert options["variant"]["choices"] == ["standard", "last-move-wins"]
    assert VIRUS_WAR.new_initial_state().size == 10
    for bad in ({"size": 5}, {"size": 15}, {"variant": "bugs"}, {"size": "10"}):
        with pytest.raises(OptionError):
            VIRUS_WAR.new_initial_state(bad)
    assert VIRUS_WAR.new_initial_state({"variant": "Last-Move-Wins"}).options["variant"] == (
        "last-move-wins"
    )


@pytest.mark.parametrize("size", range(6, 15))
def test_home_corners_and_first_steps_on_every_size(size):
    state = VIRUS_WAR.new_initial_state({"size": size})
    assert state.home_corner(X) == 0 and state.home_corner(O) == size * size - 1
    assert legal(state) == ["pass", "a1"]
    play(state, "pass")
    corner = "abcdefghiklmno"[size - 1] + str(size)
    assert legal(state) == ["pass", corner]  # k10 on 10x10, f6 on 6x6, o14 on 14x14
    state.apply(corner)
    assert state.cell_content(size * size - 1) == "O"


@pytest.mark.parametrize("size", range(6, 15))
def test_reach_never_wraps_around_the_board_edges(size):
    """Steps and reach match the reference on random boards of every size (bitboard shifts
    must not leak from the last file into file a of the next rank, or back)."""
    rng = random.Random(size)
    checked = 0
    while checked < 40:
        contents = "".join(rng.choices(".XOxo", weights=(5, 2, 2, 2, 2), k=size * size))
        # live symbols on both edge files, where a wrap would show
        edges = list(contents)
        for rank in range(size):
            if rng.random() < 0.3:
                edges[rank * size + size - 1] = rng.choice("XO")
            if rng.random() < 0.3:
                edges[rank * size] = rng.choice("XO")
        position = Position(size, "".join(edges), rng.randrange(2))
        try:
            state = VIRUS_WAR.state_from_position(position)
        except NotationError:
            continue
        reference = ReferenceVirusWar(size, contents=position.contents)
        for player, letter in ((X, "X"), (O, "O")):
            expected = {
                cell[1] * size + cell[0] for cell in reference.accessible(letter, reference.board)
            }
            assert state.accessible(player) == expected
            assert state.step_cells(player) == {
                cell[1] * size + cell[0] for cell in reference.steps(letter, reference.board)
            }
            assert set().union(*state.bridges(player)) == {
                cell[1] * size + cell[0] for cell in reference.bridges(letter, reference.board)
            }
        checked += 1


# -- steps and their errors ------------------------------------------------------------------


def test_first_step_rule():
    state = VIRUS_WAR.new_initial_state({"size": 6})
    error = error_of(state, "b2")
    assert error.code == "virus-war.home-corner-first"
    assert error.params == {
        "action": "b2",
        "cell": "b2",
        "player": X,
        "corner": "a1",
        "rule": "first-step rule",
        "reason": error.params["reason"],
    }
    assert "first-step rule" in str(error) and str(error).endswith(".")
    play(state, "a1-b2-c3")
    assert error_of(state, "e5").params["corner"] == "f6"


def test_reservation_protects_the_home_corner_of_a_player_without_symbols():
    state = play(VIRUS_WAR.new_initial_state({"size": 6}), "pass", "f6-e5-d4", "pass", "c3-b2")
    assert state.current_player() == O and "a1" not in legal(state)
    error = error_of(state, "a1")
    assert error.code == "virus-war.reserved-corner" and "reservation rule" in str(error)
    play(state, "a2")  # O's third step
    assert legal(state) == ["pass", "a1"]  # X's first step is always available
    state.apply("a1")
    assert legal(state) == ["a2", "b1", "b2"]  # the kills a2 and b2 are there at once


def test_step_errors_name_the_rule_and_carry_params():
    state = parse_diagram(POCKET, options={"size": 6})
    # a3 is reached through the bridge a2 (a dead O next to the live X on a1)
    assert legal(state) == ["pass", "a3", "b2", "b3", "c1", "c3", "d1", "d2", "d3"]
    cases = {
        "a1": ("virus-war.occupied-own", "step rule"),
        "c2": ("virus-war.occupied-own", "step rule"),
        "b1": ("virus-war.dead-cell", "step rule"),
        "a2": ("virus-war.dead-cell", "step rule"),
        "f6": ("virus-war.not-accessible", "reach rule"),
        "e5": ("virus-war.not-accessible", "reach rule"),
    }
    for text, (code, rule) in cases.items():
        error = error_of(state, text)
        assert (error.code, error.params["rule"]) == (code, rule), text
        assert error.params["cell"] == text and error.params["action"] == text
        assert error.params["player"] == X
        assert f"({rule})." in str(error)
        assert error.code in ILLEGAL_CODES


def test_off_board_not_an_action_and_game_over():
    state = VIRUS_WAR.new_initial_state({"size": 6})
    error = error_of(state, Step(Cell(9, 9)))
    assert error.code == "virus-war.off-board" and error.params["cell"] == "k10"
    with pytest.raises(NotationError) as raised:
        state.apply("k10")
    assert raised.value.code == "notation.off-board"
    assert error_of(state, Move(Cell(0, 0), Cell(1, 1))).code == "virus-war.not-an-action"  # type: ignore[arg-type]
    assert not state.is_legal(Move(Cell(0, 0), Cell(1, 1)))  # type: ignore[arg-type]
    play(state, "pass", "pass")
    assert state.is_terminal()
    for action in (PASS, Step(Cell(0, 0))):
        error = error_of(state, action)
        assert error.code == "virus-war.game-over" and not state.is_legal(action)


def test_pass_only_before_the_first_step():
    state = VIRUS_WAR.new_initial_state({"size": 6})
    state.apply("a1")
    error = error_of(state, "pass")
    assert error.code == "virus-war.pass-mid-turn"
    assert (error.params["steps_left"], error.params["needed"]) == (2, 3)
    assert "full-turn rule" in str(error) and "2 more steps" in str(error)
    assert not state.is_legal(Pass()) and state.is_legal(Step.parse("b2"))
    state.apply("b2")
    assert error_of(state, "--").params["steps_left"] == 1


def test_check_agrees_with_the_legal_list_on_random_positions():
    rng = random.Random(5)
    for _ in range(30):
        state = VIRUS_WAR.new_initial_state({"size": 7})
        for _ in range(rng.randrange(40)):
            if state.is_terminal():
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))
        listed = set(state.legal_actions())
        candidates = [PASS] + [Step(Cell(file, rank)) for file in range(7) for rank in range(7)]
        for action in candidates:
            assert state.is_legal(action) == (action in listed)
            try:
                state.check(action)
            except IllegalActionError as error:
                assert action not in listed and error.code in ILLEGAL_CODES
            else:
                assert action in listed


# -- turns -----------------------------------------------------------------------------------


def test_a_turn_is_several_actions_by_the_same_player():
    state = VIRUS_WAR.new_initial_state()
    assert (state.turn_number, state.turn_steps, state.turn_length, state.steps_left) == (
        1,
        (),
        3,
        3,
    )
    state.apply("a1")
    assert state.current_player() == X and state.to_move == X
    assert state.turn_steps == (0,) and state.steps_left == 2
    assert state.last_action == Step.parse("a1") and state.turn_texts() == ["a1"]
    play(state, "b1-c2")
    assert state.current_player() == O and state.turn_steps == () and state.turn_number == 1
    assert state.turn_texts() == ["a1-b1-c2"]
    play(state, "k10-k9")
    assert state.turn_texts() == ["a1-b1-c2", "k10-k9"]
    state.apply("k8")
    assert state.turn_number == 2 and state.current_player() == X
    assert state.passes == 0 and state.last_mover == O


def test_turn_length_is_zero_when_the_player_must_pass_and_none_at_the_end():
    state = parse_diagram("""\
 6 . . . . o O
 5 . . . . o .
 4 . . . . o o
 3 . . . . . .
 2 x x . . . .
 1 X x . . . .
   a b c d e f
""")
    assert (state.turn_length, state.steps_left, legal(state)) == (0, 0, ["pass"])
    play(state, "pass", "pass")
    assert state.turn_length is None and state.steps_left is None and state.passes == 2


def test_undo_restores_every_field_across_turns_and_the_end():
    rng = random.Random(11)
    state = VIRUS_WAR.new_initial_state({"size": 6})
    seen = []
    while not state.is_terminal():
        seen.append(
            (
                state.clone(),
                state.position_text(),
                legal(state),
                state.turn_texts(),
                state.turn_number,
                state.last_action,
            )
        )
        state.apply(rng.choice(state.legal_actions()))
    final = state.clone()
    while seen:
        before, text, actions, turns, number, last = seen.pop()
        state.undo()
        assert state == before and state.position_text() == text
        assert legal(state) == actions and state.turn_texts() == turns
        assert state.turn_number == number and state.last_action == last
    with pytest.raises(EngineError) as raised:
        state.undo()
    assert raised.value.code == "undo.empty"
    assert final.is_terminal()


def test_clones_and_playout_copies():
    state = play(VIRUS_WAR.new_initial_state({"size": 6}), "a1-b2")
    twin = state.clone()
    twin.apply("c3")
    assert state.turn_steps == (0, 7) and twin.turn_steps == ()
    assert state != twin and state.history != twin.history
    fast = state.playout_copy()
    assert fast == state and fast.history == ()
    fast.apply("c3")
    assert fast.position_text() == twin.position_text() and fast.history == ()
    with pytest.raises(EngineError):
        fast.undo()


def test_distinct_turns_give_distinct_positions_and_end_the_turn():
    state = play(VIRUS_WAR.new_initial_state({"size": 7}), "a1-b2-c3", "g7-f6-e5", "d4")
    turns = state.distinct_turns()
    positions = set()
    for order in turns:
        copy = state.clone()
        copy.play_turn(order)
        assert copy.current_player() == O and copy.turn_steps == ()
        positions.add(copy.position_key())
    assert len(positions) == len(turns)
    sequences = {frozenset(order) for order in state.turn_sequences()}
    assert sequences == {frozenset(order) for order in turns}
    copy = state.clone()
    with pytest.raises(IllegalActionError):
        copy.apply("pass")
    start = VIRUS_WAR.new_initial_state({"size": 7})
    start.play_turn(())  # an empty turn is a pass
    assert start.passes == 1 and start.current_player() == O


def test_distinct_turns_on_the_benchmark_positions_match_all_orders():
    """The set-based enumeration equals the sets of every step order (lemma, point 2)."""
    from pathlib import Path

    lines = (Path(__file__).parent / "data" / "virus_war_positions.txt").read_text().splitlines()
    assert len(lines) == 50
    for line in lines[:3]:
        state = VIRUS_WAR.from_position(line)
        assert state.size == 10 and state.turn_steps == () and state.legal_step_mask()
        orders = {frozenset(order) for order in state.turn_sequences()}
        assert orders == {frozenset(order) for order in state.distinct_turns()}


# -- the end of the game -----------------------------------------------------------------------


def test_elimination_ends_the_turn_at_once_and_scores_are_live_counts():
    state = parse_diagram("""\
 6 . . . . . .
 5 . . . . . .
 4 . . . O . .
 3 . . . o . .
 2 . . X . . .
 1 . . . . . .
   a b c d e f
""")
    state.apply("d4")
    assert state.is_terminal() and state.to_move == O and state.turn_texts() == ["d4"]
    result = state.result()
    assert result is not None and result.winners == (X,) and result.scores == (1, 0)
    assert state.returns() == (1.0, -1.0) and state.legal_actions() == []
    assert state.counts() == {"live": [1, 0], "dead": [0, 2]}


def test_a_player_who_never_placed_cannot_be_eliminated():
    state = play(VIRUS_WAR.new_initial_state({"size": 6}), "a1-b2-c3", "pass", "d4-e5-e4")
    assert state.result() is None and state.counts()["live"] == [6, 0]
    assert legal(state) == ["pass", "f6"]


def test_double_pass_needs_two_passes_in_a_row():
    state = play(VIRUS_WAR.new_initial_state({"size": 6}), "a1-b2-c3", "pass", "d4-e5-e4")
    assert state.passes == 0 and not state.is_terminal()
    play(state, "pass", "c2-b1-c1", "pass")
    assert not state.is_terminal() and state.passes == 1
    state.apply("pass")
    result = state.result()
    assert state.is_terminal() and result is not None and result.is_draw
    assert result.ending == "double-pass" and state.current_player() == TERMINAL


@pytest.mark.parametrize("variant", ["standard", "last-move-wins"])
def test_one_pass_pass_is_a_draw_in_both_variants(variant):
    state = play(VIRUS_WAR.new_initial_state({"variant": variant}), "pass", "pass")
    result = state.result()
    assert result is not None and result.winners == () and result.reason == "draw"


def test_last_move_wins_credits_the_last_non_pass_turn():
    state = play(
        VIRUS_WAR.new_initial_state({"size": 6, "variant": "last-move-wins"}),
        "a1-b2-c3",
        "pass",
        "pass",
    )
    result = state.result()
    assert result is not None and result.winners == (X,) and result.reason == "last-move"
    state = play(
        VIRUS_WAR.new_initial_state({"size": 6, "variant": "last-move-wins"}),
        "a1-b2-c3",
        "f6-e5-d4",
        "pass",
        "pass",
    )
    assert state.result().winners == (O,)
