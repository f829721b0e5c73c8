"""The docstring examples of the Fight the Virus engine modules run as tests (the renderer's
are run with the other renderers')."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "",
    ".sheet",
    ".player_sheet",
    ".notation",
    ".turns",
    ".legal",
    ".errors",
    ".rules",
    ".position",
    ".records",
    ".game",
    ".bots",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str):
    module = importlib.import_module(f"pyengine.games.fight_the_virus{name}")
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
