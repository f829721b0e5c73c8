"""Computer players on the built site: a person against the computer in every game, three
computers playing Virus Fight to the end (with pause and resume), the page staying responsive
while a computer thinks, hints, the evaluation bar and undo against the computer.

The page is opened with ``?fast=1`` (no pause between the computer's decisions). The person's
decisions are random legal ones, read from the page's own view (``window.virusGames``) or, for
Fight the Virus's shapes, from a copy of the game replayed from the page's record. Under the
site's CSP ``page.wait_for_function`` does not work, so waiting is polling ``page.evaluate``.
"""

from __future__ import annotations

import os
import random
import time

import pytest
from playwright.sync_api import Page, expect

from human_play import settled, status, wait_until


def start(page: Page, site_url: str, game: str, options: dict, seats: list[str]) -> dict:
    """Open ``game`` (fast computer players) and start a game with ``options`` and ``seats``
    chosen in the new-game form."""
    page.goto(f"{site_url}/{game}.html?fast=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    before = status(page)["generation"]
    page.locator(".options-panel summary").click()
    for name, value in options.items():
        field = page.locator(f"#option-{name}")
        if field.get_attribute("type") in ("number", "text"):
            field.fill(str(value))
        else:
            field.select_option(str(value))
    expect(page.locator("#seat-kinds")).to_be_visible()
    expect(page.locator("#seat-kinds-list select")).to_have_count(len(seats))
    for seat, kind in enumerate(seats):
        page.locator(f"#seat-kind-{seat}").select_option(kind)
    page.locator("#options button[type=submit]").click()
    return wait_until(
        page,
        lambda current: current["generation"] > before and current["seats"] == seats,
        what="the new game",
    )


def click_cell(page: Page, cell: str) -> None:
    page.locator(f'#board [data-cell="{cell}"]').click()


def random_click(page: Page, current: dict, rng: random.Random) -> None:
    """One random click that leads to a legal action: a highlighted board cell or target, or
    a decision button (never a stop proposal)."""
    cells = (
        current["targets"]
        if current["selection"]
        else sorted(set(current["highlighted"]) | set(current["sources"]))
    )
    cells = [cell for cell in cells if cell in current["board"]]  # other tokens are buttons too
    buttons = [button for button in current["buttons"] if button.get("action") != "stop"]
    choices = [("cell", cell) for cell in cells] + [("button", button) for button in buttons]
    assert choices, current
    kind, choice = rng.choice(choices)
    if kind == "cell":
        click_cell(page, choice)
    elif choice.get("action") is not None:
        page.locator(f'#turn-actions button[data-play="{choice["action"]}"]').click()
    else:
        page.locator(f'#turn-actions button[data-click="{choice["click"]}"]').click()


def write_program(page: Page) -> None:
    """A person's secret program (Virus Fight) against the computer: no "pass the device"
    screen (nobody else at the device), a random program, submit."""
    expect(page.locator("#program-builder")).to_be_visible()
    expect(page.locator("#privacy")).to_be_hidden()
    page.locator("#builder-random").click()
    expect(page.locator("#builder-submit")).to_be_enabled()
    page.locator("#builder-submit").click()


def ftv_decision(page: Page, current: dict, rng: random.Random) -> None:
    """A random Fight the Virus decision, preferring those made without placing a shape, and
    passing half the time it may (the game is the computer's to win: it ends sooner)."""
    import pyengine
    from fight_the_virus_play import play
    from pyengine.controller import click_paths
    from pyengine.games.fight_the_virus import presentation

    state = pyengine.get_game("fight-the-virus").read_record(current["record"])
    paths = click_paths(presentation.PRESENTATION, state)
    cheap = [
        action for cells, action in paths if not any(token.startswith("A:") for token in cells)
    ]
    passes = [action for action in cheap if str(action) == "pass"]
    action = (
        passes[0]
        if passes and rng.random() < 0.5
        else rng.choice(cheap or [action for _, action in paths])
    )
    play(page, state, action)


GAMES = [
    ("zebra", {"size": 4}, 200),
    ("virus-war", {"size": 6}, 300),
    ("virus-fight", {"players": 2, "seed": 5}, 600),
    ("fight-the-virus", {"players": 2, "seed": 2}, 400),
]


@pytest.mark.parametrize(("game", "options", "limit"), GAMES, ids=[game for game, _, _ in GAMES])
def test_a_person_plays_the_computer_to_the_end(
    page: Page, site_url: str, watch, game: str, options: dict, limit: int
) -> None:
    rng = random.Random(7)
    start(page, site_url, game, options, ["human", "easy"])
    current = wait_until(page, settled)
    computer_moves = 0
    for _ in range(limit):
        if current["over"]:
            break
        if current["setup"] is not None:
            write_program(page)
        elif game == "fight-the-virus":
            ftv_decision(page, current, rng)
        else:
            random_click(page, current, rng)
        before = current["ply"]
        current = wait_until(
            page,
            lambda now, before=before: (
                settled(now) and (now["ply"] != before or now["selection"] or now["over"])
            ),
            what="the click's answer",
        )
        if current["ply"] > before + 1:
            computer_moves += 1
    assert current["over"], f"the game did not end in {limit} decisions"
    assert computer_moves > 0  # the computer answered on its own
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-chart svg polyline.chart-line")).to_have_count(2)


def test_three_computers_play_virus_fight_to_the_end_with_a_pause(
    page: Page, site_url: str, watch
) -> None:
    # (seed 4: a long game, to elimination; most random games end early by an agreed stop)
    start(page, site_url, "virus-fight", {"players": 3, "seed": 4}, ["random", "random", "random"])
    expect(page.locator("#bot-pause")).to_be_visible()
    expect(page.locator("#privacy")).to_be_hidden()  # computers write their programs unseen
    page.locator("#bot-pause").click()  # at once: random players finish this game in seconds
    expect(page.locator("#bot-pause")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#thinking-text")).to_have_text("The computer is paused.")
    paused = wait_until(page, lambda now: not now["busy"], what="the pause")
    assert not paused["over"]
    page.wait_for_timeout(600)
    assert status(page)["ply"] == paused["ply"]  # nothing happens while paused
    page.locator("#bot-pause").click()
    expect(page.locator("#bot-pause")).to_have_attribute("aria-pressed", "false")
    wait_until(page, lambda now: now["over"], timeout=120, what="the end of the game")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-chart svg polyline.chart-line")).to_have_count(3)
    expect(page.locator("#bot-pause")).to_be_hidden()


# The page's longest task while the computer thinks, on a quiet machine. Programs busy on the
# same cores stretch every task of the page: the limit grows with the machine's load average
# per core, measured beside the test.
LONG_TASK_MS = 100
LONG_TASKS = """() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
}"""


def test_the_page_stays_responsive_while_the_computer_thinks(
    page: Page, site_url: str, watch
) -> None:
    import pyengine
    from virus_war_play import aggressive, forced

    start(page, site_url, "virus-war", {"size": 10}, ["human", "medium"])
    current = wait_until(page, settled)
    page.evaluate(LONG_TASKS)
    loads = os.getloadavg()[0]
    rng = random.Random(3)
    seen_thinking = False
    replies = 0
    while replies < 2 and not current["over"]:  # two whole turns of the computer
        state = pyengine.get_game("virus-war").read_record(current["record"])
        action = str(aggressive(state, rng))
        if forced(state):
            pass  # nothing in reach: the page passes by itself
        elif action == "pass":
            page.locator('#turn-actions button[data-play="pass"]').click()
        else:
            click_cell(page, action)
        before = current["ply"]
        deadline = time.monotonic() + 60
        while True:  # watch the thinking line while the computer decides
            now = status(page)
            if now["bot"] and page.locator("#thinking").is_visible():
                seen_thinking = True
            if settled(now) and now["ply"] != before:
                break
            assert time.monotonic() < deadline, now
            page.wait_for_timeout(20)
        if now["ply"] > before + 1:
            replies += 1
        current = now
    assert seen_thinking
    assert current["thinkingReplies"] > 0  # the search ran in several slices
    assert current["motions"] > 0  # the moves were animated meanwhile
    long_tasks = page.evaluate("() => window.longTasks")
    limit = LONG_TASK_MS * max(1.0, max(loads, os.getloadavg()[0]) / (os.cpu_count() or 1))
    print(f"thinking replies {current['thinkingReplies']}, long tasks {long_tasks}, limit {limit}")
    assert not [duration for duration in long_tasks if duration > limit], (long_tasks, limit)


def test_hint_evaluation_bar_and_undo_against_the_computer(
    page: Page, site_url: str, watch
) -> None:
    start(page, site_url, "zebra", {"size": 4}, ["human", "easy"])
    wait_until(page, settled)
    # the evaluation bar: off by default, a toggle remembered in this browser
    expect(page.locator("#eval-bar")).to_be_hidden()
    page.locator("#eval-toggle").click()
    expect(page.locator("#eval-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#eval-bar")).to_be_visible()
    expect(page.locator("#eval-svg rect.eval-seg")).to_have_count(2)
    expect(page.locator("#eval-legend")).to_contain_text("White")
    expect(page.locator("#eval-legend")).to_contain_text("%")
    assert page.evaluate("() => localStorage.getItem('virus-games.evaluation-bar')") == "on"
    # the hint: the suggestion and two alternatives on the board, named in notation
    page.locator("#hint").click()
    expect(page.locator("#board .hint-best")).not_to_have_count(0)
    expect(page.locator("#board .hint-alt")).not_to_have_count(0)
    expect(page.locator("#hint-text")).to_contain_text("Hint: ")
    expect(page.locator("#hint-text")).to_contain_text("Also good: ")
    hint = page.evaluate("() => JSON.parse(window.virusGames.status()).hint")
    best = hint["actions"][0]
    assert len(hint["actions"]) == 3 and best["action"] in page.locator("#hint-text").inner_text()
    for cell in best["paths"][0]:  # play the suggestion by its clicks
        click_cell(page, cell)
    current = wait_until(
        page, lambda now: settled(now) and now["ply"] == 2, what="the computer's reply"
    )
    expect(page.locator("#board .hint-best")).to_have_count(0)  # gone with the next action
    expect(page.locator("#hint-text")).to_be_hidden()
    expect(page.locator("#move-list .ply").first).to_have_text(best["action"])
    assert current["toMove"] == 0
    # undo takes back the computer's reply and the person's move
    page.locator("#undo").click()
    current = wait_until(page, lambda now: settled(now) and now["ply"] == 0, what="the undo")
    assert current["toMove"] == 0
    expect(page.locator("#move-list .ply")).to_have_count(0)
    page.wait_for_timeout(300)
    assert status(page)["ply"] == 0  # the computer does not move again by itself
