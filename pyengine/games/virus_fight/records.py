"""Virus Fight game records (virus-fight.md §8.2): canonical writing, lenient validating reading.

Canonical form, one item per line: the header, each seat's program in seat order, one line
per turn (its label ``<round>.<seat>``, the code of the instruction it executed, then its
actions) and, once the game is over, the result::

    VirusFight 1
    players <players>
    size <size>
    seed <seed>
    setup <seat> <program>              setup 1 b1:W2 c1:E3 @b1
    <round>.<seat> <code> <actions>     1.2 E2 x- @c5
    result <win|draw> <seats> <ending>  result win 1 elimination

A player who resigned (an elimination, see :mod:`.rules`) has the turn line ``3.2 resign``, or
``3.2 E2 xc4 resign`` when the turn's effect was made first.

Reading is lenient where it costs nothing: blank lines and ``#`` lines are ignored, words may
be separated by any spaces or tabs, keywords (``VirusFight``, ``players``, ``setup``,
``result``, ``win``, ``draw``, ``stop``, ``resign``, reasons) and notation are case-insensitive, setup
cells may come in any order, the result line may be left out (it must match the replay when
present), and the last line of an unfinished game may hold a turn in progress with its
effect only (``3.1 E2 xc4``; the writer emits it so a game saved mid-turn loses nothing).
Everything else is checked: the header lines in order, the options, one setup per seat in
seat order, each turn's label (round and seat to act), the executed instruction, every
player action (by the rules) and every automatic token (it must be what the engine resolves
by itself), and the result.

Errors are :class:`~pyengine.core.errors.RecordError` naming the line and, for a turn, its
label (``line 9, turn 4.1: ...``).
"""

from __future__ import annotations

from pyengine.core.errors import EngineError, NotationError, OptionError, RecordError
from pyengine.core.game import Game, State
from pyengine.core.record import recordable
from pyengine.games.virus_fight.notation import ProposeStop, Resign, parse_action
from pyengine.games.virus_fight.rounds import ENDINGS, TurnEntry
from pyengine.games.virus_fight.rules import VirusFightState

__all__ = ["parse_record", "result_line", "write_record"]

MAGIC = "VirusFight"
VERSION = "1"


def result_line(state: VirusFightState) -> str | None:
    """``result win 1 elimination`` / ``result draw 1,2 agreement``, or ``None``."""
    result = state.result()
    if result is None:
        return None
    winners = result.winners or tuple(range(state.num_players))
    seats = ",".join(str(seat + 1) for seat in winners)
    kind = "win" if len(winners) == 1 else "draw"
    return f"result {kind} {seats} {result.ending}"


def write_record(state: State) -> str:
    """The canonical record of a game from its start (not from a position text)."""
    state = recordable(state, VirusFightState, "Virus Fight", "its setup")
    lines = [
        f"{MAGIC} {VERSION}",
        f"players {state.num_players}",
        f"size {state.size}",
        f"seed {state.seed}",
    ]
    for seat in range(state.num_players):
        program = state._programs[seat]
        if program is not None:
            lines.append(f"setup {seat + 1} {program}")
    lines.extend(entry.line() for entry in state.turns)
    if state.phase == "play" and state._pending:
        seat = state._order[state._turn_index]
        lines.append(f"{state._round}.{seat + 1} {state._code} {state._pending}")
    final = result_line(state)
    if final is not None:
        lines.append(final)
    return "\n".join(lines) + "\n"


def _error(
    reason: str,
    line: int | None,
    code: str,
    turn: str | None = None,
    cause: EngineError | None = None,
    **params: str | int,
) -> RecordError:
    return RecordError(reason, line=line, code=code, params=params, cause=cause, turn=turn)


def parse_record(game: Game, text: str) -> VirusFightState:
    """Read and replay a record (see the module docs). Raises :class:`RecordError`."""
    if not isinstance(text, str):
        raise RecordError("a record must be text", code="record.not-text")
    lines = [
        (number, raw.split())
        for number, raw in enumerate(text.splitlines(), start=1)
        if raw.strip() and not raw.lstrip().startswith("#")
    ]
    if not lines:
        raise _error("the record is empty", None, "record.empty")
    options = _read_header(game, lines)
    try:
        state = game.new_initial_state(options)
    except OptionError as error:
        raise _error(str(error), lines[3][0], "record.bad-header", cause=error) from error
    assert isinstance(state, VirusFightState)
    body = lines[4:]
    at = _replay_setups(state, body, lines[-1][0])
    result_words: tuple[int, list[str]] | None = None
    consumed = 0
    for position in range(at, len(body)):
        number, words = body[position]
        if words[0].lower() == "result":
            if position != len(body) - 1:
                raise _error(
                    "nothing may follow the result",
                    body[position + 1][0],
                    "record.text-after-result",
                )
            result_words = (number, words)
            break
        consumed = _play_line(state, number, words, consumed, last=position == len(body) - 1)
    if result_words is not None:
        _check_result(state, *result_words)
    return state


def _read_header(game: Game, lines: list[tuple[int, list[str]]]) -> dict[str, object]:
    """Check the four header lines and return the game options they give."""
    header = [(MAGIC.lower(), None), ("players", "players"), ("size", "size"), ("seed", "seed")]
    options: dict[str, object] = {}
    for (keyword, option), (number, words) in zip(header, lines, strict=False):
        if len(words) != 2 or words[0].lower() != keyword:
            raise _error(
                f"expected the header line {'VirusFight 1' if option is None else keyword + ' <n>'}",
                number,
                "record.bad-header",
            )
        if option is None:
            if words[1] != VERSION:
                raise _error(
                    f"unknown record version {words[1]!r} (expected 1)", number, "record.bad-header"
                )
            continue
        try:
            options[option] = game.options[option].parse_text(words[1])
        except OptionError as error:
            raise _error(
                f"bad {keyword} line: {error}", number, "record.bad-header", cause=error
            ) from error
    if len(lines) < 4:
        raise _error(
            "the header needs VirusFight 1, players, size and seed lines",
            lines[-1][0],
            "record.bad-header",
        )
    return options


def _replay_setups(
    state: VirusFightState, body: list[tuple[int, list[str]]], last_number: int
) -> int:
    """Replay the seats' setup lines at the start of ``body``; return how many there were.
    ``last_number`` is the record's last line number (for a missing setup)."""
    at = 0
    for seat in range(state.num_players):
        if at == len(body) or body[at][1][0].lower() != "setup":
            where = body[at][0] if at < len(body) else last_number
            if at == len(body):  # an unfinished record may stop during the setup
                break
            raise _error(f"expected the setup of seat {seat + 1}", where, "record.missing-setup")
        number, words = body[at]
        if len(words) < 4 or words[1] != str(seat + 1):
            raise _error(f"expected 'setup {seat + 1} <program>'", number, "record.bad-setup")
        try:
            state.apply(parse_action(" ".join(words[2:]), size=state.size))
        except EngineError as error:
            raise _error(
                f"seat {seat + 1}'s setup: {error}", number, "record.bad-setup", cause=error
            ) from error
        at += 1
    return at


def _check_result(state: VirusFightState, number: int, words: list[str]) -> None:
    """Check a ``result`` line against the replayed game."""
    replayed = result_line(state)
    given = " ".join(word.lower() for word in words)
    if (
        len(words) != 4
        or words[1].lower() not in ("win", "draw")
        or words[3].lower() not in ENDINGS
    ):
        raise _error(
            "the result is 'result win <seat> <reason>' or 'result draw <seat>,<seat>... <reason>'",
            number,
            "record.bad-result",
        )
    if replayed != given:
        raise _error(
            f"the record says {' '.join(words)!r} but the replayed game gives "
            f"{replayed or 'no result (the game is not over)'}",
            number,
            "record.wrong-result",
            given=" ".join(words),
            replayed=replayed or "",
        )


def _play_line(
    state: VirusFightState, number: int, words: list[str], consumed: int, *, last: bool
) -> int:
    """Replay one turn line; ``consumed`` turns of ``state.turns`` are already matched by
    earlier lines. Returns the new count."""
    label = words[0]
    if state.phase == "setup":
        raise _error(
            "a turn cannot come before every seat's setup",
            number,
            "record.missing-setup",
            turn=label,
        )
    if consumed < len(state.turns):  # the engine played this whole turn by itself
        entry = state.turns[consumed]
        _match(entry, number, words)
        return consumed + 1
    if state.is_terminal():
        raise _error(
            f"the game is already over ({result_line(state)}), so no turn may follow",
            number,
            "record.turn-after-end",
            turn=label,
        )
    _check_turn_label(state, number, label)
    if _play_stop_or_resign(state, number, words):
        return consumed + 1
    in_progress = _check_turn_shape(state, number, words, last=last)
    _apply_turn_tokens(state, number, words, consumed)
    if in_progress:
        if len(state.turns) > consumed:
            _match(state.turns[consumed], number, words)
            return consumed + 1
        return consumed
    if len(state.turns) == consumed:
        raise _error("the turn is not finished", number, "record.bad-turn", turn=label)
    _match(state.turns[consumed], number, words)
    return consumed + 1


def _check_turn_label(state: VirusFightState, number: int, label: str) -> None:
    """Check that a turn line names the round and seat that is to act."""
    seat = state._order[state._turn_index]
    expected = f"{state._round}.{seat + 1}"
    if label != expected:
        raise _error(
            f"expected the turn {expected} (round {state._round}, seat {seat + 1} "
            f"to act), found {label!r}",
            number,
            "record.wrong-turn",
            turn=label,
            expected=expected,
        )


def _play_stop_or_resign(state: VirusFightState, number: int, words: list[str]) -> bool:
    """Replay a ``stop`` or ``resign`` turn line; return whether the line was one."""
    label = words[0]
    if len(words) == 2 and words[1].lower() == "stop":
        if not state.can_propose_stop():
            raise _error(
                "a stop may be proposed only at the start of a turn whose first "
                "decision is not automatic (§7.2)",
                number,
                "record.illegal-action",
                turn=label,
            )
        state.apply(ProposeStop())
        while state._voters:
            state.apply("accept")
        return True
    if len(words) == 2 and words[1].lower() == "resign":
        try:
            state.apply(Resign())
        except EngineError as error:
            raise _error(
                str(error), number, "record.illegal-action", turn=label, cause=error
            ) from error
        return True
    return False


def _check_turn_shape(state: VirusFightState, number: int, words: list[str], *, last: bool) -> bool:
    """Check a turn line's instruction code and token count; return whether it holds
    a turn in progress (an effect without its marker step)."""
    label = words[0]
    if len(words) not in (3, 4):
        raise _error(
            "a turn line is '<round>.<seat> <code> <turn>'", number, "record.bad-turn", turn=label
        )
    code = words[1].upper()
    if code != state._code:
        raise _error(
            f"the executed instruction is {state._code}, not {words[1]}",
            number,
            "record.wrong-instruction",
            turn=label,
            expected=state._code,
            given=words[1],
        )
    tokens = words[2:]
    in_progress = len(tokens) == 1 and code[0] != "J"
    if in_progress and not last:
        raise _error(
            "only the last line of an unfinished record may hold a turn in progress "
            "(an effect without its marker step)",
            number,
            "record.bad-turn",
            turn=label,
        )
    if not in_progress and len(tokens) != (1 if code[0] == "J" else 2):
        raise _error(
            "a JUMP turn is one token (J@d4), any other an effect and a marker step (xc4 @c3)",
            number,
            "record.bad-turn",
            turn=label,
        )
    return in_progress


def _apply_turn_tokens(
    state: VirusFightState, number: int, words: list[str], consumed: int
) -> None:
    """Apply a turn line's tokens, skipping those the engine played by itself."""
    label = words[0]
    for index, token in enumerate(words[2:]):
        if len(state.turns) > consumed:  # the rest of the turn was automatic
            break
        try:
            action = parse_action(token, size=state.size)
        except NotationError as error:
            raise _error(str(error), number, "record.bad-turn", turn=label, cause=error) from error
        if index == 0 and state._decision == "marker" and state._pending:
            # the engine already applied the effect by itself (there was no option)
            if str(action) != state._pending:
                raise _error(
                    f"the effect has no legal option, so the engine records "
                    f"{state._pending!r}, not {token!r}",
                    number,
                    "record.wrong-automatic",
                    turn=label,
                    expected=state._pending,
                )
            continue
        if getattr(action, "automatic", False):
            options = " ".join(str(option) for option in state.legal_actions())
            raise _error(
                f"{token} is the automatic token of a decision with no legal option, "
                f"but this decision has options: {options}",
                number,
                "record.wrong-automatic",
                turn=label,
            )
        try:
            state.apply(action)
        except EngineError as error:
            raise _error(
                str(error), number, "record.illegal-action", turn=label, cause=error
            ) from error


def _match(entry: TurnEntry, number: int, words: list[str]) -> None:
    """Check a line against a turn the engine logged."""
    label = words[0]
    if label != f"{entry.round}.{entry.seat + 1}":
        raise _error(
            f"expected the turn {entry.round}.{entry.seat + 1}, found {label!r}",
            number,
            "record.wrong-turn",
            turn=label,
        )
    expected = entry.line().split()[1:]
    try:
        given = [
            words[1].lower() if words[1].lower() in ("stop", "resign") else words[1].upper(),
            *(str(parse_action(word)) for word in words[2:]),
        ]
    except NotationError as error:
        raise _error(str(error), number, "record.bad-turn", turn=label, cause=error) from error
    if given != expected:
        code = "record.wrong-instruction" if given[:1] != expected[:1] else "record.wrong-automatic"
        raise _error(
            f"the engine plays this turn as {' '.join(expected)!r} (decisions with no "
            f"legal option are automatic), not {' '.join(words[1:])!r}",
            number,
            code,
            turn=label,
            expected=" ".join(expected),
        )
