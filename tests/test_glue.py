"""The page glue's pure modules (web/app/glue): the scenarios of every tests/glue_scenarios*.py
under CPython, and the same scenarios under the site's own MicroPython, which runs them on the
page."""

from __future__ import annotations

import functools
import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "app"))

import glue_scenarios  # noqa: E402 - needs the path above
import glue_scenarios_rules  # noqa: E402

# Scenario modules besides the two above (each a module of scenario_* functions).
OTHER_MODULES = sorted(
    path.stem
    for path in Path(__file__).parent.glob("glue_scenarios_*.py")
    if path.stem != "glue_scenarios_rules"
)
OTHER_SCENARIOS = [
    (module, name)
    for module in OTHER_MODULES
    for name in sorted(vars(importlib.import_module(module)))
    if name.startswith("scenario_")
]
MICROPYTHON = REPOSITORY / "node_modules/@micropython/micropython-webassembly-pyscript"
SCENARIOS = sorted(name for name in vars(glue_scenarios) if name.startswith("scenario_"))
RULES_SCENARIOS = sorted(
    name for name in vars(glue_scenarios_rules) if name.startswith("scenario_")
)


@functools.cache
def tryit_boards() -> dict:
    """The try-it boards glue_scenarios_rules.py plays: their JSON, as the build writes it."""
    sys.path.insert(0, str(REPOSITORY / "web" / "tools"))
    import rules_pages

    boards = {}
    for game in rules_pages.games_with_rules():
        for spec in rules_pages.blocks(rules_pages.load(game), "tryit"):
            name = f"{game}:{spec['prompt'].split('.')[-2]}"
            if name in glue_scenarios_rules.BOARD_NAMES:
                boards[name] = rules_pages.tryit_data(game, spec)
    assert sorted(boards) == sorted(glue_scenarios_rules.BOARD_NAMES)
    for name, spec in glue_scenarios_rules.EXTRA_SPECS.items():
        boards[name] = rules_pages.tryit_data(name.split(":")[0], spec)
    return boards


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_under_cpython(name: str) -> None:
    getattr(glue_scenarios, name)()


@pytest.mark.parametrize("name", RULES_SCENARIOS)
def test_rules_scenario_under_cpython(name: str) -> None:
    glue_scenarios_rules.use_boards(tryit_boards())
    getattr(glue_scenarios_rules, name)()


@pytest.mark.parametrize(("module", "name"), OTHER_SCENARIOS)
def test_other_scenario_under_cpython(module: str, name: str) -> None:
    getattr(importlib.import_module(module), name)()


@pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.is_dir(),
    reason="needs Node.js and the npm packages (make site installs them)",
)
def test_every_scenario_under_micropython(tmp_path: Path) -> None:
    boards = tmp_path / "tryit_boards.json"
    boards.write_text(json.dumps(tryit_boards()))
    runner = Path(__file__).parent / "micropython_glue.mjs"
    result = subprocess.run(
        ["node", str(runner), str(REPOSITORY), str(boards)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = result.stdout.strip().splitlines()
    others = [name for _, name in OTHER_SCENARIOS]
    passed = "passed " + " ".join(SCENARIOS + RULES_SCENARIOS + others)
    assert lines and lines[-1] == passed, result.stdout + result.stderr


def test_pure_modules_import_nothing_from_the_browser() -> None:
    for name in (
        "text",
        "saved",
        "tabs",
        "pictures",
        "tryit",
        "embed_settings",
        "progress",
        "share",
        "seat_choices",
        "score_table",
        "shapes",
        "program",
        "urlform",
        "views",
        "navigation",
        "starts",
        "motion",
        "sounds",
        "resign",
        "page_state",
        "book",
        "trainer",
        "daily",
        "lessons",
    ):
        source = (REPOSITORY / "web" / "app" / "glue" / f"{name}.py").read_text()
        imports = [line for line in source.splitlines() if line.startswith(("import", "from"))]
        for line in imports:
            assert line.split()[1].split(".")[0] not in ("js", "pyscript"), (name, line)
            assert "dom" not in line, (name, line)
