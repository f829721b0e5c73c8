"""Clicks and keys on a game page: the board (clicks, the keyboard cursor, Enter, Escape), the
pictures beside it, the decision buttons, the panels' buttons and forms, the Resign button and
its question (glue.resign), and the page's shortcuts (Ctrl+Z, Ctrl+Y, P to pass)."""

from glue import dom
from glue.navigation import REPLAY_KEYS
from glue.resign import ResignStep

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from glue.game import GamePage

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
    def __init__(self, page: "GamePage") -> None:
        self.page = page
        self.resign = ResignStep()

    def click(self, element_id: str, handler: "Callable[[], Any]") -> None:
        dom.on(dom.by_id(element_id), "click", lambda event: handler())

    def bind(self) -> None:
        page = self.page
        board = page.board.element
        dom.on(board, "click", self.board_click)
        # Pictures beside the board (Virus Fight's supplies, Fight the Virus's dice): a
        # [data-click] element is a click token, like a board cell (the same choices are also
        # buttons, for the keyboard).
        for holder in ("extras", "dice-slot"):
            dom.on(dom.by_id(holder), "click", self.token_click)
        self.click("privacy-ready", page.secrets.ready)
        dom.on(board, "keydown", self.board_key)
        dom.on(board, "focus", lambda event: page.board.show_cursor())
        dom.on(board, "blur", lambda event: page.placer.set_cursor(page.board.cursor))
        self.click("board-zoom", page.board.toggle_zoom)
        # a phone turned, a window resized
        dom.on(dom.window, "resize", self.resized)
        dom.on(dom.window, "storage", page.take_back_game)
        dom.every(4000, page.tabs.renew, "keeping this tab's game")
        dom.on(dom.window, "pagehide", lambda event: page.tabs.release())
        dom.on(dom.window, "pageshow", lambda event: page.tabs.renew())
        self.click("undo", page.undo)
        self.click("hint", page.computer.request_hint)
        self.click("bot-pause", page.computer.toggle_pause)
        self.click("eval-toggle", page.computer.toggle_evaluation)
        self.click("vs-computer", self.versus_computer)
        self.click("redo", lambda: page.send({"op": "redo"}))
        self.click("download", page.records.download_diagram)
        self.click("share", page.records.copy_share_link)
        self.click("embed-code", page.records.copy_embed_code)
        dom.on(dom.by_id("replay-bar"), "click", self.replay_click)
        self.click("record-save", page.records.save_record_file)
        dom.on(dom.by_id("record-file"), "change", page.records.import_file)
        self.click("result-close", self.close_result)
        self.click("rematch", page.rematch)
        self.click("flip", lambda: page.send({"op": "flip"}))
        self.click("resign", self.ask_resign)
        self.click("resign-no", self.cancel_resign)
        self.click("resign-yes", self.confirm_resign)
        dom.on(dom.by_id("resign-confirm"), "keydown", self.resign_key)
        dom.on(dom.by_id("move-list"), "click", self.move_click)
        dom.on(dom.by_id("result-chart"), "click", self.chart_click)
        dom.on(dom.by_id("turn-actions"), "click", self.decision_click)
        for button in dom.query_all("[data-action=new-game]"):
            dom.on(button, "click", lambda event: page.new_game())
        dom.on(dom.by_id("record-form"), "submit", self.record_submit)
        page.options.bind()
        pressed = "true" if page.computer.eval_shown else "false"
        dom.by_id("eval-toggle").setAttribute("aria-pressed", pressed)
        dom.on(dom.by_id("options"), "submit", self.options_submit)
        dom.on(dom.document, "pointerdown", self.pointer_down, True)
        dom.on(dom.document, "keydown", self.page_key)

    # ---- handlers ---------------------------------------------------------------------------

    def board_click(self, event: "Any") -> None:
        cell = event.target.closest("[data-cell]")
        if cell is not None:
            touch = self.page.placer.last_pointer == "touch"
            self.page.click_cell(dom.data(cell, "cell") or "", touch)

    def token_click(self, event: "Any") -> None:
        target = event.target.closest("[data-click]")
        if target is not None:
            self.page.click_token(dom.data(target, "click") or "")

    def versus_computer(self) -> "Any":
        self.page.options.versus_computer()
        return self.page.new_game()

    def replay_click(self, event: "Any") -> "Any":
        button = event.target.closest("button[data-ply]")
        if button is not None and not button.disabled:
            return self.page.replay_to(dom.data(button, "ply") or "")
        return None

    def move_click(self, event: "Any") -> "Any":
        page = self.page
        if page.replay:  # a blog's replay widget walks its game to that move
            button = event.target.closest("button.ply[data-ply]")
            if button is None:
                return None
            return page.send({"op": "seek", "ply": int(dom.data(button, "ply") or "0")})
        return page.viewer.move_click(event)  # (the viewer is made when first used)

    def chart_click(self, event: "Any") -> "Any":
        return self.page.viewer.chart_click(event)

    # ---- resigning (glue.resign) ---------------------------------------------------------------

    def resign_available(self) -> bool:
        """The page offers resigning: not a replay widget, not behind a hand-over screen."""
        page = self.page
        return not page.replay and page.secrets.handover_seat is None

    def render_resign(self, view: "Any") -> None:
        """The Resign button (disabled unless a person is to act in a game going on), or the
        question it turned into."""
        disabled, asking = self.resign.shown(view, self.page.generation, self.resign_available())
        button = dom.by_id("resign")
        button.disabled = disabled
        button.hidden = asking
        dom.by_id("resign-confirm").hidden = not asking

    def ask_resign(self) -> None:
        page = self.page
        if self.resign_available() and self.resign.ask(page.view, page.generation):
            self.render_resign(page.view)
            dom.by_id("resign-no").focus()  # the safe answer first
            page.panels.say(str(dom.by_id("resign-question").textContent))

    def cancel_resign(self) -> None:
        self.resign.cancel()
        self.render_resign(self.page.view)
        dom.by_id("resign").focus()

    async def confirm_resign(self) -> None:
        page = self.page
        request = self.resign.confirm(page.view, page.generation)
        self.render_resign(page.view)
        if request is None:  # the game changed meanwhile: nothing is sent
            return
        reply = await page.send(request)
        finished = reply.get("ok") and not dom.by_id("result").hidden
        dom.by_id("rematch" if finished else "resign").focus()

    def resign_key(self, event: "Any") -> None:
        if str(event.key) == "Escape":
            event.preventDefault()
            event.stopPropagation()  # not the viewer's Escape
            self.cancel_resign()

    def close_result(self, focus: bool = True) -> None:
        page = self.page
        page.dismissed_result = (page.view or {}).get("ply_count")
        dom.by_id("result").hidden = True
        if focus:
            page.board.focus()

    def decision_click(self, event: "Any") -> "Any":
        page = self.page
        button = event.target.closest("button[data-play], button[data-click]")
        if button is None or button.disabled or page.bot_to_move():
            return None
        play = dom.data(button, "play")
        if play is not None:
            return page.send({"op": "play", "action": play})
        return page.send({"op": "click", "cell": dom.data(button, "click")})

    def record_submit(self, event: "Any") -> "Any":
        event.preventDefault()  # now: the coroutine runs after the event is over
        return self.page.records.load_typed()

    def options_submit(self, event: "Any") -> "Any":
        event.preventDefault()
        return self.page.new_game()

    def resized(self, event: "Any") -> None:
        if self.page.view is not None:
            self.page.board.fit_to_screen()

    def pointer_down(self, event: "Any") -> None:
        self.page.last_input = "pointer"
        self.page.finish_motion()  # the click lands on the board as it is now
        dom.unlock_audio()  # a gesture: the sounds may start

    def board_key(self, event: "Any") -> None:
        page = self.page
        if page.view is None:
            return
        key = str(event.key)
        if page.replay and key in BOARD_STEPS:
            event.preventDefault()
            dom.spawn(page.replay_to(BOARD_STEPS[key]), "replay", True)
            return
        if page.viewing() is not None and key in REPLAY_KEYS:
            return  # the page's keys step through the game (page_key)
        if key in CURSOR_MOVES:
            event.preventDefault()
            dx, dy = CURSOR_MOVES[key]
            page.board.move_cursor(dx, dy)
        elif key in ("Enter", " "):
            event.preventDefault()
            if page.board.cursor:
                page.click_cell(page.board.cursor)
        elif key == "Escape":
            event.preventDefault()
            page.cancel()

    def replay_key(self, event: "Any", on_board: bool) -> bool:
        """←, →, Home and End step through the game (glue.viewer), anywhere but in a form
        field, on the board while it is the live game (its cursor), a shape being placed or a
        program being written; Escape goes back to the game. Whether the key was used."""
        page = self.page
        key = str(event.key)
        viewing = page.viewing() is not None
        if key == "Escape" and viewing:
            event.preventDefault()
            page.viewer.leave()
            return True
        if key not in REPLAY_KEYS or page.replay or page.view is None:
            return False
        if event.ctrlKey or event.metaKey or event.altKey or event.shiftKey:
            return False
        if (on_board and not viewing) or page.placer.active or page.builder.visible:
            return False
        if page.secrets.handover_seat is not None:
            return False
        event.preventDefault()
        if event.target.closest("#result") is not None:  # the chart: the board makes way
            dom.spawn(page.viewer.go_from_result(REPLAY_KEYS[key]), "replay", True)
        else:
            dom.spawn(page.viewer.go(REPLAY_KEYS[key]), "replay", True)
        return True

    def page_key(self, event: "Any") -> None:
        page = self.page
        page.last_input = "keyboard"
        page.finish_motion()
        dom.unlock_audio()
        target = event.target
        if hasattr(target, "closest") and target.closest("input, select, textarea") is not None:
            return
        key = str(event.key).lower()
        command = bool(event.ctrlKey) or bool(event.metaKey)
        on_board = dom.same(target, page.board.element)
        if self.replay_key(event, on_board):
            return
        if str(event.key) == "Escape" and page.placer.active and not on_board:
            event.preventDefault()
            page.cancel()
        elif page.placer.key(event):
            event.preventDefault()
            placer_shape = dom.by_id("placer-shape").getAttribute("title") or ""
            placer_hint = str(dom.by_id("placer-hint").textContent)
            page.panels.say(str(placer_shape) + ". " + placer_hint)
        elif command and key == "z" and not event.shiftKey:
            event.preventDefault()
            dom.spawn(page.undo(), "undo", True)
        elif command and (key == "y" or (key == "z" and event.shiftKey)):
            event.preventDefault()
            dom.spawn(page.send({"op": "redo"}), "redo", True)
        elif key == "p" and not command and not event.altKey:
            button = dom.query('#turn-actions button[data-play="pass"]')
            if button is not None:
                event.preventDefault()
                button.click()
