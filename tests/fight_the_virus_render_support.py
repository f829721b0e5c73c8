"""Stand-in Fight the Virus player sheets (``SimpleNamespace`` objects with exactly the read API
the rules engine provides: name, analysed, ap, research, testing, curve, circled, earned), the
rules' spikes restated, and SVG readers for the renderer's tests (test_render_fight_the_virus*.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from types import SimpleNamespace
from typing import Any

NS = "{http://www.w3.org/2000/svg}"
AREAS = ("analysis", "ap", "research", "testing", "curve")
# Restated from the rules' section 2.1, independently of the module's copy of the data.
SPIKES = {
    "f0",
    "d1",
    "h1",
    "c2",
    "i2",
    "b3",
    "e3",
    "j3",
    "h4",
    "a5",
    "f5",
    "k5",
    "d6",
    "b7",
    "g7",
    "j7",
    "c8",
    "i8",
    "d9",
    "h9",
    "f10",
}
ROW_WIDTHS = [1, 5, 7, 9, 9, 11, 9, 9, 7, 5, 1]


def sheet(**changes: Any) -> SimpleNamespace:
    """An empty sheet, with ``changes`` applied."""
    fields: dict[str, Any] = {
        "name": "Ana",
        "analysed": frozenset(),
        "ap": ("blank",) * 21,
        "research": 0,
        "testing": {},
        "curve": {},
        "circled": {},
        "earned": frozenset(),
    }
    fields.update(changes)
    return SimpleNamespace(**fields)


RICH = sheet(
    name="Ben",
    analysed=frozenset(
        {
            "f0",
            "d1",
            "e1",
            "f1",
            "g1",
            "h1",
            "d2",
            "e2",
            "f2",
            "g2",
            "c3",
            "d3",
            "e3",
            "f3",
            "e4",
            "f4",
        }
    ),
    ap=("spent",) * 5 + ("active",) * 3 + ("lost",) + ("blank",) * 12,
    research=7,
    testing={"T00": 2, "T01": 3, "T02": 5, "T03": 1, "T10": 4, "T11": 6, "T20": 12},
    curve={"C00": 4, "C10": 2, "C11": 5, "C20": 3, "C22": 6, "C30": 4},
    circled={"C30": 4, "C32": 1},
    earned=frozenset({"R3", "R6", "X:T10", "X:C11"}),
)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def spots(svg: str) -> dict[str, ET.Element]:
    return {g.get("data-cell", ""): g for g in parse(svg).iter(f"{NS}g") if g.get("data-cell")}


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def bonuses(svg: str) -> dict[str, ET.Element]:
    return {g.get("data-bonus", ""): g for g in parse(svg).iter(f"{NS}g") if "bonus" in classes(g)}


def title(root: ET.Element) -> str | None:
    found = root.find(f"{NS}title")
    assert found is not None
    return found.text


def texts(element: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text") if cls in classes(t)]
