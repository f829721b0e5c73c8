"""Every text of the site exists in English and Spanish, and every key the site uses exists;
every text reads right with every count (no "1 moves", no raw key, no unfilled placeholder).

Keys are used in three places: pages (data-i18n attributes), the page glue (t("...")
calls and message keys) and the engine (messages and error codes sent to the page).
A text is a string or, when it counts something, an object of plural forms (see
web/app/glue/text.py).
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine.controller import Controller
from pyengine.games.virus_fight.presentation import random_setup

WEB = Path(__file__).resolve().parents[1] / "web"
ENGINE = Path(pyengine.__file__).resolve().parent
LANGUAGES = ("en", "es")
sys.path.insert(0, str(WEB / "app"))

from glue.text import PLURAL_CATEGORIES, PLURAL_PARAMETER, Translator  # noqa: E402


def strings(language: str) -> dict[str, Any]:
    return json.loads((WEB / "static" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))


def forms(value: Any) -> list[str]:
    """Every string a text can be: itself, or each form of a plural text."""
    if isinstance(value, dict):
        return [text for name, form in value.items() if name != "plural" for text in forms(form)]
    return [value]


def counted_by(value: Any) -> set[str]:
    """The parameters a plural text (and the plural texts inside it) choose their form by."""
    if not isinstance(value, dict):
        return set()
    nested = set().union(*(counted_by(form) for name, form in value.items() if name != "plural"))
    return {value.get("plural", PLURAL_PARAMETER)} | nested


def placeholders(value: Any) -> set[str]:
    return {name for text in forms(value) for name in re.findall(r"\{([\w-]+)\}", text)}


def test_both_languages_have_the_same_keys() -> None:
    english, spanish = strings("en"), strings("es")
    assert sorted(set(english) - set(spanish)) == [], "missing in es.json"
    assert sorted(set(spanish) - set(english)) == [], "missing in en.json"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_empty_texts_and_same_placeholders(language: str) -> None:
    english = strings("en")
    for key, text in strings(language).items():
        assert all(form.strip() for form in forms(text)), f"{language}: {key} is empty"
        assert placeholders(text) == placeholders(english[key]), (
            f"{language}: {key} placeholders differ"
        )


def keys_used_by_pages() -> set[str]:
    used = set()
    for page in [*WEB.glob("*.html"), *(WEB / "docs").glob("*.html")]:
        used |= set(re.findall(r'data-i18n(?:-(?!bundles)[\w-]+)?="([\w.-]+)"', page.read_text()))
    template = (WEB / "templates" / "game.html").read_text()
    for game in pyengine.games():  # the build writes one page per game from this template
        used |= set(
            re.findall(
                r'data-i18n(?:-(?!bundles)[\w-]+)?="([\w.-]+)"',
                template.replace("{{GAME}}", game.id),
            )
        )
    return used


def keys_used_by_scripts() -> set[str]:
    """Keys written whole in the page glue (Python: ``t("...")`` and ``{"key": "..."}``) and
    in what JavaScript is left (a key built from parts, ``"share.error." + code``, is not)."""
    used = set()
    for script in [*(WEB / "app").glob("*.js"), *(WEB / "app" / "glue").glob("*.py")]:
        lines = script.read_text().splitlines()
        # doctest examples use made-up keys
        text = "\n".join(line for line in lines if not line.lstrip().startswith((">>>", "...")))
        used |= set(re.findall(r'\bt\(\s*"([\w.-]+)"(?!\s*\+)', text))
        used |= set(re.findall(r'\b"?key"?: "([\w.-]+)"(?!\s*\+)', text))
    return used


def keys_used_by_the_engine() -> set[str]:
    """Message keys and error codes written in the engine's source (``message("...")``,
    ``_message("...")``, ``code="..."``, ``key=...``)."""
    used = set()
    registered = {game.id.replace("-", "_") for game in pyengine.games()}
    for module in ENGINE.rglob("*.py"):
        parts = module.relative_to(ENGINE).parts
        if parts[0] == "games" and len(parts) > 2 and parts[1] not in registered:
            continue  # a game not on the site yet: its texts come with its page
        text = module.read_text()
        used |= set(re.findall(r'_?message\(\s*"([\w.-]+)"', text))
        used |= {f"error.{code}" for code in re.findall(r'(?<![\w-])code="([\w.-]+)"', text)}
        used |= {
            f"error.zebra.{code}"
            for code in re.findall(r'self\._illegal\(\s*\w+,\s*"([\w-]+)"', text)
        }
        if parts[0] == "games" and len(parts) > 2:  # refuse(state, action, "code", ...) helpers
            prefix = parts[1].replace("_", "-")
            used |= {
                f"error.{prefix}.{code}"
                for code in re.findall(r'refuse\(\w+, \w+, "([\w-]+)"', text)
            }
        used |= set(re.findall(r'key = "([\w.-]+)"', text))
        used |= set(re.findall(r'"key": "([\w.-]+)"', text))
    return used


def test_pages_and_scripts_use_only_existing_keys() -> None:
    english = strings("en")
    missing = sorted(
        (keys_used_by_pages() | keys_used_by_scripts()) - set(english) - set(bundle_strings("en"))
    )
    assert missing == []


# -- extra bundles: <body data-i18n-bundles="rules"> also loads static/i18n/rules-<lang>.json ---

BUNDLES = sorted(
    path.name.removesuffix("-en.json") for path in (WEB / "static" / "i18n").glob("*-en.json")
)


def bundle_strings(language: str, names: list[str] | None = None) -> dict[str, str]:
    merged: dict[str, str] = {}
    for name in BUNDLES if names is None else names:
        merged.update(
            json.loads(
                (WEB / "static" / "i18n" / f"{name}-{language}.json").read_text(encoding="utf-8")
            )
        )
    return merged


@pytest.mark.parametrize("bundle", BUNDLES)
def test_bundles_have_the_same_keys_texts_and_placeholders(bundle: str) -> None:
    english, spanish = bundle_strings("en", [bundle]), bundle_strings("es", [bundle])
    assert sorted(set(english) ^ set(spanish)) == [], f"{bundle}: keys differ between languages"
    assert not set(english) & set(strings("en")), f"{bundle}: a key is also in en.json"
    for key, text in english.items():
        assert all(form.strip() for form in forms(text) + forms(spanish[key])), (
            f"{bundle}: {key} is empty"
        )
        assert placeholders(spanish[key]) == placeholders(text), (
            f"{bundle}: {key} placeholders differ"
        )


def test_every_page_finds_its_keys_in_the_bundles_it_declares() -> None:
    import sys

    sys.path.insert(0, str(WEB / "tools"))
    import rules_pages

    pages = {
        page.name: page.read_text()
        for page in [*WEB.glob("*.html"), *(WEB / "docs").glob("*.html")]
    }
    template = (WEB / "templates" / "game.html").read_text()
    for game in pyengine.games():
        pages[f"{game.id}.html"] = template.replace("{{GAME}}", game.id)
    for game_id in rules_pages.games_with_rules():
        pages[f"rules-{game_id}.html"] = rules_pages.page_html(game_id)
    for name, text in pages.items():
        declared = re.search(r'data-i18n-bundles="([\w -]*)"', text)
        known = set(strings("en")) | set(
            bundle_strings("en", declared.group(1).split() if declared else [])
        )
        used = set(re.findall(r'data-i18n(?:-(?!bundles)[\w-]+)?="([\w.-]+)"', text))
        assert sorted(used - known) == [], name


def test_option_labels_exist_for_every_registered_game() -> None:
    english = strings("en")
    for game in pyengine.games():
        schema = game.info()["options"]
        for option in schema["options"]:
            assert f"options.{game.id}.{option['name']}" in english
            for choice in option.get("choices", []):
                assert f"options.{game.id}.{option['name']}.{choice}" in english


def test_engine_messages_user_facing_in_play_exist() -> None:
    """Messages and the errors a player can meet while playing have translations.

    Record and notation errors name lines and tokens in English for now; they reach players
    through the English fallback text the controller sends with every error."""
    english = strings("en")
    used = keys_used_by_the_engine()
    player_facing = {
        key
        for key in used
        if not key.startswith(
            (
                "error.record.",
                "error.notation.",
                "error.state",
                "error.match.",
                "error.engine",
                "error.option.not-a",
            )
        )
    }
    missing = sorted(player_facing - set(english))
    assert missing == []


def test_controller_views_use_existing_keys() -> None:
    """Walk a game and check every message key in every view."""
    english = strings("en")
    controller = Controller()
    seen: set[str] = set()

    def collect(value) -> None:
        if isinstance(value, dict):
            if "key" in value and isinstance(value["key"], str):
                seen.add(value["key"])
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for options in (
        {"size": 4},
        {"size": 3, "setup": "remove"},
        {"size": 3, "setup": "placement"},
        {"size": 3, "setup": "neutral"},
    ):
        collect(controller.handle({"op": "new", "game": "zebra", "options": options}))
        for _ in range(60):
            view = controller.handle({"op": "view"})["view"]
            if view["result"]:
                break
            collect(controller.handle({"op": "click", "cell": view["sources"][0]}))
            view = controller.handle({"op": "view"})["view"]
            if view["selected"]:
                collect(controller.handle({"op": "click", "cell": view["targets"][-1]}))
        collect(controller.handle({"op": "view"}))
    assert seen - set(english) == set()
    assert "play.wins" in seen


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("zebra", {"size": 4}),
        ("zebra", {"size": 3, "setup": "remove"}),
        ("zebra", {"size": 3, "setup": "placement"}),
        ("zebra", {"size": 5, "setup": "neutral", "movement": "jump"}),
        ("virus-war", {"size": 6}),
        ("virus-fight", {"players": 2}),
        ("virus-fight", {"players": 3, "size": 5}),
        ("virus-fight", {"players": 5}),
        ("fight-the-virus", {"mode": "solo", "players": 1}),
        ("fight-the-virus", {"mode": "standard", "players": 3}),
    ],
)
def test_every_message_has_the_parameters_its_texts_use(game: str, options: dict) -> None:
    """Random clicks (legal and not) over random games: every message the controller sends
    names a key whose English and Spanish texts use only parameters the message carries."""
    import random

    texts = {language: strings(language) for language in LANGUAGES}
    rng = random.Random(7)
    checked = 0

    def check(value) -> None:
        nonlocal checked
        if isinstance(value, dict):
            if isinstance(value.get("key"), str) and "params" in value:
                for language, table in texts.items():
                    assert value["key"] in table, value["key"]
                    text = table[value["key"]]
                    missing = (placeholders(text) | counted_by(text)) - set(value["params"])
                    assert not missing, (
                        f"{language} {value['key']} needs {missing}, got {value['params']}"
                    )
                checked += 1
            for item in value.values():
                check(item)
        elif isinstance(value, list):
            for item in value:
                check(item)

    for _ in range(3):
        controller = Controller()
        check(controller.handle({"op": "new", "game": game, "options": options}))
        for _ in range(150):
            view = controller.handle({"op": "view"})["view"]
            if view["result"]:
                break
            cells = list(view["cell_labels"])
            choice = rng.random()
            if view.get("setup"):  # Virus Fight's secret programs come from its builder
                program = random_setup(controller.match.state, rng)  # type: ignore[arg-type]
                reply = controller.handle({"op": "play", "action": str(program)})
            elif view.get("placement") and choice < 0.8:  # a shape placed on a sheet
                reply = controller.handle(
                    {"op": "click", "cell": rng.choice(view["placement"]["legal"])}
                )
            elif (
                view["buttons"]
                and any("click" in button for button in view["buttons"])
                and choice < 0.8
            ):
                button = rng.choice([button for button in view["buttons"] if "click" in button])
                reply = controller.handle({"op": "click", "cell": button["click"]})
            elif view["buttons"] and "click" in view["buttons"][0]:
                reply = controller.handle({"op": "click", "cell": view["buttons"][0]["click"]})
            elif choice < 0.3:
                reply = controller.handle(
                    {"op": "click", "cell": rng.choice(cells)}
                )  # often illegal
            elif view["highlighted"] and choice < 0.8:
                reply = controller.handle({"op": "click", "cell": rng.choice(view["highlighted"])})
            elif view["buttons"] and choice < 0.85:
                reply = controller.handle({"op": "play", "action": view["buttons"][0]["action"]})
            else:
                reply = controller.handle(
                    {"op": "click", "cell": rng.choice(view["sources"] or cells)}
                )
            check(reply)
    assert checked > 100


# -- plural texts: chosen by a count, and every text read with the counts 0, 1 and 2 -------------

# A count next to a noun in the wrong number: "1 moves", "after 1 rounds", "2 seat" (an
# English adjective may come between: "1 empty squares").
NOUNS = {
    "en": (
        "move round seat turn step game piece cell player square character pip point program"
    ).split(),
    "es": (
        "jugada ronda asiento turno paso partida pieza casilla jugador carácter punto programa"
        " movimiento"
    ).split(),
}
PLURAL_NOUNS = {
    "en": [noun + "s" for noun in NOUNS["en"]],
    "es": [
        {"jugador": "jugadores", "carácter": "caracteres"}.get(noun, noun + "s")
        for noun in NOUNS["es"]
    ],
}
BETWEEN = "(?:(?:empty|different|more|other) )?"
WRONG_NUMBER = {
    language: re.compile(
        rf"\b1 {BETWEEN}(?:{'|'.join(PLURAL_NOUNS[language])})\b"
        rf"|\b[02] {BETWEEN}(?:{'|'.join(NOUNS[language])})\b"
    )
    for language in LANGUAGES
}


# Parameters that name something (every other one is filled with a number here): "{player}
# moves a tower" and "Delete this {game} game" are not counts.
NAMES = {"player": "White", "game": "Zebra"}


def every_text(language: str) -> dict[str, Any]:
    return {**strings(language), **bundle_strings(language)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_texts_have_the_forms_of_their_language(language: str) -> None:
    """A plural text names CLDR categories only, has English's and Spanish's two (one, other),
    and the parameter it counts by is one its forms show."""

    def check(key: str, value: Any) -> None:
        if not isinstance(value, dict):
            assert isinstance(value, str), f"{language}: {key} is neither a text nor plural forms"
            return
        assert set(value) - {"plural"} <= set(PLURAL_CATEGORIES), f"{language}: {key}"
        assert {"one", "other"} <= set(value), f"{language}: {key} lacks a form"
        assert value.get("plural", PLURAL_PARAMETER) in placeholders(value), (
            f"{language}: {key} counts by a parameter it never shows"
        )
        for name, form in value.items():
            if name != "plural":
                check(key, form)

    for key, value in every_text(language).items():
        check(key, value)
    english = every_text("en")
    for key, value in every_text(language).items():
        assert counted_by(value) == counted_by(english[key]), f"{language}: {key} counts differ"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_reads_right_with_the_counts_0_1_and_2(language: str) -> None:
    """Every key of every table, with each placeholder filled by 0, 1 or 2 in every
    combination (the first four of a text's; more cycle through them): a text, no raw key, no
    placeholder left, no noun in the wrong number."""
    table = every_text(language)
    translator = Translator(language, table, every_text("en"))
    wrong = []
    for key, value in table.items():
        names = sorted((placeholders(value) | counted_by(value)) - set(NAMES))
        for numbers in itertools.product((0, 1, 2), repeat=min(len(names), 4)):
            params: dict[str, Any] = dict(NAMES)
            params.update(zip(names, itertools.cycle(numbers or (1,)), strict=False))
            text = translator.t(key, params)
            if text == key or re.search(r"\{[\w-]+\}", text) or WRONG_NUMBER[language].search(text):
                wrong.append(f"{key}: {text}")
                break
    assert wrong == [] and translator.missing == [], "\n".join(wrong)
    assert sum(isinstance(value, dict) for value in table.values()) >= 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_counted_texts_say_one_and_many(language: str) -> None:
    translator = Translator(language, every_text(language), every_text("en"))
    one, two = {"en": ("1 move", "2 moves"), "es": ("1 jugada", "2 jugadas")}[language]
    assert translator.t("home.moves", {"count": 1}) == one
    assert translator.t("home.moves", {"count": 2}) == two
    agreed = translator.t("virus-fight.ending.agreement", {"rounds": 1})
    assert agreed.endswith({"en": "after 1 round.", "es": "tras 1 ronda."}[language])
    exact = translator.t("error.match.seat-count-exact", {"count": 3, "minimum": 2, "maximum": 2})
    assert " 2 " in exact and "2 to 2" not in exact and " 2 a 2" not in exact


def test_a_game_that_needs_exactly_two_seats_says_so() -> None:
    from pyengine import Match
    from pyengine.core.errors import EngineError

    with pytest.raises(EngineError) as refused:
        Match("zebra", seats=["human", "human", "human"])
    assert str(refused.value) == "Zebra needs exactly 2 seats, not 3."
    assert refused.value.code == "match.seat-count-exact"
    with pytest.raises(EngineError) as refused:
        Match("virus-fight", seats=["human"] * 9)
    assert "needs 2 to " in str(refused.value) and refused.value.code == "match.seat-count"


def test_the_build_writes_a_plural_text_in_its_general_form(tmp_path: Path) -> None:
    sys.path.insert(0, str(WEB))
    import build

    renderer = build.PageRenderer(
        {"a": {"one": "{count} move", "other": "{count} moves"}}, tmp_path
    )
    assert renderer.render('<p data-i18n="a"></p>') == '<p data-i18n="a">{count} moves</p>'
