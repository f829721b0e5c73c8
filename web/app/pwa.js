// Offline and installable: registers the service worker (sw.js, written by the build, see
// web/tools/sw-template.js) and offers "New version available - Reload" when a newer build
// has been installed beside the running one. Included by every page.
//
// * Registration waits until the page has done its own work (the load event; on a game page
//   also the engine's first view, body[data-ready]), so precaching never competes with the
//   first start, and its downloads are answered by the HTTP cache that start just filled.
// * A new version waits (the old pages keep running on the old cache) until a page's Reload
//   button tells it to take over; then every page of the old version reloads, so no page ever
//   runs old code against new files.
// * Where service workers or storage are refused (cross-site iframes, some private modes) all
//   of this silently does nothing: the site works from the network as before.

const WORKER_URL = new URL("../sw.js", import.meta.url).href;

function serviceWorkers() {
    try {
        return "serviceWorker" in navigator ? navigator.serviceWorker : null;
    } catch {
        return null; // a SecurityError in sandboxed frames
    }
}

function pageDone() {
    const loaded = document.readyState === "complete"
        ? Promise.resolve()
        : new Promise((resolve) => addEventListener("load", resolve, { once: true }));
    if (!document.body.classList.contains("game")) return loaded;
    const engineReady = new Promise((resolve) => {
        if (document.body.dataset.ready === "true") return resolve();
        const observer = new MutationObserver(() => {
            if (document.body.dataset.ready !== "true") return;
            observer.disconnect();
            resolve();
        });
        observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    });
    return Promise.all([loaded, engineReady]);
}

function offerUpdate(registration) {
    const bar = document.getElementById("update-bar");
    const button = document.getElementById("update-reload");
    if (!bar || !button || !bar.hidden) return;
    bar.hidden = false;
    button.addEventListener("click", () => {
        button.disabled = true;
        if (registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
        else location.reload(); // it took over meanwhile (another page's Reload)
    }, { once: true });
}

async function start(container) {
    // A page that was controlled and sees its controller change runs the old version: reload.
    // (The very first install takes over an uncontrolled page: nothing to reload.)
    let controlled = Boolean(container.controller);
    let reloading = false;
    container.addEventListener("controllerchange", () => {
        if (!controlled) {
            controlled = true;
            return;
        }
        if (reloading) return;
        reloading = true;
        location.reload();
    });

    await pageDone();
    const registration = await container.register(WORKER_URL);
    const waitingWorker = () => registration.waiting && container.controller && offerUpdate(registration);
    waitingWorker();
    registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => worker.state === "installed" && waitingWorker());
    });
}

const container = serviceWorkers();
if (container) start(container).catch(() => {}); // refused or offline: nothing to say
