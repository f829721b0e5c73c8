// The engine runs in one Pyodide web worker started by PyScript (see docs/ARCHITECTURE.md):
// the page thread never runs Python, so it paints at once and stays responsive while Python
// starts or thinks. All traffic is one JSON-in/JSON-out call, `handle`, exported by
// app/engine_worker.py; requests are queued so they run in order.

import { BUILD } from "./build-info.js";

const siteURL = (path) => new URL(`../${path}`, import.meta.url).href;

export class EngineError extends Error {}

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

    async boot() {
        this.startedAt = performance.now();
        const { PyWorker } = await import(siteURL(BUILD.pyscript));
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
