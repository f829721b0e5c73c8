"""Translations: every visible string comes from ``static/i18n/<language>.json``.

>>> tr = Translator("en", {"play.to-move": "{player} to move", "white": "White"})
>>> tr.t("play.to-move", {"player": {"key": "white"}})
'White to move'
>>> preferred_language(["fr-CA", None, "es-AR"])
'es'
"""

LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def preferred_language(candidates: "list[Any]") -> str:
    """The first of ``candidates`` (a URL's ``lang``, the stored choice, the browser's
    languages, in that order) whose base language the site has, else English."""
    for candidate in candidates:
        base = str(candidate or "").lower().split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


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
    """The strings of one language, with English as the fallback for a missing key."""

    def __init__(
        self, language: str, strings: "dict[str, str]", fallback: "dict[str, str] | None" = None
    ) -> None:
        self.language = language
        self.strings = strings
        self.fallback = strings if fallback is None else fallback
        self.missing: list[str] = []  # keys asked for that no table has (shown as the key)

    def has(self, key: str) -> bool:
        return key in self.strings or key in self.fallback

    def t(self, key: str, params: "dict[str, Any] | None" = None) -> str:
        """``t("play.to-move", {"player": "White"})`` -> ``"White to move"``. A parameter whose
        value is itself a translation request (``{"key", "params"}``) is translated first; a
        placeholder without a parameter stays as it is."""
        template = self.strings.get(key)
        if template is None:
            template = self.fallback.get(key)
        if template is None:
            self.missing.append(key)
            return key
        params = params or {}
        parts = []
        done = 0
        for start, end, name in _placeholders(template):
            if name not in params:
                continue
            parts.append(template[done:start])
            parts.append(self._value(params[name]))
            done = end
        parts.append(template[done:])
        return "".join(parts)

    def _value(self, value: "Any") -> str:
        if isinstance(value, dict) and "key" in value:
            return self.message(value)
        if value is True or value is False:
            return "true" if value else "false"
        return str(value)

    def message(self, request: "dict[str, Any]") -> str:
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
