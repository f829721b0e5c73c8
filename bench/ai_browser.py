"""A computer player's think time per decision (medium unless --level says otherwise):
CPython, then Pyodide in headless Chromium, the same decisions in one run.

    python bench/ai_browser.py [--decisions N] [--game ID ...] [--seed S] [--no-browser]
                               [--site-wheel] [--level medium]

For each game it plays a seeded game of the level against random on default options (a new
seeded game when one ends early) and collects the first N decisions of the level (default
20; positions with a single legal action are skipped: nothing is decided there; so are Virus
War's positions in the middle of a turn, where the medium and hard levels play the rest of the
whole turn they chose at its start). Each decision is a fresh player seeded from the series
(so both runtimes run the same search) stepped in 50 ms slices, ``thinking.step(50)`` called
until it is done, as the site drives it. In the browser every slice is a separate call from
JavaScript into Python (in Pyodide long single calls run slower: WebAssembly has no
on-stack replacement, so V8 only switches to optimised code when a function is entered
again), and everything runs in a module Web Worker, where the site's PyScript worker runs
the engine.

Printed per game: median and 90th percentile of the wall time per decision in CPython and
in Pyodide, their ratio (median to median), the longest single call in the browser and
whether the browser median meets the level's target (medium <= 1 s, hard <= 3 s). The
engine the browser runs is the working tree's pyengine/ zipped by this script (the very code
CPython runs; --site-wheel uses the wheel in dist/ instead). The Pyodide runtime comes from
dist/, built with web/build.py when missing. One untimed warm-up decision per game precedes
the series in both runtimes.

This module also runs inside Pyodide (bench/pages/ai_bench_worker.js loads it), so its top
level imports only the standard library and the engine.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
GAMES = ("zebra", "virus-war", "virus-fight", "fight-the-virus")
SLICE_MS = 50.0
TARGET_MS = {"medium": 1000.0, "hard": 3000.0}
"""The browser median per decision that each level must stay within (docs/AI.md, "Think time")."""


# -- shared by both runtimes ----------------------------------------------------------------


def prepare(game_id: str, document: str):
    """The position of ``document`` (a ``state.to_json()`` text); not timed."""
    import pyengine.games  # noqa: F401 (registers the games)
    from pyengine.core.registry import get_game

    return get_game(game_id).state_from_json(json.loads(document))


def start(game_id: str, state, level: str, seed: int):
    """A fresh ``level`` player's :class:`~pyengine.ai.Thinking` about ``state`` (timed: a
    game's hand-written or book decision happens here)."""
    from pyengine.ai import make_player

    return make_player(game_id, level, seed=seed).think(state)


def answer(thinking) -> str:
    return str(thinking.action)


def decide(game_id: str, document: str, level: str, seed: int) -> dict[str, float | str]:
    """One decision the way the site runs it (50 ms slices), timed: CPython's half."""
    state = prepare(game_id, document)
    begin = time.perf_counter()
    thinking = start(game_id, state, level, seed)
    longest = (time.perf_counter() - begin) * 1000.0
    calls = 1
    done = thinking.done
    while not done:
        before = time.perf_counter()
        done = thinking.step(SLICE_MS)
        longest = max(longest, (time.perf_counter() - before) * 1000.0)
        calls += 1
    return {
        "ms": (time.perf_counter() - begin) * 1000.0,
        "calls": calls,
        "longest": longest,
        "action": answer(thinking),
    }


# -- CPython: the series and its timings ---------------------------------------------------


def series(game_id: str, count: int, level: str, seed: int) -> list[dict[str, Any]]:
    """The first ``count`` decisions of ``level`` in seeded level-vs-random games (the level
    in seat 1, then seat 2 in the next game, ...), each timed in CPython as it is played."""
    import pyengine.games  # noqa: F401
    from pyengine.ai import make_player
    from pyengine.core.registry import get_game

    game = get_game(game_id)
    decisions: list[dict[str, Any]] = []
    number = 0
    while len(decisions) < count + 1:  # +1: the warm-up decision
        options = {"seed": seed + number} if "seed" in game.options else {}
        state = game.new_initial_state(options)
        level_seat = number % state.num_players
        others = make_player(game_id, "random", seed=seed + 1000 + number)
        while not state.is_terminal() and len(decisions) < count + 1:
            if state.current_player() != level_seat:
                state.apply(others.choose(state))
                continue
            if len(state.legal_actions()) == 1:  # nothing to decide
                state.apply(state.legal_actions()[0])
                continue
            if getattr(state, "turn_steps", ()):  # Virus War: the rest of a turn chosen whole
                state.apply(make_player(game_id, level, seed=seed).choose(state))
                continue
            document = json.dumps(state.to_json())
            decision_seed = seed * 1000 + len(decisions)
            timing = decide(game_id, document, level, decision_seed)
            decisions.append({"document": document, "seed": decision_seed, **timing})
            state.apply(state.game.parse_action(str(timing["action"]), state))
        number += 1
    return decisions


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> tuple[float, float]:
    return statistics.median(values), percentile(values, 0.9)


# -- Pyodide in headless Chromium -------------------------------------------------------------


def ensure_runtime() -> Path:
    """dist/ (for its Pyodide), built with web/build.py when missing."""
    import subprocess

    dist = REPOSITORY / "dist"
    if not (dist / "build.json").is_file():
        print("building the site (dist/ is missing) ...", flush=True)
        subprocess.run(
            [sys.executable, str(REPOSITORY / "web" / "build.py"), "--out", str(dist)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return dist


def engine_zip(target: Path) -> None:
    """The working tree's pyengine/ as a zip (sources only) for Pyodide."""
    import zipfile

    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((REPOSITORY / "pyengine").rglob("*")):
            if (
                path.is_file()
                and "__pycache__" not in path.parts
                and path.suffix in (".py", ".typed")
            ):
                archive.write(path, path.relative_to(REPOSITORY).as_posix())


def measure_browser(
    work: dict[str, list[dict[str, Any]]], level: str, site_wheel: bool
) -> dict[str, Any]:
    import shutil
    import tempfile

    sys.path.insert(0, str(REPOSITORY / "web" / "tools"))
    from playwright.sync_api import sync_playwright

    from chromium import launch
    from serve import serve_in_thread

    sys.path.insert(0, str(REPOSITORY / "bench"))
    from load import bench_page, site_with_bench_pages

    dist = ensure_runtime()
    payload = {
        "level": level,
        "slice": SLICE_MS,
        "games": {
            game_id: [{"document": item["document"], "seed": item["seed"]} for item in items]
            for game_id, items in work.items()
        },
    }
    total = sum(len(items) for items in work.values())
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        root = site_with_bench_pages(Path(temporary), dist)
        bench = root / "bench"
        shutil.copy(Path(__file__), bench / "ai_bench.py")
        (bench / "ai_positions.json").write_text(json.dumps(payload))
        if not site_wheel:
            engine_zip(bench / "engine.zip")
        server, base = serve_in_thread(root)
        browser = launch(playwright)
        try:
            page, errors = bench_page(browser, lambda text: text.startswith("bench"))
            engine = "wheel" if site_wheel else "zip"
            page.goto(f"{base}/bench/ai_bench.html?engine={engine}")
            page.wait_for_selector(
                "body[data-done]", state="attached", timeout=int(180_000 + 30_000 * total)
            )
            report = json.loads(page.inner_text("#out"))
        finally:
            browser.close()
            server.shutdown()
        if errors or "error" in report:
            raise RuntimeError(f"the Pyodide benchmark failed: {errors or report['error']}")
        return report


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20, help="decisions per game (20)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game")
    parser.add_argument("--seed", type=int, default=7, help="seed of the series (7)")
    parser.add_argument("--level", default="medium", help="the level measured (medium)")
    parser.add_argument("--no-browser", action="store_true", help="CPython figures only")
    parser.add_argument(
        "--site-wheel",
        action="store_true",
        help="run dist/'s engine wheel in the browser, not the working tree",
    )
    arguments = parser.parse_args(argv)
    sys.path.insert(0, str(REPOSITORY))
    games = arguments.game or list(GAMES)

    print(
        f"CPython {sys.version.split()[0]}: {arguments.level} level, "
        f"{arguments.decisions} decisions per game, {SLICE_MS:.0f} ms slices",
        flush=True,
    )
    work: dict[str, list[dict[str, Any]]] = {}
    for game_id in games:
        started = time.perf_counter()
        work[game_id] = series(game_id, arguments.decisions, arguments.level, arguments.seed)
        times = [float(item["ms"]) for item in work[game_id][1:]]
        median, p90 = summary(times)
        print(
            f"  {game_id:16} median {median:7.0f} ms, p90 {p90:7.0f} ms, max "
            f"{max(times):6.0f} ms  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    if arguments.no_browser:
        return 0

    report = measure_browser(work, arguments.level, arguments.site_wheel)
    print(
        f"Pyodide {report['version']} (Python {report['python']}) in a module worker in "
        f"headless Chromium {report.get('browser', '')}".rstrip(),
        flush=True,
    )
    target = TARGET_MS.get(arguments.level)
    goal = f"median <= {target / 1000:g} s" if target else "no target"
    header = (
        f"  {'game':16} {'CPython median/p90':>19}  {'Pyodide median/p90':>19}  "
        f"{'ratio':>5}  {'longest call':>12}  {'same moves':>10}  target ({goal})"
    )
    print(header)
    verdicts = []
    for game_id in games:
        measured = report["games"][game_id]
        browser_items = measured["decisions"][1:]
        cpython_items = work[game_id][1:]
        c_median, c_p90 = summary([float(item["ms"]) for item in cpython_items])
        b_median, b_p90 = summary([float(item["ms"]) for item in browser_items])
        longest = max(float(item["longest"]) for item in browser_items)
        same = sum(
            1
            for mine, theirs in zip(cpython_items, browser_items, strict=True)
            if mine["action"] == theirs["action"]
        )
        met = target is None or b_median <= target
        verdicts.append(met)
        print(
            f"  {game_id:16} {c_median:8.0f}/{c_p90:<6.0f} ms  {b_median:8.0f}/{b_p90:<6.0f} ms"
            f"  {b_median / max(c_median, 1e-9):5.2f}  {longest:9.0f} ms  "
            f"{same:>4}/{len(browser_items):<5}  {'met' if met else 'MISSED'}"
        )
    print(
        "(same moves: decisions where both runtimes chose the same action; a level with a "
        "time budget may differ)"
    )
    print(
        f"target for {arguments.level}: {goal} per decision in the browser: "
        f"{'met in every game' if all(verdicts) else 'MISSED in some game'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
