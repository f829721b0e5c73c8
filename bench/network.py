"""The network mode of bench/load.py (``--network``): cold first visits of the bare npm
Pyodide page and of every game page over a throttled link, with and without a phone-class CPU
(bench/load.py's docstring says what is measured and how)."""

from __future__ import annotations

import collections
import json
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

import visits  # bench/visits.py: the first move clicked at first paint
from load import GAME_PAGES, STEPS, Browser, site_with_bench_pages
from serve import serve_in_thread  # web/tools/serve.py (bench/load.py puts it on the path)

NETWORK = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 10e6 / 8,
    "uploadThroughput": 2e6 / 8,
}
PROFILES = {"network": 1, "network, CPU 4x slower": 4}  # name: CPU throttling rate


def spread(values: Sequence[float | None], unit: str = "") -> str:
    """Median and range of the values measured (None: not measured), or a dash."""
    known = [value for value in values if value is not None]
    if not known:
        return "–"
    return f"{statistics.median(known):.2f}{unit} ({min(known):.2f}–{max(known):.2f})"


def per_round(rows: list[dict], bare: list[dict], key: str) -> list[float]:
    """Each round's ``key`` over the same round's bare npm Pyodide boot."""
    return [row[key] / base["ready"] for row, base in zip(rows, bare, strict=True)]


# When the navigation's request went out, in the page's clock (CDP timestamps are the browser's).
FETCH_START = "() => performance.getEntriesByType('navigation')[0].fetchStart"


class Link:
    """A page's CDP session: the throttled link (and CPU, if asked), and the bytes the page
    and its workers receive, each response's time and size (Network.dataReceived and
    Network.loadingFinished; a worker's events arrive through Target.receivedMessageFromTarget,
    its session attached, paused, before it runs anything)."""

    def __init__(self, context, page, cpu_rate: int) -> None:
        self.cdp = context.new_cdp_session(page)
        self.navigation: float | None = None  # CDP time of the page's own request
        self.chunks: dict[tuple[str, str], list[tuple[float, int]]] = collections.defaultdict(list)
        self.finished: dict[tuple[str, str], tuple[float, int]] = {}
        self.urls: dict[tuple[str, str], str] = {}
        self.started: dict[tuple[str, str], float] = {}
        self.worker_message_id = 1_000_000
        self.cdp.on("Network.requestWillBeSent", lambda event: self.on_request("", event))
        self.cdp.on("Network.dataReceived", lambda event: self.on_data("", event))
        self.cdp.on("Network.loadingFinished", lambda event: self.on_finished("", event))
        self.cdp.on("Target.attachedToTarget", self.on_attached)
        self.cdp.on("Target.receivedMessageFromTarget", self.on_worker_message)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", NETWORK)
        if cpu_rate > 1:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_rate})
        self.cdp.send(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False},
        )

    def on_request(self, session: str, event: dict) -> None:
        self.urls[session, event["requestId"]] = event["request"]["url"]
        self.started[session, event["requestId"]] = event["timestamp"]
        if not session and self.navigation is None and event.get("type") == "Document":
            self.navigation = event["timestamp"]

    def on_data(self, session: str, event: dict) -> None:
        self.chunks[session, event["requestId"]].append(
            (event["timestamp"], event.get("encodedDataLength") or 0)
        )

    def on_finished(self, session: str, event: dict) -> None:
        self.finished[session, event["requestId"]] = (
            event["timestamp"],
            int(event["encodedDataLength"]),
        )

    def on_attached(self, event: dict) -> None:
        session = event["sessionId"]
        for method in ("Network.enable", "Runtime.runIfWaitingForDebugger"):
            self.worker_message_id += 1
            message: dict[str, Any] = {"id": self.worker_message_id, "method": method, "params": {}}
            self.cdp.send(
                "Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)}
            )

    def on_worker_message(self, event: dict) -> None:
        message = json.loads(event["message"])
        handler = {
            "Network.requestWillBeSent": self.on_request,
            "Network.dataReceived": self.on_data,
            "Network.loadingFinished": self.on_finished,
        }.get(message.get("method", ""))
        if handler:
            handler(event["sessionId"], message["params"])

    def timeline(self, fetch_start: float) -> dict[str, tuple[float, float]]:
        """When each URL's (first) request went out and its response was complete, in s
        since the page's time origin."""
        if self.navigation is None:
            return {}
        origin = self.navigation - fetch_start
        times: dict[str, tuple[float, float]] = {}
        for key, started in self.started.items():
            url = self.urls[key].split("/", 3)[-1]
            done = self.finished.get(key, (float("nan"), 0))[0]
            if url not in times:
                times[url] = (started - origin, done - origin)
        return times

    def received_before(self, page_time: float, fetch_start: float) -> dict[str, int]:
        """Bytes received (headers and bodies as they came over the wire) by ``page_time`` (s
        since the page's time origin), per URL; a URL requested twice is counted twice."""
        if self.navigation is None:
            raise RuntimeError("the page's navigation was not seen")
        deadline = self.navigation + page_time - fetch_start
        received: dict[str, int] = collections.Counter()
        for key in set(self.chunks) | set(self.finished):
            done = self.finished.get(key)
            url = self.urls.get(key, "?").split("/", 3)[-1]
            if done is not None and done[0] <= deadline:
                received[url] += done[1]
            else:
                received[url] += sum(
                    size for at, size in self.chunks.get(key, []) if at <= deadline
                )
        return received


def network_visit(
    playwright, profile: Path, url: str, cpu_rate: int, *, game: bool, book: list[str] | None
) -> dict:
    """A cold first visit over the throttled link; ``book``: the first move's requests from
    the site's opening book (None: no book)."""
    browser = Browser(playwright, profile)
    try:
        link = Link(browser.context, browser.page, cpu_rate)
        timings = browser.visit(url, move=game, book=book)
        if game and timings["boot"] != "normal":
            raise RuntimeError(f"a first visit booted from {timings['boot']}")
        if not game:
            timings["measured"] = timings["first_measured"] = "Python answers"
            timings["interactive"] = timings["first_move"] = timings["ready"]
        fetch_start = browser.page.evaluate(FETCH_START) / 1000
        timings["files"] = link.received_before(timings["first_move"], fetch_start)
        timings["timeline"] = link.timeline(fetch_start)
        timings["bytes"] = sum(timings["files"].values())
        timings["responses"] = len([size for size in timings["files"].values() if size])
        interactive = link.received_before(timings["interactive"], fetch_start)
        timings["bytes_interactive"] = sum(interactive.values())
        return timings
    finally:
        browser.close()


def network_main(site: Path, runs: int, compression: str, compare: Path | None = None) -> int:
    load_before = os.getloadavg()
    started = time.monotonic()
    pages = {"bare npm Pyodide": "bench/bare.html?runtime=npm"} | {
        name: f"{name}.html" for name in GAME_PAGES
    }
    books = {name: visits.site_requests(site, name) for name in GAME_PAGES}
    if compare is not None:  # served under /compare/
        pages[f"zebra of {compare}"] = "compare/zebra.html"
        books[f"zebra of {compare}"] = visits.site_requests(compare, "zebra")
    for name, book in books.items():
        print(f"{name}: first move {'from the engine (no book)' if book is None else book}")
    results: dict[tuple[str, str], list[dict]] = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        work = Path(temporary)
        dist = shutil.copytree(site, work / "dist")
        root = site_with_bench_pages(work, dist)
        if compare is not None:
            shutil.copytree(compare, root / "compare")
        server, base = serve_in_thread(root, compress=compression)
        profiles = iter(range(1_000_000))
        # Warm the OS file cache and the server's gzip cache once (not measured).
        for name, path in pages.items():
            network_visit(
                playwright,
                work / f"profile-{next(profiles)}",
                f"{base}/{path}",
                1,
                game=not path.startswith("bench/"),
                book=books.get(name),
            )
        for run in range(runs):
            line = []
            for profile, rate in PROFILES.items():
                for name, path in pages.items():
                    for attempt in (1, 2):
                        try:
                            result = network_visit(
                                playwright,
                                work / f"profile-{next(profiles)}",
                                f"{base}/{path}",
                                rate,
                                game=not path.startswith("bench/"),
                                book=books.get(name),
                            )
                            break
                        except (TimeoutError, PlaywrightTimeoutError) as error:  # said, tried again
                            print(f"run {run + 1}, {profile}, {name}: {error}", flush=True)
                            if attempt == 2:
                                raise
                    results[profile, name].append(result)
                    line.append(
                        f"{name} {result['bytes'] / 1e6:.2f} MB first move "
                        f"{result['first_move']:.2f} s interactive {result['interactive']:.2f} s"
                    )
            print(f"run {run + 1}: {'; '.join(line)}", flush=True)
        server.shutdown()
    load_after = os.getloadavg()
    print()
    print(
        f"{runs} interleaved runs, {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, "
        f"load average before {' '.join(f'{x:.2f}' for x in load_before)}, after "
        f"{' '.join(f'{x:.2f}' for x in load_after)}, {(time.monotonic() - started) / 60:.1f} min; "
        f"cold first visits over a {NETWORK['downloadThroughput'] * 8 / 1e6:g} Mbit/s down, "
        f"{NETWORK['uploadThroughput'] * 8 / 1e6:g} Mbit/s up, {NETWORK['latency']} ms link, "
        + ("gzip" if compression == "gzip" else "brotli (quality 5)")
        + " as the host compresses"
    )
    for profile in PROFILES:
        bare = results[profile, "bare npm Pyodide"]
        print()
        print(f"**{profile}** (median, min–max)")
        print()
        print(
            "| page | bytes before first move | files | first paint | first move "
            "| first move / bare npm (per round) | first move means |"
        )
        print("|---|---|---|---|---|---|---|")
        for name in pages:
            rows = results[profile, name]
            print(
                f"| {name} | {spread([row['bytes'] / 1e6 for row in rows], ' MB')} "
                f"| {statistics.median(row['responses'] for row in rows):.0f} "
                f"| {spread([row['fcp'] for row in rows], ' s')} "
                f"| {spread([row['first_move'] for row in rows], ' s')} "
                f"| {spread(per_round(rows, bare, 'first_move'))} | {rows[0]['first_measured']} |"
            )
        print()
        print(
            "| page | engine ready | game ready | interactive | interactive / bare npm "
            "(per round) | bytes before interactive | interactive means |"
        )
        print("|---|---|---|---|---|---|---|")
        for name in pages:
            rows = results[profile, name]
            print(
                f"| {name} | {spread([row['engine'] for row in rows], ' s')} "
                f"| {spread([row['ready'] for row in rows], ' s')} "
                f"| {spread([row['interactive'] for row in rows], ' s')} "
                f"| {spread(per_round(rows, bare, 'interactive'))} "
                f"| {spread([row['bytes_interactive'] / 1e6 for row in rows], ' MB')} "
                f"| {rows[0]['measured']} |"
            )
    print()
    print("The issue's goals, cold first visits (medians; ✓ met, ✗ not):")
    print()
    print("| page, profile | first move ≤ 1.2 s | first move / bare npm ≤ 0.17 | bytes ≤ 0.6 MB |")
    print("|---|---|---|---|")
    for profile in PROFILES:
        for name in ("zebra", "virus-war"):
            rows = results[profile, name]
            bare = results[profile, "bare npm Pyodide"]
            goals = (
                (statistics.median(row["first_move"] for row in rows), 1.2, " s"),
                (statistics.median(per_round(rows, bare, "first_move")), 0.17, ""),
                (statistics.median(row["bytes"] / 1e6 for row in rows), 0.6, " MB"),
            )
            print(
                f"| {name}, {profile} | "
                + " | ".join(
                    f"{value:.2f}{unit} {'✓' if value <= goal else '✗'}"
                    for value, goal, unit in goals
                )
                + " |"
            )
    print()
    print("What the Zebra page received before its first move (network profile, first run):")
    print()
    print("| file | kB | requested at (s) | complete at (s) |")
    print("|---|---|---|---|")
    first = results["network", "zebra"][0]
    for url, size in sorted(first["files"].items(), key=lambda item: -item[1]):
        if size:
            started, done = first["timeline"].get(url, (float("nan"), float("nan")))
            print(f"| {url} | {size / 1e3:.1f} | {started:.2f} | {done:.2f} |")
    print()
    print("The Zebra page's engine start (app/engine-worker.js's steps, median s from navigation):")
    print()
    print(f"| step | {' | '.join(PROFILES)} |")
    print(f"|---|{'---|' * len(PROFILES)}")
    for step in STEPS:
        medians = []
        for profile in PROFILES:
            times = [
                row["steps"][step] / 1000
                for row in results[profile, "zebra"]
                if step in (row.get("steps") or {})
            ]
            medians.append(f"{statistics.median(times):.2f}" if times else "–")
        print(f"| {step} | {' | '.join(medians)} |")
    return 0
