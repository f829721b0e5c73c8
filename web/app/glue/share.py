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

from glue.urlform import (
    first,
    form_encode,
    parse_form,
    seat_list,
    utf8_bytes,
    utf8_text,
)

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
WINDOW_BITS = 15  # deflate's 32 kB window: what browsers write and read for "deflate-raw"
HUMAN = "human"

ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
# byte -> its value as a base64url digit, 255 for any other byte
_BASE64_VALUES = bytearray(b"\xff" * 256)
for _index in range(64):
    _BASE64_VALUES[ALPHABET[_index]] = _index


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
    try:
        text = utf8_text(raw, fatal=True)
    except UnicodeError:
        raise ShareError("encoding") from None
    # TextDecoder drops a BOM (MicroPython has no str.removeprefix)
    return text[1:] if text.startswith("\ufeff") else text


async def decode_record(data: "Any") -> str:
    """share.js's decodeRecord (asynchronous there too)."""
    return decode_now(data)


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
    data = first(pairs, "record")
    if data is None:
        return None
    return {"data": data, "seats": seat_list(first(pairs, "seats"))}
