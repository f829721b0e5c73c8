"""A blog widget's settings, read from its URL's query string exactly as the JavaScript widget
read them (``URLSearchParams``): the reserved parameters, every other one a game option
(``?size=6&setup=hole``, checked by the engine like the options form's), and the parameters
that cannot be used, as translation requests the widget shows before it plays on; and what the
widget tries next when the engine refuses its game (``drop_refused``). Pure: the page's glue
(glue.embed, glue.poster, the game page) hands in ``location.search``."""

from glue.seat_choices import HUMAN
from glue.urlform import first, form_encode, parse_form, seat_list

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


def drop_refused(settings: "dict[str, Any]") -> "str | None":
    """The engine refused the game ``settings`` asked for: drops what to try without next and
    says what it dropped, the record and the options kept as long as they may be the
    reason: first the seats ("seats": the game's default seats, a person against ``level``
    or people in every seat), then the level ("level": people in every seat), then the
    record and the options too ("all": a plain game); None when a plain game was refused
    (nothing is left to drop). A replay has no seats (nobody plays in it)."""
    playing = settings.get("mode") != "replay"
    if settings.get("seats") and playing:
        settings["seats"] = None
        return "seats"
    if settings.get("level") and playing:
        settings["level"] = None
        return "level"
    if settings.get("record") or settings.get("options") or settings.get("level"):
        settings["record"] = None
        settings["options"] = {}
        settings["level"] = None
        return "all"
    return None


def poster_title(settings: "dict[str, Any]", levels: "list[str]") -> "dict[str, Any]":
    """What the poster says Play starts (``settings`` from :func:`embed_settings`), as a
    translation request without the game's name: a replay; a game against the computer when
    the seats or the level name computer players; else a game for people at this device.
    ``levels`` are the computer players the site has a name for (``embed.level.<level>``): a
    ``level`` of ``human`` or of an unknown player seats people (the game page drops what the
    engine refuses), and so do seats naming an unknown player."""
    if settings.get("mode") == "replay":
        return {"key": "embed.title-replay", "params": {}}
    seats = settings.get("seats")
    if seats and all(seat == HUMAN or seat in levels for seat in seats):
        bots = [seat for seat in seats if seat != HUMAN]
    else:
        level = settings.get("level")
        bots = [level] if level in levels else []
    if not bots:
        return {"key": "embed.title-play", "params": {}}
    if any(bot != bots[0] for bot in bots):
        return {"key": "embed.title-computers", "params": {}}
    return {"key": "embed.title-computer", "params": {"level": {"key": "embed.level." + bots[0]}}}


def game_page_query(query: str, parent: "str | None", language: str) -> str:
    """The game page's query string (no ``?``) when the poster's Play opens it: the poster's
    own, without ``game``, with ``parent`` (when known: the game page cannot read it from its
    referrer) and ``lang`` set, as ``URLSearchParams``'s ``set``, ``delete`` and ``toString``
    write them.

    >>> game_page_query("?game=zebra&lang=de&mode=replay&lang=fr", None, "es")
    'lang=es&mode=replay'
    """
    pairs = parse_form(query)
    if parent:
        pairs = _set_pair(pairs, "parent", parent)
    pairs = [pair for pair in pairs if pair[0] != "game"]
    pairs = _set_pair(pairs, "lang", language)
    return "&".join(form_encode(name) + "=" + form_encode(value) for name, value in pairs)


def _set_pair(pairs: "list[tuple[str, str]]", name: str, value: str) -> "list[tuple[str, str]]":
    """``URLSearchParams.set``: the first pair named ``name`` takes ``value`` and the others
    go; without one, the pair is added at the end."""
    if first(pairs, name) is None:
        return pairs + [(name, value)]
    kept = []
    for key, old in pairs:
        if key != name:
            kept.append((key, old))
        elif all(other != name for other, _ in kept):
            kept.append((key, value))
    return kept
