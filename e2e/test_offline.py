"""Offline, installable, and the first visit's download progress (app/pwa.js, sw.js generated
by web/tools/service_worker.py, app/runtime-download.js, manifest.webmanifest).

Every other e2e test blocks service workers (conftest.py); the offline test uses its own
persistent browser profile with service workers allowed, so the worker and its cache survive
reloads as they do for a visitor. Server hits are counted on the session's static server by
wrapping its request handler.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page, expect

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

from chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from conftest import TEST_HOOKS, installed_browser  # noqa: E402
from pwa import png_size  # noqa: E402
from service_worker import precache_urls  # noqa: E402
from zebra_play import play_by_clicks  # noqa: E402

GAMES = ("zebra", "virus-war", "virus-fight", "fight-the-virus")


@contextmanager
def counting_hits(server, *, refuse: bool = False) -> Iterator[list[str]]:
    """Every request path the server receives meanwhile; ``refuse``: answer them all with 503,
    as if the server were gone."""
    original = server.RequestHandlerClass
    hits: list[str] = []

    class Counting(original.func):  # type: ignore[name-defined]
        def parse_request(self) -> bool:
            parsed = super().parse_request()
            if parsed:
                hits.append(self.path)
                if refuse:
                    self.send_error(503)
                    return False
            return parsed

    server.RequestHandlerClass = functools.partial(Counting, *original.args, **original.keywords)
    try:
        yield hits
    finally:
        server.RequestHandlerClass = original


def zebra_link() -> str:
    """The link data of a Zebra game by link after White's first move, for Black."""
    sys.path.insert(0, str(REPOSITORY / "web" / "app"))
    from glue.correspondence import new_record, outgoing
    from glue.game_link import encode_link

    record = new_record("offline-game", "zebra", 0, ["Ana", ""], {"size": 4}, 0)
    payload, _ = outgoing(record, ["b1-c1"], 1, 1)
    return encode_link(payload)


def poll(page: Page, script: str, *, timeout: float = 60, what: str) -> object:
    """Evaluate ``script`` until it returns something truthy (the CSP rules out wait_for_function)."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(100)


def wait_ready(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)


def play_computers_to_the_end(page: Page, game: str, seats: int) -> None:
    """A new game of ``game`` with every seat the random computer player, played to its result."""
    page.locator(".options-panel summary").click()
    expect(page.locator("#seat-kinds-list select")).to_have_count(seats)
    for seat in range(seats):
        page.locator(f"#seat-kind-{seat}").select_option("random")
    page.locator("#options button[type=submit]").click()
    expect(page.locator("#result")).to_be_visible(timeout=60_000)


def test_the_site_works_offline_once_visited(
    playwright, site: Path, site_server, site_url: str, tmp_path: Path, build_info: dict
) -> None:
    context = installed_browser(playwright, tmp_path / "profile")
    errors: list[str] = []
    context.on("console", lambda message: message.type == "error" and errors.append(message.text))  # type: ignore[func-returns-value]
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        # 1. One visit online: the engine starts, then the worker installs and precaches.
        page.goto(f"{site_url}/zebra.html")
        wait_ready(page)
        poll(
            page,
            "() => navigator.serviceWorker.controller !== null",
            what="the service worker's control",
        )
        version = re.search(r'const VERSION = "(\w+)";', (site / "sw.js").read_text()).group(1)
        # The first start was a normal boot, which left a memory snapshot of the engine
        # (app/engine-worker.js) in a cache of its own: the worker's activation keeps it.
        assert page.evaluate("() => document.documentElement.dataset.engineBoot") == "normal"
        snapshot = f"virus-games-snapshot-{build_info['snapshotKey']}"
        count_caches = """async () => {
            const names = await caches.keys();
            const sizes = {};
            for (const name of names) sizes[name] = (await (await caches.open(name)).keys()).length;
            return sizes;
        }"""
        poll(  # stored once the engine has been idle a moment
            page,
            f"async () => (await caches.keys()).includes('{snapshot}') && (await (await caches.open('{snapshot}')).keys()).length === 1",
            what="the snapshot",
        )
        assert page.evaluate(count_caches) == {
            f"virus-games-{version}": len(precache_urls(site)),
            snapshot: 1,
        }

        # 2. Offline, with an empty HTTP cache: every page and every game's engine starts,
        #    one game is played to its end, and nothing reaches the network.
        context.new_cdp_session(page).send("Network.clearBrowserCache")
        context.set_offline(True)
        failed: list[str] = []
        not_from_worker: list[str] = []
        # (requests cut short by the next navigation are "aborted": not a network failure; a
        # puzzle file is kept on demand, not precached: offline, one never kept may be missing,
        # which its page says by leaving the puzzle out)
        kept_on_demand = f"{site_url}/app/puzzles/"
        context.on(
            "requestfailed",
            lambda request: (
                request.failure != "net::ERR_ABORTED"
                and not (
                    request.url.startswith(kept_on_demand)
                    and not request.url.endswith("/index.json")
                )
                and failed.append(
                    f"{request.url}: {request.failure} (from {request.frame.url if request.frame else 'a worker'})"
                )  # type: ignore[func-returns-value]
            ),
        )
        context.on(
            "response",
            lambda response: (
                response.url.startswith(site_url)
                and not response.from_service_worker
                and not_from_worker.append(response.url)  # type: ignore[func-returns-value]
            ),
        )
        with counting_hits(site_server, refuse=True) as hits:
            page.reload()
            wait_ready(page)
            # a page controlled by the worker has every file: no download bar
            assert (
                page.evaluate("() => JSON.parse(window.virusGames.status()).download")
                == "service-worker"
            )
            for game in GAMES:
                page.goto(f"{site_url}/{game}.html?fast=1")
                wait_ready(page)
                # every start from now on restores the snapshot instead of booting Python
                assert (
                    page.evaluate("() => document.documentElement.dataset.engineBoot") == "snapshot"
                )
                expect(page.locator("#loading")).to_be_hidden()
                if game == "virus-war":  # cheap: two random players on the smallest board
                    play_computers_to_the_end(page, game, 2)
            # a game by link opens offline too: its glue (app/glue-extra.bundle) is precached
            page.goto(f"{site_url}/zebra.html#link={zebra_link()}")
            wait_ready(page)
            expect(page.locator("#remote .remote-status")).to_contain_text("Your move")
            for path in ("", "index.html?lang=es", "docs/engine.html"):
                page.goto(f"{site_url}/{path}")
                expect(page.locator(".site-header")).to_be_visible()
        # The one exception: the browser's own update check of the worker script, made at each
        # navigation, ignores Playwright's offline emulation. The server refused it (as if
        # gone); the installed worker just stays.
        assert [hit for hit in hits if hit != "/sw.js"] == [], (
            f"requests reached the server while offline: {hits}"
        )
        assert failed == [], f"requests failed while offline: {failed}"
        assert not_from_worker == [], f"responses not from the service worker: {not_from_worker}"
        assert errors == []
    finally:
        context.close()


def test_a_new_version_waits_for_reload_and_then_replaces_the_old_in_every_tab(
    playwright, site: Path, tmp_path: Path
) -> None:
    from serve import serve_in_thread
    from service_worker import write_service_worker

    root = shutil.copytree(site, tmp_path / "site")
    server, url = serve_in_thread(root)
    context = installed_browser(playwright, tmp_path / "profile")
    errors: list[str] = []
    context.on("console", lambda message: message.type == "error" and errors.append(message.text))  # type: ignore[func-returns-value]
    try:
        first = context.pages[0] if context.pages else context.new_page()
        first.goto(f"{url}/zebra.html")
        wait_ready(first)
        poll(
            first,
            "() => navigator.serviceWorker.controller !== null",
            what="the first version's control",
        )
        old_version = write_service_worker(root)[0]  # unchanged site: the same version
        # A deploy: one page changes, the build writes a new worker.
        page_file = root / "zebra.html"
        page_file.write_text(
            page_file.read_text().replace("<head>", '<head><meta name="deploy" content="2">', 1)
        )
        new_version = write_service_worker(root)[0]
        assert new_version != old_version
        second = context.new_page()
        second.goto(f"{url}/index.html")  # a navigation: the browser finds the new worker
        first.reload()
        wait_ready(first)
        # the new version installs and waits; both tabs still run the old one and offer a reload
        for page in (first, second):
            expect(page.locator("#update-bar")).to_be_visible(timeout=30_000)
            expect(page.locator("#update-reload")).to_have_text("Reload")
        assert first.locator('meta[name="deploy"]').count() == 0  # still the old page
        site_caches = """async () => (await caches.keys()).filter((name) => !name.includes("snapshot")).sort()"""
        assert first.evaluate(site_caches) == sorted(
            [f"virus-games-{old_version}", f"virus-games-{new_version}"]
        )
        # Reload in one tab: the new worker takes over, and both tabs reload into the new version.
        with second.expect_navigation(), first.expect_navigation():
            first.locator("#update-reload").click()
        wait_ready(first)
        expect(first.locator('meta[name="deploy"]')).to_have_count(1)
        for page in (first, second):
            expect(page.locator("#update-bar")).to_be_hidden()
        assert first.evaluate(site_caches) == [f"virus-games-{new_version}"]
        assert errors == []
    finally:
        context.close()
        server.shutdown()


def test_the_first_visit_shows_the_download_in_bytes(
    page: Page, site_url: str, watch, build_info: dict
) -> None:
    held = []
    wasm = re.compile(r".*/pyodide\.asm\.wasm$")
    # a lambda, not held.append: Playwright marks its handlers with an attribute
    page.context.route(wasm, lambda route: held.append(route))  # noqa: PLW0108
    page.goto(f"{site_url}/zebra.html")
    # the first move comes from the opening book; the second waits for the engine: the page
    # says so, with the download's progress
    for cell in ("c2", "d2", "b3"):
        page.locator(f'#board [data-cell="{cell}"]').click()
    expect(page.locator("#loading-text")).to_have_text("Loading the game…")
    expect(page.locator("#loading-download")).to_be_visible()
    total = sum(build_info["bootFiles"]["zebra"].values())
    progress = page.locator("#loading-progress")
    expect(progress).to_have_attribute("max", str(total))
    shown = f"{total / 1e6:.1f} MB"
    expect(page.locator("#loading-bytes")).to_have_text(
        re.compile(rf"^Downloading the game engine… \d+\.\d of {re.escape(shown)}$")
    )
    received = 0.0
    for _ in range(100):  # the first bytes of the other files are on their way
        received = float(progress.evaluate("(bar) => bar.value"))
        if received > 0:
            break
        page.wait_for_timeout(100)
    assert 0 < received < total  # everything but the held file may have arrived
    assert progress.get_attribute("aria-label") == "Downloading the game engine"
    while held:
        held.pop().continue_()
    page.context.unroute(wasm)
    wait_ready(page)
    expect(page.locator("#loading-download")).to_be_hidden()
    assert page.evaluate("() => JSON.parse(window.virusGames.status()).download") == "downloaded"


def test_the_download_is_not_fetched_twice(
    playwright, site_server, site_url: str, build_info: dict, tmp_path: Path
) -> None:
    # A real (on-disk) profile: a private window's in-memory HTTP cache stores no entry over
    # 1/8 of its 50 MB, so there the 9.6 MB wasm is never cached and is fetched twice.
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM_PATH,
        args=list(CHROMIUM_ARGS),
        service_workers="block",
    )
    context.add_init_script(TEST_HOOKS)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        with counting_hits(site_server) as hits:
            page.goto(f"{site_url}/zebra.html")
            wait_ready(page)
        assert (
            page.evaluate("() => JSON.parse(window.virusGames.status()).download") == "downloaded"
        )
        for path in build_info["bootFiles"]["zebra"]:
            assert hits.count(f"/{path}") == 1, (path, hits)
        # a second visit finds every file in the HTTP cache: no bar, and nothing downloaded
        with counting_hits(site_server) as hits:
            page.goto(f"{site_url}/zebra.html")
            wait_ready(page)
        assert page.evaluate("() => JSON.parse(window.virusGames.status()).download") == "cached"
        assert not [hit for hit in hits if hit.lstrip("/") in build_info["bootFiles"]["zebra"]], (
            hits
        )
    finally:
        context.close()


def test_a_first_visit_downloads_only_the_workers_own_files(
    page: Page, site_url: str, watch, build_info: dict
) -> None:
    """The engine starts from its own small archives
    (docs/decisions/per-game-bytecode-archives.md): no wheel, full bytecode or full standard
    library before the game is ready; a game the page's archive leaves out is still there, the
    worker downloading the engine's wheel when an import needs it."""
    page.goto(f"{site_url}/zebra.html")
    wait_ready(page)
    later = [build_info["wheel"], build_info["engineBytecode"], "python_stdlib.zip"]
    assert not [url for url in watch.requests if url.endswith(tuple(later))], watch.requests
    for path in build_info["bootFiles"]["zebra"]:
        assert f"{site_url}/{path}" in watch.requests, path
    reply = page.evaluate("() => window.virusGames.send({op: 'games'})")
    assert reply["ok"] is True and [game["id"] for game in reply["games"]] == [
        "zebra",
        "virus-war",
        "virus-fight",
        "fight-the-virus",
    ]
    assert f"{site_url}/{build_info['wheel']}" in watch.requests
    play_by_clicks(page, ["c2-d2"])  # the page carries on


def test_the_site_is_installable(page: Page, site: Path, site_url: str, watch) -> None:
    page.goto(f"{site_url}/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    response = page.request.get(f"{site_url}/{href}")
    assert response.ok and response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())
    assert manifest["display"] == "standalone" and manifest["start_url"] and manifest["name"]
    colour = page.locator('meta[name="theme-color"]').get_attribute("content")
    assert manifest["theme_color"] == colour
    purposes = set()
    for icon in manifest["icons"]:
        image = page.request.get(f"{site_url}/{icon['src']}")
        assert image.ok, icon
        if icon["type"] == "image/png":
            width, height = png_size(image.body())
            assert icon["sizes"] == f"{width}x{height}", icon
            purposes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    touch = page.locator('link[rel="apple-touch-icon"]').get_attribute("href")
    assert png_size(page.request.get(f"{site_url}/{touch}").body()) == (180, 180)


def test_a_damaged_snapshot_is_dropped_for_a_normal_start(
    page: Page, site_url: str, watch, build_info: dict
) -> None:
    """The engine's memory snapshot is optional: one that cannot be restored is deleted, the
    same worker boots Python normally, the game plays, and a good snapshot replaces it."""
    snapshot = f"virus-games-snapshot-{build_info['snapshotKey']}"
    boot = "() => document.documentElement.dataset.engineBoot"
    page.goto(f"{site_url}/zebra.html")
    wait_ready(page)
    assert page.evaluate(boot) == "normal"
    poll(
        page,
        f"async () => (await (await caches.open('{snapshot}')).keys()).length === 1",
        what="the snapshot",
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate(boot) == "snapshot"
    # damage it: the first megabytes only, bits flipped
    page.evaluate(f"""async () => {{
        const cache = await caches.open('{snapshot}');
        const [key] = await cache.keys();
        const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer()).slice(0, 4_000_000);
        for (let i = 0; i < bytes.length; i += 7) bytes[i] ^= 0x5a;
        await cache.put(key, new Response(bytes));
    }}""")
    page.reload()
    wait_ready(page)
    assert page.evaluate(boot) == "normal"
    page.locator('#board [data-cell="c2"]').click()  # the engine answers: a move
    page.locator('#board [data-cell="d2"]').click()
    expect(page.locator("#move-list .ply.last")).to_have_text("c2-d2")
    poll(
        page,
        f"""async () => {{
        const response = await (await caches.open('{snapshot}')).match(new URL('snapshot/{build_info["snapshotKey"]}.bin', location.href));
        return response && (await response.arrayBuffer()).byteLength > 4_000_000;
    }}""",
        what="a new snapshot",
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate(boot) == "snapshot"
