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

from glue import dom

# After a game page's first view: its first moves' answers and the engine's memory snapshot,
# stored once the engine has been idle 1.5 s, come before the precache's downloads.
GAME_PAGE_QUIET_MS = 3000


async def page_done() -> None:
    """Until the page is loaded and, on a game page, the engine's first view has been shown for
    a few seconds."""
    await dom.loaded()
    body = dom.body()
    if body.has_class("game"):
        await dom.until_attr(body, "data-ready", "true")
        await dom.sleep_ms(GAME_PAGE_QUIET_MS)


class Updates:
    """The service worker's registration, the reload bar, and the reload a new worker's take-over
    asks of a page that ran the old version."""

    def __init__(self, workers: "dom.ServiceWorkers") -> None:
        self.workers = workers
        self.registration: dom.Registration | None = None
        # A page that was controlled and sees its controller change runs the old version. (The
        # very first install takes over an uncontrolled page: nothing to reload.)
        self.controlled = workers.controlled()
        self.reloading = False
        self.offered = False

    def controller_changed(self) -> None:
        if not self.controlled:
            self.controlled = True
            return
        if self.reloading:
            return
        self.reloading = True
        dom.reload()

    def check_waiting(self) -> None:
        registration = self.registration
        if registration is not None and registration.has_waiting() and self.workers.controlled():
            self.offer()

    def offer(self) -> None:
        bar = dom.element("update-bar")
        button = dom.element("update-reload")
        if bar is None or button is None or not bar.is_hidden() or self.offered:
            return
        self.offered = True
        bar.show(True)
        button.on("click", self.reload)

    def reload(self, event: "dom.Event") -> None:
        button = dom.node("update-reload")
        if not button.enabled():
            return  # once only
        button.enable(False)
        registration = self.registration
        if registration is None or not registration.tell_waiting({"type": "skip-waiting"}):
            dom.reload()  # it took over meanwhile (another page's Reload)

    async def run(self) -> None:
        self.workers.on_controller_change(self.controller_changed)
        await page_done()
        self.registration = await self.workers.register(dom.site_url("sw.js"))
        self.check_waiting()
        self.registration.on_installed(self.check_waiting)


async def register() -> None:
    workers = dom.service_workers()  # None where refused (sandboxed frames)
    if workers is None:
        return
    try:
        await Updates(workers).run()
    except Exception:
        pass  # refused or offline: nothing to say


def start() -> None:
    """Registers the service worker in the background (not awaited)."""
    dom.spawn(register(), "service worker")


async def ask_on_demand() -> None:
    workers = dom.service_workers()
    if workers is None:
        return
    try:
        await workers.tell_active({"type": "keep-on-demand"})
    except Exception:
        pass  # refused: the files are fetched when needed


def keep_on_demand() -> None:
    """Asks the service worker, once active, to keep every file it keeps on demand (the
    puzzles: web/tools/service_worker.py), so that this page works offline from now on."""
    dom.spawn(ask_on_demand(), "service worker")
