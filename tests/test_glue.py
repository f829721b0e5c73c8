"""The page glue's pure modules (web/app/glue): the scenarios of glue_scenarios.py under
CPython, and the same scenarios under the site's own MicroPython, which runs them on the page."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "app"))

import glue_scenarios  # noqa: E402 - needs the path above

MICROPYTHON = REPOSITORY / "node_modules/@micropython/micropython-webassembly-pyscript"
SCENARIOS = sorted(name for name in vars(glue_scenarios) if name.startswith("scenario_"))


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_under_cpython(name: str) -> None:
    getattr(glue_scenarios, name)()


@pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.is_dir(),
    reason="needs Node.js and the npm packages (make site installs them)",
)
def test_every_scenario_under_micropython() -> None:
    result = subprocess.run(
        ["node", str(Path(__file__).parent / "micropython_glue.mjs"), str(REPOSITORY)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = result.stdout.strip().splitlines()
    assert lines and lines[-1] == "passed " + " ".join(SCENARIOS), result.stdout + result.stderr


def test_pure_modules_import_nothing_from_the_browser() -> None:
    for name in ("text", "saved"):
        source = (REPOSITORY / "web" / "app" / "glue" / f"{name}.py").read_text()
        imports = [line for line in source.splitlines() if line.startswith(("import", "from"))]
        for line in imports:
            assert line.split()[1].split(".")[0] not in ("js", "pyscript"), (name, line)
            assert "dom" not in line, (name, line)
