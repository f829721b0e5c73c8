"""Helpers shared by the PGN-like game records of every game.

A record is a header of tags, ``[Key "Value"]``, followed by movetext: whitespace-separated
tokens (move numbers, plies, a result). :func:`split_record` cuts the text into tags and
tokens, remembering the line of each so errors can name it; :func:`format_tags` writes the
canonical header. Game-specific modules give the tokens their meaning.

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

__all__ = ["Tag", "Token", "format_tags", "split_record"]

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
