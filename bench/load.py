"""Load-time benchmark: the Zebra page against a bare Pyodide boot, in one run.

    python bench/load.py [--runs N]

Each run opens a fresh browser context (empty HTTP cache) and measures, from navigation start:
  * page  - dist/zebra.html until the first game view is drawn by the engine (its performance
            mark "game-ready"); also its first contentful paint (the pre-rendered board) and
            when the engine first answered in its worker ("engine-ready");
  * bare  - a page that only boots the same Pyodide (bench/pages/bare.html, mark
            "pyodide-ready").
The two are interleaved (page, bare, page, bare, ...) because this 2-core machine is noisy;
the medians and the page/bare ratio are what to compare between runs, not absolute times.
Needs a built site (`make site`) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

from chromium import launch  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import serve_in_thread  # noqa: E402


def site_with_bench_pages(workdir: Path, dist: Path | None = None) -> Path:
    """A site in ``workdir``: the built site (``dist``, default dist/, linked, never written
    into) plus the benchmark pages under /bench/. The other benches add their data there."""
    if dist is None:
        dist = REPOSITORY / "dist"
        if not (dist / "build.json").is_file():
            sys.exit("error: no built site in dist/; run `make site` first")
    root = workdir / "site"
    root.mkdir()
    for entry in dist.iterdir():
        (root / entry.name).symlink_to(entry)
    shutil.copytree(REPOSITORY / "bench" / "pages", root / "bench")
    return root


def measure(browser, url: str) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    foreign: list[str] = []
    origin = url.split("/", 3)[:3]
    page.context.on("request", lambda r: None if r.url.startswith(("/".join(origin), "blob:", "data:")) else foreign.append(r.url))
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
    timings = page.evaluate("""() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        // Marks set by the pages themselves: the time Playwright notices body[data-ready] is
        // later (its polling slows down to 500 ms intervals), so it is not what we report.
        const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
        return {ready: mark('game-ready') ?? mark('pyodide-ready'), fcp: paint ? paint.startTime : null,
                engine: mark('engine-ready')};
    }""")
    context.close()
    if foreign:
        sys.exit(f"error: requests left the site: {foreign}")
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        server, base = serve_in_thread(site_with_bench_pages(Path(work)))
        browser = launch(playwright)
        measure(browser, f"{base}/bench/bare.html")  # warm the OS file cache once, not measured
        page_ready, page_fcp, page_engine, bare_ready = [], [], [], []
        for run in range(arguments.runs):
            page = measure(browser, f"{base}/zebra.html")
            bare = measure(browser, f"{base}/bench/bare.html")
            page_ready.append(page["ready"] / 1000)
            page_fcp.append(page["fcp"] / 1000)
            page_engine.append(page["engine"] / 1000)
            bare_ready.append(bare["ready"] / 1000)
            if page["ready"] is None or bare["ready"] is None:
                sys.exit("error: a page did not set its ready mark")
            print(f"run {run + 1}: page ready {page_ready[-1]:.2f} s (board painted {page_fcp[-1]:.2f} s, "
                  f"engine answering {page_engine[-1]:.2f} s), "
                  f"bare Pyodide {bare_ready[-1]:.2f} s", flush=True)
        browser.close()
        server.shutdown()
    page_median, bare_median = statistics.median(page_ready), statistics.median(bare_ready)
    print()
    print(f"| measure ({arguments.runs} cold runs, {time.strftime('%Y-%m-%d')}) | median | min–max |")
    print("|---|---|---|")
    print(f"| Zebra page: board painted (FCP) | {statistics.median(page_fcp):.2f} s | {min(page_fcp):.2f}–{max(page_fcp):.2f} s |")
    print(f"| Zebra page: engine answering in its worker | {statistics.median(page_engine):.2f} s | {min(page_engine):.2f}–{max(page_engine):.2f} s |")
    print(f"| Zebra page: engine ready, game drawn | {page_median:.2f} s | {min(page_ready):.2f}–{max(page_ready):.2f} s |")
    print(f"| bare Pyodide boot | {bare_median:.2f} s | {min(bare_ready):.2f}–{max(bare_ready):.2f} s |")
    print(f"| ratio page / bare | {page_median / bare_median:.2f} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
