"""Virus War notation (virus-war.md §1, §8): cells, steps, turns, position text and diagrams.

**Cells** are a file letter and a rank number. Files use the Russian-tradition alphabet without
``j``: ``a b c d e f g h i k l m n o`` (a board of size N uses the first N letters); ranks are
``1``..``N`` without leading zeros. Input is case-insensitive and ``j`` means ``k``; output is
lowercase and uses ``k``.

**Actions** are one step, written as its cell (``c3``: the kind of step, placement or kill,
follows from the cell's content), or ``pass`` (input also ``--``). A *turn* is written as its
steps joined by ``-`` (``a1-b2-c3``) or ``pass``; :func:`parse_turn` reads one.

**Position text** (like chess FEN), one line of space-separated fields::

    <rank N>/<rank N-1>/.../<rank 1> <side> <passes> <last> <turn>/<M> <number>

* each rank is N characters from file ``a`` on: ``.`` empty, ``X``/``O`` live, ``x`` a dead
  X (O's fortress), ``o`` a dead O (X's fortress);
* ``side``: ``x`` or ``o``, the player to move (after the end of the game: the player who
  would move next);
* ``passes``: ``0``, ``1`` if the previous turn was a pass, ``2`` once a double pass ended the
  game;
* ``last``: ``x``, ``o`` or ``-``, the player of the most recent non-pass turn (it decides
  ``last-move-wins``);
* ``turn/M``: the steps made so far in the current turn (``-`` for none, else ``a1-b2``) and
  the turn's length M (§5; ``0`` when the player must pass or the game is over; on input
  ``-`` lets the rules compute it, and a given M must equal theirs);
* ``number``: the number of the current turn pair as a record numbers it (1 for X's first
  turn and O's reply).

Fields after the board may be left out from the right: the defaults are ``0 - -/M 1`` with M
computed. The 6×6 start is ``....../....../....../....../....../...... x 0 - -/3 1``.

**Diagrams** are the spec's blocks: rank N on top, each line the rank number and the cells,
then a line of file letters (:func:`format_diagram`, :func:`parse_diagram_board`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from pyengine.core.errors import NotationError
from pyengine.core.game import Action
from pyengine.core.grid import CellAction, GridCell
from pyengine.core.notation import action_error, as_text, diagram_ranks, position_error, rank_labels

__all__ = [
    "FILES",
    "MAX_SIZE",
    "MIN_SIZE",
    "PASS",
    "PLAYER_NAMES",
    "SYMBOLS",
    "Cell",
    "O",
    "Pass",
    "Position",
    "Step",
    "VirusWarAction",
    "X",
    "format_diagram",
    "format_position",
    "parse_action",
    "parse_cell",
    "parse_diagram_board",
    "parse_position",
    "parse_turn",
]

FILES = "abcdefghiklmno"
MIN_SIZE = 6
MAX_SIZE = 14
SYMBOLS = ".XOxo"  # empty, live X, live O, dead X (O's fortress), dead O (X's fortress)
X = 0
O = 1  # noqa: E741 (the Noughts seat, named as the notation and the docs write it)
PLAYER_NAMES = ("X", "O")
PLAYER_LETTERS = "xo"

_PASS_TEXTS = ("pass", "--")
_WHITESPACE = re.compile(r"[ \t\r\n]+")


class Cell(GridCell):
    """A square of a Virus War board, files ``a``..``o`` without ``j`` (``k`` is file 9),
    which reads ``j`` as ``k``.

    >>> Cell.parse("J10"), str(Cell(9, 9)), Cell(2, 2).index(10)
    (Cell.parse('k10'), 'k10', 22)
    """

    __slots__ = ()
    FILES: ClassVar[str] = FILES
    LETTERS: ClassVar[str] = "a-o (no j)"
    ALIASES: ClassVar[Mapping[str, str]] = {"j": "k"}


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Step(CellAction[Cell]):
    """One step on ``cell``: a placement on an empty cell or a kill of a live enemy (§4),
    written as the cell."""

    EXPECTED: ClassVar[str] = "a step such as c3"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Pass(Action):
    """Refuse the whole turn (§5); legal only before the turn's first step. Read from ``pass``
    or ``--``."""

    EXPECTED: ClassVar[str] = "pass"

    def cells(self) -> tuple[Cell, ...]:
        return ()

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
VirusWarAction = Step | Pass


def parse_cell(text: str, *, size: int | None = None) -> Cell:
    """Read a cell such as ``c3``, ``C3`` or ``j10`` (= ``k10``); with ``size``, it must be on
    that board.

    >>> parse_cell("j10"), parse_cell("O14")
    (Cell.parse('k10'), Cell.parse('o14'))
    """
    return Cell.parse(text, size=size)


def parse_action(text: str, *, size: int | None = None) -> VirusWarAction:
    """Read a step (``c3``) or ``pass`` (``--``); with ``size``, the cell must be on the board.

    >>> parse_action("C3"), parse_action("PASS"), parse_action("--")
    (Step.parse('c3'), Pass.parse('pass'), Pass.parse('pass'))
    """
    stripped = as_text(text, "an action", "notation.action").strip()
    if stripped.lower() in _PASS_TEXTS:
        return PASS
    cell = Cell.read(stripped)
    if cell is None:
        raise action_error("Virus War", text, "write a step as its cell (c3) or pass")
    cell.check_on_board(size, text)
    return Step(cell)


def parse_turn(text: str, *, size: int | None = None) -> list[VirusWarAction]:
    """Read a turn: ``pass``/``--`` or steps joined by ``-`` (any number of them; the rules
    decide how many a turn needs).

    >>> parse_turn("a1-B2-c3"), parse_turn("--")
    ([Step.parse('a1'), Step.parse('b2'), Step.parse('c3')], [Pass.parse('pass')])
    """
    stripped = as_text(text, "a turn", "notation.turn").strip()
    if stripped.lower() in _PASS_TEXTS:
        return [PASS]
    parts = stripped.split("-")
    if not stripped or any(Cell.read(part) is None for part in parts):
        raise NotationError(
            f"{text!r} is not a turn: write its steps joined by - (a1-b2-c3) or pass.",
            code="notation.turn",
            params={"text": text},
        )
    return [parse_action(part, size=size) for part in parts]


# -- positions ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A position read from text, before any rule checks.

    ``contents`` holds the N² cells in index order (``rank * size + file``) as ``. X O x o``;
    ``to_move`` and ``last_mover`` are seats (0 = X, 1 = O; ``last_mover`` may be ``None``);
    ``turn_steps`` the indices stepped on in the current turn; ``turn_length`` is M (``None``
    when the text leaves it out) and ``number`` the record's turn-pair number.
    """

    size: int
    contents: str
    to_move: int
    passes: int = 0
    last_mover: int | None = None
    turn_steps: tuple[int, ...] = ()
    turn_length: int | None = None
    number: int = 1


def _position_error(text: str, reason: str) -> NotationError:
    return position_error("Virus War", text, reason)


def _read_board(ranks: list[str], labels: list[str], source: str) -> tuple[int, str]:
    """Turn rank strings (rank N first) into the size and the contents in index order."""
    size = len(ranks)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise _position_error(source, f"a board has {MIN_SIZE} to {MAX_SIZE} ranks, not {size}")
    rows = []
    for rank_text, label in zip(ranks, labels, strict=True):
        bad = next((symbol for symbol in rank_text if symbol not in SYMBOLS), None)
        if bad is not None:
            raise _position_error(source, f"rank {label}: {bad!r} is not a cell (use . X O x o)")
        if len(rank_text) != size:
            raise _position_error(
                source, f"rank {label} has {len(rank_text)} cells instead of {size}"
            )
        rows.append(rank_text)
    return size, "".join(reversed(rows))


def _read_number(text: str, source: str, what: str, *, maximum: int) -> int:
    if (
        not (text.isascii() and text.isdigit())
        or (len(text) > 1 and text[0] == "0")
        or (len(text) > 9 or int(text) > maximum)
    ):
        raise _position_error(source, f"{what} must be a number up to {maximum}, not {text!r}")
    return int(text)


def _read_player(text: str, source: str, what: str, *, allow_none: bool) -> int | None:
    lowered = text.lower()
    if lowered in PLAYER_LETTERS:
        return PLAYER_LETTERS.index(lowered)
    if allow_none and text == "-":
        return None
    choices = "x, o or -" if allow_none else "x or o"
    raise _position_error(source, f"{what} must be {choices}, not {text!r}")


def parse_position(text: str) -> Position:
    """Read a position text (see the module docs). Raises :class:`NotationError`.

    >>> position = parse_position("....../....../....../..X.../.X..../X..... o 0 x -/3 1")
    >>> position.size, position.contents[:3], position.to_move, position.last_mover
    (6, 'X..', 1, 0)
    """
    if not isinstance(text, str):
        raise _position_error(str(text), "a position must be text")
    words = _WHITESPACE.split(text.strip())
    if len(words) < 2:
        raise _position_error(text, "the side to move (x or o) is missing after the board")
    if len(words) > 6:
        raise _position_error(text, f"unexpected text after the turn number: {words[6]!r}")
    rank_texts = words[0].split("/")
    labels = rank_labels(len(rank_texts))
    size, contents = _read_board(rank_texts, labels, text)
    to_move = _read_player(words[1], text, "the side to move", allow_none=False)
    assert to_move is not None
    passes = _read_number(words[2], text, "the pass count", maximum=2) if len(words) > 2 else 0
    last = (
        _read_player(words[3], text, "the last mover", allow_none=True) if len(words) > 3 else None
    )
    steps: tuple[int, ...] = ()
    length: int | None = None
    if len(words) > 4:
        turn_text, slash, length_text = words[4].partition("/")
        if not slash:
            raise _position_error(
                text, f"the turn field is steps/M, such as -/3 or a1-b2/3, not {words[4]!r}"
            )
        if length_text != "-":  # "-": let the rules compute M
            length = _read_number(length_text, text, "the turn length M", maximum=3)
        if turn_text != "-":
            try:
                actions = parse_turn(turn_text, size=size)
            except NotationError as error:
                raise _position_error(text, f"the turn's steps: {error}") from error
            if any(not isinstance(action, Step) for action in actions):
                raise _position_error(text, "the turn field lists steps, not a pass")
            steps = tuple(action.cell.index(size) for action in actions if isinstance(action, Step))
    number = _read_number(words[5], text, "the turn number", maximum=10**6) if len(words) > 5 else 1
    if number < 1:
        raise _position_error(text, "the turn number starts at 1")
    return Position(size, contents, to_move, passes, last, steps, length, number)


def format_position(position: Position) -> str:
    """The canonical position text (inverse of :func:`parse_position`)."""
    size = position.size
    ranks = [position.contents[rank * size : (rank + 1) * size] for rank in reversed(range(size))]
    last = "-" if position.last_mover is None else PLAYER_LETTERS[position.last_mover]
    steps = "-".join(str(Cell(index % size, index // size)) for index in position.turn_steps)
    length = "-" if position.turn_length is None else str(position.turn_length)
    return (
        f"{'/'.join(ranks)} {PLAYER_LETTERS[position.to_move]} {position.passes} {last} "
        f"{steps or '-'}/{length} {position.number}"
    )


def format_diagram(size: int, contents: str) -> str:
    """The board as the spec draws it: rank N at the top, file letters underneath.

    >>> print(format_diagram(6, "X" + "." * 34 + "O"))
    6 . . . . . O
    5 . . . . . .
    4 . . . . . .
    3 . . . . . .
    2 . . . . . .
    1 X . . . . .
      a b c d e f
    """
    width = len(str(size))
    lines = [
        f"{str(rank + 1).rjust(width)} {' '.join(contents[rank * size : (rank + 1) * size])}"
        for rank in reversed(range(size))
    ]
    lines.append(f"{' ' * width} {' '.join(FILES[:size])}")
    return "\n".join(lines)


def parse_diagram_board(text: str) -> tuple[int, str]:
    """Read a diagram block as the spec draws it; returns ``(size, contents)``.

    Blank lines are ignored; each rank line starts with its number (ranks N down to 1) followed
    by the N cells (spaces between them optional); the last line holds the file letters.
    """
    rank_words, labels = diagram_ranks(text, FILES, _position_error)
    return _read_board(["".join(words) for words in rank_words], labels, text)
