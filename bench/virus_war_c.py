"""A refereed Virus War match against an outside program: mustitz/virus-war, a C engine with
Monte Carlo tree search, on our `last-move-wins` variant.

    python bench/virus_war_c.py [--engine PATH] [--level hard] [--games 40] [--size 10]
                                [--qthink 6291456] [--seed 1] [--json PATH]

The C engine is fetched and built outside this repository (it is GPL; never vendored):

    apt-get install -y autoconf automake libtool
    git clone https://github.com/mustitz/virus-war && cd virus-war && git checkout 84fb331
    autoreconf -vis && ./configure && make        # the binary: sources/virus-war

`--engine` (or the environment's VIRUS_WAR_C_ENGINE) names the binary; without it the script
says so and exits with status 0 (CI does not need it).

Our engine referees. The C engine's rules are ours in `last-move-wins` as long as nobody passes
or plays a short turn: three steps a turn, and a player who cannot make three successive
steps has no move and loses. So at every turn start the referee
  1. compares both engines' boards (the C engine's `status`; its fortress letters are the
     other way round from ours; both name the files without j, `abcdefghikl`, as the
     original does), and stops the match on any difference;
  2. adjudicates: the side to move loses when it has no full three-step turn, unless a
     shorter turn eliminates the other side (then it wins, as in our rules);
  3. lets the side to move play: the C engine's `ai go` (its steps checked against our legal
     steps: an illegal one loses), or our level step by step (a pass or a short turn while a
     full turn exists loses), every step sent to both sides.
Seats alternate (our level plays Crosses, who starts, in the even games). Each game prints
one JSON line; the end prints W-L, the score with its 95 % Wilson interval and both sides'
CPU seconds a turn (ours: this process's CPU time; the C engine's: its own, from /proc).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pyengine
from pyengine.ai.arena import wilson
from pyengine.ai.players import make_player

C_FORTRESS = {"x": "o", "o": "x"}  # the C engine's fortress letter -> ours
DEFAULT_QTHINK = 6291456
TICKS = os.sysconf("SC_CLK_TCK")


class SyncError(RuntimeError):
    """The two engines disagree: a board, or a step the C engine refused."""


class CEngine:
    """The C engine as a child process, read up to each `ping`'s `pong`."""

    def __init__(self, path: str, size: int, seed: int, qthink: int) -> None:
        self.process = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
        )
        self.pings = 0
        for command in (f"new {size}", f"srand {seed}", "set ai mcts", f"set ai.qthink {qthink}"):
            if self.ask(command):
                raise SyncError(f"the C engine did not take {command!r}")

    def ask(self, command: str) -> list[str]:
        """The lines the C engine prints for ``command`` (colour codes removed)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.pings += 1
        self.process.stdin.write(f"{command}\nping {self.pings}\n")
        self.process.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SyncError(f"the C engine stopped after {command!r}: {lines}")
            line = strip_colours(line.rstrip("\n"))
            if line == f"pong {self.pings}":
                return lines
            lines.append(line)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime

    def board(self) -> list[str]:
        """The rows of the board, top row first, in our letters."""
        rows = []
        for line in self.ask("status"):
            parts = line.split("|")
            if len(parts) == 2 and parts[0].strip().isdigit():
                rows.append("".join(C_FORTRESS.get(c, c) for c in parts[1].strip()))
        return rows

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def strip_colours(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b":
            end = text.find("m", i)
            i = len(text) if end < 0 else end + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def our_board(state: Any) -> list[str]:
    return state.position_text().split()[0].split("/")


def steps_of(state: Any) -> list[Any]:
    return [action for action in state.legal_actions() if str(action) != "pass"]


def turn_outlook(state: Any) -> tuple[bool, bool]:
    """(a full three-step turn exists, a turn of at most three steps eliminates the enemy)."""
    mover = state.current_player()
    full = False
    wins = False

    def explore(node: Any, left: int) -> None:
        nonlocal full, wins
        for step in steps_of(node):
            child = node.clone()
            child.apply(step)
            if child.is_terminal():
                result = child.result()
                if result is not None and mover in result.winners:
                    wins = True
                continue
            if left == 1:
                full = True
            else:
                explore(child, left - 1)
            if full and wins:
                return

    explore(state, 3)
    return full, wins


def play_game(engine_path: str, index: int, args: argparse.Namespace) -> dict[str, Any]:
    game = pyengine.get_game("virus-war")
    state = game.new_initial_state({"size": args.size, "variant": "last-move-wins"})
    seed = args.seed * 1000 + index
    ours = index % 2  # the seat our level plays: Crosses (0) in the even games
    player = make_player("virus-war", args.level, seed=seed)
    engine = CEngine(engine_path, args.size, seed, args.qthink)
    cpu = {"ours": 0.0, "c": 0.0}
    turns = {"ours": 0, "c": 0}
    winner, reason = None, None
    try:
        while winner is None:
            if state.is_terminal():
                result = state.result()
                winner = "ours" if result and ours in result.winners else "c"
                reason = "eliminated"
                break
            board = engine.board()
            if board != our_board(state):
                raise SyncError(f"boards differ at ply {len(state.history)}: {board}")
            mover = state.current_player()
            side = "ours" if mover == ours else "c"
            full, wins = turn_outlook(state)
            if not full:
                winner = side if wins else ("c" if side == "ours" else "ours")
                reason = "a short turn eliminates the enemy" if wins else "no full turn"
                break
            turns[side] += 1
            if side == "ours":
                played = []
                started = time.process_time()
                while state.current_player() == mover and not state.is_terminal():
                    action = player.choose(state)
                    if str(action) == "pass":
                        break
                    state.apply(action)
                    played.append(str(action))
                cpu["ours"] += time.process_time() - started
                if len(played) < 3 and not state.is_terminal():
                    winner, reason = "c", f"our side played {len(played)} steps and passed"
                    break
                refused = engine.ask("step " + " ".join(played))
                if refused:
                    raise SyncError(f"the C engine refused {played}: {refused}")
            else:
                before = engine.cpu_seconds()
                lines = engine.ask("ai go")
                cpu["c"] += engine.cpu_seconds() - before
                steps = [word for line in lines for word in line.split()]
                for step in steps:
                    legal = {str(action): action for action in steps_of(state)}
                    if step not in legal or state.current_player() != mover:
                        winner, reason = "ours", f"the C engine's step {step} is not legal"
                        break
                    state.apply(legal[step])
                if winner is None and len(steps) < 3 and not state.is_terminal():
                    winner, reason = "ours", f"the C engine played {steps}"
    finally:
        engine.close()
    return {
        "game": index,
        "size": args.size,
        "level": args.level,
        "qthink": args.qthink,
        "our_seat": "crosses" if ours == 0 else "noughts",
        "winner": winner,
        "reason": reason,
        "plies": len(state.history),
        "our_cpu_s_per_turn": round(cpu["ours"] / max(turns["ours"], 1), 3),
        "c_cpu_s_per_turn": round(cpu["c"] / max(turns["c"], 1), 3),
        "turns": turns,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.environ.get("VIRUS_WAR_C_ENGINE"))
    parser.add_argument("--level", default="hard", help="our level (easy, medium, hard)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--size", type=int, default=10, help="6..11 (the C engine's largest)")
    parser.add_argument("--qthink", type=int, default=DEFAULT_QTHINK, help="the C budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also append each game's line to this file")
    args = parser.parse_args(argv)
    if not args.engine or not Path(args.engine).is_file():
        print(
            "virus_war_c: no C engine (pass --engine PATH or set VIRUS_WAR_C_ENGINE; "
            "how to build it: the top of bench/virus_war_c.py); nothing to do"
        )
        return 0
    if not 6 <= args.size <= 11:
        parser.error("--size must be 6..11: our boards start at 6, the C engine's end at 11")
    rows = []
    for index in range(args.games):
        row = play_game(args.engine, index, args)
        rows.append(row)
        line = json.dumps(row)
        print(line, flush=True)
        if args.json:
            with args.json.open("a") as handle:
                handle.write(line + "\n")
    wins = sum(row["winner"] == "ours" for row in rows)
    rate, low, high = wilson(wins, len(rows))
    ours = sum(r["our_cpu_s_per_turn"] * r["turns"]["ours"] for r in rows)
    theirs = sum(r["c_cpu_s_per_turn"] * r["turns"]["c"] for r in rows)
    our_turns = sum(r["turns"]["ours"] for r in rows) or 1
    their_turns = sum(r["turns"]["c"] for r in rows) or 1
    print(
        f"{args.level} vs C engine (qthink {args.qthink}), {args.size}x{args.size} "
        f"last-move-wins: {wins}-{len(rows) - wins}, score {rate:.2f} "
        f"(95% interval {low:.2f}-{high:.2f}); CPU s/turn: ours {ours / our_turns:.2f}, "
        f"C {theirs / their_turns:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
