"""The first move of a game page's visit, made like a person who clicks at once (bench/load.py
and bench/builds.py).

The clicks come from the built site's opening book (written by web/tools/openings.py: the book
of people in every seat, ``<site>/app/openings/<game>/people.json``, or else
``<site>/app/openings/<game>.json`` with a start per seating): from the (first) start whose
seats are all ``human``, the book's ``next`` requests are followed (the first in sorted order
at each node) until a reply's view has ``ply_count`` >= 1 (a view's fields may be indices into
the book's ``parts``). The visit waits for the first contentful paint, then makes each request's
click as soon as it can be made, like a person who knows the move: a board cell at once (the
board is pre-rendered, and clicks made before the page's glue runs are carried out when it
binds; the mouse clicks the cell's centre, as a person's click, where Playwright's own click
would first wait for the page's thread to be idle), a button once the page has drawn the
previous clicks' replies (``click-drawn``
performance marks): ``click <token>`` clicks the board cell ``#board [data-cell=<token>]``
or else the button
``[data-click=<token>]``; ``play <action>`` clicks ``#turn-actions button[data-play=<action>]``
once the view has drawn it. The first move's time is the ``startTime`` of the first
``click-drawn`` mark whose detail (the view's ply count) is >= 1. Where the book leads to no
move (Virus Fight: the first decision is the program, drawn from the book's start view), the
figure is the ``game-shown`` mark: the first view drawn.

Once the engine's game is drawn, :func:`first_interaction` plays one legal move from the view
the page reports (``window.virusGames.status()``'s targets) and times the engine's round trips
of its clicks, each from the click event to its "click-drawn" mark (Playwright's delay before
clicking is not counted): "interactive" is game-ready plus those round trips. A site without a
book (a build before it) makes its first move so, and its first move's time is that
interactive time.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

MAX_CLICKS = 12  # a first move is a few clicks (Zebra: two; Virus War: a turn's placements)

FIRST_PAINT = "() => performance.getEntriesByName('first-contentful-paint').length > 0"
DRAWN = (
    "() => performance.getEntriesByName('click-drawn').map((mark) => [mark.startTime, mark.detail])"
)
SHOWN = "() => performance.getEntriesByName('game-shown').length > 0"
SHOWN_AT = "() => performance.getEntriesByName('game-shown')[0].startTime"


def opening_book(site: Path, game: str) -> dict | None:
    """The site's opening book of ``game`` for people in every seat, or None (no book)."""
    for path in (
        site / "app" / "openings" / game / "people.json",
        site / "app" / "openings" / f"{game}.json",
    ):
        if path.is_file():
            book = json.loads(path.read_text())
            if book.get("format") != "virus-games/opening":
                raise ValueError(f"{path}: not an opening book")
            return book
    return None


def first_move_requests(book: dict) -> list[str]:
    """The requests of the first move from the book's all-human start: the first ``next`` key
    in sorted order at each node, until a reply's view has ply_count >= 1; empty where the
    book leads to no move (its start view is the first decision)."""
    starts = [
        start
        for start in book["starts"]
        if set(start.get("seats") or book.get("seats") or ()) == {"human"}
    ]
    if not starts:
        raise ValueError(f"the {book['game']} book has no start with human seats only")
    nodes, parts = book["nodes"], book.get("parts")
    node = nodes[starts[0]["node"]]
    requests: list[str] = []
    while node.get("next") and len(requests) < MAX_CLICKS:
        request = min(node["next"])
        requests.append(request)
        node = nodes[node["next"][request]]
        ply = (node["reply"].get("view") or {}).get("ply_count", 0)
        if (ply if parts is None else parts[ply]) >= 1:
            return requests
    return []


def site_requests(site: Path, game: str) -> list[str] | None:
    """The first move's requests of ``game`` from the site's book (None: no book)."""
    book = opening_book(site, game)
    return None if book is None else first_move_requests(book)


def click_request(page, request: str, timeout_ms: float) -> None:
    """Clicks what makes ``request`` ("click <token>" or "play <action>")."""
    op, _, argument = request.partition(" ")
    quoted = json.dumps(argument)
    if op == "click":  # the board's cell if there is one, else the button
        cell = page.locator(f"#board [data-cell={quoted}]")
        either = page.locator(f"#board [data-cell={quoted}], [data-click={quoted}]")
        either.first.wait_for(state="attached", timeout=timeout_ms)
        target = cell if cell.count() else page.locator(f"[data-click={quoted}]")
    elif op == "play":
        target = page.locator(f"#turn-actions button[data-play={quoted}]")
        target.wait_for(state="attached", timeout=timeout_ms)
    else:
        raise ValueError(f"a request no click makes: {request}")
    target.first.click(timeout=timeout_ms)


def book_first_move(page, requests: list[str], timeout_ms: float) -> tuple[float, str]:
    """Makes the first move's clicks on a page that is loading: from first contentful paint,
    each as soon as it can be made (see the module's docstring). Returns the first move's time
    (s from navigation: the first ``click-drawn`` mark with a ply count >= 1) and what it is;
    with no requests, the ``game-shown`` mark (the first view drawn)."""
    page.wait_for_function(FIRST_PAINT, polling=20, timeout=timeout_ms)
    if not requests:
        page.wait_for_function(SHOWN, polling=20, timeout=timeout_ms)
        return page.evaluate(SHOWN_AT) / 1000, "first view drawn (game-shown)"
    clicked = 0  # clicks made
    for request in requests:
        op, _, token = request.partition(" ")
        cell = page.locator(f"#board [data-cell={json.dumps(token)}]")
        box = cell.bounding_box() if op == "click" and cell.count() else None
        if box is None:  # a button the page draws: after the last reply
            wait_drawn(page, clicked, requests, timeout_ms)
            click_request(page, request, timeout_ms)
        else:  # the mouse, as a person's click: no waiting for the page's thread to be idle
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        clicked += 1
    wait_drawn(page, clicked, requests, timeout_ms)
    for at, ply in page.evaluate(DRAWN):
        if ply is not None and ply >= 1:
            return at / 1000, "first move (book)"
    raise RuntimeError(f"no move was drawn after {requests}: {page.evaluate(DRAWN)}")


def wait_drawn(page, count: int, requests: list[str], timeout_ms: float) -> None:
    """Waits until the page has drawn the replies of ``count`` clicks (``click-drawn``)."""
    try:
        page.wait_for_function(
            "(count) => performance.getEntriesByName('click-drawn').length >= count",
            arg=count,
            polling=20,
            timeout=timeout_ms,
        )
    except PlaywrightTimeoutError:  # the page marks "click-drawn" after each reply drawn
        raise TimeoutError(f"only some of {requests} drawn: {page.evaluate(DRAWN)}") from None


# Records when each click happens (capture phase, before the page's own handler).
CLICK_CLOCK = """() => {
    window.benchClicks = [];
    document.addEventListener('click', () => window.benchClicks.push(performance.now()), true);
}"""

CLICK_STATE = """() => ({
    ply: JSON.parse(window.virusGames.status()).ply,
    targets: JSON.parse(window.virusGames.status()).targets,
    drawn: performance.getEntriesByName('click-drawn').map((mark) => [mark.startTime, mark.detail]),
    clicks: window.benchClicks,
})"""


def poll(page, script: str, predicate, *, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script)
        if predicate(value):
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"gave up waiting: {value}")
        page.wait_for_timeout(20)


def first_move(page) -> float:
    """Plays one legal move by clicks; returns the engine's round trips of those clicks (s)."""
    page.evaluate(CLICK_CLOCK)
    start = page.evaluate(CLICK_STATE)
    spent = 0.0
    for _ in range(6):  # a move is a few clicks at most (Zebra: two)
        before = page.evaluate(CLICK_STATE)
        page.locator(f'#board [data-cell="{before["targets"][0]}"]').click()
        after = poll(
            page,
            CLICK_STATE,
            lambda state, before=before: len(state["drawn"]) > len(before["drawn"]),
        )
        spent += (after["drawn"][-1][0] - after["clicks"][-1]) / 1000
        if after["ply"] > start["ply"]:
            return spent
    raise RuntimeError("no move was made in six clicks")


def first_interaction(page) -> tuple[float, str]:
    """The engine's round trips of one legal move's clicks (s), where the page shows board
    cells to click, and what was measured."""
    targets = json.loads(page.evaluate("() => window.virusGames.status()")).get("targets") or []
    if not targets or not page.locator(f'#board [data-cell="{targets[0]}"]').count():
        return 0.0, "game drawn"
    return first_move(page), "a move"
