"""The home page and the docs pages: translations, and on the home page the unfinished games
kept in this browser, each with a link that resumes it and a button that deletes it, and the
daily puzzle, fetched once the page has loaded; on the embedding docs the snippets name this
site's real address. These pages never start the engine; they register the service worker
(glue.pwa)."""

from glue import daily_virus, dom, i18n, pwa
from glue.challenge import challenge_name, challenge_of, challenges_from_text
from glue.correspondence import clean_record, status
from glue.daily import INDEX_PATH, daily_id, game_of, index_ids, number_of, puzzle_path
from glue.dom.sharing import format_day
from glue.saved import MAX_DOCUMENT_CHARS, SavedGames, is_listing_key, read_json, valid_id
from glue.score_table import CHALLENGES_KEY
from glue.starts import LEVEL_KEY, LEVELS, chosen_level
from glue.text import Translator
from glue.trainer import STORAGE_KEY, Trainer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class UnfinishedList:
    def __init__(self, language: "i18n.PageLanguage", saved: SavedGames) -> None:
        self.language = language
        self.saved = saved
        self.challenges: list[dict[str, Any]] = []  # Fight the Virus challenges kept here

    def render(self, *_: "Any") -> None:
        section = dom.element("unfinished")
        if section is None:
            return  # a docs page: translations only
        entries = self.saved.unfinished()  # checked entries only (glue.saved.clean_entry)
        self.challenges = challenges_from_text(dom.setting(CHALLENGES_KEY))
        section.show(bool(entries))
        holder = dom.node("unfinished-list")
        focused = self.focused(holder)
        holder.replace_children([self.item(entry) for entry in entries])
        if focused is not None:  # the same control of the same game keeps the focus
            again = holder.find('li[data-id="' + focused[0] + '"] .' + focused[1])
            if again is not None:
                again.focus()

    def changed(self, event: "dom.Event") -> None:
        """Another tab changed this browser's storage: the list again, if games changed
        (not for the leases the game tabs renew every few seconds)."""
        if is_listing_key(event.storage_key):
            self.render()

    @staticmethod
    def focused(holder: "dom.Element") -> "tuple[str, str] | None":
        """(game id, class) of the list's control that has the focus, or None."""
        active = dom.focused()
        if active is None or not holder.contains(active):
            return None
        item = active.closest("li")
        game_id = item.data("id") if item is not None else None
        name = (active.attr("class") or "").split(" ")[0]
        if game_id is None or not valid_id(game_id) or not name:
            return None
        return (game_id, name)

    def details(self, entry: "dict[str, Any]") -> str:
        t = self.language.t
        parts = []
        challenge = self.challenge(entry)
        if challenge is not None:  # which challenge: a daily virus or a numbered one
            parts.append(challenge)
        title = entry.get("title")
        if isinstance(title, dict):
            parts.append(self.language.message(title))
        parts.append(t("home.moves", {"count": entry.get("moves", 0)}))
        if any(seat != "human" for seat in entry.get("seats") or []):
            parts.append(t("home.vs-computer"))
        updated = entry["updated"]
        if entry.get("link"):
            parts = self.link_details(entry) or parts
            updated = self.link_updated(entry) or updated
        when = dom.format_date(updated, self.language.language)
        parts.append(t("home.updated", {"date": when}))
        return " · ".join(part for part in parts if part)

    def challenge(self, entry: "dict[str, Any]") -> "str | None":
        """The name of the Fight the Virus challenge a saved game is a game of ("Daily virus —
        November 27, 2026", "Challenge 4727"), or None."""
        if entry["game"] != "fight-the-virus" or not self.challenges:
            return None
        found = challenge_of(self.saved.read(entry["id"]), self.challenges)
        if found is None:
            return None
        day = format_day(found["daily"], self.language.language) if found["daily"] else None
        return self.language.message(challenge_name(found, day))

    def link_details(self, entry: "dict[str, Any]") -> "list[str]":
        """A game by link: whose move ("Your move", "Waiting for Ana") and with whom."""
        record = clean_record(
            read_json(self.saved.attached("link", entry["id"]), MAX_DOCUMENT_CHARS)
        )
        if record is None:
            return []
        played = entry["plies"] if record["game"] != "virus-fight" else None  # programs first
        names = record["names"]
        others = [
            names[seat] or self.language.t("link.player", {"number": seat + 1})
            for seat in range(len(names))
            if seat != record["seat"]
        ]
        return [
            self.language.message(status(record, entry["to_move"], entry["over"], played)),
            self.language.t("home.link-game", {"names": ", ".join(others)}),
        ]

    def link_updated(self, entry: "dict[str, Any]") -> int:
        """When the last link of a game by link came in or went out (0: unknown)."""
        record = clean_record(
            read_json(self.saved.attached("link", entry["id"]), MAX_DOCUMENT_CHARS)
        )
        return record["updated"] if record is not None else 0

    def item(self, entry: "dict[str, Any]") -> "dom.Element":
        t = self.language.t
        name = t("game." + entry["game"] + ".name")
        item = dom.make("li", "unfinished-game")
        item.set_data("game", entry["game"])
        item.set_data("id", entry["id"])
        link = dom.make("a", "unfinished-link")
        # checked values only: a known game's page, an id of [a-z0-9-]
        link.set_attr("href", entry["game"] + ".html#game=" + entry["id"])
        link.append(dom.make("strong", "", name))
        link.append(dom.make("span", "unfinished-detail", self.details(entry)))
        link.append(dom.make("span", "unfinished-resume", t("home.resume")))
        remove = dom.make("button", "unfinished-delete", t("home.delete"))
        remove.set_attr("type", "button")
        remove.set_attr("aria-label", t("home.delete-label", {"game": name}))

        def delete(event: "dom.Event", game_id: str = entry["id"]) -> None:
            self.saved.remove(game_id)
            self.render()
            target = dom.find(".unfinished-delete, .card-link")
            if target is not None:
                target.focus()

        remove.on("click", delete)
        item.append(link)
        item.append(remove)
        return item


def bind_level() -> None:
    """The home page's computer level: the one chosen last (here or in a game's seats),
    written into every "Play the computer" link, remembered when changed."""
    select = dom.element("level")
    if select is None:
        return

    def show() -> None:
        level = select.value()
        for link in dom.find_all("a[data-start=computer]"):
            game = (link.attr("href") or "").split("#")[0]
            link.set_attr("href", game + "#play=computer&level=" + level)

    def changed(event: "dom.Event") -> None:
        dom.keep_setting(LEVEL_KEY, select.value())
        show()

    select.set_value(chosen_level(None, dom.setting(LEVEL_KEY), list(LEVELS)))
    show()
    select.on("change", changed)


# What the daily puzzle's card says, by what this browser's trainer record holds of it.
DAILY_STATES = {"new": "", "solved": "home.daily-solved", "failed": "home.daily-not-solved"}
DAILY_GO = {"new": "home.daily-go", "solved": "home.daily-again", "failed": "home.daily-retry"}


class DailyCard:
    """The home page's "Daily puzzle": the day's puzzle (``glue.daily``) with its game, task
    and start position, linking to the trainer (puzzles.html#daily). Everything it shows is
    fetched once the page has loaded: the index of puzzles, the puzzle's file and the
    trainer's texts (static/i18n/puzzles-<language>.json) in the page's language."""

    def __init__(self, language: "i18n.PageLanguage") -> None:
        self.language = language
        self.section = dom.element("daily")
        self.puzzle: dict[str, Any] | None = None
        self.texts: dict[str, dict[str, Any]] = {}  # the trainer's texts, by language

    async def start(self) -> None:
        if self.section is None:
            return
        await dom.loaded()
        try:
            index = await dom.fetch_json(dom.site_url(INDEX_PATH))
            chosen = daily_id(index_ids(index), dom.local_date())
            if chosen is None:
                return
            address = dom.site_url(puzzle_path(chosen))
            if not await dom.reachable(address):  # offline, and today's puzzle was never kept
                return
            puzzle = await dom.fetch_json(address)
            if not isinstance(puzzle, dict) or puzzle.get("id") != chosen:
                return
            self.puzzle = puzzle
            await self.render()
        except Exception:  # a card that cannot load is left out
            return  # offline before the site was kept, or no puzzles: no card
        self.language.on_change(self.changed)
        dom.on_window("storage", self.changed)  # solved in another tab: said here too

    def changed(self, *_: "Any") -> None:
        dom.spawn(self.render(), "the daily puzzle")

    async def render(self) -> None:
        section, puzzle = self.section, self.puzzle
        if section is None or puzzle is None:
            return
        language = self.language.language
        if language not in self.texts:
            path = "static/i18n/puzzles-" + language + ".json"
            self.texts[language] = await dom.fetch_json(dom.site_url(path))
        strings = dict(self.language.translator.strings)
        strings.update(self.texts[language])
        translator = Translator(language, strings, self.language.fallback)
        game = self.language.t("game." + game_of(puzzle["id"]) + ".name")
        title = self.language.t(
            "home.daily-game", {"game": game, "number": number_of(puzzle["id"])}
        )
        part = section.find(".daily-game")
        if part is not None:
            part.set_text(title)
        part = section.find(".daily-task")
        if part is not None:
            part.set_text(translator.message(puzzle.get("prompt") or {}))
        part = section.find(".daily-board")
        if part is not None and isinstance(puzzle.get("svg"), str):
            part.set_markup(puzzle["svg"])  # the engine's own SVG, from this site
        state = Trainer.from_text(dom.setting(STORAGE_KEY))[0].tried(puzzle["id"])
        part = section.find(".daily-state")
        if part is not None:
            said = DAILY_STATES[state]
            part.set_text(self.language.t(said) if said else "")
            part.show(bool(said))
        part = section.find(".daily-go")
        if part is not None:
            part.set_data("i18n", DAILY_GO[state])
            part.set_text(self.language.t(DAILY_GO[state]))
        section.set_data("puzzle", puzzle["id"])
        section.set_data("state", state)
        section.show(True)


# The address the docs' snippets are written with (docs/embed.html, ``code.with-origin``).
PLACEHOLDER_ORIGIN = "https://virus-games.example"


def show_real_origin() -> None:
    """docs/embed.html: the snippets name this site's real address, whatever host serves it."""
    origin = dom.page_address("origin")
    for code in dom.find_all("code.with-origin"):
        code.set_text(code.text().replace(PLACEHOLDER_ORIGIN, origin))


async def run() -> None:
    pwa.start()  # waits for the load event by itself
    show_real_origin()
    bind_level()
    language = await i18n.start()
    unfinished = UnfinishedList(language, SavedGames(dom.storage()))
    unfinished.render()
    language.on_change(unfinished.render)
    dom.on_window("storage", unfinished.changed)  # another tab played on: show the change
    dom.body().set_data("glue", "ready")  # for tests: the glue has run
    dom.spawn(DailyCard(language).start(), "the daily puzzle")  # after the page has loaded
    daily_virus.show(language)  # the "Daily virus" card (Fight the Virus challenges)


def main() -> None:
    dom.start(run, "home page")
