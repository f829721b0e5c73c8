"""The home page and the docs pages: translations, and on the home page the unfinished games
kept in this browser, each with a link that resumes it and a button that deletes it; on the
embedding docs the snippets name this site's real address. These pages never start the engine;
they register the service worker (glue.pwa)."""

from glue import dom, i18n, pwa
from glue.saved import SavedGames
from glue.starts import LEVEL_KEY, LEVELS, chosen_level

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class UnfinishedList:
    def __init__(self, language: "i18n.PageLanguage", saved: SavedGames) -> None:
        self.language = language
        self.saved = saved

    def render(self, *_: "Any") -> None:
        section = dom.by_id("unfinished")
        if section is None:
            return  # a docs page: translations only
        entries = self.saved.unfinished()
        section.hidden = not entries
        items = [self.item(entry) for entry in entries]
        dom.replace_children(dom.by_id("unfinished-list"), items)

    def details(self, entry: "dict[str, Any]") -> str:
        t = self.language.t
        parts = []
        title = entry.get("title")
        if isinstance(title, dict):
            parts.append(self.language.message(title))
        parts.append(t("home.moves", {"count": entry.get("plies", 0)}))
        if any(seat != "human" for seat in entry.get("seats") or []):
            parts.append(t("home.vs-computer"))
        when = dom.format_date(entry["updated"], self.language.language)
        parts.append(t("home.updated", {"date": when}))
        return " · ".join(part for part in parts if part)

    def item(self, entry: "dict[str, Any]") -> "Any":
        t = self.language.t
        name = t("game." + entry["game"] + ".name")
        item = dom.create("li", "unfinished-game")
        item.setAttribute("data-game", entry["game"])
        link = dom.create("a", "unfinished-link")
        link.href = entry["game"] + ".html#game=" + entry["id"]  # ids are [a-z0-9-]
        link.append(
            dom.create("strong", "", name),
            dom.create("span", "unfinished-detail", self.details(entry)),
            dom.create("span", "unfinished-resume", t("home.resume")),
        )
        remove = dom.create("button", "unfinished-delete", t("home.delete"))
        remove.type = "button"
        remove.setAttribute("aria-label", t("home.delete-label", {"game": name}))

        def delete(event: "Any", game_id: str = entry["id"]) -> None:
            self.saved.remove(game_id)
            self.render()
            target = dom.query(".unfinished-delete, .card-link")
            if target is not None:
                target.focus()

        dom.on(remove, "click", delete)
        item.append(link, remove)
        return item


def bind_level() -> None:
    """The home page's computer level: the one chosen last (here or in a game's seats),
    written into every "Play the computer" link, remembered when changed."""
    select = dom.by_id("level")
    if select is None:
        return

    def show() -> None:
        level = str(select.value)
        for link in dom.query_all("a[data-start=computer]"):
            game = str(link.getAttribute("href")).split("#")[0]
            link.setAttribute("href", game + "#play=computer&level=" + level)

    def changed(event: "Any") -> None:
        dom.keep_setting(LEVEL_KEY, str(select.value))
        show()

    select.value = chosen_level(None, dom.setting(LEVEL_KEY), list(LEVELS))
    show()
    dom.on(select, "change", changed)


# The address the docs' snippets are written with (docs/embed.html, ``code.with-origin``).
PLACEHOLDER_ORIGIN = "https://virus-games.example"


def show_real_origin() -> None:
    """docs/embed.html: the snippets name this site's real address, whatever host serves it."""
    origin = str(dom.window.location.origin)
    for code in dom.query_all("code.with-origin"):
        code.textContent = str(code.textContent).replace(PLACEHOLDER_ORIGIN, origin)


async def run() -> None:
    pwa.start()  # waits for the load event by itself
    show_real_origin()
    bind_level()
    language = await i18n.start()
    unfinished = UnfinishedList(language, SavedGames(dom.storage()))
    unfinished.render()
    language.on_change(unfinished.render)
    dom.on(dom.window, "storage", unfinished.render)  # another tab played on: show the change
    dom.document.body.setAttribute("data-glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "home page")
