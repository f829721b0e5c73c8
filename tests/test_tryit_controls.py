"""Every "try it" board the site ships (every puzzle of every game, every lesson step, every
rules page's exercise) is solved with the board's own controls, as a person solves it on the
page: clicks on the cells its picture has, the buttons it shows, and, while a shape is placed on
a Fight the Virus sheet, Rotate, Flip and the palette of wild shapes. The boards run on the data
the page gets (web/tools/puzzle_pages.py ``puzzle_data`` for a puzzle, web/tools/rules_pages.py
``tryit_data`` for the others) and the page's own logic (web/app/glue/tryit.py); no click token
is taken from the data or from an answer's notation.

For every position a board reaches by right actions, each of its right actions must be made by
some sequence of those controls (a breadth-first search over them): so every accepted solution
of every puzzle can be played on the page, and the board then says it is solved.
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
WEB = REPOSITORY / "web"
sys.path.insert(0, str(WEB))
sys.path.insert(0, str(WEB / "app"))

from glue.shapes import shape_key  # noqa: E402
from glue.trainer import expand_svgs  # noqa: E402
from glue.tryit import Step, TryIt  # noqa: E402
from tools import lessons, puzzle_pages, rules_pages  # noqa: E402

MOST_CONTROLS = 8  # the longest run of controls one action may take
CELL = re.compile(r'data-cell="([^"]+)"')


class Watched(TryIt):
    """The page's try-it logic, recording which action of which node each step played."""

    played: list[tuple[int, int]]

    def play(self, index: int) -> Step:
        self.played.append((self.node_index, index))
        return super().play(index)


def fork(tryit: Watched) -> Watched:
    """A copy of a board's state to try controls on (the data is shared, never changed)."""
    copied = copy.copy(tryit)
    copied.selection = list(tryit.selection)
    copied.hinted = list(tryit.hinted)
    copied.shown = list(tryit.shown)
    copied.played = []
    copied.shapes = copy.copy(tryit.shapes)
    return copied


def cells_of(svg: str) -> list[str]:
    """The cells a picture has ([data-cell], each once, in page order)."""
    return list(dict.fromkeys(CELL.findall(svg)))


Control = tuple[str, Any]
"""What a person presses: ("cell", name), ("button", its token), ("action", its action's index,
for a button that makes an action), ("turn", "rotate" or "flip"), ("palette", a family's key)."""


def controls(tryit: Watched, cells: list[str]) -> list[Control]:
    """What a person can press now: every cell of the picture, every button the board shows,
    and while a shape is placed the placer's Rotate and Flip, and its palette when shown."""
    found: list[Control] = [("cell", cell) for cell in cells]
    for button in tryit.buttons(tryit.targets(), lambda token: token in cells):
        found.append(
            ("button", button.token) if button.action is None else ("action", button.action)
        )
    choice = tryit.shape_choice()
    if choice.active:
        found += [("turn", "rotate"), ("turn", "flip")]
        if choice.palette_shown():
            found += [("palette", family.key) for family in choice.families]
    return found


def press(board: Watched, control: Control) -> Step:
    """What the page does for ``control`` (web/app/glue/tryboard.py and glue/placer.py)."""
    kind, value = control
    if kind in ("cell", "button"):
        return board.click(value)
    if kind == "action":
        return board.play(value)
    if kind == "turn":
        return board.turn_shape(value)
    return board.choose_family(value)


def state_key(tryit: Watched) -> tuple[Any, ...]:
    choice = tryit.shape_choice()
    shape = shape_key(choice.shape) if choice.active and choice.shape else None
    return (tryit.node_index, tuple(tryit.selection), shape)


def make(tryit: Watched, index: int, cells: list[str]) -> tuple[Watched, list[Control]] | None:
    """The board after the node's action ``index`` made with controls only, and the controls
    pressed (the fewest); None when no run of at most MOST_CONTROLS makes it."""
    node = tryit.node_index
    frontier: list[tuple[Watched, list[Control]]] = [(fork(tryit), [])]
    seen = {state_key(tryit)}
    for _ in range(MOST_CONTROLS):
        following: list[tuple[Watched, list[Control]]] = []
        for board, pressed in frontier:
            for control in controls(board, cells):
                trial = fork(board)
                step = press(trial, control)
                if (node, index) in trial.played and step.kind == "right":
                    return trial, [*pressed, control]
                if trial.node_index != node:
                    continue  # another right action: not the one looked for
                key = state_key(trial)
                if key not in seen:
                    seen.add(key)
                    following.append((trial, [*pressed, control]))
        frontier = following
    return None


def prove(data: dict[str, Any], start_svg: str, name: str) -> int:
    """Every right action of every position the board reaches is made with its controls (and
    the opponent's answers come by themselves); returns the number of positions solved."""
    start = Watched(data)
    start.played = []
    todo = [start]
    visited: set[int] = set()
    finished = 0
    while todo:
        board = todo.pop()
        if board.node_index in visited:
            continue
        visited.add(board.node_index)
        if board.done:
            finished += 1
            continue
        if board.pending_reply:
            answered = fork(board)
            assert answered.reply().kind == "reply", name
            todo.append(answered)
            continue
        cells = cells_of(board.svg() or start_svg)
        for index, action in enumerate(board.node["actions"]):
            if not action["right"]:
                continue
            made = make(board, index, cells)
            assert made is not None, (
                f"{name}: {action['text']} cannot be made with the board's controls"
            )
            after, pressed = made
            assert after.mistakes == board.mistakes, (name, action["text"], pressed)
            todo.append(after)
    assert finished, f"{name}: no line ends solved"
    return finished


# -- the boards ---------------------------------------------------------------------------------


def puzzle_boards() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path in puzzle_pages.puzzle_files():
        document = puzzle_pages.load(path)
        for puzzle in document["puzzles"]:
            yield document["game"], puzzle["id"], puzzle


PUZZLES = list(puzzle_boards())
CODE = puzzle_pages.code_version()
LESSON_STEPS = [
    (game, step)
    for game in lessons.games_with_lessons()
    for step in lessons.load(game)["steps"]
    if "tryit" in step
]
RULES_TRYITS = [
    (game, number, spec)
    for game in rules_pages.games_with_rules()
    for number, spec in enumerate(rules_pages.blocks(rules_pages.load(game), "tryit"))
]


@pytest.mark.parametrize(("game", "name", "puzzle"), PUZZLES, ids=[name for _, name, _ in PUZZLES])
def test_every_puzzle_is_solved_with_the_boards_controls(
    game: str, name: str, puzzle: dict[str, Any]
) -> None:
    data = puzzle_pages.page_file(game, puzzle, version=CODE)  # the build's, if this code's
    expand_svgs(data["tryit"], data["svg"])
    prove(data["tryit"], data["svg"], name)


@pytest.mark.parametrize(
    ("game", "step"), LESSON_STEPS, ids=[f"{game}:{step['id']}" for game, step in LESSON_STEPS]
)
def test_every_lesson_step_is_solved_with_the_boards_controls(
    game: str, step: dict[str, Any]
) -> None:
    spec = step["tryit"]
    prove(
        rules_pages.tryit_data(game, spec),
        rules_pages.tryit_start_svg(game, spec),
        f"{game}:{step['id']}",
    )


@pytest.mark.parametrize(
    ("game", "number", "spec"),
    RULES_TRYITS,
    ids=[f"{game}:{number + 1}" for game, number, _ in RULES_TRYITS],
)
def test_every_rules_exercise_is_solved_with_the_boards_controls(
    game: str, number: int, spec: dict[str, Any]
) -> None:
    prove(
        rules_pages.tryit_data(game, spec),
        rules_pages.tryit_start_svg(game, spec),
        f"{game}:{number + 1}",
    )
