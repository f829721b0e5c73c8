"""Sounds on the built site: in every game a move sounds (Fight the Virus's roll: the dice),
the mute toggle in the header silences it and is remembered across a reload; an illegal click,
a kill and the end of a game have their own sounds; inside a blog's page the widget starts
muted. Sounds are synthesised with Web Audio: the page's status lists the sounds it played,
and no request leaves the site (the `watch` fixture)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from board_picture import random_record
from human_play import open_against_computer, settled, wait_until
from test_motion import decide
from zebra_play import cells_of

SEND = "(request) => window.virusGames.send(request)"
# A first decision of the person, by a click: its cell or button, and the sound it makes.
FIRST_CLICK = {
    "zebra": ('#board [data-cell="c2"]', '#board [data-cell="d2"]', "capture"),
    "virus-war": ('#board [data-cell="a1"]', None, "move"),
    "virus-fight": ("", None, None),  # the program first (no sound), then moves
    "fight-the-virus": ('#turn-actions button[data-play="roll"]', None, "dice"),
}


@pytest.mark.parametrize("game", list(FIRST_CLICK))
def test_a_move_sounds_and_mute_is_remembered(page: Page, site_url: str, watch, game: str) -> None:
    current = open_against_computer(page, site_url, game)
    assert not current["muted"] and current["sounds"] == []
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#mute")).to_have_accessible_name("Mute sounds")
    first, second, sound = FIRST_CLICK[game]
    if game == "virus-fight":  # the program, then moves until a piece or a marker moves
        rng = random.Random(2)
        # the computer's program is its own choice: a game may end at the reveal, with the end's
        # sound and no move; then a new game is started
        for _ in range(6):
            for _ in range(12):
                if current["sounds"] or current["over"]:
                    break
                current = decide(page, game, current, rng)
            if current["sounds"] and current["sounds"][0] in ("move", "capture"):
                break
            current = open_against_computer(page, site_url, game)
        assert current["sounds"][0] in ("move", "capture"), current["sounds"]
    else:
        page.locator(first).click()
        if second:
            page.locator(second).click()
        current = wait_until(page, lambda now: settled(now) and bool(now["sounds"]))
        assert current["sounds"][0] == sound, current["sounds"]
    # muted: remembered in this browser, across a reload
    page.locator("#mute").click()
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => localStorage.getItem('virus-games.sound')") == "off"
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "true")
    current = wait_until(page, settled)
    assert current["muted"] and current["sounds"] == []
    page.locator("#mute").click()
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => localStorage.getItem('virus-games.sound')") == "on"


def test_an_illegal_click_a_kill_and_the_end_have_their_sounds(
    page: Page, site_url: str, watch
) -> None:
    current = open_against_computer(page, site_url, "virus-war")
    page.locator('#board [data-cell="f6"]').click()  # not where X starts: refused
    current = wait_until(page, lambda now: settled(now) and bool(now["sounds"]))
    assert current["sounds"] == ["illegal"]
    # a kill: X steps onto a live nought
    record = '[Game "Virus War"]\n[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4 2. b3-c4\n'
    page.evaluate(SEND, {"op": "load", "game": "virus-war", "record": record})
    page.locator('#board [data-cell="d4"]').click()
    current = wait_until(page, lambda now: settled(now) and len(now["sounds"]) == 2)
    assert current["sounds"][1] == "capture"
    # the end: won against the computer, the person's last move a click
    from pyengine.session import Match

    whole = Match.from_record(random_record("zebra", 0, seed=5, finish=True), game_id="zebra")
    result = whole.result
    assert result is not None
    winner = result.winners[0]
    last = str(whole.undo())
    seats = ["human", "human"]
    seats[1 - winner] = "random"
    page.goto(f"{site_url}/zebra.html?fast=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    request = {"op": "load", "game": "zebra", "record": whole.record_text(), "seats": seats}
    assert page.evaluate(SEND, request)["ok"]
    wait_until(page, lambda now: settled(now) and now["toMove"] == winner)
    for cell in cells_of(last):
        page.locator(f'#board [data-cell="{cell}"]').click()
    current = wait_until(page, lambda now: now["over"] and bool(now["sounds"]))
    assert current["sounds"][-1] == "won"


def test_a_blog_widget_starts_muted(page: Page, site_url: str, watch) -> None:
    page.goto(f"{site_url}/embed-zebra.html?mode=play&size=4")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#mute-embed")).to_be_visible()
    expect(page.locator("#mute-embed")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#mute")).to_be_hidden()
    page.locator('#board [data-cell="c2"]').click()
    page.locator('#board [data-cell="d2"]').click()
    current = wait_until(page, lambda now: settled(now) and now["ply"] == 1)
    assert current["muted"] and current["sounds"] == []
    page.locator("#mute-embed").click()  # the reader turns it on, for this page
    expect(page.locator("#mute-embed")).to_have_attribute("aria-pressed", "false")
    page.locator('#board [data-cell="d2"]').click()
    page.locator('#board [data-cell="c2"]').click()
    wait_until(page, lambda now: settled(now) and now["sounds"] != [])
