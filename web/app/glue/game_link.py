"""Games by link: a whole game between devices travels in the URL fragment, never to a server.

    <game>.html#link=<data>

``<data>`` is the format version ``1`` followed by base64url (no padding) of ``Z +
sha256(Z)[:6]``, where ``Z`` is the raw deflate of ``J``, the UTF-8 JSON text of the payload,
written here with sorted keys and no spaces (equal payloads give equal JSON, in CPython and in the
page's MicroPython alike; their deflate streams may differ, and both read either). The six
checksum bytes catch what a messenger does to a link: cut it short, change a character. They
cover the deflate stream itself, whose last byte has unused bits an inflater ignores, and
base64url's unused low bits of the last character must be zero: every character counts.

The payload (short keys, as links must stay short; glue.correspondence decides what a device
does with one):

====  ========================================================================================
key   value
====  ========================================================================================
g     the game: ``zebra``, ``virus-war`` or ``virus-fight``
i     the game's id, the same on every device (``new_game_id``; a ``saved.valid_id``)
o     the engine options: {name: text, integer or boolean}
a     the actions played so far, in notation (Virus Fight: the moves after the programs)
n     the players' names per seat (2 to 5; ``""``: not known yet)
f     the seat the link is for (who should open it next)
s     the seat that sent it
t     when it was sent, in ms since the epoch
c     Virus Fight only: per seat, the commitment to its program (64 hex digits) or ``""``
r     Virus Fight only: per seat, null or the program's reveal ``{"p": program, "k": salt}``
====  ========================================================================================

Reading a link checks everything and refuses with a :class:`LinkError` whose ``code`` (a
translation key under ``link.error.``) says why: ``damaged`` (cut, edited or corrupted),
``version`` (made by a newer site), ``format`` (genuine but wrong; ``field`` names the key) or
``too-long``.

>>> payload = {"g": "zebra", "i": "l1", "o": {"size": 4}, "a": ["c2-d2"], "n": ["Ana", ""],
...            "f": 1, "s": 0, "t": 0}
>>> data = encode_link(payload)
>>> decode_link(data) == payload
True
>>> link_in_fragment(link_url("https://example.org/zebra.html?x=1#y", data)[30:]) == data
True
"""

import hashlib
import json

from glue.saved import new_id, valid_id
from glue.share import (
    ShareError,
    deflate_raw,
    from_base64url,
    inflate_raw,
    to_base64url,
)
from glue.urlform import first, parse_form, utf8_bytes, utf8_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

VERSION = "1"
GAMES = ("zebra", "virus-war", "virus-fight")
SECRET_GAME = "virus-fight"  # the game whose programs travel by commitment
CHECKSUM_BYTES = 6
MAX_LINK_DATA = 100_000  # characters of <data>
MAX_JSON_BYTES = 1_000_000  # the most the inflated payload may hold (share.MAX_RECORD_BYTES)
MAX_OPTIONS = 16
MAX_OPTION_NAME = 40
MAX_OPTION_TEXT = 40
MAX_INTEGER = 2**53  # times: what JavaScript counts exactly
MAX_OPTION_INTEGER = 2**63 - 1  # the engine's largest option (a seed)
MAX_ACTIONS = 5000
MAX_ACTION = 200
MIN_SEATS = 2
MAX_SEATS = 5
# The longest name a person gives, in every name field of the site: the engine's own limit
# (pyengine.games.fight_the_virus.game.MAX_NAME; tests/test_game_link.py checks they agree).
MAX_NAME = 24
# The longest name a link or a kept record may carry: the names typed in earlier versions of
# the site, which took 30 characters, still read.
MAX_LINK_NAME = 30
MAX_PROGRAM = 200
COMMITMENT_DIGITS = 64
SALT_DIGITS = 32
HEX = "0123456789abcdef"
KEYS = ("g", "i", "o", "a", "n", "f", "s", "t", "c", "r")
_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


class LinkError(Exception):
    """A link that cannot be read: ``code`` is ``damaged``, ``version``, ``format`` or
    ``too-long`` (a translation key under ``link.error.``); ``field`` names the payload's key
    for ``format`` (else None)."""

    def __init__(self, code: str, field: "str | None" = None) -> None:
        super().__init__(code if field is None else code + ": " + field)
        self.code = code
        self.field = field


# ---- checks shared with glue.correspondence ------------------------------------------------


def hex_text(data: bytes) -> str:
    """``data`` as lowercase hex digits (MicroPython's hashes have no ``hexdigest``)."""
    return "".join(HEX[byte >> 4] + HEX[byte & 15] for byte in data)


def is_hex(value: "Any", digits: int) -> bool:
    """Whether ``value`` is exactly ``digits`` lowercase hex digits."""
    return isinstance(value, str) and len(value) == digits and all(c in HEX for c in value)


def is_int(value: "Any", low: int = 0, high: int = MAX_INTEGER) -> bool:
    """Whether ``value`` is an integer (not a boolean) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_printable(value: "Any", low: int, high: int) -> bool:
    """Whether ``value`` is a text of ``low`` to ``high`` characters with no control
    character and no lone surrogate."""
    if not isinstance(value, str) or not low <= len(value) <= high:
        return False
    for char in value:
        code = ord(char)
        if code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code < 0xE000:
            return False
    return True


def clean_options(value: "Any") -> "dict[str, Any] | None":
    """A copy of engine options ``value`` when valid, else None."""
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        return None
    options: dict[str, Any] = {}
    for name in value:
        item = value[name]
        if not is_printable(name, 1, MAX_OPTION_NAME):
            return None
        if not (
            isinstance(item, bool)
            or is_int(item, -MAX_OPTION_INTEGER - 1, MAX_OPTION_INTEGER)
            or is_printable(item, 0, MAX_OPTION_TEXT)
        ):
            return None
        options[name] = item
    return options


def clean_actions(value: "Any") -> "list[str] | None":
    """A copy of the action list ``value`` when valid, else None."""
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        return None
    for action in value:
        if not is_printable(action, 1, MAX_ACTION):
            return None
    return list(value)


def clean_names(value: "Any") -> "list[str] | None":
    """A copy of the names per seat ``value`` when valid, else None."""
    if not isinstance(value, list) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        return None
    for name in value:
        if not is_printable(name, 0, MAX_LINK_NAME):
            return None
    return list(value)


def clean_reveal(value: "Any") -> "dict[str, str] | None":
    """A copy of the reveal ``value`` (``{"p": program, "k": salt}``) when valid, else None."""
    if not isinstance(value, dict) or len(value) != 2:
        return None
    program: Any = value.get("p")
    salt: Any = value.get("k")
    if not is_printable(program, 0, MAX_PROGRAM) or not is_hex(salt, SALT_DIGITS):
        return None
    return {"p": program, "k": salt}


def clean_commits(value: "Any", seats: int) -> "list[str] | None":
    """A copy of the commitments per seat ``value`` (64 hex digits or "") when valid."""
    if not isinstance(value, list) or len(value) != seats:
        return None
    for item in value:
        if item != "" and not is_hex(item, COMMITMENT_DIGITS):
            return None
    return list(value)


def clean_reveals(value: "Any", seats: int) -> "list[dict[str, str] | None] | None":
    """A copy of the reveals per seat ``value`` (null or a reveal) when valid, else None."""
    if not isinstance(value, list) or len(value) != seats:
        return None
    reveals: list[dict[str, str] | None] = []
    for item in value:
        reveal = None if item is None else clean_reveal(item)
        if item is not None and reveal is None:
            return None
        reveals.append(reveal)
    return reveals


def seat_count(game: str, options: "dict[str, Any]") -> int:
    """How many seats a game of ``game`` with ``options`` has."""
    if game == SECRET_GAME:
        players = options.get("players", MIN_SEATS)
        return players if is_int(players, MIN_SEATS, MAX_SEATS) else 0
    return 2


# ---- payloads --------------------------------------------------------------------------------


def clean_payload(raw: "Any") -> "dict[str, Any]":
    """``raw`` checked and copied (fresh lists and dicts); raises LinkError("format") naming
    the first wrong field."""
    if not isinstance(raw, dict):
        raise LinkError("format", "payload")
    for key in raw:
        if key not in KEYS:
            raise LinkError("format", str(key)[:20])
    game = raw.get("g")
    if game not in GAMES:
        raise LinkError("format", "g")
    if not valid_id(raw.get("i")):
        raise LinkError("format", "i")
    options = clean_options(raw.get("o"))
    if options is None:
        raise LinkError("format", "o")
    actions = clean_actions(raw.get("a"))
    if actions is None:
        raise LinkError("format", "a")
    names = clean_names(raw.get("n"))
    if names is None or len(names) != seat_count(game, options):
        raise LinkError("format", "n")
    seats = len(names)
    for key in ("f", "s"):
        if not is_int(raw.get(key), 0, seats - 1):
            raise LinkError("format", key)
    if not is_int(raw.get("t")):
        raise LinkError("format", "t")
    payload = {
        "g": game,
        "i": raw["i"],
        "o": options,
        "a": actions,
        "n": names,
        "f": raw["f"],
        "s": raw["s"],
        "t": raw["t"],
    }
    if game != SECRET_GAME:
        for key in ("c", "r"):
            if key in raw:
                raise LinkError("format", key)
        return payload
    commits = clean_commits(raw.get("c"), seats)
    if commits is None:
        raise LinkError("format", "c")
    reveals = clean_reveals(raw.get("r"), seats)
    if reveals is None:
        raise LinkError("format", "r")
    if actions and None in reveals:  # moves come after every program is known
        raise LinkError("format", "a")
    payload["c"] = commits
    payload["r"] = reveals
    return payload


def _json_text(value: "Any", parts: "list[str]") -> None:
    """Appends ``value`` as JSON to ``parts``: sorted keys, no spaces, non-ASCII as it is."""
    if value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, int):
        parts.append(str(value))
    elif isinstance(value, str):
        parts.append('"')
        for char in value:
            if char == '"' or char == "\\":
                parts.append("\\" + char)
            elif ord(char) < 0x20:
                parts.append("\\u00" + HEX[ord(char) >> 4] + HEX[ord(char) & 15])
            else:
                parts.append(char)
        parts.append('"')
    elif isinstance(value, list):
        parts.append("[")
        for index in range(len(value)):
            if index:
                parts.append(",")
            _json_text(value[index], parts)
        parts.append("]")
    elif isinstance(value, dict):
        parts.append("{")
        names = sorted(value)
        for index in range(len(names)):
            if index:
                parts.append(",")
            _json_text(names[index], parts)
            parts.append(":")
            _json_text(value[names[index]], parts)
        parts.append("}")
    else:
        raise LinkError("format", "payload")


def payload_json(payload: "dict[str, Any]") -> str:
    """The JSON text a link carries for ``payload`` (sorted keys, no spaces)."""
    parts: list[str] = []
    _json_text(payload, parts)
    return "".join(parts)


def checksum(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()[:CHECKSUM_BYTES]


def encode_link(payload: "dict[str, Any]") -> str:
    """The link data of ``payload``; raises LinkError("format") for a wrong payload and
    LinkError("too-long") when the data would be longer than a link may be."""
    data = utf8_bytes(payload_json(clean_payload(payload)))
    if len(data) > MAX_JSON_BYTES:
        raise LinkError("too-long")
    packed = deflate_raw(data)
    text = VERSION + to_base64url(packed + checksum(packed))
    if len(text) > MAX_LINK_DATA:
        raise LinkError("too-long")
    return text


def _canonical_tail(text: str) -> bool:
    """Whether the unused low bits of base64url ``text``'s last character are zero (so that
    no two texts give the same bytes)."""
    rest = len(text) % 4
    if rest < 2:
        return True
    value = _BASE64.find(text[-1])
    return value >= 0 and value & (15 if rest == 2 else 3) == 0


def decode_link(data: "Any") -> "dict[str, Any]":
    """The payload of link data ``data``, checked and normalised; raises LinkError."""
    if not isinstance(data, str) or not data:
        raise LinkError("damaged")
    if len(data) > MAX_LINK_DATA:
        raise LinkError("too-long")
    if data[0] != VERSION:
        raise LinkError("version" if data[0] in "0123456789" else "damaged")
    body = data[1:]
    if not _canonical_tail(body):
        raise LinkError("damaged")
    try:
        raw = from_base64url(body)
        packed = raw[:-CHECKSUM_BYTES]
        if len(raw) <= CHECKSUM_BYTES or checksum(packed) != raw[-CHECKSUM_BYTES:]:
            raise LinkError("damaged")
        text = inflate_raw(packed)
    except ShareError as error:
        raise LinkError("too-long" if error.code == "too-long" else "damaged") from None
    try:  # genuine from here on: what is wrong was written wrong
        value = json.loads(utf8_text(text, fatal=True))
    except (UnicodeError, ValueError):
        raise LinkError("format", "payload") from None
    return clean_payload(value)


# ---- URLs ------------------------------------------------------------------------------------


def new_game_id(now_ms: int, random_bits: int) -> str:
    """A fresh id for a game by link: ``l`` and a saved-game id (the time, 64 random bits)."""
    return "l" + new_id(now_ms, random_bits)


def link_url(page_url: str, data: str) -> str:
    """The link to ``page_url`` (its query and fragment dropped) carrying link data ``data``."""
    return page_url.split("#")[0].split("?")[0] + "#link=" + data


def link_in_fragment(hash_text: str) -> "str | None":
    """The link data in a page's fragment (``location.hash``), or None when it has none."""
    pairs = parse_form(hash_text[1:] if hash_text.startswith("#") else hash_text)
    return first(pairs, "link")
