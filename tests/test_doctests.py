"""The docstring examples of the engine modules run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "pyengine",
    "pyengine.core.errors",
    "pyengine.core.game",
    "pyengine.core.options",
    "pyengine.core.record",
    "pyengine.core.rng",
    "pyengine.games.zebra",
    "pyengine.games.zebra.game",
    "pyengine.games.zebra.notation",
    "pyengine.games.zebra.records",
    "pyengine.games.zebra.rules",
    "pyengine.session",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
