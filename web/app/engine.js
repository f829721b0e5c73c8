// The engine runs in one Pyodide web worker, app/engine-worker.js (see docs/ARCHITECTURE.md):
// the page thread never runs Python, so it paints at once and stays responsive while Python
// starts or thinks. All traffic is one JSON-in/JSON-out call, `handle`, exported by
// app/engine_worker.py; requests are queued so they run in order.

import { BUILD } from "./build-info.js";
import { downloadRuntime, showDownloadProgress } from "./runtime-download.js";

const siteURL = (path) => new URL(`../${path}`, import.meta.url).href;

export class EngineError extends Error {}

// app/engine-worker.js behind one promise-returning `handle(text)`. The worker is the one
// app/engine-early.js started for this game, if any (the events it sent meanwhile are
// handled first), else a new one.
class EngineWorker {
    constructor(url, { game, onStarted, onBoot }) {
        this.pending = new Map();
        this.nextId = 0;
        this.booted = false;
        this.failure = null;
        const onMessage = (event) => {
            if (event.data.started) {
                onStarted();
                return;
            }
            if (event.data.boot !== undefined) {
                this.booted = true;
                onBoot(event.data);
                return;
            }
            const { id, reply, error } = event.data;
            const waiting = this.pending.get(id);
            this.pending.delete(id);
            if (error !== undefined) waiting?.reject(new Error(error));
            else waiting?.resolve(reply);
        };
        // An error fails the requests waiting for a reply; one before the engine has started
        // (its script missing, say) fails every later request too.
        const onError = (event) => {
            const error = new Error(event.message || "the engine's worker failed");
            if (!this.booted) this.failure = error;
            for (const waiting of this.pending.values()) waiting.reject(error);
            this.pending.clear();
        };
        const early = globalThis.virusGamesEarlyEngine;
        if (early?.worker && early.game === (game || "")) {
            delete globalThis.virusGamesEarlyEngine;
            this.worker = early.worker;
            this.worker.removeEventListener("message", early.keep);
            this.worker.removeEventListener("error", early.keep);
            for (const event of early.events) (event.type === "error" ? onError : onMessage)(event);
        } else {
            globalThis.virusGamesEngineStarted = true; // engine-early.js must not start another
            performance.mark("engine-start"); // read by bench/load.py
            this.worker = new Worker(url, { type: "module", name: `engine ${game || ""}`.trim() });
        }
        this.worker.addEventListener("message", onMessage);
        this.worker.addEventListener("error", onError);
    }

    handle(request) {
        if (this.failure) return Promise.reject(this.failure);
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject });
            this.worker.postMessage({ id, request });
        });
    }
}

export class EngineClient {
    // `game`: the id of the game this page plays (its modules are loaded with the engine).
    constructor({ game } = {}) {
        this.game = game;
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
        this.worker = new EngineWorker(new URL("./engine-worker.js", import.meta.url), {
            game: this.game,
            // The download bar's requests wait until the worker's own script has arrived: a
            // browser opens only six connections to a host, and the worker must not queue
            // behind the runtime it is about to ask for.
            onStarted: () => this.startDownload(),
            onBoot: (boot) => this.booted(boot),
        });
        return this.hello();
    }

    // How the worker started: "snapshot" or "normal" (read by bench/load.py and the e2e tests).
    booted(boot) {
        this.bootMode = boot.boot;
        // the worker's steps in this page's time (ms since navigation start)
        this.bootSteps = Object.fromEntries(Object.entries(boot.steps || {}).map(
            ([name, time]) => [name, Math.round(time - performance.timeOrigin)]));
        document.documentElement.dataset.engineBoot = boot.boot;
        document.documentElement.dataset.engineSnapshot = boot.snapshot;
    }

    async hello() {
        const hello = await this.call({ op: "hello" });
        this.readyAt = performance.now();
        performance.mark("engine-ready"); // read by bench/load.py
        return hello;
    }

    async call(request) {
        const reply = await this.worker.handle(JSON.stringify(request));
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
