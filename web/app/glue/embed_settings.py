"""A blog widget's settings, read from its URL's query string exactly as the JavaScript widget
read them (``URLSearchParams``): the reserved parameters, every other one a game option
(``?size=6&setup=hole``, checked by the engine like the options form's), and the parameters
that cannot be used, as translation requests the widget shows before it plays on. Pure: the
page's glue (glue.embed, glue.poster, the game page) hands in ``location.search``."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Query parameters with a meaning of their own; every other one is a game option.
RESERVED = ("game", "mode", "record", "level", "lang", "seats", "ply", "parent", "fast")
MODES = ("play", "replay")
MAX_SEATS = 8
DIGITS = "0123456789"
HEX = "0123456789abcdefABCDEF"
REPLACEMENT = 0xFFFD


def percent_decode(text: str) -> str:
    """``text`` with ``+`` as a space and ``%XX`` escapes decoded as UTF-8; a ``%`` without two
    hex digits stays as it is, and bytes that are not UTF-8 become U+FFFD (as in browsers)."""
    if "%" not in text and "+" not in text:
        return text
    data = text.replace("+", " ").encode()
    decoded = bytearray()
    index = 0
    while index < len(data):
        byte = data[index]
        pair = data[index + 1 : index + 3]
        if byte == 0x25 and len(pair) == 2 and chr(pair[0]) in HEX and chr(pair[1]) in HEX:
            decoded.append(int(pair.decode(), 16))
            index += 3
        else:
            decoded.append(byte)
            index += 1
    return utf8_text(bytes(decoded))


def utf8_text(data: bytes) -> str:
    """``data`` decoded as UTF-8 the way browsers do: each invalid sequence (its longest valid
    beginning, or one bad byte) becomes one U+FFFD. Written out because MicroPython's own
    decoding does not replace."""
    characters = []
    index = 0
    while index < len(data):
        code, length = next_character(data, index)
        characters.append(chr(code))
        index += length
    return "".join(characters)


def next_character(data: bytes, index: int) -> "tuple[int, int]":
    """The code point at ``index`` and the number of bytes it takes (U+FFFD when invalid)."""
    first = data[index]
    if first < 0x80:
        return first, 1
    if 0xC2 <= first <= 0xDF:
        length, code, low, high = 2, first & 0x1F, 0x80, 0xBF
    elif 0xE0 <= first <= 0xEF:
        # no overlong forms (E0) and no surrogates (ED)
        low = 0xA0 if first == 0xE0 else 0x80
        high = 0x9F if first == 0xED else 0xBF
        length, code = 3, first & 0x0F
    elif 0xF0 <= first <= 0xF4:
        low = 0x90 if first == 0xF0 else 0x80
        high = 0x8F if first == 0xF4 else 0xBF
        length, code = 4, first & 0x07
    else:
        return REPLACEMENT, 1
    for offset in range(1, length):
        if index + offset >= len(data):
            return REPLACEMENT, offset
        byte = data[index + offset]
        if not low <= byte <= high:
            return REPLACEMENT, offset
        low, high = 0x80, 0xBF
        code = (code << 6) | (byte & 0x3F)
    return code, length


def parse_query(query: str) -> "list[tuple[str, str]]":
    """The (name, value) pairs of a query string, in order, as ``URLSearchParams`` has them."""
    if query.startswith("?"):
        query = query[1:]
    pairs = []
    for piece in query.split("&"):
        if not piece:
            continue
        name, _, value = piece.partition("=")
        pairs.append((percent_decode(name), percent_decode(value)))
    return pairs


def first(pairs: "list[tuple[str, str]]", name: str) -> "str | None":
    """``URLSearchParams.get``: the first value of ``name``, or None."""
    for key, value in pairs:
        if key == name:
            return value
    return None


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
    pairs = parse_query(query)
    problems = []
    mode = first(pairs, "mode") or "play"
    if mode not in MODES:
        problems.append({"key": "embed.bad-mode", "params": {"mode": mode}})
        mode = "play"
    options = {}
    for name, value in pairs:
        if name not in RESERVED:
            options[name] = option_value(value)  # the last of a repeated name wins
    seats = first(pairs, "seats")
    return {
        "mode": mode,
        "record": first(pairs, "record"),
        "level": first(pairs, "level"),
        "seats": [seat for seat in seats.split(",") if seat][:MAX_SEATS] if seats else None,
        "ply": first(pairs, "ply"),
        "options": options,
        "parent": first(pairs, "parent"),
        "problems": problems,
    }
