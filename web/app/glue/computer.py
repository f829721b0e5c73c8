"""Computer players, hints and the evaluation on a game page.

Computer players (``view.seats``) decide through the engine's ``bot`` request, one decision at
a time, thinking in slices of SLICE_MS (each reply says how far the search got; the page shows
it and may pause). A person may ask for a hint (the ``hint`` request, the same slices): the
suggested action's cells and two alternatives are highlighted until the next action. The
evaluation bar shows each seat's chances (``view.evaluation``), and the result banner charts
them over the game.
"""

from glue import dom
from glue.navigation import chart_x, position_number
from glue.seats import HUMAN
from glue.views import chart_lines, evaluation_segments, hint_parts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.game import GamePage
    from pyengine.protocol import View

# How long the engine thinks per request: short enough that a new game or an undo is taken at
# once, long enough that the messages cost little.
SLICE_MS = 50
EVAL_KEY = "virus-games.evaluation-bar"  # localStorage: "on" when the bar is shown
CHART_WIDTH = 300  # the result chart's drawing, in its own units
CHART_HEIGHT = 90


def bot_delay_ms() -> int:
    """A computer's decisions are spaced so that people can follow them (?fast=1: at once)."""
    return 0 if dom.url_parameter("fast") == "1" else 400


class Computer:
    def __init__(self, page: "GamePage") -> None:
        self.page = page
        # One pending timer or request at a time; the epoch changes with every new or loaded
        # game, undo or pause, so a decision planned for the old situation is dropped.
        self.waiting = False  # a decision is scheduled (the pause before it)
        self.asking = False  # a `bot` request is on its way
        self.epoch = 0
        self.halted = False  # a bot request failed: wait for the player
        self.paused = False  # the pause button: no computer decision until resumed
        self.thinking: dict[str, Any] | None = None  # the latest progress of a search
        self.thinking_replies = 0  # how many "still thinking" replies came (tests)
        # Hints: the suggestion shown ({key, actions}; key = game and ply it belongs to).
        self.hint: dict[str, Any] | None = None
        self.hint_epoch = 0
        self.hint_busy = False
        self.eval_shown = dom.setting(EVAL_KEY) == "on"

    def busy(self) -> bool:
        return self.asking or self.waiting

    # ---- computer players ---------------------------------------------------------------------

    def stop(self) -> None:
        self.epoch += 1
        self.waiting = False
        self.halted = False
        if self.thinking is not None and self.thinking.get("purpose") == "bot":
            self.thinking = None

    def schedule(self) -> None:
        """After every reply: if a computer player decides now, ask the engine for its decision
        (after a short pause). Never two at once; a failed request halts the loop until the
        next game or undo; the pause button holds it."""
        page = self.page
        if self.waiting or self.asking or self.halted or page.undoing or self.paused:
            return
        if not page.bot_to_move():
            return
        self.waiting = True
        dom.spawn(self.after_pause(self.epoch), "computer player")

    async def after_pause(self, epoch: int) -> None:
        await dom.sleep_ms(bot_delay_ms())
        if epoch != self.epoch:
            return  # stopped meanwhile (whoever stopped it schedules again)
        self.waiting = False
        await self.run(epoch)

    async def run(self, epoch: int) -> None:
        """The computer's decision: `bot` requests of SLICE_MS each until the engine has played,
        showing the search's progress between them."""
        page = self.page
        if epoch != self.epoch or page.inflight > 0 or self.paused or not page.bot_to_move():
            return  # another request on its way (or another game): its reply schedules again
        self.asking = True
        reply = None
        try:
            while True:
                reply = await page.ask({"op": "bot", "slice_ms": SLICE_MS})
                if epoch != self.epoch or not reply.get("thinking"):
                    break
                self.thinking_replies += 1
                self.thinking = dict(reply["thinking"])
                self.render_thinking()
                if self.paused:
                    break
        finally:
            self.asking = False
        if epoch == self.epoch and reply is not None and not reply.get("thinking"):
            self.thinking = None
            self.drop_hint()
            page.receive({"op": "bot"}, reply)
            if not reply.get("ok"):
                self.halted = True
        self.schedule()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.epoch += 1
            self.waiting = False
        if self.page.view is not None:
            self.render(self.page.view)
        self.schedule()

    # ---- hints ----------------------------------------------------------------------------------

    def human_to_move(self) -> bool:
        page = self.page
        view = page.view
        return (
            view is not None
            and not view.get("result")
            and not view.get("setup")
            and view.get("to_move") is not None
            and not page.is_bot_seat(view.get("to_move"))
            and page.secrets.handover_seat is None
        )

    def hint_key(self) -> str:
        view = self.page.view
        return str(self.page.generation) + ":" + str(None if view is None else view["ply_count"])

    def current_hint(self) -> "dict[str, Any] | None":
        hint = self.hint
        return hint if hint is not None and hint["key"] == self.hint_key() else None

    def drop_hint(self) -> None:
        self.hint_epoch += 1
        self.hint_busy = False
        if self.thinking is not None and self.thinking.get("purpose") == "hint":
            self.thinking = None
        self.hint = None

    async def request_hint(self) -> None:
        """The `hint` request in slices, like the computer's own decisions; any other request
        (a click, undo, a new game) drops it."""
        page = self.page
        if not self.human_to_move() or self.hint_busy or page.view is None:
            return
        self.hint_epoch += 1
        epoch = self.hint_epoch
        key = self.hint_key()
        self.hint_busy = True
        self.thinking = {"purpose": "hint", "seat": page.view["to_move"], "progress": 0}
        self.render(page.view)
        while True:
            reply = await page.ask({"op": "hint", "slice_ms": SLICE_MS})
            if epoch != self.hint_epoch:
                return
            if not reply.get("thinking"):
                break
            self.thinking_replies += 1
            self.thinking = dict(reply["thinking"])
            self.render_thinking()
        self.hint_busy = False
        self.thinking = None
        hint = reply.get("hint") if reply.get("ok") else None
        self.hint = {"key": key, "actions": hint["actions"]} if hint else None
        page.receive({"op": "hint"}, reply)

    # ---- what the page shows --------------------------------------------------------------------

    def player_of(self, view: "View") -> "Any":
        """The deciding player as a message (Fight the Virus's view.turn names them), or None."""
        turn = view.get("turn")
        player = (turn.get("params") or {}).get("player") if turn else None
        return player if isinstance(player, dict) else None

    def seat_name(self, seat: int) -> str:
        language = self.page.language
        view = self.page.view
        players = [] if view is None else view.get("players") or []
        if 0 <= seat < len(players) and players[seat]:
            return language.message(players[seat])
        return language.t("play.seat-label", {"number": seat + 1})

    def has_computer_seats(self, view: "View") -> bool:
        seats = view.get("seats") or []
        evaluation = view.get("evaluation")
        chances = (evaluation.get("chances") if evaluation else None) or []
        players = len(chances) or len(view.get("scores") or []) or len(seats)
        return any(kind != HUMAN for kind in seats[:players])

    def render(self, view: "View") -> None:
        """The thinking line, the hint button and text, the pause button, the evaluation bar,
        the result chart and the Resign button (glue.controls)."""
        language = self.page.language
        pause = dom.node("bot-pause")
        pause.show(self.has_computer_seats(view) and not view.get("result"))
        pause.set_attr("aria-pressed", "true" if self.paused else "false")
        pause.set_text(language.t("play.resume" if self.paused else "play.pause"))
        button = dom.node("hint")
        button.show(self.human_to_move())
        button.enable(not self.hint_busy)
        text = dom.node("hint-text")
        shown = self.current_hint()
        text.show(shown is not None)
        if shown is not None:
            best, others = hint_parts(shown["actions"])
            if best is None:
                parts = [language.t("play.hint-none")]
            else:
                parts = [language.t("play.hint-best", {"action": best})]
            if others:
                parts.append(language.t("play.hint-alternatives", {"actions": ", ".join(others)}))
            text.set_text(" · ".join(parts))
        self.render_thinking()
        self.render_evaluation(view)
        self.render_chart(view)
        self.page.controls.render_resign(view)  # like the hint: for the person to act

    def render_thinking(self) -> None:
        page = self.page
        view = page.view
        box = dom.node("thinking")
        bot = view is not None and page.bot_to_move()
        thinking = self.thinking
        hinting = thinking is not None and thinking.get("purpose") == "hint" and self.hint_busy
        box.show(bot or hinting)
        box.set_data("purpose", "hint" if hinting else "bot")
        box.set_class("paused", bool(bot and self.paused))
        if not (bot or hinting) or view is None:
            return
        language = page.language
        if hinting:
            label = language.t("play.hint-thinking")
        elif self.paused:
            label = language.t("play.paused")
        else:
            player = self.player_of(view)
            if player is None:
                player = self.seat_name(view["to_move"] or 0)  # a computer's turn: a seat
            label = language.t("play.thinking", {"player": player})
        dom.node("thinking-text").set_text(label)
        progress = 0
        if thinking is not None and (hinting or thinking.get("seat") == view.get("to_move")):
            progress = thinking.get("progress") or 0
        dom.node("thinking-progress").set_value(round(100 * progress))

    def toggle_evaluation(self) -> None:
        self.eval_shown = not self.eval_shown
        dom.keep_setting(EVAL_KEY, "on" if self.eval_shown else "off")
        if self.page.view is not None:
            self.render_evaluation(self.page.view)

    def render_evaluation(self, view: "View", chances: "list[float] | None" = None) -> None:
        """The evaluation bar (the toggle, remembered in this browser): one segment per seat in
        its colour, as wide as its chance, and the chances as text (``chances``: those of an
        earlier position, glue.viewer)."""
        bar = dom.node("eval-bar")
        evaluation = view.get("evaluation")
        dom.node("eval-toggle").set_attr("aria-pressed", "true" if self.eval_shown else "false")
        shown = self.eval_shown and bool(evaluation) and not view.get("setup")
        bar.show(shown)
        if not shown or not evaluation:
            return
        if chances is None:
            chances = evaluation["chances"]
        parts = []
        for seat, x, width in evaluation_segments(chances):
            attributes: dict[str, Any] = {"x": x, "y": 0, "width": width, "height": 8}
            if seat is None:
                attributes["class"] = "eval-rest"
            else:
                attributes["class"] = "eval-seg"
                attributes["data-seat"] = seat
                attributes["data-tint"] = seat % 6
            parts.append(dom.make_svg("rect", attributes))
        dom.node("eval-svg").replace_children(parts)
        bar.set_data("source", evaluation.get("source") or "")
        dom.node("eval-legend").set_text(self.chance_text(chances))

    def chance_text(self, chances: "list[float]") -> str:
        language = self.page.language
        texts = []
        for seat, chance in enumerate(chances):
            percent = round(chance * 100)
            texts.append(
                language.t(
                    "play.evaluation-seat", {"player": self.seat_name(seat), "percent": percent}
                )
            )
        return " · ".join(texts)

    def render_chart(self, view: "View") -> None:
        """On the result banner: the seats' chances after every action, one line per seat. The
        chart is a slider over the game's positions: a click or the arrow keys show the
        position at that point (glue.viewer)."""
        figure = dom.node("result-chart")
        evaluation = view.get("evaluation")
        history = (evaluation.get("history") if evaluation else None) or []
        charted = bool(view.get("result")) and len(history) >= 2
        figure.show(charted)
        if not charted:
            return
        language = self.page.language
        width = CHART_WIDTH
        height = CHART_HEIGHT
        svg = dom.make_svg(
            "svg",
            {
                "class": "chart",
                "viewBox": "-4 -4 " + str(width + 8) + " " + str(height + 8),
                "role": "slider",
                "tabindex": 0,
                "aria-valuemin": 0,
                "aria-valuemax": len(history) - 1,
                "aria-valuenow": len(history) - 1,
                "aria-label": language.t(
                    "play.chart-label", {"chances": self.chance_text(history[-1])}
                ),
            },
        )
        svg.append(
            dom.make_svg(
                "rect", {"class": "chart-frame", "x": 0, "y": 0, "width": width, "height": height}
            )
        )
        middle = height / 2
        svg.append(
            dom.make_svg(
                "line", {"class": "chart-even", "x1": 0, "x2": width, "y1": middle, "y2": middle}
            )
        )
        lines = chart_lines(history, width, height)
        for seat, points in enumerate(lines):
            attributes = {
                "class": "chart-line",
                "points": points,
                "data-seat": seat,
                "data-tint": seat % 6,
            }
            svg.append(dom.make_svg("polyline", attributes))
        svg.append(dom.make_svg("line", {"class": "chart-mark", "y1": 0, "y2": height}))
        caption = dom.make("figcaption", "", language.t("play.chart-title"))
        for seat in range(len(lines)):  # the key: each seat's line colour
            key = dom.make("span", "chart-key", self.seat_name(seat))
            key.set_data("seat", seat)
            key.set_data("tint", seat % 6)
            caption.append_text(" ")
            caption.append(key)
        figure.replace_children([svg, caption])
        self.mark_chart(None)

    def mark_chart(self, ply: "int | None") -> None:
        """The chart's mark and value: the position viewed (None: the end of the game)."""
        svg = dom.find("#result-chart svg")
        view = self.page.view
        evaluation = None if view is None else view.get("evaluation")
        history = (evaluation.get("history") if evaluation else None) or []
        if svg is None or view is None or not history:
            return
        last = len(history) - 1
        shown = last if ply is None else min(ply, last)
        svg.set_attr("aria-valuenow", shown)
        moves = view.get("moves") or []
        number, total = position_number(moves, shown)  # as the move list counts
        text = self.page.language.t("replay.chart-value", {"ply": number, "total": total})
        svg.set_attr("aria-valuetext", text)
        mark = svg.find(".chart-mark")
        if mark is None:
            return
        x = chart_x(shown, len(history), CHART_WIDTH)
        mark.set_attr("x1", x)
        mark.set_attr("x2", x)
