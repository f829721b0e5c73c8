"""A blog widget's settings, read from its URL's query string exactly as the JavaScript widget
read them (``URLSearchParams``): the reserved parameters, every other one a game option
(``?size=6&setup=hole``, checked by the engine like the options form's), and the parameters
that cannot be used, as translation requests the widget shows before it plays on. Pure: the
page's glue (glue.embed, glue.poster, the game page) hands in ``location.search``."""

from glue.urlform import first, parse_form, seat_list

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Query parameters with a meaning of their own; every other one is a game option.
RESERVED = ("game", "mode", "record", "level", "lang", "seats", "ply", "parent", "fast")
MODES = ("play", "replay")
DIGITS = "0123456789"


def option_value(text: str) -> "Any":
    """A game option's value: an integer of at most 15 digits, a boolean, or the text."""
    digits = text[1:] if text.startswith("-") else text
    if 1 <= len(digits) <= 15 and all(digit in DIGITS for digit in digits):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


def embed_settings(query: str) -> "dict[str, Any]":
    """``{mode, record, level, seats, ply, options, parent, problems}`` from a query string;
    ``problems`` are translation requests (``{key, params}``) for the parameters that cannot be
    used."""
    pairs = parse_form(query)
    problems = []
    mode = first(pairs, "mode") or "play"
    if mode not in MODES:
        problems.append({"key": "embed.bad-mode", "params": {"mode": mode}})
        mode = "play"
    options = {}
    for name, value in pairs:
        if name not in RESERVED:
            options[name] = option_value(value)  # the last of a repeated name wins
    return {
        "mode": mode,
        "record": first(pairs, "record"),
        "level": first(pairs, "level"),
        "seats": seat_list(first(pairs, "seats")),
        "ply": first(pairs, "ply"),
        "options": options,
        "parent": first(pairs, "parent"),
        "problems": problems,
    }
