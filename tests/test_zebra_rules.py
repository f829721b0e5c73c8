"""Zebra rules beyond the worked examples: every rule, every refusal and its reason."""

from __future__ import annotations

import random
import re

import pytest

from pyengine.core.errors import EngineError, IllegalActionError, NotationError, OptionError
from pyengine.core.game import TERMINAL
from pyengine.games.zebra import (
    BLACK,
    WHITE,
    ZEBRA,
    Cell,
    Move,
    Place,
    Remove,
    ZebraState,
    parse_diagram,
)
from pyengine.games.zebra.positions import piece_counts
from zebra_support import legal, replay, texts


def value(state: ZebraState, cell: str) -> int:
    return state.cell_value(Cell.parse(cell))


def all_candidates(size: int) -> list[Move | Place | Remove]:
    """Every action that can be written for a board: all moves, placements and removals."""
    cells = [Cell(file, rank) for file in range(size) for rank in range(size)]
    return (
        [Move(source, target) for source in cells for target in cells]
        + [Place(cell) for cell in cells]
        + [Remove(cell) for cell in cells]
    )


def assert_check_agrees_with_legal_actions(state: ZebraState) -> None:
    legal_set = set(state.legal_actions())
    for action in all_candidates(state.size):
        if action in legal_set:
            state.check(action)  # no error
            assert state.is_legal(action)
        else:
            with pytest.raises(IllegalActionError):
                state.check(action)
            assert not state.is_legal(action)


# -- setups -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "pieces", "phase", "player"),
    [
        ({"size": 4}, (8, 8), "movement", WHITE),
        ({"size": 3}, (4, 5), "movement", WHITE),
        ({"size": 5}, (12, 13), "movement", WHITE),
        ({"size": 10}, (50, 50), "movement", WHITE),
        ({"size": 5, "setup": "hole"}, (12, 12), "movement", WHITE),
        ({"size": 7, "setup": "neutral"}, (24, 24), "movement", WHITE),
        ({"size": 3, "setup": "remove"}, (4, 5), "removal", BLACK),
        ({"size": 4, "setup": "placement"}, (0, 0), "placement", WHITE),
        ({"size": 5, "setup": "placement"}, (0, 0), "placement", WHITE),
    ],
)
def test_setups_start_as_specified(options, pieces, phase, player):
    state = ZEBRA.new_initial_state(options)
    assert piece_counts(state.cells) == pieces
    assert state.phase == phase
    assert state.current_player() == player
    assert state.history == () and state.last_action is None
    assert len(state.cells) == state.size**2


def test_standard_colouring_is_a_chessboard_with_black_a1():
    state = ZEBRA.new_initial_state({"size": 5})
    for index, cell_value in enumerate(state.cells):
        file, rank = index % 5 + 1, index // 5 + 1
        assert cell_value == (-1 if (file + rank) % 2 == 0 else 1)
    assert value(state, "c3") == -1  # the centre of an odd board is Black


@pytest.mark.parametrize("setup", ["hole", "remove", "neutral"])
@pytest.mark.parametrize("size", [4, 6, 8, 10])
def test_odd_only_setups_refuse_even_boards(setup, size):
    with pytest.raises(OptionError) as raised:
        ZEBRA.new_initial_state({"size": size, "setup": setup})
    assert raised.value.code == "option.conflict"
    assert raised.value.params["option"] == "size"


def test_neutral_and_hole_centres():
    hole = ZEBRA.new_initial_state({"size": 7, "setup": "hole"})
    assert hole.holes == {Cell.parse("d4").index(7)} and hole.neutral is None
    neutral = ZEBRA.new_initial_state({"size": 5, "setup": "neutral"})
    assert neutral.neutral == Cell.parse("c3").index(5) and neutral.holes == frozenset()
    assert neutral.cells[neutral.neutral] == 0
    assert neutral.tower_counts() == (12, 12)  # the bare base counts for nobody


# -- moves ------------------------------------------------------------------------------


def test_from_the_standard_start_only_orthogonal_moves_exist():
    for size in range(3, 11):
        for move in ZEBRA.new_initial_state({"size": size}).legal_actions():
            assert isinstance(move, Move)
            assert (
                abs(move.source.file - move.target.file) + abs(move.source.rank - move.target.rank)
                == 1
            )


def test_a_move_carries_only_the_top_piece():
    state = replay("1. c2-d2 c1-d2")  # d2: B3 (Black-White-Black)
    assert value(state, "d2") == -3 and value(state, "c1") == 0
    state.apply("d1-d2")  # a White piece on top: W4
    assert value(state, "d2") == 4 and value(state, "d1") == 0
    state.apply("c3-d2")  # and a Black one: B5
    assert value(state, "d2") == -5 and value(state, "c3") == 0
    assert piece_counts(state.cells) == (8, 8)


def test_a_moved_tower_shows_the_piece_below():
    state = replay("1. c2-d2 a1-b1 2. d2-c1")  # W2 on d2 leaves B1 behind
    assert value(state, "d2") == -1 and value(state, "c1") == 2


def test_counts_change_only_when_a_source_empties():
    state = ZEBRA.new_initial_state({"size": 4})
    rng = random.Random(3)
    while not state.is_terminal():
        before = state.tower_counts()
        mover = state.current_player()
        move = rng.choice(state.legal_actions())
        assert isinstance(move, Move)
        emptied = state.cell_value(move.source) in (1, -1)
        state.apply(move)
        after = state.tower_counts()
        assert after[mover] == before[mover]  # the mover's count never changes (§4)
        assert after[1 - mover] == before[1 - mover] - (1 if emptied else 0)


def _illegal(state: ZebraState, text: str) -> IllegalActionError:
    before = state.clone()
    with pytest.raises(IllegalActionError) as raised:
        state.apply(text)
    error = raised.value
    assert state == before and state.history == before.history  # unchanged
    assert re.fullmatch(
        rf"{re.escape(str(error.params['action']))} is illegal: .+ \(.+\)\.", str(error)
    ), str(error)
    return error


@pytest.mark.parametrize(
    ("options", "moves", "attempt", "code", "fragment"),
    [
        ({}, "", "b2-c2", "zebra.not-your-tower", "White moves only towers topped by White"),
        ({}, "c2-d2 a1-b1", "c2-c3", "zebra.source-empty", "c2 is empty"),
        ({"size": 5, "setup": "hole"}, "", "c3-c2", "zebra.source-empty", "c3 is a hole"),
        ({}, "", "c2-c2", "zebra.same-cell", "two different cells"),
        ({}, "", "a2-b4", "zebra.not-adjacent", "b4 is not next to a2"),
        ({}, "c2-d2", "b2-c2", "zebra.target-empty", "emptied cell is never entered"),
        ({"size": 5, "setup": "hole"}, "", "b3-c3", "zebra.target-empty", "c3 is a hole"),
        ({}, "", "a2-b1", "zebra.target-not-opponent", "b1 holds a White tower"),
        ({"movement": "jump"}, "", "a2-b4", "zebra.not-in-line", "same rank or file"),
        ({"movement": "jump"}, "", "a2-b3", "zebra.diagonal-in-jump", "diagonal"),
        ({"movement": "jump"}, "", "a2-d2", "zebra.jump-blocked", "b2 is in the way"),
        (
            {"size": 5, "setup": "neutral", "movement": "jump"},
            "d3-d2 a1-a2",
            "b3-e3",
            "zebra.jump-blocked",
            "c3 is in the way",
        ),
        (
            {"movement": "jump"},
            "c2-d2 b2-d2",
            "a2-d2",
            "zebra.jump-too-far",
            "crosses 2 empty cells but the tower on a2 has height 1",
        ),
        (
            {},
            "b1-c1 c3-c4 a4-b4 c4-b4 c2-d2 b2-b3 c4-d4 a1-a2",
            "d1-d2",
            "zebra.game-over",
            "the game is over",
        ),
        ({"setup": "placement"}, "", "a1-a2", "zebra.wrong-phase", "placement rule"),
        ({"setup": "placement"}, "", "xa1", "zebra.wrong-phase", "still being filled"),
        ({"setup": "placement"}, "@a1", "@a1", "zebra.place-occupied", "a1 is already occupied"),
        ({"size": 5, "setup": "placement"}, "", "@c3", "zebra.place-hole", "c3 is a hole"),
        ({}, "", "@c2", "zebra.wrong-phase", "setup standard has no placement phase"),
        ({}, "", "xa1", "zebra.wrong-phase", "setup standard has no removal"),
        (
            {"size": 3, "setup": "remove"},
            "",
            "a2-a1",
            "zebra.wrong-phase",
            "Black must first remove one of its pieces",
        ),
        (
            {"size": 3, "setup": "remove"},
            "",
            "xb1",
            "zebra.remove-not-own",
            "Black removes one of its own pieces",
        ),
        (
            {"size": 3, "setup": "remove"},
            "xa1",
            "xb2",
            "zebra.wrong-phase",
            "made once, before White's first move",
        ),
        (
            {"size": 3, "setup": "placement"},
            "@a1 @a2 @a3 @b1 @b3 @c1 @c2 @c3",
            "@b2",
            "zebra.wrong-phase",
            "the placement phase is over",
        ),
    ],
)
def test_illegal_actions_name_their_rule(options, moves, attempt, code, fragment):
    state = replay(moves, **options)
    error = _illegal(state, attempt)
    assert error.code == code
    assert fragment in str(error)
    assert error.params["action"] == str(ZEBRA.parse_action(attempt))
    assert not state.is_legal(ZEBRA.parse_action(attempt))


def test_actions_off_the_board_or_of_another_kind_are_illegal():
    state = ZEBRA.new_initial_state({"size": 3})
    with pytest.raises(IllegalActionError) as raised:
        state.check(Move(Cell(3, 0), Cell(2, 0)))
    assert raised.value.code == "zebra.off-board"
    with pytest.raises(IllegalActionError) as raised:
        state.check("a2-a1")  # type: ignore[arg-type]
    assert raised.value.code == "zebra.not-an-action"
    assert not state.is_legal("a2-a1")  # type: ignore[arg-type]
    assert not state.is_legal([])  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        state.apply("d1-c1")  # text is read against the board first


@pytest.mark.parametrize(
    ("options", "moves"),
    [
        ({}, ""),
        ({}, "c2-d2 c1-d2 d1-d2"),
        ({"movement": "jump"}, "c2-d2 b2-d2 d3-d4"),
        ({"size": 5, "setup": "neutral"}, "c2-c3 b2-c3 d3-d2 c3-b3 c3-b4"),
        ({"size": 5, "setup": "neutral", "movement": "jump"}, "d3-d2 a1-a2"),
        ({"size": 5, "setup": "hole", "movement": "jump"}, "a2-a1 b4-c4"),
        ({"size": 3, "setup": "remove"}, ""),
        ({"size": 3, "setup": "placement"}, "@a1 @b1"),
        ({}, "b1-c1 c3-c4 a4-b4 c4-b4 c2-d2 b2-b3 c4-d4 a1-a2"),
    ],
)
def test_check_and_is_legal_agree_with_legal_actions(options, moves):
    assert_check_agrees_with_legal_actions(replay(moves, **options))


# -- jump -------------------------------------------------------------------------------


def test_jump_limit_is_the_height_before_the_move():
    # d2 is B3 after 1. c2-d2 b2-d2; after 2. d3-d4 Black crosses c2 and b2 (k = 2 <= 3)
    state = replay("1. c2-d2 b2-d2 2. d3-d4", movement="jump")
    # west: c2, b2 empty, a2 (k = 2); south: d1 (k = 0); north: d3 empty, d4 W2 (k = 1)
    assert [str(cell) for cell in state.targets_from(Cell.parse("d2"))] == ["a2", "d1", "d4"]
    state.apply("d2-a2")
    assert value(state, "a2") == -2


def test_jump_onto_the_bare_neutral_base():
    state = replay("d3-d2 a1-a2", size=5, setup="neutral", movement="jump")
    assert "b3-c3" in legal(state)
    state.apply("b3-c3")
    assert value(state, "c3") == 1


def test_jumps_never_go_diagonally():
    state = replay("1. c2-d2 a1-b1", movement="jump")
    for move in state.legal_actions():
        assert isinstance(move, Move)
        assert move.source.file == move.target.file or move.source.rank == move.target.rank


# -- neutral ----------------------------------------------------------------------------


def test_black_may_be_first_on_the_neutral_base():
    state = replay("a2-a1 b2-c3", size=5, setup="neutral")
    assert value(state, "c3") == -1
    assert state.neutral is not None and state.cells[state.neutral] == -1


def test_entering_the_centre_from_a_tall_tower_hands_the_opponent_a_tower():
    state = replay("b3-b2 a1-a2", size=5, setup="neutral")
    assert value(state, "b2") == 2
    white, black = state.tower_counts()
    state.apply("b2-c3")
    assert value(state, "b2") == -1 and value(state, "c3") == 1
    assert state.tower_counts() == (white, black + 1)


# -- placement and removal --------------------------------------------------------------


def test_placement_on_odd_boards():
    state = ZEBRA.new_initial_state({"size": 3, "setup": "placement"})
    assert legal(state) == ["@a1", "@a2", "@a3", "@b1", "@b3", "@c1", "@c2", "@c3"]
    players = []
    for text in ["@a1", "@a2", "@a3", "@b1", "@b3", "@c1", "@c2", "@c3"]:
        players.append(state.current_player())
        state.apply(text)
    assert players == [WHITE, BLACK] * 4  # White first, Black places the last piece
    assert piece_counts(state.cells) == (4, 4)
    assert state.cells[4] == 0 and state.holes == {4}
    assert state.phase == "movement" and state.current_player() == WHITE
    assert value(state, "a1") == 1 and value(state, "a2") == -1  # the placer's colour


def test_removal_lists_every_black_piece():
    state = ZEBRA.new_initial_state({"size": 5, "setup": "remove"})
    removals = legal(state)
    assert len(removals) == 13
    assert all(value(state, text[1:]) == -1 for text in removals)
    assert removals == sorted(removals, key=lambda text: Cell.parse(text[1:]))


# -- end, scoring, cap ------------------------------------------------------------------


def test_move_cap_ends_the_game_and_the_last_mover_wins_a_tie():
    start = ZEBRA.new_initial_state({"size": 3})
    assert start.move_cap == 180
    state = ZEBRA.from_position(start.position_text().replace("movement 0", "movement 179"))
    assert not state.is_terminal()
    state.apply("a2-a1")
    assert state.is_terminal() and state.legal_actions() == []
    result = state.result()
    assert result is not None
    assert (result.winners, result.scores, result.reason, result.ending) == (
        (WHITE,),
        (4, 4),
        "tie-last-mover",
        "move-cap",
    )
    with pytest.raises(IllegalActionError) as raised:
        state.apply("b2-b1")
    assert raised.value.code == "zebra.game-over"


def test_at_the_move_cap_the_count_decides():
    state = ZEBRA.from_position("B1 W1 B1/W1 B1 W1/B1 W1 B1 w movement 180")
    assert state.is_terminal()
    result = state.result()
    assert result is not None
    assert (result.winners, result.reason, result.ending) == ((BLACK,), "count", "move-cap")


@pytest.mark.parametrize(("size", "cap"), [(3, 180), (4, 320), (7, 980), (10, 2000)])
def test_move_cap_is_twenty_n_squared(size, cap):
    assert ZEBRA.new_initial_state({"size": size}).move_cap == cap


def test_a_random_ten_by_ten_jump_game_reaches_the_cap():
    rng = random.Random(2)
    for _ in range(20):
        state = ZEBRA.new_initial_state({"size": 10, "movement": "jump"})
        while not state.is_terminal():
            state.apply_unchecked(rng.choice(state.legal_actions()))
        if state.result().ending == "move-cap":
            break
    assert len(state.history) == 2000 == state.movement_plies
    assert ZEBRA.read_record(ZEBRA.write_record(state)) == state


def test_a_stuck_player_with_no_history_loses_a_tie_to_the_opponent():
    state = ZEBRA.from_position(". . B5/. . ./W4 . . b")
    assert state.is_terminal() and state.history == ()
    result = state.result()
    assert result is not None
    assert (result.winners, result.scores, result.reason, result.ending) == (
        (WHITE,),
        (1, 1),
        "tie-last-mover",
        "stuck",
    )


def test_results_and_returns_while_playing():
    state = ZEBRA.new_initial_state()
    assert state.result() is None
    assert state.returns() == (0.0, 0.0)
    assert state.is_terminal() is False


# -- undo, clone, equality --------------------------------------------------------------


def test_undo_with_nothing_to_undo():
    with pytest.raises(EngineError) as raised:
        ZEBRA.new_initial_state().undo()
    assert raised.value.code == "undo.empty"


def test_undo_restores_phases_and_last_action():
    state = replay("@a1 @a2 @a3 @b1 @b3 @c1 @c2", size=3, setup="placement")
    before = state.clone()
    state.apply("@c3")
    assert state.phase == "movement"
    assert state.undo() == Place.parse("@c3")
    assert state == before and state.phase == "placement"
    assert state.last_action == Place.parse("@c2")
    removal = ZEBRA.new_initial_state({"size": 3, "setup": "remove"})
    removal.apply("xa1")
    removal.undo()
    assert removal.phase == "removal" and removal.current_player() == BLACK
    assert removal.last_action is None


def test_undo_forgets_positions_for_the_repetition_rule():
    state = parse_diagram("3 .  .  B1\n2 .  B5 W3\n1 .  .  .\n  a  b  c", to_move=BLACK)
    fresh = state.clone()
    for move in "b2-c2 b2-c3 c2-c3 c2-b2 c3-b2".split():
        state.apply(move)
    for _ in range(5):
        state.undo()
    assert state == fresh
    state.apply("b2-c2")
    state.undo()
    assert state == fresh


def test_clones_are_independent():
    state = replay("c2-d2")
    twin = state.clone()
    assert twin == state and twin is not state
    twin.apply("a1-b1")
    assert twin != state and texts(state.history) == ["c2-d2"]
    state.apply("c1-d2")
    assert texts(twin.history) == ["c2-d2", "a1-b1"]
    assert twin.undo() == Move.parse("a1-b1")
    assert twin.undo() == Move.parse("c2-d2")
    assert texts(state.history) == ["c2-d2", "c1-d2"]


def test_equality_and_keys():
    first, second = replay("c2-d2 a1-b1"), replay("c2-d2 a1-b1")
    assert first == second
    assert first.position_key() == second.position_key()
    assert first != replay("c2-d2 c1-d2")
    assert first != replay("c2-d2 a1-b1", movement="jump")
    assert (first == "c2-d2") is False
    with pytest.raises(TypeError):
        hash(first)
    assert {first.position_key(): 1}[second.position_key()] == 1


def test_legal_actions_returns_a_fresh_list():
    state = ZEBRA.new_initial_state()
    actions = state.legal_actions()
    actions.clear()
    assert len(state.legal_actions()) == 24


# -- positions given as text ------------------------------------------------------------


def test_a_given_position_counts_as_occurred():
    state = parse_diagram("3 .  .  B1\n2 .  B5 W3\n1 .  .  .\n  a  b  c", to_move="b")
    start = state.start_text()
    assert start == ". . B1/. B5 W3/. . . b movement 0"
    same = ZEBRA.from_position(start)
    assert same == state


@pytest.mark.parametrize(
    ("text", "setup"),
    [
        ("B1 W1 B1/W1 B1 W1/B1 W1 B1 b removal", "remove"),
        ("W1 . ./. # ./. . . b placement", "placement"),
        ("B1 W1 B1/W1 n W1/B1 W1 B1 w", "neutral"),
        ("B1 W1 B1/W1 # W1/B1 W1 B1 w", "hole"),
        (". W1 B1/W1 B1 W1/B1 W1 B1 w", "remove"),
        ("B1 W1 B1/W1 B1 W1/B1 W1 B1 w", "standard"),
    ],
)
def test_setups_are_inferred_from_positions(text, setup):
    assert ZEBRA.from_position(text).options["setup"] == setup


@pytest.mark.parametrize(
    ("text", "options", "fragment"),
    [
        ("B1 W1 B1/W1 B1 W1/B1 W1 B1 w", {"size": 5}, "size option is 5"),
        ("B1 W1 B1/W1 # W1/B1 W1 B1 w", {"setup": "standard"}, "has no holes"),
        ("B1 W1 B1/W1 . W1/B1 W1 B1 w", {"setup": "hole"}, "exactly one hole, on b2"),
        ("B1 W1 B1/W1 B1 W1/B1 W1 B1 w", {"setup": "neutral"}, "neutral base"),
        ("B1 W1 B1/W1 n W1/B1 W1 B1 w", {"setup": "hole"}, "exactly one hole"),
        ("B1 W1 B1/W1 B1 W1/B1 W1 B2 w", {}, "4 White and 4 Black pieces, not 5 and 5"),
        ("B1 W1 B1/W1 B1 W1/B1 W1 B2 w", {"setup": "standard"}, "not 5 and 5"),
        ("B1 W1 B1/W1 B1 W1/B1 W1 B1 w removal", {}, "Black to act"),
        ("B1 W1 B1/W1 B1 W1/B1 W1 B1 w removal", {"setup": "standard"}, "removal phase"),
        ("W2 . ./. # ./. . . b placement", {}, "towers cannot be built"),
        ("W1 . ./. # ./. . . w placement", {}, "White places first"),
        ("W1 B1 W1/B1 # B1/W1 B1 W1 w placement", {}, "the board is full"),
        ("W1 . ./. # ./. . . b placement 3", {}, "only be counted in the movement phase"),
        ("B1 W1 B1/W1 B1 W1/B1 W1 B1 w movement 181", {}, "ends after 180 plies"),
    ],
)
def test_positions_that_cannot_occur_are_refused(text, options, fragment):
    with pytest.raises(NotationError) as raised:
        ZEBRA.from_position(text, options=options)
    assert raised.value.code == "notation.position-mismatch"
    assert fragment in str(raised.value)


def test_position_options_can_be_given():
    state = ZEBRA.from_position("B1 W1 B1/W1 B1 W1/B1 W1 B1 w", options={"movement": "jump"})
    assert dict(state.options) == {"size": 3, "setup": "standard", "movement": "jump"}
    with pytest.raises(OptionError):
        ZEBRA.from_position("B1 W1 B1/W1 B1 W1/B1 W1 B1 w", options={"colour": "red"})


# -- helpers for user interfaces --------------------------------------------------------


def test_sources_and_targets():
    state = ZEBRA.new_initial_state()
    assert [str(cell) for cell in state.sources()] == "a2 a4 b1 b3 c2 c4 d1 d3".split()
    assert [str(cell) for cell in state.targets_from(Cell.parse("c2"))] == "b2 c1 c3 d2".split()
    assert state.targets_from(Cell.parse("b2")) == []
    placing = ZEBRA.new_initial_state({"setup": "placement"})
    assert placing.sources() == []


def test_cell_index_layout():
    state = ZEBRA.new_initial_state({"size": 5})
    assert state.cell_index(Cell.parse("a1")) == 0
    assert state.cell_index(Cell.parse("b1")) == 1
    assert state.cell_index(Cell.parse("a2")) == 5
    assert state.cell_index(Cell.parse("e5")) == 24
    assert state.current_player() == WHITE == 0 and BLACK == 1 and TERMINAL == -1


def test_illegal_action_params_hold_the_interpolated_values():
    error = _illegal(replay("c2-d2 b2-d2", movement="jump"), "a2-d2")
    assert error.params == {
        "action": "a2-d2",
        "source": "a2",
        "target": "d2",
        "crossed": 2,
        "height": 1,
        "rule": "jump rule: at most as many empty cells as the tower's height",
        "reason": "it crosses 2 empty cells but the tower on a2 has height 1",
    }
    blocked = _illegal(ZEBRA.new_initial_state({"movement": "jump"}), "a2-d2")
    assert blocked.params["blocker"] == "b2"
    placed = _illegal(replay("@a1", setup="placement"), "@a1")
    assert placed.params["cell"] == "a1" and "source" not in placed.params
    state = ZEBRA.new_initial_state({"size": 3})
    with pytest.raises(IllegalActionError) as raised:
        state.check(Move(Cell(0, 1), Cell(0, 3)))
    assert raised.value.params["cell"] == "a4"


def test_the_incremental_position_hash_stays_exact():
    # the repetition pre-filter relies on it: equal positions must have equal hashes
    from pyengine.games.zebra.board import geometry, position_hash

    rng = random.Random(11)
    for options in (
        {"size": 4, "setup": "placement"},
        {"size": 5, "setup": "remove"},
        {"size": 5, "setup": "neutral", "movement": "jump"},
    ):
        state = ZEBRA.new_initial_state(options)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            assert state._hash == position_hash(state.cells, state.to_move, geometry(state.size))
        while state.history:
            state.undo()
            assert state._hash == position_hash(state.cells, state.to_move, geometry(state.size))
