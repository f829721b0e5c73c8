"""A tiny, safe SVG builder and the square-grid geometry shared by the board renderers.

Everything here is a pure function of its arguments and produces deterministic text, so two
renders of the same position are byte-identical.

The builder refuses what a strict Content-Security-Policy would block or what could smuggle
markup into the page: ``style`` attributes, ``<style>``/``<script>``/``<foreignObject>``
elements and ``on*`` event attributes. Plain strings given as children are escaped as text;
only :class:`Markup` (what :func:`element` returns) is inserted as-is.

>>> element("rect", {"class": "tile", "x": 0.5, "width": 100.0})
'<rect class="tile" x="0.5" width="100"/>'
>>> element("text", {"x": 1}, "a < b & c")
'<text x="1">a &lt; b &amp; c</text>'
>>> fmt(1 / 3), fmt(2.0), fmt(-0.0001)
('0.33', '2', '0')
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

__all__ = [
    "FILES_WITHOUT_J",
    "FONT",
    "HIGHLIGHT",
    "LAST_MOVE_EDGE",
    "LAST_MOVE_TINT",
    "LATIN_FILES",
    "SEAT_COLOURS",
    "SELECTED",
    "SVG_NAMESPACE",
    "WHITE",
    "CellNameError",
    "GridGeometry",
    "Markup",
    "UnsafeSvgError",
    "cell_name",
    "cell_outline",
    "cell_tint",
    "class_list",
    "coordinate_labels",
    "cross_path",
    "element",
    "fmt",
    "parse_cell_name",
    "picture",
    "point",
    "ring",
    "stroked",
    "svg_document",
]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

#: Files of chess-style boards: a, b, c, ...
LATIN_FILES = "abcdefghijklmnopqrstuvwxyz"
#: The pictures' font: the platform's interface font.
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
#: The page's marks where a game does not theme them: a legal target, the selected cell's
#: ring, the last move's tint and edge, and white.
HIGHLIGHT = "#1f9d55"
SELECTED = "#1d2733"
LAST_MOVE_TINT = "#ffe45c"
LAST_MOVE_EDGE = "#d49a00"
WHITE = "#ffffff"
#: Okabe-Ito colours of the seats, colour-blind safe: vermillion, blue, bluish green, reddish
#: purple, orange, sky blue.
SEAT_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
#: The Russian-tradition file letters (Virus War): no ``j``, so the 10th file is ``k``.
FILES_WITHOUT_J = "abcdefghiklmnopqrstuvwxyz"

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]*\Z")
_FORBIDDEN_ELEMENTS = frozenset({"script", "style", "foreignobject", "iframe"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE_ESCAPES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\n": "&#10;",
        "\r": "&#13;",
        "\t": "&#9;",
    }
)
# (xml.sax.saxutils.escape would do, but importing it imports urllib.request, http.client,
# email and ssl: a tenth of a second of the browser's first board.)


class UnsafeSvgError(ValueError):
    """An element or attribute that the strict-CSP builder does not allow."""


class CellNameError(ValueError):
    """A cell name that does not name a cell of the board (``"k1"`` on a 4x4 board)."""


class Markup(str):
    """Serialized SVG, inserted into a parent element as-is (never escaped again)."""

    __slots__ = ()


def fmt(value: float, digits: int = 2) -> str:
    """Format a number for SVG: rounded, no float noise, no trailing zeros, no ``-0``.

    >>> fmt(12), fmt(12.5), fmt(0.1 + 0.2), fmt(1e-9), fmt(99.999)
    ('12', '12.5', '0.3', '0', '100')
    """
    if isinstance(value, bool):
        raise TypeError("a boolean is not a number here")
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        raise ValueError(f"cannot write {value!r} into an SVG document")
    text = f"{value:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def point(x: float, y: float) -> str:
    """``x,y`` for ``points=`` lists and path data."""
    return f"{fmt(x)},{fmt(y)}"


def cross_path(cx: float, cy: float, arm: float) -> str:
    """Path data of an X centred on ``(cx, cy)``, its strokes reaching ``arm`` along each axis.

    >>> cross_path(10, 10, 5)
    'M5,5L15,15M15,5L5,15'
    """
    return (
        f"M{point(cx - arm, cy - arm)}L{point(cx + arm, cy + arm)}"
        f"M{point(cx + arm, cy - arm)}L{point(cx - arm, cy + arm)}"
    )


def class_list(*tokens: str | None) -> str:
    """Join class tokens, dropping empty ones and repeats while keeping their order."""
    seen: dict[str, None] = {}
    for token in tokens:
        if token:
            for part in token.split():
                seen.setdefault(part, None)
    return " ".join(seen)


def _attribute_value(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return fmt(value)
    raise TypeError(f"unsupported SVG attribute value {value!r}")


def _checked_name(name: str) -> str:
    if not _NAME.match(name):
        raise UnsafeSvgError(f"invalid attribute name {name!r}")
    lowered = name.lower()
    if lowered == "style" or lowered.startswith("on"):
        raise UnsafeSvgError(f"attribute {name!r} is not allowed (strict CSP, no scripts)")
    return name


def _keyword_name(name: str) -> str:
    name = name.removesuffix("_")  # class_ -> class
    return name.replace("_", "-")  # data_cell -> data-cell, stroke_width -> stroke-width


def _children(items: Iterable[object]) -> Iterator[str]:
    for item in items:
        if item is None:
            continue
        if isinstance(item, Markup):
            yield item
        elif isinstance(item, str):
            yield item.translate(_TEXT_ESCAPES)
        elif isinstance(item, Iterable):
            yield from _children(item)
        else:
            raise TypeError(f"unsupported SVG child {item!r}")


def element(
    tag: str,
    attributes: Mapping[str, object] | None = None,
    /,
    *children: object,
    **keyword_attributes: object,
) -> Markup:
    """Serialize one element.

    Attributes come from the mapping (names used as given) and then from keywords (``class_``
    → ``class``, ``stroke_width`` → ``stroke-width``), in order; ``None`` values are left out.
    Children may be :class:`Markup`, plain strings (escaped as text), ``None`` (skipped) or
    iterables of those.

    >>> element("g", {"class": "cell", "data-cell": "a1"}, element("circle", r=3), fill=None)
    '<g class="cell" data-cell="a1"><circle r="3"/></g>'
    """
    if not _NAME.match(tag) or tag.lower() in _FORBIDDEN_ELEMENTS:
        raise UnsafeSvgError(f"element {tag!r} is not allowed")
    parts = [f"<{tag}"]
    seen: set[str] = set()
    pairs = list((attributes or {}).items())
    pairs += [(_keyword_name(key), value) for key, value in keyword_attributes.items()]
    for name, value in pairs:
        if value is None:
            continue
        if _checked_name(name) in seen:
            raise UnsafeSvgError(f"attribute {name!r} given twice")
        seen.add(name)
        parts.append(f' {name}="{_attribute_value(value).translate(_ATTRIBUTE_ESCAPES)}"')
    body = "".join(_children(children))
    parts.append(f">{body}</{tag}>" if body else "/>")
    return Markup("".join(parts))


def svg_document(
    width: float,
    height: float,
    *children: object,
    title: str,
    title_id: str,
    pixel_size: tuple[float, float] | None = None,
    attributes: Mapping[str, object] | None = None,
) -> str:
    """A standalone SVG document: namespace, ``viewBox``, ``role="img"`` and a ``<title>``.

    ``pixel_size`` sets ``width``/``height``; without it only the ``viewBox`` is set, so CSS
    (or the image viewer) chooses the size. ``attributes`` (classes, data attributes) follow.
    """
    root: dict[str, object] = {
        "xmlns": SVG_NAMESPACE,
        "viewBox": f"0 0 {fmt(width)} {fmt(height)}",
    }
    if pixel_size is not None:
        root["width"], root["height"] = pixel_size
    root.update(attributes or {})
    root["role"] = "img"
    root["aria-labelledby"] = title_id
    return element("svg", root, element("title", {"id": title_id}, title), *children) + "\n"


def stroked(cls: str | None, d: str, colour: str, width: object, **more: object) -> Markup:
    """A path drawn as a line, not filled (class ``cls``, if any): ``d`` in ``colour``,
    ``width`` wide, then the ``more`` attributes (caps, joins, ...)."""
    return element(
        "path", {"class": cls, "d": d}, fill="none", stroke=colour, stroke_width=width, **more
    )


def ring(cls: str | None, cx: float, cy: float, r: float, colour: str, width: float) -> Markup:
    """An unfilled circle (class ``cls``, if any): its outline in ``colour``, ``width`` wide."""
    return element(
        "circle",
        {"class": cls, "cx": cx, "cy": cy, "r": r},
        fill="none",
        stroke=colour,
        stroke_width=width,
    )


def picture(
    width: float,
    height: float,
    *children: object,
    title: str,
    id_prefix: str,
    size: int | None,
    attributes: Mapping[str, object],
    font: str = FONT,
) -> str:
    """A standalone picture (:func:`svg_document`) titled ``title`` (its id
    ``<id_prefix>-title``), ``size`` pixels wide (the height follows; without it only the
    ``viewBox`` is set), its root carrying ``attributes`` and the ``font`` and centred text
    that every label and numeral inherits."""
    return svg_document(
        width,
        height,
        *children,
        title=title,
        title_id=f"{id_prefix}-title",
        pixel_size=None if size is None else (size, round(size * height / width)),
        attributes={**attributes, "font-family": font, "text-anchor": "middle"},
    )


def cell_tint(x: float, y: float, size: float, name: str, colour: str, opacity: float) -> Markup:
    """A translucent square over a whole cell (class ``name``), e.g. a last-move tint."""
    return element(
        "rect",
        {"class": name, "x": x, "y": y, "width": size, "height": size},
        fill=colour,
        fill_opacity=opacity,
    )


def cell_outline(
    x: float,
    y: float,
    size: float,
    name: str,
    colour: str,
    *,
    inset: float,
    width: float,
    radius: float,
) -> Markup:
    """A rounded outline ``inset`` inside a cell (class ``name``), e.g. a selection ring."""
    return element(
        "rect",
        {"class": name, "x": x + inset, "y": y + inset},
        width=size - 2 * inset,
        height=size - 2 * inset,
        rx=radius,
        fill="none",
        stroke=colour,
        stroke_width=width,
    )


def cell_name(file: int, rank: int, letters: str = LATIN_FILES) -> str:
    """The name of a cell from 0-based file and rank: ``cell_name(2, 1) == "c2"``."""
    return f"{letters[file]}{rank + 1}"


def parse_cell_name(
    text: str,
    *,
    files: int,
    ranks: int,
    letters: str = LATIN_FILES,
    aliases: Mapping[str, str] | None = None,
) -> tuple[int, int]:
    """0-based ``(file, rank)`` of a cell name, read case-insensitively.

    >>> parse_cell_name("C2", files=4, ranks=4)
    (2, 1)
    >>> parse_cell_name("j10", files=10, ranks=10, letters=FILES_WITHOUT_J, aliases={"j": "k"})
    (9, 9)
    """
    cleaned = text.strip().lower()
    if len(cleaned) < 2 or not cleaned[1:].isdigit() or not cleaned[1:].isascii():
        raise CellNameError(f"{text!r} is not a cell name")
    letter = cleaned[0]
    letter = (aliases or {}).get(letter, letter)
    file = letters.find(letter)
    rank = int(cleaned[1:]) - 1
    if not 0 <= file < files or not 0 <= rank < ranks or cleaned[1] == "0":
        raise CellNameError(f"{text!r} is not a cell of a {files}x{ranks} board")
    return file, rank


@dataclass(frozen=True)
class GridGeometry:
    """Where the cells of a rectangular grid go in SVG user units.

    ``files`` columns and ``ranks`` rows of square cells of side ``cell``, surrounded by a
    ``margin`` on every side (room for a frame and coordinate labels). Rank 0 is drawn at the
    bottom (``rank_up``, chess style) or at the top (score sheets). ``flipped`` turns the board
    half a turn, so the first cell lands at the opposite corner.

    >>> grid = GridGeometry(files=4, ranks=4, cell=100, margin=30)
    >>> grid.width, grid.cell_origin(0, 0), grid.cell_at(31, 400)
    (460, (30, 330), (0, 0))
    >>> GridGeometry(files=4, ranks=4, cell=100, flipped=True).cell_origin(0, 0)
    (300, 0)
    """

    files: int
    ranks: int
    cell: float = 100
    margin: float = 0
    flipped: bool = False
    rank_up: bool = True

    def __post_init__(self) -> None:
        if self.files < 1 or self.ranks < 1 or self.cell <= 0 or self.margin < 0:
            raise ValueError(f"invalid grid {self!r}")

    @property
    def width(self) -> float:
        return self.files * self.cell + 2 * self.margin

    @property
    def height(self) -> float:
        return self.ranks * self.cell + 2 * self.margin

    @property
    def view_box(self) -> str:
        return f"0 0 {fmt(self.width)} {fmt(self.height)}"

    def column(self, file: int) -> int:
        """Visual column (0 = leftmost) of a file."""
        return self.files - 1 - file if self.flipped else file

    def row(self, rank: int) -> int:
        """Visual row (0 = topmost) of a rank."""
        top_down = self.ranks - 1 - rank if self.rank_up else rank
        return self.ranks - 1 - top_down if self.flipped else top_down

    def cell_origin(self, file: int, rank: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        return (
            self.margin + self.column(file) * self.cell,
            self.margin + self.row(rank) * self.cell,
        )

    def cell_center(self, file: int, rank: int) -> tuple[float, float]:
        x, y = self.cell_origin(file, rank)
        return x + self.cell / 2, y + self.cell / 2

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The ``(file, rank)`` under a point in user units, or ``None`` off the cells."""
        column = math.floor((x - self.margin) / self.cell)
        row = math.floor((y - self.margin) / self.cell)
        if not (0 <= column < self.files and 0 <= row < self.ranks):
            return None
        file = self.files - 1 - column if self.flipped else column
        top_down = self.ranks - 1 - row if self.flipped else row
        rank = self.ranks - 1 - top_down if self.rank_up else top_down
        return file, rank

    def cells_in_visual_order(self) -> Iterator[tuple[int, int]]:
        """All ``(file, rank)`` pairs, top row first, left to right (reading order)."""
        for row in range(self.ranks):
            for column in range(self.files):
                found = self.cell_at(
                    self.margin + (column + 0.5) * self.cell,
                    self.margin + (row + 0.5) * self.cell,
                )
                assert found is not None
                yield found

    def file_label_position(self, file: int) -> tuple[float, float]:
        """Centre of the bottom margin below a file's column."""
        x, _ = self.cell_center(file, 0)
        return x, self.height - self.margin / 2

    def rank_label_position(self, rank: int) -> tuple[float, float]:
        """Centre of the left margin beside a rank's row."""
        _, y = self.cell_center(0, rank)
        return self.margin / 2, y


def coordinate_labels(
    grid: GridGeometry,
    file_names: Iterable[str],
    rank_names: Iterable[str],
    *,
    font_size: float,
    fill: str,
    font_family: str | None = FONT,
) -> Markup:
    """File labels under the board and rank labels on its left, as ``text.coord`` elements.

    The group ignores pointer events so clicks reach the cells. Baselines are placed by
    arithmetic rather than ``dominant-baseline`` (image viewers vary). ``font_family=None``
    leaves the font to an ancestor.
    """
    baseline = font_size * 0.35
    labels = []
    for file, name in enumerate(file_names):
        x, y = grid.file_label_position(file)
        labels.append(element("text", {"class": "coord file", "x": x, "y": y + baseline}, name))
    for rank, name in enumerate(rank_names):
        x, y = grid.rank_label_position(rank)
        labels.append(element("text", {"class": "coord rank", "x": x, "y": y + baseline}, name))
    return element(
        "g",
        {
            "class": "coords",
            "fill": fill,
            "font-family": font_family,
            "font-size": font_size,
            "font-weight": "600",
            "text-anchor": "middle",
            "pointer-events": "none",
        },
        labels,
    )
