"""Fight the Virus game records (fight-the-virus.md §5.3).

Plain text, one item per line: the header, then one ``<turn> <seat> <decision>`` line per
decision in the order applied, then the end::

    FTV-RECORD 1
    seed 4711
    mode standard
    players Ana; Ben; CPU-1
    1 P1 roll 3-3
    1 P1 reroll 6-5
    1 P1 6>A:f4.f5
    1 P1 5>T00
    1 P2 pass
    ...
    end winners P2

``groups 1 2 1 ...`` (each seat's group) follows ``players`` in the groups variant. Every
``roll``, ``reroll`` and ``keep`` is written, also those the engine makes for a hopeless or
resigned roller; ``roll`` and ``reroll`` lines end with the dice they produced, which the
replay must reproduce. Automatic steps (setbacks, automatic passes and declines) are not
written. The end line (``end winners P2 P3`` or ``end none``) closes a finished game; an
unfinished game's record simply stops. Blank lines are ignored; everything else must be exact.

Errors are :class:`~pyengine.core.errors.RecordError` naming the line (``line 7: ...``) with
codes ``record.bad-header``, ``record.bad-line``, ``record.wrong-turn``,
``record.illegal-action``, ``record.wrong-dice``, ``record.wrong-automatic``,
``record.turn-after-end``, ``record.bad-end``, ``record.wrong-end``,
``record.text-after-end`` (and ``record.not-text``, ``record.empty``).
"""

from __future__ import annotations

from pyengine.core.errors import EngineError, NotationError, OptionError, RecordError
from pyengine.core.game import Game, State
from pyengine.core.record import recordable
from pyengine.games.fight_the_virus.notation import parse_action
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.turns import seat_name

__all__ = ["MAGIC", "end_line", "parse_record", "write_record"]

MAGIC = "FTV-RECORD 1"
"""The first line of every record."""


def end_line(state: FightTheVirusState) -> str | None:
    """``end winners P2 P3`` or ``end none`` for a finished game, ``None`` otherwise."""
    if state.result() is None:
        return None
    if state.winners:
        return "end winners " + " ".join(seat_name(seat) for seat in state.winners)
    return "end none"


def write_record(state: State) -> str:
    """The canonical record of a game played from the start (not from a position)."""
    state = recordable(state, FightTheVirusState, "Fight the Virus", "its start")
    lines = [
        MAGIC,
        f"seed {state.seed}",
        f"mode {state.mode}",
        "players " + "; ".join(state.players),
    ]
    if state.mode == "groups":
        lines.append("groups " + " ".join(str(group) for group in state.groups))
    lines.extend(entry.line() for entry in state.log)
    final = end_line(state)
    if final is not None:
        lines.append(final)
    return "\n".join(lines) + "\n"


def _error(
    reason: str, line: int | None, code: str, cause: EngineError | None = None, **params: str | int
) -> RecordError:
    return RecordError(reason, line=line, code=code, params=params, cause=cause)


def _header(game: Game, lines: list[tuple[int, str]]) -> tuple[FightTheVirusState, int]:
    """Read the header lines; returns the new state and how many lines the header used."""
    number, first = lines[0]
    if first != MAGIC:
        raise _error(f"a record starts with {MAGIC!r}", number, "record.bad-header")
    where: dict[str, int] = {}
    values: dict[str, str] = {}
    keywords = ["seed", "mode", "players"]
    at = 1
    while keywords:
        keyword = keywords.pop(0)
        if at >= len(lines):
            raise _error(f"the header needs a {keyword} line", lines[-1][0], "record.bad-header")
        number, text = lines[at]
        word, _, rest = text.partition(" ")
        if word != keyword or not rest.strip():
            raise _error(f"expected the header line '{keyword} ...'", number, "record.bad-header")
        where[keyword] = number
        values[keyword] = rest.strip()
        at += 1
        if keyword == "mode" and rest.strip() == "groups":
            keywords.append("groups")
    names = [name.strip() for name in values["players"].split(";")]
    defaults = [seat_name(seat) for seat in range(len(names))]
    options: dict[str, object] = {
        "mode": values["mode"],
        "players": len(names),
        "names": "" if names == defaults else ";".join(names),
        "groups": values.get("groups", ""),
    }
    lines_of = {
        "seed": where["seed"],
        "mode": where["mode"],
        "players": where["players"],
        "names": where["players"],
        "groups": where.get("groups", where["mode"]),
    }
    try:
        options["seed"] = game.options["seed"].parse_text(values["seed"])
        state = game.new_initial_state(options)
    except OptionError as error:
        option = str(error.params.get("option", "seed"))
        raise _error(
            f"bad header: {error}",
            lines_of.get(option, where["seed"]),
            "record.bad-header",
            cause=error,
        ) from error
    assert isinstance(state, FightTheVirusState)
    return state, at


def parse_record(game: Game, text: str) -> FightTheVirusState:
    """Read and replay a record (see the module docs). Raises :class:`RecordError`."""
    if not isinstance(text, str):
        raise _error("a record must be text", None, "record.not-text")
    lines = [
        (number, raw.strip())
        for number, raw in enumerate(text.splitlines(), start=1)
        if raw.strip()
    ]
    if not lines:
        raise _error("the record is empty", None, "record.empty")
    state, at = _header(game, lines)
    consumed = 0  # log entries matched by the lines read so far
    body = lines[at:]
    for position, (number, line) in enumerate(body):
        words = line.split()
        if words[0] == "end":
            if position != len(body) - 1:
                raise _error(
                    "nothing may follow the end line",
                    body[position + 1][0],
                    "record.text-after-end",
                )
            _check_end(state, number, words, consumed)
            break
        consumed = _replay_line(state, number, words, consumed)
    return state


def _replay_line(state: FightTheVirusState, number: int, words: list[str], consumed: int) -> int:
    """Replay one decision line; ``consumed`` log entries are already matched. Returns the new
    count."""
    if len(words) not in (3, 4):
        raise _error(
            "a decision line is '<turn> <seat> <decision>' (a roll also shows the dice, "
            "such as '3 P2 roll 6-5')",
            number,
            "record.bad-line",
        )
    line = " ".join(words)
    if consumed < len(state.log):  # the engine decided this for a hopeless or resigned roller
        expected = state.log[consumed].line()
        if line != expected:
            raise _error(
                f"the engine decides for a hopeless or resigned roller here and "
                f"writes {expected!r}, not {line!r}",
                number,
                "record.wrong-automatic",
                expected=expected,
            )
        return consumed + 1
    if state.is_terminal():
        raise _error(
            "the game is already over, so no decision may follow", number, "record.turn-after-end"
        )
    seat = state.current_player()
    expected_prefix = f"{state.turn} {seat_name(seat)}"
    if " ".join(words[:2]) != expected_prefix:
        raise _error(
            f"expected a decision of {seat_name(seat)} in turn {state.turn} "
            f"('{expected_prefix} ...')",
            number,
            "record.wrong-turn",
            expected=expected_prefix,
        )
    decision, dice = words[2], words[3] if len(words) == 4 else None
    rolls = decision in ("roll", "reroll")
    if rolls != (dice is not None):
        raise _error(
            "roll and reroll lines end with the dice they produced (such as 3-3); "
            "other lines have nothing after the decision",
            number,
            "record.bad-line",
        )
    try:
        state.apply(parse_action(decision))
    except NotationError as error:
        raise _error(str(error), number, "record.bad-line", cause=error) from error
    except EngineError as error:
        raise _error(str(error), number, "record.illegal-action", cause=error) from error
    produced = state.log[consumed].text
    if rolls and produced != f"{decision} {dice}":
        raise _error(
            f"the seed's dice give {produced!r}, not '{decision} {dice}'",
            number,
            "record.wrong-dice",
            expected=produced,
        )
    return consumed + 1


def _check_end(state: FightTheVirusState, number: int, words: list[str], consumed: int) -> None:
    given = " ".join(words)
    if given != "end none" and (len(words) < 3 or words[1] != "winners"):
        raise _error("the end line is 'end winners P2 P3' or 'end none'", number, "record.bad-end")
    replayed = end_line(state)
    if consumed < len(state.log):
        replayed = None
    if replayed != given:
        raise _error(
            f"the record says {given!r} but the replayed game "
            f"{'gives ' + repr(replayed) if replayed else 'is not over'}",
            number,
            "record.wrong-end",
            given=given,
            replayed=replayed or "",
        )
