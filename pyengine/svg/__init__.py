"""Shared SVG drawing for the board renderers: a safe element builder and grid geometry.

Each game's ``render`` module builds on these helpers; nothing here knows a game's rules.
"""

from __future__ import annotations

from .drawing import (
    FILES_WITHOUT_J,
    LATIN_FILES,
    SVG_NAMESPACE,
    CellNameError,
    GridGeometry,
    Markup,
    UnsafeSvgError,
    cell_name,
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
    "CellNameError",
    "GridGeometry",
    "Markup",
    "UnsafeSvgError",
    "cell_name",
    "class_list",
    "coordinate_labels",
    "element",
    "fmt",
    "parse_cell_name",
    "point",
    "svg_document",
]
