"""The site's Python bytecode, written by Pyodide's own CPython at build time.

Run by web/tools/precompile_stdlib.mjs inside Pyodide in Node (a .pyc is valid only for the
interpreter that wrote it), with the host's file system at /host and ``settings`` (JSON) naming
the files. It writes:

* ``stdlib``: Pyodide's python_stdlib.zip plus unchecked-hash .pyc for every standard-library
  module the site imports (the engine, PyScript's package, asyncio...). Every .py stays, so
  tracebacks keep their source lines. This is the full runtime: plain ``loadPyodide()`` and the
  "use the engine" page (PyScript, micropip) load it. (Measured: Pyodide boot 5.1 s -> 2.0 s.)
* ``overlay``: the engine's bytecode for every module (``pyengine/**/__pycache__/*.pyc``),
  unpacked next to the wheel when the game pages' worker needs a module its own archives leave
  out (another game's).
* into ``worker_dir``, what the game pages' engine worker downloads on a first visit, the
  fewest bytes that start it (docs/decisions/per-game-bytecode-archives.md):
  ``stdlib.zip``, bytecode only, of exactly the standard-library modules Pyodide's start, the
  worker and the engine import, without docstrings, each instruction's line being its
  function's first (a traceback names the function), and the names of the modules it leaves
  out; ``<game id>.zip``, the bytecode of the engine's modules that game uses (none of the
  other games' but those it imports), with line numbers but no columns (a traceback names the
  file and line of the engine's source; only the ^^^ markers are lost) and without module and
  function docstrings; ``pyodide-lock.json``, a lock file with no packages (the worker loads
  none). Compressed, such bytecode is about half the size of a full .pyc.

Not imported by anything: it runs only inside Pyodide (``settings`` is given by the script).
"""

import sys

BOOT = set(sys.modules)  # what Pyodide imports to start, before anything here

# (All of them imported at Pyodide's start already: nothing here adds to what the worker needs.)
import ast  # noqa: E402
import contextlib  # noqa: E402
import importlib  # noqa: E402
import importlib.util  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import types  # noqa: E402
import zipfile  # noqa: E402
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]  # noqa: E402

SETTINGS = json.loads(globals()["settings"])  # set by precompile_stdlib.mjs
HOST = "/host"
STDLIB = next(path for path in sys.path if path.endswith(".zip"))
ENGINE_HOME = "/home/pyodide"  # where the worker unpacks the engine (its working directory)
# Command-line and benchmark tools of the engine, which no page imports.
DEVELOPER_MODULES = (
    "pyengine.__main__",
    "pyengine.cli",
    "pyengine.ai.arena",
    "pyengine.games.virus_fight.gauntlet",
    "pyengine.games.virus_war.gauntlet",
    "pyengine.games.zebra.gauntlet",
)
# In the worker's standard library: the names of the modules it leaves out (app/engine_worker.py).
OMITTED = "omitted-modules.txt"


def host(path):
    return HOST + path


def import_quietly(name):
    # browser-only modules (js, pyodide.ffi extras) are not importable here
    with contextlib.suppress(Exception):
        importlib.import_module(name)


def imports_of(source):
    """Every absolute module name a source imports, at any depth (functions included; not the
    type checker's ``if TYPE_CHECKING:`` imports); for ``from a import b``, both ``a`` and
    ``a.b`` (which may be a module)."""

    def visit(node: ast.AST):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for other in node.orelse:
                yield from visit(other)
            return
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            yield from visit(child)

    return list(visit(ast.parse(source)))


def svarint(value):
    value = (-value << 1) | 1 if value < 0 else value << 1
    out = bytearray()
    while value >= 64:
        out.append(0x40 | (value & 0x3F))
        value >>= 6
    out.append(value)
    return out


def lines_only(code, *, first_line_only=False):
    """``code`` with a location table of line numbers only (CPython's "no columns" entries):
    tracebacks and debuggers see the same lines, and compressed it is about half the size.
    ``first_line_only``: every instruction on the first line of its function or class (a
    traceback names the function; the table then compresses to almost nothing)."""
    table = bytearray()
    line = code.co_firstlineno
    for start, end, exact in code.co_lines():
        number = code.co_firstlineno if first_line_only and exact is not None else exact
        units = (end - start) // 2
        while units > 0:
            chunk = min(units, 8)
            if number is None:
                table.append(0x80 | (15 << 3) | (chunk - 1))  # no location
            else:
                table.append(0x80 | (13 << 3) | (chunk - 1))  # line only
                table += svarint(number - line)
                line = number
            units -= chunk
    consts = tuple(
        lines_only(c, first_line_only=first_line_only) if isinstance(c, types.CodeType) else c
        for c in code.co_consts
    )
    return code.replace(co_linetable=bytes(table), co_consts=consts)


class Docstrings(ast.NodeTransformer):
    """Drops the docstrings of a module, its functions and (``classes``) its classes; asserts
    stay, unlike -OO. (A dataclass without a docstring computes one from its signature as it
    is created: the engine's keep theirs.)"""

    def __init__(self, *, classes):
        self.classes = classes

    def visit_ClassDef(self, node):
        return self.strip(node) if self.classes else self.generic_visit(node)

    def strip(self, node):
        self.generic_visit(node)
        body = node.body
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = strip


def bytecode(source, path, *, docstrings="all", lines="all"):
    """An unchecked-hash .pyc of ``source`` (compiled as ``path``); ``docstrings``: "all",
    "classes" (only theirs) or "none"; ``lines``: "all" (CPython's own table), "lines" (no
    columns) or "functions" (see :func:`lines_only`)."""
    tree = ast.parse(source)
    if docstrings != "all":
        tree = Docstrings(classes=docstrings == "none").visit(tree)
    code = compile(tree, path, "exec", dont_inherit=True)
    if lines != "all":
        code = lines_only(code, first_line_only=lines == "functions")
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def write_zip(path, entries):
    """A zip of ``{name: bytes}``, the same bytes for the same entries."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name])
    with open(host(path), "wb") as handle:
        handle.write(out.getvalue())
    return len(out.getvalue())


def module_name(path):
    """``encodings/latin_1.py`` -> ``encodings.latin_1``, ``json/__init__.pyc`` -> ``json``."""
    parts = path.rsplit(".", 1)[0].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def stdlib_file(module):
    """The module's file inside the standard library's zip, or None (built-in, frozen, the
    engine's)."""
    spec = getattr(module, "__spec__", None)
    path = getattr(module, "__file__", None) or ""
    if spec is None or spec.origin == "frozen" or not path.startswith(STDLIB + "/"):
        return None
    return path[len(STDLIB) + 1 :]


def engine_modules():
    """The engine's modules a page may import: {name: path}."""
    modules = {}
    for folder, _, names in sorted(os.walk(os.path.join(ENGINE_HOME, "pyengine"))):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                module = module_name(os.path.relpath(path, ENGINE_HOME))
                if not module.startswith(DEVELOPER_MODULES):
                    modules[module] = path
    return modules


def read(path, mode="r"):
    with open(path, mode) as handle:
        return handle.read()


def with_what_they_import(names, modules):
    """``names`` and every engine module they import anywhere (a function's import of another
    game's module too: Fight the Virus uses Virus Fight's seeds), with their packages."""
    wanted = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if prefix in modules and prefix not in wanted:
                wanted.add(prefix)
                todo.extend(imports_of(read(modules[prefix])))
    return wanted


def exercise_worker():
    """Imports what the game pages' worker imports: app/engine_worker.py, everything the
    engine imports anywhere, and what playing each game imports; returns each game's engine
    modules (each game played in an engine imported afresh)."""
    with zipfile.ZipFile(host(SETTINGS["wheel"])) as wheel:
        wheel.extractall(ENGINE_HOME)
    sys.path.insert(0, ENGINE_HOME)
    worker_source = read(host(SETTINGS["worker_script"]))
    modules = engine_modules()
    for path in modules.values():
        for imported in imports_of(read(path)):
            if not imported.startswith("pyengine"):
                import_quietly(imported)
    per_game = {}
    for game_id in SETTINGS["games"]:
        for name in [name for name in sys.modules if name.partition(".")[0] == "pyengine"]:
            del sys.modules[name]
        worker: dict = {}
        exec(compile(worker_source, "engine_worker.py", "exec"), worker)
        worker["preload"](game_id)
        handle_request = worker["Controller"]().handle
        reply: dict = {}
        for request in (
            {"op": "new", "game": game_id},
            {"op": "hint", "slice_ms": 20},
            {"op": "hint", "slice_ms": 20},
            {"op": "view"},
            {"op": "diagram"},
            {"op": "undo"},
            {"op": "hint"},
        ):
            reply = handle_request(request)
        handle_request({"op": "load", "record": (reply.get("view") or {}).get("record", "")})
        played = {name for name in sys.modules if name in modules}
        per_game[game_id] = sorted(with_what_they_import(played, modules))
    return per_game


def write_worker_files(per_game):
    """The worker's standard library, its archive per game and its lock file."""
    stdlib = {}
    with zipfile.ZipFile(STDLIB) as source_zip:
        for module in list(sys.modules.values()):
            inner = stdlib_file(module)
            if inner is None:
                continue
            source_name = inner[:-1] if inner.endswith(".pyc") else inner
            stdlib[source_name[:-3] + ".pyc"] = bytecode(
                source_zip.read(source_name),
                f"{STDLIB}/{source_name}",
                docstrings="none",
                lines="functions",
            )
    # The full library's modules left out, by name: app/engine_worker.py downloads the full
    # library when an import asks for one of them (and only then: not for a failed probe of a
    # module no Pyodide has, such as _winapi).
    with zipfile.ZipFile(STDLIB) as source_zip:
        everything = {module_name(name) for name in source_zip.namelist() if name.endswith(".py")}
    kept = {module_name(name) for name in stdlib}
    stdlib[OMITTED] = "\n".join(sorted(everything - kept)).encode()
    sizes = {"stdlib.zip": write_zip(SETTINGS["worker_dir"] + "/stdlib.zip", stdlib)}
    modules = engine_modules()
    for game_id, names in per_game.items():
        entries = {}
        for name in names:
            relative = os.path.relpath(modules[name], ENGINE_HOME)
            entries[relative[:-3] + ".pyc"] = bytecode(
                read(modules[name], "rb"), modules[name], docstrings="classes", lines="lines"
            )
        sizes[f"{game_id}.zip"] = write_zip(f"{SETTINGS['worker_dir']}/{game_id}.zip", entries)
    with open(host(SETTINGS["lock"])) as handle:
        lock = json.load(handle)
    with open(host(SETTINGS["worker_dir"] + "/pyodide-lock.json"), "w") as handle:
        json.dump({"info": lock["info"], "packages": {}}, handle, separators=(",", ":"))
    print(
        f"worker: {len(stdlib) - 1} stdlib modules; "
        + ", ".join(f"{name} {size:,} bytes" for name, size in sizes.items())
    )


def write_full_stdlib():
    """The full standard library, with bytecode for what the whole site imports: the worker's
    modules (imported already), PyScript's package (it needs the browser: its imports are
    scanned) and what the asyncio-based glue and PyScript's worker bootstrap use."""
    directory = host(SETTINGS["pyscript_stdlib"])
    for name in sorted(os.listdir(directory)):
        if name.endswith(".py"):
            with open(os.path.join(directory, name)) as handle:
                for imported in imports_of(handle.read()):
                    import_quietly(imported)
    for name in ("asyncio", "json", "inspect", "traceback", "warnings", "weakref"):
        import_quietly(name)
    wanted = set()
    for inner in map(stdlib_file, list(sys.modules.values())):
        if inner:
            wanted.add(inner[:-1] if inner.endswith(".pyc") else inner)
    entries = {}
    with zipfile.ZipFile(STDLIB) as source_zip:
        names = set(source_zip.namelist())
        for item in source_zip.infolist():
            entries[item.filename] = source_zip.read(item.filename)
        for inner in sorted(wanted):
            if inner[:-3] + ".pyc" not in names:
                entries[inner[:-3] + ".pyc"] = bytecode(source_zip.read(inner), f"{STDLIB}/{inner}")
    size = write_zip(SETTINGS["stdlib"], entries)
    print(f"precompiled {len(wanted)} stdlib modules -> {SETTINGS['stdlib']} ({size:,} bytes)")


def write_overlay():
    """The engine's bytecode for every module, as __pycache__ entries beside the wheel's
    sources."""
    tag = sys.implementation.cache_tag
    overlay = {}
    for folder, _, names in sorted(os.walk(os.path.join(ENGINE_HOME, "pyengine"))):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as handle:
                    source = handle.read()
                pyc = os.path.join(folder, "__pycache__", f"{name[:-3]}.{tag}.pyc")
                overlay[os.path.relpath(pyc, ENGINE_HOME)] = bytecode(source, path)
    size = write_zip(SETTINGS["overlay"], overlay)
    print(f"precompiled {len(overlay)} engine modules -> {SETTINGS['overlay']} ({size:,} bytes)")


write_worker_files(exercise_worker())  # first: before anything else is imported
write_full_stdlib()
write_overlay()
