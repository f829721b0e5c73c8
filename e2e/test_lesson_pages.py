"""The lesson pages (learn-<game>.html): for each game the whole track done by clicks, with a
wrong try explained, a hint shown, the progress remembered across a reload and the last step
opening the game against the easy computer."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from axe_audit import audit
from tryit_shapes import is_placement, place_shape

REPOSITORY = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("VIRUS_GAMES_DIST") or REPOSITORY / "dist").resolve()
GAMES = ["zebra", "virus-war", "virus-fight", "fight-the-virus"]
STATUS = "() => window.virusGames ? JSON.parse(window.virusGames.status()) : null"


def strings(language: str = "en") -> dict:
    return json.loads(
        (REPOSITORY / "web" / "static" / "i18n" / f"learn-{language}.json").read_text()
    )


def track(game: str) -> dict:
    return json.loads((REPOSITORY / "web" / "lessons" / f"{game}.json").read_text())


def step_data(game: str, step_id: str) -> dict:
    """A step's try-it data, as the build wrote it into the page."""
    page = (DIST / f"learn-{game}.html").read_text()
    found = re.search(
        rf'<script type="application/json" id="step-{step_id}-task-data">(.*?)</script>', page
    )
    assert found, step_id
    return json.loads(found.group(1).replace("<\\/", "</"))


def click_token(block: Locator, token: str) -> None:
    """A click on the board's cell ``token``, or on the button under the board that makes it;
    a shape (Fight the Virus) is placed with the placer under the sheet."""
    if is_placement(token):
        place_shape(block.page, block, token)
        return
    cell = block.locator(f'.tryit-board [data-cell="{token}"]')
    if cell.count():
        cell.first.click()
    else:
        block.locator(f'.tryit-buttons button[data-token="{token}"]').click()


def first_path(node: dict, wanted) -> list[str] | None:
    """The clicks of the node's first action that ``wanted`` (an action) accepts."""
    for cells, index in node["paths"]:
        if wanted(node["actions"][index]):
            return cells
    return None


def solve(block: Locator, data: dict) -> None:
    """Plays the answer by clicks: the first right action of each node (the board answers for
    the opponent by itself)."""
    node = data["nodes"][0]
    while not node.get("done"):
        if node.get("auto") is not None:  # the opponent's answer, played by the board
            expect(block).not_to_have_class(re.compile(r"\breplying\b"))
            node = data["nodes"][node["actions"][node["auto"]]["next"]]
            continue
        cells = first_path(node, lambda action: action["right"])
        assert cells is not None
        for token in cells:
            click_token(block, token)
        index = next(index for path, index in node["paths"] if path == cells)
        node = data["nodes"][node["actions"][index]["next"]]


def wait_for_status(page: Page, predicate, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        current = page.evaluate(STATUS)
        if current is not None and predicate(current):
            return current
        assert time.monotonic() < deadline, f"the game page's status: {current}"
        page.wait_for_timeout(50)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_lesson_by_clicks(page: Page, site_url: str, watch, game: str) -> None:
    english = strings()
    content = track(game)
    steps = content["steps"]
    page.goto(f"{site_url}/learn-{game}.html?lang=en")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready")
    expect(page.locator("h1")).to_have_text(english[content["title"]])
    expect(page.locator(".learn-item")).to_have_count(len(steps))
    expect(page.locator("#learn-progress")).to_have_text(f"0 of {len(steps)} steps done")
    assert audit(page) == []
    wrong_shown = False
    for number, step in enumerate(steps[:-1]):
        section = page.locator(f"#step-{step['id']}")
        expect(section).to_be_visible()
        expect(section.locator(".learn-title")).to_have_text(english[step["title"]])
        item = page.locator(".learn-item").nth(number)
        expect(item).to_have_attribute("data-state", "current")
        block = section.locator(".tryit")
        feedback = block.locator(".tryit-feedback")
        data = step_data(game, step["id"])
        spec = step["tryit"]
        if number == 0:  # a hint: its text, and the next click highlighted
            block.locator(".tryit-hint").click()
            expect(feedback).to_have_attribute("data-level", "hint")
            expect(feedback).to_contain_text(english[spec["hint"]])
            right = first_path(data["nodes"][0], lambda action: action["right"])
            if right and block.locator(f'.tryit-board [data-cell="{right[0]}"]').count():
                expect(block.locator(".tryit-board .tryit-hint")).not_to_have_count(0)
        named = [text for text in spec.get("why", {}) if text != "pass"]  # tempting ones
        wrong = first_path(
            data["nodes"][0],
            lambda action, named=named: not action["right"] and action["text"] in named,
        )
        if not wrong_shown and wrong:  # a wrong try, explained; the board stays as it was
            for token in wrong:
                click_token(block, token)
            expect(feedback).to_have_attribute("data-level", "warning")
            action = next(
                action
                for action in data["nodes"][0]["actions"]
                if not action["right"] and action["text"] in named
            )
            expect(feedback).to_contain_text(english[action["why"]])
            expect(section.locator(".learn-retry")).to_be_visible()
            wrong_shown = True
        solve(block, data)
        expect(block).to_have_class(re.compile(r"\bsolved\b"))
        expect(feedback).to_contain_text(english[spec["success"]])
        expect(section.locator(".learn-retry")).to_be_hidden()
        expect(item).to_have_class(re.compile(r"\bdone\b"))
        if number == 1:  # the progress is remembered: a new visit opens on the next step
            page.reload()
            expect(page.locator("body")).to_have_attribute("data-glue", "ready")
            expect(page.locator(".learn-item.done")).to_have_count(2)
            expect(page.locator("#learn-progress")).to_have_text(f"2 of {len(steps)} steps done")
            expect(page.locator(f"#step-{steps[2]['id']}")).to_be_visible()
            expect(section).to_be_hidden()
            continue
        section.locator(".learn-next").click()
    assert wrong_shown
    last = page.locator(f"#step-{steps[-1]['id']}")
    expect(last).to_be_visible()
    expect(page.locator(f"#step-{steps[-1]['id']}-title")).to_be_focused()
    play = last.locator(".learn-play")
    expect(play).to_have_attribute("href", f"{game}.html#play=computer&level=easy")
    play.click()
    page.wait_for_url(re.compile(rf"/{game}\.html"))
    stored = json.loads(page.evaluate("() => localStorage.getItem('virus-games.lessons')"))
    assert stored["games"][game]["complete"] is True
    assert len(stored["games"][game]["done"]) == len(steps)
    wait_for_status(page, lambda now: now.get("seats") == ["human", "easy"])


def test_a_corrupt_progress_starts_afresh_and_the_step_list_goes_anywhere(
    page: Page, site_url: str, watch
) -> None:
    """Progress is read back as untrusted input; the step list opens any step; Spanish."""
    spanish = strings("es")
    page.add_init_script(
        'localStorage.setItem(\'virus-games.lessons\', \'{"games": {"zebra": {"done": 7}}}\')'
    )
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}/learn-zebra.html?lang=es")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready")
    steps = track("zebra")["steps"]
    expect(page.locator("#learn-progress")).to_have_text(f"0 de {len(steps)} pasos hechos")
    expect(page.locator(f"#step-{steps[0]['id']}")).to_be_visible()
    page.locator(".learn-go").nth(3).click()
    section = page.locator(f"#step-{steps[3]['id']}")
    expect(section).to_be_visible()
    expect(section.locator(".learn-title")).to_have_text(spanish[steps[3]["title"]])
    expect(section.locator(".learn-counter")).to_have_text(f"Paso 4 de {len(steps)}")
    expect(page.locator(".learn-item").nth(3).locator(".learn-go")).to_have_attribute(
        "aria-current", "step"
    )
    # the keyboard: the cursor starts on the first tower that can move, b3, then c3 to its right
    board = section.locator(".tryit-board")
    board.focus()
    expect(board.locator(".tryit-cursor")).to_have_attribute("data-cell", "b3")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(section.locator(".tryit-announce")).to_contain_text("c3")
    page.keyboard.press(" ")
    expect(section.locator(".tryit-feedback")).to_contain_text(spanish["learn.zebra.stuck.success"])
    expect(section.locator(".learn-next")).to_be_visible()
    expect(page.locator("#learn-progress")).to_have_text(f"1 de {len(steps)} pasos hechos")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("game", GAMES)
def test_lesson_page_fits_a_phone(page: Page, site_url: str, watch, game: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}/learn-{game}.html?lang=en")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready")
    expect(page.locator(".learn-step:visible .tryit-hint")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_the_step_list_is_compact_and_each_task_on_the_first_screen(
    page: Page, site_url: str, watch, game: str
) -> None:
    """At 390x844 the step list is one row of numbered marks (each still a button named by its
    step), and every step's task is on the first screen, above the fold."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}/learn-{game}.html?lang=en")
    expect(page.locator("body")).to_have_attribute("data-glue", "ready")
    steps = track(game)["steps"]
    english = strings()
    marks = page.locator(".learn-go")
    box = page.locator(".learn-nav").bounding_box()
    assert box is not None and box["height"] <= 130, box
    tops = {
        round((marks.nth(number).bounding_box() or {"y": -1})["y"]) for number in range(len(steps))
    }
    assert len(tops) == 1, "the marks are not one row"
    expect(marks.nth(1)).to_have_accessible_name(re.compile(re.escape(english[steps[1]["title"]])))
    for number, step in enumerate(steps):
        marks.nth(number).click()
        section = page.locator(f"#step-{step['id']}")
        expect(section).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        task = section.locator(".learn-task, .learn-play").first
        where = task.bounding_box()
        assert where is not None and where["y"] + where["height"] <= 844, (step["id"], where)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert audit(page) == []


def test_home_game_and_rules_pages_link_to_the_lessons(page: Page, site_url: str, watch) -> None:
    page.goto(f"{site_url}/?lang=en")
    link = page.locator('.game-card a.card-learn[href="learn-virus-war.html"]')
    expect(link).to_have_text("Learn to play")
    expect(link).to_have_attribute("aria-label", "Learn to play Virus War, step by step")
    for name in ("zebra.html", "rules-zebra.html"):
        html = (DIST / name).read_text()
        assert '<a href="learn-zebra.html" data-i18n="learn.nav.link">Learn to play</a>' in html
