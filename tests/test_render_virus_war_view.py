"""Virus War boards as SVG (pyengine.games.virus_war.render), the view options: highlighted,
selected, last-move, turn-step and reach cells, step and kill markers in the mover's colour,
home corners, flipping, coordinates, the board geometry, hit areas, ids and labels."""

from __future__ import annotations

import pytest

from pyengine.games.virus_war.render import (
    O_INK,
    X_INK,
    board_geometry,
    render_svg,
)
from virus_war_render_support import (
    EX_1,
    EX_2,
    EX_2_STEPS,
    EX_3,
    FILES,
    MIXED,
    NS,
    Position,
    cells_of,
    classes,
    diagram,
    empty,
    find_class,
    hit_rect,
    parse,
)

# --- view options --------------------------------------------------------------------------


def test_highlighted_selected_last_move_turn_step_and_reach_classes() -> None:
    cells = cells_of(
        parse(
            render_svg(
                EX_2,
                highlighted=["A2", "e5"],
                selected="c2",
                last_move=("f6", "f5"),
                turn_cells=["b3"],
                reach=["a2", "b3"],
            )
        )
    )
    assert classes(cells["a2"]) == {"cell", "empty", "highlight", "reach"}
    assert classes(cells["e5"]) == {"cell", "live", "o", "highlight"}
    assert classes(cells["c2"]) == {"cell", "empty", "selected"}
    assert classes(cells["f6"]) == {"cell", "live", "o", "last-move"}
    assert classes(cells["f5"]) == {"cell", "empty", "last-move"}
    assert classes(cells["b3"]) == {"cell", "empty", "turn-step", "reach"}
    assert classes(cells["c3"]) == {"cell", "dead", "o", "fortress-x"}
    assert cells["b3"].get("data-turn-step") == "1"
    assert find_class(cells["c2"], "selected-ring")
    assert find_class(cells["f6"], "last-move-edge") and find_class(cells["f5"], "last-move-tint")
    assert find_class(cells["a2"], "reach-tint") and not find_class(cells["a3"], "reach-tint")


def test_a_legal_step_is_a_dot_and_a_kill_a_crosshair_in_the_movers_colour() -> None:
    cells = cells_of(parse(render_svg(EX_2, highlighted=EX_2_STEPS)))
    for name in EX_2_STEPS:
        cell = cells[name]
        assert "highlight" in classes(cell)
        if name == "e5":
            (marker,) = find_class(cell, "kill-marker")
            assert not find_class(cell, "step-marker")
            assert marker.get("stroke") == X_INK
        else:
            (marker,) = find_class(cell, "step-marker")
            assert not find_class(cell, "kill-marker")
            assert marker.get("fill") == X_INK
    unmarked = [name for name, cell in cells.items() if "highlight" not in classes(cell)]
    assert len(unmarked) == 36 - len(EX_2_STEPS)
    for name in unmarked:
        assert not find_class(cells[name], "step-marker") + find_class(cells[name], "kill-marker")


def test_markers_take_the_colour_of_noughts_when_noughts_move() -> None:
    cells = cells_of(parse(render_svg(EX_3, highlighted=["a1", "a2"], reach=["a2"])))
    assert find_class(cells["a1"], "kill-marker")[0].get("stroke") == O_INK
    assert find_class(cells["a2"], "step-marker")[0].get("fill") == O_INK
    assert find_class(cells["a2"], "reach-tint")[0].get("fill") == O_INK


def test_markers_are_neutral_when_nobody_is_to_move() -> None:
    over = Position(6, EX_3.cells, player=-1)
    cells = cells_of(parse(render_svg(over, highlighted=["a2"], reach=["a2"])))
    marker = find_class(cells["a2"], "step-marker")[0]
    assert marker.get("fill") not in (X_INK, O_INK)
    assert "reach" in classes(cells["a2"]) and not find_class(cells["a2"], "reach-tint")


def test_turn_steps_are_numbered_in_order_in_the_steppers_colour() -> None:
    # X has placed b3, killed e5 and placed d5 in this turn (Ex 2 continued).
    position = diagram(
        """
6 . . . . O O
5 . . . X o .
4 . . . o . .
3 . X o . . .
2 . o . . . .
1 X . . . . O
"""
    )
    cells = cells_of(parse(render_svg(position, turn_cells=["b3", "E5", "d5"])))
    for number, name in enumerate(["b3", "e5", "d5"], 1):
        cell = cells[name]
        assert "turn-step" in classes(cell)
        assert cell.get("data-turn-step") == str(number)
        (badge,) = find_class(cell, "step-badge")
        (numeral,) = find_class(badge, "step-number")
        assert numeral.text == str(number)
        assert badge.find(f"{NS}circle") is not None
        assert badge.find(f"{NS}circle").get("fill") == X_INK
    assert classes(cells["e5"]) == {"cell", "dead", "o", "fortress-x", "turn-step"}
    assert sum("turn-step" in classes(cell) for cell in cells.values()) == 3


def test_a_kill_by_noughts_in_this_turn_is_badged_in_their_colour() -> None:
    cells = cells_of(parse(render_svg(EX_3, turn_cells=["b2"])))
    badge = find_class(cells["b2"], "step-badge")[0].find(f"{NS}circle")
    assert badge is not None and badge.get("fill") == O_INK


def test_home_corners_are_marked_until_their_player_has_a_symbol() -> None:
    start = cells_of(parse(render_svg(empty(10))))
    assert classes(start["a1"]) == {"cell", "empty", "home-x"}
    assert classes(start["k10"]) == {"cell", "empty", "home-o"}
    assert find_class(start["a1"], "home-mark") and find_class(start["k10"], "home-mark")
    marked = [name for name, cell in start.items() if find_class(cell, "home-mark")]
    assert sorted(marked) == ["a1", "k10"]
    # After X's first turn only O's corner is still special; once O is in, neither is.
    after_x = Position(10, "X" + "." * 99)
    cells = cells_of(parse(render_svg(after_x)))
    assert classes(cells["a1"]) == {"cell", "live", "x"}
    assert classes(cells["k10"]) == {"cell", "empty", "home-o"}
    assert not [name for name, cell in cells_of(parse(render_svg(EX_1))).items()
                if find_class(cell, "home-mark")]  # fmt: skip
    # A player whose every symbol is dead has still placed: no marker.
    dead_only = Position(6, "." * 7 + "x" + "." * 28)
    assert "home-x" not in classes(cells_of(parse(render_svg(dead_only)))["a1"])


def test_j_is_read_as_k_and_case_is_ignored() -> None:
    cells = cells_of(parse(render_svg(EX_1, highlighted=["J9"], selected="K10")))
    assert "highlight" in classes(cells["k9"]) and "selected" in classes(cells["k10"])
    with pytest.raises(ValueError):
        render_svg(EX_2, highlighted=["j1"])  # no tenth file on a 6x6 board


def test_flipped_puts_a1_at_the_top_right() -> None:
    for flipped in (False, True):
        root = parse(render_svg(EX_1, flipped=flipped))
        hits = {name: hit_rect(cell) for name, cell in cells_of(root).items()}
        xs = {name: float(rect.get("x", "")) for name, rect in hits.items()}
        ys = {name: float(rect.get("y", "")) for name, rect in hits.items()}
        if flipped:
            assert xs["a1"] == max(xs.values()) and ys["a1"] == min(ys.values())
            assert xs["k10"] == min(xs.values()) and ys["k10"] == max(ys.values())
        else:
            assert xs["a1"] == min(xs.values()) and ys["a1"] == max(ys.values())
            assert xs["k10"] == max(xs.values()) and ys["k10"] == min(ys.values())
        assert root.get("data-flipped") == ("true" if flipped else "false")
        files = [t for t in root.iter(f"{NS}text") if classes(t) == {"coord", "file"}]
        labels = [t.text for t in sorted(files, key=lambda t: float(t.get("x", "")))]
        assert labels == (list("kihgfedcba") if flipped else list("abcdefghik"))
        ranks = [t for t in root.iter(f"{NS}text") if classes(t) == {"coord", "rank"}]
        labels = [t.text for t in sorted(ranks, key=lambda t: float(t.get("y", "")))]
        numbers = [str(rank) for rank in range(10, 0, -1)]
        assert labels == (numbers[::-1] if flipped else numbers)


@pytest.mark.parametrize("n", [6, 9, 10, 14])
def test_coordinates_use_the_files_without_j(n: int) -> None:
    root = parse(render_svg(empty(n)))
    files = [t.text for t in root.iter(f"{NS}text") if classes(t) == {"coord", "file"}]
    assert files == list(FILES[:n])
    assert "j" not in files
    if n >= 10:
        assert files[9] == "k"
    assert all(name[0] != "j" for name in cells_of(root))


def test_coordinates_can_be_left_out() -> None:
    with_labels = parse(render_svg(EX_2))
    without = parse(render_svg(EX_2, coordinates=False))
    coords = [t for t in with_labels.iter(f"{NS}text") if "coord" in classes(t)]
    assert sorted(t.text or "" for t in coords) == sorted("abcdef123456")
    assert not [t for t in without.iter(f"{NS}text") if "coord" in classes(t)]
    assert float(without.get("viewBox", "").split()[2]) < float(
        with_labels.get("viewBox", "").split()[2]
    )


@pytest.mark.parametrize("coordinates", [False, True])
@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("n", [6, 10, 14])
def test_board_geometry_matches_the_drawing(coordinates: bool, flipped: bool, n: int) -> None:
    root = parse(render_svg(empty(n), coordinates=coordinates, flipped=flipped))
    grid = board_geometry(n, coordinates=coordinates, flipped=flipped)
    assert root.get("viewBox") == grid.view_box
    for name, cell in cells_of(root).items():
        rect = hit_rect(cell)
        x = float(rect.get("x", "")) + grid.cell / 2
        y = float(rect.get("y", "")) + grid.cell / 2
        file, rank = grid.cell_at(x, y) or (-1, -1)
        assert f"{FILES[file]}{rank + 1}" == name


def test_every_cell_has_a_full_square_hit_area_on_top() -> None:
    svg = render_svg(MIXED, highlighted=["a2"], selected="a2", turn_cells=["a2"])
    for cell in cells_of(parse(svg)).values():
        rect = hit_rect(cell)
        assert (rect.get("width"), rect.get("height")) == ("100", "100")
        assert rect.get("pointer-events") == "all" and rect.get("fill") == "none"


def test_the_paper_ignores_pointer_events() -> None:
    root = parse(render_svg(EX_2))
    (paper,) = [g for g in root.iter(f"{NS}g") if classes(g) == {"paper"}]
    assert paper.get("pointer-events") == "none"
    coords = [g for g in root.iter(f"{NS}g") if classes(g) == {"coords"}]
    assert coords and coords[0].get("pointer-events") == "none"


def test_ids_are_prefixed_and_unique_across_boards() -> None:
    first = parse(render_svg(EX_2))
    second = parse(render_svg(EX_2, id_prefix="vw2"))
    ids_first = [e.get("id") for e in first.iter() if e.get("id")]
    ids_second = [e.get("id") for e in second.iter() if e.get("id")]
    assert ids_first and ids_second
    assert all(i and i.startswith("vw-") for i in ids_first)
    assert all(i and i.startswith("vw2-") for i in ids_second)
    assert len(set(ids_first)) == len(ids_first)
    assert not set(ids_first) & set(ids_second)
    assert second.get("aria-labelledby") == "vw2-title"
    for bad in ("", "1a", "a b", 'a"b', "a<b"):
        with pytest.raises(ValueError):
            render_svg(EX_2, id_prefix=bad)


def test_no_english_per_cell_labels() -> None:
    root = parse(render_svg(MIXED, highlighted=["a2"], selected="b2", turn_cells=["c2"]))
    for element in root.iter():
        assert "aria-label" not in element.attrib
        assert element.tag != f"{NS}title" or element is root.find(f"{NS}title")
        if element.tag == f"{NS}text":
            assert classes(element) & {"coord", "step-number"}
