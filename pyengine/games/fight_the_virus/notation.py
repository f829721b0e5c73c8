"""Fight the Virus decisions (fight-the-virus.md §5.1): the action value types, their canonical
text and their structured (JSON) form.

==============  =======================  ============================================
class           canonical text           decision
==============  =======================  ============================================
``Roll``        ``roll``                 start of a turn (the roller)
``Reroll``      ``reroll``               the dice show a double other than 6-6
``Keep``        ``keep``                 the same
``Use``         ``<f>[+<d>]><target>``   a die use: ``5>A:e3.f3.e4.f4.e5``, ``6+3>R9``,
                                         ``1>T10``, ``4+1>C30``
``Bonus``       ``bS>A:<cells>``,        a pending bonus S, N or O
                ``bN<v>>C<c><r>``,
                ``bO>T<r><p>``
``Decline``     ``b-``                   decline the pending bonus
``Pass``        ``pass``                 end one's part, forfeiting the uses left
``Resign``      ``resign``               give up (accepted at any own decision, never listed)
==============  =======================  ============================================

``str(action)`` is the canonical text, ``Class.parse(text)`` (or :func:`parse_action`) reads
it back and ``repr(action)`` is that call. Only canonical text is accepted: analysis cells
sorted by row then column, no cell twice, no ``+0``, no spaces, exact case. The grammar allows
any cell of the 11×11 box (``a0``) and any ``T<r><p>``/``C<c><r>`` pair; whether the cell
exists on the sheet is a rule the state checks (so a player hears which rule was broken).

The structured form (``action.to_json()`` / :func:`action_from_json`) is ``{"type": T}`` with T
in ``roll reroll keep pass decline resign``, a use ``{"type": "use", "die": 6, "raise": 3,
"area": "R", "target": "R9"}`` and a bonus ``{"type": "bonus", "kind": "N", "value": 3, "area":
"C", "target": "C21"}``; analysis uses and bonus S carry ``"cells": [...]`` instead of
``"target"``, bonus S and O no ``"value"``.

>>> parse_action("6+3>R9"), parse_action("bS>A:e3.f3")
(Use.parse('6+3>R9'), Bonus.parse('bS>A:e3.f3'))
>>> parse_action("5>A:e3.f3.e4.f4.e5").to_json()
{'type': 'use', 'die': 5, 'raise': 0, 'area': 'A', 'cells': ['e3', 'f3', 'e4', 'f4', 'e5']}
>>> str(action_from_json({"type": "bonus", "kind": "N", "value": 3, "area": "C",
...                       "target": "C21"}))
'bN3>C21'
>>> parse_action("6+0>R6")
Traceback (most recent call last):
    ...
pyengine.core.errors.NotationError: '6+0>R6' is not canonical: a raise is written +1 or more and left out when there is none (6>R6).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NoReturn

from pyengine.core.errors import NotationError
from pyengine.core.game import Action

__all__ = [
    "AREAS",
    "Bonus",
    "Decline",
    "FightTheVirusAction",
    "Keep",
    "Pass",
    "Reroll",
    "Resign",
    "Roll",
    "Use",
    "action_from_json",
    "cell_key",
    "parse_action",
]

AREAS = ("A", "R", "T", "C")
"""The four areas: analysis, research, testing, curve."""

_CELL = r"[a-k](?:10|[0-9])"
_CELLS = rf"{_CELL}(?:\.{_CELL})*"
_TARGET = r"R(?:1[0-2]|[1-9])|T[0-4][0-4]|C[0-6][0-3]"
_USE = re.compile(rf"([1-6])(?:\+([0-9]+))?>(?:A:({_CELLS})|({_TARGET}))")
_BONUS = re.compile(rf"b(?:S>A:({_CELLS})|N([1-6])>(C[0-6][0-3])|O>(T[0-4][0-4]))")
_CELL_PATTERN = re.compile(_CELL)
_TARGET_PATTERN = re.compile(_TARGET)
_HINT = (
    "roll, reroll, keep, pass, resign, b-, a use such as 5>A:e3.f3.e4.f4.e5, 6+3>R9, "
    "1>T10 or 4+1>C30, or a bonus such as bS>A:e3.f3, bN3>C21 or bO>T10"
)


def cell_key(name: str) -> tuple[int, int]:
    """The notation's sort key of an analysis cell name: (row, column)."""
    return int(name[1:]), ord(name[0])


def _reject(text: object, reason: str, code: str = "notation.action") -> NoReturn:
    raise NotationError(
        f"{text!r} is not {reason}.", code=code, params={"text": str(text), "reason": reason}
    )


def _canonical_cells(text: str, part: str) -> tuple[str, ...]:
    cells = tuple(part.split("."))
    if len(set(cells)) != len(cells):
        repeated = next(cell for cell in cells if cells.count(cell) > 1)
        raise NotationError(
            f"{text!r} is not canonical: the cell {repeated} appears twice.",
            code="notation.repeated-cell",
            params={"text": text, "cell": repeated},
        )
    ordered = tuple(sorted(cells, key=cell_key))
    if ordered != cells:
        raise NotationError(
            f"{text!r} is not canonical: cells are sorted by row, then column "
            f"({'.'.join(ordered)}).",
            code="notation.unsorted-cells",
            params={"text": text, "canonical": ".".join(ordered)},
        )
    return cells


@dataclass(frozen=True, slots=True)
class _Simple(Action):
    """A decision without parameters; ``TEXT`` is its notation."""

    TEXT: ClassVar[str] = ""

    @classmethod
    def parse(cls, text: str) -> Any:
        action = parse_action(text)
        if not isinstance(action, cls):
            _reject(text, f"{cls.TEXT!r}")
        return action

    def spots(self) -> tuple[str, ...]:
        """The sheet spots the decision touches (none)."""
        return ()

    def to_json(self) -> dict[str, Any]:
        return {"type": "decline" if self.TEXT == "b-" else self.TEXT}

    def __str__(self) -> str:
        return self.TEXT

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.TEXT!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Roll(_Simple):
    """Roll both dice (§3.2), the roller's first decision of a turn."""

    TEXT: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True, repr=False)
class Reroll(_Simple):
    """Roll both dice again after a double other than 6-6 (§3.2)."""

    TEXT: ClassVar[str] = "reroll"


@dataclass(frozen=True, slots=True, repr=False)
class Keep(_Simple):
    """Keep a double (§3.2)."""

    TEXT: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(_Simple):
    """End one's part, forfeiting the uses left (§3.4)."""

    TEXT: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True, repr=False)
class Resign(_Simple):
    """Give up (§4.2): the engine makes the player's decisions from now on."""

    TEXT: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True, repr=False)
class Decline(_Simple):
    """Decline the pending bonus (§2.7)."""

    TEXT: ClassVar[str] = "b-"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use the die showing ``die`` (1-6), raised by ``raise_by`` (0 = no raise; costs
    ⌈raise_by/2⌉ APs, §2.3), in ``area`` ``A`` (``cells``, the shape, sorted) or on ``target``
    (``R9``, ``T10``, ``C30``) of area ``R``, ``T`` or ``C``."""

    die: int
    raise_by: int
    area: str
    target: str = ""
    cells: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Use:
        action = parse_action(text)
        if not isinstance(action, Use):
            _reject(text, "a die use such as 6+3>R9")
        return action

    @property
    def value(self) -> int:
        """The die's value after the raise."""
        return self.die + self.raise_by

    @property
    def cost(self) -> int:
        """The APs the raise costs: ⌈raise_by / 2⌉ (§2.3)."""
        return (self.raise_by + 1) // 2

    def spots(self) -> tuple[str, ...]:
        """The sheet spots the use fills: the shape's cells or the target."""
        return self.cells if self.area == "A" else (self.target,)

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "type": "use",
            "die": self.die,
            "raise": self.raise_by,
            "area": self.area,
        }
        if self.area == "A":
            document["cells"] = list(self.cells)
        else:
            document["target"] = self.target
        return document

    def __str__(self) -> str:
        raised = f"+{self.raise_by}" if self.raise_by else ""
        where = "A:" + ".".join(self.cells) if self.area == "A" else self.target
        return f"{self.die}{raised}>{where}"

    def __repr__(self) -> str:
        return f"Use.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """Take the pending bonus (§2.7): ``kind`` ``S`` places the wild shape ``cells``; ``N``
    writes ``value`` (1-6) into curve square ``target``; ``O`` writes a 1 (``value`` 1) into
    testing cell ``target``."""

    kind: str
    value: int = 0
    target: str = ""
    cells: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Bonus:
        action = parse_action(text)
        if not isinstance(action, Bonus):
            _reject(text, "a bonus such as bS>A:e3.f3, bN3>C21 or bO>T10")
        return action

    @property
    def area(self) -> str:
        return {"S": "A", "N": "C", "O": "T"}[self.kind]

    def spots(self) -> tuple[str, ...]:
        return self.cells if self.kind == "S" else (self.target,)

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"type": "bonus", "kind": self.kind}
        if self.kind == "N":
            document["value"] = self.value
        document["area"] = self.area
        if self.kind == "S":
            document["cells"] = list(self.cells)
        else:
            document["target"] = self.target
        return document

    def __str__(self) -> str:
        if self.kind == "S":
            return "bS>A:" + ".".join(self.cells)
        if self.kind == "N":
            return f"bN{self.value}>{self.target}"
        return f"bO>{self.target}"

    def __repr__(self) -> str:
        return f"Bonus.parse({str(self)!r})"


FightTheVirusAction = Roll | Reroll | Keep | Pass | Resign | Decline | Use | Bonus

_SIMPLE: dict[str, _Simple] = {
    cls.TEXT: cls() for cls in (Roll, Reroll, Keep, Pass, Resign, Decline)
}
_SIMPLE_TYPES = {("decline" if text == "b-" else text): action for text, action in _SIMPLE.items()}


def parse_action(text: str) -> FightTheVirusAction:
    """Read the canonical text of any decision (raises :class:`NotationError`).

    >>> parse_action("roll"), parse_action("3+2>A:b3.c3.b4")
    (Roll.parse('roll'), Use.parse('3+2>A:b3.c3.b4'))
    >>> parse_action("3+2>A:b3.c2.c3")
    Traceback (most recent call last):
        ...
    pyengine.core.errors.NotationError: '3+2>A:b3.c2.c3' is not canonical: cells are sorted by row, then column (c2.b3.c3).
    """
    if not isinstance(text, str):
        _reject(text, "a Fight the Virus decision: it must be text")
    simple = _SIMPLE.get(text)
    if simple is not None:
        return simple  # type: ignore[return-value]
    match = _USE.fullmatch(text)
    if match is not None:
        die, raised, cells, target = match.groups()
        if raised is not None and (raised[0] == "0" or len(raised) > 2):
            canonical = f"{die}>{(cells and 'A:' + cells) or target}"
            raise NotationError(
                f"{text!r} is not canonical: a raise is written +1 or more and left out when "
                f"there is none ({canonical}).",
                code="notation.raise",
                params={"text": text, "canonical": canonical},
            )
        if cells is not None:
            return Use(int(die), int(raised or 0), "A", "", _canonical_cells(text, cells))
        return Use(int(die), int(raised or 0), target[0], target)
    match = _BONUS.fullmatch(text)
    if match is not None:
        cells, value, square, cell = match.groups()
        if cells is not None:
            return Bonus("S", 0, "", _canonical_cells(text, cells))
        if square is not None:
            return Bonus("N", int(value), square)
        return Bonus("O", 1, cell)
    _reject(text, f"a Fight the Virus decision: write {_HINT}")


def action_from_json(document: object) -> FightTheVirusAction:
    """Read the structured form of a decision (§5.1); raises :class:`NotationError` naming the
    offending field. The result equals ``parse_action`` of its canonical text."""

    def bad(field: str, reason: str) -> NoReturn:
        raise NotationError(
            f"The structured decision is invalid: {field} {reason}.",
            code="notation.structure",
            params={"text": str(document)[:200], "field": field, "reason": reason},
        )

    if not isinstance(document, Mapping):
        bad("(document)", "must be a JSON object")
    kind = document.get("type")
    if kind in _SIMPLE_TYPES:
        if set(document) != {"type"}:
            bad("(document)", f"of type {kind} has no other fields")
        return _SIMPLE_TYPES[kind]  # type: ignore[return-value]
    if kind == "use":
        return parse_action(_use_text(document, bad))
    if kind == "bonus":
        return parse_action(_bonus_text(document, bad))
    bad("type", "must be roll, reroll, keep, pass, decline, resign, use or bonus")


def _fields(
    document: Mapping[str, Any], expected: set[str], bad: Callable[[str, str], NoReturn]
) -> None:
    if set(document) != expected:
        bad("(document)", f"must have exactly the fields {', '.join(sorted(expected))}")
    for field in ("die", "raise", "value"):
        if field in document and type(document[field]) is not int:
            bad(field, "must be an integer")


def _where(document: Mapping[str, Any], bad: Callable[[str, str], NoReturn]) -> str:
    """The notation of a structured form's ``cells`` (``A:e3.f3``) or ``target``."""
    if "cells" in document:
        cells = document["cells"]
        if (
            not isinstance(cells, list)
            or not cells
            or not all(isinstance(cell, str) and _CELL_PATTERN.fullmatch(cell) for cell in cells)
        ):
            bad("cells", "must be a non-empty list of cell names such as e3")
        return "A:" + ".".join(cells)
    target = document["target"]
    if not isinstance(target, str) or not _TARGET_PATTERN.fullmatch(target):
        bad("target", "must be a square such as R9, T10 or C30")
    return target


def _use_text(document: Mapping[str, Any], bad: Callable[[str, str], NoReturn]) -> str:
    area = document.get("area")
    if area not in AREAS:
        bad("area", "must be A, R, T or C")
    _fields(document, {"type", "die", "raise", "area", "cells" if area == "A" else "target"}, bad)
    die, raised = document["die"], document["raise"]
    if not 1 <= die <= 6:
        bad("die", "must be 1-6")
    if not 0 <= raised <= 99:
        bad("raise", "must be 0-99")
    where = _where(document, bad)
    if where[0] != area:
        bad("target", f"must be in area {area}")
    return f"{die}{f'+{raised}' if raised else ''}>{where}"


def _bonus_text(document: Mapping[str, Any], bad: Callable[[str, str], NoReturn]) -> str:
    kind = document.get("kind")
    if kind not in ("S", "N", "O"):
        bad("kind", "must be S, N or O")
    area = {"S": "A", "N": "C", "O": "T"}[kind]
    _fields(
        document,
        {"type", "kind", "area", "cells" if kind == "S" else "target"}
        | ({"value"} if kind == "N" else set()),
        bad,
    )
    if document["area"] != area:
        bad("area", f"must be {area} for bonus {kind}")
    where = _where(document, bad)
    if where[0] != area:
        bad("target", f"must be in area {area}")
    if kind == "N":
        if not 1 <= document["value"] <= 6:
            bad("value", "must be 1-6")
        return f"bN{document['value']}>{where}"
    return f"b{kind}>{where}"
