"""Virus Fight's supply strips and piece icons as SVG (the board is :mod:`.render`): pure
functions from a position (or a piece code) and view options to a document.

Only ``num_players``, ``supply(seat)``, ``removed(seat)`` and ``eliminated`` are read, so this
module imports nothing from the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pyengine import svg
from pyengine.games.virus_fight.render_pieces import (
    CELL,
    CELL_LINE,
    COORDINATE_INK,
    FRAME,
    PIECE_CODES,
    PIECE_SIDES,
    SEAT_COLOURS,
    Piece,
    centred_square,
    draw_piece,
    seat_token,
)
from pyengine.svg.drawing import HIGHLIGHT, WHITE

__all__ = ["render_piece_svg", "render_supply_svg"]


class SupplyPosition(Protocol):
    """What the supply strip reads from a Virus Fight state."""

    num_players: int

    def supply(self, seat: int, /) -> Sequence[Any]: ...
    def removed(self, seat: int, /) -> int: ...
    @property
    def eliminated(self) -> tuple[int, ...]: ...


SLOT = 76  # width of one code's slot in the strip
STRIP_HEIGHT = 112
STRIP_PAD = 18


def render_supply_svg(
    state: SupplyPosition,
    seat: int,
    *,
    size: int | None = None,
    title: str | None = None,
    id_prefix: str = "vfs",
    choices: dict[str, str] | None = None,
) -> str:
    """A compact strip of ``seat``'s supply (0-based): its seat token, then one slot per code
    (``M1`` to ``E3``) with the piece drawn as on the board and the count below it.

    ``choices`` maps codes the player may pick now (a WRITE's piece) to the token a click on
    that slot sends: such a slot gets the class ``choice``, a ``data-click`` attribute and a
    highlight frame.

    Captured pieces keep their origin's flag; a code held from several sets shows one tile per
    origin, fanned out. A slot is a ``<g class="slot ...">`` with ``data-code``,
    ``data-count`` and ``data-origins`` (0-based seats), class ``empty`` when the count is 0
    and ``captured`` when some piece came from another set. ``size`` sets the pixel width
    (the height follows).

    >>> from pyengine.games.virus_fight import VIRUS_FIGHT
    >>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
    >>> strip = render_supply_svg(state, 1)
    >>> '<g class="slot" data-code="J2" data-count="1" data-origins="1">' in strip
    True
    """
    players = state.num_players
    if not (type(seat) is int and 0 <= seat < players):
        raise ValueError(f"seat must be 0-{players - 1}, got {seat!r}")
    svg.check_id_prefix(id_prefix)
    origins: dict[str, dict[int, int]] = {code: {} for code in PIECE_CODES}
    for piece in state.supply(seat):
        code = f"{piece.kind}{piece.size}"
        if code not in origins:
            raise ValueError(f"cannot draw a piece {code}")
        origins[code][piece.origin] = origins[code].get(piece.origin, 0) + 1
    out = seat in state.eliminated
    lead = STRIP_HEIGHT  # the seat token's square
    width = lead + SLOT * len(PIECE_CODES) + STRIP_PAD
    parts: list[svg.Markup] = [
        svg.element(
            "rect",
            {"class": "strip", "width": width, "height": STRIP_HEIGHT},
            rx=12,
            fill=FRAME,
        ),
        _strip_seat(lead / 2, STRIP_HEIGHT / 2, seat, out=out),
    ]
    choices = choices or {}
    for position, code in enumerate(PIECE_CODES):
        parts.append(_slot(lead + position * SLOT, code, origins[code], seat, choices.get(code)))
    return svg.picture(
        width,
        STRIP_HEIGHT,
        *parts,
        title=f"Supply of seat {seat + 1}" if title is None else title,
        id_prefix=id_prefix,
        size=size,
        attributes={
            "class": "supply virus-fight" + (" eliminated" if out else ""),
            "data-seat": seat,
            "data-count": len(state.supply(seat)),
            "data-removed": state.removed(seat),
        },
    )


def render_piece_svg(
    code: str,
    seat: int,
    *,
    size: int | None = None,
    title: str | None = None,
    id_prefix: str = "vfp",
) -> str:
    """One piece of ``seat`` (0-based) alone, drawn as on the board (for a program builder's
    buttons): a cell-sized square with the tile centred, so the three sizes stay comparable.

    >>> render_piece_svg("M3", 1).count('class="piece-tile')
    1
    """
    if not (type(seat) is int and 0 <= seat < len(SEAT_COLOURS)):
        raise ValueError(f"seat must be 0-{len(SEAT_COLOURS) - 1}, got {seat!r}")
    if code not in PIECE_CODES:
        raise ValueError(f"cannot draw a piece {code!r}")
    svg.check_id_prefix(id_prefix)
    return svg.picture(
        CELL,
        CELL,
        draw_piece(CELL / 2, CELL / 2, Piece(code[0], int(code[1]), seat, seat)),
        title=code if title is None else title,
        id_prefix=id_prefix,
        size=size,
        attributes={"class": "piece-icon virus-fight", "data-code": code},
    )


def _strip_seat(cx: float, cy: float, seat: int, *, out: bool) -> svg.Markup:
    """The strip's seat: its :func:`.seat_token`, faded and crossed out once it is out."""
    radius = 30.0
    cross = svg.element(
        "path",
        {"class": "eliminated-cross", "d": svg.cross_path(cx, cy, radius * 0.75)},
        stroke=WHITE,
        stroke_width=6,
        stroke_linecap="round",
    )
    return seat_token(
        "seat-token",
        cx,
        cy,
        seat,
        radius=radius,
        edge=4,
        number=(13, 38),
        opacity=0.45 if out else None,
        over=cross if out else None,
    )


def _slot(
    x: float, code: str, origins: dict[int, int], seat: int, click: str | None = None
) -> svg.Markup:
    count = sum(origins.values())
    kind, size = code[0], int(code[1])
    cx, cy = x + SLOT / 2, 44.0
    body: list[svg.Markup] = []
    if click is not None:
        body.append(
            svg.element(
                "rect",
                {"class": "choice-frame", "x": x + 3, "y": 3},
                width=SLOT - 6,
                height=STRIP_HEIGHT - 6,
                rx=10,
                fill=HIGHLIGHT,
                fill_opacity=0.25,
                stroke=HIGHLIGHT,
                stroke_width=4,
            )
        )
    if count == 0:
        half = PIECE_SIDES[size] / 2 * 0.8
        body.append(
            centred_square(
                "slot-empty",
                cx,
                cy,
                half,
                rx=half * 0.25,
                fill="none",
                stroke=CELL_LINE,
                stroke_opacity=0.5,
                stroke_width=2,
                stroke_dasharray="5 5",
            )
        )
    else:
        fanned = sorted(origins)
        shift = 6.0
        for layer, origin in enumerate(fanned):
            offset = (layer - (len(fanned) - 1) / 2) * shift
            tile = Piece(kind, size, seat, origin)
            body.append(
                svg.element(
                    "g",
                    {"class": "scaled", "transform": _scale_about(cx + offset, cy + offset, 0.8)},
                    draw_piece(cx + offset, cy + offset, tile),
                )
            )
    body.append(
        svg.element(
            "text",
            {"class": "count", "x": cx, "y": STRIP_HEIGHT - 12},
            f"{count}",
            fill=COORDINATE_INK if count else CELL_LINE,
            fill_opacity=1 if count else 0.6,
            font_size=22,
            font_weight="700",
        )
    )
    classes = svg.class_list(
        "slot",
        "empty" if count == 0 else None,
        "captured" if any(origin != seat for origin in origins) else None,
        "choice" if click is not None else None,
    )
    return svg.element(
        "g",
        {
            "class": classes,
            "data-click": click,
            "data-code": code,
            "data-count": count,
            "data-origins": " ".join(str(origin) for origin in sorted(origins)) or None,
        },
        body,
    )


def _scale_about(cx: float, cy: float, factor: float) -> str:
    return f"translate({svg.point(cx * (1 - factor), cy * (1 - factor))}) scale({svg.fmt(factor)})"
