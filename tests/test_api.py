"""The package's public surface: exports, registry and factories."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import pyengine
from pyengine.core import registry
from pyengine.core.errors import OptionError
from pyengine.core.registry import RESERVED_IDS, register
from pyengine.games.zebra import ZEBRA, ZebraGame, ZebraState


def test_version_and_exports():
    assert pyengine.__version__ == "0.1.0"
    for name in pyengine.__all__:
        assert hasattr(pyengine, name), name


def test_games_and_get_game():
    assert [game.id for game in pyengine.games()] == [
        "zebra",
        "virus-war",
        "virus-fight",
        "fight-the-virus",
    ]
    assert pyengine.get_game("zebra") is ZEBRA
    assert RESERVED_IDS == ()
    assert not set(RESERVED_IDS) & {game.id for game in pyengine.games()}


def test_the_games_subpackage_stays_importable():
    # pyengine.games is both the subpackage and a callable listing the games
    zebra_package = importlib.import_module("pyengine.games.zebra")
    import pyengine.games.zebra as aliased

    assert aliased is zebra_package
    assert pyengine.games() == registry.games()


def test_new_game_accepts_a_mapping_or_keywords():
    state = pyengine.new_game("zebra", size=5, setup="hole")
    assert isinstance(state, ZebraState) and state.size == 5
    same = pyengine.new_game("zebra", {"size": 5, "setup": "hole"})
    assert same == state
    merged = pyengine.new_game("zebra", {"size": 5, "setup": "hole"}, movement="jump")
    assert merged.options["movement"] == "jump"
    assert pyengine.new_game("zebra") == ZEBRA.new_initial_state()
    with pytest.raises(OptionError):
        pyengine.new_game("zebra", size=12)
    with pytest.raises(OptionError):
        pyengine.new_game("zebra", [("size", 5)])  # type: ignore[arg-type]


def test_registering_twice():
    assert register(ZEBRA) is ZEBRA  # the same instance again is harmless
    with pytest.raises(ValueError):
        register(ZebraGame())


def test_a_game_is_imported_only_when_it_is_used():
    """The registry knows every game by id, but a program that plays Zebra never imports
    the other games' rules (in the browser's worker that is a quarter of a second)."""
    script = (
        "import sys, pyengine\n"
        "from pyengine.controller import Controller\n"
        "from pyengine.ai.players import game_ai\n"
        "controller = Controller()\n"
        "assert controller.handle({'op': 'hello'})['games'] == "
        "['zebra', 'virus-war', 'virus-fight', 'fight-the-virus']\n"
        "controller.handle({'op': 'new', 'game': 'zebra'})\n"
        "controller.handle({'op': 'click', 'cell': 'c2'})\n"
        "game_ai('zebra')\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('pyengine.games.')}))\n"
        "from pyengine.games import VIRUS_WAR\n"
        "print(VIRUS_WAR.id, 'pyengine.games.virus_war.rules' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == ["['zebra']", "virus-war True"]


def test_an_unknown_attribute_of_the_games_package():
    games_package = importlib.import_module("pyengine.games")
    assert games_package.ZEBRA is ZEBRA
    with pytest.raises(AttributeError, match="CHESS"):
        games_package.CHESS  # noqa: B018
