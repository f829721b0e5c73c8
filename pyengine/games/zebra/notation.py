"""Zebra notation: cells, actions, position text and board diagrams.

Cells are ``a1``..``j10`` (file letter, rank number; files ``a``..``j`` with no gap). Actions
(zebra.md §7) are a move ``c2-d2``, a placement ``@c2`` and a removal ``xc3``. Input is
case-insensitive (``C2-D2``, ``X C3``, ``@C2``, and ``x c3`` with a space); output is lowercase.

**Position text** (like chess FEN)::

    <rank N>/<rank N-1>/.../<rank 1> <side> [<phase> [<plies>]]

* each rank lists its N cells from file ``a`` on, separated by spaces, with the tokens of the
  spec's diagrams: ``W3``/``B1`` (top colour and height), ``.`` empty, ``#`` hole (empty from
  the start), ``n`` the neutral base with nothing on it, ``nW2``/``nB1`` the neutral base
  carrying a tower (the height excludes the base); tokens may also be written without spaces
  (``W1B1W1B1``) and in either case;
* ``side`` is ``w`` or ``b``, the player to move;
* ``phase`` is ``removal``, ``placement`` or ``movement`` (default ``movement``);
* ``plies`` is the number of movement-phase plies already played, for the move cap (default 0).

The 4×4 standard start is ``W1 B1 W1 B1/B1 W1 B1 W1/W1 B1 W1 B1/B1 W1 B1 W1 w movement 0``.

**Diagrams** are the spec's blocks: rank N at the top, each line the rank number and the cell
tokens, then a line of file letters (see :func:`format_diagram`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from pyengine.core.errors import NotationError
from pyengine.core.game import Action
from pyengine.core.grid import CellAction, GridCell
from pyengine.core.notation import action_error, as_text, diagram_ranks, position_error, rank_labels

__all__ = [
    "BLACK",
    "FILES",
    "MAX_SIZE",
    "MIN_SIZE",
    "PHASES",
    "WHITE",
    "Cell",
    "Move",
    "Place",
    "Position",
    "Remove",
    "ZebraAction",
    "format_diagram",
    "format_position",
    "parse_action",
    "parse_cell",
    "parse_diagram_board",
    "parse_position",
]

FILES = "abcdefghij"
MIN_SIZE = 3
MAX_SIZE = 10
PHASES = ("removal", "placement", "movement")
WHITE = 0
BLACK = 1

_CELL = r"([a-jA-J])(10|[1-9])"
_MOVE_PATTERN = re.compile(rf"{_CELL}-{_CELL}")
_PLACE_PATTERN = re.compile(rf"@{_CELL}")
_REMOVE_PATTERN = re.compile(rf"[xX][ \t]*{_CELL}")
_TOKEN_PATTERN = re.compile(r"([nN]?)([WBwb])([1-9][0-9]{0,2})|([.#nN])")
_WHITESPACE = re.compile(r"[ \t\r\n]+")


def _cell_from_match(file_letter: str, rank_text: str) -> Cell:
    return Cell(FILES.index(file_letter.lower()), int(rank_text) - 1)


class Cell(GridCell):
    """A square of a Zebra board, files ``a``..``j``.

    >>> Cell.parse("C2"), str(Cell(2, 1)), Cell(2, 1).index(4)
    (Cell.parse('c2'), 'c2', 6)
    """

    __slots__ = ()
    FILES: ClassVar[str] = FILES
    EXAMPLE: ClassVar[str] = "c2"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Move(Action):
    """Move the top piece of ``source`` onto the tower on ``target`` (``c2-d2``)."""

    source: Cell
    target: Cell

    EXPECTED: ClassVar[str] = "a move such as c2-d2"

    def cells(self) -> tuple[Cell, ...]:
        return (self.source, self.target)

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Place(CellAction[Cell]):
    """Place a piece of the placer's colour on an empty cell (``@c2``, setup ``placement``)."""

    PREFIX: ClassVar[str] = "@"
    EXPECTED: ClassVar[str] = "a placement such as @c2"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Remove(CellAction[Cell]):
    """Black removes one of its pieces before White's first move (``xc3``, setup ``remove``)."""

    PREFIX: ClassVar[str] = "x"
    EXPECTED: ClassVar[str] = "a removal such as xc3"


ZebraAction = Move | Place | Remove


def parse_cell(text: str, *, size: int | None = None) -> Cell:
    """Read a cell such as ``c2`` or ``C2``; with ``size``, it must be on that board.

    >>> parse_cell("j10")
    Cell.parse('j10')
    """
    return Cell.parse(text, size=size)


def parse_action(text: str, *, size: int | None = None) -> ZebraAction:
    """Read a move, placement or removal; with ``size``, its cells must be on that board.

    >>> parse_action("C2-D2"), parse_action("X C3"), parse_action("@b4")
    (Move.parse('c2-d2'), Remove.parse('xc3'), Place.parse('@b4'))
    """
    stripped = as_text(text, "an action", "notation.action").strip()
    action: ZebraAction
    if match := _MOVE_PATTERN.fullmatch(stripped):
        groups = match.groups()
        action = Move(_cell_from_match(*groups[:2]), _cell_from_match(*groups[2:]))
    elif match := _PLACE_PATTERN.fullmatch(stripped):
        action = Place(_cell_from_match(*match.groups()))
    elif match := _REMOVE_PATTERN.fullmatch(stripped):
        action = Remove(_cell_from_match(*match.groups()))
    else:
        raise action_error(
            "Zebra", text, "write a move as c2-d2, a placement as @c2 or a removal as xc3"
        )
    for cell in action.cells():
        cell.check_on_board(size, text)
    return action


# -- positions ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A position read from text, before any rule checks.

    ``cells`` uses the layout of ``ZebraState.cells`` (index ``rank * size + file``; ``+h``
    White on top of height h, ``-h`` Black, ``0`` empty, hole or exposed neutral base).
    """

    size: int
    cells: tuple[int, ...]
    holes: frozenset[int]
    neutral: int | None
    to_move: int
    phase: str = "movement"
    movement_plies: int = 0


def _position_error(text: str, reason: str) -> NotationError:
    return position_error("Zebra", text, reason)


def _read_rank(words: list[str], rank_label: str, source: str) -> list[str]:
    """Split the words of one rank into cell tokens (tokens may be written without spaces)."""
    tokens: list[str] = []
    for word in words:
        position = 0
        while position < len(word):
            match = _TOKEN_PATTERN.match(word, position)
            if match is None:
                raise _position_error(
                    source,
                    f"rank {rank_label}: cannot read {word[position:]!r} as a cell "
                    "(use W3, B1, ., #, n or nW2)",
                )
            tokens.append(match.group(0))
            position = match.end()
    return tokens


def _read_board(ranks: list[list[str]], labels: list[str], source: str) -> Position:
    """Turn rank token lists (rank N first) into cells, holes and the neutral centre."""
    size = len(ranks)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise _position_error(source, f"a board has {MIN_SIZE} to {MAX_SIZE} ranks, not {size}")
    cells = [0] * (size * size)
    holes: set[int] = set()
    neutral: int | None = None
    for row, (tokens, label) in enumerate(zip(ranks, labels, strict=True)):
        if len(tokens) != size:
            raise _position_error(source, f"rank {label} has {len(tokens)} cells instead of {size}")
        rank = size - 1 - row
        for file, token in enumerate(tokens):
            index = rank * size + file
            match = _TOKEN_PATTERN.fullmatch(token)
            assert match is not None  # _read_rank only produces matching tokens
            base, colour, height, symbol = match.groups()
            if symbol == "#":
                holes.add(index)
            elif symbol in ("n", "N") or base:
                if neutral is not None:
                    raise _position_error(source, "there can be only one neutral base")
                neutral = index
            if colour is not None:
                value = int(height)
                if value > size * size:
                    raise _position_error(
                        source,
                        f"{token} at {Cell(file, rank)} is taller than the "
                        f"{size * size} pieces of the board",
                    )
                cells[index] = value if colour in "Ww" else -value
    return Position(size, tuple(cells), frozenset(holes), neutral, WHITE)


def parse_position(text: str) -> Position:
    """Read a position text (see the module docs). Raises :class:`NotationError`.

    >>> position = parse_position("B1 . W2/. n B1/W1 . B1 b movement 12")
    >>> position.size, position.cells[4], position.to_move, position.movement_plies
    (3, 0, 1, 12)
    """
    if not isinstance(text, str):
        raise _position_error(str(text), "a position must be text")
    words = _WHITESPACE.split(text.strip())
    side_at = next((at for at, word in enumerate(words) if word in ("w", "b", "W", "B")), None)
    if side_at is None:
        raise _position_error(text, "the side to move (w or b) is missing after the board")
    rank_texts = " ".join(words[:side_at]).split("/")
    labels = rank_labels(len(rank_texts))
    ranks = [
        _read_rank(rank_text.split(), label, text)
        for rank_text, label in zip(rank_texts, labels, strict=True)
    ]
    board = _read_board(ranks, labels, text)
    fields = words[side_at + 1 :]
    phase = "movement"
    plies = 0
    if fields:
        phase = fields[0].lower()
        if phase not in PHASES:
            raise _position_error(text, f"the phase must be one of {', '.join(PHASES)}")
    if len(fields) > 1:
        plies_text = fields[1]
        if (
            not (plies_text.isascii() and plies_text.isdigit())
            or len(plies_text) > 6
            or (len(plies_text) > 1 and plies_text[0] == "0")
        ):
            raise _position_error(text, f"the ply count must be a number, not {plies_text!r}")
        plies = int(plies_text)
    if len(fields) > 2:
        raise _position_error(text, f"unexpected text after the ply count: {fields[2]!r}")
    to_move = WHITE if words[side_at] in ("w", "W") else BLACK
    return Position(board.size, board.cells, board.holes, board.neutral, to_move, phase, plies)


def _cell_token(position: Position, index: int) -> str:
    value = position.cells[index]
    if index in position.holes:
        return "#"
    text = "." if value == 0 else f"{'W' if value > 0 else 'B'}{abs(value)}"
    if index == position.neutral:
        return "n" if value == 0 else f"n{text}"
    return text


def format_position(position: Position) -> str:
    """The canonical position text (inverse of :func:`parse_position`)."""
    size = position.size
    ranks = [
        " ".join(_cell_token(position, rank * size + file) for file in range(size))
        for rank in reversed(range(size))
    ]
    side = "w" if position.to_move == WHITE else "b"
    return f"{'/'.join(ranks)} {side} {position.phase} {position.movement_plies}"


def format_diagram(position: Position) -> str:
    """The board as the spec draws it: rank N at the top, file letters underneath.

    >>> print(format_diagram(parse_position("B1 . W2/. n B1/W1 . B1 w")))
    3 B1 .  W2
    2 .  n  B1
    1 W1 .  B1
      a  b  c
    """
    size = position.size
    tokens = [_cell_token(position, index) for index in range(size * size)]
    width = max(2, *(len(token) for token in tokens))
    label_width = len(str(size))
    lines = []
    for rank in reversed(range(size)):
        row = " ".join(tokens[rank * size + file].ljust(width) for file in range(size))
        lines.append(f"{str(rank + 1).rjust(label_width)} {row}".rstrip())
    files = " ".join(letter.ljust(width) for letter in FILES[:size])
    lines.append(f"{' ' * label_width} {files}".rstrip())
    return "\n".join(lines)


def parse_diagram_board(text: str) -> Position:
    """Read a diagram block as :func:`format_diagram` writes it (and as zebra.md draws it).

    Blank lines are ignored; each rank line starts with its number, ranks run from N down
    to 1, and the last line holds the file letters. The result has White to move.
    """
    rank_words, labels = diagram_ranks(text, FILES, _position_error)
    ranks = [
        _read_rank(words, label, text) for words, label in zip(rank_words, labels, strict=True)
    ]
    return _read_board(ranks, labels, text)
