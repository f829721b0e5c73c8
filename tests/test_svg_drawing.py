"""The shared SVG builder and grid geometry (pyengine.svg.drawing)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pyengine.svg import (
    FILES_WITHOUT_J,
    LATIN_FILES,
    SVG_NAMESPACE,
    CellNameError,
    GridGeometry,
    Markup,
    UnsafeSvgError,
    cell_name,
    class_list,
    coordinate_labels,
    element,
    fmt,
    parse_cell_name,
    point,
    svg_document,
)

SVG = f"{{{SVG_NAMESPACE}}}"


# --- numbers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"),
        (12, "12"),
        (-7, "-7"),
        (100.0, "100"),
        (12.5, "12.5"),
        (0.1 + 0.2, "0.3"),
        (1 / 3, "0.33"),
        (2 / 3, "0.67"),
        (99.999, "100"),
        (-0.0, "0"),
        (-0.001, "0"),
        (1e-12, "0"),
        (-12.25, "-12.25"),
    ],
)
def test_fmt_writes_short_numbers_without_float_noise(value: float, text: str) -> None:
    assert fmt(value) == text


def test_fmt_digits_zero_keeps_integral_zeros() -> None:
    assert fmt(100.4, digits=0) == "100"
    assert fmt(250.0, digits=1) == "250"


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_fmt_refuses_non_finite_numbers(value: float) -> None:
    with pytest.raises(ValueError):
        fmt(value)


def test_fmt_refuses_booleans() -> None:
    with pytest.raises(TypeError):
        fmt(True)


def test_point_joins_formatted_coordinates() -> None:
    assert point(1.0, 2.25) == "1,2.25"
    assert point(-0.0001, 3) == "0,3"


# --- elements ------------------------------------------------------------------------------


def test_element_without_children_is_self_closing_and_keeps_attribute_order() -> None:
    assert element("rect", {"x": 1, "y": 2.5}, width=10.0) == '<rect x="1" y="2.5" width="10"/>'


def test_keyword_attribute_names_map_underscores_to_hyphens() -> None:
    text = element("g", class_="cell", data_cell="a1", stroke_width=1.5, pointer_events="none")
    assert text == '<g class="cell" data-cell="a1" stroke-width="1.5" pointer-events="none"/>'


def test_mapping_attribute_names_are_used_as_given() -> None:
    assert element("svg", {"viewBox": "0 0 1 1"}) == '<svg viewBox="0 0 1 1"/>'


def test_none_attributes_and_children_are_left_out() -> None:
    assert element("g", {"fill": None}, None, stroke=None) == "<g/>"


def test_boolean_attribute_values_are_words() -> None:
    assert element("g", {"data-flipped": True, "data-x": False}) == (
        '<g data-flipped="true" data-x="false"/>'
    )


def test_attribute_values_are_escaped() -> None:
    text = element("g", {"data-name": "a \"quoted\" <tag> & 'apostrophe'\nnewline"})
    parsed = ET.fromstring(text)
    assert parsed.get("data-name") == "a \"quoted\" <tag> & 'apostrophe'\nnewline"


def test_text_children_are_escaped_and_markup_children_are_not() -> None:
    inner = element("tspan", {}, "x")
    text = element("text", {}, "1 < 2 & <b>", inner)
    assert text == "<text>1 &lt; 2 &amp; &lt;b&gt;<tspan>x</tspan></text>"
    assert isinstance(text, Markup)


def test_plain_strings_that_look_like_markup_are_escaped() -> None:
    assert element("g", {}, "<script>alert(1)</script>") == (
        "<g>&lt;script&gt;alert(1)&lt;/script&gt;</g>"
    )


def test_nested_iterables_of_children_are_flattened() -> None:
    children = [element("a-b", {}), (element("c", {}) for _ in range(2)), [None, "t"]]
    assert element("g", {}, children) == "<g><a-b/><c/><c/>t</g>"


@pytest.mark.parametrize(
    "tag", ["script", "style", "STYLE", "foreignObject", "iframe", "bad tag", "1x"]
)
def test_forbidden_or_invalid_elements_are_refused(tag: str) -> None:
    with pytest.raises(UnsafeSvgError):
        element(tag, {})


@pytest.mark.parametrize("name", ["style", "Style", "onclick", "onload", "x y", 'a"b', ""])
def test_forbidden_or_invalid_attributes_are_refused(name: str) -> None:
    with pytest.raises(UnsafeSvgError):
        element("g", {name: "1"})


def test_style_keyword_is_refused() -> None:
    with pytest.raises(UnsafeSvgError):
        element("g", style="fill: red")


def test_an_attribute_given_twice_is_refused() -> None:
    with pytest.raises(UnsafeSvgError):
        element("g", {"class": "a"}, class_="b")


def test_unsupported_values_and_children_are_type_errors() -> None:
    with pytest.raises(TypeError):
        element("g", {"x": object()})
    with pytest.raises(TypeError):
        element("g", {}, 3)


def test_class_list_drops_empty_tokens_and_repeats() -> None:
    assert class_list("cell", None, "", "tower white", "cell", "last-move") == (
        "cell tower white last-move"
    )


# --- documents -----------------------------------------------------------------------------


def test_svg_document_is_standalone_with_title_and_role() -> None:
    text = svg_document(
        200,
        100.5,
        element("rect", {"width": 10, "height": 10}),
        title="A <board> & co",
        title_id="t1-title",
        attributes={"class": "board test", "data-size": 3},
    )
    assert text.startswith(f'<svg xmlns="{SVG_NAMESPACE}" viewBox="0 0 200 100.5"')
    assert text.endswith("</svg>\n")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "t1-title"
    assert root.get("class") == "board test"
    assert root.get("width") is None and root.get("height") is None
    title = root[0]
    assert title.tag == f"{SVG}title"
    assert title.text == "A <board> & co"
    assert title.get("id") == "t1-title"


def test_svg_document_pixel_size_sets_width_and_height() -> None:
    root = ET.fromstring(svg_document(10, 10, title="t", title_id="t", pixel_size=(320, 320)))
    assert (root.get("width"), root.get("height")) == ("320", "320")


# --- cell names ----------------------------------------------------------------------------


def test_cell_names_round_trip_on_latin_and_no_j_files() -> None:
    for letters, size in ((LATIN_FILES, 10), (FILES_WITHOUT_J, 14)):
        for file in range(size):
            for rank in range(size):
                name = cell_name(file, rank, letters)
                assert parse_cell_name(name, files=size, ranks=size, letters=letters) == (
                    file,
                    rank,
                )
                assert parse_cell_name(name.upper(), files=size, ranks=size, letters=letters) == (
                    file,
                    rank,
                )


def test_no_j_files_name_the_tenth_file_k_and_accept_an_alias() -> None:
    assert FILES_WITHOUT_J[:14] == "abcdefghiklmno"
    assert cell_name(9, 13, FILES_WITHOUT_J) == "k14"
    with pytest.raises(CellNameError):
        parse_cell_name("j1", files=14, ranks=14, letters=FILES_WITHOUT_J)
    assert parse_cell_name(
        "J1", files=14, ranks=14, letters=FILES_WITHOUT_J, aliases={"j": "k"}
    ) == (
        9,
        0,
    )


@pytest.mark.parametrize(
    "text", ["", "a", "1a", "e1", "a5", "a0", "a01", "a-1", "a1x", "\u00e41", "a\uff11"]
)
def test_bad_cell_names_raise_cell_name_error(text: str) -> None:
    with pytest.raises(CellNameError) as caught:
        parse_cell_name(text, files=4, ranks=4)
    assert isinstance(caught.value, ValueError)


# --- grid geometry -------------------------------------------------------------------------


def test_grid_puts_rank_one_at_the_bottom_and_file_a_on_the_left() -> None:
    grid = GridGeometry(files=3, ranks=2, cell=10, margin=5)
    assert (grid.width, grid.height, grid.view_box) == (40, 30, "0 0 40 30")
    assert grid.cell_origin(0, 0) == (5, 15)
    assert grid.cell_origin(2, 1) == (25, 5)
    assert grid.cell_center(0, 0) == (10, 20)


def test_flipped_grid_turns_the_board_half_a_turn() -> None:
    grid = GridGeometry(files=4, ranks=4, cell=10, margin=2, flipped=True)
    assert grid.cell_origin(0, 0) == (32, 2)  # a1 top right
    assert grid.cell_origin(3, 3) == (2, 32)  # d4 bottom left


def test_rank_down_grid_puts_rank_zero_at_the_top() -> None:
    grid = GridGeometry(files=11, ranks=11, cell=10, rank_up=False)
    assert grid.cell_origin(0, 0) == (0, 0)
    assert grid.cell_origin(5, 10) == (50, 100)
    flipped = GridGeometry(files=11, ranks=11, cell=10, rank_up=False, flipped=True)
    assert flipped.cell_origin(0, 0) == (100, 100)


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("rank_up", [False, True])
def test_cell_at_inverts_cell_origin(flipped: bool, rank_up: bool) -> None:
    grid = GridGeometry(files=5, ranks=3, cell=20, margin=7, flipped=flipped, rank_up=rank_up)
    for file in range(5):
        for rank in range(3):
            x, y = grid.cell_origin(file, rank)
            assert grid.cell_at(x, y) == (file, rank)
            assert grid.cell_at(x + 19.99, y + 19.99) == (file, rank)
    assert grid.cell_at(6.9, 10) is None
    assert grid.cell_at(10, grid.height - 1) is None
    assert grid.cell_at(grid.width, 10) is None


@pytest.mark.parametrize("flipped", [False, True])
def test_visual_order_reads_rows_top_down_left_to_right(flipped: bool) -> None:
    grid = GridGeometry(files=3, ranks=3, cell=10, flipped=flipped)
    order = list(grid.cells_in_visual_order())
    assert len(order) == 9 and len(set(order)) == 9
    origins = [grid.cell_origin(*cell) for cell in order]
    assert origins == sorted(origins, key=lambda xy: (xy[1], xy[0]))
    assert order[0] == ((2, 0) if flipped else (0, 2))


def test_invalid_grids_are_refused() -> None:
    with pytest.raises(ValueError):
        GridGeometry(files=0, ranks=3)
    with pytest.raises(ValueError):
        GridGeometry(files=3, ranks=3, cell=0)


def test_coordinate_labels_follow_the_orientation() -> None:
    for flipped in (False, True):
        grid = GridGeometry(files=14, ranks=14, cell=10, margin=8, flipped=flipped)
        group = ET.fromstring(
            coordinate_labels(
                grid,
                FILES_WITHOUT_J[:14],
                [str(rank + 1) for rank in range(14)],
                font_size=6,
                fill="#000",
            ).replace("<g ", f'<g xmlns="{SVG_NAMESPACE}" ', 1)
        )
        assert group.get("pointer-events") == "none"
        files = [text for text in group if text.get("class") == "coord file"]
        ranks = [text for text in group if text.get("class") == "coord rank"]
        assert [text.text for text in files] == list("abcdefghiklmno")
        assert [text.text for text in ranks] == [str(rank) for rank in range(1, 15)]
        xs = [float(text.get("x", "")) for text in files]
        ys = [float(text.get("y", "")) for text in ranks]
        # File a is leftmost and rank 1 lowest, unless flipped.
        assert xs == sorted(xs, reverse=flipped)
        assert ys == sorted(ys, reverse=not flipped)
        assert all(
            grid.height - grid.margin < float(text.get("y", "")) < grid.height for text in files
        )
        assert all(0 < float(text.get("x", "")) < grid.margin for text in ranks)
