"""A game page: binds the board, the panels, the buttons, the options form and the keyboard to
the engine, which runs in its web worker (``glue.engine``). No rule lives here: every decision
comes back from the engine's controller as a view (``pyengine/protocol.py`` declares its
fields).

The page's state lives in one :class:`glue.page_state.PageState` (``GamePage.state``), and what
an event changes and what the page sends next are page_state's pure transitions. The
:class:`GamePage` runs them: it sends requests, takes in replies, and has its parts draw. Each
part gets the state and exactly the collaborators it uses (lower parts and callables), never
the page, so no part imports this module:

* ``glue.board``: the board picture, its highlights, the keyboard cursor, phones' zoom;
* ``glue.computer``: computer players' turns, hints, the thinking line, evaluation and chart;
* ``glue.secrets``: Virus Fight's secret programs and the hot-seat "pass the device" screens;
* ``glue.records``: record files, share links and the embed snippet;
* ``glue.panels``: everything drawn from a view (status, scores, move list, buttons, result);
* ``glue.viewer``: earlier positions from the move list and the chart;
* ``glue.review_panel``: the computer's review of the game (made when first needed);
* ``glue.options``: the new-game form;
* ``glue.opening``: the game the page opens on (resumed, asked for, shared, embedded);
* ``glue.controls``: clicks and keys, bound to the page's commands (``controls.PageInput``).

Every view is saved in this browser (``glue.saved``), the page opens on the game this tab
left (or a shared link's game), and records go out as files and links and come back in.
"""

from glue import dom, i18n, opening, page_state, pwa
from glue.absent import ABSENT_BUILDER, ABSENT_PLACER
from glue.board import Board
from glue.computer import Computer
from glue.controls import Controls
from glue.engine import EngineClient
from glue.options import OptionsForm
from glue.page_state import PageState
from glue.page_status import expose, page_status
from glue.panels import Panels
from glue.records import Records
from glue.saved import SavedGames, new_id
from glue.secrets import Secrets
from glue.sounds import outcome
from glue.speaker import Speaker
from glue.starts import flipped_for, rematch_options, rematch_seats, unfinished
from glue.storage_notice import StorageNotice
from glue.tabs import TabGames

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from pyengine.protocol import Message, NewRequest, Request, View


# After the first view, how long the page waits for more clicks before it lets the engine's
# download start on a slow link (GamePage.settle).
SETTLE_MS = 250


class GamePage:
    def __init__(self, language: "i18n.PageLanguage", engine: EngineClient) -> None:
        self.language = language
        self.engine = engine
        game = dom.body().data("game") or ""
        self.embed: dict[str, Any] | None = None  # a blog widget's settings
        if is_embedded():
            from glue.embed_settings import embed_settings  # blog widgets only

            self.embed = embed_settings(dom.page_address("search"))
        replay = self.embed is not None and self.embed["mode"] == "replay"
        self.state = PageState(game, self.embed is not None, replay)
        session = None if self.embed else dom.storage("sessionStorage")
        self.saved = SavedGames(None if self.embed else dom.storage(), session)
        self.tabs = TabGames(game, self.saved.storage, session, dom.now_ms, new_slot)
        state = self.state
        # The parts, each given what it uses: lower parts, and callables for the rest.
        self.board = Board(
            state,
            language,
            self.saved,
            lambda: self.builder,
            lambda: self.placer,
            self.preview_svg,
            self.finish_motion,
            self.moved,
            self.rolled,
            self.say,
        )
        self.computer = Computer(state, language, self.ask, self.receive, self.render_resign)
        self.secrets = Secrets(
            state,
            language,
            self.board,
            lambda: self.builder,
            self.send,
            self.request,
            self.render,
            self.render_message,
        )
        self.records = Records(state, self.request, self.send, self.show_message, self.focus)
        self.panels = Panels(
            state,
            language,
            self.board,
            self.computer,
            self.secrets,
            self.records,
            lambda: self.placer,
            lambda: self.best,
            self.viewing,
        )
        notice = StorageNotice(self.records, self.focus)
        self.saved.on_full = notice.changed  # storage full: not being saved
        # Made when a view first needs them (Virus Fight's programs, Fight the Virus's shapes
        # and scores, replays, motion): the other games' pages never import their modules.
        self.made_builder: Any = None
        self.made_placer: Any = None
        self.made_best: Any = None
        self.made_viewer: Any = None
        self.made_animator: Any = None
        self.made_remote: Any = None  # games by link (glue.remote, in the extra glue)
        self.made_review: Any = None  # the computer's review (glue.review_panel, extra glue)
        self.review_looked: str | None = None  # the game last looked up for a kept review
        self.speaker = Speaker(self.embed is not None)
        self.sound_events: list[str] = []  # what the board showed happen in this reply
        self.last_click_ms = 0.0  # when the board was last clicked (page time)
        self.options = OptionsForm(state, language, self.embed)
        self.controls = Controls(self)

    def render_resign(self, view: "View") -> None:
        self.controls.render_resign(view)

    def preview_svg(self) -> "str | None":
        """The board a Virus Fight program being written would make (glue.secrets)."""
        return self.secrets.preview_svg()

    def render_message(self) -> None:
        self.panels.render_message()

    def focus(self) -> None:
        """The keyboard focus goes to the board."""
        self.board.focus()

    @property
    def builder(self) -> "Any":
        """Virus Fight's program builder (glue.builder), once a view has a secret setup."""
        if self.made_builder is None:
            view = self.state.view
            if view is None or not view.get("setup"):
                return ABSENT_BUILDER
            from glue.builder import ProgramBuilder

            self.made_builder = ProgramBuilder(
                self.language,
                lambda text: dom.spawn(self.secrets.preview_draft(text), "program preview"),
                lambda text: dom.spawn(self.secrets.submit(text), "program", True),
            )
        return self.made_builder

    @property
    def placer(self) -> "Any":
        """Fight the Virus's shape placer (glue.placer), once a view has a placement."""
        if self.made_placer is None:
            view = self.state.view
            if view is None or not view.get("placement"):
                return ABSENT_PLACER
            from glue.placer import ShapePlacer

            self.made_placer = ShapePlacer(
                self.language,
                self.board.element,
                lambda token: dom.spawn(
                    self.send({"op": "click", "cell": token}), "placement", True
                ),
                self.cancel,
            )
        return self.made_placer

    @property
    def viewer(self) -> "Any":
        """The replay viewer (glue.viewer): earlier positions from the move list."""
        if self.made_viewer is None:
            from glue.viewer import Viewer

            self.made_viewer = Viewer(
                self.state,
                self.language,
                self.board,
                self.computer,
                self.ask,
                self.say,
                self.render,
            )
        return self.made_viewer

    @property
    def animator(self) -> "Any":
        """The board's motion (glue.animator), made with the first move."""
        if self.made_animator is None:
            from glue.animator import Animator

            self.made_animator = Animator(self.board.element)
        return self.made_animator

    def finish_motion(self) -> None:
        """Any motion on the board ends now (a click, a key, a new picture)."""
        if self.made_animator is not None:
            self.made_animator.finish()

    def moved(self, before: str, old_svg: "dom.Element | None", after: str) -> None:
        """The board went from picture ``before`` to ``after`` by a few actions: its motion,
        and what happened for the sound."""
        self.sound_events += self.animator.animate(self.state.game, before, old_svg, after)

    def rolled(self, dice: "dom.Element | None", before: "str | None", after: "str | None") -> None:
        """The dice beside the board were drawn again (Fight the Virus): a roll if they
        changed."""
        if self.animator.roll(dice, before, after):
            self.sound_events.append("dice")

    async def open_fragment(self) -> None:
        """What the address's fragment asks for (a link pasted into this tab)."""
        await opening.open_first_game(self)

    async def remote(self) -> "Any":
        """Games by link (glue.remote): its glue is fetched on first use."""
        if self.made_remote is None:
            await i18n.load_extra_glue(self.language)
            from glue.remote import RemotePlay

            self.made_remote = RemotePlay(self)
        return self.made_remote

    async def review_panel(self) -> "Any":
        """The computer's review (glue.review_panel): its glue is fetched on first use."""
        if self.made_review is None:
            await i18n.load_extra_glue(self.language)
            from glue.review_panel import ReviewPanel

            if self.made_review is None:
                self.made_review = ReviewPanel(self)
                self.made_review.render()
        return self.made_review

    async def start_review(self) -> None:
        await (await self.review_panel()).start()

    def render_review(self) -> None:
        """The review's part of the page: drawn by its panel once made; before, the button
        where the page offers a review, and the panel made at once for a game with a saved
        review or tried from a reviewed game."""
        if self.made_review is not None:
            self.made_review.render()
            return
        state = self.state
        offered = page_state.review_offered(state)
        for name in ("review", "review-intro", "review-start", "result-review"):
            dom.node(name).show(offered)
        slot = state.slot
        if slot is None or slot == self.review_looked:
            return
        self.review_looked = slot  # storage read once per game, not at every render
        if self.saved.attached("review", slot) or self.saved.attached("tried", slot):
            dom.spawn(self.review_panel(), "review")

    def fresh_slot(self) -> str:
        return new_slot()

    def viewing(self) -> "Any":
        """The replay viewer while it shows an earlier position, else None."""
        viewer = self.made_viewer
        return viewer if viewer is not None and viewer.active else None

    @property
    def best(self) -> "Any":
        """Fight the Virus's best solo scores (glue.best_scores)."""
        if self.made_best is None:
            from glue.best_scores import BestScores

            self.made_best = BestScores(self.language)
        return self.made_best

    # ---- the engine ---------------------------------------------------------------------

    async def start(self) -> None:
        """Opens the first game: a new game of the page's options at once from the opening
        book where it can answer (glue.engine), the engine starting behind it; any other
        game (resumed, shared, embedded) once the engine has started, so that an engine that
        fails to start never touches a saved game."""
        self.board.paint_saved(opening.resumable(self))
        self.engine.on_wait = self.engine_awaited
        self.engine.on_takeover = self.taken_over
        self.set_loading(True)
        self.controls.bind()  # clicks made before it are carried out now (or once a view is in)
        for control in dom.find_all("[data-needs-engine]"):
            control.enable()  # a request made before the engine is ready waits for it, said
        self.language.on_change(self.language_changed)
        fresh = opening.fresh_start(self)
        if fresh:
            await opening.open_first_game(self)
            busy = dom.working()
            self.shown()
            await self.settle(busy)
        self.engine.release()
        try:
            await self.engine.start()
        except Exception as error:
            dom.warn("engine start failed", str(error))
            dom.node("loading-text").set_text(self.language.t("play.loading-failed"))
            dom.node("loading").set_class("failed")
            self.set_loading(True)
            return
        if not fresh:
            await opening.open_first_game(self)
            self.shown()
        self.set_loading(False)
        dom.mark("game-ready")  # read by bench/load.py
        dom.body().set_data("ready", "true")

    async def settle(self, busy: int) -> None:
        """Until the person's first clicks are answered: those made so far, and any that
        follow within SETTLE_MS (a busy page thread delivers clicks late). On a slow link the
        engine's download waits for this page's release (EngineClient.release), so that it
        does not compete with them; a click that must wait for the engine releases it itself."""
        while not self.engine.worker_going.is_set():  # released already: a fast link
            quiet = dom.page_time_ms() - self.last_click_ms
            if dom.working() <= busy and quiet >= SETTLE_MS:
                return
            await dom.sleep_ms(20)

    def shown(self) -> None:
        """The first view is drawn: the board takes clicks (those made before it now)."""
        if self.state.view is None:
            return
        dom.mark("game-shown")  # read by bench/load.py
        if not self.engine.ready:
            self.set_loading(False)  # a click that must wait for the engine says so again
        self.controls.replay_early_input()  # made before the glue ran
        clicks = self.state.early_clicks  # made before the first view was in
        self.state.early_clicks = []
        for cell in clicks:
            self.click_cell(cell)

    def engine_awaited(self, op: str) -> None:
        """A request waits for the engine: the page says so, visibly and to screen readers
        ("The computer is getting ready…" for a computer's turn), with the download's progress
        where there is one."""
        if op in page_state.LOOKS:
            return
        if op == "preview" and not dom.node("loading").is_hidden():
            return  # said already: the builder asks again at every change
        self.set_loading(True)
        key = "play.computer-getting-ready" if op == "bot" else "play.loading-game"
        self.show_loading(self.language.t(key))

    def show_loading(self, text: str) -> None:
        loading = dom.node("loading-text")
        if loading.text() == text:
            self.say(text)  # the same words again: said again
        loading.set_text(text)

    def taken_over(self, reply: "dict[str, Any]") -> None:
        """The engine has the game the opening book answered: its view is the book's (then
        nothing changes on the page), else the page shows the engine's."""
        if reply.get("ok") and reply.get("view") == self.state.view:
            return
        dom.warn("the engine's game differs from the opening book's")
        if reply.get("view"):
            self.receive({"op": "view"}, reply)

    def language_changed(self, language: str) -> None:
        if self.state.view is not None:
            self.render()

    def set_loading(self, loading: bool) -> None:
        """``#loading`` shown or hidden (its text back to "Starting the game engine…" when
        hidden), and the board busy for screen readers while it shows."""
        dom.node("loading").show(loading)
        self.board.element.set_attr("aria-busy", "true" if loading else "false")
        if not loading:
            dom.node("loading-text").set_text(self.language.t("play.loading"))

    async def send(self, request: "Request") -> "dict[str, Any]":
        """Sends ``request`` and takes in its reply (page_state.begin_request, take_reply); a
        request that changes the game drops a computer's search or a hint in progress and
        brings a replay on view back to the game."""
        op = request["op"]
        unlocked = page_state.begin_request(self.state, op)
        if page_state.changes_game(op) and self.made_viewer is not None:
            self.made_viewer.game_changed()
        reply = await self.ask(request)
        self.receive(request, reply, unlocked)
        self.computer.schedule()
        if op == "flip" and self.made_viewer is not None:
            self.made_viewer.refresh()
        return reply

    async def ask(self, request: "Request") -> "dict[str, Any]":
        """One request; a failure of the worker itself becomes an error reply."""
        self.state.inflight += 1
        try:
            return await self.request(request)
        except Exception as error:
            dom.warn("engine request failed", str(error))
            return page_state.worker_failure()
        finally:
            self.state.inflight -= 1

    async def request(self, request: "Request") -> "dict[str, Any]":
        """The page's one way to the engine (``send``, ``ask`` and the parts' own requests):
        a request page_state.refusal refuses never reaches it, and gets a failure naming why."""
        reason = page_state.refusal(self.state, request)
        if reason is not None:
            return page_state.refused_reply(reason)
        return await self.engine.request(request)

    def receive(
        self, request: "Request", reply: "dict[str, Any]", unlocked: "int | None" = None
    ) -> None:
        """Takes in a reply (page_state.take_reply) and does what it asks: claims and saves the
        tab's game, resets the per-game parts after a new or loaded game, draws the view, says
        and sounds what happened."""
        state = self.state
        op = request["op"]
        taken = page_state.take_reply(
            state, op, reply, unlocked, new_slot, self.language.translator.has
        )
        if taken.claim is not None:
            self.tabs.claim(taken.claim)
        if taken.new_game and state.view is not None:
            self.options.show(state.view)
            self.secrets.new_game()
        if taken.save and state.slot is not None and state.view is not None:
            self.saved.write(state.slot, state.view, dom.now_ms(), state.remote is not None)
        self.sound_events = []
        if taken.render and state.view is not None:
            self.render()
            self.panels.announce_reply()
            finished = outcome(state.view.get("result"), state.view.get("seats") or [])
            illegal = op in ("click", "play") and taken.refused
            self.speaker.play(self.sound_events, illegal, finished if taken.ended else None)
        if self.made_remote is not None:
            self.made_remote.render()
        if op in ("click", "play"):  # read by bench/load.py
            dom.mark("click-drawn", None if state.view is None else state.view.get("ply_count"))

    def render(self) -> None:
        self.panels.render()
        self.render_review()

    def say(self, text: str) -> None:
        """Screen readers hear ``text`` (the page's live region)."""
        self.panels.say(text)

    def show_message(self, message: "Message", level: str = "info") -> None:
        shown: Message = {"key": message["key"], "params": message.get("params") or {}}
        shown["level"] = level
        self.state.message = shown
        self.panels.render_message()
        self.panels.say(self.language.message(shown))

    # ---- games: new, rematch, undo (glue.opening: the game the page opens on) ----------------

    async def new_game(self, request: "NewRequest | None" = None) -> None:
        """A new game (the options form's, or ``request``); an unfinished one stays saved, and
        the message says where to find it."""
        state = self.state
        left = unfinished(state.view) and self.saved.available and state.slot is not None
        reply = await self.send(request or self.options.new_request())
        if reply.get("ok"):
            self.board.focus()
            if left:
                self.show_message({"key": "saved.kept", "params": {}})

    async def rematch(self) -> None:
        """The same game again with new dice, each player one seat on against the computer."""
        view = self.state.view
        if view is None:
            return
        seats = rematch_seats(list(view.get("seats") or []))
        request: NewRequest = {
            "op": "new",
            "game": self.state.game,
            "options": rematch_options(view.get("options") or {}),
            "flipped": flipped_for(seats),
        }
        if seats:
            request["seats"] = seats
        await self.new_game(request)

    async def undo(self) -> None:
        """Undo; with computer players, back to the last decision a person made
        (page_state.undo_again)."""
        state = self.state
        if not page_state.undo_allowed(state):
            return
        state.undoing = True
        page_state.stop_computer(state)
        try:
            reply = await self.send(page_state.undo_request(state))
            while page_state.undo_again(state, reply):
                reply = await self.send(page_state.undo_request(state))
        finally:
            state.undoing = False
        self.computer.schedule()

    def cancel(self) -> None:
        if self.state.view is not None and not page_state.bot_to_move(self.state.view):
            dom.spawn(self.send({"op": "cancel"}), "cancel", True)

    def take_back_game(self, event: "dom.Event") -> None:
        """Another tab saved over this tab's game (glue.opening.take_back_game)."""
        opening.take_back_game(self, event)

    async def replay_to(self, where: str) -> None:
        if self.state.view is None:
            return
        ply = page_state.replay_target(self.state.view, where)
        if ply is not None:
            await self.send({"op": "seek", "ply": ply})

    # ---- input ----------------------------------------------------------------------------

    def click_cell(self, cell: str, via_touch: bool = False) -> None:
        """A click (or Enter) on a board cell, where page_state.click_decision sends it: the
        program builder's slot, the shape placer's anchor or the engine; the viewing bar's
        text while an earlier position is viewed; nothing while a computer decides."""
        state = self.state
        self.last_click_ms = dom.page_time_ms()
        decision = page_state.click_decision(
            state, self.viewing() is not None, bool(self.builder.visible)
        )
        if decision == page_state.CLICK_VIEWING:
            self.panels.say(dom.node("viewing-text").text())
            return
        if decision == page_state.CLICK_REMOTE:  # the request's gate says whose move it is
            dom.spawn(self.send({"op": "click", "cell": cell}), "click", True)
            return
        if decision == page_state.CLICK_IGNORED and state.view is None and not state.replay:
            state.early_clicks.append(cell)  # carried out once the first view is in
            self.engine_awaited("click")
            return
        if decision == page_state.CLICK_IGNORED and (state.view is None or state.replay):
            return
        state.cursor = cell
        if decision == page_state.CLICK_PROGRAM:
            self.builder.select_cell(cell)
        elif decision == page_state.CLICK_ENGINE and not self.placer.click(cell, via_touch):
            dom.spawn(self.send({"op": "click", "cell": cell}), "click", True)

    def click_token(self, token: str) -> None:
        """A click token from a picture beside the board (the dice) or a choice button."""
        self.last_click_ms = dom.page_time_ms()
        viewing = self.viewing() is not None
        # another player's turn in a game by link: the request's gate says whose it is
        if page_state.token_clickable(self.state, viewing) or (
            not viewing and page_state.remote_waits(self.state)
        ):
            dom.spawn(self.send({"op": "click", "cell": token}), "click", True)

    # ---- what the tests and the benchmarks read -------------------------------------------

    def status(self) -> str:
        """The page's state as JSON text, for the e2e tests and bench/load.py."""
        return page_status(self)


def new_slot() -> str:
    return new_id(dom.now_ms(), dom.random_bits64())


def is_embedded() -> bool:
    return dom.body().data("embed") == "1"


async def run() -> None:
    dom.mark("glue-start")  # the page's Python runs (read by bench/load.py)
    pwa.start()  # waits for the engine's first view (body[data-ready]) by itself
    engine = EngineClient(dom.body().data("game") or "")
    engine.begin()  # its hello, answered once the worker is released and up
    if is_embedded():
        from glue.embed import report_size  # blog widgets only
        from glue.embed_settings import embed_settings

        settings = embed_settings(dom.page_address("search"))
        dom.body().set_class("replay", settings["mode"] == "replay")
        report_size(settings.get("parent"))
    language = await i18n.start()
    page = GamePage(language, engine)
    if dom.test_hooks_wanted():  # only where a test asked for it
        expose(page)
    dom.on_error(lambda text: page.show_message({"key": "error.glue", "params": {}}, "error"))
    await page.start()


def main() -> None:
    dom.start(run, "game page")
