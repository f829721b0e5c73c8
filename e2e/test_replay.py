"""Replays, the board's orientation and one-click starts on the built site: in every game a
click on a move of the list, the arrow keys, Home and End show the engine's picture of that
position with a "viewing move N" bar, and the way back finds the game as it was (undo and
redo untouched); the evaluation chart of a finished game is clickable; the flip button and
a computer game with the person in the second seat; the home page's one-click starts (the
level remembered, the unfinished game kept and said where), the rematch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from board_picture import (
    OPTIONS,
    assert_board_is,
    engine_controller,
    random_record,
)
from human_play import settled, status, wait_until
from test_virus_fight import SAMPLE_RECORD

GAMES = list(OPTIONS)
SEND = "(request) => window.virusGames.send(request)"


def load(page: Page, site_url: str, game: str, record: str, seats: list[str] | None = None):
    """``game``'s page with the game of ``record`` loaded (fast computer players)."""
    page.goto(f"{site_url}/{game}.html?fast=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    request: dict = {"op": "load", "game": game, "record": record}
    if seats:
        request["seats"] = seats
    reply = page.evaluate(SEND, request)
    assert reply["ok"], reply
    return wait_until(page, settled)


def list_plies(page: Page) -> list[int]:
    """The position each move of the list shows (its ``data-ply``), in the list's order."""
    return [
        int(ply)
        for ply in page.locator("#move-list button.ply").evaluate_all(
            "(buttons) => buttons.map((button) => button.dataset.ply)"
        )
    ]


def stops(page: Page, live: int) -> list[int]:
    """The positions the replay steps through: the start and each move of the list's."""
    return sorted({0, *(ply for ply in list_plies(page) if ply < live)})


def expect_viewing(page: Page, engine, ply: int | None, number: int | None = None) -> None:
    """The page shows position ``ply`` (None: the live game) as the engine draws it, and its
    bar counts as the move list does: ``number`` (else the moves the list shows complete
    there) of the list's moves."""
    wait_until(page, lambda now: now["viewing"] == ply, what=f"position {ply}")
    if ply is None:
        expect(page.locator("#viewing-bar")).to_be_hidden()
        return
    plies = list_plies(page)
    if number is None:
        number = sum(1 for shown in plies if shown <= ply)
    expect(page.locator("#viewing-bar")).to_be_visible()
    expect(page.locator("#viewing-text")).to_contain_text(f"Viewing move {number} of {len(plies)}")
    assert_board_is(page, engine.handle({"op": "position", "ply": ply})["position"]["svg"])


@pytest.mark.parametrize("game", GAMES)
def test_replay_by_mouse_and_keyboard_and_back_to_the_game(
    page: Page, site_url: str, watch, game: str
) -> None:
    record = random_record(game, 9, seed=3)
    page.emulate_media(reduced_motion="reduce")  # pictures compared at once
    live = load(page, site_url, game, record)
    page.locator("#undo").click()  # something to redo: viewing must not touch it
    live = wait_until(page, lambda now: settled(now) and now["ply"] == live["ply"] - 1)
    engine = engine_controller(live["saved"])
    live_svg = engine.handle({"op": "view"})["view"]["svg"]
    assert_board_is(page, live_svg)
    moves = page.locator("#move-list button.ply")
    count = moves.count()
    assert count >= 2
    # the mouse: every move of the list shows the position after it
    for index in range(count):
        ply = int(moves.nth(index).get_attribute("data-ply") or "")
        moves.nth(index).click()
        if ply >= live["ply"]:
            expect_viewing(page, engine, None)
            continue
        expect_viewing(page, engine, ply, index + 1)
        expect(moves.nth(index)).to_have_attribute("aria-current", "step")
    # the keyboard, from the move list: back one, the start, on, the end; a step is a move
    # of the list (a Virus War turn, not one of its three steps)
    steps = stops(page, live["ply"])
    assert len(steps) >= 3, steps
    page.locator("#move-list").focus()
    page.keyboard.press("End")
    expect_viewing(page, engine, None)
    page.keyboard.press("ArrowLeft")
    expect_viewing(page, engine, steps[-1])
    page.keyboard.press("Home")
    expect_viewing(page, engine, 0)
    expect(page.locator("#viewing-prev")).to_be_disabled()
    page.keyboard.press("ArrowRight")
    expect_viewing(page, engine, steps[1])
    # a click on the board while viewing changes nothing: the page says what is on view
    page.locator("#announce").evaluate("(node) => { node.textContent = ''; }")
    page.locator("#board [data-cell]").first.click()
    expect(page.locator("#announce")).to_have_text(page.locator("#viewing-text").inner_text())
    assert status(page)["viewing"] == steps[1] and status(page)["ply"] == live["ply"]
    # the bar's buttons, then back to the game, which is as it was
    page.locator("#viewing-next").click()
    expect_viewing(page, engine, steps[2])
    page.locator("#viewing-back").click()
    expect_viewing(page, engine, None)
    after = status(page)
    for field in ("ply", "record", "saved", "toMove", "buttons", "highlighted"):
        assert after[field] == live[field], field
    assert_board_is(page, live_svg)
    expect(page.locator("#redo")).to_be_enabled()
    # Escape leaves a position too, and a change to the game (redo) ends the viewing
    expect(page.locator("#board")).to_be_focused()  # back to the game: back to playing
    page.locator("#move-list").focus()
    page.keyboard.press("ArrowLeft")
    expect_viewing(page, engine, steps[-1])
    page.keyboard.press("Escape")
    expect_viewing(page, engine, None)
    page.keyboard.press("ArrowLeft")
    expect_viewing(page, engine, steps[-1])
    page.locator("#redo").click()
    wait_until(page, lambda now: settled(now) and now["ply"] == live["ply"] + 1)
    assert status(page)["viewing"] is None
    expect(page.locator("#viewing-bar")).to_be_hidden()


def test_a_finished_game_steps_through_and_its_chart_is_clickable(
    page: Page, site_url: str, watch
) -> None:
    record = random_record("zebra", 0, seed=5, finish=True)
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 1280, "height": 640})  # a move list that scrolls
    final = load(page, site_url, "zebra", record, seats=["human", "random"])
    assert final["over"]
    engine = engine_controller(final["saved"])
    expect(page.locator("#result")).to_be_visible()
    chart = page.locator("#result-chart svg[role=slider]")
    expect(chart).to_have_attribute("aria-valuenow", str(final["ply"]))
    box = chart.bounding_box()
    assert box is not None
    # the chart's drawing spans 300 of its 308 units: its middle is the middle of the game
    chart.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    middle = round(final["ply"] / 2)
    wait_until(page, lambda now: now["viewing"] in (middle - 1, middle, middle + 1))
    ply = status(page)["viewing"]
    expect_viewing(page, engine, ply)
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#move-list")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect_viewing(page, engine, ply + 1)
    page.keyboard.press("End")
    expect_viewing(page, engine, None)
    expect(page.locator("#result")).to_be_visible()  # back to the game: its result again
    # the whole game, from its start
    page.keyboard.press("Home")
    expect_viewing(page, engine, 0)
    for step in range(1, 4):
        page.keyboard.press("ArrowRight")
        expect_viewing(page, engine, step)
    # the move list (scrolled to its end by the game) shows the move marked
    marked = page.locator("#move-list .ply.viewed").evaluate("""(button) => {
        const list = button.closest("#move-list").getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return box.top >= list.top && box.bottom <= list.bottom;
    }""")
    assert marked


# Where an element is: wholly in the window, and what the window shows at its middle (itself,
# or what covers it).
ON_SCREEN = """(selector) => {
    const element = document.querySelector(selector);
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
        inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
        middle: hit === null ? "nothing" : element.contains(hit) ? "itself" : hit.outerHTML.slice(0, 100),
    };
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_finished_game_replays_from_the_move_list_with_its_result_out_of_the_way(
    page: Page, site_url: str, watch, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(reduced_motion="reduce")
    record = random_record("zebra", 0, seed=5, finish=True)
    final = load(page, site_url, "zebra", record, seats=["human", "human"])
    assert final["over"]
    engine = engine_controller(final["saved"])
    result = page.locator("#result")
    expect(result).to_be_visible()
    page.locator("#move-list button.ply").first.click()
    expect_viewing(page, engine, 1, 1)
    # the result makes way: the board is on screen and uncovered, the bar's buttons too
    expect(result).to_be_hidden()
    board = page.evaluate(ON_SCREEN, "#board")
    assert board["middle"] == "itself", board
    for button in ("#viewing-prev", "#viewing-next", "#viewing-back"):
        where = page.evaluate(ON_SCREEN, button)
        assert where == {"inside": True, "middle": "itself"}, (button, where)
    page.locator("#viewing-next").click()
    expect_viewing(page, engine, 2, 2)
    # back to the game: its result again
    page.locator("#viewing-back").click()
    expect_viewing(page, engine, None)
    expect(result).to_be_visible()
    expect(page.locator("#result-title")).to_have_text(re.compile("wins|draw", re.IGNORECASE))


# Each number of the move list: inside the list's box on the left, and shown whole.
NUMBERS = """() => {
    const list = document.querySelector("#move-list").getBoundingClientRect();
    return [...document.querySelectorAll("#move-list .move-number")].map((number) => ({
        text: number.textContent,
        inside: number.getBoundingClientRect().left >= list.left,
        whole: number.scrollWidth <= number.clientWidth,
        right: Math.round(number.getBoundingClientRect().right),
    }));
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_move_numbers_of_two_and_three_digits_show_whole(
    page: Page, site_url: str, watch, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    load(page, site_url, "virus-war", random_record("virus-war", 66, seed=2))
    numbers = page.evaluate(NUMBERS)
    assert [number["text"] for number in numbers][-3:] == ["9.", "10.", "11."], numbers
    # three digits: the widest a game reaches in practice
    page.locator("#move-list .move-number").last.evaluate("(number) => number.textContent = '999.'")
    numbers = page.evaluate(NUMBERS)
    assert all(number["inside"] and number["whole"] for number in numbers), numbers
    assert len({number["right"] for number in numbers}) == 1, numbers  # they line up


def test_virus_fight_at_game_over_offers_undo_only_when_it_works(
    page: Page, site_url: str, watch
) -> None:
    # a friend game over after play (the rules' sample game): Undo works, as the status says
    final = load(page, site_url, "virus-fight", SAMPLE_RECORD, seats=["human", "human"])
    assert final["over"]
    expect(page.locator("#status")).to_have_text(
        "The game is over. Start a new game, or undo to look back."
    )
    page.locator("#undo").click()
    wait_until(page, lambda now: settled(now) and now["ply"] == final["ply"] - 1)
    # over as the programs are revealed (each blocked at once): programs are never taken
    # back, so Undo is off and the status does not offer it
    record = "VirusFight 1\nplayers 2\nsize 5\nseed 0\nsetup 1 a1:M1 @a1\nsetup 2 e5:M1 @e5\n"
    reply = page.evaluate(SEND, {"op": "load", "game": "virus-fight", "record": record})
    assert reply["ok"] and reply["view"]["result"], reply
    wait_until(page, lambda now: now["over"])
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#status")).to_have_text("The game is over. Start a new game.")


def test_rematch_swaps_the_seats_and_turns_the_board(page: Page, site_url: str, watch) -> None:
    record = random_record("zebra", 0, seed=6, finish=True)
    final = load(page, site_url, "zebra", record, seats=["human", "random"])
    assert final["over"] and not final["flipped"]
    page.locator("#rematch").click()
    current = wait_until(page, lambda now: now["generation"] > final["generation"])
    assert current["seats"] == ["random", "human"] and current["flipped"]
    expect(page.locator("#board svg")).to_have_attribute("data-flipped", "true")
    expect(page.locator("#flip")).to_have_attribute("aria-pressed", "true")
    # the computer opens; the person then plays from the bottom of the board
    wait_until(page, lambda now: settled(now) and now["ply"] >= 1, what="the computer's move")


@pytest.mark.parametrize("game", ["zebra", "virus-war"])
def test_flip_and_the_second_seat_at_the_bottom(
    page: Page, site_url: str, watch, game: str
) -> None:
    page.goto(f"{site_url}/{game}.html?fast=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)

    def corner_of_a1() -> str:
        """Where a1 is on the board (read at once: the computer may redraw it any moment)."""
        return page.evaluate("""() => {
            const board = document.querySelector("#board svg").getBoundingClientRect();
            const cell = document.querySelector('#board [data-cell="a1"]').getBoundingClientRect();
            const top = cell.y - board.y < board.height / 2;
            const left = cell.x - board.x < board.width / 2;
            return (top ? "top" : "bottom") + "-" + (left ? "left" : "right");
        }""")

    assert corner_of_a1() == "bottom-left" and not status(page)["flipped"]
    page.locator("#flip").click()
    expect(page.locator("#flip")).to_have_attribute("aria-pressed", "true")
    assert corner_of_a1() == "top-right" and status(page)["flipped"]
    page.locator("#flip").click()
    expect(page.locator("#flip")).to_have_attribute("aria-pressed", "false")
    assert corner_of_a1() == "bottom-left"
    # the person in the second seat against the computer: their side starts at the bottom
    before = status(page)["generation"]
    page.locator(".options-panel summary").click()
    page.locator("#seat-kind-0").select_option("random")
    page.locator("#seat-kind-1").select_option("human")
    page.locator("#options button[type=submit]").click()
    wait_until(page, lambda now: now["generation"] > before and now["flipped"])
    assert corner_of_a1() == "top-right"


def test_one_click_starts_from_the_home_page(page: Page, site_url: str, watch) -> None:
    # a game with a friend, one move played: it stays unfinished
    page.goto(f"{site_url}/")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready")
    card = page.locator(".game-card", has=page.locator('a[href="zebra.html"]'))
    card.locator("a[data-start=friend]").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    current = wait_until(page, settled)
    assert current["seats"] == ["human", "human"]
    page.locator('#board [data-cell="c2"]').click()
    page.locator('#board [data-cell="d2"]').click()
    wait_until(page, lambda now: settled(now) and now["ply"] == 1)
    assert "#" not in page.url  # used once: a reload resumes the game
    # the computer, at the level chosen on the home page (remembered)
    page.goto(f"{site_url}/")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready")
    expect(page.locator("#level")).to_have_value("medium")
    page.locator("#level").select_option("hard")
    card = page.locator(".game-card", has=page.locator('a[href="zebra.html"]'))
    link = card.locator("a[data-start=computer]")
    expect(link).to_have_attribute("href", "zebra.html#play=computer&level=hard")
    link.click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    current = wait_until(page, lambda now: now["seats"] == ["human", "hard"])
    assert current["ply"] == 0 and not current["flipped"]
    # the friend's game is not lost, and the page says where it is
    expect(page.locator("#message")).to_contain_text("Unfinished games")
    page.goto(f"{site_url}/")
    expect(page.locator("#unfinished-list .unfinished-game")).to_have_count(1)
    expect(page.locator("#unfinished-list")).to_contain_text("1 move ·")
    expect(page.locator("#level")).to_have_value("hard")
    # every other game too (Fight the Virus: two players by default, the second the computer)
    for game in ("virus-war", "virus-fight", "fight-the-virus"):
        page.goto(f"{site_url}/")
        expect(page.locator("body")).to_have_attribute("data-glue", "ready")
        card = page.locator(".game-card", has=page.locator(f'a[href="{game}.html"]'))
        card.locator("a[data-start=computer]").click()
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        wait_until(page, lambda now: now["seats"] == ["human", "hard"], what=game)
