"""Scenarios for the program builder's pure module (web/app/glue/program.py), in the Python
that both MicroPython and CPython run (see glue_scenarios.py). SETUP is the real view.setup of a
new 2-player Virus Fight game (its piece pictures left out); tests/test_glue_fixtures.py checks
it, and that the engine accepts the programs written here, under CPython."""

from glue import program

KINDS = {"M": "move", "W": "write", "J": "jump", "E": "erase"}
CODES = "M1 M2 M3 W1 W2 W3 J1 J2 J3 E1 E2 E3".split()


def piece(code):
    kind = {"key": "virus-fight.type." + KINDS[code[0]], "params": {}}
    label = {"key": "virus-fight.size." + code[1], "params": {"type": kind, "code": code}}
    return {"code": code, "label": label, "svg": "<svg></svg>"}


SETUP = {
    "seat": 0,
    "player": {"key": "virus-fight.player", "params": {"number": 1}},
    "players": 2,
    "segment": ["a1", "b1", "c1", "d1", "e1"],
    "max": 5,
    "pieces": [piece(code) for code in CODES],
    "submitted": [False, False],
}


def small_setup(size, most):
    """A made-up seat with ``size`` home cells and at most ``most`` pieces (the view's max is
    min(5, home cells); a smaller one shows the limits)."""
    segment = ["c" + str(row) for row in range(1, size + 1)]
    return {"seat": 1, "player": "P2", "segment": segment, "max": most, "pieces": SETUP["pieces"]}


def draft_of(setup=SETUP, slots=None, active=0, marker=None):
    draft = program.Draft()
    draft.load(setup, 1)
    if slots is not None:
        draft.slots = list(slots)
    draft.active = active
    draft.marker = marker
    return draft


def hint_key(draft):
    return draft.check()["hint"]["key"]


def scenario_builder_a_new_setup_starts_empty():
    draft = program.Draft()
    assert draft.index_of("a1") == -1 and not draft.select_cell("a1")
    assert draft.load(SETUP, 1)
    assert draft.slots == [None] * 5 and draft.active == 0 and draft.marker is None
    assert draft.text() is None and draft.hint_level() == "todo"
    assert draft.check() == {"hint": {"key": "virus-fight.setup.hint.empty", "params": {"max": 5}}}
    identity = draft.identity
    draft.choose("J2")
    assert not draft.load(SETUP, 1)  # the same seat of the same game: the draft stays
    assert draft.slots[0] == "J2" and draft.identity == identity
    assert draft.load(SETUP, 2)  # a new game: empty again
    assert draft.slots == [None] * 5 and draft.identity != identity
    assert draft.load(small_setup(5, 5), 2)  # another seat
    assert draft.segment == ["c1", "c2", "c3", "c4", "c5"]


def scenario_builder_palette_clicks_fill_the_row():
    draft = draft_of()
    assert draft.choose("M1")
    assert draft.slots == ["M1", None, None, None, None]
    assert draft.marker == 0  # the first piece placed carries the marker
    assert draft.active == 1  # ready for the next piece
    assert draft.choose("W2") and draft.choose("E3")
    assert draft.slots == ["M1", "W2", "E3", None, None] and draft.active == 3
    assert draft.text() == "a1:M1 b1:W2 c1:E3 @a1"
    assert draft.check()["hint"] == {
        "key": "virus-fight.setup.hint.ready",
        "params": {"count": 3, "max": 5, "cell": "a1"},
    }
    assert draft.hint_level() == "ok"
    # a piece of the program leaves it: the marker goes to the nearest piece, that slot active
    assert draft.choose("M1")
    assert draft.slots == [None, "W2", "E3", None, None]
    assert draft.marker == 1 and draft.active == 0
    assert draft.text() == "b1:W2 c1:E3 @b1"


def scenario_builder_a_taken_active_slot_sends_the_piece_next_to_the_program():
    draft = draft_of(slots=[None, "M1", "M2", None, None], active=1, marker=1)
    assert draft.choose("M3")  # after the run holding the active slot
    assert draft.slots == [None, "M1", "M2", "M3", None] and draft.active == 4
    draft = draft_of(slots=[None, "M1", "M2", "M3", "W1"], active=2, marker=1)
    assert draft.choose("W2")  # the run reaches the end: before it
    assert draft.slots == ["W2", "M1", "M2", "M3", "W1"] and draft.active == 0


def scenario_builder_where_the_next_empty_slot_is():
    draft = draft_of(slots=[None, "M1", "M2", None, None])
    assert draft.next_empty(1) == 3 and draft.next_empty(2) == 3
    draft = draft_of(slots=[None, "M1", "M2", "M3", "W1"])
    assert draft.next_empty(4) == 0
    # from an empty slot: after it if free, else the ends of the pieces next to it
    draft = draft_of(slots=[None, None, None, "M1", None])
    assert draft.next_empty(0) == 1
    draft = draft_of(slots=["M1", "M2", None, "M3", "W1"])
    assert draft.next_empty(0) == 2 and draft.next_empty(4) == 2
    # a gap inside the program (after a removal): the first empty slot beside any piece
    draft = draft_of(slots=["M1", None, None, "M3", "W1"])
    assert draft.next_empty(0) == 1
    draft = draft_of(slots=["M1", "M2", "M3", "W1", "W2"])
    assert draft.next_empty(2) is None
    draft = draft_of(slots=[None, None, None, None, None])
    assert draft.next_empty(4) == 3


def scenario_builder_the_limit_of_pieces():
    draft = draft_of(small_setup(4, 2))
    assert draft.choose("M1") and draft.choose("M2")
    assert draft.slots == ["M1", "M2", None, None]
    assert draft.active == 1  # full: the active slot stays on the last piece
    assert not draft.can_add()
    assert not draft.choose("J1") and draft.slots == ["M1", "M2", None, None]
    assert draft.is_used("M2") and not draft.is_used("J1")
    assert draft.choose("M2") and draft.slots == ["M1", None, None, None]  # a used one leaves
    assert draft.can_add()
    # too many (a draft of a seat whose limit went down): said so, not submittable
    draft = draft_of(small_setup(4, 2), slots=["M1", "M2", "M3", None], marker=0)
    assert draft.check() == {
        "hint": {"key": "virus-fight.setup.hint.too-many", "params": {"max": 2}}
    }
    assert draft.hint_level() == "warning"


def scenario_builder_a_gap_is_named():
    draft = draft_of(slots=["M1", None, None, "J1", None], marker=3)
    assert draft.check() == {
        "hint": {"key": "virus-fight.setup.hint.gap", "params": {"cells": "b1, c1"}}
    }
    assert draft.text() is None and draft.hint_level() == "warning"
    draft = draft_of(slots=[None, "M1", None, "J1", "E1"], marker=1)
    assert draft.check()["hint"]["params"] == {"cells": "c1"}


def scenario_builder_the_marker():
    draft = draft_of(slots=["M1", "M2", "M3", None, None], active=2, marker=0)
    assert draft.put_marker() and draft.marker == 2
    assert draft.text() == "a1:M1 b1:M2 c1:M3 @c1"
    draft.active = 4
    assert not draft.put_marker() and draft.marker == 2  # not on an empty slot
    # a marker off the program (never left so by the builder) counts as on its first piece
    draft = draft_of(slots=[None, "M1", "M2", None, None], marker=4)
    assert draft.text() == "b1:M1 c1:M2 @b1"


def scenario_builder_remove_moves_the_marker_to_the_nearest_piece():
    draft = draft_of(slots=["M1", "M2", "M3", "W1", "W2"], active=0, marker=2)
    assert draft.remove(2)
    assert draft.marker == 1 and draft.active == 2  # a tie: the left one
    draft = draft_of(slots=["M1", "M2", "M3", None, "W2"], marker=3)
    draft.slots[3] = "W1"
    assert draft.remove(3) and draft.marker == 2
    draft = draft_of(slots=["M1", None, "M3", "W1", None], marker=0)
    assert draft.remove(0) and draft.marker == 2  # only pieces to the right
    draft = draft_of(slots=[None, None, None, "W1", "W2"], marker=4)
    assert draft.remove(4) and draft.marker == 3  # only pieces to the left
    assert draft.remove(3) and draft.marker is None and draft.placed() == []
    draft = draft_of(slots=["M1", None, None, None, "W2"], marker=0)
    assert draft.remove(0) and draft.marker == 4
    assert not draft.remove(1) and not draft.remove(7)  # empty or no slot: nothing
    draft = draft_of(slots=["M1", "M2", None, None, None], marker=0)
    assert draft.remove(1) and draft.marker == 0  # the marker stays where it is


def scenario_builder_shift_moves_a_piece_along():
    draft = draft_of(slots=["M1", "M2", None, None, None], active=0, marker=0)
    assert draft.shift(1)
    assert draft.slots == ["M2", "M1", None, None, None]
    assert draft.marker == 1 and draft.active == 1  # the marker goes with its piece
    assert draft.shift(-1) and draft.slots == ["M1", "M2", None, None, None]
    draft.active = 1
    assert draft.shift(-1) and draft.marker == 1  # swapped with the marked piece
    assert draft.slots == ["M2", "M1", None, None, None]
    assert not draft.shift(-1)  # at the left end
    draft = draft_of(slots=[None, None, None, None, "M1"], active=4, marker=4)
    assert not draft.shift(1)  # at the right end
    draft.active = 2
    assert not draft.shift(1)  # an empty slot has nothing to move
    draft = draft_of(slots=["M1", None, None, None, None], active=0, marker=0)
    assert draft.shift(1) and draft.slots == [None, "M1", None, None, None]


def scenario_builder_select_and_clear():
    draft = draft_of(slots=["M1", "M2", None, None, None], active=1, marker=1)
    assert draft.select(3) and draft.active == 3
    assert not draft.select(5) and not draft.select(-1) and draft.active == 3
    assert draft.select_cell("e1") and draft.active == 4
    assert not draft.select_cell("f1") and not draft.select_cell(None) and draft.active == 4
    assert draft.clear()
    assert draft.slots == [None] * 5 and draft.marker is None and draft.active == 0


def scenario_builder_random_programs_are_legal():
    calls = []

    def highest(low, high):
        calls.append((low, high))
        return high

    draft = draft_of()
    assert draft.randomize(highest)
    # length 5, from slot 0, no swap in the shuffle, the marker on the last piece
    assert draft.slots == ["M1", "M2", "M3", "W1", "W2"]
    assert draft.marker == 4 and draft.active == 4
    assert calls[:3] == [(1, 5), (0, 0), (0, 11)] and calls[-2:] == [(0, 1), (0, 4)]
    assert len(calls) == 14

    def lowest(low, high):
        return low

    draft = draft_of(slots=["E1", "E2", None, None, None], marker=1)
    draft.randomize(lowest)
    # one piece at slot 0: the shuffle swapped every code with the first, leaving M2 there
    assert draft.slots == ["M2", None, None, None, None] and draft.marker == 0
    seed = [7]

    def pseudo(low, high):
        seed[0] = (seed[0] * 1103515245 + 12345) % 2147483648
        return low + seed[0] % (high - low + 1)

    for setup in (SETUP, small_setup(4, 2), small_setup(7, 5)):
        draft = draft_of(setup)
        for _round in range(40):
            draft.randomize(pseudo)
            placed = draft.placed()
            codes = [draft.slots[index] for index in placed]
            assert draft.text() is not None
            assert 1 <= len(placed) <= draft.maximum and len(set(codes)) == len(codes)
            assert draft.marker in placed and draft.active == draft.marker


def scenario_builder_labels_of_slots_and_cells():
    draft = draft_of(slots=[None, "M1", "W3", None, None], marker=2)
    assert draft.slot_message(0) == {
        "key": "virus-fight.setup.slot-empty",
        "params": {"cell": "a1"},
    }
    assert draft.slot_message(1) == {
        "key": "virus-fight.setup.slot-piece",
        "params": {"cell": "b1", "piece": piece("M1")["label"]},
    }
    assert draft.slot_message(2)["key"] == "virus-fight.setup.slot-marked"
    assert draft.cell_message("c1") == draft.slot_message(2)
    assert draft.cell_message("f1") is None and draft.cell_message(None) is None
    assert draft.piece("J3")["code"] == "J3" and draft.piece("X9") is None
    draft.slots[3] = "X9"  # a code without a piece: named by its code
    assert draft.slot_message(3)["params"]["piece"] == "X9"


def scenario_builder_which_slot_actions_are_offered():
    draft = draft_of(slots=["M1", "M2", None, None, None], active=0, marker=0)
    assert draft.controls() == {
        "left": True,
        "right": False,
        "remove": False,
        "marker": False,
        "marker-pressed": True,
    }
    draft.active = 1
    assert draft.controls() == {
        "left": False,
        "right": False,
        "remove": False,
        "marker": False,
        "marker-pressed": False,
    }
    draft.active = 2
    assert draft.controls() == {
        "left": True,
        "right": True,
        "remove": True,
        "marker": True,
        "marker-pressed": False,
    }
    draft = draft_of(slots=[None, None, None, None, "M1"], active=4, marker=4)
    assert draft.controls()["right"] and not draft.controls()["left"]


def scenario_builder_keys_on_the_slots():
    draft = draft_of(slots=["M1", "M2", None, None, None], active=0, marker=0)
    assert draft.slot_key(0, "ArrowRight") == "move" and draft.active == 1
    assert draft.slot_key(1, "ArrowDown") == "move" and draft.active == 2
    assert draft.slot_key(2, "ArrowUp") == "move" and draft.active == 1
    assert draft.slot_key(0, "ArrowLeft") == "move" and draft.active == 0  # stays at the end
    assert draft.slot_key(4, "ArrowRight") == "move" and draft.active == 4
    # with Shift the piece moves along (the focus follows it)
    assert draft.slot_key(0, "ArrowRight", shift=True) == "move"
    assert draft.slots == ["M2", "M1", None, None, None] and draft.active == 1
    assert draft.marker == 1
    assert draft.slot_key(0, "ArrowLeft", shift=True) == "move"  # at the end: no move
    assert draft.slots == ["M2", "M1", None, None, None] and draft.active == 0
    assert draft.slot_key(3, "ArrowRight", shift=True) == "move"  # an empty slot: none
    assert draft.slots == ["M2", "M1", None, None, None] and draft.active == 3
    # Alt, Ctrl or Meta: the arrow keys and M are left to the browser
    assert draft.slot_key(0, "ArrowRight", modified=True) == "" and draft.active == 3
    assert draft.slot_key(0, "m", modified=True) == "" and draft.marker == 1
    # M (or m) puts the marker on that slot
    assert draft.slot_key(0, "M") == "edit" and draft.marker == 0 and draft.active == 0
    assert draft.slot_key(1, "m") == "edit" and draft.marker == 1
    assert draft.slot_key(3, "m") == "edit" and draft.marker == 1  # empty: selected only
    assert draft.active == 3
    # Delete and Backspace remove the piece
    assert draft.slot_key(0, "Delete") == "edit" and draft.slots[0] is None
    assert draft.slot_key(1, "Backspace", modified=True) == "edit" and draft.placed() == []
    assert draft.slot_key(1, "x") == "" and draft.slot_key(1, "Enter") == ""


def scenario_builder_keys_in_the_palette():
    # 12 pieces in 4 columns
    assert program.palette_target("ArrowRight", 0, 12, 4) == 1
    assert program.palette_target("ArrowLeft", 0, 12, 4) == 0
    assert program.palette_target("ArrowDown", 1, 12, 4) == 5
    assert program.palette_target("ArrowDown", 9, 12, 4) == 11  # clamped to the last
    assert program.palette_target("ArrowUp", 5, 12, 4) == 1
    assert program.palette_target("ArrowUp", 2, 12, 4) == 0
    assert program.palette_target("Home", 7, 12, 4) == 0
    assert program.palette_target("End", 3, 12, 4) == 11
    assert program.palette_target("ArrowRight", 11, 12, 1) == 11
    assert program.palette_target("Enter", 3, 12, 4) is None
    assert program.palette_target("m", 3, 12, 4) is None
