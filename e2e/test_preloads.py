"""What a page preloads it uses: no game or lesson page makes the browser warn that a
``<link rel=preload>`` went unused ("… was preloaded using link preload but not used within a
few seconds from the window's load event"), which Chromium says three seconds after the
load event."""

from __future__ import annotations

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

GAMES = ["zebra.html", "virus-war.html", "zebra.html?lang=es"]
LESSONS = ["learn-zebra.html", "learn-fight-the-virus.html"]

# Chromium's window for using a preload: three seconds after the window's load event
PAST_THE_WINDOW = """() => {
  const [navigation] = performance.getEntriesByType("navigation");
  return navigation !== undefined && navigation.loadEventEnd > 0
    && performance.now() > navigation.loadEventEnd + 4000;
}"""


def preload_warnings(page: Page) -> list[str]:
    """The browser's warnings about preloads from now on (read them after past_the_window)."""
    warnings: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "preload" in message.text:
            warnings.append(message.text)

    page.on("console", on_console)
    return warnings


def past_the_window(page: Page) -> None:
    page.wait_for_function(PAST_THE_WINDOW, timeout=30_000)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_uses_what_it_preloads_new_or_resumed(
    page: Page, site_url: str, watch, name: str
) -> None:
    warnings = preload_warnings(page)
    page.goto(f"{site_url}/{name}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    past_the_window(page)
    assert warnings == [], "a new game"
    page.reload()  # the game of the first visit resumed
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    past_the_window(page)
    assert warnings == [], "the game resumed"


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_page_uses_what_it_preloads(page: Page, site_url: str, watch, name: str) -> None:
    warnings = preload_warnings(page)
    page.goto(f"{site_url}/{name}")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
    past_the_window(page)
    assert warnings == []
