"""Share links: a game's record travels in the URL fragment (never sent to any server), so
opening the link replays the game to the same position and play continues from there.

    <game>.html#record=<data>[&seats=human%2Cmedium]

``<data>`` is ``t`` + base64url(UTF-8 text) for short records and ``z`` + base64url(raw
deflate) when that is shorter. Decoding checks everything it can (alphabet, size, the deflate
stream, strict UTF-8) and refuses with a :class:`ShareError` whose ``code`` is a translation key
under ``share.error.``; the record itself is then checked by the engine like any loaded record.

Pure: the same code runs in CPython (``zlib``) and in the page's MicroPython (``deflate``), and
reads every link the former JavaScript version (share.js, the browser's CompressionStream) made.

>>> data = encode_now("[Game \\"Zebra\\"]")
>>> data
'tW0dhbWUgIlplYnJhIl0'
>>> decode_now(data)
'[Game "Zebra"]'
>>> read_fragment("#record=" + data + "&seats=human%2Cmedium")["seats"]
['human', 'medium']
"""

import io

try:  # MicroPython (its zlib is a slow Python shim over this module)
    import deflate  # type: ignore[import-not-found]
except ImportError:  # CPython
    deflate = None
    import zlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

COMPRESS_ABOVE = 160  # bytes: shorter records stay readable-ish and cost no compression
MAX_LINK_DATA = 200_000  # characters (UTF-16 code units, as JavaScript counts) of <data>
MAX_RECORD_BYTES = 1_000_000  # the most an inflated record may hold
MAX_SEATS = 8  # seats read from a link
WINDOW_BITS = 15  # deflate's 32 kB window: what browsers write and read for "deflate-raw"
HUMAN = "human"

ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
HEX_DIGITS = b"0123456789ABCDEF"
# byte -> its value as a base64url digit, 255 for any other byte
_BASE64_VALUES = bytearray(b"\xff" * 256)
for _index in range(64):
    _BASE64_VALUES[ALPHABET[_index]] = _index
# byte -> its value as a hex digit, 255 for any other byte
_HEX_VALUES = bytearray(b"\xff" * 256)
for _index in range(16):
    _HEX_VALUES[HEX_DIGITS[_index]] = _index
    _HEX_VALUES[HEX_DIGITS[_index] | 0x20] = _index  # lower case (digits stay digits)
# bytes that application/x-www-form-urlencoded leaves as they are
_FORM_SAFE = bytearray(256)
for _byte in b"*-._" + ALPHABET[:62]:
    _FORM_SAFE[_byte] = 1


class ShareError(Exception):
    """A link that cannot be read: ``code`` is ``encoding``, ``compression`` or ``too-long``
    (a translation key under ``share.error.``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


# ---- base64url ---------------------------------------------------------------------------
# Written out: MicroPython's binascii here is a slow Python module that runs out of memory on
# a record of a few hundred kB.


def to_base64url(data: bytes) -> str:
    """``data`` in base64url without padding."""
    out = bytearray()
    size = len(data)
    full = size - size % 3
    for index in range(0, full, 3):
        value = (data[index] << 16) | (data[index + 1] << 8) | data[index + 2]
        out.append(ALPHABET[value >> 18])
        out.append(ALPHABET[(value >> 12) & 63])
        out.append(ALPHABET[(value >> 6) & 63])
        out.append(ALPHABET[value & 63])
    rest = size - full
    if rest:
        value = data[full] << 16
        if rest == 2:
            value |= data[full + 1] << 8
        out.append(ALPHABET[value >> 18])
        out.append(ALPHABET[(value >> 12) & 63])
        if rest == 2:
            out.append(ALPHABET[(value >> 6) & 63])
    return out.decode()


def from_base64url(text: str) -> bytes:
    """The bytes of base64url ``text`` without padding; leftover bits are ignored, as the
    browser's ``atob`` does. Raises ShareError("encoding") for anything else."""
    codes = text.encode()
    size = len(codes)
    if size % 4 == 1:
        raise ShareError("encoding")
    out = bytearray()
    values = _BASE64_VALUES
    full = size - size % 4
    for index in range(0, full, 4):
        first = values[codes[index]]
        second = values[codes[index + 1]]
        third = values[codes[index + 2]]
        fourth = values[codes[index + 3]]
        if (first | second | third | fourth) > 63:
            raise ShareError("encoding")
        value = (first << 18) | (second << 12) | (third << 6) | fourth
        out.append(value >> 16)
        out.append((value >> 8) & 255)
        out.append(value & 255)
    if size > full:
        tail = [values[code] for code in codes[full:]]
        if 255 in tail:
            raise ShareError("encoding")
        out.append(((tail[0] << 2) | (tail[1] >> 4)) & 255)
        if len(tail) == 3:
            out.append(((tail[1] << 4) | (tail[2] >> 2)) & 255)
    return bytes(out)


# ---- UTF-8 as the browser's TextEncoder and TextDecoder -----------------------------------


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
    ``fatal`` raise ShareError("encoding")."""
    if not data or max(data) < 0x80:
        return data.decode()
    spans = _bad_spans(data)
    if not spans:
        return data.decode()
    if fatal:
        raise ShareError("encoding")
    parts = []
    done = 0
    for start, end in spans:
        parts.append(data[done:start].decode())
        parts.append("\ufffd")
        done = end
    parts.append(data[done:].decode())
    return "".join(parts)


# ---- raw deflate ---------------------------------------------------------------------------


def deflate_raw(data: bytes) -> bytes:
    """``data`` compressed as raw deflate (no header)."""
    if deflate is None:
        packer = zlib.compressobj(-1, zlib.DEFLATED, -WINDOW_BITS)
        return packer.compress(data) + packer.flush()
    stream = io.BytesIO()
    writer = deflate.DeflateIO(stream, deflate.RAW, WINDOW_BITS)
    writer.write(data)
    writer.close()
    return stream.getvalue()


def inflate_raw(data: bytes) -> bytes:
    """The bytes of a raw deflate stream: ShareError("too-long") beyond MAX_RECORD_BYTES,
    ShareError("compression") for a broken or truncated stream or bytes after its end."""
    if deflate is None:
        unpacker = zlib.decompressobj(-WINDOW_BITS)
        try:
            out = unpacker.decompress(data, MAX_RECORD_BYTES + 1)
        except zlib.error:
            raise ShareError("compression") from None
        if len(out) > MAX_RECORD_BYTES:
            raise ShareError("too-long")
        if not unpacker.eof or unpacker.unused_data:
            raise ShareError("compression")
        return out
    stream = io.BytesIO(data)
    chunks = []
    size = 0
    try:
        reader = deflate.DeflateIO(stream, deflate.RAW, WINDOW_BITS)
        while True:
            chunk = reader.read(65536)
            if not chunk:
                break
            size += len(chunk)
            if size > MAX_RECORD_BYTES:
                raise ShareError("too-long")
            chunks.append(chunk)
    except (OSError, EOFError, ValueError):  # a broken stream, a truncated one
        raise ShareError("compression") from None
    if stream.tell() != len(data):  # the reader takes the input byte by byte
        raise ShareError("compression")
    return b"".join(chunks)


# ---- records and links -------------------------------------------------------------------


def encode_now(text: str, packed: "bytes | None" = None) -> str:
    """The link data of record ``text``; ``packed``: its raw deflate when already made
    elsewhere (the browser's CompressionStream), else made here when the text is long."""
    data = utf8_bytes(text)
    if len(data) > COMPRESS_ABOVE:
        if packed is None:
            try:
                packed = deflate_raw(data)
            except Exception:  # no compressor in this interpreter: plain text still works
                packed = None
        if packed is not None and len(packed) < len(data):
            return "z" + to_base64url(packed)
    return "t" + to_base64url(data)


async def encode_record(text: str) -> str:
    """share.js's encodeRecord (asynchronous there too)."""
    return encode_now(text)


def _javascript_length(text: str) -> int:
    """``text.length`` in JavaScript: UTF-16 code units."""
    if len(text) * 2 <= MAX_LINK_DATA:  # cannot matter
        return len(text)
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def decode_now(data: "Any") -> str:
    """The record in link data ``data``; raises ShareError."""
    if not isinstance(data, str) or len(data) < 2:
        raise ShareError("encoding")
    if _javascript_length(data) > MAX_LINK_DATA:
        raise ShareError("too-long")
    kind = data[0]
    if kind not in ("t", "z"):
        raise ShareError("encoding")
    raw = from_base64url(data[1:])
    if kind == "z":
        raw = inflate_raw(raw)
    text = utf8_text(raw, fatal=True)
    # TextDecoder drops a BOM (MicroPython has no str.removeprefix)
    return text[1:] if text.startswith("\ufeff") else text


async def decode_record(data: "Any") -> str:
    """share.js's decodeRecord (asynchronous there too)."""
    return decode_now(data)


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


def share_link_now(page: str, record: str, seats: "Any", packed: "bytes | None" = None) -> str:
    """The link to ``page`` (an absolute URL, as ``location.href`` gives it) carrying
    ``record`` and, when a computer plays, ``seats`` (its query and fragment are dropped)."""
    base = page.split("#")[0].split("?")[0]
    fragment = "record=" + form_encode(encode_now(record, packed))
    if isinstance(seats, (list, tuple)) and any(seat != HUMAN for seat in seats):
        names = ",".join("" if seat is None else str(seat) for seat in seats)
        fragment += "&seats=" + form_encode(names)
    return base + "#" + fragment


async def share_link(page: str, record: str, seats: "Any") -> str:
    """share.js's shareLink (asynchronous there too)."""
    return share_link_now(page, record, seats)


def read_fragment(hash_text: str) -> "dict[str, Any] | None":
    """What a page's fragment (``location.hash``) asks for: None when it shares nothing, else
    ``{"data": <link data to decode>, "seats": <list of at most 8 names, or None>}``."""
    pairs = parse_form(hash_text[1:] if hash_text.startswith("#") else hash_text)
    data = None
    seats = None
    for name, value in pairs:
        if name == "record" and data is None:
            data = value
        elif name == "seats" and seats is None:
            seats = value
    if data is None:
        return None
    return {
        "data": data,
        "seats": [seat for seat in seats.split(",") if seat][:MAX_SEATS] if seats else None,
    }
