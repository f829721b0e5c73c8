"""Playing games by link in the e2e tests: two devices (browser contexts, each with its own
storage and clipboard), the form of a new game by link, "Send your move" and the links it
makes, and the page's status through the test hook."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import TEST_HOOKS, is_same_origin, patient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "app"))
from glue.game_link import decode_link, encode_link

READY = 60_000
SEND = "(request) => window.virusGames.send(request)"

__all__ = [
    "READY",
    "SEND",
    "actions",
    "decode_link",
    "encode_link",
    "idle",
    "link_with",
    "opened",
    "payload_of",
    "send",
    "start_by_link",
    "status",
    "two_devices",
]


def two_devices(
    browser: Browser, browser_context_args: dict, site_url: str
) -> Iterator[list[BrowserContext]]:
    """Two devices: each a browser context with its own storage and clipboard. Fails the test
    on any error a page logged and on any request that left the site (a fixture's body)."""
    made = []
    problems: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error":
            problems.append(message.text)

    def request(sent: Any) -> None:
        if not is_same_origin(sent.url, site_url):
            problems.append("left the site: " + sent.url)

    def watch(page: Page) -> None:
        page.on("console", console)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on("request", request)

    for _ in range(2):
        context = patient(browser.new_context(**browser_context_args))
        context.add_init_script(TEST_HOOKS)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        context.on("page", watch)
        made.append(context)
    yield made
    for context in made:
        context.close()
    assert not problems, problems


def status(page: Page) -> dict[str, Any]:
    return json.loads(page.evaluate("window.virusGames.status()"))


def idle(page: Page) -> None:
    page.wait_for_function(
        "() => window.virusGames && !JSON.parse(window.virusGames.status()).busy",
        timeout=READY,
    )


def opened(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    idle(page)


def start_by_link(page: Page, site_url: str, game: str, name: str, seat: int = 0, **more) -> None:
    """The home card's "Play a friend far away": the form, then a new game by link."""
    opened(page, f"{site_url}/{game}.html#play=link")
    form = page.locator("#remote form.remote-form")
    expect(form).to_be_visible()
    expect(page.locator("#remote-name")).to_be_focused()
    page.locator("#remote-name").fill(name)
    if "players" in more:
        page.locator("#remote-players").select_option(str(more["players"]))
    page.locator("#remote-side").select_option(str(seat))
    form.locator("button[type=submit]").click()
    expect(page.locator("#remote .remote-title")).to_be_visible()
    idle(page)


def send(page: Page, keyboard: bool = False) -> str:
    """The link "Send your move" makes (copied to the clipboard, and shown in the bar)."""
    if keyboard:
        page.locator("#remote-send").focus()
        page.keyboard.press("Enter")
    else:
        page.locator("#remote-send").click()
    link = page.locator("#remote-link")
    expect(link).to_be_visible()
    url = link.input_value()
    assert "#link=" in url
    assert page.evaluate("navigator.clipboard.readText()").endswith(url)
    expect(page.locator("#remote .remote-note")).to_contain_text("copied")
    return url


def payload_of(url: str) -> dict[str, Any]:
    return decode_link(url.split("#link=", 1)[1])


def link_with(url: str, payload: dict[str, Any]) -> str:
    """``url`` carrying ``payload`` instead (made with the page's own link encoder)."""
    return url.split("#")[0] + "#link=" + encode_link(payload)


def actions(page: Page) -> list[str]:
    return list(status(page)["saved"]["state"]["actions"])
