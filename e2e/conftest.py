"""End-to-end fixtures: one build, one static server and one browser for the whole run.

The site under test is the built `dist/` (run `make site` or `make test`), served by
web/tools/serve.py with exactly the headers of netlify.toml, so every test runs under the
production Content-Security-Policy. Chromium is Debian's (/usr/bin/chromium): Playwright cannot
download its own browsers here.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

REPOSITORY = Path(__file__).resolve().parents[1]
# VIRUS_GAMES_DIST points the run at another build (two people testing side by side).
DIST = Path(os.environ.get("VIRUS_GAMES_DIST") or REPOSITORY / "dist").resolve()
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

from chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from serve import SiteServer, serve_in_thread  # noqa: E402

# Tests that need the engine in this process (to choose moves and compute expected results)
# import the wheel the site serves, not the source tree.
for _wheel in sorted(DIST.glob("wheels/*/pyengine-*.whl")):
    sys.path.insert(0, str(_wheel))


@pytest.fixture(scope="session")
def site() -> Path:
    if not (DIST / "build.json").is_file():
        pytest.exit(
            "dist/ holds no built site: run `make site` (or `make test`) first", returncode=2
        )
    return DIST


@pytest.fixture(scope="session")
def build_info(site: Path) -> dict:
    return json.loads((site / "build.json").read_text())


@pytest.fixture(scope="session")
def site_server(site: Path) -> Iterator[SiteServer]:
    """The session's static server (e2e/test_offline.py counts its hits)."""
    server, _ = serve_in_thread(site)
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def site_url(site_server: SiteServer) -> str:
    host, port = site_server.server_address[:2]
    return f"http://{host}:{port}"  # type: ignore[str-bytes-safe]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright's session browser, launched from Debian's Chromium."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM_PATH,
        "args": list(CHROMIUM_ARGS),
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # Service workers are a later feature; keep every test's network traffic visible to it.
    return {
        **browser_context_args,
        "service_workers": "block",
        "viewport": {"width": 1200, "height": 900},
    }


# Generous waits: a loaded machine answers late, and a wait only lasts this long when it fails
# (then Playwright's message says what the page was showing). An assertion waits up to
# EXPECT_MS, an action or a navigation up to ACTION_MS.
EXPECT_MS = 20_000
ACTION_MS = 60_000
expect.set_options(timeout=EXPECT_MS)


def patient(context: BrowserContext) -> BrowserContext:
    """``context`` with the run's action and navigation timeouts (every context a test makes)."""
    context.set_default_timeout(ACTION_MS)
    context.set_default_navigation_timeout(ACTION_MS)
    return context


# Asks the game pages for their test hook, window.virusGames (web/app/glue/dom/runtime.py
# test_hooks_wanted): set before any of the page's scripts run.
TEST_HOOKS = "window.virusGamesTestHooks = true;"


def installed_browser(playwright: Any, profile: Path) -> Any:
    """A browser with an on-disk profile and service workers allowed (the offline tests: the
    worker and its caches survive reloads as they do for a visitor), the test hook asked for."""
    installed = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM_PATH,
        args=list(CHROMIUM_ARGS),
        service_workers="allow",
        viewport={"width": 1200, "height": 900},
    )
    installed.add_init_script(TEST_HOOKS)
    patient(installed)
    return installed


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """pytest-playwright's context for each test, with the pages' test hook asked for."""
    context.add_init_script(TEST_HOOKS)
    patient(context)
    return context


@dataclass
class PageWatch:
    """Everything a page did that a test may have to fail on."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def check(self) -> None:
        assert not self.foreign_requests, (
            f"requests left the site's origin: {self.foreign_requests}"
        )
        assert not self.page_errors, f"uncaught page errors: {self.page_errors}"
        assert not self.console_errors, f"console errors: {self.console_errors}"


def is_same_origin(url: str, origin: str) -> bool:
    # blob: URLs are the site's own (PyScript starts its worker from one); data: never leaves.
    return url.startswith((origin + "/", f"blob:{origin}/", "data:"))


@pytest.fixture
def watch(page: Page, site_url: str) -> Iterator[PageWatch]:
    """Records console errors, page errors and every request (page and workers) of `page`;
    fails the test if any request left the origin or anything logged an error."""
    record = PageWatch(origin=site_url)

    def on_request(request) -> None:
        record.requests.append(request.url)
        if not is_same_origin(request.url, site_url):
            record.foreign_requests.append(request.url)

    page.context.on("request", on_request)  # context-level: includes worker requests
    # errors, and the page's warning that a request to the engine's worker failed (the page
    # carries on with a message, so nothing else would show it)
    page.on(  # type: ignore[call-overload]
        "console",
        lambda message: (
            (message.type == "error" or message.text.startswith("engine "))
            and record.console_errors.append(message.text)  # type: ignore[func-returns-value]
        ),
    )
    page.on("pageerror", lambda error: record.page_errors.append(str(error)))
    yield record
    record.check()
