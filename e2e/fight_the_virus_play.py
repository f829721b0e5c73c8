"""Driving the Fight the Virus page by clicks: dice and choices as buttons, spots on the sheet,
shapes placed by turning them in the placer (Rotate, Flip, the wild-shape palette) and clicking
their anchor. Decisions are chosen by the engine's greedy player in the test process, on a
copy of the page's game kept in step."""

from __future__ import annotations

from playwright.sync_api import Page, expect

COLUMNS = "abcdefghijk"


def cell_position(name: str) -> tuple[int, int]:
    return int(name[1:]), COLUMNS.index(name[0])


def normalise(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    top = min(row for row, _ in cells)
    left = min(col for _, col in cells)
    return sorted((row - top, col - left) for row, col in cells)


def shape_key(cells: list[tuple[int, int]]) -> str:
    return ";".join(f"{row},{col}" for row, col in normalise(cells))


def family_key(cells: list[tuple[int, int]]) -> str:
    images, shape = [], normalise(cells)
    for _ in range(4):
        images += [shape, normalise([(row, -col) for row, col in shape])]
        shape = normalise([(col, -row) for row, col in shape])
    return min(shape_key(image) for image in images)


def place(page: Page, cells: list[str]) -> None:
    """Turn the placer's shape into the shape of ``cells`` and click its anchor."""
    positions = [cell_position(cell) for cell in cells]
    target = shape_key(positions)
    expect(page.locator("#placer")).to_be_visible()
    palette = page.locator("#placer-palette")
    if palette.is_visible():
        page.locator(f'#placer-palette [data-family="{family_key(positions)}"]').click()
    shape = page.locator("#placer-shape")
    for turn in range(8):
        if shape.get_attribute("data-shape") == target:
            break
        page.locator("#placer-flip" if turn == 4 else "#placer-rotate").click()
    expect(shape).to_have_attribute("data-shape", target)
    row, col = min(positions)
    anchor = page.locator(f'#board [data-cell="{COLUMNS[col]}{row}"]')
    anchor.hover()
    expect(page.locator("#placer")).to_have_attribute("data-legal", "true")
    anchor.click()


def take_device(page: Page) -> None:
    """Dismiss the "pass the device" screen if it is up."""
    ready = page.locator("#privacy-ready")
    if ready.is_visible():
        ready.click()


def play(page: Page, state, action) -> None:
    """Make ``action`` on the page by the clicks a player would use."""
    from pyengine.controller import click_paths
    from pyengine.games.fight_the_virus import presentation

    text = str(action)
    paths = [
        cells
        for cells, legal in click_paths(presentation.PRESENTATION, state)
        if str(legal) == text
    ]
    assert paths, text
    take_device(page)
    clicks = min(paths, key=len)
    if not clicks:
        page.locator(f'#turn-actions button[data-play="{text}"]').click()
        return
    for token in clicks:
        if token.startswith("A:"):
            place(page, token[2:].split("."))
        elif ":" in token:  # a die, a raise or a number
            page.locator(f'#turn-actions button[data-click="{token}"]').click()
        else:
            page.locator(f'#board [data-cell="{token}"]').click()


def play_with_greedy(page: Page, state, *, until=None, seed: int = 1) -> None:
    """Play the greedy player's decisions on the page until the game ends (or ``until(state)``),
    checking the record after every decision."""
    from pyengine.games.fight_the_virus import GreedyBot

    bot = GreedyBot(seed)
    record = page.locator("#record-text")
    while not state.is_terminal() and not (until and until(state)):
        action = bot.choose(state)
        play(page, state, action)
        state.apply(action)
        expect(record).to_have_value(state.game.write_record(state))
