"""Fight the Virus player sheets as SVG (pyengine.games.fight_the_virus.render).

The sheets here are ``SimpleNamespace`` stand-ins with exactly the read API the rules engine
provides (name, analysed, ap, research, testing, curve, circled, earned).
"""

from __future__ import annotations

import doctest
import importlib
import re
import time
import xml.etree.ElementTree as ET
from types import SimpleNamespace
from typing import Any

import pytest

from pyengine.games.fight_the_virus import render as render_module
from pyengine.games.fight_the_virus.render import (
    AP_STATES,
    BONUS_KEYS,
    SEAT_COLOURS,
    SHEET,
    SPOT_NAMES,
    render_sheet_svg,
)

NS = "{http://www.w3.org/2000/svg}"
AREAS = ("analysis", "ap", "research", "testing", "curve")
# Restated from the rules' section 2.1, independently of the module's copy of the data.
SPIKES = {
    "f0",
    "d1",
    "h1",
    "c2",
    "i2",
    "b3",
    "e3",
    "j3",
    "h4",
    "a5",
    "f5",
    "k5",
    "d6",
    "b7",
    "g7",
    "j7",
    "c8",
    "i8",
    "d9",
    "h9",
    "f10",
}
ROW_WIDTHS = [1, 5, 7, 9, 9, 11, 9, 9, 7, 5, 1]


def sheet(**changes: Any) -> SimpleNamespace:
    """An empty sheet, with ``changes`` applied."""
    fields: dict[str, Any] = {
        "name": "Ana",
        "analysed": frozenset(),
        "ap": ("blank",) * 21,
        "research": 0,
        "testing": {},
        "curve": {},
        "circled": {},
        "earned": frozenset(),
    }
    fields.update(changes)
    return SimpleNamespace(**fields)


RICH = sheet(
    name="Ben",
    analysed=frozenset(
        {
            "f0",
            "d1",
            "e1",
            "f1",
            "g1",
            "h1",
            "d2",
            "e2",
            "f2",
            "g2",
            "c3",
            "d3",
            "e3",
            "f3",
            "e4",
            "f4",
        }
    ),
    ap=("spent",) * 5 + ("active",) * 3 + ("lost",) + ("blank",) * 12,
    research=7,
    testing={"T00": 2, "T01": 3, "T02": 5, "T03": 1, "T10": 4, "T11": 6, "T20": 12},
    curve={"C00": 4, "C10": 2, "C11": 5, "C20": 3, "C22": 6, "C30": 4},
    circled={"C30": 4, "C32": 1},
    earned=frozenset({"R3", "R6", "X:T10", "X:C11"}),
)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def spots(svg: str) -> dict[str, ET.Element]:
    return {g.get("data-cell", ""): g for g in parse(svg).iter(f"{NS}g") if g.get("data-cell")}


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def bonuses(svg: str) -> dict[str, ET.Element]:
    return {g.get("data-bonus", ""): g for g in parse(svg).iter(f"{NS}g") if "bonus" in classes(g)}


def title(root: ET.Element) -> str | None:
    found = root.find(f"{NS}title")
    assert found is not None
    return found.text


def texts(element: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text") if cls in classes(t)]


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


# --- view options --------------------------------------------------------------------------


def test_highlight_selected_and_last_move_classes() -> None:
    svg = render_sheet_svg(
        RICH,
        highlighted=["e5", "ap6", "r8", "t12", "C21"],
        selected="T21",
        last_move=("c3", "d3", "AP5", "T20"),
    )
    groups = spots(svg)
    assert {n for n, g in groups.items() if "highlight" in classes(g)} == {
        "e5",
        "AP6",
        "R8",
        "T12",
        "C21",
    }
    assert {n for n, g in groups.items() if "selected" in classes(g)} == {"T21"}
    assert {n for n, g in groups.items() if "last-move" in classes(g)} == {"c3", "d3", "AP5", "T20"}
    for name in ("e5", "AP6", "R8", "T12", "C21"):
        assert any("target-marker" in classes(e) for e in groups[name])
    assert any("selected-ring" in classes(e) for e in groups["T21"])
    assert any("last-move-tint" in classes(e) for e in groups["T20"])
    for group in spots(render_sheet_svg(RICH)).values():
        assert not classes(group) & {"highlight", "selected", "last-move"}
        assert not [
            e for e in group if classes(e) & {"target-marker", "selected-ring", "last-move-tint"}
        ]


def test_a_target_is_a_dot_on_an_empty_spot_and_a_ring_on_a_used_one() -> None:
    groups = spots(render_sheet_svg(RICH, highlighted=["T12", "T11", "g5", "e3"]))

    def marker(name: str) -> ET.Element:
        return next(e for e in groups[name] if "target-marker" in classes(e))

    assert marker("T12").tag == f"{NS}circle" and marker("T12").get("fill") != "none"
    assert marker("g5").get("fill") != "none"
    assert marker("T11").get("fill") == "none" and marker("e3").get("fill") == "none"


@pytest.mark.parametrize("legal", [True, False])
def test_the_shape_preview_is_an_overlay_that_is_not_colour_only(legal: bool) -> None:
    svg = render_sheet_svg(RICH, preview=["H3", "h2", "i2", "a0"], preview_legal=legal)
    root = parse(svg)
    overlays = [g for g in root.iter(f"{NS}g") if "preview" in classes(g)]
    assert len(overlays) == 1
    overlay = overlays[0]
    assert classes(overlay) == {"preview", "legal" if legal else "illegal"}
    assert overlay.get("data-cells") == "a0 h2 i2 h3"  # sorted by row, then column
    assert overlay.get("pointer-events") == "none"
    cells = [r for r in overlay.iter(f"{NS}rect") if "preview-cell" in classes(r)]
    assert [r.get("data-preview-cell") for r in cells] == ["a0", "h2", "i2", "h3"]
    marks = [e for e in overlay if "preview-mark" in classes(e)]
    assert len(marks) == 4
    assert {e.tag for e in marks} == {f"{NS}circle" if legal else f"{NS}path"}
    assert len({r.get("fill") for r in cells}) == 1
    assert not any("preview" in classes(g) for g in parse(render_sheet_svg(RICH)).iter())


def test_legal_and_illegal_previews_differ_in_colour_too() -> None:
    def fill(legal: bool) -> str | None:
        svg = render_sheet_svg(RICH, preview=["h2"], preview_legal=legal)
        return next(r for r in parse(svg).iter(f"{NS}rect") if "preview-cell" in classes(r)).get(
            "fill"
        )

    assert fill(True) != fill(False)


def test_compact_mode_drops_labels_and_click_targets_but_keeps_the_state() -> None:
    full = render_sheet_svg(RICH, seat=1)
    small = render_sheet_svg(RICH, seat=1, compact=True, last_move=("T20",))
    root = parse(small)
    assert "compact" in classes(root)
    groups = spots(small)
    assert tuple(groups) == SPOT_NAMES
    for name, group in spots(full).items():
        other = classes(groups[name]) - {"last-move"}
        assert other == classes(group)
        assert groups[name].get("data-value") == group.get("data-value")
    assert not [e for e in root.iter() if "hit" in classes(e)]
    assert not [e for e in root.iter() if "coords" in classes(e)]
    assert all(not texts(groups[f"AP{n}"], "number") for n in range(1, 22))
    assert "last-move" in classes(groups["T20"])
    assert len(small) < len(full)

    def font(svg: str, cls: str) -> float:
        return float(
            next(t for t in parse(svg).iter(f"{NS}text") if cls in classes(t)).get(
                "font-size", "nan"
            )
        )

    for cls in ("name", "tally-number", "value"):
        assert font(small, cls) > font(full, cls)


def test_full_mode_has_coordinates_and_a_hit_target_ending_every_spot() -> None:
    root = parse(render_sheet_svg(RICH))
    coords = next(g for g in root.iter(f"{NS}g") if "coords" in classes(g))
    labels = [t.text for t in coords.iter(f"{NS}text")]
    assert labels == list("abcdefghijk") + [str(r) for r in range(11)]
    for name, group in spots(render_sheet_svg(RICH)).items():
        hit = list(group)[-1]
        assert "hit" in classes(hit) and hit.get("pointer-events") == "all"
        assert hit.get("fill") == "none"
        assert hit.tag == (f"{NS}circle" if name.startswith("AP") else f"{NS}rect")


@pytest.mark.parametrize("seat", [0, 1, 5, 6, 13, 19])
def test_a_seat_tints_frame_and_name_and_prints_its_number(seat: int) -> None:
    root = parse(render_sheet_svg(RICH, seat=seat))
    colour = SEAT_COLOURS[seat % 6]
    frame = next(r for r in root.iter(f"{NS}rect") if "frame" in classes(r))
    assert frame.get("stroke") == colour
    field = next(g for g in root.iter(f"{NS}g") if "name-field" in classes(g))
    assert next(r for r in field.iter(f"{NS}rect")).get("stroke") == colour
    assert texts(field, "seat-number") == [str(seat + 1)]
    assert root.get("data-seat") == str(seat)


def test_seat_colours_are_six_distinct_okabe_ito_colours() -> None:
    okabe_ito = {"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}
    assert len(set(SEAT_COLOURS)) == 6 and set(SEAT_COLOURS) <= okabe_ito


def test_without_a_seat_there_is_no_seat_token() -> None:
    root = parse(render_sheet_svg(RICH))
    assert root.get("data-seat") is None
    assert not [g for g in root.iter(f"{NS}g") if "seat-token" in classes(g)]


# --- safety --------------------------------------------------------------------------------


def test_the_players_name_is_escaped() -> None:
    name = 'Eve <script>alert("x")</script> & co'
    svg = render_sheet_svg(sheet(name=name))
    assert "<script" not in svg.lower()
    assert "&lt;script&gt;" in svg
    root = parse(svg)
    assert title(root) == f"Fight the Virus sheet of {name}"
    drawn = next(t for t in root.iter(f"{NS}text") if "name" in classes(t)).text
    assert drawn is not None and drawn.startswith("Eve <script>")
    assert not [e for e in root.iter() if e.tag.endswith("script")]


def test_a_long_name_is_shortened_on_the_sheet_but_not_in_the_title() -> None:
    name = "Maximiliane " * 5
    root = parse(render_sheet_svg(sheet(name=name)))
    drawn = next(t for t in root.iter(f"{NS}text") if "name" in classes(t)).text or ""
    assert drawn.endswith("\u2026") and len(drawn) < 30
    assert title(root) == f"Fight the Virus sheet of {name}"


def test_no_inline_styles_scripts_or_external_references() -> None:
    for compact in (False, True):
        svg = render_sheet_svg(
            RICH,
            compact=compact,
            highlighted=["e5"],
            selected="R8",
            preview=["h2"],
            preview_legal=False,
            seat=3,
        )
        for element in parse(svg).iter():
            assert element.tag not in (f"{NS}script", f"{NS}style", f"{NS}foreignObject")
            for name in element.attrib:
                assert name != "style" and not name.lower().startswith("on")
                assert "href" not in name
        assert "javascript:" not in svg and "url(" not in svg


def test_text_on_the_sheet_is_language_neutral() -> None:
    allowed = re.compile(r"\d+(/\d+)?|[a-k]|[SNOX]\Z")
    root = parse(render_sheet_svg(RICH, seat=2))
    for element in root.iter(f"{NS}text"):
        if "name" in classes(element):
            continue
        assert allowed.fullmatch(element.text or ""), element.text
    for element in root.iter():
        assert "aria-label" not in element.attrib


def test_output_is_deterministic_rounded_and_independent_of_the_cache() -> None:
    options: dict[str, Any] = {"highlighted": ["R8", "e5"], "last_move": ("T20",), "seat": 2}
    first = render_sheet_svg(RICH, **options)
    for function in vars(render_module).values():
        if hasattr(function, "cache_clear"):
            function.cache_clear()
    copy = sheet(**{**vars(RICH), "analysed": set(RICH.analysed), "ap": list(RICH.ap)})
    assert render_sheet_svg(copy, **options) == first
    assert render_sheet_svg(RICH, **options) == first
    assert not re.search(r"\d\.\d{3,}", first)


def test_ids_are_prefixed_and_unique() -> None:
    svg = render_sheet_svg(RICH, id_prefix="seat-2")
    ids = re.findall(r' id="([^"]+)"', svg)
    assert ids == ["seat-2-title"]
    assert 'aria-labelledby="seat-2-title"' in svg


def test_a_full_sheet_stays_small_and_fast() -> None:
    full = sheet(
        analysed=frozenset(SHEET["analysis"]["cells"]),
        ap=("spent",) * 21,
        research=12,
        testing=dict.fromkeys(render_module.TESTING_CELLS, 9),
        curve={name: 1 + i % 6 for i, name in enumerate(render_module.CURVE_CELLS)},
        circled={"C21": 2, "C32": 5},
        earned=BONUS_KEYS,
    )
    start = time.perf_counter()
    svg = render_sheet_svg(full, highlighted=SPOT_NAMES, last_move=SPOT_NAMES)
    assert time.perf_counter() - start < 1.0  # a few ms in practice; generous for slow CI
    assert len(svg) < 150_000
    assert len(spots(svg)) == len(SPOT_NAMES)


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"highlighted": ["z9"]}, "z9"),
        ({"highlighted": ["a0"]}, "a0"),  # in the box, not on the disc
        ({"highlighted": ["R13"]}, "R13"),
        ({"highlighted": ["T05"]}, "T05"),
        ({"highlighted": ["C34"]}, "C34"),
        ({"highlighted": ["AP22"]}, "AP22"),
        ({"selected": ""}, "''"),
        ({"last_move": ("e11",)}, "e11"),
        ({"preview": ["l5"]}, "l5"),
        ({"preview": ["a11"]}, "a11"),
        ({"id_prefix": "1x"}, "1x"),
        ({"id_prefix": "a b"}, "a b"),
        ({"seat": -1}, "-1"),
        ({"seat": "1"}, "'1'"),
        ({"size": 0}, "0"),
    ],
)
def test_bad_view_options_raise_value_error_naming_the_value(
    options: dict[str, Any], named: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(named)):
        render_sheet_svg(RICH, **options)


@pytest.mark.parametrize(
    "changes",
    [
        {"analysed": frozenset({"a0"})},
        {"ap": ("blank",) * 20},
        {"ap": ("blank",) * 20 + ("used",)},
        {"research": 13},
        {"research": True},
        {"testing": {"T05": 3}},
        {"testing": {"T00": 0}},
        {"curve": {"C00": 7}},
        {"curve": {"C70": 1}},
        {"circled": {"C00": 0}},
        {"earned": frozenset({"R4"})},
        {"earned": frozenset({"X:T11"})},
    ],
)
def test_sheet_data_that_does_not_fit_the_sheet_raises_value_error(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        render_sheet_svg(sheet(**changes))


def test_a_name_that_is_not_text_raises_type_error() -> None:
    with pytest.raises(TypeError):
        render_sheet_svg(sheet(name=None))


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
