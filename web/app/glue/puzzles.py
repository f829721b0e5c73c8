"""The puzzle trainer's page (puzzles.html: every game; puzzles-<game>.html: one): the task,
the board (``glue.tryboard``, on the data the engine computed at build time,
web/tools/puzzle_pages.py), the opponent's answers played by themselves, hints, "Show the
answer" and "Start again", "Next puzzle", the player's rating with its change, the streak and
the history (``glue.trainer``, kept in this browser).

The index of puzzles (app/puzzles/index.json) is fetched first, then each puzzle's file when it
is opened. ``#id=<puzzle id>`` opens one puzzle (an unknown id says so and opens the next one),
``#daily`` the daily puzzle (``glue.daily``)."""

from glue import dom, i18n, pwa
from glue.daily import INDEX_PATH, game_of, number_of, puzzle_path
from glue.trainer import (
    STORAGE_KEY,
    Attempt,
    Outcome,
    Trainer,
    daily_entry,
    expand_svgs,
    find_entry,
    index_entries,
    parse_fragment,
)
from glue.tryboard import TryBoard

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.tryit import Step
    from pyengine.protocol import Message

HISTORY_SHOWN = 10


def valid_puzzle(data: "Any", puzzle_id: str) -> bool:
    """Whether a fetched puzzle file is the one asked for and has what the page shows."""
    if not isinstance(data, dict) or data.get("id") != puzzle_id:
        return False
    tryit = data.get("tryit")
    return (
        isinstance(tryit, dict)
        and isinstance(tryit.get("nodes"), list)
        and isinstance(data.get("svg"), str)
        and isinstance(data.get("prompt"), dict)
    )


def signed(change: int) -> str:
    return ("+" if change >= 0 else "\u2212") + str(abs(change))  # a minus sign


class PuzzlePage:
    def __init__(self, language: "i18n.PageLanguage") -> None:
        self.language = language
        self.game = dom.body().data("puzzles") or ""
        self.record, fresh = Trainer.from_text(dom.setting(STORAGE_KEY))
        self.entries: list[dict[str, Any]] = []
        self.board: TryBoard | None = None
        self.data: dict[str, Any] | None = None
        self.attempt: Attempt | None = None
        self.daily = False
        self.outcome: Outcome | None = None
        self.notice: tuple[str, dict[str, Any]] | None = (
            ("puzzles.notice.corrupt", {}) if fresh else None
        )
        self.section = dom.node("puzzle")
        self.title = dom.node("puzzle-title")
        self.prompt = dom.node("puzzle-board-prompt")
        self.result = dom.node("puzzle-result")
        self.link = dom.node("puzzle-link")
        dom.node("puzzle-next").on("click", self.on_next)
        dom.on_window("hashchange", self.on_hash)
        language.on_change(self.redraw)

    def t(self, key: str, params: "dict[str, Any] | None" = None) -> str:
        return self.language.t(key, params)

    def keep(self) -> None:
        dom.keep_setting(STORAGE_KEY, self.record.to_text())

    # -- opening puzzles -------------------------------------------------------------------

    async def start(self) -> None:
        try:
            self.entries = index_entries(await dom.fetch_json(dom.site_url(INDEX_PATH)))
        except Exception:
            self.entries = []
        if not self.entries:
            self.say("puzzles.notice.failed", {})
        await self.open_asked(dom.page_address("hash"))
        self.render_stats()

    async def open_asked(self, fragment: str) -> None:
        """Opens what the address's ``#...`` asks for, else the next puzzle."""
        kind, value = parse_fragment(fragment)
        if kind:
            dom.drop_fragment()  # a link to the same puzzle works again
        entry = None
        daily = False
        if kind == "daily":
            entry = daily_entry(self.entries, dom.local_date())
            daily = entry is not None
        elif kind == "id":
            entry = find_entry(self.entries, value)
            if entry is None:
                self.say("puzzles.notice.unknown", {"id": value[:40]})
        if entry is None:
            entry = self.next_entry()
        if entry is not None:
            await self.open_puzzle(entry, daily)
        elif self.entries:
            self.say("puzzles.notice.none", {})

    def next_entry(self) -> "dict[str, Any] | None":
        current = self.attempt.puzzle_id if self.attempt is not None else None
        entry, all_seen = self.record.next_puzzle(
            self.entries, self.game, current, dom.random_bits64() % 1000
        )
        if all_seen:
            self.say("puzzles.notice.all-seen", {})
        return entry

    async def open_puzzle(self, entry: "dict[str, Any]", daily: bool = False) -> None:
        puzzle_id = entry["id"]
        self.section.set_data("state", "loading")
        try:
            data = await dom.fetch_json(dom.site_url(puzzle_path(puzzle_id)))
        except Exception:
            data = None
        try:
            usable = valid_puzzle(data, puzzle_id)
            if usable:
                expand_svgs(data["tryit"], data["svg"])
        except (KeyError, IndexError, TypeError, ValueError):
            usable = False
        if not usable:
            self.say("puzzles.notice.failed", {})
            self.section.set_data("state", "failed")
            return
        game = game_of(puzzle_id)
        if self.board is None:
            self.board = TryBoard(
                self.language, dom.node("puzzle-board"), data["tryit"], data["svg"], game
            )
            self.board.on_step = self.on_step
        else:
            self.board.load(data["tryit"], data["svg"], game)
        self.data = data
        self.daily = daily
        self.attempt = Attempt(puzzle_id, entry["rating"])
        self.outcome = None  # the last puzzle's rating change and result go with it
        self.section.set_data("puzzle", puzzle_id)
        self.section.set_data("game", game)
        self.section.set_data("state", "solving")
        self.link.set_attr("href", "#id=" + puzzle_id)
        self.render_puzzle()
        self.render_stats()

    # -- events ----------------------------------------------------------------------------

    def on_next(self, event: "dom.Event") -> None:
        self.notice = None
        self.render_notice()
        entry = self.next_entry()
        if entry is not None:
            dom.spawn(self.open_and_focus(entry), "the next puzzle")

    async def open_and_focus(self, entry: "dict[str, Any]") -> None:
        await self.open_puzzle(entry)
        self.title.focus()

    def on_hash(self, event: "dom.Event") -> None:
        fragment = dom.page_address("hash")
        if parse_fragment(fragment)[0]:
            self.notice = None
            dom.spawn(self.open_asked(fragment), "the puzzle asked for")

    def on_step(self, step: "Step") -> None:
        attempt = self.attempt
        if attempt is None or self.board is None or self.data is None:
            return
        done = self.board.tryit.done
        shown = self.board.tryit.showing  # the answer was shown: not solved by the player
        verdict = attempt.after(step.kind, done and not shown)
        if verdict is not None:
            self.outcome = self.record.judge(attempt.puzzle_id, attempt.rating, verdict)
            self.keep()
            self.render_stats()
        if done:
            self.section.set_data("state", "answered" if shown else "solved")
        elif step.kind == "reset":
            self.section.set_data("state", "solving")
        self.render_result()

    def redraw(self, *_: "Any") -> None:
        if self.board is not None:
            self.board.draw()
        self.render_puzzle()
        self.render_stats()

    # -- drawing ---------------------------------------------------------------------------

    def say(self, key: str, params: "dict[str, Any]") -> None:
        self.notice = (key, params)
        self.render_notice()

    def render_notice(self) -> None:
        element = dom.node("puzzle-notice")
        if self.notice is None:
            element.set_text("")
            element.show(False)
        else:
            element.set_text(self.t(self.notice[0], self.notice[1]))
            element.show(True)

    def render_puzzle(self) -> None:
        self.render_notice()
        data = self.data
        if data is None:
            return
        game = self.t("game." + data["game"] + ".name")
        params = {"game": game, "number": number_of(data["id"])}
        self.title.set_text(
            self.t("puzzles.heading-daily" if self.daily else "puzzles.heading", params)
        )
        prompt: Message = data["prompt"]
        self.prompt.set_text(self.language.message(prompt))
        self.render_result()

    def render_result(self) -> None:
        attempt = self.attempt
        texts: list[str] = []
        if attempt is not None and self.data is not None:
            outcome = self.outcome
            if outcome is not None:
                key = "puzzles.result.win" if outcome.solved else "puzzles.result.loss"
                texts.append(
                    self.t(key, {"rating": outcome.after, "change": signed(outcome.change)})
                )
                if outcome.solved and outcome.streak > 1:
                    texts.append(self.t("puzzles.streak-said", {"count": outcome.streak}))
            board = self.board.tryit if self.board is not None else None
            if board is not None and board.showing and board.done:
                texts.append(self.t("puzzles.result.answered"))
            elif attempt.solved and attempt.verdict is False:
                texts.append(self.t("puzzles.result.again"))
            if attempt.verdict is not None:
                texts.append(self.t("puzzles.puzzle-rating", {"rating": attempt.rating}))
        self.result.set_text(" ".join(texts))

    def render_stats(self) -> None:
        record = self.record
        dom.node("puzzle-rating").set_text(str(record.rating))
        change = dom.node("puzzle-rating-change")
        outcome = self.outcome
        change.set_text("" if outcome is None else "(" + signed(outcome.change) + ")")
        change.set_data(
            "sign", "" if outcome is None else ("up" if outcome.change >= 0 else "down")
        )
        dom.node("puzzle-streak").set_text(str(record.streak))
        dom.node("puzzle-best").set_text(str(record.best))
        dom.node("puzzle-solved").set_text(str(record.won))
        self.render_history()

    def render_history(self) -> None:
        items = []
        for puzzle_id, solved in self.record.history[:HISTORY_SHOWN]:
            game = self.t("game." + game_of(puzzle_id) + ".name")
            key = "puzzles.history.solved" if solved else "puzzles.history.failed"
            item = dom.make("li", "solved" if solved else "failed")
            link = dom.make("a", "", self.t(key, {"game": game, "number": number_of(puzzle_id)}))
            link.set_attr("href", "#id=" + puzzle_id)
            item.append(link)
            items.append(item)
        dom.node("puzzle-history-list").replace_children(items)
        dom.node("puzzle-history-empty").show(not items)


async def run() -> None:
    pwa.start()  # waits for the load event by itself
    pwa.keep_on_demand()  # every puzzle offline from now on
    language = await i18n.start()
    page = PuzzlePage(language)
    await page.start()
    dom.body().set_data("glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "puzzle page")
