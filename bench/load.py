"""Load-time benchmark of record: cold and warm visits of the Zebra page against Pyodide as npm
ships it, in one interleaved run.

    python bench/load.py [--runs N]

Each round measures, every load in its own browser profile unless said otherwise, times from
navigation start (the pages' own performance marks, not the moment Playwright notices them):
  * bare npm   - bench/bare.html?runtime=npm: `loadPyodide()` of the stock npm files
                 (/bench/npm-pyodide/: python_stdlib.zip without our .pyc) until Python
                 answers. The baseline of the ratios.
  * bare site  - bench/bare.html: the same with the site's own Pyodide (.pyc stdlib).
  * cold       - a first visit of zebra.html (fresh on-disk profile: empty HTTP cache, no
                 service worker; the download bar shows): first contentful paint (the
                 pre-rendered board), engine answering, game drawn ("game-ready") and
                 interactive: the first legal move accepted and drawn.
  * cold, no bar - the same with the download bar switched off (its localStorage note set
                 beforehand), to show what the bar costs.
  * warm       - a visit with the service worker installed and precached by an earlier visit,
                 in a browser restarted on that same profile (the first warm run is the first
                 load served by the worker; V8 reuses the wasm code cache from the next one).
                 The engine's worker restores the Pyodide memory snapshot the first visit
                 stored (app/engine-worker.js); a cold visit boots Python normally.
"Interactive" is game-ready plus the engine's round trips for the clicks of one legal move
(a Zebra move is two clicks: the piece, then its target), each timed from the click event to
the page's "click-drawn" mark: when the move would be on the board had the player clicked the
moment the board was ready. Playwright's own delay before clicking is not counted.

The kinds are interleaved (A, B, C, ... A, B, C, ...) because this 2-core machine is noisy: the
medians and the ratios are what to compare between runs, not absolute times. Needs a built
site (`make site`), node_modules (npm ci) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

from playwright.sync_api import sync_playwright  # noqa: E402

from chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from serve import serve_in_thread  # noqa: E402

NPM_PYODIDE = REPOSITORY / "node_modules" / "pyodide"
NPM_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
DOWNLOAD_NOTE = "virus-games.runtime-downloaded"  # app/runtime-download.js
TIMEOUT_MS = 120_000


def site_with_bench_pages(workdir: Path, dist: Path | None = None) -> Path:
    """A site in ``workdir``: the built site (``dist``, default dist/, linked, never written
    into) plus the benchmark pages under /bench/ and the stock npm Pyodide under
    /bench/npm-pyodide/. The other benches add their data there."""
    if dist is None:
        dist = REPOSITORY / "dist"
        if not (dist / "build.json").is_file():
            sys.exit("error: no built site in dist/; run `make site` first")
    root = workdir / "site"
    root.mkdir()
    for entry in dist.iterdir():
        (root / entry.name).symlink_to(entry)
    shutil.copytree(REPOSITORY / "bench" / "pages", root / "bench")
    if (NPM_PYODIDE / "package.json").is_file():
        (root / "bench" / "npm-pyodide").mkdir()
        for name in NPM_FILES:
            (root / "bench" / "npm-pyodide" / name).symlink_to(NPM_PYODIDE / name)
    return root


MARKS = """() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {ready: mark('game-ready') ?? mark('pyodide-ready'), fcp: paint ? paint.startTime : null,
            engine: mark('engine-ready')};
}"""

# Records when each click happens (capture phase, before the page's own handler).
CLICK_CLOCK = """() => {
    window.benchClicks = [];
    document.addEventListener('click', () => window.benchClicks.push(performance.now()), true);
}"""

CLICK_STATE = """() => ({
    ply: JSON.parse(window.virusGames.status()).ply,
    targets: JSON.parse(window.virusGames.status()).targets,
    drawn: performance.getEntriesByName('click-drawn').map((mark) => [mark.startTime, mark.detail]),
    clicks: window.benchClicks,
})"""


def poll(page, script: str, predicate, *, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script)
        if predicate(value):
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"gave up waiting: {value}")
        page.wait_for_timeout(20)


def first_move(page) -> float:
    """Plays one legal move by clicks; returns the engine's round trips of those clicks (s)."""
    page.evaluate(CLICK_CLOCK)
    start = page.evaluate(CLICK_STATE)
    spent = 0.0
    for _ in range(6):  # a move is a few clicks at most (Zebra: two)
        before = page.evaluate(CLICK_STATE)
        page.locator(f'#board [data-cell="{before["targets"][0]}"]').click()
        after = poll(
            page,
            CLICK_STATE,
            lambda state, before=before: len(state["drawn"]) > len(before["drawn"]),
        )
        spent += (after["drawn"][-1][0] - after["clicks"][-1]) / 1000
        if after["ply"] > start["ply"]:
            return spent
    raise RuntimeError("no move was made in six clicks")


# The engine's worker stores its snapshot once it has been idle a while (app/engine-worker.js).
SNAPSHOT_STORED = """async () => {
    for (const name of await caches.keys()) {
        if (name.startsWith('virus-games-snapshot-') && (await (await caches.open(name)).keys()).length) return true;
    }
    return false;
}"""


class Browser:
    """A headless Chromium on its own profile directory (persistent: disk cache, service
    workers and storage survive a restart, as for a visitor)."""

    def __init__(self, playwright, profile: Path, init_script: str | None = None) -> None:
        self.context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM_PATH,
            args=list(CHROMIUM_ARGS),
            service_workers="allow",
        )
        if init_script:
            self.context.add_init_script(init_script)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.foreign: list[str] = []

    def visit(self, url: str, *, move: bool) -> dict:
        origin = "/".join(url.split("/", 3)[:3])
        self.context.on(
            "request",
            lambda request: (
                None
                if request.url.startswith((origin, "blob:", "data:"))
                else self.foreign.append(request.url)
            ),
        )
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
        timings: dict[str, Any] = {
            key: (value / 1000 if value is not None else None)
            for key, value in self.page.evaluate(MARKS).items()
        }
        if move:
            timings["interactive"] = timings["ready"] + first_move(self.page)
            timings["download"] = self.page.evaluate(
                "() => JSON.parse(window.virusGames.status()).download"
            )
            timings["boot"] = self.page.evaluate(
                "() => document.documentElement.dataset.engineBoot"
            )
            timings["steps"] = self.page.evaluate(
                "() => JSON.parse(window.virusGames.status()).bootSteps"
            )
        if self.foreign:
            sys.exit(f"error: requests left the site: {self.foreign}")
        return timings

    def wait_for_precache(self) -> int:
        """Waits until the service worker controls the page and its cache is complete, and the
        engine's worker has stored its memory snapshot."""
        poll(self.page, "() => navigator.serviceWorker.controller !== null", bool)
        poll(self.page, SNAPSHOT_STORED, bool)
        return self.page.evaluate("""async () => {
            const name = (await caches.keys()).find((key) => /^virus-games-[0-9a-f]+$/.test(key));
            return (await (await caches.open(name)).keys()).length;
        }""")

    def close(self) -> None:
        self.context.close()


# Clears the games the page keeps in this browser, so every warm visit starts the same new game.
FORGET_SAVED_GAMES = """for (const key of Object.keys(localStorage)) {
    if (key.startsWith('virus-games.saved')) localStorage.removeItem(key);
}"""


STEPS = (
    "worker",
    "started",
    "pyodideImported",
    "snapshotRead",
    "pyodideLoaded",
    "engineUnpacked",
    "reseeded",
    "engineImported",
    "snapshotMade",
    "ready",
)
"""The engine worker's start, in order (app/engine-worker.js)."""


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} s | {min(values):.2f}–{max(values):.2f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args(argv)
    if not (NPM_PYODIDE / "package.json").is_file():
        sys.exit("error: node_modules/pyodide is missing; run `npm ci` (make site does)")
    load_before = os.getloadavg()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        work = Path(temporary)
        if not (REPOSITORY / "dist" / "build.json").is_file():
            sys.exit("error: no built site in dist/; run `make site` first")
        dist = shutil.copytree(
            REPOSITORY / "dist", work / "dist"
        )  # a rebuild meanwhile changes nothing here
        server, base = serve_in_thread(site_with_bench_pages(work, dist))
        boot_files = json.loads((dist / "build.json").read_text())["bootFiles"]
        no_bar = f"localStorage.setItem({json.dumps(DOWNLOAD_NOTE)}, {json.dumps(' '.join(boot_files))});"
        profiles = iter(range(1_000_000))

        def fresh(init_script: str | None = None) -> Browser:
            return Browser(playwright, work / f"profile-{next(profiles)}", init_script)

        def once(url: str, *, move: bool = False, init_script: str | None = None) -> dict:
            browser = fresh(init_script)
            try:
                return browser.visit(url, move=move)
            finally:
                browser.close()

        # Warm the OS file cache once (not measured), then install the service worker in the
        # warm profile: one visit, wait for the precache, close the browser.
        once(f"{base}/bench/bare.html?runtime=npm")
        warm_profile = work / "profile-warm"
        setup = Browser(playwright, warm_profile, FORGET_SAVED_GAMES)
        setup.visit(f"{base}/zebra.html", move=False)
        precached = setup.wait_for_precache()
        setup.close()
        print(f"warm profile ready: {precached} files precached by the service worker", flush=True)

        results: dict[str, list[dict]] = {
            "npm": [],
            "site": [],
            "cold": [],
            "nobar": [],
            "warm": [],
        }
        for run in range(arguments.runs):
            results["npm"].append(once(f"{base}/bench/bare.html?runtime=npm"))
            results["cold"].append(once(f"{base}/zebra.html", move=True))
            warm_browser = Browser(playwright, warm_profile, FORGET_SAVED_GAMES)
            try:
                results["warm"].append(warm_browser.visit(f"{base}/zebra.html", move=True))
            finally:
                warm_browser.close()
            results["nobar"].append(once(f"{base}/zebra.html", move=True, init_script=no_bar))
            results["site"].append(once(f"{base}/bench/bare.html"))
            cold_run, warm_run = results["cold"][-1], results["warm"][-1]
            assert (
                cold_run["download"] == "downloaded"
                and results["nobar"][-1]["download"] == "cached"
            )
            assert warm_run["download"] == "service-worker" and warm_run["boot"] == "snapshot", (
                warm_run
            )
            assert cold_run["boot"] == "normal", cold_run
            print(
                f"run {run + 1}: bare npm {results['npm'][-1]['ready']:.2f} s, bare site {results['site'][-1]['ready']:.2f} s, "
                f"cold FCP {cold_run['fcp']:.2f} / ready {cold_run['ready']:.2f} / interactive {cold_run['interactive']:.2f} s, "
                f"cold without bar interactive {results['nobar'][-1]['interactive']:.2f} s, "
                f"warm ready {warm_run['ready']:.2f} / interactive {warm_run['interactive']:.2f} s",
                flush=True,
            )
        server.shutdown()
    load_after = os.getloadavg()

    def values(kind: str, key: str) -> list[float]:
        return [result[key] for result in results[kind]]

    npm = statistics.median(values("npm", "ready"))
    cold = statistics.median(values("cold", "interactive"))
    warm = statistics.median(values("warm", "interactive"))
    fcp = statistics.median(values("cold", "fcp"))
    print()
    print(
        f"{arguments.runs} interleaved runs, {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, "
        f"load average before {' '.join(f'{x:.2f}' for x in load_before)}, after {' '.join(f'{x:.2f}' for x in load_after)}, "
        f"{(time.monotonic() - started) / 60:.1f} min"
    )
    print()
    print("| measure | median | min–max |")
    print("|---|---|---|")
    print(
        f"| bare npm Pyodide boot (stock stdlib, no .pyc): Python answers | {summary(values('npm', 'ready'))} |"
    )
    print(f"| bare site Pyodide boot (.pyc stdlib) | {summary(values('site', 'ready'))} |")
    print(f"| cold visit: first paint (FCP, the board) | {summary(values('cold', 'fcp'))} |")
    print(f"| cold visit: engine answering in its worker | {summary(values('cold', 'engine'))} |")
    print(f"| cold visit: game drawn (game-ready) | {summary(values('cold', 'ready'))} |")
    print(
        f"| cold visit: interactive (first move drawn) | {summary(values('cold', 'interactive'))} |"
    )
    print(
        f"| cold visit without the download bar: interactive | {summary(values('nobar', 'interactive'))} |"
    )
    print(
        f"| cold visit without the download bar: first paint | {summary(values('nobar', 'fcp'))} |"
    )
    print(f"| warm visit (service worker): first paint | {summary(values('warm', 'fcp'))} |")
    print(f"| warm visit: engine answering | {summary(values('warm', 'engine'))} |")
    print(f"| warm visit: game drawn | {summary(values('warm', 'ready'))} |")
    print(f"| warm visit: interactive | {summary(values('warm', 'interactive'))} |")
    print()
    print(
        "Where the engine's start goes (app/engine-worker.js's steps, median s from navigation start):"
    )
    print()
    print("| step | cold (normal boot) | warm (snapshot) |")
    print("|---|---|---|")
    for step in STEPS:
        medians = []
        for kind in ("cold", "warm"):
            times = [
                result["steps"][step] / 1000 for result in results[kind] if step in result["steps"]
            ]
            medians.append(f"{statistics.median(times):.2f}" if times else "–")
        print(f"| {step} | {' | '.join(medians)} |")
    print()
    print("| ratio | value | target |")
    print("|---|---|---|")
    print(f"| cold interactive / bare npm | {cold / npm:.2f} | ≤ 0.80 |")
    print(f"| warm interactive / bare npm | {warm / npm:.2f} | ≤ 0.35 |")
    print(f"| first paint (cold) | {fcp:.2f} s | ≤ 0.50 s |")
    print(
        f"| download bar's cost (cold interactive, bar / no bar) | "
        f"{cold / statistics.median(values('nobar', 'interactive')):.2f} | ≈ 1 |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
