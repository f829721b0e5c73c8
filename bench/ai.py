"""Computer player strength and think time: seat-swapped matches in CPython, per game.

    python bench/ai.py [--games N] [--games-hard N] [--game ID ...] [--seed S]
                       [--markdown PATH] [--json PATH] [--cache PATH | --fresh]

For every game, on its default options (two players), it plays each level against "random"
and against the level below: easy-random, medium-random, hard-random, medium-easy and
hard-medium; Virus Fight also with three players (each level against two randoms, a row of
its own). Seats rotate between games, so every kind plays every seat equally often. A row
gives the number of games, the first kind's wins/draws/losses, its score rate ((wins +
draws/2) / games) with the 95% Wilson interval, and each kind's think time per decision
(mean and 95th percentile, wall clock, including any book move or hand-written choice).

Targets (printed at the end, met or missed): medium scores >= 95% against random in every
game; hard scores >= 65% against medium in the two-player games. A point estimate over a
few games says little: the interval says how much (20 games at 19/20 still allows 76%).

Each row is printed as soon as it finishes (the per-game progress goes to stderr), and kept
in a cache file (default .cache/bench_ai.json) under a key made of the row, the seed, the
number of games and a hash of the engine's AI code and the game's code: run the same
command again after an interruption and the finished rows are reused (--fresh ignores them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY))

GAMES = ("zebra", "virus-war", "virus-fight", "fight-the-virus")
PAIRS = (
    ("easy", "random"),
    ("medium", "random"),
    ("hard", "random"),
    ("medium", "easy"),
    ("hard", "medium"),
)
THREE_PLAYERS = {"virus-fight": {"players": 3}}
"""Games also measured with three seats: each level against two randoms."""

MEDIUM_VS_RANDOM = 0.95
HARD_VS_MEDIUM = 0.65


def code_hash(game_id: str) -> str:
    """A hash of the code a row depends on: the search, the players and the game."""
    digest = hashlib.sha256()
    folders = [
        REPOSITORY / "pyengine" / "ai",
        REPOSITORY / "pyengine" / "games" / game_id.replace("-", "_"),
    ]
    for folder in folders:
        for path in sorted(folder.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def rows_for(game_id: str) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    rows: list[tuple[tuple[str, ...], dict[str, Any]]] = [(pair, {}) for pair in PAIRS]
    if game_id in THREE_PLAYERS:
        for level in ("easy", "medium", "hard"):
            rows.append(((level, "random", "random"), dict(THREE_PLAYERS[game_id])))
    return rows


def describe(kinds: tuple[str, ...], options: dict[str, Any]) -> str:
    text = " vs ".join(kinds)
    if options:
        text += " (" + ", ".join(f"{key}={value}" for key, value in options.items()) + ")"
    return text


def run_row(
    game_id: str, kinds: tuple[str, ...], options: dict[str, Any], games: int, seed: int
) -> dict[str, Any]:
    """Play one row's match; its summary as JSON plus the time it took."""
    from pyengine.ai.arena import play_match

    started = time.perf_counter()
    count = 0

    def progress(record: Any) -> None:
        nonlocal count
        count += 1
        won = ",".join(record.seats[seat] for seat in record.winners) or "draw"
        sys.stderr.write(
            f"    {game_id} {describe(kinds, options)}: game {count}/{games} "
            f"({' '.join(record.seats)}) -> {won}, {record.actions} actions, "
            f"{time.perf_counter() - started:.0f} s\n"
        )
        sys.stderr.flush()

    summary = play_match(game_id, kinds, games=games, options=options, seed=seed, progress=progress)
    document = summary.to_json()
    document["options"] = options
    document["seconds"] = round(time.perf_counter() - started, 1)
    document["decisions"] = {kind: len(values) for kind, values in summary.think_ms.items()}
    return document


# -- the table --------------------------------------------------------------------------------

COLUMNS = (
    "game",
    "match",
    "games",
    "W-D-L",
    "score",
    "95% CI",
    "think (first) mean/p95",
    "think (second) mean/p95",
)


def cells(row: dict[str, Any]) -> list[str]:
    kinds = row["kinds"]
    first, second = kinds[0], kinds[1]

    def think(kind: str) -> str:
        mean, p95 = row["think_ms"].get(kind, [0.0, 0.0])
        return f"{kind} {mean:.0f}/{p95:.0f} ms"

    low, high = row["interval"]
    return [
        row["game"],
        describe(tuple(kinds), row["options"]),
        str(row["games"]),
        f"{row['wins'][0]}-{row['draws']}-{row['losses'][0]}",
        f"{row['score']:.2f}",
        f"[{low:.2f}, {high:.2f}]",
        think(first),
        think(second),
    ]


def text_line(values: list[str], widths: list[int]) -> str:
    return "  ".join(value.ljust(width) for value, width in zip(values, widths, strict=True))


WIDTHS = [15, 40, 5, 8, 5, 12, 24, 24]


def markdown(rows: list[dict[str, Any]], verdicts: list[str], header: str) -> str:
    lines = [
        header,
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "|".join("---" for _ in COLUMNS) + "|",
    ]
    lines += ["| " + " | ".join(cells(row)) + " |" for row in rows]
    lines += ["", "Targets:", ""] + [f"* {verdict}" for verdict in verdicts]
    return "\n".join(lines) + "\n"


def verdicts(rows: list[dict[str, Any]]) -> list[str]:
    out = []
    for row in rows:
        kinds = tuple(row["kinds"])
        target = None
        if kinds == ("medium", "random"):
            target = MEDIUM_VS_RANDOM
        elif kinds == ("hard", "medium"):
            target = HARD_VS_MEDIUM
        if target is None:
            continue
        low, high = row["interval"]
        met = row["score"] >= target
        sure = (
            "the interval clears it"
            if low >= target
            else "the interval rules it out"
            if high < target
            else "the interval is too wide to be sure"
        )
        out.append(
            f"{row['game']}: {' vs '.join(kinds)} >= {target:.0%}: "
            f"{'met' if met else 'MISSED'} ({row['score']:.0%} over {row['games']} games, "
            f"95% CI {low:.0%}-{high:.0%}; {sure})"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per row (default 20)")
    parser.add_argument(
        "--games-hard",
        type=int,
        default=None,
        help="games per row involving the hard level (default: --games)",
    )
    parser.add_argument(
        "--game", action="append", choices=GAMES, help="only this game (repeatable)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed of every row (default 1)")
    parser.add_argument("--markdown", type=Path, help="also write the table as Markdown")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON")
    parser.add_argument(
        "--cache",
        type=Path,
        default=REPOSITORY / ".cache" / "bench_ai.json",
        help="finished rows, reused when the code is unchanged",
    )
    parser.add_argument("--fresh", action="store_true", help="ignore cached rows")
    arguments = parser.parse_args(argv)
    games_hard = arguments.games_hard or arguments.games

    cache: dict[str, Any] = {}
    if arguments.cache.is_file() and not arguments.fresh:
        try:
            cache = json.loads(arguments.cache.read_text())
        except ValueError:
            cache = {}

    header = (
        f"CPython {sys.version.split()[0]}, seats rotated, seed {arguments.seed}, "
        f"{arguments.games} games per row ({games_hard} with the hard level), "
        f"{time.strftime('%Y-%m-%d')}"
    )
    print(header)
    print(text_line(list(COLUMNS), WIDTHS))
    sys.stdout.flush()
    rows: list[dict[str, Any]] = []
    for game_id in arguments.game or GAMES:
        fingerprint = code_hash(game_id)
        for kinds, options in rows_for(game_id):
            games = games_hard if "hard" in kinds else arguments.games
            key = json.dumps([game_id, kinds, options, games, arguments.seed, fingerprint])
            row = cache.get(key)
            reused = row is not None
            if row is None:
                row = run_row(game_id, kinds, options, games, arguments.seed)
                cache[key] = row
                arguments.cache.parent.mkdir(parents=True, exist_ok=True)
                temporary = arguments.cache.with_suffix(".tmp")
                temporary.write_text(json.dumps(cache, indent=1))
                temporary.replace(arguments.cache)
            rows.append(row)
            line = text_line(cells(row), WIDTHS)
            print(
                line
                + (
                    f"  ({row['seconds']:.0f} s, cached)"
                    if reused
                    else f"  ({row['seconds']:.0f} s)"
                )
            )
            sys.stdout.flush()
    print()
    print("Targets:")
    results = verdicts(rows)
    for verdict in results:
        print(f"  {verdict}")
    if arguments.markdown:
        arguments.markdown.write_text(markdown(rows, results, header))
        print(f"wrote {arguments.markdown}")
    if arguments.json:
        arguments.json.write_text(json.dumps({"header": header, "rows": rows}, indent=1))
        print(f"wrote {arguments.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
