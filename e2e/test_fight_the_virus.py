"""Fight the Virus on the built site: a solo game by clicks to the score, a 2-player hot-seat
game where the passive player earns the extra die, and a replayed record."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from fight_the_virus_play import play_with_greedy, take_device
from game_page import open_game


def engine_state(options: dict):
    import pyengine

    return pyengine.get_game("fight-the-virus").new_initial_state(options)


def test_a_solo_game_by_clicks_to_the_score(page: Page, site_url: str, watch) -> None:
    options = {"mode": "solo", "players": 1, "names": "Ana", "seed": 1}
    open_game(page, site_url, "fight-the-virus", options)
    expect(page.locator("#record-text")).to_have_value(
        "FTV-RECORD 1\nseed 1\nmode solo\nplayers Ana\n"
    )
    expect(page.locator("#turn-text")).to_have_text("Turn 1: Ana rolls")
    state = engine_state(options)
    play_with_greedy(page, state, seed=1)
    assert state.winners == (0,) and state.score() == 25
    expect(page.locator("#result-title")).to_have_text("Ana found the vaccine!")
    expect(page.locator("#result-detail")).to_have_text("Vaccine found in 25 turns. Rating: good.")
    expect(page.locator("#best-scores tbody tr")).to_have_count(1)
    expect(page.locator("#best-scores tbody tr").first).to_contain_text("25")


def test_a_passive_player_earns_the_extra_die(page: Page, site_url: str, watch) -> None:
    # seed 12: Ben, the passive player, earns the extra die on the 13th decision
    options = {"mode": "standard", "players": 2, "names": "Ana;Ben", "seed": 12}
    open_game(page, site_url, "fight-the-virus", options)
    state = engine_state(options)

    def extra(current) -> bool:
        return current.extra_available

    play_with_greedy(page, state, until=extra, seed=12)
    part = state.part()
    assert part.role == "passive" and state.current_player() == 1
    expect(page.locator("#message")).to_contain_text(
        "Ben filled an X square and may also use the other die."
    )
    expect(page.locator("#status")).to_contain_text("you may also use the other die")
    die = state.usable_dice()[0]
    take_device(page)
    expect(page.locator(f'#turn-actions button[data-click="die:{die}"]')).to_be_visible()
    play_with_greedy(page, state, until=lambda current: not current.extra_available, seed=12)
    assert "2 P2" in page.locator("#record-text").input_value()


def test_a_saved_record_replays_the_same_dice_and_sheets(page: Page, site_url: str, watch) -> None:
    options = {"mode": "standard", "players": 2, "seed": 8}
    open_game(page, site_url, "fight-the-virus", options)
    state = engine_state(options)
    play_with_greedy(page, state, until=lambda current: current.turn > 4, seed=8)
    record = page.locator("#record-text").input_value()
    expect(page.locator("#board")).not_to_have_attribute("data-animating", "true")  # at rest
    sheet = page.locator("#board svg").inner_html()
    page.locator(".controls [data-action=new-game]").click()
    expect(page.locator("#record-text")).not_to_have_value(record)
    page.locator(".record-panel summary").click()
    page.locator("#record-text").fill(record)
    page.locator("#record-form button[type=submit]").click()
    expect(page.locator("#message")).to_contain_text("Game loaded")
    assert page.locator("#board svg").inner_html() == sheet
    expect(page.locator("#record-text")).to_have_value(record)
