// The first thing in the game page's <head>: a small classic script (the parser waits for this
// one small file; the browser's preload scanner goes on fetching the stylesheet and modules
// meanwhile). It does two things before the page's Python glue can run.
//
// 1. It starts the engine's worker while the page is still being parsed: the worker, which
// takes a while to get going, so starts before the page's modules are even compiled, 0.1–0.2 s
// sooner than they could start it. (`async` was tried: it sometimes ran after the modules, and
// two workers booted; `defer` runs only after the whole page is parsed.) app/glue/engine.py
// adopts the worker with the messages it sent meanwhile. Without this script, or if it fails,
// the glue starts the worker itself (and this script never starts a second).
//
// The worker downloads nothing (~4 MB: Pyodide, its library, the game's engine) until it is
// released (app/engine-worker.js), so that on a slow link those bytes do not share the link
// with the page's own files, which make the board playable. This script releases it:
//   * as it starts it, where a service worker controls the page (a warm visit: every file is
//     local): the worker's name says so ("engine <game> go"; a message posted before the
//     worker's script runs would reach it only once this page's busy thread passed it on);
//   * with {go: true} as soon as the page's own big file, MicroPython's wasm (preloaded in the
//     head), has arrived fast: its resource timing entry took under FAST_MS from request to last byte, or
//     came from the HTTP cache (transferSize 0). The link is fast, or the files are cached: the
//     engine starts as early as it can.
// Otherwise (a slow link) the glue releases it ({go: true}) once the page can play (its first
// view drawn and the first clicks answered), or this script does after SAFETY_MS.
//
// 2. It keeps the person's first clicks and keys (before the glue has bound its handlers, a
// click on the pre-rendered board would do nothing): a click on a board cell, a click on a
// button (its native action prevented: a form's submit button must not submit) and Enter,
// Space or an arrow key on the board or a button are recorded in virusGamesEarlyInput.events
// (`{cell}`, `{target}`, `{key, target}`); links, selects and inputs keep their own behaviour.
// Each recorded event shows #loading with "Loading the game…" (the hidden
// #loading-game-template's text, translated by the glue later), set again on the next frame so
// that the status region says it again. The glue takes the events once its handlers are bound
// (glue.dom.take_early_input, which sets `taken`) and carries them out in order.
(() => {
    if (globalThis.virusGamesEarlyInput) return;
    const input = { events: [], taken: false };
    globalThis.virusGamesEarlyInput = input;
    const KEYS = new Set(["Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);

    const acknowledge = () => {
        const box = document.getElementById("loading");
        const text = document.getElementById("loading-text");
        const template = document.getElementById("loading-game-template");
        if (!box || !text || !template) return;
        box.hidden = false;
        text.textContent = "";
        requestAnimationFrame(() => {
            if (!input.taken) text.textContent = template.textContent;
        });
    };
    const record = (event) => {
        input.events.push(event);
        acknowledge();
    };
    const taken = () => {
        if (!input.taken) return false;
        document.removeEventListener("click", onClick, true);
        document.removeEventListener("keydown", onKey, true);
        return true;
    };
    function onClick(event) {
        if (taken() || !(event.target instanceof Element)) return;
        const cell = event.target.closest("#board [data-cell]");
        if (cell) {
            record({ cell: cell.getAttribute("data-cell") });
            return;
        }
        const button = event.target.closest("button");
        if (button) {
            event.preventDefault();
            record({ target: button });
        }
    }
    function onKey(event) {
        if (taken() || !KEYS.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
        const target = event.target;
        const onBoard = target instanceof Element && target.id === "board";
        if (!onBoard && !(target instanceof HTMLButtonElement)) return;
        if (onBoard) event.preventDefault(); // no scrolling: the board's own keys, as the glue's
        record({ key: event.key, target });
    }
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey, true);
})();

(() => {
    if (globalThis.virusGamesEarlyEngine || globalThis.virusGamesEngineStarted) return;
    // The wasm's time from request to last byte on a link the engine may share at once: 0.04–0.2
    // s on localhost (the longest on a busy machine), 0.45–0.75 s on a 10 Mbit/s link, where
    // the page's other preloads share the link with it.
    const FAST_MS = 300;
    const SAFETY_MS = 8000; // the release, if the glue has not released the worker by then
    const BIG_FILE = "/micropython.wasm";
    const script = document.currentScript;
    const game = script?.dataset.game || "";
    let controlled = false;
    try {
        controlled = Boolean(navigator.serviceWorker?.controller);
    } catch {
        // service workers refused (a sandboxed frame): not a warm visit
    }
    const name = controlled ? `engine ${game} go` : `engine ${game}`.trim();
    let worker;
    try {
        worker = new Worker(new URL("engine-worker.js", script.src), { type: "module", name });
        const early = { worker, game, events: [] };
        early.keep = (event) => early.events.push(event);
        worker.addEventListener("message", early.keep);
        worker.addEventListener("error", early.keep);
        performance.mark("engine-start"); // read by bench/load.py
        globalThis.virusGamesEarlyEngine = early;
    } catch {
        return; // no module workers here: the glue tries again and reports what fails
    }
    let observer = null;
    let timer = 0;
    const release = () => {
        observer?.disconnect();
        clearTimeout(timer);
        worker.postMessage({ go: true }); // a worker released before ignores it
    };
    if (controlled) return;
    timer = setTimeout(release, SAFETY_MS);
    try {
        observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
                if (!entry.name.endsWith(BIG_FILE)) continue;
                if (entry.transferSize === 0 || entry.responseEnd - entry.startTime < FAST_MS) release();
                else observer.disconnect(); // a slow link: the glue releases the worker
            }
        });
        observer.observe({ type: "resource", buffered: true });
    } catch {
        // no resource timing: the glue (or the safety timer) releases the worker
    }
})();
