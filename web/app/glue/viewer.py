"""Replays on a game page: a click on a move of the list (or on the evaluation chart), the
arrow keys, Home and End show the position after that move, read-only, with a bar that says
which move is shown and leads back to the game; the result banner of a finished game makes
way meanwhile and comes back with the game. The engine draws the position (its ``position``
request); the game itself, its undo and redo, is never touched by looking. Which position a
key or a click means, and how the bar counts, is ``glue.navigation``'s (as the move list
counts: a Virus War turn is one move)."""

from glue import dom
from glue.computer import CHART_WIDTH
from glue.navigation import (
    chart_ply,
    entries,
    position_number,
    step_stops,
    view_target,
    viewed_entry,
)

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
        live = self.live_ply()
        stops = step_stops(page.view.get("moves") or [], live)
        target = view_target(self.ply if self.wanted is None else self.wanted, live, where, stops)
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
        self.bring_into_view()
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
            dom.by_id("result").hidden = True  # back with the game (panels.render_result)
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

    def bring_into_view(self) -> None:
        """The bar and the board's middle on screen (on a phone the move list clicked is far
        below them): the bar scrolls to the top of the window when either is out of it."""
        bar = dom.by_id("viewing-bar")
        if bar.hidden:
            return
        height = float(dom.window.innerHeight)
        shown = bar.getBoundingClientRect()
        board = self.page.board.element.getBoundingClientRect()
        middle = (float(board.top) + float(board.bottom)) / 2
        if float(shown.top) < 0 or float(shown.bottom) > height or not 0 <= middle <= height:
            bar.scrollIntoView(dom.js_object({"block": "start"}))

    def describe(self) -> str:
        """ "Viewing move 12 of 40: c2-d2", the bar's text, counted as the move list counts."""
        page = self.page
        view = page.view or {}
        moves = view.get("moves") or []
        number, total = position_number(moves, self.ply or 0, self.entry)
        params = {"ply": number, "total": total}
        index = self.viewed_index()
        listed = entries(moves)
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
        """The move list's ply of the position shown is marked (``aria-current``) and scrolled
        into the list's view (the list only: the window stays where it is)."""
        index = self.viewed_index()
        listing = dom.by_id("move-list")
        for number, button in enumerate(dom.query_all("#move-list button.ply")):
            current = number == index
            button.classList.toggle("viewed", current)
            if current:
                button.setAttribute("aria-current", "step")
                box = listing.getBoundingClientRect()
                shown = button.getBoundingClientRect()
                if float(shown.top) < float(box.top):
                    listing.scrollTop -= float(box.top) - float(shown.top)
                elif float(shown.bottom) > float(box.bottom):
                    listing.scrollTop += float(shown.bottom) - float(box.bottom)
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
        """From the result banner's chart: the move list takes the keyboard's focus (the
        banner makes way while a position is viewed, glue.viewer's draw)."""
        dom.by_id("move-list").focus(dom.js_object({"preventScroll": True}))
        await self.go(where)
