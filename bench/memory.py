"""Memory of a game page, this build against another one, in one interleaved run.

    python bench/memory.py --baseline DIR [--rounds 5] [--page zebra.html]

Serves the built site (dist/) and the baseline build (DIR, for example the build of an earlier
commit) side by side and loads the page from each in turn, every load in a fresh browser
context: it waits for the engine's first view (body[data-ready]), plays one legal move by its
clicks, waits a second and sums the PSS (proportional set size, /proc/<pid>/smaps_rollup) of
every Chromium process, minus the same sum taken just before the navigation. Prints the median
and the range for each build and the difference of the medians (this build minus the baseline).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from serve import serve_in_thread  # noqa: E402
from shapes import pss_mib  # noqa: E402

FIRST_MOVE = ("c2", "d2")  # a legal first move on the default Zebra board


def measure(browser, url: str) -> float:
    context = browser.new_context(service_workers="block")
    try:
        time.sleep(0.5)  # let the previous context's processes go
        baseline = pss_mib()
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
        for cell in FIRST_MOVE:
            page.locator(f'#board [data-cell="{cell}"]').click()
        page.wait_for_function(
            "() => document.querySelectorAll('#move-list .ply').length === 1", timeout=60_000
        )
        time.sleep(1.0)
        return pss_mib() - baseline
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="another built site")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--page", default="zebra.html")
    arguments = parser.parse_args(argv)
    sites = {"this build": REPOSITORY / "dist", "baseline": arguments.baseline.resolve()}
    for name, site in sites.items():
        if not (site / "build.json").is_file():
            sys.exit(f"error: {site} holds no built site ({name})")
    results: dict[str, list[float]] = {name: [] for name in sites}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        servers = {name: serve_in_thread(site) for name, site in sites.items()}
        try:
            for number in range(arguments.rounds):
                for name, (_, base) in servers.items():
                    results[name].append(measure(browser, f"{base}/{arguments.page}"))
                print(
                    f"round {number + 1}: "
                    + ", ".join(f"{n} {v[-1]:.1f} MiB" for n, v in results.items())
                )
        finally:
            for server, _ in servers.values():
                server.shutdown()
            browser.close()
    print(f"\n{arguments.page}, {arguments.rounds} interleaved rounds, ΔPSS after the first move:")
    for name, values in results.items():
        print(
            f"  {name}: median {statistics.median(values):.1f} MiB (range {min(values):.1f}–{max(values):.1f})"
        )
    difference = statistics.median(results["this build"]) - statistics.median(results["baseline"])
    print(f"  difference of the medians: {difference:+.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
