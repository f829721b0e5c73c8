"""Generate dist/sw.js, the service worker that makes the built site work offline.

    python web/tools/service_worker.py [dist]    (web/build.py calls write_service_worker last)

The precache list is every file of the built site, found by globbing the output directory
(never hand-picked: PyScript alone fetches a dozen chunks nobody names), plus "./" for the
home page, except the files kept on demand (ON_DEMAND: the puzzles, ~30 MB that a game
page's visitor never needs): the worker keeps each when it is first fetched, and all of them
when a page asks (``{"type": "keep-on-demand"}``: the puzzle pages do, glue.pwa). The cache is named after a content hash of all those files and of the worker's
own template, so every deploy that changes any byte gets a new cache, installed beside the
old one and swapped in at once (see web/tools/sw-template.js and
docs/decisions/hand-written-service-worker.md).

Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from urllib.parse import quote

TEMPLATE = Path(__file__).with_name("sw-template.js")
SERVICE_WORKER = "sw.js"
CACHE_PREFIX = "virus-games-"

# Never precached: the worker itself (the browser fetches it on its own, revalidating).
EXCLUDED = {SERVICE_WORKER}
# Kept on demand, not precached: files under these folders (their index stays precached).
ON_DEMAND = ("app/puzzles/",)
ON_DEMAND_PRECACHED = {"app/puzzles/index.json"}


def on_demand(relative: str) -> bool:
    return relative.startswith(ON_DEMAND) and relative not in ON_DEMAND_PRECACHED


def site_files(dist: Path) -> list[Path]:
    """Every file of the built site the worker precaches, sorted by URL path."""
    files = [
        path
        for path in dist.rglob("*")
        if path.is_file()
        and path.relative_to(dist).as_posix() not in EXCLUDED
        and not any(part.startswith(".") for part in path.relative_to(dist).parts)
    ]
    return sorted(files, key=lambda path: path.relative_to(dist).as_posix())


def precache_urls(dist: Path) -> list[str]:
    """Site-relative URLs (resolved against the worker's scope) of every precached file; the
    site root "./" is added when there is an index.html (a navigation to / asks for "./")."""
    urls = [
        quote(path.relative_to(dist).as_posix())
        for path in site_files(dist)
        if not on_demand(path.relative_to(dist).as_posix())
    ]
    if (dist / "index.html").is_file():
        urls.insert(0, "./")
    return urls


def on_demand_urls(dist: Path) -> list[str]:
    """Site-relative URLs of the files kept on demand (see the module docs)."""
    return [
        quote(path.relative_to(dist).as_posix())
        for path in site_files(dist)
        if on_demand(path.relative_to(dist).as_posix())
    ]


def content_version(dist: Path, template: str | None = None) -> str:
    """A hash of every precached file's path and bytes, and of the worker's template: any
    change to the site or to the worker's code gives a new version (and a new cache)."""
    digest = hashlib.sha256()
    digest.update((template if template is not None else TEMPLATE.read_text()).encode())
    for path in site_files(dist):
        digest.update(b"\0" + path.relative_to(dist).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def render(dist: Path, template: str | None = None) -> tuple[str, str, list[str]]:
    """The worker's source for the site in ``dist``, its version and its precache list."""
    template = template if template is not None else TEMPLATE.read_text()
    version = content_version(dist, template)
    urls = precache_urls(dist)
    source = (
        template.replace("__VERSION__", version)
        .replace("__CACHE_PREFIX__", CACHE_PREFIX)
        .replace("__PRECACHE__", json.dumps(urls, indent=2))
        .replace("__ON_DEMAND__", json.dumps(on_demand_urls(dist)))
    )
    return source, version, urls


def write_service_worker(dist: Path) -> tuple[str, int]:
    """Write dist/sw.js; returns (version, number of precached URLs)."""
    source, version, urls = render(dist)
    (dist / SERVICE_WORKER).write_text(source)
    return version, len(urls)


if __name__ == "__main__":
    target = (
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "dist"
    )
    version, count = write_service_worker(target)
    print(f"{target / SERVICE_WORKER}: version {version}, {count} URLs")
