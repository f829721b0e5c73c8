"""Scenarios for the page glue's pure modules (web/app/glue), in the Python that both
MicroPython and CPython run: ``tests/test_glue.py`` runs every ``scenario_*`` function here
under CPython, and once more under the site's own MicroPython (in Node), so that code the page
runs is checked in the interpreter that runs it."""

from glue import text


def scenario_translations_fill_placeholders_and_nested_requests():
    tr = text.Translator(
        "es",
        {"play.to-move": "Juegan {player}", "white": "las blancas", "n": "{count} jugadas"},
        {"play.to-move": "{player} to move", "only-en": "English {x}", "white": "White"},
    )
    assert tr.t("play.to-move", {"player": {"key": "white"}}) == "Juegan las blancas"
    assert tr.t("only-en", {"x": 3}) == "English 3"  # a key missing in Spanish: English
    assert tr.t("n", {"count": 0}) == "0 jugadas"
    assert tr.t("n") == "{count} jugadas"  # no parameter: the placeholder stays
    assert tr.t("nope") == "nope" and tr.missing == ["nope"]
    assert tr.t("n", {"count": "{count}"}) == "{count} jugadas"  # values are not re-read
    message = {"key": "n", "params": {"count": 2}, "more": [{"key": "gone", "fallback": "Fb."}]}
    assert tr.message(message) == "2 jugadas Fb."
    assert text.Translator("en", {"a": "{b-c} {d_e} {f g} {}"}).t("a", {"b-c": 1, "d_e": 2}) == (
        "1 2 {f g} {}"
    )


def scenario_preferred_language():
    assert text.preferred_language(["ES-mx", "en"]) == "es"
    assert text.preferred_language([None, "", "fr", "en-GB"]) == "en"
    assert text.preferred_language(["de"]) == "en"
    assert text.preferred_language([]) == "en"
