"""Load-time benchmark of record: cold and warm visits of the Zebra page (or another game page,
--page) against Pyodide as npm ships it, in one interleaved run; with --network, cold first
visits of every game page over a throttled link.

    python bench/load.py [--runs N] [--site DIR] [--page zebra|virus-war|virus-fight|fight-the-virus]
    python bench/load.py --network [--runs N] [--site DIR] [--compression br|gzip] [--compare DIR]

Each round measures, every load in its own browser profile unless said otherwise, times from
navigation start (the pages' own performance marks, not the moment Playwright notices them):
  * bare npm   - bench/bare.html?runtime=npm: `loadPyodide()` of the stock npm files
                 (/bench/npm-pyodide/: python_stdlib.zip without our .pyc) until Python
                 answers. The baseline of the ratios.
  * bare site  - bench/bare.html: the same with the site's own Pyodide (.pyc stdlib).
  * cold       - a first visit of zebra.html (fresh on-disk profile: empty HTTP cache, no
                 service worker; the download bar shows): first contentful paint (the
                 pre-rendered board), first move (below), engine answering ("engine-ready"),
                 game drawn by the engine ("game-ready") and interactive (below).
  * cold, no bar - the same with the download bar switched off (its localStorage note set
                 beforehand), to show what the bar costs.
  * warm       - a visit with the service worker installed and precached by an earlier visit,
                 in a browser restarted on that same profile (the first warm run is the first
                 load served by the worker; V8 reuses the wasm code cache from the next one).
                 The engine's worker restores the Pyodide memory snapshot the first visit
                 stored (app/engine-worker.js); a cold visit boots Python normally.
"First move" is when a person who clicks at once sees the first move drawn (bench/visits.py):
the visit waits for the first contentful paint, then clicks the first move's clicks taken from
the site's opening book (app/openings/, bench/visits.py; a Zebra move is two clicks: the piece, then
its target), each once the previous click's reply is drawn; the time is the page's first
"click-drawn" mark with a ply count >= 1. Virus Fight's first decision is its program: its
figure is the first view drawn ("game-shown"). A site without a book (a build before it) makes
the first move from the engine's view (its targets) once the game is drawn: its first move is
its interactive time.
"Interactive" is game-ready plus the engine's round trips for the clicks of one legal move
(after a first move from the book: the next one), each timed from the click event to the
page's "click-drawn" mark: when the move would be on the board had the player clicked the
moment the engine's game was ready. Playwright's own delay before clicking is not counted.

The kinds are interleaved (A, B, C, ... A, B, C, ...) because this 2-core machine is noisy: the
medians and the ratios are what to compare between runs, not absolute times. Needs a built
site (`make site`), node_modules (npm ci) and Debian's chromium.

Network mode (--network): the server compresses as the production host does (web/tools/serve.py:
text, JavaScript, JSON, SVG and wasm; brotli by default, which the host serves a browser that
accepts it, as Chromium does; --compression gzip for what an older browser gets) and Chromium's network emulation throttles every
load to a 10 Mbit/s down, 2 Mbit/s up link with 40 ms latency (CDP
Network.emulateNetworkConditions on the page; measured here, the page's dedicated workers share
that same throttled link: Chromium refuses the command on a worker's own session). Each round
makes a cold first visit of the bare npm Pyodide page and of every game page, once with that
link alone and once also with a phone-class CPU (CDP Emulation.setCPUThrottlingRate 4, which
Chromium applies to the page's thread only: "only supported for pages, not workers", so the
engine's worker runs at full speed while the bare page's Pyodide, on its page thread, is slowed).
It prints, per page: the bytes received before the first move (page and workers: the
workers' Network events come from sessions attached with Target.setAutoAttach), the responses
received by then, first paint, first move, first move / bare npm of the same round, engine
ready, game ready, interactive, interactive / bare npm and the bytes received before
interactive. For the bare page, first move and
interactive are Python answering; for game pages, "interactive" is the game drawn plus the
engine's round trips of one legal move's clicks where the page opens on a move to click (Zebra,
Virus War), else the game drawn. Then the issue's goals against this run's medians.
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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

from playwright.sync_api import sync_playwright  # noqa: E402

import visits  # noqa: E402  # bench/visits.py: the first move clicked at first paint
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


def bench_page(browser: Any, echo: Any = None) -> tuple[Any, list[str]]:
    """A new page of ``browser`` whose uncaught errors are collected (the list returned) and
    whose console errors and warnings are printed, with any other line ``echo(text)`` accepts."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def console(message: Any) -> None:
        if message.type in ("error", "warning") or (echo is not None and echo(message.text)):
            print(f"  [browser] {message.text}", flush=True)

    page.on("console", console)
    return page, errors


MARKS = """() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {ready: mark('game-ready') ?? mark('pyodide-ready'), fcp: paint ? paint.startTime : null,
            engine: mark('engine-ready'), shown: mark('game-shown')};
}"""

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
        # window.virusGames, the page's test hook (glue/dom/runtime.py test_hooks_wanted)
        self.context.add_init_script("window.virusGamesTestHooks = true;")
        if init_script:
            self.context.add_init_script(init_script)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.foreign: list[str] = []

    def visit(self, url: str, *, move: bool, book: list[str] | None = None) -> dict:
        """Times a visit of ``url``; with ``move`` (a game page) also its first move and its
        interactive time. With ``book`` (the first move's requests from the site's opening
        book) the first move is clicked from first paint on (visits.book_first_move) and
        interactive is the game drawn plus the engine's round trips of the next move; without
        (no book), both come from one move clicked once the game is drawn
        (visits.first_interaction)."""
        origin = "/".join(url.split("/", 3)[:3])
        self.context.on(
            "request",
            lambda request: (
                None
                if request.url.startswith((origin, "blob:", "data:"))
                else self.foreign.append(request.url)
            ),
        )
        self.page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        early = None
        if move and book is not None:
            early = visits.book_first_move(self.page, book, TIMEOUT_MS)
        self.page.wait_for_selector("body[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
        timings: dict[str, Any] = {
            key: (value / 1000 if value is not None else None)
            for key, value in self.page.evaluate(MARKS).items()
        }
        if move:
            spent, measured = visits.first_interaction(self.page)
            timings["interactive"] = timings["ready"] + spent
            if early is not None and measured == "a move":
                measured = "the next move"  # the first one came from the book
            timings["measured"] = measured
            # no book: the move clicked once the game was drawn, timed as interactive is
            timings["first_move"], timings["first_measured"] = early or (
                timings["interactive"],
                f"{measured}{' once the game is drawn' if measured == 'a move' else ''} (no book)",
            )
            timings["drawn"] = [at / 1000 for at, _ in self.page.evaluate(visits.DRAWN)]
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
        visits.poll(self.page, "() => navigator.serviceWorker.controller !== null", bool)
        visits.poll(self.page, SNAPSHOT_STORED, bool)
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


def summary(values: Sequence[float | None]) -> str:
    known = [value for value in values if value is not None]  # None: no such mark
    if not known:
        return "– | –"
    return f"{statistics.median(known):.2f} s | {min(known):.2f}–{max(known):.2f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--site", type=Path, default=REPOSITORY / "dist", help="a built site (default dist/)"
    )
    parser.add_argument(
        "--network", action="store_true", help="cold visits of every game page over a slow link"
    )
    parser.add_argument(
        "--compare",
        type=Path,
        help="--network: another build whose Zebra page is measured in the same rounds",
    )
    parser.add_argument(
        "--compression",
        choices=("gzip", "br"),
        default="br",
        help="how the server compresses in --network mode (br, the default: brotli, which the "
        "host serves a browser that accepts it, as Chromium does; gzip: for older browsers)",
    )
    parser.add_argument(
        "--page",
        choices=GAME_PAGES,
        default="zebra",
        help="the game page of the localhost visits (default zebra, the page of record; where "
        "the page does not open on a move to click, interactive is the game drawn)",
    )
    arguments = parser.parse_args(argv)
    if not (NPM_PYODIDE / "package.json").is_file():
        sys.exit("error: node_modules/pyodide is missing; run `npm ci` (make site does)")
    if not (arguments.site / "build.json").is_file():
        sys.exit(f"error: no built site in {arguments.site}; run `make site` first")
    if arguments.network:
        from network import network_main  # bench/network.py

        return network_main(
            arguments.site, arguments.runs, arguments.compression, arguments.compare
        )
    load_before = os.getloadavg()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        work = Path(temporary)
        # a copy: a rebuild meanwhile changes nothing here
        dist = shutil.copytree(arguments.site, work / "dist")
        server, base = serve_in_thread(site_with_bench_pages(work, dist), compress=None)
        boot_files = json.loads((dist / "build.json").read_text())["bootFiles"]
        game_url = f"{arguments.page}.html"
        boot_files = boot_files.get(
            arguments.page, boot_files
        )  # per game since the worker's own files
        no_bar = f"localStorage.setItem({json.dumps(DOWNLOAD_NOTE)}, {json.dumps(' '.join(boot_files))});"
        book = visits.site_requests(dist, arguments.page)  # the first move's (None: no book)
        print(f"first move: {'no opening book' if book is None else book}", flush=True)
        profiles = iter(range(1_000_000))

        def fresh(init_script: str | None = None) -> Browser:
            return Browser(playwright, work / f"profile-{next(profiles)}", init_script)

        def once(url: str, *, move: bool = False, init_script: str | None = None) -> dict:
            browser = fresh(init_script)
            try:
                return browser.visit(url, move=move, book=book)
            finally:
                browser.close()

        # Warm the OS file cache once (not measured), then install the service worker in the
        # warm profile: one visit, wait for the precache, close the browser.
        once(f"{base}/bench/bare.html?runtime=npm")
        warm_profile = work / "profile-warm"
        setup = Browser(playwright, warm_profile, FORGET_SAVED_GAMES)
        setup.visit(f"{base}/{game_url}", move=False)
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
            results["cold"].append(once(f"{base}/{game_url}", move=True))
            warm_browser = Browser(playwright, warm_profile, FORGET_SAVED_GAMES)
            try:
                results["warm"].append(
                    warm_browser.visit(f"{base}/{game_url}", move=True, book=book)
                )
            finally:
                warm_browser.close()
            results["nobar"].append(once(f"{base}/{game_url}", move=True, init_script=no_bar))
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
                f"cold FCP {cold_run['fcp']:.2f} / first move {cold_run['first_move']:.2f} / ready {cold_run['ready']:.2f} / interactive {cold_run['interactive']:.2f} s, "
                f"cold without bar interactive {results['nobar'][-1]['interactive']:.2f} s, "
                f"warm first move {warm_run['first_move']:.2f} / ready {warm_run['ready']:.2f} / interactive {warm_run['interactive']:.2f} s; "
                f"clicks drawn at: cold {' '.join(f'{at:.2f}' for at in cold_run['drawn'])}, "
                f"warm {' '.join(f'{at:.2f}' for at in warm_run['drawn'])} s",
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
    cold_first = statistics.median(values("cold", "first_move"))
    warm_first = statistics.median(values("warm", "first_move"))
    first_means = results["cold"][0]["first_measured"]
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
    print(
        f"| cold visit: first move, clicked from first paint on ({first_means}) "
        f"| {summary(values('cold', 'first_move'))} |"
    )
    print(f"| cold visit: first view drawn (game-shown) | {summary(values('cold', 'shown'))} |")
    print(f"| cold visit: engine answering in its worker | {summary(values('cold', 'engine'))} |")
    print(f"| cold visit: game drawn (game-ready) | {summary(values('cold', 'ready'))} |")
    print(
        f"| cold visit: interactive (game drawn + the engine's round trips of {results['cold'][0]['measured']}) "
        f"| {summary(values('cold', 'interactive'))} |"
    )
    print(
        f"| cold visit without the download bar: interactive | {summary(values('nobar', 'interactive'))} |"
    )
    print(
        f"| cold visit without the download bar: first paint | {summary(values('nobar', 'fcp'))} |"
    )
    print(
        f"| cold visit without the download bar: first move | {summary(values('nobar', 'first_move'))} |"
    )
    print(f"| warm visit (service worker): first paint | {summary(values('warm', 'fcp'))} |")
    print(f"| warm visit: first view drawn | {summary(values('warm', 'shown'))} |")
    print(f"| warm visit: first move | {summary(values('warm', 'first_move'))} |")
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
    print(f"| cold first move | {cold_first:.2f} s | ≤ 1.2 s on the emulated link (--network) |")
    print(f"| cold first move / bare npm | {cold_first / npm:.2f} | ≤ 0.17 on the emulated link |")
    print(f"| warm first move | {warm_first:.2f} s | ≤ 0.50 s |")
    print(f"| warm first move / bare npm | {warm_first / npm:.2f} | – |")
    print(
        f"| download bar's cost (cold interactive, bar / no bar) | "
        f"{cold / statistics.median(values('nobar', 'interactive')):.2f} | ≈ 1 |"
    )
    return 0


# The link of a player on a first visit: 10 Mbit/s down, 2 Mbit/s up, 40 ms latency.


GAME_PAGES = ("zebra", "virus-war", "virus-fight", "fight-the-virus")


if __name__ == "__main__":
    sys.exit(main())
