"""Replays on a game page: a click on a move of the list (or on the evaluation chart), the
arrow keys, Home and End show the position after that move, read-only, with a bar that says
which move is shown and leads back to the game. The engine draws the position (its
``position`` request); the game itself, its undo and redo, is never touched by looking.
Which position a key or a click means is ``glue.navigation``'s."""

from glue import dom
from glue.computer import CHART_WIDTH
from glue.navigation import chart_ply, entries, view_target, viewed_entry

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.game import GamePage


class Viewer:
    def __init__(self, page: "GamePage") -> None:
        self.page = page
        self.ply: int | None = None  # the position shown, None: the live game
        self.position: dict[str, Any] | None = None  # the engine's drawing of it
        self.entry: int | None = None  # the move clicked (moves may show the same position)
        self.wanted: int | None = None  # the position asked for and not drawn yet
        self.epoch = 0  # changes when the game does: a late position is dropped
        dom.on(dom.by_id("viewing-bar"), "click", self.bar_click)

    @property
    def active(self) -> bool:
        return self.ply is not None

    def live_ply(self) -> int:
        return int((self.page.view or {}).get("ply_count") or 0)

    async def go(self, where: "Any", entry: "int | None" = None) -> None:
        """Shows the position ``where`` names (navigation.view_target), or the live game
        (``entry``: the move of the list clicked for it)."""
        page = self.page
        if page.view is None:
            return
        # keys pressed quickly step on from the position asked for last
        target = view_target(
            self.ply if self.wanted is None else self.wanted, self.live_ply(), where
        )
        if target is None:
            if self.active or self.wanted is not None:
                self.leave()
            return
        if target == self.ply and self.wanted is None:
            if entry != self.entry:
                self.entry = entry
                self.draw()
            return
        epoch = self.epoch
        self.wanted = target
        reply = await page.ask({"op": "position", "ply": target})
        if epoch != self.epoch or not reply.get("ok"):
            return  # the game changed meanwhile (or the position is gone): stay as it is
        if self.wanted == target:
            self.wanted = None
        self.entry = entry
        self.ply = target
        self.position = reply["position"]
        self.draw()
        page.panels.say(self.describe())

    def refresh(self) -> None:
        """The orientation changed: the position is drawn again."""
        if self.ply is not None:
            ply, self.ply = self.ply, None
            dom.spawn(self.go(ply), "replay")

    def leave(self) -> None:
        """Back to the live game, as it is now."""
        showing = self.ply is not None
        self.game_changed()
        if showing:
            self.page.render()

    def game_changed(self) -> None:
        """The game was replaced or taken back: any position shown belongs to the old one."""
        self.epoch += 1
        self.wanted = None
        if self.ply is not None:
            self.ply = None
            self.position = None
            self.draw()  # the bar goes; the reply's view is drawn next

    def draw(self) -> None:
        """The viewed position over the live page: the board, the pictures beside it, the bar,
        the move list's mark and the evaluation of that moment; decisions are out of reach."""
        page = self.page
        position = self.position
        bar = dom.by_id("viewing-bar")
        viewing = self.ply is not None and position is not None
        bar.hidden = not viewing
        board = page.board.element
        dom.set_data(board, "viewing", "true" if viewing else None)
        play_bar = dom.by_id("play-bar")
        if viewing:
            play_bar.setAttribute("inert", "")
        else:
            play_bar.removeAttribute("inert")
        self.mark_moves()
        if not viewing or position is None:
            return
        page.board.show_position(position)
        page.board.render_extras(position.get("extras") or [], position.get("to_move"))
        dom.by_id("viewing-text").textContent = self.describe()
        dom.by_id("viewing-prev").disabled = self.ply == 0
        view = page.view or {}
        history = (view.get("evaluation") or {}).get("history") or []
        if self.ply is not None and self.ply < len(history):
            page.computer.render_evaluation(view, history[self.ply])
        page.computer.mark_chart(self.ply)

    def describe(self) -> str:
        """ "Viewing move 12 of 40: c2-d2", the bar's text."""
        page = self.page
        view = page.view or {}
        params = {"ply": self.ply, "total": self.live_ply()}
        index = self.viewed_index()
        listed = entries(view.get("moves") or [])
        if index is not None and listed[index].get("ply") == self.ply:
            params["move"] = listed[index]["text"]
            return page.language.t("replay.viewing-move", params)
        return page.language.t("replay.viewing", params)

    def viewed_index(self) -> "int | None":
        """The move list's ply of the position shown: the one clicked, else the first that
        position belongs to."""
        if self.entry is not None and self.ply is not None:
            return self.entry
        return viewed_entry((self.page.view or {}).get("moves") or [], self.ply)

    def mark_moves(self) -> None:
        """The move list's ply of the position shown is marked (``aria-current``)."""
        index = self.viewed_index()
        for number, button in enumerate(dom.query_all("#move-list button.ply")):
            current = number == index
            button.classList.toggle("viewed", current)
            if current:
                button.setAttribute("aria-current", "step")
                button.scrollIntoView(dom.js_object({"block": "nearest"}))
            else:
                button.removeAttribute("aria-current")

    # ---- input --------------------------------------------------------------------------

    def bar_click(self, event: "Any") -> "Any":
        button = event.target.closest("button[data-step]")
        if button is None or button.disabled:
            return None
        step = dom.data(button, "step")
        if step == "live":
            self.leave()
            self.page.board.focus()
            return None
        return self.go(step)

    def move_click(self, event: "Any") -> "Any":
        button = event.target.closest("button.ply[data-ply]")
        if button is None:
            return None
        buttons = dom.query_all("#move-list button.ply")
        entry = None
        for number, each in enumerate(buttons):
            if dom.same(each, button):
                entry = number
        return self.go(int(dom.data(button, "ply") or "0"), entry)

    def chart_click(self, event: "Any") -> "Any":
        """A click on the evaluation chart: the position under the pointer; the result banner
        makes way for the board, the move list keeps the keyboard's focus."""
        svg = event.target.closest("svg")
        history = ((self.page.view or {}).get("evaluation") or {}).get("history") or []
        if svg is None or len(history) < 2:
            return None
        box = svg.getBoundingClientRect()
        width = float(box.width)
        across = (float(event.clientX) - float(box.left)) / width if width > 0 else 1.0
        # the drawing is CHART_WIDTH wide inside a margin of 4 on each side (its viewBox)
        fraction = (across * (CHART_WIDTH + 8) - 4) / CHART_WIDTH
        return self.go_from_result(chart_ply(fraction, len(history)))

    async def go_from_result(self, where: "Any") -> None:
        self.page.controls.close_result(focus=False)
        dom.by_id("move-list").focus()
        await self.go(where)
