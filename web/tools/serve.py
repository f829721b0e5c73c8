"""Serve the built site locally with the same headers Netlify sends.

The [[headers]] rules of netlify.toml are applied to every response, so `make play`, the e2e
tests and the benchmarks all run under the production Content-Security-Policy and caching. Like
the production host, it compresses text, JavaScript, JSON, SVG and wasm for browsers that accept
it: gzip (level 6, zlib's default), or with ``compress="br"`` brotli (quality 5, a level for
compressing on the fly; needs the ``brotli`` package, in the dev extras) where the browser
accepts it, as Chromium does. Zips and wheels go as they are, as there.

    python web/tools/serve.py [--root dist] [--port 8000] [--host 127.0.0.1]

Standard library only. `make_server()` is also used by the e2e fixtures and bench scripts.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import os
import re
import sys
import threading
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import socket

REPOSITORY = Path(__file__).resolve().parents[2]

# MIME types the Python defaults get wrong or miss; Pyodide needs application/wasm for
# streaming compilation (and V8's wasm code cache).
EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
}


# What the host compresses (by media type); everything else (zips, wheels, PNG) is sent as it is.
COMPRESSED_TYPES = re.compile(
    r"^(text/|application/(javascript|json|wasm|manifest\+json)|image/svg\+xml)"
)


class CompressedCache:
    """Each file's compressed bytes ("gzip" or "br"), made once per server (the wasm takes
    ~0.4 s) and kept while the file is unchanged."""

    def __init__(self, encodings: tuple[str, ...]) -> None:
        self.encodings = encodings  # the preferred first
        self.lock = threading.Lock()
        self.entries: dict[tuple[str, str], tuple[tuple[int, int], bytes]] = {}

    @staticmethod
    def compress(data: bytes, encoding: str) -> bytes:
        if encoding == "br":
            import brotli  # type: ignore[import-untyped]  # (PyPI: brotli, the dev extras)

            return bytes(brotli.compress(data, quality=5))
        return gzip.compress(data, compresslevel=6, mtime=0)

    def get(self, path: str, stat: os.stat_result, encoding: str) -> bytes:
        key = (stat.st_mtime_ns, stat.st_size)
        with self.lock:
            entry = self.entries.get((path, encoding))
            if entry is None or entry[0] != key:
                with open(path, "rb") as handle:
                    entry = (key, self.compress(handle.read(), encoding))
                self.entries[path, encoding] = entry
            return entry[1]


def netlify_header_rules(
    config: Path = REPOSITORY / "netlify.toml",
) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    """Read netlify.toml's [[headers]] as (path regex, headers) pairs, in file order."""
    with config.open("rb") as handle:
        document = tomllib.load(handle)
    rules = []
    for rule in document.get("headers", []):
        pattern = "^" + ".*".join(re.escape(part) for part in rule["for"].split("*")) + "$"
        rules.append((re.compile(pattern), dict(rule.get("values", {}))))
    return rules


def headers_for(path: str, rules: list[tuple[re.Pattern[str], dict[str, str]]]) -> dict[str, str]:
    """All headers whose rule matches the URL path (later rules win on a repeated name)."""
    headers: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.match(path):
            headers.update(values)
    return headers


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files plus netlify.toml headers; quiet unless asked to log."""

    rules: ClassVar[list[tuple[re.Pattern[str], dict[str, str]]]] = []
    verbose = False
    compressed: CompressedCache | None = None  # None: nothing is compressed
    # typeshed declares it an instance attribute, so it cannot be a ClassVar here.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}  # noqa: RUF012

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, value in headers_for(path, self.rules).items():
            if name.lower() == "content-type":
                continue  # send_head already sent it from extensions_map (same values)
            self.send_header(name, value)
        super().end_headers()

    def send_head(self) -> io.BytesIO | Any:
        """SimpleHTTPRequestHandler's, but a compressible file goes compressed to a browser
        that accepts it (with its conditional GET: a page revalidated unchanged gets a 304)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        content_type = self.guess_type(path)
        accepted = {
            part.split(";")[0].strip()
            for part in self.headers.get("Accept-Encoding", "").split(",")
        }
        encodings = self.compressed.encodings if self.compressed else ()
        encoding = next((name for name in encodings if name in accepted), None)
        if (
            self.compressed is None
            or encoding is None
            or not COMPRESSED_TYPES.match(content_type)
            or not os.path.isfile(path)
        ):
            return super().send_head()
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
        body = self.compressed.get(path, stat, encoding)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:  # `format`: the stdlib signature
        if self.verbose:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(
        self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any
    ) -> None:
        # A browser that drops a connection (a closed tab, a cancelled download) is normal.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    root: Path,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    verbose: bool = False,
    compress: str | None = "gzip",
) -> SiteServer:
    """A ready (not yet serving) threaded server for `root`; port 0 picks a free port.
    ``compress``: "gzip", "br" (brotli where accepted, else gzip) or None, every file as it is
    (bench/load.py's localhost mode, comparable with the figures measured before the server
    compressed)."""
    handler = type(
        "Handler",
        (SiteRequestHandler,),
        {
            "rules": netlify_header_rules(),
            "verbose": verbose,
            "compressed": (
                CompressedCache(("br", "gzip") if compress == "br" else ("gzip",))
                if compress
                else None
            ),
        },
    )
    server = SiteServer((host, port), functools.partial(handler, directory=str(root)))
    return server


def serve_in_thread(
    root: Path, *, host: str = "127.0.0.1", port: int = 0, compress: str | None = "gzip"
) -> tuple[SiteServer, str]:
    """Start serving in a daemon thread; returns the server and its base URL."""
    server = make_server(root, host=host, port=port, compress=compress)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPOSITORY / "dist")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args(argv)
    if not (arguments.root / "index.html").is_file():
        print(
            f"error: {arguments.root} holds no built site; run `make site` first", file=sys.stderr
        )
        return 1
    server = make_server(
        arguments.root, host=arguments.host, port=arguments.port, verbose=arguments.verbose
    )
    shown_host = "localhost" if arguments.host in ("127.0.0.1", "0.0.0.0") else arguments.host
    print(
        f"Virus Games is served on http://{shown_host}:{arguments.port}/  (Ctrl+C stops)",
        flush=True,
    )
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
