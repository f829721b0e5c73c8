"""Helpers shared by the PGN-like game records of every game.

A record is a header of tags, ``[Key "Value"]``, followed by movetext: whitespace-separated
tokens (move numbers, plies, a result). :func:`split_record` cuts the text into tags and
tokens, remembering the line of each so errors can name it; :func:`format_tags` writes the
canonical header. Game-specific modules give the tokens their meaning.

A two-player game whose rules know no resignation (Zebra, Virus War) records one as PGN does:
the winner's result, ``1-0`` or ``0-1``, on moves that do not end the game, and the tag
``[Termination "resignation"]``; :func:`resignation_result` and :func:`read_resignation`
write and read it (the loser is the seat that resigned).

>>> tags, tokens = split_record('[Game "Zebra"]\\n[Size "4"]\\n\\n1. c2-d2 b2-d2\\n*\\n')
>>> [(tag.key, tag.value, tag.line) for tag in tags]
[('Game', 'Zebra', 1), ('Size', '4', 2)]
>>> [(token.text, token.line) for token in tokens]
[('1.', 4), ('c2-d2', 4), ('b2-d2', 4), ('*', 5)]
>>> print(format_tags([("Game", "Zebra"), ("Result", "*")]))
[Game "Zebra"]
[Result "*"]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from pyengine.core.errors import EngineError, OptionError, RecordError

if TYPE_CHECKING:
    from pyengine.core.game import Game, State

__all__ = [
    "RESIGNATION",
    "ParsedRecord",
    "Tag",
    "Token",
    "allowed_tag",
    "check_game_tag",
    "check_result",
    "format_record",
    "format_tags",
    "is_move_number",
    "number_or_result",
    "read_resignation",
    "read_resignation_of",
    "recordable",
    "resignation_result",
    "split_record",
    "tag_options",
    "tags_by_key",
    "two_player_result",
]

S = TypeVar("S")
R = TypeVar("R", bound="State")

RESIGNATION = "resignation"
"""The ``Termination`` tag's value of a game that a player resigned."""
_RESIGNED_RESULTS = {"1-0": 1, "0-1": 0}  # the result and the seat that resigned

_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\["\\])*)"[ \t]*\]')
_WHITESPACE = " \t\r\n"
_NUMBER = re.compile(r"([1-9][0-9]*)\.")


@dataclass(frozen=True, slots=True)
class Tag:
    """A header tag as written (``key`` keeps its spelling) and its 1-based line."""

    key: str
    value: str
    line: int


@dataclass(frozen=True, slots=True)
class Token:
    """A movetext token and its 1-based line."""

    text: str
    line: int


@dataclass(frozen=True, slots=True)
class ParsedRecord(Generic[S]):
    """A record that was read: every tag as written (unknown ones too), the replayed state
    and the seat that resigned (``None``: nobody).

    A game's subclass sets ``KNOWN_TAGS``, the tags its records give a meaning to.

    >>> class Read(ParsedRecord[str]):
    ...     KNOWN_TAGS = ("Game",)
    >>> [tag.key for tag in Read((Tag("game", "Zebra", 1), Tag("Event", "x", 2)), "").unknown_tags]
    ['Event']
    """

    tags: tuple[Tag, ...]
    state: S
    resigned: int | None = None
    KNOWN_TAGS: ClassVar[tuple[str, ...]] = ()

    @property
    def unknown_tags(self) -> tuple[Tag, ...]:
        known = {key.lower() for key in self.KNOWN_TAGS}
        return tuple(tag for tag in self.tags if tag.key.lower() not in known)


def _unescape(value: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def split_record(text: str) -> tuple[list[Tag], list[Token]]:
    """Split a record into its tags and movetext tokens.

    Whitespace (spaces, tabs, line breaks) separates everything; tags must all come before
    the first movetext token. Raises :class:`RecordError` for a malformed tag, a tag after
    the movetext or a character that cannot appear in a record.
    """
    tags: list[Tag] = []
    tokens: list[Token] = []
    position = 0
    line = 1
    length = len(text)
    while position < length:
        character = text[position]
        if character in _WHITESPACE:
            if character == "\n":
                line += 1
            position += 1
            continue
        if character == "[":
            match = _TAG.match(text, position)
            if match is None:
                raise RecordError(
                    'malformed tag: a tag is written [Key "Value"] on one line',
                    line=line,
                    code="record.malformed-tag",
                )
            if tokens:
                raise RecordError(
                    "tags must come before the moves", line=line, code="record.misplaced-tag"
                )
            tags.append(Tag(match.group(1), _unescape(match.group(2)), line))
            position = match.end()
            continue
        end = position
        while end < length and text[end] not in _WHITESPACE:
            if text[end] in '[]"':
                raise RecordError(
                    f"unexpected character {text[end]!r} in the moves",
                    line=line,
                    code="record.unexpected-character",
                )
            end += 1
        tokens.append(Token(text[position:end], line))
        position = end
    return tags, tokens


def recordable(
    state: State, kind: type[R], name: str, start: str, position: str = "a position"
) -> R:
    """``state``, a ``kind`` (a state of the game ``name``) played from ``start`` (``"its
    setup"``); else :class:`EngineError`: a record replays a game from its start, so a game
    that started from ``position`` (a position text) is saved as JSON."""
    if not isinstance(state, kind):
        raise EngineError(f"write_record needs a {name} state.", code="record.wrong-game")
    if state.start_text() is not None:
        raise EngineError(
            f"A record describes a game from {start}; this game started from {position}, "
            "so save it as JSON (to_json) instead.",
            code="record.custom-start",
        )
    return state


def format_tags(pairs: Iterable[tuple[str, str]]) -> str:
    """The canonical header: one ``[Key "Value"]`` per line, no trailing newline."""
    return "\n".join(f'[{key} "{_escape(value)}"]' for key, value in pairs)


def format_record(
    tags: Iterable[tuple[str, str]], plies: Sequence[str], result: str, opening: Sequence[str] = ()
) -> str:
    """The canonical record of a two-player game: the header, a blank line, the ``opening``
    lines (a ply before the first move number, such as Zebra's removal), the plies numbered in
    pairs, one number a line, then the result and a final newline.

    >>> print(format_record([("Game", "Zebra")], ["c2-d2", "b2-d2", "a1-a2"], "*"), end="")
    [Game "Zebra"]
    <BLANKLINE>
    1. c2-d2 b2-d2
    2. a1-a2
    *
    """
    lines = [format_tags(tags), "", *opening]
    for number, first in enumerate(range(0, len(plies), 2), start=1):
        lines.append(f"{number}. {' '.join(plies[first : first + 2])}")
    lines.append(result)
    return "\n".join(lines) + "\n"


def tags_by_key(tags: Iterable[Tag], *, name_first_line: bool = False) -> dict[str, Tag]:
    """The tags by their lower-case key; a duplicate raises :class:`RecordError` (naming the
    first one's line when ``name_first_line``).

    >>> sorted(tags_by_key([Tag("Game", "Zebra", 1), Tag("SIZE", "5", 2)]))
    ['game', 'size']
    """
    by_key: dict[str, Tag] = {}
    for tag in tags:
        key = tag.key.lower()
        if key in by_key:
            first = f" (first on line {by_key[key].line})" if name_first_line else ""
            raise RecordError(
                f"duplicate tag {tag.key}{first}",
                line=tag.line,
                code="record.duplicate-tag",
                params={"tag": tag.key},
            )
        by_key[key] = tag
    return by_key


def check_game_tag(by_key: dict[str, Tag], name: str) -> None:
    """Raise :class:`RecordError` when the ``Game`` tag (any case) names another game."""
    game_tag = by_key.get("game")
    if game_tag is not None and game_tag.value.lower() != name.lower():
        raise RecordError(
            f"this is not a {name} record (Game is {game_tag.value!r})",
            line=game_tag.line,
            code="record.wrong-game",
        )


def allowed_tag(
    by_key: dict[str, Tag], key: str, allowed: Sequence[str], *, any_case: bool = False
) -> Tag | None:
    """The tag ``key`` (lower-case), if any, after checking that its value is one of
    ``allowed`` (compared in lower case when ``any_case``); else :class:`RecordError`.

    >>> allowed_tag({"result": Tag("Result", "2-0", 4)}, "result", ("1-0", "0-1", "*"))
    Traceback (most recent call last):
    pyengine.core.errors.RecordError: line 4: the Result tag must be 1-0, 0-1 or *, not '2-0'
    """
    tag = by_key.get(key)
    if tag is not None and (tag.value.lower() if any_case else tag.value) not in allowed:
        choices = f"{', '.join(allowed[:-1])} or {allowed[-1]}"
        raise RecordError(
            f"the {key.capitalize()} tag must be {choices}, not {tag.value!r}",
            line=tag.line,
            code="record.bad-tag",
        )
    return tag


def tag_options(game: Game, by_key: dict[str, Tag], names: Iterable[str]) -> dict[str, object]:
    """The options that the tags ``names`` (lower-case keys) give, read by ``game``'s schema;
    an unreadable value raises :class:`RecordError` naming the tag."""
    options: dict[str, object] = {}
    for name in names:
        option_tag = by_key.get(name)
        if option_tag is not None:
            try:
                options[name] = game.options[name].parse_text(option_tag.value)
            except OptionError as error:
                raise RecordError(
                    f"bad {option_tag.key} tag: {error}",
                    line=option_tag.line,
                    code="record.bad-tag",
                    cause=error,
                ) from error
    return options


def number_or_result(
    tokens: list[Token], at: int, number: int, results: Iterable[str], word: str = "move"
) -> Token | None:
    """Read the movetext token at ``at``: a result (returned; it must be the last token) or
    the number ``number.`` (``None``); anything else raises :class:`RecordError`. ``word``
    is what the record numbers, ``"move"`` or ``"turn"``."""
    token = tokens[at]
    if token.text in results:
        if at != len(tokens) - 1:
            raise RecordError(
                "nothing may follow the result",
                line=tokens[at + 1].line,
                code="record.text-after-result",
            )
        return token
    match = _NUMBER.fullmatch(token.text)
    if match is None or match.group(1) != str(number):
        raise RecordError(
            f"expected the {word} number {number}. followed by a space, found {token.text!r}",
            line=token.line,
            code="record.bad-number",
            params={"expected": number},
        )
    return None


def is_move_number(text: str) -> bool:
    """Whether a movetext token is a move number (``"12."``)."""
    return _NUMBER.fullmatch(text) is not None


def two_player_result(state: State) -> str:
    """The result of a two-player game: ``"1-0"`` (the first seat won), ``"0-1"`` (the
    second), ``"1/2-1/2"`` (a draw: nobody won) or ``"*"`` (unfinished)."""
    result = state.result()
    if result is None:
        return "*"
    if not result.winners:
        return "1/2-1/2"
    return "1-0" if result.winners == (0,) else "0-1"


def check_result(replayed: str, given: str, line: int, what: str) -> None:
    """Raise :class:`RecordError` when the result a record gives (``what``: ``"result"``,
    ``"Result tag"``, ...) is not the ``replayed`` one."""
    if given != replayed:
        raise RecordError(
            f"the {what} says {given} but the replayed game gives {replayed}",
            line=line,
            code="record.wrong-result",
            params={"given": given, "replayed": replayed},
        )


def resignation_result(seat: int) -> str:
    """The result of a two-player game that ``seat`` resigned: the other seat's win.

    >>> resignation_result(0), resignation_result(1)
    ('0-1', '1-0')
    """
    return "0-1" if seat == 0 else "1-0"


def read_resignation(
    termination: Tag | None, results: Iterable[tuple[str, int]], replayed: str
) -> int | None:
    """The seat that resigned in a two-player record, or ``None`` when its ``termination``
    tag is absent or says something else.

    ``results`` are the results the record gives (the Result tag, the result token) with
    their lines, and ``replayed`` the result of its moves. A resignation needs moves that do
    not end the game (``*``) and a win, ``1-0`` (the second seat resigned) or ``0-1`` (the
    first), given the same in every place; anything else raises :class:`RecordError`.

    >>> tag = Tag("Termination", "resignation", 5)
    >>> read_resignation(tag, [("0-1", 5), ("0-1", 9)], "*"), read_resignation(None, [], "*")
    (0, None)
    >>> read_resignation(tag, [("1/2-1/2", 4)], "*")
    Traceback (most recent call last):
    pyengine.core.errors.RecordError: line 4: a resigned game is won by the other player (1-0 or 0-1), not 1/2-1/2
    """
    if termination is None or termination.value.lower() != RESIGNATION:
        return None
    if replayed != "*":
        raise RecordError(
            f"the Termination tag says resignation but the moves end the game ({replayed})",
            line=termination.line,
            code="record.wrong-result",
            params={"given": RESIGNATION, "replayed": replayed},
        )
    given = list(results)
    if not given:
        raise RecordError(
            "a resignation needs the result that says who won, 1-0 or 0-1",
            line=termination.line,
            code="record.wrong-result",
            params={"given": RESIGNATION, "replayed": replayed},
        )
    first = given[0][0]
    for text, line in given:
        if text not in _RESIGNED_RESULTS:
            reason = f"a resigned game is won by the other player (1-0 or 0-1), not {text}"
        elif text != first:
            reason = f"the results differ: {first} and {text}"
        else:
            continue
        raise RecordError(
            reason, line=line, code="record.wrong-result", params={"given": text, "replayed": first}
        )
    return _RESIGNED_RESULTS[first]


def read_resignation_of(
    termination: Tag | None, result_tag: Tag | None, result_token: Token | None, replayed: str
) -> int | None:
    """:func:`read_resignation` of a record whose results are its ``Result`` tag and its
    result token (either may be missing)."""
    given = [
        (text.value, text.line) if isinstance(text, Tag) else (text.text, text.line)
        for text in (result_tag, result_token)
        if text is not None
    ]
    return read_resignation(termination, given, replayed)
