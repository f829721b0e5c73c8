// Injected by bench/shapes.py into every page before any of the page's own scripts run
// (Playwright add_init_script, which the page's CSP does not apply to). It only watches:
// all times are performance.now() values, i.e. milliseconds since navigation start.
//
//   boardInDom     the board SVG (`#board svg`) first exists (parsed from the HTML or inserted later)
//   boardFrame     the first animation frame after that (the board is painted in that frame)
//   fcp            the first-contentful-paint entry
//   ready          body[data-ready=true] was set
//   workerReady    body[data-worker-ready=true] (shape B2: its second interpreter answers)
//   selected       c2 shows as selected after the bench's first click
//   moved          the move c2-d2 is on the board (`[data-cell=d2][data-height="2"]`)
//   clicks         when the bench's (trusted) clicks were dispatched
//   busyTest(ms)   clicks #busy (the page runs busy(ms) Python where its computer opponent
//                  would) and samples requestAnimationFrame meanwhile
(() => {
    if (location.protocol !== "http:" || window.__probe) return;
    const probe = (window.__probe = {
        boardInDom: null, boardFrame: null, fcp: null, ready: null, workerReady: null, selected: null, moved: null, clicks: [],
    });
    const now = () => performance.now();

    try {
        new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
                if (entry.name === "first-contentful-paint" && probe.fcp === null) probe.fcp = entry.startTime;
            }
        }).observe({ type: "paint", buffered: true });
    } catch (error) {
        probe.fcpError = String(error);
    }

    // probe.when("ready") etc.: a promise that resolves as soon as that time is recorded (the
    // bench awaits these through page.evaluate, so it reacts at once instead of polling).
    const waiters = [];
    probe.when = (name) =>
        probe[name] !== null ? Promise.resolve(probe[name]) : new Promise((resolve) => waiters.push({ name, resolve }));
    const wake = () => {
        for (let i = waiters.length - 1; i >= 0; i--) {
            const { name, resolve } = waiters[i];
            if (probe[name] !== null) {
                waiters.splice(i, 1);
                resolve(probe[name]);
            }
        }
    };

    const check = () => {
        if (probe.boardInDom === null && document.querySelector("#board svg")) {
            probe.boardInDom = now();
            requestAnimationFrame(() => (probe.boardFrame = now()));
        }
        if (probe.ready === null && document.body && document.body.dataset.ready === "true") probe.ready = now();
        if (probe.workerReady === null && document.body && document.body.dataset.workerReady === "true") probe.workerReady = now();
        if (probe.selected === null && document.querySelector('#board [data-cell="c2"].selected')) probe.selected = now();
        if (probe.moved === null && document.querySelector('#board [data-cell="d2"][data-height="2"]')) {
            probe.moved = now();
        }
        if (waiters.length) wake();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready", "data-worker-ready", "data-height", "class"] });
    // When the bench's clicks reach the page (to split "first move" into bench and page time).
    addEventListener("click", (event) => event.isTrusted && probe.clicks.push(now()), true);

    // Frames on the main thread while the page's Python computes for `ms`.
    probe.busyTest = async (ms, margin = 250) => {
        const frames = [];
        let sampling = true;
        const tick = (t) => {
            frames.push(t);
            if (sampling) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        await new Promise((resolve) => setTimeout(resolve, margin));
        const body = document.body;
        delete body.dataset.busyDone;
        const done = new Promise((resolve) => {
            const watch = new MutationObserver(() => {
                if (body.dataset.busyDone !== undefined) {
                    watch.disconnect();
                    resolve(now());
                }
            });
            watch.observe(body, { attributes: true, attributeFilter: ["data-busy-done"] });
        });
        const start = now();
        document.getElementById("busy").dataset.ms = String(ms);
        document.getElementById("busy").click();
        const end = await done;
        await new Promise((resolve) => setTimeout(resolve, margin));
        sampling = false;
        // Frames whose callbacks ran while the computation was under way, and the longest gap
        // between two consecutive frames from `margin` before to `margin` after it.
        const during = frames.filter((t) => t >= start && t <= end).length;
        let maxGap = 0;
        for (let i = 1; i < frames.length; i++) maxGap = Math.max(maxGap, frames[i] - frames[i - 1]);
        return { frames: during, maxGap, busyWall: end - start, playouts: Number(body.dataset.busyDone) };
    };
})();
