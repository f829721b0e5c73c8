"""Clicks and keys before the page's Python glue runs are kept, acknowledged and carried out
(app/engine-early.js records them, glue.controls replays them once its handlers are bound).

The glue is held back by holding its bundle's response, so the person's click lands on the
pre-rendered board before any Python has run."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from human_play import wait_until

GLUE = "**/app/glue.bundle"


def test_a_click_and_a_key_before_the_glue_are_carried_out(
    page: Page, site_url: str, watch
) -> None:
    held: list[Route] = []
    page.route(GLUE, lambda route: held.append(route))  # noqa: PLW0108
    page.goto(f"{site_url}/virus-war.html", wait_until="domcontentloaded")
    a1 = page.locator('#board [data-cell="a1"]')
    a1.click()  # Crosses' first step: their home corner
    page.locator("#board").press("ArrowRight")  # the keyboard cursor: from a1 to b1
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading-text")).to_have_text("Loading the game…")
    assert held, "the glue's bundle was requested"
    assert page.evaluate("() => window.virusGames") is None, "no glue yet"
    assert page.evaluate("() => window.virusGamesEarlyInput.events.length") == 2
    for route in held:
        route.continue_()
    page.unroute(GLUE)
    # the step is made (the book's answer, or the engine's) ...
    expect(a1).to_have_attribute("data-turn-step", "1", timeout=60_000)
    expect(page.locator("#turn-text")).to_have_text("Crosses: step 2 of 3")
    # ... and then the key: the cursor moved on from the cell clicked
    expect(page.locator('#board [data-cell="b1"]')).to_have_class(re.compile(r"\bcursor\b"))
    current = wait_until(page, lambda now: now["ready"] and not now["busy"], what="the step")
    assert current["ply"] == 1 and current["saved"]["state"]["actions"] == ["a1"]
    assert "1. a1" in current["record"]
    assert page.evaluate("() => window.virusGamesEarlyInput") is None  # taken, once
