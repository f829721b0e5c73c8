"""Driving the Zebra page by clicks, with move lists chosen by the engine in the test process.

The engine imported here is the built wheel the site serves (see conftest), so "the engine's
result for that move list" is computed by exactly the code under test, under CPython.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, expect

from game_page import open_game


def choose_game(options: dict, *, seed: int, max_plies: int = 400) -> tuple[list[str], Any]:
    """A complete game (the engine's own state at the end) chosen to finish quickly: moves that
    empty their source cell are preferred, so games end in tens of plies, not hundreds."""
    import pyengine

    state: Any = pyengine.get_game("zebra").new_initial_state(options)  # a ZebraState
    rng = random.Random(seed)
    played: list[str] = []
    while not state.is_terminal() and len(played) < max_plies:
        actions = state.legal_actions()
        emptying = [
            a for a in actions if len(a.cells()) == 2 and abs(state.cell_value(a.cells()[0])) == 1
        ]
        action = rng.choice(emptying or actions)
        state.apply(action)
        played.append(str(action))
    assert state.is_terminal(), "the chosen game did not end"
    return played, state


def open_zebra(page: Page, site_url: str, options: dict | None = None) -> None:
    open_game(page, site_url, "zebra", options)


def cells_of(move: str) -> list[str]:
    if move.startswith("@"):
        return [move[1:]]
    if move.lower().startswith("x"):
        return [move[1:].strip()]
    return move.split("-")


def click_cell(page: Page, cell: str) -> None:
    page.locator(f'#board [data-cell="{cell}"]').click()


def play_by_clicks(page: Page, moves: list[str]) -> None:
    for number, move in enumerate(moves, start=1):
        for cell in cells_of(move):
            click_cell(page, cell)
        expect(page.locator("#move-list .ply")).to_have_count(number)
        expect(page.locator("#move-list .ply.last")).to_have_text(move)
