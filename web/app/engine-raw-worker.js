// The engine's worker without PyScript, for frames where storage is refused (a blog's
// cross-site iframe when the reader's browser blocks third-party storage): PyScript's worker
// opens IndexedDB while it starts and fails there, plain Pyodide does not need it. Same files,
// same engine_worker.py, same one JSON-in/JSON-out `handle`; started by app/engine.js.
import { BUILD } from "./build-info.js";

const siteURL = (path) => new URL(`../${path}`, import.meta.url).href;

const ready = (async () => {
    const { loadPyodide } = await import(siteURL(BUILD.pyodide));
    const indexURL = siteURL(BUILD.pyodide).replace(/[^/]*$/, "");
    const pyodide = await loadPyodide({ indexURL });
    // The wheel and its bytecode overlay unpacked into the working directory (on sys.path),
    // exactly as PyScript's `files` does in the usual worker.
    for (const path of [BUILD.wheel, BUILD.engineBytecode]) {
        const response = await fetch(siteURL(path));
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        pyodide.unpackArchive(await response.arrayBuffer(), path.endsWith(".whl") ? "wheel" : "zip");
    }
    const source = await (await fetch(new URL("./engine_worker.py", import.meta.url))).text();
    const namespace = pyodide.globals.get("dict")();
    pyodide.runPython(source, { globals: namespace });
    return namespace.get("handle");
})();

self.addEventListener("message", async (event) => {
    const { id, request } = event.data || {};
    try {
        const handle = await ready;
        self.postMessage({ id, reply: handle(request) });
    } catch (error) {
        self.postMessage({ id, error: String(error && error.message ? error.message : error) });
    }
});
