"""Translations: every visible string comes from ``static/i18n/<language>.json``.

A text is a string, or for a text that counts something an object of CLDR plural categories
(``"one"``, ``"other"``, ...) chosen by the number in its ``count`` parameter, or in the
parameter that ``"plural"`` names; a category's text may itself be such an object (a text
with two counts).

>>> tr = Translator("en", {"play.to-move": "{player} to move", "white": "White"})
>>> tr.t("play.to-move", {"player": {"key": "white"}})
'White to move'
>>> moves = {"one": "{count} move", "other": "{count} moves"}
>>> after = {"plural": "rounds", "one": "after {rounds} round", "other": "after {rounds} rounds"}
>>> tr = Translator("en", {"moves": moves, "after": after})
>>> tr.t("moves", {"count": 1}), tr.t("moves", {"count": 0}), tr.t("after", {"rounds": 2})
('1 move', '0 moves', 'after 2 rounds')
>>> preferred_language(["fr-CA", None, "es-AR"])
'es'
"""

LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
PLURAL_PARAMETER = "count"  # the parameter a plural text is chosen by, unless it names another
SENTENCE_ENDS = (".", "!", "?", "…")

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


def preferred_language(candidates: "list[Any]") -> str:
    """The first of ``candidates`` (a URL's ``lang``, the stored choice, the browser's
    languages, in that order) whose base language the site has, else English."""
    for candidate in candidates:
        base = str(candidate or "").lower().split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def plural_category(language: str, value: "Any") -> str:
    """The CLDR plural category of the number ``value`` in ``language``. English and Spanish
    (the site's languages) have two: ``"one"`` for exactly 1 written without decimals (the int
    1 or the numeral ``"1"``), ``"other"`` for every other number (0, 2, 1.5, 1.0) and for a
    value that is no number."""
    if value is True or value is False or not isinstance(value, (int, str)):
        return "other"
    return "one" if str(value).strip() == "1" else "other"


def date_number(epoch_ms: "Any") -> float:
    """The number to give JavaScript's ``Date`` for ``epoch_ms`` milliseconds since 1970: a
    float, because MicroPython hands a Python int to JavaScript cut to 32 bits (a time in 2026
    would become one in January 1970).

    >>> date_number(1767225600123)
    1767225600123.0
    """
    return float(epoch_ms)


def _placeholders(template: str) -> "list[tuple[int, int, str]]":
    """(start, end, name) of every ``{name}`` in ``template`` (names: letters, digits, ``_-``)."""
    found = []
    start = template.find("{")
    while start >= 0:
        end = template.find("}", start + 1)
        if end < 0:
            break
        name = template[start + 1 : end]
        if name and all(char.isalpha() or char.isdigit() or char in "_-" for char in name):
            found.append((start, end + 1, name))
            start = template.find("{", end + 1)
        else:
            start = template.find("{", start + 1)
    return found


class Translator:
    """The strings of one language, with English as the fallback for a missing key (or for a
    plural text that lacks the form a number needs)."""

    def __init__(
        self, language: str, strings: "dict[str, Any]", fallback: "dict[str, Any] | None" = None
    ) -> None:
        self.language = language
        self.strings = strings
        self.fallback = strings if fallback is None else fallback
        self.missing: list[str] = []  # keys asked for that no table has (shown as the key)

    def has(self, key: str) -> bool:
        return key in self.strings or key in self.fallback

    def choose(self, value: "Any", params: "dict[str, Any]") -> "str | None":
        """The template ``value`` (a table's entry) gives for ``params``: a plural text's form
        for the number it counts (``other`` where the form is missing), None for an entry
        that is neither a string nor such an object."""
        depth = 0
        while isinstance(value, dict) and depth < 4:
            count = params.get(str(value.get("plural") or PLURAL_PARAMETER))
            category = plural_category(self.language, count)
            value = value.get(category, value.get("other"))
            depth += 1
        return value if isinstance(value, str) else None

    def t(self, key: str, params: "dict[str, Any] | None" = None) -> str:
        """``t("play.to-move", {"player": "White"})`` -> ``"White to move"``. A parameter whose
        value is itself a translation request (``{"key", "params"}``) is translated first; a
        placeholder without a parameter stays as it is. A value that ends a sentence takes the
        place of the template's own full stop after it (``"…: {message}."`` with a message
        ending in a full stop gets one, not two)."""
        params = params or {}
        template = self.choose(self.strings.get(key), params)
        if template is None:
            template = self.choose(self.fallback.get(key), params)
        if template is None:
            self.missing.append(key)
            return key
        parts = []
        done = 0
        for start, end, name in _placeholders(template):
            if name not in params:
                continue
            value = self._value(params[name])
            parts.append(template[done:start])
            parts.append(value)
            done = end
            if template[end : end + 1] == "." and value.endswith(SENTENCE_ENDS):
                done = end + 1
        parts.append(template[done:])
        return "".join(parts)

    def _value(self, value: "Any") -> str:
        if isinstance(value, dict) and "key" in value:
            return self.message(value)
        if value is True or value is False:
            return "true" if value else "false"
        return str(value)

    def message(self, request: "Mapping[str, Any]") -> str:
        """The text of a translation request from the engine: ``{key, params}``, with optional
        ``fallback`` (English text for a key the site lacks) and ``more`` (further requests whose
        texts follow, joined with spaces)."""
        key = request.get("key", "")
        fallback = request.get("fallback")
        if fallback and not self.has(key):
            main = str(fallback)
        else:
            main = self.t(key, request.get("params") or {})
        texts = [main]
        more = request.get("more")
        if isinstance(more, list):
            for item in more:
                texts.append(self.message(item))
        return " ".join(texts)
