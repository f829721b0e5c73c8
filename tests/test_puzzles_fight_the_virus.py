"""Fight the Virus puzzles (web/tools/puzzles/fight_the_virus.py): "research" and "win" (the
only use of the dice that crosses the next research square, ``R12`` for "win"), on
hand-checked positions and against an independent brute force that walks the whole part
through the engine's ``legal_actions`` without cuts or a transposition table."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Hashable
from pathlib import Path

import pytest

import pyengine
from pyengine.core.game import State
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import SHEET

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

import puzzles  # noqa: E402
from puzzles import ProofError  # noqa: E402
from puzzles import fight_the_virus as ftv  # noqa: E402

GAME = pyengine.get_game("fight-the-virus")
CELLS: list[str] = SHEET["analysis"]["cells"]
SOLO = {"mode": "solo", "players": 1}


def solo_position(dice: str, unanalysed: str, ap: str, research: int, rest: str = "-|-"):
    """A solo position at the start of the part: every analysis cell but ``unanalysed`` is
    analysed; ``ap`` the 21 fields (``x`` spent, ``o`` active, ``.`` blank)."""
    holes = unanalysed.split()
    analysed = ".".join(cell for cell in CELLS if cell not in holes)
    text = f"t20 d40 {dice} P1:01:AO {analysed}|{ap}|{research}|{rest}"
    state = GAME.from_position(text, options=SOLO)
    assert isinstance(state, FightTheVirusState)
    return state


def brute_goal_sheets(state: State) -> dict[Hashable, list[list[str]]]:
    """Every end-of-part sheet of the solver that crossed the next research square, with every
    decision order reaching it."""
    assert isinstance(state, FightTheVirusState)
    seat, turn = state.current_player(), state.turn
    goal = state.sheet(seat).research + 1
    found: dict[Hashable, list[list[str]]] = {}

    def walk(current: FightTheVirusState, played: list[str]) -> None:
        if current.part_seat != seat or current.turn != turn:
            sheet = current.sheet(seat)
            if sheet.research >= goal:
                found.setdefault(sheet.key(), []).append(played)
            return
        for action in current.legal_actions():
            after = current.clone()
            after.apply(action)
            walk(after, [*played, str(action)])

    walk(state, [])
    return found


def test_the_registry_reaches_the_module() -> None:
    assert puzzles.game_module("fight-the-virus") is ftv
    assert set(ftv.KINDS) == {"research", "win"}
    assert ftv.kind_of(11) == "research" and ftv.kind_of(12) == "win"


def test_research_hand_checked() -> None:
    # R1-R10 crossed; 2 APs active, 4 blank (need(11) = 6: not hopeless); dice 1 and 5.
    # The unanalysed cells are one path d6-d7-d8-d9-e9-f9-g9-h9-h8-h7 with f10 hanging from
    # f9, spikes d6 d9 h9 f10. R11 takes 5+6 (3 APs) or 1+10 (5): neither is affordable yet.
    # The only shape that gains an AP without paying one is the monomino on the spike d6 (the
    # path's other end h7 is plain, f10 touches no analysed cell, inner cells would split the
    # path; a raised die pays an AP for at most one spike more, the 5 as a wild shape covers
    # at most two spikes, and the path has no 2x2 block for a P). So: 1 on d6, then 5+6 to R11.
    state = solo_position("1-5", "d6 d7 d8 d9 e9 f9 f10 g9 h9 h8 h7", "x" * 15 + "oo....", 10)
    assert ftv.prove_state(state, "research") == [["1>A:d6", "5+6>R11"]]
    sheets = brute_goal_sheets(state)
    assert list(sheets.values()) == [[["1>A:d6", "5+6>R11"]]]
    with pytest.raises(ProofError, match="'research' puzzle, not 'win'"):
        ftv.prove_state(state, "win")


def test_win_hand_checked() -> None:
    # R1-R11 crossed, the red targets filled (the gate of R12 is open); 3 APs active, 1 blank.
    # Only f10 is unanalysed (a spike). R12 takes 5+7 (4 APs) or 1+11 (6): the 1 on f10 gains
    # the fourth AP (the 5 raised to a wild monomino there pays what it gains).
    state = solo_position(
        "1-5",
        "f10",
        "x" * 17 + "ooo.",
        11,
        "T00=1,T01=1,T02=2,T03=3,T04=1,T11=3,T12=4,T21=5|C00=1,C10=2,C11=3,C20=1,C21=4,C22=1,C33=2",
    )
    assert state.sheet(0).gate_open()
    assert ftv.prove_state(state, "win") == [["1>A:f10", "5+7>R12"]]
    assert list(brute_goal_sheets(state).values()) == [[["1>A:f10", "5+7>R12"]]]


def test_not_unique_is_rejected() -> None:
    # fight-the-virus.md E3: R1-R8 crossed, fields 6-8 active, dice 6 and 3: 6+3>R9 and
    # 3+6>R9 both cross R9 (with different APs left), and the 3 may then still be placed.
    state = solo_position(
        "6-3",
        " ".join(CELLS[22:]),
        "xxxxxooo.............",
        8,
    )
    assert len(brute_goal_sheets(state)) > 1
    with pytest.raises(ProofError, match="several end-of-part sheets cross R9"):
        ftv.prove_state(state, "research")


def test_no_crossing_is_rejected() -> None:
    state = solo_position("1-2", "f10", "x" * 17 + "ooo.", 10)  # R11 needs 1+10 or 2+9
    with pytest.raises(ProofError, match="no end-of-part sheets cross R11"):
        ftv.prove_state(state, "research")


def test_prove_checks_a_stored_puzzle_and_mining_is_reproducible() -> None:
    first = list(itertools.islice(ftv.mine_candidates(3), 3))
    assert first == list(itertools.islice(ftv.mine_candidates(3), 3))
    for number, puzzle in enumerate(first):
        stored = {"id": f"fight-the-virus-{number + 1:03d}", **puzzle}
        assert ftv.prove(stored) == puzzle["solutions"]
        state = ftv.position(stored)
        orders = brute_goal_sheets(state)
        assert len(orders) == 1
        assert sorted(next(iter(orders.values()))) == sorted(puzzle["solutions"])
    broken = {"id": "fight-the-virus-001", **first[0], "solutions": [["pass"]]}
    with pytest.raises(ProofError, match="fight-the-virus-001: the main line"):
        ftv.prove(broken)
