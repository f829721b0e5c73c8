"""Games by link between two devices: two browser contexts (each its own storage) play whole
games by passing the links both ways; old, cut, rewritten and foreign links meet a device with a
saved game and lose nothing; Virus Fight's programs travel sealed."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from axe_audit import audit
from link_play import (
    READY,
    actions,
    encode_link,
    opened,
    payload_of,
    send,
    start_by_link,
    status,
    two_devices,
)
from virus_fight_play import build_program, play
from virus_war_play import forced
from zebra_play import cells_of, click_cell
from zebra_play import choose_game as zebra_game


@pytest.fixture
def devices(
    browser: Browser, browser_context_args: dict, site_url: str
) -> Iterator[list[BrowserContext]]:
    """Two devices (link_play.two_devices)."""
    yield from two_devices(browser, browser_context_args, site_url)


def test_zebra_whole_game_by_links_both_ways(devices: list[BrowserContext], site_url: str) -> None:
    moves, final = zebra_game({"size": 4}, seed=3)
    ana, bea = (context.new_page() for context in devices)
    start_by_link(ana, site_url, "zebra", "Ana")
    expect(ana.locator("#remote .remote-status")).to_contain_text("Your move")
    assert audit(ana) == []  # the form gave way to the bar
    pages = [ana, bea]
    url = ""
    for number, move in enumerate(moves):
        page = pages[number % 2]
        if url:
            opened(page, url)
            expect(page.locator("#remote")).to_be_visible()
            if number == 1:  # Bea's first visit: her name is asked once, then remembered
                expect(page.locator("#message")).to_contain_text("Ana invites you")
                page.locator("#remote-my-name").fill("Bea")
                page.locator("#remote .remote-name button[type=submit]").click()
                expect(page.locator("#remote-my-name")).to_have_count(0)
            expect(page.locator("#remote .remote-status")).to_contain_text("Your move")
            assert actions(page) == moves[:number]
        for cell in cells_of(move):
            click_cell(page, cell)
        expect(page.locator("#move-list .ply")).to_have_count(number + 1)
        if number == 0:
            # undo works for one's own move before it is sent
            expect(ana.locator("#undo")).to_be_enabled()
        if number == 2:  # the bar as a screen reader and the keyboard meet it
            expect(page.locator("#announce")).to_contain_text("Send your move to Bea")
            assert audit(page) == []
        url = send(page, keyboard=number == 2)
        expect(page.locator("#undo")).to_be_disabled()  # sent: it stays
        payload = payload_of(url)
        assert payload["a"] == moves[: number + 1]
        assert payload["f"] == (number + 1) % 2
        if number == 1:
            assert payload["n"] == ["Ana", "Bea"]
    assert final.is_terminal()
    last = pages[len(moves) % 2]
    opened(last, url)
    assert status(last)["over"] and status(pages[(len(moves) + 1) % 2])["over"]
    expect(last.locator("#remote .remote-status")).to_contain_text("Game over")


def test_virus_war_ten_turns_refuses_the_other_side_and_keeps_games(
    devices: list[BrowserContext], site_url: str
) -> None:
    import pyengine

    ana, bea = (context.new_page() for context in devices)
    start_by_link(ana, site_url, "virus-war", "Ana", seat=0)
    state: Any = pyengine.get_game("virus-war").new_initial_state({})
    rng = random.Random(11)
    pages = {0: ana, 1: bea}
    url = ""
    links = []
    played: list[str] = []
    turns = 0
    while turns < 12 and not state.is_terminal():
        seat = state.current_player()
        page = pages[seat]
        if url:
            opened(page, url)
            shown = actions(page)  # with nothing in reach, the page may have passed already
            assert shown == played or (forced(state) and shown == [*played, "pass"])
        while state.current_player() == seat and not state.is_terminal():
            action = rng.choice(state.legal_actions())
            before = len(played)
            if forced(state):
                pass  # nothing in reach: the page passes by itself
            elif str(action) == "pass":
                page.locator('#turn-actions button[data-play="pass"]').click()
            else:
                page.locator(f'#board [data-cell="{action}"]').click()
            page.wait_for_function(
                f"() => JSON.parse(window.virusGames.status()).ply === {before + 1}",
                timeout=READY,
            )
            state.apply(action)
            played.append(str(action))
        url = send(page)
        links.append(url)
        turns += 1
        if turns == 2:  # the one who just sent cannot move for the other side
            free = next(
                cell
                for cell in status(page)["board"]
                if cell not in (status(page)["targets"] or [])
            )
            before = status(page)["ply"]
            page.locator(f'#board [data-cell="{free}"]').click()
            expect(page.locator("#message")).to_contain_text("move: it will come to you")
            assert status(page)["ply"] == before
    assert turns >= 10
    # Bea's device (seat 1) holds the game; whoever sent last, open the newest link there
    opened(bea, links[-1])
    kept = actions(bea)
    assert len(kept) == len(payload_of(links[-1])["a"])

    # an old link: said, and the newer game stays
    opened(bea, links[3])
    expect(bea.locator("#message")).to_contain_text("older than your game")
    assert actions(bea) == kept

    # a link cut short by a messenger: refused, nothing lost
    opened(bea, links[-1][:-25])
    expect(bea.locator("#message")).to_contain_text("incomplete or was changed")
    bea.goto(f"{site_url}/index.html")
    expect(bea.locator("#unfinished-list li")).to_have_count(1, timeout=READY)
    expect(bea.locator("#unfinished-list li")).to_contain_text("Ana")
    game_id = payload_of(links[-1])["i"]
    opened(bea, f"{site_url}/virus-war.html#game={game_id}")
    assert actions(bea) == kept

    # a link whose past was rewritten: refused, naming where it differs
    forged = payload_of(links[-1])
    forged["a"] = list(forged["a"])
    position = 4
    legal = pyengine.get_game("virus-war").new_initial_state({})
    for text in forged["a"][:position]:
        legal.apply(next(a for a in legal.legal_actions() if str(a) == text))
    other = next(a for a in legal.legal_actions() if str(a) != forged["a"][position])
    forged["a"] = [*forged["a"][:position], str(other)]
    opened(bea, links[-1].split("#")[0] + "#link=" + encode_link(forged))
    expect(bea.locator("#message")).to_contain_text(f"from action {position + 1} on")
    assert actions(bea) == kept

    # a link of another game: a second game here, the first untouched
    start_by_link(ana, site_url, "virus-war", "Ana", seat=1)  # Bea moves first: an invitation
    invite = send(ana)
    assert payload_of(invite)["i"] != game_id
    opened(bea, invite)
    expect(bea.locator("#remote .remote-status")).to_contain_text("Your move")
    assert actions(bea) == []
    bea.goto(f"{site_url}/index.html")
    expect(bea.locator("#unfinished-list li")).to_have_count(2, timeout=READY)
    expect(bea.locator("#unfinished-list li").first).to_contain_text("Your move")
    opened(bea, f"{site_url}/virus-war.html#game={game_id}")
    assert actions(bea) == kept


def test_virus_fight_programs_travel_sealed(devices: list[BrowserContext], site_url: str) -> None:
    ana, bea = (context.new_page() for context in devices)
    start_by_link(ana, site_url, "virus-fight", "Ana", players=2)
    expect(ana.locator("#privacy")).to_be_hidden()
    expect(ana.locator("#program-builder")).to_be_visible()
    program_a = "b1:M2 c1:W1 @b1"
    build_program(ana, program_a)
    expect(ana.locator("#program-builder")).to_be_hidden()
    first = send(ana)
    payload = payload_of(first)
    text = json.dumps(payload)
    secret = json.loads(
        ana.evaluate(
            "JSON.stringify(window.virusGames && JSON.parse(window.virusGames.status()).remote)"
        )
    )["secret"]
    assert secret["p"] == program_a
    for hidden in (program_a, secret["k"], "M2", "W1"):
        assert hidden not in text  # nothing in the first link reveals the program
    assert payload["a"] == [] and payload["r"] == [None, None] and len(payload["c"][0]) == 64

    opened(bea, first)
    expect(bea.locator("#program-builder")).to_be_visible()
    expect(bea.locator("#privacy")).to_be_hidden()
    program_b = "c5:E3 d5:J1 @d5"
    build_program(bea, program_b)
    second = send(bea)
    revealed = payload_of(second)
    assert revealed["r"][1]["p"] == program_b  # the last to commit reveals at once

    # a reveal that does not match its commitment is refused, naming the player
    forged = payload_of(second)
    forged["r"][1] = {"p": "c5:E1 d5:J1 @d5", "k": forged["r"][1]["k"]}
    opened(ana, second.split("#")[0] + "#link=" + encode_link(forged))
    expect(ana.locator("#message")).to_contain_text("Player 2's program does not match")
    # the genuine one: every program is in, the game starts on Ana's device
    opened(ana, second)
    expect(ana.locator("#program-builder")).to_be_hidden()
    view = status(ana)
    assert view["setup"] is None
    assert view["saved"]["state"]["actions"][:2] == [program_a, program_b]

    # the game goes on by links both ways; Bea's device checks Ana's program when it comes
    import pyengine

    state: Any = pyengine.get_game("virus-fight").new_initial_state(revealed["o"])
    for program in (program_a, program_b):
        state.apply(next(a for a in state.legal_actions() if str(a) == program))
    pages = {0: ana, 1: bea}
    rng = random.Random(5)
    url = ""
    for _ in range(4):
        seat = state.current_player()
        page = pages[seat]
        if url:
            opened(page, url)
        while state.current_player() == seat and not state.is_terminal():
            action = rng.choice(state.legal_actions())
            before = status(page)["ply"]
            play(page, state, str(action))
            page.wait_for_function(
                f"() => JSON.parse(window.virusGames.status()).ply > {before}", timeout=READY
            )
            state.apply(action)
        url = send(page)
        moves = payload_of(url)
        assert moves["r"][0]["p"] == program_a and moves["r"][1]["p"] == program_b
        if state.is_terminal():
            break
    other = pages[1 - seat]
    opened(other, url)
    assert actions(other) == actions(pages[seat]) == [str(a) for a in state.history]


def test_the_bar_says_what_goes_out_and_to_whom(
    devices: list[BrowserContext], site_url: str
) -> None:
    ana, bea = (context.new_page() for context in devices)
    start_by_link(ana, site_url, "virus-war", "Ana", seat=1)  # Bea moves first
    bar = ana.locator("#remote .remote-status")
    expect(bar).to_have_text("Send the invitation to Player 1, who moves first.")
    expect(ana.locator("#remote-send")).to_have_text("Send the invitation")
    expect(ana.locator("#announce")).to_have_text(
        "Send the invitation to Player 1, who moves first."
    )
    invite = send(ana)
    shared = ana.evaluate("navigator.clipboard.readText()")
    assert shared.startswith("Ana invites you to a game of Virus War:\n"), shared
    expect(bar).to_have_text("Waiting for Player 1's move: it comes as a link.")
    # screen readers hear how it went, not "Send the invitation" again
    expect(ana.locator("#announce")).to_have_text(
        "Link copied: paste it to Player 1 in any messenger."
    )
    ana.goto(f"{site_url}/index.html")
    expect(ana.locator("#unfinished-list li")).to_contain_text("Waiting for Player 1")
    # Bea moves: a move now, sent as one
    opened(bea, invite)
    expect(bea.locator("#message")).to_contain_text("Ana invites you")
    state: Any = (
        __import__("pyengine").get_game("virus-war").new_initial_state(payload_of(invite)["o"])
    )
    while state.current_player() == 0:
        action = next(str(a) for a in state.legal_actions() if str(a) != "pass")
        before = status(bea)["ply"]
        bea.locator(f'#board [data-cell="{action}"]').click()
        bea.wait_for_function(
            f"() => JSON.parse(window.virusGames.status()).ply === {before + 1}", timeout=READY
        )
        state.apply(action)
    expect(bea.locator("#remote .remote-status")).to_have_text("Send your move to Ana.")
    expect(bea.locator("#remote-send")).to_have_text("Send your move")
    send(bea)
    assert bea.evaluate("navigator.clipboard.readText()").startswith(
        "Your move in Virus War, from Player 1:"
    )
    expect(bea.locator("#announce")).to_have_text("Link copied: paste it to Ana in any messenger.")
