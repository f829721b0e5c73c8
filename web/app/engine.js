// The engine runs in one Pyodide web worker started by PyScript (see docs/ARCHITECTURE.md):
// the page thread never runs Python, so it paints at once and stays responsive while Python
// starts or thinks. All traffic is one JSON-in/JSON-out call, `handle`, exported by
// app/engine_worker.py; requests are queued so they run in order.

import { BUILD } from "./build-info.js";
import { downloadRuntime, showDownloadProgress } from "./runtime-download.js";

const siteURL = (path) => new URL(`../${path}`, import.meta.url).href;

export class EngineError extends Error {}

// Whether this page may not use IndexedDB (only asked inside frames: a blog's cross-site
// iframe in a browser that blocks third-party storage). Refused storage throws or fails.
async function storageRefused() {
    if (window.parent === window) return false;
    try {
        await new Promise((resolve, reject) => {
            const request = indexedDB.open("virus-games-probe");
            request.onsuccess = () => {
                request.result.close();
                resolve();
            };
            request.onerror = () => reject(request.error);
            request.onblocked = resolve;
        });
        return false;
    } catch {
        return true;
    }
}

// engine-raw-worker.js behind the same `sync.handle` a PyScript worker offers.
class PlainWorker {
    constructor(url) {
        this.worker = new Worker(url, { type: "module" });
        this.pending = new Map();
        this.nextId = 0;
        this.worker.addEventListener("message", (event) => {
            const { id, reply, error } = event.data;
            const waiting = this.pending.get(id);
            this.pending.delete(id);
            if (error !== undefined) waiting?.reject(new Error(error));
            else waiting?.resolve(reply);
        });
        this.worker.addEventListener("error", (event) => {
            for (const waiting of this.pending.values()) waiting.reject(new Error(event.message || "worker error"));
            this.pending.clear();
        });
        this.sync = { handle: (text) => this.send(text) };
    }

    send(request) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject });
            this.worker.postMessage({ id, request });
        });
    }
}

export class EngineClient {
    constructor() {
        this.worker = null;
        this.queue = Promise.resolve();
        this.ready = null;
        this.startedAt = 0;
        this.readyAt = 0;
    }

    // Boots the worker once; resolves when the engine answers.
    start() {
        if (!this.ready) this.ready = this.boot();
        return this.ready;
    }

    // A first visit shows the runtime's download as it happens; not awaited (the worker gets
    // the same files from the HTTP cache, see runtime-download.js).
    startDownload() {
        this.download = downloadRuntime(siteURL, showDownloadProgress()).catch(() => "failed");
    }

    async boot() {
        this.startedAt = performance.now();
        if (await storageRefused()) {
            // PyScript's worker cannot start without IndexedDB: plain Pyodide, same engine
            this.startDownload();
            this.worker = new PlainWorker(new URL("./engine-raw-worker.js", import.meta.url));
            return this.hello();
        }
        const { PyWorker } = await import(siteURL(BUILD.pyscript));
        this.startDownload(); // after PyScript's own modules: they must not queue behind it
        const interpreter = siteURL(BUILD.pyodide);
        // `version` and `config.interpreter` both point at the site's own Pyodide: without them
        // PyScript silently downloads Pyodide from a CDN.
        this.worker = await PyWorker(new URL("./engine_worker.py", import.meta.url).href, {
            version: interpreter,
            config: {
                interpreter,
                // Unpacking the wheel into the worker's file system is the fastest way to install
                // it (~0.03 s, against ~1 s for micropip), and it stays a real wheel. The
                // bytecode overlay beside it spares the first request compiling the engine.
                files: { [siteURL(BUILD.wheel)]: "./*", [siteURL(BUILD.engineBytecode)]: "./*" },
            },
        });
        return this.hello();
    }

    async hello() {
        const hello = await this.call({ op: "hello" });
        this.readyAt = performance.now();
        performance.mark("engine-ready"); // read by bench/load.py
        return hello;
    }

    async call(request) {
        const reply = await this.worker.sync.handle(JSON.stringify(request));
        return JSON.parse(reply);
    }

    // Sends one request after the previous ones; resolves with the engine's reply
    // ({ok: true, view} or {ok: false, error, view}).
    request(request) {
        const run = async () => {
            await this.start();
            return this.call(request);
        };
        const result = this.queue.then(run, run);
        this.queue = result.catch(() => undefined);
        return result;
    }
}
