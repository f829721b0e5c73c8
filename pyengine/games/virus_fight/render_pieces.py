"""The pieces and seat tokens of Virus Fight's pictures, and the palette they share: drawn on
the board (:mod:`.render`), in the supply strips and as the program builder's icons
(:mod:`.render_supply`).

A piece is a square tile: the owner's outline (solid, or the seat's dashes over a faint one),
the type's fill, the origin's flag in the lower left corner, the type's glyph and the size's
pips. A seat token is a disc in the seat's colour carrying the seat's number (1-based).
"""

from __future__ import annotations

from typing import Any

from pyengine import svg
from pyengine.svg.drawing import WHITE

__all__ = [
    "PIECE_CODES",
    "SEAT_COLOURS",
    "TYPE_COLOURS",
    "Piece",
    "centred_square",
    "draw_piece",
    "glyph_path",
    "marker_token",
    "seat_token",
]

# Geometry, in SVG user units: a cell is 100 units.
CELL = 100
PIECE_SIDES = {1: 50.0, 2: 66.0, 3: 82.0}  # three clearly different tile sizes
OUTLINE = 7.0  # the owner's outline, drawn outside the tile's fill
TOKEN_RADIUS = 17.0
TYPES = "MWJE"
TYPE_WORDS = {"M": "move", "W": "write", "J": "jump", "E": "erase"}
PIECE_CODES = tuple(f"{kind}{size}" for kind in TYPES for size in (1, 2, 3))

# The chip: a dark frame around pale silicon cells.
FRAME = "#26303b"
FRAME_EDGE = "#111820"
COORDINATE_INK = "#d5dde6"
CELL_FILL = "#eef2f6"
CELL_FILL_ALT = "#e6ebf1"
CELL_LINE = "#b8c3cf"
GLYPH_INK = "#1c2530"
#: Fill of each piece type (the Rainbow set's hues, lightened so the glyph and pips read).
TYPE_COLOURS = {"M": "#f5d556", "W": "#86cf95", "J": "#8fbdf0", "E": "#f29a93"}
TYPE_EDGES = {"M": "#a88a10", "W": "#3f8a50", "J": "#3f72ad", "E": "#b4483f"}
#: The colours of seats 0 to 4 (the first five of :data:`pyengine.svg.SEAT_COLOURS`).
SEAT_COLOURS = svg.SEAT_COLOURS[:5]
# A second, colour-free cue for the owner: each seat's outline has its own dash rhythm.
SEAT_DASHES = (None, "16 8", "6 6", "18 6 5 6", "10 5 3 5")


class Piece:
    """A piece of the viewer's own stored program (not yet on the engine's board)."""

    __slots__ = ("kind", "origin", "owner", "size")

    def __init__(self, kind: str, size: int, owner: int, origin: int) -> None:
        self.kind, self.size, self.owner, self.origin = kind, size, owner, origin


def glyph_path(kind: str, cx: float, cy: float, s: float) -> str:
    """The type's glyph in a box of half-width ``s`` around (cx, cy), as stroked path data."""

    def p(dx: float, dy: float) -> str:
        return svg.point(cx + dx * s, cy + dy * s)

    if kind == "M":  # a double arrow, right above and left below
        return (
            f"M{p(-0.85, -0.4)}L{p(0.8, -0.4)}M{p(0.4, -0.8)}L{p(0.85, -0.4)}L{p(0.4, 0)}"
            f"M{p(0.85, 0.4)}L{p(-0.8, 0.4)}M{p(-0.4, 0)}L{p(-0.85, 0.4)}L{p(-0.4, 0.8)}"
        )
    if kind == "W":  # a pen: a slanted barrel ending in a nib, writing a stroke
        return (
            f"M{p(0.55, -0.95)}L{p(0.95, -0.55)}L{p(-0.35, 0.75)}L{p(-0.8, 0.85)}"
            f"L{p(-0.7, 0.4)}Z M{p(0.25, -0.65)}L{p(0.65, -0.25)}"
        )
    if kind == "J":  # a hop: a high arc with an arrowhead landing on the right
        return (
            f"M{p(-0.85, 0.7)}C{p(-0.7, -1.05)} {p(0.7, -1.05)} {p(0.85, 0.55)}"
            f"M{p(0.45, 0.25)}L{p(0.85, 0.7)}L{p(1.05, 0.15)}"
        )
    return f"M{p(-0.7, -0.7)}L{p(0.7, 0.7)}M{p(0.7, -0.7)}L{p(-0.7, 0.7)}"  # erase: a cross


def draw_piece(
    cx: float, cy: float, piece: Any, *, pending: bool = False, bold: float = 1
) -> svg.Markup:
    """A tile: the owner's outline, the type's fill, the origin's flag, the glyph and pips."""
    kind, size, owner, origin = piece.kind, piece.size, piece.owner, piece.origin
    if kind not in TYPE_COLOURS or size not in PIECE_SIDES:
        raise ValueError(f"cannot draw a piece {kind}{size}")
    side = PIECE_SIDES[size]
    half = side / 2
    left, top = cx - half, cy - half
    flag = side * 0.3
    glyph_y = cy - side * 0.1
    glyph_half = side * 0.27
    outline = OUTLINE * bold
    return svg.element(
        "g",
        {
            "class": f"piece-tile {TYPE_WORDS[kind]} size-{size}",
            "opacity": 0.55 if pending else None,
        },
        *_owner_outline(left, top, side, owner, outline),
        svg.element(
            "rect",
            {
                "class": "body",
                "x": left + outline / 2 + 1.5,
                "y": top + outline / 2 + 1.5,
                "width": side - outline - 3,
                "height": side - outline - 3,
            },
            rx=side * 0.1,
            fill=TYPE_COLOURS[kind],
            stroke=TYPE_EDGES[kind],
            stroke_width=1.5,
        ),
        svg.element(
            "path",
            {
                "class": "origin-flag",
                "d": f"M{svg.point(left + 4, top + side - 4)}h{svg.fmt(flag)}"
                f"L{svg.point(left + 4, top + side - 4 - flag)}Z",
            },
            fill=SEAT_COLOURS[origin],
        ),
        svg.stroked(
            "glyph",
            glyph_path(kind, cx, glyph_y, glyph_half),
            GLYPH_INK,
            (2.5 + size * 0.9) * bold,
            stroke_linecap="round",
            stroke_linejoin="round",
        ),
        _pips(cx, cy + side * 0.33, size, bold),
    )


def _owner_outline(
    left: float, top: float, side: float, owner: int, outline: float
) -> tuple[svg.Markup, svg.Markup | None]:
    """The owner's outline around a tile: solid, or faint under the seat's dashes."""
    return (
        svg.element(
            "rect",
            {"class": "owner-outline", "x": left, "y": top, "width": side, "height": side},
            rx=side * 0.14,
            fill=WHITE,
            stroke=SEAT_COLOURS[owner],
            stroke_width=outline,
            stroke_opacity=1 if SEAT_DASHES[owner] is None else 0.4,
        ),
        svg.element(
            "rect",
            {"class": "owner-dashes", "x": left, "y": top, "width": side, "height": side},
            rx=side * 0.14,
            fill="none",
            stroke=SEAT_COLOURS[owner],
            stroke_width=outline,
            stroke_dasharray=SEAT_DASHES[owner],
        )
        if SEAT_DASHES[owner] is not None
        else None,
    )


def _pips(cx: float, pip_y: float, size: int, bold: float) -> svg.Markup:
    """The size shown a second time: one to three dots under the glyph."""
    pip_r = (3.8 + size * 0.5) * bold
    pip_gap = pip_r * 2.7
    pips = [
        svg.element(
            "circle",
            {"cx": cx + (i - (size - 1) / 2) * pip_gap, "cy": pip_y, "r": pip_r},
        )
        for i in range(size)
    ]
    return svg.element("g", {"class": "pips", "fill": GLYPH_INK}, pips)


def centred_square(cls: str, cx: float, cy: float, half: float, **paint: object) -> svg.Markup:
    """A square (class ``cls``) ``2 * half`` wide centred on ``(cx, cy)``, with ``paint``'s
    attributes (``rx`` first, for rounded corners)."""
    return svg.element(
        "rect",
        {"class": cls, "x": cx - half, "y": cy - half},
        width=2 * half,
        height=2 * half,
        **paint,
    )


def marker_token(
    cx: float, cy: float, seat: int, radius: float = TOKEN_RADIUS, *, pending: bool = False
) -> svg.Markup:
    """The seat's marker: its :func:`seat_token`, ringed by a thin dark line."""
    ring = svg.ring(None, cx, cy, radius + 2.5, FRAME_EDGE, 1.5)
    return seat_token(
        "marker-token",
        cx,
        cy,
        seat,
        radius=radius,
        edge=3.5,
        number=(radius * 0.47, radius * 1.35),
        opacity=0.7 if pending else None,
        ring=ring,
    )


def seat_token(
    cls: str,
    cx: float,
    cy: float,
    seat: int,
    *,
    radius: float,
    edge: float,
    number: tuple[float, float],
    opacity: float | None,
    ring: svg.Markup | None = None,
    over: svg.Markup | None = None,
) -> svg.Markup:
    """A round token of ``seat`` (classes ``cls`` and ``seat-<seat>``, drawn at ``opacity``): a
    disc in the seat's colour with a white edge ``edge`` wide, an optional ``ring`` around it,
    the seat's number (1-based) in white, its baseline and font size given by ``number``
    (``(below the centre, size)``), and an optional mark ``over`` it all."""
    below, font_size = number
    return svg.element(
        "g",
        {"class": f"{cls} seat-{seat}", "opacity": opacity},
        svg.element(
            "circle",
            {"cx": cx, "cy": cy, "r": radius},
            fill=SEAT_COLOURS[seat],
            stroke=WHITE,
            stroke_width=edge,
        ),
        ring,
        svg.element(
            "text",
            {"class": "seat-number", "x": cx, "y": cy + below},
            str(seat + 1),
            fill=WHITE,
            font_size=font_size,
            font_weight="800",
        ),
        over,
    )
