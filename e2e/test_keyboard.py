"""Every game played to its end with the keyboard alone: after the page has loaded there is no
mouse click at all. The focus gets to the board by Tab, the arrow keys walk the board's cursor
(read back from the board's aria-activedescendant, as a screen reader does), Enter selects,
Escape cancels, Ctrl+Z undoes, P passes, R turns a shape; every other control (decision
buttons, dice, the program builder's slots and palette, the shape placer) is reached by Tab.
The screen-reader announcements (#announce) are checked on the way: moves, the computer's
moves, a dice roll, the result.

The games are a person against a fast computer (human_play.py: the decisions are chosen by
the engine, the key presses that make them are worked out here).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from human_play import Chooser, engine_state, open_against_computer, settled, status, wait_until

# Where the focus is now relative to `selector`'s element: 0 on it, 1 before it, -1 after it.
FOCUS_PLACE = """(selector) => {
    const target = document.querySelector(selector);
    if (!target) return null;
    const active = document.activeElement;
    if (active === target) return 0;
    if (!active || active === document.body) return 1;
    return active.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1;
}"""

# The board cursor's way to `target`: done, or the on-screen distance to go.
CURSOR_GAP = """(target) => {
    const board = document.getElementById("board");
    const id = board.getAttribute("aria-activedescendant");
    const current = id ? document.getElementById(id) : null;
    const goal = board.querySelector(`[data-cell="${CSS.escape(target)}"]`);
    if (!current || !goal) return { error: `cursor ${id}, target ${Boolean(goal)}` };
    if (current === goal) return { done: true };
    const [a, b] = [current.getBoundingClientRect(), goal.getBoundingClientRect()];
    return { id, dx: b.x + b.width / 2 - a.x - a.width / 2, dy: b.y + b.height / 2 - a.y - a.height / 2 };
}"""


# Every text the live region is given, in order (a computer's answer may replace the
# person's move before a test looks).
RECORD_ANNOUNCEMENTS = """() => {
    window.announced = [];
    const region = document.getElementById("announce");
    new MutationObserver(() => window.announced.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
}"""


def announced(page: Page) -> list[str]:
    return page.evaluate("() => window.announced")


def expect_announced(page: Page, pattern: str) -> None:
    for _ in range(100):
        if any(re.search(pattern, text) for text in announced(page)):
            return
        page.wait_for_timeout(30)
    raise AssertionError(f"never announced {pattern!r}: {announced(page)[-5:]}")


def tab_to(page: Page, selector: str, *, limit: int = 80) -> None:
    """Tab (or Shift+Tab, whichever way it lies) until the focus is on ``selector``."""
    for _ in range(limit):
        place = page.evaluate(FOCUS_PLACE, selector)
        assert place is not None, f"no {selector} on the page"
        if place == 0:
            return
        page.keyboard.press("Tab" if place > 0 else "Shift+Tab")
    raise AssertionError(f"Tab never reached {selector}")


def cursor_to(page: Page, cell: str) -> None:
    """Walk the board's cursor to ``cell`` with the arrow keys (the board has the focus)."""
    across_first = False
    for _ in range(120):
        gap = page.evaluate(CURSOR_GAP, cell)
        assert "error" not in gap, gap
        if gap.get("done"):
            return
        dx, dy = gap["dx"], gap["dy"]
        horizontal = (abs(dx) >= abs(dy)) != across_first
        if abs(dx) <= 1 or abs(dy) <= 1:
            horizontal = abs(dx) > 1
        key = (
            ("ArrowRight" if dx > 0 else "ArrowLeft")
            if horizontal
            else ("ArrowDown" if dy > 0 else "ArrowUp")
        )
        page.keyboard.press(key)
        # a sheet's spots are not one grid: if that key went nowhere, try the other way first
        across_first = (
            page.evaluate(
                "() => document.getElementById('board').getAttribute('aria-activedescendant')"
            )
            == gap["id"]
        )
    raise AssertionError(f"the cursor never reached {cell}")


def press_button(page: Page, selector: str) -> None:
    tab_to(page, selector)
    page.keyboard.press("Enter")


def place_shape(page: Page, token: str) -> None:
    """A Fight the Virus shape by keyboard: the wild shape's family in the palette (Tab,
    Enter), R and F until the placer shows the shape, the cursor to its anchor, Enter."""
    from fight_the_virus_play import cell_position, family_key, shape_key

    cells = token[2:].split(".")
    positions = [cell_position(cell) for cell in cells]
    shape = page.locator("#placer-shape")
    expect(page.locator("#placer")).to_be_visible()
    if page.locator("#placer-palette").is_visible():
        press_button(page, f'#placer-palette [data-family="{family_key(positions)}"]')
    tab_to(page, "#board")
    for turn in range(8):
        if shape.get_attribute("data-shape") == shape_key(positions):
            break
        page.keyboard.press("f" if turn == 4 else "r")
    expect(shape).to_have_attribute("data-shape", shape_key(positions))
    cursor_to(page, cells[0])  # tokens list their cells in reading order: the anchor first
    expect(page.locator("#placer")).to_have_attribute("data-legal", "true")
    page.keyboard.press("Enter")


def make(page: Page, action: str, clicks: tuple[str, ...]) -> None:
    """Make ``action`` by the keys a person would press."""
    if not clicks:
        if action == "pass":
            page.keyboard.press("p")  # the pass shortcut (no focus needed)
        else:
            press_button(page, f'#turn-actions button[data-play="{action}"]')
        return
    for token in clicks:
        if token.startswith("A:"):
            place_shape(page, token)
        elif ":" in token or token.startswith("+"):  # a die, a raise, a piece to write: a button
            press_button(page, f'#turn-actions button[data-click="{token}"]')
        else:
            tab_to(page, "#board")
            cursor_to(page, token)
            page.keyboard.press("Enter")


def write_program_by_keyboard(page: Page, program: str) -> None:
    """Virus Fight's secret program against the computer: no privacy screen (nobody else at
    the device), the builder's slot has the focus; the slots take the arrow keys, the palette
    is one Tab stop away, M puts the marker."""
    expect(page.locator("#program-builder")).to_be_visible()
    expect(page.locator("#privacy")).to_be_hidden()
    expect(page.locator("#builder-slots .slot[aria-pressed=true]")).to_be_focused()
    *placements, marker = program.split()
    for placement in placements:
        cell, code = placement.split(":")
        tab_to(page, "#builder-slots .slot[aria-pressed=true]")
        slot = page.locator(f'#builder-slots .slot[data-cell="{cell}"]')
        for _ in range(12):
            if slot.get_attribute("aria-pressed") == "true":
                break
            index = page.evaluate(
                "(cell) => [...document.querySelectorAll('#builder-slots .slot')]"
                ".findIndex((slot) => slot.dataset.cell === cell)",
                cell,
            )
            active = page.evaluate(
                "() => [...document.querySelectorAll('#builder-slots .slot')]"
                ".findIndex((slot) => slot.getAttribute('aria-pressed') === 'true')"
            )
            page.keyboard.press("ArrowRight" if index > active else "ArrowLeft")
        expect(slot).to_have_attribute("aria-pressed", "true")
        tab_to(page, "#builder-palette .piece-button:not(:disabled)")
        first = page.evaluate("() => document.activeElement.dataset.code")
        codes = page.evaluate(
            "() => [...document.querySelectorAll('#builder-palette .piece-button')].map((b) => b.dataset.code)"
        )
        steps = codes.index(code) - codes.index(first)
        for _ in range(abs(steps)):  # the palette's arrow keys
            page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
        expect(page.locator(f'#builder-palette [data-code="{code}"]')).to_be_focused()
        page.keyboard.press("Enter")
        expect(slot).to_have_attribute("data-code", code)
    marked = page.locator(f'#builder-slots .slot[data-cell="{marker[1:]}"]')
    tab_to(page, f'#builder-slots .slot[data-cell="{marker[1:]}"]')
    page.keyboard.press("m")
    expect(marked).to_have_attribute("data-marker", "true")
    press_button(page, "#builder-submit")


def play_to_the_end(page: Page, game: str, *, seed: int = 1, limit: int = 400) -> dict:
    """The person's decisions by keyboard until the result banner shows."""
    chooser = Chooser(seed)
    announce = page.locator("#announce")
    current = wait_until(page, settled)
    for _ in range(limit):
        if current["over"]:
            break
        if current["setup"] is not None:
            from pyengine.games.virus_fight import presentation

            state = engine_state(game, current["record"], current["saved"])
            write_program_by_keyboard(page, str(presentation.random_setup(state, chooser.rng)))
        else:
            action, clicks, _ = chooser.choose(game, current)
            ply = current["ply"]
            make(page, action, clicks)
            current = wait_until(
                page, lambda now, ply=ply: now["ply"] > ply, what=f"{action} by keys"
            )
            if game in ("zebra", "virus-war"):
                expect_announced(page, f"played {re.escape(action)}\\.")
        current = wait_until(page, settled, what="the computer")
    assert current["over"], "the game did not end"
    expect(page.locator("#result")).to_be_visible()
    expect(announce).to_contain_text(page.locator("#result-title").inner_text())
    return current


def start_by_keyboard(page: Page, site_url: str, game: str) -> None:
    open_against_computer(page, site_url, game)
    expect(page.locator("#announce")).to_have_attribute("aria-live", "polite")
    page.evaluate(RECORD_ANNOUNCEMENTS)
    if game == "virus-fight":  # the program builder takes the focus (no privacy screen)
        expect(page.locator("#builder-slots .slot[aria-pressed=true]")).to_be_focused()
        return
    tab_to(page, "#board")  # from the top of the page: skip link, header, ... the board
    expect(page.locator("#board")).to_be_focused()


def test_zebra_by_keyboard(page: Page, site_url: str, watch) -> None:
    start_by_keyboard(page, site_url, "zebra")
    # select a tower, Escape drops the selection; a move, the computer's answer, Ctrl+Z
    page.keyboard.press("Enter")
    wait_until(page, lambda now: now["selection"] != [], what="the selection")
    page.keyboard.press("Escape")
    wait_until(page, lambda now: now["selection"] == [], what="Escape")
    chooser = Chooser(3)
    action, clicks, _ = chooser.choose("zebra", status(page))
    make(page, action, clicks)
    current = wait_until(
        page, lambda now: now["ply"] >= 2 and settled(now), what="the computer's move"
    )
    expect_announced(page, rf"^White played {action}\. Black to move$")
    expect(page.locator("#announce")).to_contain_text(
        re.compile(r"Black played \S+\. White to move")
    )
    page.keyboard.press("Control+z")
    wait_until(page, lambda now: now["ply"] == 0 and settled(now), what="undo")
    expect(page.locator("#announce")).to_contain_text("Took back")
    assert current["ply"] == 2
    play_to_the_end(page, "zebra", seed=3)


def test_virus_war_by_keyboard(page: Page, site_url: str, watch) -> None:
    start_by_keyboard(page, site_url, "virus-war")
    chooser = Chooser(2)
    for _ in range(3):  # the person's three steps, then the computer's turn
        action, clicks, _ = chooser.choose("virus-war", status(page))
        ply = status(page)["ply"]
        make(page, action, clicks)
        wait_until(page, lambda now, ply=ply: now["ply"] > ply)
    wait_until(page, lambda now: now["toMove"] == 0 and settled(now), what="the computer's turn")
    expect_announced(page, r"^Crosses played \S+\. Crosses: step 2 of 3$")  # the move, whose step
    expect_announced(
        page, r"^Noughts played \S+\. (Noughts: step \d of 3|Crosses to move)$"
    )  # the computer's
    play_to_the_end(page, "virus-war", seed=2)


def test_virus_fight_by_keyboard(page: Page, site_url: str, watch) -> None:
    start_by_keyboard(page, site_url, "virus-fight")
    play_to_the_end(page, "virus-fight", seed=4)


def test_fight_the_virus_by_keyboard(page: Page, site_url: str, watch) -> None:
    start_by_keyboard(page, site_url, "fight-the-virus")
    press_button(page, '#turn-actions button[data-play="roll"]')
    current = wait_until(page, lambda now: now["ply"] >= 1 and settled(now), what="the roll")
    dice = "-".join(map(str, engine_state("fight-the-virus", current["record"]).dice))
    expect(page.locator("#announce")).to_contain_text(f"Ana rolls {dice}.")
    play_to_the_end(page, "fight-the-virus", seed=7)
