"""Blog embeds: a plain HTML "blog post" on another site frames two widgets, a Virus War replay
(an <iframe> snippet) and an interactive Zebra game (the one-line <script> snippet)."""

from __future__ import annotations

import base64
import functools
import random
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from zebra_play import cells_of, choose_game


def position(frame) -> dict[str, str]:
    return frame.locator("#board").evaluate("""(board) => Object.fromEntries([...board.querySelectorAll('[data-cell]')]
        .map((cell) => [cell.dataset.cell, cell.dataset.content || cell.dataset.kind || '']))""")


def virus_war_record(plies: int, seed: int) -> tuple[str, int]:
    import pyengine

    match = pyengine.Match("virus-war", options={"size": 8})
    rng = random.Random(seed)
    while len(match.actions) < plies and not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match.record_text(), len(match.actions)


@pytest.fixture
def blog(tmp_path: Path):
    """A static server for the blog, reached as http://localhost:PORT: another site than the
    game's http://127.0.0.1:PORT (so the widgets are cross-site frames, as on a real blog)."""
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://localhost:{server.server_address[1]}"
    server.shutdown()


def wait_until_still(page: Page, locator, *, checks: int = 3, timeout_ms: int = 10_000) -> None:
    """Waits until ``locator``'s box on the page is the same ``checks`` times in a row, 100 ms
    apart."""
    box, same, waited = None, 0, 0
    while same < checks:
        if waited > timeout_ms:
            raise AssertionError(f"{locator} kept moving: {box}")
        now = locator.bounding_box()
        same = same + 1 if now == box else 0
        box = now
        page.wait_for_timeout(100)
        waited += 100


def test_two_widgets_on_a_blog_of_another_site(page: Page, site_url: str, blog) -> None:
    root, blog_url = blog
    record, plies = virus_war_record(12, seed=5)
    data = "t" + base64.urlsafe_b64encode(record.encode()).decode().rstrip("=")
    (root / "post.html").write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>My blog post</title></head>
<body>
<h1>A game I played</h1>
<iframe id="replay" title="A Virus War game" loading="lazy" sandbox="allow-scripts allow-same-origin"
        src="{site_url}/embed.html?game=virus-war&amp;mode=replay&amp;record={data}"
        style="width:600px;height:900px;border:0"></iframe>
<p>And now you:</p>
<div id="widget" style="width:520px">
<script src="{site_url}/app/embed-loader.js" data-game="zebra" data-option-size="4" data-title="Zebra"></script>
</div>
</body></html>""")
    requests: list[tuple[str, bool]] = []  # (url, from a frame)
    errors: list[str] = []
    page.context.on(  # type: ignore[call-overload]
        "request",
        lambda request: requests.append(
            (request.url, request.frame.parent_frame is not None if request.frame else True)
        ),
    )
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))  # type: ignore[call-overload, func-returns-value]
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{blog_url}/post.html")

    replay = page.frame_locator("#replay")
    zebra_frame = page.locator("#widget iframe")
    expect(zebra_frame).to_have_attribute(
        "sandbox", "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
    )
    zebra = page.frame_locator("#widget iframe")
    expect(replay.locator("#poster-play")).to_be_enabled()
    expect(replay.locator("#poster-title")).to_contain_text("Virus War")
    expect(replay.locator("#poster-play")).to_contain_text("Watch the replay")
    expect(zebra.locator("#poster-play")).to_be_enabled()
    expect(zebra.locator("#poster-board [data-cell]")).to_have_count(16)
    # the loader sized its iframe from the widget's own messages
    expect(zebra_frame).to_have_attribute("style", re.compile(r"height: \d+px"))
    page.wait_for_timeout(300)
    assert not any("pyodide" in url for url, _ in requests), "the runtime loaded before Play"

    # the widget's own language switch (its page has no site header): the poster in Spanish,
    # and Play keeps the reader's choice
    replay.locator("select.language-switch").select_option("es")
    expect(replay.locator("#poster-play")).to_contain_text("Ver la partida")
    replay.locator("#poster-play").click()
    expect(replay.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(replay.locator("#replay-position")).to_have_text(f"Jugada 0 de {plies}")
    expect(replay.locator("html")).to_have_attribute("lang", "es")
    switch = replay.locator("select.language-switch")
    expect(switch).to_be_visible()
    expect(switch).to_have_value("es")
    switch.select_option("en")

    # the replay: step forward and back
    expect(replay.locator("#replay-position")).to_have_text(f"Move 0 of {plies}")
    expect(replay.locator("#replay-first")).to_be_disabled()
    expect(replay.locator("#move-list .ply")).to_have_count(0)
    start = position(replay)
    replay.locator("#replay-next").click()
    expect(replay.locator("#replay-position")).to_have_text(f"Move 1 of {plies}")
    after_one = position(replay)
    replay.locator("#replay-next").click()
    expect(replay.locator("#replay-position")).to_have_text(f"Move 2 of {plies}")
    two = position(replay)
    assert start != after_one != two != start
    replay.locator("#replay-prev").click()
    expect(replay.locator("#replay-position")).to_have_text(f"Move 1 of {plies}")
    assert position(replay) == after_one
    replay.locator("#replay-last").click()
    expect(replay.locator("#replay-position")).to_have_text(f"Move {plies} of {plies}")
    expect(replay.locator("#replay-next")).to_be_disabled()
    listed = replay.locator("#move-list button.ply").first  # a move of the list: back to it
    ply = listed.get_attribute("data-ply")
    listed.click()
    expect(replay.locator("#replay-position")).to_have_text(f"Move {ply} of {plies}")
    expect(replay.locator("#viewing-bar")).to_be_hidden()  # the widget's own replay, no viewer
    replay.locator("#replay-last").click()
    replay.locator("#board").focus()
    replay.locator("#board").press("Home")
    expect(replay.locator("#replay-position")).to_have_text(f"Move 0 of {plies}")
    assert position(replay) == start
    replay.locator('#board [data-cell="a1"]').click()  # a viewer: clicks change nothing
    replay.locator("#board").press("ArrowRight")
    expect(replay.locator("#replay-position")).to_have_text(f"Move 1 of {plies}")

    # the interactive Zebra game: a move by clicks
    zebra_frame.scroll_into_view_if_needed()
    # The replay widget above resizes its frame once its game page has loaded, which moves
    # this one: Playwright's stability check sees the button still inside its frame, so the
    # click could land where the button was (seen in a fresh-clone run). A reader clicks
    # where the button is: wait until the frame stays put.
    wait_until_still(page, zebra_frame)
    zebra.locator("#poster-play").click()
    expect(zebra.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    first = choose_game({"size": 4}, seed=3)[0][0]
    for cell in cells_of(first):
        zebra.locator(f'#board [data-cell="{cell}"]').click()
    expect(zebra.locator("#move-list .ply")).to_have_count(1)
    expect(zebra.locator("#move-list .ply.last")).to_have_text(first)
    expect(zebra.locator("#open-full")).to_have_attribute(
        "href", re.compile(r"/zebra\.html#record=t")
    )

    site = (site_url + "/", f"blob:{site_url}/", "data:")
    framed = [url for url, in_frame in requests if in_frame]
    assert framed and not [url for url in framed if not url.startswith(site)], framed
    outside = [
        url
        for url, _ in requests
        if not url.startswith((site_url + "/", f"blob:{site_url}/", blog_url + "/", "data:"))
    ]
    assert not outside, outside
    assert not errors, errors


def test_bad_widget_settings_are_named_and_a_plain_game_plays(
    page: Page, site_url: str, watch
) -> None:
    page.goto(f"{site_url}/embed.html?game=chess")
    expect(page.locator("#poster-error")).to_contain_text("unknown game “chess”")
    expect(page.locator("#poster-play")).to_be_hidden()

    page.goto(f"{site_url}/embed.html?game=zebra&size=99&mode=fast")
    page.locator("#poster-play").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#message")).to_contain_text("cannot be used")
    expect(page.locator("#board [data-cell]")).to_have_count(16)  # Zebra's default 4x4
    first = choose_game({"size": 4}, seed=8)[0][0]
    for cell in cells_of(first):
        page.locator(f'#board [data-cell="{cell}"]').click()
    expect(page.locator("#move-list .ply")).to_have_count(1)

    page.goto(f"{site_url}/embed-zebra.html?mode=replay&record=zzz")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#message")).to_contain_text("the link is damaged")
    expect(page.locator("#replay-position")).to_have_text("Move 0 of 0")


@pytest.mark.parametrize("seats", ["bogus", "human,human,human"])
def test_bad_seats_in_a_widget_are_named_and_the_default_seats_play(
    page: Page, site_url: str, watch, seats: str
) -> None:
    """Seats the engine refuses (an unknown player, too many seats): the widget says so and
    plays the game with its default seats, as the full site does with a link's seats."""
    page.goto(f"{site_url}/embed-zebra.html?seats={seats}&size=5")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#message")).to_contain_text("cannot be used")
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#turn-text")).not_to_contain_text("Getting ready")
    expect(page.locator("#board [data-cell]")).to_have_count(25)  # the URL's options are kept
    first = choose_game({"size": 5}, seed=8)[0][0]
    for cell in cells_of(first):
        page.locator(f'#board [data-cell="{cell}"]').click()
    expect(page.locator("#move-list .ply")).to_have_count(1)
    expect(page.locator("#move-list .ply.last")).to_have_text(first)


def test_the_embed_docs_show_working_snippets(page: Page, site_url: str, watch) -> None:
    page.goto(f"{site_url}/docs/embed.html")
    snippets = page.locator("code.with-origin")
    expect(snippets.first).to_contain_text(f'src="{site_url}/embed.html?game=zebra')
    expect(snippets.nth(1)).to_contain_text(f'src="{site_url}/app/embed-loader.js"')
    example = page.frame_locator("iframe.embed-example")
    expect(example.locator("#poster-play")).to_be_enabled()
    expect(example.locator("#poster-title")).to_contain_text("against the computer (medium)")
