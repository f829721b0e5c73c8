// The runtime's download on a first visit, as a real progress bar in #loading (game pages).
//
// The engine's worker needs ~16 MB of files to start (BUILD.bootFiles: Pyodide, its standard
// library, the engine wheel...). On a cold visit the page fetches those same URLs itself, at
// once and in parallel with the worker's start, and counts the bytes of each response body as
// they arrive. The files are served `immutable`, so the worker's own requests are answered by
// the HTTP cache (Chromium lets a request for a URL already being downloaded share that
// download): nothing is fetched twice, which e2e/test_offline.py checks by counting the
// server's hits. Nothing here is awaited by the engine's start.
//
// Warm visits show no bar and read nothing: a page controlled by the service worker has every
// file locally, and a browser that downloaded these very files before (a note in
// localStorage naming them; their paths carry their versions) has them in its HTTP cache. (A
// cache-only probe, fetch(url, {cache: "only-if-cached"}), would be exact, but every miss
// logs a console error.) Where the note is wrong (the cache was cleared) the visitor sees the
// plain "Starting the game engine…" instead of the bar; nothing else changes.

import { BUILD } from "./build-info.js";

const MEGABYTE = 1e6;
const NOTE_KEY = "virus-games.runtime-downloaded";
const LANES = 3; // files downloaded at once
const REDRAW_MS = 200;

// Fetches the boot files, calling onProgress({received, total, done}). Resolves to how it
// went: "service-worker" or "cached" (nothing fetched), "downloaded" or "failed".
export async function downloadRuntime(siteURL, onProgress) {
    if (controlledByServiceWorker()) return "service-worker";
    const files = Object.entries(BUILD.bootFiles || {}).map(([path, size]) => ({ url: siteURL(path), size }));
    const note = Object.keys(BUILD.bootFiles || {}).join(" ");
    if (!files.length || readNote() === note) return "cached";
    const total = files.reduce((sum, file) => sum + file.size, 0);
    let received = 0;
    onProgress({ received, total, done: false });
    const fetchCounting = async (file) => {
        const response = await fetch(file.url);
        if (!response.ok || !response.body) throw new Error(`${file.url}: HTTP ${response.status}`);
        const reader = response.body.getReader();
        let counted = 0;
        for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            counted += value.byteLength;
            received += value.byteLength;
            onProgress({ received: Math.min(received, total), total, done: false });
        }
        received += file.size - counted; // a size that differs from the build's (never expected)
    };
    // A few files at a time, in the order the worker asks for them: over HTTP/1.1 a browser
    // opens only six connections to a host, and the worker's own modules must not queue
    // behind the runtime.
    const queue = [...files];
    const lane = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) await fetchCounting(file);
    };
    try {
        await Promise.all(Array.from({ length: LANES }, lane));
    } catch {
        onProgress({ received, total, done: true });
        return "failed"; // the worker reports real failures; the bar just goes away
    }
    onProgress({ received: total, total, done: true });
    writeNote(note);
    return "downloaded";
}

function readNote() {
    try {
        return localStorage.getItem(NOTE_KEY);
    } catch {
        return null; // storage refused (cross-site frames): show the bar every time
    }
}

function writeNote(note) {
    try {
        localStorage.setItem(NOTE_KEY, note);
    } catch {
        /* see readNote */
    }
}

function controlledByServiceWorker() {
    try {
        return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
    } catch {
        return false; // service workers refused (sandboxed frames)
    }
}

// The bar in #loading: "Downloading the game engine… 3.1 of 16.1 MB". The text's template is a
// hidden element the page's translations keep in the current language (data-i18n
// "play.downloading"); the numbers are formatted for that language. Redrawn at most every
// REDRAW_MS (every frame would cost the engine's start measurable time on a slow machine).
export function showDownloadProgress() {
    const box = document.getElementById("loading-download");
    const bar = document.getElementById("loading-progress");
    const text = document.getElementById("loading-bytes");
    const template = document.getElementById("loading-download-template");
    const starting = document.getElementById("loading-text");
    if (!box || !bar || !text || !template) return () => {};
    let latest = null;
    let scheduled = false;
    let drawnAt = -Infinity;
    const draw = () => {
        scheduled = false;
        drawnAt = performance.now();
        const { received, total, done } = latest;
        box.hidden = done;
        if (starting) starting.hidden = !done;
        if (done) return;
        const format = (bytes) => (bytes / MEGABYTE).toLocaleString(document.documentElement.lang || undefined,
            { minimumFractionDigits: 1, maximumFractionDigits: 1 });
        bar.max = total;
        bar.value = received;
        text.textContent = template.textContent
            .replace("{received}", format(received)).replace("{total}", format(total));
    };
    return (progress) => {
        latest = progress;
        if (progress.done) return draw(); // at once: the bar must not outlive the download
        if (!scheduled) {
            scheduled = true;
            setTimeout(() => requestAnimationFrame(draw), Math.max(0, drawnAt + REDRAW_MS - performance.now()));
        }
    };
}
