// Adds precompiled bytecode (.pyc, unchecked-hash) to Pyodide's python_stdlib.zip for every
// standard-library module the site imports, so the browser does not compile them at each start
// (measured: Pyodide boot 5.1 s -> 2.0 s; see ../shared/notes/pyodide-findings.md section 3).
//
// The .pyc must come from Pyodide's own CPython (bytecode magic), so this runs Pyodide in Node.
// Every .py stays in the zip, so tracebacks keep their source lines.
//
// It also writes the engine's own bytecode as an overlay zip (pyengine/__pycache__/*.pyc,
// unchecked-hash) that the page unpacks next to the wheel: the wheel stays a plain wheel, and
// the first request does not pay for compiling the engine (measured: imports 120-180 ms -> 55 ms).
//
// usage: node precompile_stdlib.mjs <pyodide dir> <engine wheel> <pyscript stdlib dir> <out zip> <engine pyc zip>
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, pyscriptStdlib, outPath, enginePycPath] = process.argv.slice(2).map((p) => resolve(p));
if (!enginePycPath) {
    console.error("usage: node precompile_stdlib.mjs <pyodide dir> <wheel> <pyscript stdlib dir> <out zip> <engine pyc zip>");
    process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

const ENGINE_HOME = "/home/pyodide"; // where the page's PyScript `files` unpacks the wheel
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: ENGINE_HOME });
const pyscriptSources = readdirSync(pyscriptStdlib)
    .filter((name) => name.endsWith(".py"))
    .map((name) => readFileSync(join(pyscriptStdlib, name), "utf8"));
pyodide.globals.set("pyscript_sources", pyodide.toPy(pyscriptSources));

const result = pyodide.runPython(`
import ast, importlib, importlib.util, io, pkgutil, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB = next(p for p in sys.path if p.endswith(".zip"))

def import_quietly(name):
    try:
        importlib.import_module(name)
    except Exception:
        pass  # browser-only modules (js, pyodide.ffi extras) are not importable here

# What PyScript's own Python package imports (it needs the browser, so scan instead of importing).
for source in pyscript_sources:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                import_quietly(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            import_quietly(node.module)

# The engine itself, every submodule.
import pyengine
for info in pkgutil.walk_packages(pyengine.__path__, "pyengine."):
    if info.name.split(".")[-1] != "__main__":  # the command line: importing it runs it
        import_quietly(info.name)
# Modules the asyncio-based glue and PyScript's worker bootstrap use.
for name in ("asyncio", "json", "inspect", "traceback", "warnings", "weakref"):
    import_quietly(name)

wanted = {}
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith(STDLIB + "/") and path.endswith(".py"):
        wanted[path[len(STDLIB) + 1:]] = path

out = io.BytesIO()
with zipfile.ZipFile(STDLIB) as source_zip, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new_zip:
    names = set(source_zip.namelist())
    for item in source_zip.infolist():
        new_zip.writestr(item, source_zip.read(item.filename))
    for inner in sorted(wanted):
        pyc_name = inner[:-3] + ".pyc"
        if pyc_name in names:
            continue
        source = source_zip.read(inner)
        code = compile(source, wanted[inner], "exec", dont_inherit=True)
        data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        info = zipfile.ZipInfo(pyc_name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        new_zip.writestr(info, bytes(data))
len(wanted), out.getvalue()
`);
const [count, data] = result.toJs();
writeFileSync(outPath, data);
console.log(`precompiled ${count} stdlib modules -> ${outPath} (${data.length} bytes)`);

pyodide.globals.set("engine_home", ENGINE_HOME);
const engine = pyodide.runPython(`
import importlib.util, io, os, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

tag = sys.implementation.cache_tag
out = io.BytesIO()
count = 0
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as overlay:
    for folder, _, names in sorted(os.walk(os.path.join(engine_home, "pyengine"))):
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                source = handle.read()
            code = compile(source, path, "exec", dont_inherit=True)
            data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
            relative = os.path.relpath(os.path.join(folder, "__pycache__", f"{name[:-3]}.{tag}.pyc"), engine_home)
            info = zipfile.ZipInfo(relative, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            overlay.writestr(info, bytes(data))
            count += 1
count, out.getvalue()
`);
const [engineCount, engineData] = engine.toJs();
writeFileSync(enginePycPath, engineData);
console.log(`precompiled ${engineCount} engine modules -> ${enginePycPath} (${engineData.length} bytes)`);
