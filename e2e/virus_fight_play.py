"""Driving the Virus Fight page: programs through the builder (behind the privacy screen),
then every decision by clicks on the board, the supply strip or a button, checked against
the engine running in the test process."""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Page, expect

from game_page import open_game


def open_virus_fight(page: Page, site_url: str, options: dict | None = None) -> None:
    open_game(page, site_url, "virus-fight", options)
    if options:  # the new game's own view has arrived (not the default game's)
        head = f"players {options.get('players', 2)}\n"
        if "seed" in options:
            head += f"size \\d+\nseed {options['seed']}\n"
        expect(page.locator("#record-text")).to_have_value(re.compile("^VirusFight 1\n" + head))


def random_game(options: dict, *, seed: int, rounds: int | None = None):
    """Programs and actions of a seeded random game (to its end, or through ``rounds``)."""
    import pyengine
    from pyengine.games.virus_fight import presentation

    state: Any = pyengine.get_game("virus-fight").new_initial_state(options)  # a VirusFightState
    rng = random.Random(seed)
    programs, actions = [], []
    while state.phase == "setup":
        program = presentation.random_setup(state, rng)
        programs.append(str(program))
        state.apply(program)
    while not state.is_terminal() and (rounds is None or state.round_number <= rounds):
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state.apply(action)
    return programs, actions, state


def unlock(page: Page, number: int) -> None:
    """Take the device as player ``number`` (1-based): the privacy screen names them."""
    privacy = page.locator("#privacy")
    expect(privacy).to_be_visible()
    expect(privacy).to_contain_text(f"Player {number}")
    expect(page.locator("#program-builder")).to_be_hidden()
    page.locator("#privacy-ready").click()
    expect(privacy).to_be_hidden()
    expect(page.locator("#program-builder")).to_be_visible()


def build_program(page: Page, program: str) -> None:
    """Compose ``program`` (``b1:W2 c1:E3 @b1``) in the builder and submit it."""
    *placements, marker = program.split()
    for placement in placements:
        cell, code = placement.split(":")
        page.locator(f'#program-builder .slot[data-cell="{cell}"]').click()
        page.locator(f'#program-builder .palette [data-code="{code}"]').click()
        expect(page.locator(f'#program-builder .slot[data-cell="{cell}"]')).to_have_attribute(
            "data-code", code
        )
    page.locator(f'#program-builder .slot[data-cell="{marker[1:]}"]').click()
    page.locator("#builder-marker").click()
    expect(page.locator(f'#program-builder .slot[data-cell="{marker[1:]}"]')).to_have_attribute(
        "data-marker", "true"
    )
    for placement in placements:  # the draft is drawn on the board, faded
        cell, code = placement.split(":")
        expect(page.locator(f'#board [data-cell="{cell}"]')).to_have_class(
            re.compile(r"\bpending\b")
        )
    page.locator("#builder-submit").click()


def set_up(page: Page, programs: list[str]) -> None:
    for number, program in enumerate(programs, start=1):
        unlock(page, number)
        build_program(page, program)
    expect(page.locator("#privacy")).to_be_hidden()
    expect(page.locator("#program-builder")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("All programs are revealed!")


def clicks_for(state, action: str) -> list[str]:
    """The shortest click path of ``action`` in ``state`` (``[]``: its button)."""
    from pyengine.controller import click_paths
    from pyengine.games.virus_fight import presentation

    paths = [
        cells
        for cells, legal in click_paths(presentation.PRESENTATION, state)
        if str(legal) == action
    ]
    assert paths, action
    return list(min(paths, key=len))  # type: ignore[arg-type]


def play(page: Page, state, action: str) -> None:
    """Make ``action`` on the page the way a player would."""
    clicks = clicks_for(state, action)
    if not clicks:
        page.locator(f'#turn-actions button[data-play="{action}"]').click()
        return
    for cell in clicks:
        if cell.startswith("+"):  # a piece to WRITE: in the writer's supply strip
            page.locator(f'#extras [data-click="{cell}"]').click()
        else:
            page.locator(f'#board [data-cell="{cell}"]').click()


def play_actions(page: Page, state, actions: list[str]) -> None:
    """Play ``actions`` from ``state`` (a copy of the page's game, kept in step), checking the
    turn text and the move list against the engine after each one."""
    for action in actions:
        seat = state.current_player()
        play(page, state, action)
        turns = len(state.turns)
        state.apply(action)
        if len(state.turns) > turns:
            entry = state.turns[-1]
            text = (
                f"{entry.seat + 1}: stop"
                if entry.code == "stop"
                else f"{entry.seat + 1}: {entry.code} {entry.text}"
            )
            expect(page.locator("#move-list .ply.last")).to_have_text(text)
        if not state.is_terminal():
            instruction = state.instruction()
            expect(page.locator("#turn")).to_have_attribute(
                "data-player", str(state.current_player())
            )
            if state.decision != "stop-vote":
                expect(page.locator("#turn-text")).to_contain_text(
                    f"Player {instruction.seat + 1} executes"
                )
        assert seat is not None
