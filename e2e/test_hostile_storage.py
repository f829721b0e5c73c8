"""Stored data is untrusted, like a link: tampered saved games (a board picture with script in
it, an entry whose game or id is a ``javascript:`` URL, a title nested thousands of levels
deep, wrong types) run no script even with the site's Content-Security-Policy stripped, and the
pages still work: the home page lists the good games, the game page starts and plays. The test
hook ``window.virusGames`` exists only where a test asks for it."""

from __future__ import annotations

import json
import time
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from conftest import patient
from zebra_play import cells_of, click_cell

MOVES = ["a2-a1", "c3-d3", "b1-c1", "d4-c4"]
# Any script the hostile data manages to run counts itself here.
RAN = "window.hostileRan = (window.hostileRan || 0) + 1"
INLINE_SCRIPT_RUNS = """() => {
    const script = document.createElement("script");
    script.textContent = "window.inlineRan = true";
    document.head.append(script);
    return window.inlineRan === true;
}"""
PLANT = """(items) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
}"""


def without_csp(route: Route) -> None:
    response = route.fetch()
    headers = {
        name: value
        for name, value in response.headers.items()
        if name.lower() != "content-security-policy"
    }
    route.fulfill(response=response, headers=headers)


def is_page(url: str) -> bool:
    path = urlparse(url).path
    return path.endswith((".html", "/"))


@pytest.fixture
def open_context(context: BrowserContext) -> BrowserContext:
    """The test's browser context with the site's Content-Security-Policy stripped from every
    page: only the page's own code stands between the stored data and a script."""
    context.route(is_page, without_csp)
    return context


def saved_match():
    import pyengine

    match = pyengine.Match("zebra", options={"size": 4})
    for move in MOVES:
        match.play(move)
    return match


def match_document() -> str:
    return json.dumps(saved_match().to_json())


def next_move() -> str:
    """A legal move after MOVES."""
    return str(saved_match().legal_actions()[0])


def entry(game_id: str, game: str = "zebra", **fields) -> dict:
    now = int(time.time() * 1000)
    return {
        "id": game_id,
        "game": game,
        "updated": now,
        "plies": 4,
        "over": False,
        "title": {"key": "play.to-move", "params": {"player": {"key": "zebra.player.0"}}},
        "seats": ["human", "human"],
        **fields,
    }


def nested_title(depth: int) -> str:
    return '{"key": "play.to-move", "params": {"player": ' * depth + '"x"' + "}}" * depth


def test_hostile_saved_entries_never_run_and_the_home_page_lists_the_good_games(
    open_context: BrowserContext, page: Page, site_url: str, watch
) -> None:
    page.goto(f"{site_url}/")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
    assert page.evaluate(INLINE_SCRIPT_RUNS), "the CSP is off for this test"
    url = f"javascript:{RAN}//"
    html = f"<img src=x onerror='{RAN}'>"
    good = entry("good-1")
    shown_as_text = entry("good-2", title={"key": "play.to-move", "params": {"player": html}})
    hostile = [
        entry(url),  # an id that is a script URL
        entry("evil-1", game=url),  # a game that is one
        entry("evil-2", game="zebra.html#x"),
        entry("evil-3", plies=html, seats=[html]),
        entry("evil-4", updated=html),
    ]
    deep = json.dumps(entry("deep-1", title="TITLE")).replace('"TITLE"', nested_title(3000))
    # the index of older versions, then an entry per key as games are kept now
    index = "[" + ", ".join([json.dumps(good), deep, *map(json.dumps, hostile)]) + "]"
    items = {"virus-games.saved": index}
    items["virus-games.saved-entry.good-2"] = json.dumps(shown_as_text)
    items["virus-games.saved-entry.deep-2"] = deep.replace("deep-1", "deep-2")
    for number, item in enumerate(hostile):
        items[f"virus-games.saved-entry.evil-{number}"] = json.dumps(item)
    page.evaluate(PLANT, items)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
    games = page.locator("#unfinished .unfinished-game")
    expect(games.first).to_be_visible()
    links = page.locator("#unfinished a").evaluate_all("(links) => links.map((a) => a.href)")
    assert sorted(link.rsplit("/", 1)[-1] for link in links) == [
        "zebra.html#game=deep-1",  # its title dropped
        "zebra.html#game=good-1",
        "zebra.html#game=good-2",
    ]
    expect(games.filter(has_text="<img src=x")).to_have_count(1)  # a text, not an element
    assert page.locator("#unfinished img").count() == 0
    # the list still works: a game is deleted, the others stay
    games.filter(has=page.locator('a[href$="deep-1"]')).locator("button").click()
    expect(games).to_have_count(2)
    assert page.evaluate("() => window.hostileRan") is None


HOSTILE_PICTURES = [
    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><image href="x" onerror="{RAN}"/></svg>',
    (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><foreignObject width="8"'
        f' height="8"><img src="x" onerror="{RAN}"></foreignObject></svg>'
    ),
    f'<svg xmlns="http://www.w3.org/2000/svg"><title><img src="x" onerror="{RAN}"></title></svg>',
]


def test_a_hostile_saved_picture_is_never_painted_and_the_game_plays_on(
    open_context: BrowserContext, page: Page, site_url: str, watch
) -> None:
    page.goto(f"{site_url}/")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
    document = match_document()
    held = []
    # the engine's worker waits: what the page shows before the engine starts is its own
    page.route("**/app/engine-worker.js", lambda route: held.append(route))  # noqa: PLW0108
    for picture in HOSTILE_PICTURES:
        page.evaluate(
            PLANT,
            {
                "virus-games.saved": json.dumps([entry("good-1")]),  # as older versions kept it
                "virus-games.saved.good-1": document,
                "virus-games.board.good-1": picture,
            },
        )
        page.goto(f"{site_url}/zebra.html")
        # the glue has painted whatever it was going to paint, and waits for the engine
        expect(page.locator("#board")).to_have_attribute("aria-busy", "true", timeout=60_000)
        assert page.evaluate(INLINE_SCRIPT_RUNS), "the CSP is off for this test"
        assert page.locator("#board").get_attribute("data-painted") is None, picture
        expect(page.locator("#board [data-cell]")).to_have_count(16)  # the default board
    held[-1].continue_()  # the last page's worker (the others' pages are gone)
    page.unroute("**/app/engine-worker.js")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#move-list .ply")).to_have_count(4)  # the saved game, resumed
    for cell in cells_of(next_move()):
        click_cell(page, cell)
    expect(page.locator("#move-list .ply")).to_have_count(5)
    assert page.evaluate("() => window.hostileRan") is None
    # a hostile link to a saved game: refused like a missing one
    page.goto(f"{site_url}/zebra.html?again#game=javascript:{RAN}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#message")).to_contain_text("no longer kept")
    assert page.evaluate("() => window.hostileRan") is None


def test_the_test_hook_exists_only_where_a_test_asks_for_it(
    browser: Browser, page: Page, site_url: str
) -> None:
    page.goto(f"{site_url}/zebra.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert page.evaluate("() => typeof window.virusGames") == "object"  # conftest asks
    visitor = patient(browser.new_context(service_workers="block"))
    try:
        plain = visitor.new_page()
        plain.goto(f"{site_url}/zebra.html")
        expect(plain.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        assert plain.evaluate("() => typeof window.virusGames") == "undefined"
    finally:
        visitor.close()
