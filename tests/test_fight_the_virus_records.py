"""Fight the Virus game records (§5.3): real seeded games written and replayed to identical
states and dice, the engine's lines for hopeless rollers, and corrupt records naming the line."""

from __future__ import annotations

import random

import pytest

from fight_the_virus_support import EMPTY, position
from pyengine.core.errors import EngineError, RecordError
from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS, GreedyBot, RandomBot


def play(options: dict, *, greedy: tuple[int, ...] = (0,), stop: int | None = None):
    """A seeded game between greedy and random bots, to its end or ``stop`` decisions."""
    state = FIGHT_THE_VIRUS.new_initial_state(options)
    bots = [
        GreedyBot(seat) if seat in greedy else RandomBot(seat) for seat in range(state.num_players)
    ]
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        state.apply(bots[state.current_player()].choose(state))
    return state


GAME = play({"players": 3, "names": "Ana; Ben; CPU-1", "seed": 4711}, greedy=(0, 1))
RECORD = FIGHT_THE_VIRUS.write_record(GAME)
LINES = RECORD.splitlines()


def test_a_seeded_game_is_written_as_the_spec_shows():
    assert LINES[:4] == ["FTV-RECORD 1", "seed 4711", "mode standard", "players Ana; Ben; CPU-1"]
    assert LINES[4].startswith("1 P1 roll ") and LINES[-1] == "end winners " + " ".join(
        f"P{seat + 1}" for seat in GAME.winners
    )
    assert GAME.winners
    for line in LINES[4:-1]:
        words = line.split()
        assert len(words) == (4 if words[2] in ("roll", "reroll") else 3)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "names": "Ana; Ben; CPU-1", "seed": 4711},
        {"mode": "solo", "players": 1, "seed": 99},
        {"mode": "groups", "players": 5, "groups": "2 1 2 1 1", "seed": 5},
        {"players": 6, "seed": 12},
    ],
)
def test_records_replay_to_identical_states_and_dice(options: dict):
    state = GAME if options["seed"] == 4711 else play(options)
    record = FIGHT_THE_VIRUS.write_record(state)
    replayed = FIGHT_THE_VIRUS.read_record(record)
    assert replayed == state and replayed.log == state.log
    assert replayed.history == state.history and replayed.drawn == state.drawn
    assert FIGHT_THE_VIRUS.write_record(replayed) == record
    if state.mode == "groups":
        assert "groups 2 1 2 1 1" in record.splitlines()


def test_engine_lines_for_hopeless_rollers_are_written_and_checked():
    state = play({"players": 4, "seed": 3})  # random bots turn hopeless
    engine = [entry for entry in state.log if entry.engine]
    assert engine and {entry.text.split()[0] for entry in engine} <= {"roll", "keep"}
    record = FIGHT_THE_VIRUS.write_record(state)
    assert engine[0].line() in record.splitlines()
    assert FIGHT_THE_VIRUS.read_record(record) == state
    number = record.splitlines().index(engine[0].line())
    words = engine[0].line().split()
    changed = (
        f"{words[0]} {words[1]} roll 9-9"
        if words[2] == "roll"
        else f"{words[0]} {words[1]} reroll 1-1"
    )
    lines = record.splitlines()
    lines[number] = changed
    with pytest.raises(RecordError) as raised:
        FIGHT_THE_VIRUS.read_record("\n".join(lines) + "\n")
    assert (raised.value.code, raised.value.line) == ("record.wrong-automatic", number + 1)


def test_unfinished_records_replay_their_prefix():
    for stop in (0, 1, 7, 30):
        state = play({"players": 2, "seed": 8}, stop=stop)
        record = FIGHT_THE_VIRUS.write_record(state)
        assert record.splitlines()[-1].startswith("end ") == state.is_terminal()
        assert FIGHT_THE_VIRUS.read_record(record) == state


def first(prefix: str) -> int:
    """The 0-based index of the first record line starting with ``prefix``."""
    return next(index for index, line in enumerate(LINES) if line.startswith(prefix))


def replaced(index: int, line: str) -> str:
    return "\n".join([*LINES[:index], line, *LINES[index + 1 :]]) + "\n"


def roll_line() -> int:
    return next(index for index, line in enumerate(LINES) if " roll " in line and index > 8)


def use_line() -> int:
    return next(
        index for index, line in enumerate(LINES) if ">" in line and "A:" in line and index > 8
    )


@pytest.mark.parametrize(
    ("make", "code", "line"),
    [
        (lambda: replaced(0, "FTV-RECORD 2"), "record.bad-header", 1),
        (lambda: replaced(1, "seed x"), "record.bad-header", 2),
        (lambda: replaced(1, "seeds 4711"), "record.bad-header", 2),
        (lambda: replaced(2, "mode duo"), "record.bad-header", 3),
        (lambda: replaced(2, "mode solo"), "record.bad-header", 4),
        (lambda: replaced(3, "players Ana; Ben;"), "record.bad-header", 4),
        (
            lambda: replaced(3, "players Ana; Ben; CPU-1; Dora; Emil; Finn; Gus"),
            "record.bad-header",
            4,
        ),
        (lambda: replaced(roll_line(), LINES[roll_line()][:-3] + "7-7"), "record.wrong-dice", None),
        (lambda: replaced(roll_line(), LINES[roll_line()][:-4]), "record.bad-line", None),
        (
            lambda: replaced(use_line(), LINES[use_line()].replace(">A:", ">A:a0.")),
            "record.illegal-action",
            None,
        ),
        (lambda: replaced(use_line(), LINES[use_line()] + ".a0"), "record.bad-line", None),
        (
            lambda: replaced(use_line(), " ".join(LINES[use_line()].split()[:2]) + " 6+9>R12"),
            "record.illegal-action",
            None,
        ),
        (
            lambda: replaced(use_line(), " ".join(LINES[use_line()].split()[:2]) + " xyz"),
            "record.bad-line",
            None,
        ),
        (lambda: replaced(use_line(), "999 P1 pass"), "record.wrong-turn", None),
        (lambda: replaced(len(LINES) - 1, "end none"), "record.wrong-end", None),
        (lambda: replaced(len(LINES) - 1, "end"), "record.bad-end", None),
        (
            lambda: replaced(len(LINES) - 1, LINES[-1] + "\n1 P1 pass"),
            "record.text-after-end",
            len(LINES) + 1,
        ),
        (lambda: "\n".join([*LINES[:-1], "1 P1 pass"]) + "\n", "record.turn-after-end", len(LINES)),
        (lambda: "\n".join([*LINES[:30], LINES[-1]]) + "\n", "record.wrong-end", 31),
    ],
)
def test_corrupt_records_name_the_line(make, code: str, line: int | None):
    text = make()
    assert text != RECORD
    with pytest.raises(RecordError) as raised:
        FIGHT_THE_VIRUS.read_record(text)
    error = raised.value
    assert error.code == code, str(error)
    assert error.line is not None and str(error).startswith(f"line {error.line}:")
    if line is not None:
        assert error.line == line
    else:  # the changed line
        changed = next(
            number
            for number, (old, new) in enumerate(
                zip(LINES, text.splitlines(), strict=False), start=1
            )
            if old != new
        )
        assert error.line == changed


def test_the_groups_header_and_other_records():
    state = play({"mode": "groups", "players": 4, "groups": "1 2 1 2", "seed": 1}, stop=3)
    lines = FIGHT_THE_VIRUS.write_record(state).splitlines()
    assert lines[4] == "groups 1 2 1 2"
    lines[4] = "groups 1 1 1 1"
    with pytest.raises(RecordError) as raised:
        FIGHT_THE_VIRUS.read_record("\n".join(lines))
    assert (raised.value.code, raised.value.line) == ("record.bad-header", 5)
    for text in ("", "   \n", None):
        with pytest.raises(RecordError):
            FIGHT_THE_VIRUS.read_record(text)  # type: ignore[arg-type]
    with pytest.raises(RecordError) as raised:
        FIGHT_THE_VIRUS.read_record("FTV-RECORD 1\nseed 1\n")
    assert raised.value.code == "record.bad-header"


def test_games_from_a_position_have_no_record():
    with pytest.raises(EngineError) as raised:
        FIGHT_THE_VIRUS.write_record(position([EMPTY, EMPTY]))
    assert raised.value.code == "record.custom-start"


def test_mutated_records_replay_or_name_the_line():
    rng = random.Random(2)
    alphabet = "0123456789 P>+:.-ABCRTabcdefghijkrollkeepnd;\n"
    for _ in range(300):
        text = list(RECORD)
        for _ in range(rng.randrange(1, 3)):
            at = rng.randrange(len(text))
            text[at] = rng.choice(alphabet)
        try:
            FIGHT_THE_VIRUS.read_record("".join(text))
        except RecordError as error:
            assert error.line is not None
