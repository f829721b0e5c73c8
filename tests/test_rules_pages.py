"""The rules pages (web/rules/<game>.json, web/tools/rules_pages.py): every diagram and try-it
position is one the engine accepts, every try-it's answers are legal and reachable by clicks,
the wrong-but-legal alternatives it names are legal, and each page is written with its
diagrams, boards and texts."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine.controller import click_paths

REPOSITORY = Path(__file__).resolve().parents[1]
WEB = REPOSITORY / "web"
sys.path.insert(0, str(WEB / "tools"))

import rules_pages  # noqa: E402

GAMES = rules_pages.games_with_rules()
TRYITS = [
    (game, spec) for game in GAMES for spec in rules_pages.blocks(rules_pages.load(game), "tryit")
]
DIAGRAMS = [
    (game, spec) for game in GAMES for spec in rules_pages.blocks(rules_pages.load(game), "diagram")
]


def strings(name: str, language: str = "en") -> dict[str, str]:
    return json.loads(
        (WEB / "static" / "i18n" / f"{name}-{language}.json").read_text(encoding="utf-8")
    )


def glue_source() -> str:
    """The page glue that runs the rules pages (web/app/glue: rules.py and tryit.py)."""
    glue = WEB / "app" / "glue"
    return (glue / "rules.py").read_text() + (glue / "tryit.py").read_text()


def tryit_id(item: tuple[str, dict]) -> str:
    return f"{item[0]}:{item[1]['prompt'].split('.')[-2]}"


def test_every_registered_game_has_a_rules_page() -> None:
    assert GAMES == sorted(game.id for game in pyengine.games())
    for game in GAMES:
        content = rules_pages.load(game)
        assert rules_pages.blocks(content, "diagram"), game
        assert rules_pages.blocks(content, "tryit"), game


@pytest.mark.parametrize("game", GAMES)
def test_content_uses_only_existing_keys(game: str) -> None:
    used = rules_pages.used_keys(rules_pages.load(game))
    for language in ("en", "es"):
        assert sorted(used - set(strings("rules", language))) == [], language


def test_every_rules_key_is_used() -> None:
    used = set().union(*(rules_pages.used_keys(rules_pages.load(game)) for game in GAMES))
    used |= set(re.findall(r'"(rules\.[\w.-]+)"', glue_source()))
    used |= set(
        re.findall(
            r'data-i18n(?:-[\w-]+)?="(rules\.[\w.{}-]+)"',
            (WEB / "templates" / "rules.html").read_text(),
        )
    )
    for tool in ("rules_pages.py", "tryit_words.py"):  # the page writer, the actions' words
        used |= set(
            re.findall(
                r'(?:data-i18n(?:-[\w-]+)?=|)"(rules\.[\w.-]+)"',
                (Path(rules_pages.__file__).parent / tool).read_text(),
            )
        )
    used = {
        key.replace("{{GAME}}", game) if "{{GAME}}" in key else key
        for key in used
        for game in GAMES
    }
    assert sorted(set(strings("rules")) - used) == []


def test_the_script_and_the_page_writer_use_only_existing_keys() -> None:
    used = set(re.findall(r'"(rules\.[\w.-]+)"', glue_source()))
    used |= set(
        re.findall(
            r'data-i18n(?:-[\w-]+)?="(rules\.[\w.-]+)"', Path(rules_pages.__file__).read_text()
        )
    )
    for language in ("en", "es"):
        assert sorted(used - set(strings("rules", language))) == []


@pytest.mark.parametrize(
    ("game", "spec"), DIAGRAMS, ids=lambda value: value if isinstance(value, str) else ""
)
def test_diagram_positions_are_valid_and_drawn_with_their_caption(game: str, spec: dict) -> None:
    state = rules_pages.build_state(game, spec)
    assert state.game.id == game
    svg = rules_pages.diagram_svg(game, spec)
    assert svg.startswith("<svg") and f'role="img" data-i18n-aria-label="{spec["caption"]}"' in svg
    assert (
        "<title" not in svg and "aria-labelledby" not in svg
    )  # one page holds many boards: no shared ids
    cells = set(re.findall(r'data-cell="([\w]+)"', svg))
    assert set(spec.get("highlight", [])) <= cells


@pytest.mark.parametrize(("game", "spec"), TRYITS, ids=[tryit_id(item) for item in TRYITS])
def test_tryit_answers_are_legal_and_made_by_clicks(game: str, spec: dict) -> None:
    start = rules_pages.build_state(game, spec)
    assert not start.is_terminal()
    present = pyengine.get_game(game).presentation()
    for solution in rules_pages.solutions_of(spec):
        state = start.clone()
        for action in solution:
            assert state.is_legal(state.game.parse_action(action, state)), (solution, action)
            clicks = [cells for cells, made in click_paths(present, state) if str(made) == action]
            assert clicks and all(clicks), f"{action} cannot be made by clicking the board"
            state.apply(action)
    firsts = {solution[0] for solution in rules_pages.solutions_of(spec)}
    legal = {str(action) for action in start.legal_actions()}
    for action in spec.get("why", {}):  # the wrong answers the text explains are legal ones
        assert action in legal and action not in firsts, action


@pytest.mark.parametrize(("game", "spec"), TRYITS, ids=[tryit_id(item) for item in TRYITS])
def test_tryit_data_follows_the_right_answers_to_the_end(game: str, spec: dict) -> None:
    data = rules_pages.tryit_data(game, spec)
    nodes, messages = data["nodes"], data["messages"]
    assert nodes[0]["svg"] is None and not nodes[0].get("done")
    done = [node for node in nodes if node.get("done")]
    assert len(done) == len(rules_pages.solutions_of(spec))
    for node in nodes:
        assert node.get("done") or any(action["right"] for action in node["actions"])
        for action in node["actions"]:
            if action["right"]:
                assert 0 < action["next"] < len(nodes)
            else:
                assert action["why"] in strings("rules")
        for cells, index in node["paths"]:
            assert 0 <= index < len(node["actions"])
            for token in cells:
                assert token in node["labels"] or token in node["buttons"] or token.startswith("A:")
        for index in [
            *node["labels"].values(),
            *node["explain"].values(),
            *node["buttons"].values(),
        ]:
            assert isinstance(messages[index], dict) and "key" in messages[index]
        if node["svg"] is not None:
            assert node["svg"].startswith("<svg") and 'aria-hidden="true"' in node["svg"]
    # the engine's words, and the actions' (the rules bundle's), reach the reader translated
    known = {**json.loads((WEB / "static" / "i18n" / "en.json").read_text()), **strings("rules")}
    for message in messages:
        if isinstance(message, str):  # a picture: the dice
            assert message.startswith("<svg"), message[:40]
            continue
        for key, fallback in message_keys(message):
            assert key in known or fallback, key


def message_keys(message: Any) -> list[tuple[str, bool]]:
    """Every translation key in a message and the messages in its parameters, each with
    whether it carries a fallback text."""
    found: list[tuple[str, bool]] = []
    if isinstance(message, dict):
        if isinstance(message.get("key"), str):
            found.append((message["key"], "fallback" in message))
        for value in message.values():
            found += message_keys(value)
    elif isinstance(message, list):
        for value in message:
            found += message_keys(value)
    return found


def test_a_forbidden_repetition_is_explained_by_the_engine() -> None:
    (spec,) = [spec for game, spec in TRYITS if game == "zebra" and "repetition" in spec["prompt"]]
    data = rules_pages.tryit_data("zebra", spec)
    root = data["nodes"][0]
    assert [action["text"] for action in root["actions"]] == ["c3-b2"]
    assert data["messages"][root["explain"]["c3 c2"]]["key"] == "error.zebra.repetition"


def test_virus_war_elimination_takes_two_kills_in_any_order() -> None:
    (spec,) = [spec for game, spec in TRYITS if game == "virus-war" and spec.get("any_order")]
    assert rules_pages.solutions_of(spec) == [["d4", "e4"], ["e4", "d4"]]
    for solution in rules_pages.solutions_of(spec):
        state = rules_pages.build_state("virus-war", spec)
        for action in solution:
            state.apply(action)
        assert state.is_terminal() and state.result().winners == (0,)


@pytest.mark.parametrize("game", GAMES)
def test_each_page_is_written_with_its_diagrams_and_boards(game: str, tmp_path: Path) -> None:
    content = rules_pages.load(game)
    page = rules_pages.page_html(game)
    assert page.count('<figure class="rules-diagram"') == len(
        rules_pages.blocks(content, "diagram")
    )
    assert page.count('<div class="tryit"') == len(rules_pages.blocks(content, "tryit"))
    assert page.count('type="application/json"') == len(rules_pages.blocks(content, "tryit"))
    assert "{{" not in page and 'data-i18n-bundles="rules"' in page
    assert f'href="{game}.html"' in page and "<!-- glue:rules -->" in page
    assert "<script>" not in page and " style=" not in page  # CSP: no inline script or style
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "duplicate ids"
    for section in content["sections"]:
        assert f'href="#{section["id"]}"' in page  # the table of contents


def test_the_build_fills_the_rules_texts_in_english(tmp_path: Path) -> None:
    sys.path.insert(0, str(WEB))
    import build

    renderer = build.PageRenderer(
        json.loads((WEB / "static" / "i18n" / "en.json").read_text()), tmp_path
    )
    written = rules_pages.write_rules_pages(tmp_path, renderer)
    assert sorted(path.name for path in written) == [f"rules-{game}.html" for game in GAMES]
    page = (tmp_path / "rules-zebra.html").read_text()
    assert strings("rules")["rules.zebra.title"] in page
    assert 'aria-label="' + strings("rules")["rules.tryit.board-label"] + '"' in page
    assert not re.search(
        r'data-i18n="[\w.-]+"></(?!script)', page.replace("\n", "")
    )  # every text filled
