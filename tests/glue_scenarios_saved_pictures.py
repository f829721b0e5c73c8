"""Scenarios for the check of saved board pictures (glue.pictures): pictures of the kind the
engine draws pass, anything that could run a script, load something or break out of the
picture is refused whole. Run under CPython and MicroPython by tests/test_glue.py; the real
pictures of every game are checked by tests/test_pictures.py."""

from glue.pictures import checked_svg

# The shape of the engine's pictures (pyengine/svg/drawing.py svg_document), abridged.
ENGINE_LIKE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 468 468" class="board zebra"'
    ' data-size="4" data-to-move="black" data-flipped="false"'
    ' font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" text-anchor="middle"'
    ' role="img" aria-labelledby="zb-title"><title id="zb-title">Zebra board &amp; its'
    ' &lt;towers&gt;</title><g class="cells"><rect class="cell light" x="24" y="24" width="105"'
    ' height="105" fill="#f4efe2" data-cell="a4" pointer-events="all"/><g class="tower"'
    ' transform="translate(76.5 76.5) scale(0.8)" data-cell="b4"><circle cx="0" cy="0" r="30"'
    ' fill="url(#shade)" stroke="#222" stroke-width="2"/><path d="M0,0 L10,10 Z"'
    ' stroke-linecap="round"/><polygon points="1,2 3,4 5,6" opacity="0.5"/><ellipse cx="1"'
    ' cy="2" rx="3" ry="4" fill-opacity="0.3"/></g><text x="10" y="20" font-size="12"'
    ' font-weight="700" dominant-baseline="central" paint-order="stroke">a&#10;1 &quot;x&quot;'
    "</text></g></svg>\n"
)


def scenario_engine_like_pictures_pass():
    assert checked_svg(ENGINE_LIKE) == ENGINE_LIKE
    small = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><g/></svg>'
    assert checked_svg(small) == small
    assert checked_svg('<svg viewBox="0 0 1 1"/>') == '<svg viewBox="0 0 1 1"/>'


def hostile_pictures():
    """Pictures a tampered storage could hold: each must be refused whole."""
    start = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
    end = "</svg>"
    inner = [
        "<script>alert(1)</script>",
        '<rect onload="alert(1)"/>',
        '<rect onclick="alert(1)"/>',
        '<rect ONCLICK="alert(1)"/>',
        '<rect x="1" onmouseover="alert(1)" y="1"/>',
        '<a href="javascript:alert(1)"><rect/></a>',
        '<use href="javascript:alert(1)"/>',
        '<rect xlink:href="#x"/>',
        '<image href="x" onerror="alert(1)"/>',
        '<foreignObject><img src="x" onerror="alert(1)"></foreignObject>',
        '<foreignobject><div onclick="alert(1)">x</div></foreignobject>',
        "<style>rect { fill: url(https://evil.example/x) }</style>",
        '<rect style="fill:red"/>',
        '<rect fill="url(https://evil.example/track)"/>',
        '<rect fill="url(javascript:alert(1))"/>',
        '<rect fill="javas&#99;ript:alert(1)"/>',
        '<rect class="a&colon;b"/>',
        '<rect fill="java\nscript:alert(1)"/>',
        '<rect data-x="&lt;img src=x onerror=alert(1)&gt;" data-y="DATA:text/html,x"/>',
        "<title><img src=x onerror=alert(1)></title>",
        "<title>&lt;b&gt; &nbsp;</title>",
        "<text>a</text><!-- a comment --><g/>",
        "<![CDATA[<script>alert(1)</script>]]>",
        '<animate attributeName="href" to="javascript:alert(1)"/>',
        '<set attributeName="onmouseover" to="alert(1)"/>',
        '<iframe src="javascript:alert(1)"></iframe>',
        '<g id="virusGamesTestHooks"/>',
        '<g id="location"/>',
        '<g name="x"/>',
        "<rect x='1' onload='alert(1)'/>",
        "<rect x=1 onload=alert(1)/>",
        '<rect x="1"onload="alert(1)"/>',
        '<rect x="1" x="2"/>',
        '<rect/ onload="alert(1)">',
        "<g>",
        "</g>",
        "<g></rect>",
        "words outside a text element",
        '<rect x="1"/>>',
        '<svg viewBox="0 0 1 1"/>',
        '<rect x="1" \x00onload="alert(1)"/>',
        '<rect x="1" \x0conload="alert(1)"/>',
    ]
    pictures: list[object] = [start + part + end for part in inner]
    pictures += [
        "",
        "<svg",
        "<div><svg/></div>",
        '<SVG viewBox="0 0 1 1"></SVG>',
        start,
        start + end + "<img src=x onerror=alert(1)>",
        start + end + start + end,
        '<svg xmlns="http://evil.example/ns" viewBox="0 0 1 1"></svg>',
        '<svg viewBox="0 0 1 1" onload="alert(1)"></svg>',
        "<svg " + "<g>" * 100 + "</g>" * 100 + "</svg>",
        start + "<g>" * 100 + "</g>" * 100 + end,
        None,
        7,
        ["<svg/>"],
        start + "<g>" + "x" * 1_000_001 + "</g>" + end,
    ]
    return pictures


def scenario_hostile_pictures_are_refused_whole():
    for picture in hostile_pictures():
        assert checked_svg(picture) is None, picture
