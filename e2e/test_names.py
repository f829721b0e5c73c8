"""Names on the built site: every name field takes the engine's one limit (24 characters a
name); a name that breaks a rule gets a short, clear message in English and Spanish that
repeats only an excerpt of what was typed; no message widens the page, at a desktop's 1280 px
and a phone's 390 px."""

from __future__ import annotations

import re

from playwright.sync_api import Page, ViewportSize, expect

from game_page import open_game

WIDTHS: tuple[ViewportSize, ...] = (
    {"width": 1280, "height": 800},
    {"width": 390, "height": 844},
)
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def new_game_with_names(page: Page, names: str) -> None:
    panel = page.locator(".options-panel")
    if panel.get_attribute("open") is None:
        page.locator(".options-panel summary").click()
    page.locator("#option-players").select_option("2")
    page.locator("#option-names").fill(names)
    page.locator("#options button[type=submit]").click()


def test_names_get_one_limit_and_a_short_clear_message(page: Page, site_url: str, watch) -> None:
    open_game(page, site_url, "fight-the-virus")
    record = page.locator("#record-text").input_value()
    names = page.locator("#option-names")
    expect(names).to_have_attribute("maxlength", "520")  # 20 players' names and "; "
    message = page.locator("#message")
    for viewport in WIDTHS:
        page.set_viewport_size(viewport)
        new_game_with_names(page, "; ".join(f"Name{seat}" for seat in range(25)))
        expect(message).to_have_text(
            "Names: give 2 names separated by “;”, one per player, not 25 (“Name0; Name1; Name2; "
            "Na…”)."
        )
        expect(message).to_have_attribute("data-level", "error")
        assert page.evaluate(OVERFLOW) <= 0, viewport
        new_game_with_names(page, "Ana; " + "B" * 3000)
        assert len(names.input_value()) == 520  # the field takes no more
        expect(message).to_have_text(
            "Names: “BBBBBBBBBBBBBBBBBBBBBBB…” has 515 characters; a name has at most 24."
        )
        assert page.evaluate(OVERFLOW) <= 0, viewport
        assert page.locator("#record-text").input_value() == record  # the game stays
    # the same rule in Spanish
    page.select_option("#language", "es")
    new_game_with_names(page, "Ana;" + "B" * 25)
    expect(message).to_have_text(
        "Nombres: «BBBBBBBBBBBBBBBBBBBBBBB…» tiene 25 caracteres; un nombre tiene como máximo 24."
    )
    new_game_with_names(page, "Ana;")
    expect(message).to_have_text("Nombres: uno de los nombres está vacío («Ana;»).")
    # a name of 24 characters is a name
    new_game_with_names(page, "Ana; " + "B" * 24)
    expect(page.locator("#record-text")).to_have_value(re.compile("B" * 24), timeout=30_000)


def test_no_message_widens_the_page(page: Page, site_url: str, watch) -> None:
    open_game(page, site_url, "zebra")
    for viewport in WIDTHS:
        page.set_viewport_size(viewport)
        for selector in ("#message", "#status", "#turn-text"):
            page.evaluate(
                "(selector) => { document.querySelector(selector).textContent = 'x'.repeat(3000) }",
                selector,
            )
            assert page.evaluate(OVERFLOW) <= 0, (viewport, selector)


def test_the_link_name_fields_take_the_same_limit(page: Page, site_url: str, watch) -> None:
    page.goto(f"{site_url}/zebra.html#play=link")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    field = page.locator("#remote-name")
    expect(field).to_be_visible()
    expect(field).to_have_attribute("maxlength", "24")
    field.fill("A" * 3000)
    assert field.input_value() == "A" * 24
    page.locator("#remote form.remote-form button[type=submit]").click()
    expect(page.locator("#remote .remote-title")).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('virus-games.name')") == "A" * 24
    assert page.evaluate(OVERFLOW) <= 0
