"""Computer player strength and think time: seat-swapped matches in CPython, per game.

    python bench/ai.py [--games N] [--games-hard N] [--game ID ...] [--seed S]
                       [--markdown PATH] [--json PATH] [--cache PATH | --fresh] [--row MATCH]
    python bench/ai.py --gauntlet [--quick] [...the same options]

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

With --gauntlet it plays the gauntlet table instead: every level (easy, medium, hard) against
every outside opponent of the game (the game's gauntlet module, pyengine/games/<game>/gauntlet.py:
searches of other kinds than ours; Fight the Virus's hand-written greedy player), seat-swapped,
on the default options, Virus War also on 8×8 and 12×12 and Virus Fight also with three
players (the level against two of the opponent). Targets: hard scores >= 90% with the lower
end of its interval >= 75%, medium >= 70%, and hard at least as much as medium, against every
opponent. --quick plays 6 games per row on the default options only (a first look, not a
verdict).

Each row is printed as soon as it finishes (the per-game progress goes to stderr), and kept
in a cache file (default .cache/bench_ai.json) under a key made of the row, the seed, the
number of games and a hash of the engine's AI code and the game's code: run the same
command again after an interruption and the finished rows are reused (--fresh ignores them).
--row plays only the rows so described; several runs may share one cache file (each adds its
rows to what is there), so rows can be played side by side, one process per core, and a last
run without --row prints the whole table from the cache.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
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

LEVELS = ("easy", "medium", "hard")
GAUNTLET_SIZES = {"virus-war": ({"size": 8}, {"size": 12})}
"""Options the gauntlet also plays besides the defaults."""
HARD_VS_OUTSIDE = 0.90
HARD_VS_OUTSIDE_LOW = 0.75
MEDIUM_VS_OUTSIDE = 0.70
QUICK_GAMES = 6


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


def outside_opponents(game_id: str) -> tuple[str, ...]:
    from pyengine.ai import benchmark_kinds

    if game_id == "fight-the-virus":
        return ("greedy",)  # its hand-written player, one of the game's own kinds
    return benchmark_kinds(game_id)


def gauntlet_rows_for(game_id: str, quick: bool) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every level against every outside opponent: default options first, then the others."""
    rows: list[tuple[tuple[str, ...], dict[str, Any]]] = []
    variants: list[dict[str, Any]] = [{}]
    if not quick:
        variants += [dict(options) for options in GAUNTLET_SIZES.get(game_id, ())]
    for options in variants:
        for opponent in outside_opponents(game_id):
            rows += [((level, opponent), dict(options)) for level in LEVELS]
    if not quick and game_id in THREE_PLAYERS:
        for opponent in outside_opponents(game_id):
            rows += [
                ((level, opponent, opponent), dict(THREE_PLAYERS[game_id])) for level in LEVELS
            ]
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


def store(path: Path, key: str, row: dict[str, Any]) -> None:
    """Add one row to the cache file, merged with what other runs wrote there meanwhile."""
    cache: dict[str, Any] = {}
    if path.is_file():
        try:
            cache = json.loads(path.read_text())
        except ValueError:
            cache = {}
    cache[key] = row
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps(cache, indent=1))
    temporary.replace(path)


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


def gauntlet_verdicts(rows: list[dict[str, Any]]) -> list[str]:
    """The gauntlet's targets, row by row, then hard against medium per opponent."""
    out = []
    scores: dict[tuple[str, str, str], dict[str, float]] = {}
    for row in rows:
        level, opponent = row["kinds"][0], row["kinds"][1]
        where = describe(tuple(row["kinds"][1:]), row["options"])
        scores.setdefault((row["game"], opponent, where), {})[level] = row["score"]
        low, _ = row["interval"]
        if level == "hard":
            met = row["score"] >= HARD_VS_OUTSIDE and low >= HARD_VS_OUTSIDE_LOW
            target = f">= {HARD_VS_OUTSIDE:.0%}, interval from {HARD_VS_OUTSIDE_LOW:.0%}"
        elif level == "medium":
            met = row["score"] >= MEDIUM_VS_OUTSIDE
            target = f">= {MEDIUM_VS_OUTSIDE:.0%}"
        else:
            continue
        out.append(
            f"{row['game']}: {describe(tuple(row['kinds']), row['options'])} {target}: "
            f"{'met' if met else 'MISSED'} ({row['score']:.0%} over {row['games']} games, "
            f"95% CI {low:.0%}-{row['interval'][1]:.0%})"
        )
    for (game, _, where), by_level in scores.items():
        if "hard" in by_level and "medium" in by_level:
            met = by_level["hard"] >= by_level["medium"]
            out.append(
                f"{game}: hard >= medium against {where}: {'met' if met else 'MISSED'} "
                f"({by_level['hard']:.0%} against {by_level['medium']:.0%})"
            )
    return out


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
    parser.add_argument(
        "--row",
        action="append",
        metavar="MATCH",
        help='only the row so described, e.g. "hard vs mobility2 (size=8)" (repeatable)',
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
    parser.add_argument(
        "--gauntlet", action="store_true", help="every level against the outside opponents"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"with --gauntlet: {QUICK_GAMES} games per row, defaults only",
    )
    arguments = parser.parse_args(argv)
    if arguments.quick and not arguments.gauntlet:
        parser.error("--quick goes with --gauntlet")
    if arguments.quick:
        arguments.games = QUICK_GAMES
    games_hard = arguments.games_hard or arguments.games
    started = time.perf_counter()

    cache: dict[str, Any] = {}
    if arguments.cache.is_file() and not arguments.fresh:
        try:
            cache = json.loads(arguments.cache.read_text())
        except ValueError:
            cache = {}

    header = (
        f"{'Gauntlet: ' if arguments.gauntlet else ''}"
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
        table = (
            gauntlet_rows_for(game_id, arguments.quick) if arguments.gauntlet else rows_for(game_id)
        )
        for kinds, options in table:
            if arguments.row and describe(kinds, options) not in arguments.row:
                continue
            games = games_hard if "hard" in kinds else arguments.games
            key = json.dumps([game_id, kinds, options, games, arguments.seed, fingerprint])
            row = cache.get(key)
            reused = row is not None
            if row is None:
                row = run_row(game_id, kinds, options, games, arguments.seed)
                cache[key] = row
                store(arguments.cache, key, row)
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
    played = sum(row["seconds"] for row in rows) / 60
    print(
        f"{len(rows)} rows in {(time.perf_counter() - started) / 60:.1f} min"
        f" ({played:.1f} min of play, cached rows included)"
    )
    print("Targets:")
    results = gauntlet_verdicts(rows) if arguments.gauntlet else verdicts(rows)
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
