"""Stand-in Virus War positions, the spec's example boards and SVG readers for the renderer's
tests (test_render_virus_war*.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

NS = "{http://www.w3.org/2000/svg}"
FILES = "abcdefghiklmno"  # the Russian-tradition files: no j
CONTENT_WORDS = {".": "empty", "X": "x-live", "O": "o-live", "x": "x-dead", "o": "o-dead"}
CONTENT_CLASSES = {
    ".": {"cell", "empty"},
    "X": {"cell", "live", "x"},
    "O": {"cell", "live", "o"},
    "x": {"cell", "dead", "x", "fortress-o"},
    "o": {"cell", "dead", "o", "fortress-x"},
}


@dataclass(frozen=True)
class Position:
    """Stand-in with exactly the interface the renderer reads from a Virus War state."""

    size: int
    cells: str  # one token per cell, index = rank0 * size + file0 (a1 = 0, b1 = 1)
    player: int = 0

    def cell_content(self, index: int) -> str:
        return self.cells[index]

    def current_player(self) -> int:
        return self.player


def diagram(text: str, *, player: int = 0) -> Position:
    """A position from a spec diagram: ranks N..1 top down, tokens ``. X O x o``."""
    rows = [line.split()[1:] for line in text.strip().splitlines() if line.split()[0].isdigit()]
    n = len(rows)
    assert all(len(row) == n for row in rows)
    cells = "".join("".join(row) for row in reversed(rows))
    return Position(n, cells, player)


def empty(n: int, *, player: int = 0) -> Position:
    return Position(n, "." * (n * n), player)


# Spec examples (rules/virus-war.md §9).
EX_1 = diagram(
    """
10 . . . . . . . . . O
 9 . . . . . . . . O .
 8 . . . . . . . O . .
 7 . . . . . . . . . .
 6 . . . . . . . . . .
 5 . . . . . . . . . .
 4 . . . . . . . . . .
 3 . . X . . . . . . .
 2 . X . . . . . . . .
 1 X . . . . . . . . .
"""
)
EX_2 = diagram(
    """
6 . . . . O O
5 . . . . O .
4 . . . o . .
3 . . o . . .
2 . o . . . .
1 X . . . . O
"""
)
EX_2_STEPS = [
    *("a2", "a3", "b1", "b3", "b4", "c1", "c2", "c4", "c5", "d2", "d3", "d5", "e3", "e4"),
    "e5",  # the kill
]
EX_3 = diagram(
    """
6 . . . . . O
5 . . . . O .
4 . . . x . .
3 . . x . . .
2 . x . . . .
1 X X . . . .
""",
    player=1,
)
# Every kind of content on one board.
MIXED = diagram(
    """
6 . . . . x O
5 . . . o x O
4 . . o X . .
3 . . . X . .
2 . X x . . .
1 X o . . . .
"""
)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def cells_of(root: ET.Element) -> dict[str, ET.Element]:
    groups = [g for g in root.iter(f"{NS}g") if "cell" in classes(g)]
    found = {g.get("data-cell", ""): g for g in groups}
    assert len(found) == len(groups), "a cell appears twice"
    return found


def hit_rect(cell: ET.Element) -> ET.Element:
    hits = [child for child in cell if child.tag == f"{NS}rect" and classes(child) == {"hit"}]
    assert len(hits) == 1
    assert cell[-1] is hits[0], "the hit area is the cell's last (topmost) child"
    return hits[0]


def find_class(cell: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in cell.iter() if name in classes(element)]


def name_of(index: int, n: int) -> str:
    return f"{FILES[index % n]}{index // n + 1}"
