"""A person playing a computer to the end, in any game, for the keyboard and phone tests:
the page's state, waiting for the person's turn, and the person's decisions, chosen with the
engine (the built wheel, see conftest) on a copy of the page's game read from its record.

The decisions are chosen to end games quickly: Zebra's moves that empty their source cell,
Virus War's aggressive steps, random Virus Fight decisions (never a stop proposal), and in
Fight the Virus one shape placed (to exercise the placer), then mostly passes and decisions
made by buttons. Under the site's CSP ``page.wait_for_function`` does not work, so waiting is
polling ``page.evaluate``.
"""

from __future__ import annotations

import random
import time
from typing import Any

from playwright.sync_api import Page, expect

STATUS = "() => JSON.parse(window.virusGames.status())"  # the page's own state (game.py)

# Opponents that decide at once: the games stay short and the suite fast.
OPPONENT = {
    "zebra": "random",
    "virus-war": "random",
    "virus-fight": "random",
    "fight-the-virus": "greedy",
}
OPTIONS: dict[str, dict[str, Any]] = {
    "zebra": {"size": 4},
    "virus-war": {"size": 6},
    "virus-fight": {"players": 2, "seed": 5},
    "fight-the-virus": {"players": 2, "names": "Ana;Ben", "seed": 7},
}


def status(page: Page) -> dict:
    return page.evaluate(STATUS)


def wait_until(page: Page, predicate, *, timeout: float = 60, what: str = "the page") -> dict:
    deadline = time.monotonic() + timeout
    while True:
        current = status(page)
        if predicate(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: {current}")
        page.wait_for_timeout(30)


def wait_for_held(page: Page, held: list, *, timeout: float = 60, what: str) -> None:
    """Waits until a route handler has held a request (``held`` is its list)."""
    deadline = time.monotonic() + timeout
    while not held:
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for the page to ask for {what}")
        page.wait_for_timeout(30)


def settled(current: dict) -> bool:
    """The game is over, or the person decides and nothing is on its way."""
    return current["over"] or (not current["bot"] and not current["busy"])


def open_against_computer(page: Page, site_url: str, game: str) -> dict:
    """Open ``game`` (fast computer players) and start a game of OPTIONS[game], the person in
    the first seat against OPPONENT[game]. The game is set up through the page's own request
    function: the tests are about playing, the options form has its own tests."""
    page.goto(f"{site_url}/{game}.html?fast=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    before = status(page)["generation"]
    players = OPTIONS[game].get("players", 2)
    seats = ["human"] + [OPPONENT[game]] * (players - 1)
    page.evaluate(
        "(request) => window.virusGames.send(request)",
        {"op": "new", "game": game, "options": OPTIONS[game], "seats": seats},
    )
    return wait_until(
        page, lambda now: now["generation"] > before and now["seats"] == seats, what="the new game"
    )


def engine_state(game: str, record: str, saved: dict | None = None):
    """A copy of the page's game: from its saved match (every action, also a turn in
    progress, which the record leaves out), else from its record."""
    import pyengine
    from pyengine.session import Match

    if saved is not None:
        return Match.from_json(saved).state
    return pyengine.get_game(game).read_record(record)


class Chooser:
    """The person's decisions: ``choose(game, record)`` gives the action and its clicks (board
    cells, button tokens, ``A:`` placements; ``()``: the action's own button)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.placed = 0

    def choose(self, game: str, current: dict) -> tuple[str, tuple[str, ...], object]:
        """The person's next decision in the page's game (``current``: ``status(page)``)."""
        import pyengine
        from pyengine.controller import click_paths

        state = engine_state(game, current["record"], current["saved"])
        paths = click_paths(pyengine.get_game(game).presentation(), state)
        assert paths, current["record"]
        if game == "zebra":
            emptying = [
                (cells, action)
                for cells, action in paths
                if len(action.cells()) == 2  # type: ignore[attr-defined]
                and abs(state.cell_value(action.cells()[0])) == 1  # type: ignore[attr-defined]
            ]
            cells, action = self.rng.choice(emptying or paths)
        elif game == "virus-war":
            from virus_war_play import aggressive

            action = aggressive(state, self.rng)
            cells = min((cells for cells, legal in paths if str(legal) == str(action)), key=len)
        elif game == "virus-fight":
            cells, action = self.rng.choice(
                [(cells, action) for cells, action in paths if str(action) != "stop"]
            )
        else:
            placing = [
                (cells, action)
                for cells, action in paths
                if any(token.startswith("A:") for token in cells)
            ]
            cheap = [(cells, action) for cells, action in paths if (cells, action) not in placing]
            passes = [(cells, action) for cells, action in cheap if str(action) == "pass"]
            if placing and not self.placed:
                self.placed += 1
                cells, action = placing[0]
            elif passes and self.rng.random() < 0.7:
                cells, action = passes[0]
            else:  # fewest board spots to walk to
                fewest = min(
                    sum(":" not in token for token in cells) for cells, _ in cheap or placing
                )
                cells, action = self.rng.choice(
                    [
                        (cells, action)
                        for cells, action in cheap or placing
                        if sum(":" not in token for token in cells) == fewest
                    ]
                )
        return str(action), tuple(cells), state
