"""embed.html: the blog widget before anyone presses Play. It shows the game's starting board
(drawn by the engine at build time), says what Play will do, and only then opens the game page
(embed-<game>.html) in the same frame with the same parameters, so a blog page with several
widgets downloads the engine's runtime only for the one a reader starts."""

from glue import dom, i18n
from glue.embed import embed_settings, parent_origin, report_size
from glue.embed_settings import poster_title

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TEMPLATE_PREFIX = "poster-"


class Poster:
    def __init__(self, language: "i18n.PageLanguage", game: str) -> None:
        self.language = language
        self.game = game
        self.settings = embed_settings(str(dom.window.location.search))

    def describe(self) -> str:
        named = [self.settings["level"]] + (self.settings["seats"] or [])
        has = self.language.translator.has
        levels = [level for level in named if level and has("embed.level." + level)]
        title = poster_title(self.settings, levels)
        title["params"]["game"] = self.language.t("game." + self.game + ".name")
        return self.language.message(title)

    def render(self, *_: "Any") -> None:
        dom.by_id("poster-title").textContent = self.describe()
        replay = self.settings["mode"] == "replay"
        text = self.language.t("embed.watch" if replay else "embed.play")
        dom.by_id("poster-play-text").textContent = text

    def play(self, event: "Any") -> None:
        location = dom.window.location
        following = dom.js.URLSearchParams.new(location.search)
        parent = parent_origin()
        if parent:
            following.set("parent", parent)  # the game page cannot read it from its referrer
        following.delete("game")
        following.set("lang", self.language.language)  # the language chosen here, if any
        location.assign("embed-" + self.game + ".html?" + str(following.toString()))


def show_unknown(language: "i18n.PageLanguage", game: str, games: "list[str]") -> None:
    error = dom.by_id("poster-error")
    error.hidden = False
    params = {"game": game or "?", "games": ", ".join(games)}
    error.textContent = language.t("embed.unknown-game", params)
    dom.by_id("poster-play").hidden = True


async def run() -> None:
    game = dom.url_parameter("game") or ""
    templates = dom.query_all("template[id^=" + TEMPLATE_PREFIX + "]")
    games = [str(template.id)[len(TEMPLATE_PREFIX) :] for template in templates]
    language = await i18n.start()
    if game not in games:
        show_unknown(language, game, games)
    else:
        poster = Poster(language, game)
        board = dom.by_id(TEMPLATE_PREFIX + game).content.cloneNode(True)
        dom.replace_children(dom.by_id("poster-board"), [board])
        poster.render()
        language.on_change(poster.render)
        button = dom.by_id("poster-play")
        dom.on(button, "click", poster.play)
        button.disabled = False  # only now: a click before would do nothing
    report_size()
    dom.document.body.setAttribute("data-glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "embed poster")
