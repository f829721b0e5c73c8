"""How this project starts Chromium for tests and benchmarks (one place for the flags).

Debian's chromium (/usr/bin/chromium): Playwright cannot download its own browsers here. The
flags keep a headless Chromium from phoning home (the machine has no network but the package
registries) and let it run as root in a container.
"""

from __future__ import annotations

CHROMIUM_PATH = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def launch(playwright, **options):
    """A headless Chromium Browser from a Playwright instance (sync or async API)."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS), **options
    )
