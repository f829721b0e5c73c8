"""The puzzle generator's command line (docs/PUZZLES.md). From the repository's root:

    PYTHONPATH=web/tools .venv/bin/python -m puzzles zebra --seed 1 --count 75 \
        --out web/puzzles/zebra.json

mines, proves, measures and writes one game's file; ``--check FILE...`` re-proves files instead.
"""

from __future__ import annotations

import argparse
import sys

from puzzles import GAMES, ProofError, game_module
from puzzles.difficulty import DEFAULT_TRIES
from puzzles.format import PuzzleFormatError, load, write
from puzzles.mine import generate


def _tries(text: str) -> dict[str, int]:
    tries: dict[str, int] = {}
    for item in text.split(","):
        level, _, number = item.partition("=")
        if level not in DEFAULT_TRIES or not number.isdigit():
            raise argparse.ArgumentTypeError(f"not level=number: {item!r}")
        tries[level] = int(number)
    return tries


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m puzzles", description=__doc__.split("\n")[0])
    parser.add_argument(
        "game", nargs="?", choices=sorted(GAMES), help="the game to make puzzles for"
    )
    parser.add_argument("--seed", type=int, default=1, help="the seed of everything random")
    parser.add_argument("--count", type=int, default=None, help="puzzles in the file")
    parser.add_argument(
        "--tries", type=_tries, default=None, help="tries per level, e.g. random=8,easy=4"
    )
    parser.add_argument("--out", default=None, help="the file to write (default: print)")
    parser.add_argument("--check", nargs="+", metavar="FILE", help="re-prove puzzle files")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.check:
        for path in args.check:
            try:
                loaded = load(path)
                module = game_module(loaded["game"])
                for puzzle in loaded["puzzles"]:
                    module.prove(puzzle)
            except (PuzzleFormatError, ProofError) as error:
                print(f"{path}: {error}", file=sys.stderr)
                return 1
            print(f"{path}: {len(loaded['puzzles'])} puzzles proven")
        return 0
    if args.game is None:
        parser.error("name a game (or --check files)")
    made = generate(
        args.game,
        seed=args.seed,
        count=args.count,
        tries=args.tries,
        out=args.out or "",
        log=None if args.quiet else _log,
    )
    if args.out:
        write(args.out, made)
    else:
        from puzzles.format import dumps

        sys.stdout.write(dumps(made))
    return 0


if __name__ == "__main__":
    sys.exit(main())
