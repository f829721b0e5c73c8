"""The lesson tracks (web/lessons/<game>.json, web/tools/lessons.py): every track has 5 to 10
steps ending with a game against the easy computer, every step's task builds with the engine,
its main answer (played by clicks on the page's own try-it logic) solves it and marks it done,
the engine finds no accepted answer beyond the listed ones, and every text exists in English and
Spanish."""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pyengine

REPOSITORY = Path(__file__).resolve().parents[1]
WEB = REPOSITORY / "web"
sys.path.insert(0, str(WEB))
sys.path.insert(0, str(WEB / "app"))

from glue import lessons as progress  # noqa: E402
from glue.tryit import TryIt  # noqa: E402
from tools import lessons, rules_pages  # noqa: E402

GAMES = lessons.games_with_lessons()
STEPS = [(game, step) for game in GAMES for step in lessons.load(game)["steps"] if "tryit" in step]
# Keys the page writer and the page glue name themselves (web/tools/lessons.py, glue/learn.py).
PAGE_KEYS = {
    "learn.skip",
    "learn.steps",
    "learn.task",
    "learn.try-again",
    "learn.next",
    "learn.play",
    "learn.finished",
    "learn.state.done",
    "learn.state.current",
    "learn.state.todo",
    "learn.counter",
    "learn.done",
    "learn.complete",
}


def strings(language: str) -> dict[str, Any]:
    return json.loads((WEB / "static" / "i18n" / f"learn-{language}.json").read_text())


def test_every_game_has_a_track_that_ends_with_a_game() -> None:
    assert GAMES == sorted(game.id for game in pyengine.games())
    for game in GAMES:
        steps = lessons.load(game)["steps"]
        assert lessons.MIN_STEPS <= len(steps) <= lessons.MAX_STEPS
        assert steps[-1].get("play") and all("tryit" in step for step in steps[:-1])
        for step in steps[:-1]:  # every task has a hint and a reason for a wrong try
            assert {"hint", "wrong", "success", "prompt"} <= set(step["tryit"])


def test_every_key_exists_in_english_and_spanish() -> None:
    english, spanish = strings("en"), strings("es")
    used = set(PAGE_KEYS)
    for game in GAMES:
        used |= lessons.used_keys(lessons.load(game))
    assert used == set(english), "unused or missing English texts"
    assert set(spanish) == set(english)
    for language in (english, spanish):  # the count has its plural forms
        assert {"one", "other"} <= set(language["learn.done"])
    sources = "".join(
        path.read_text()
        for path in (
            WEB / "app" / "glue" / "learn.py",
            WEB / "tools" / "lessons.py",
            WEB / "templates" / "learn.html",
        )
    )
    for key in PAGE_KEYS:
        assert f'"{key}"' in sources, key
    site = {
        language: json.loads((WEB / "static" / "i18n" / f"{language}.json").read_text())
        for language in ("en", "es")
    }
    for table in site.values():  # the links to the lessons
        assert "learn.nav.link" in table
        assert all(f"learn.nav.card.{game}" in table for game in GAMES)


def click_through(tryit: TryIt, line: list[str]) -> None:
    """Plays ``line`` on the page's try-it logic: the clicks of each action, the opponent's
    answers played as the page plays them."""
    for text in line:
        if tryit.pending_reply:
            assert tryit.node["actions"][tryit.node["auto"]]["text"] == text
            assert tryit.reply().kind == "reply"
            continue
        node = tryit.node
        cells = next(path[0] for path in node["paths"] if node["actions"][path[1]]["text"] == text)
        if not cells:  # an action made without a cell: its button
            step = tryit.play(next(path[1] for path in node["paths"] if path[0] == cells))
        else:
            for token in cells:
                step = tryit.click(token)
        assert step.kind == "right", (text, step.kind, tryit.feedback)


@pytest.mark.parametrize(("game", "step"), STEPS, ids=[f"{g}:{s['id']}" for g, s in STEPS])
def test_every_step_builds_and_its_answer_solves_it(game: str, step: dict) -> None:
    spec = step["tryit"]
    data = rules_pages.tryit_data(game, spec)
    assert data["hint"] == spec["hint"]
    for line in rules_pages.solutions_of(spec):
        tryit = TryIt(data)
        click_through(tryit, line)
        assert tryit.done and tryit.mistakes == 0
    saved = progress.mark_done(progress.read_progress(None), game, step["id"])
    kept = progress.read_progress(progress.write_progress(saved))
    assert progress.done_steps(kept, game) == [step["id"]]
    # the "why" texts are for actions the task really offers as wrong
    wrong = {
        action["text"]
        for node in data["nodes"]
        for action in node["actions"]
        if not action["right"]
    }
    assert set(spec.get("why", {})) <= wrong


# -- the engine's proof that the listed answers are all the answers ---------------------------


def sequences(state, depth: int) -> list[tuple[list[str], Any]]:
    """Every line of ``depth`` actions from ``state`` (shorter where the game ends)."""
    if depth == 0 or state.is_terminal():
        return [([], state)]
    found = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        found += [([str(action), *line], end) for line, end in sequences(after, depth - 1)]
    return found


def sheet(state) -> list[str]:
    """A Fight the Virus solo sheet's fields (analysed, points, research, testing, curve)."""
    return state.position_text().split(" ", 4)[4].split("|")


def virus_war_cell(state, cell: str) -> str:
    rows = state.position_text().split()[0].split("/")
    return rows[len(rows) - int(cell[1:])]["abcdefghik".index(cell[0])]


def virus_fight_blocks(position: str) -> tuple[dict[str, bool], dict[str, int]]:
    """The occupied cells of a Virus Fight position (cell -> has a marker) and their block."""
    cells = {}
    for item in position.split()[1].split(","):
        cell, piece = item.split("=")
        cells[cell] = "*" in piece
    block: dict[str, int] = {}
    for start in cells:
        if start in block:
            continue
        todo = [start]
        while todo:
            cell = todo.pop()
            if cell in block:
                continue
            block[cell] = len({*block.values()}) if start == cell else block[start]
            file, rank = ord(cell[0]), int(cell[1:])
            for near in ((file + 1, rank), (file - 1, rank), (file, rank + 1), (file, rank - 1)):
                name = f"{chr(near[0])}{near[1]}"
                if name in cells and name not in block:
                    todo.append(name)
    return cells, block


def zebra_forced_wins(state) -> list[str]:
    """White's moves after which every Black reply allows a White move that wins at once."""

    def wins_now(position) -> bool:
        for action in position.legal_actions():
            after = position.clone()
            after.apply(action)
            if after.is_terminal() and after.returns()[0] > 0:
                return True
        return False

    found = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.is_terminal():
            continue
        replies = []
        for reply in after.legal_actions():
            answered = after.clone()
            answered.apply(reply)
            replies.append(wins_now(answered))
        if all(replies):
            found.append(str(action))
    return found


def diagonal(move: str) -> bool:
    origin, target = move.split("-")
    return origin[0] != target[0] and origin[1:] != target[1:]


# (game, step) -> (line length, what an answer achieves: (line, start, end) -> bool)
GOALS: dict[tuple[str, str], tuple[int, Callable[[list[str], Any, Any], bool]]] = {
    ("zebra", "first-move"): (1, lambda line, start, end: line[0].startswith("b1-")),
    ("zebra", "diagonal"): (
        1,
        lambda line, start, end: line[0].endswith("-b1") and diagonal(line[0]),
    ),
    ("zebra", "count"): (
        1,
        lambda line, start, end: end.tower_counts()[1] < start.tower_counts()[1],
    ),
    ("zebra", "stuck"): (1, lambda line, start, end: end.is_terminal() and end.returns()[0] > 0),
    ("virus-war", "first-step"): (1, lambda line, start, end: line[0] != "pass"),
    ("virus-war", "grow"): (3, lambda line, start, end: virus_war_cell(end, "d4") == "X"),
    ("virus-war", "kill"): (
        2,
        lambda line, start, end: virus_war_cell(end, "c3") == virus_war_cell(end, "d3") == "o",
    ),
    ("virus-war", "bridge"): (
        1,
        lambda line, start, end: (
            end.position_text().split()[0].count("o") > start.position_text().split()[0].count("o")
        ),
    ),
    ("virus-war", "eliminate"): (
        3,
        lambda line, start, end: end.is_terminal() and end.returns()[0] > 0,
    ),
    ("virus-fight", "write"): (2, lambda line, start, end: "=J1/1*1" in end.position_text()),
    ("virus-fight", "move"): (1, lambda line, start, end: not end.is_terminal()),
    ("virus-fight", "jump"): (
        1,
        lambda line, start, end: (
            not any(
                marked
                for cell, marked in virus_fight_blocks(start.position_text())[0].items()
                if virus_fight_blocks(start.position_text())[1][cell]
                == virus_fight_blocks(start.position_text())[1][line[0].split("@")[1]]
            )
        ),
    ),
    ("virus-fight", "erase"): (
        1,
        lambda line, start, end: "W3" in end.position_text().split()[2].split("|")[0],
    ),
    ("virus-fight", "eliminate"): (
        2,
        lambda line, start, end: end.is_terminal() and end.returns()[0] > 0,
    ),
    ("fight-the-virus", "research"): (1, lambda line, start, end: sheet(end)[2] == "1"),
    ("fight-the-virus", "shapes"): (
        1,
        lambda line, start, end: {"d1", "c2"} <= set(sheet(end)[0].split(".")),
    ),
    ("fight-the-virus", "testing"): (1, lambda line, start, end: "T10=" in sheet(end)[3]),
    ("fight-the-virus", "curve"): (1, lambda line, start, end: sheet(end)[4] != sheet(start)[4]),
    ("fight-the-virus", "finish"): (1, lambda line, start, end: sheet(end)[2] == "12"),
}


@pytest.mark.parametrize(("game", "step"), STEPS, ids=[f"{g}:{s['id']}" for g, s in STEPS])
def test_the_listed_answers_are_all_the_answers(game: str, step: dict) -> None:
    spec = step["tryit"]
    start = rules_pages.build_state(game, spec)
    listed = sorted(rules_pages.solutions_of(spec))
    if (game, step["id"]) == ("zebra", "win"):  # a win in two: White, Black's only reply, White
        assert zebra_forced_wins(start) == [listed[0][0]]
        after = start.clone()
        after.apply(listed[0][0])
        assert [str(action) for action in after.legal_actions()] == [listed[0][1]]
        after.apply(listed[0][1])
        assert [line for line, end in sequences(after, 1) if end.is_terminal()] == [[listed[0][2]]]
        return
    if (game, step["id"]) == ("fight-the-virus", "points"):  # square 5 for the fewest points
        crossing = [
            (sheet(end)[1].count("x"), line)
            for line, end in sequences(start, 1)
            if sheet(end)[2] == "5"
        ]
        fewest = min(spent for spent, _ in crossing)
        assert sorted(line for spent, line in crossing if spent == fewest) == listed
        return
    depth, goal = GOALS[(game, step["id"])]
    found = sorted(line for line, end in sequences(start, depth) if goal(line, start, end))
    assert found == listed


def test_lesson_solutions_are_not_order_dependent_where_any_order_is_given() -> None:
    for _game, step in STEPS:
        spec = step["tryit"]
        if spec.get("any_order"):
            for solution in spec["solutions"]:
                assert all(
                    list(order) in rules_pages.solutions_of(spec)
                    for order in itertools.permutations(solution)
                )


@pytest.mark.parametrize("game", GAMES)
def test_each_page_is_written_with_its_steps_and_the_easy_game(game: str) -> None:
    content = lessons.load(game)
    page = lessons.page_html(game)
    assert "{{" not in page
    for number, step in enumerate(content["steps"]):
        assert f'id="step-{step["id"]}"' in page
        assert (f'id="step-{step["id"]}-task-data"' in page) == ("tryit" in step)
        assert f'data-index="{number}"' in page
    assert f'href="{game}.html#play=computer&amp;level=easy"' in page or (
        f'href="{game}.html#play=computer&level=easy"' in page
    )
    assert page.count('class="learn-step"') == len(content["steps"])
    assert 'data-i18n-bundles="rules rules-nav learn"' in page
    assert "<!-- glue:learn -->" in page


# -- what the steps say --------------------------------------------------------------------------


def site_strings(language: str) -> dict[str, Any]:
    """Every text a lesson page can show: the site's, the rules bundle's and the lessons'."""
    merged: dict[str, Any] = {}
    for name in ("", "rules-", "learn-"):
        merged.update(json.loads((WEB / "static" / "i18n" / f"{name}{language}.json").read_text()))
    return merged


def wrong_tries() -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """Every legal but wrong action of every lesson step and rules exercise: (game, where, its
    try-it data, the node's action)."""
    found = []
    for game, step in STEPS:
        data = rules_pages.tryit_data(game, step["tryit"])
        for node in data["nodes"]:
            for action in node["actions"]:
                if not action["right"]:
                    found.append((game, f"{game}:{step['id']}", data, action))
    for game in rules_pages.games_with_rules():
        for number, spec in enumerate(rules_pages.blocks(rules_pages.load(game), "tryit")):
            data = rules_pages.tryit_data(game, spec)
            for node in data["nodes"]:
                for action in node["actions"]:
                    if not action["right"]:
                        found.append((game, f"rules-{game}:{number + 1}", data, action))
    return found


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_wrong_try_is_said_once_in_words_a_newcomer_reads(language: str) -> None:
    """The board's answer to a legal but wrong try ("Legal, but not what was asked: ...") says
    "legal" once, starts a sentence with a capital letter, and names the action in words, not
    in its notation (``+J1@d3``, ``x-``, ``J@b3``, ``pass``; a cell name alone may stay)."""
    from glue.text import Translator

    translator = Translator(language, site_strings(language))
    legal = {"en": "legal", "es": "legal"}[language]
    seen = 0
    for _game, where, data, action in wrong_tries():
        tryit = TryIt(data)
        tryit.node_index = data["nodes"].index(
            next(node for node in data["nodes"] if action in node["actions"])
        )
        tryit.play(tryit.node["actions"].index(action))
        feedback = tryit.feedback
        assert feedback is not None and feedback["key"] == "rules.tryit.legal-but"
        said = translator.t(feedback["key"], feedback["params"])
        assert said.lower().count(legal) == 1, (where, said)
        assert said[0].isupper(), (where, said)
        words = translator.message(feedback["params"]["action"])
        notation = rf"(?<![\w-]){re.escape(action['text'])}(?![\w-])"
        if not re.fullmatch(r"[a-z][0-9]+", action["text"]):  # a cell name alone may stay
            assert not re.search(notation, words), (where, said)
        assert "{" not in said and translator.missing == [], (where, said)
        seen += 1
    assert seen > 50


def test_virus_war_growing_never_miscounts_the_steps_to_d4() -> None:
    """After b2 and c3 d4 is one step away: the wrong text there does not say three."""
    english = strings("en")
    (spec,) = [step["tryit"] for game, step in STEPS if (game, step["id"]) == ("virus-war", "grow")]
    data = rules_pages.tryit_data("virus-war", spec)
    tryit = TryIt(data)
    for cell in ("b2", "c3"):
        assert tryit.click(cell).kind == "right"
    wrong = next(  # a cell off the way that the task has no word of its own for
        i
        for i, action in enumerate(tryit.node["actions"])
        if not action["right"] and action["why"] == spec["wrong"]
    )
    tryit.play(wrong)
    assert tryit.feedback is not None
    reason = tryit.feedback["params"]["reason"]["key"]
    assert reason == spec["wrong"] and "three steps" not in english[reason]


def texts_of(game: str) -> list[str]:
    """A track's translation keys in the order a reader meets them, step by step."""
    content = lessons.load(game)
    keys = [content["intro"]]
    for step in content["steps"]:
        keys += [step["title"], step["text"]]
        spec = step.get("tryit") or {}
        keys += [
            spec[name]
            for name in ("prompt", "hint", "progress", "success", "wrong")
            if name in spec
        ]
        keys += list(spec.get("why", {}).values())
    return keys


@pytest.mark.parametrize("language", ["en", "es"])
def test_fight_the_virus_names_spots_as_the_sheet_shows_them(language: str) -> None:
    """The sheet labels research squares by number and the analysis by letters and numbers,
    but not the pyramid's or the curve's cells: no lesson text names T00, C11 or R5."""
    table = strings(language)
    for key in texts_of("fight-the-virus"):
        assert not re.search(r"\b[TCR][0-9]{1,2}\b", table[key]), (key, table[key])


def test_fight_the_virus_teaches_placing_a_shape() -> None:
    shaped = [
        step["id"]
        for game, step in STEPS
        if game == "fight-the-virus"
        and any(">A:" in action for line in step["tryit"]["solutions"] for action in line)
    ]
    assert shaped, "no step places a shape in the analysis"


@pytest.mark.parametrize(("language", "size"), [("en", "size"), ("es", "tamaño")])
def test_virus_fight_explains_sizes_before_naming_a_piece(language: str, size: str) -> None:
    """The first text that names a piece by its code (J1, W3) is one that explains the sizes."""
    table = strings(language)
    first = next(
        key for key in texts_of("virus-fight") if re.search(r"\b[MWJE][123]\b", table[key])
    )
    assert size in table[first], (first, table[first])


@pytest.mark.parametrize(
    ("language", "stop"), [("en", "propose to stop"), ("es", "proponer parar")]
)
def test_virus_fight_explains_the_stop_the_computer_proposes(language: str, stop: str) -> None:
    """The easy computer proposes to stop whenever its supply is larger (ai.wants_stop), even
    in round 1: a step says what that is before the first game."""
    table = strings(language)
    assert any(stop in table[key] for key in texts_of("virus-fight")), stop
