"""The rules pages (rules-<game>.html): they load cleanly in both languages, their "try it"
boards answer clicks and the keyboard, and they fit a phone's width."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

REPOSITORY = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("VIRUS_GAMES_DIST") or REPOSITORY / "dist").resolve()
GAMES = ["zebra", "virus-war", "virus-fight", "fight-the-virus"]


def rules_strings(language: str) -> dict[str, str]:
    return json.loads(
        (REPOSITORY / "web" / "static" / "i18n" / f"rules-{language}.json").read_text(
            encoding="utf-8"
        )
    )


def content(game: str) -> dict:
    return json.loads((REPOSITORY / "web" / "rules" / f"{game}.json").read_text(encoding="utf-8"))


def count(game: str, kind: str) -> int:
    return sum(
        kind in block for section in content(game)["sections"] for block in section["blocks"]
    )


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_loads_and_switches_to_spanish(
    page: Page, site_url: str, watch, game: str
) -> None:
    english, spanish = rules_strings("en"), rules_strings("es")
    page.goto(f"{site_url}/rules-{game}.html?lang=en")
    expect(page.locator("h1")).to_have_text(english[f"rules.{game}.title"])
    expect(page.locator(".rules-diagram svg[role=img]")).to_have_count(count(game, "diagram"))
    expect(page.locator(".tryit")).to_have_count(count(game, "tryit"))
    expect(page.locator(".rules-toc a")).to_have_count(len(content(game)["sections"]))
    caption = content(game)["sections"][0]
    first_figure = page.locator(".rules-diagram svg").first
    expect(first_figure).to_have_attribute(
        "aria-label", page.locator(".rules-diagram figcaption").first.inner_text()
    )
    expect(page.locator(f'a.button[href="{game}.html"]')).to_have_text(
        english[f"rules.{game}.play"]
    )
    page.select_option("#language", "es")
    expect(page.locator("h1")).to_have_text(spanish[f"rules.{game}.title"])
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator(f"#{caption['id']}-title")).to_have_text(spanish[caption["heading"]])
    expect(page.locator(".tryit-prompt").first).to_have_text(
        spanish[content_tryits(game)[0]["prompt"]]
    )
    expect(page.locator(".tryit-reset").first).to_have_text(spanish["rules.tryit.reset"])
    expect(first_figure).to_have_attribute(
        "aria-label", page.locator(".rules-diagram figcaption").first.inner_text()
    )


def content_tryits(game: str) -> list[dict]:
    return [
        block["tryit"]
        for section in content(game)["sections"]
        for block in section["blocks"]
        if "tryit" in block
    ]


def test_a_tryit_solved_by_clicks_after_a_wrong_move(page: Page, site_url: str, watch) -> None:
    english = rules_strings("en")
    page.goto(f"{site_url}/rules-zebra.html?lang=en")
    tryit = page.locator(".tryit").first
    board, feedback = tryit.locator(".tryit-board"), tryit.locator(".tryit-feedback")
    # every Black tower with a move is offered as a first click
    expect(board.locator(".tryit-target")).not_to_have_count(0)
    board.locator('[data-cell="c1"]').click()
    expect(board.locator('[data-cell="c1"]')).to_have_class(re.compile(r"\btryit-selected\b"))
    expect(board.locator(".tryit-target")).to_have_count(3)  # b1, d1, d2
    board.locator('[data-cell="b1"]').click()  # legal, but straight
    expect(feedback).to_have_attribute("data-level", "warning")
    expect(feedback).to_contain_text(  # the move in words, not "c1-b1 is a legal move"
        "Legal, but not what was asked: moving the top piece from c1 to b1."
    )
    expect(feedback).to_contain_text(english["rules.zebra.try.diagonal.wrong"])
    board.locator('[data-cell="a2"]').click()  # a White tower: the engine says why not
    expect(feedback).to_have_attribute("data-level", "error")
    expect(feedback).to_contain_text("That is not a legal move here:")
    board.locator('[data-cell="c3"]').click()
    board.locator('[data-cell="d2"]').click()
    expect(feedback).to_have_attribute("data-level", "ok")
    expect(feedback).to_contain_text(english["rules.zebra.try.diagonal.success"])
    expect(board.locator('[data-cell="d2"]')).to_have_attribute(
        "data-height", "3"
    )  # the position after the move
    expect(board.locator('[data-cell="c3"]')).to_have_attribute("data-kind", "empty")
    expect(tryit).to_have_class(re.compile(r"\bsolved\b"))
    tryit.locator(".tryit-reset").click()
    expect(board.locator('[data-cell="d2"]')).to_have_attribute("data-height", "2")
    expect(feedback).to_have_text("")


def test_a_tryit_solved_with_the_keyboard(page: Page, site_url: str, watch) -> None:
    english = rules_strings("en")
    page.goto(f"{site_url}/rules-virus-war.html?lang=en")
    tryit = page.locator(".tryit").first
    board, feedback = tryit.locator(".tryit-board"), tryit.locator(".tryit-feedback")
    board.focus()
    expect(board.locator(".tryit-cursor")).to_have_attribute(
        "data-cell", "a2"
    )  # the first legal cell
    page.keyboard.press("Enter")  # a legal step, but not the kill asked for
    expect(feedback).to_have_attribute("data-level", "warning")
    for key in ["ArrowRight"] * 4 + ["ArrowUp"] * 3:
        page.keyboard.press(key)
    expect(board.locator(".tryit-cursor")).to_have_attribute("data-cell", "e5")
    expect(tryit.locator(".tryit-announce")).to_contain_text("e5")
    page.keyboard.press(" ")
    expect(feedback).to_contain_text(english["rules.virus-war.try.bridge.success"])
    expect(board.locator('[data-cell="e5"]')).to_have_class(re.compile(r"\bdead\b"))


def test_escape_cancels_a_selection_and_buttons_make_non_cell_choices(
    page: Page, site_url: str, watch
) -> None:
    """On a phone-sized screen: the sheet (1580 px wide) scrolls inside its own frame."""
    english = rules_strings("en")
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}/rules-fight-the-virus.html?lang=en")
    tryit = page.locator(".tryit").nth(1)  # testing: a die, T10, then the raise
    board, buttons, feedback = (
        tryit.locator(".tryit-board"),
        tryit.locator(".tryit-buttons"),
        tryit.locator(".tryit-feedback"),
    )
    buttons.get_by_role("button", name="Use the 5").click()
    board.focus()
    page.keyboard.press("Escape")
    expect(buttons.locator('[aria-pressed="true"]')).to_have_count(0)
    buttons.get_by_role("button", name="Use the 2").click()
    board.locator('[data-cell="T10"]').click()
    expect(feedback).to_contain_text("That is not a legal move here:")
    buttons.get_by_role("button", name="Use the 5").click()
    board.locator('[data-cell="T10"]').click()
    buttons.locator('button[data-token="die:5+1"]').click()
    expect(feedback).to_contain_text(english["rules.fight-the-virus.try.testing.success"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_fits_a_phone_in_spanish(page: Page, site_url: str, watch, game: str) -> None:
    """(English, the shorter, is checked with every other page in test_phone.py.)"""
    page.set_viewport_size({"width": 360, "height": 640})
    for language in ("es",):
        page.goto(f"{site_url}/rules-{game}.html?lang={language}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator(".tryit-reset").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_home_and_game_pages_link_to_the_rules(page: Page, site_url: str, watch) -> None:
    page.goto(f"{site_url}/")
    page.select_option("#language", "es")  # remembered for the next page
    link = page.locator('.game-card a.card-rules[href="rules-virus-war.html"]')
    expect(link).to_have_text("Reglas")
    expect(link).to_have_attribute("aria-label", "Reglas de Guerra de Virus")
    link.click()
    expect(page.locator("h1")).to_have_text(rules_strings("es")["rules.virus-war.title"])
    html = (DIST / "zebra.html").read_text()
    assert '<a href="rules-zebra.html" data-i18n="rules.nav.howto">Full rules' in html
