"""The docstring examples of the Virus War modules run as tests, and the benchmark's position
file is what its seeded generator produces."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
MODULES = [
    "pyengine.games.virus_war.bitboard",
    "pyengine.games.virus_war.game",
    "pyengine.games.virus_war.notation",
    "pyengine.games.virus_war.records",
    "pyengine.games.virus_war.rules",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0


def test_benchmark_positions_are_reproducible():
    """tests/data/virus_war_positions.txt is exactly `bench/virus_war.py --regenerate`'s
    output: 50 mid-game 10x10 positions at a turn start, the player to move having steps."""
    spec = importlib.util.spec_from_file_location(
        "virus_war_bench", REPOSITORY / "bench" / "virus_war.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    lines = (REPOSITORY / "tests" / "data" / "virus_war_positions.txt").read_text().splitlines()
    assert lines == bench.regenerate()
    for state in bench.load_positions("\n".join(lines)):
        assert state.size == 10 and not state.turn_steps and state.legal_step_mask()
        assert not state.is_terminal() and state.turn_number >= 7
