"""Phone-sized screens: every page fits the width of a 390×844 and a 360×640 phone, on game
pages the board is the largest thing on screen, every interactive target is at least 44 px
both ways, and each game is played to its end by taps (touch emulation) against a fast
computer (human_play.py chooses the person's decisions with the engine)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from axe_audit import audit
from conftest import TEST_HOOKS, PageWatch, is_same_origin, patient
from human_play import Chooser, engine_state, open_against_computer, settled, wait_until

PHONES: dict[str, ViewportSize] = {
    "390x844": {"width": 390, "height": 844},
    "360x640": {"width": 360, "height": 640},
}
GAMES = ["zebra", "virus-war", "virus-fight", "fight-the-virus"]
PAGES = [
    "index.html",
    *(f"{game}.html" for game in GAMES),
    *(f"rules-{game}.html" for game in GAMES),
    "docs/engine.html",
    "docs/embed.html",
    "embed.html?game=zebra",
]

# What breaks a phone layout, as the page is now: how far the page scrolls sideways, the
# interactive targets under 44 px (links inside running text excepted: WCAG 2.5.5), and on a
# game page anything visible (other than the board's own containers) larger than the board.
LAYOUT = """() => {
    const width = window.innerWidth;
    const shown = (element) => {
        if (!element.checkVisibility({ checkVisibilityCSS: true })) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > 0 && box.left < width;
    };
    const name = (element) => element.id ? `#${element.id}` : element.outerHTML.slice(0, 80);
    const small = [];
    const targets = "button, select, input:not([type=hidden]), textarea, summary, a[href], .board-frame [data-cell]";
    // a board drawn whole on a narrow screen: its squares reach a finger's size through the
    // "Large squares" button beside it (checked pressed in test_every_board_fits_the_phone)
    const zoom = document.querySelector("#board-tools");
    const whole = zoom && shown(zoom) ? ".board-frame:not(.zoomed) [data-cell]" : null;
    for (const element of document.querySelectorAll(targets)) {
        if (!shown(element) || element.closest(".skip-link")) continue;
        if (whole && element.matches(whole)) continue;
        if (element.matches("a") && element.closest("p, li, td, dd, figcaption") && !element.closest("nav")) continue;
        const box = element.getBoundingClientRect();
        if (box.width < 43.99 || box.height < 43.99) small.push(`${name(element)} ${box.width.toFixed(1)}x${box.height.toFixed(1)}`);
    }
    const board = document.querySelector("body.game #board");
    const larger = [];
    if (board && shown(board)) {
        const area = (element) => element.getBoundingClientRect().width * element.getBoundingClientRect().height;
        for (const element of document.body.querySelectorAll("*")) {
            if (element.contains(board) || board.contains(element) || !shown(element)) continue;
            if (area(element) > area(board)) larger.push(`${name(element)} ${Math.round(area(element))} > ${Math.round(area(board))}`);
        }
    }
    return { overflow: document.documentElement.scrollWidth - width, small, larger, board: Boolean(board && shown(board)) };
}"""


def phone_page(
    browser: Browser, site_url: str, viewport: ViewportSize
) -> Iterator[tuple[Page, PageWatch]]:
    """A page in a touch phone's context, watched like conftest's `watch` does it."""
    context = patient(
        browser.new_context(
            viewport=viewport, has_touch=True, is_mobile=True, service_workers="block"
        )
    )
    record = PageWatch(origin=site_url)

    def on_request(request) -> None:
        record.requests.append(request.url)
        if not is_same_origin(request.url, site_url):
            record.foreign_requests.append(request.url)

    context.on("request", on_request)
    context.add_init_script(TEST_HOOKS)
    page = context.new_page()
    page.on(  # type: ignore[call-overload]
        "console",
        lambda message: message.type == "error" and record.console_errors.append(message.text),  # type: ignore[func-returns-value]
    )
    page.on("pageerror", lambda error: record.page_errors.append(str(error)))
    try:
        yield page, record
        record.check()
    finally:
        context.close()


@pytest.fixture
def tall_phone(browser: Browser, site_url: str) -> Iterator[Page]:
    for page, _ in phone_page(browser, site_url, PHONES["390x844"]):
        yield page


def check_layout(page: Page, where: str, *, board: bool | None = None) -> None:
    layout = page.evaluate(LAYOUT)
    assert layout["overflow"] <= 0, f"{where}: scrolls sideways by {layout['overflow']} px"
    assert layout["small"] == [], f"{where}: targets under 44 px: {layout['small'][:8]}"
    assert layout["larger"] == [], f"{where}: larger than the board: {layout['larger'][:4]}"
    if board is not None:
        assert layout["board"] == board, f"{where}: board shown {layout['board']}"


def test_every_page_fits_a_phone(tall_phone: Page, site_url: str) -> None:
    page = tall_phone
    for path in PAGES:
        page.set_viewport_size(PHONES["390x844"])
        page.goto(f"{site_url}/{path}")
        if path.removesuffix(".html") in GAMES:
            expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        else:
            page.wait_for_load_state("networkidle")
        # (Virus Fight opens on its "pass the device" screen: its board is checked in play below)
        board = None if path == "virus-fight.html" else path.removesuffix(".html") in GAMES
        for size, viewport in PHONES.items():  # the same page on the smaller phone: laid out again
            page.set_viewport_size(viewport)
            page.evaluate(
                "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
            )
            check_layout(page, f"{path} at {size}", board=board)
        # the accessibility audit again, on the phone layout (test_accessibility runs it at a
        # desktop width)
        assert audit(page) == [], f"{path} at 360x640"


def tap_placement(page: Page, token: str) -> None:
    """A Fight the Virus shape by taps: its family, Rotate and Flip, then the anchor twice
    (the first tap shows the shape there, the second places it)."""
    from fight_the_virus_play import COLUMNS, cell_position, family_key, shape_key

    positions = [cell_position(cell) for cell in token[2:].split(".")]
    if page.locator("#placer-palette").is_visible():
        page.locator(f'#placer-palette [data-family="{family_key(positions)}"]').tap()
    shape = page.locator("#placer-shape")
    for turn in range(8):
        if shape.get_attribute("data-shape") == shape_key(positions):
            break
        page.locator("#placer-flip" if turn == 4 else "#placer-rotate").tap()
    expect(shape).to_have_attribute("data-shape", shape_key(positions))
    row, col = min(positions)
    anchor = page.locator(f'#board [data-cell="{COLUMNS[col]}{row}"]')
    anchor.tap()
    expect(page.locator("#placer")).to_have_attribute("data-legal", "true")
    anchor.tap()


def tap_program(page: Page, chooser: Chooser, current: dict) -> None:
    """Virus Fight's secret program, chosen by the engine, piece by piece in the builder."""
    from pyengine.games.virus_fight import presentation

    state = engine_state("virus-fight", current["record"], current["saved"])
    *placements, marker = str(presentation.random_setup(state, chooser.rng)).split()
    expect(page.locator("#privacy")).to_be_hidden()  # against the computer: nobody to hide from
    for placement in placements:
        cell, code = placement.split(":")
        page.locator(f'#builder-slots .slot[data-cell="{cell}"]').tap()
        page.locator(f'#builder-palette [data-code="{code}"]').tap()
        expect(page.locator(f'#builder-slots .slot[data-cell="{cell}"]')).to_have_attribute(
            "data-code", code
        )
    page.locator(f'#builder-slots .slot[data-cell="{marker[1:]}"]').tap()
    page.locator("#builder-marker").tap()
    expect(page.locator(f'#builder-slots .slot[data-cell="{marker[1:]}"]')).to_have_attribute(
        "data-marker", "true"
    )
    page.locator("#builder-submit").tap()


def tap_action(page: Page, action: str, clicks: tuple[str, ...]) -> None:
    if not clicks:
        page.locator(f'#turn-actions button[data-play="{action}"]').tap()
    for token in clicks:
        if token.startswith("A:"):
            tap_placement(page, token)
        elif ":" in token or token.startswith("+"):
            page.locator(f'#turn-actions button[data-click="{token}"]').tap()
        else:
            page.locator(f'#board [data-cell="{token}"]').tap()


@pytest.mark.parametrize("game", GAMES)
def test_a_game_by_taps(tall_phone: Page, site_url: str, game: str) -> None:
    page = tall_phone
    open_against_computer(page, site_url, game)
    chooser = Chooser(11)
    current = wait_until(page, settled)
    decisions = 0
    for _ in range(400):
        if current["over"]:
            break
        if current["setup"] is not None:  # Virus Fight's secret program, piece by piece
            tap_program(page, chooser, current)
        else:
            action, clicks, _ = chooser.choose(game, current)
            ply = current["ply"]
            tap_action(page, action, clicks)
            wait_until(
                page, lambda now, ply=ply: now["ply"] > ply, what=f"{action} by taps {clicks}"
            )
            decisions += 1
        current = wait_until(page, settled, what="the computer")
        if (
            decisions == 2 and not current["over"]
        ):  # in play: the board, the decision bar, the placer
            check_layout(page, f"{game} in play", board=True)
            decisions += 1
    assert current["over"], "the game did not end"
    expect(page.locator("#result")).to_be_visible()
    check_layout(page, f"{game} at the end")


# Every board fits the screen's width by default (its squares made larger only at the "Large
# squares" button's choice), and the header takes at most two lines.
FITS = """() => {
    const width = window.innerWidth;
    const board = document.querySelector("#board");
    const svg = board && board.querySelector("svg");
    const cells = [...document.querySelectorAll("#board [data-cell]")].map((cell) => cell.getBoundingClientRect());
    const header = document.querySelector(".site-header").getBoundingClientRect();
    const line = document.querySelector(".site-header .brand").getBoundingClientRect().height;
    return {
        svg: svg ? [svg.getBoundingClientRect().left, svg.getBoundingClientRect().right] : null,
        cells: [Math.min(...cells.map((box) => box.left)), Math.max(...cells.map((box) => box.right))],
        scrolls: board ? board.scrollWidth - board.clientWidth : 0,
        zoomed: board ? board.classList.contains("zoomed") : false,
        header: header.height, line, width,
    };
}"""


def check_fits(page: Page, where: str) -> dict:
    fits = page.evaluate(FITS)
    left, right = fits["cells"]
    assert left >= 0 and right <= fits["width"], f"{where}: the board's cells span {fits}"
    if fits["svg"] is not None:
        assert fits["svg"][0] >= 0 and fits["svg"][1] <= fits["width"], f"{where}: {fits}"
    assert fits["scrolls"] <= 0 and not fits["zoomed"], f"{where}: the board is cut: {fits}"
    # at most two lines: two rows of 44 px targets and the header's padding
    assert fits["header"] <= 2 * fits["line"] + 20, f"{where}: the header is {fits['header']} px"
    return fits


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("virus-war", {"size": 10}),
        ("virus-war", {"size": 14}),
        ("fight-the-virus", {}),
        ("zebra", {}),
        ("virus-fight", {}),
    ],
)
def test_every_board_fits_the_phone_by_default(
    tall_phone: Page, site_url: str, game: str, options: dict
) -> None:
    page = tall_phone
    page.goto(f"{site_url}/{game}.html?fast=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    if options:
        before = wait_until(page, settled)["generation"]
        page.evaluate(
            "(request) => window.virusGames.send(request)",
            {"op": "new", "game": game, "options": options},
        )
        wait_until(page, lambda now: now["generation"] > before, what="the new game")
    if game == "virus-fight":  # its board shows once the programs are in: the builder's slots
        return check_header(page, game)
    wait_until(page, settled)
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    check_fits(page, f"{game} {options}")
    zoom = page.locator("#board-zoom")
    if zoom.is_visible():  # larger squares at the person's choice, then the whole board again
        expect(zoom).to_have_attribute("aria-pressed", "false")
        zoom.tap()
        expect(zoom).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#board")).to_have_class("board-frame zoomed")
        check_layout(page, f"{game} {options} with Large squares")
        zoom.tap()
        expect(zoom).to_have_attribute("aria-pressed", "false")
        check_fits(page, f"{game} {options} after Large squares twice")


def check_header(page: Page, where: str) -> None:
    fits = page.evaluate(FITS)
    assert fits["header"] <= 2 * fits["line"] + 20, f"{where}: the header is {fits['header']} px"


def test_the_header_takes_two_lines_and_a_lesson_shows_its_board_on_the_first_screen(
    tall_phone: Page, site_url: str
) -> None:
    page = tall_phone
    for game in GAMES:
        for language in ("en", "es"):
            page.goto(f"{site_url}/{game}.html?lang={language}")
            expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
            check_header(page, f"{game} in {language}")
    for game in GAMES:
        for language in ("en", "es"):
            page.goto(f"{site_url}/learn-{game}.html?lang={language}")
            expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
            check_header(page, f"learn-{game} in {language}")
            board = page.locator(".learn-step:not([hidden]) .tryit-board").first
            expect(board).to_be_visible()
            box = board.bounding_box()
            assert box is not None
            # the board starts within the first screen, with most of it on it
            assert box["y"] + min(box["height"], 844) / 2 <= 844, (
                f"learn-{game}: the board at {box}"
            )
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"learn-{game}: {box}"


def test_every_other_page_has_a_two_line_header(tall_phone: Page, site_url: str) -> None:
    page = tall_phone
    names = ["index", "puzzles"] + [
        f"{kind}-{game}" for kind in ("rules", "puzzles") for game in GAMES
    ]
    for name in names:
        for language in ("en", "es"):
            page.goto(f"{site_url}/{name}.html?lang={language}")
            expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
            expect(page.locator("html")).to_have_attribute("lang", language)
            check_header(page, f"{name} in {language}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{name} in {language} is {width} px wide"
