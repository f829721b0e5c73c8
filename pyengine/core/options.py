"""Game options: declaration, validation and a JSON description for option forms.

A game declares its options as an :class:`OptionSchema`. ``schema.validate(mapping)`` fills in
defaults and returns an immutable :class:`OptionValues` (a ``dict`` subclass, so it serialises
with :mod:`json` directly); anything wrong raises :class:`~pyengine.core.errors.OptionError`.

>>> schema = OptionSchema([
...     Option("size", "int", 4, minimum=3, maximum=10, label="Board size"),
...     Option("setup", "choice", "standard", choices=("standard", "hole")),
... ], constraints=[
...     Constraint(when="setup", values=("hole",), option="size", allowed=(3, 5, 7, 9)),
... ])
>>> schema.validate({"size": 5, "setup": "Hole"})
{'size': 5, 'setup': 'hole'}
>>> try:
...     schema.validate({"setup": "hole"})
... except OptionError as error:
...     print(error)
Option size=4 is not allowed with setup=hole: allowed sizes are 3, 5, 7, 9.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NoReturn

from pyengine.core.errors import OptionError

__all__ = [
    "EXCERPT",
    "Constraint",
    "Option",
    "OptionKind",
    "OptionSchema",
    "OptionValue",
    "OptionValues",
    "excerpt",
    "seed_option",
    "size_option",
]

OptionKind = Literal["int", "choice", "bool", "str"]
OptionValue = int | str | bool

_KINDS = ("int", "choice", "bool", "str")


EXCERPT = 24
"""The most characters of a given value an error message repeats."""


def _describe(values: Iterable[object]) -> str:
    return ", ".join(str(value) for value in values)


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``value`` as an error message may repeat it: its text (a string's own), characters that
    cannot be shown as "?", and cut to ``limit`` characters with "…" when longer, so that no
    message echoes unbounded input.

    >>> excerpt("Ana"), excerpt("x" * 40), excerpt("A\\x00B"), excerpt(None)
    ('Ana', 'xxxxxxxxxxxxxxxxxxxxxxx…', 'A?B', 'None')
    """
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return "".join(char if char.isprintable() else "?" for char in text)


class OptionValues(dict[str, OptionValue]):
    """A validated, normalised and immutable mapping of option names to values.

    It is a ``dict`` (so ``json.dumps`` and ``==`` with plain dicts work) whose mutating
    methods raise ``TypeError``; it is hashable.
    """

    __slots__ = ()

    def _immutable(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("option values are immutable; validate a new mapping instead")

    __setitem__ = __delitem__ = _immutable
    clear = pop = popitem = setdefault = update = _immutable
    __ior__ = _immutable

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __repr__(self) -> str:
        return dict.__repr__(self)

    def __reduce__(self) -> tuple[type[OptionValues], tuple[dict[str, OptionValue]]]:
        # copy/pickle would otherwise rebuild the dict item by item through __setitem__
        return (OptionValues, (dict(self),))


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its name, kind, default and allowed values, with English label text.

    ``kind`` is ``"int"`` (with ``minimum``/``maximum``), ``"choice"`` (with ``choices``),
    ``"bool"`` or ``"str"`` (with ``maximum``, its longest text, when it has one).
    """

    name: str
    kind: OptionKind
    default: OptionValue
    label: str = ""
    description: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"unknown option kind {self.kind!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"choice option {self.name!r} needs choices")
        self.validate(self.default)  # a bad default is a programming error: fail early

    def allowed(self) -> str:
        """A readable description of the allowed values."""
        if self.kind == "int":
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            return f"integers {low}..{high}" if low or high else "integers"
        if self.kind == "choice":
            return _describe(self.choices)
        if self.kind == "bool":
            return "true, false"
        return "text"

    def _reject(self, value: object) -> NoReturn:
        shown = excerpt(value if isinstance(value, (str, int)) else repr(value))
        if isinstance(value, str) and self.kind == "str" and self.maximum is not None:
            raise OptionError(
                f"Option {self.name}={shown} is too long: {len(value)} characters, "
                f"at most {self.maximum}.",
                code="option.too-long",
                params={
                    "option": self.name,
                    "value": shown,
                    "allowed": f"text of at most {self.maximum} characters",
                    "length": len(value),
                    "maximum": self.maximum,
                },
            )
        raise OptionError(
            f"Option {self.name}={shown} is invalid: allowed values are {self.allowed()}.",
            code="option.invalid",
            params={"option": self.name, "value": shown, "allowed": self.allowed()},
        )

    def validate(self, value: object) -> OptionValue:
        """Return the normalised value, or raise :class:`OptionError`.

        Types are strict (``"5"`` is not an int, ``True`` is not an int); choices are
        matched case-insensitively and returned in their declared spelling.
        """
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                self._reject(value)
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                self._reject(value)
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                self._reject(value)
            return value
        if not isinstance(value, str):
            self._reject(value)
        if self.kind == "choice":
            for choice in self.choices:
                if choice.lower() == value.lower():
                    return choice
            self._reject(value)
        if self.maximum is not None and len(value) > self.maximum:
            self._reject(value)
        return value

    def parse_text(self, text: str) -> OptionValue:
        """Read a value written as text (a record tag, a form field) and validate it.

        Integers are decimal digits without a leading zero.

        >>> Option("size", "int", 4, minimum=3, maximum=10).parse_text("10")
        10
        """
        if self.kind == "int":
            if (
                not (text.isascii() and text.isdigit())
                or (len(text) > 1 and text[0] == "0")
                or len(text) > 18  # no option needs more; int() of huge texts is slow
            ):
                self._reject(text)
            return self.validate(int(text))
        if self.kind == "bool":
            lowered = text.lower()
            if lowered not in ("true", "false"):
                self._reject(text)
            return lowered == "true"
        return self.validate(text)

    def format_text(self, value: OptionValue) -> str:
        """The canonical text form of a value (inverse of :meth:`parse_text`)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able description for building a form."""
        result: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": self.label,
            "description": self.description,
        }
        if self.kind == "int":
            result["minimum"] = self.minimum
            result["maximum"] = self.maximum
        if self.kind == "str" and self.maximum is not None:
            result["maximum"] = self.maximum
        if self.kind == "choice":
            result["choices"] = list(self.choices)
        return result


def seed_option(description: str) -> Option:
    """The ``seed`` option of a game with chance: an int 0..2**63-1, default 0, labelled
    "Seed"; ``description`` says what it seeds.

    >>> seed_option("Seeds the dice.").validate(7)
    7
    """
    return Option(
        "seed", "int", 0, minimum=0, maximum=2**63 - 1, label="Seed", description=description
    )


def size_option(default: int, minimum: int, maximum: int, description: str) -> Option:
    """The ``size`` option of a square board: an int ``minimum``..``maximum``, labelled
    "Board size"; ``description`` says what the size means.

    >>> size_option(4, 3, 10, "The board has size x size cells.").validate(11)
    Traceback (most recent call last):
    ...
    pyengine.core.errors.OptionError: Option size=11 is invalid: allowed values are integers 3..10.
    """
    return Option(
        "size",
        "int",
        default,
        minimum=minimum,
        maximum=maximum,
        label="Board size",
        description=description,
    )


@dataclass(frozen=True, slots=True)
class Constraint:
    """A cross-option rule: when option ``when`` is one of ``values``, option ``option``
    must be one of ``allowed``."""

    when: str
    values: tuple[OptionValue, ...]
    option: str
    allowed: tuple[OptionValue, ...]
    description: str = ""

    def check(self, values: Mapping[str, OptionValue]) -> None:
        """Raise :class:`OptionError` when ``values`` break this constraint."""
        if values[self.when] in self.values and values[self.option] not in self.allowed:
            value = excerpt(values[self.option])
            condition = excerpt(values[self.when])
            raise OptionError(
                f"Option {self.option}={value} is not allowed with {self.when}={condition}: "
                f"allowed {self.option}s are {_describe(self.allowed)}.",
                code="option.conflict",
                params={
                    "option": self.option,
                    "value": str(value),
                    "allowed": _describe(self.allowed),
                    "when": self.when,
                    "when_value": str(condition),
                },
            )

    def to_json(self) -> dict[str, Any]:
        return {
            "when": self.when,
            "values": list(self.values),
            "option": self.option,
            "allowed": list(self.allowed),
            "description": self.description,
        }


class OptionSchema:
    """The options of one game, in display order, with cross-option constraints."""

    __slots__ = ("_options", "constraints")

    def __init__(
        self, options: Iterable[Option], *, constraints: Iterable[Constraint] = ()
    ) -> None:
        self._options: dict[str, Option] = {}
        for option in options:
            if option.name in self._options:
                raise ValueError(f"duplicate option {option.name!r}")
            self._options[option.name] = option
        self.constraints = tuple(constraints)
        for constraint in self.constraints:
            if constraint.when not in self._options or constraint.option not in self._options:
                raise ValueError(f"constraint names an unknown option: {constraint}")
        self.validate(None)  # the defaults must satisfy the constraints

    def __iter__(self) -> Any:
        return iter(self._options.values())

    def __len__(self) -> int:
        return len(self._options)

    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def __contains__(self, name: object) -> bool:
        return name in self._options

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._options)

    def defaults(self) -> OptionValues:
        return self.validate(None)

    def validate(self, values: Mapping[str, object] | None = None) -> OptionValues:
        """Check ``values`` (missing names take their defaults) and return them normalised."""
        if values is None:
            values = {}
        if not isinstance(values, Mapping):
            raise OptionError(
                f"Options must be a mapping of names to values, not {type(values).__name__}.",
                code="option.not-a-mapping",
                params={"option": "", "value": type(values).__name__, "allowed": "a mapping"},
            )
        for name in values:
            if name not in self._options:
                known = _describe(self._options)
                shown = excerpt(name)
                raise OptionError(
                    f"Unknown option {shown!r}: known options are {known}.",
                    code="option.unknown",
                    params={"option": shown, "value": excerpt(values[name]), "allowed": known},
                )
        result = {
            name: option.validate(values[name]) if name in values else option.default
            for name, option in self._options.items()
        }
        for constraint in self.constraints:
            constraint.check(result)
        return OptionValues(result)

    def validate_over(self, found: Mapping[str, object], options: object) -> OptionValues:
        """Validate ``options`` (a mapping, or ``None``) laid over ``found``, the options that
        a position text gives (its board size, say): the given ones win."""
        merged = dict(found)
        if isinstance(options, Mapping):
            merged.update(options)
        elif options is not None:
            self.validate(options)  # type: ignore[arg-type]  # raises: not a mapping
        return self.validate(merged)

    def to_json(self) -> dict[str, Any]:
        """``{"options": [...], "constraints": [...]}``, all JSON-able."""
        return {
            "options": [option.to_json() for option in self._options.values()],
            "constraints": [constraint.to_json() for constraint in self.constraints],
        }
