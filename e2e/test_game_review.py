"""The computer's review on the built site: a loaded Zebra game with a planted blunder is
reviewed (the same marks as ``python -m pyengine review`` gives), the blunder marked in the
move list and the panel, its better move drawn on the board before it; the review is saved
with the game; "Try from here" plays on from that position against the computer while the
reviewed game stays as it was, one click away. A finished Virus War game is reviewed from its
result banner: a whole turn is the better move, the result chart carries the marks, the panel
reads in Spanish and on a phone, and axe finds nothing serious."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from axe_audit import audit
from human_play import settled, status, wait_until

# Black's last move throws a won game away: b4-c4 is the only winning move there (checked
# exhaustively in tests/test_review.py), b4-a4 loses.
PLANTED = """[Game "Zebra"]
[Size "4"]
[Setup "standard"]
[Movement "step"]
[Result "*"]

1. a2-a3 d2-d3
2. b3-b4 d4-c4
3. d1-c1 a1-b1
4. c2-c3 b2-c1
5. b4-c4 b4-a4
*
"""

# Both sides pass at once: a draw, and two moves the review finds worse than a first turn.
PASSED = """[Game "Virus War"]
[Size "6"]
[Variant "standard"]
[Result "1/2-1/2"]
[Termination "double-pass"]

1. pass pass
1/2-1/2
"""


def python_review(record: str, game: str) -> dict:
    """The review the engine gives from Python (the wheel the site serves)."""
    from pyengine.review import review

    return review(record, game).to_json()


def review_status(page: Page) -> dict:
    return wait_until(page, lambda now: now["review"] and not now["review"]["running"])["review"]


def cells_with(page: Page, name: str) -> list[str]:
    return page.locator(f"#board .{name}").evaluate_all(
        "(cells) => cells.map((cell) => cell.dataset.cell)"
    )


def load_finished_game(page: Page, site_url: str, record: str) -> None:
    """Virus War's page with ``record`` (a finished game) loaded from the record panel."""
    page.goto(f"{site_url}/virus-war.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    page.locator(".record-panel summary").click()
    page.locator("#record-text").fill(record)
    page.locator("#record-form button[type=submit]").click()
    expect(page.locator("#result")).to_be_visible()


def test_a_planted_blunder_is_marked_shown_and_tried_again(page: Page, site_url: str, watch):
    page.goto(f"{site_url}/zebra.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#review")).to_be_hidden()  # a new game: nothing to review
    page.locator(".record-panel summary").click()
    page.locator("#record-text").fill(PLANTED)
    page.locator("#record-form button[type=submit]").click()
    expect(page.locator("#move-list .ply")).to_have_count(10)

    page.locator("#review-start").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#review-body")).to_be_visible(timeout=120_000)
    # the keyboard's focus moves on to the first move worth a look
    expect(page.locator("#review-moves button").first).to_be_focused()
    expected = python_review(PLANTED, "zebra")
    marks = [move["mark"] for move in expected["moves"]]
    assert review_status(page)["marks"] == marks  # the browser's review is Python's
    assert marks[-1] == "blunder"
    last = page.locator("#move-list button.ply").last
    expect(last).to_have_class("ply last review-blunder")
    expect(last).to_contain_text("??")
    black = page.locator("#review-summary tr").nth(2)
    expect(black.locator("td").last).to_have_text("1")  # Black's blunders
    listed = page.locator("#review-moves button")
    expect(listed.last).to_have_text("Move 10, Black: b4-a4 ??")

    # the blunder: the position before it, the move played and the better one on the board
    listed.last.click()
    wait_until(page, lambda now: now["viewing"] == 9, what="the position before the blunder")
    expect(page.locator("#review-detail")).to_contain_text("Better: b4-c4")
    expect(page.locator("#review-detail")).to_contain_text("from 100% to 0%")
    assert cells_with(page, "review-best") == ["b4", "c4"]
    assert cells_with(page, "review-played") == ["a4"]
    # the verdict above the board too (on a phone the panel is far below it)
    expect(page.locator("#viewing-review")).to_have_text(
        "Move 10, Black: b4-a4 ??: blunder, 100% → 0%. Better: b4-c4 (green)."
    )

    # saved with the game: a reload shows it again, without reviewing anew
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#review-body")).to_be_visible()
    assert review_status(page)["marks"] == marks
    expect(page.locator("#review-start")).to_be_hidden()

    # try from here against the computer: the person plays Black, the winning move now
    page.locator("#review-moves button").last.click()
    expect(page.locator("#review-detail")).to_be_visible()
    reviewed = wait_until(page, settled)["saved"]
    page.locator("#review-try-computer").click()
    tried = wait_until(page, lambda now: now["ply"] == 9 and now["seats"][1] == "human")
    assert tried["seats"][0] != "human" and tried["toMove"] == 1 and tried["viewing"] is None
    expect(page.locator("#message")).to_contain_text(
        "A new game from the position before this move: Move 10, Black: b4-a4"
    )
    back_to = tried["review"]["backTo"]
    page.locator('#board [data-cell="b4"]').click()
    page.locator('#board [data-cell="c4"]').click()
    played = wait_until(page, lambda now: now["ply"] >= 10 and not now["busy"])
    assert "5. b4-c4 b4-c4" in played["record"]
    expect(page.locator("#review-body")).to_be_hidden()  # another game: not reviewed
    kept = page.evaluate(
        "(id) => JSON.parse(localStorage.getItem('virus-games.saved.' + id))", back_to
    )
    assert kept == reviewed  # the reviewed game as it was

    page.reload()  # the way back is kept with the tried game
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert wait_until(page, settled)["ply"] >= 10
    page.locator("#review-back").click()
    again = wait_until(page, lambda now: now["ply"] == 10 and now["review"]["marks"] == marks)
    assert again["record"].rstrip().endswith("5. b4-c4 b4-a4\n*")
    expect(page.locator("#review-body")).to_be_visible()


def test_a_finished_game_is_reviewed_from_its_result_with_whole_turns(
    page: Page, site_url: str, watch
):
    load_finished_game(page, site_url, PASSED)
    page.locator("#result-review").click()
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#review-body")).to_be_visible(timeout=120_000)
    expected = python_review(PASSED, "virus-war")
    review = review_status(page)
    assert review["marks"] == [move["mark"] for move in expected["moves"]]
    first = expected["moves"][0]
    assert first["mark"] in ("inaccuracy", "mistake", "blunder") and first["text"] == "pass"
    marked = [
        move for move in expected["moves"] if move["mark"] in ("inaccuracy", "mistake", "blunder")
    ]
    expect(page.locator("#result-chart .review-mark")).to_have_count(len(marked))
    expect(page.locator("#review-chart .review-mark")).to_have_count(len(marked))

    # the better move is a whole turn: its three cells
    page.locator("#review-moves button").first.click()
    wait_until(page, lambda now: now["viewing"] == 0, what="the start")
    best = first["best"]["cells"]
    assert len(best) == 3
    assert sorted(cells_with(page, "review-best")) == sorted(best)
    assert audit(page) == [], "the review with a move selected"

    # in Spanish, and on a phone: the panel fits the screen
    page.locator("#language").select_option("es")
    expect(page.locator("#review-title")).to_have_text("Análisis del ordenador")
    expect(page.locator("#review-summary th").nth(1)).to_have_text("Precisión")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#review").scroll_into_view_if_needed()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    box = page.locator("#review-try-friend").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert status(page)["ply"] == 2  # the game itself untouched by the review


def chart_lines(page: Page, chart: str) -> list[str]:
    return page.locator(f"#{chart} polyline.chart-line").evaluate_all(
        "(lines) => lines.map((line) => line.getAttribute('points'))"
    )


def test_the_result_chart_and_the_review_chart_show_the_same_chances(
    page: Page, site_url: str, watch
):
    load_finished_game(page, site_url, PASSED)
    before = chart_lines(page, "result-chart")  # the evaluation's, before any review
    assert len(before) == 2
    page.locator("#result-review").click()
    expect(page.locator("#review-body")).to_be_visible(timeout=120_000)
    expect(page.locator("#review-chart .review-mark").first).to_be_attached()
    reviewed = chart_lines(page, "review-chart")
    assert len(reviewed) == 2
    assert chart_lines(page, "result-chart") == reviewed
    page.reload()  # the saved review draws both charts alike again
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#review-body")).to_be_visible()
    expect(page.locator("#review-chart .review-mark").first).to_be_attached()
    assert chart_lines(page, "result-chart") == chart_lines(page, "review-chart") == reviewed


def test_a_reviewed_move_is_counted_as_the_replay_counts_and_the_way_back_is_kept(
    page: Page, site_url: str, watch
):
    load_finished_game(page, site_url, PASSED)
    reviewed = wait_until(page, settled)["saved"]
    page.locator("#result-review").click()
    expect(page.locator("#review-body")).to_be_visible(timeout=120_000)
    listed = page.locator("#review-moves button")
    # the second move of the list: the position before it is the one after one move
    expect(listed.last).to_have_text("Move 2, Noughts: pass ?!")
    listed.last.click()
    wait_until(page, lambda now: now["viewing"] == 1, what="the position before move 2")
    expect(page.locator("#viewing-text")).to_contain_text("Viewing move 1 of 2")
    detail = page.locator("#review-detail")
    expect(detail).to_contain_text("The chance for Noughts to win went from")
    page.locator("#language").select_option("es")
    expect(detail).to_contain_text("La probabilidad de que gane Círculos pasó del")
    expect(listed.last).to_have_text("Jugada 2, Círculos: pass ?!")
    page.locator("#language").select_option("en")

    # try from here with a friend, then back: the next visit opens the reviewed game
    page.locator("#review-try-friend").click()
    wait_until(page, lambda now: now["ply"] == 1 and now["review"]["backTo"] is not None)
    page.locator("#review-back").click()
    wait_until(page, lambda now: now["ply"] == 2 and now["saved"] == reviewed)
    context = page.context
    page.close()  # the tab left: its game is free for the next visit
    later = context.new_page()
    later.goto(f"{site_url}/virus-war.html")
    expect(later.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    again = wait_until(later, settled)
    assert again["ply"] == 2 and again["saved"] == reviewed
    expect(later.locator("#review-body")).to_be_visible()
