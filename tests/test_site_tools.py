"""The site's build and server helpers (web/build.py, web/tools/serve.py), without a browser."""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web"))
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

import build  # noqa: E402
import glue_bundle  # noqa: E402
import serve  # noqa: E402

SAMPLE_PATHS = [
    "/",
    "/index.html",
    "/zebra.html",
    "/docs/engine.html",
    "/app/engine.js",
    "/static/css/site.css",
    "/pyodide/314.0.7/pyodide.asm.wasm",
    "/pyscript/0.7.31/core.js",
    "/wheels/abc/pyengine-0.1.0-py3-none-any.whl",
    "/engine/abc/stdlib.zip",
]


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
    assert (
        serve.headers_for("/pyodide/314.0.7/pyodide.asm.wasm", rules)["Content-Type"]
        == "application/wasm"
    )


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
    lock.write_text(
        json.dumps(
            {
                "packages": {
                    "micropip": {"file_name": "old.whl", "sha256": "0" * 64},
                    "numpy": {"file_name": "numpy.whl", "sha256": "1" * 64},
                }
            }
        )
    )
    build.reconcile_lock(lock, [wheel])
    packages = json.loads(lock.read_text())["packages"]
    assert packages["micropip"]["file_name"] == wheel.name
    assert packages["micropip"]["sha256"] == hashlib.sha256(b"not really a wheel").hexdigest()
    assert packages["numpy"]["sha256"] == "1" * 64  # everything else untouched


def test_page_renderer_fills_translations(tmp_path: Path) -> None:
    renderer = build.PageRenderer(
        {"a.title": "Hello & welcome", "a.label": 'Board "one"'}, tmp_path
    )
    page = renderer.render(
        '<h1 data-i18n="a.title"></h1><div data-i18n-aria-label="a.label"></div>'
    )
    assert page == (
        '<h1 data-i18n="a.title">Hello &amp; welcome</h1>'
        '<div aria-label="Board &quot;one&quot;" data-i18n-aria-label="a.label"></div>'
    )
    with pytest.raises(SystemExit, match=r"a\.missing"):
        renderer.render('<p data-i18n="a.missing"></p>')


def test_page_renderer_prerenders_board_and_options(tmp_path: Path) -> None:
    strings = json.loads((REPOSITORY / "web" / "static" / "i18n" / "en.json").read_text())
    renderer = build.PageRenderer(strings, tmp_path)
    page = renderer.render("<div><!-- board:zebra --></div><form><!-- options:zebra --></form>")
    assert page.count('data-cell="') == 16
    assert '<select id="option-size" name="size" data-kind="int">' in page
    assert '<option value="4" selected>4</option>' in page
    assert ">Hole in the centre</option>" in page
    constraints = page.split('<script type="application/json" id="option-constraints">')[1].split(
        "</script>"
    )[0]
    assert json.loads(constraints)[0]["allowed"] == [3, 5, 7, 9]


def test_glue_pages_get_pyscript_with_the_sites_own_micropython(tmp_path: Path) -> None:
    (tmp_path / "app" / "glue").mkdir(parents=True)
    sources = {
        "__init__.py": "",
        "game.py": "from glue import dom\n",
        "dom/__init__.py": "from glue.dom.elements import Element\n",
        "dom/elements.py": "class Element:\n    pass\n",
        "rules.py": "from glue import dom\n\ndef main():\n    from glue import tryit\n",
        "tryit.py": "",
    }
    for name, source in sources.items():
        (tmp_path / "app" / "glue" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "app" / "glue" / name).write_text(source)
    (tmp_path / "index.html").write_text("<head>\n  <!-- glue:game -->\n</head>\n")
    (tmp_path / "rules-zebra.html").write_text("<head><!-- glue:rules --></head>")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.html").write_text("<head><!-- glue:game --></head>")
    (tmp_path / "plain.html").write_text("<head></head>")
    runtime = {"micropython": "micropython/1/micropython.mjs", "pyscript": "pyscript/2/core.js"}
    glue_bundle.write_glue(tmp_path, runtime)
    assert (tmp_path / "plain.html").read_text() == "<head></head>"
    for page, prefix in ((tmp_path / "index.html", ""), (tmp_path / "docs" / "page.html", "../")):
        text = page.read_text()
        guard = text.index(f'<script src="{prefix}app/storage-guard.js"></script>')
        core = text.index(f'<script type="module" src="{prefix}pyscript/2/core.js"></script>')
        assert guard < core  # the guard runs before PyScript opens its database
        tag = re.search(
            r'<script type="mpy" data-root="([^"]*)" config="([^"]+)">([^<]*)</script>', text
        )
        assert tag is not None
        assert tag.group(1) == prefix
        assert (
            html.unescape(tag.group(3))
            == glue_bundle.GLUE_UNBUNDLE + "from glue.game import main\nmain()"
        )
        config = json.loads(html.unescape(tag.group(2)))
        # the site's own MicroPython: PyScript would fetch it from a CDN without this
        assert config["interpreter"] == f"{prefix}micropython/1/micropython.mjs"
        assert config["files"] == {f"./{prefix}app/glue.bundle": "./glue.bundle"}
        assert f'<link rel="modulepreload" href="{prefix}micropython/1/micropython.mjs">' in text
    # the package as MicroPython bytecode in one bundle, and nothing else of it in the site; the
    # page's own unbundling code (run here by CPython) gives back each module
    bundle = (tmp_path / "app" / "glue.bundle").read_bytes()
    work = tmp_path / "unbundled"
    work.mkdir()
    (work / "glue.bundle").write_bytes(bundle)
    subprocess.run([sys.executable, "-c", glue_bundle.GLUE_UNBUNDLE], cwd=work, check=True)
    assert sorted(path.name for path in work.iterdir()) == ["glue"]
    modules = {
        path.relative_to(work / "glue").as_posix(): path.read_bytes()
        for path in (work / "glue").rglob("*.mpy")
    }
    # a subpackage (glue/dom/) comes back as a folder of its own
    assert sorted(modules) == ["__init__.mpy", "dom/__init__.mpy", "dom/elements.mpy", "game.mpy"]
    # the modules only the other pages import (imports in functions counted) are a second
    # bundle, which only those pages load
    learning = (tmp_path / "rules-zebra.html").read_text()
    config = json.loads(html.unescape(re.findall(r'config="([^"]+)"', learning)[0]))
    assert config["files"] == {
        "./app/glue.bundle": "./glue.bundle",
        "./app/glue-pages.bundle": "./glue-pages.bundle",
    }
    (work / "glue.bundle").write_bytes(bundle)
    (work / "glue-pages.bundle").write_bytes((tmp_path / "app" / "glue-pages.bundle").read_bytes())
    (work / "glue").rename(work / "first")
    subprocess.run([sys.executable, "-c", glue_bundle.GLUE_UNBUNDLE], cwd=work, check=True)
    both = sorted(
        path.relative_to(work / "glue").as_posix() for path in (work / "glue").rglob("*.mpy")
    )
    assert both == sorted([*modules, "rules.mpy", "tryit.mpy"])
    assert modules["game.mpy"][:2] == b"M\x06"  # .mpy, format 6: what MicroPython 1.28 loads
    unpacked = gzip.decompress(bundle)
    assert len(unpacked) == unpacked.index(b"\n") + 1 + sum(map(len, modules.values()))
    assert not (tmp_path / "app" / "glue").exists()


def test_the_workers_preload_imports_the_pages_game() -> None:
    """app/engine_worker.py's preload (run before the browser's memory snapshot) imports the
    game's drawing and computer players, and ignores an unknown game. (A fresh interpreter:
    this process has imported everything already.)"""
    script = """
import json, sys
namespace = {}
exec(compile(open(sys.argv[1]).read(), "engine_worker.py", "exec"), namespace)
modules = ("pyengine.games.virus_war.presentation", "pyengine.games.virus_war.ai")
before = [name in sys.modules for name in modules]
namespace["preload"]("no-such-game")
unknown = [name in sys.modules for name in modules]
namespace["preload"]("virus-war")
print(json.dumps([before, unknown, [name in sys.modules for name in modules],
                  json.loads(namespace["handle"](json.dumps({"op": "hello"})))["ok"]]))
"""
    result = subprocess.run(
        [sys.executable, "-c", script, str(REPOSITORY / "web" / "app" / "engine_worker.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPOSITORY,
    )
    assert json.loads(result.stdout) == [[False, False], [False, False], [True, True], True]


def run_with_engine_worker(script: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """``script`` in a fresh CPython in ``folder``, app/engine_worker.py's path its argument."""
    return subprocess.run(
        [sys.executable, "-c", script, str(REPOSITORY / "web" / "app" / "engine_worker.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd=folder,
        env={"PYTHONPATH": str(REPOSITORY), "PYTHONDONTWRITEBYTECODE": "1"},
    )


def test_the_worker_unpacks_the_engine_files_when_an_import_needs_them(tmp_path: Path) -> None:
    """After a memory-snapshot restore the worker's file system is empty: engine_worker.py's
    UnpackOnDemand unpacks the archives it was given the first time an import finds nothing
    (a module of a package already in memory, or a new top-level one), and only once."""
    import io
    import zipfile

    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as files:
        files.writestr("fakepkg/__init__.py", "")
        files.writestr("fakepkg/sub.py", "VALUE = 42\n")
        files.writestr("otherpkg.py", "VALUE = 7\n")
    (tmp_path / "archive.zip").write_bytes(archive.getvalue())
    script = """
import json, os, sys
namespace = {}
exec(compile(open(sys.argv[1]).read(), "engine_worker.py", "exec"), namespace)
sys.path.insert(0, os.getcwd())
os.makedirs("fakepkg")
open("fakepkg/__init__.py", "w").close()
import fakepkg                       # in memory, as after a restore...
os.remove("fakepkg/__init__.py")
os.rmdir("fakepkg")                  # ...with nothing on disk
namespace["unpack_when_needed"]([], "", open("archive.zip", "rb").read())
import fakepkg.sub
import otherpkg
print(json.dumps([fakepkg.sub.VALUE, otherpkg.VALUE, sorted(os.listdir(".")),
                  namespace["UnpackOnDemand"].archives, sys.meta_path[-1].__name__]))
"""
    result = run_with_engine_worker(script, tmp_path)
    assert json.loads(result.stdout) == [
        42,
        7,
        ["archive.zip", "fakepkg", "otherpkg.py"],
        [],
        "UnpackOnDemand",
    ]


def test_the_server_compresses_like_the_host(tmp_path: Path) -> None:
    """web/tools/serve.py gzips text, JavaScript, JSON, SVG and wasm for a browser that accepts
    it (and answers a conditional GET of an unchanged file with a 304), or brotli-compresses
    them where asked to and accepted, and sends zips, wheels and everything to a client that
    accepts neither as they are."""
    import http.client
    import os

    files = {
        "page.html": b"<p>" + b"board " * 2000 + b"</p>",
        "engine.wasm": b"\0asm" + bytes(range(256)) * 200,
        "data.json": b'{"a": "' + b"x" * 5000 + b'"}',
        "archive.zip": b"PK" + b"z" * 5000,
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    os.utime(tmp_path / "page.html", (1_700_000_000, 1_700_000_000))
    server, base = serve.serve_in_thread(tmp_path)
    try:
        host, port = base.removeprefix("http://").split(":")

        def get(path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
            connection = http.client.HTTPConnection(host, int(port))
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            body = response.read()
            connection.close()
            return response.status, dict(response.getheaders()), body

        for name in ("page.html", "engine.wasm", "data.json"):
            status, headers, body = get(f"/{name}", **{"Accept-Encoding": "gzip, deflate, br"})
            assert status == 200 and headers["Content-Encoding"] == "gzip", name
            assert gzip.decompress(body) == files[name] and len(body) < len(files[name])
            assert headers["Content-Length"] == str(len(body))
            assert "Content-Security-Policy" in headers
        assert get("/engine.wasm", **{"Accept-Encoding": "gzip"})[1]["Content-Type"] == (
            "application/wasm"
        )
        status, headers, body = get("/archive.zip", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and body == files["archive.zip"]
        status, headers, body = get("/page.html")
        assert "Content-Encoding" not in headers and body == files["page.html"]
        since = "Wed, 15 Nov 2023 00:00:00 GMT"  # after the page's time
        assert (
            get("/page.html", **{"Accept-Encoding": "gzip", "If-Modified-Since": since})[0] == 304
        )
        before = "Mon, 01 Jan 2001 00:00:00 GMT"
        assert (
            get("/page.html", **{"Accept-Encoding": "gzip", "If-Modified-Since": before})[0] == 200
        )
    finally:
        server.shutdown()
    import brotli  # type: ignore[import-untyped]

    server, base = serve.serve_in_thread(tmp_path, compress="br")
    try:
        host, port = base.removeprefix("http://").split(":")
        status, headers, body = get("/engine.wasm", **{"Accept-Encoding": "gzip, deflate, br"})
        assert (
            headers["Content-Encoding"] == "br" and brotli.decompress(body) == files["engine.wasm"]
        )
        status, headers, body = get("/engine.wasm", **{"Accept-Encoding": "gzip"})
        assert (
            headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == files["engine.wasm"]
        )
    finally:
        server.shutdown()
    plain, plain_base = serve.serve_in_thread(tmp_path, compress=None)
    try:
        host, port = plain_base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port))
        connection.request("GET", "/page.html", headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        assert response.getheader("Content-Encoding") is None
        assert response.read() == files["page.html"]
        connection.close()
    finally:
        plain.shutdown()


def test_the_worker_downloads_what_its_own_archives_leave_out(tmp_path: Path) -> None:
    """engine_worker.py's UnpackOnDemand downloads the engine's wheel when an import of the
    engine finds nothing, and the full standard library (written over the worker's own) when
    an import asks for a module the worker's library names as left out; each once, and
    nothing for a module no library has."""
    import io
    import zipfile

    def archive(name: str, files: dict[str, str]) -> None:
        data = io.BytesIO()
        with zipfile.ZipFile(data, "w") as handle:
            for path, text in files.items():
                handle.writestr(path, text)
        (tmp_path / name).write_bytes(data.getvalue())

    archive("engine.zip", {"pyengine/fakegame.py": "VALUE = 'game'\n"})
    archive("small.zip", {"kept.py": "VALUE = 1\n", "omitted-modules.txt": "fakestd\nfakestd.sub"})
    archive(
        "full.zip",
        {"kept.py": "VALUE = 1\n", "fakestd/__init__.py": "", "fakestd/sub.py": "VALUE = 2\n"},
    )
    script = """
import json, os, sys
namespace = {}
exec(compile(open(sys.argv[1]).read(), "engine_worker.py", "exec"), namespace)
sys.path.insert(0, os.path.abspath("small.zip"))
namespace["STDLIB"] = os.path.abspath("small.zip")
downloads = []
def download(url):
    downloads.append(url)
    return open(url, "rb").read()
namespace["download"] = download
import pyengine
pyengine.__path__.insert(0, os.path.abspath("pyengine"))
namespace["unpack_when_needed"](["engine.zip"], "full.zip")
import kept
try:
    import notinstd
except ImportError:
    missing = True
import pyengine.fakegame
import fakestd.sub
try:
    import pyengine.nosuchmodule
except ImportError:
    missing_engine = True
print(json.dumps([downloads, pyengine.fakegame.VALUE, fakestd.sub.VALUE, missing, missing_engine]))
"""
    result = run_with_engine_worker(script, tmp_path)
    assert json.loads(result.stdout) == [["engine.zip", "full.zip"], "game", 2, True, True]
