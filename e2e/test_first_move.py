"""The first move before the engine (issue 29): the game pages answer the person's first
decision from the build's opening book (app/openings/) while the engine's worker is still on
its way, ask for the engine only for what the book cannot answer, and hand the game over to the
engine once it is ready, the record holding every move.

The engine is held back by holding the worker's own script (app/engine-worker.js, requested
for the worker app/engine-early.js starts): the context's routes see it. The held requests are
collected and continued from the test body (a route handler that waited would block the test's
own thread)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from fight_the_virus_play import take_device
from human_play import engine_state
from virus_fight_play import unlock

ENGINE_WORKER = "**/app/engine-worker.js"
# The page's state, or None before its glue has exposed its test hook.
EARLY_STATUS = "() => window.virusGames ? JSON.parse(window.virusGames.status()) : null"
LOADING_GAME = "Loading the game…"
COMPUTER_GETTING_READY = "The computer is getting ready…"
# What the page warns when the engine's game is not the one the book answered.
DIFFERS = "the engine's game differs from the opening book's"


class HeldEngine:
    """The engine's worker script, held until :meth:`release`."""

    def __init__(self, context: BrowserContext) -> None:
        self.routes: list[Route] = []
        self.released = False
        context.route(ENGINE_WORKER, self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        assert self.routes, "the engine's worker was requested and held"
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


@pytest.fixture
def held(page: Page) -> HeldEngine:
    return HeldEngine(page.context)


@pytest.fixture
def warnings(page: Page) -> Iterator[list[str]]:
    """The page's console warnings; the engine's game never differs from the book's."""
    seen: list[str] = []
    page.on(  # type: ignore[call-overload]
        "console",
        lambda message: message.type == "warning" and seen.append(message.text),  # type: ignore[func-returns-value]
    )
    yield seen
    assert not [text for text in seen if DIFFERS in text], seen


def early_status(page: Page) -> dict | None:
    return page.evaluate(EARLY_STATUS)


def wait_for(page: Page, predicate, *, what: str, timeout: float = 60) -> dict:
    """Polls the page's state (``page.wait_for_function`` does not run under the site's CSP)
    until ``predicate`` holds."""
    deadline = time.monotonic() + timeout
    while True:
        current = early_status(page)
        if current is not None and predicate(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: {current}")
        page.wait_for_timeout(30)


def assert_no_engine(page: Page) -> None:
    """The engine has not answered: the page is not ready and the worker never began."""
    expect(page.locator("body")).not_to_have_attribute("data-ready", "true")
    assert page.evaluate("() => performance.getEntriesByName('engine-ready').length") == 0
    assert not (early_status(page) or {}).get("bootSteps")


def expect_book_answering(page: Page) -> None:
    """The book's answers are drawn: no "loading" on the page, and still no engine."""
    expect(page.locator("#loading")).to_be_hidden()
    assert_no_engine(page)


def expect_waiting(page: Page, text: str) -> None:
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading-text")).to_have_text(text)
    assert_no_engine(page)


def expect_engine_ready(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#loading")).to_be_hidden()


def has_class(name: str) -> re.Pattern[str]:
    return re.compile(rf"\b{name}\b")


def cell(page: Page, name: str):
    return page.locator(f'#board [data-cell="{name}"]')


def open_before_the_engine(page: Page, site_url: str, address: str) -> dict:
    """Open ``address`` with the engine held back; its first view is the book's."""
    page.goto(f"{site_url}/{address}")
    # the book's view comes in a second or two; without a book, never before the engine
    current = wait_for(page, lambda now: now["ready"], what="the book's first view", timeout=30)
    assert page.evaluate("() => performance.getEntriesByName('game-shown').length") == 1
    expect_book_answering(page)
    return current


# ---- 1. a first move before the engine, then the game goes on -----------------------------


def test_zebra_first_move_before_the_engine(
    page: Page, site_url: str, watch, held: HeldEngine, warnings: list[str]
) -> None:
    open_before_the_engine(page, site_url, "zebra.html")
    expect(page.locator("#turn-text")).to_have_text("White to move")
    cell(page, "c2").click()
    expect(cell(page, "c2")).to_have_class(has_class("selected"))
    expect_book_answering(page)
    cell(page, "d2").click()
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")
    expect(page.locator("#turn-text")).to_have_text("Black to move")
    current = wait_for(page, lambda now: now["ply"] == 1, what="the first move")
    assert "c2-d2" in current["record"]
    expect_book_answering(page)
    held.release()
    expect_engine_ready(page)
    cell(page, "a1").click()
    cell(page, "b1").click()
    expect(page.locator("#move-list .ply.last")).to_have_text("a1-b1")
    current = wait_for(page, lambda now: now["ply"] == 2 and not now["busy"], what="a1-b1")
    assert "\n1. c2-d2 a1-b1\n" in current["record"]


def test_virus_war_first_turn_before_the_engine(
    page: Page, site_url: str, watch, held: HeldEngine, warnings: list[str]
) -> None:
    open_before_the_engine(page, site_url, "virus-war.html")
    cell(page, "e5").click()  # refused: answered by the book too
    expect(page.locator("#message")).to_have_text("Your first step must be your home corner, a1.")
    expect_book_answering(page)
    steps: list[str] = []
    step = "a1"  # Crosses' first step: their home corner
    while True:  # the whole first turn, step by step, each to a cell the last view offers
        cell(page, step).click()
        steps.append(step)
        current = wait_for(page, lambda now: now["ply"] == len(steps), what=f"the step {step}")
        expect(cell(page, step)).to_have_attribute("data-content", "x-live")
        expect_book_answering(page)
        if current["toMove"] != 0:
            break
        step = min(current["targets"])
    assert len(steps) == 3
    expect(page.locator("#turn-text")).to_have_text("Noughts to move")
    held.release()
    expect_engine_ready(page)
    cell(page, "k10").click()  # Noughts' first step: their home corner
    current = wait_for(page, lambda now: now["ply"] == 4 and not now["busy"], what="k10")
    assert f"\n1. {'-'.join(steps)} k10\n" in current["record"]


# ---- 2. a click before ready that the book cannot answer waits for the engine --------------

SAVED_MATCH = """() => Object.keys(localStorage)
    .filter((key) => key.startsWith("virus-games.saved."))
    .map((key) => JSON.parse(localStorage.getItem(key)))"""


def test_zebra_second_move_waits_for_the_engine(
    page: Page, site_url: str, watch, held: HeldEngine, warnings: list[str]
) -> None:
    open_before_the_engine(page, site_url, "zebra.html")
    cell(page, "c2").click()
    cell(page, "d2").click()
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")
    expect_book_answering(page)
    cell(page, "a1").click()  # Black's tower: the book covers White's first move only
    expect_waiting(page, LOADING_GAME)
    held.release()
    expect_engine_ready(page)
    expect(cell(page, "a1")).to_have_class(has_class("selected"))
    cell(page, "b1").click()
    current = wait_for(page, lambda now: now["ply"] == 2 and not now["busy"], what="a1-b1")
    assert "1. c2-d2 a1-b1" in current["record"]


def test_virus_war_resumed_game_click_waits_for_the_engine(
    page: Page, site_url: str, watch, held: HeldEngine, warnings: list[str]
) -> None:
    """A saved game is resumed by the engine only: a click on its board before then waits."""
    open_before_the_engine(page, site_url, "virus-war.html")
    cell(page, "a1").click()
    wait_for(page, lambda now: now["ply"] == 1, what="the step a1")
    for _ in range(200):
        if any(match["state"]["actions"] == ["a1"] for match in page.evaluate(SAVED_MATCH)):
            break
        page.wait_for_timeout(30)
    else:
        raise AssertionError(f"the game is saved: {page.evaluate(SAVED_MATCH)}")
    page.reload()
    expect(cell(page, "a1")).to_have_attribute("data-content", "x-live")  # the saved board
    wait_for(page, lambda now: not now["ready"], what="the glue")
    cell(page, "b2").click()
    expect_waiting(page, LOADING_GAME)
    held.release()
    expect_engine_ready(page)
    current = wait_for(page, lambda now: now["ply"] == 2 and not now["busy"], what="the step b2")
    assert current["saved"]["state"]["actions"] == ["a1", "b2"]
    assert "1. a1-b2" in current["record"]


def test_virus_fight_builder_before_the_engine_program_waits_for_it(
    page: Page, site_url: str, watch, held: HeldEngine, warnings: list[str]
) -> None:
    from pyengine.games.virus_fight import presentation

    current = open_before_the_engine(page, site_url, "virus-fight.html")
    assert current["setup"] == 0
    unlock(page, 1)  # the program builder works before the engine
    expect_book_answering(page)
    state = engine_state("virus-fight", current["record"], current["saved"])
    program = str(presentation.random_setup(state, random.Random(3)))
    *placements, marker = program.split()
    for placement in placements:
        slot, code = placement.split(":")
        page.locator(f'#program-builder .slot[data-cell="{slot}"]').click()
        page.locator(f'#program-builder .palette [data-code="{code}"]').click()
        expect(page.locator(f'#program-builder .slot[data-cell="{slot}"]')).to_have_attribute(
            "data-code", code
        )
    page.locator(f'#program-builder .slot[data-cell="{marker[1:]}"]').click()
    page.locator("#builder-marker").click()
    # the builder took every choice; the draft's picture on the board is the engine's: it waits,
    # and the page says so
    expect_waiting(page, LOADING_GAME)
    assert_no_engine(page)
    page.locator("#builder-submit").click()  # the program is sent to the engine: it waits
    expect_waiting(page, LOADING_GAME)
    held.release()
    expect_engine_ready(page)
    wait_for(page, lambda now: now["setup"] == 1 and not now["busy"], what="program 1")
    expect(page.locator("#privacy")).to_contain_text("Player 2")  # the second program's turn


def test_fight_the_virus_roll_before_the_engine_next_decision_waits(
    page: Page, site_url: str, watch, held: HeldEngine, warnings: list[str]
) -> None:
    open_before_the_engine(page, site_url, "fight-the-virus.html")
    take_device(page)
    page.locator('#turn-actions button[data-play="roll"]').click()
    current = wait_for(page, lambda now: now["ply"] == 1, what="the roll")
    expect_book_answering(page)
    assert current["saved"]["state"]["actions"] == ["roll"]
    dice = [target for target in current["targets"] if target.startswith("die:")]
    assert len(dice) == 2, current["targets"]
    for die in dice:  # the dice rolled, drawn as the buttons that use them
        expect(page.locator(f'#turn-actions button[data-click="{die}"]')).to_be_visible()
    page.locator('#turn-actions button[data-play="pass"]').click()  # beyond the book
    expect_waiting(page, LOADING_GAME)
    held.release()
    expect_engine_ready(page)
    current = wait_for(page, lambda now: now["ply"] == 2 and not now["busy"], what="the pass")
    assert current["saved"]["state"]["actions"] == ["roll", "pass"]


# ---- 3. against the computer, its reply comes once the engine is ready ---------------------


def test_computer_replies_once_the_engine_is_ready(
    page: Page, site_url: str, watch, held: HeldEngine, warnings: list[str]
) -> None:
    current = open_before_the_engine(page, site_url, "zebra.html?fast=1#play=computer&level=easy")
    assert current["seats"] == ["human", "easy"]
    cell(page, "c2").click()
    cell(page, "d2").click()
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")  # from the book
    current = wait_for(page, lambda now: now["ply"] == 1, what="the person's move")
    assert current["bot"]
    expect_waiting(page, COMPUTER_GETTING_READY)
    held.release()
    expect_engine_ready(page)
    current = wait_for(page, lambda now: now["ply"] == 2, what="the computer's move")
    expect(page.locator("#move-list .ply")).to_have_count(2)
    expect(page.locator("#loading")).to_be_hidden()
    assert "\n1. c2-d2 " in current["record"]
