"""Whole Virus War games played by clicks on the built site, compared with the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from virus_war_play import choose_game, open_virus_war, play, play_by_clicks

NAMES = {0: "Crosses", 1: "Noughts"}


def test_complete_10x10_game_to_elimination(page: Page, site_url: str, watch) -> None:
    actions, shown, state = choose_game({"size": 10}, seed=9)
    result = state.result()
    assert result.ending == "elimination"
    open_virus_war(page, site_url)
    expect(page.locator("#turn-text")).to_have_text("Crosses to move")
    expect(page.locator("#board .cell.highlight")).to_have_count(1)  # only the home corner a1
    play_by_clicks(page, actions, shown)
    (winner,) = result.winners
    expect(page.locator("#result-title")).to_have_text(f"{NAMES[winner]} win!")
    expect(page.locator("#result-detail")).to_have_text(
        f"{NAMES[1 - winner]} have no live symbol left."
    )
    for index in range(100):
        content = state.cell_content(index)
        expected = {".": "empty", "X": "x-live", "O": "o-live", "x": "x-dead", "o": "o-dead"}[
            content
        ]
        cell = state.cell_name(index)
        expect(page.locator(f'#board [data-cell="{cell}"]')).to_have_attribute(
            "data-content", expected
        )
    record = page.locator("#record-text").input_value()
    assert record == state.game.write_record(state)
    assert '[Termination "elimination"]' in record


@pytest.mark.parametrize(
    ("variant", "title", "score"),
    [
        ("standard", "Draw!", "1/2-1/2"),
        ("last-move-wins", "Crosses win!", "1-0"),
    ],
)
def test_double_pass_ends_the_game(
    page: Page, site_url: str, watch, variant: str, title: str, score: str
) -> None:
    open_virus_war(page, site_url, {"size": 6, "variant": variant})
    for cell in ["a1", "b2", "c3"]:
        play(page, cell)
    expect(page.locator("#turn-text")).to_have_text("Noughts to move")
    play(page, "pass")
    expect(page.locator("#move-list .ply.last")).to_have_text("pass")
    page.locator("#board").focus()
    page.keyboard.press("p")  # the keyboard shortcut for pass
    expect(page.locator("#result-title")).to_have_text(title)
    assert page.locator("#record-text").input_value().rstrip().endswith(score)
    expect(page.locator("#turn-actions button")).to_have_count(0)


def test_pass_only_at_the_start_of_a_turn_and_reach_explained(
    page: Page, site_url: str, watch
) -> None:
    open_virus_war(page, site_url, {"size": 6})
    page.locator('#board [data-cell="c3"]').click()
    expect(page.locator("#message")).to_have_text("Your first step must be your home corner, a1.")
    play(page, "a1")
    expect(page.locator("#turn-text")).to_have_text("Crosses: step 2 of 3")
    expect(page.locator("#turn-actions button")).to_have_text(["End turn"])  # no Pass mid-turn
    page.locator("#turn-actions button").click()
    expect(page.locator("#message")).to_have_text(
        "A turn cannot end early: while steps are possible it has exactly 3 steps (the full-turn rule). Steps left: 2."
    )
    page.locator('#board [data-cell="d4"]').click()
    expect(page.locator("#message")).to_contain_text("d4 is out of reach")
    expect(page.locator('#board [data-cell="a1"]')).to_have_attribute("data-turn-step", "1")


def test_replaying_a_saved_record_reproduces_the_board(page: Page, site_url: str, watch) -> None:
    actions, shown, _ = choose_game({"size": 10}, seed=4)
    open_virus_war(page, site_url)
    cut = 24  # eight full turns
    play_by_clicks(page, actions[:cut], shown[:cut])
    record = page.locator("#record-text").input_value()
    expect(page.locator("#board")).not_to_have_attribute("data-animating", "true")  # at rest
    board = page.locator("#board svg").inner_html()
    page.locator(".controls [data-action=new-game]").click()
    expect(page.locator("#move-list .ply")).to_have_count(0)
    page.locator(".record-panel summary").click()
    page.locator("#record-text").fill(record)
    page.locator("#record-form button[type=submit]").click()
    # counted as the move list counts them: a turn of three steps is one move
    expect(page.locator("#message")).to_have_text(f"Game loaded: {cut // 3} moves replayed.")
    expect(page.locator("#move-list .ply")).to_have_count(cut // 3)
    assert page.locator("#board svg").inner_html() == board
    play_by_clicks(page, actions[cut : cut + 3], shown[cut : cut + 3])  # and play goes on
