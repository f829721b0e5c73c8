"""Squares of a rectangular board, shared by the grid games (Zebra, Virus War, ...).

A game subclasses :class:`GridCell` with its own file letters and its own ``parse`` (Virus War
has no ``j`` and reads ``j`` as ``k``; Zebra uses a..j): everything else about a cell (its
index on a board, ordering, text) is the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from pyengine.core.errors import NotationError

__all__ = ["GridCell"]


@dataclass(frozen=True, slots=True, order=True)
class GridCell:
    """A square: 0-based ``file`` (a = 0) and ``rank`` (rank 1 = 0); sorted file first.

    Subclasses set ``FILES`` (the file letters, whose length is the largest board size) and
    implement ``parse``; ``repr`` is the call that parses the cell back.
    """

    FILES: ClassVar[str] = ""

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
    def parse(cls, text: str) -> Self:
        raise NotImplementedError

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
