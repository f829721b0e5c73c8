"""Games by link, two devices: each device acts only for its own seat. The waiting device
refuses every way of acting for the other seat (its buttons show disabled; the P key and the
test hook's requests are refused, said on the page), right after sending, after a reload and
after resuming from the home page; a forged link holding a move for a device's seat that this
device never made is refused there, naming it, and changes nothing; a refused link never changes
the game a tab shows, a finished one too, also after a reload."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from link_play import (
    READY,
    SEND,
    actions,
    idle,
    link_with,
    opened,
    payload_of,
    send,
    start_by_link,
    status,
    two_devices,
)
from virus_fight_play import build_program, play
from zebra_play import cells_of, click_cell
from zebra_play import choose_game as zebra_game


@pytest.fixture
def devices(
    browser: Browser, browser_context_args: dict, site_url: str
) -> Iterator[list[BrowserContext]]:
    """Two devices (link_play.two_devices)."""
    yield from two_devices(browser, browser_context_args, site_url)


def refuses(page: Page, requests: list[dict[str, Any]], said: str) -> None:
    """Every request, sent through the page's test hook, is refused by the page itself: said
    on the page, and nothing of the game changed."""
    before = status(page)
    for request in requests:
        reply = page.evaluate(SEND, request)
        assert reply["ok"] is False, (request, reply)
        assert reply["error"]["code"] == "page.refused", (request, reply)
        expect(page.locator("#message")).to_have_text(said)
        expect(page.locator("#message")).to_have_attribute("data-level", "error")
    after = status(page)
    assert after["saved"] == before["saved"] and after["ply"] == before["ply"]


def waits_for_the_other_side(page: Page, said: str) -> None:
    """Virus War, the other side to move: Pass shows disabled, and neither the P key nor any
    request acts for that side."""
    idle(page)
    pass_button = page.locator('#turn-actions button[data-play="pass"]')
    expect(pass_button).to_be_disabled()
    expect(page.locator("#redo")).to_be_disabled()
    expect(page.locator("#hint")).to_be_hidden()
    before = status(page)
    page.locator("body").press("p")
    expect(page.locator("#message")).to_have_text(said)
    idle(page)
    assert status(page)["saved"] == before["saved"]
    free = next(cell for cell in before["board"] if cell not in (before["targets"] or []))
    refuses(
        page,
        [
            {"op": "play", "action": "pass"},
            {"op": "click", "cell": free},
            {"op": "redo"},
            {"op": "hint", "slice_ms": 50},
            {"op": "cancel"},
            {"op": "seek", "ply": before["ply"] + 1},
        ],
        said,
    )
    undone = page.evaluate(SEND, {"op": "undo"})
    assert undone["error"]["code"] == "page.refused"  # what was sent stays
    resigned = page.evaluate(SEND, {"op": "resign"})
    assert resigned["error"]["code"] == "page.refused"  # a link carries no resignation
    assert status(page)["saved"] == before["saved"]


def play_turn(page: Page, state: Any, rng: random.Random) -> None:
    """The seat to move plays its whole Virus War turn on ``page`` (``state``: the engine's
    copy, kept in step), passing only when nothing else is legal."""
    seat = state.current_player()
    while state.current_player() == seat and not state.is_terminal():
        legal = [str(action) for action in state.legal_actions()]
        action = rng.choice([text for text in legal if text != "pass"] or legal)
        before = len(state.history)  # (the page may have passed already)
        if action != "pass":
            page.locator(f'#board [data-cell="{action}"]').click()
        # (a pass here is forced: nothing in reach, the page passes by itself)
        page.wait_for_function(
            f"() => JSON.parse(window.virusGames.status()).ply === {before + 1}", timeout=READY
        )
        state.apply(action)


def test_virus_war_the_waiting_device_never_acts_for_the_other_side(
    devices: list[BrowserContext], site_url: str
) -> None:
    import pyengine

    ana, bea = (context.new_page() for context in devices)
    start_by_link(ana, site_url, "virus-war", "Ana", seat=0)
    game_id = status(ana)["remote"]["id"]
    state: Any = pyengine.get_game("virus-war").new_initial_state(
        status(ana)["saved"]["state"]["options"]
    )
    rng = random.Random(3)
    play_turn(ana, state, rng)
    first = send(ana)
    not_mine = "It is Player 2's move: it will come to you as a link."
    waits_for_the_other_side(ana, not_mine)  # right after sending
    ana.reload()
    expect(ana.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    waits_for_the_other_side(ana, not_mine)  # after a reload
    ana.goto(f"{site_url}/index.html")
    resume = ana.locator(f'#unfinished-list li[data-id="{game_id}"] a')
    expect(resume).to_contain_text("Waiting for Player 2")  # a player, not a seat number
    resume.click()
    expect(ana.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    waits_for_the_other_side(ana, not_mine)  # resumed from the home page
    assert payload_of(first)["a"] == actions(ana)

    # Bea's turn comes in, she plays it; Ana's device takes it
    opened(bea, first)
    bea.locator("#remote-my-name").fill("Bea")
    bea.locator("#remote .remote-name button[type=submit]").click()
    play_turn(bea, state, rng)
    second = send(bea)
    waits_for_the_other_side(bea, "It is Ana's move: it will come to you as a link.")
    opened(ana, second)
    expect(ana.locator("#message")).to_contain_text("Bea's move came in")
    assert actions(ana) == [str(action) for action in state.history]

    # Ana plays her turn and Bea's next one on her device, through the engine behind the page's
    # back: the link made with the page's own encoder is refused by Bea's device, naming it
    play_turn(ana, state, rng)
    third = send(ana)
    kept = actions(bea)
    kept_saved = bea.evaluate("(id) => localStorage.getItem('virus-games.saved.' + id)", game_id)
    forged = payload_of(third)
    legal = [str(action) for action in state.legal_actions()]
    theirs = next(text for text in legal if text != "pass")
    forged["a"] = [*forged["a"], theirs]
    opened(bea, link_with(third, forged))
    number = len(forged["a"])
    expect(bea.locator("#message")).to_have_text(
        f"This link was refused: action {number}, {theirs}, is a move of yours that was never"
        " made on this device. Your game here stays as it is."
    )
    assert actions(bea) == kept
    assert (
        bea.evaluate("(id) => localStorage.getItem('virus-games.saved.' + id)", game_id)
        == kept_saved
    )
    # the genuine link still comes in
    opened(bea, third)
    expect(bea.locator("#message")).to_contain_text("Ana's move came in")
    assert actions(bea) == payload_of(third)["a"]


def decision_buttons(page: Page) -> dict[str, bool]:
    """The decision buttons shown: action -> enabled."""
    found = page.locator("#turn-actions button[data-play]").evaluate_all(
        "(buttons) => buttons.map((button) => [button.dataset.play, !button.disabled])"
    )
    return dict(found)


def test_virus_fight_the_waiting_device_never_decides_for_another_player(
    devices: list[BrowserContext], site_url: str
) -> None:
    import pyengine

    ana, bea = (context.new_page() for context in devices)
    start_by_link(ana, site_url, "virus-fight", "Ana", players=2)
    program_a, program_b = "b1:M2 c1:W1 @b1", "c5:E3 d5:J1 @d5"
    build_program(ana, program_a)
    # the program is sealed: the scores say so, not "writing…"
    expect(ana.locator("#scores li").first).to_have_text("Player 1: program sealed")
    expect(ana.locator("#scores li").nth(1)).to_have_text("Player 2: writing a program…")
    opened(bea, send(ana))
    build_program(bea, program_b)
    opened(ana, send(bea))
    game_id = status(ana)["remote"]["id"]
    options = status(ana)["saved"]["state"]["options"]
    state: Any = pyengine.get_game("virus-fight").new_initial_state(options)
    for program in (program_a, program_b):
        state.apply(program)
    pages = {0: ana, 1: bea}
    names = {0: "Ana", 1: "Player 2"}  # Bea never gave her name
    checked: set[str] = set()
    url = ""
    for _ in range(40):
        seat = state.current_player()
        page = pages[seat]
        if url:
            opened(page, url)
        if state.can_propose_stop() and "stop" not in checked and url:
            # "Propose to stop" shows on the device that sent the link, for this player:
            # disabled there
            checked.add("stop")
            assert decision_buttons(pages[1 - seat]).get("stop") is False
            said = f"It is {names[seat]}'s move: it will come to you as a link."
            refuses(pages[1 - seat], [{"op": "play", "action": "stop"}], said)
            assert decision_buttons(page).get("stop") is True
            before = status(page)["ply"]
            page.locator('#turn-actions button[data-play="stop"]').click()  # the other answers
            page.wait_for_function(
                f"() => JSON.parse(window.virusGames.status()).ply > {before}", timeout=READY
            )
            state.apply("stop")
            answering = state.current_player()
            assert answering != seat and state.decision == "stop-vote"
            expect(page.locator('#turn-actions button[data-play="accept"]')).to_be_disabled()
            said = f"It is {names[answering]}'s move: it will come to you as a link."
            refuses(page, [{"op": "play", "action": "accept"}], said)
            proposal = send(page)
            # the answer, forged on the proposer's device: refused by the answerer's
            forged = payload_of(proposal)
            forged["a"] = [*forged["a"], "accept"]
            answerer = pages[answering]
            kept = actions(answerer)
            opened(answerer, link_with(proposal, forged))
            expect(answerer.locator("#message")).to_contain_text(
                f"action {len(forged['a'])}, accept, is a move of yours that was never made"
            )
            assert actions(answerer) == kept and not status(answerer)["over"]
            url = proposal
            opened(answerer, url)
            play(answerer, state, "decline")
            state.apply("decline")
            page = answerer  # sends the answer back: the proposer's turn goes on
            seat = answering
            url = ""
        fresh = bool(url)  # the other device is where this one is: it sent the link
        while state.current_player() == seat and not state.is_terminal():
            legal = [str(action) for action in state.legal_actions()]
            if "x-" in legal and "erase" not in checked and fresh:
                # "Erase nothing" of this player's: disabled on the other device
                checked.add("erase")
                other = pages[1 - seat]
                assert decision_buttons(other).get("x-") is False
                said = f"It is {names[seat]}'s move: it will come to you as a link."
                refuses(other, [{"op": "play", "action": "x-"}], said)
            action = min(text for text in legal if text not in ("stop", "resign"))
            before = status(page)["ply"]
            play(page, state, action)
            page.wait_for_function(
                f"() => JSON.parse(window.virusGames.status()).ply > {before}", timeout=READY
            )
            state.apply(action)
            fresh = False
        if state.is_terminal() or checked == {"stop", "erase"}:
            break
        url = send(page)
    assert checked == {"stop", "erase"}
    assert status(ana)["remote"]["id"] == game_id


def open_here(page: Page, url: str, said: str) -> None:
    """``url`` opened in the tab as it is (pasted into its address bar: the same document)."""
    page.evaluate("(url) => { location.assign(url) }", url)
    expect(page.locator("#message")).to_contain_text(said)
    idle(page)


def test_a_refused_link_never_changes_the_finished_game_a_tab_shows(
    devices: list[BrowserContext], site_url: str
) -> None:
    moves, final = zebra_game({"size": 4}, seed=3)
    assert final.is_terminal()
    ana, bea = (context.new_page() for context in devices)
    start_by_link(ana, site_url, "zebra", "Ana")
    pages = [ana, bea]
    links: list[str] = []
    for number, move in enumerate(moves):
        page = pages[number % 2]
        if links:
            opened(page, links[-1])
        for cell in cells_of(move):
            click_cell(page, cell)
        expect(page.locator("#move-list .ply")).to_have_count(number + 1)
        if number == len(moves) - 1:  # the game is over: the last link goes to the other one
            other = "Ana" if page is bea else "Player 2"
            expect(page.locator("#remote .remote-status")).to_have_text(
                f"Send your move to {other}."
            )
        links.append(send(page))
    last = pages[(len(moves) - 1) % 2]  # the tab that made the last move and sent it
    shown = status(last)
    assert shown["over"]
    expect(last.locator("#remote .remote-status")).to_contain_text("Game over")

    def still_shown() -> None:
        now = status(last)
        assert now["over"] and now["record"] == shown["record"]
        assert now["saved"] == shown["saved"]
        assert now["remote"]["id"] == shown["remote"]["id"]

    final_link = links[-1]
    data = final_link.split("#link=", 1)[1]
    middle = len(data) // 2
    edited = data[:middle] + ("A" if data[middle] != "A" else "B") + data[middle + 1 :]
    rewritten = payload_of(final_link)
    rewritten["a"] = [moves[1], moves[0], *moves[2:]]
    other_game = payload_of(final_link)
    other_game["g"] = "virus-war"
    other_game["o"] = {"size": 10, "variant": "standard"}
    for url, said in (
        (final_link[:-25], "This link is incomplete or was changed"),  # cut by a messenger
        (links[2], "This link is older than your game here"),
        (final_link.split("#")[0] + "#link=" + edited, "This link is incomplete or was changed"),
        (final_link, "This link holds nothing new"),
        (link_with(final_link, rewritten), "from action 1 on"),
        (link_with(final_link, other_game), "This link is for another game"),
    ):
        open_here(last, url, said)
        still_shown()
    last.reload()
    expect(last.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    idle(last)
    still_shown()  # a reload shows the finished game too
    expect(last.locator("#remote .remote-status")).to_contain_text("Game over")
