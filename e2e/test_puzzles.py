"""The puzzle trainer (puzzles.html, puzzles-<game>.html) and the home page's daily puzzle: a
puzzle solved by clicks (the opponent's answers played by themselves), a wrong try explained
and counted, a hint, the answer shown, the rating and streak kept across a reload, an unknown
puzzle id, the daily puzzle changing with the (mocked) date, and a puzzle opened offline.

The puzzles are whatever the build shipped (app/puzzles/): the tests read their files to know
the answer's clicks."""

from __future__ import annotations

import datetime
import json
import os
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

REPOSITORY = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("VIRUS_GAMES_DIST") or REPOSITORY / "dist").resolve()
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))
sys.path.insert(0, str(REPOSITORY / "web" / "app"))

from axe_audit import audit  # noqa: E402
from conftest import installed_browser  # noqa: E402
from glue import daily, trainer  # noqa: E402
from service_worker import on_demand_urls, precache_urls  # noqa: E402
from tryit_shapes import is_placement, place_shape  # noqa: E402


def strings(name: str, language: str = "en") -> dict:
    return json.loads((REPOSITORY / "web/static/i18n" / f"{name}-{language}.json").read_text())


def index() -> list[dict]:
    return json.loads((DIST / "app/puzzles/index.json").read_text())["puzzles"]


def puzzle(puzzle_id: str) -> dict:
    return json.loads((DIST / daily.puzzle_path(puzzle_id)).read_text())


def pick(turns: int = 1, skip: tuple[str, ...] = ()) -> dict:
    """A shipped puzzle to play by clicks, with ``turns`` solver turns where there is one:
    Zebra's first (a move is two clicks), else any game's."""
    entries = [entry for entry in index() if entry["id"] not in skip]
    for wanted in (
        lambda entry: entry["game"] == "zebra" and entry["turns"] == turns,
        lambda entry: entry["turns"] == turns,
        lambda entry: entry["game"] == "zebra",
        lambda entry: True,
    ):
        found = [entry for entry in entries if wanted(entry)]
        if found:
            return puzzle(found[0]["id"])
    raise AssertionError("no puzzle shipped")


def open_puzzle(page: Page, site_url: str, puzzle_id: str, page_name: str = "puzzles") -> None:
    page.goto(f"{site_url}/{page_name}.html?lang=en#id={puzzle_id}")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=30_000)
    expect(page.locator("#puzzle")).to_have_attribute("data-puzzle", puzzle_id)


def click_action(page: Page, node: dict, index: int) -> None:
    """Makes the node's action ``index`` with its clicks: board cells, else buttons."""
    tryit = page.locator("#puzzle-board")
    cells = next(path[0] for path in node["paths"] if path[1] == index)
    if not cells:  # an action without a click: its button
        token = "action:" + node["actions"][index]["text"]
        tryit.locator(f'.tryit-buttons button[data-token="{token}"]').click()
        return
    for token in cells:
        cell = tryit.locator(f'.tryit-board [data-cell="{token}"]').first
        if is_placement(token):  # a shape on the sheet: with the shape placer
            place_shape(page, tryit, token)
        elif cell.count():
            cell.click()
        else:
            tryit.locator(f'.tryit-buttons button[data-token="{token}"]').click()


def solve(page: Page, data: dict) -> None:
    """Plays the main line: the solver's actions by clicks, waiting for each answer."""
    nodes = data["tryit"]["nodes"]
    tryit = page.locator("#puzzle-board")
    node = nodes[0]
    while not node.get("done"):
        if node.get("auto") is not None:
            expect(tryit).not_to_have_class(re.compile(r"\breplying\b"))
            node = nodes[node["actions"][node["auto"]]["next"]]
            continue
        index = next(i for i, action in enumerate(node["actions"]) if action["right"])
        click_action(page, node, index)
        node = nodes[node["actions"][index]["next"]]


def wrong_action(data: dict) -> int:
    node = data["tryit"]["nodes"][0]
    return next(i for i, action in enumerate(node["actions"]) if not action["right"])


def stat(page: Page, name: str) -> Locator:
    return page.locator(f"#puzzle-{name}")


def test_a_puzzle_solved_by_clicks_and_the_record_kept_across_a_reload(
    page: Page, site_url: str, watch
) -> None:
    english = strings("puzzles")
    data = pick(turns=2)
    open_puzzle(page, site_url, data["id"], f"puzzles-{data['game']}")
    expect(stat(page, "rating")).to_have_text("1200")
    prompt = page.locator("#puzzle-board-prompt")
    expect(prompt).not_to_be_empty()
    assert prompt.inner_text().endswith(".")
    solve(page, data)
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "solved")
    expect(page.locator("#puzzle-board .tryit-feedback")).to_contain_text(
        english["puzzles.success"]
    )
    rating = trainer.new_rating(1200, data["rating"], True, 0)
    expect(stat(page, "rating")).to_have_text(str(rating))
    expect(stat(page, "rating-change")).to_have_text(f"(+{rating - 1200})")
    expect(stat(page, "streak")).to_have_text("1")
    expect(page.locator("#puzzle-result")).to_contain_text(f"rated {data['rating']}")
    # the record is this browser's: a reload keeps it, and opens another puzzle
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-glue", "ready")
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "solving")
    expect(page.locator("#puzzle")).not_to_have_attribute("data-puzzle", data["id"])
    expect(stat(page, "rating")).to_have_text(str(rating))
    expect(stat(page, "streak")).to_have_text("1")
    expect(stat(page, "best")).to_have_text("1")
    expect(page.locator("#puzzle-history-list li.solved")).to_have_count(1)
    # an unknown id says so and opens a puzzle anyway
    page.goto(f"{site_url}/puzzles.html?lang=en#id=zebra-999")
    expect(page.locator("#puzzle-notice")).to_contain_text("There is no puzzle “zebra-999”")
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "solving")
    expect(page.locator("#puzzle-next")).to_be_visible()


def test_a_wrong_try_a_hint_and_the_answer_on_a_phone(page: Page, site_url: str, watch) -> None:
    english, rules = strings("puzzles"), strings("rules")
    page.set_viewport_size({"width": 360, "height": 640})
    data = pick(turns=1)
    open_puzzle(page, site_url, data["id"])
    tryit = page.locator("#puzzle-board")
    feedback = tryit.locator(".tryit-feedback")
    node = data["tryit"]["nodes"][0]
    wrong = wrong_action(data)
    click_action(page, node, wrong)
    expect(feedback).to_have_attribute("data-level", "warning")
    expect(feedback).to_contain_text("Legal, but not what was asked: ")  # then it, in words
    expect(feedback).to_contain_text(english[node["actions"][wrong]["why"]])
    lost = trainer.new_rating(1200, data["rating"], False, 0)
    expect(stat(page, "rating")).to_have_text(str(lost))
    expect(stat(page, "streak")).to_have_text("0")
    expect(page.locator("#puzzle-result")).to_contain_text("Not solved at the first try")
    # a hint points at the answer's first click
    tryit.locator(".tryit-reset").click()
    tryit.locator(".tryit-hint").click()
    expect(feedback).to_have_attribute("data-level", "hint")
    right = next(i for i, action in enumerate(node["actions"]) if action["right"])
    first = next(path[0] for path in node["paths"] if path[1] == right)
    if first and tryit.locator(f'.tryit-board [data-cell="{first[0]}"]').count():
        expect(tryit.locator(".tryit-board .tryit-hint").first).to_have_attribute(
            "data-cell", first[0]
        )
    # the answer plays itself on the board (not solved by the player); the rating moves no more
    tryit.locator(".tryit-answer").click()
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "answered")
    expect(tryit).to_have_class(re.compile(r"\bsolved\b"))
    expect(page.locator("#puzzle-result")).to_contain_text(english["puzzles.result.answered"])
    expect(stat(page, "rating")).to_have_text(str(lost))
    expect(tryit.locator(".tryit-answer")).to_have_text(rules["rules.tryit.answer-button"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert audit(page) == []
    # the next puzzle is another one
    page.locator("#puzzle-next").click()
    expect(page.locator("#puzzle")).not_to_have_attribute("data-puzzle", data["id"])
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "solving")
    expect(page.locator("#puzzle-title")).to_be_focused()


def daily_at(page: Page, site_url: str, day: datetime.date) -> str:
    """The home page's daily puzzle on ``day`` (the browser's clock fixed at its noon)."""
    noon = datetime.datetime(day.year, day.month, day.day, 12, tzinfo=datetime.UTC)
    page.clock.set_fixed_time(noon)
    page.goto(f"{site_url}/?lang=en")
    card = page.locator("#daily")
    expect(card).to_be_visible()
    expect(card.locator(".daily-board svg")).to_have_count(1)
    expect(card.locator(".daily-task")).not_to_be_empty()
    return card.get_attribute("data-puzzle") or ""


def test_the_daily_puzzle_changes_with_the_date(page: Page, site_url: str, watch) -> None:
    ids = [entry["id"] for entry in index()]
    first, second = datetime.date(2026, 11, 27), datetime.date(2026, 11, 28)
    expected = [daily.daily_id(ids, day.isoformat()) for day in (first, second)]
    assert len(ids) < 2 or expected[0] != expected[1]
    page.emulate_media(reduced_motion="reduce")
    assert daily_at(page, site_url, first) == expected[0]
    assert daily_at(page, site_url, second) == expected[1]
    assert audit(page) == []  # the home page with its daily puzzle
    page.select_option("#language", "es")  # the task follows the page's language
    expect(page.locator("#daily .daily-task")).to_contain_text("Turno de ")
    page.select_option("#language", "en")
    game = expected[1].rsplit("-", 1)[0]
    expect(page.locator("#daily .daily-game")).to_contain_text(
        {"zebra": "Zebra", "virus-war": "Virus War"}.get(game, "")
    )
    page.locator("#daily .daily-link").click()
    expect(page.locator("#puzzle")).to_have_attribute("data-puzzle", expected[1])
    expect(page.locator("#puzzle-title")).to_contain_text("Daily puzzle")
    # every game page links to its puzzles
    html = (DIST / "zebra.html").read_text()
    assert '<a href="puzzles-zebra.html" data-i18n="nav.puzzles">Puzzles</a>' in html


def test_a_puzzle_opens_offline(playwright, site: Path, site_url: str, tmp_path: Path) -> None:
    context = installed_browser(playwright, tmp_path / "profile")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{site_url}/puzzles.html?lang=en")
        expect(page.locator("body")).to_have_attribute("data-glue", "ready", timeout=30_000)
        # the site precached, and every puzzle kept on demand since the page asked for them
        total = len(precache_urls(site)) + len(on_demand_urls(site))
        deadline = time.monotonic() + 90
        script = """async () => {
            if (!navigator.serviceWorker.controller) return 0;
            let count = 0;
            for (const name of await caches.keys()) count += (await (await caches.open(name)).keys()).length;
            return count;
        }"""
        while page.evaluate(script) < total:
            assert time.monotonic() < deadline, (
                "the service worker did not keep the site and puzzles"
            )
            page.wait_for_timeout(200)
        context.set_offline(True)
        other = pick(skip=(page.locator("#puzzle").get_attribute("data-puzzle") or "",))
        open_puzzle(page, site_url, other["id"], f"puzzles-{other['game']}")
        expect(page.locator("#puzzle")).to_have_attribute("data-state", "solving")
        expect(page.locator("#puzzle-board .tryit-board svg")).to_have_count(1)
        expect(page.locator("#puzzle-notice")).to_be_hidden()
    finally:
        context.close()


def shape_puzzle() -> dict:
    """A shipped Fight the Virus puzzle whose answer first places a shape in the analysis."""
    for entry in index():
        if entry["game"] == "fight-the-virus":
            data = puzzle(entry["id"])
            if ">A:" in data["answer"][0]:
                return data
    raise AssertionError("no Fight the Virus puzzle places a shape")


def test_a_shape_placing_puzzle_solved_by_clicks_and_keys(page: Page, site_url: str, watch) -> None:
    """The sheet's shape placer on the puzzle board: the die and its raise chosen from the
    keyboard (the focus then goes to the sheet), the shape turned with R and F, moved with the
    arrow keys and placed with Enter, then the research square by clicks; the board says each
    use in words."""
    data = shape_puzzle()
    open_puzzle(page, site_url, data["id"], "puzzles-fight-the-virus")
    tryit = page.locator("#puzzle-board")
    expect(tryit.locator(".tryit-dice svg .die")).to_have_count(2)  # the dice, as rolled
    node = data["tryit"]["nodes"][0]
    index = next(
        i for i, action in enumerate(node["actions"]) if action["text"] == data["answer"][0]
    )
    clicks = next(path[0] for path in node["paths"] if path[1] == index)
    placer = tryit.locator(".tryit-placer")
    expect(placer).to_be_hidden()
    for token in clicks[:-1]:  # the die (and its raise): buttons, from the keyboard
        tryit.locator(f'.tryit-buttons button[data-token="{token}"]').focus()
        page.keyboard.press("Enter")
    expect(placer).to_be_visible()
    expect(tryit.locator(".tryit-board")).to_be_focused()  # where the shape goes
    expect(placer.locator(".placer-title")).to_contain_text("Place ")
    expect(tryit.locator(".tryit-board .spot.reach")).not_to_have_count(0)
    assert audit(page) == []  # the placer's controls are named and reachable
    place_shape(page, tryit, clicks[-1], keys=True)
    cells = clicks[-1][2:].split(".")
    feedback = tryit.locator(".tryit-feedback")
    expect(feedback).to_contain_text("Good: using the ")
    expect(feedback).to_contain_text(f"for a shape on {', '.join(cells)}.")
    expect(placer).to_be_hidden()
    node = data["tryit"]["nodes"][node["actions"][index]["next"]]
    while not node.get("done"):
        right = next(i for i, action in enumerate(node["actions"]) if action["right"])
        click_action(page, node, right)
        node = data["tryit"]["nodes"][node["actions"][right]["next"]]
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "solved")
    expect(feedback).to_contain_text("Right!")
    expect(stat(page, "rating")).to_have_text(
        str(trainer.new_rating(1200, data["rating"], True, 0))
    )


def test_a_hint_names_its_button_and_the_answer_is_said_but_not_solved(
    page: Page, site_url: str, watch
) -> None:
    """A hint on a sheet names the button ("Use the 3"), never a click token; "Show the answer"
    says the answer's uses in words and the puzzle counts as not solved; the next puzzle
    starts without the last one's rating change, result or spoken text."""
    data = shape_puzzle()
    open_puzzle(page, site_url, data["id"], "puzzles-fight-the-virus")
    tryit = page.locator("#puzzle-board")
    feedback = tryit.locator(".tryit-feedback")
    tryit.locator(".tryit-hint").click()
    first = data["answer"][0].split(">")[0].split("+")[0]
    expect(feedback).to_have_text(f"Hint: Press “Use the {first}”.")
    expect(
        tryit.locator('.tryit-buttons button.tryit-hint[data-token="die:' + first + '"]')
    ).to_have_count(1)
    lost = trainer.new_rating(1200, data["rating"], False, 0)
    expect(stat(page, "rating-change")).to_have_text(f"(\u2212{1200 - lost})")  # a minus sign
    tryit.locator(".tryit-answer").click()
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "answered")
    expect(feedback).to_contain_text("That is the answer: using the ")
    expect(feedback).to_contain_text(", then crossing research square ")
    expect(feedback).to_contain_text("It does not count as solved")
    assert "Right!" not in feedback.inner_text() and ">" not in feedback.inner_text()
    expect(page.locator("#puzzle-result")).to_contain_text(
        strings("puzzles")["puzzles.result.answered"]
    )
    expect(page.locator("#puzzle-history-list li.failed")).to_have_count(1)
    expect(stat(page, "solved")).to_have_text("0")
    tryit.locator(".tryit-board").click(position={"x": 5, "y": 5})
    page.locator("#puzzle-next").click()
    expect(page.locator("#puzzle")).not_to_have_attribute("data-puzzle", data["id"])
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "solving")
    expect(stat(page, "rating-change")).to_have_text("")
    expect(page.locator("#puzzle-result")).to_have_text("")
    expect(tryit.locator(".tryit-announce")).to_have_text("")
    expect(feedback).to_have_text("")


def test_the_home_page_says_the_daily_puzzle_is_solved(page: Page, site_url: str, watch) -> None:
    day = datetime.date(2026, 11, 28)
    chosen = daily_at(page, site_url, day)
    card = page.locator("#daily")
    go = card.locator(".daily-go")
    expect(go).to_have_text("Solve it")
    expect(card.locator(".daily-state")).to_be_hidden()
    assert go.evaluate("e => getComputedStyle(e).backgroundColor") != go.evaluate(
        "e => getComputedStyle(e.closest('.daily-card')).backgroundColor"
    )  # a button on the card, not plain text
    card.locator(".daily-link").click()
    expect(page.locator("#puzzle")).to_have_attribute("data-puzzle", chosen)
    solve(page, puzzle(chosen))
    expect(page.locator("#puzzle")).to_have_attribute("data-state", "solved")
    page.goto(f"{site_url}/?lang=en")
    expect(card).to_have_attribute("data-state", "solved")
    expect(card.locator(".daily-state")).to_have_text("Solved: well done!")
    expect(go).to_have_text("See it again")
    page.select_option("#language", "es")
    expect(card.locator(".daily-state")).to_have_text("Resuelto: ¡bien hecho!")
    expect(go).to_have_text("Verlo otra vez")
