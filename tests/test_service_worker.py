"""The offline service worker's generation and the installable app's manifest and icons
(web/tools/service_worker.py, web/tools/pwa.py), without a browser."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

import pwa  # noqa: E402
import serve  # noqa: E402
import service_worker  # noqa: E402


def small_site(root: Path) -> Path:
    files = {
        "index.html": "<!doctype html>home",
        "zebra.html": "<!doctype html>zebra",
        "app/engine.js": "export {}",
        "pyodide/314.0.7/pyodide.asm.wasm": "\0asm",
        "pyscript/0.7.31/core-C9KDLldu.js": "chunk",
        "static/i18n/en.json": "{}",
        "docs/a page.html": "spaces",
        "sw.js": "an old worker",
        ".hidden/file": "never served",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_the_precache_list_is_every_site_file_found_by_globbing(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    urls = service_worker.precache_urls(site)
    assert urls == [
        "./",
        "app/engine.js",
        "docs/a%20page.html",
        "index.html",
        "pyodide/314.0.7/pyodide.asm.wasm",
        "pyscript/0.7.31/core-C9KDLldu.js",
        "static/i18n/en.json",
        "zebra.html",
    ]
    # a file the build adds later is listed without anybody naming it
    (site / "pyscript/0.7.31/new-chunk.js").write_text("x")
    assert "pyscript/0.7.31/new-chunk.js" in service_worker.precache_urls(site)


def test_puzzles_are_kept_on_demand_and_their_index_precached(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    for name in ("app/puzzles/index.json", "app/puzzles/zebra/zebra-001.json"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text("{}")
    urls = service_worker.precache_urls(site)
    assert "app/puzzles/index.json" in urls and "app/puzzles/zebra/zebra-001.json" not in urls
    assert service_worker.on_demand_urls(site) == ["app/puzzles/zebra/zebra-001.json"]
    source, version, _ = service_worker.render(site)
    assert '["app/puzzles/zebra/zebra-001.json"]' in source
    # a puzzle's change is a new version all the same
    (site / "app/puzzles/zebra/zebra-001.json").write_text("[]")
    assert service_worker.render(site)[1] != version


def test_the_version_is_a_hash_of_every_file_and_of_the_template(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    template = "const VERSION = '__VERSION__';"
    first = service_worker.content_version(site, template)
    assert re.fullmatch(r"[0-9a-f]{16}", first)
    assert service_worker.content_version(site, template) == first  # deterministic
    (site / "sw.js").write_text("the worker itself does not count")
    assert service_worker.content_version(site, template) == first
    (site / "static/i18n/en.json").write_text('{"a": "b"}')  # one byte of content changed
    changed = service_worker.content_version(site, template)
    assert changed != first
    (site / "static/i18n/en.json").rename(site / "static/i18n/es.json")  # same bytes, other path
    assert service_worker.content_version(site, template) not in (first, changed)
    assert service_worker.content_version(
        site, template + "// new code"
    ) != service_worker.content_version(site, template)


def test_the_generated_worker_holds_the_version_and_the_list(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    version, count = service_worker.write_service_worker(site)
    source = (site / "sw.js").read_text()
    assert f'const VERSION = "{version}";' in source
    assert 'const CACHE_PREFIX = "virus-games-";' in source
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", source, re.DOTALL).group(1))
    assert listed == service_worker.precache_urls(site) and count == len(listed)
    assert "__" not in source.replace("__proto__", "")  # every placeholder filled
    assert "skipWaiting" in source and "clients.claim" in source


def test_the_worker_is_revalidated_and_the_manifest_has_its_type() -> None:
    rules = serve.netlify_header_rules()
    assert serve.headers_for("/sw.js", rules)["Cache-Control"] == "no-cache"
    headers = serve.headers_for("/manifest.webmanifest", rules)
    assert headers["Content-Type"] == "application/manifest+json"
    assert headers["Cache-Control"] == "no-cache"
    assert serve.EXTRA_TYPES[".webmanifest"] == "application/manifest+json"


def test_the_icon_svg_is_parsed_into_shapes() -> None:
    box, shapes = pwa.parse_svg(pwa.SVG_PATH.read_text())
    assert box == 64
    assert [shape.kind for shape in shapes[:2]] == ["rect", "circle"]
    assert sum(shape.kind == "segment" for shape in shapes) == 8
    assert pwa.path_segments("M32 8v8M8 32h8M15 49l6-6") == [
        (32, 8, 32, 16),
        (8, 32, 16, 32),
        (15, 49, 21, 43),
    ]
    with pytest.raises(ValueError, match="unsupported"):
        pwa.parse_svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><ellipse/></svg>')
    with pytest.raises(ValueError, match="only M, L, H, V"):
        pwa.path_segments("M0 0C1 1 2 2 3 3")


def test_icons_are_pngs_of_the_declared_sizes() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" rx="2" fill="#2f6b4f"/><circle cx="4" cy="4" r="2" fill="#ffffff"/></svg>'
    rows = pwa.rasterize(svg, 16, "any")
    assert len(rows) == 16 and all(len(row) == 64 for row in rows)
    corner, centre, edge = rows[0][0:4], rows[8][32:36], rows[8][0:4]
    assert corner[3] == 0  # the rounded corner is transparent
    assert tuple(centre) == (255, 255, 255, 255)
    assert tuple(edge) == (0x2F, 0x6B, 0x4F, 255)
    full = pwa.rasterize(svg, 16, "maskable")
    assert full[0][3] == 255  # full-bleed: no transparent corner
    data = pwa.png(rows)
    assert pwa.png_size(data) == (16, 16)


def test_manifest_is_complete_and_its_colours_come_from_the_stylesheet() -> None:
    strings = json.loads((REPOSITORY / "web" / "static" / "i18n" / "en.json").read_text())
    document = pwa.manifest(strings)
    assert document["name"] == strings["site.title"] and document["short_name"]
    assert document["display"] == "standalone"
    assert document["start_url"] == "./" and document["scope"] == "./"
    css = pwa.CSS_PATH.read_text()
    assert document["background_color"] == pwa.css_colour("paper", css)
    assert document["theme_color"] == pwa.css_colour("accent", css)
    sizes = {(icon["sizes"], icon["purpose"]) for icon in document["icons"]}
    assert {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    } <= sizes
    # every page's <meta name="theme-color"> says the same colour
    for page in [
        REPOSITORY / "web" / "index.html",
        REPOSITORY / "web" / "templates" / "game.html",
        REPOSITORY / "web" / "docs" / "engine.html",
    ]:
        text = page.read_text()
        assert f'<meta name="theme-color" content="{document["theme_color"]}">' in text, page
        # the glue registers the service worker on every page (glue/pwa.py)
        assert (
            'rel="manifest"' in text and 'rel="apple-touch-icon"' in text and "<!-- glue:" in text
        ), page
