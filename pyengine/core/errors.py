"""Errors raised by the engine.

Every error is a :class:`ValueError` subclass (like python-chess's ``IllegalMoveError``) and
carries three things:

* ``str(error)``: a clear English sentence naming the problem;
* ``error.code``: a stable dotted identifier (``"zebra.repetition"``) that a user interface can
  use as a translation key;
* ``error.params``: the values interpolated into the message (``str`` or ``int`` only), so a
  translated message can be built from the code and the params.

>>> error = IllegalActionError(
...     "c3-c2 is illegal: it would repeat an earlier position (repetition rule).",
...     code="zebra.repetition", params={"action": "c3-c2"})
>>> isinstance(error, ValueError), error.code, error.params["action"]
(True, 'zebra.repetition', 'c3-c2')
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "EngineError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "RecordError",
    "StateFormatError",
    "UnknownGameError",
    "illegal_action",
    "not_an_action",
]

ParamValue = str | int


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""

    default_code = "engine.error"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        params: Mapping[str, ParamValue] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.params: dict[str, ParamValue] = dict(params or {})

    def __str__(self) -> str:
        return self.message

    def to_json(self) -> dict[str, object]:
        """A JSON-able description: ``{"error": class name, "code", "message", "params"}``."""
        return {
            "error": type(self).__name__,
            "code": self.code,
            "message": self.message,
            "params": dict(self.params),
        }


class OptionError(EngineError):
    """A game option is unknown, has the wrong type, is out of range or conflicts with another.

    ``params`` holds ``option`` (the name), ``value`` (what was given) and ``allowed`` (a
    readable description of the allowed values).
    """

    default_code = "option.invalid"


class UnknownGameError(OptionError):
    """No game is registered under the requested id (``params``: ``game``, ``known``)."""

    default_code = "game.unknown"


class NotationError(EngineError):
    """Text cannot be read as an action, a cell or a position (``params``: ``text``)."""

    default_code = "notation.invalid"


class IllegalActionError(EngineError):
    """The action is well formed but the rules forbid it in this state.

    The message names the rule; ``params`` holds at least ``action`` (its notation).
    """

    default_code = "action.illegal"


def illegal_action(
    game: str,
    action: object,
    code: str,
    reason: str,
    rule: str,
    details: Mapping[str, ParamValue] | None = None,
) -> IllegalActionError:
    """The error for an ``action`` that the rule ``rule`` of ``game`` (the game's id) forbids
    because of ``reason``: code ``<game>.<code>``, params ``action``, ``reason``, ``rule`` and
    then ``details`` (the seat, the cells and the values the explanation names).

    >>> error = illegal_action("zebra", "a1-a2", "same-cell", "a move needs two cells", "move rule")
    >>> str(error), error.code
    ('a1-a2 is illegal: a move needs two cells (move rule).', 'zebra.same-cell')
    """
    params: dict[str, ParamValue] = {"action": str(action), "reason": reason, "rule": rule}
    params.update(details or {})
    return IllegalActionError(
        f"{action} is illegal: {reason} ({rule}).", code=f"{game}.{code}", params=params
    )


def not_an_action(game: str, name: str, action: object) -> IllegalActionError:
    """The error for a value that is no action of ``game`` (its id; ``name``: its name)."""
    return IllegalActionError(
        f"{action!r} is not a {name} action.",
        code=f"{game}.not-an-action",
        params={"action": str(action)},
    )


class RecordError(EngineError):
    """A game record is corrupt or describes an impossible game.

    ``line`` is the 1-based line of the offending text and ``ply`` the ply's label (``"3."``
    for White's ply of move 3, ``"3..."`` for Black's, ``"removal"``), or ``None`` when the
    problem is not in a ply (a tag, say). A game whose record numbers turns (Virus War's
    ``"3..."``, Virus Fight's ``"4.1"``) gives ``turn`` instead: the ply and the param
    ``turn`` are then that label, and the message says ``turn 4.1``. ``reason`` is the
    explanation without the location, and ``cause`` the underlying engine error, if any.

    >>> str(RecordError("the turn is not finished", line=9, turn="4.1"))
    'line 9, turn 4.1: the turn is not finished'
    """

    default_code = "record.invalid"

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        ply: str | None = None,
        code: str | None = None,
        params: Mapping[str, ParamValue] | None = None,
        cause: EngineError | None = None,
        turn: str | None = None,
    ) -> None:
        location = []
        if line is not None:
            location.append(f"line {line}")
        if turn is not None:
            ply = turn
            location.append(f"turn {turn}")
        elif ply is not None:
            location.append(ply if ply == "removal" else f"move {ply}")
        message = f"{', '.join(location)}: {reason}" if location else reason
        all_params: dict[str, ParamValue] = {"reason": reason}
        if line is not None:
            all_params["line"] = line
        if ply is not None:
            all_params["ply"] = ply
        if cause is not None:
            all_params["reason_code"] = cause.code
        all_params.update(params or {})
        if turn is not None:
            all_params["turn"] = turn
        super().__init__(message, code=code, params=all_params)
        self.reason = reason
        self.line = line
        self.ply = ply
        self.cause = cause


class StateFormatError(EngineError):
    """A JSON state document is corrupt or was tampered with.

    ``field`` names the offending field (``"options"``, ``"actions[3]"``, ...).
    """

    default_code = "state.invalid"

    def __init__(
        self,
        reason: str,
        *,
        field: str,
        code: str | None = None,
        params: Mapping[str, ParamValue] | None = None,
    ) -> None:
        all_params: dict[str, ParamValue] = {"field": field, "reason": reason}
        all_params.update(params or {})
        super().__init__(f"field {field}: {reason}", code=code, params=all_params)
        self.field = field
        self.reason = reason
