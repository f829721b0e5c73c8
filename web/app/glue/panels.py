"""Everything a game page draws from a view around the board: whose turn, the status line, the
message, scores, the move list, the decision buttons, the record panel's buttons, the result
banner and the embed's replay bar; and what screen readers hear after each reply."""

from glue import dom
from glue.views import button_groups, move_list_html, status_message

# Games whose solo results go to the best-scores table (glue.best_scores).
BEST_SCORE_GAMES = ("fight-the-virus",)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.game import GamePage


class Panels:
    def __init__(self, page: "GamePage") -> None:
        self.page = page
        self.full_record: str | None = None  # the record the embed's "open on the full site" has
        self.best_result: tuple[int, int | None] | None = None  # (generation, rank) recorded last

    def text(self, message: "dict[str, Any]") -> str:
        return self.page.language.message(message)

    def render(self) -> None:
        page = self.page
        view = page.view
        if view is None:
            return
        focus = self.focus_key()
        page.secrets.render_setup(view)
        page.secrets.render_handover(view)
        viewing = page.viewing()
        if viewing is None:  # else the position viewed stays on the board (see the end)
            page.board.draw()
            page.board.render_extras(view.get("extras") or [], view.get("to_move"))
        self.render_turn(view)
        self.render_message()
        self.render_scores(view.get("scores") or [])
        self.render_moves(view.get("moves") or [])
        bot = page.bot_to_move()
        self.render_buttons(view, bot)
        placement = None if bot or page.secrets.handover_seat is not None else view.get("placement")
        if page.placer.update(placement, len(view.get("selection") or []) > 0):
            # a new placement: the keyboard cursor starts on a legal anchor
            anchor = page.placer.suggested_anchor()
            if anchor is not None:
                page.board.cursor = anchor
            if dom.is_active(page.board.element):
                page.board.show_cursor(True)
        self.restore_focus(focus)
        record = dom.by_id("record-text")
        if not dom.is_active(record):  # never overwrite typing
            record.value = view.get("record") or ""
        has_record = bool(view.get("record"))
        dom.by_id("undo").disabled = not view.get("can_undo")
        dom.by_id("redo").disabled = not view.get("can_redo")
        for control in ("share", "embed-code", "record-save"):
            dom.by_id(control).disabled = not has_record
        self.render_result(view)
        self.render_best_scores(view)
        self.render_embed(view)
        page.computer.render(view)
        flip = dom.by_id("flip")
        flip.hidden = view.get("grid") is None
        flipped = (view.get("grid") or {}).get("flipped")
        flip.setAttribute("aria-pressed", "true" if flipped else "false")
        if viewing is not None:
            viewing.draw()

    def render_turn(self, view: "dict[str, Any]") -> None:
        page = self.page
        turn = dom.by_id("turn")
        to_move = view.get("to_move")
        dom.set_data(turn, "player", "none" if to_move is None else to_move)
        dom.set_tint(turn, to_move)
        # the seat's number in its swatch (Fight the Virus's six colours repeat over 20 seats)
        swatch = dom.query(".turn-swatch", turn)
        dom.set_data(swatch, "number", "" if to_move is None else to_move + 1)
        bot = page.bot_to_move()
        dom.set_data(turn, "bot", "true" if bot else "false")
        result = view.get("result")
        dom.by_id("turn-text").textContent = self.text(result["title"] if result else view["turn"])
        if bot:
            player = page.computer.player_of(view)
            if player is None:
                player = (to_move or 0) + 1
            status = page.language.t("play.bot-thinking", {"player": player})
        else:
            status = self.text(status_message(view))
        dom.by_id("status").textContent = status

    def render_scores(self, scores: "list[dict[str, Any]]") -> None:
        items = []
        for score in scores:
            item = dom.create("li", "", self.text(score["label"]))
            dom.set_data(item, "player", score["player"])
            dom.set_tint(item, score["player"])
            items.append(item)
        dom.replace_children(dom.by_id("scores"), items)

    def render_message(self) -> None:
        message = self.page.message
        element = dom.by_id("message")
        element.textContent = self.text(message) if message else ""
        dom.set_data(element, "level", (message or {}).get("level") or "info")

    def render_moves(self, moves: "list[dict[str, Any]]") -> None:
        listing = dom.by_id("move-list")
        dom.by_id("moves-empty").hidden = bool(moves)
        listing.innerHTML = move_list_html(moves)  # the engine's texts, escaped
        if moves:
            listing.scrollTop = listing.scrollHeight

    def render_buttons(self, view: "dict[str, Any]", disabled: bool) -> None:
        """The buttons: actions, then the click choices grouped by kind (a
        div.choice-group[data-group="die"]); disabled while a computer decides."""
        language = self.page.language
        items = []
        for kind, choices in button_groups(view.get("buttons") or []):
            buttons = [self.button(choice, disabled) for choice in choices]
            if kind is None:
                items.extend(buttons)
                continue
            group = dom.create("div", "choice-group")
            dom.set_data(group, "group", kind)
            group.setAttribute("role", "group")
            label = "play.choice-group." + kind
            if language.translator.has(label):
                group.setAttribute("aria-label", language.t(label))
            for button in buttons:
                group.append(button)
            items.append(group)
        dom.replace_children(dom.by_id("turn-actions"), items)

    def button(self, choice: "dict[str, Any]", disabled: bool) -> "Any":
        button = dom.create("button", "", self.text(choice["label"]))
        button.type = "button"
        button.disabled = disabled
        if choice.get("action") is not None:
            dom.set_data(button, "play", choice["action"])
        else:
            dom.set_data(button, "click", choice.get("click"))
        return button

    def focus_key(self) -> "dict[str, Any] | None":
        """The focused control, if the next render may replace it (a decision button, a die)."""
        active = dom.active_element()
        if active is None or not hasattr(active, "closest"):
            return None
        if active.closest("#turn-actions, #dice-slot") is None:
            return None
        return {"play": dom.data(active, "play"), "click": dom.data(active, "click")}

    def restore_focus(self, focus: "dict[str, Any] | None") -> None:
        """After a decision made from the keyboard its button is gone: the focus goes to the
        same choice if it is still offered, else to the board while a shape is being placed,
        else to the first decision button, else to the board."""
        active = dom.active_element()
        if focus is None or (active is not None and not dom.same(active, dom.document.body)):
            return
        buttons = dom.query_all("button:not(:disabled)", dom.by_id("turn-actions"))
        same = None
        for button in buttons:
            play = dom.data(button, "play")
            click = dom.data(button, "click")
            if (focus["play"] is not None and play == focus["play"]) or (
                focus["click"] is not None and click == focus["click"]
            ):
                same = button
                break
        options = dom.js_object({"preventScroll": self.page.last_input == "pointer"})
        if same is not None:
            same.focus(options)
        elif self.page.placer.active or not buttons:
            self.page.board.element.focus(options)
        else:
            buttons[0].focus(options)

    def render_result(self, view: "dict[str, Any]") -> None:
        result = view.get("result")
        banner = dom.by_id("result")
        page = self.page
        # closed by "See the board", or making way for an earlier position (glue.viewer)
        closed = page.dismissed_result == view.get("ply_count") or page.viewing() is not None
        banner.hidden = not result or closed
        if result:
            dom.by_id("result-title").textContent = self.text(result["title"])
            details = [self.text(detail) for detail in result.get("details") or []]
            dom.by_id("result-detail").textContent = " ".join(details)

    def render_best_scores(self, view: "dict[str, Any]") -> None:
        """Fight the Virus solo: a game won by a person (not loaded from a record) enters the
        best scores kept in this browser, and the result banner says its rank."""
        page = self.page
        if page.game not in BEST_SCORE_GAMES:
            return
        panel = dom.by_id("best-panel")
        line = dom.by_id("result-best")
        panel.hidden = False
        score = None
        for detail in (view.get("result") or {}).get("details") or []:
            if detail.get("key") == "fight-the-virus.solo-score":
                score = detail
        options = view.get("options") or {}
        turns = ((score or {}).get("params") or {}).get("turns")
        counts = (
            options.get("mode") == "solo"
            and isinstance(turns, int)
            and page.loaded_generation != page.generation
            and not page.is_bot_seat(0)
        )
        best = self.best_result
        if counts and (best is None or best[0] != page.generation):
            seed = record_seed(view.get("record") or "") or str(options.get("seed"))
            name = str(options.get("names") or "").split(";")[0].strip() or "P1"
            rank = page.best.record({"name": name, "turns": turns, "seed": seed})
            self.best_result = (page.generation, rank)
            panel.open = True
        mine = counts and self.best_result is not None and self.best_result[0] == page.generation
        line.hidden = not mine
        if mine and self.best_result is not None:
            rank = self.best_result[1]
            dom.set_data(line, "rank", "none" if rank is None else rank)
            if rank is None:
                line.textContent = page.language.t("ftv-ui.best.not-ranked")
            else:
                line.textContent = page.language.t("ftv-ui.best.ranked", {"rank": rank})
        page.best.draw()

    def render_embed(self, view: "dict[str, Any]") -> None:
        page = self.page
        if not page.embed:
            return
        total = view["ply_count"] + len((view.get("saved") or {}).get("redo") or [])
        dom.by_id("replay-bar").hidden = not page.replay
        if page.replay:
            ply = view["ply_count"]
            position = page.language.t("embed.position", {"ply": ply, "total": total})
            dom.by_id("replay-position").textContent = position
            for name in ("replay-first", "replay-prev"):
                dom.by_id(name).disabled = ply == 0
            for name in ("replay-next", "replay-last"):
                dom.by_id(name).disabled = ply >= total
        full = dom.by_id("open-full")
        record = view.get("record")
        full.hidden = not record
        if record and record != self.full_record:  # compressed again only when it changed
            self.full_record = record
            page.records.full_site_link(record)

    def announce_reply(self) -> None:
        """What a reply changed, for screen readers, in one polite live region (#announce; the
        message line itself is not live, so nothing is read twice): the message, then the
        result, else whose turn it is, when that changed."""
        page = self.page
        view = page.view
        if view is None:
            return
        parts = [self.text(page.message)] if page.message else []
        result = view.get("result")
        if result:
            texts = [self.text(result["title"])]
            for detail in result.get("details") or []:
                texts.append(self.text(detail))
            turn = " ".join(texts)
        else:
            turn = self.text(view["turn"])
        if turn != page.announced_turn:
            parts.append(turn)
        page.announced_turn = turn
        if parts:
            self.say(" ".join(parts))

    def say(self, text: str) -> None:
        dom.by_id("announce").textContent = text


def record_seed(record: str) -> "str | None":
    """The seed a record's header names (a line "seed 1234"), or None."""
    for line in record.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == "seed" and words[1].isdigit():
            return words[1]
    return None
