"""embed.html: the blog widget before anyone presses Play. It shows the game's starting board
(drawn by the engine at build time), says what Play will do, and only then opens the game page
(embed-<game>.html) in the same frame with the same parameters, so a blog page with several
widgets downloads the engine's runtime only for the one a reader starts."""

from glue import dom, i18n
from glue.embed import embed_settings, parent_origin, report_size
from glue.embed_settings import game_page_query, poster_title

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TEMPLATE_PREFIX = "poster-"


class Poster:
    def __init__(self, language: "i18n.PageLanguage", game: str) -> None:
        self.language = language
        self.game = game
        self.settings = embed_settings(dom.page_address("search"))

    def describe(self) -> str:
        named = [self.settings["level"]] + (self.settings["seats"] or [])
        has = self.language.translator.has
        levels = [level for level in named if level and has("embed.level." + level)]
        title = poster_title(self.settings, levels)
        title["params"]["game"] = self.language.t("game." + self.game + ".name")
        return self.language.message(title)

    def render(self, *_: "Any") -> None:
        dom.node("poster-title").set_text(self.describe())
        replay = self.settings["mode"] == "replay"
        text = self.language.t("embed.watch" if replay else "embed.play")
        dom.node("poster-play-text").set_text(text)

    def play(self, event: "dom.Event") -> None:
        # the language chosen here, if any; the parent's origin, which the game page cannot
        # read from its referrer
        query = game_page_query(dom.page_address("search"), parent_origin(), self.language.language)
        dom.go_to("embed-" + self.game + ".html?" + query)


def show_unknown(language: "i18n.PageLanguage", game: str, games: "list[str]") -> None:
    error = dom.node("poster-error")
    error.show(True)
    params = {"game": game or "?", "games": ", ".join(games)}
    error.set_text(language.t("embed.unknown-game", params))
    dom.node("poster-play").show(False)


async def run() -> None:
    game = dom.url_parameter("game") or ""
    templates = dom.find_all("template[id^=" + TEMPLATE_PREFIX + "]")
    games = [(template.attr("id") or "")[len(TEMPLATE_PREFIX) :] for template in templates]
    language = await i18n.start()
    if game not in games:
        show_unknown(language, game, games)
    else:
        poster = Poster(language, game)
        board = dom.node(TEMPLATE_PREFIX + game).template_copy()
        dom.node("poster-board").replace_children([board])
        poster.render()
        language.on_change(poster.render)
        button = dom.node("poster-play")
        button.on("click", poster.play)
        button.enable(True)  # only now: a click before would do nothing
    report_size()
    dom.body().set_data("glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "embed poster")
