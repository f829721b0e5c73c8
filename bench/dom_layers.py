"""PyScript's own DOM layer (``pyscript.web``, ``@when``) against the glue's (``glue.dom``), under
MicroPython on the page's thread, in one interleaved run.

    python bench/dom_layers.py [--site DIR] [--rounds 7] [--reps 15]

Serves the built site (``--site``, default dist/; linked, never written into) plus one test
page, dom-layers.html: the site's own ``<script type="mpy">`` (its interpreter, config and the
glue bundle's unpacking, taken from zebra.html) followed by the page's program (in
bench/dom_layers_page.py), and an SVG "board" of 64 ``<text data-cell>`` cells.
web/tools/serve.py sends netlify.toml's headers, so the page runs under the site's strict
Content-Security-Policy. Three measures:

* import: per round, a fresh page (a new browser context) that imports ``pyscript.web`` first
  (then ``when``, then ``glue.dom``) and one that imports ``glue.dom`` first (then the other
  two); the order of the two pages alternates. Timed with ``performance.now()`` around each
  import; "first" is the fresh figure, "second" what the other layer adds once the first is in.
* redraw: in each of those pages, after the imports, a board redraw of 64 cells, each: find
  the cell by selector, set an attribute, toggle a class, set its text, done three ways (raw
  JavaScript proxies, ``glue.dom.Element``, ``pyscript.web``): first once each in that order
  (the page's first redraw, which also pays for the JavaScript engine's warming up: the earlier
  ways more), then rotated round-robin, ``--reps`` times each; every call flips every cell's
  state (no call is a no-op for the DOM) and the page checks the last cell afterwards. The
  same three ways again on the 64 wrappers found once ("kept": the operations without their
  finds). Per page, the median of each way; over the pages, the median and range, and the
  per-page ratios to the raw way of the same kind. Each time is of 4 redraws in a row
  (``performance.now()`` counts tenths of a millisecond on a page that is not cross-origin
  isolated), divided by 4.
* checks: one more page binds handlers with ``@when`` and with the glue's ``Element.on`` and
  this script clicks them (real clicks, through Playwright): a plain handler, one without
  parameters, a coroutine, exceptions in both kinds, the document's clicks in the capture
  phase, elements created after binding, delegation to a parent, a selector matching nothing, a class changed outside a wrapper,
  wrappers of one element compared, inline style through each layer; it counts the page's
  uncaught errors, PyScript's on-page error boxes (``.py-error``) and Content-Security-Policy
  violations (every page of the run; at the end, an inline ``style`` attribute set on purpose
  shows that the policy is enforced, and is not counted).

Needs a built site (`.venv/bin/python web/build.py --out DIR`) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

from playwright.sync_api import sync_playwright  # noqa: E402

import dom_layers_page  # noqa: E402  # bench/dom_layers_page.py: the test page
from chromium import launch  # noqa: E402
from serve import netlify_header_rules, serve_in_thread  # noqa: E402

TIMEOUT_MS = 60_000
# Each way of redrawing and the way its ratio divides by.
WAYS = {
    "raw": "raw",
    "glue.dom": "raw",
    "pyscript.web": "raw",
    "raw, kept": "raw, kept",
    "glue.dom, kept": "raw, kept",
    "pyscript.web, kept": "raw, kept",
}

# The checks' clicks on the buttons of the test page (dom_layers_page.BUTTONS).
CLICKS = (
    # (what it checks, the @when button, the glue's button)
    ("plain handler runs", "w-ok", "d-ok"),
    ("handler without parameters runs", "w-noarg", None),
    ("coroutine handler runs to its end", "w-async", "d-async"),
    ("exception in a coroutine handler", "w-async-boom", "d-async-boom"),
    ("exception in a handler", "w-boom", "d-boom"),
    ("a handler still runs after those exceptions", "w-ok", "d-ok"),
    ("the document's clicks, capture phase", "w-capture", "d-capture"),
    (
        "bound per element, and delegated to the parent: the element present then",
        "late-1",
        "late-1",
    ),
    ("the same: an element added after binding", "late-2", "late-2"),
)


class Visit:
    """One fresh page (its own browser context) of the test page; its program's result."""

    def __init__(self, browser, url: str) -> None:
        self.context = browser.new_context(service_workers="block")
        self.context.add_init_script(dom_layers_page.RECORDER)
        self.page = self.context.new_page()
        self.console_errors: list[str] = []
        self.page.on(
            "console",
            lambda message: (
                self.console_errors.append(message.text) if message.type == "error" else None
            ),
        )
        response = self.page.goto(url)
        self.csp = response.headers.get("content-security-policy") if response else None
        self.page.wait_for_function("() => window.benchResult !== undefined", timeout=TIMEOUT_MS)
        self.result: dict[str, Any] = json.loads(self.page.evaluate("() => window.benchResult"))
        if "error" in self.result:
            raise RuntimeError(f"the page's program failed: {self.result['error']}")

    def read(self, expression: str) -> Any:
        return self.page.evaluate(f"() => {expression}")

    def close(self) -> list[str]:
        violations: list[str] = self.read("window.benchViolations")
        self.context.close()
        return violations


def spread(values: list[float], digits: int = 2) -> str:
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def short(error: str) -> str:
    """An uncaught error's first words and its traceback's last line (the exception)."""
    lines = error.strip().splitlines()
    if len(lines) == 1:
        return lines[0][:100]
    return f"{lines[0].split(':')[0]} … {lines[-1].strip()}"


def run_checks(browser, url: str) -> tuple[list[tuple[str, str, str]], Visit]:
    """Clicks each check's buttons; per check, what happened with @when and with the glue (the
    handlers' records start with ``w-`` for @when's, anything else is the glue's)."""
    visit = Visit(browser, url)
    rows = []
    for label, when_button, dom_button in CLICKS:
        outcome: dict[str, list[str]] = {"when": [], "dom": []}
        for button in dict.fromkeys(name for name in (when_button, dom_button) if name):
            hits_before = visit.read("window.benchHits.length")
            errors_before = visit.read("window.benchErrors.length")
            boxes_before = visit.read("document.querySelectorAll('.py-error').length")
            visit.page.click("#" + button)
            visit.page.wait_for_timeout(200)  # the coroutines' 10 ms sleep, with room
            hits: list[str] = visit.read(f"window.benchHits.slice({hits_before})")
            errors: list[str] = visit.read(f"window.benchErrors.slice({errors_before})")
            boxes = visit.read("document.querySelectorAll('.py-error').length") - boxes_before
            outcome["when"] += [hit for hit in hits if hit.startswith("w-")]
            outcome["dom"] += [hit for hit in hits if not hit.startswith("w-")]
            for side, clicked in (("when", when_button), ("dom", dom_button)):
                if clicked == button:  # (both sides, where both click one element)
                    if errors:
                        outcome[side].append(f"{len(errors)} uncaught: {short(errors[0])}")
                    if boxes:
                        outcome[side].append(f"{boxes} PyScript error box(es) on the page")
        cells = []
        for side, bound in (("when", when_button), ("dom", dom_button)):
            if bound is None:
                cells.append("–")
            else:
                cells.append("; ".join(outcome[side]) or "not called")
        rows.append((label, cells[0], cells[1]))
    checks = visit.result["checks"]
    for label, (by_web, by_dom) in checks.items():
        rows.append((label, str(by_web), str(by_dom)))
    return rows, visit


def csp_control(visit: Visit) -> tuple[list[str], bool]:
    """The page's violations so far, and whether the policy is enforced at all: an inline
    ``style`` attribute, which ``style-src 'self'`` refuses, must add a violation."""
    seen: list[str] = visit.read("window.benchViolations.slice()")
    visit.page.evaluate("() => document.body.setAttribute('style', 'outline: 1px solid red')")
    visit.page.wait_for_timeout(200)
    return seen, visit.read("window.benchViolations.length") > len(seen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPOSITORY / "dist", help="a built site")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--reps", type=int, default=15, help="redraws of each way per page")
    arguments = parser.parse_args(argv)
    if not (arguments.site / "build.json").is_file():
        sys.exit(f"error: no built site in {arguments.site}")
    load_before = os.getloadavg()
    started = time.monotonic()
    imports: dict[tuple[str, str], list[float]] = {}
    redraw: dict[str, list[float]] = {way: [] for way in WAYS}
    first_redraw: dict[str, list[float]] = {way: [] for way in WAYS}
    ratios: dict[str, list[float]] = {way: [] for way in WAYS}
    violations: list[str] = []
    loaded_before: set[str] = set()
    wrong: list[str] = []
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        root = dom_layers_page.site_with_page(Path(work), arguments.site)
        server, base = serve_in_thread(root)
        browser = launch(playwright)
        try:
            url = f"{base}/{dom_layers_page.PAGE}?reps={arguments.reps}&first="
            Visit(browser, url + "web").close()  # warms the server's and the OS's caches
            for number in range(arguments.rounds):
                order = ("web", "dom") if number % 2 == 0 else ("dom", "web")
                line = []
                for first in order:
                    visit = Visit(browser, url + first)
                    result = visit.result
                    violations += visit.close()
                    loaded_before.update(result["loaded before"])
                    wrong += result["wrong"]
                    for name, (position, spent) in result["imports"].items():
                        imports.setdefault((name, position), []).append(spent)
                    medians = {way: statistics.median(result["redraw ms"][way]) for way in WAYS}
                    for way in WAYS:
                        redraw[way].append(medians[way])
                        first_redraw[way].append(result["first redraw ms"][way])
                        ratios[way].append(medians[way] / medians[WAYS[way]])
                    line.append(
                        f"{first} first: import {result['imports']['pyscript.web' if first == 'web' else 'glue.dom'][1]:.1f} ms, "
                        + ", ".join(f"{way} {medians[way]:.2f}" for way in WAYS)
                        + " ms"
                    )
                print(f"round {number + 1}: " + "; ".join(line), flush=True)
            rows, visit = run_checks(browser, url + "checks")
            csp = visit.csp
            console_errors = list(visit.console_errors)  # before the control's
            seen, enforced = csp_control(visit)
            violations += seen
            visit.close()
        finally:
            browser.close()
            server.shutdown()
    expected_csp = next(
        (
            values["Content-Security-Policy"]
            for _, values in netlify_header_rules()
            if "Content-Security-Policy" in values
        ),
        None,
    )
    pages = 2 * arguments.rounds
    print()
    print(
        f"{arguments.rounds} interleaved rounds ({pages} fresh pages, {arguments.reps} redraws of "
        f"each way per page), {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, load "
        f"average before {' '.join(f'{x:.2f}' for x in load_before)}, after "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, {(time.monotonic() - started) / 60:.1f} min"
    )
    print(f"already imported when the page's program starts: {', '.join(sorted(loaded_before))}")
    print()
    print("| import (ms, median (min–max) over the pages) | first on a fresh page | second |")
    print("|---|---|---|")
    for name, label in (
        ("pyscript.web", "`from pyscript import web`"),
        ("when", "`from pyscript import when`"),
        ("glue.dom", "`from glue import dom`"),
    ):
        cells = [
            spread(imports[(name, position)]) if (name, position) in imports else "–"
            for position in ("first", "second")
        ]
        print(f"| {label} | {' | '.join(cells)} |")
    print()
    print(
        "| redraw of 64 cells: find, set attribute, toggle class, set text "
        "(kept: the wrappers found once) | ms per redraw | µs per cell | ÷ raw, per page "
        "| the page's first redraw (ms) |"
    )
    print("|---|---|---|---|---|")
    for way in WAYS:
        per_cell = [value * 1000 / 64 for value in redraw[way]]
        print(
            f"| {way} | {spread(redraw[way])} | {spread(per_cell, 1)} | {spread(ratios[way])} "
            f"| {spread(first_redraw[way], 1)} |"
        )
    by_dom = [
        web / mine for web, mine in zip(redraw["pyscript.web"], redraw["glue.dom"], strict=True)
    ]
    kept = [
        web / mine
        for web, mine in zip(redraw["pyscript.web, kept"], redraw["glue.dom, kept"], strict=True)
    ]
    print(f"\npyscript.web ÷ glue.dom, per page: {spread(by_dom)}; kept: {spread(kept)}")
    if wrong:
        print(f"WRONG: the last cell's state after a redraw by {sorted(set(wrong))}")
    print()
    print("| check (one page, real clicks) | `@when` / `pyscript.web` | `glue.dom` |")
    print("|---|---|---|")
    for label, by_web, by_dom_text in rows:
        print(f"| {label} | {by_web} | {by_dom_text} |")
    print()
    print(
        f"Content-Security-Policy: the page got netlify.toml's: {csp == expected_csp}; "
        f"enforced (an inline style attribute refused): {enforced}; "
        f"violations over all {pages + 2} pages: {len(violations)}"
        + (f" ({'; '.join(sorted(set(violations)))})" if violations else "")
    )
    print(f"console errors on the checks' page: {len(console_errors)}")
    for text in console_errors:
        print(f"  {text[:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
