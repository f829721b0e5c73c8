"""Texts as a player reads them: the home page's dates and move counts, a sentence quoting the
engine's own sentence, a blog widget poster's title (web/app/glue/text.py, the translation
files' plural forms)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from zebra_play import choose_game, open_zebra, play_by_clicks

TODAY = (
    """(language) => new Intl.DateTimeFormat(language, {dateStyle: "medium"}).format(new Date())"""
)


def test_the_home_page_says_when_a_game_was_played_and_how_many_moves(
    page: Page, site_url: str, watch
) -> None:
    moves, _ = choose_game({"size": 4}, seed=21)
    open_zebra(page, site_url)
    play_by_clicks(page, moves[:1])
    page.goto(f"{site_url}/")
    detail = page.locator("#unfinished .unfinished-game .unfinished-detail")
    expect(detail).to_have_count(1)
    expect(detail).to_contain_text("1 move ·")  # not "1 moves"
    expect(detail).to_contain_text(page.evaluate(TODAY, "en"))  # today, not a day in 1970
    expect(detail).not_to_contain_text("1970")
    page.goto(f"{site_url}/?lang=es")
    expect(detail).to_contain_text("1 jugada ·")
    expect(detail).to_contain_text(page.evaluate(TODAY, "es"))
    # and once more moves are played, the other form
    page.locator("#unfinished .unfinished-link").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#message")).to_contain_text("as you left it (1 move).")
    for cell in moves[1].split("-"):
        page.locator(f'#board [data-cell="{cell}"]').click()
    expect(page.locator("#move-list .ply")).to_have_count(2)
    page.goto(f"{site_url}/")
    expect(detail).to_contain_text("2 moves ·")


def test_an_engine_sentence_inside_a_page_sentence_ends_once(
    page: Page, site_url: str, watch
) -> None:
    """A record the engine refuses with a sentence of its own ("… a removal as xc3.") inside
    the page's "This record cannot be loaded: …. The game on the board is unchanged.")."""
    open_zebra(page, site_url)
    page.locator(".record-panel summary").click()
    record = page.locator("#record-text").input_value()
    page.locator("#record-text").fill(record.replace("*\n", "1. qq *\n", 1).rstrip() + "\n")
    page.locator("#record-form button[type=submit]").click()
    message = page.locator("#message")
    expect(message).to_contain_text("a removal as xc3. The game on the board is unchanged.")
    expect(message).not_to_contain_text("..")


def test_the_widget_poster_names_what_play_starts(page: Page, site_url: str, watch) -> None:
    title = page.locator("#poster-title")
    for query, expected in [
        ("level=hard", "Zebra: play against the computer (hard)"),
        ("level=human", "Zebra: a game for two at this device"),  # people in both seats
        ("level=bogus", "Zebra: a game for two at this device"),  # refused: a plain game
        ("seats=human,easy", "Zebra: play against the computer (easy)"),
        ("level=medium&lang=es", "Zebra: juega contra el ordenador (medio)"),
    ]:
        page.goto(f"{site_url}/embed.html?game=zebra&{query}")
        expect(page.locator("body")).to_have_attribute("data-glue", "ready")
        expect(title).to_have_text(expected)
