"""Offline and installable: registers the service worker (sw.js, written by the build, see
web/tools/sw-template.js) and offers "New version available - Reload" when a newer build has
been installed beside the running one.

* Registration waits until the page has done its own work (the load event; on a game page also
  the engine's first view, ``body[data-ready]``, and a few seconds more), so precaching (the
  rest of the site, megabytes over a visitor's link) never competes with the first start or
  the first moves, and the files that start used are answered by the HTTP cache.
* A new version waits (the old pages keep running on the old cache) until a page's Reload
  button tells it to take over; then every page of the old version reloads, so no page ever
  runs old code against new files.
* Where service workers or storage are refused (cross-site iframes, some private modes) all of
  this silently does nothing: the site works from the network as before."""

import asyncio

from glue import dom

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


# After a game page's first view: its first moves' answers and the engine's memory snapshot,
# stored once the engine has been idle 1.5 s, come before the precache's downloads.
GAME_PAGE_QUIET_MS = 3000


async def page_done() -> None:
    """Until the page is loaded and, on a game page, the engine's first view has been shown for
    a few seconds."""
    loaded = asyncio.Event()
    if str(dom.document.readyState) == "complete":
        loaded.set()
    else:
        dom.on(dom.window, "load", lambda event: loaded.set())
    ready = asyncio.Event()
    body = dom.document.body
    game_page = bool(body.classList.contains("game"))
    if not game_page or dom.data(body, "ready") == "true":
        ready.set()
    else:

        def changed(*_: "Any") -> None:
            if dom.data(body, "ready") == "true":
                observer.disconnect()
                ready.set()

        observer = dom.js.MutationObserver.new(dom.proxy(dom.guarded(changed, "ready")))
        options = dom.js_object({"attributes": True, "attributeFilter": ["data-ready"]})
        observer.observe(body, options)
    await loaded.wait()
    await ready.wait()
    if game_page:
        await dom.sleep_ms(GAME_PAGE_QUIET_MS)


class Updates:
    """The service worker's registration, the reload bar, and the reload a new worker's take-over
    asks of a page that ran the old version."""

    def __init__(self, container: "Any") -> None:
        self.container = container
        self.registration: Any = None
        # A page that was controlled and sees its controller change runs the old version. (The
        # very first install takes over an uncontrolled page: nothing to reload.)
        self.controlled = container.controller is not None
        self.reloading = False
        self.offered = False

    def controller_changed(self, event: "Any") -> None:
        if not self.controlled:
            self.controlled = True
            return
        if self.reloading:
            return
        self.reloading = True
        dom.window.location.reload()

    def check_waiting(self, *_: "Any") -> None:
        if self.registration.waiting is not None and self.container.controller is not None:
            self.offer()

    def offer(self) -> None:
        bar = dom.by_id("update-bar")
        button = dom.by_id("update-reload")
        if bar is None or button is None or not bar.hidden or self.offered:
            return
        self.offered = True
        bar.hidden = False
        dom.on(button, "click", self.reload)

    def reload(self, event: "Any") -> None:
        button = dom.by_id("update-reload")
        if button.disabled:
            return  # once only
        button.disabled = True
        waiting = self.registration.waiting
        if waiting is not None:
            waiting.postMessage(dom.plain_js({"type": "skip-waiting"}))
        else:
            dom.window.location.reload()  # it took over meanwhile (another page's Reload)

    def found(self, event: "Any") -> None:
        worker = self.registration.installing
        if worker is None:
            return

        def state_changed(event: "Any") -> None:
            if str(worker.state) == "installed":
                self.check_waiting()

        dom.on(worker, "statechange", state_changed)

    async def run(self) -> None:
        dom.on(self.container, "controllerchange", self.controller_changed)
        await page_done()
        self.registration = await self.container.register(dom.site_url("sw.js"))
        self.check_waiting()
        dom.on(self.registration, "updatefound", self.found)


async def register() -> None:
    container = dom.service_workers()  # None where refused (sandboxed frames)
    if container is None:
        return
    try:
        await Updates(container).run()
    except Exception:
        pass  # refused or offline: nothing to say


def start() -> None:
    """Registers the service worker in the background (not awaited)."""
    dom.spawn(register(), "service worker")
