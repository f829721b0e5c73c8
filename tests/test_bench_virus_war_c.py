"""The referee of bench/virus_war_c.py (the match against the C engine): its adjudication of a
turn start and its reading of the C engine's board, without the C engine."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pyengine

PATH = Path(__file__).resolve().parents[1] / "bench" / "virus_war_c.py"
spec = importlib.util.spec_from_file_location("virus_war_c", PATH)
assert spec is not None and spec.loader is not None
referee = importlib.util.module_from_spec(spec)
sys.modules["virus_war_c"] = referee
spec.loader.exec_module(referee)

GAME = pyengine.get_game("virus-war")
OPTIONS = {"size": 6, "variant": "last-move-wins"}


def test_a_new_game_has_full_turns_and_no_win() -> None:
    state = GAME.new_initial_state(OPTIONS)
    assert referee.turn_outlook(state) == (True, False)


def sequences(state: Any, left: int) -> list[tuple[list[str], Any]]:
    """Every sequence of up to ``left`` steps of the mover that ends the turn's steps or the
    game, with the state it leaves."""
    if left == 0 or state.is_terminal():
        return [([], state)]
    found = []
    for step in state.legal_actions():
        if str(step) == "pass":
            continue
        child = state.clone()
        child.apply(step)
        found += [([str(step), *rest], end) for rest, end in sequences(child, left - 1)]
    return found


def test_the_outlook_agrees_with_every_sequence_of_steps() -> None:
    """Random games, step by step; at each turn start with few steps in reach (where a turn
    can fall short) the outlook is checked against every sequence of the mover's steps."""
    rng = random.Random(4)
    outlooks = set()
    for _ in range(30):
        state: Any = GAME.new_initial_state(OPTIONS)
        while not state.is_terminal():
            steps = [step for step in state.legal_actions() if str(step) != "pass"]
            if len(steps) <= 6 and state.steps_left == 3:
                mover = state.current_player()
                every = sequences(state, 3)
                full = any(len(s) == 3 and not end.is_terminal() for s, end in every)
                wins = any(end.is_terminal() and mover in end.result().winners for _, end in every)
                assert referee.turn_outlook(state) == (full, wins)
                outlooks.add((full, wins))
                if not full:
                    break
            if not steps:
                break
            state.apply(rng.choice(steps))
    # turns that fall short were seen, and full turns with and without a win in them
    assert {full for full, _ in outlooks} == {True, False}
    assert {wins for _, wins in outlooks} == {True, False}


def test_the_c_engines_board_reads_as_ours() -> None:
    class Fake(referee.CEngine):  # type: ignore[name-defined]
        def __init__(self) -> None:  # no process: status is what the C engine printed
            pass

        def ask(self, command: str) -> list[str]:
            assert command == "status"
            return [
                "  Active:  X",
                "     2 | .xOO..",
                "     1 | Xo....",
                "    ---+-------",
                "       | abcdef",
            ]

    # the C engine's fortress letters are the other way round from ours
    assert Fake().board() == [".oOO..", "Xx...."]
    assert referee.strip_colours("2 | .x\x1b[0;32mO\x1b[0m.") == "2 | .xO."
