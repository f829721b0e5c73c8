"""The page glue's shape: ``glue/dom/`` is its one boundary to the browser, and no import cycle
runs through the glue, type-only imports counted.

Every other glue module reaches the page through ``glue.dom``'s names (:class:`glue.dom.Element`,
:class:`glue.dom.Event`, storage, timers): it imports neither ``js`` nor ``pyscript`` nor
``asyncio``, reads no ``dom.js``/``dom.window``/``dom.document`` and no wrapper's ``raw``, and
names no DOM property or method (camelCase names, ``hidden``, ``disabled``, ``checked``,
``innerHTML``, ...). A module that does fails this test with the line that does it.
"""

import ast
import re
from pathlib import Path

import pytest

GLUE = Path(__file__).resolve().parent.parent / "web" / "app" / "glue"
BOUNDARY = GLUE / "dom"
BROWSER_MODULES = {"js", "pyscript", "asyncio"}
BOUNDARY_NAMES = {"js", "window", "document", "raw"}
# DOM names that are not camelCase (camelCase attribute names are DOM names in this code base,
# whose own names are snake_case).
DOM_WORDS = {"hidden", "disabled", "checked", "dataset", "style", "files", "open", "scroll"}
CAMEL = re.compile(r"[a-z][A-Z]")
PYTHON_NAMES = {"BytesIO", "DeflateIO"}  # io's and MicroPython's deflate's classes


def glue_modules() -> list[Path]:
    return sorted(
        path for path in GLUE.rglob("*.py") if BOUNDARY not in path.parents and path != BOUNDARY
    )


def browser_touches(path: Path) -> list[str]:
    """Where ``path`` touches the browser itself: ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            if isinstance(node, ast.Import):
                names = [alias.name.split(".")[0] for alias in node.names]
            else:
                names = [(node.module or "").split(".")[0]]
            found += [f"{node.lineno}: imports {name}" for name in names if name in BROWSER_MODULES]
        if isinstance(node, ast.Attribute):
            name = node.attr
            if name in BOUNDARY_NAMES:
                found.append(f"{node.lineno}: reads .{name}")
            elif (CAMEL.search(name) or name in DOM_WORDS) and name not in PYTHON_NAMES:
                found.append(f"{node.lineno}: DOM name .{name}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


@pytest.mark.parametrize("path", glue_modules(), ids=lambda path: path.name)
def test_only_glue_dom_touches_the_browser(path: Path) -> None:
    assert browser_touches(path) == []


def test_the_boundary_check_finds_what_it_forbids(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import js\nfrom glue import dom\n"
        "dom.window.alert(1)\nnode.textContent = 'x'\nnode.hidden = True\nnode.raw.focus()\n"
    )
    assert browser_touches(sample) == [
        "1: imports js",
        "3: reads .window",
        "4: DOM name .textContent",
        "5: DOM name .hidden",
        "6: reads .raw",
    ]


def glue_name(path: Path) -> str:
    parts = list(path.relative_to(GLUE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def glue_imports(path: Path) -> set[str]:
    """The glue modules ``path`` imports, type-only imports included (``from glue import dom,
    page_state`` names two modules)."""
    known = {glue_name(module) for module in GLUE.rglob("*.py")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {node.module + "." + alias.name for alias in node.names}
    return {name for name in found if name in known} - {glue_name(path)}


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle in ``graph`` (module -> modules it imports), or [] when there is none."""
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> list[str]:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return []
        for imported in sorted(graph.get(name, ())):
            cycle = visit(imported, [*trail, name])
            if cycle:
                return cycle
        done.add(name)
        return []

    for name in sorted(graph):
        cycle = visit(name, [])
        if cycle:
            return cycle
    return []


def test_no_import_cycle_in_the_glue_counting_type_only_imports() -> None:
    graph = {glue_name(path): glue_imports(path) for path in GLUE.rglob("*.py")}
    assert import_cycle(graph) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []
