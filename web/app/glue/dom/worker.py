"""The page's workers: the engine's web worker (app/engine-worker.js), whose messages travel
as Python data, and the site's service worker (sw.js) with its registration."""

from glue.dom.runtime import from_js, guarded, js, mark, plain_js, proxy, window
from glue.dom.storage import service_worker_container

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyengine.protocol_worker import (
        WorkerBoot,
        WorkerError,
        WorkerGo,
        WorkerGoing,
        WorkerReply,
        WorkerRequest,
        WorkerStarted,
    )


def worker_message(
    data: "Any",
) -> "WorkerReply | WorkerError | WorkerStarted | WorkerGoing | None":
    """A message of the engine's worker as Python data, or None (not one of these: the engine's
    boot, or not one the page reads). A reply's text stays the
    worker's JSON text (the page parses it)."""
    if getattr(data, "started", None):
        return {"started": True}
    if getattr(data, "going", None):
        return {"going": True}
    identifier = getattr(data, "id", None)
    if identifier is None:
        return None
    error = getattr(data, "error", None)
    if error is not None:
        return {"id": int(identifier), "error": str(error)}
    return {"id": int(identifier), "reply": str(data.reply)}


class Worker:
    """The engine's worker for ``game``: the one app/engine-early.js started while the page was
    parsed (the messages it sent meanwhile are handed on first), else a new one from
    ``script``. Each message it sends reaches ``on_boot`` (the engine is up) or ``on_message``
    (any other, see :func:`worker_message`), each error ``on_error`` with its text (None: the
    browser gave none)."""

    def __init__(
        self,
        game: str,
        script: str,
        on_message: "Callable[[WorkerReply | WorkerError | WorkerStarted | WorkerGoing], Any]",
        on_boot: "Callable[[WorkerBoot], Any]",
        on_error: "Callable[[str | None], Any]",
    ) -> None:
        self.on_message = on_message
        self.on_boot = on_boot
        self.on_error = on_error
        early = getattr(window, "virusGamesEarlyEngine", None)
        worker = getattr(early, "worker", None) if early is not None else None
        if worker is not None and str(getattr(early, "game", "")) == game:
            js.Reflect.deleteProperty(window, "virusGamesEarlyEngine")
            self.raw = worker
            worker.removeEventListener("message", early.keep)
            worker.removeEventListener("error", early.keep)
            events = early.events
            for index in range(int(events.length)):
                self.received(events[index])
        else:
            window.virusGamesEngineStarted = True  # engine-early.js must not start another
            mark("engine-start")  # read by bench/load.py
            name = ("engine " + game).strip()
            self.raw = js.Worker.new(script, plain_js({"type": "module", "name": name}))
        for kind in ("message", "error"):
            self.raw.addEventListener(kind, proxy(guarded(self.received, kind + " handler")))

    def received(self, event: "Any") -> None:
        if str(event.type) == "error":
            message = getattr(event, "message", None)
            self.on_error(str(message) if message else None)
            return
        data = event.data
        if getattr(data, "boot", None) is not None:
            self.on_boot(from_js(data))
            return
        message = worker_message(data)
        if message is not None:
            self.on_message(message)

    def post(self, message: "WorkerRequest | WorkerGo") -> None:
        self.raw.postMessage(plain_js(message))


class Registration:
    """The site's service worker registration."""

    def __init__(self, registration: "Any") -> None:
        self.raw = registration

    def has_waiting(self) -> bool:
        """Whether a new version is installed and waits to take over."""
        return self.raw.waiting is not None

    def tell_waiting(self, message: "dict[str, Any]") -> bool:
        """Sends ``message`` (JSON data) to the waiting worker; False when none waits."""
        waiting = self.raw.waiting
        if waiting is None:
            return False
        waiting.postMessage(plain_js(message))
        return True

    def on_installed(self, handler: "Callable[[], Any]") -> None:
        """Calls ``handler`` whenever a new version has been installed (errors reported)."""

        def found(*_: "Any") -> None:
            worker = self.raw.installing
            if worker is None:
                return

            def state_changed(*_: "Any") -> None:
                if str(worker.state) == "installed":
                    handler()

            worker.addEventListener("statechange", proxy(guarded(state_changed, "statechange")))

        self.raw.addEventListener("updatefound", proxy(guarded(found, "updatefound")))


class ServiceWorkers:
    """The page's service workers (``navigator.serviceWorker``)."""

    def __init__(self, container: "Any") -> None:
        self.raw = container

    def controlled(self) -> bool:
        """Whether a service worker controls this page (answers its requests)."""
        return self.raw.controller is not None

    def on_controller_change(self, handler: "Callable[[], Any]") -> None:
        call = guarded(lambda *_: handler(), "controllerchange")
        self.raw.addEventListener("controllerchange", proxy(call))

    async def register(self, script: str) -> Registration:
        return Registration(await self.raw.register(script))

    async def tell_active(self, message: "dict[str, Any]") -> None:
        """Sends ``message`` (JSON data) to the active worker once there is one."""
        registration = await self.raw.ready
        if registration.active is not None:
            registration.active.postMessage(plain_js(message))


def service_workers() -> "ServiceWorkers | None":
    """The page's service workers, or None where there are none or they are refused
    (sandboxed frames, some private modes)."""
    container = service_worker_container()
    return None if container is None else ServiceWorkers(container)
