"""Virus War game records (virus-war.md §8): canonical writing and lenient, validating reading.

Canonical form: the tags Game, Size, Variant, Result and (once the game is over) Termination,
a blank line, one turn number per line holding X's turn and O's turn, the result, a final
newline::

    [Game "Virus War"]
    [Size "6"]
    [Variant "standard"]
    [Result "*"]

    1. a1-b2-c3 pass
    2. d4-e5-e4 pass
    *

Reading follows §8 "Reading a record": whitespace and line breaks are free (inline records are
valid), steps, ``pass`` (also ``--``), ``j`` for ``k`` and tag names are case-insensitive;
numbers start at 1 and increase by 1, only the last may hold X's turn alone; unknown tags are
kept and ignored; a duplicate tag, a Game other than Virus War, a bad Size (outside 6..14 or
with a leading zero) or an unknown Variant is invalid; every turn is replayed, and a turn with
the wrong number of steps, an illegal step or any turn after the end is invalid; the result
token is optional, but it, the Result tag and the Termination tag must match the replay when
present.

A resigned game (resigning is not a Virus War rule: a :class:`~pyengine.session.Match` records
it) has the winner's result on turns that do not end the game and ``[Termination
"resignation"]`` (:func:`pyengine.core.record.read_resignation`); its last turn may be in
progress (the player resigned during it), and ``ParsedRecord.resigned`` is the seat that
resigned.

One addition the spec leaves open: the *last* turn of an unfinished record (result ``*`` or
none) may be a turn in progress with fewer steps than M. Saving a game in the middle of a turn
then loses nothing, and the record replays to the same state; every other turn must be whole.

Errors are :class:`RecordError` naming the line and the turn (``"turn 3."`` for X's turn of
number 3, ``"turn 3..."`` for O's), or the tag line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyengine.core import record
from pyengine.core.errors import EngineError, IllegalActionError, NotationError, RecordError
from pyengine.core.game import State
from pyengine.games.virus_war.notation import parse_turn
from pyengine.games.virus_war.rules import VirusWarState

if TYPE_CHECKING:
    from pyengine.games.virus_war.game import VirusWarGame

__all__ = ["ParsedRecord", "parse_record", "result_text", "termination_text", "write_record"]

GAME_NAME = "Virus War"
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TERMINATIONS = ("elimination", "double-pass", record.RESIGNATION)
KNOWN_TAGS = ("Game", "Size", "Variant", "Result", "Termination")


class ParsedRecord(record.ParsedRecord[VirusWarState]):
    """A Virus War record that was read (see :class:`pyengine.core.record.ParsedRecord`)."""

    __slots__ = ()
    KNOWN_TAGS = KNOWN_TAGS


def result_text(state: State) -> str:
    """``"1-0"`` (X won), ``"0-1"`` (O won), ``"1/2-1/2"`` (draw) or ``"*"`` (unfinished)."""
    return record.two_player_result(state)


def termination_text(state: State) -> str | None:
    """``"elimination"`` or ``"double-pass"`` once the game is over, else ``None``."""
    result = state.result()
    return None if result is None else result.ending


def write_record(state: State, *, resigned: int | None = None) -> str:
    """The canonical record of a game that started from the empty board; ``resigned``: the
    seat that resigned it (the game must not be over by the rules)."""
    state = record.recordable(
        state, VirusWarState, GAME_NAME, "the empty board", "a given position"
    )
    result = result_text(state)
    termination = termination_text(state)
    if resigned is not None:
        if result != "*":
            raise EngineError("A finished game cannot be resigned.", code="resign.game-over")
        result, termination = record.resignation_result(resigned), record.RESIGNATION
    pairs = [
        ("Game", GAME_NAME),
        ("Size", str(state.options["size"])),
        ("Variant", str(state.options["variant"])),
        ("Result", result),
    ]
    if termination is not None:
        pairs.append(("Termination", termination))
    return record.format_record(pairs, state.turn_texts(), result)


def _read_tags(
    game: VirusWarGame, tags: list[record.Tag]
) -> tuple[VirusWarState, record.Tag | None, record.Tag | None]:
    """Check the tags; return the start state, the Result tag and the Termination tag."""
    by_key = record.tags_by_key(tags, name_first_line=True)
    record.check_game_tag(by_key, GAME_NAME)
    options = record.tag_options(game, by_key, ("size", "variant"))
    result_tag = record.allowed_tag(by_key, "result", RESULTS)
    termination_tag = record.allowed_tag(by_key, "termination", TERMINATIONS, any_case=True)
    return game.new_initial_state(options), result_tag, termination_tag


def _play_turn(state: VirusWarState, token: record.Token, label: str) -> bool:
    """Replay one turn; return whether it is still in progress (fewer steps than M)."""
    if state.is_terminal():
        raise RecordError(
            f"the game is already over ({result_text(state)}), so no turn may follow",
            line=token.line,
            turn=label,
            code="record.turn-after-end",
        )
    try:
        actions = parse_turn(token.text, size=state.size)
    except NotationError as error:
        raise RecordError(
            str(error), line=token.line, turn=label, code="record.bad-turn", cause=error
        ) from error
    for made, action in enumerate(actions):
        if made and not state.turn_steps:
            steps = len(actions)
            if state.is_terminal():
                reason = (
                    f"the game ended after step {made} ({'-'.join(token.text.split('-')[:made])}"
                    f"), so the turn has {steps} steps instead of {made}"
                )
            else:
                reason = (
                    f"the turn has {steps} steps but M = {made}: it ends after {made} "
                    "(full-turn rule)"
                )
            raise RecordError(
                reason,
                line=token.line,
                turn=label,
                code="record.wrong-step-count",
                params={"steps": steps, "needed": made},
            )
        try:
            state.apply(action)
        except IllegalActionError as error:
            raise RecordError(
                str(error), line=token.line, turn=label, code="record.illegal-step", cause=error
            ) from error
    return bool(state.turn_steps)


def _incomplete(state: VirusWarState, token: record.Token, label: str) -> RecordError:
    made = len(state.turn_steps)
    needed = state.turn_length or 0
    return RecordError(
        f"the turn has {made} step{'s' if made != 1 else ''} but M = {needed}: a turn "
        f"is {needed} steps unless the game ends earlier (full-turn rule)",
        line=token.line,
        turn=label,
        code="record.wrong-step-count",
        params={"steps": made, "needed": needed},
    )


def _is_turn(token: record.Token) -> bool:
    return token.text not in RESULTS and not record.is_move_number(token.text)


def parse_record(game: VirusWarGame, text: str) -> ParsedRecord:
    """Read and replay a record (see the module docs). Raises :class:`RecordError`.

    >>> from pyengine.games.virus_war import VIRUS_WAR
    >>> parsed = parse_record(VIRUS_WAR, '[Size "6"] [Event "club"] 1. A1-B2-C3 -- 2. d4-e5-e4')
    >>> parsed.state.turn_texts(), [tag.key for tag in parsed.unknown_tags]
    (['a1-b2-c3', 'pass', 'd4-e5-e4'], ['Event'])
    """
    if not isinstance(text, str):
        raise RecordError("a record must be text", code="record.not-text")
    tags, tokens = record.split_record(text)
    state, result_tag, termination_tag = _read_tags(game, tags)
    result_token: record.Token | None = None
    in_progress: tuple[record.Token, str] | None = None
    number = 1
    at = 0
    while at < len(tokens):
        result_token = record.number_or_result(tokens, at, number, RESULTS, "turn")
        if result_token is not None:
            break
        token = tokens[at]
        at += 1
        for label in (f"{number}.", f"{number}..."):
            if at == len(tokens) or not _is_turn(tokens[at]):
                if label.endswith("..."):
                    if at < len(tokens) and tokens[at].text not in RESULTS:
                        raise RecordError(
                            "O's turn is missing: only the last number may hold X's turn alone",
                            line=tokens[at].line,
                            turn=label,
                            code="record.missing-turn",
                        )
                    break
                raise RecordError(
                    "the turn number holds no turn",
                    line=token.line,
                    turn=label,
                    code="record.missing-turn",
                )
            if in_progress is not None:
                raise _incomplete(state, *in_progress)
            turn_token = tokens[at]
            if _play_turn(state, turn_token, label):
                in_progress = (turn_token, label)
            at += 1
        number += 1
    declared_end = [
        given
        for given in (
            result_token.text if result_token else None,
            result_tag.value if result_tag else None,
        )
        if given not in (None, "*")
    ]
    replayed = result_text(state)
    resigned = record.read_resignation_of(termination_tag, result_tag, result_token, replayed)
    if resigned is not None:  # a turn may have been in progress when the player resigned
        return ParsedRecord(tuple(tags), state, resigned)
    if in_progress is not None and (declared_end or termination_tag is not None):
        raise _incomplete(state, *in_progress)
    if result_token is not None:
        record.check_result(replayed, result_token.text, result_token.line, "result")
    if result_tag is not None:
        record.check_result(replayed, result_tag.value, result_tag.line, "Result tag")
    if termination_tag is not None:
        ending = termination_text(state) or "none (the game is not over)"
        record.check_result(
            ending, termination_tag.value.lower(), termination_tag.line, "Termination tag"
        )
    return ParsedRecord(tuple(tags), state)
