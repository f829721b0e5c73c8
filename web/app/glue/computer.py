"""Computer players, hints and the evaluation on a game page.

Computer players (``view.seats``) decide through the engine's ``bot`` request, one decision at
a time, thinking in slices of SLICE_MS (each reply says how far the search got; the page shows
it and may pause). A person may ask for a hint (the ``hint`` request, the same slices): the
suggested action's cells and two alternatives are highlighted until the next action. The
evaluation bar shows each seat's chances (``view.evaluation``), and the result banner charts
them over the game: the evaluation's, or the review's once the game shown has one
(``Computer.reviewed``, set by glue.review_panel), so that both charts show the same numbers.
"""

from glue import dom, page_state
from glue.navigation import chart_x, position_number
from glue.seats import HUMAN
from glue.views import chart_lines, evaluation_segments, hint_parts, player_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from glue.i18n import PageLanguage
    from glue.page_state import PageState, Send
    from pyengine.protocol import Request, View


EVAL_KEY = "virus-games.evaluation-bar"  # localStorage: "on" when the bar is shown
CHART_WIDTH = 300  # the result chart's drawing, in its own units
CHART_HEIGHT = 90


def bot_delay_ms() -> int:
    """A computer's decisions are spaced so that people can follow them (?fast=1: at once)."""
    return 0 if dom.url_parameter("fast") == "1" else 400


class Computer:
    """Runs the computer's decisions and the hints (the transitions are glue.page_state's) and
    draws the thinking line, the hint, the pause button, the evaluation bar and the chart.

    Made by glue.game with: the page's state, its language, ``ask`` (one request, its reply),
    ``take`` (a reply taken in as the page's, glue.game's ``receive``) and ``render_resign``
    (the Resign button, glue.controls)."""

    def __init__(
        self,
        state: "PageState",
        language: "PageLanguage",
        ask: "Send",
        take: "Callable[[Request, dict[str, Any]], None]",
        render_resign: "Callable[[View], None]",
    ) -> None:
        self.state = state
        self.language = language
        self.ask = ask
        self.take = take
        self.render_resign = render_resign
        self.eval_shown = dom.setting(EVAL_KEY) == "on"
        # the review's chances at every position of the game shown, when it has a review
        self.reviewed: list[list[float]] | None = None

    def busy(self) -> bool:
        return self.state.asking or self.state.waiting

    # ---- computer players ---------------------------------------------------------------------

    def schedule(self) -> None:
        """After every reply: if a computer player decides now, its decision is asked for after
        a short pause (page_state.schedule_bot)."""
        if page_state.schedule_bot(self.state):
            dom.spawn(self.after_pause(self.state.epoch), "computer player")

    async def after_pause(self, epoch: int) -> None:
        await dom.sleep_ms(bot_delay_ms())
        if epoch != self.state.epoch:
            return  # stopped meanwhile (whoever stopped it schedules again)
        self.state.waiting = False
        await self.run(epoch)

    async def run(self, epoch: int) -> None:
        """The computer's decision: `bot` requests of page_state.SLICE_MS each until the engine
        has played, showing the search's progress between them."""
        state = self.state
        request = page_state.bot_request(state, epoch)
        if request is None:
            return  # another request on its way (or another game): its reply schedules again
        state.asking = True
        reply = None
        try:
            while True:
                reply = await self.ask(request)
                if epoch != state.epoch or not reply.get("thinking"):
                    break
                page_state.take_thinking(state, reply)
                self.render_thinking()
                if state.paused:
                    break
        finally:
            state.asking = False
        if page_state.bot_decided(state, epoch, reply) and reply is not None:
            self.take(request, reply)
        self.schedule()

    def toggle_pause(self) -> None:
        page_state.toggle_pause(self.state)
        if self.state.view is not None:
            self.render(self.state.view)
        self.schedule()

    # ---- hints ----------------------------------------------------------------------------------

    async def request_hint(self) -> None:
        """The `hint` request in slices, like the computer's own decisions; any other request
        (a click, undo, a new game) drops it."""
        state = self.state
        epoch = page_state.start_hint(state)
        if epoch is None or state.view is None:
            return
        key = page_state.hint_key(state)
        self.render(state.view)
        while True:
            reply = await self.ask({"op": "hint", "slice_ms": page_state.SLICE_MS})
            if epoch != state.hint_epoch:
                return
            if not reply.get("thinking"):
                break
            page_state.take_thinking(state, reply)
            self.render_thinking()
        page_state.hint_done(state, key, reply)
        self.take({"op": "hint"}, reply)

    # ---- what the page shows --------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        language = self.language
        view = self.state.view
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
        language = self.language
        state = self.state
        pause = dom.node("bot-pause")
        pause.show(self.has_computer_seats(view) and not view.get("result"))
        pause.set_attr("aria-pressed", "true" if state.paused else "false")
        pause.set_text(language.t("play.resume" if state.paused else "play.pause"))
        button = dom.node("hint")
        button.show(page_state.human_to_move(state))
        button.enable(not state.hint_busy)
        text = dom.node("hint-text")
        shown = page_state.current_hint(state)
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
        self.render_resign(view)  # like the hint: for the person to act

    def render_thinking(self) -> None:
        state = self.state
        view = state.view
        box = dom.node("thinking")
        bot = page_state.bot_to_move(view)
        hinting = page_state.hinting(state)
        box.show(bot or hinting)
        box.set_data("purpose", "hint" if hinting else "bot")
        box.set_class("paused", bool(bot and state.paused))
        if not (bot or hinting) or view is None:
            return
        language = self.language
        if hinting:
            label = language.t("play.hint-thinking")
        elif state.paused:
            label = language.t("play.paused")
        else:
            player: Any = player_of(view)
            if player is None:
                player = self.seat_name(view["to_move"] or 0)  # a computer's turn: a seat
            label = language.t("play.thinking", {"player": player})
        dom.node("thinking-text").set_text(label)
        progress = page_state.thinking_progress(state)
        dom.node("thinking-progress").set_value(round(100 * progress))

    def toggle_evaluation(self) -> None:
        self.eval_shown = not self.eval_shown
        dom.keep_setting(EVAL_KEY, "on" if self.eval_shown else "off")
        if self.state.view is not None:
            self.render_evaluation(self.state.view)

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
        language = self.language
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
        history = self.chart_history(view)
        charted = bool(view.get("result")) and len(history) >= 2
        figure.show(charted)
        if not charted:
            return
        language = self.language
        label = language.t("play.chart-label", {"chances": self.chance_text(history[-1])})
        slider = {
            "role": "slider",
            "tabindex": 0,
            "aria-valuemin": 0,
            "aria-valuemax": len(history) - 1,
            "aria-valuenow": len(history) - 1,
            "aria-label": label,
        }
        svg = chart_svg(history, slider)
        svg.append(dom.make_svg("line", {"class": "chart-mark", "y1": 0, "y2": CHART_HEIGHT}))
        caption = dom.make("figcaption", "", language.t("play.chart-title"))
        for seat in range(len(history[-1])):  # the key: each seat's line colour
            key = dom.make("span", "chart-key", self.seat_name(seat))
            key.set_data("seat", seat)
            key.set_data("tint", seat % 6)
            caption.append_text(" ")
            caption.append(key)
        figure.replace_children([svg, caption])
        self.mark_chart(None)

    def chart_history(self, view: "View") -> "list[list[float]]":
        """The result chart's chances at every position: the review's when the game shown has
        one (as many positions as the evaluation's), else the evaluation's history."""
        evaluation = view.get("evaluation")
        history = (evaluation.get("history") if evaluation else None) or []
        reviewed = self.reviewed
        if reviewed is not None and len(reviewed) == len(history):
            return reviewed
        return history

    def mark_chart(self, ply: "int | None") -> None:
        """The chart's mark and value: the position viewed (None: the end of the game)."""
        svg = dom.find("#result-chart svg")
        view = self.state.view
        history = [] if view is None else self.chart_history(view)
        if svg is None or view is None or not history:
            return
        last = len(history) - 1
        shown = last if ply is None else min(ply, last)
        svg.set_attr("aria-valuenow", shown)
        moves = view.get("moves") or []
        number, total = position_number(moves, shown)  # as the move list counts
        text = self.language.t("replay.chart-value", {"ply": number, "total": total})
        svg.set_attr("aria-valuetext", text)
        mark = svg.find(".chart-mark")
        if mark is None:
            return
        x = chart_x(shown, len(history), CHART_WIDTH)
        mark.set_attr("x1", x)
        mark.set_attr("x2", x)


def chart_svg(history: "list[list[float]]", attributes: "dict[str, Any]") -> "dom.Element":
    """A chart of every seat's chances after each action (``history``, two positions or more):
    its frame, the even line and a line per seat, CHART_WIDTH by CHART_HEIGHT inside a margin
    of 4; ``attributes`` go on the svg element."""
    width = CHART_WIDTH
    height = CHART_HEIGHT
    element = {"class": "chart", "viewBox": "-4 -4 " + str(width + 8) + " " + str(height + 8)}
    element.update(attributes)
    svg = dom.make_svg("svg", element)
    frame = {"class": "chart-frame", "x": 0, "y": 0, "width": width, "height": height}
    svg.append(dom.make_svg("rect", frame))
    even = {"class": "chart-even", "x1": 0, "x2": width, "y1": height / 2, "y2": height / 2}
    svg.append(dom.make_svg("line", even))
    for seat, points in enumerate(chart_lines(history, width, height)):
        line = {"class": "chart-line", "points": points, "data-seat": seat, "data-tint": seat % 6}
        svg.append(dom.make_svg("polyline", line))
    return svg
