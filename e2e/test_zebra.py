"""Whole Zebra games played by clicks on the built site, compared with the engine's verdict."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from playwright.sync_api import Page, expect

from human_play import wait_for_held
from zebra_play import choose_game, click_cell, open_zebra, play_by_clicks

WINNER_TEXT = {0: "White wins!", 1: "Black wins!"}


def finish_and_check(page: Page, moves: list[str], state) -> None:
    play_by_clicks(page, moves)
    result = state.result()
    (winner,) = result.winners
    banner = page.locator("#result")
    expect(banner).to_be_visible()
    expect(page.locator("#result-title")).to_have_text(WINNER_TEXT[winner])
    white, black = result.scores
    detail = page.locator("#result-detail")
    if result.reason == "count":
        expect(detail).to_contain_text(f"tops more towers, {white} to {black}")
    else:
        expect(detail).to_contain_text(f"tied {white} to {black}")
    expect(page.locator("#turn-text")).to_have_text(WINNER_TEXT[winner])


def test_complete_4x4_standard_game_by_clicks(page: Page, site_url: str, watch) -> None:
    moves, state = choose_game({"size": 4}, seed=1)
    open_zebra(page, site_url)
    finish_and_check(page, moves, state)
    # the pieces on the board are the engine's final position
    for index, value in enumerate(state.cells):
        cell = f"{'abcd'[index % 4]}{index // 4 + 1}"
        element = page.locator(f'#board [data-cell="{cell}"]')
        expect(element).to_have_attribute("data-height", str(abs(value)))
    # the watch sees the worker's own requests too (Pyodide's wasm is fetched inside the worker)
    assert any(url.endswith("/pyodide.asm.wasm") for url in watch.requests), watch.requests
    # the banner can be closed to look at the final board; undo brings play back
    page.locator("#result-close").click()
    expect(page.locator("#result")).to_be_hidden()
    page.locator("#undo").click()
    expect(page.locator("#move-list .ply")).to_have_count(len(moves) - 1)
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#turn-text")).not_to_contain_text("wins")


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"size": 3, "setup": "hole"}, 2),
        ({"size": 3, "setup": "remove"}, 3),
        ({"size": 3, "setup": "neutral"}, 4),
        ({"size": 4, "setup": "placement"}, 5),
        ({"size": 4, "setup": "standard", "movement": "jump"}, 6),
        ({"size": 5, "setup": "hole", "movement": "jump"}, 7),
    ],
    ids=["hole", "remove", "neutral", "placement", "jump", "hole-jump"],
)
def test_every_setup_reaches_its_end(
    page: Page, site_url: str, watch, options: dict, seed: int
) -> None:
    moves, state = choose_game(options, seed=seed)
    open_zebra(page, site_url, options)
    finish_and_check(page, moves, state)


def test_targets_highlighted_and_illegal_clicks_explained(page: Page, site_url: str, watch) -> None:
    open_zebra(page, site_url)
    expect(page.locator("#turn-text")).to_have_text("White to move")
    expect(page.locator("#undo")).to_be_disabled()  # nothing to undo yet
    expect(page.locator("#download")).to_be_enabled()
    click_cell(page, "a1")  # a Black tower
    expect(page.locator("#message")).to_have_text("a1 is not one of White's towers.")
    click_cell(page, "c2")
    highlighted = page.locator("#board .cell.highlight")
    expect(highlighted).to_have_count(4)
    assert sorted(highlighted.evaluate_all("cells => cells.map(c => c.dataset.cell)")) == [
        "b2",
        "c1",
        "c3",
        "d2",
    ]
    expect(page.locator('#board [data-cell="c2"]')).to_have_class(lambda_class("selected"))
    click_cell(page, "b4")  # a Black tower, but not a neighbour
    expect(page.locator("#message")).to_have_text("b4 is not next to c2.")
    click_cell(page, "d2")
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")
    expect(page.locator('#board [data-cell="c2"]')).to_have_class(lambda_class("last-move"))
    expect(page.locator('#board [data-cell="d2"]')).to_have_class(lambda_class("last-move"))
    expect(page.locator("#turn-text")).to_have_text("Black to move")
    click_cell(page, "c2")  # the emptied cell
    expect(page.locator("#message")).to_contain_text("c2 is empty")


def test_undo_redo_and_new_game(page: Page, site_url: str, watch) -> None:
    open_zebra(page, site_url)
    play_by_clicks(page, ["c2-d2", "a1-b1"])
    expect(page.locator("#scores li")).to_have_text(["White: 7", "Black: 7"])
    page.locator("#undo").click()
    expect(page.locator("#move-list .ply")).to_have_count(1)
    expect(page.locator('#board [data-cell="a1"]')).to_have_attribute("data-kind", "tower")
    page.keyboard.press("Control+z")
    expect(page.locator("#moves-empty")).to_be_visible()
    expect(page.locator("#undo")).to_be_disabled()
    page.locator("#redo").click()
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")
    page.locator(".controls [data-action=new-game]").click()
    expect(page.locator("#move-list .ply")).to_have_count(0)
    expect(page.locator("#redo")).to_be_disabled()


def test_keyboard_plays_a_move(page: Page, site_url: str, watch) -> None:
    open_zebra(page, site_url)
    page.locator("#board").focus()
    # the cursor starts on the first cell with a legal move (a2); walk to c2 and play c2-d2
    for key in ["ArrowRight", "ArrowRight", "Enter", "ArrowRight", "Enter"]:
        page.keyboard.press(key)
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")
    expect(page.locator("#announce")).not_to_be_empty()


def test_download_diagram_is_a_standalone_svg(page: Page, site_url: str, watch, tmp_path) -> None:
    open_zebra(page, site_url)
    play_by_clicks(page, ["c2-d2"])
    with page.expect_download() as download_info:
        page.locator("#download").click()
    download = download_info.value
    assert download.suggested_filename == "zebra-1.svg"
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    root = ElementTree.parse(target).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    cells = root.findall(".//{http://www.w3.org/2000/svg}g[@data-cell]")
    assert len(cells) == 16
    by_name = {cell.get("data-cell"): cell for cell in cells}
    assert by_name["c2"].get("data-kind") == "empty"
    assert by_name["d2"].get("data-height") == "2"
    assert "highlight" not in target.read_text()


def test_first_paint_before_the_runtime(page: Page, site_url: str, watch) -> None:
    """The board shows while the runtime is still on its way, and the game is drawn from the
    opening book (whose turn, nothing to undo, no "loading" in the way) before the engine."""
    release = []
    runtime = "**/app/engine-worker.js"  # the engine's worker: it loads the runtime

    def hold_runtime(route):
        release.append(route)

    page.route(runtime, hold_runtime)
    page.goto(f"{site_url}/zebra.html")
    expect(page.locator("#board [data-cell]")).to_have_count(16)
    expect(page.locator("#turn-text")).to_have_text("White to move")
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#undo")).to_be_disabled()
    wait_for_held(page, release, what="the runtime")
    assert page.locator("body").get_attribute("data-ready") is None  # the engine is held back
    release[0].continue_()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#loading")).to_be_hidden()


def test_spanish(page: Page, site_url: str, watch) -> None:
    open_zebra(page, site_url)
    page.select_option("#language", "es")
    expect(page.locator("#turn-text")).to_have_text("Mueven Blancas")
    click_cell(page, "a1")
    expect(page.locator("#message")).to_have_text("a1 no es una torre de Blancas.")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#turn-text")).to_have_text("Mueven Blancas")


def test_bad_option_is_refused_and_the_game_stays(page: Page, site_url: str, watch) -> None:
    open_zebra(page, site_url)
    play_by_clicks(page, ["c2-d2"])
    reply = page.evaluate(
        "() => window.virusGames.send({op: 'new', game: 'zebra', options: {size: 4, setup: 'hole'}})"
    )
    assert reply["ok"] is False and reply["error"]["code"] == "option.conflict"
    expect(page.locator("#message")).to_contain_text("The option size cannot be 4 with setup hole")
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")


def lambda_class(token: str):
    import re

    return re.compile(rf"(^|\s){re.escape(token)}(\s|$)")


def test_record_round_trip_and_bad_record(page: Page, site_url: str, watch) -> None:
    open_zebra(page, site_url)
    play_by_clicks(page, ["c2-d2", "a1-b1", "d2-c1"])
    expect(page.locator("#board")).not_to_have_attribute("data-animating", "true")  # at rest
    record = page.locator("#record-text").input_value()
    assert "1. c2-d2 a1-b1" in record and "2. d2-c1" in record
    board_before = page.locator("#board").inner_html()
    page.locator(".record-panel summary").click()
    page.locator("#record-text").fill("1. c2-d2 c3-c2")
    page.locator("#record-form button[type=submit]").click()
    expect(page.locator("#message")).to_contain_text("line 1, move 1...: c3-c2 is illegal")
    expect(page.locator("#move-list .ply")).to_have_count(3)  # the game on screen is untouched
    page.locator("#record-text").fill(record)
    page.locator("#record-form button[type=submit]").click()
    expect(page.locator("#message")).to_have_text("Game loaded: 3 moves replayed.")
    expect(page.locator("#move-list .ply.last")).to_have_text("d2-c1")
    assert page.locator("#board").inner_html() == board_before


def test_an_error_in_the_glue_is_shown_and_the_game_goes_on(
    page: Page, site_url: str, watch
) -> None:
    open_zebra(page, site_url)
    play_by_clicks(page, ["c2-d2"])
    page.evaluate("() => window.virusGames.fault()")  # an event handler meets an error
    expect(page.locator("#message")).to_have_text(
        "Something went wrong on this page. Your game is saved; if the page stops answering,"
        " reload it."
    )
    expect(page.locator("#message")).to_have_attribute("data-level", "error")
    assert "Traceback" not in page.locator("main").inner_text()
    # for developers, the console names it (and nothing else went wrong)
    assert watch.console_errors == [
        "glue error in test fault: RuntimeError: a fault caused on purpose"
    ]
    watch.console_errors.clear()
    for cell in ("a1", "b1"):  # the game goes on
        click_cell(page, cell)
    expect(page.locator("#move-list .ply.last")).to_have_text("a1-b1")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#move-list .ply")).to_have_count(2)  # and it was saved
