"""Clicks and keys on a game page: the board (clicks, the keyboard cursor, Enter, Escape), the
pictures beside it, the decision buttons, the panels' buttons and forms, the Resign button and
its question (glue.resign), and the page's shortcuts (Ctrl+Z, Ctrl+Y, P to pass)."""

from glue import dom, page_state
from glue.navigation import REPLAY_KEYS
from glue.resign import ResignStep

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any, Protocol

    from glue.board import Board
    from glue.computer import Computer
    from glue.options import OptionsForm
    from glue.page_state import PageState
    from glue.records import Records
    from glue.secrets import Secrets
    from glue.tabs import TabGames
    from pyengine.protocol import NewRequest, Request, View

    class PageInput(Protocol):
        """What the controls use of the game page (glue.game): its state, the parts their
        handlers go to, and its commands."""

        state: PageState
        board: Board
        computer: Computer
        secrets: Secrets
        records: Records
        options: OptionsForm
        tabs: TabGames

        @property
        def placer(self) -> Any: ...
        @property
        def builder(self) -> Any: ...
        @property
        def viewer(self) -> Any: ...
        def viewing(self) -> Any: ...
        def say(self, text: str) -> None: ...
        def send(self, request: Request) -> Awaitable[dict[str, Any]]: ...
        def click_cell(self, cell: str, via_touch: bool = False) -> None: ...
        def click_token(self, token: str) -> None: ...
        def new_game(self, request: NewRequest | None = None) -> Awaitable[None]: ...
        def rematch(self) -> Awaitable[None]: ...
        def undo(self) -> Awaitable[None]: ...
        def cancel(self) -> None: ...
        def replay_to(self, where: str) -> Awaitable[None]: ...
        def take_back_game(self, event: dom.Event) -> None: ...
        def finish_motion(self) -> None: ...
        def remote(self) -> Awaitable[Any]: ...
        def start_review(self) -> Awaitable[None]: ...
        def open_fragment(self) -> Awaitable[None]: ...


BOARD_STEPS = {
    "ArrowLeft": "prev",
    "ArrowRight": "next",
    "ArrowUp": "prev",
    "ArrowDown": "next",
    "Home": "first",
    "End": "last",
}
CURSOR_MOVES = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


class Controls:
    """Binds the page's clicks and keys to its parts and commands.

    Made by glue.game with the page itself, as :class:`PageInput`."""

    def __init__(self, page: "PageInput") -> None:
        self.page = page
        self.state = page.state
        self.resign = ResignStep()
        self.early: list[dict[str, Any]] = []  # clicks and keys made before bind (engine-early.js)

    def click(self, element_id: str, handler: "Callable[[], Any]") -> None:
        dom.node(element_id).on("click", lambda event: handler())

    def bind(self) -> None:
        page = self.page
        board = page.board.element
        board.on("click", self.board_click)
        # Pictures beside the board (Virus Fight's supplies, Fight the Virus's dice): a
        # [data-click] element is a click token, like a board cell (the same choices are also
        # buttons, for the keyboard).
        for holder in ("extras", "dice-slot"):
            dom.node(holder).on("click", self.token_click)
        self.click("privacy-ready", page.secrets.ready)
        board.on("keydown", self.board_key)
        board.on("focus", lambda event: page.board.show_cursor())
        board.on("blur", lambda event: page.placer.set_cursor(page.state.cursor))
        self.click("board-zoom", page.board.toggle_zoom)
        # a phone turned, a window resized
        dom.on_window("resize", self.resized)
        dom.on_window("storage", page.take_back_game)
        # a link to this page pasted into its own tab: a game by link, a shared game, ...
        dom.on_window("hashchange", self.fragment_changed)
        dom.every(4000, page.tabs.renew, "keeping this tab's game")
        dom.on_window("pagehide", lambda event: page.tabs.release())
        dom.on_window("pageshow", lambda event: page.tabs.renew())
        self.click("undo", page.undo)
        self.click("hint", page.computer.request_hint)
        self.click("bot-pause", page.computer.toggle_pause)
        self.click("eval-toggle", page.computer.toggle_evaluation)
        self.click("vs-computer", self.versus_computer)
        self.click("far-play", self.play_far)
        self.click("redo", lambda: page.send({"op": "redo"}))
        self.click("download", page.records.download_diagram)
        self.click("share", page.records.copy_share_link)
        self.click("embed-code", page.records.copy_embed_code)
        dom.node("replay-bar").on("click", self.replay_click)
        self.click("record-save", page.records.save_record_file)
        dom.node("record-file").on("change", page.records.import_file)
        self.click("result-close", self.close_result)
        self.click("review-start", page.start_review)
        self.click("result-review", self.review_from_result)
        self.click("rematch", page.rematch)
        self.click("flip", lambda: page.send({"op": "flip"}))
        self.click("resign", self.ask_resign)
        self.click("resign-no", self.cancel_resign)
        self.click("resign-yes", self.confirm_resign)
        dom.node("resign-confirm").on("keydown", self.resign_key)
        dom.node("move-list").on("click", self.move_click)
        dom.node("result-chart").on("click", self.chart_click)
        dom.node("turn-actions").on("click", self.decision_click)
        for button in dom.find_all("[data-action=new-game]"):
            button.on("click", lambda event: page.new_game())
        dom.node("record-form").on("submit", self.record_submit)
        page.options.bind()
        pressed = "true" if page.computer.eval_shown else "false"
        dom.node("eval-toggle").set_attr("aria-pressed", pressed)
        dom.node("options").on("submit", self.options_submit)
        dom.on_document("pointerdown", self.pointer_down, True)
        dom.on_document("keydown", self.page_key)
        self.early = dom.take_early_input()  # carried out once the first game is drawn

    def replay_early_input(self) -> None:
        """Carries out, in order, the clicks and keys made before the handlers were bound
        (dom.take_early_input); the page calls it once its first game is drawn."""
        early = self.early
        self.early = []
        for event in early:
            target = event.get("target")
            if "cell" in event:
                self.page.click_cell(event["cell"])
            elif target is None or not dom.root().contains(target):
                continue  # the button or the board left the page meanwhile
            elif "key" in event:
                target.press(event["key"])
            else:
                target.click()

    # ---- handlers ---------------------------------------------------------------------------

    def board_click(self, event: "dom.Event") -> None:
        cell = closest(event, "[data-cell]")
        if cell is not None:
            touch = self.page.placer.last_pointer == "touch"
            self.page.click_cell(cell.data("cell") or "", touch)

    def token_click(self, event: "dom.Event") -> None:
        target = closest(event, "[data-click]")
        if target is not None:
            self.page.click_token(target.data("click") or "")

    def review_from_result(self) -> "Any":
        """ "Review this game" on the result banner: the banner makes way for the review."""
        self.close_result(False)
        return self.page.start_review()

    def versus_computer(self) -> "Any":
        self.page.options.versus_computer()
        return self.page.new_game()

    def fragment_changed(self, event: "dom.Event") -> None:
        if dom.page_address("hash").strip("#") and not self.page.state.embedded:
            dom.spawn(self.page.open_fragment(), "link", True)

    async def play_far(self) -> None:
        """ "Play a friend far away": the form of a new game by link (glue.remote)."""
        (await self.page.remote()).show_form()

    def replay_click(self, event: "dom.Event") -> "Any":
        button = closest(event, "button[data-ply]")
        if button is not None and button.enabled():
            return self.page.replay_to(button.data("ply") or "")
        return None

    def move_click(self, event: "dom.Event") -> "Any":
        page = self.page
        if page.state.replay:  # a blog's replay widget walks its game to that move
            button = closest(event, "button.ply[data-ply]")
            if button is None:
                return None
            return page.send({"op": "seek", "ply": int(button.data("ply") or "0")})
        return page.viewer.move_click(event)  # (the viewer is made when first used)

    def chart_click(self, event: "dom.Event") -> "Any":
        return self.page.viewer.chart_click(event)

    # ---- resigning (glue.resign) ---------------------------------------------------------------

    def resign_available(self) -> bool:
        """The page offers resigning: not a replay widget, not behind a hand-over screen, not a
        game by link (a link carries actions only: the other devices would never learn it)."""
        state = self.state
        return not state.replay and state.handover_seat is None and state.remote is None

    def render_resign(self, view: "View | None") -> None:
        """The Resign button (disabled unless a person is to act in a game going on), or the
        question it turned into."""
        disabled, asking = self.resign.shown(view, self.state.generation, self.resign_available())
        button = dom.node("resign")
        button.enable(not disabled)
        button.show(not asking)
        dom.node("resign-confirm").show(asking)

    def ask_resign(self) -> None:
        state = self.state
        if self.resign_available() and self.resign.ask(state.view, state.generation):
            self.render_resign(state.view)
            dom.node("resign-no").focus()  # the safe answer first
            self.page.say(dom.node("resign-question").text())

    def cancel_resign(self) -> None:
        self.resign.cancel()
        self.render_resign(self.state.view)
        dom.node("resign").focus()

    async def confirm_resign(self) -> None:
        state = self.state
        request = self.resign.confirm(state.view, state.generation)
        self.render_resign(state.view)
        if request is None:  # the game changed meanwhile: nothing is sent
            return
        reply = await self.page.send(request)
        finished = reply.get("ok") and not dom.node("result").is_hidden()
        dom.node("rematch" if finished else "resign").focus()

    def resign_key(self, event: "dom.Event") -> None:
        if event.key == "Escape":
            event.prevent()
            event.stop()  # not the viewer's Escape
            self.cancel_resign()

    def close_result(self, focus: bool = True) -> None:
        view = self.state.view
        self.state.dismissed_result = None if view is None else view.get("ply_count")
        dom.node("result").show(False)
        if focus:
            self.page.board.focus()

    def decision_click(self, event: "dom.Event") -> "Any":
        page = self.page
        button = closest(event, "button[data-play], button[data-click]")
        if button is None or not button.enabled() or page_state.bot_to_move(self.state.view):
            return None
        play = button.data("play")
        if play is not None:
            return page.send({"op": "play", "action": play})
        return page.send({"op": "click", "cell": button.data("click") or ""})

    def record_submit(self, event: "dom.Event") -> "Any":
        event.prevent()  # now: the coroutine runs after the event is over
        return self.page.records.load_typed()

    def options_submit(self, event: "dom.Event") -> "Any":
        event.prevent()
        return self.page.new_game()

    def resized(self, event: "dom.Event") -> None:
        if self.state.view is not None:
            self.page.board.fit_to_screen()

    def pointer_down(self, event: "dom.Event") -> None:
        self.state.last_input = "pointer"
        self.page.finish_motion()  # the click lands on the board as it is now
        dom.unlock_audio()  # a gesture: the sounds may start

    def board_key(self, event: "dom.Event") -> None:
        page = self.page
        if self.state.view is None:
            return
        key = event.key
        if self.state.replay and key in BOARD_STEPS:
            event.prevent()
            dom.spawn(page.replay_to(BOARD_STEPS[key]), "replay", True)
            return
        if page.viewing() is not None and key in REPLAY_KEYS:
            return  # the page's keys step through the game (page_key)
        if key in CURSOR_MOVES:
            event.prevent()
            dx, dy = CURSOR_MOVES[key]
            page.board.move_cursor(dx, dy)
        elif key in ("Enter", " "):
            event.prevent()
            if self.state.cursor:
                page.click_cell(self.state.cursor)
        elif key == "Escape":
            event.prevent()
            page.cancel()

    def replay_key(self, event: "dom.Event", on_board: bool) -> bool:
        """←, →, Home and End step through the game (glue.viewer), anywhere but in a form
        field, on the board while it is the live game (its cursor), a shape being placed or a
        program being written; Escape goes back to the game. Whether the key was used."""
        page = self.page
        key = event.key
        viewing = page.viewing() is not None
        if key == "Escape" and viewing:
            event.prevent()
            page.viewer.leave()
            return True
        if key not in REPLAY_KEYS or self.state.replay or self.state.view is None:
            return False
        if event.modified or event.shift:
            return False
        if (on_board and not viewing) or page.placer.active or page.builder.visible:
            return False
        if self.state.handover_seat is not None:
            return False
        event.prevent()
        if closest(event, "#result") is not None:  # the chart: the board makes way
            dom.spawn(page.viewer.go_from_result(REPLAY_KEYS[key]), "replay", True)
        else:
            dom.spawn(page.viewer.go(REPLAY_KEYS[key]), "replay", True)
        return True

    def page_key(self, event: "dom.Event") -> None:
        page = self.page
        self.state.last_input = "keyboard"
        page.finish_motion()
        dom.unlock_audio()
        if closest(event, "input, select, textarea") is not None:
            return
        key = event.key.lower()
        command = event.command
        on_board = page.board.element.same(event.target)
        if self.replay_key(event, on_board):
            return
        if event.key == "Escape" and page.placer.active and not on_board:
            event.prevent()
            page.cancel()
        elif page.placer.key(event):
            event.prevent()
            placer_shape = dom.node("placer-shape").attr("title") or ""
            placer_hint = dom.node("placer-hint").text()
            page.say(placer_shape + ". " + placer_hint)
        elif command and key == "z" and not event.shift:
            event.prevent()
            dom.spawn(page.undo(), "undo", True)
        elif command and (key == "y" or (key == "z" and event.shift)):
            event.prevent()
            dom.spawn(page.send({"op": "redo"}), "redo", True)
        elif key == "p" and not event.modified:
            button = dom.find('#turn-actions button[data-play="pass"]')
            if button is not None:
                event.prevent()
                if button.enabled():
                    button.click()
                elif page_state.remote_waits(self.state):  # the gate says whose move it is
                    request: Request = {"op": "play", "action": button.data("play") or ""}
                    dom.spawn(page.send(request), "pass", True)


def closest(event: "dom.Event", selector: str) -> "dom.Element | None":
    """The event's target, or its nearest ancestor, that matches ``selector``."""
    target = event.target
    return None if target is None else target.closest(selector)
