"""An axe-core audit (npm axe-core, the version in package-lock.json) of every page and of every
game in play: no serious or critical violations."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from axe_audit import audit


@pytest.mark.parametrize(
    "path",
    [
        "index.html",
        "docs/engine.html",
        "docs/embed.html",
        "embed.html?game=virus-war",
        "embed-zebra.html",
        "rules-zebra.html",
        "rules-virus-war.html",
        "rules-virus-fight.html",
        "rules-fight-the-virus.html",
    ],
)
def test_pages_have_no_serious_violations(page: Page, site_url: str, watch, path: str) -> None:
    page.goto(f"{site_url}/{path}")
    page.wait_for_load_state("networkidle")
    assert audit(page) == []


GAMES = {
    "zebra": ({"size": 4}, 2),
    "virus-war": ({"size": 6}, 2),
    "virus-fight": ({"players": 3, "seed": 4}, 3),
    "fight-the-virus": ({"players": 2, "seed": 7}, 2),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_games_in_play_have_no_serious_violations(
    page: Page, site_url: str, watch, game: str
) -> None:
    options, players = GAMES[game]
    page.goto(f"{site_url}/{game}.html?fast=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert audit(page) == [], "at the start"
    # computers play a few actions, then the game goes on to its end
    page.evaluate(
        "(request) => window.virusGames.send(request)",
        {"op": "new", "game": game, "options": options, "seats": ["random"] * players},
    )
    expect(page.locator("#move-list li").first).to_be_visible(timeout=60_000)
    assert audit(page) == [], "in play"
    expect(page.locator("#result")).to_be_visible(timeout=120_000)
    assert audit(page) == [], "at the end"
    # an earlier position viewed from the result's chart: the viewing bar, the marked move
    page.locator("#result-chart svg").click()
    expect(page.locator("#viewing-bar")).to_be_visible()
    expect(page.locator("#move-list .ply.viewed")).to_have_count(1)
    assert audit(page) == [], "viewing an earlier position"
