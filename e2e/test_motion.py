"""Motion on the built site, in every game, a person against a fast computer: the moves (the
computer's too) are animated and end on the engine's picture of the position, element for
element; a click during an animation ends it at once and is handled; with reduced motion
nothing moves. The page's motions are watched by a MutationObserver (the ``anim`` classes and
``#board[data-animating]``), the person's decisions are random legal ones."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from board_picture import assert_board_is, engine_controller
from human_play import engine_state, open_against_computer, settled, wait_until
from test_ai import ftv_decision, random_click, write_program
from virus_war_play import aggressive, forced

# Every class change to a motion class, and every start and end of a motion on the board.
# `window.armed`: a click to make the moment a motion starts while the person decides (the
# computer's move, or the person's own step of a longer turn): the first cell the page
# highlights (else a decision button), dispatched as a pointer would.
WATCH = """() => {
    window.motionLog = [];
    window.clickedDuring = null;
    window.armed = false;
    const board = document.getElementById("board");
    const observer = new MutationObserver((records) => {
        for (const record of records) {
            const target = record.target;
            if (record.type === "childList") {  // the dice drawn again: a roll animates at once
                for (const die of target.querySelectorAll?.(".die.anim-roll") || []) window.motionLog.push(die.getAttribute("class"));
            }
            if (record.attributeName === "class" && /\\banim-/.test(target.getAttribute("class") || "")) {
                window.motionLog.push(target.getAttribute("class"));
            }
            if (record.attributeName !== "data-animating" || !board.hasAttribute("data-animating")) continue;
            window.motionLog.push("start");
            if (!window.armed) continue;
            const now = JSON.parse(window.virusGames.status());
            if (now.bot || now.over) continue;
            const cells = (now.highlighted.length ? now.highlighted : now.sources).filter((cell) => now.board.includes(cell));
            const play = cells.length ? null : (now.buttons || []).find((button) => button.action && button.action !== "stop");
            const element = play
                ? document.querySelector(`#turn-actions button[data-play="${play.action}"]`)
                : cells.length ? board.querySelector(`[data-cell="${CSS.escape(cells[0])}"] .hit`) : null;
            if (!element) continue;
            window.armed = false;
            element.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
            const finished = !board.hasAttribute("data-animating");
            element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
            window.clickedDuring = { ply: now.ply, selection: now.selection, finished, what: play ? play.action : cells[0] };
        }
    });
    const options = { attributes: true, subtree: true, attributeFilter: ["class", "data-animating"] };
    observer.observe(board, options);
    observer.observe(document.getElementById("dice-slot"), { childList: true, ...options });
}"""


def motion_log(page: Page) -> list[str]:
    return page.evaluate("() => window.motionLog")


def declined_stop(page: Page, current: dict) -> bool:
    """Declines a proposal to stop the game (Virus Fight) when there is one to answer."""
    for button in current["buttons"]:
        label = button.get("label") or {}
        if button.get("action") and label.get("key") == "virus-fight.stop.decline":
            page.locator(f'#turn-actions button[data-play="{button["action"]}"]').click()
            return True
    return False


def decide(page: Page, game: str, current: dict, rng: random.Random) -> dict:
    """One decision of the person (random, legal), then the page settled again."""
    if current["setup"] is not None:
        write_program(page)
    elif game == "fight-the-virus":
        ftv_decision(page, current, rng)
    elif game == "virus-war" and not current["selection"]:  # steps that fill the board
        state = engine_state(game, current["record"], current["saved"])
        action = str(aggressive(state, rng))
        if forced(state):
            pass  # nothing in reach: the page passes by itself
        elif action == "pass":
            page.locator('#turn-actions button[data-play="pass"]').click()
        else:
            page.locator(f'#board [data-cell="{action}"]').click()
    elif declined_stop(page, current):
        pass  # the computer proposed to stop: the person goes on (this test needs moves)
    else:
        random_click(page, current, rng)
    before = current["ply"]
    return wait_until(
        page,
        lambda now: settled(now) and (now["ply"] != before or now["selection"] or now["over"]),
        what="the decision's answer",
    )


def at_rest(page: Page) -> dict:
    """The page settled and no motion under way."""
    expect(page.locator("#board")).not_to_have_attribute("data-animating", "true")
    return wait_until(page, settled)


GAMES = ["zebra", "virus-war", "virus-fight", "fight-the-virus"]


@pytest.mark.parametrize("game", GAMES)
def test_moves_are_animated_to_the_engines_picture(
    page: Page, site_url: str, watch, game: str
) -> None:
    rng = random.Random(11)
    # a few decisions each way: every move (the computer's too) is animated. A game that ends
    # first (Virus Fight's random programs can be two pieces) is replaced by a new page.
    for _ in range(8):
        current = open_against_computer(page, site_url, game)
        page.evaluate(WATCH)
        current = wait_until(page, settled)
        for _ in range(60):
            if current["over"] or (current["motions"] >= 4 and current["ply"] >= 6):
                break
            current = decide(page, game, current, rng)
        if current["motions"] >= 3:
            break
    assert current["motions"] >= 3, current["motions"]
    log = motion_log(page)
    rolls = [entry for entry in log if "anim-roll" in entry]
    assert log.count("start") + len(rolls) >= 3, log[-10:]
    assert bool(rolls) == (game == "fight-the-virus"), log[-10:]  # the dice roll
    # at rest, the board is the engine's picture of the position, element for element
    current = at_rest(page)
    engine = engine_controller(current["saved"], current["flipped"])
    assert_board_is(page, engine.handle({"op": "view"})["view"]["svg"])
    assert page.locator("#board .anim, #board [style]").count() == 0

    # a click during the computer's motion ends the motion at once and is handled
    if not current["over"]:
        page.evaluate("() => { window.armed = true; }")
        for _ in range(40):
            clicked = page.evaluate("() => window.clickedDuring")
            if clicked is not None or current["over"]:
                break
            current = decide(page, game, current, rng)
        clicked = page.evaluate("() => window.clickedDuring")
        if not current["over"]:
            assert clicked is not None, "no motion of the computer's to click into"
            assert clicked["finished"], clicked  # the pointer ended the motion
            after = wait_until(
                page,
                lambda now: (
                    settled(now)
                    and (
                        now["ply"] > clicked["ply"]
                        or now["selection"] != clicked["selection"]
                        or now["over"]
                    )
                ),
                what=f"the click made during the motion {clicked}",
            )
            assert after["ply"] > clicked["ply"] or after["selection"], (clicked, after)

    # reduced motion: nothing moves any more
    page.emulate_media(reduced_motion="reduce")
    current = at_rest(page)
    motions, logged = current["motions"], len(motion_log(page))
    plies = current["ply"]
    for _ in range(20):
        if current["over"] or current["ply"] >= plies + 3:
            break
        current = decide(page, game, current, rng)
    assert current["motions"] == motions and len(motion_log(page)) == logged
    current = at_rest(page)
    engine = engine_controller(current["saved"], current["flipped"])
    assert_board_is(page, engine.handle({"op": "view"})["view"]["svg"])
