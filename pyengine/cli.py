"""The command line: ``python -m pyengine <command>`` (standard library only).

Commands:

* ``games`` — the games, their options and computer players;
* ``match <game> --players hard,random --games 20`` — a seat-rotated match between computer
  players: wins, draws and losses per kind, the win rate with its 95% Wilson interval, and
  the think time per decision (mean and 95th percentile); ``--json`` for machine output;
* ``play <game> [--bot medium] [--seat 1]`` — play a computer player in the terminal: type
  moves in the game's notation, ``moves`` (or ``help``), ``undo``, ``quit``;
* ``review RECORD_FILE [--budget N] [--json]`` — the computer's review of a game record (or a
  saved game's JSON): every move with its mark, the mover's chance before and after it and
  the better move, then each player's marks and accuracy (:mod:`pyengine.review`).

Options of the game are given as ``--option name=value`` (repeatable), for example
``python -m pyengine play zebra --option size=5 --option setup=hole``.

>>> import io
>>> out = io.StringIO()
>>> main(["play", "zebra", "--option", "size=4", "--bot", "random"],
...      stdin=io.StringIO("a9-a8\\nquit\\n"), stdout=out)
0
>>> print(out.getvalue().split("> ")[1].strip())
illegal: ...
>>> out.getvalue().rstrip().endswith("Bye.")
True
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from pyengine.core.errors import EngineError
from pyengine.core.game import Action, Game, State
from pyengine.core.registry import games as registered_games
from pyengine.core.registry import get_game

__all__ = ["main"]

SLICE_MS = 50.0
"""The bot thinks in slices of this many milliseconds, as the web page drives it."""

LIST_LIMIT = 60
"""``moves`` lists at most this many actions (Virus Fight's setups number in the 100,000s)."""


class UsageError(Exception):
    """A mistake on the command line: printed as ``error: ...`` with exit status 2."""


# -- options and games ------------------------------------------------------------------------


def parse_options(game: Game, items: Sequence[str]) -> dict[str, object]:
    """``["size=4", "setup=hole"]`` → ``{"size": 4, "setup": "hole"}``, each value read by the
    option's own text parser (unknown names are left to the schema's check)."""
    options: dict[str, object] = {}
    for item in items:
        for part in item.split(","):
            if not part.strip():
                continue
            name, sep, value = part.partition("=")
            name, value = name.strip(), value.strip()
            if not sep or not name:
                raise UsageError(f"an option is written name=value, not {part!r}")
            if name in game.options:
                options[name] = game.options[name].parse_text(value)
            else:
                options[name] = value
    game.options.validate(options)  # unknown names and conflicts raise OptionError here
    return options


def describe_options(values: dict[str, object]) -> str:
    return ", ".join(f"{name}={value}" for name, value in values.items())


# -- games ------------------------------------------------------------------------------------


def command_games(arguments: argparse.Namespace, out: TextIO) -> int:
    from pyengine.ai import benchmark_kinds, player_kinds

    documents = []
    for game in registered_games():
        info = game.info()
        try:
            info["computer_players"] = list(player_kinds(game.id))
            info["benchmark_opponents"] = list(benchmark_kinds(game.id))
        except Exception:  # noqa: BLE001 (a game whose AI module fails still gets listed)
            info["computer_players"] = []
        documents.append(info)
    if arguments.json:
        out.write(json.dumps(documents, indent=2) + "\n")
        return 0
    for game, info in zip(registered_games(), documents, strict=True):
        players = info["players"]
        count = (
            str(players["min"])
            if players["min"] == players["max"]
            else f"{players['min']}-{players['max']}"
        )
        out.write(f"{game.id}  {game.name}  ({count} players)\n")
        for option in game.options:
            default = option.format_text(option.default) or "(empty)"
            out.write(f"    --option {option.name}=...  default {default}; {option.allowed()}")
            out.write(f"  ({option.label})\n" if option.label else "\n")
        if info["computer_players"]:
            out.write(f"    computer players: {', '.join(info['computer_players'])}\n")
    return 0


# -- match ------------------------------------------------------------------------------------


def command_match(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pyengine.ai import benchmark_kinds, player_kinds
    from pyengine.ai.arena import play_match

    game = get_game(arguments.game)
    kinds = [kind.strip() for kind in arguments.players.split(",") if kind.strip()]
    if len(kinds) < 1:
        raise UsageError("--players needs at least one kind, such as hard,random")
    known = player_kinds(game.id) + benchmark_kinds(game.id)
    for kind in kinds:
        if kind not in known:
            raise UsageError(
                f"unknown computer player {kind!r} for {game.id}; one of {', '.join(known)}"
            )
    options = parse_options(game, arguments.option)
    if "players" in game.options and "players" not in options:
        options["players"] = len(kinds)  # match virus-fight --players medium,random,random
    seats = game.new_initial_state(options).num_players
    if seats != len(kinds):
        raise UsageError(
            f"{game.id} with these options has {seats} seats, but --players names "
            f"{len(kinds)} kinds"
        )
    if arguments.games < 1:
        raise UsageError("--games must be at least 1")
    started = time.perf_counter()

    def progress(record: Any) -> None:
        if arguments.quiet:
            return
        winners = ", ".join(f"seat {seat + 1} ({record.seats[seat]})" for seat in record.winners)
        progress.count += 1  # type: ignore[attr-defined]
        err.write(
            f"game {progress.count}/{arguments.games}: "  # type: ignore[attr-defined]
            f"{' vs '.join(record.seats)}: {('won by ' + winners) if winners else 'draw'}"
            f" after {record.actions} actions\n"
        )
        err.flush()

    progress.count = 0  # type: ignore[attr-defined]
    summary = play_match(
        game.id,
        kinds,
        games=arguments.games,
        options=options,
        seed=arguments.seed,
        progress=progress,
    )
    seconds = time.perf_counter() - started
    if arguments.json:
        document = summary.to_json()
        document["options"] = options
        document["seed"] = arguments.seed
        document["seconds"] = round(seconds, 1)
        out.write(json.dumps(document) + "\n")
        return 0
    out.write(match_table(summary, options, arguments.seed, seconds))
    return 0


def match_table(summary: Any, options: dict[str, object], seed: int, seconds: float) -> str:
    """The result table of a :class:`~pyengine.ai.arena.MatchSummary`."""
    shown = describe_options(options) or "default options"
    lengths = summary.lengths or [0]
    lines = [
        (
            f"{summary.game_id} ({shown}), {summary.games} games, seats rotated, seed {seed}, "
            f"{sum(lengths) / len(lengths):.0f} actions per game, {seconds:.1f} s"
        ),
        "",
    ]
    header = (
        f"{'kind':<10} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6}  {'score':>5}  "
        f"{'95% CI':<14}  {'think mean':>10}  {'p95':>9}"
    )
    lines.append(header)
    lines.append("-" * len(header))
    seen: set[str] = set()
    for index, kind in enumerate(summary.kinds):
        if kind in seen:  # the same kind in two seats: one row is enough
            continue
        seen.add(kind)
        rate, low, high = summary.rate(index)
        mean, p95 = summary.think(kind)
        lines.append(
            f"{kind:<10} {summary.games:>5} {summary.wins[index]:>5} {summary.draws:>5} "
            f"{summary.losses[index]:>6}  {rate:>5.3f}  [{low:.3f}, {high:.3f}]  "
            f"{mean:>7.1f} ms  {p95:>6.1f} ms"
        )
    lines.append("")
    lines.append("score = (wins + draws/2) / games; think = time per decision")
    return "\n".join(lines) + "\n"


# -- play -------------------------------------------------------------------------------------


HELP = """commands:
  MOVE          play a move in the game's notation ({examples})
  moves, help   list the legal moves
  random        play a random legal move (in Virus Fight's setup: a random secret program)
  undo          take back your last move (and the computer's replies)
  board         show the position again
  quit          leave the game (also end of input)
"""


class Terminal:
    """A game between one person (``human`` seat, or ``None`` to watch) and computer players
    on the other seats, through text streams."""

    def __init__(
        self,
        game: Game,
        options: dict[str, object],
        bot: str,
        human: int | None,
        seed: int,
        stdin: TextIO,
        out: TextIO,
    ) -> None:
        from pyengine.ai import make_player

        self.game = game
        self.state: State = game.new_initial_state(options)
        self.human = human
        self.bot = bot
        self.stdin = stdin
        self.out = out
        self.rng = random.Random(seed)
        self.bots = {
            seat: make_player(game.id, bot, seed=seed * 101 + seat)
            for seat in range(self.state.num_players)
            if seat != human
        }
        self.movers: list[int | None] = []  # the seat of each action applied here, for undo

    # -- texts ----------------------------------------------------------------------------

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def seat_label(self, seat: int) -> str:
        name = self.state.seat_name(seat)
        base = f"seat {seat + 1}" + (f" {name}" if name and name != f"P{seat + 1}" else "")
        return f"{base} (you)" if seat == self.human else f"{base} ({self.bot})"

    def show(self) -> None:
        state = self.state
        self.write()
        diagram = state.diagram()
        if diagram:
            self.write(diagram)
        for line in state.status_lines(self.seat_label):
            self.write(line)
        if not state.is_secret():
            self.write(f"position: {state.position_text()}")
        if not state.is_terminal():
            count = len(state.legal_actions())
            moves = (
                ""
                if count > 12 or state.is_secret()
                else (": " + " ".join(str(action) for action in state.legal_actions()))
            )
            self.write(
                f"to move: {self.seat_label(state.current_player())}; "
                f"{count} legal move{'s' if count != 1 else ''}{moves}"
            )

    def list_moves(self) -> None:
        state = self.state
        summary = state.actions_summary()
        if summary is not None:
            self.write(f"{summary} (or type random)")
            return
        legal = state.legal_actions()
        shown = [str(action) for action in legal[:LIST_LIMIT]]
        more = f" ... ({len(legal)} in all)" if len(legal) > LIST_LIMIT else ""
        self.write(f"legal moves ({len(legal)}): {' '.join(shown)}{more}")

    def result_text(self) -> str:
        result = self.state.result()
        if result is None:
            return "The game is not over."
        scores = "-".join(str(score) for score in result.scores)
        details = ", ".join(
            part
            for part in (
                f"reason {result.reason}" if result.reason else "",
                f"ending {result.ending}" if result.ending else "",
                f"scores {scores}" if result.scores else "",
            )
            if part
        )
        if not result.winners:
            return f"Game over: a draw ({details})."
        winners = " and ".join(self.seat_label(seat) for seat in result.winners)
        verb = "wins" if len(result.winners) == 1 else "win"
        return f"Game over: {winners} {verb} ({details})."

    # -- turns -----------------------------------------------------------------------------

    def bot_move(self, seat: int) -> None:
        thinking = self.bots[seat].think(self.state)
        started = time.perf_counter()
        while not thinking.step(SLICE_MS):  # slices, as the page drives the search
            pass
        action = thinking.action
        elapsed = (time.perf_counter() - started) * 1000.0
        secret = self.state.is_secret()
        self.state.apply(action)
        self.movers.append(seat)
        shown = "its secret program" if secret else str(action)
        self.write(f"{self.seat_label(seat)} plays {shown}  [{elapsed:.0f} ms]")

    def human_move(self, text: str) -> bool:
        """Apply ``text`` for the human; False (after saying why) when it is not legal."""
        state = self.state
        try:
            if text == "random":
                action: Action | str = self.rng.choice(state.legal_actions())
            else:
                action = text
            secret = state.is_secret()
            state.apply(action)
        except EngineError as error:
            self.write(f"illegal: {error}")
            return False
        except Exception as error:  # noqa: BLE001 (never a traceback for a typed move)
            self.write(f"could not read {text!r}: {error}")
            return False
        self.movers.append(self.human)
        if secret or text == "random":
            self.write(f"you play {state.history[-1]}")
        return True

    def undo(self) -> None:
        if self.human not in self.movers:
            self.write("nothing to undo")
            return
        while self.movers:
            seat = self.movers.pop()
            self.state.undo()
            if seat == self.human:
                break
        self.write("took back your last move")

    def run(self) -> int:
        state = self.state
        examples = ", ".join(str(action) for action in state.legal_actions()[:2])
        self.write(
            f"{self.game.name}: you are {self.seat_label(self.human)}"
            if self.human is not None
            else f"{self.game.name}: watching"
        )
        self.write("type a move, or help, undo, quit")
        while not state.is_terminal():
            seat = state.current_player()
            if seat in self.bots:
                self.bot_move(seat)
                continue
            self.show()
            while True:
                self.out.write("> ")
                self.out.flush()
                line = self.stdin.readline()
                if not line:  # end of input
                    self.write()
                    self.write("Bye.")
                    return 0
                text = line.strip()
                if not text:
                    continue
                command = text.lower()
                if command in ("quit", "exit", "q"):
                    self.write("Bye.")
                    return 0
                if command in ("help", "?"):
                    self.write(HELP.format(examples=examples).rstrip())
                    self.list_moves()
                    continue
                if command in ("moves", "legal"):
                    self.list_moves()
                    continue
                if command == "board":
                    self.show()
                    continue
                if command == "undo":
                    self.undo()
                    break
                if self.human_move(text):
                    break
        self.show()
        self.write(self.result_text())
        return 0


def command_play(arguments: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from pyengine.ai import benchmark_kinds, player_kinds

    game = get_game(arguments.game)
    known = player_kinds(game.id) + benchmark_kinds(game.id)
    if arguments.bot not in known:
        raise UsageError(
            f"unknown computer player {arguments.bot!r} for {game.id}; one of {', '.join(known)}"
        )
    options = parse_options(game, arguments.option)
    if "seed" in game.options and "seed" not in options:
        # games with dice or a random tie-break: a fresh game each time, shown for replays
        options["seed"] = random.SystemRandom().randrange(2**31)
        out.write(f"(game seed {options['seed']}; replay with --option seed={options['seed']})\n")
    seats = game.new_initial_state(options).num_players
    if not 1 <= arguments.seat <= seats:
        raise UsageError(f"--seat must be 1 to {seats} for these options")
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(2**31)
    terminal = Terminal(game, options, arguments.bot, arguments.seat - 1, seed, stdin, out)
    return terminal.run()


# -- review -----------------------------------------------------------------------------------


def command_review(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pyengine.review import Reviewer

    if arguments.budget is not None and arguments.budget < 1:
        raise UsageError("--budget must be at least 1")
    try:
        with open(arguments.record, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {arguments.record}: {error}") from error
    if arguments.game is not None:
        get_game(arguments.game)  # an unknown id is an error of its own
    reviewer = Reviewer.from_record(text, arguments.game, budget=arguments.budget)
    if not arguments.json and reviewer.total:
        err.write(f"reviewing {reviewer.total} moves...\n")
        err.flush()
    result = reviewer.finish()
    if arguments.json:
        out.write(json.dumps(result.to_json()) + "\n")
    else:
        out.write(result.text())
    return 0


# -- entry point ------------------------------------------------------------------------------


def _add_option_argument(command: argparse.ArgumentParser) -> None:
    """The repeatable ``--option NAME=VALUE`` of the commands that start games."""
    command.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pyengine",
        description="Virus Games engine: list games, run matches between computer players, "
        "play a computer player in the terminal, review a game.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")

    games = commands.add_parser("games", help="list the games, their options and players")
    games.add_argument("--json", action="store_true", help="machine-readable output")

    match = commands.add_parser("match", help="a seat-rotated match between computer players")
    match.add_argument("game", help="game id (see the games command)")
    match.add_argument(
        "--players", required=True, help="comma-separated kinds, one per seat, such as hard,random"
    )
    match.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    match.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    _add_option_argument(match)
    match.add_argument("--json", action="store_true", help="print the summary as JSON")
    match.add_argument("--quiet", "-q", action="store_true", help="no per-game progress lines")

    play = commands.add_parser("play", help="play a computer player in the terminal")
    play.add_argument("game", help="game id (see the games command)")
    play.add_argument("--bot", default="medium", help="the computer player's kind (medium)")
    play.add_argument("--seat", type=int, default=1, help="your seat, 1-based (default 1)")
    play.add_argument("--seed", type=int, default=None, help="the computer player's seed")
    _add_option_argument(play)

    review = commands.add_parser("review", help="the computer's review of a game record")
    review.add_argument("record", help="a game record file (or a saved game's JSON)")
    review.add_argument(
        "--budget", type=int, default=None, help="search budget per position (game's default)"
    )
    review.add_argument("--game", default=None, help="the record's game id (else guessed)")
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run a command; returns the exit status (0 success, 2 a usage or option error)."""
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = build_parser()
    try:
        arguments = parser.parse_args(argv)
    except SystemExit as leaving:  # --help or a usage error (argparse printed it)
        return int(leaving.code or 0)
    try:
        if arguments.command == "games":
            return command_games(arguments, out)
        if arguments.command == "match":
            return command_match(arguments, out, err)
        if arguments.command == "review":
            return command_review(arguments, out, err)
        return command_play(arguments, stdin, out)
    except (UsageError, EngineError) as error:
        err.write(f"error: {error}\n")
        return 2
    except KeyboardInterrupt:
        out.write("\n")
        return 130
