"""The command line (``python -m pyengine``): match tables, terminal play, the games list."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.cli import main

REPOSITORY = Path(__file__).resolve().parents[1]


def run(argv, text=""):
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(text), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


# -- match ------------------------------------------------------------------------------------


def test_match_prints_a_table_with_the_number_of_games():
    status, out, err = run(
        [
            "match",
            "zebra",
            "--players",
            "easy,random",
            "--games",
            "2",
            "--option",
            "size=4",
            "--seed",
            "3",
        ]
    )
    assert status == 0
    assert "2 games" in out
    rows = {
        line.split()[0]: line.split()
        for line in out.splitlines()
        if line.split() and line.split()[0] in ("easy", "random")
    }
    assert set(rows) == {"easy", "random"}
    for kind, row in rows.items():
        games, wins, draws, losses = map(int, row[1:5])
        assert games == 2 and wins + draws + losses == 2, kind
    assert re.search(r"\[\d\.\d{3}, \d\.\d{3}\]", out)  # the 95% interval
    assert " ms" in rows["easy"][-1] or "ms" in out
    assert err.count("game ") == 2  # one progress line per game


def test_match_json_is_machine_readable():
    status, out, _ = run(
        [
            "match",
            "zebra",
            "--players",
            "easy,random",
            "--games",
            "2",
            "-o",
            "size=4",
            "--json",
            "--quiet",
        ]
    )
    assert status == 0
    document = json.loads(out)
    assert document["games"] == 2 and document["kinds"] == ["easy", "random"]
    assert sum(document["wins"]) + document["draws"] <= 2
    assert set(document["think_ms"]) == {"easy", "random"}


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["match", "zebra", "--players", "easy", "--games", "1"], "2 seats"),
        (["match", "zebra", "--players", "genius,random", "--games", "1"], "genius"),
        (["match", "zebra", "--players", "easy,random", "-o", "size=99"], "size=99"),
        (["match", "zebra", "--players", "easy,random", "-o", "colour=red"], "colour"),
        (["match", "zebra", "--players", "easy,random", "-o", "size"], "name=value"),
        (["match", "chess", "--players", "easy,random"], "chess"),
    ],
)
def test_match_usage_errors_are_one_line_messages(argv, needle):
    status, _, err = run(argv)
    assert status == 2
    assert err.startswith("error: ") and needle in err and "Traceback" not in err


# -- play -------------------------------------------------------------------------------------


ZEBRA = ["play", "zebra", "--option", "size=4", "--bot", "random", "--seed", "1"]


def test_an_illegal_move_is_explained_and_the_game_goes_on():
    status, out, _ = run(ZEBRA, "a9-a8\nc2-c2\nc2-d2\nquit\n")
    assert status == 0
    answers = out.split("> ")
    assert answers[1].startswith("illegal: ") and "a9" in answers[1]
    assert answers[2].startswith("illegal: ")
    assert "seat 2 (random) plays " in answers[3]  # c2-d2 was played, the bot answered
    assert out.rstrip().endswith("Bye.") and "Traceback" not in out


def test_end_of_input_exits_cleanly():
    status, out, _ = run(ZEBRA, "c2-d2\n")
    assert status == 0
    assert "seat 2 (random) plays" in out and out.rstrip().endswith("Bye.")


def test_quit_and_help_and_undo():
    status, out, _ = run(ZEBRA, "help\nundo\nc2-d2\nundo\nmoves\nquit\n")
    assert status == 0
    answers = out.split("> ")
    assert "legal moves (24)" in answers[1] and "undo" in answers[1]
    assert answers[2].startswith("nothing to undo")
    assert answers[4].startswith("took back")
    assert "legal moves (24)" in answers[5]  # back at the start position
    assert out.rstrip().endswith("Bye.")


def test_a_whole_game_ends_with_the_result():
    status, out, _ = run(ZEBRA, "random\n" * 200)
    assert status == 0
    assert "Game over: " in out


def test_virus_fight_secret_setup_accepts_random_and_hides_the_bots_program():
    status, out, _ = run(
        ["play", "virus-fight", "--bot", "random", "--seed", "2", "--seat", "2", "-o", "seed=5"],
        "moves\nrandom\nquit\n",
    )
    assert status == 0
    before_reveal = out.split("you play ")[0]
    assert "seat 1 (random) plays its secret program" in before_reveal
    assert "position:" not in before_reveal  # the position text would show the program
    assert "possible programs in your home segment a5 b5 c5 d5 e5" in before_reveal


def test_virus_fight_program_in_notation():
    status, out, _ = run(
        ["play", "virus-fight", "--bot", "random", "--seed", "2", "-o", "seed=1"],
        "a5:M1 @a5\na1:M1 b1:W1 @b1\nquit\n",
    )
    assert status == 0
    answers = out.split("> ")
    assert answers[1].startswith("illegal: ")  # not in seat 1's home segment
    assert "you play a1:M1 b1:W1 @b1" in answers[2]


@pytest.mark.parametrize(
    ("game", "moves"),
    [
        ("virus-war", "a1\nzz\na2\nundo\nquit\n"),
        ("fight-the-virus", "roll\nfoo\nrandom\nrandom\nundo\nquit\n"),
    ],
)
def test_other_games_play_in_the_terminal(game, moves):
    status, out, _ = run(
        ["play", game, "--bot", "random", "--seed", "4", "-o", "seed=2"]
        if game == "fight-the-virus"
        else ["play", game, "--bot", "random", "--seed", "4", "-o", "size=6"],
        moves,
    )
    assert status == 0
    assert "illegal: " in out and "took back" in out and out.rstrip().endswith("Bye.")


def test_play_through_python_dash_m():
    completed = subprocess.run(
        [sys.executable, "-m", "pyengine", *ZEBRA],
        input="zz\nquit\n",
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
        timeout=60,
        check=False,  # the assert shows stderr
    )
    assert completed.returncode == 0, completed.stderr
    assert "illegal: " in completed.stdout and completed.stderr == ""


def test_games_lists_options_and_players():
    status, out, _ = run(["games"])
    assert status == 0
    for game in ("zebra", "virus-war", "virus-fight", "fight-the-virus"):
        assert game in out
    assert "--option size=" in out and "computer players: random" in out
    status, out, _ = run(["games", "--json"])
    assert [info["id"] for info in json.loads(out)][:1] == ["zebra"]
