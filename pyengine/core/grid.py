"""Squares of a rectangular board, shared by the grid games (Zebra, Virus War, ...).

A game subclasses :class:`GridCell` with its own file letters (Virus War has no ``j`` and
reads ``j`` as ``k``; Zebra uses a..j): everything else about a cell (reading and writing its
name, its index on a board, ordering) is the same everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, Self, TypeVar

from pyengine.core.errors import NotationError
from pyengine.core.game import Action

__all__ = ["CellAction", "GridCell"]

_NAME = re.compile(r"([A-Za-z])([1-9][0-9]?)")


@dataclass(frozen=True, slots=True, order=True)
class GridCell:
    """A square: 0-based ``file`` (a = 0) and ``rank`` (rank 1 = 0); sorted file first.

    Subclasses set ``FILES`` (the file letters, whose length is the largest board size) and
    may set ``ALIASES`` (letters read as others), ``LETTERS`` (how a message names the file
    letters, by default their range: ``a-j``) and ``EXAMPLE`` (the cell a message shows);
    ``repr`` is the call that parses the cell back.
    """

    FILES: ClassVar[str] = ""
    LETTERS: ClassVar[str] = ""
    ALIASES: ClassVar[Mapping[str, str]] = {}
    EXAMPLE: ClassVar[str] = "c3"

    file: int
    rank: int

    def __post_init__(self) -> None:
        limit = len(self.FILES)
        if not (
            type(self.file) is int
            and type(self.rank) is int
            and 0 <= self.file < limit
            and 0 <= self.rank < limit
        ):
            raise ValueError(f"a cell needs file and rank in 0..{limit - 1}")

    @classmethod
    def read(cls, text: str) -> Self | None:
        """The cell ``text`` names exactly (a file letter in any case, or one of its
        ``ALIASES``, and a rank without a leading zero), or ``None``."""
        match = _NAME.fullmatch(text)
        if match is None:
            return None
        letter = match.group(1).lower()
        file = cls.FILES.find(cls.ALIASES.get(letter, letter))
        rank = int(match.group(2)) - 1
        if file < 0 or rank >= len(cls.FILES):
            return None
        return cls(file, rank)

    @classmethod
    def parse(cls, text: str, *, size: int | None = None) -> Self:
        """Read a cell such as ``c3`` (any case, spaces around allowed); with ``size``, it must
        be on that board. Raises :class:`NotationError`.

        >>> class Cell(GridCell):
        ...     FILES = "abcd"
        >>> Cell.parse(" B4")
        Cell.parse('b4')
        >>> Cell.parse("c5")
        Traceback (most recent call last):
        ...
        pyengine.core.errors.NotationError: 'c5' is not a cell: write a file letter a-d and a rank 1-4, such as c3.
        """
        cell = cls.read(text.strip()) if isinstance(text, str) else None
        if cell is None:
            letters = cls.LETTERS or f"{cls.FILES[0]}-{cls.FILES[-1]}"
            raise NotationError(
                f"{text!r} is not a cell: write a file letter {letters} and a rank "
                f"1-{len(cls.FILES)}, such as {cls.EXAMPLE}.",
                code="notation.cell",
                params={"text": str(text)},
            )
        cell.check_on_board(size, text)
        return cell

    @classmethod
    def from_index(cls, index: int, size: int) -> Self:
        return cls(index % size, index // size)

    def index(self, size: int) -> int:
        """The cell's index on a board of ``size``: ``rank * size + file`` (a1 = 0, a2 = size)."""
        return self.rank * size + self.file

    def on_board(self, size: int) -> bool:
        return self.file < size and self.rank < size

    def check_on_board(self, size: int | None, text: str) -> None:
        """Raise :class:`NotationError` (``notation.off-board``, about ``text``, the notation
        read) unless the cell is on the board of ``size`` (``None``: any board).

        >>> class Cell(GridCell):
        ...     FILES = "abcd"
        >>> Cell(3, 0).check_on_board(3, "d1")
        Traceback (most recent call last):
        ...
        pyengine.core.errors.NotationError: d1 is not on the 3x3 board (files a-c, ranks 1-3).
        """
        if size is not None and not self.on_board(size):
            raise NotationError(
                f"{self} is not on the {size}x{size} board "
                f"(files a-{self.FILES[size - 1]}, ranks 1-{size}).",
                code="notation.off-board",
                params={"text": text, "cell": str(self), "size": size},
            )

    def __str__(self) -> str:
        return f"{self.FILES[self.file]}{self.rank + 1}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


C = TypeVar("C", bound=GridCell)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class CellAction(Action, Generic[C]):
    """An action on one ``cell``, written as the class's ``PREFIX`` and the cell (Zebra's
    placement ``@c2`` and removal ``xc3``, Virus War's step ``c3``)."""

    cell: C

    PREFIX: ClassVar[str] = ""

    def cells(self) -> tuple[C, ...]:
        return (self.cell,)

    def __str__(self) -> str:
        return f"{self.PREFIX}{self.cell}"
