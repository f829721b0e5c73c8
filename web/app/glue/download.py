"""The runtime's download on a first visit, as a real progress bar in #loading (game pages).

The engine's worker needs ~13 MB of files to start (build.json's ``bootFiles`` for the page's
game: Pyodide, the worker's standard library, the game's engine bytecode...). On a cold visit the page fetches those same URLs itself,
in parallel with the worker's start, and counts the bytes of each response body as they arrive.
The files are served ``immutable``, so the worker's own requests are answered by the HTTP cache
(Chromium lets a request for a URL already being downloaded share that download): nothing is
fetched twice, which e2e/test_offline.py checks by counting the server's hits. Nothing here is
awaited by the engine's start.

Warm visits show no bar and read nothing: a page controlled by the service worker has every
file locally, and a browser that downloaded these very files before (a note in localStorage
naming them; their paths carry their versions) has them in its HTTP cache. (A cache-only probe,
``fetch(url, {cache: "only-if-cached"})``, would be exact, but every miss logs a console error.)
Where the note is wrong (the cache was cleared) the visitor sees the plain "Starting the game
engine…" instead of the bar; nothing else changes."""

from glue import dom
from glue.progress import Progress, bar_text, note_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

NOTE_KEY = "virus-games.runtime-downloaded"
LANES = 3  # files downloaded at once
REDRAW_MS = 200

# How a download went (EngineClient.download): nothing fetched ("service-worker", "cached"),
# every file fetched ("downloaded"), or not ("failed": the worker reports real failures).
SERVICE_WORKER = "service-worker"
CACHED = "cached"
DOWNLOADED = "downloaded"
FAILED = "failed"


def controlled_by_service_worker() -> bool:
    workers = dom.service_workers()  # None where refused (sandboxed frames)
    return workers is not None and workers.controlled()


async def boot_files() -> "list[tuple[str, int]]":
    """The worker's boot files with their sizes, in the order it asks for them (read through
    JavaScript: MicroPython's dicts keep no order)."""
    game = dom.body().data("game") or ""
    files = await dom.fetch_entries(dom.site_url("build.json"), ["bootFiles", game])
    if files is None:
        return []
    return [(str(path), int(size)) for path, size in files]


class Download:
    """Fetches the files a few at a time, in the worker's order (over HTTP/1.1 a browser opens
    only six connections to a host, and the worker's own modules must not queue behind the
    runtime), reporting ``Progress.state()`` to ``on_progress``."""

    def __init__(self, files: "list[tuple[str, int]]", on_progress: "Callable[[Any], Any]") -> None:
        self.queue = list(files)
        self.progress = Progress(files)
        self.on_progress = on_progress
        self.failed = False

    def report(self) -> None:
        self.on_progress(self.progress.state())

    async def fetch_counting(self, path: str, size: int) -> None:
        counted = await dom.fetch_counting(dom.site_url(path), self.arrived)
        self.progress.file_finished(size, counted)

    def arrived(self, length: int) -> None:
        """``length`` more bytes of a file arrived."""
        self.progress.add(length)
        if not self.failed:
            self.report()

    async def lane(self) -> None:
        while self.queue and not self.failed:
            path, size = self.queue.pop(0)
            try:
                await self.fetch_counting(path, size)
            except Exception:
                if not self.failed:
                    self.failed = True  # the bar goes away at once; the other lanes stop
                    self.progress.finish(False)
                    self.report()

    async def run(self) -> str:
        self.report()
        await dom.gather([self.lane() for _ in range(LANES)])
        if self.failed:
            return FAILED
        self.progress.finish(True)
        self.report()
        return DOWNLOADED


class Bar:
    """The bar in #loading, under its text (what the page waits for): "Downloading the game
    engine… 3.1 of 16.1 MB". The text's template
    is a hidden element the page's translations keep in the current language (data-i18n
    "play.downloading"). Redrawn at most every REDRAW_MS (every frame would cost the engine's
    start measurable time on a slow machine), and at once when the download ends: the bar must
    not outlive it."""

    def __init__(self) -> None:
        self.box = dom.element("loading-download")
        self.bar = dom.element("loading-progress")
        self.text = dom.element("loading-bytes")
        self.template = dom.element("loading-download-template")
        self.usable = None not in (self.box, self.bar, self.text, self.template)
        self.latest: Any = None
        self.scheduled = False
        self.drawn_at = -1e9

    def update(self, state: "dict[str, Any]") -> None:
        if not self.usable:
            return
        self.latest = state
        if state["done"]:
            self.draw()
            return
        if not self.scheduled:
            self.scheduled = True
            delay = max(0, int(self.drawn_at + REDRAW_MS - dom.page_time_ms()))
            dom.spawn(self.draw_later(delay), "download bar")

    async def draw_later(self, delay: int) -> None:
        # asyncio's timer, not window.setTimeout: MicroPython calls that one with a wrong
        # `this` from a coroutine ("Illegal invocation", which escapes every `except`)
        await dom.sleep_ms(delay)
        self.draw()

    def draw(self, *_: "Any") -> None:
        self.scheduled = False
        self.drawn_at = dom.page_time_ms()
        state = self.latest
        done = state["done"]
        self.box.show(not done)
        if done:
            return
        self.bar.set_attr("max", state["total"])
        self.bar.set_value(state["received"])
        language = dom.root().attr("lang") or "en"
        template = self.template.text()
        self.text.set_text(bar_text(template, state["received"], state["total"], language))


async def download_runtime(started: "dom.Flag") -> str:
    """Shows the download of the runtime on a first visit; returns how it went. The files are
    fetched once ``started`` is set (the worker's own script has arrived, see glue.engine);
    build.json is read meanwhile."""
    if controlled_by_service_worker():
        return SERVICE_WORKER
    try:
        files = await boot_files()
    except Exception:
        return FAILED
    note = note_of(files)
    if not files or dom.setting(NOTE_KEY) == note:
        return CACHED
    await started.wait()
    outcome = await Download(files, Bar().update).run()
    if outcome == DOWNLOADED:
        dom.keep_setting(NOTE_KEY, note)
    return outcome
