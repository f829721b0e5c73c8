"""The literal fixtures of the glue's scenario files (which MicroPython runs without the engine)
checked against the engine, and the pure glue checked on every placement the engine knows and on
programs the engine previews: the builder and the placer send what the engine reads."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "app"))

# the scenario files and the glue need the path above
import glue_scenarios_builder as builder_scenarios
import glue_scenarios_shapes as shape_scenarios
from fight_the_virus_support import seed_for
from glue import program, shapes
from pyengine.controller import Controller
from pyengine.games.fight_the_virus import GreedyBot
from pyengine.games.fight_the_virus.presentation import PRESENTATION
from pyengine.games.fight_the_virus.sheet import FACE_SHAPES, PLACEMENTS, SHEET


def new(game: str, **options: object) -> Controller:
    controller = Controller()
    reply = controller.handle({"op": "new", "game": game, "options": options})
    assert reply["ok"], reply
    return controller


def solo_placement(die: str) -> dict:
    controller = new("fight-the-virus", mode="solo", players=1, seed=seed_for(1, 3), names="Ana")
    controller.handle({"op": "play", "action": "roll"})
    return controller.handle({"op": "click", "cell": die})["view"]["placement"]


def test_the_analysis_cells_and_the_face_shapes_are_the_engines() -> None:
    assert shape_scenarios.ANALYSIS_CELLS == SHEET["analysis"]["cells"]
    for face, keys in shape_scenarios.FACE_SHAPE_KEYS.items():
        listed = sorted(sorted(shape) for shape in FACE_SHAPES[face])  # as the view lists them
        assert keys.split() == [";".join(f"{row},{col}" for row, col in shape) for shape in listed]


def test_the_solo_placements_are_the_engines() -> None:
    face_1 = solo_placement("die:1")
    assert face_1 == shape_scenarios.placement(1, shape_scenarios.FACE_1_LEGAL)
    face_3 = solo_placement("die:3")
    assert face_3["face"] == 3
    assert set(shape_scenarios.ALL_FACE_3_TOKENS) <= set(face_3["legal"])
    assert face_3["shapes"] == shape_scenarios.face_shapes(3)


def test_the_late_wild_placements_are_the_engines() -> None:
    controller = new("fight-the-virus", mode="standard", players=2, seed=3)
    bot = GreedyBot(3)
    found = {}
    for step in range(103):
        if step in (67, 102):
            view = controller.handle({"op": "click", "cell": "die:6"})["view"]
            found[step] = view["placement"]
            controller.handle({"op": "cancel"})
        action = bot.choose(controller.match.state)  # type: ignore[arg-type]
        assert controller.handle({"op": "play", "action": str(action)})["ok"]
    assert found[67] == shape_scenarios.placement(6, shape_scenarios.WILD_67_LEGAL)
    assert found[102] == shape_scenarios.placement(6, shape_scenarios.WILD_102_LEGAL)


def test_every_engine_placement_is_a_shape_at_its_anchor() -> None:
    """The placer's token for a shape at an anchor is the engine's notation, for every
    placement of every face (cells in reading order, the anchor first)."""
    for face, placements in PLACEMENTS.items():
        keys = {shapes.shape_key(sorted(shape)) for shape in FACE_SHAPES[face]}
        for placed in placements:
            token = "A:" + placed.text
            shape = shapes.token_shape(token)
            assert shapes.shape_key(shape) in keys, token
            assert shapes.placement_at(shape, shape[0]) == (shape, token)
            anchor = shapes.cell_position(placed.cells[0])
            assert anchor is not None
            assert shapes.placement_at(shapes.normalise(shape), anchor)[1] == token


def test_the_wild_families_cover_every_wild_shape() -> None:
    families = shapes.families_of([sorted(shape) for shape in FACE_SHAPES[6]])
    assert sum(len(family.shapes) for family in families) == 26
    for family in families:
        images = {shapes.shape_key(image) for image in shapes.symmetries(family.shapes[0])}
        assert {shapes.shape_key(shape) for shape in family.shapes} == images


def test_the_setup_fixture_is_the_engines() -> None:
    view = new("virus-fight", players=2).handle({"op": "view"})["view"]
    setup = dict(view["setup"])
    assert all(piece["svg"].startswith("<svg") for piece in setup["pieces"])
    setup["pieces"] = [dict(piece, svg="<svg></svg>") for piece in setup["pieces"]]
    assert setup == builder_scenarios.SETUP


def test_the_engine_previews_every_program_the_builder_calls_ready() -> None:
    view = new("virus-fight", players=2).handle({"op": "view"})["view"]
    controller = new("virus-fight", players=2)
    draft = program.Draft()
    draft.load(view["setup"], 1)
    seed = [11]

    def pseudo(low: int, high: int) -> int:
        seed[0] = (seed[0] * 1103515245 + 12345) % 2147483648
        return low + seed[0] % (high - low + 1)

    for _round in range(30):
        draft.randomize(pseudo)
        text = draft.text()
        assert text is not None
        reply = controller.handle({"op": "preview", "action": text})
        assert reply["ok"], (text, reply)
    draft.clear()
    for code in ("J1", "W2", "E3"):
        draft.choose(code)
    draft.select(1)
    draft.put_marker()
    assert draft.text() == "a1:J1 b1:W2 c1:E3 @b1"
    assert controller.handle({"op": "preview", "action": draft.text()})["ok"]


def test_the_placement_of_a_view_drives_the_choice() -> None:
    """A whole placement from the engine through the pure placer: the suggested anchor's
    preview is legal, and its token is a move the engine plays."""
    controller = new("fight-the-virus", mode="solo", players=1, seed=seed_for(1, 3), names="Ana")
    controller.handle({"op": "play", "action": "roll"})
    view = controller.handle({"op": "click", "cell": "die:3"})["view"]
    state = controller.match.state
    assert view["placement"] == PRESENTATION.placement(state, view["selection"])  # type: ignore[arg-type]
    choice = shapes.ShapeChoice()
    assert choice.update(view["placement"])
    anchor = choice.suggested_anchor()
    assert anchor is not None
    preview = choice.preview(anchor)
    assert preview.legal and preview.token is not None
    reply = controller.handle({"op": "click", "cell": preview.token})
    assert reply["ok"] and reply["view"]["last_move"] == shapes.token_cells(preview.token)
