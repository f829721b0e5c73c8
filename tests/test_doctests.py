"""The docstring examples of the engine modules run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "pyengine",
    "pyengine.core.errors",
    "pyengine.core.game",
    "pyengine.core.grid",
    "pyengine.core.notation",
    "pyengine.core.options",
    "pyengine.core.record",
    "pyengine.core.rng",
    "pyengine.games.zebra",
    "pyengine.games.zebra.game",
    "pyengine.games.zebra.notation",
    "pyengine.games.zebra.records",
    "pyengine.games.zebra.rules",
    "pyengine.session",
    "pyengine.controller",
    "pyengine.controller.thinking",
    "pyengine.controller.views",
    "pyengine.protocol",
    "pyengine.protocol_check",
    "pyengine.svg.drawing",
    "pyengine.games.zebra.render",
    "pyengine.ai.mcts",
    "pyengine.ai.players",
    "pyengine.ai.arena",
    "pyengine.ai.alphabeta",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_readme_examples():
    """The README's Python session is a doctest too."""
    from pathlib import Path

    readme = Path(__file__).resolve().parents[1] / "README.md"
    failures, tried = doctest.testfile(
        str(readme), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 0 and failures == 0
