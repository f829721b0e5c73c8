"""Replays on a game page: a click on a move of the list (or on the evaluation chart), the
arrow keys, Home and End show the position after that move, read-only, with a bar that says
which move is shown and leads back to the game; the result banner of a finished game makes
way meanwhile and comes back with the game. The engine draws the position (its ``position``
request); the game itself, its undo and redo, is never touched by looking. Which position a
key or a click means, and how the bar counts, is ``glue.navigation``'s (as the move list
counts: a Virus War turn is one move).

Made by glue.game with: ``Viewer(state: PageState, language: i18n.PageLanguage, board: Board,
computer: Computer, ask: Send, say:
Callable[[str], None], render: Callable[[], None])``: ``ask`` is the page's request whose reply
is not taken in (a position to look at), ``say`` speaks to screen readers (glue.panels),
``render`` draws the whole page (back to the live game)."""

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
    from collections.abc import Callable
    from typing import Any

    from glue.board import Board
    from glue.computer import Computer
    from glue.i18n import PageLanguage
    from glue.page_state import PageState, Send
    from pyengine.protocol import MoveRow, Position


class Viewer:
    def __init__(
        self,
        state: "PageState",
        language: "PageLanguage",
        board: "Board",
        computer: "Computer",
        ask: "Send",
        say: "Callable[[str], None]",
        render: "Callable[[], None]",
    ) -> None:
        self.state = state
        self.language = language
        self.board = board
        self.computer = computer
        self.ask = ask
        self.say = say
        self.render = render
        self.ply: int | None = None  # the position shown, None: the live game
        self.position: Position | None = None  # the engine's drawing of it
        self.entry: int | None = None  # the move clicked (moves may show the same position)
        self.wanted: int | None = None  # the position asked for and not drawn yet
        self.epoch = 0  # changes when the game does: a late position is dropped
        # called with the position drawn (None: the live game): the review's better move
        self.decorate: Callable[[int | None], None] | None = None
        dom.node("viewing-bar").on("click", self.bar_click)

    @property
    def active(self) -> bool:
        return self.ply is not None

    def live_ply(self) -> int:
        view = self.state.view
        return int(view.get("ply_count") or 0) if view is not None else 0

    def moves(self) -> "list[MoveRow]":
        """The live game's move list."""
        view = self.state.view
        return (view.get("moves") or []) if view is not None else []

    def history(self) -> "list[list[float]]":
        """The live game's winning chances after every action so far."""
        view = self.state.view
        evaluation = view.get("evaluation") if view is not None else None
        return (evaluation.get("history") or []) if evaluation else []

    async def go(self, where: "Any", entry: "int | None" = None) -> None:
        """Shows the position ``where`` names (navigation.view_target), or the live game
        (``entry``: the move of the list clicked for it)."""
        if self.state.view is None:
            return
        # keys pressed quickly step on from the position asked for last
        live = self.live_ply()
        stops = step_stops(self.moves(), live)
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
        reply = await self.ask({"op": "position", "ply": target})
        if epoch != self.epoch or not reply.get("ok"):
            return  # the game changed meanwhile (or the position is gone): stay as it is
        if self.wanted == target:
            self.wanted = None
        self.entry = entry
        self.ply = target
        self.position = reply["position"]
        self.draw()
        self.bring_into_view()
        self.say(self.describe())

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
            self.render()

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
        position = self.position
        bar = dom.node("viewing-bar")
        viewing = self.ply is not None and position is not None
        bar.show(viewing)
        board = self.board.element
        board.set_data("viewing", "true" if viewing else None)
        play_bar = dom.node("play-bar")
        if viewing:
            play_bar.set_attr("inert", "")
            dom.node("result").show(False)  # back with the game (panels.render_result)
        else:
            play_bar.set_attr("inert", None)
        self.mark_moves()
        if not viewing or position is None:
            if self.decorate is not None:
                self.decorate(None)
            return
        self.board.show_position(position)
        if self.decorate is not None:
            self.decorate(self.ply)
        self.board.render_extras(position.get("extras") or [], position.get("to_move"))
        dom.node("viewing-text").set_text(self.describe())
        dom.node("viewing-prev").enable(self.ply != 0)
        view = self.state.view
        history = self.history()
        if view is not None and self.ply is not None and self.ply < len(history):
            self.computer.render_evaluation(view, history[self.ply])
        self.computer.mark_chart(self.ply)

    def bring_into_view(self) -> None:
        """The bar and the board's middle on screen (on a phone the move list clicked is far
        below them): the bar scrolls to the top of the window when either is out of it."""
        bar = dom.node("viewing-bar")
        if bar.is_hidden():
            return
        height = dom.window_size()[1]
        _, top, _, bar_height = bar.rect()
        _, board_top, _, board_height = self.board.element.rect()
        middle = board_top + board_height / 2
        if top < 0 or top + bar_height > height or not 0 <= middle <= height:
            bar.scroll_into_view("start")

    def describe(self) -> str:
        """ "Viewing move 12 of 40: c2-d2", the bar's text, counted as the move list counts."""
        moves = self.moves()
        number, total = position_number(moves, self.ply or 0, self.entry)
        params: dict[str, Any] = {"ply": number, "total": total}
        index = self.viewed_index()
        listed = entries(moves)
        if index is not None and listed[index].get("ply") == self.ply:
            params["move"] = listed[index]["text"]
            return self.language.t("replay.viewing-move", params)
        return self.language.t("replay.viewing", params)

    def viewed_index(self) -> "int | None":
        """The move list's ply of the position shown: the one clicked, else the first that
        position belongs to."""
        if self.entry is not None and self.ply is not None:
            return self.entry
        return viewed_entry(self.moves(), self.ply)

    def mark_moves(self) -> None:
        """The move list's ply of the position shown is marked (``aria-current``) and scrolled
        into the list's view (the list only: the window stays where it is)."""
        index = self.viewed_index()
        listing = dom.node("move-list")
        for number, button in enumerate(listing.find_all("button.ply")):
            current = number == index
            button.set_class("viewed", current)
            if current:
                button.set_attr("aria-current", "step")
                _, box_top, _, box_height = listing.rect()
                _, top, _, height = button.rect()
                scrolled = listing.scroll_position()[1]
                if top < box_top:
                    listing.set_scroll(None, max(0.0, scrolled - (box_top - top)))
                elif top + height > box_top + box_height:
                    listing.set_scroll(None, scrolled + (top + height - box_top - box_height))
            else:
                button.set_attr("aria-current", None)

    # ---- input --------------------------------------------------------------------------

    def bar_click(self, event: "dom.Event") -> "Any":
        target = event.target
        button = target.closest("button[data-step]") if target is not None else None
        if button is None or not button.enabled():
            return None
        step = button.data("step")
        if step == "live":
            self.leave()
            self.board.focus()
            return None
        return self.go(step)

    def move_click(self, event: "dom.Event") -> "Any":
        target = event.target
        button = target.closest("button.ply[data-ply]") if target is not None else None
        if button is None:
            return None
        buttons = dom.node("move-list").find_all("button.ply")
        entry = None
        for number, each in enumerate(buttons):
            if each.same(button):
                entry = number
        return self.go(int(button.data("ply") or "0"), entry)

    def chart_click(self, event: "dom.Event") -> "Any":
        """A click on the evaluation chart: the position under the pointer; the result banner
        makes way for the board, the move list keeps the keyboard's focus."""
        target = event.target
        svg = target.closest("svg") if target is not None else None
        history = self.history()
        if svg is None or len(history) < 2:
            return None
        left, _, width, _ = svg.rect()
        across = (event.point[0] - left) / width if width > 0 else 1.0
        # the drawing is CHART_WIDTH wide inside a margin of 4 on each side (its viewBox)
        fraction = (across * (CHART_WIDTH + 8) - 4) / CHART_WIDTH
        return self.go_from_result(chart_ply(fraction, len(history)))

    async def go_from_result(self, where: "Any") -> None:
        """From the result banner's chart: the move list takes the keyboard's focus (the
        banner makes way while a position is viewed, glue.viewer's draw)."""
        dom.node("move-list").focus(keep_scroll=True)
        await self.go(where)
