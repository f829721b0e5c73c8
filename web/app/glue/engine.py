"""The engine runs in one Pyodide web worker, app/engine-worker.js (see docs/ARCHITECTURE.md):
the page thread never runs the engine, so it paints at once and stays responsive while Python
starts or thinks. All traffic is JSON text: ``{id, request}`` in, ``{id, reply}`` or
``{id, error}`` out (app/engine_worker.py's ``handle``); the worker also says ``{started:
true}`` as soon as its script runs and ``{boot, snapshot, steps}`` once the engine is up.

The worker is the one app/engine-early.js started for this game while the page was parsed, if
any (the events it sent meanwhile are handled first), else a new one. The ``hello`` goes out
at once; the worker downloads nothing until it is released, by that script on a fast link or a
warm visit, else by :meth:`EngineClient.release` (``{go: true}``) once the page can play.

Until the engine is ready, the game's opening book (``glue.book``) answers what it can: a new
game of the page's default options and the person's first decision. The first request it
cannot answer, or the engine's arrival, hands the game over (``OpeningBook.handover``): those
requests go to the worker first, their last reply to ``on_takeover``. A request that has to
wait for the engine is told to ``on_wait`` first, so that the page can say so."""

import json
import math

from glue import dom
from glue.book import BookError, OpeningBook, book_url, seating_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyengine.protocol import HelloReply, Request
    from pyengine.protocol_worker import (
        WorkerBoot,
        WorkerError,
        WorkerGoing,
        WorkerReply,
        WorkerStarted,
    )

WORKER_SCRIPT = "app/engine-worker.js"
WORKER_FAILED = "the engine's worker failed"


class EngineError(Exception):
    """The worker failed, or could not handle a request."""


class Waiting:
    """A request sent to the worker, until its reply or its error arrives."""

    def __init__(self) -> None:
        self.arrived = dom.Flag()
        self.reply: str | None = None
        self.error: str | None = None

    def settle(self, reply: "str | None", error: "str | None") -> None:
        self.reply = reply
        self.error = error
        self.arrived.set()

    async def text(self) -> str:
        await self.arrived.wait()
        if self.error is not None:
            raise EngineError(self.error)
        return self.reply or ""


class EngineClient:
    """The page's engine: ``await start()`` boots it once, ``await request(dict)`` sends one
    request after the ones before it and returns the engine's reply (``{ok: true, view}`` or
    ``{ok: false, error, view}``); a failure of the worker itself raises EngineError."""

    def __init__(self, game: "str | None" = None) -> None:
        self.game = game or ""  # the game this page plays: its modules load with the engine
        self.worker: dom.Worker | None = None
        self.pending: dict[int, Waiting] = {}
        self.next_id = 0
        self.booted = False
        self.failure: str | None = None  # a failure before the engine started fails every request
        self.hello: Waiting | None = None
        self.hello_id = -1
        self.started_at = 0.0
        self.ready_at = 0.0
        # How the worker started: "snapshot" or "normal" (read by bench/load.py and the e2e
        # tests, also as <html data-engine-boot>), and its steps in this page's time.
        self.boot_mode: str | None = None
        self.boot_steps: dict[str, int] = {}
        # The first visit's download bar (glue.download): None before start(), "downloading"
        # while it is decided and runs, then "service-worker", "cached", "downloaded" or
        # "failed" (``download_finished`` waits for that).
        self.download: str | None = None
        self.download_done = dom.Flag()
        self.worker_started = dom.Flag()
        self.worker_going = dom.Flag()  # the worker was released: its downloads have started
        self.ready = False  # the engine has answered ``hello``
        # The opening book answering before the engine (glue.book), per seating once fetched.
        self.book: OpeningBook | None = None
        self.books: dict[str, OpeningBook | None] = {}
        self.handed_over = False
        self.released = False  # this page has let the worker start (release)
        self.on_wait: Callable[[str], Any] | None = None  # a request's op, as it waits
        self.on_takeover: Callable[[dict[str, Any]], Any] | None = None

    # -- the public side ------------------------------------------------------------------

    async def start(self) -> "HelloReply":
        """Boots the worker once; returns the engine's answer to ``hello``."""
        hello = self.begin()
        reply: HelloReply = json.loads(await hello.text())
        return reply

    async def request(self, request: "Request") -> "dict[str, Any]":
        """Returns the engine's reply to ``request``: the opening book's while it can answer
        and the engine is not ready, else the worker's, sent after the previous requests (the
        worker handles them in the order they are posted)."""
        if not self.ready:
            answered = await self.from_book(request)
            if answered is not None:
                return answered
            if self.on_wait is not None:
                self.on_wait(request["op"])
            self.release()  # it waits for the engine: the engine's download starts now
        self.take_over()
        hello = self.begin()
        waiting = self.post(json.dumps(request))
        await hello.text()  # a failed start fails every request
        return json.loads(await waiting.text())

    def release(self) -> None:
        """Lets the worker start its downloads (it may have been released already: by
        app/engine-early.js on a fast link or a warm visit); posts ``hello`` first."""
        self.begin()
        if not self.released and self.worker is not None:
            self.released = True
            self.worker.post({"go": True})

    async def from_book(self, request: "Request") -> "dict[str, Any] | None":
        """The opening book's reply to ``request``, or None. A new game opens the book of its
        seating (fetched once; a missing or broken book answers nothing)."""
        if request["op"] == "new":
            seats = request.get("seats")
            seating = seating_name(seats, len(seats) if isinstance(seats, list) else 0)
            if self.handed_over or seating is None or request.get("game") != self.game:
                return None
            if seating not in self.books:
                self.books[seating] = await self.fetch_book(seating)
            book = self.books[seating]
            if book is None or self.ready:
                return None
            book.left = False
            self.book = book
            return book.answer(request, dom.random_bits64() / 18446744073709551616.0)
        if self.book is None or self.handed_over:
            return None
        return self.book.answer(request)

    async def fetch_book(self, seating: str) -> "OpeningBook | None":
        try:
            return OpeningBook(
                await dom.fetch_json(dom.site_url(book_url(self.game, seating))), self.game
            )
        except (OSError, ValueError, BookError) as error:
            dom.warn("no opening book", seating, str(error))
            return None

    def take_over(self) -> None:
        """Gives the engine the game the book answered so far (once): its requests go to the
        worker before any other, and the last one's reply to ``on_takeover``."""
        book = self.book
        if self.handed_over or book is None or book.answered == 0:
            return
        self.handed_over = True
        requests = book.handover()
        if not requests:
            return
        self.release()
        waits = [self.post(json.dumps(request)) for request in requests]
        dom.spawn(self.took_over(waits), "hand-over")

    async def took_over(self, waits: "list[Waiting]") -> None:
        reply: dict[str, Any] = {}
        try:
            for waiting in waits:
                reply = json.loads(await waiting.text())
        except EngineError as error:  # the worker failed: the page's requests say so
            dom.warn("hand-over failed", str(error))
            return
        if self.on_takeover is not None:
            self.on_takeover(reply)

    async def download_finished(self) -> "str | None":
        """How the download bar's download went, once it has (see ``download``)."""
        await self.download_done.wait()
        return self.download

    # -- the worker -----------------------------------------------------------------------

    def begin(self) -> Waiting:
        """The ``hello`` request that boots the engine, sent once (before any other)."""
        if self.hello is None:
            self.started_at = dom.page_time_ms()
            self.connect()
            self.hello_id = self.next_id
            self.hello = self.post(json.dumps({"op": "hello"}))
            dom.spawn(self.run_download(), "download bar")
        return self.hello

    def connect(self) -> None:
        """The worker engine-early.js started for this game, else a new one."""
        script = dom.site_url(WORKER_SCRIPT)
        self.worker = dom.Worker(self.game, script, self.on_message, self.on_boot, self.on_error)

    def post(self, text: str) -> Waiting:
        waiting = Waiting()
        if self.failure is not None or self.worker is None:
            waiting.settle(None, self.failure or WORKER_FAILED)
            return waiting
        identifier = self.next_id
        self.next_id += 1
        self.pending[identifier] = waiting
        self.worker.post({"id": identifier, "request": text})
        return waiting

    def on_message(
        self, message: "WorkerReply | WorkerError | WorkerStarted | WorkerGoing"
    ) -> None:
        """A message of the worker besides its boot (see :func:`glue.dom.worker_message`)."""
        if "started" in message:
            self.worker_started.set()
            return
        if "going" in message:
            self.worker_going.set()  # the download bar may fetch now
            return
        identifier = message["id"]
        waiting = self.pending.pop(identifier, None)
        if "reply" not in message:  # the worker could not handle the request
            if waiting is not None:
                waiting.settle(None, message["error"])
            return
        if identifier == self.hello_id:
            self.ready_at = dom.page_time_ms()
            self.ready = True
            dom.mark("engine-ready")  # read by bench/load.py
            self.take_over()
        if waiting is not None:
            waiting.settle(str(message.get("reply")), None)

    def on_error(self, message: "str | None") -> None:
        """An error (``message``: its text, if any) fails the requests waiting for a reply; one
        before the engine has started (its script missing, say) fails every later request
        too."""
        error = message or WORKER_FAILED
        if not self.booted:
            self.failure = error
        pending = self.pending
        self.pending = {}
        for waiting in pending.values():
            waiting.settle(None, error)

    def on_boot(self, boot: "WorkerBoot") -> None:
        self.booted = True
        self.boot_mode = boot.get("boot")
        origin = dom.time_origin_ms()
        steps = boot.get("steps") or {}
        # the worker's steps (ms since the epoch) in this page's time (ms since navigation)
        self.boot_steps = {name: math.floor(steps[name] - origin + 0.5) for name in steps}
        root = dom.root()
        root.set_data("engine-boot", str(boot.get("boot")))
        root.set_data("engine-snapshot", str(boot.get("snapshot")))

    async def run_download(self) -> None:
        """The first visit's download bar; the download starts when the worker says it has
        started (a browser opens only six connections to a host, and the worker must not queue
        behind the runtime it is about to ask for). Never awaited by the engine's start."""
        self.download = "downloading"
        try:
            from glue.download import download_runtime  # first visits only

            self.download = await download_runtime(self.worker_going)
        except Exception:
            self.download = "failed"
        self.download_done.set()
