"""Fight the Virus player sheets as SVG (pyengine.games.fight_the_virus.render): the document,
every spot of the sheet with its state in classes and data attributes, bonuses, the research
lock and the key numbers; the module's copy of the sheet data, a sheet of the rules engine, and
the module's docstring examples. The sheets are the stand-ins of fight_the_virus_render_support."""

from __future__ import annotations

import doctest
import importlib
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest

from fight_the_virus_render_support import (
    AREAS,
    NS,
    RICH,
    ROW_WIDTHS,
    SPIKES,
    bonuses,
    classes,
    parse,
    sheet,
    spots,
    texts,
    title,
)
from pyengine.games.fight_the_virus import render as render_module
from pyengine.games.fight_the_virus.render import (
    AP_STATES,
    BONUS_KEYS,
    SHEET,
    SPOT_NAMES,
    render_sheet_svg,
)

# --- the document --------------------------------------------------------------------------


def test_output_is_a_standalone_well_formed_svg_document() -> None:
    svg = render_sheet_svg(RICH, size=500)
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") == "0 0 1000 700"
    assert (root.get("width"), root.get("height")) == ("500", "350")
    assert root.get("role") == "img" and root.get("aria-labelledby") == "ftv-title"
    assert title(root) == "Fight the Virus sheet of Ben"
    assert {"sheet", "fight-the-virus"} <= classes(root) and "compact" not in classes(root)
    assert root.get("data-research") == "7" and root.get("data-ap-active") == "3"
    assert parse(render_sheet_svg(RICH)).get("width") is None


def test_a_title_can_be_given_and_is_escaped() -> None:
    root = parse(render_sheet_svg(RICH, title="Sheet <2> & more"))
    assert title(root) == "Sheet <2> & more"
    assert title(parse(render_sheet_svg(sheet(name="")))) == "Fight the Virus sheet"


def test_every_spot_of_the_sheet_is_drawn_once_in_drawing_order() -> None:
    groups = spots(render_sheet_svg(RICH))
    assert tuple(groups) == SPOT_NAMES
    by_area = {area: [n for n, g in groups.items() if area in classes(g)] for area in AREAS}
    assert {area: len(names) for area, names in by_area.items()} == {
        "analysis": 73,
        "ap": 21,
        "research": 12,
        "testing": 15,
        "curve": 16,
    }
    assert by_area["ap"] == [f"AP{n}" for n in range(1, 22)]
    assert by_area["research"] == [f"R{k}" for k in range(1, 13)]
    assert by_area["testing"] == [
        "T00",
        "T01",
        "T02",
        "T03",
        "T04",
        "T10",
        "T11",
        "T12",
        "T13",
        "T20",
        "T21",
        "T22",
        "T30",
        "T31",
        "T40",
    ]
    assert by_area["curve"] == [
        "C00",
        "C10",
        "C11",
        "C20",
        "C21",
        "C22",
        "C30",
        "C31",
        "C32",
        "C33",
        "C40",
        "C41",
        "C42",
        "C50",
        "C51",
        "C60",
    ]
    for group in groups.values():
        assert "spot" in classes(group) and len(classes(group) & set(AREAS)) == 1


def test_the_analysis_disc_has_73_cells_and_the_21_spikes_of_the_rules() -> None:
    groups = spots(render_sheet_svg(sheet()))
    analysis = [n for n, g in groups.items() if "analysis" in classes(g)]
    rows = [sum(1 for n in analysis if int(n[1:]) == r) for r in range(11)]
    assert rows == ROW_WIDTHS
    assert {n for n in analysis if "spike" in classes(groups[n])} == SPIKES
    for name in SPIKES:  # a glyph besides the green fill
        assert any("spike-glyph" in classes(p) for p in groups[name].iter(f"{NS}path"))


def test_analysis_cells_sit_on_a_grid_of_28_units_with_row_0_on_top() -> None:
    groups = spots(render_sheet_svg(sheet()))

    def origin(name: str) -> tuple[float, float]:
        hit = list(groups[name])[-1]
        assert hit.get("width") == hit.get("height") == "28"
        return float(hit.get("x", "nan")), float(hit.get("y", "nan"))

    x0, y0 = origin("a5")
    for name in ("f0", "f10", "k5", "e3", "h9"):
        column, row = "abcdefghijk".index(name[0]), int(name[1:])
        assert origin(name) == (x0 + 28 * column, y0 + 28 * (row - 5))


def test_the_ap_track_shows_each_fields_state_four_ways_apart() -> None:
    svg = render_sheet_svg(RICH)
    groups = spots(svg)
    looks: dict[str, tuple[str | None, str | None, str | None, bool]] = {}
    for n, state in enumerate(RICH.ap, start=1):
        group = groups[f"AP{n}"]
        assert group.get("data-state") == state and state in classes(group)
        assert not classes(group) & (set(AP_STATES) - {state})
        field = next(c for c in group.iter(f"{NS}circle") if "field" in classes(c))
        crossed = any("cross" in classes(p) for p in group.iter(f"{NS}path"))
        looks.setdefault(
            state,
            (field.get("stroke-width"), field.get("stroke-dasharray"), field.get("fill"), crossed),
        )
        assert texts(group, "number") == [str(n)]
    assert len(set(looks.values())) == 4
    assert looks["spent"][3] and looks["lost"][3] and not looks["active"][3]
    assert not looks["blank"][3]
    # bold ring for circled fields, thin for the others
    assert looks["active"][0] == looks["spent"][0] != looks["blank"][0]


def test_ap_fields_are_three_rows_of_seven() -> None:
    groups = spots(render_sheet_svg(sheet()))
    centres = [
        (float(c.get("cx", "nan")), float(c.get("cy", "nan")))
        for c in (list(groups[f"AP{n}"])[-1] for n in range(1, 22))
    ]
    assert len({y for _, y in centres}) == 3
    assert all(centres[i][1] == centres[i - 1][1] for i in range(1, 21) if i % 7)
    assert [x for x, _ in centres[:7]] == [x for x, _ in centres[7:14]]


def test_a_rich_sheet_carries_its_state_in_classes_and_data_attributes() -> None:
    groups = spots(render_sheet_svg(RICH))
    for name in RICH.analysed:
        assert "analysed" in classes(groups[name])
        assert any("hatch" in classes(p) for p in groups[name].iter(f"{NS}path"))
    assert "analysed" not in classes(groups["h4"]) and "spike" in classes(groups["h4"])
    assert {"analysed", "spike"} <= classes(groups["e3"])
    for k in range(1, 13):
        assert ("crossed" in classes(groups[f"R{k}"])) == (k <= 7)
    assert "red" in classes(groups["R12"])
    assert [groups[f"R{k}"].get("data-bonus-kind") for k in (3, 6, 8, 10)] == ["S", "O", "S", "O"]
    assert all("has-bonus" in classes(groups[f"R{k}"]) for k in (3, 6, 8, 10))
    assert groups["R4"].get("data-bonus-kind") is None and "has-bonus" not in classes(groups["R4"])
    for name, value in RICH.testing.items():
        assert groups[name].get("data-value") == str(value) and "filled" in classes(groups[name])
        assert texts(groups[name], "value") == [str(value)]
    assert groups["T12"].get("data-value") is None and "filled" not in classes(groups["T12"])
    for name, value in RICH.curve.items():
        assert groups[name].get("data-value") == str(value) and "filled" in classes(groups[name])
    for name, required in RICH.circled.items():
        group = groups[name]
        assert "circled" in classes(group) and group.get("data-required") == str(required)
        assert texts(group, "required") == [str(required)]
        assert any("circle-mark" in classes(c) for c in group.iter(f"{NS}circle"))
    assert texts(groups["C30"], "value") == ["4"]  # a circled square stays circled when filled
    assert groups["C21"].get("data-required") is None


def test_red_targets_and_extra_squares_are_marked_beyond_colour() -> None:
    groups = spots(render_sheet_svg(sheet()))
    red = {n for n, g in groups.items() if "red" in classes(g)}
    assert red == {"T00", "T04", "T21", "C33", "R12"}
    for name in red - {"R12"}:
        assert any("red-mark" in classes(g) for g in groups[name].iter(f"{NS}g"))
    extra = {n for n, g in groups.items() if "extra" in classes(g)}
    assert extra == {"T10", "T13", "C11", "C42"}
    for name in extra:
        die = [g for g in groups[name].iter(f"{NS}g") if "die" in classes(g)]
        assert len(die) == 1


def test_every_bonus_has_one_badge_and_earned_ones_are_ticked() -> None:
    found = bonuses(render_sheet_svg(RICH))
    assert set(found) == BONUS_KEYS
    assert BONUS_KEYS == {
        "R3",
        "R6",
        "R8",
        "R10",
        "T-row0",
        "T-row1",
        "T-row2",
        "T-row3",
        "T-row4",
        "C-row1",
        "C-row2",
        "X:T10",
        "X:T13",
        "X:C11",
        "X:C42",
    }
    kinds = {key: badge.get("data-kind") for key, badge in found.items()}
    assert [kinds[f"R{k}"] for k in (3, 6, 8, 10)] == ["S", "O", "S", "O"]
    assert [kinds[f"T-row{r}"] for r in range(5)] == ["N", "S", "N", "S", "N"]
    assert (kinds["C-row1"], kinds["C-row2"]) == ("S", "O")
    assert all(kinds[key] == "X" for key in BONUS_KEYS if key.startswith("X:"))
    for key, badge in found.items():
        earned = key in RICH.earned
        assert ("earned" in classes(badge)) == earned
        assert f"bonus-{(kinds[key] or '').lower()}" in classes(badge)
        assert any("tick" in classes(g) for g in badge.iter(f"{NS}g")) == earned
        if not key.startswith("X:"):  # badges carry their letter besides the pictogram
            assert texts(badge, "bonus-letter") == [kinds[key]]


def test_the_research_lock_opens_when_every_red_target_is_filled() -> None:
    def lock(s: SimpleNamespace) -> ET.Element:
        return next(g for g in parse(render_sheet_svg(s)).iter(f"{NS}g") if "lock" in classes(g))

    assert "unlocked" not in classes(lock(RICH))
    assert lock(RICH).get("data-needs") == "T00 T04 T21 C33"
    almost = sheet(testing={"T00": 1, "T04": 2, "T21": 9}, curve={})
    assert "unlocked" not in classes(lock(almost))
    done = sheet(testing={"T00": 1, "T04": 2, "T21": 9}, curve={"C33": 5})
    assert "unlocked" in classes(lock(done))


def test_the_key_numbers_are_counted_from_the_sheet() -> None:
    tally = next(g for g in parse(render_sheet_svg(RICH)).iter(f"{NS}g") if "tally" in classes(g))
    assert (
        tally.get("data-research"),
        tally.get("data-ap-active"),
        tally.get("data-spikes"),
        tally.get("data-red"),
    ) == ("7", "3", "4", "1")  # spikes f0 d1 h1 e3; red T00
    assert texts(tally, "tally-number") == ["7/12", "3", "4/21", "1/4"]


# --- the sheet data ------------------------------------------------------------------------


def test_the_sheet_data_copy_has_the_shape_the_rules_describe() -> None:
    cells = SHEET["analysis"]["cells"]
    assert len(cells) == len(set(cells)) == 73 and set(SHEET["analysis"]["spikes"]) == SPIKES
    # symmetric under a quarter turn about f5 (rules, 2.1)
    area = {("abcdefghijk".index(c[0]), int(c[1:])) for c in cells}
    spikes = {("abcdefghijk".index(c[0]), int(c[1:])) for c in SPIKES}
    turn = {(10 - row, column) for column, row in area}
    assert turn == area and {(10 - row, column) for column, row in spikes} == spikes
    assert SHEET["testing"]["row_widths"] == [5, 4, 3, 2, 1]
    assert SHEET["curve"]["heights"] == [1, 2, 3, 4, 3, 2, 1]


def test_a_sheet_of_the_rules_engine_renders() -> None:
    try:
        player_sheet = importlib.import_module("pyengine.games.fight_the_virus.player_sheet")
    except ImportError:
        pytest.skip("the rules engine's player sheet is not there yet")
    played, _ = player_sheet.PlayerSheet("Ana").place(player_sheet.mask_of(["e3", "f3", "e4"]))
    played = played.write_testing("T00", 3).write_testing("T01", 2).write_testing("T10", 4)
    groups = spots(render_sheet_svg(played, highlighted=["T11"]))
    assert {n for n, g in groups.items() if "analysed" in classes(g)} == {"e3", "f3", "e4"}
    assert groups["AP1"].get("data-state") == "active"
    assert groups["T10"].get("data-value") == "4"
    assert "earned" in classes(bonuses(render_sheet_svg(played))["X:T10"])


def test_module_docstring_examples_run() -> None:
    result = doctest.testmod(render_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 6 and result.failed == 0
