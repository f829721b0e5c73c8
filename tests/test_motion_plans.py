"""The glue's motion planner (web/app/glue/motion.py) on the engine's real pictures: random games
of every game, each action's two views planned, every step naming a cell and parts that the new
picture (or, for a ghost, the old one) has, and the expected motion for each kind of action."""

from __future__ import annotations

import itertools
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "app"))

from glue import motion
from pyengine.controller import Controller

OPTIONS: dict[str, dict[str, Any]] = {
    "zebra": {"size": 5, "setup": "placement"},
    "virus-war": {"size": 6},
    "virus-fight": {"players": 3, "seed": 4},
    "fight-the-virus": {"players": 2, "seed": 3},
}
# the class each step's part selector needs in the cell's markup
PART_CLASSES = {
    "g.stack > g.disc": ("stack", "disc"),
    "text.height": ("height",),
    "g.stack, ellipse.shadow": ("stack",),
    ".symbol": ("symbol",),
    ".symbol .killer": ("symbol", "killer"),
    "g.piece-tile": ("piece-tile",),
    "g.marker-token": ("marker-token",),
    "": (),
}


def cell_markup(svg: str, cell: str) -> str:
    """The markup of one cell: from its tag to its click target."""
    start = svg.index(f' data-cell="{cell}"')
    return svg[start : svg.index('class="hit"', start)]


def views(game: str, seed: int, actions: int = 60) -> list[dict]:
    """The views of a random game, one per action (never a pass or a stop proposal while
    there is another choice)."""
    controller = Controller()
    seats = ["random"] * OPTIONS[game].get("players", 2)
    reply = controller.handle({"op": "new", "game": game, "options": OPTIONS[game], "seats": seats})
    found = [reply["view"]]
    rng = random.Random(seed)
    while len(found) <= actions and not found[-1]["result"]:
        if found[-1]["setup"]:  # a secret program: the random player writes one
            found.append(controller.handle({"op": "bot"})["view"])
            continue
        legal = [str(action) for action in controller.match.legal_actions()]
        chosen = [action for action in legal if action not in ("pass", "stop")]
        reply = controller.handle({"op": "play", "action": rng.choice(chosen or legal)})
        assert reply["ok"], reply
        found.append(reply["view"])
    return found


@pytest.mark.parametrize("game", list(OPTIONS))
def test_every_step_names_what_the_pictures_have(game: str) -> None:
    effects: set[str] = set()
    events: set[str] = set()
    for seed in (1, 2):
        pictures = views(game, seed)
        for before, after in itertools.pairwise(pictures):
            steps, seen = motion.plan(game, before["svg"], after["svg"])
            events |= set(seen)
            for step in steps:
                effects.add(step["effect"])
                picture = before["svg"] if step.get("ghost") else after["svg"]
                markup = cell_markup(picture, step["cell"])
                for name in PART_CLASSES[step["part"]]:
                    assert re.search(rf'class="[^"]*\b{name}\b', markup), (step, markup[:300])
                if step["effect"] == "slide":
                    assert (step["dx"], step["dy"]) != (0.0, 0.0)
                    assert 0 <= step.get("delay", 0) < motion.DURATION_MS
            if seen:
                assert after["ply_count"] > before["ply_count"]
    expected = {
        "zebra": {"drop", "slide", "pop"},
        "virus-war": {"draw", "pop"},
        "virus-fight": {"flash", "slide", "pop"},
        "fight-the-virus": {"drop"},
    }[game]
    assert expected <= effects, effects
    assert "move" in events


def test_a_zebra_move_slides_the_tower_the_length_and_way_it_went() -> None:
    controller = Controller()
    before = controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})["view"]
    controller.handle({"op": "click", "cell": "c2"})
    after = controller.handle({"op": "click", "cell": "c3"})["view"]  # one up
    steps, events = motion.plan("zebra", before["svg"], after["svg"])
    assert steps[0]["cell"] == "c3" and steps[0]["last"] == 1
    assert (steps[0]["dx"], steps[0]["dy"]) == (0.0, 100.0)  # from one below
    assert events == ["capture"]  # a white tower onto a black one
    flipped = controller.handle({"op": "flip"})["view"]
    controller.handle({"op": "undo"})
    back = controller.handle({"op": "view"})["view"]
    controller.handle({"op": "redo"})
    again = controller.handle({"op": "view"})["view"]
    assert 'data-flipped="true"' in flipped["svg"]
    steps, _ = motion.plan("zebra", back["svg"], again["svg"])
    assert (steps[0]["dx"], steps[0]["dy"]) == (0.0, -100.0)  # the board turned: the other way
    assert motion.plan("zebra", before["svg"], flipped["svg"]) == ([], [])


def test_a_virus_war_kill_circles_the_victim() -> None:
    controller = Controller()
    record = '[Game "Virus War"]\n[Size "6"]\n\n1. a1-b2-c3 f6-e5-d4 2. b3-c4\n'
    controller.handle({"op": "load", "game": "virus-war", "record": record})
    before = controller.handle({"op": "view"})["view"]
    after = controller.handle({"op": "click", "cell": "d4"})["view"]  # X kills the nought
    steps, events = motion.plan("virus-war", before["svg"], after["svg"])
    assert steps == [{"cell": "d4", "part": ".symbol .killer", "effect": "pop"}]
    assert events == ["capture"]


def test_fight_the_virus_rolls_its_dice_and_drops_a_shape_into_its_cells() -> None:
    controller = Controller()
    start = controller.handle(
        {"op": "new", "game": "fight-the-virus", "options": {"players": 2, "seed": 3}}
    )["view"]
    rolled = controller.handle({"op": "play", "action": "roll"})["view"]
    dice = [
        extra["svg"]
        for view in (start, rolled)
        for extra in view["extras"]
        if extra["id"] == "dice"
    ]
    assert motion.rolled(dice[0], dice[1])
    # a shape placed: its analysis cells drop in
    placing = [
        button for button in rolled["buttons"] if str(button.get("click", "")).startswith("die:")
    ]
    assert placing, rolled["buttons"]
    chosen = controller.handle({"op": "click", "cell": placing[0]["click"]})["view"]
    token = chosen["placement"]["legal"][0]
    placed = controller.handle({"op": "click", "cell": token})["view"]
    steps, events = motion.plan("fight-the-virus", chosen["svg"], placed["svg"])
    dropped = sorted(step["cell"] for step in steps if step["effect"] == "drop")
    cells = token.split(":", 1)[1].split(".")
    assert set(cells) <= set(dropped), (cells, dropped)
    assert events == ["move"]
