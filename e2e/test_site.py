"""The site as a whole: home page, headers, the micropip example, nothing from other origins."""

from __future__ import annotations

import tomllib
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect

REPOSITORY = Path(__file__).resolve().parents[1]


def netlify_csp() -> str:
    config = tomllib.loads((REPOSITORY / "netlify.toml").read_text())
    (rule,) = [rule for rule in config["headers"] if rule["for"] == "/*"]
    return rule["values"]["Content-Security-Policy"]


def test_pages_are_served_with_the_netlify_csp(site_url: str, build_info: dict) -> None:
    csp = netlify_csp()
    assert "'unsafe-inline'" not in csp and "default-src 'self'" in csp
    for path in ["/", "/zebra.html", "/docs/engine.html", f"/{build_info['pyodide']}"]:
        with urllib.request.urlopen(site_url + path) as response:
            assert response.headers["Content-Security-Policy"] == csp, path
    with urllib.request.urlopen(
        f"{site_url}/{build_info['pyodide'].replace('pyodide.mjs', 'pyodide.asm.wasm')}"
    ) as response:
        assert response.headers["Content-Type"] == "application/wasm"
        assert "immutable" in response.headers["Cache-Control"]
    with urllib.request.urlopen(site_url + "/zebra.html") as response:
        assert response.headers["Cache-Control"] == "no-cache"


def test_home_lists_the_four_games(page: Page, site_url: str, watch) -> None:
    page.goto(site_url + "/")
    cards = page.locator(".game-card")
    expect(cards).to_have_count(4)
    expect(page.locator(".game-card.playable")).to_have_count(4)
    expect(
        page.locator('.game-card.playable a[href="fight-the-virus.html"] svg .spot.analysed')
    ).to_have_count(48)
    expect(
        page.locator('.game-card.playable a[href="virus-war.html"] svg [data-cell]')
    ).to_have_count(100)
    expect(
        page.locator('.game-card.playable a[href="virus-fight.html"] svg .cell.piece')
    ).to_have_count(7)
    expect(page.locator(".game-card svg .cell.dead")).not_to_have_count(
        0
    )  # sample positions, not empty boards
    expect(page.locator(".game-card svg .highlight")).to_have_count(0)
    page.locator('.game-card.playable a[href="zebra.html"]').click()
    expect(page).to_have_url(f"{site_url}/zebra.html")
    # the home page never starts Python
    assert not any(
        "pyodide" in url for url in watch.requests[: watch.requests.index(f"{site_url}/zebra.html")]
    )


def test_micropip_example_installs_the_wheel_and_draws(
    page: Page, site_url: str, watch, build_info: dict
) -> None:
    page.goto(site_url + "/docs/engine-example.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=90_000)
    expect(page.locator("#diagram svg [data-cell]")).to_have_count(16)
    expect(page.locator('#diagram svg [data-cell="c1"]')).to_have_attribute("data-height", "2")
    expect(page.locator("#record")).to_contain_text("1. c2-d2 a1-b1")
    assert any(url.endswith("micropip-0.11.1-py3-none-any.whl") for url in watch.requests)
    assert any(url.endswith(build_info["wheel"]) for url in watch.requests)


def test_docs_page_shows_the_example_source(
    page: Page, site_url: str, watch, build_info: dict
) -> None:
    page.goto(site_url + "/docs/engine.html")
    expect(page.locator("h1")).to_have_text("Use the engine in your own page")
    expect(page.locator("pre.code").nth(2)).to_contain_text(
        f'micropip.install("../{build_info["wheel"]}")'
    )
