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


# Nine full turns of a 6×6 game: after Crosses' next turn c4-d6-e5, Noughts have nothing in reach.
BEFORE_FORCED_PASS = """[Game "Virus War"]
[Size "6"]
[Variant "standard"]
[Result "*"]

1. a1-b1-a2 f6-e6-f5
2. c2-d2-c1 e5-d4-e3
3. d3-e3-f4 f4-d5-c6
4. e2-b2-d4 b5-a4-f3
5. e1-a3-d1 e2-c4-e4
6. f2-a4-e4 b3-e1-f2
7. d5-b5-c3 b2-d1-b1
8. f3-c6-b6 c3-d3-a2
9. a6-c5-b3 c2-d6-c5
*
"""


def test_a_pass_with_nothing_in_reach_is_made_by_the_page(page: Page, site_url: str, watch) -> None:
    """Noughts can reach no cell: the page says so and passes for them, without a click; undo
    takes that pass back together with the turn's last step (no pass is made again at once)."""
    open_virus_war(page, site_url, {"size": 6})
    page.locator(".record-panel summary").click()
    page.locator("#record-text").fill(BEFORE_FORCED_PASS)
    page.locator("#record-form button[type=submit]").click()
    expect(page.locator("#message")).to_have_text("Game loaded: 18 moves replayed.")
    for cell in ["c4", "d6", "e5"]:
        play(page, cell)
    expect(page.locator("#message")).to_have_text("Nothing is in reach: Noughts pass.")
    expect(page.locator("#move-list .ply.last")).to_have_text("pass")
    expect(page.locator("#turn-text")).to_have_text("Crosses to move")
    page.locator("#undo").click()
    expect(page.locator("#message")).to_have_text("Took back 2 moves: e5, pass.")
    expect(page.locator("#turn-text")).to_have_text("Crosses: step 3 of 3")
    expect(page.locator("#undo")).to_be_enabled()
    status = page.evaluate("() => JSON.parse(window.virusGames.status())")
    assert status["ply"] == 56 and not status["busy"]  # no pass made again
    play(page, "e5")
    expect(page.locator("#message")).to_have_text("Nothing is in reach: Noughts pass.")
