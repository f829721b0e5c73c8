"""The site's build and server helpers (web/build.py, web/tools/serve.py), without a browser."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web"))
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

import build  # noqa: E402
import serve  # noqa: E402

SAMPLE_PATHS = ["/", "/index.html", "/zebra.html", "/docs/engine.html", "/app/engine.js",
                "/static/css/site.css", "/pyodide/314.0.7/pyodide.asm.wasm",
                "/pyscript/0.7.31/core.js", "/wheels/abc/pyengine-0.1.0-py3-none-any.whl"]


def test_every_response_gets_the_csp_and_no_rule_pair_sets_one_header_twice() -> None:
    rules = serve.netlify_header_rules()
    for path in SAMPLE_PATHS:
        headers = serve.headers_for(path, rules)
        assert "default-src 'self'" in headers["Content-Security-Policy"], path
        assert headers["X-Content-Type-Options"] == "nosniff"
        names = [name for pattern, values in rules if pattern.match(path) for name in values]
        assert len(names) == len(set(names)), f"{path}: a header is set by two rules: {names}"


def test_caching_policy() -> None:
    rules = serve.netlify_header_rules()
    assert serve.headers_for("/zebra.html", rules)["Cache-Control"] == "no-cache"
    assert serve.headers_for("/", rules)["Cache-Control"] == "no-cache"
    assert serve.headers_for("/app/engine.js", rules)["Cache-Control"] == "no-cache"
    for path in SAMPLE_PATHS[6:]:
        assert "immutable" in serve.headers_for(path, rules)["Cache-Control"], path
    assert serve.headers_for("/pyodide/314.0.7/pyodide.asm.wasm", rules)["Content-Type"] == "application/wasm"


def test_csp_allows_only_what_pyscript_needs() -> None:
    csp = serve.headers_for("/", serve.netlify_header_rules())["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval' 'unsafe-eval'"
    assert directives["worker-src"] == "'self' blob:"
    assert directives["style-src"] == "'self'"
    # nothing loads from anywhere else; only framing is open to any site (blog embeds)
    assert directives.pop("frame-ancestors") == "*"
    assert all("http" not in value and "*" not in value for value in directives.values())
    assert "X-Frame-Options" not in serve.headers_for("/embed.html", serve.netlify_header_rules())


def test_lock_reconciliation_points_at_the_served_files(tmp_path: Path) -> None:
    wheel = tmp_path / "micropip-0.11.1-py3-none-any.whl"
    wheel.write_bytes(b"not really a wheel")
    lock = tmp_path / "pyodide-lock.json"
    lock.write_text(json.dumps({"packages": {"micropip": {"file_name": "old.whl", "sha256": "0" * 64},
                                             "numpy": {"file_name": "numpy.whl", "sha256": "1" * 64}}}))
    build.reconcile_lock(lock, [wheel])
    packages = json.loads(lock.read_text())["packages"]
    assert packages["micropip"]["file_name"] == wheel.name
    assert packages["micropip"]["sha256"] == hashlib.sha256(b"not really a wheel").hexdigest()
    assert packages["numpy"]["sha256"] == "1" * 64  # everything else untouched


def test_page_renderer_fills_translations(tmp_path: Path) -> None:
    renderer = build.PageRenderer({"a.title": "Hello & welcome", "a.label": "Board \"one\""}, tmp_path)
    page = renderer.render('<h1 data-i18n="a.title"></h1><div data-i18n-aria-label="a.label"></div>')
    assert page == ('<h1 data-i18n="a.title">Hello &amp; welcome</h1>'
                    '<div aria-label="Board &quot;one&quot;" data-i18n-aria-label="a.label"></div>')
    with pytest.raises(SystemExit, match="a.missing"):
        renderer.render('<p data-i18n="a.missing"></p>')


def test_page_renderer_prerenders_board_and_options(tmp_path: Path) -> None:
    strings = json.loads((REPOSITORY / "web" / "static" / "i18n" / "en.json").read_text())
    renderer = build.PageRenderer(strings, tmp_path)
    page = renderer.render("<div><!-- board:zebra --></div><form><!-- options:zebra --></form>")
    assert page.count('data-cell="') == 16
    assert '<select id="option-size" name="size" data-kind="int">' in page
    assert '<option value="4" selected>4</option>' in page
    assert '>Hole in the centre</option>' in page
    constraints = page.split('<script type="application/json" id="option-constraints">')[1].split("</script>")[0]
    assert json.loads(constraints)[0]["allowed"] == [3, 5, 7, 9]
