// Runs web/tools/precompile.py in Pyodide's own CPython, in Node: a .pyc file is valid only for
// the interpreter that wrote it. The host's file system is mounted at /host for the script.
// usage: node precompile_stdlib.mjs <pyodide dir> <precompile.py> <settings JSON>
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, script, settings] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
pyodide.globals.set("settings", settings);
pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
