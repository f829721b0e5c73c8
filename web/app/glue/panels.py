"""Everything a game page draws from a view around the board: whose turn, the status line, the
message, scores, the move list, the decision buttons, the record panel's buttons, the result
banner and the embed's replay bar; and what screen readers hear after each reply.

Made by glue.game with: ``Panels(state: PageState, language: i18n.PageLanguage, board: Board,
computer: Computer, secrets: Secrets, records: Records, placer: Callable[[], Any], best:
Callable[[], Any], viewing: Callable[[], Any])``: ``placer`` and ``best`` are getters of the
shape placer and the best scores (made on first use), ``viewing()`` gives the replay viewer
while it shows an earlier position, else None."""

from glue import dom, i18n, page_state
from glue.score_table import CHALLENGES_KEY, MAX_CHALLENGE_SEED
from glue.views import button_groups, move_list_html, player_of, status_message

# Games whose solo results go to the best-scores table (glue.best_scores).
BEST_SCORE_GAMES = ("fight-the-virus",)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from glue.board import Board
    from glue.computer import Computer
    from glue.i18n import PageLanguage
    from glue.page_state import PageState
    from glue.records import Records
    from glue.secrets import Secrets
    from pyengine.protocol import MoveRow, Score, View


class Panels:
    def __init__(
        self,
        state: "PageState",
        language: "PageLanguage",
        board: "Board",
        computer: "Computer",
        secrets: "Secrets",
        records: "Records",
        placer: "Callable[[], Any]",
        best: "Callable[[], Any]",
        viewing: "Callable[[], Any]",
    ) -> None:
        self.state = state
        self.language = language
        self.board = board
        self.computer = computer
        self.secrets = secrets
        self.records = records
        self.placer = placer
        self.best = best
        self.viewing = viewing
        self.full_record: str | None = None  # the record the embed's "open on the full site" has
        self.best_result: tuple[int, int | None] | None = None  # (generation, rank) recorded last
        # Fight the Virus challenges: glue.challenge_page's part once loaded (with the extra
        # glue), whether it is on its way, the (generation, seed) looked up last
        self.challenge: Any = None
        self.challenge_loading = False
        self.challenge_checked: tuple[int, Any] | None = None
        self.challenge_bound = False

    def text(self, message: "Mapping[str, Any]") -> str:
        """A translation request's text (a view's Message, or one of the page's own)."""
        return self.language.message(message)

    def render(self) -> None:
        state = self.state
        view = state.view
        if view is None:
            return
        board = self.board
        focus = self.focus_key()
        self.secrets.render_setup(view)
        self.secrets.render_handover(view)
        viewing = self.viewing()
        if viewing is None:  # else the position viewed stays on the board (see the end)
            board.draw()
            board.render_extras(view.get("extras") or [], view.get("to_move"))
        self.render_turn(view)
        self.render_message()
        self.render_scores(page_state.scores_shown(state))
        self.render_moves(view.get("moves") or [])
        bot = page_state.bot_to_move(view)
        self.render_buttons(view, not page_state.may_decide(state))
        placement = None if bot or state.handover_seat is not None else view.get("placement")
        placer = self.placer()
        if placer.update(placement, len(view.get("selection") or []) > 0):
            # a new placement: the keyboard cursor starts on a legal anchor
            anchor = placer.suggested_anchor()
            if anchor is not None:
                state.cursor = anchor
            if board.element.has_focus():
                board.show_cursor(True)
        self.restore_focus(focus)
        record = dom.node("record-text")
        if not record.has_focus():  # never overwrite typing
            record.set_value(view.get("record") or "")
        has_record = bool(view.get("record"))
        dom.node("undo").enable(page_state.undo_allowed(self.state))
        redo = view.get("can_redo") and page_state.refusal(state, {"op": "redo"}) is None
        dom.node("redo").enable(bool(redo))
        for control in ("share", "embed-code", "record-save"):
            dom.node(control).enable(has_record)
        self.render_result(view)
        self.render_best_scores(view)
        self.render_embed(view)
        self.computer.render(view)
        flip = dom.node("flip")
        grid = view.get("grid")
        flip.show(grid is not None)
        flip.set_attr(
            "aria-pressed", "true" if grid is not None and grid.get("flipped") else "false"
        )
        if viewing is not None:
            viewing.draw()

    def render_turn(self, view: "View") -> None:
        turn = dom.node("turn")
        to_move = view.get("to_move")
        turn.set_data("player", "none" if to_move is None else to_move)
        turn.set_tint(to_move)
        # the seat's number in its swatch (Fight the Virus's six colours repeat over 20 seats)
        swatch = turn.find(".turn-swatch")
        if swatch is not None:
            swatch.set_data("number", "" if to_move is None else to_move + 1)
        bot = page_state.bot_to_move(self.state.view)
        turn.set_data("bot", "true" if bot else "false")
        result = view.get("result")
        turn_text = self.text(result["title"] if result else view["turn"])
        if view.get("setup") and page_state.remote_waits(self.state):  # sealed, by link
            turn_text = self.language.t("link.programs-wait")
        dom.node("turn-text").set_text(turn_text)
        if bot:
            player = player_of(view)
            if player is None:
                player = (to_move or 0) + 1
            status = self.language.t("play.bot-thinking", {"player": player})
        elif page_state.remote_waits(self.state):  # a game by link: its bar says whose move
            status = ""
        else:
            status = self.text(status_message(view))
        dom.node("status").set_text(status)

    def render_scores(self, scores: "list[Score]") -> None:
        items = []
        for score in scores:
            item = dom.make("li", "", self.text(score["label"]))
            item.set_data("player", score["player"])
            item.set_tint(score["player"])
            items.append(item)
        dom.node("scores").replace_children(items)

    def render_message(self) -> None:
        message = self.state.message
        element = dom.node("message")
        element.set_text(self.text(message) if message else "")
        element.set_data("level", (message.get("level") if message else None) or "info")

    def render_moves(self, moves: "list[MoveRow]") -> None:
        listing = dom.node("move-list")
        dom.node("moves-empty").show(not moves)
        listing.set_markup(move_list_html(moves))  # the engine's texts, escaped
        if moves:
            listing.set_scroll(None, -1)  # the end

    def render_buttons(self, view: "View", disabled: bool) -> None:
        """The buttons: actions, then the click choices grouped by kind (a
        div.choice-group[data-group="die"]); disabled while a computer decides or another
        player of a game by link (page_state.may_decide)."""
        language = self.language
        items = []
        for kind, choices in button_groups(view.get("buttons") or []):
            buttons = [self.button(choice, disabled) for choice in choices]
            if kind is None:
                items.extend(buttons)
                continue
            group = dom.make("div", "choice-group")
            group.set_data("group", kind)
            group.set_attr("role", "group")
            label = "play.choice-group." + kind
            if language.translator.has(label):
                group.set_attr("aria-label", language.t(label))
            for button in buttons:
                group.append(button)
            items.append(group)
        dom.node("turn-actions").replace_children(items)

    def button(self, choice: "Mapping[str, Any]", disabled: bool) -> "dom.Element":
        """A button of the view's (a pyengine.protocol Button)."""
        button = dom.make("button", "", self.text(choice["label"]))
        button.set_attr("type", "button")
        button.enable(not disabled)
        if choice.get("action") is not None:
            button.set_data("play", choice.get("action"))
        else:
            button.set_data("click", choice.get("click"))
        return button

    def focus_key(self) -> "dict[str, Any] | None":
        """The focused control, if the next render may replace it (a decision button, a die)."""
        active = dom.focused()
        if active is None or active.closest("#turn-actions, #dice-slot") is None:
            return None
        return {"play": active.data("play"), "click": active.data("click")}

    def restore_focus(self, focus: "dict[str, Any] | None") -> None:
        """After a decision made from the keyboard its button is gone: the focus goes to the
        same choice if it is still offered, else to the board while a shape is being placed,
        else to the first decision button, else to the board."""
        active = dom.focused()
        if focus is None or (active is not None and not active.same(dom.body())):
            return
        buttons = dom.node("turn-actions").find_all("button:not(:disabled)")
        same = None
        for button in buttons:
            play = button.data("play")
            click = button.data("click")
            if (focus["play"] is not None and play == focus["play"]) or (
                focus["click"] is not None and click == focus["click"]
            ):
                same = button
                break
        keep_scroll = self.state.last_input == "pointer"
        if same is not None:
            same.focus(keep_scroll)
        elif self.placer().active or not buttons:
            self.board.element.focus(keep_scroll)
        else:
            buttons[0].focus(keep_scroll)

    def render_result(self, view: "View") -> None:
        result = view.get("result")
        banner = dom.node("result")
        # closed by "See the board", or making way for an earlier position (glue.viewer)
        closed = self.state.dismissed_result == view.get("ply_count") or self.viewing() is not None
        banner.show(bool(result) and not closed)
        if result:
            dom.node("result-title").set_text(self.text(result["title"]))
            details = [self.text(detail) for detail in result.get("details") or []]
            dom.node("result-detail").set_text(" ".join(details))

    def render_best_scores(self, view: "View") -> None:
        """Fight the Virus solo: a game won by a person (not loaded from a record) enters the
        best scores kept in this browser, and the result banner says its rank."""
        state = self.state
        if state.game not in BEST_SCORE_GAMES:
            return
        panel = dom.node("best-panel")
        line = dom.node("result-best")
        panel.show()
        result = view.get("result")
        score = None
        for detail in (result.get("details") or []) if result else []:
            if detail.get("key") == "fight-the-virus.solo-score":
                score = detail
        options = view.get("options") or {}
        turns = (score.get("params") or {}).get("turns") if score is not None else None
        counts = (
            options.get("mode") == "solo"
            and isinstance(turns, int)
            and state.loaded_generation != state.generation
            and not page_state.is_bot_seat(state.view, 0)
        )
        best = self.best_result
        if counts and (best is None or best[0] != state.generation):
            seed = record_seed(view.get("record") or "") or str(options.get("seed"))
            name = str(options.get("names") or "").split(";")[0].strip() or "P1"
            rank = self.best().record({"name": name, "turns": turns, "seed": seed})
            self.best_result = (state.generation, rank)
            panel.set_open(True)
        mine = counts and self.best_result is not None and self.best_result[0] == state.generation
        line.show(bool(mine))
        if mine and self.best_result is not None:
            rank = self.best_result[1]
            line.set_data("rank", "none" if rank is None else rank)
            if rank is None:
                line.set_text(self.language.t("ftv-ui.best.not-ranked"))
            else:
                line.set_text(self.language.t("ftv-ui.best.ranked", {"rank": rank}))
        self.best().draw()
        self.render_challenge(view)

    def render_challenge(self, view: "View") -> None:
        """Fight the Virus solo: "Challenge a friend" (this game's dice for a friend); a game
        whose seed is a challenge this browser keeps (glue.challenge) is named as that
        challenge and at its end offers its result to share and its best scores, drawn by
        glue.challenge_page, loaded with the extra glue when a game first needs it."""
        options = view.get("options") or {}
        seed = options.get("seed")
        solo = (
            options.get("mode") == "solo"
            and isinstance(seed, int)
            and 0 <= seed <= MAX_CHALLENGE_SEED
            and not self.state.embedded
        )
        for button in dom.find_all("[data-challenge-friend]"):
            button.show(solo)
            if not self.challenge_bound:
                button.on("click", self.challenge_friend)
        self.challenge_bound = True
        if self.challenge is not None:
            self.challenge.render(view)
            return
        checked = (self.state.generation, seed)
        if not solo or self.challenge_loading or checked == self.challenge_checked:
            return
        self.challenge_checked = checked
        if '"' + str(seed) + '"' in (dom.setting(CHALLENGES_KEY) or ""):  # kept (or a near miss)
            dom.spawn(self.load_challenge(), "challenge")

    async def load_challenge(self) -> "Any":
        """glue.challenge_page's part of the page (the extra glue loaded first), drawn."""
        if self.challenge is None:
            self.challenge_loading = True
            try:
                await i18n.load_extra_glue(self.language)
            finally:
                self.challenge_loading = False
            from glue.challenge_page import ChallengePart

            if self.challenge is None:
                self.challenge = ChallengePart(self)
        if self.state.view is not None:
            self.challenge.render(self.state.view)
        return self.challenge

    async def challenge_friend(self, event: "dom.Event") -> None:
        """The "Challenge a friend" buttons: this game's challenge link, shared."""
        part = await self.load_challenge()
        await part.challenge_friend()

    def render_embed(self, view: "View") -> None:
        state = self.state
        if not state.embedded:
            return
        total = view["ply_count"] + len((view.get("saved") or {}).get("redo") or [])
        dom.node("replay-bar").show(bool(state.replay))
        if state.replay:
            ply = view["ply_count"]
            position = self.language.t("embed.position", {"ply": ply, "total": total})
            dom.node("replay-position").set_text(position)
            for name in ("replay-first", "replay-prev"):
                dom.node(name).enable(ply != 0)
            for name in ("replay-next", "replay-last"):
                dom.node(name).enable(ply < total)
        full = dom.node("open-full")
        record = view.get("record")
        full.show(bool(record))
        if record and record != self.full_record:  # compressed again only when it changed
            self.full_record = record
            self.records.full_site_link(record)

    def announce_reply(self) -> None:
        """What a reply changed, for screen readers, in one polite live region (#announce; the
        message line itself is not live, so nothing is read twice): the message, then the
        result, else whose turn it is, when that changed."""
        state = self.state
        view = state.view
        if view is None:
            return
        parts = [self.text(state.message)] if state.message else []
        result = view.get("result")
        if result:
            texts = [self.text(result["title"])]
            for detail in result.get("details") or []:
                texts.append(self.text(detail))
            turn = " ".join(texts)
        else:
            turn = self.text(view["turn"])
        if turn != state.announced_turn:
            parts.append(turn)
        state.announced_turn = turn
        if parts:
            self.say(" ".join(parts))

    def say(self, text: str) -> None:
        dom.node("announce").set_text(text)


def record_seed(record: str) -> "str | None":
    """The seed a record's header names (a line "seed 1234"), or None."""
    for line in record.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == "seed" and words[1].isdigit():
            return words[1]
    return None
