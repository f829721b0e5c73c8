"""Resigning on a game page: the Resign button asks first ("Really resign? Yes / No"), "Yes"
ends the game with a result that says who resigned, and the record (the file and the share
link) carries the resignation; undo takes it back."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from zebra_play import click_cell, open_zebra


def status(page: Page) -> dict:
    return json.loads(page.evaluate("window.virusGames.status()"))


def test_resign_against_the_computer_on_zebra(
    page: Page, site_url: str, watch, tmp_path: Path
) -> None:
    open_zebra(page, site_url)
    resign = page.locator("#resign")
    question = page.locator("#resign-confirm")
    page.locator("#vs-computer").click()  # a person (White) against the computer
    expect(page.locator("#move-list .ply")).to_have_count(0)
    expect(resign).to_be_enabled()
    assert status(page)["seats"][0] == "human" and status(page)["toMove"] == 0
    click_cell(page, "c2")  # one move, and the computer's reply
    click_cell(page, "d2")
    expect(page.locator("#move-list .ply")).to_have_count(2, timeout=30_000)
    expect(resign).to_be_enabled()

    # a stray click only asks; "No" leaves the game as it was
    resign.click()
    expect(resign).to_be_hidden()
    expect(question).to_be_visible()
    expect(question).to_contain_text("Really resign?")
    expect(page.locator("#resign-no")).to_be_focused()
    page.locator("#resign-no").click()
    expect(question).to_be_hidden()
    expect(resign).to_be_focused()
    expect(page.locator("#result")).to_be_hidden()
    resign.click()
    page.keyboard.press("Escape")  # Escape answers "No" too
    expect(question).to_be_hidden()
    assert status(page)["over"] is False

    resign.click()
    page.locator("#resign-yes").click()
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-title")).to_have_text("Black wins!")
    expect(page.locator("#result-detail")).to_contain_text("White resigned.")
    expect(page.locator("#rematch")).to_be_focused()
    expect(resign).to_be_disabled()
    assert status(page)["over"] is True and status(page)["ply"] == 2

    record = page.locator("#record-text").input_value()
    assert '[Result "0-1"]\n[Termination "resignation"]' in record and record.endswith("0-1\n")
    page.locator("#result-close").click()
    page.locator(".record-panel summary").click()
    with page.expect_download() as download_info:
        page.locator("#record-save").click()
    saved = tmp_path / "resigned.txt"
    download_info.value.save_as(saved)
    assert saved.read_text(encoding="utf-8") == record

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#share").click()
    expect(page.locator("#message")).to_contain_text("Link copied")
    link = page.locator("#share-link").input_value()
    shared = page.context.new_page()
    shared.goto(link)
    expect(shared.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(shared.locator("#result-title")).to_have_text("Black wins!")
    expect(shared.locator("#result-detail")).to_contain_text("White resigned.")
    assert '[Termination "resignation"]' in shared.locator("#record-text").input_value()
    shared.close()

    # undo takes the resignation back: the person is to move again
    page.locator("#undo").click()
    expect(resign).to_be_enabled()
    assert status(page)["over"] is False and status(page)["ply"] == 2
    expect(page.locator("#result")).to_be_hidden()
