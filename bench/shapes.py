"""Compare the candidate page architectures ("shapes") in headless Debian Chromium, interleaved.

    .venv/bin/python bench/shapes.py [--rounds N] [--quick] [--busy-ms 2000] [--no-build] [--verbose]

Shapes (pages under bench/shapes/, filled in and served from a temporary copy of dist/):

  A          product shape, bench copy: JS glue, board pre-rendered into the HTML at "build"
             time, the engine in ONE Pyodide worker started by PyScript's JS `PyWorker`
  A-product  dist/zebra.html itself (same shape plus i18n and the side panel; no busy export,
             so no responsiveness numbers)
  B          PyScript `py` on the main thread: engine, drawing and clicks in Python
  B2         B plus the second Pyodide (`py worker`) its computer opponent would need
  C          PyScript `mpy` (MicroPython) glue on the main thread + the engine in one `py worker`
  bare       reference: `loadPyodide()` from the site's pyodide.mjs on the main thread, no PyScript
  bare-worker  reference: the same in a module worker (same-origin script), no PyScript

After one discarded warm-up load, each round loads every shape once in a FRESH browser context
(own, empty HTTP cache), in the order above, then once more in the same tab ("warm", a reload:
HTTP cache filled, but Playwright's contexts are off-the-record, so no on-disk V8 code cache;
what does carry over is the main thread's compiled wasm inside the same renderer process - a
worker's dies with the worker).
Every time is milliseconds from navigation start (the page's performance.now(), recorded by
bench/shapes/probe.js, which Playwright injects before the page's own scripts):

  fcp          first-contentful-paint entry
  board        first animation frame after the board SVG exists in the DOM (A: parsed from the
               HTML; B/C: inserted by Python after it started) - max(fcp, that frame)
  ready        body[data-ready=true]: the first game view is drawn and clicks are handled
  move         the bench waits for `ready`, clicks c2, waits for the selection, clicks d2; the
               time the move c2-d2 is on the board (d2 has data-height="2")
  click→move   the page's share of that: first click dispatched -> move on the board (two
               engine round trips and two board redraws)
  mem          PSS (proportional set size, /proc/<pid>/smaps_rollup) summed over all of this
               browser's processes after `move`, minus the same sum with about:blank in the
               fresh context just before the navigation. PSS splits shared pages between the
               processes that map them, so the sum does not count the Chromium binary twice.
  busy         the page runs `busy(ms)` (random Zebra playouts with pyengine, bounded by
               time.monotonic()) where that shape would run the computer opponent: A and C in
               the Pyodide worker, B on the main thread. Reported: requestAnimationFrame
               callbacks on the main thread during it (60 Hz -> ~120 in 2 s), the longest gap
               between two frames (from 250 ms before to 250 ms after), and its wall time.

Any request that leaves 127.0.0.1 stops the bench with an error (Chromium also maps every other
host to NOTFOUND, so nothing can reach a CDN by accident). The table goes to stdout and to
bench/results/shapes.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
DIST = REPOSITORY / "dist"
PAGES = Path(__file__).resolve().parent / "shapes"
RESULTS = Path(__file__).resolve().parent / "results" / "shapes.md"
MICROPYTHON_PACKAGE = (
    REPOSITORY / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
)

sys.path.insert(0, str(REPOSITORY / "web" / "tools"))
from serve import serve_in_thread  # noqa: E402 (web/tools is on the path from here)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Belt and braces for "nothing leaves this machine": other hosts do not resolve at all.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

LOAD_TIMEOUT_MS = 90_000

# name, page, description, has a busy() export, a selector that says "all interpreters are up"
SHAPES = [
    (
        "A",
        "bench/a.html",
        "JS glue + 1 Pyodide worker (JS PyWorker), board pre-rendered",
        True,
        None,
    ),
    (
        "A-product",
        "zebra.html",
        "dist/zebra.html as shipped (shape A + i18n, side panel)",
        False,
        None,
    ),
    ("B", "bench/b.html", "PyScript py (Pyodide) on the main thread, no AI worker", True, None),
    (
        "B2",
        "bench/b2.html",
        "B + the 2nd Pyodide (py worker) its AI needs",
        True,
        "body[data-worker-ready=true]",
    ),
    ("C", "bench/c.html", "PyScript mpy main + py worker (Pyodide)", True, None),
    (
        "bare",
        "bench/bare.html",
        "reference: loadPyodide() on the main thread, no PyScript",
        False,
        None,
    ),
    (
        "bare-worker",
        "bench/bare-worker.html",
        "reference: loadPyodide() in a module worker, no PyScript",
        False,
        None,
    ),
]


# -- the site under test ------------------------------------------------------------------------


def dist_is_stale() -> bool:
    stamp = DIST / "build.json"
    if not stamp.is_file():
        return True
    built = stamp.stat().st_mtime
    sources = [REPOSITORY / "pyengine", REPOSITORY / "web", REPOSITORY / "pyproject.toml"]
    for source in sources:
        files = [source] if source.is_file() else (p for p in source.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" not in path.parts and path.stat().st_mtime > built:
                return True
    return False


def initial_board_svg(wheel: Path) -> str:
    """The starting board, rendered by the very wheel the site serves (as web/build.py does)."""
    sys.path.insert(0, str(wheel))
    from pyengine.controller import Controller

    return Controller().handle({"op": "new", "game": "zebra", "options": {"size": 4}})["view"][
        "svg"
    ]


def assemble_site(root: Path) -> dict[str, str]:
    """Copy dist/ (a copy, so a concurrent rebuild cannot change files mid-run), add MicroPython
    and the bench pages with their {{PLACEHOLDERS}} filled in. Returns the values used."""
    shutil.copytree(DIST, root, dirs_exist_ok=True)
    build = json.loads((DIST / "build.json").read_text())
    mpy_version = json.loads((MICROPYTHON_PACKAGE / "package.json").read_text())["version"]
    mpy_dir = root / "micropython" / mpy_version
    mpy_dir.mkdir(parents=True)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copy2(MICROPYTHON_PACKAGE / name, mpy_dir / name)
    values = {
        "PYODIDE": "/" + build["pyodide"],
        "PYSCRIPT": "/" + build["pyscript"],
        "WHEEL": "/" + build["wheel"],
        "MICROPYTHON": f"/micropython/{mpy_version}/micropython.mjs",
        "BOARD": initial_board_svg(DIST / build["wheel"]),
    }
    busy_source = (PAGES / "busywork.py").read_text()
    (root / "bench").mkdir()
    for page in PAGES.iterdir():
        if page.name in ("probe.js", "busywork.py") or not page.is_file():
            continue
        text = page.read_text().replace("# {{BUSY}}", busy_source)
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        if "{{" in text and page.suffix != ".py":
            sys.exit(f"error: unfilled placeholder in {page}")
        (root / "bench" / page.name).write_text(text)
    return {**values, "micropythonVersion": mpy_version, **build}


# -- memory ---------------------------------------------------------------------------------------


def browser_pids() -> list[int]:
    """Chromium processes started (through Playwright's driver) by this Python process."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                parents[int(entry)] = int(handle.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
    mine: set[int] = set()
    frontier = {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - mine
        mine |= frontier
    pids = []
    for pid in mine:
        try:
            if "chrom" in os.path.basename(os.readlink(f"/proc/{pid}/exe")):
                pids.append(pid)
        except OSError:
            continue
    return pids


def pss_mib() -> float:
    total_kib = 0
    for pid in browser_pids():
        try:
            with open(f"/proc/{pid}/smaps_rollup") as handle:
                for line in handle:
                    if line.startswith("Pss:"):
                        total_kib += int(line.split()[1])
                        break
        except OSError:
            continue  # the process ended meanwhile
    return total_kib / 1024


# -- one load ------------------------------------------------------------------------------------

PROBE_FIELDS = """() => {
    const p = window.__probe;
    return {fcp: p.fcp, boardFrame: p.boardFrame, ready: p.ready, workerReady: p.workerReady,
            selected: p.selected, moved: p.moved, clicks: p.clicks};
}"""


class ExternalRequest(SystemExit):
    pass


WAIT_FOR = """([name, ms]) => Promise.race([
    window.__probe.when(name),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no ${name} after ${ms} ms`)), ms)),
])"""

CELL_CENTRES = """() => ["c2", "d2"].map((cell) => {
    const box = document.querySelector(`#board [data-cell="${cell}"]`).getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
})"""


def load_and_play(page, url: str, play: bool, settle: str | None = None) -> dict[str, float | None]:
    """Navigate, then play c2-d2 as soon as the page says it is ready. The bench does not poll:
    it awaits promises the probe resolves from a MutationObserver, and clicks with raw mouse
    events at the cells' centres (Playwright's click() would add its actionability checks)."""
    started = time.monotonic()
    page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.evaluate(WAIT_FOR, ["ready", LOAD_TIMEOUT_MS])
    if play:
        (c2, d2) = page.evaluate(CELL_CENTRES)
        viewport = page.viewport_size
        if not all(0 < x < viewport["width"] and 0 < y < viewport["height"] for x, y in (c2, d2)):
            raise RuntimeError(f"cells c2/d2 at {c2}/{d2} are outside the viewport {viewport}")
        page.mouse.click(*c2)
        page.evaluate(WAIT_FOR, ["selected", 10_000])
        page.mouse.click(*d2)
        page.evaluate(WAIT_FOR, ["moved", 10_000])
    if settle:
        page.wait_for_selector(settle, state="attached", timeout=LOAD_TIMEOUT_MS)
    probe = page.evaluate(PROBE_FIELDS)
    board = None
    if probe["boardFrame"] is not None:
        board = max(probe["boardFrame"], probe["fcp"] or 0)
    clicks = probe["clicks"]
    return {
        "fcp": probe["fcp"],
        "board": board,
        "ready": probe["ready"],
        "move": probe["moved"],
        # the page's own share of "first move": first click reaches the page -> move drawn
        "latency": probe["moved"] - clicks[0] if probe["moved"] is not None and clicks else None,
        "workerReady": probe["workerReady"],
        "wall": (time.monotonic() - started) * 1000,
    }


def measure(browser, base_url: str, shape: tuple, busy_ms: int) -> dict[str, Any]:
    name, path, _, has_busy, settle = shape
    url = f"{base_url}/{path}"
    play = not name.startswith("bare")
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.add_init_script(path=str(PAGES / "probe.js"))
    external: list[str] = []
    seen: list[str] = []

    def on_request(request):
        seen.append(request.url)
        if not (
            request.url.startswith(base_url + "/")
            or request.url.startswith(("blob:", "data:", "about:"))
        ):
            external.append(request.url)

    context.on("request", on_request)
    problems: list[str] = []
    result: dict[str, object] = {"shape": name}
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))
        page.on(
            "response",
            lambda response: (
                problems.append(f"HTTP {response.status}: {response.url}")
                if response.status >= 400
                else None
            ),
        )
        page.on(
            "console",
            lambda message: (
                problems.append(f"console.{message.type}: {message.text}")
                if message.type == "error"
                else None
            ),
        )
        page.goto("about:blank")
        time.sleep(0.5)  # let the previous context's renderer go away
        baseline = pss_mib()
        result["cold"] = load_and_play(page, url, play, settle)
        result["mem"] = pss_mib() - baseline
        if has_busy:
            result["busy"] = page.evaluate("ms => window.__probe.busyTest(ms)", busy_ms)
        result["warm"] = load_and_play(page, url, play, settle)
        result["requests"] = len(seen)
    except Exception as error:  # noqa: BLE001 (any failed load is reported and the run goes on)
        result["error"] = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        result["problems"] = problems[-8:]
    finally:
        context.close()
    if problems and "problems" not in result:
        result["problems"] = problems[-8:]
    if external:
        raise ExternalRequest(
            f"error: {name} requested {len(external)} URL(s) outside 127.0.0.1: {external[:5]}"
        )
    if "error" not in result and not any(url.endswith("pyodide.asm.wasm") for url in seen):
        # Requests from workers must be visible, or the CDN check above would prove nothing.
        raise SystemExit(
            f"error: {name}: the wasm request was not observed; the external-request check is blind"
        )
    return result


# -- report ---------------------------------------------------------------------------------------


def summary(values: list[float | None], unit: str = "", digits: int = 0) -> str:
    measured = [v for v in values if v is not None]
    if not measured:
        return "–"
    med = statistics.median(measured)
    text = f"{med:,.{digits}f}{unit}"
    if len(measured) > 1:
        text += f" ({min(measured):,.{digits}f}–{max(measured):,.{digits}f})"
    return text


def seconds(values: list[float | None]) -> str:
    return summary([v / 1000 if v is not None else None for v in values], " s", 2)


def report(results: list[dict], meta: dict[str, str]) -> str:
    by_shape = {shape[0]: [r for r in results if r["shape"] == shape[0]] for shape in SHAPES}

    def col(name: str, phase: str, key: str) -> list:
        return [r.get(phase, {}).get(key) for r in by_shape[name] if "error" not in r]

    lines = [
        f"# Architecture shapes: {meta['date']}",
        "",
        (
            f"Machine: {meta['nproc']} cores ({meta['cpu']}), load average before/after {meta['load_before']} / "
            f"{meta['load_after']}; {meta['chromium']} headless (`--disable-gpu`); Pyodide {meta['pyodideVersion']}, "
            f"PyScript {meta['pyscriptVersion']}, MicroPython {meta['micropythonVersion']}; "
            f"{meta['rounds']} interleaved round(s), each load in a fresh browser context; the site served by "
            f"web/tools/serve.py with netlify.toml's headers (CSP). Command: `{meta['command']}`; run took {meta['took']}."
        ),
        "",
        "Medians (min–max). Times from navigation start. See bench/shapes.py for what each metric is.",
        "",
        "| shape | first paint (FCP) | board painted | ready | first move done | click→move | memory ΔPSS | frames during busy | max frame gap | busy wall time |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, _, description, has_busy, _ in SHAPES:
        rows = by_shape[name]
        busy = [r["busy"] for r in rows if "busy" in r]
        lines.append(
            f"| **{name}**: {description} | {seconds(col(name, 'cold', 'fcp'))} | {seconds(col(name, 'cold', 'board'))} | "
            f"{seconds(col(name, 'cold', 'ready'))} | {seconds(col(name, 'cold', 'move'))} | "
            f"{summary(col(name, 'cold', 'latency'), ' ms')} | "
            f"{summary([r.get('mem') for r in rows if 'error' not in r], ' MiB')} | "
            + (
                f"{summary([b['frames'] for b in busy])} | {summary([b['maxGap'] for b in busy], ' ms')} | "
                f"{seconds([b['busyWall'] for b in busy])} |"
                if has_busy
                else "– | – | – |"
            )
        )
    lines += [
        "",
        (
            "Warm (reload): the same URL loaded again in the same tab and context right after. The HTTP cache is "
            "filled; the contexts are off-the-record, so no on-disk wasm code cache is involved; a main-thread "
            "interpreter's compiled wasm is reused in-process across the same-site reload, a worker's is not "
            "(it dies with the worker)."
        ),
        "",
        "| shape | first paint (FCP) | board painted | ready | first move done | click→move |",
        "|---|---|---|---|---|---|",
    ]
    for name, *_ in SHAPES:
        lines.append(
            f"| **{name}** | {seconds(col(name, 'warm', 'fcp'))} | {seconds(col(name, 'warm', 'board'))} | "
            f"{seconds(col(name, 'warm', 'ready'))} | {seconds(col(name, 'warm', 'move'))} | "
            f"{summary(col(name, 'warm', 'latency'), ' ms')} |"
        )
    for name, *_, settle in SHAPES:
        if settle:
            lines += [
                "",
                (
                    f"{name}: its second interpreter answered at {seconds(col(name, 'cold', 'workerReady'))} cold, "
                    f"{seconds(col(name, 'warm', 'workerReady'))} warm (memory is measured after that)."
                ),
            ]
    failures = [r for r in results if "error" in r]
    if failures:
        lines += ["", "Failed loads (left out of the medians):", ""]
        for r in failures:
            lines.append(f"- {r['shape']}: {r['error']}")
            lines += [f"  - {p}" for p in r.get("problems", [])]
    playouts = {
        name: summary([r["busy"]["playouts"] for r in rows if "busy" in r])
        for name, rows in by_shape.items()
        if any("busy" in r for r in rows)
    }
    lines += [
        "",
        "Random playouts finished in the busy window (same Python work everywhere): "
        + ", ".join(f"{k} {v}" for k, v in playouts.items())
        + ".",
    ]
    return "\n".join(lines) + "\n"


# -- main -----------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="one round")
    parser.add_argument("--busy-ms", type=int, default=2000)
    parser.add_argument("--no-build", action="store_true", help="use dist/ even if it looks stale")
    parser.add_argument("--verbose", action="store_true", help="print the pages' console errors")
    parser.add_argument(
        "--no-write", action="store_true", help=f"do not write {RESULTS.relative_to(REPOSITORY)}"
    )
    arguments = parser.parse_args(argv)
    rounds = 1 if arguments.quick else arguments.rounds

    if not (DIST / "build.json").is_file() or (not arguments.no_build and dist_is_stale()):
        print("[shapes] dist/ is missing or older than its sources: building it", flush=True)
        subprocess.run([sys.executable, str(REPOSITORY / "web" / "build.py")], check=True)
    if not (MICROPYTHON_PACKAGE / "micropython.mjs").is_file():
        sys.exit(
            "error: @micropython/micropython-webassembly-pyscript is not installed; run `npm install`"
        )

    from playwright.sync_api import sync_playwright

    began = time.monotonic()
    load_before = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    with tempfile.TemporaryDirectory(prefix="shapes-") as temporary:
        root = Path(temporary)
        meta = assemble_site(root)
        server, base_url = serve_in_thread(root)
        results: list[dict] = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                chromium_version = f"Chromium {browser.version}"
                # One discarded load first: the browser's own start-up processes settle and the
                # files are in the OS page cache, so round 1 is not special.
                measure(browser, base_url, SHAPES[0], arguments.busy_ms)
                for round_index in range(rounds):
                    for shape in SHAPES:
                        result = measure(browser, base_url, shape, arguments.busy_ms)
                        results.append(result)
                        cold, warm = result.get("cold", {}), result.get("warm", {})

                        def fmt(v):
                            return "–" if v is None else f"{v / 1000:.2f}"

                        line = (
                            f"[shapes] round {round_index + 1}/{rounds} {shape[0]:<9} "
                            f"ready {fmt(cold.get('ready'))} s, move {fmt(cold.get('move'))} s, "
                            f"warm ready {fmt(warm.get('ready'))} s"
                        )
                        if "mem" in result:
                            line += f", mem {result['mem']:.0f} MiB"
                        if "busy" in result:
                            b = result["busy"]
                            line += f", busy: {b['frames']} frames, max gap {b['maxGap']:.0f} ms"
                        if "error" in result:
                            line += f"  FAILED {result['error']}"
                        for problem in (
                            result.get("problems", [])
                            if arguments.verbose or "error" in result
                            else []
                        ):
                            line += f"\n           {problem[:300]}"
                        print(line, flush=True)
                browser.close()
        finally:
            server.shutdown()

    cpu = "?"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    took = time.monotonic() - began
    meta.update(
        {
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "nproc": str(os.cpu_count()),
            "cpu": cpu,
            "chromium": chromium_version,
            "rounds": str(rounds),
            "load_before": load_before,
            "load_after": " ".join(Path("/proc/loadavg").read_text().split()[:3]),
            "command": "python bench/shapes.py "
            + " ".join(argv if argv is not None else sys.argv[1:]),
            "took": f"{took / 60:.1f} min",
        }
    )
    table = report(results, meta)
    print()
    print(table)
    if not arguments.no_write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(table)
        print(f"[shapes] written to {RESULTS.relative_to(REPOSITORY)}")
    return 1 if any("error" in r for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
