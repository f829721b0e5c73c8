"""The skeleton shared by the square boards: the view options (:class:`BoardView`), checked
and resolved to cell indices, the geometry, the cells' marks and click targets, and the
document around the cells (coordinate labels, root attributes, title).

A game's renderer describes its board once (:class:`SquareBoard`, :class:`CellMarks`) and draws
its own paper or frame and its own cells; these helpers hold what every board does the same
way, so the games' pictures differ only where the games do.

>>> toy = SquareBoard(name="Toy", id_prefix="t", label_ink="#000", plain_margin=10)
>>> board = toy.start(2, {"highlighted": ["a1", "b1"], "selected": "B2"})
>>> board.targets, board.picked, [cell.index for cell in board.cells()]
({0, 1}, 3, [2, 3, 0, 1])
>>> toy.document(board, [], {"class": "board"})[:40]
'<svg xmlns="http://www.w3.org/2000/svg" '
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypedDict

from .drawing import (
    FONT,
    LATIN_FILES,
    WHITE,
    GridGeometry,
    Markup,
    cell_outline,
    cell_tint,
    class_list,
    coordinate_labels,
    element,
    parse_cell_name,
    picture,
)

__all__ = [
    "Board",
    "BoardCell",
    "BoardPosition",
    "BoardView",
    "CellMarks",
    "Marks",
    "Ring",
    "SquareBoard",
    "board_frame",
    "cell_hit",
    "cell_indexer",
    "check_id_prefix",
    "indices",
    "label_font_size",
    "labelled_grid",
    "mark_classes",
    "target_dot",
]


class BoardPosition(Protocol):
    """What every square board reads from a position: its ``size`` (cells a side) and the
    seat to move (``current_player()``)."""

    @property
    def size(self) -> int: ...
    def current_player(self) -> int: ...


class Marks(TypedDict, total=False):
    """The page's marks on a board picture, each optional: the ``highlighted`` cells (the legal
    next clicks), the ``selected`` cell, the cells of the ``last_move``, whether
    ``coordinates`` are drawn (default: yes), whether the board is ``flipped`` half a turn (a1
    top right), its pixel ``size`` (width and height; without it only the ``viewBox`` is
    set) and, for a game whose board is one seat's (Fight the Virus's sheet), the ``seat``
    whose board is drawn (default: the game's choice, the deciding player's)."""

    highlighted: Iterable[str]
    selected: str | None
    last_move: Sequence[str]
    coordinates: bool
    flipped: bool
    size: int | None
    seat: int


class BoardView(Marks, total=False):
    """The view options of a board picture: the page's :class:`Marks`, the document's
    ``title`` (default: "<game> board") and the ``id_prefix`` that keeps its ids unique when
    several boards share a page."""

    title: str | None
    id_prefix: str


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


def mark_classes(*, target: bool, selected: bool, last: bool) -> str:
    """The classes the page's marks give a cell: ``highlight`` (a ``target``, a legal next
    click), ``selected`` and ``last-move``."""
    return class_list(
        "highlight" if target else None,
        "selected" if selected else None,
        "last-move" if last else None,
    )


def target_dot(
    cls: str, cx: float, cy: float, r: float, colour: str, opacity: float, halo: float
) -> Markup:
    """A legal target on an empty cell (class ``cls``): a dot in ``colour`` at ``opacity``,
    with a white halo ``halo`` wide."""
    return element(
        "circle",
        {"class": cls, "cx": cx, "cy": cy, "r": r},
        fill=colour,
        fill_opacity=opacity,
        stroke=WHITE,
        stroke_width=halo,
    )


def cell_hit(x: float, y: float, side: float) -> Markup:
    """The click target of a cell, ``rect.hit``: the last child of every cell's group."""
    return element(
        "rect",
        {"class": "hit", "x": x, "y": y, "width": side, "height": side},
        fill="none",
        pointer_events="all",
    )


@dataclass(frozen=True)
class Ring:
    """A selection ring: an outer outline in ``colour`` ``inset`` inside the cell, ``width``
    wide, and a thin inner one in ``core``."""

    colour: str
    core: str
    inset: float
    width: float
    core_inset: float
    core_width: float


@dataclass(frozen=True)
class CellMarks:
    """The marks a board lays over its cells (tints, rounded outlines, the last move, the
    ``ring`` of the selected cell), for cells of side ``cell`` and outlines with corner
    ``radius``, and the cells' groups (:meth:`group`)."""

    cell: float
    radius: float
    ring: Ring

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

    def selected_ring(self, x: float, y: float) -> Markup:
        """The picked cell: the :class:`Ring`'s ``ring-outer`` and thin ``ring-inner``,
        grouped as ``g.selected-ring``."""
        ring = self.ring
        return element(
            "g",
            {"class": "selected-ring"},
            self.outline(x, y, "ring-outer", ring.colour, inset=ring.inset, width=ring.width),
            self.outline(
                x, y, "ring-inner", ring.core, inset=ring.core_inset, width=ring.core_width
            ),
        )

    def group(
        self, at: BoardCell, body: Iterable[Markup], attributes: Mapping[str, object]
    ) -> Markup:
        """The cell ``at`` as one ``<g>`` carrying ``attributes``: its ``body``, the selection
        ring when it is selected, and last its click target (:func:`cell_hit`)."""
        ring = self.selected_ring(at.x, at.y) if at.selected else None
        return element("g", attributes, body, ring, cell_hit(at.x, at.y, self.cell))


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


@dataclass(frozen=True)
class Board:
    """One board picture being drawn (made by :meth:`SquareBoard.start`): its ``grid``, the
    indexer of its cell names (``index_of``, rank-major), the ``targets`` (the highlighted
    cells' indices), the ``picked`` cell's index (``None``: nothing selected), the
    ``last_move`` as given, and the whole ``view``."""

    grid: GridGeometry
    index_of: Callable[[str], int]
    targets: set[int]
    picked: int | None
    last_move: Sequence[str]
    view: BoardView

    def cells(self) -> Iterator[BoardCell]:
        """Every cell, in the order they are drawn (top row first, left to right)."""
        n = self.grid.files
        for file, rank in self.grid.cells_in_visual_order():
            index = rank * n + file
            x, y = self.grid.cell_origin(file, rank)
            yield BoardCell(file, rank, index, x, y, index in self.targets, index == self.picked)


@dataclass(frozen=True)
class BoardCell:
    """One cell of a board being drawn: its ``file`` and ``rank`` (0-based), its ``index``
    (rank-major), its top left corner ``(x, y)`` in user units, and whether the view
    highlights it (``target``) or has it ``selected``."""

    file: int
    rank: int
    index: int
    x: float
    y: float
    target: bool
    selected: bool


@dataclass(frozen=True)
class SquareBoard:
    """How a game draws its ``n`` by ``n`` boards: ``name`` titles them; cells are ``cell``
    units wide (100 unless told, as in :class:`GridGeometry`) and named with ``letters``
    (read through ``aliases``, e.g. ``j`` as ``k``); ids start with ``id_prefix`` unless the
    view names another; coordinates are drawn in ``label_ink`` at ``label_size`` (default:
    :func:`label_font_size`) in a ``margin`` (default: one that fits them), a board without
    them has a ``plain_margin``; all text is in ``font``."""

    name: str
    id_prefix: str
    label_ink: str
    plain_margin: float
    font: str = FONT
    margin: float | None = None
    label_size: float | None = None
    letters: str = LATIN_FILES
    aliases: Mapping[str, str] | None = None
    cell: float = 100

    def geometry(
        self, size: int, *, coordinates: bool = True, flipped: bool = False
    ) -> GridGeometry:
        """Where the cells of a ``size`` by ``size`` board go: the geometry maps cells to
        user units and back (``cell_at``), e.g. to turn a click into a cell name; the
        document's ``viewBox`` is ``0 0 width height``."""
        if self.margin is None:
            return labelled_grid(
                size,
                cell=self.cell,
                coordinates=coordinates,
                plain_margin=self.plain_margin,
                flipped=flipped,
            )
        margin = self.margin if coordinates else self.plain_margin
        return GridGeometry(files=size, ranks=size, cell=self.cell, margin=margin, flipped=flipped)

    def start(self, n: int, view: BoardView) -> Board:
        """An ``n`` by ``n`` board drawn with ``view``, checked: raises ``TypeError`` for an
        unknown view option, ``ValueError`` for a bad ``id_prefix`` or a highlighted or
        selected cell off the board."""
        for option in view:
            if option not in BoardView.__optional_keys__:
                raise TypeError(f"render_svg() got an unexpected keyword argument {option!r}")
        check_id_prefix(view.get("id_prefix", self.id_prefix))
        index_of = cell_indexer(n, letters=self.letters, aliases=self.aliases)
        targets = indices(view.get("highlighted", ()), index_of)
        selected = view.get("selected")
        grid = self.geometry(
            n, coordinates=view.get("coordinates", True), flipped=view.get("flipped", False)
        )
        return Board(
            grid,
            index_of,
            targets,
            index_of(selected) if selected is not None else None,
            view.get("last_move", ()),
            view,
        )

    def document(self, board: Board, parts: list[Markup], attributes: Mapping[str, object]) -> str:
        """The standalone document of ``board``: ``parts`` (background and cells), then the
        coordinate labels (unless the view has none), in a root carrying ``attributes`` and
        the inherited font."""
        grid, view = board.grid, board.view
        n = grid.files
        if view.get("coordinates", True):
            parts.append(
                coordinate_labels(
                    grid,
                    self.letters[:n],
                    [str(rank + 1) for rank in range(n)],
                    font_size=label_font_size(n) if self.label_size is None else self.label_size,
                    fill=self.label_ink,
                    font_family=None,  # inherited from the root
                )
            )
        title = view.get("title")
        return picture(
            grid.width,
            grid.height,
            *parts,
            title=f"{self.name} board" if title is None else title,
            id_prefix=view.get("id_prefix", self.id_prefix),
            size=view.get("size"),
            attributes=attributes,
            font=self.font,
        )
