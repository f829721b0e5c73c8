// The engine's web worker: plain Pyodide (a module worker, started by app/engine-early.js or
// app/glue/engine.py) with the fewest bytes that start it
// (docs/decisions/per-game-bytecode-archives.md): its own standard library and lock file, and
// the page's game's engine bytecode unpacked into the working directory (after a snapshot
// restore, only once an import needs it); app/engine_worker.py's one JSON-in/JSON-out
// `handle`, which downloads the wheel or the full standard library itself if an import ever
// needs more.
//
// Start-up (docs/decisions/memory-snapshot.md): the first start in a browser is a normal boot
// that ends with a Pyodide *memory snapshot* (the interpreter with the standard library and
// the engine imported) kept in Cache Storage; later starts restore it instead of booting
// Python again. The snapshot API is private and experimental, so everything about it is
// optional: no Cache Storage (a blog's cross-site iframe may refuse it), a missing, damaged or
// refused snapshot, or any error while restoring falls back to the normal boot, and a snapshot
// that failed once is deleted.
//
// The worker waits to be released before it starts anything (imports, downloads, the
// snapshot): on a slow link its ~4 MB must not share the link with the page's own files
// (app/engine-early.js releases it at once where the files are local or arrive fast, else the
// glue does once the page can play). Released by its name ("engine <game id> go") or by
// {go: true}; requests that come before wait for it, in order.
//
// Messages in: {go: true} (the release) and {id, request}. Messages out: {started: true} as soon as this script runs, {going: true}
// once when released, {id, reply} or {id, error}, and once {boot: "snapshot" | "normal",
// snapshot: "restored" | "saved" | "none" | "failed: …", steps}: the times (ms since the
// epoch) of each step.
import { BUILD } from "./build-info.js";

const steps = { worker: performance.timeOrigin, started: performance.timeOrigin + performance.now() };
const step = (name) => (steps[name] = performance.timeOrigin + performance.now());
self.postMessage({ started: true }); // the script runs (the progress bar waits for {going: true})

// The worker's name, "engine <game id>" or "engine <game id> go": the game the page plays (its
// modules are imported before the snapshot is made, so a restored engine has them in memory),
// and "go" where the page released the worker as it started it (a message posted before this
// script runs reaches it only once the page's busy thread has passed it on).
const [, pageGame = "", goAtStart] = (self.name || "").split(" ");

const siteURL = (path) => new URL(`../${path}`, import.meta.url).href;
const indexURL = siteURL(BUILD.pyodide).replace(/[^/]*$/, "");
const pyodideOptions = { indexURL, stdLibURL: siteURL(BUILD.workerStdlib), lockFileURL: siteURL(BUILD.workerLock) };
// What engine_worker.py downloads if an import needs it: the engine's wheel and bytecode, the full library.
const later = [[BUILD.wheel, BUILD.engineBytecode].map(siteURL), `${indexURL}python_stdlib.zip`];

const SNAPSHOT_CACHE_PREFIX = "virus-games-snapshot-";
const SNAPSHOT_CACHE = SNAPSHOT_CACHE_PREFIX + BUILD.snapshotKey;
const SNAPSHOT_URL = siteURL(`snapshot/${BUILD.snapshotKey}.bin`); // a cache key, never fetched
// The memory's length, stored with the snapshot: Pyodide is instantiated while the bytes are read.
const LENGTH_HEADER = "X-Snapshot-Length";

async function fetchBytes(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
}

// Everything is requested at once when the worker is released: Pyodide's two scripts and the
// game's engine bytecode download while the worker starts (the wasm itself is requested by
// loadPyodide straight away).
let pyodideModule, createModule, workerSource;
let engineFiles = [];

function download() {
    pyodideModule = import(siteURL(BUILD.pyodide)).then((module) => {
        step("pyodideImported");
        return module;
    });
    createModule = import(`${indexURL}pyodide.asm.mjs`).then((module) => module.default);
    engineFiles = BUILD.engineGames[pageGame] ? [fetchBytes(siteURL(BUILD.engineGames[pageGame]))] : [];
    workerSource = fetch(new URL("./engine_worker.py", import.meta.url)).then((response) => response.text());
    for (const promise of [createModule, workerSource, ...engineFiles]) promise.catch(() => undefined); // awaited later
}

// The snapshot cache (null where there is no Cache Storage: always the normal boot) and the
// stored snapshot's response, if any (its bytes are read while Pyodide loads, see restore).
async function openSnapshot() {
    let cache = null;
    try {
        cache = await caches.open(SNAPSHOT_CACHE);
        return { cache, snapshot: (await cache.match(SNAPSHOT_URL)) || null };
    } catch {
        return { cache, snapshot: null };
    }
}

// The game's engine bytecode, unpacked into the working directory (on sys.path).
async function unpackEngine(pyodide) {
    for (const bytes of await Promise.all(engineFiles)) pyodide.unpackArchive(bytes, "zip");
}

async function restore(response) {
    // Pyodide needs only the memory's length to instantiate the wasm; the bytes must be in place
    // by the time it restores them, which happens after the module exists: reading them and
    // instantiating go on side by side, and the module is handed over once both are done.
    const length = Number(response.headers.get(LENGTH_HEADER));
    if (!Number.isSafeInteger(length) || length <= 0) throw new Error("snapshot without its length");
    const memory = new Uint8Array(length);
    const filled = response.arrayBuffer().then((bytes) => {
        if (bytes.byteLength !== length) throw new Error("a truncated snapshot");
        memory.set(new Uint8Array(bytes));
        step("snapshotRead");
    });
    filled.catch(() => undefined); // awaited below
    const [{ loadPyodide }, create] = await Promise.all([pyodideModule, createModule]);
    const createPyodideModule = async (settings) => [await create(settings), await filled][0];
    const pyodide = await loadPyodide({ ...pyodideOptions, _loadSnapshot: memory, createPyodideModule });
    step("pyodideLoaded");
    // The page's game is in memory already: its files are unpacked only when an import needs
    // one (engine_worker.py's UnpackOnDemand).
    pyodide.globals.get("unpack_when_needed")(...later, ...(await Promise.all(engineFiles)));
    step("engineUnpacked");
    // Every restore starts from the same memory: new random state, and the import system must
    // see the files unpacked after the snapshot was made. (Not importlib.invalidate_caches():
    // it imports importlib.metadata, a quarter of a second here; dropping the cached path
    // finders is enough.)
    pyodide.runPython("import random, sys\nsys.path_importer_cache.clear()\nrandom.seed()");
    step("reseeded");
    const handle = pyodide.globals.get("handle");
    if (typeof handle !== "function") throw new Error("the snapshot has no engine");
    return handle;
}

async function normalBoot(cache) {
    const [{ loadPyodide }, createPyodideModule] = await Promise.all([pyodideModule, createModule]);
    const pyodide = await loadPyodide({ ...pyodideOptions, _makeSnapshot: cache !== null, createPyodideModule });
    step("pyodideLoaded");
    await unpackEngine(pyodide);
    step("engineUnpacked");
    pyodide.runPython(await workerSource);
    pyodide.globals.get("unpack_when_needed")(...later);
    if (pageGame) pyodide.globals.get("preload")(pageGame);
    step("engineImported");
    const handle = pyodide.globals.get("handle");
    let saved = "none";
    if (cache) {
        try {
            const snapshot = pyodide.makeMemorySnapshot();
            step("snapshotMade");
            // Stored once the engine has been idle a while (see below): the page does not wait.
            savingSnapshot = () => saveSnapshot(cache, snapshot);
            saved = "saved";
        } catch (error) {
            saved = `failed: ${error?.message || error}`;
        }
    }
    return { handle, saved };
}

let savingSnapshot = null;

async function saveSnapshot(cache, snapshot) {
    try {
        const headers = { "Content-Type": "application/octet-stream", [LENGTH_HEADER]: String(snapshot.length) };
        await cache.put(SNAPSHOT_URL, new Response(snapshot, { headers }));
        // Snapshots of other builds are of no use any more.
        for (const name of await caches.keys()) {
            if (name.startsWith(SNAPSHOT_CACHE_PREFIX) && name !== SNAPSHOT_CACHE) await caches.delete(name);
        }
    } catch {
        // quota or storage refused: the next start is a normal boot again
    }
}

async function start() {
    download();
    const { cache, snapshot } = await openSnapshot();
    if (snapshot) {
        try {
            const handle = await restore(snapshot);
            step("ready");
            self.postMessage({ boot: "snapshot", snapshot: "restored", steps });
            return handle;
        } catch {
            await cache.delete(SNAPSHOT_URL).catch(() => undefined); // never trusted again
        }
    }
    const { handle, saved } = await normalBoot(cache);
    step("ready");
    self.postMessage({ boot: "normal", snapshot: saved, steps });
    return handle;
}

// The engine's start (a promise of its `handle`), begun when the worker is released; null before.
// Requests that come earlier wait for it, in order.
let ready = null;
let onRelease;
const released = new Promise((resolve) => (onRelease = resolve));

function release() {
    if (ready) return;
    step("going");
    self.postMessage({ going: true });
    ready = start();
    onRelease(ready);
}

// The snapshot is stored once no request has come for a while: never between the page's first
// requests, which draw the game and answer the first clicks. A page closed before then boots
// normally again next time.
const SAVE_WHEN_IDLE_MS = 1500;
let idleTimer = 0;

self.addEventListener("message", async (event) => {
    const { id, request, go } = event.data || {};
    if (go) {
        release(); // {go: true}: a release (once; later ones change nothing)
        return;
    }
    if (id === undefined) return;
    clearTimeout(idleTimer);
    try {
        const handle = await (ready || released);
        self.postMessage({ id, reply: handle(request) });
    } catch (error) {
        self.postMessage({ id, error: String(error && error.message ? error.message : error) });
    }
    if (savingSnapshot) {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => (savingSnapshot?.(), (savingSnapshot = null)), SAVE_WHEN_IDLE_MS);
    }
});

if (goAtStart === "go") release();
