"""The winning-chances history (``view.evaluation.history``) of a person playing the computer,
in every game: each entry estimates the position it follows, whoever moved into it, so the
curve follows the game instead of flipping between the computer's estimate and an even split.

The person's moves are drawn from a seeded generator (Virus Fight: a fixed program, and every
stop proposal declined); the computer's decisions are seeded by the game, so each game is the
same every run.
"""

from __future__ import annotations

import itertools
import random

import pytest

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.players import game_ai
from pyengine.controller import Controller, estimate

GAMES = {
    "zebra": ({"size": 5}, 40),
    "virus-war": ({"size": 8}, 60),
    "virus-fight": ({"players": 2, "size": 5, "seed": 1}, 40),
    "fight-the-virus": ({"players": 2, "seed": 3}, 60),
}
PROGRAM = "b1:E3 c1:W3 d1:M2 @c1"  # the person's program in Virus Fight


def person_against_computer(game: str, options: dict, actions: int) -> Controller:
    """A game of a person (seat 0) against the medium computer, ``actions`` long at most."""
    controller = Controller()
    reply = controller.handle(
        {"op": "new", "game": game, "options": options, "seats": ["human", "medium"]}
    )
    assert reply["ok"], reply
    rng = random.Random(5)
    while reply["view"]["result"] is None and reply["view"]["ply_count"] < actions:
        view = reply["view"]
        if view["seats"][view["to_move"]] != "human":
            reply = controller.handle({"op": "bot"})
        elif view["setup"]:
            reply = controller.handle({"op": "play", "action": PROGRAM})
        else:
            assert controller.match is not None
            legal = [str(action) for action in controller.match.legal_actions()]
            choices = [action for action in legal if action != "accept"] or legal
            reply = controller.handle({"op": "play", "action": rng.choice(choices)})
        assert reply["ok"], reply
    return controller


def heuristic_curve(controller: Controller) -> list[list[float]]:
    """The game's cheap evaluation of every position of the game, for comparison."""
    match = controller.match
    assert match is not None
    heuristics = getattr(game_ai(match.game.id), "HEURISTICS", None) or Heuristics()
    state = match.state.clone()
    curve = [estimate(state, heuristics)]
    while state.history:
        state.undo()
        curve.append(estimate(state, heuristics))
    return curve[::-1]


def movement(curve: list[list[float]]) -> float:
    """How far seat 0's chance travels over the game (the sum of every change)."""
    return sum(abs(after[0] - before[0]) for before, after in itertools.pairwise(curve))


def even(chances: list[float]) -> bool:
    """About the same chance for every seat."""
    return max(chances) - min(chances) < 0.02


def placeholder(chances: list[float]) -> bool:
    """Exactly the same chance for every seat: what values of 0 give."""
    return max(chances) == min(chances)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_chances_follow_the_position_whoever_moved(game: str) -> None:
    options, actions = GAMES[game]
    controller = person_against_computer(game, options, actions)
    evaluation = controller.view()["evaluation"]
    assert evaluation is not None
    history = evaluation["history"]
    assert len(history) == controller.view()["ply_count"] + 1 > 10
    heuristic = heuristic_curve(controller)
    # an even split is a real estimate only where the position looks even too
    placeholders = [
        ply
        for ply, chances in enumerate(history)
        if placeholder(chances) and not even(heuristic[ply])
    ]
    assert placeholders == [], (placeholders, history)
    # the curve does not go back and forth between two estimates as the mover changes: it
    # travels about as far as the game's own evaluation of the same positions does
    assert movement(history) <= 1.5 * movement(heuristic) + 0.5, (history, heuristic)
