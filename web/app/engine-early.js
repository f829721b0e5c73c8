// Starts the engine's worker while the page is still being parsed: a small classic script,
// the first thing in the game page's <head> (the parser waits for this one small file; the
// browser's preload scanner goes on fetching the stylesheet and modules meanwhile). The
// worker, which takes a while to get going, so starts before the page's modules are even
// compiled, 0.1–0.2 s sooner than they could start it. (`async` was tried: it sometimes ran
// after the modules, and two workers booted; `defer` runs only after the whole page is parsed.)
// app/glue/engine.py adopts the worker with the messages it sent meanwhile. Without this script,
// or if it fails, the glue starts the worker itself (and this script never starts a second).
(() => {
    if (globalThis.virusGamesEarlyEngine || globalThis.virusGamesEngineStarted) return;
    const script = document.currentScript;
    const game = script?.dataset.game || "";
    try {
        const worker = new Worker(new URL("engine-worker.js", script.src), { type: "module", name: `engine ${game}`.trim() });
        const early = { worker, game, events: [] };
        early.keep = (event) => early.events.push(event);
        worker.addEventListener("message", early.keep);
        worker.addEventListener("error", early.keep);
        performance.mark("engine-start"); // read by bench/load.py
        globalThis.virusGamesEarlyEngine = early;
    } catch {
        // no module workers here: the glue tries again and reports what fails
    }
})();
