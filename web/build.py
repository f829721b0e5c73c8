"""Build the static site into dist/: web pages + self-hosted runtime + the engine wheel.

    python web/build.py [--out dist]

Steps (each explained where it happens):
1. build the engine wheel from pyengine/ with hatchling;
2. copy the pinned runtime from node_modules (npm `pyodide`, npm `@pyscript/core`) under
   versioned directories, add micropip + packaging from PyPI (hash-checked) and write their real
   hashes into the site's copy of pyodide-lock.json (integrity checking stays on);
3. precompile the standard-library modules the site imports into python_stdlib.zip (Node);
4. copy web/ pages and assets, filling translation keys with the English text, pre-rendering
   each game's starting board and options form with the engine (first paint needs no Python),
   and one rules page per game from web/rules/ (tools/rules_pages.py);
5. write app/build-info.js and build.json describing the runtime paths;
6. write the web app manifest and its icons, then sw.js, the service worker that precaches
   every file of the site (web/tools/pwa.py, web/tools/service_worker.py).

Standard library only (runs in the project's virtual environment, which has hatchling).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from tools.build_cache import cached
from tools.glue_bundle import MICROPYTHON_VERSION, write_glue
from tools.lessons import write_lesson_pages
from tools.openings import write_opening_books
from tools.puzzle_pages import write_puzzle_pages
from tools.pwa import write_manifest_and_icons
from tools.rules_pages import write_rules_pages
from tools.service_worker import write_service_worker

T = TypeVar("T")

REPOSITORY = Path(__file__).resolve().parents[1]
WEB = REPOSITORY / "web"
NODE_MODULES = REPOSITORY / "node_modules"
CACHE = REPOSITORY / ".cache"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
# MicroPython for the page-side glue (PyScript `mpy` scripts): the npm package PyScript 0.7.31
# itself defaults to, copied like Pyodide so that no page ever asks a CDN for it.
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# What the game pages' worker loads of them: its standard library and lock file are its own.
WORKER_PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")

# Site content copied from web/ (the build tools themselves stay out of the site).
SITE_DIRECTORIES = ("app", "static", "docs")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def timed(step: str, function: Callable[..., T], *arguments: Any) -> T:
    """``function(*arguments)``, its time logged (where a build's minute goes)."""
    started = time.monotonic()
    result = function(*arguments)
    log(f"{step}: {time.monotonic() - started:.1f} s")
    return result


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_package_version(package: str, expected: str) -> Path:
    root = NODE_MODULES / package
    manifest = root / "package.json"
    if not manifest.is_file():
        sys.exit(f"error: {package} is not installed; run `npm ci` first (the Makefile does)")
    version = json.loads(manifest.read_text())["version"]
    if version != expected:
        sys.exit(
            f"error: node_modules has {package} {version}, the site is pinned to {expected}; run `npm ci`"
        )
    return root


# 1. The engine wheel -------------------------------------------------------------------------


def build_wheel(work: Path) -> Path:
    out = work / "wheel"
    built = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "--target", "wheel", "--directory", str(out)],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,  # the failure is reported below, with hatchling's output
    )
    if built.returncode:
        sys.exit(f"error: building the wheel failed:\n{built.stdout}{built.stderr}")
    (wheel,) = out.glob("pyengine-*-py3-none-any.whl")
    log(f"engine wheel {wheel.name} ({wheel.stat().st_size:,} bytes)")
    return wheel


# 2. The runtime -------------------------------------------------------------------------------


def runtime_wheels() -> list[Path]:
    """micropip and packaging, downloaded once into .cache/ and checked against their pinned hashes."""
    requirements = WEB / "runtime-requirements.txt"
    pinned = dict(
        re.findall(
            r"^([\w-]+)==\S+ --hash=sha256:([0-9a-f]{64})", requirements.read_text(), re.MULTILINE
        )
    )
    target = CACHE / "runtime-wheels"

    def present() -> list[Path]:
        found = []
        for name, digest in pinned.items():
            for candidate in target.glob(f"{name}-*.whl"):
                if sha256_of(candidate) == digest:
                    found.append(candidate)
        return found

    if len(present()) != len(pinned):
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                "--require-hashes",
                "-r",
                str(requirements),
                "-d",
                str(target),
            ],
            check=True,
        )
    wheels = present()
    if len(wheels) != len(pinned):
        sys.exit("error: micropip/packaging wheels do not match web/runtime-requirements.txt")
    return wheels


def reconcile_lock(lock_path: Path, wheels: list[Path]) -> None:
    """Point the lock entries of the wheels we serve at those exact files and their real hashes."""
    lock = json.loads(lock_path.read_text())
    for wheel in wheels:
        name = wheel.name.split("-")[0].lower()
        entry = lock["packages"][name]
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256_of(wheel)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))


def copy_runtime(dist: Path, wheel: Path) -> dict[str, Any]:
    from pyengine.core.registry import game_ids  # the freshly built wheel (see main)

    pyodide_source = check_package_version("pyodide", PYODIDE_VERSION)
    pyscript_source = check_package_version("@pyscript/core", PYSCRIPT_VERSION)

    pyodide_dir = dist / "pyodide" / PYODIDE_VERSION
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_source / name, pyodide_dir / name)
    wheels = runtime_wheels()
    for runtime_wheel in wheels:
        shutil.copy2(runtime_wheel, pyodide_dir / runtime_wheel.name)
    reconcile_lock(pyodide_dir / "pyodide-lock.json", wheels)

    # 3. Bytecode, written by this Pyodide's own CPython (web/tools/precompile.py): the full
    #    standard library gets .pyc for what the site imports (same file name, so PyScript and
    #    any plain loadPyodide() pick it up: ~2x faster start, measured in the findings note),
    #    the engine a bytecode overlay beside its wheel, and the game pages' worker its own
    #    smallest archives (a stdlib of what it imports and one archive per game, bytecode
    #    only), under a directory named after their content.
    digest = sha256_of(wheel)[:12]
    wheel_dir = dist / "wheels" / digest
    wheel_dir.mkdir(parents=True)
    engine_bytecode = wheel_dir / f"pyengine-bytecode-{PYODIDE_VERSION}.zip"
    precompiler = [WEB / "tools" / "precompile_stdlib.mjs", WEB / "tools" / "precompile.py"]
    pyscript_stdlib = pyscript_source / "src" / "stdlib" / "pyscript"
    worker_script = WEB / "app" / "engine_worker.py"
    lock = pyodide_source / "pyodide-lock.json"

    def precompile(out: Path) -> None:
        (out / "worker").mkdir()
        settings = {
            "wheel": str(wheel),
            "worker_script": str(worker_script),
            "pyscript_stdlib": str(pyscript_stdlib),
            "lock": str(lock),
            "stdlib": str(out / "python_stdlib.zip"),
            "overlay": str(out / "overlay.zip"),
            "worker_dir": str(out / "worker"),
            "games": game_ids(),
        }
        command = ["node", str(precompiler[0]), str(pyodide_source), str(precompiler[1])]
        subprocess.run([*command, json.dumps(settings)], check=True)

    inputs = [PYODIDE_VERSION, wheel, worker_script, pyscript_stdlib, lock, *precompiler]
    compiled, reused = cached("precompile", [*inputs, ",".join(game_ids())], precompile)
    if reused:
        log(f"bytecode: unchanged inputs, reused {compiled.relative_to(REPOSITORY)}")
    shutil.copy2(compiled / "python_stdlib.zip", pyodide_dir / "python_stdlib.zip")
    shutil.copy2(compiled / "overlay.zip", engine_bytecode)
    worker_files = sorted((compiled / "worker").iterdir())
    content = hashlib.sha256()
    for path in worker_files:
        content.update(path.name.encode() + b"\0" + path.read_bytes())
    worker_dir = dist / "engine" / content.hexdigest()[:12]
    worker_dir.mkdir(parents=True)
    for path in worker_files:
        shutil.copy2(path, worker_dir / path.name)
    worker_path = worker_dir.relative_to(dist).as_posix()

    pyscript_dir = dist / "pyscript" / PYSCRIPT_VERSION
    shutil.copytree(pyscript_source / "dist", pyscript_dir, ignore=shutil.ignore_patterns("*.map"))
    micropython_source = check_package_version(MICROPYTHON_PACKAGE, MICROPYTHON_VERSION)
    micropython_dir = dist / "micropython" / MICROPYTHON_VERSION
    micropython_dir.mkdir(parents=True)
    for name in MICROPYTHON_FILES:
        shutil.copy2(micropython_source / name, micropython_dir / name)

    # The engine wheel under a content-hash directory: immutable caching, and the file keeps its
    # real wheel name (micropip and unpackArchive read the name). Its bytecode overlay (made
    # above, for this Pyodide's CPython) sits beside it.
    shutil.copy2(wheel, wheel_dir / wheel.name)
    log(
        f"runtime: pyodide {PYODIDE_VERSION}, pyscript {PYSCRIPT_VERSION}, wheels {', '.join(w.name for w in wheels)}"
    )
    return {
        "pyodide": f"pyodide/{PYODIDE_VERSION}/pyodide.mjs",
        "pyscript": f"pyscript/{PYSCRIPT_VERSION}/core.js",
        "micropython": f"micropython/{MICROPYTHON_VERSION}/micropython.mjs",
        "wheel": f"wheels/{digest}/{wheel.name}",
        "engineBytecode": f"wheels/{digest}/{engine_bytecode.name}",
        "wheelSha256": sha256_of(wheel),
        # the game pages' worker (app/engine-worker.js): its standard library, lock file and
        # each game's engine bytecode
        "workerStdlib": f"{worker_path}/stdlib.zip",
        "workerLock": f"{worker_path}/pyodide-lock.json",
        "engineGames": {
            path.stem: f"{worker_path}/{path.name}"
            for path in worker_files
            if path.name not in ("stdlib.zip", "pyodide-lock.json")
        },
    }


# 4. Pages -------------------------------------------------------------------------------------


class PageRenderer:
    """Fills page templates: translation keys, pre-rendered boards and options forms."""

    I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*\bdata-i18n="([\w.-]+)"[^>]*>)(</\2>)')
    I18N_ATTRIBUTE = re.compile(
        r'\bdata-i18n-(aria-label|title|placeholder|content|alt)="([\w.-]+)"'
    )
    PLACEHOLDER = re.compile(r"<!--\s*(board|poster|options|include):([\w./-]+)\s*-->")
    BUNDLES = re.compile(
        r'\bdata-i18n-bundles="([\w -]*)"'
    )  # extra string files a page loads (i18n.js)

    def __init__(self, strings: dict[str, Any], dist: Path) -> None:
        self.strings = strings
        self.dist = dist
        self.used_keys: set[str] = set()

    def text(self, key: str) -> str:
        if key not in self.strings:
            sys.exit(f"error: translation key {key!r} is missing from web/static/i18n/en.json")
        self.used_keys.add(key)
        text = self.strings[key]
        while isinstance(text, dict):  # a plural text (glue/text.py), here with no count
            text = text["other"]
        return str(text)

    def render(self, template: str) -> str:
        declared = self.BUNDLES.search(template)
        if declared and declared.group(1).split():  # this page's text also comes from its bundles
            base = self.strings
            self.strings = {**base, **bundle_strings(declared.group(1).split(), "en")}
            try:
                return self._render(template)
            finally:
                self.strings = base
        return self._render(template)

    def _render(self, template: str) -> str:
        page = self.PLACEHOLDER.sub(self._placeholder, template)
        page = self.I18N_TEXT.sub(
            lambda m: f"{m.group(1)}{html.escape(self.text(m.group(3)), quote=False)}{m.group(4)}",
            page,
        )
        return self.I18N_ATTRIBUTE.sub(
            lambda m: f'{m.group(1)}="{html.escape(self.text(m.group(2)))}" {m.group(0)}', page
        )

    def _placeholder(self, match: re.Match[str]) -> str:
        kind, game_id = match.groups()
        if kind == "include":  # a source file shown on a docs page, exactly as the site serves it
            return html.escape((self.dist / game_id).read_text(), quote=False)
        import pyengine  # the freshly built wheel is first on sys.path (see main)

        game = pyengine.get_game(game_id)
        if kind == "board":  # exactly what the engine's first view will draw
            from pyengine.controller import Controller

            return Controller().new_game(game_id)["view"]["svg"]
        if kind == "poster":  # a sample position, drawn without any highlight
            present = game.presentation()
            state = pyengine.Match.from_record(present.POSTER_RECORD, game_id=game_id).state
            return game.render(state, last_move=present.last_move(state))
        return self.options_form(game.info())

    MAX_INT_CHOICES = 40  # an int option with more values is a number field, not a list
    RANDOM_PLACEHOLDER = "options.seed-random"

    @classmethod
    def _impossible(cls, schema: dict, name: str) -> set:
        """Values of option ``name`` that a constraint forbids whatever the other options are:
        one whose ``values`` cover every value of its ``when`` option (Virus Fight's size 1-4)."""
        domains = {}
        for option in schema["options"]:
            if (
                option["kind"] == "int"
                and option["maximum"] - option["minimum"] < cls.MAX_INT_CHOICES
            ):
                domains[option["name"]] = set(range(option["minimum"], option["maximum"] + 1))
            elif option["kind"] == "choice":
                domains[option["name"]] = set(option["choices"])
            elif option["kind"] == "bool":
                domains[option["name"]] = {False, True}
        impossible = set()
        for rule in schema["constraints"]:
            domain = domains.get(rule["when"])
            if rule["option"] == name and domain is not None and domain <= set(rule["values"]):
                target = next(option for option in schema["options"] if option["name"] == name)
                impossible |= set(range(target["minimum"], target["maximum"] + 1)) - set(
                    rule["allowed"]
                )
        return impossible

    @staticmethod
    def _shown_when(schema: dict, option: dict) -> str | None:
        """``"mode=groups"`` when constraints pin ``option`` to its default for every other
        value of a choice option (Fight the Virus's groups, only in the groups mode): the page
        then shows the field only for the values that leave it free."""
        choices = {
            other["name"]: other["choices"]
            for other in schema["options"]
            if other["kind"] == "choice"
        }
        pinned: dict[str, set] = {}
        for rule in schema["constraints"]:
            if (
                rule["option"] == option["name"]
                and rule["when"] in choices
                and rule["allowed"] == [option["default"]]
            ):
                pinned.setdefault(rule["when"], set()).update(rule["values"])
        for when, values in pinned.items():
            free = [value for value in choices[when] if value not in values]
            if free and len(free) < len(choices[when]):
                return f"{when}={','.join(map(str, free))}"
        return None

    def options_form(self, info: dict) -> str:
        """The options form of a game, built from its option schema."""
        game_id = info["id"]
        rows = []
        for option in info["options"]["options"]:
            name = option["name"]
            field_id = f"option-{name}"
            label_key = f"options.{game_id}.{name}"
            if option["kind"] == "choice":
                choices = "".join(
                    f'<option value="{html.escape(str(value))}"'
                    f"{' selected' if value == option['default'] else ''}"
                    f' data-i18n="options.{game_id}.{name}.{value}"></option>'
                    for value in option["choices"]
                )
                control = f'<select id="{field_id}" name="{name}">{choices}</select>'
            elif (
                option["kind"] == "int"
                and option["maximum"] - option["minimum"] >= self.MAX_INT_CHOICES
            ):
                # Too many values for a list (Virus Fight's seed): a number field, left empty so
                # the page sends no value and the engine picks one.
                control = (
                    f'<input type="number" id="{field_id}" name="{name}" data-kind="int"'
                    f' min="{option["minimum"]}" max="{option["maximum"]}" step="1" inputmode="numeric"'
                    f' autocomplete="off" data-i18n-placeholder="{self.RANDOM_PLACEHOLDER}">'
                )
            elif option["kind"] == "int":
                # A value has a label when the strings name it (Virus Fight's size 0 = "usual");
                # values no choice of another option allows are left out (see _impossible).
                impossible = self._impossible(info["options"], name)
                choices = "".join(
                    f'<option value="{value}"{" selected" if value == option["default"] else ""}'
                    + (
                        f' data-i18n="{key}"></option>'
                        if (key := f"{label_key}.{value}") in self.strings
                        else f">{value}</option>"
                    )
                    for value in range(option["minimum"], option["maximum"] + 1)
                    if value not in impossible
                )
                control = (
                    f'<select id="{field_id}" name="{name}" data-kind="int">{choices}</select>'
                )
            elif option["kind"] == "bool":
                checked = " checked" if option["default"] else ""
                control = f'<input type="checkbox" id="{field_id}" name="{name}"{checked}>'
            else:
                # Free text (Fight the Virus's names and groups); a translated placeholder shows
                # what to type when the strings have one.
                placeholder = f"play.placeholder.{game_id}.{name}"
                hint = (
                    f' data-i18n-placeholder="{placeholder}"' if placeholder in self.strings else ""
                )
                if "maximum" in option:  # the longest text the engine takes
                    hint += f' maxlength="{int(option["maximum"])}"'
                control = (
                    f'<input type="text" id="{field_id}" name="{name}" data-kind="str"'
                    f' value="{html.escape(str(option["default"]))}" autocomplete="off" spellcheck="false"{hint}>'
                )
            shown = self._shown_when(info["options"], option)
            show = f' data-show-when="{html.escape(shown)}"' if shown else ""
            if shown:  # hidden until the page shows it (the defaults do not use it)
                when, values = shown.split("=")
                default = next(
                    other["default"]
                    for other in info["options"]["options"]
                    if other["name"] == when
                )
                show += "" if str(default) in values.split(",") else " hidden"
            rows.append(
                f'<div class="field"{show}><label for="{field_id}" data-i18n="{label_key}"></label>{control}</div>'
            )
        # Cross-option rules (Zebra: odd sizes only for some setups) travel with the form, so
        # the page can keep the choices consistent before the engine has even started.
        constraints = json.dumps(info["options"]["constraints"]).replace("</", "<\\/")
        rows.append(
            f'<script type="application/json" id="option-constraints">{constraints}</script>'
        )
        return "\n".join(rows)


def bundle_strings(names: list[str], language: str) -> dict[str, Any]:
    """The strings of extra bundles (``rules`` -> static/i18n/rules-<language>.json)."""
    merged: dict[str, Any] = {}
    for name in names:
        merged.update(json.loads((WEB / "static" / "i18n" / f"{name}-{language}.json").read_text()))
    return merged


def copy_pages(dist: Path, runtime: dict[str, Any]) -> None:
    strings = json.loads((WEB / "static" / "i18n" / "en.json").read_text())
    renderer = PageRenderer(strings, dist)
    for directory in SITE_DIRECTORIES:
        if (WEB / directory).is_dir():
            shutil.copytree(
                WEB / directory,
                dist / directory,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
            )
    # Files that need the wheel's URL (the micropip example), relative to the site root.
    for path in (dist / "docs").glob("*"):
        if "{{WHEEL_PATH}}" in (text := path.read_text()):
            path.write_text(text.replace("{{WHEEL_PATH}}", runtime["wheel"]))
    for template in [*WEB.glob("*.html"), *(WEB / "docs").glob("*.html")]:
        target = dist / template.relative_to(WEB)
        target.write_text(renderer.render(template.read_text()))
    # One page per registered game, all from the same template.
    import pyengine

    game_page = (WEB / "templates" / "game.html").read_text()
    for game in pyengine.games():
        # The computer players the page offers per seat (pyengine.ai.player_kinds, see
        # pyengine.controller.seat_kinds) and the number of seats of a game whose options do
        # not choose it (Zebra, Virus War: 2).
        from pyengine.controller import seat_kinds

        bots = " ".join(seat_kinds(game.id))
        page = (
            game_page.replace("{{GAME}}", game.id)
            .replace("{{BOTS}}", html.escape(bots))
            .replace("{{SEATS}}", str(game.min_players))
        )
        (dist / f"{game.id}.html").write_text(
            renderer.render(page.replace("{{EMBED}}", "").replace("{{EMBED_CLASS}}", ""))
        )
        # The same page for a blog's iframe (embed.html opens it when the reader presses Play):
        # no site header or side panels, options from the URL, a replay viewer.
        embedded = page.replace("{{EMBED}}", "1").replace("{{EMBED_CLASS}}", " embed")
        (dist / f"embed-{game.id}.html").write_text(renderer.render(embedded))
    # One rules page per game with a content file in web/rules/: text, engine diagrams and
    # "try it" boards (tools/rules_pages.py).
    write_rules_pages(dist, renderer)
    # The lesson tracks (tools/lessons.py) and the puzzle trainer (tools/puzzle_pages.py).
    write_lesson_pages(dist, renderer)
    write_puzzle_pages(dist, renderer)


def opening_books(dist: Path, wheel: Path) -> list[Path]:
    """Writes the opening books (tools/openings.py) into ``dist``, from the cache when the
    engine and the book writer are unchanged; returns the files."""
    books, reused = cached("openings", [wheel, WEB / "tools" / "openings.py"], write_opening_books)
    if reused:
        log(f"opening books: unchanged inputs, reused {books.relative_to(REPOSITORY)}")
    shutil.copytree(books, dist, dirs_exist_ok=True)
    return [dist / path.relative_to(books) for path in books.rglob("*.json")]


def write_build_info(dist: Path, runtime: dict[str, Any], wheel: Path) -> None:
    version = wheel.name.split("-")[1]
    # The files the engine's worker downloads to start, with their sizes, per game: the page
    # fetches them first on a cold visit to show real download progress (glue/download.py).
    common = [
        *(f"pyodide/{PYODIDE_VERSION}/{name}" for name in WORKER_PYODIDE_FILES),
        runtime["workerStdlib"],
        runtime["workerLock"],
    ]
    boot_files = {
        game: {path: (dist / path).stat().st_size for path in [*common, archive]}
        for game, archive in runtime["engineGames"].items()
    }
    # A Pyodide memory snapshot (app/engine-worker.js) holds the interpreter with the standard
    # library and the engine imported: it is valid only for exactly these files, so its cache is
    # named after their contents and a build that changes any of them makes a new one.
    snapshot = hashlib.sha256()
    for path in [
        *common,
        *runtime["engineGames"].values(),
        # what the worker downloads when an import needs it (engine_worker.py)
        runtime["wheel"],
        runtime["engineBytecode"],
        f"pyodide/{PYODIDE_VERSION}/python_stdlib.zip",
        "app/engine_worker.py",
        "app/engine-worker.js",
    ]:
        snapshot.update(path.encode() + b"\0" + sha256_of(dist / path).encode())
    info = {
        **runtime,
        "engineVersion": version,
        "pyodideVersion": PYODIDE_VERSION,
        "pyscriptVersion": PYSCRIPT_VERSION,
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "snapshotKey": snapshot.hexdigest()[:16],
        "bootFiles": boot_files,
    }
    (dist / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    (dist / "app" / "build-info.js").write_text(
        "// Written by web/build.py: where this build's runtime and engine wheel live (site-relative).\n"
        f"export const BUILD = Object.freeze({json.dumps(info, indent=2)});\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site.")
    parser.add_argument("--out", type=Path, default=REPOSITORY / "dist")
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    dist: Path = arguments.out.resolve()
    staging = dist.with_name(dist.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as work:
        wheel = timed("wheel", build_wheel, Path(work))
        sys.path.insert(0, str(wheel))  # render boards with exactly the code the site ships
        runtime = timed("runtime", copy_runtime, staging, wheel)
        timed("pages", copy_pages, staging, runtime)
        write_build_info(staging, runtime, wheel)
        # the first move before the engine arrives
        books = timed("opening books", opening_books, staging, wheel)
        log(f"opening books: {len(books)} ({sum(p.stat().st_size for p in books) / 1e6:.1f} MB)")
        sizes = timed("glue", write_glue, staging, runtime)
        log("glue: " + ", ".join(f"{name} {size / 1e3:.1f} kB" for name, size in sizes.items()))
        # 6. Installable and offline: manifest + icons, then the service worker, which lists and
        #    hashes every file written before it (so it must stay the last step).
        strings = json.loads((WEB / "static" / "i18n" / "en.json").read_text())
        timed("manifest and icons", write_manifest_and_icons, staging, strings)
        version, count = timed("service worker", write_service_worker, staging)
        log(f"service worker: {count} URLs precached, version {version}")
    shutil.rmtree(dist, ignore_errors=True)
    staging.rename(dist)  # a failed build never leaves a half-written site behind
    total = sum(path.stat().st_size for path in dist.rglob("*") if path.is_file())
    log(f"site built in {dist} ({total / 1e6:.1f} MB) in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
