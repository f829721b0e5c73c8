"""The board on screen against the engine's SVG, for the replay and motion tests: the page adds
only what assistive technology needs (the board's role, each cell's role, name and id) and the
keyboard's cursor (class ``cursor``), so with those taken away the picture must be the
engine's, element for element and attribute for attribute. Also games to load: random legal games played by the engine (the built wheel)."""

from __future__ import annotations

import random

from playwright.sync_api import Page

# Both pictures serialised the same way, without the page's accessibility attributes.
SAME_PICTURE = """(expected) => {
    const clean = (svg) => {
        svg = svg.cloneNode(true);
        svg.removeAttribute("role");
        for (const cell of svg.querySelectorAll("[data-cell]")) {
            for (const name of ["role", "aria-label", "id"]) cell.removeAttribute(name);
            if (cell.classList.contains("cursor")) cell.classList.remove("cursor");
        }
        return new XMLSerializer().serializeToString(svg);
    };
    const board = document.querySelector("#board svg");
    const engine = new DOMParser().parseFromString(expected, "image/svg+xml").documentElement;
    const [shown, drawn] = [clean(board), clean(engine)];
    if (shown === drawn) return null;
    let at = 0;
    while (shown[at] === drawn[at]) at += 1;
    return { shown: shown.slice(Math.max(0, at - 80), at + 120), drawn: drawn.slice(Math.max(0, at - 80), at + 120) };
}"""


def board_difference(page: Page, svg: str) -> dict | None:
    """None when the board shows exactly ``svg``, else where they first differ."""
    return page.evaluate(SAME_PICTURE, svg)


def assert_board_is(page: Page, svg: str, *, timeout_ms: int = 2000) -> None:
    """The board shows ``svg`` (within ``timeout_ms``: a picture being drawn or animated)."""
    difference = None
    for _ in range(max(1, timeout_ms // 50)):
        difference = board_difference(page, svg)
        if difference is None:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the board is not the engine's picture: {difference}")


OPTIONS = {
    "zebra": {"size": 4},
    "virus-war": {"size": 6},
    "virus-fight": {"players": 2, "seed": 5},
    "fight-the-virus": {"players": 2, "seed": 4},
}


def random_record(game: str, actions: int, *, seed: int = 1, finish: bool = False) -> str:
    """The record of a random game of ``game`` (OPTIONS): ``actions`` legal actions (never a
    pass or a stop proposal while there is another choice), or to its end (``finish``)."""
    from pyengine.session import Match

    options = OPTIONS[game]
    match = Match(game, options=options, seats=["human"] * options.get("players", 2))
    rng = random.Random(seed)
    while not match.is_over and (finish or len(match.actions) < actions):
        legal = match.legal_actions()
        chosen = [action for action in legal if str(action) not in ("pass", "stop")]
        match.play(rng.choice(chosen or legal))
    return match.record_text()


def engine_controller(saved: dict, flipped: bool = False):
    """The engine, in this process, holding the page's game (its saved document)."""
    from pyengine.controller import Controller

    controller = Controller()
    reply = controller.handle({"op": "restore", "match": saved, "flipped": flipped})
    assert reply["ok"], reply
    return controller
