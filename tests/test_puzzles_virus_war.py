"""Virus War puzzles (web/tools/puzzles/virus_war.py): the proofs of "win" in one and two turns
and of "survive", on hand-checked positions and against an independent brute force that knows
only the engine's ``legal_actions`` (every order of every turn, no step sets, no pruning but
"more live symbols than steps left cannot all be killed")."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

import pyengine
from pyengine.core.game import State
from pyengine.games.virus_war.game import parse_diagram
from pyengine.games.virus_war.rules import VirusWarState

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

import puzzles  # noqa: E402
from puzzles import ProofError  # noqa: E402
from puzzles import virus_war as vw  # noqa: E402

GAME = pyengine.get_game("virus-war")

# Inline records (virus-war.md §8 allows them) of positions the miner found, 10×10.
SURVIVE_RECORD = (
    "1. a1-b2-c3 pass 2. b3-d2-b4 k10-i9-i10 3. b1-d4-e5 h8-g9-g7 4. e6-f7-g7 i8-i7-k6 "
    "5. a2-d3-a5 i6-h5-h10 6. c1-a3-f4 k7-h7-h6 7. e4-g8-f3 g10-g4-f5 8. c5-g4-f5 g8-g5-f6 "
    "9. h5-e2-e8 e5-h9-f9 10. d7-d1-f6 k9-g6-h4 11. h3-g5-h7 g3-e8-f10 12. c8-h2-a4 k8-f3-h3 "
    "13. i6-i3-g3 f8-f7-e9 14. k4-h8-h4 pass 15. c9-k7-c2 k5-e7-e6 16. b5-b6-b7 i5-d8-e10 "
    "17. k5-d9-e10 e4-d6-g2 18. d6-g2-i9 c9-d10-f4 19. d8-h9-d10 i4-i3-e3 "
    "20. i8-i4-c4 d5-d9-e2 21. i5-e9-d5 pass 22. k8-i10-e3 f2-d2-c1 23. e7-h6-f2 d1-e1-d7 "
    "24. g9-a6-g6 c3-b10-c4 25. c10-a8-b10 d3-b1-c7 26. f10-g10-c7 b8-f1-a1 "
    "27. f1-i2-k2 c6-c5-b3 28. k1-g1-a9 a9-a2-c10 29. i7-k6-k3 c2-b5-a6 30. c6-h1-b8 b9-b2-d4 "
    "31. i1-b9-k10 a4-c8-a7 32. e1-a7-f8 *"
)
WIN_IN_TWO_RECORD = (
    "1. a1-b2-c3 k10-i10-k9 2. d4-e5-f5 pass 3. e4-f3-g6 i8-h9-i7 4. g3-b1-a3 g10-h7-g7 "
    "5. a4-d6-h6 k6-g9-i9 6. h2-i3-h7 f7-e8-k8 7. h8-a5-g7 d7-f6-k5 8. h9-f6-d3 h10-k7-d8 "
    "9. g8-g10-d7 f8-f9-c8 10. f7-i7-e8 c9-c7-f10 11. c7-i10-f9 h8-e9-b7 12. d8-c9-b7 pass "
    "13. f8-k6-k5 e10-g8-d9 14. h4-e9-c8 c10-i6-b10 15. k2-h10-i9 i5-h4-i3 "
    "16. f10-k10-c10 g4-k2-g3 17. g9-i8-a6 d10-h5-k4 18. b4-c2-i2 f5-e6-k3 "
    "19. b10-a7-e2 i2-g2-g6 20. a10-b5-e6 i4-h1-e5 21. c1-i4-i1 pass 22. b8-a8-a2 d4-c5-b5 "
    "23. c5-h1-g2 pass 24. k8-c4-k7 d5-f3-e2 25. b9-c6-f2 f2-e3-g1 26. d10-g5-f4 d2-k1-h6 "
    "27. h3-d9-i6 f4-c2-h2 28. e3-k4-d1 d6-g5-b1 29. e10-d2-k1 h3-i1-d3 30. i5-h5-k9 e1-b3-d1 "
    "31. k3-g4-b3 c4-c1-a2 *"
)


def read(record: str) -> VirusWarState:
    state = GAME.read_record(record)
    assert isinstance(state, VirusWarState)
    return state


# -- an independent brute force over the engine's actions ------------------------------------


def full_turns(state: State) -> dict[object, tuple[list[str], State]]:
    """Every distinct position a whole turn of the player to move reaches (pass included), with
    one order of actions reaching it."""
    player = state.current_player()
    found: dict[object, tuple[list[str], State]] = {}

    def walk(current: State, played: list[str]) -> None:
        if current.is_terminal() or current.current_player() != player:
            found.setdefault(current.position_key(), (played, current))
            return
        for action in current.legal_actions():
            after = current.clone()
            after.apply(action)
            walk(after, [*played, str(action)])

    walk(state, [])
    return found


def can_eliminate(state: State) -> bool:
    """Whether the player to move has a turn that eliminates the opponent."""
    player = state.current_player()
    assert isinstance(state, VirusWarState)

    def walk(current: VirusWarState, made: int) -> bool:
        if current.is_terminal():
            result = current.result()
            return result is not None and result.winners == (player,)
        if current.current_player() != player:
            return False
        if current.counts()["live"][1 - player] > 3 - made:
            return False
        for action in current.legal_actions():
            if str(action) != "pass":
                after = current.clone()
                after.apply(action)
                if walk(after, made + 1):
                    return True
        return False

    return walk(state, 0)


def brute_survivors(state: State) -> list[list[str]]:
    return [
        played
        for played, after in full_turns(state).values()
        if after.is_terminal() or not can_eliminate(after)
    ]


def brute_forcing(state: State) -> list[list[str]]:
    """The turns after which every reply lets the solver eliminate the opponent."""

    def forced(after: State) -> bool:
        if after.is_terminal():
            return False
        return all(
            not reply.is_terminal() and can_eliminate(reply)
            for _, reply in full_turns(after).values()
        )

    return [played for played, after in full_turns(state).values() if forced(after)]


# -- the tests -------------------------------------------------------------------------------


def test_the_registry_reaches_the_module() -> None:
    assert puzzles.game_module("virus-war") is vw
    assert vw.GAME_ID == "virus-war"
    assert set(vw.KINDS) == {"win", "survive"}


def test_win_in_one_hand_checked() -> None:
    # X's only reach is a2 b1 b2; killing b2 makes it X's bridge, which reaches c3; killing
    # c3 extends the bridge to d4. Three steps, three kills, each possible only after the one
    # before: the one eliminating set, in one order.
    state = parse_diagram("""
     6 . . . . . .
     5 . . . . . .
     4 . . . O . .
     3 . . O . . .
     2 . O . . . .
     1 X . . . . .
       a b c d e f
    """)
    assert vw.prove_state(state, "win", 1) == [["b2", "c3", "d4"]]
    with pytest.raises(ProofError, match="eliminate the opponent at once"):
        vw.prove_state(state, "survive", 1)


def test_win_in_one_not_unique_is_rejected() -> None:
    # virus-war.md Ex 4: d4-e4 wins after two steps, and so does c3-d4-e4 (and more sets).
    state = GAME.from_position("....../....../...OO./...o../..X.../...... x")
    assert isinstance(state, VirusWarState)
    sets = vw.eliminating_sets(vw.Situation.of(state))
    named = {
        "-".join(str(state.geometry.steps[index]) for index in order) for order in sets.values()
    }
    assert {"d4-e4", "c3-d4-e4"} <= named
    with pytest.raises(ProofError, match="step sets eliminate"):
        vw.prove_state(state, "win", 1)


def test_solutions_are_every_legal_order_of_the_set() -> None:
    # X on a1 with O on a2, b1 and b2 (all next to a1): the three kills in any of 6 orders.
    state = parse_diagram("""
     6 . . . . . .
     5 . . . . . .
     4 . . . . . .
     3 . . . . . .
     2 O O . . . .
     1 X O . . . .
       a b c d e f
    """)
    solutions = vw.prove_state(state, "win", 1)
    assert sorted(solutions) == sorted(
        [list(order) for order in itertools.permutations(["a2", "b1", "b2"])]
    )
    assert solutions[0] == ["a2", "b1", "b2"]


def test_survive_agrees_with_brute_force() -> None:
    state = read(SURVIVE_RECORD)
    answer = vw.prove_state(state, "survive", 1)
    assert answer == [["b7", "a8", "a10"]]
    (survivor,) = brute_survivors(state)
    assert sorted(survivor) == sorted(answer[0])
    with pytest.raises(ProofError):
        vw.prove_state(state, "win", 1)


def test_survive_not_unique_is_rejected() -> None:
    # early in the game nothing threatens O: every turn survives
    state = read("1. a1-b2-c3")
    with pytest.raises(ProofError, match="turns survive"):
        vw.prove_state(state, "survive", 1)


def test_win_in_two_agrees_with_brute_force() -> None:
    state = read(WIN_IN_TWO_RECORD)
    solutions = vw.prove_state(state, "win", 2)
    main = solutions[0]
    assert main == ["e1", "f1", "g1", "a1", "b6", "e7", "b6", "d5", "e7"]
    (forcing,) = brute_forcing(state)
    assert sorted(forcing) == sorted(main[:3])
    assert not can_eliminate(state)
    # every solution plays the same defence, and every one ends with the solver's win
    assert {tuple(solution[3:6]) for solution in solutions} == {("a1", "b6", "e7")}
    for solution in solutions:
        after = state.clone()
        for text in solution:
            after.apply(text)
        result = after.result()
        assert result is not None and result.winners == (state.current_player(),)


def test_prove_checks_a_stored_puzzle() -> None:
    state = read(SURVIVE_RECORD)
    puzzle = {
        "id": "virus-war-001",
        "kind": "survive",
        "turns": 1,
        "options": {"size": 10, "variant": "standard"},
        "record": GAME.write_record(state),
        "solver": state.current_player(),
        "solutions": [["b7", "a8", "a10"]],
    }
    assert vw.prove(puzzle) == [["b7", "a8", "a10"]]
    with pytest.raises(ProofError, match="virus-war-001: the main line"):
        vw.prove({**puzzle, "solutions": [["a8", "b7", "a10"]]})
    with pytest.raises(ProofError, match=r"virus-war-001: .*survive"):
        vw.prove({**puzzle, "record": GAME.write_record(read("1. a1-b2-c3")), "solver": 1})


def test_mining_is_reproducible_and_proven() -> None:
    first = list(itertools.islice(vw.mine_candidates(3), 2))
    again = list(itertools.islice(vw.mine_candidates(3), 2))
    assert first == again
    for puzzle in first:
        assert vw.prove(puzzle) == puzzle["solutions"]
