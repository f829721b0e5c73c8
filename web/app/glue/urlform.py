"""Text in URLs as browsers write and read it: UTF-8 as ``TextEncoder`` and ``TextDecoder``
do it, and names and values as ``URLSearchParams`` encodes and decodes them. Pure; shared by
share links (glue.share) and blog widgets' settings (glue.embed_settings). MicroPython's own
UTF-8 decoder lets surrogates and overlong forms through, so strictness is checked here.

>>> parse_form("?q=a+b%20c&seats=human,medium")
[('q', 'a b c'), ('seats', 'human,medium')]
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass

HEX_DIGITS = b"0123456789ABCDEF"
MAX_SEATS = 8  # seats read from a URL
# byte -> its value as a hex digit, 255 for any other byte
_HEX_VALUES = bytearray(b"\xff" * 256)
for _index in range(16):
    _HEX_VALUES[HEX_DIGITS[_index]] = _index
    _HEX_VALUES[HEX_DIGITS[_index] | 0x20] = _index  # lower case (digits stay digits)
# bytes that application/x-www-form-urlencoded leaves as they are
_FORM_SAFE = bytearray(256)
for _byte in b"*-._ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789":
    _FORM_SAFE[_byte] = 1


def utf8_bytes(text: str) -> bytes:
    """``text`` in UTF-8, a lone surrogate written as U+FFFD (as TextEncoder does; CPython
    refuses to encode one, MicroPython would write invalid UTF-8)."""
    try:
        data = text.encode("utf-8")
        if len(data) == len(text) or not any(0xD800 <= ord(char) < 0xE000 for char in text):
            return data
    except UnicodeError:
        pass
    return "".join("\ufffd" if 0xD800 <= ord(char) < 0xE000 else char for char in text).encode()


def _bad_spans(data: bytes) -> "list[tuple[int, int]]":
    """The (start, end) of every ill-formed sequence in ``data``, as the WHATWG UTF-8 decoder
    cuts them (one U+FFFD each). MicroPython's own decoder lets surrogates and overlong forms
    through, so strictness is checked here."""
    spans = []
    size = len(data)
    index = 0
    while index < size:
        byte = data[index]
        if byte < 0x80:
            index += 1
            continue
        if 0xC2 <= byte <= 0xDF:
            need, lower, upper = 1, 0x80, 0xBF
        elif 0xE0 <= byte <= 0xEF:
            need = 2
            lower = 0xA0 if byte == 0xE0 else 0x80
            upper = 0x9F if byte == 0xED else 0xBF
        elif 0xF0 <= byte <= 0xF4:
            need = 3
            lower = 0x90 if byte == 0xF0 else 0x80
            upper = 0x8F if byte == 0xF4 else 0xBF
        else:
            spans.append((index, index + 1))
            index += 1
            continue
        end = index + 1
        while need and end < size and lower <= data[end] <= upper:
            lower, upper = 0x80, 0xBF
            need -= 1
            end += 1
        if need:  # a wrong or missing continuation byte: it is read again as a new start
            spans.append((index, end))
        index = end
    return spans


def utf8_text(data: bytes, fatal: bool = False) -> str:
    """``data`` decoded as the browser does: ill-formed sequences become U+FFFD, or with
    ``fatal`` raise UnicodeError."""
    if not data or max(data) < 0x80:
        return data.decode()
    spans = _bad_spans(data)
    if not spans:
        return data.decode()
    if fatal:
        raise UnicodeError("not UTF-8")
    parts = []
    done = 0
    for start, end in spans:
        parts.append(data[done:start].decode())
        parts.append("\ufffd")
        done = end
    parts.append(data[done:].decode())
    return "".join(parts)


def form_encode(text: str) -> str:
    """``text`` as URLSearchParams writes a name or value."""
    out = bytearray()
    for byte in utf8_bytes(text):
        if _FORM_SAFE[byte]:
            out.append(byte)
        elif byte == 0x20:
            out.append(0x2B)  # +
        else:
            out.append(0x25)  # %
            out.append(HEX_DIGITS[byte >> 4])
            out.append(HEX_DIGITS[byte & 15])
    return out.decode()


def form_decode(text: str) -> str:
    """A name or value as URLSearchParams reads it: ``+`` is a space, ``%XX`` a byte (a ``%``
    without two hex digits stays), then UTF-8 with U+FFFD for ill-formed bytes."""
    data = utf8_bytes(text.replace("+", " "))
    if b"%" not in data:
        return utf8_text(data)
    out = bytearray()
    index = 0
    size = len(data)
    while index < size:
        byte = data[index]
        if byte == 0x25 and index + 2 < size:
            high = _HEX_VALUES[data[index + 1]]
            low = _HEX_VALUES[data[index + 2]]
            if (high | low) < 16:
                out.append((high << 4) | low)
                index += 3
                continue
        out.append(byte)
        index += 1
    return utf8_text(bytes(out))


def parse_form(text: str) -> "list[tuple[str, str]]":
    """The (name, value) pairs of ``new URLSearchParams(text)``, in order."""
    if text.startswith("?"):
        text = text[1:]
    pairs = []
    for sequence in text.split("&"):
        if not sequence:
            continue
        cut = sequence.find("=")
        name, value = (sequence, "") if cut < 0 else (sequence[:cut], sequence[cut + 1 :])
        pairs.append((form_decode(name), form_decode(value)))
    return pairs


def first(pairs: "list[tuple[str, str]]", name: str) -> "str | None":
    """``URLSearchParams.get``: the first value of ``name``, or None."""
    for key, value in pairs:
        if key == name:
            return value
    return None


def seat_list(text: "str | None") -> "list[str] | None":
    """A ``seats`` parameter ("human,medium") as a list of at most MAX_SEATS names."""
    return [seat for seat in text.split(",") if seat][:MAX_SEATS] if text else None
