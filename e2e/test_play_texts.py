"""What the page says while playing the computer: an undo over the person's move and the
computer's answer names both, a resignation against the computer ends the game with its result
at once, and a one-click start link with a wrong part says so while the game starts."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from zebra_play import click_cell

READY = 60_000


def status(page: Page) -> dict:
    return json.loads(page.evaluate("window.virusGames.status()"))


def settled(page: Page, plies: int) -> None:
    page.wait_for_function(
        "(plies) => { const s = JSON.parse(window.virusGames.status());"
        " return s.ply === plies && !s.busy && !s.bot; }",
        arg=plies,
        timeout=READY,
    )


def test_undo_against_the_computer_names_both_plies(page: Page, site_url: str, watch) -> None:
    page.goto(f"{site_url}/zebra.html?fast=1#play=computer&level=easy")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    settled(page, 0)
    click_cell(page, "c2")
    click_cell(page, "d2")
    settled(page, 2)
    answer = status(page)["saved"]["state"]["actions"][-1]
    page.locator("#undo").click()
    expect(page.locator("#message")).to_have_text(
        re.compile("^Took back 2 moves: c2-d2, " + re.escape(answer) + r"\.$")
    )
    assert status(page)["ply"] == 0


def test_resigning_fight_the_virus_against_the_computer_ends_the_game(
    page: Page, site_url: str, watch
) -> None:
    page.goto(f"{site_url}/fight-the-virus.html?fast=1#play=computer&level=easy")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    settled(page, 0)
    assert status(page)["seats"][0] == "human" and status(page)["seats"][1] != "human"
    page.locator('#turn-actions button[data-play="roll"]').click()
    settled(page, 1)
    page.locator("#resign").click()
    page.locator("#resign-yes").click()
    expect(page.locator("#result")).to_be_visible(timeout=READY)
    expect(page.locator("#result-title")).to_have_text(
        re.compile(r"found the vaccine!|The virus wins")
    )
    expect(page.locator("#result-detail")).to_contain_text("resigned.")
    now = status(page)
    assert now["over"] is True and now["toMove"] is None


def test_a_wrong_level_in_a_start_link_is_said_and_the_game_starts(
    page: Page, site_url: str, watch
) -> None:
    page.goto(f"{site_url}/zebra.html?fast=1#play=computer&level=godlike")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    message = page.locator("#message")
    expect(message).to_have_text(
        "This link asks for the computer level “godlike”, which does not exist (the levels are"
        " easy, medium, hard): the computer plays at its usual level."
    )
    expect(message).to_have_attribute("data-level", "error")
    settled(page, 0)
    seats = status(page)["seats"]
    assert seats[0] == "human" and seats[1] in ("easy", "medium", "hard")
    click_cell(page, "c2")  # the game is playable
    click_cell(page, "d2")
    settled(page, 2)
