"""The computer's review on a game page (the side panel's "Computer review", ``#review``).

"Review this game" (there, and on the result banner) sends the engine's ``review`` request in
slices of ``SLICE_MS`` until the review comes back: the worker does the work, the page only
shows the progress, and any other request (a position to look at, the computer's move) goes
between two slices. The review is saved with the game (``SavedGames.attach``) and shown
whenever the page shows that game again, as long as it is still the game reviewed
(``reviews.fits``). What it shows: each player's accuracy and marks, a chart of the review's
chances with the moves worth a look marked (also on the result banner's chart), those moves'
symbols in the move list, and the list of those moves. Selecting one shows the position
before it (glue.viewer) with the move played and the computer's better move highlighted on
the board and their chances, and "Try from here" starts a new game from that position against
the computer or a friend, saved apart: the reviewed game stays as it is, one click away
("Back to the reviewed game").

Made by glue.game (``GamePage.review_panel``) when a game with a saved review is shown or
"Review this game" is clicked; it lives in the extra glue (glue-extra.bundle)."""

import json

from glue import dom, opening
from glue.computer import CHART_HEIGHT, CHART_WIDTH, chart_svg
from glue.page_state import review_offered
from glue.reviews import (
    MARKS,
    SYMBOLS,
    chart_marks,
    clean_review,
    fits,
    marked_from,
    move_at,
    move_marks,
    percent,
    review_history,
    shown_plies,
    summaries,
    try_seats,
    worth_a_look,
)
from glue.saved import MAX_DOCUMENT_CHARS, read_json
from glue.starts import LEVEL_KEY, chosen_level, flipped_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.opening import PageOpening

SLICE_MS = 50  # the engine's work per review request


class ReviewPanel:
    def __init__(self, page: "PageOpening | Any") -> None:
        self.page = page
        self.state = page.state
        self.language = page.language
        self.review: dict[str, Any] | None = None  # the review of the game shown
        self.slot: str | None = None  # the saved game the review was read for
        self.tried_from: str | None = None  # the reviewed game it was tried from, if it was
        self.running = False
        self.run = 0  # counts the runs started and stopped: a reply is taken by its own run
        self.progress = (0, 0)  # moves judged, moves to judge
        self.selected: int | None = None  # the move (entry) whose better move is shown
        # the review whose summary, chart and list are drawn, and in which language
        self.drawn: tuple[Any, str] | None = None
        page.viewer.decorate = self.decorate
        dom.node("review").on("click", self.clicked)

    # ---- the review of the game shown ----------------------------------------------------

    def current(self) -> "dict[str, Any] | None":
        """The review of the game on the page: read from storage when the game changed, and
        only while it is still the game reviewed."""
        state = self.state
        view = state.view
        if state.slot != self.slot:
            self.slot = state.slot
            self.selected = None
            self.review = None
            saved = self.page.saved
            self.tried_from = None if state.slot is None else saved.attached("tried", state.slot)
            text = None if state.slot is None else saved.attached("review", state.slot)
            if text is not None:
                self.review = clean_review(read_json(text, MAX_DOCUMENT_CHARS), state.game)
        if self.review is None or view is None or not fits(self.review, view):
            return None
        return self.review

    async def start(self) -> None:
        """Reviews the game on the page, slice by slice; stops when the game changes."""
        state = self.state
        if self.running or state.view is None:
            return
        slot = state.slot
        generation = state.generation
        self.run += 1  # a stopped review's late reply is dropped
        run = self.run
        self.running = True
        self.progress = (0, 0)
        self.render()
        dom.node("review").scroll_into_view("nearest")
        self.page.say(self.language.t("review.started"))  # the progress itself is not live
        problem = None
        try:
            while self.running:
                reply = await self.page.ask({"op": "review", "slice_ms": SLICE_MS})
                if run != self.run:
                    return  # stopped (and maybe started again): that run goes on
                if state.generation != generation or state.slot != slot:
                    break  # another game: nothing to show
                if not reply.get("ok"):
                    error = reply.get("error") or {}
                    problem = error.get("message") or error.get("code") or "?"
                    break
                if "reviewing" in reply:
                    reviewing = reply["reviewing"]
                    self.progress = (reviewing["judged"], reviewing["total"])
                    self.render_progress()
                    continue
                review = clean_review(reply.get("review"), state.game)
                view = state.view
                if review is None or view is None or not fits(review, view):
                    break  # the game moved on meanwhile: the button offers it again
                self.review = review
                if slot is not None:
                    self.page.saved.attach("review", slot, json.dumps(review))
                self.page.say(self.summary_text(review))
                break
        finally:
            if run == self.run:
                self.running = False
        self.render()
        focus = dom.focused()  # the button pressed went (the focus then falls to the body)
        lost = focus is None or focus.tag() == "body" or focus.closest("[hidden]") is not None
        if lost and state.last_input == "keyboard":
            # the first move worth a look, else the review (or the button, shown again)
            first = dom.find("#review-moves button")
            body = dom.node("review-body")
            target = first if first is not None else body
            (dom.node("review-start") if body.is_hidden() else target).focus()
        if problem is not None:
            self.page.show_message({"key": "review.failed", "params": {"reason": problem}}, "error")

    def stop(self) -> None:
        self.run += 1
        self.running = False
        self.render()

    # ---- drawing ---------------------------------------------------------------------------

    def render(self) -> None:
        """The panel as the game shown and its review are: the button, the progress, the
        review, the way back; and the review's marks on the move list and the result chart."""
        state = self.state
        review = self.current()
        offered = review_offered(state)
        trying = self.tried_from is not None
        dom.node("review").show(offered or review is not None or self.running or trying)
        startable = offered and review is None and not self.running
        dom.node("review-intro").show(startable)
        dom.node("review-start").show(startable)
        dom.node("result-review").show(startable)
        dom.node("review-progress").show(self.running)
        dom.node("review-back").show(trying)
        dom.node("review-body").show(review is not None)
        dom.node("review-try-computer").show(bool(self.computer_levels()))
        if self.running:
            self.render_progress()
        drawn = (review, self.language.language)  # drawn again in another language
        if self.drawn is None or drawn[0] is not self.drawn[0] or drawn[1] != self.drawn[1]:
            self.drawn = drawn
            if review is not None:
                self.render_review(review)
        self.mark_moves(review)
        self.mark_result_chart(review)
        self.render_detail()

    def render_progress(self) -> None:
        judged, total = self.progress
        text = self.language.t("review.progress", {"judged": judged, "count": total})
        dom.node("review-progress-text").set_text(text)
        bar = dom.node("review-progress-bar")
        bar.set_attr("max", max(total, 1))
        bar.set_attr("value", judged)

    def render_review(self, review: "dict[str, Any]") -> None:
        self.render_summary(review)
        self.render_chart(review)
        moves = worth_a_look(review)
        dom.node("review-none").show(not moves)
        items = []
        for move in moves:
            item = dom.make("li")
            button = dom.make("button", "review-move review-" + move["mark"])
            button.set_attr("type", "button")
            button.set_data("index", move["index"])
            button.set_text(self.move_label(move))
            item.append(button)
            items.append(item)
        dom.node("review-moves").replace_children(items)

    def render_summary(self, review: "dict[str, Any]") -> None:
        t = self.language.t
        head = dom.make("tr")
        for key in ("review.head.player", "review.head.accuracy"):
            head.append(header(t(key)))
        for name in MARKS:  # the symbol, named for screen readers and on hover
            cell = header(SYMBOLS[name])
            cell.set_attr("title", t("review.head." + name))
            cell.set_attr("aria-label", t("review.head." + name))
            cell.set_class("review-" + name)
            head.append(cell)
        rows = [head]
        for summary in summaries(review):
            row = dom.make("tr")
            player = header(self.seat_name(summary["seat"]), "row")
            player.set_data("seat", summary["seat"])
            player.set_data("tint", summary["seat"] % 6)
            row.append(player)
            accuracy = summary["accuracy"]
            shown = "–" if accuracy is None else t("review.percent", {"percent": accuracy})
            row.append(dom.make("td", "", shown))
            for mark, count in summary["counts"]:
                row.append(dom.make("td", "review-" + mark if count else "", str(count)))
            rows.append(row)
        dom.node("review-summary").replace_children(rows)

    def render_chart(self, review: "dict[str, Any]") -> None:
        """The review's chances over the game, a line per seat, the moves worth a look marked
        on their mover's line (a picture: the list below is the way to each move)."""
        view = self.state.view
        if view is None:
            return
        history = review_history(review, (view.get("ply_count") or 0) + 1)
        figure = dom.node("review-chart")
        figure.show(len(history) >= 2)
        if len(history) < 2:
            return
        svg = chart_svg(history, {"aria-hidden": "true"})
        shown = shown_plies(view.get("moves") or [])
        for mark in chart_marks(review, history, CHART_WIDTH, CHART_HEIGHT, shown):
            svg.append(mark_dot(mark))
        caption = dom.make("figcaption", "", self.language.t("review.chart-title"))
        figure.replace_children([svg, caption])

    def mark_moves(self, review: "dict[str, Any] | None") -> None:
        """The move list's marked moves: their colour and symbol ("??"), and the mark's name
        for screen readers (only the marked buttons are touched: the list can be long)."""
        listing = dom.node("move-list")
        for old in listing.find_all(".review-symbol, .review-said"):
            old.remove()
        for button in listing.find_all(".review-inaccuracy, .review-mistake, .review-blunder"):
            for name in MARKS:
                button.set_class("review-" + name, False)
        marks = {} if review is None else move_marks(review)
        if not marks:
            return
        buttons = listing.find_all("button.ply")
        for index in marks:
            if index >= len(buttons):
                continue
            mark = marks[index]
            button = buttons[index]
            button.set_class("review-" + mark)
            symbol = dom.make("span", "review-symbol", SYMBOLS[mark])
            symbol.set_attr("aria-hidden", "true")
            button.append(symbol)
            said = ", " + self.language.t("review.class." + mark)
            button.append(dom.make("span", "review-said visually-hidden", said))

    def mark_result_chart(self, review: "dict[str, Any] | None") -> None:
        """The result banner's chart: drawn from the review's chances while the game shown has
        a review (the same lines as the review's chart), the moves worth a look marked."""
        view = self.state.view
        computer = self.page.computer
        history = None
        if review is not None and view is not None:
            history = review_history(review, (view.get("ply_count") or 0) + 1)
        if history != computer.reviewed:
            computer.reviewed = history
            if view is not None:
                computer.render_chart(view)
        svg = dom.find("#result-chart svg")
        if svg is None:
            return
        for old in svg.find_all(".review-mark"):
            old.remove()
        if review is None or view is None:
            return
        shown = shown_plies(view.get("moves") or [])
        charted = computer.chart_history(view)
        for mark in chart_marks(review, charted, CHART_WIDTH, CHART_HEIGHT, shown):
            svg.append(mark_dot(mark))

    def render_detail(self) -> None:
        """The move selected: what was played, what was better, their chances."""
        review = self.current()
        move = None if review is None or self.selected is None else move_at(review, self.selected)
        dom.node("review-detail").show(move is not None)
        for button in dom.node("review-moves").find_all("button.review-move"):
            current = move is not None and button.data("index") == str(move["index"])
            button.set_attr("aria-current", "true" if current else None)
        if move is None:
            return
        params = self.detail_params(move)
        dom.node("review-detail-text").set_text(self.language.t("review.detail", params))

    def detail_params(self, move: "dict[str, Any]") -> "dict[str, Any]":
        return {
            "move": self.move_label(move),
            "player": self.seat_name(move["seat"]),
            "mark": self.language.t("review.class." + move["mark"]),
            "before": percent(move["before"]),
            "after": percent(move["after"]),
            "best": move["best"]["text"],
        }

    def decorate(self, ply: "int | None") -> None:
        """The viewer drew position ``ply`` (None: the live game): a move worth a look that
        starts there shows the move played and the computer's move on the board."""
        board = self.page.board
        for cell in board.element.find_all(".review-best, .review-played"):
            cell.set_class("review-best", False)
            cell.set_class("review-played", False)
        review = self.current()
        move = None if review is None or ply is None else marked_from(review, ply)
        verdict = dom.node("viewing-review")
        verdict.show(move is not None)
        if move is None:
            return
        verdict.set_text(self.language.t("review.verdict", self.detail_params(move)))
        for cell in move.get("cells") or []:
            element = board.cell(cell)
            if element is not None:
                element.set_class("review-played")
        for cell in move["best"]["cells"]:
            element = board.cell(cell)
            if element is not None:
                element.set_class("review-played", False)
                element.set_class("review-best")
        if self.selected != move["index"]:
            self.selected = move["index"]
            self.render_detail()

    def computer_levels(self) -> "list[str]":
        """The computer players this game's seats may hold (none: no "against the computer")."""
        seats = self.page.options.seats
        return list(seats.bots) if seats is not None and seats.enabled else []

    def status(self) -> "dict[str, Any]":
        """For the e2e tests (glue.page_status): the review's progress and marks."""
        review = self.current()
        return {
            "running": self.running,
            "progress": list(self.progress),
            "marks": None if review is None else [move["mark"] for move in review["moves"]],
            "selected": self.selected,
            "backTo": self.tried_from,
        }

    # ---- texts ------------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return str(self.page.computer.seat_name(seat))

    def move_label(self, move: "dict[str, Any]") -> str:
        """ "Move 12, White: c3-d4 ??", its number counted as the move list's moves are (the
        replay's "Viewing move 11 of 40" is the position before it)."""
        params = {
            "number": move["index"] + 1,
            "player": self.seat_name(move["seat"]),
            "move": move["text"],
            "symbol": SYMBOLS.get(move["mark"] or "", ""),
        }
        return self.language.t("review.move", params).strip()

    def summary_text(self, review: "dict[str, Any]") -> str:
        """ "Review done. White: accuracy 84%, 1 mistake. Black: …" for screen readers."""
        t = self.language.t
        parts = []
        for summary in summaries(review):
            counts = [
                t("review.count." + mark, {"count": count})
                for mark, count in summary["counts"]
                if count
            ]
            accuracy = summary["accuracy"]
            if accuracy is not None:
                counts.insert(0, t("review.accuracy", {"percent": accuracy}))
            parts.append(self.seat_name(summary["seat"]) + ": " + ", ".join(counts))
        return t("review.done", {"summary": ". ".join(parts)})

    # ---- input -----------------------------------------------------------------------------

    def clicked(self, event: "dom.Event") -> "Any":
        target = event.target
        button = None if target is None else target.closest("button")
        if button is None or not button.enabled():
            return None
        name = button.attr("id")
        if name == "review-stop":
            self.stop()
        elif name == "review-try-computer":
            return self.try_from_here(True)
        elif name == "review-try-friend":
            return self.try_from_here(False)
        elif name == "review-back":
            return self.go_back()
        elif button.has_class("review-move"):
            return self.select(int(button.data("index") or "0"))
        return None  # review-start: glue.controls

    async def select(self, index: int) -> None:
        """Shows the position before move ``index`` with its better move (decorate)."""
        review = self.current()
        move = None if review is None else move_at(review, index)
        if move is None:
            return
        self.selected = index
        self.render_detail()
        await self.page.viewer.go(move["plies"][0])
        self.decorate(self.page.viewer.ply)

    async def try_from_here(self, computer: bool) -> None:
        """A new game from the position before the selected move, its mover a person and the
        others the computer (at the level chosen last) or people; saved apart from the
        reviewed game, which stays as it is."""
        state = self.state
        view = state.view
        review = self.current()
        move = None if review is None or self.selected is None else move_at(review, self.selected)
        if view is None or move is None or not view.get("saved"):
            return
        level = None
        if computer:
            bots = self.computer_levels()
            if not bots:
                return
            level = chosen_level(None, dom.setting(LEVEL_KEY), bots)
        seats = try_seats(len(view.get("seats") or []), move["seat"], level)
        label = self.move_label(move)  # (the new game's move list has no such move)
        reviewed = state.slot
        state.next_slot = self.page.fresh_slot()
        reply = await self.page.send(
            {
                "op": "restore",
                "game": state.game,
                "match": view["saved"],
                "ply": move["plies"][0],
                "seats": seats,
                "flipped": flipped_for(seats),
            }
        )
        if not reply.get("ok"):
            return  # said by the page; the reviewed game is still on it
        if state.slot is not None and reviewed is not None:
            self.page.saved.attach("tried", state.slot, reviewed)
            self.tried_from = reviewed
        self.page.show_message({"key": "review.tried", "params": {"move": label}})
        self.render()
        self.page.board.focus()

    async def go_back(self) -> None:
        """Back to the game reviewed before "try from here" (the tried game stays saved); a
        game no longer kept is said."""
        entry = None if self.tried_from is None else self.page.saved.entry(self.tried_from)
        if entry is not None:
            await opening.restore_entry(self.page, entry)
        else:
            self.tried_from = None
            self.page.show_message({"key": "review.back-missing", "params": {}}, "error")
        self.render()


def header(text: str, scope: str = "col") -> "dom.Element":
    cell = dom.make("th", "", text)
    cell.set_attr("scope", scope)
    return cell


def mark_dot(mark: "dict[str, Any]") -> "dom.Element":
    """A move worth a look on a chart: a dot of its mark's colour on its mover's line."""
    return dom.make_svg(
        "circle",
        {
            "class": "review-mark review-" + mark["mark"],
            "cx": mark["x"],
            "cy": mark["y"],
            "r": 4 if mark["mark"] == "blunder" else 3,
            "data-index": mark["index"],
        },
    )
