"""How long the computer's review of a game takes (pyengine.review) at the default budgets.

    python bench/review.py [--rounds R] [--budget GAME=N ...]

Reviews the games below in R interleaved rounds (default 3; each round runs every game once,
the order turned round each round, so a machine whose load drifts moves every game alike) in
CPython, driving the review as the worker would: ``Reviewer.step`` in slices of 2,000 units
(about one search iteration each). Prints per game the median wall time with its range, the
longest slice, the units of work, and the Pyodide estimate: the median times 1.8, the ratio of
Pyodide to CPython for the engine's searches driven in short calls
(docs/decisions/search-in-short-calls.md, ../shared/notes/pyodide-findings.md). The browser
itself is measured by bench/review_browser.py (the worker and the site's page): 1.3 times for
Zebra, 2.1 times for Virus War. The goal of issue 32: a 40-move Zebra game and a 40-turn Virus
War game reviewed within 60 s in the browser.

The games are stored here, so every run reviews the same positions:

* ``zebra-4x4``: the longest 4×4 game among 300 seeded games of easy and random players, 38
  plies (with a sensible player on each side 4×4 games end in about 20 plies, so no default
  board game reaches 40);
* ``zebra-6x6``: 40 plies of medium against easy on 6×6;
* ``virus-war-10x10``: the first 40 turns of medium against ``mobility`` on the default board.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

PYODIDE_RATIO = 1.8
GOAL_S = 60.0
SLICE_UNITS = 2000

GAMES = {
    "zebra-4x4": (
        "zebra",
        """[Game "Zebra"]
[Size "4"]
[Setup "standard"]
[Movement "step"]
[Result "1-0"]

1. c4-b4 a3-a2 2. d3-d2 a2-b3 3. b1-c1 b3-b4 4. a2-b2 b4-b3 5. c2-c3 b3-a4
6. b2-a1 a4-b4 7. a1-b2 d4-c3 8. b3-c3 b4-a4 9. b4-a4 a1-b2 10. c3-b4 c3-b4
11. a4-b4 b2-c3 12. b4-c3 b4-c3 13. b2-c3 b2-c1 14. b4-a4 c1-d2 15. c3-b4 c3-b4
16. d1-d2 b4-c3 17. b4-c3 b4-c3 18. d2-c3 d2-c1 19. d2-c1 d2-c1
1-0
""",
    ),
    "zebra-6x6": (
        "zebra",
        """[Game "Zebra"]
[Size "6"]
[Setup "standard"]
[Movement "step"]
[Result "*"]

1. c4-d4 f4-f5 2. b5-a5 f6-e6 3. b3-c3 a1-a2 4. c6-b6 e5-d5 5. a4-b4 e1-f1
6. c2-d2 c1-b1 7. f3-f2 e3-f2 8. e2-f2 a3-b4 9. e4-f5 b2-c3 10. d3-c3 b4-c3
11. f2-f1 c5-b4 12. f1-f2 b4-a5 13. a6-a5 c3-b4 14. a5-b4 f1-f2 15. b4-a5 e6-f5
16. e6-d6 f2-f1 17. c3-b4 c3-b4 18. a5-b4 a5-b6 19. f2-f1 f2-f1 20. d6-d5 d6-d5
*
""",
    ),
    "virus-war-10x10": (
        "virus-war",
        """[Game "Virus War"]
[Size "10"]
[Variant "standard"]
[Result "*"]

1. a1-b2-c3 k10-i9-h8 2. d4-e3-f2 g7-f6-e5 3. e5-f6-g7 i7-i6-h5 4. g5-h5-h8 i5-h4-g5
5. g6-h4-i9 h7-g6-f4 6. f4-h7-i6 h6-f7-e8 7. i3-f7-e8 k4-i3-h2 8. g1-h2-d9 f5-e4-d3
9. d3-c8-b7 d5-c6-b7 10. d5-c6-b9 d4-c3-b2 11. e4-i5-k4 g4-f3-e3 12. f3-b5-i7 g3-f2-g1
13. a2-d2-g3 h3-g2-d2 14. i1-g2-h3 e6-d6-c5 15. c2-c5-f9 d7-c8-b9 16. d7-c9-b8 c7-a6-b5
17. a7-a6-c7 e7-d8-e9 18. d8-e9-k10 f8-f9-g10 19. f8-h10-g10 pass 20. d1-b4-b10 pass
*
""",
    ),
}


def review_once(game_id: str, record: str, budget: int | None) -> dict[str, float]:
    """One review of ``record`` in slices: wall time, longest slice, units, moves judged."""
    from pyengine.review import Reviewer

    reviewer = Reviewer.from_record(record, game_id, budget=budget)
    longest = 0.0
    started = time.perf_counter()
    while not reviewer.done:
        before = time.perf_counter()
        reviewer.step(SLICE_UNITS)
        longest = max(longest, time.perf_counter() - before)
    seconds = time.perf_counter() - started
    result = reviewer.result()
    marks = sum(1 for move in result.moves if move.mark in ("inaccuracy", "mistake", "blunder"))
    return {
        "seconds": seconds,
        "longest_slice_ms": longest * 1000.0,
        "units": reviewer.units,
        "judged": reviewer.total,
        "moves": len(result.moves),
        "marked": marks,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument(
        "--budget", action="append", default=[], metavar="GAME=N", help="a game's budget"
    )
    parser.add_argument("--game", action="append", default=[], help="only these games")
    arguments = parser.parse_args(argv)
    budgets = {}
    for item in arguments.budget:
        name, _, value = item.partition("=")
        budgets[name] = int(value)
    names = arguments.game or list(GAMES)
    times: dict[str, list[float]] = {name: [] for name in names}
    details: dict[str, dict[str, float]] = {}
    for round_number in range(arguments.rounds):
        order = names if round_number % 2 == 0 else list(reversed(names))
        for name in order:
            game_id, record = GAMES[name]
            figures = review_once(game_id, record, budgets.get(name))
            times[name].append(figures["seconds"])
            details[name] = figures
            print(f"round {round_number + 1} {name}: {figures['seconds']:.1f} s", flush=True)
    print()
    header = (
        f"{'game':<16} {'moves':>5} {'judged':>6} {'marked':>6} {'CPython median':>14} "
        f"{'range':>13} {'longest slice':>13} {'Pyodide est.':>12}  goal {GOAL_S:.0f} s"
    )
    print(header)
    print("-" * len(header))
    for name in names:
        median = statistics.median(times[name])
        low, high = min(times[name]), max(times[name])
        estimate = median * PYODIDE_RATIO
        figures = details[name]
        print(
            f"{name:<16} {figures['moves']:>5.0f} {figures['judged']:>6.0f} "
            f"{figures['marked']:>6.0f} {median:>12.1f} s {low:>5.1f}–{high:<5.1f} s "
            f"{figures['longest_slice_ms']:>10.0f} ms {estimate:>10.1f} s  "
            f"{'met' if estimate <= GOAL_S else 'MISSED'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
