"""Scenarios for the texts (web/app/glue/text.py): plural forms chosen by a count, sentences
inside sentences, dates handed to JavaScript whole, and the blog widget poster's title, in the
Python that both MicroPython and CPython run, like glue_scenarios.py."""

from glue import text
from glue.embed_settings import embed_settings, poster_title
from glue.score_table import iso_date

MOVES_EN = {"one": "{count} move", "other": "{count} moves"}
MOVES_ES = {"one": "{count} jugada", "other": "{count} jugadas"}
SEATS_EN = {
    "plural": "players",
    "one": {
        "plural": "seats",
        "one": "{players} player, {seats} seat",
        "other": "{players} player, {seats} seats",
    },
    "other": {
        "plural": "seats",
        "one": "{players} players, {seats} seat",
        "other": "{players} players, {seats} seats",
    },
}


def scenario_plural_forms_are_chosen_by_the_count():
    english = {
        "moves": MOVES_EN,
        "after": {
            "plural": "rounds",
            "one": "after {rounds} round",
            "other": "after {rounds} rounds",
        },
        "seats": SEATS_EN,
        "plain": "{count} of them",
        "only-other": {"other": "{count} things"},
        "broken": {"plural": "n"},
    }
    tr = text.Translator("en", english)
    assert [tr.t("moves", {"count": n}) for n in (0, 1, 2, 21)] == [
        "0 moves",
        "1 move",
        "2 moves",
        "21 moves",
    ]
    assert tr.t("moves", {"count": "1"}) == "1 move"  # a numeral counts as its number
    assert tr.t("moves", {"count": 1.0}) == "1.0 moves"  # CLDR: a 1 with decimals is "other"
    assert tr.t("moves", {"count": 1.5}) == "1.5 moves"
    assert tr.t("moves", {"count": True}) == "true moves"  # not a number
    assert tr.t("moves", {"count": "many"}) == "many moves"
    assert tr.t("moves") == "{count} moves"  # no count: the general form, placeholder kept
    assert tr.t("after", {"rounds": 1}) == "after 1 round"
    assert tr.t("after", {"count": 1, "rounds": 3}) == "after 3 rounds"  # the declared name
    assert tr.t("seats", {"players": 1, "seats": 2}) == "1 player, 2 seats"
    assert tr.t("seats", {"players": 2, "seats": 1}) == "2 players, 1 seat"
    assert tr.t("seats", {"players": 1, "seats": 1}) == "1 player, 1 seat"
    assert tr.t("plain", {"count": 1}) == "1 of them"  # plain strings are unchanged
    assert tr.t("only-other", {"count": 1}) == "1 things"  # a missing form: the general one
    assert tr.t("broken", {"n": 1}) == "broken" and tr.missing == ["broken"]
    assert tr.message({"key": "moves", "params": {"count": 1}}) == "1 move"


def scenario_spanish_plurals_and_the_english_fallback():
    spanish = {"moves": MOVES_ES, "bad": {"one": "{count} cosa"}, "only-en": None}
    english = {"moves": MOVES_EN, "bad": MOVES_EN, "only-en": MOVES_EN}
    tr = text.Translator("es", spanish, english)
    assert [tr.t("moves", {"count": n}) for n in (0, 1, 2)] == [
        "0 jugadas",
        "1 jugada",
        "2 jugadas",
    ]
    assert tr.t("bad", {"count": 1}) == "1 cosa"
    assert tr.t("bad", {"count": 2}) == "2 moves"  # no Spanish form for 2: English
    assert tr.t("only-en", {"count": 1}) == "1 move"
    for language in text.LANGUAGES:
        assert text.plural_category(language, 1) == "one"
        for number in (0, 2, 3, 11, 100, 0.5, -1, None, "x"):
            assert text.plural_category(language, number) == "other"


def scenario_a_sentence_inside_a_sentence_ends_once():
    english = {
        "record": "This record cannot be loaded: {message}. The game on the board is unchanged.",
        "played": "{player} played {action}.",
        "mid": "{a}, then {b}",
    }
    tr = text.Translator("en", english)
    loaded = (
        "This record cannot be loaded: line 3: no move xc3. The game on the board is unchanged."
    )
    assert tr.t("record", {"message": "line 3: no move xc3."}) == loaded
    assert tr.t("record", {"message": "line 3: no move xc3"}) == loaded
    assert tr.t("record", {"message": "Really?"}) == (
        "This record cannot be loaded: Really? The game on the board is unchanged."
    )
    assert tr.t("record", {"message": "Wait…"}).count("….") == 0
    assert tr.t("played", {"player": "White", "action": "xc3"}) == "White played xc3."
    assert tr.t(
        "played", {"player": "White", "action": {"key": "mid", "params": {"a": "1.", "b": "2."}}}
    ) == ("White played 1., then 2.")
    assert ".." not in tr.t(
        "record", {"message": {"key": "played", "params": {"player": "X", "action": "c3"}}}
    )


def scenario_dates_reach_javascript_whole():
    epoch_ms = 1767225600123  # 2026-01-01, beyond 32 bits
    number = text.date_number(epoch_ms)
    assert number == epoch_ms and isinstance(number, float)
    assert int(number) == epoch_ms
    assert iso_date(epoch_ms) == "2026-01-01T00:00:00.123Z"
    try:
        import js  # MicroPython in Node (tests/micropython_glue.mjs): JavaScript's own Date
    except ImportError:
        return  # CPython: no JavaScript here
    assert str(js.Date.new(number).toISOString()) == iso_date(epoch_ms)
    later = 4102444800000  # 2100-01-01
    assert str(js.Date.new(text.date_number(later)).toISOString()) == iso_date(later)


def scenario_the_poster_names_what_play_starts():
    def title(query, levels=("random", "easy", "medium", "hard")):
        return poster_title(embed_settings(query), list(levels))

    assert title("?level=hard") == {
        "key": "embed.title-computer",
        "params": {"level": {"key": "embed.level.hard"}},
    }
    assert title("")["key"] == "embed.title-play"
    assert title("?level=human")["key"] == "embed.title-play"  # people in every seat
    assert title("?level=bogus")["key"] == "embed.title-play"  # refused: a plain game
    assert title("?level=greedy", ["easy"])["key"] == "embed.title-play"
    assert title("?mode=replay&level=hard")["key"] == "embed.title-replay"
    assert title("?seats=human,human")["key"] == "embed.title-play"
    assert title("?seats=human,easy&level=hard")["params"]["level"] == {"key": "embed.level.easy"}
    assert title("?seats=easy,human,hard")["key"] == "embed.title-computers"
    assert title("?seats=human,bogus&level=medium")["params"]["level"] == {
        "key": "embed.level.medium"
    }
    assert title("?seats=human,bogus")["key"] == "embed.title-play"
    tr = text.Translator(
        "en",
        {
            "embed.title-computer": "{game}: play against the computer ({level})",
            "embed.level.hard": "hard",
        },
    )
    request = title("?level=hard")
    request["params"]["game"] = "Zebra"
    assert tr.message(request) == "Zebra: play against the computer (hard)" and not tr.missing
