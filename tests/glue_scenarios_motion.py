"""Scenarios for the motion between two engine pictures (web/app/glue/motion.py) and the sound
of a reply (web/app/glue/sounds.py), in the Python that both MicroPython and CPython run (see
glue_scenarios.py). The pictures are cut down to what the planner reads, in the engine's own
markup (tests/test_motion_plans.py plans the engine's real pictures)."""

from glue import motion, sounds


def svg(cells, root=""):
    return '<svg viewBox="0 0 400 400" data-size="4"' + root + ">" + "".join(cells) + "</svg>"


def zebra_cell(name, x, y, height, top):
    kind = "tower" if height else "empty"
    discs = '<g class="disc white"></g>' * height
    return (
        '<g class="cell ' + kind + '" data-cell="' + name + '" data-kind="' + kind + '"'
        ' data-top="' + top + '" data-height="' + str(height) + '">'
        '<g class="stack">' + discs + '</g><rect class="hit" x="' + str(x) + '" y="' + str(y) + '"'
        ' width="100" height="100" fill="none" pointer-events="all"/></g>'
    )


def scenario_cells_read_the_tags_and_the_click_targets():
    picture = svg([zebra_cell("a1", 0, 300, 2, "white"), zebra_cell("b1", 100, 300, 0, "none")])
    found = motion.cells(picture)
    assert sorted(found) == ["a1", "b1"]
    assert found["a1"]["data-height"] == "2" and found["a1"]["class"] == "cell tower"
    assert found["a1"]["centre"] == (50.0, 350.0) and found["b1"]["centre"] == (150.0, 350.0)
    circle = '<g class="spot ap" data-cell="AP1" data-state="active"><circle class="hit" cx="7" cy="9" r="5"/></g>'
    assert motion.cells(circle)["AP1"]["centre"] == (7.0, 9.0)
    # a cell without a click target of its own (the next cell's is not taken)
    bare = '<g data-cell="x"></g><g data-cell="y"><rect class="hit" x="0" y="0"/></g>'
    assert "centre" not in motion.cells(bare)["x"] and motion.cells(bare)["y"]["centre"] == (
        0.0,
        0.0,
    )
    assert motion.cells("<svg></svg>") == {} and motion.cells('<g data-cells="e3 f3">') == {}
    assert motion.attributes('<g class="a b" data-cell="c3" >') == {
        "class": "a b",
        "data-cell": "c3",
    }


def scenario_a_zebra_tower_slides_onto_its_target_and_the_stack_grows():
    before = svg([zebra_cell("c2", 200, 200, 2, "white"), zebra_cell("d2", 300, 200, 1, "white")])
    after = svg([zebra_cell("c2", 200, 200, 0, "none"), zebra_cell("d2", 300, 200, 3, "white")])
    steps, events = motion.plan("zebra", before, after)
    assert steps[0] == {
        "cell": "d2",
        "part": "g.stack > g.disc",
        "effect": "slide",
        "last": 2,
        "dx": -100.0,
        "dy": 0.0,
    }
    assert steps[1]["part"] == "text.height" and steps[1]["effect"] == "pop"
    assert events == ["move"]
    # onto the other colour: a capture
    black = svg([zebra_cell("c2", 200, 200, 2, "white"), zebra_cell("d2", 300, 200, 1, "black")])
    assert motion.plan("zebra", black, after)[1] == ["capture"]
    # a placement drops in, a removal fades away (the old picture's part)
    placed = svg([zebra_cell("c2", 200, 200, 1, "black"), zebra_cell("d2", 300, 200, 1, "white")])
    empty = svg([zebra_cell("c2", 200, 200, 0, "none"), zebra_cell("d2", 300, 200, 1, "white")])
    steps, events = motion.plan("zebra", empty, placed)
    assert [(step["cell"], step["effect"]) for step in steps] == [("c2", "drop")]
    steps, events = motion.plan("zebra", placed, empty)
    assert steps[0]["effect"] == "fade" and steps[0]["ghost"] and events == ["capture"]
    # the same picture: nothing moves
    assert motion.plan("zebra", placed, placed) == ([], [])


def vw_cell(name, x, content):
    return (
        '<g class="cell" data-cell="' + name + '" data-content="' + content + '">'
        '<rect class="hit" x="' + str(x) + '" y="0" width="100" height="100"/></g>'
    )


def scenario_a_virus_war_symbol_is_drawn_and_a_kill_circles_its_victim():
    before = svg([vw_cell("a1", 0, "empty"), vw_cell("b1", 100, "o-live")])
    after = svg([vw_cell("a1", 0, "x-live"), vw_cell("b1", 100, "o-dead")])
    steps, events = motion.plan("virus-war", before, after)
    assert sorted((step["cell"], step["part"], step["effect"]) for step in steps) == [
        ("a1", ".symbol", "draw"),
        ("b1", ".symbol .killer", "pop"),
    ]
    assert sorted(events) == ["capture", "move"]


def vf_cell(name, x, piece=None, owner="0", marker=None, current=False):
    attributes = ' data-cell="' + name + '"'
    if piece:
        attributes += ' data-piece="' + piece + '" data-owner="' + owner + '" data-origin="0"'
    if marker is not None:
        attributes += ' data-marker="' + marker + '"'
    classes = "cell" + (" current" if current else "")
    return (
        '<g class="' + classes + '"' + attributes + '><rect class="hit" x="' + str(x) + '"'
        ' y="0" width="100" height="100"/></g>'
    )


def scenario_virus_fight_flashes_the_instruction_then_moves_writes_erases_and_steps():
    before = svg(
        [
            vf_cell("a1", 0, "M2", current=True),
            vf_cell("b1", 100, "W1"),
            vf_cell("c1", 200, marker="0"),
            vf_cell("d1", 300, "E3", owner="1"),
            vf_cell("e1", 400),
        ]
    )
    after = svg(
        [
            vf_cell("a1", 0, "M2"),
            vf_cell("b1", 100),
            vf_cell("c1", 200, "W1"),
            vf_cell("d1", 300, marker="0"),
            vf_cell("e1", 400, "J1"),
        ]
    )
    steps, events = motion.plan("virus-fight", before, after)
    flat = sorted((step["cell"], step["part"], step["effect"]) for step in steps)
    assert flat == [
        ("a1", "", "flash"),
        ("c1", "g.piece-tile", "slide"),  # W1 moved from b1
        ("d1", "g.marker-token", "slide"),  # the marker stepped from c1
        ("d1", "g.piece-tile", "fade"),  # E3 erased (the old picture's)
        ("e1", "g.piece-tile", "pop"),  # J1 written
    ]
    slide = next(step for step in steps if step["cell"] == "c1")
    assert (slide["dx"], slide["dy"], slide["delay"]) == (-100.0, 0.0, motion.FLASH_MS)
    assert next(step for step in steps if step["effect"] == "fade")["ghost"]
    assert sorted(events) == ["capture", "move", "move", "move"]
    assert motion.plan("virus-fight", after, after) == ([], [])


def scenario_a_sheet_drops_its_changed_spots_and_another_sheet_is_no_motion():
    def spot(name, classes, value=None):
        data = ' data-value="' + value + '"' if value else ""
        return (
            '<g class="spot ' + classes + '" data-cell="' + name + '"' + data + ">"
            '<rect class="hit" x="0" y="0" width="10" height="10"/></g>'
        )

    before = svg(
        [spot("e3", "analysis"), spot("T00", "testing"), spot("R1", "research")], ' data-seat="0"'
    )
    after = svg(
        [
            spot("e3", "analysis analysed last-move"),
            spot("T00", "testing filled", "2"),
            spot("R1", "research highlight"),
        ],
        ' data-seat="0"',
    )
    steps, events = motion.plan("fight-the-virus", before, after)
    assert sorted((step["cell"], step["effect"]) for step in steps) == [
        ("T00", "drop"),
        ("e3", "drop"),
    ]
    assert events == ["move"]
    other = after.replace('data-seat="0"', 'data-seat="1"')
    assert motion.plan("fight-the-virus", before, other) == ([], [])
    flipped = before.replace("<svg ", '<svg data-flipped="true" ')
    assert motion.plan("zebra", before, flipped) == ([], [])


def scenario_dice_roll_when_their_values_change():
    def dice(*values):
        return (
            "<svg>"
            + "".join('<g class="die" data-value="' + value + '"></g>' for value in values)
            + "</svg>"
        )

    unused = '<svg><g class="die used"><rect/></g><g class="die used"><rect/></g></svg>'
    assert motion.dice_values(dice("2", "5")) == ["2", "5"] and motion.dice_values(unused) == [
        "",
        "",
    ]
    assert motion.rolled(unused, dice("2", "5")) and motion.rolled(dice("2", "5"), dice("6", "5"))
    assert not motion.rolled(dice("2", "5"), dice("2", "5")) and not motion.rolled(
        dice("2"), unused
    )
    assert motion.rolled(None, dice("1", "1")) and not motion.rolled(None, None)


def scenario_one_sound_per_reply_the_most_telling():
    assert sounds.choose([]) is None
    assert sounds.choose(["move", "move"]) == "move"
    assert sounds.choose(["move", "capture"]) == "capture"
    assert sounds.choose(["dice", "capture"]) == "dice"
    assert sounds.choose(["move"], illegal=True) == "illegal"
    assert sounds.choose(["capture"], outcome="lost") == "lost"
    for name in sounds.PRIORITY:
        notes = sounds.SOUNDS[name]
        assert 1 <= len(notes) <= 6
        for frequency, start, duration, wave, gain in notes:
            assert 50 < frequency < 5000 and 0 <= start < 0.5 and 0 < duration <= 0.4
            assert wave in ("sine", "square", "triangle", "sawtooth") and 0 < gain <= 0.3


def scenario_the_end_sounds_won_or_lost_for_the_people_at_the_device():
    result = {"winners": [1], "title": {"key": "won"}}
    assert sounds.outcome(None, ["human", "hard"]) is None
    assert sounds.outcome(result, ["human", "hard"]) == "lost"
    assert sounds.outcome(result, ["hard", "human"]) == "won"
    assert sounds.outcome(result, ["human", "human"]) == "won"  # friends: someone won
    assert sounds.outcome(result, ["easy", "hard"]) == "won"  # computers only: a show
    assert sounds.outcome({"winners": []}, ["human", "hard"]) == "lost"  # a draw is no win


def scenario_muted_as_chosen_and_inside_blogs():
    assert not sounds.muted(None, False) and not sounds.muted("on", False)
    assert sounds.muted("off", False)
    assert sounds.muted(None, True) and sounds.muted("on", True)
