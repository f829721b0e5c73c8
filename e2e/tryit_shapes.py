"""Placing a shape on a "try it" sheet (Fight the Virus's analysis, in a puzzle or a lesson) as
a person does: the wild shape's family from the palette, Rotate and Flip (or the R and F keys)
until the placer's picture shows the shape, then a click on its top-left cell (or the keyboard
cursor moved there with the arrow keys, and Enter)."""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "app"))

from glue.shapes import family_key, shape_key, token_cells, token_shape  # noqa: E402
from glue.shapes import step as shape_step  # noqa: E402

ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
"""The keys that move the cursor over the analysis while a shape is placed (rows down)."""


def is_placement(token: str) -> bool:
    return token.startswith("A:")


def arrow_path(start: str, goal: str, analysis: set[str]) -> list[str]:
    """The arrow keys that take the cursor from ``start`` to ``goal`` over analysis cells (each
    key steps to the next analysis cell that way, as the page does)."""
    came: dict[str, tuple[str, str] | None] = {start: None}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        if cell == goal:
            keys: list[str] = []
            while came[cell] is not None:
                cell, key = came[cell]  # type: ignore[misc]
                keys.append(key)
            return keys[::-1]
        for key, direction in ARROWS.items():
            following = shape_step(cell, direction, lambda name: name in analysis)
            if following is not None and following not in came:
                came[following] = (cell, key)
                todo.append(following)
    raise AssertionError(f"no way from {start} to {goal} over the analysis")


def place_shape(page: Page, block: Locator, token: str, keys: bool = False) -> None:
    """Places the shape of the click ``token`` (``A:<cells>``) on the try-it ``block``."""
    placer = block.locator(".tryit-placer")
    expect(placer).to_be_visible()
    board = block.locator(".tryit-board")
    shape = token_shape(token)
    palette = placer.locator(".placer-palette")
    if palette.is_visible():  # a wild shape: its family first
        palette.locator(f'.shape-button[data-family="{family_key(shape)}"]').click()
    picture = placer.locator(".placer-shape")
    wanted = shape_key(shape)
    if keys:
        page.mouse.move(0, 0)  # the pointer's preview goes: the keyboard cursor's shows
        board.focus()
    for attempt in range(8):
        if picture.get_attribute("data-shape") == wanted:
            break
        turn = "flip" if attempt % 4 == 3 else "rotate"
        if keys:
            page.keyboard.press("f" if turn == "flip" else "r")
        else:
            placer.locator(f".placer-{turn}").click()
    expect(picture).to_have_attribute("data-shape", wanted)
    anchor = token_cells(token)[0]  # the cells are listed in reading order
    if not keys:
        board.locator(f'[data-cell="{anchor}"]').first.click()
        return
    cursor = board.locator(".tryit-cursor")
    expect(cursor).to_have_count(1)
    start = cursor.first.get_attribute("data-cell") or ""
    analysis = set(
        board.locator(".analysis[data-cell]").evaluate_all(
            "spots => spots.map(spot => spot.dataset.cell)"
        )
    )
    for key in arrow_path(start, anchor, analysis):
        page.keyboard.press(key)
    expect(cursor.first).to_have_attribute("data-cell", anchor)
    expect(placer.locator(".placer-hint")).to_have_attribute("data-level", "ok")
    page.keyboard.press("Enter")
