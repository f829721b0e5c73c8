"""Virus Fight notation (virus-fight.md §8): cells, piece codes and the atomic actions.

**Cells** are a file letter ``a``..``k`` and a rank ``1``..``11`` without leading zeros
(``a1`` is bottom-left). Input is case-insensitive; output is lowercase.

**Piece codes** are a type letter (``M`` MOVE, ``W`` WRITE, ``J`` JUMP, ``E`` ERASE) and a
size digit ``1``..``3`` (``M3`` = large MOVE). Input is case-insensitive.

**Actions** (one value class per form; ``str`` is the notation, ``parse`` reads it back,
``repr`` is the parse call, ``cells()`` the cells a player clicks, in order):

==============  ===========================  =====================  ==========================
class           notation                     decision               ``cells()``
==============  ===========================  =====================  ==========================
``Setup``       ``c1:M3 d1:W1 e1:E2 @d1``    setup (one per seat)   the piece cells, then the
                                                                    marker cell
``Move``        ``c3-d3``                    effect of a MOVE       from, to
``Write``       ``+W2@d4``                   effect of a WRITE      the cell
``Erase``       ``xd4`` / ``x-``             effect of an ERASE     the target / none
``NoEffect``    ``-``                        automatic only         none
``Step``        ``@c4`` / ``@-``             marker step            the cell / none
``Jump``        ``J@e5`` / ``J@-``           jump                   the cell / none
``ProposeStop`` ``stop``                     turn start (§7.2)      none
``AnswerStop``  ``accept`` / ``decline``     answering a proposal   none
``Resign``      ``resign``                   one's own turn         none
==============  ===========================  =====================  ==========================

``NoEffect``, ``Step(None)`` (``@-``) and ``Jump(None)`` (``J@-``) are the *automatic*
tokens: the engine applies them itself when a decision has no legal option; a player can
never submit them (``action.automatic`` is true).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from pyengine.core.errors import NotationError
from pyengine.core.game import Action
from pyengine.core.grid import GridCell
from pyengine.core.notation import action_error, as_text

__all__ = [
    "FILES",
    "MAX_SIZE",
    "MIN_SIZE",
    "PIECE_CODES",
    "SIZES",
    "TYPES",
    "AnswerStop",
    "Cell",
    "Erase",
    "Jump",
    "Move",
    "NoEffect",
    "Piece",
    "ProposeStop",
    "Resign",
    "Setup",
    "Step",
    "VirusFightAction",
    "Write",
    "code_key",
    "parse_action",
    "parse_cell",
    "parse_code",
    "parse_turn",
    "sort_supply",
]

FILES = "abcdefghijk"
MIN_SIZE = 5
MAX_SIZE = 11
TYPES = "MWJE"
"""The instruction types in their documented order: MOVE, WRITE, JUMP, ERASE."""
TYPE_NAMES = {"M": "MOVE", "W": "WRITE", "J": "JUMP", "E": "ERASE"}
SIZES = (1, 2, 3)
PIECE_CODES = tuple(f"{kind}{size}" for kind in TYPES for size in SIZES)
"""The 12 codes of one set in piece order (``M1 M2 M3 W1 ... E3``), the order used in lists."""

_CELL = r"[a-kA-K](?:1[01]|[1-9])"
_CODE = r"[MWJEmwje][123]"
_MOVE = re.compile(f"({_CELL})-({_CELL})")
_WRITE = re.compile(rf"\+({_CODE})@({_CELL})")
_ERASE = re.compile(f"[xX](?:({_CELL})|-)")
_STEP = re.compile(f"@(?:({_CELL})|-)")
_JUMP = re.compile(f"[jJ]@(?:({_CELL})|-)")
_ITEM = re.compile(f"({_CELL}):({_CODE})")


def code_key(code: str) -> int:
    """The position of a piece code in :data:`PIECE_CODES` (the sort key of codes)."""
    return PIECE_CODES.index(code)


class Piece(NamedTuple):
    """A piece: ``kind`` (``M W J E``), ``size`` (1..3), ``owner`` and ``origin`` (0-based
    seats; the origin is the set it came from, drawn in that palette and read by no rule)."""

    kind: str
    size: int
    owner: int
    origin: int

    @property
    def code(self) -> str:
        return f"{self.kind}{self.size}"

    def __str__(self) -> str:
        return f"{self.kind}{self.size}/{self.owner + 1}"


def sort_supply(pieces: list[Piece]) -> tuple[Piece, ...]:
    """A supply in its canonical order: by piece code, then by the set each piece came from."""
    return tuple(sorted(pieces, key=lambda piece: (code_key(piece.code), piece.origin)))


class Cell(GridCell):
    """A square of a Virus Fight board, files ``a``..``k``: ``Cell.parse("K11")`` is
    ``Cell(10, 10)``, ``str(Cell(2, 0))`` is ``"c1"``."""

    __slots__ = ()
    FILES: ClassVar[str] = FILES


def _cell(text: str) -> Cell:
    return Cell(FILES.index(text[0].lower()), int(text[1:]) - 1)


def parse_cell(text: str, *, size: int | None = None) -> Cell:
    """Read a cell such as ``c3`` (any case); with ``size`` it must be on that board.

    >>> parse_cell("C3"), parse_cell("k11")
    (Cell.parse('c3'), Cell.parse('k11'))
    """
    return Cell.parse(text, size=size)


def parse_code(text: str) -> str:
    """Read a piece code (``m3`` → ``M3``)."""
    if not isinstance(text, str) or re.fullmatch(_CODE, text.strip()) is None:
        raise NotationError(
            f"{text!r} is not a piece code: write M, W, J or E and a size 1-3, such as W2.",
            code="notation.code",
            params={"text": str(text)},
        )
    return text.strip().upper()


@dataclass(frozen=True, slots=True, repr=False)
class Setup(Action):
    """One seat's whole secret program (§3): ``placements`` (cell, code) in canonical cell
    order and the ``marker`` cell, which holds one of the pieces. Its text lists the pieces in
    any cell order, no cell or piece twice: ``Setup.parse("c1:M3 d1:W1 @d1")``."""

    placements: tuple[tuple[Cell, str], ...]
    marker: Cell

    automatic: ClassVar[bool] = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "placements", tuple(sorted(self.placements)))

    EXPECTED: ClassVar[str] = "a setup such as c1:M3 d1:W1 @d1"

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(code for _, code in self.placements)

    def cells(self) -> tuple[Cell, ...]:
        return (*(cell for cell, _ in self.placements), self.marker)

    def __str__(self) -> str:
        items = " ".join(f"{cell}:{code}" for cell, code in self.placements)
        return f"{items} @{self.marker}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Move(Action):
    """MOVE effect: the piece on ``source`` goes to the empty ``target`` (§6.2)."""

    source: Cell
    target: Cell

    automatic: ClassVar[bool] = False

    EXPECTED: ClassVar[str] = "a move such as c3-d3"

    def cells(self) -> tuple[Cell, ...]:
        return (self.source, self.target)

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


@dataclass(frozen=True, slots=True, repr=False)
class Write(Action):
    """WRITE effect: a piece of code ``code`` from the writer's supply onto ``cell`` (§6.3)."""

    code: str
    cell: Cell

    automatic: ClassVar[bool] = False

    EXPECTED: ClassVar[str] = "a write such as +W2@d4"

    def cells(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def __str__(self) -> str:
        return f"+{self.code}@{self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class Erase(Action):
    """ERASE effect on ``target``, or ``None`` (``x-``) for aiming at an empty cell (§6.4)."""

    target: Cell | None

    automatic: ClassVar[bool] = False

    EXPECTED: ClassVar[str] = "an erase such as xd4 or x-"

    def cells(self) -> tuple[Cell, ...]:
        return () if self.target is None else (self.target,)

    def __str__(self) -> str:
        return f"x{self.target or '-'}"


@dataclass(frozen=True, slots=True, repr=False)
class NoEffect(Action):
    """The automatic token ``-``: the effect decision had no legal option."""

    automatic: ClassVar[bool] = True

    EXPECTED: ClassVar[str] = "-"

    def cells(self) -> tuple[Cell, ...]:
        return ()

    def __str__(self) -> str:
        return "-"


@dataclass(frozen=True, slots=True, repr=False)
class Step(Action):
    """Marker step onto ``cell`` (§6.6); ``None`` is the automatic ``@-`` (eliminated)."""

    cell: Cell | None

    @property
    def automatic(self) -> bool:
        return self.cell is None

    EXPECTED: ClassVar[str] = "a marker step such as @c4"

    def cells(self) -> tuple[Cell, ...]:
        return () if self.cell is None else (self.cell,)

    def __str__(self) -> str:
        return f"@{self.cell or '-'}"


@dataclass(frozen=True, slots=True, repr=False)
class Jump(Action):
    """JUMP onto ``cell`` (§6.5); ``None`` is the automatic ``J@-`` (eliminated)."""

    cell: Cell | None

    @property
    def automatic(self) -> bool:
        return self.cell is None

    EXPECTED: ClassVar[str] = "a jump such as J@e5"

    def cells(self) -> tuple[Cell, ...]:
        return () if self.cell is None else (self.cell,)

    def __str__(self) -> str:
        return f"J@{self.cell or '-'}"


@dataclass(frozen=True, slots=True, repr=False)
class ProposeStop(Action):
    """Propose an agreed stop (§7.2) at the start of one's turn; never in a legal list."""

    automatic: ClassVar[bool] = False

    EXPECTED: ClassVar[str] = "stop"

    def cells(self) -> tuple[Cell, ...]:
        return ()

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True, repr=False)
class AnswerStop(Action):
    """Accept (``accept``) or refuse (``decline``) a stop proposal (§7.2)."""

    accept: bool

    automatic: ClassVar[bool] = False

    EXPECTED: ClassVar[str] = "accept or decline"

    def cells(self) -> tuple[Cell, ...]:
        return ()

    def __str__(self) -> str:
        return "accept" if self.accept else "decline"


@dataclass(frozen=True, slots=True, repr=False)
class Resign(Action):
    """Give up during one's turn: the player is eliminated (§6.7, see the rules module);
    never in a legal list."""

    automatic: ClassVar[bool] = False

    EXPECTED: ClassVar[str] = "resign"

    def cells(self) -> tuple[Cell, ...]:
        return ()

    def __str__(self) -> str:
        return "resign"


VirusFightAction = (
    Setup | Move | Write | Erase | NoEffect | Step | Jump | ProposeStop | AnswerStop | Resign
)


def _parse_setup(text: str) -> Setup:
    words = text.split()
    if len(words) < 2 or not words[-1].startswith("@"):
        raise NotationError(
            f"{text!r} is not a setup: write cell:code items then @cell, such as c1:M3 d1:W1 @d1.",
            code="notation.setup",
            params={"text": text},
        )
    placements: list[tuple[Cell, str]] = []
    for word in words[:-1]:
        match = _ITEM.fullmatch(word)
        if match is None:
            raise NotationError(
                f"{word!r} in the setup {text!r} is not cell:code (c1:M3).",
                code="notation.setup",
                params={"text": text, "item": word},
            )
        placements.append((_cell(match.group(1)), match.group(2).upper()))
    marker = Cell.read(words[-1][1:])
    if marker is None:
        raise NotationError(
            f"the setup {text!r} must end with the marker cell, such as @d1.",
            code="notation.setup",
            params={"text": text},
        )
    cells = [cell for cell, _ in placements]
    codes = [code for _, code in placements]
    checks: tuple[tuple[Sequence[object], str], ...] = ((cells, "cell"), (codes, "piece"))
    for values, what in checks:
        repeated = sorted({str(value) for value in values if values.count(value) > 1})
        if repeated:
            raise NotationError(
                f"the setup {text!r} repeats the {what} {repeated[0]}.",
                code=f"notation.setup-repeated-{what}",
                params={"text": text, what: repeated[0]},
            )
    return Setup(tuple(placements), marker)


def parse_action(text: str, *, size: int | None = None) -> VirusFightAction:
    """Read any action of the table above; with ``size`` its cells must be on that board.

    >>> parse_action("C3-d3"), parse_action("+w2@d4"), parse_action("x-"), parse_action("J@-")
    (Move.parse('c3-d3'), Write.parse('+W2@d4'), Erase.parse('x-'), Jump.parse('J@-'))
    >>> parse_action("d1:W1 c1:M3 @d1")
    Setup.parse('c1:M3 d1:W1 @d1')
    """
    stripped = as_text(text, "an action", "notation.action").strip()
    lowered = stripped.lower()
    action: VirusFightAction
    if ":" in stripped:
        action = _parse_setup(stripped)
    elif lowered == "-":
        action = NoEffect()
    elif lowered == "stop":
        action = ProposeStop()
    elif lowered == "resign":
        action = Resign()
    elif lowered in ("accept", "decline"):
        action = AnswerStop(lowered == "accept")
    elif match := _MOVE.fullmatch(stripped):
        action = Move(_cell(match.group(1)), _cell(match.group(2)))
    elif match := _WRITE.fullmatch(stripped):
        action = Write(match.group(1).upper(), _cell(match.group(2)))
    elif match := _ERASE.fullmatch(stripped):
        action = Erase(_cell(match.group(1)) if match.group(1) else None)
    elif match := _STEP.fullmatch(stripped):
        action = Step(_cell(match.group(1)) if match.group(1) else None)
    elif match := _JUMP.fullmatch(stripped):
        action = Jump(_cell(match.group(1)) if match.group(1) else None)
    else:
        raise action_error(
            "Virus Fight",
            text,
            "write c3-d3, +W2@d4, xd4, x-, @c4, J@e5, a setup such as c1:M3 d1:W1 @d1, stop, "
            "accept, decline or resign",
        )
    for cell in action.cells():
        cell.check_on_board(size, text)
    return action


def parse_turn(text: str, *, size: int | None = None) -> list[VirusFightAction]:
    """Read a turn (§8.1): ``effect step`` or a jump, automatic tokens included.

    >>> parse_turn("xc4 @c3"), parse_turn("J@-")
    ([Erase.parse('xc4'), Step.parse('@c3')], [Jump.parse('J@-')])
    """
    words = text.split() if isinstance(text, str) else []
    if len(words) == 1:
        action = parse_action(words[0], size=size)
        if isinstance(action, Jump):
            return [action]
    elif len(words) == 2:
        effect = parse_action(words[0], size=size)
        step = parse_action(words[1], size=size)
        if isinstance(effect, (Move, Write, Erase, NoEffect)) and isinstance(step, Step):
            return [effect, step]
    raise NotationError(
        f"{text!r} is not a turn: write an effect and a marker step (xc4 @c3, - @c4) or a "
        "jump (J@d4, J@-).",
        code="notation.turn",
        params={"text": str(text)},
    )
