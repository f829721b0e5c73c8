"""Fight the Virus challenges on the game page (the pure part: glue.challenge). A challenge
link opens its solo game, the page names the challenge while it is played (also after a
reload: a game whose seed is a kept challenge is that challenge), and at the end the result box
offers the result to share and the best-scores panel shows this browser's best scores of that
challenge. "Challenge a friend" shares any solo game's dice as a challenge link.

In the extra glue (``dom.load_extra_glue``): glue.opening imports it for a ``#challenge=`` or
``#daily=`` link (:func:`open_challenge`), glue.panels for a game whose seed is a kept
challenge or for "Challenge a friend" (:class:`ChallengePart`, made with the page's panels).

DOM (web/templates/game.html): ``#challenge-line`` (the challenge's name while it is played),
``#result-challenge`` (in the result box: the rank and "Share result"), the
``[data-challenge-friend]`` buttons (glue.panels binds them); the challenge's best scores are a
``section.challenge-best`` this module adds to ``#best-panel``.
"""

from glue import dom, page_state
from glue.best_scores import score_row
from glue.challenge import (
    challenge_name,
    challenge_path,
    challenges_from_text,
    challenges_to_text,
    find_challenge,
    outcome_details,
    read_fragment,
    record_score,
    remember,
    share_body,
    solo_counts,
    solo_turns,
)
from glue.dom.sharing import format_day, share_text
from glue.score_table import CHALLENGES_KEY, new_entry, same_entry

GAME = "fight-the-virus"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Mapping
    from typing import Any, Protocol

    from glue.i18n import PageLanguage
    from glue.options import OptionsForm
    from glue.page_state import PageState
    from glue.saved import SavedGames
    from glue.tabs import TabGames
    from pyengine.protocol import Message, NewRequest, Request, RestoreRequest, View

    class ChallengeOpening(Protocol):
        """What opening a challenge uses of the game page (glue.game)."""

        state: PageState
        language: PageLanguage
        saved: SavedGames
        tabs: TabGames
        options: OptionsForm

        def send(self, request: Request) -> Awaitable[dict[str, Any]]: ...
        def show_message(self, message: Message, level: str = "info") -> None: ...

    class ChallengePanels(Protocol):
        """What the challenge part uses of the page's panels (glue.panels)."""

        state: PageState
        language: PageLanguage

        def text(self, message: Mapping[str, Any]) -> str: ...
        def render_message(self) -> None: ...
        def say(self, text: str) -> None: ...


class ChallengeStore:
    """The challenges kept in this browser (glue.challenge's list); where the storage is
    refused or full, the page's own copy for as long as it is open."""

    def __init__(self) -> None:
        self.memory: list[dict[str, Any]] = []
        self.saved = True

    def load(self) -> "list[dict[str, Any]]":
        store = dom.storage()
        if store is None or not self.saved:
            return self.memory
        return challenges_from_text(store.get(CHALLENGES_KEY))

    def store(self, challenges: "list[dict[str, Any]]") -> None:
        self.memory = challenges
        store = dom.storage()
        try:
            if store is None:
                raise OSError("storage refused")
            store.put(CHALLENGES_KEY, challenges_to_text(challenges))
            self.saved = True
        except Exception:  # refused, or the quota is full: this page's copy
            self.saved = False


def day_text(challenge: "Mapping[str, Any]", language: str) -> "str | None":
    """A daily's date as the browser writes it in ``language`` (None: not a daily)."""
    return format_day(challenge["daily"], language) if challenge.get("daily") else None


async def open_challenge(page: "ChallengeOpening", fragment: str) -> "Message | None":
    """Opens the challenge a ``#challenge=<seed>`` or ``#daily=<date>`` fragment asks for: this
    browser's unfinished game of it if there is one (not played in another tab), else a new
    solo game with its seed, a person playing under the options form's first name. Returns
    None when it is open, else the problem (glue.opening then opens the page as without the
    fragment and says it)."""
    if page.state.game != GAME:
        return {"key": "challenge.error.game", "params": {}}
    challenge, problem = read_fragment(fragment, dom.local_date())
    if challenge is None:
        return problem
    seed = challenge["seed"]
    store = ChallengeStore()
    store.store(remember(store.load(), seed, challenge["daily"], dom.now_ms()))
    name = challenge_name(challenge, day_text(challenge, page.language.language))
    entry = unfinished_game(page, seed)
    if entry is not None:
        page.state.next_slot = entry["id"]
        restore: RestoreRequest = {
            "op": "restore",
            "game": GAME,
            "match": page.saved.read(entry["id"]),
            "flipped": False,
        }
        reply = await page.send(restore)
        if reply.get("ok"):
            page.show_message({"key": "challenge.resumed", "params": {"name": name}})
            return None
    player = str(page.options.read().get("names") or "").split(";")[0].strip()
    for names in [player, ""] if player else [""]:  # a name the engine refuses: P1
        request: NewRequest = {
            "op": "new",
            "game": GAME,
            "options": {"mode": "solo", "players": 1, "names": names, "seed": seed},
            "seats": ["human"],
            "flipped": False,
        }
        reply = await page.send(request)
        if reply.get("ok"):
            page.show_message({"key": "challenge.opened", "params": {"name": name}})
            return None
    error = reply.get("error") or {}
    reason = error.get("message") or error.get("code") or ""
    return {"key": "challenge.error.refused", "params": {"reason": reason}}


def unfinished_game(page: "ChallengeOpening", seed: int) -> "dict[str, Any] | None":
    """The most recently played unfinished solo game of challenge ``seed`` kept in this browser
    and played in no other tab, or None."""
    held = page.tabs.held_elsewhere()
    for entry in page.saved.unfinished(GAME):
        if entry["id"] in held or entry.get("link"):
            continue
        match = page.saved.read(entry["id"])
        state = match.get("state") if isinstance(match, dict) else None
        options = state.get("options") if isinstance(state, dict) else None
        if (
            isinstance(options, dict)
            and options.get("mode") == "solo"
            and options.get("seed") == seed
            and match.get("seats") == ["human"]
        ):
            return entry
    return None


class ChallengePart:
    """The challenge of the game on the page, drawn at every render (glue.panels calls
    :meth:`render`): its name, its finished game's score entered in its best scores (once per
    game), the result box's rank and "Share result", its best scores in the side panel."""

    def __init__(self, panels: "ChallengePanels") -> None:
        self.panels = panels
        self.state = panels.state
        self.language = panels.language
        self.store = ChallengeStore()
        self.recorded: tuple[int, int | None] | None = None  # (generation, rank) entered last
        self.latest: dict[str, Any] | None = None  # the score entered last (drawn as new)
        self.drawn: str | None = None  # what the result box shows (redrawn when it changes)
        self.section: dom.Element | None = None  # the best scores in #best-panel

    def current(self, view: "View | None") -> "dict[str, Any] | None":
        """The kept challenge the game ``view`` plays (a solo game of its seed), or None."""
        options = (view.get("options") or {}) if view is not None else {}
        if options.get("mode") != "solo" or not isinstance(options.get("seed"), int):
            return None
        return find_challenge(self.store.load(), options["seed"])

    def name(self, challenge: "Mapping[str, Any]") -> str:
        language = self.language.language
        return self.panels.text(challenge_name(challenge, day_text(challenge, language)))

    def render(self, view: "View") -> None:
        challenge = self.current(view)
        line = dom.node("challenge-line")
        line.show(challenge is not None)
        if challenge is None:
            dom.node("result-challenge").show(False)
            if self.section is not None:
                self.section.show(False)
            return
        name = self.name(challenge)
        line.set_text(self.language.t("challenge.playing", {"name": name}))
        self.enter_score(view, challenge)
        self.render_result(view, name)
        self.render_best(challenge["seed"], name)

    def enter_score(self, view: "View", challenge: "Mapping[str, Any]") -> None:
        """A game won by a person (not loaded from a record) enters the challenge's best
        scores, once."""
        state = self.state
        turns = solo_turns(view)
        if (
            turns is None
            or state.loaded_generation == state.generation
            or page_state.is_bot_seat(view, 0)
            or (self.recorded is not None and self.recorded[0] == state.generation)
        ):
            return
        names = str((view.get("options") or {}).get("names") or "")
        now = dom.now_ms()
        entry = new_entry(names.split(";")[0].strip() or "P1", turns, challenge["seed"], now)
        challenges, rank = record_score(self.store.load(), entry, now)
        self.store.store(challenges)
        self.recorded = (state.generation, rank)
        self.latest = None if rank is None else entry

    def render_result(self, view: "View", name: str) -> None:
        """The result box's part: the rank among the challenge's best scores and "Share
        result" (drawn again only when what it shows changes, so the focus stays)."""
        box = dom.node("result-challenge")
        box.show(bool(view.get("result")))
        if not view.get("result"):
            self.drawn = None
            return
        generation = self.state.generation
        entered = self.recorded is not None and self.recorded[0] == generation
        rank = self.recorded[1] if self.recorded is not None and entered else None
        drawn = "|".join((str(generation), self.language.language, str(entered), str(rank), name))
        if drawn == self.drawn:
            return
        self.drawn = drawn
        t = self.language.t
        parts = []
        if entered:
            text = (
                t("challenge.ranked", {"rank": rank})
                if rank is not None
                else t("challenge.not-ranked")
            )
            parts.append(dom.make("p", "challenge-rank", text))
        share = dom.make("button", "primary challenge-share", t("challenge.share-result"))
        share.set_attr("type", "button")
        share.on("click", self.share_result)
        parts.append(share)
        box.replace_children(parts)

    def render_best(self, seed: str, name: str) -> None:
        """The challenge's best scores in this browser (``#best-panel``; texts only: names
        are user input)."""
        section = self.section
        if section is None:
            section = dom.make("section", "challenge-best")
            dom.node("best-panel").append(section)
            self.section = section
        section.show(True)
        t = self.language.t
        challenge = find_challenge(self.store.load(), seed)
        entries = challenge["best"] if challenge is not None else []
        parts = [dom.make("h3", "challenge-best-title", t("challenge.best-title", {"name": name}))]
        if not entries:
            parts.append(dom.make("p", "muted", t("challenge.best-empty")))
        else:
            table = dom.make("table", "best-scores challenge-scores")
            head = dom.make("tr")
            for key in ("rank", "name", "turns", "date"):
                cell = dom.make("th", "", t("ftv-ui.best." + key))
                cell.set_attr("scope", "col")
                head.append(cell)
            table.append(head)
            for index, entry in enumerate(entries):
                table.append(self.score_row(index + 1, entry))
            parts.append(table)
        section.replace_children(parts)

    def score_row(self, rank: int, entry: "dict[str, Any]") -> "dom.Element":
        date = dom.format_iso_date(entry["date"], self.language.language)
        cells = [
            str(rank),
            entry["name"],
            str(entry["turns"]),
            entry["date"] if date is None else date,
        ]
        return score_row(rank, entry, cells, same_entry(entry, self.latest))

    async def share_result(self, event: "dom.Event") -> None:
        """The "Share result" button: the challenge's name, the score and rating, the sheet in emoji and
        the link, through the system's share sheet, else copied."""
        view = self.state.view
        challenge = self.current(view)
        if view is None or challenge is None:
            return
        t = self.language.t
        heading = t("challenge.share-heading", {"name": self.name(challenge)})
        outcome = [self.panels.text(detail) for detail in outcome_details(view)]
        text = share_body(heading, outcome, solo_counts(view))
        await self.share(heading, text, challenge_path(challenge), "result")

    async def challenge_friend(self) -> None:
        """The "Challenge a friend" buttons: this solo game's dice as a challenge link (its daily's, for a
        daily), shared; the game is that challenge from now on (a finished one enters its best
        scores)."""
        view = self.state.view
        options = (view.get("options") or {}) if view is not None else {}
        seed = options.get("seed")
        if view is None or options.get("mode") != "solo" or not isinstance(seed, int):
            return
        challenges = self.store.load()
        known = find_challenge(challenges, seed)
        daily = known["daily"] if known is not None and known["daily"] else None
        self.store.store(remember(challenges, seed, daily, dom.now_ms()))
        self.render(view)
        challenge = find_challenge(self.store.load(), seed) or {"seed": str(seed), "daily": daily}
        text = self.language.t("challenge.friend-text", {"name": self.name(challenge)})
        await self.share(
            self.language.t("game.fight-the-virus.name"), text, challenge_path(challenge), "friend"
        )

    async def share(self, title: str, text: str, path: str, kind: str) -> None:
        """Shares ``text`` and the site's ``path`` (system share sheet, else the clipboard) and
        says what happened (``kind``: "result" or "friend")."""
        url = dom.site_url(path)
        try:
            how = await share_text(title, text, url)
        except Exception:  # no share sheet and no clipboard (an iframe): the link to copy
            self.show({"key": "challenge.share-refused", "params": {"link": url}}, "error")
            return
        if how in ("shared", "copied"):
            self.show({"key": "challenge." + kind + "-" + how, "params": {}}, "info")

    def show(self, message: "Message", level: str) -> None:
        """A message on the page's message line, said to screen readers."""
        shown: Message = {"key": message["key"], "params": message.get("params") or {}}
        shown["level"] = level
        self.state.message = shown
        self.panels.render_message()
        self.panels.say(self.language.message(shown))
