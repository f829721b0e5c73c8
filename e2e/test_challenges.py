"""Fight the Virus challenges (app/glue/challenge_page.py) and the home page's daily virus
(app/glue/daily_virus.py): two devices (two browser contexts) with the same challenge link and
the same choices get the same dice; another seed gives other dice; the daily changes with the
(mocked) date and the home card links to it; a bad daily link says why and loses nothing; a
finished challenge shares its result and keeps its best scores; a challenge link works offline
after a first visit."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from conftest import TEST_HOOKS, installed_browser, patient

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "app"))
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

from glue.challenge import daily_seed  # noqa: E402 - the paths above
from service_worker import precache_urls  # noqa: E402

READY = 60_000
GAME = "fight-the-virus"


@pytest.fixture
def devices(browser: Browser, browser_context_args: dict) -> Iterator[list[BrowserContext]]:
    """Two devices: each a browser context with its own storage and clipboard."""
    made: list[BrowserContext] = []
    for _ in range(2):
        context = patient(browser.new_context(**browser_context_args))
        context.add_init_script(TEST_HOOKS)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        made.append(context)
    yield made
    for context in made:
        context.close()


def watched(context: BrowserContext, errors: list[str]) -> Page:
    """A new page of ``context`` whose console errors and page errors go to ``errors``."""
    page = context.new_page()

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def status(page: Page) -> dict[str, Any]:
    return json.loads(page.evaluate("() => window.virusGames.status()"))


def wait_until(page: Page, predicate, *, what: str, timeout: float = 60) -> dict[str, Any]:
    """Polls the page's state (the site's CSP rules out ``wait_for_function``)."""
    deadline = time.monotonic() + timeout
    while True:
        ready = page.evaluate("() => Boolean(window.virusGames)")
        current = status(page) if ready else {}
        if ready and current["ready"] and not current["busy"] and predicate(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: {current}")
        page.wait_for_timeout(30)


def open_page(page: Page, url: str) -> dict[str, Any]:
    """Opens ``url`` as a link from elsewhere does: a new document (not a same-page jump)."""
    if page.url.split("#")[0] == url.split("#")[0]:
        page.goto("about:blank")
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    return wait_until(page, lambda current: True, what="the first game")


def seed_of(record: str) -> int:
    found = re.search(r"^seed (\d+)$", record, re.MULTILINE)
    assert found, record
    return int(found.group(1))


def dice_of(record: str) -> list[str]:
    """Every roll and re-roll of a record with its dice (``3 P1 roll 2-5``)."""
    return [line for line in record.splitlines() if re.search(r" (roll|reroll) \d-\d$", line)]


def local_game(page: Page):
    """A copy of the page's game, from its saved match (every action so far)."""
    from pyengine.session import Match

    return Match.from_json(status(page)["saved"]).state


def play(page: Page, action: str) -> None:
    """One decision through the page's own request function; the page's record follows."""
    before = status(page)["ply"]
    reply = page.evaluate(
        "(request) => window.virusGames.send(request)", {"op": "play", "action": action}
    )
    assert reply["ok"], reply
    wait_until(page, lambda current: current["ply"] > before, what=action)


def play_turns(
    page: Page, turns: int, *, to_the_end: bool = False, rerolls: bool = True
) -> list[str]:
    """The same choices on any device for the same game: the greedy player's (its own seeded
    generator, never the dice's), re-rolling the first double of each odd turn (``rerolls``).
    Returns the decisions made."""
    from pyengine.games.fight_the_virus import GreedyBot

    bot = GreedyBot(1)
    state = local_game(page)
    made: list[str] = []
    while not state.is_terminal() and (to_the_end or state.turn <= turns):
        legal = [str(action) for action in state.legal_actions()]
        if "reroll" in legal and state.turn % 2 == 1 and rerolls and made[-1:] != ["reroll"]:
            action = "reroll"
        else:
            action = str(bot.choose(state))
        play(page, action)
        state.apply(action)
        made.append(action)
        assert status(page)["record"] == state.game.write_record(state)
    return made


def test_two_devices_with_one_challenge_get_the_same_dice(
    devices: list[BrowserContext], site_url: str
) -> None:
    errors: list[str] = []
    ana, ben = (watched(context, errors) for context in devices)
    for page in (ana, ben):
        open_page(page, f"{site_url}/{GAME}.html#challenge=4727")
        expect(page.locator("#challenge-line")).to_have_text(
            "Challenge 4727: the same dice as everyone who plays this challenge."
        )
        expect(page.locator("#message")).to_contain_text("Challenge 4727: a new solo game")
        assert page.url.endswith(f"/{GAME}.html")  # the fragment is used once
        current = status(page)
        assert current["seats"] == ["human"] and seed_of(current["record"]) == 4727
    made = play_turns(ana, 6)  # the first roll of seed 4727 is a double, 4-4
    assert "reroll" in made  # re-rolls drew from the same dice too
    for action in made:
        play(ben, action)
    record = status(ana)["record"]
    assert status(ben)["record"] == record and len(dice_of(record)) >= 7
    # the challenge is still named after a reload (the saved game is that challenge)
    ben.reload()
    expect(ben.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
    expect(ben.locator("#challenge-line")).to_contain_text("Challenge 4727")
    assert wait_until(ben, lambda current: True, what="the resumed game")["record"] == record
    # another seed: other dice for the same way of choosing
    open_page(ben, f"{site_url}/{GAME}.html#challenge=4728")
    expect(ben.locator("#challenge-line")).to_contain_text("Challenge 4728")
    play_turns(ben, 6)
    other = status(ben)["record"]
    assert seed_of(other) == 4728 and dice_of(other) != dice_of(record)
    # the first challenge's link again: its unfinished game, resumed
    open_page(ben, f"{site_url}/{GAME}.html#challenge=4727")
    expect(ben.locator("#message")).to_contain_text("your unfinished game of this challenge")
    assert status(ben)["record"] == record
    assert not errors, errors


# The home page's clock fixed at noon (UTC) of a day; the game pages keep the real one (the
# engine's start times itself with it).
HOME_CLOCK = """(() => {
    if (!/\\/(index\\.html)?$/.test(location.pathname)) return;
    const fixed = new Date("%sT12:00:00Z").getTime();
    const Real = Date;
    class Fixed extends Real {
        constructor(...given) { super(...(given.length ? given : [fixed])); }
        static now() { return fixed; }
    }
    globalThis.Date = Fixed;
})();"""


def test_the_daily_virus_changes_with_the_date(
    devices: list[BrowserContext], site_url: str
) -> None:
    errors: list[str] = []
    seeds = []
    days = (("2026-06-01", "2026-05-31"), ("2026-06-02", "2026-06-01"))
    for context, (day, earlier) in zip(devices, days, strict=True):
        context.add_init_script(HOME_CLOCK % day)
        page = watched(context, errors)
        page.goto(f"{site_url}/")
        card = page.locator("#daily-virus")
        expect(card).to_be_visible()
        expect(card.locator(".daily-virus-today")).to_have_text(
            f"Today, June {int(day[-2:])}, 2026"
        )
        play_link = card.locator("a.daily-virus-play")
        expect(play_link).to_have_attribute("href", f"{GAME}.html#daily={day}")
        expect(card.locator(".daily-virus-earlier a")).to_have_count(6)
        expect(card.locator(".daily-virus-earlier a").first).to_have_attribute(
            "href", f"{GAME}.html#daily={earlier}"
        )
        play_link.click()
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY)
        current = wait_until(page, lambda current: True, what="the daily")
        assert seed_of(current["record"]) == daily_seed(day)
        expect(page.locator("#challenge-line")).to_have_text(
            f"Daily virus — June {int(day[-2:])}, 2026: the same dice as everyone who plays"
            " this challenge."
        )
        seeds.append(seed_of(current["record"]))
        # the card shows the day's best once played: here a score kept for it
        page.evaluate(
            """([seed, day]) => localStorage.setItem('virus-games.ftv.challenges', JSON.stringify(
                [{seed: String(seed), daily: day, used: 1, best: [{name: 'Ana', turns: 24,
                  seed: String(seed), date: '2026-06-01T12:00:00.000Z', version: '1'}]}]))""",
            [seeds[-1], day],
        )
        page.goto(f"{site_url}/?lang=es")
        expect(card.locator(".daily-virus-play")).to_have_text("Jugar el virus de hoy")
        expect(card.locator(".daily-virus-today")).to_contain_text(f"{int(day[-2:])} de junio")
        expect(card.locator(".daily-virus-best")).to_have_text("Tu mejor resultado: 24 turnos")
    assert seeds[0] != seeds[1]
    assert not errors, errors


def test_a_bad_daily_link_says_why_and_loses_nothing(page: Page, site_url: str, watch) -> None:
    open_page(page, f"{site_url}/{GAME}.html")
    page.evaluate(
        "(request) => window.virusGames.send(request)",
        {
            "op": "new",
            "game": GAME,
            "options": {"mode": "solo", "players": 1, "seed": 5},
            "seats": ["human"],
        },
    )
    wait_until(page, lambda current: seed_of(current["record"]) == 5, what="the solo game")
    play_turns(page, 2)
    record = status(page)["record"]
    for fragment, said in (
        ("daily=2026-02-30", "There is no daily virus for 2026-02-30: that day does not exist."),
        ("daily=2030-01-01", "The daily virus of 2030-01-01 is not out yet"),
        ("challenge=abc", "“abc” is not a challenge number"),
    ):
        open_page(page, f"{site_url}/{GAME}.html#{fragment}")
        expect(page.locator("#message")).to_contain_text(said)
        expect(page.locator("#message")).to_have_attribute("data-level", "error")
        assert status(page)["record"] == record, fragment  # the saved game, resumed
        expect(page.locator("#challenge-line")).to_be_hidden()


def test_a_finished_challenge_shares_its_result_and_keeps_its_best(
    devices: list[BrowserContext], site_url: str
) -> None:
    errors: list[str] = []
    page = watched(devices[0], errors)
    open_page(page, f"{site_url}/{GAME}.html#challenge=1")
    play_turns(page, 0, to_the_end=True, rerolls=False)
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(page.locator("#result-detail")).to_have_text("Vaccine found in 25 turns. Rating: good.")
    expect(page.locator("#result-challenge .challenge-rank")).to_have_text(
        "Number 1 in this challenge's best scores!"
    )
    share = page.locator("#result-challenge button.challenge-share")
    expect(share).to_have_text("Share result")
    share.focus()
    page.keyboard.press("Enter")  # a real button: the keyboard works
    expect(page.locator("#message")).to_contain_text("Copied")
    text = page.evaluate("() => navigator.clipboard.readText()")
    lines = text.split("\n")
    assert lines[0] == "Fight the Virus · Challenge 1"
    assert lines[1] == "Vaccine found in 25 turns. Rating: good."
    assert lines[2] == "🔬 " + "✅" * 12
    assert [line[:1] for line in lines[3:6]] == ["🧫", "🧪", "📈"]
    assert all(re.search(r" \d+/\d+$", line) for line in lines[3:6])
    assert lines[6] == f"{site_url}/{GAME}.html#challenge=1" and len(lines) == 7
    assert "P1" not in text
    # the challenge's best scores, beside the overall table
    best = page.locator("#best-panel .challenge-best")
    expect(best.locator("h3")).to_have_text("Best scores: Challenge 1")
    expect(best.locator("tr[data-rank]")).to_have_count(1)
    expect(best.locator("tr[data-rank='1']")).to_have_attribute("data-turns", "25")
    expect(page.locator("#best-scores tbody tr")).to_have_count(1)
    # "Challenge a friend" from the result box: the same challenge's link
    page.locator("#result [data-challenge-friend]").click()
    expect(page.locator("#message")).to_contain_text("the challenge's link is ready to paste")
    shared = page.evaluate("() => navigator.clipboard.readText()")
    assert shared.endswith(f"\n{site_url}/{GAME}.html#challenge=1")
    kept = json.loads(page.evaluate("() => localStorage.getItem('virus-games.ftv.challenges')"))
    assert kept[0]["seed"] == "1" and kept[0]["best"][0]["turns"] == 25
    assert not errors, errors


def test_a_challenge_link_works_offline_after_a_first_visit(
    playwright, site: Path, site_url: str, tmp_path: Path
) -> None:
    context = installed_browser(playwright, tmp_path / "profile")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        open_page(page, f"{site_url}/{GAME}.html")
        deadline = time.monotonic() + 120
        version = re.search(r'const VERSION = "(\w+)";', (site / "sw.js").read_text()).group(1)
        count = f"""async () => (await caches.has('virus-games-{version}'))
            && (await (await caches.open('virus-games-{version}')).keys()).length"""
        while page.evaluate(count) != len(precache_urls(site)):
            assert time.monotonic() < deadline, "the service worker did not precache the site"
            page.wait_for_timeout(200)
        assert any(url.endswith("glue-extra.bundle") for url in precache_urls(site))
        context.set_offline(True)
        open_page(page, f"{site_url}/{GAME}.html#challenge=99")
        expect(page.locator("#challenge-line")).to_contain_text("Challenge 99")
        assert seed_of(status(page)["record"]) == 99
        open_page(page, f"{site_url}/{GAME}.html#daily=2026-01-01")
        expect(page.locator("#challenge-line")).to_contain_text("Daily virus")
        assert seed_of(status(page)["record"]) == daily_seed("2026-01-01")
    finally:
        context.close()


def test_the_home_list_tells_a_challenge_from_the_daily_virus(
    devices: list[BrowserContext], site_url: str
) -> None:
    errors: list[str] = []
    page = watched(devices[0], errors)
    open_page(page, f"{site_url}/{GAME}.html#challenge=4727")
    play_turns(page, 1)
    open_page(page, f"{site_url}/{GAME}.html#daily=2026-06-01")
    play_turns(page, 1)
    page.goto(f"{site_url}/")
    games = page.locator("#unfinished-list li")
    expect(games).to_have_count(2)
    expect(games.filter(has_text="Challenge 4727")).to_have_count(1)
    expect(games.filter(has_text="Daily virus — June 1, 2026")).to_have_count(1)
    page.goto(f"{site_url}/?lang=es")
    expect(games.filter(has_text="Desafío 4727")).to_have_count(1)
    expect(games.filter(has_text="Virus del día — 1 de junio de 2026")).to_have_count(1)
    assert not errors, errors
