"""The page's language: loads the translation tables, writes them into the page (every element
with ``data-i18n`` or ``data-i18n-<attribute>``), picks the browser's language on the first
visit, remembers a choice made with the language switch and tells listeners about a change."""

from glue import dom
from glue.text import DEFAULT_LANGUAGE, LANGUAGES, Translator, preferred_language

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

STORAGE_KEY = "virus-games.language"
TRANSLATED_ATTRIBUTES = ("aria-label", "title", "placeholder", "content", "alt")


class PageLanguage:
    def __init__(self, translator: Translator, fallback: "dict[str, Any]") -> None:
        self.translator = translator
        self.fallback = fallback
        self.listeners: list[Callable[[str], Any]] = []
        self.bundles: list[str] = []  # string files added after the page's own (add_bundle)

    @property
    def language(self) -> str:
        return self.translator.language

    def t(self, key: str, params: "dict[str, Any] | None" = None) -> str:
        return self.translator.t(key, params)

    def message(self, request: "Mapping[str, Any]") -> str:
        return self.translator.message(request)

    def apply(self) -> None:
        dom.root().set_attr("lang", self.language)
        for element in dom.find_all("[data-i18n]"):
            element.set_text(self.t(element.data("i18n") or ""))
        for attribute in TRANSLATED_ATTRIBUTES:
            for element in dom.find_all("[data-i18n-" + attribute + "]"):
                key = element.data("i18n-" + attribute) or ""
                element.set_attr(attribute, self.t(key))

    async def switch_to(self, language: str) -> None:
        if language not in LANGUAGES or language == self.language:
            return
        strings = (
            self.fallback
            if language == DEFAULT_LANGUAGE
            else await load_tables(language, self.bundles)
        )
        self.translator = Translator(language, strings, self.fallback)
        dom.keep_setting(STORAGE_KEY, language)  # where storage is refused: not remembered
        self.apply()
        for listener in self.listeners:
            listener(language)

    async def add_bundle(self, name: str) -> None:
        """Adds the strings of ``static/i18n/<name>-<language>.json`` (and of its English
        file, the fallback) to the page's, once."""
        if name in self.bundles:
            return
        self.bundles.append(name)
        english = await load_file(name + "-" + DEFAULT_LANGUAGE)
        self.fallback.update(english)
        if self.language != DEFAULT_LANGUAGE:
            self.translator.strings.update(await load_file(name + "-" + self.language))

    def on_change(self, listener: "Callable[[str], Any]") -> None:
        self.listeners.append(listener)

    def bind_switchers(self) -> None:
        """The header's ``#language`` and any other ``select.language-switch`` (the blog
        widget's own): each switches the page, all show the current language."""
        selects = dom.find_all("#language, select.language-switch")
        for select in selects:
            select.set_value(self.language)

            def changed(event: "dom.Event", select: "dom.Element" = select) -> "Any":
                return self.switch_to(select.value())

            select.on("change", changed)

        def show(language: str) -> None:
            for select in selects:
                select.set_value(language)

        self.on_change(show)


async def load_tables(language: str, more: "list[str] | None" = None) -> "dict[str, Any]":
    """The site's strings in ``language`` plus the page's extra bundles (``<body
    data-i18n-bundles="rules">`` also loads ``static/i18n/rules-<language>.json``) and the
    bundles added since (``more``)."""
    bundles = (dom.body().data("i18n-bundles") or "").split() + (more or [])
    strings: dict[str, Any] = {}
    for name in [language] + [bundle + "-" + language for bundle in bundles]:
        strings.update(await load_file(name))
    return strings


async def load_file(name: str) -> "dict[str, Any]":
    strings = await dom.fetch_json(dom.site_url("static/i18n/" + name + ".json"))
    return strings if isinstance(strings, dict) else {}


async def load_extra_glue(language: PageLanguage) -> None:
    """The glue of the features a game page loads when first needed (games by link,
    challenges: ``dom.load_extra_glue``) and their texts (``static/i18n/extra-*.json``)."""
    await dom.load_extra_glue()
    await language.add_bundle("extra")


async def start() -> PageLanguage:
    """The page's language, applied to the page, with its switches bound."""
    stored = dom.setting(STORAGE_KEY)
    language = preferred_language([dom.url_parameter("lang"), stored] + dom.browser_languages())
    fallback = await load_tables(DEFAULT_LANGUAGE)
    strings = fallback
    if language != DEFAULT_LANGUAGE:
        try:
            strings = await load_tables(language)
        except Exception:
            language = DEFAULT_LANGUAGE  # the English tables still make a working page
    page = PageLanguage(Translator(language, strings, fallback), fallback)
    early = switcher_choice()  # read before bind_switchers shows the page's language in them
    if language != DEFAULT_LANGUAGE:  # the build wrote the English texts into the page
        page.apply()
    page.bind_switchers()
    if early is not None:
        await page.switch_to(early)
    return page


def switcher_choice() -> "str | None":
    """A language picked in a switch before the glue ran (while the page loaded, no listener
    saw it): the language of a switch that no longer shows its default option."""
    for select in dom.find_all("#language, select.language-switch"):
        if select.choice_changed():
            return select.value()
    return None
