"""This build against another one, in one interleaved run: start-up and the page's thread in play.

    python bench/builds.py --baseline DIR [--site DIR] [--rounds 7] [--only startup|play]

Serves the built site (--site, default dist/) and the baseline build (DIR, for example the
build of an earlier commit) side by side. Two measures, each interleaved round by round (the
order of the builds alternates), so that the machine's load falls on both alike:

* startup: per round, a cold visit of zebra.html for each build (a fresh on-disk profile) and a
  warm one (the profile of a first visit: service worker precached, memory snapshot stored),
  as bench/load.py makes them: first contentful paint, the first move (clicked from first
  paint on, from the build's opening book; a build without one makes it once the game is
  drawn, bench/visits.py), the engine ready ("engine-ready" mark), the game drawn by the
  engine ("game-ready") and "interactive" (game drawn plus the engine's round trips of one
  Zebra move's clicks). Prints the medians and ranges, and the median and range of the
  per-round ratio this build / baseline (the engine's ratios: is the engine interactive no
  later than on the baseline?).
* play: per round (at most PLAY_ROUNDS, the order alternating), two computers (random
  players, ``?fast=1``) play Zebra 6x6 on each build, and on this build once more with
  ``prefers-reduced-motion``: the page thread's task time per move (Chromium's
  Performance.getMetrics TaskDuration over 24 moves; it includes this script's status reads,
  alike for all), the long tasks (over 50 ms) seen meanwhile, and the per-round ratio this
  build / baseline.

Needs a built site (`make site`), node_modules (npm ci) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPOSITORY = BENCH.parent
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))
sys.path.insert(0, str(BENCH))

from playwright.sync_api import sync_playwright  # noqa: E402

import load  # noqa: E402  # bench/load.py: its Browser and visits
import visits  # noqa: E402  # bench/visits.py: the first move from the opening book
from chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from serve import serve_in_thread  # noqa: E402

MOVES = 24
PLAY_ROUNDS = 8  # at most, of the play measure (each round plays three games)
LONG_TASKS = """() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
    }).observe({ type: "longtask" });
}"""
STATUS = "() => JSON.parse(window.virusGames.status())"
SEND = "(request) => window.virusGames.send(request)"


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


# What the startup measure reports: (visit, timing key) -> label
STARTUP = {
    ("cold", "fcp"): "cold: first paint",
    ("cold", "first_move"): "cold: first move",
    ("cold", "engine"): "cold: engine ready",
    ("cold", "ready"): "cold: game ready",
    ("cold", "interactive"): "cold: interactive",
    ("warm", "first_move"): "warm: first move",
    ("warm", "engine"): "warm: engine ready",
    ("warm", "ready"): "warm: game ready",
    ("warm", "interactive"): "warm: interactive",
}


def startup(
    playwright, urls: dict[str, str], books: dict[str, list[str] | None], rounds: int, work: Path
) -> None:
    found: dict[tuple[str, tuple[str, str]], list[float]] = {
        (build, kind): [] for build in urls for kind in STARTUP
    }
    for build, book in books.items():
        print(f"{build}: first move {'from the engine (no book)' if book is None else book}")
    warm = {}
    for build, url in urls.items():  # a first visit each: precached, snapshot stored
        warm[build] = work / f"warm-{build}"
        browser = load.Browser(playwright, warm[build])
        browser.visit(url, move=False)
        browser.wait_for_precache()
        browser.close()
    for number in range(rounds):
        order = list(urls) if number % 2 == 0 else list(reversed(urls))
        for build in order:
            browser = load.Browser(playwright, work / f"cold-{build}-{number}")
            timings = browser.visit(urls[build], move=True, book=books[build])
            browser.close()
            for visit, key in STARTUP:
                if visit == "cold":
                    found[(build, (visit, key))].append(timings[key])
        for build in order:
            browser = load.Browser(playwright, warm[build], init_script=load.FORGET_SAVED_GAMES)
            timings = browser.visit(urls[build], move=True, book=books[build])
            browser.close()
            for visit, key in STARTUP:
                if visit == "warm":
                    found[(build, (visit, key))].append(timings[key])
        for build in urls:
            print(
                f"round {number + 1}, {build}: "
                + ", ".join(
                    f"{STARTUP[kind]} {found[(build, kind)][-1]:.2f} s" for kind in STARTUP
                ),
                flush=True,
            )
    print("\n| startup (s) | baseline | this build | this build / baseline, per round |")
    print("|---|---|---|---|")
    for kind, label in STARTUP.items():
        base, this = found[("baseline", kind)], found[("this", kind)]
        ratios = [mine / theirs for theirs, mine in zip(base, this, strict=True)]
        print(f"| {label} | {spread(base)} | {spread(this)} | {spread(ratios)} |")


def play(playwright, urls: dict[str, str], rounds: int) -> None:
    kinds = {
        "baseline": urls["baseline"],
        "this": urls["this"],
        "this, reduced motion": urls["this"],
    }
    per_move: dict[str, list[float]] = {kind: [] for kind in kinds}
    longest: dict[str, list[int]] = {kind: [] for kind in kinds}
    browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS))
    for number in range(rounds):
        order = list(kinds.items())
        if number % 2:  # the builds' order alternates round by round
            order.reverse()
        for kind, url in order:
            context = browser.new_context(
                service_workers="block", viewport={"width": 1200, "height": 900}
            )
            # window.virusGames, the page's test hook (glue/dom/runtime.py test_hooks_wanted)
            context.add_init_script("window.virusGamesTestHooks = true;")
            page = context.new_page()
            if "reduced" in kind:
                page.emulate_media(reduced_motion="reduce")
            session = context.new_cdp_session(page)
            session.send("Performance.enable")
            page.goto(url + "?fast=1")
            page.wait_for_selector(
                "body[data-ready=true]", state="attached", timeout=load.TIMEOUT_MS
            )
            request = {"op": "new", "game": "zebra", "options": {"size": 6}}
            page.evaluate(SEND, {**request, "seats": ["human", "human"]})
            saved = page.evaluate(STATUS)["saved"]
            page.evaluate(LONG_TASKS)
            before = task_seconds(session)
            page.evaluate(
                SEND,
                {
                    "op": "restore",
                    "game": "zebra",
                    "match": {**saved, "seats": ["random", "random"]},
                },
            )
            deadline = time.monotonic() + 60
            current = page.evaluate(STATUS)
            while current["ply"] < MOVES and not current["over"] and time.monotonic() < deadline:
                time.sleep(0.25)
                current = page.evaluate(STATUS)
            time.sleep(0.5)  # the last motion's frames
            moves = max(1, current["ply"])
            per_move[kind].append((task_seconds(session) - before) * 1000 / moves)
            longest[kind].append(max(page.evaluate("() => window.longTasks"), default=0))
            context.close()
        print(
            f"round {number + 1}: "
            + ", ".join(f"{kind} {values[-1]:.1f} ms/move" for kind, values in per_move.items()),
            flush=True,
        )
    browser.close()
    print("\n| play: two computers, Zebra 6×6 | task time per move (ms) | longest task (ms) |")
    print("|---|---|---|")
    for kind in kinds:
        print(f"| {kind} | {spread(per_move[kind])} | {max(longest[kind])} |")
    ratios = [
        this / base for this, base in zip(per_move["this"], per_move["baseline"], strict=True)
    ]
    print(f"\nthis build / baseline, task time per move, per round: {spread(ratios)}")


def task_seconds(session) -> float:
    metrics = session.send("Performance.getMetrics")["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "TaskDuration")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="another build's dist/")
    parser.add_argument(
        "--site", type=Path, default=REPOSITORY / "dist", help="this build (default dist/)"
    )
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", choices=("startup", "play"))
    arguments = parser.parse_args(argv)
    builds = {"baseline": arguments.baseline, "this": arguments.site}
    for root in builds.values():
        if not (root / "build.json").is_file():
            sys.exit(f"error: no built site in {root}")
    servers = []
    urls = {}
    for build, root in builds.items():
        server, _ = serve_in_thread(root)
        servers.append(server)
        host, port = server.server_address[:2]
        urls[build] = f"http://{host}:{port}/zebra.html"  # type: ignore[str-bytes-safe]
    load_before = os.getloadavg()
    try:
        with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
            if arguments.only in (None, "startup"):
                books = {
                    build: visits.site_requests(root, "zebra") for build, root in builds.items()
                }
                startup(playwright, urls, books, arguments.rounds, Path(work))
            if arguments.only in (None, "play"):
                play(playwright, urls, min(arguments.rounds, PLAY_ROUNDS))
    finally:
        for server in servers:
            server.shutdown()
    print(
        f"\nload average before {load_before}, after {os.getloadavg()}, {time.strftime('%Y-%m-%d %H:%M')}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
