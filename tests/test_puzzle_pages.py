"""The puzzle trainer's build step (web/tools/puzzle_pages.py): every puzzle file is checked,
the index and one file per puzzle are written with the engine's try-it data, the pages are
written with their texts, and a corrupt puzzle file stops the build with a message naming it.

The puzzles here are a small file made for this test from real Zebra games (a win in 1 and a
win in 2 with the opponent's answer), so the test does not depend on the generated files."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
WEB = REPOSITORY / "web"
sys.path.insert(0, str(WEB))

from tools import puzzle_pages  # noqa: E402

RECORD_1 = (
    '[Game "Zebra"]\n[Size "4"]\n[Setup "standard"]\n[Movement "step"]\n[Result "*"]\n\n'
    "1. b1-a1 d2-d3\n2. a2-a3 c1-d1\n3. c4-c3 b2-a1\n4. c2-d3 b4-c3\n5. d3-d4 d3-d4\n"
    "6. d3-c3 d4-c3\n*\n"
)
RECORD_2 = (
    '[Game "Zebra"]\n[Size "4"]\n[Setup "standard"]\n[Movement "step"]\n[Result "*"]\n\n'
    "1. b1-a1 d2-d3\n2. a2-a3 c1-d1\n3. c4-c3 b2-a1\n4. c2-d3 b4-c3\n5. d3-d4\n*\n"
)
TRIES = {"random": [1, 8], "easy": [2, 4], "medium": [2, 3], "hard": [2, 2]}


def puzzle(number: int, turns: int, record: str, solver: int, line: list[str]) -> dict:
    return {
        "id": f"zebra-{number:03d}",
        "kind": "win",
        "turns": turns,
        "player_turns": turns,
        "options": {},
        "record": record,
        "solver": solver,
        "solutions": [line],
        "rating": 900 + 300 * number,
        "tries": TRIES,
    }


def document(puzzles: list[dict]) -> dict:
    return {
        "format": "virus-games/puzzles",
        "version": 1,
        "game": "zebra",
        "generator": {
            "command": "made by hand for tests/test_puzzle_pages.py",
            "seed": 1,
            "seconds": 0.0,
        },
        "puzzles": puzzles,
    }


PUZZLES = [
    puzzle(1, 1, RECORD_1, 0, ["b3-c3"]),
    puzzle(2, 2, RECORD_2, 1, ["c3-d4", "c3-d3", "c3-d3"]),
]


@pytest.fixture
def source(tmp_path: Path) -> Path:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "zebra.json").write_text(json.dumps(document(PUZZLES)))
    return folder


def renderer(dist: Path):
    import build

    return build.PageRenderer(json.loads((WEB / "static" / "i18n" / "en.json").read_text()), dist)


def test_the_index_and_each_puzzle_are_written(source: Path, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    written = puzzle_pages.write_puzzle_data(dist, source, None)
    index = json.loads((dist / "app/puzzles/index.json").read_text())
    assert index["format"] == "virus-games/puzzles"
    assert index["puzzles"] == [
        {
            "id": "zebra-001",
            "game": "zebra",
            "kind": "win",
            "turns": 1,
            "rating": 1200,
            "solver": 0,
        },
        {
            "id": "zebra-002",
            "game": "zebra",
            "kind": "win",
            "turns": 2,
            "rating": 1500,
            "solver": 1,
        },
    ]
    assert sorted(path.name for path in written) == [
        "index.json",
        "zebra-001.json",
        "zebra-002.json",
    ]
    one = json.loads((dist / "app/puzzles/zebra/zebra-001.json").read_text())
    assert one["prompt"] == {
        "key": "puzzles.kind.win",
        "params": {"side": {"key": "zebra.player.0", "params": {}}, "count": 1},
    }
    assert one["answer"] == ["b3-c3"] and one["svg"].startswith("<svg")
    nodes = one["tryit"]["nodes"]
    right = [action for action in nodes[0]["actions"] if action["right"]]
    assert [action["text"] for action in right] == ["b3-c3"]
    assert nodes[right[0]["next"]]["done"]
    wrong = [action for action in nodes[0]["actions"] if not action["right"]]
    assert wrong and all(action["why"] == "puzzles.wrong.win" for action in wrong)
    assert one["tryit"]["success"] == "puzzles.success"
    # the win in 2: the opponent's answer is played by the page (an "auto" node)
    two = json.loads((dist / "app/puzzles/zebra/zebra-002.json").read_text())
    nodes = two["tryit"]["nodes"]
    first = next(action for action in nodes[0]["actions"] if action["right"])
    reply = nodes[first["next"]]
    assert reply["auto"] == 0 and reply["actions"][0]["text"] == "c3-d3"
    last = nodes[reply["actions"][0]["next"]]
    assert [action["text"] for action in last["actions"] if action["right"]] == ["c3-d3"]
    assert {action.get("why") for action in nodes[0]["actions"] if not action["right"]} == {
        "puzzles.wrong.win-more"
    }
    assert two["answer"] == ["c3-d4", "c3-d3", "c3-d3"]


def test_each_picture_is_written_as_its_changes_and_read_back_whole(tmp_path: Path) -> None:
    sys.path.insert(0, str(WEB / "app"))
    from glue.trainer import expand_svgs
    from tools.rules_pages import tryit_data

    spec = puzzle_pages.tryit_spec(PUZZLES[1])
    whole = tryit_data("zebra", spec)
    start = puzzle_pages.tryit_start_svg("zebra", spec)
    patched = puzzle_pages.svg_patches(json.loads(json.dumps(whole)), start)
    assert all("svg" not in node for node in patched["nodes"][1:])
    assert len(json.dumps(patched)) < len(json.dumps(whole)) / 2
    expand_svgs(patched, start)
    assert patched == whole


def lines(data: dict, number: int = 0, played: tuple = ()) -> dict:
    """Every sequence of actions a try-it board can play, with what the board has after it."""
    node = data["nodes"][number]
    found = {played: json.dumps({**node, "actions": [a["text"] for a in node["actions"]]})}
    for action in node["actions"]:
        if "next" in action:
            found.update(lines(data, action["next"], (*played, action["text"])))
    return found


def test_identical_positions_are_stored_once() -> None:
    from tools.rules_pages import tryit_data

    whole = tryit_data("zebra", puzzle_pages.tryit_spec(PUZZLES[1]))
    # a second right action that leads to a copy of the answer's positions: stored once
    doubled = json.loads(json.dumps(whole))
    copy = len(doubled["nodes"])
    for node in whole["nodes"]:
        clone = json.loads(json.dumps(node))
        for action in clone["actions"]:
            if "next" in action:
                action["next"] += copy
        doubled["nodes"].append(clone)
    actions = doubled["nodes"][0]["actions"]
    right = next(action for action in actions if action["right"])
    wrong = next(action for action in actions if not action["right"])
    wrong.update(right=True, next=right["next"] + copy)
    del wrong["why"]
    merged = puzzle_pages.merge_nodes(json.loads(json.dumps(doubled)))
    assert len(merged["nodes"]) == len(whole["nodes"]) < len(doubled["nodes"])
    assert lines(merged) == lines(doubled)
    assert right["next"] != wrong["next"]
    again = merged["nodes"][0]["actions"]
    assert {a["next"] for a in again if a["text"] in (right["text"], wrong["text"])} == {1}


def test_an_unchanged_puzzle_comes_from_the_cache(
    source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    first = puzzle_pages.write_puzzle_data(tmp_path / "one", source, cache)
    assert len(list(cache.glob("*.json"))) == len(PUZZLES)

    def no_engine(*_: object) -> None:
        raise AssertionError("the engine ran for a cached puzzle")

    monkeypatch.setattr(puzzle_pages, "puzzle_data", no_engine)
    again = puzzle_pages.write_puzzle_data(tmp_path / "two", source, cache)
    assert [path.read_text() for path in again] == [path.read_text() for path in first]
    monkeypatch.undo()
    changed = document(json.loads(json.dumps(PUZZLES)))
    changed["puzzles"] = changed["puzzles"][:1]  # the other one's file leaves the cache
    (source / "zebra.json").write_text(json.dumps(changed))
    puzzle_pages.write_puzzle_data(tmp_path / "three", source, cache)
    assert len(list(cache.glob("*.json"))) == 1


def test_the_pages_are_written_with_their_texts(source: Path, tmp_path: Path) -> None:
    import pyengine

    dist = tmp_path / "dist"
    written = puzzle_pages.write_puzzle_pages(dist, renderer(dist), source, None)
    games = [game.id for game in pyengine.games()]
    pages = sorted(path.name for path in written if path.suffix == ".html")
    assert pages == sorted(["puzzles.html", *(f"puzzles-{game}.html" for game in games)])
    strings = json.loads((WEB / "static/i18n/puzzles-en.json").read_text())
    mixed = (dist / "puzzles.html").read_text()
    assert strings["puzzles.title"] in mixed and 'data-puzzles=""' in mixed
    assert 'data-i18n-bundles="rules puzzles"' in mixed and "<!-- glue:puzzles -->" in mixed
    assert 'class="tryit-hint"' in mixed and 'class="tryit-answer"' in mixed
    zebra = (dist / "puzzles-zebra.html").read_text()
    assert strings["puzzles.title.zebra"] in zebra and 'data-puzzles="zebra"' in zebra
    assert 'href="puzzles-zebra.html" aria-current="page"' in zebra
    for page in (mixed, zebra):
        assert "{{" not in page and "<script>" not in page and " style=" not in page
        ids = re.findall(r'\sid="([^"]+)"', page)
        assert len(ids) == len(set(ids)), "duplicate ids"
        assert not re.search(r'data-i18n="[\w.-]+"></', page.replace("\n", ""))  # texts filled


def test_every_kind_and_wrong_text_is_in_both_languages() -> None:
    english = json.loads((WEB / "static/i18n/puzzles-en.json").read_text())
    spanish = json.loads((WEB / "static/i18n/puzzles-es.json").read_text())
    assert set(english) == set(spanish)
    for kind in ("win", "survive", "research"):
        for key in (f"puzzles.kind.{kind}", f"puzzles.wrong.{kind}", f"puzzles.wrong.{kind}-more"):
            assert key in english, key
        assert set(english[f"puzzles.kind.{kind}"]) == {"one", "other"}
        assert set(english[f"puzzles.kind.{kind}.several"]) == {"one", "other"}
        assert "only" not in json.dumps(english[f"puzzles.kind.{kind}.several"])


def solver_turns(game: str, puzzle: dict) -> int:
    """The solver's turns on the main line, counted as the game's record counts turns: a
    Virus Fight record has one line per turn (one instruction each), and in the other games a
    turn is the run of one player's actions (a Zebra move, a Virus War turn's steps, a Fight
    the Virus player's part)."""
    import pyengine

    engine = pyengine.get_game(game)
    state = engine.read_record(puzzle["record"])
    solver = puzzle["solver"]
    if game == "virus-fight":
        before = engine.write_record(state).splitlines()
        for action in puzzle["solutions"][0]:
            state.apply(action)
        after = engine.write_record(state).splitlines()
        added = [line for line in after if line not in before]
        return sum(1 for line in added if re.match(rf"^\d+\.{solver + 1} ", line))
    runs, previous = 0, None
    for action in puzzle["solutions"][0]:
        mover = state.current_player()
        runs += mover == solver and previous != solver
        previous = mover
        state.apply(action)
    return runs


def test_every_shipped_puzzles_task_says_its_turns_and_the_only_answer_only_if_so() -> None:
    """The task of every shipped puzzle, as the page shows it in English: the turns the solver
    plays as the player counts them ("this turn" for one), and "the only" only when every
    accepted line makes the same actions."""
    sys.path.insert(0, str(WEB / "app"))
    from glue.text import Translator

    english = {
        **json.loads((WEB / "static/i18n/en.json").read_text()),
        **json.loads(puzzle_pages.BUNDLE.read_text()),
    }
    translator = Translator("en", english)
    files = puzzle_pages.puzzle_files()
    assert files
    for path in files:
        document = puzzle_pages.load(path)
        for item in document["puzzles"]:
            state = puzzle_pages.puzzle_state(document["game"], item)
            text = translator.message(puzzle_pages.prompt(document["game"], item, state))
            turns = solver_turns(document["game"], item)
            assert item["player_turns"] == turns, item["id"]
            if turns == 1:
                assert " turns" not in text, (item["id"], text)
            else:
                assert f" {turns} turns" in text and "this turn" not in text, (item["id"], text)
            same = len({tuple(sorted(line)) for line in item["solutions"]}) == 1
            assert ("only" in text) == (same and item["kind"] != "win"), (item["id"], text)
            assert ("more than one" in text) == (not same), (item["id"], text)
    # the two Virus Fight wins across a round's end that said "win this turn"
    fights = {
        item["id"]: item for item in puzzle_pages.load(WEB / "puzzles/virus-fight.json")["puzzles"]
    }
    for name in ("virus-fight-074", "virus-fight-075"):
        state = puzzle_pages.puzzle_state("virus-fight", fights[name])
        assert translator.message(puzzle_pages.prompt("virus-fight", fights[name], state)).endswith(
            "to play and win in 2 turns."
        )
    # Fight the Virus 001 accepts 5+4 and 6+3 onto R9: not "the only use of these dice"
    (first,) = [
        item
        for item in puzzle_pages.load(WEB / "puzzles/fight-the-virus.json")["puzzles"]
        if item["id"] == "fight-the-virus-001"
    ]
    state = puzzle_pages.puzzle_state("fight-the-virus", first)
    said = translator.message(puzzle_pages.prompt("fight-the-virus", first, state))
    assert "the only" not in said and "more than one way" in said


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda doc: doc.update(format="other"), "virus-games/puzzles"),
        (lambda doc: doc["puzzles"][1].update(id="zebra-001"), "zebra-001"),
        (lambda doc: doc["puzzles"][0].pop("record"), "record"),
        (lambda doc: doc["puzzles"][0].update(solutions=[["a1-a2"]]), "zebra-001"),
        (lambda doc: doc["puzzles"][1].update(kind="mystery"), "puzzles.kind.mystery"),
        (lambda doc: doc["puzzles"][0].update(solver=1), "zebra-001"),
    ],
)
def test_a_corrupt_puzzle_file_is_refused_naming_it(
    source: Path, tmp_path: Path, change, problem: str
) -> None:
    broken = document(json.loads(json.dumps(PUZZLES)))
    change(broken)
    (source / "zebra.json").write_text(json.dumps(broken))
    with pytest.raises(puzzle_pages.PuzzleFileError) as raised:
        puzzle_pages.write_puzzle_data(tmp_path / "dist", source, None)
    assert "web/puzzles/zebra.json" in str(raised.value) and problem in str(raised.value)


def test_a_file_that_is_not_json_is_refused_naming_it(source: Path, tmp_path: Path) -> None:
    (source / "zebra.json").write_text("{not json")
    with pytest.raises(puzzle_pages.PuzzleFileError, match=r"web/puzzles/zebra\.json"):
        puzzle_pages.write_puzzle_data(tmp_path / "dist", source, None)
    (source / "zebra.json").unlink()
    (source / "virus-war.json").write_text(json.dumps(document(PUZZLES)))  # says zebra
    with pytest.raises(puzzle_pages.PuzzleFileError, match=r"web/puzzles/virus-war\.json"):
        puzzle_pages.write_puzzle_data(tmp_path / "dist", source, None)


def test_the_shipped_files_load_and_build(tmp_path: Path) -> None:
    """Whatever web/puzzles/ holds loads (every puzzle checked), has its texts, and builds
    (the first two puzzles of each file: the build makes them all)."""
    files = puzzle_pages.puzzle_files()
    if not files:
        pytest.skip("no puzzle files generated yet")
    english = json.loads(puzzle_pages.BUNDLE.read_text())
    source = tmp_path / "puzzles"
    source.mkdir()
    for path in files:
        loaded = puzzle_pages.load(path)
        for item in loaded["puzzles"]:
            assert f"puzzles.kind.{item['kind']}" in english, item["id"]
            assert puzzle_pages.tryit_spec(item)["wrong"] in english, item["id"]
        loaded["puzzles"] = loaded["puzzles"][:2]
        (source / path.name).write_text(json.dumps(loaded))
    written = puzzle_pages.write_puzzle_data(tmp_path / "dist", source, None)
    index = json.loads((tmp_path / "dist/app/puzzles/index.json").read_text())["puzzles"]
    assert len(written) == len(index) + 1
    assert {entry["game"] for entry in index} == {path.stem for path in files}


def test_a_sheet_shows_its_dice_a_double_as_two() -> None:
    """A Fight the Virus puzzle's board carries the dice as rolled: a double kept is two dice
    the player can use (the buttons name one, "Use the 3"), without ids a page could repeat."""
    shipped = puzzle_pages.load(WEB / "puzzles/fight-the-virus.json")["puzzles"]
    doubled = next(item for item in shipped if item["id"] == "fight-the-virus-048")
    assert "roll 3-3" in doubled["record"].splitlines()[-2]  # then "keep"
    data = puzzle_pages.page_file("fight-the-virus", doubled)["tryit"]
    dice = data["messages"][data["nodes"][0]["dice"]]
    assert dice.startswith("<svg") and "<title" not in dice and "aria-labelledby" not in dice
    assert re.findall(r'<g class="die" data-value="(\d)" data-click="([^"]+)"', dice) == [
        ("3", "die:3"),
        ("3", "die:3"),
    ]
