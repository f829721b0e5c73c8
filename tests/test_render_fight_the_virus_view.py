"""Fight the Virus player sheets as SVG (pyengine.games.fight_the_virus.render): the view options
(highlights, selection, last move, targets, shape previews, compact and full modes, seat
colours), safety (escaping, no inline styles or scripts, language-neutral text, deterministic
and compact output, unique ids) and the errors bad options and bad sheet data raise."""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from fight_the_virus_render_support import (
    NS,
    RICH,
    classes,
    parse,
    sheet,
    spots,
    texts,
    title,
)
from pyengine.games.fight_the_virus import render as render_module
from pyengine.games.fight_the_virus.render import (
    BONUS_KEYS,
    SEAT_COLOURS,
    SHEET,
    SPOT_NAMES,
    render_sheet_svg,
)

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
