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
from collections.abc import Iterable
from dataclasses import dataclass

from pyengine.core.errors import RecordError

__all__ = [
    "RESIGNATION",
    "Tag",
    "Token",
    "format_tags",
    "read_resignation",
    "resignation_result",
    "split_record",
]

RESIGNATION = "resignation"
"""The ``Termination`` tag's value of a game that a player resigned."""
_RESIGNED_RESULTS = {"1-0": 1, "0-1": 0}  # the result and the seat that resigned

_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\["\\])*)"[ \t]*\]')
_WHITESPACE = " \t\r\n"


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


def format_tags(pairs: Iterable[tuple[str, str]]) -> str:
    """The canonical header: one ``[Key "Value"]`` per line, no trailing newline."""
    return "\n".join(f'[{key} "{_escape(value)}"]' for key, value in pairs)


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
