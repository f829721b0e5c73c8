"""Scenarios for the shape placer's pure module (web/app/glue/shapes.py), in the Python that
both MicroPython and CPython run (see glue_scenarios.py). The fixtures are real Fight the Virus
data written out literally (MicroPython has no engine); tests/test_glue_fixtures.py checks them
against the engine under CPython."""

from glue import shapes

# The analysis disc's cells (pyengine/games/fight_the_virus/sheet.py, SHEET["analysis"]).
ANALYSIS_CELLS = """
f0 d1 e1 f1 g1 h1 c2 d2 e2 f2 g2 h2 i2 b3 c3 d3 e3 f3 g3 h3 i3 j3 b4 c4 d4 e4 f4 g4 h4 i4
j4 a5 b5 c5 d5 e5 f5 g5 h5 i5 j5 k5 b6 c6 d6 e6 f6 g6 h6 i6 j6 b7 c7 d7 e7 f7 g7 h7 i7 j7
c8 d8 e8 f8 g8 h8 i8 d9 e9 f9 g9 h9 f10
""".split()

# Every fixed orientation of a face's shape, as the view lists them (shape keys).
FACE_SHAPE_KEYS = {
    1: "0,0",
    3: "0,0;0,1;1,0 0,0;0,1;1,1 0,0;1,0;1,1 0,1;1,0;1,1",
    5: """
0,0;0,1;0,2;1,0;1,1 0,0;0,1;0,2;1,1;1,2 0,0;0,1;1,0;1,1;1,2 0,0;0,1;1,0;1,1;2,0
0,0;0,1;1,0;1,1;2,1 0,0;1,0;1,1;2,0;2,1 0,1;0,2;1,0;1,1;1,2 0,1;1,0;1,1;2,0;2,1
""",
    6: """
0,0 0,0;0,1 0,0;0,1;0,2 0,0;0,1;0,2;1,0 0,0;0,1;0,2;1,1 0,0;0,1;0,2;1,2 0,0;0,1;1,0
0,0;0,1;1,0;1,1 0,0;0,1;1,0;2,0 0,0;0,1;1,1 0,0;0,1;1,1;1,2 0,0;0,1;1,1;2,1 0,0;1,0
0,0;1,0;1,1 0,0;1,0;1,1;1,2 0,0;1,0;1,1;2,0 0,0;1,0;1,1;2,1 0,0;1,0;2,0 0,0;1,0;2,0;2,1
0,1;0,2;1,0;1,1 0,1;1,0;1,1 0,1;1,0;1,1;1,2 0,1;1,0;1,1;2,0 0,1;1,0;1,1;2,1
0,1;1,1;2,0;2,1 0,2;1,0;1,1;1,2
""",
}

# view.placement of a solo game (seed_for(1, 3)) after its roll, with the 1 chosen.
FACE_1_LEGAL = """
A:a5 A:b3 A:b4 A:b6 A:b7 A:c2 A:c3 A:c4 A:c5 A:c6 A:c7 A:c8 A:d1 A:d2 A:d3 A:d4 A:d5 A:d6
A:d7 A:d8 A:d9 A:e1 A:e2 A:e3 A:e4 A:e5 A:e6 A:e7 A:e8 A:e9 A:f0 A:f10 A:f2 A:f3 A:f4 A:f5
A:f6 A:f7 A:f8 A:g1 A:g2 A:g3 A:g4 A:g5 A:g6 A:g7 A:g8 A:g9 A:h1 A:h2 A:h3 A:h4 A:h5 A:h6
A:h7 A:h8 A:h9 A:i2 A:i3 A:i4 A:i5 A:i6 A:i7 A:i8 A:j3 A:j4 A:j6 A:j7 A:k5
""".split()

# view.placement with the 6 chosen, on the greedy line of a 2-player standard game (seed 3,
# GreedyBot(3)) before its 67th and its 102nd action: late, few wild placements fit.
WILD_67_LEGAL = "A:c5 A:c5.c6 A:c6 A:e2.f2.g2 A:f2.g2 A:f8 A:g2 A:g5 A:g5.f6.g6 A:g5.g6".split()
WILD_102_LEGAL = "A:e2 A:e2.f2 A:e2.f2.g2 A:f2.g2 A:g2".split()


def parse_shape(key):
    return [[int(part) for part in cell.split(",")] for cell in key.split(";")]


def face_shapes(face):
    return [parse_shape(key) for key in FACE_SHAPE_KEYS[face].split()]


def reach_of(legal):
    return sorted({cell for token in legal for cell in token[2:].split(".")})


def placement(face, legal):
    return {"face": face, "shapes": face_shapes(face), "legal": legal, "reach": reach_of(legal)}


def is_analysis(cell):
    return cell in ANALYSIS_CELLS


def keys(found):
    return [shapes.shape_key(shape) for shape in found]


# -- geometry ----------------------------------------------------------------------------------


def scenario_shapes_normalise_sort_and_key():
    assert shapes.normalise([[3, 5], [2, 6], [2, 5]]) == [(0, 0), (0, 1), (1, 0)]
    assert shapes.normalise([(-1, -2)]) == [(0, 0)]
    assert shapes.normalise([]) == []
    assert shapes.shape_key([[7, 7], [6, 8], [7, 8]]) == "0,1;1,0;1,1"
    assert shapes.shape_key([(0, 0), (0, 1), (0, 2), (1, 1)]) == "0,0;0,1;0,2;1,1"


def scenario_shapes_rotate_and_flip():
    corner = [(0, 0), (1, 0), (1, 1)]  # face 3's L
    # a quarter turn clockwise: (row, col) -> (col, -row), normalised
    assert keys([shapes.rotate(corner)]) == ["0,0;0,1;1,0"]
    turned = corner
    seen = []
    for _turn in range(4):
        seen.append(shapes.shape_key(turned))
        turned = shapes.rotate(turned)
    assert shapes.shape_key(turned) == shapes.shape_key(corner)  # four turns: back
    assert sorted(seen) == FACE_SHAPE_KEYS[3].split()  # the 4 orientations face 3 lists
    assert keys([shapes.flip(corner)]) == ["0,1;1,0;1,1"]
    assert keys([shapes.flip(shapes.flip(corner))]) == keys([corner])
    bar = [(0, 0), (0, 1), (0, 2)]
    assert keys([shapes.rotate(bar)]) == ["0,0;1,0;2,0"]
    assert keys([shapes.flip(bar)]) == keys([bar])  # symmetric


def scenario_shapes_symmetries_give_every_orientation_of_a_face():
    for face in (1, 3, 5):
        listed = FACE_SHAPE_KEYS[face].split()
        for shape in face_shapes(face):
            images = shapes.symmetries(shape)
            assert len(images) == 8
            assert sorted(set(keys(images))) == sorted(listed)
    assert len(set(keys(shapes.symmetries([(0, 0), (0, 1), (1, 0), (1, 1)])))) == 1


def scenario_shapes_families_and_their_names():
    for face, name in ((1, "monomino"), (3, "tromino-l"), (5, "pentomino-p")):
        family = {shapes.family_key(shape) for shape in face_shapes(face)}
        assert len(family) == 1
        assert shapes.FAMILY_NAMES[family.pop()] == name
        assert shapes.shape_name(face_shapes(face)[-1]) == {
            "key": "ftv-ui.shape." + name,
            "params": {},
        }
    # the family key is the smallest key of the 8 images
    assert shapes.family_key([(0, 1), (1, 0), (1, 1)]) == "0,0;0,1;1,0"
    assert shapes.family_key([(0, 0), (1, 0), (2, 0), (1, 1)]) == "0,0;0,1;0,2;1,1"
    six = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert shapes.shape_name(six) == {"key": "ftv-ui.shape.generic", "params": {"cells": 6}}
    assert len(shapes.FAMILY_NAMES) == 9


def scenario_shapes_the_wild_face_has_eight_families_small_to_large():
    families = shapes.families_of(face_shapes(6))
    names = [shapes.FAMILY_NAMES[family.key] for family in families]
    assert names == [
        "monomino",
        "domino",
        "tromino-i",
        "tromino-l",
        "tetromino-l",
        "tetromino-t",
        "tetromino-o",
        "tetromino-s",
    ]
    assert [len(family.shapes) for family in families] == [1, 2, 2, 4, 8, 4, 1, 4]
    # each family keeps its shapes in the view's order, normalised
    assert keys(families[1].shapes) == ["0,0;0,1", "0,0;1,0"]
    assert families[3].shapes[0] == [(0, 0), (0, 1), (1, 0)]


def scenario_shapes_offsets_from_the_reading_order_anchor():
    assert shapes.offsets([(0, 1), (1, 0), (1, 1)]) == [(0, 0), (1, -1), (1, 0)]
    assert shapes.offsets([(4, 4), (3, 5), (3, 4)]) == [(0, 0), (0, 1), (1, 0)]
    assert shapes.offsets([(0, 2), (1, 0), (1, 1), (1, 2)]) == [(0, 0), (1, -2), (1, -1), (1, 0)]


def scenario_shapes_cell_names_and_positions():
    assert shapes.cell_position("e3") == (3, 4)
    assert shapes.cell_position("f10") == (10, 5)
    assert shapes.cell_position("a5") == (5, 0) and shapes.cell_position("k5") == (5, 10)
    assert shapes.cell_position("a05") == (5, 0)  # as the JavaScript read it
    for name in ("R9", "T00", "C33", "AP1", "l3", "E3", "e", "e100", "e-1", "e 3", "", None):
        assert shapes.cell_position(name) is None, name
    assert shapes.cell_name((3, 4)) == "e3" and shapes.cell_name([10, 5]) == "f10"
    assert shapes.inside((0, 0)) and shapes.inside((10, 10))
    assert not shapes.inside((11, 0)) and not shapes.inside((0, -1)) and not shapes.inside((5, 11))


def scenario_shapes_placements_and_their_tokens():
    assert shapes.cell_position("e3") == (3, 4)
    cells, token = shapes.placement_at([(0, 1), (1, 0), (1, 1)], (3, 4))
    assert cells == [(3, 4), (4, 3), (4, 4)] and token == "A:e3.d4.e4"
    assert token in ALL_FACE_3_TOKENS  # a real placement of face 3
    cells, token = shapes.placement_at([[0, 0], [1, 0], [1, 1]], (8, 2))
    assert token == "A:c8.c9.d9"
    # anchored at a5, the shape reaches column -1: no token, the cells still listed
    cells, token = shapes.placement_at([(0, 1), (1, 0), (1, 1)], (5, 0))
    assert cells == [(5, 0), (6, -1), (6, 0)] and token is None
    cells, token = shapes.placement_at([(0, 0), (1, 0), (2, 0)], (9, 5))
    assert token is None and cells[-1] == (11, 5)
    assert shapes.token_cells("A:g5.f6.g6") == ["g5", "f6", "g6"]
    assert shapes.token_shape("A:g5.f6.g6") == [(5, 6), (6, 5), (6, 6)]
    assert shapes.shape_key(shapes.token_shape("A:g5.f6.g6")) == "0,1;1,0;1,1"
    for token in FACE_1_LEGAL + WILD_67_LEGAL + ALL_FACE_3_TOKENS:
        shape = shapes.token_shape(token)
        again = shapes.placement_at(shape, shape[0])
        assert again[1] == token, token  # tokens list their cells in reading order


# Some of the real face 3 placements of the solo game of FACE_1_LEGAL, with the 3 chosen (the
# view lists 180; a placement made of these few is trimmed, not real).
ALL_FACE_3_TOKENS = "A:a5.b5.b6 A:b3.b4.c4 A:c8.d8.d9 A:e3.d4.e4 A:j5.k5.j6 A:e9.f9.f10".split()


def scenario_shapes_step_over_analysis_cells():
    assert shapes.step("f0", (1, 0), is_analysis) == "f1"
    assert shapes.step("f10", (-1, 0), is_analysis) == "f9"
    assert shapes.step("a5", (0, 1), is_analysis) == "b5"
    assert shapes.step("k5", (0, -1), is_analysis) == "j5"
    assert shapes.step("f0", (1, -1), is_analysis) == "e1"
    # off the disc's edge: nothing further in that direction
    assert shapes.step("a5", (-1, 0), is_analysis) is None
    assert shapes.step("c2", (0, -1), is_analysis) is None
    assert shapes.step("f10", (1, 0), is_analysis) is None
    # gaps are stepped over
    holed = set(ANALYSIS_CELLS) - {"e5", "f5", "g5"}
    assert shapes.step("d5", (0, 1), lambda cell: cell in holed) == "h5"
    assert shapes.step("f4", (1, 0), lambda cell: cell in holed) == "f6"
    # not from an analysis spot
    assert shapes.step("R9", (0, 1), is_analysis) is None
    assert shapes.step("a1", (0, 1), is_analysis) is None
    assert shapes.step(None, (0, 1), is_analysis) is None


def scenario_shapes_suggested_anchor_is_the_first_legal_placement():
    assert shapes.suggested_anchor(FACE_1_LEGAL, [(0, 0)]) == "a5"
    assert shapes.suggested_anchor(WILD_67_LEGAL, [(0, 0), (0, 1)]) == "f2"
    assert shapes.suggested_anchor(WILD_67_LEGAL, [(0, 0), (1, 0)]) == "c5"
    assert shapes.suggested_anchor(WILD_67_LEGAL, [(0, 1), (1, 0), (1, 1)]) == "g5"
    assert shapes.suggested_anchor(WILD_67_LEGAL, [(0, 0), (1, 0), (1, 1)]) is None


def scenario_shapes_pictures_and_ghosts():
    assert shapes.picture_layout([(0, 0)]) == (3, [(10.5, 10.5)])
    assert shapes.picture_layout([(0, 0), (0, 1)]) == (3, [(5.5, 10.5), (15.5, 10.5)])
    size, corners = shapes.picture_layout(face_shapes(5)[3])  # 3 rows, 2 columns
    assert size == 3 and corners[0] == (5.5, 0.5) and len(corners) == 5
    assert shapes.number_text(3.0) == "3" and shapes.number_text(2.5) == "2.5"
    assert shapes.number_text(30) == "30"
    rects = shapes.ghost_rects([(5, -1), (6, 11)], (52.0, 144.0), (332.0, 144.0))
    assert rects == [(26.0, 146.0, 24.0), (362.0, 174.0, 24.0)]


# -- the placer's state ------------------------------------------------------------------------


def scenario_shapes_a_new_placement_starts_from_a_shape_that_fits():
    choice = shapes.ShapeChoice()
    assert not choice.active and choice.suggested_anchor() is None
    assert choice.update(placement(1, FACE_1_LEGAL))
    assert choice.active and choice.face == 1 and choice.shape == [(0, 0)]
    assert not choice.palette_shown()  # one family, and not the wild face
    assert choice.title() == {"key": "ftv-ui.placer.title", "params": {"face": 1}}
    assert choice.current_name()["params"]["shape"]["key"] == "ftv-ui.shape.monomino"
    assert choice.suggested_anchor() == "a5"
    assert not choice.update(placement(1, FACE_1_LEGAL))  # the same placement: not new
    assert choice.update(placement(6, WILD_67_LEGAL))
    assert choice.palette_shown() and len(choice.families) == 8
    assert choice.title() == {"key": "ftv-ui.placer.title-wild", "params": {}}
    assert choice.shape == [(0, 0)] and choice.suggested_anchor() == "c5"
    assert not choice.update(None) and not choice.active and choice.shape is None
    assert choice.suggested_anchor() is None


def scenario_shapes_the_shape_stays_while_it_fits_the_same_face():
    choice = shapes.ShapeChoice()
    choice.update(placement(6, WILD_67_LEGAL))
    assert choice.choose_family("0,0;0,1")  # the domino: its first fitting shape
    assert choice.shape == [(0, 0), (0, 1)] and choice.suggested_anchor() == "f2"
    assert choice.update(placement(6, WILD_102_LEGAL))  # other legal placements: new
    assert choice.shape == [(0, 0), (0, 1)]  # still fits: kept
    choice.update(placement(6, WILD_67_LEGAL))
    assert choice.turn(shapes.rotate) and choice.shape == [(0, 0), (1, 0)]
    assert choice.update(placement(6, WILD_102_LEGAL))
    assert choice.shape == [(0, 0)]  # the upright domino fits nowhere now: the first that fits
    choice.update(placement(3, ALL_FACE_3_TOKENS))
    assert choice.shape == [(0, 0), (0, 1), (1, 0)]  # another face: its first fitting shape
    assert choice.suggested_anchor() == "j5"  # A:j5.k5.j6 is the first of that shape
    choice.update(placement(1, FACE_1_LEGAL))
    assert choice.shape == [(0, 0)]


def scenario_shapes_choosing_a_family_and_what_fits():
    choice = shapes.ShapeChoice()
    choice.update(placement(6, WILD_67_LEGAL))
    fits = {
        shapes.FAMILY_NAMES[family.key]: choice.family_fits(family) for family in choice.families
    }
    assert fits == {
        "monomino": True,
        "domino": True,
        "tromino-i": True,
        "tromino-l": True,
        "tetromino-l": False,
        "tetromino-t": False,
        "tetromino-o": False,
        "tetromino-s": False,
    }
    assert choice.choose_family("0,0;0,1;1,0")  # tromino-l: the orientation that fits
    assert choice.shape == [(0, 1), (1, 0), (1, 1)] and choice.suggested_anchor() == "g5"
    assert choice.current_family() == "0,0;0,1;1,0"
    assert choice.idle_hint()["key"] == "ftv-ui.placer.choose"
    tetromino_t = shapes.family_key([(0, 0), (0, 1), (0, 2), (1, 1)])
    assert choice.choose_family(tetromino_t)  # fits nowhere: its first shape
    assert choice.shape == [(0, 0), (0, 1), (0, 2), (1, 1)]
    assert choice.suggested_anchor() is None
    assert choice.idle_hint()["key"] == "ftv-ui.placer.nowhere"
    assert not choice.choose_family("9,9") and choice.current_family() == tetromino_t


def scenario_shapes_turning_only_while_placing():
    choice = shapes.ShapeChoice()
    assert not choice.turn(shapes.rotate)
    choice.update(placement(3, ALL_FACE_3_TOKENS))
    choice.touched = "b5"
    assert choice.turn(shapes.flip) and choice.shape == [(0, 0), (0, 1), (1, 1)]
    assert choice.touched is None  # a turn drops a waiting touch preview
    assert choice.turn(shapes.rotate) and choice.shape == [(0, 1), (1, 0), (1, 1)]


def scenario_shapes_the_anchor_shown():
    choice = shapes.ShapeChoice()
    choice.update(placement(6, WILD_67_LEGAL))
    choice.cursor = "c6"
    assert choice.anchor(False, is_analysis) is None  # the cursor only while the board has focus
    assert choice.anchor(True, is_analysis) == "c6"
    choice.cursor = "R9"
    assert choice.anchor(True, is_analysis) is None
    choice.touched = "g2"
    assert choice.anchor(False, is_analysis) == "g2"
    assert choice.hover("f8") and not choice.hover("f8")
    assert choice.anchor(True, is_analysis) == "f8"  # the pointer first
    assert choice.hover(None) and choice.anchor(False, is_analysis) == "g2"


def scenario_shapes_previews_say_legal_illegal_or_outside():
    choice = shapes.ShapeChoice()
    choice.update(placement(6, WILD_67_LEGAL))
    preview = choice.preview("c5")
    assert preview.cells == [(5, 2)] and preview.token == "A:c5" and preview.legal
    assert preview.mark == "preview-legal" and preview.level == "ok"
    assert preview.hint == {"key": "ftv-ui.placer.legal", "params": {"cells": "c5"}}
    preview = choice.preview("e2")  # a single e2 is not legal there
    assert not preview.legal and preview.mark == "preview-illegal" and preview.level == "error"
    assert preview.hint == {"key": "ftv-ui.placer.illegal", "params": {"cells": "e2"}}
    choice.choose_family("0,0;0,1;0,2")  # the bar, lying
    preview = choice.preview("e2")
    assert preview.token == "A:e2.f2.g2" and preview.legal
    assert preview.hint["params"]["cells"] == "e2 f2 g2"
    preview = choice.preview("j5")  # reaches column l: outside the box
    assert preview.token is None and not preview.legal and preview.level == "error"
    assert preview.cells == [(5, 9), (5, 10), (5, 11)]
    assert preview.hint == {"key": "ftv-ui.placer.outside", "params": {}}


def scenario_shapes_a_touch_previews_and_a_second_tap_places():
    choice = shapes.ShapeChoice()
    choice.update(placement(6, WILD_67_LEGAL))
    assert choice.click("c6", True) == ("preview", None) and choice.touched == "c6"
    preview = choice.preview("c6")
    assert preview.hint == {"key": "ftv-ui.placer.tap-again", "params": {"cells": "c6"}}
    assert choice.click("c5", True) == ("preview", None) and choice.touched == "c5"
    assert choice.click("c5", True) == ("place", "A:c5") and choice.touched is None
    # an illegal touch preview says so, and the second tap still sends it (the engine explains)
    choice.click("e2", True)
    assert choice.preview("e2").hint["key"] == "ftv-ui.placer.illegal"
    assert choice.click("e2", True) == ("place", "A:e2")
    # a mouse click places at once, legal or not
    assert choice.click("f8") == ("place", "A:f8")
    choice.choose_family("0,0;0,1;0,2")
    assert choice.click("k5") == ("outside", None)
