"""Zebra game records (zebra.md §7): canonical writing and lenient, validating reading.

Canonical form::

    [Game "Zebra"]
    [Size "5"]
    [Setup "remove"]
    [Movement "step"]
    [Result "*"]

    xa1
    1. b1-a1 b2-b1
    *

Reading (virus-war.md §8): surrounding whitespace and line breaks are free, so inline records
are valid; letters are case-insensitive (``X A1``, ``[setup "HOLE"]``); numbers start at 1 and
increase by 1, and only the last one may hold White's ply alone; unknown tags are kept and
ignored; a duplicate tag, another ``Game``, an impossible option or option combination is
invalid; every ply is replayed and an illegal ply, or any ply after the end, is invalid; the
result token is optional, but when present it, and the ``Result`` tag, must match the replay.

A resigned game (resigning is not a Zebra rule: a :class:`~pyengine.session.Match` records it)
ends with the winner's result on moves that do not end the game and the tag
``[Termination "resignation"]``, after ``Result`` (:func:`pyengine.core.record.read_resignation`);
``ParsedRecord.resigned`` is then the seat that resigned. Any other ``Termination`` is kept and
ignored.
Errors are :class:`RecordError` with the line and the ply (``"3."``, ``"3..."``, ``"removal"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyengine.core import record
from pyengine.core.errors import EngineError, OptionError, RecordError
from pyengine.core.game import State
from pyengine.games.zebra.notation import Remove, parse_action
from pyengine.games.zebra.rules import ZebraState

if TYPE_CHECKING:
    from pyengine.games.zebra.game import ZebraGame

__all__ = ["ParsedRecord", "parse_record", "result_text", "write_record"]

RESULTS = ("1-0", "0-1", "*")
KNOWN_TAGS = ("Game", "Size", "Setup", "Movement", "Result", "Termination")


class ParsedRecord(record.ParsedRecord[ZebraState]):
    """A Zebra record that was read (see :class:`pyengine.core.record.ParsedRecord`)."""

    __slots__ = ()
    KNOWN_TAGS = KNOWN_TAGS


def result_text(state: State) -> str:
    """``"1-0"`` (White won), ``"0-1"`` (Black won) or ``"*"`` (unfinished)."""
    return record.two_player_result(state)


def write_record(state: State, *, resigned: int | None = None) -> str:
    """The canonical record of a game that started from its setup's start position;
    ``resigned``: the seat that resigned it (the game must not be over by the rules)."""
    state = record.recordable(state, ZebraState, "Zebra", "the setup's start", "a given position")
    options = state.options
    result = result_text(state)
    tags = [
        ("Game", "Zebra"),
        ("Size", str(options["size"])),
        ("Setup", str(options["setup"])),
        ("Movement", str(options["movement"])),
    ]
    if resigned is not None:
        if result != "*":
            raise EngineError("A finished game cannot be resigned.", code="resign.game-over")
        result = record.resignation_result(resigned)
        tags += [("Result", result), ("Termination", record.RESIGNATION)]
    else:
        tags.append(("Result", result))
    plies = [str(action) for action in state.history]
    removal = plies[:1] if state.history and isinstance(state.history[0], Remove) else []
    return record.format_record(tags, plies[len(removal) :], result, removal)


def _read_options(
    game: ZebraGame, tags: list[record.Tag]
) -> tuple[ZebraState, record.Tag | None, record.Tag | None]:
    """Check the tags, build the start state and return it with the Result and Termination
    tags, if any."""
    by_key = record.tags_by_key(tags)
    record.check_game_tag(by_key, "Zebra")
    options = record.tag_options(game, by_key, ("size", "setup", "movement"))
    try:
        values = game.options.validate(options)
    except OptionError as error:
        # only an explicit odd-only setup can conflict with the size
        line = by_key["setup"].line if "setup" in by_key else None
        raise RecordError(
            f"impossible options: {error}", line=line, code="record.bad-tag", cause=error
        ) from error
    result_tag = record.allowed_tag(by_key, "result", RESULTS)
    return game.new_initial_state(values), result_tag, by_key.get("termination")


def _play(state: ZebraState, text: str, line: int, label: str) -> None:
    try:
        state.apply(parse_action(text, size=state.size))
    except EngineError as error:
        raise RecordError(
            str(error), line=line, ply=label, code="record.illegal-ply", cause=error
        ) from error


def _is_ply(token: record.Token) -> bool:
    return token.text not in RESULTS and not record.is_move_number(token.text)


def parse_record(game: ZebraGame, text: str) -> ParsedRecord:
    """Read and replay a record (see the module docs). Raises :class:`RecordError`."""
    if not isinstance(text, str):
        raise RecordError("a record must be text", code="record.not-text")
    tags, tokens = record.split_record(text)
    state, result_tag, termination_tag = _read_options(game, tags)
    result_token: record.Token | None = None
    at = 0
    if tokens and tokens[0].text[:1] in ("x", "X"):
        removal = tokens[0].text
        if removal in ("x", "X") and len(tokens) > 1:
            at = 1
            removal += tokens[1].text
        _play(state, removal, tokens[0].line, "removal")
        at += 1
    number = 1
    while at < len(tokens):
        result_token = record.number_or_result(tokens, at, number, RESULTS)
        if result_token is not None:
            break
        token = tokens[at]
        at += 1
        if at == len(tokens) or not _is_ply(tokens[at]):
            raise RecordError(
                "the move number holds no ply",
                line=token.line,
                ply=f"{number}.",
                code="record.missing-ply",
            )
        _play(state, tokens[at].text, tokens[at].line, f"{number}.")
        at += 1
        if at < len(tokens) and _is_ply(tokens[at]):
            _play(state, tokens[at].text, tokens[at].line, f"{number}...")
            at += 1
        elif at < len(tokens) and tokens[at].text not in RESULTS:
            raise RecordError(
                "Black's ply is missing: only the last move number may hold White's ply alone",
                line=tokens[at].line,
                ply=f"{number}...",
                code="record.missing-ply",
            )
        number += 1
    replayed = result_text(state)
    resigned = record.read_resignation_of(termination_tag, result_tag, result_token, replayed)
    if resigned is None:
        if result_token is not None:
            record.check_result(replayed, result_token.text, result_token.line, "result")
        if result_tag is not None:
            record.check_result(replayed, result_tag.value, result_tag.line, "Result tag")
    return ParsedRecord(tuple(tags), state, resigned)
