"""A strict check of a board picture read back from storage before it is inserted as HTML.

The game page paints the saved picture of the game it resumes before the engine has started
(glue.board); storage is untrusted (anything on this origin, or a person with the developer
tools, can write it), so the picture is inserted only if it is exactly the kind of SVG the
engine's renderers write (pyengine/svg/drawing.py): known SVG elements and attributes, quoted
values with plain characters, text only inside ``<title>`` and ``<text>``. Anything else (a
script, an event handler, a link, a style, ``foreignObject``, a comment, an entity the engine
does not write, an unbalanced tag...) rejects the whole picture: the page keeps its default
pre-rendered board until the engine draws the game. This holds without the site's CSP.

Written with ``str.split`` and ``find`` (not a character loop): MicroPython checks a 70 kB
picture in a few milliseconds.

>>> checked_svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title id="zb-title">Zebra</title><rect class="cell" x="0" y="0" width="8" height="8"/></svg>\\n') is not None
True
>>> checked_svg('<svg><rect onclick="alert(1)"/></svg>') is None
True
"""

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
MAX_SVG_CHARS = 1_000_000
MAX_DEPTH = 32
ELEMENTS = (
    "svg",
    "g",
    "title",
    "desc",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "path",
    "text",
    "tspan",
)
TEXT_ELEMENTS = ("title", "desc", "text", "tspan")
ATTRIBUTES = (
    "class",
    "role",
    "aria-labelledby",
    "aria-label",
    "aria-hidden",
    "viewBox",
    "preserveAspectRatio",
    "x",
    "y",
    "width",
    "height",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "x1",
    "y1",
    "x2",
    "y2",
    "dx",
    "dy",
    "d",
    "points",
    "transform",
    "fill",
    "fill-opacity",
    "fill-rule",
    "clip-rule",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-dasharray",
    "stroke-dashoffset",
    "opacity",
    "paint-order",
    "pointer-events",
    "vector-effect",
    "font-family",
    "font-size",
    "font-weight",
    "text-anchor",
    "dominant-baseline",
)
# The character references the engine's escaping writes (drawing.py), and no other.
ENTITIES = ("amp", "lt", "gt", "quot", "#39", "#9", "#10", "#13")
NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-"
ID_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-_"
# Anywhere, once lowercased and without spaces: what could reach a URL or a script.
FORBIDDEN = ("javascript:", "vbscript:", "data:", "expression(", "@import", "\\")
SPACES = " \n\t"


def checked_svg(text: "object") -> "str | None":
    """``text`` if it is an SVG picture of the kind the engine draws, else None."""
    if not isinstance(text, str) or len(text) > MAX_SVG_CHARS or not text.startswith("<svg "):
        return None
    if not _characters_ok(text):
        return None
    pieces = text.split("<")
    checked: set[str] = set()
    open_elements: list[str] = []
    closed = False  # the root element has ended: only spaces may follow
    for index in range(1, len(pieces)):
        piece = pieces[index]
        end = piece.find(">")
        if end < 0 or closed:
            return None
        tag = piece[:end]
        if tag[:1] == "/":
            if not open_elements or open_elements.pop() != tag[1:]:
                return None
            closed = not open_elements
        else:
            empty = tag[-1:] == "/"
            name = _start_tag(tag[:-1] if empty else tag, not open_elements, checked)
            if name is None or len(open_elements) >= MAX_DEPTH:
                return None
            if not empty:
                open_elements.append(name)
            elif not open_elements:
                closed = True  # <svg .../>
        after = piece[end + 1 :]
        if after:
            if ">" in after:
                return None
            inside = open_elements[-1] if open_elements else ""
            if inside not in TEXT_ELEMENTS and after.strip(SPACES):
                return None  # words only inside a text element, spaces elsewhere
    return text if closed and not open_elements else None


def _characters_ok(text: str) -> bool:
    """What the whole picture may not hold anywhere (in values and in texts alike): control
    characters, character references other than the engine's, anything that could reach a URL
    or a script, ``url(...)`` other than a reference inside the picture (``url(#name)``)."""
    if "\x00" in text or "\r" in text or "\x0c" in text:
        return False
    start = text.find("&")
    while start >= 0:
        end = text.find(";", start + 1)
        if end < 0 or text[start + 1 : end] not in ENTITIES:
            return False
        start = text.find("&", end + 1)
    squeezed = text.lower()
    for space in SPACES:
        squeezed = squeezed.replace(space, "")
    for forbidden in FORBIDDEN:
        if forbidden in squeezed:
            return False
    start = squeezed.find("url(")
    while start >= 0:
        if squeezed[start + 4 : start + 5] != "#":
            return False
        start = squeezed.find("url(", start + 4)
    return True


def _start_tag(tag: str, root: bool, checked: "set[str]") -> "str | None":
    """The element name of a start tag's inside (``rect x="1"``) if the tag is allowed.
    ``checked`` holds the shapes of tags found allowed (the name and the attributes' names):
    a picture repeats a few shapes hundreds of times, each checked once."""
    words = tag.split(None, 1)
    name = words[0] if words else ""
    if name not in ELEMENTS or (name == "svg") != root or tag[: len(name)] != name:
        return None
    # `` name="value" name="value"``: quoted with ``"``, each after a space
    parts = tag[len(name) :].split('"')
    if len(parts) % 2 == 0 or parts[-1].strip(SPACES):
        return None
    shape = name + "".join(parts[0::2])
    if shape in checked:
        return name
    seen: list[str] = []
    plain = True  # no attribute whose value is checked too: the shape alone decides
    for index in range(0, len(parts) - 1, 2):
        before = parts[index]
        attribute = before.lstrip(SPACES)
        if len(attribute) == len(before) or attribute[-1:] != "=":
            return None  # no space before the name, or no `=` right before the quote
        attribute = attribute[:-1]
        if attribute in seen:
            return None
        seen.append(attribute)
        value = parts[index + 1]
        if attribute == "xmlns":
            plain = False
            if not root or value != SVG_NAMESPACE:
                return None
        elif attribute == "id":
            plain = False
            if not _id_ok(value):
                return None
        elif attribute not in ATTRIBUTES and not _data_name_ok(attribute):
            return None
    if plain:
        checked.add(shape)
    return name


def _id_ok(value: str) -> bool:
    """Hyphenated, as the engine's ids are (``vw-title``): never the name of a global
    variable, so the element cannot stand in for one (DOM clobbering)."""
    return (
        0 < len(value) <= 64
        and "-" in value.strip("-")
        and all(char in ID_CHARACTERS for char in value)
    )


def _data_name_ok(name: str) -> bool:
    return (
        name.startswith("data-")
        and len(name) > 5
        and all(char in NAME_CHARACTERS for char in name[5:])
    )
