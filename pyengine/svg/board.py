"""The skeleton shared by the square boards: checked options, cell indices, click targets and
the document around the cells (coordinate labels, root attributes, title).

A game's renderer draws its own paper or frame and its own cells; these helpers hold what every
board does the same way, so the games' pictures differ only where the games do.

>>> grid = GridGeometry(files=2, ranks=2, cell=100, margin=10)
>>> index_of = cell_indexer(2)
>>> index_of("B2"), indices(["a1", "b1"], index_of)
(3, {0, 1})
>>> board_document(grid, [], name="Toy", title=None, id_prefix="t", size=None, letters="ab",
...                label_size=None, label_ink="#000", attributes={"class": "board"},
...                font="serif").startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .drawing import (
    LATIN_FILES,
    GridGeometry,
    Markup,
    cell_outline,
    cell_tint,
    coordinate_labels,
    element,
    parse_cell_name,
    svg_document,
)

__all__ = [
    "CellMarks",
    "board_document",
    "board_frame",
    "cell_hit",
    "cell_indexer",
    "check_id_prefix",
    "indices",
    "label_font_size",
    "labelled_grid",
]

_ID_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")


def check_id_prefix(id_prefix: str) -> None:
    """Raise ``ValueError`` unless ``id_prefix`` can start the ids of a document's elements."""
    if not _ID_PREFIX.match(id_prefix):
        raise ValueError(f"id_prefix {id_prefix!r} must be a letter then letters, digits, - or _")


def label_font_size(size: int) -> float:
    """Coordinates grow with the board so they stay legible when a big board fits a phone."""
    return 18 + 1.6 * size


def labelled_grid(
    size: int, *, cell: float, coordinates: bool, plain_margin: float, flipped: bool
) -> GridGeometry:
    """The geometry of a ``size`` by ``size`` board whose margin fits labels of
    :func:`label_font_size` (``plain_margin`` without coordinates)."""
    margin = math.ceil(label_font_size(size) * 1.55) if coordinates else plain_margin
    return GridGeometry(files=size, ranks=size, cell=cell, margin=margin, flipped=flipped)


def cell_indexer(
    n: int, *, letters: str = LATIN_FILES, aliases: Mapping[str, str] | None = None
) -> Callable[[str], int]:
    """A function from a cell name of an ``n`` by ``n`` board to its index (rank-major)."""

    def index_of(name: str) -> int:
        file, rank = parse_cell_name(name, files=n, ranks=n, letters=letters, aliases=aliases)
        return rank * n + file

    return index_of


def indices(names: Iterable[str], index_of: Callable[[str], int]) -> set[int]:
    """The indices of the cells ``names`` (e.g. the highlighted ones)."""
    return {index_of(name) for name in names}


def cell_hit(x: float, y: float, side: float) -> Markup:
    """The click target of a cell, ``rect.hit``: the last child of every cell's group."""
    return element(
        "rect",
        {"class": "hit", "x": x, "y": y, "width": side, "height": side},
        fill="none",
        pointer_events="all",
    )


@dataclass(frozen=True)
class CellMarks:
    """The marks a board lays over its cells (tints, rounded outlines, the last move, the
    selection ring), for cells of side ``cell`` and outlines with corner ``radius``."""

    cell: float
    radius: float

    def tint(self, x: float, y: float, name: str, colour: str, opacity: float) -> Markup:
        """A translucent square over the cell at ``(x, y)`` (class ``name``)."""
        return cell_tint(x, y, self.cell, name, colour, opacity)

    def outline(
        self, x: float, y: float, name: str, colour: str, *, inset: float, width: float
    ) -> Markup:
        """A rounded outline ``inset`` inside the cell at ``(x, y)`` (class ``name``)."""
        return cell_outline(
            x, y, self.cell, name, colour, inset=inset, width=width, radius=self.radius
        )

    def last_move(
        self, x: float, y: float, tint: str, edge: str, *, opacity: float, inset: float
    ) -> list[Markup]:
        """A cell of the last move: a ``last-move-tint`` and a ``last-move-edge``."""
        return [
            self.tint(x, y, "last-move-tint", tint, opacity),
            self.outline(x, y, "last-move-edge", edge, inset=inset, width=4),
        ]

    def selected_ring(
        self,
        x: float,
        y: float,
        colour: str,
        core: str,
        *,
        inset: float,
        width: float,
        core_inset: float,
        core_width: float,
    ) -> Markup:
        """The picked cell: a ``ring-outer`` in ``colour`` and a thin ``ring-inner`` in
        ``core``, grouped as ``g.selected-ring``."""
        return element(
            "g",
            {"class": "selected-ring"},
            self.outline(x, y, "ring-outer", colour, inset=inset, width=width),
            self.outline(x, y, "ring-inner", core, inset=core_inset, width=core_width),
        )


def board_frame(
    grid: GridGeometry,
    *,
    body: str,
    fill: str,
    edge_fill: str,
    edge_radius: float,
    clickable: bool = True,
) -> Markup:
    """A frame around the cells: a rounded body (class ``body``) over the whole document and a
    darker edge just outside the cells. ``clickable=False`` lets clicks pass through it."""
    edge = 4.0
    inner = grid.files * grid.cell + 2 * edge
    return element(
        "g",
        {"class": "frame", "pointer-events": None if clickable else "none"},
        element(
            "rect",
            {"class": body, "width": grid.width, "height": grid.height},
            rx=min(14.0, grid.margin),
            fill=fill,
        ),
        element(
            "rect",
            {"class": "frame-edge", "x": grid.margin - edge, "y": grid.margin - edge},
            width=inner,
            height=inner,
            rx=edge_radius,
            fill=edge_fill,
        ),
    )


def board_document(
    grid: GridGeometry,
    parts: list[Markup],
    *,
    name: str,
    title: str | None,
    id_prefix: str,
    size: int | None,
    letters: str | None,
    label_size: float | None,
    label_ink: str,
    attributes: Mapping[str, object],
    font: str,
) -> str:
    """The standalone document of a square board: ``parts`` (background and cells), then the
    coordinate labels (unless ``letters`` is ``None``), in a root carrying ``attributes`` and the
    inherited ``font``. ``name`` titles the board unless ``title`` is given; ``size`` sets the
    pixel width and height. ``label_size`` defaults to :func:`label_font_size`."""
    n = grid.files
    if letters is not None:
        parts.append(
            coordinate_labels(
                grid,
                letters[:n],
                [str(rank + 1) for rank in range(n)],
                font_size=label_font_size(n) if label_size is None else label_size,
                fill=label_ink,
                font_family=None,  # inherited from the root
            )
        )
    return svg_document(
        grid.width,
        grid.height,
        *parts,
        title=f"{name} board" if title is None else title,
        title_id=f"{id_prefix}-title",
        pixel_size=None if size is None else (size, size),
        attributes={
            **attributes,
            # Inherited by every label and numeral.
            "font-family": font,
            "text-anchor": "middle",
        },
    )
