"""Driving the Virus War page by clicks, with games chosen by the engine in the test process."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, expect

from game_page import open_game


def aggressive(state, rng: random.Random):
    """Kill when possible, else step towards the nearest live enemy: games end by elimination
    in tens of turns on 10×10 (not hundreds, as random play would)."""
    from pyengine.games.virus_war.notation import Pass, Step

    steps = [action for action in state.legal_actions() if isinstance(action, Step)]
    if not steps:
        return Pass()
    me = state.current_player()
    enemy = "OX"[me]
    size = state.size
    kills = [a for a in steps if state.cell_content(state.cell_index(a.cell)) == enemy]
    if kills:
        return rng.choice(kills)
    targets = [i for i in range(size * size) if state.cell_content(i) == enemy] or [
        state.home_corner(1 - me)
    ]

    def distance(action) -> int:
        index = state.cell_index(action.cell)
        return min(
            max(abs(index % size - t % size), abs(index // size - t // size)) for t in targets
        )

    best = min(map(distance, steps))
    return rng.choice([a for a in steps if distance(a) == best])


class ForcedPass(str):
    """A pass with nothing in reach: the page makes it by itself (nothing to click)."""


def forced(state) -> bool:
    """Whether the seat to move has nothing in reach (its only legal action is a pass)."""
    return [str(action) for action in state.legal_actions()] == ["pass"]


def choose_game(options: dict, *, seed: int):
    """The actions of a complete game (a forced pass as a :class:`ForcedPass`) and, after
    each one, the turn text the move list shows."""
    import pyengine

    state: Any = pyengine.get_game("virus-war").new_initial_state(options)  # a VirusWarState
    rng = random.Random(seed)
    actions, shown = [], []
    while not state.is_terminal():
        action = aggressive(state, rng)
        was_forced = forced(state)
        state.apply(action)
        actions.append(ForcedPass(action) if was_forced else str(action))
        shown.append(state.turn_texts()[-1])
    return actions, shown, state


def open_virus_war(page: Page, site_url: str, options: dict | None = None) -> None:
    open_game(page, site_url, "virus-war", options)


def play(page: Page, action: str) -> None:
    """Clicks ``action`` (a forced pass: nothing, the page passes by itself)."""
    if isinstance(action, ForcedPass):
        return
    if action == "pass":
        page.locator('#turn-actions button[data-play="pass"]').click()
    else:
        page.locator(f'#board [data-cell="{action}"]').click()


def play_by_clicks(page: Page, actions: list[str], shown: list[str]) -> None:
    for action, turn_text in zip(actions, shown, strict=True):
        play(page, action)
        expect(page.locator("#move-list .ply.last")).to_have_text(turn_text)
