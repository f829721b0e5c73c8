"""Checks JSON values against the types of :mod:`pyengine.protocol` at run time: a missing
required key, an undeclared key or a value of the wrong type raises :class:`ProtocolError`
naming its path.

>>> from pyengine.protocol import HelloReply, Message
>>> validate({"key": "play.to-move", "params": {}}, Message)
>>> validate({"key": "play.to-move"}, Message)
Traceback (most recent call last):
...
pyengine.protocol_check.ProtocolError: $: missing key 'params'
>>> validate({"ok": True, "version": "1", "games": ["zebra", 3]}, HelloReply)
Traceback (most recent call last):
...
pyengine.protocol_check.ProtocolError: $.games[1]: expected str, got int
"""

import types
import typing
from typing import Any, Literal, Union

from pyengine.protocol import OPS, FailureReply, ReviewingReply, ThinkingReply


class ProtocolError(ValueError):
    """A value that does not match its declared type; the message starts with its path."""


_BASIC: dict[type, tuple[type, ...]] = {
    str: (str,),
    int: (int,),
    float: (int, float),
    bool: (bool,),
    type(None): (type(None),),
}


def validate(value: object, type_: Any, path: str = "$") -> None:
    """Raises :class:`ProtocolError` if ``value`` does not match ``type_``: a TypedDict (a
    missing required key or an undeclared key), a list, a dict, a union, a literal, a basic
    type; ``Any`` takes everything."""
    if type_ is Any:
        return
    if typing.is_typeddict(type_):
        _validate_typeddict(value, type_, path)
        return
    origin = typing.get_origin(type_)
    arguments = typing.get_args(type_)
    if origin is Union or origin is types.UnionType:
        errors = []
        for option in arguments:
            try:
                validate(value, option, path)
                return
            except ProtocolError as error:
                errors.append(str(error))
        raise ProtocolError(
            errors[0] if len(errors) == 1 else f"{path}: matches none of: " + "; ".join(errors)
        )
    if origin is Literal:
        if not any(type(value) is type(choice) and value == choice for choice in arguments):
            raise ProtocolError(f"{path}: expected one of {list(arguments)}, got {value!r}")
        return
    if origin is list or type_ is list:
        if not isinstance(value, list):
            raise ProtocolError(f"{path}: expected a list, got {type(value).__name__}")
        for index, item in enumerate(value):
            validate(item, arguments[0] if arguments else Any, f"{path}[{index}]")
        return
    if origin is dict or type_ is dict:
        if not isinstance(value, dict):
            raise ProtocolError(f"{path}: expected an object, got {type(value).__name__}")
        for key, item in value.items():
            if not isinstance(key, str):
                raise ProtocolError(f"{path}: a key that is not text: {key!r}")
            validate(item, arguments[1] if arguments else Any, f"{path}.{key}")
        return
    accepted = _BASIC.get(type_)
    if accepted is None:
        raise TypeError(f"the protocol has no check for {type_!r}")
    # bool is an int to Python, never to the protocol
    if not isinstance(value, accepted) or (isinstance(value, bool) and bool not in accepted):
        raise ProtocolError(
            f"{path}: expected {getattr(type_, '__name__', type_)}, got {type(value).__name__}"
        )


def _validate_typeddict(value: object, type_: Any, path: str) -> None:
    if not isinstance(value, dict):
        raise ProtocolError(f"{path}: expected {type_.__name__}, got {type(value).__name__}")
    hints = _hints(type_)
    for key in sorted(type_.__required_keys__ - value.keys()):
        raise ProtocolError(f"{path}: missing key {key!r}")
    for key, item in value.items():
        if key not in hints:
            raise ProtocolError(f"{path}.{key}: undeclared key in {type_.__name__}")
        validate(item, hints[key], f"{path}.{key}")


_HINTS: dict[Any, dict[str, Any]] = {}


def _hints(type_: Any) -> dict[str, Any]:
    """A TypedDict's field types, ``NotRequired`` stripped (cached)."""
    hints = _HINTS.get(type_)
    if hints is None:
        hints = _HINTS[type_] = typing.get_type_hints(type_)
    return hints


def validate_reply(op: str, reply: object) -> None:
    """Checks a reply to ``op`` against the types :data:`OPS` declares for it (or
    :class:`FailureReply`)."""
    if not isinstance(reply, dict):
        raise ProtocolError(f"$: a reply is an object, got {type(reply).__name__}")
    if reply.get("ok") is False or op not in OPS:
        validate(reply, FailureReply)
        return
    replies = OPS[op].replies
    if ThinkingReply in replies and "thinking" in reply:
        validate(reply, ThinkingReply)
        return
    if ReviewingReply in replies and "reviewing" in reply:
        validate(reply, ReviewingReply)
        return
    validate(reply, replies[0])


def validate_request(request: object) -> None:
    """Checks a request against the type :data:`OPS` declares for its op."""
    if not isinstance(request, dict) or request.get("op") not in OPS:
        raise ProtocolError(f"$.op: not a known op: {request!r:.80}")
    validate(request, OPS[request["op"]].request)
