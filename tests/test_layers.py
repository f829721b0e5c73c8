"""The layers hold, checked on the source (nothing is imported or run):

* the search package ``pyengine/ai/`` knows no game: none of its modules imports
  ``pyengine.games`` (absolutely, relatively or by ``importlib``); a game gives its knowledge
  to the search through the registry (:meth:`pyengine.core.game.Game.ai`);
* no module uses another module's private names: no ``from X import _name`` and no
  ``X._name`` where ``X`` was imported, for the project's own modules (the engine, the page's
  glue, the site's tools and build, the benchmarks). Dunder names are not private.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
GAMES = "pyengine.games"

CHECKED = [
    REPOSITORY / "pyengine",
    REPOSITORY / "web" / "app" / "glue",
    REPOSITORY / "web" / "tools",
    REPOSITORY / "web" / "build.py",
    REPOSITORY / "bench",
]
"""Where the private-names check looks (a folder: every ``.py`` file under it)."""


def python_files(where: Path) -> list[Path]:
    if where.is_file():
        return [where]
    return sorted(path for path in where.rglob("*.py") if "results" not in path.parts)


def first_party() -> frozenset[str]:
    """The top-level names of the project's modules: the engine, the glue package, and the
    scripts of the folders whose modules import each other by bare name."""
    names = {"pyengine", "glue", "build", "tools"}
    for folder in (REPOSITORY / "web" / "tools", REPOSITORY / "bench"):
        names.update(path.stem for path in folder.glob("*.py"))
    return frozenset(names)


def module_name(path: Path) -> str:
    """The dotted name of an engine module (``pyengine/ai/players.py``: ``pyengine.ai.players``)."""
    parts = list(path.relative_to(REPOSITORY).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module an ``import from`` reads (relative ones resolved against ``module``)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def parse(path: Path, source: str | None) -> ast.Module:
    """The module at ``path``, or ``source`` given for it."""
    return ast.parse(path.read_text(encoding="utf-8") if source is None else source, str(path))


def imported_modules(path: Path, source: str | None = None) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports anywhere (functions and ``TYPE_CHECKING`` blocks too), with
    the names of an ``import from`` as submodules, and constant names given to ``importlib``."""
    tree = parse(path, source)
    module = module_name(path)
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            source = absolute(node, module, is_package)
            yield node.lineno, source
            for alias in node.names:
                yield node.lineno, f"{source}.{alias.name}"
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            if isinstance(function, ast.Name):
                name = function.id
            if name not in ("import_module", "__import__"):
                continue
            argument = node.args[0]
            if isinstance(argument, ast.JoinedStr):  # an f-string: its constant start
                argument = argument.values[0] if argument.values else argument
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                yield node.lineno, argument.value


def game_imports(path: Path, source: str | None = None) -> list[str]:
    """``path``'s imports of a game, one per line of source."""
    found: dict[int, str] = {}
    for line, name in imported_modules(path, source):
        if name.startswith(GAMES) and (name == GAMES or name[len(GAMES)] == "."):
            found.setdefault(line, f"{path.relative_to(REPOSITORY)}:{line}: imports {name}")
    return list(found.values())


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(path: Path, ours: frozenset[str], source: str | None = None) -> list[str]:
    """``path``'s uses of other modules' private names (see the module docs)."""
    tree = parse(path, source)
    where = path.relative_to(REPOSITORY)
    found: list[str] = []
    imported: set[str] = set()  # names bound to one of our modules or to a name from one
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.partition(".")[0] in ours:
                    imported.add(alias.asname or alias.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module or "").partition(".")[0] not in ours:
                continue
            for alias in node.names:
                if private(alias.name):
                    found.append(f"{where}:{node.lineno}: from {node.module} import {alias.name}")
                imported.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in imported:
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_search_package_imports_no_game() -> None:
    found = [
        line for path in python_files(REPOSITORY / "pyengine" / "ai") for line in game_imports(path)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from pyengine.games.zebra.rules import ZebraState", True),
        ("import pyengine.games", True),
        ("from pyengine import games", True),
        ("from ..games import zebra", True),
        ("def f():\n    from pyengine.games.zebra import ZEBRA", True),
        ("importlib.import_module(f'pyengine.games.{name}.ai')", True),
        ("from pyengine.core.game import Game", False),
        ("from pyengine.ai.mcts import Search", False),
        ("from . import mcts", False),
    ],
)
def test_the_games_check_sees_every_form_of_import(source: str, expected: bool) -> None:
    path = REPOSITORY / "pyengine" / "ai" / "probe.py"
    assert bool(game_imports(path, source)) is expected


def test_no_module_uses_another_modules_private_names() -> None:
    ours = first_party()
    found = [
        line
        for where in CHECKED
        for path in python_files(where)
        for line in private_uses(path, ours)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from pyengine.controller import _board_spots", True),
        ("from .dom import _element", True),
        ("import pyengine.controller\npyengine.controller._board_spots(1, 2)", True),
        ("from pyengine.ai import players\nplayers._MODULES.clear()", True),
        ("from pyengine.controller import Controller\nController._op_new", True),
        ("from pyengine.core.game import State\nState.__init__", False),
        ("def _mine():\n    pass\n_mine()", False),
        ("import sys\nsys._getframe()", False),
        ("class A:\n    def f(self):\n        return self._x", False),
    ],
)
def test_the_private_names_check_sees_both_forms(source: str, expected: bool) -> None:
    path = REPOSITORY / "web" / "tools" / "probe.py"
    assert bool(private_uses(path, first_party(), source)) is expected
