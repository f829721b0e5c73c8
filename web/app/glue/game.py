"""A game page: binds the board, the panels, the buttons, the options form and the keyboard to
the engine, which runs in its web worker (``glue.engine``). No rule lives here: every decision
comes back from the engine's controller as a view (``pyengine/protocol.py`` declares its
fields).

The page is a few cooperating parts around one :class:`GamePage`, which holds the state of the
game on screen and talks to the engine:

* ``glue.panels``: everything drawn from a view (status, scores, move list, buttons, result);
* ``glue.board``: the board picture, its highlights, the keyboard cursor, phones' zoom;
* ``glue.computer``: computer players' turns, hints, the thinking line, evaluation and chart;
* ``glue.secrets``: Virus Fight's secret programs and the hot-seat "pass the device" screens;
* ``glue.records``: record files, share links and the embed snippet;
* ``glue.options``: the new-game form;
* ``glue.opening``: the game the page opens on (resumed, asked for, shared, embedded);
* ``glue.controls``: clicks and keys.

Every view is saved in this browser (``glue.saved``), the page opens on the game this tab
left (or a shared link's game), and records go out as files and links and come back in.
"""

import json

from glue import dom, i18n, opening, pwa
from glue.board import Board
from glue.computer import Computer
from glue.controls import Controls
from glue.engine import EngineClient
from glue.options import OptionsForm
from glue.panels import Panels
from glue.records import Records
from glue.saved import SavedGames, new_id
from glue.seats import HUMAN
from glue.secrets import Secrets
from glue.sounds import outcome
from glue.speaker import Speaker
from glue.starts import flipped_for, rematch_options, rematch_seats, unfinished
from glue.storage_notice import StorageNotice
from glue.tabs import TabGames

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from pyengine.protocol import Message, View

REPLACING = ("new", "load", "restore")


class GamePage:
    def __init__(self, language: "i18n.PageLanguage", engine: EngineClient) -> None:
        self.language = language
        self.engine = engine
        self.game = dom.body().data("game") or ""
        self.embed: dict[str, Any] | None = None
        if is_embedded():
            from glue.embed_settings import embed_settings  # blog widgets only

            self.embed = embed_settings(dom.page_address("search"))
        self.replay = self.embed is not None and self.embed["mode"] == "replay"
        self.view: View | None = None
        self.message: Message | None = None
        self.generation = 0  # games started or loaded (a new game's draft starts empty)
        self.loaded_generation: int | None = None  # a loaded record's game: no best score
        self.inflight = 0
        self.undoing = False
        self.announced_turn: str | None = None
        self.dismissed_result: int | None = None
        self.last_input = "pointer"
        session = None if self.embed else dom.storage("sessionStorage")
        self.saved = SavedGames(None if self.embed else dom.storage(), session)
        self.tabs = TabGames(self.game, self.saved.storage, session, dom.now_ms, new_slot)
        self.slot: str | None = None
        self.next_slot: str | None = None  # the id a `restore` in flight keeps
        self.board = Board(self)
        self.panels = Panels(self)
        self.computer = Computer(self)
        self.secrets = Secrets(self)
        self.records = Records(self)
        self.saved.on_full = StorageNotice(self).changed  # storage full: not being saved
        # Made when a view first needs them (Virus Fight's programs, Fight the Virus's shapes
        # and scores): the other games' pages never import their modules.
        self.made_builder: Any = None
        self.made_placer: Any = None
        self.made_best: Any = None
        self.made_viewer: Any = None
        self.made_animator: Any = None
        self.speaker = Speaker(self.embed is not None)
        self.sound_events: list[str] = []  # what the board showed happen in this reply
        self.options = OptionsForm(self)
        self.controls = Controls(self)

    @property
    def builder(self) -> "Any":
        """Virus Fight's program builder (glue.builder), once a view has a secret setup."""
        if self.made_builder is None:
            if self.view is None or not self.view.get("setup"):
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
            if self.view is None or not self.view.get("placement"):
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

            self.made_viewer = Viewer(self)
        return self.made_viewer

    @property
    def animator(self) -> "Any":
        """The board's motion (glue.animator), made with the first move."""
        if self.made_animator is None:
            from glue.animator import Animator

            self.made_animator = Animator(self)
        return self.made_animator

    def finish_motion(self) -> None:
        """Any motion on the board ends now (a click, a key, a new picture)."""
        if self.made_animator is not None:
            self.made_animator.finish()

    def moved(self, before: str, old_svg: "dom.Element | None", after: str) -> None:
        """The board went from picture ``before`` to ``after`` by a few actions: its motion,
        and what happened for the sound."""
        self.sound_events += self.animator.animate(self.game, before, old_svg, after)

    def rolled(self, dice: "dom.Element | None", before: "str | None", after: "str | None") -> None:
        """The dice beside the board were drawn again (Fight the Virus): a roll if they
        changed."""
        if self.animator.roll(dice, before, after):
            self.sound_events.append("dice")

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
        self.board.paint_saved(opening.resumable(self))
        self.controls.bind()
        self.language.on_change(self.language_changed)
        self.set_loading(True)
        try:
            await self.engine.start()
        except Exception as error:
            dom.warn("engine start failed", str(error))
            dom.node("loading-text").set_text(self.language.t("play.loading-failed"))
            dom.node("loading").set_class("failed")
            return
        await opening.open_first_game(self)
        self.set_loading(False)
        dom.mark("game-ready")  # read by bench/load.py
        dom.body().set_data("ready", "true")

    def language_changed(self, language: str) -> None:
        if self.view is not None:
            self.render()

    def set_loading(self, loading: bool) -> None:
        dom.node("loading").show(loading)
        self.board.element.set_attr("aria-busy", "true" if loading else "false")
        for button in dom.find_all("[data-needs-engine]"):
            button.enable(not loading)

    async def send(self, request: "dict[str, Any]") -> "dict[str, Any]":
        """Sends ``request`` and takes in its reply; a request that changes the game drops a
        computer's search or a hint in progress."""
        op = request["op"]
        replacing = op in ("new", "load")
        unlocked = self.secrets.unlocked_seat
        if replacing:
            self.secrets.unlocked_seat = None  # another game: the privacy screen comes back
        if op not in ("view", "flip"):
            self.computer.stop()
            self.computer.drop_hint()
            if self.made_viewer is not None:  # a change to the game: back to it first
                self.made_viewer.game_changed()
        reply = await self.ask(request)
        self.receive(request, reply, unlocked)
        self.computer.schedule()
        if op == "flip" and self.made_viewer is not None:
            self.made_viewer.refresh()
        return reply

    async def ask(self, request: "dict[str, Any]") -> "dict[str, Any]":
        """One request; a failure of the worker itself becomes an error reply."""
        self.inflight += 1
        try:
            return await self.engine.request(request)
        except Exception as error:
            dom.warn("engine request failed", str(error))
            return {"ok": False, "error": {"code": "internal", "params": {}}}
        finally:
            self.inflight -= 1

    def receive(
        self, request: "dict[str, Any]", reply: "dict[str, Any]", unlocked: "int | None" = None
    ) -> None:
        """Takes in a reply: the view, the message, and after a new or loaded game the page's
        per-game state."""
        op = request["op"]
        replacing = op in REPLACING
        result = None if self.view is None else self.view.get("result")
        ended = bool(reply.get("view")) and not replacing and not result
        if reply.get("view"):
            self.view = reply["view"]
        if replacing and reply.get("ok"):
            self.slot = self.next_slot if op == "restore" else new_slot()
            self.tabs.claim(self.slot)
            self.options.show(reply["view"])
            self.generation += 1
            self.secrets.new_game()
            self.loaded_generation = self.generation if op == "load" else None
        elif replacing and self.secrets.unlocked_seat is None:
            self.secrets.unlocked_seat = unlocked  # refused: the old game stays
        if reply.get("ok"):
            self.message = reply.get("message") or None
        else:
            self.message = self.error_message(reply.get("error") or {})
            self.message["level"] = "error"
        if reply.get("view") and self.slot is not None:
            self.saved.write(self.slot, reply["view"], now=dom.now_ms())
        self.sound_events = []
        if self.view is not None:
            self.render()
            self.panels.announce_reply()
            finished = outcome(self.view.get("result"), self.view.get("seats") or [])
            level = None if self.message is None else self.message.get("level")
            refused = not reply.get("ok") or level == "error"
            illegal = op in ("click", "play") and refused
            self.speaker.play(self.sound_events, illegal, finished if ended else None)
        if op == "click":  # read by bench/load.py
            dom.mark("click-drawn", None if self.view is None else self.view.get("ply_count"))

    def error_message(self, error: "Mapping[str, Any]") -> "Message":
        """A translation request for an engine error: its own text where the site has one,
        else the engine's English message inside a generic sentence."""
        code = str(error.get("code", "internal"))
        key = "error." + code
        if self.language.translator.has(key):
            return {"key": key, "params": error.get("params") or {}}
        family = "error.record.generic" if code.startswith("record.") else "error.generic"
        return {"key": family, "params": {"message": error.get("message") or code}}

    def render(self) -> None:
        self.panels.render()

    def show_message(self, message: "Message", level: str = "info") -> None:
        self.message = {"key": message["key"], "params": message.get("params") or {}}
        self.message["level"] = level
        self.panels.render_message()
        self.panels.say(self.language.message(self.message))

    # ---- seats ------------------------------------------------------------------------------

    def is_bot_seat(self, seat: "int | None") -> bool:
        seats = [] if self.view is None else self.view.get("seats") or []
        return isinstance(seat, int) and 0 <= seat < len(seats) and seats[seat] != HUMAN

    def bot_to_move(self) -> bool:
        view = self.view
        return (
            view is not None
            and not view.get("result")
            and view.get("to_move") is not None
            and self.is_bot_seat(view.get("to_move"))
        )

    def human_seats(self) -> "list[int]":
        view = self.view
        if view is None:
            return []
        seats = view.get("seats") or []
        players = len(view.get("scores") or []) or len(seats)
        return [seat for seat in range(min(players, len(seats))) if seats[seat] == HUMAN]

    # ---- games: new, rematch, undo (glue.opening: the game the page opens on) ----------------------------------------

    async def new_game(self, request: "dict[str, Any] | None" = None) -> None:
        """A new game (the options form's, or ``request``); an unfinished one stays saved, and
        the message says where to find it."""
        left = unfinished(self.view) and self.saved.available and self.slot is not None
        reply = await self.send(request or self.options.new_request())
        if reply.get("ok"):
            self.board.focus()
            if left:
                self.show_message({"key": "saved.kept", "params": {}})

    async def rematch(self) -> None:
        """The same game again with new dice, each player one seat on against the computer."""
        view = self.view
        if view is None:
            return
        seats = rematch_seats(list(view.get("seats") or []))
        request: dict[str, Any] = {
            "op": "new",
            "game": self.game,
            "options": rematch_options(view.get("options") or {}),
            "flipped": flipped_for(seats),
        }
        if seats:
            request["seats"] = seats
        await self.new_game(request)

    async def undo(self) -> None:
        """Undo; with computer players, back to the last decision a person made (undoing only
        the computer's decision would let it play the same again at once)."""
        if self.view is None or not self.view.get("can_undo"):
            return
        self.undoing = True
        self.computer.stop()
        try:
            reply = await self.send({"op": "undo"})
            while (
                reply.get("ok")
                and self.view is not None
                and self.view.get("can_undo")
                and self.bot_to_move()
                and self.human_seats()
            ):
                reply = await self.send({"op": "undo"})
        finally:
            self.undoing = False
        self.computer.schedule()

    def cancel(self) -> None:
        if self.view is not None and not self.bot_to_move():
            dom.spawn(self.send({"op": "cancel"}), "cancel", True)

    def take_back_game(self, event: "dom.Event") -> None:
        """Another tab saved over this tab's game (it resumed it from the home page's list):
        this tab's game goes on under a new id, saved at once, so neither game is lost."""
        if self.slot is None or self.view is None or not self.view.get("saved"):
            return
        if event.key != self.tabs.saved_key(self.slot) or event.new_value is None:
            return
        self.slot = new_slot()
        self.tabs.claim(self.slot)
        self.saved.write(self.slot, self.view, now=dom.now_ms())

    async def replay_to(self, where: str) -> None:
        if self.view is None:
            return
        ply = replay_target(self.view, where)
        if ply is not None:
            await self.send({"op": "seek", "ply": ply})

    # ---- input ----------------------------------------------------------------------------

    def click_cell(self, cell: str, via_touch: bool = False) -> None:
        """A click (or Enter) on a board cell: while a program is being written it picks the
        builder's slot; while a shape is being placed an analysis cell anchors it; otherwise
        the engine decides what it means. Nothing happens while a computer player decides or
        an earlier position is viewed (the viewing bar says how to get back)."""
        if self.view is None or self.replay:
            return
        if self.viewing() is not None:
            self.panels.say(dom.node("viewing-text").text())
            return
        self.board.cursor = cell
        if self.view.get("setup"):
            if self.builder.visible:
                self.builder.select_cell(cell)
            return
        if self.bot_to_move():
            return
        if self.placer.click(cell, via_touch):
            return
        dom.spawn(self.send({"op": "click", "cell": cell}), "click", True)

    def click_token(self, token: str) -> None:
        """A click token from a picture beside the board (the dice) or a choice button."""
        if self.view is None or self.bot_to_move() or self.viewing() is not None:
            return
        dom.spawn(self.send({"op": "click", "cell": token}), "click", True)

    # ---- what the tests and the benchmarks read -------------------------------------------

    def status(self) -> str:
        """The page's state as JSON text, for the e2e tests and bench/load.py (they cannot
        read Python objects): the view's main fields and the page's own flags."""
        view: Mapping[str, Any] = self.view or {}
        setup = view.get("setup")
        return json.dumps(
            {
                "ready": self.view is not None,
                "ply": view.get("ply_count"),
                "over": bool(view.get("result")),
                "toMove": view.get("to_move"),
                "seats": view.get("seats"),
                "bot": self.bot_to_move(),
                "busy": self.inflight > 0 or self.computer.busy() or dom.working() > 0,
                "setup": setup["seat"] if setup else None,
                "record": view.get("record"),
                "generation": self.generation,
                "selection": view.get("selection"),
                "sources": view.get("sources"),
                "highlighted": view.get("highlighted"),
                "targets": view.get("targets"),
                "buttons": view.get("buttons"),
                "saved": view.get("saved"),
                "board": list(view.get("cell_labels") or {}),
                "hint": self.computer.hint,
                "viewing": None if self.viewing() is None else self.viewer.ply,
                "motions": 0 if self.made_animator is None else self.made_animator.played,
                "sounds": self.speaker.played,
                "muted": self.speaker.muted,
                "flipped": bool((view.get("grid") or {}).get("flipped")),
                "thinkingReplies": self.computer.thinking_replies,
                "download": self.engine.download,
                "bootSteps": self.engine.boot_steps,
            }
        )


class AbsentBuilder:
    """The program builder of a page whose game has no secret setup (yet)."""

    visible = False
    active = 0
    identity = None
    last_draft = None

    def hide(self) -> None:
        pass

    def cell_label(self, cell: "Any") -> None:
        return None

    def select_cell(self, cell: "Any") -> bool:
        return False


class AbsentPlacer:
    """The shape placer of a page whose game has no shape to place (yet)."""

    active = False
    last_pointer = None

    def update(self, placement: "Any", can_cancel: bool = True) -> bool:
        return False

    def set_cursor(self, cell: "Any") -> None:
        pass

    def click(self, cell: "Any", via_touch: bool = False) -> bool:
        return False

    def key(self, event: "Any") -> bool:
        return False

    def step(self, cell: "Any", direction: "Any") -> None:
        return None

    def suggested_anchor(self) -> None:
        return None


ABSENT_BUILDER = AbsentBuilder()
ABSENT_PLACER = AbsentPlacer()


def new_slot() -> str:
    return new_id(dom.now_ms(), dom.random_bits64())


def is_embedded() -> bool:
    return dom.body().data("embed") == "1"


def replay_target(view: "View", where: str) -> "int | None":
    """The ply a replay button goes to, or None where it cannot go."""
    current = view["ply_count"]
    saved = view.get("saved")
    total = current + len((saved.get("redo") if saved else None) or [])
    targets = {"first": 0, "prev": current - 1, "next": current + 1, "last": total}
    ply = targets.get(where)
    if ply is None or ply < 0 or ply > total or ply == current:
        return None
    return ply


def expose(page: GamePage) -> None:
    """What the e2e tests and the benchmarks use (only they ask for it, see
    dom.test_hooks_wanted): ``send(request)`` resolves with the engine's reply, ``status()``
    gives the page's state as JSON text, ``fault()`` raises in the glue."""

    def fault() -> None:
        # an error in the glue, as any event handler could meet one (e2e/test_zebra.py)
        raise RuntimeError("a fault caused on purpose")

    dom.expose_test_hooks(page.send, page.status, fault)


async def run() -> None:
    pwa.start()  # waits for the engine's first view (body[data-ready]) by itself
    engine = EngineClient(dom.body().data("game") or "")
    dom.spawn(engine.start(), "engine start")  # translations load while it boots
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
