"""What every game page shares, for the e2e tests: opening it and starting a game with options."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def open_game(page: Page, site_url: str, game: str, options: dict | None = None) -> None:
    """Open `game`'s page, wait until the engine has drawn its first view, and if `options`
    are given start a new game with them through the options form."""
    page.goto(f"{site_url}/{game}.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    # one engine worker: the one app/engine-early.js started, adopted by app/engine.js
    assert [worker.url.rsplit("/", 1)[-1] for worker in page.workers] == ["engine-worker.js"]
    if not options:
        return
    page.locator(".options-panel summary").click()
    for name, value in options.items():
        field = page.locator(f"#option-{name}")
        if field.get_attribute("type") in ("number", "text"):  # a seed, names: typed
            field.fill(str(value))
        else:
            field.select_option(str(value))
    page.locator("#options button[type=submit]").click()
    expect(page.locator("#move-list .ply")).to_have_count(0)
    if "size" in options:
        expect(page.locator("#board [data-cell]")).to_have_count(int(options["size"]) ** 2)
