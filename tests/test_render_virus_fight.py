"""Virus Fight boards and supply strips as SVG (pyengine.games.virus_fight.render)."""

from __future__ import annotations

import doctest
import random
import re
import xml.etree.ElementTree as ET

import pytest

from pyengine.games.virus_fight import VIRUS_FIGHT, VirusFightState
from pyengine.games.virus_fight import render as render_module
from pyengine.games.virus_fight.render import (
    SEAT_COLOURS,
    TYPE_COLOURS,
    board_geometry,
    last_move_cells,
    render_svg,
)
from pyengine.games.virus_fight.render_pieces import glyph_path
from pyengine.games.virus_fight.render_supply import render_supply_svg
from virus_fight_support import diagram_state

NS = "{http://www.w3.org/2000/svg}"
TYPE_WORDS = {"M": "move", "W": "write", "J": "jump", "E": "erase"}


def played(players: int, seed: int, steps: int, *, size: int = 0) -> VirusFightState:
    """A real state: ``steps`` uniformly random legal actions from the start."""
    rng = random.Random(seed)
    state = VIRUS_FIGHT.new_initial_state({"players": players, "size": size, "seed": seed})
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def cells(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {
        group.attrib["data-cell"]: group for group in root.iter(f"{NS}g") if group.get("data-cell")
    }


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


STATES = [
    played(2, 3, 14),
    played(3, 4, 40),
    played(4, 2, 30),
    played(5, 7, 60, size=11),
    played(2, 9, 400, size=5),
]


def test_output_is_a_standalone_well_formed_svg_document() -> None:
    svg = render_svg(STATES[0], size=320, title="Fight <1>")
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("width") == root.get("height") == "320"
    assert root.get("role") == "img"
    assert root.find(f"{NS}title").text == "Fight <1>"
    assert root.get("data-players") == "2" and root.get("data-size") == "5"
    assert "board" in classes(root) and "virus-fight" in classes(root)


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"{s.num_players}p{s.size}")
def test_every_cell_carries_the_engines_piece_owner_and_marker(state: VirusFightState) -> None:
    groups = cells(render_svg(state))
    assert len(groups) == state.size**2
    occupied = {str(cell): (piece, marker) for cell, piece, marker in state.board_cells()}
    assert occupied, "the sample state should have pieces on the board"
    for name, group in groups.items():
        found = classes(group)
        assert "cell" in found
        if name in occupied:
            piece, marker = occupied[name]
            assert group.get("data-piece") == piece.code
            assert group.get("data-owner") == str(piece.owner)
            assert group.get("data-origin") == str(piece.origin)
            assert {
                "piece",
                TYPE_WORDS[piece.kind],
                f"size-{piece.size}",
                f"owner-{piece.owner}",
            } <= found
            assert ("captured" in found) == (piece.owner != piece.origin)
            if marker is None:
                assert group.get("data-marker") is None and "marked" not in found
            else:
                assert group.get("data-marker") == str(marker)
                assert {"marked", f"marker-{marker}"} <= found
        else:
            assert "empty" in found
            assert group.get("data-piece") is None and group.get("data-owner") is None
            assert group.get("data-marker") is None


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"{s.num_players}p{s.size}")
def test_home_segments_are_classed_by_seat(state: VirusFightState) -> None:
    groups = cells(render_svg(state))
    homes = {
        str(cell): seat for seat in range(state.num_players) for cell in state.home_segment(seat)
    }
    for name, group in groups.items():
        if name in homes:
            assert {"home", f"home-{homes[name]}"} <= classes(group)
            assert group.get("data-home") == str(homes[name])
        else:
            assert "home" not in classes(group) and group.get("data-home") is None


def test_markers_show_the_seat_number_in_the_seat_colour() -> None:
    state = STATES[3]
    groups = cells(render_svg(state))
    markers = [(str(cell), seat) for cell, _, seat in state.board_cells() if seat is not None]
    assert len(markers) >= 2
    for name, seat in markers:
        token = next(g for g in groups[name].iter(f"{NS}g") if "marker-token" in classes(g))
        assert token.find(f"{NS}circle").get("fill") == SEAT_COLOURS[seat]
        assert token.find(f"{NS}text").text == str(seat + 1)


def test_pieces_show_type_colour_glyph_pips_and_owner_outline() -> None:
    state = STATES[0]
    groups = cells(render_svg(state))
    sides: dict[int, float] = {}
    for cell, piece, _ in state.board_cells():
        group = groups[str(cell)]
        outline = next(r for r in group.iter(f"{NS}rect") if "owner-outline" in classes(r))
        body = next(r for r in group.iter(f"{NS}rect") if "body" in classes(r))
        assert outline.get("stroke") == SEAT_COLOURS[piece.owner]
        assert body.get("fill") == TYPE_COLOURS[piece.kind]
        assert (
            len(
                list(
                    next(g for g in group.iter(f"{NS}g") if "pips" in classes(g)).iter(
                        f"{NS}circle"
                    )
                )
            )
            == piece.size
        )
        assert any("glyph" in classes(p) for p in group.iter(f"{NS}path"))
        sides.setdefault(piece.size, float(outline.attrib["width"]))
    assert len(set(sides.values())) == len(sides)  # a size is drawn one way, sizes differ
    assert sorted(sides) == sorted(sides, key=sides.__getitem__)


def test_glyphs_differ_by_type() -> None:
    glyphs = {kind: glyph_path(kind, 50, 50, 10) for kind in "MWJE"}
    assert len(set(glyphs.values())) == 4


def test_the_current_instruction_is_marked() -> None:
    state = STATES[0]
    instruction = state.instruction()
    assert instruction is not None
    groups = cells(render_svg(state))
    current = [name for name, group in groups.items() if "current" in classes(group)]
    assert current == [str(instruction.cell)]


def test_highlight_selected_and_last_move_classes() -> None:
    state = STATES[0]
    svg = render_svg(
        state, highlighted=["A1", "c3"], selected="b2", last_move=last_move_cells("d2-d3 @E4")
    )
    groups = cells(svg)
    assert {n for n, g in groups.items() if "highlight" in classes(g)} == {"a1", "c3"}
    assert {n for n, g in groups.items() if "selected" in classes(g)} == {"b2"}
    assert {n for n, g in groups.items() if "last-move" in classes(g)} == {"d2", "d3", "e4"}
    plain = cells(render_svg(state))
    for group in plain.values():
        assert not classes(group) & {"highlight", "selected", "last-move"}


def test_last_move_cells_reads_turns() -> None:
    assert last_move_cells("b2-c2 @c2") == ("b2", "c2")
    assert last_move_cells("+W1@d3 @b3") == ("d3", "b3")
    assert last_move_cells("xc4 @c3") == ("c4", "c3")
    assert last_move_cells("x- @c4") == ("c4",)
    assert last_move_cells("J@d4") == ("d4",)
    assert last_move_cells("J@-") == ()
    for bad in ("", "stop", "z9-a1 @a1", "xc4 @c3 @c2"):
        with pytest.raises(ValueError):
            last_move_cells(bad)


def test_last_moves_of_real_turns_are_drawable() -> None:
    for state in STATES:
        for turn in state.turns[-5:]:
            if turn.code != "stop":
                render_svg(state, last_move=last_move_cells(turn.text))


def test_every_cell_ends_with_a_full_cell_hit_rect() -> None:
    for group in cells(render_svg(STATES[2])).values():
        last = list(group)[-1]
        assert last.tag == f"{NS}rect" and "hit" in classes(last)
        assert last.get("width") == last.get("height") == "100"
        assert last.get("pointer-events") == "all"


def test_cells_are_listed_in_reading_order_and_flipped_turns_the_board() -> None:
    state = STATES[0]
    names = list(cells(render_svg(state)))
    assert names[0] == "a5" and names[-1] == "e1"
    flipped = list(cells(render_svg(state, flipped=True)))
    assert flipped[0] == "e1" and flipped[-1] == "a5"


@pytest.mark.parametrize("coordinates", [True, False])
@pytest.mark.parametrize("flipped", [True, False])
def test_board_geometry_matches_the_drawing(coordinates: bool, flipped: bool) -> None:
    state = STATES[1]
    svg = render_svg(state, coordinates=coordinates, flipped=flipped)
    grid = board_geometry(state.size, coordinates=coordinates, flipped=flipped)
    root = ET.fromstring(svg)
    assert root.get("viewBox") == grid.view_box
    for name, group in cells(svg).items():
        hit = list(group)[-1]
        x, y = float(hit.attrib["x"]), float(hit.attrib["y"])
        at = grid.cell_at(x + 50, y + 50)
        assert at is not None
        file, rank = at
        assert f"{'abcdefghijk'[file]}{rank + 1}" == name
    assert (root.find(f"{NS}g[@class='coords']") is not None) == coordinates


def test_no_inline_styles_scripts_or_external_references() -> None:
    for state in STATES:
        for svg in (
            render_svg(state, highlighted=["a1"], selected="a2"),
            render_supply_svg(state, 0),
        ):
            root = ET.fromstring(svg)
            for element in root.iter():
                assert element.tag not in (f"{NS}script", f"{NS}style", f"{NS}foreignObject")
                for name in element.attrib:
                    assert name != "style" and not name.lower().startswith("on")
                    assert "href" not in name
            assert "javascript:" not in svg and "url(" not in svg


def test_output_is_deterministic_and_rounded() -> None:
    first = played(4, 2, 30)
    second = played(4, 2, 30)
    assert render_svg(first, highlighted=["a1"]) == render_svg(second, highlighted=["a1"])
    assert render_supply_svg(first, 1) == render_supply_svg(second, 1)
    assert not re.search(r"\d\.\d{3,}", render_svg(first))


def test_ids_are_prefixed_and_unique() -> None:
    svg = render_svg(STATES[0], id_prefix="left")
    ids = re.findall(r' id="([^"]+)"', svg)
    assert ids and all(value.startswith("left-") for value in ids)
    assert len(ids) == len(set(ids))
    assert 'aria-labelledby="left-title"' in svg
    strip = render_supply_svg(STATES[0], 1, id_prefix="s2")
    assert re.findall(r' id="([^"]+)"', strip) == ["s2-title"]


def test_a_busy_11x11_board_stays_compact() -> None:
    svg = render_svg(STATES[3], highlighted=["a1", "b2"], last_move=("c2",))
    assert len(svg) < 120_000
    empty = render_svg(VIRUS_FIGHT.new_initial_state({"players": 5, "size": 11, "seed": 1}))
    assert len(empty) < 60_000


def test_setup_shows_only_the_viewers_own_program() -> None:
    state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
    state.apply("b1:W2 c1:E3 @b1")
    spectator = cells(render_svg(state))
    assert all("empty" in classes(g) for g in spectator.values())
    other = cells(render_svg(state, viewer=1))
    assert all("empty" in classes(g) for g in other.values())
    own = cells(render_svg(state, viewer=0))
    assert {"piece", "pending", "own", "marker-0"} <= classes(own["b1"])
    assert own["c1"].get("data-piece") == "E3"
    assert ET.fromstring(render_svg(state, viewer=0)).get("data-phase") == "setup"


DIAGRAM = """
5 .      .      .      .      .
4 .      .      .      .      .
3 .      M2/1*1 E3/2*2 .      .
2 .      .      .      .      .
1 .      .      .      .      .
  a      b      c      d      e
"""


def test_a_diagram_state_matches_the_engine() -> None:
    state = diagram_state(DIAGRAM, seat=1, supplies={1: "E1 W2", 2: "J1"})
    groups = cells(render_svg(state, viewer=0))
    for cell, piece, marker in state.board_cells():
        group = groups[str(cell)]
        assert group.get("data-piece") == piece.code
        assert group.get("data-marker") == (None if marker is None else str(marker))
        assert ("own" in classes(group)) == (piece.owner == 0)
    assert groups["b3"].get("data-owner") == "0" and groups["c3"].get("data-owner") == "1"
    assert groups["c3"].get("data-marker") == "1"


def test_supply_strip_counts_and_captured_origins() -> None:
    state = played(2, 9, 400, size=5)
    for seat in range(2):
        root = ET.fromstring(render_supply_svg(state, seat))
        slots = {g.attrib["data-code"]: g for g in root.iter(f"{NS}g") if "slot" in classes(g)}
        assert list(slots) == [f"{k}{s}" for k in "MWJE" for s in (1, 2, 3)]
        counts = state.supply_counts(seat)
        for code, slot in slots.items():
            assert slot.get("data-count") == str(counts.get(code, 0))
            assert ("empty" in classes(slot)) == (code not in counts)
            origins = sorted({p.origin for p in state.supply(seat) if p.code == code})
            assert slot.get("data-origins") == (" ".join(map(str, origins)) or None)
            assert ("captured" in classes(slot)) == any(o != seat for o in origins)
            flags = [p.get("fill") for p in slot.iter(f"{NS}path") if "origin-flag" in classes(p)]
            assert flags == [SEAT_COLOURS[o] for o in origins]
        assert root.get("data-seat") == str(seat)
        assert root.get("data-removed") == str(state.removed(seat))


def test_supply_strip_of_a_captured_piece_keeps_its_colour() -> None:
    # Build a capture through real play: find a game where a supply holds another's piece.
    for seed in range(40):
        state = played(2, seed, 300)
        for seat in range(2):
            captured = [p for p in state.supply(seat) if p.origin != seat]
            if captured:
                root = ET.fromstring(render_supply_svg(state, seat))
                slot = next(
                    g for g in root.iter(f"{NS}g") if g.get("data-code") == captured[0].code
                )
                assert "captured" in classes(slot)
                fills = {
                    p.get("fill") for p in slot.iter(f"{NS}path") if "origin-flag" in classes(p)
                }
                assert SEAT_COLOURS[captured[0].origin] in fills
                return
    pytest.skip("no capture in the sampled games")


@pytest.mark.parametrize(
    "options",
    [
        {"highlighted": ["f1"]},
        {"selected": "a6"},
        {"last_move": ("z1",)},
        {"id_prefix": "1x"},
        {"viewer": 2},
        {"viewer": -1},
    ],
)
def test_bad_view_options_raise_value_error(options: dict) -> None:
    with pytest.raises(ValueError):
        render_svg(STATES[0], **options)


def test_bad_supply_seat_raises_value_error() -> None:
    for seat in (-1, 2):
        with pytest.raises(ValueError):
            render_supply_svg(STATES[0], seat)


def test_module_docstring_examples_run() -> None:
    result = doctest.testmod(render_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
