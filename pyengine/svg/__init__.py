"""Shared SVG drawing for the board renderers: a safe element builder, grid geometry
and the skeleton every square board shares (:mod:`.board`).

Each game's ``render`` module builds on these helpers; nothing here knows a game's rules.
"""

from __future__ import annotations

from .board import (
    CellMarks,
    board_document,
    board_frame,
    cell_hit,
    cell_indexer,
    check_id_prefix,
    indices,
    label_font_size,
    labelled_grid,
)
from .drawing import (
    FILES_WITHOUT_J,
    LATIN_FILES,
    SVG_NAMESPACE,
    CellNameError,
    GridGeometry,
    Markup,
    UnsafeSvgError,
    cell_name,
    cell_outline,
    cell_tint,
    class_list,
    coordinate_labels,
    element,
    fmt,
    parse_cell_name,
    point,
    svg_document,
)

__all__ = [
    "FILES_WITHOUT_J",
    "LATIN_FILES",
    "SVG_NAMESPACE",
    "CellMarks",
    "CellNameError",
    "GridGeometry",
    "Markup",
    "UnsafeSvgError",
    "board_document",
    "board_frame",
    "cell_hit",
    "cell_indexer",
    "cell_name",
    "cell_outline",
    "cell_tint",
    "check_id_prefix",
    "class_list",
    "coordinate_labels",
    "element",
    "fmt",
    "indices",
    "label_font_size",
    "labelled_grid",
    "parse_cell_name",
    "point",
    "svg_document",
]
