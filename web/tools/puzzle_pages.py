"""The puzzle trainer's pages and data: ``puzzles.html`` (every game mixed),
``puzzles-<game>.html`` and ``app/puzzles/`` from the generated files in web/puzzles/.

    web/build.py calls write_puzzle_pages(dist, renderer)

Each ``web/puzzles/<game>.json`` (format: docs/PUZZLES.md, made by ``web/tools/puzzles``) is
checked when the site is built: a file that does not load, or a puzzle the engine does not
accept, stops the build with a message naming the file and the puzzle. The build then writes

- ``app/puzzles/index.json``: per puzzle its ``id``, ``game``, ``kind``, ``turns``, ``rating``
  and ``solver``, sorted by game then id (the page chooses the next puzzle and the daily one
  from it, glue/trainer.py and glue/daily.py);
- ``app/puzzles/<game>/<id>.json``: what the page needs to show one puzzle, fetched when it
  is opened: ``prompt`` (a translation request, :func:`prompt_key` with ``side``, the
  solver's name, and ``count``, the solver's turns as the player counts them), ``svg`` (the start position), ``answer`` (the
  main line, in notation), and ``tryit``: the engine's try-it data over the puzzle's position
  (web/tools/rules_pages.py ``tryit_data`` with the puzzle's ``solver``: the opponent's
  answers on the line are played by the page), each position once (:func:`merge_nodes`) and
  its SVG written as its changes from the one before (:func:`svg_patches`).

The engine runs here, at build time; the page only reads the result.
"""

from __future__ import annotations

import difflib
import hashlib
import html
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

from tools.rules_pages import tryit_block_html, tryit_data, tryit_start_svg

REPOSITORY = Path(__file__).resolve().parents[2]
WEB = REPOSITORY / "web"
SOURCE = WEB / "puzzles"
TEMPLATE = WEB / "templates" / "puzzles.html"
BUNDLE = WEB / "static" / "i18n" / "puzzles-en.json"
CACHE = REPOSITORY / ".cache" / "puzzle-pages"
FORMAT = "virus-games/puzzles"
OUT = "app/puzzles"
PUZZLE_ID = re.compile(r"^[a-z][a-z0-9-]{0,60}-[0-9]{3,}$")
SUCCESS = "puzzles.success"


class PuzzleFileError(ValueError):
    """A puzzle file the site cannot ship; the message names the file and the puzzle."""


def puzzle_files(source: Path | None = None) -> list[Path]:
    return sorted((SOURCE if source is None else source).glob("*.json"))


def _check_puzzle(game_id: str, puzzle: Any, ids: set[str]) -> None:
    if not isinstance(puzzle, dict):
        raise ValueError("a puzzle is not an object")
    for key, kind in (
        ("id", str),
        ("kind", str),
        ("turns", int),
        ("player_turns", int),
        ("record", str),
        ("solver", int),
        ("rating", int),
        ("solutions", list),
    ):
        value = puzzle.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(
                f"puzzle {puzzle.get('id', '?')}: {key!r} missing or not {kind.__name__}"
            )
    name = puzzle["id"]
    if not PUZZLE_ID.match(name) or not name.startswith(game_id + "-"):
        raise ValueError(f"puzzle {name}: the id must be {game_id}-NNN")
    if name in ids:
        raise ValueError(f"puzzle {name}: the id is used twice")
    ids.add(name)
    if puzzle["turns"] < 1 or not re.match(r"^[a-z][a-z-]*$", puzzle["kind"]):
        raise ValueError(f"puzzle {name}: bad kind or turns")
    if puzzle["player_turns"] < puzzle["turns"]:
        raise ValueError(f"puzzle {name}: 'player_turns' is less than 'turns'")
    solutions = puzzle["solutions"]
    if not solutions or not all(
        isinstance(line, list) and line and all(isinstance(action, str) for action in line)
        for line in solutions
    ):
        raise ValueError(f"puzzle {name}: 'solutions' must be non-empty lists of actions")
    if not isinstance(puzzle.get("options", {}), dict):
        raise ValueError(f"puzzle {name}: 'options' is not an object")


def load(path: Path) -> dict[str, Any]:
    """A puzzle file, checked (its format, its game, each puzzle's fields and id), through
    the generator's own loader when it is there (web/tools/puzzles/format.py)."""
    where = f"web/puzzles/{path.name}"
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file")
        if document.get("version") != 1:
            raise ValueError(f"version {document.get('version')!r}, not 1")
        game_id = document.get("game")
        if not isinstance(game_id, str) or f"{game_id}.json" != path.name:
            raise ValueError(f"'game' is {game_id!r}, the file's name says {path.stem!r}")
        if not isinstance(document.get("puzzles"), list):
            raise ValueError("'puzzles' is not a list")
        ids: set[str] = set()
        for puzzle in document["puzzles"]:
            _check_puzzle(game_id, puzzle, ids)
        _generator_check(path)
    except (ValueError, KeyError, TypeError) as error:
        raise PuzzleFileError(f"{where}: {error}") from error
    return document


def _generator_check(path: Path) -> None:
    """The generator's own loader (web/tools/puzzles/format.py ``load``), when it exists."""
    module_path = Path(__file__).resolve().parent / "puzzles" / "format.py"
    if not module_path.is_file():
        return
    spec = importlib.util.spec_from_file_location("puzzle_file_format", module_path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.load(path, path.stem)


def side(game_id: str, state: Any, solver: int) -> Any:
    """The solver's name as a translation request (the engine's, as its turn line says it)."""
    import pyengine

    turn = pyengine.get_game(game_id).presentation().turn(state)
    player = (turn.get("params") or {}).get("player")
    return (
        player if player is not None else {"key": "puzzles.side", "params": {"number": solver + 1}}
    )


def tryit_spec(puzzle: dict[str, Any]) -> dict[str, Any]:
    """The try-it spec of a puzzle (web/tools/rules_pages.py): its position, the accepted
    lines with the opponent's answers played by the page, and why another try is wrong (in
    one turn or more, as the player counts them)."""
    wrong = f"puzzles.wrong.{puzzle['kind']}"
    return {
        "options": puzzle.get("options") or {},
        "record": puzzle["record"],
        "solutions": puzzle["solutions"],
        "solver": puzzle["solver"],
        "last_move": True,
        "success": SUCCESS,
        "wrong": wrong if puzzle["player_turns"] == 1 else wrong + "-more",
    }


def one_answer(puzzle: dict[str, Any]) -> bool:
    """Whether the puzzle has one answer: every accepted line makes the same actions (in
    another order at most, like a Virus War turn's steps)."""
    return len({tuple(sorted(line)) for line in puzzle["solutions"]}) == 1


def prompt_key(puzzle: dict[str, Any]) -> str:
    """The task's text: ``puzzles.kind.<kind>`` (it may say "the only") for a puzzle with one
    answer, ``puzzles.kind.<kind>.several`` for one with several."""
    key = f"puzzles.kind.{puzzle['kind']}"
    return key if one_answer(puzzle) else key + ".several"


def prompt(game_id: str, puzzle: dict[str, Any], state: Any) -> dict[str, Any]:
    """The puzzle's task at its position ``state``, a translation request: the solver's name
    and turns (as the player counts them), "the only" only for a puzzle with one answer."""
    return {
        "key": prompt_key(puzzle),
        "params": {
            "side": side(game_id, state, puzzle["solver"]),
            "count": puzzle["player_turns"],
        },
    }


def puzzle_state(game_id: str, puzzle: dict[str, Any]) -> Any:
    """The puzzle's position, as the engine replays its record."""
    from tools.rules_pages import build_state

    return build_state(game_id, tryit_spec(puzzle))


def puzzle_data(game_id: str, puzzle: dict[str, Any]) -> dict[str, Any]:
    """One puzzle's file for the page (see the module docs)."""
    spec = tryit_spec(puzzle)
    state = puzzle_state(game_id, puzzle)
    if state.is_terminal():
        raise ValueError(f"puzzle {puzzle['id']}: the game is over in its position")
    if state.current_player() != puzzle["solver"]:
        raise ValueError(f"puzzle {puzzle['id']}: the solver is not to play")
    for line in puzzle["solutions"]:
        after = state.clone()
        for action in line:
            try:
                after.apply(action)
            except Exception as error:
                raise ValueError(f"puzzle {puzzle['id']}: {action} in {line}: {error}") from error
    start_svg = tryit_start_svg(game_id, spec)
    return {
        **index_entry(game_id, puzzle),
        "prompt": prompt(game_id, puzzle, state),
        "answer": puzzle["solutions"][0],
        "svg": start_svg,
        "tryit": svg_patches(merge_nodes(tryit_data(game_id, spec)), start_svg),
    }


def merge_nodes(data: dict[str, Any]) -> dict[str, Any]:
    """The try-it ``data`` with identical positions stored once: two nodes are the same when
    they have the same content and their actions lead to the same nodes (steps played in
    another order that end in the same picture: a Virus War turn's cells in any order). The
    nodes are numbered again from the start, each before the nodes it leads to."""
    nodes = data["nodes"]
    same: dict[int, int] = {}  # node -> its class of identical nodes
    classes: dict[str, int] = {}
    for number in range(len(nodes) - 1, -1, -1):  # a node's next nodes come after it
        node = dict(nodes[number])
        node["actions"] = [
            dict(action, next=same[action["next"]]) if "next" in action else action
            for action in node["actions"]
        ]
        same[number] = classes.setdefault(json.dumps(node, sort_keys=True), len(classes))
    merged: list[dict[str, Any]] = []
    placed: dict[int, int] = {}  # class -> its number in ``merged``

    def place(number: int) -> int:
        if same[number] in placed:
            return placed[same[number]]
        node = dict(nodes[number])
        placed[same[number]] = len(merged)
        merged.append(node)
        node["actions"] = [
            dict(action, next=place(action["next"])) if "next" in action else action
            for action in node["actions"]
        ]
        return placed[same[number]]

    place(0)
    data["nodes"] = merged
    return data


def svg_patches(data: dict[str, Any], start_svg: str) -> dict[str, Any]:
    """The try-it ``data`` with each position's SVG written as the changes from the SVG of the
    position before it (the start: ``start_svg``): ``"patch": [parent node, [[start, end,
    [part, ...]], ...]]``, where the parts are the SVG split at ``<`` and each change replaces
    the parent's parts ``start:end``. A board's pictures differ in a few cells, so a puzzle's
    file is a fraction of the size (a Virus War line in any order: 900 kB, 130 kB).
    ``glue.trainer.expand_svgs`` writes the SVGs back on the page."""
    nodes = data["nodes"]
    parent: dict[int, int] = {}
    for number, node in enumerate(nodes):
        for action in node["actions"]:
            if "next" in action:
                parent.setdefault(action["next"], number)
    full = {0: start_svg}
    for number, node in enumerate(nodes):
        svg = node.get("svg")
        if number == 0 or svg is None:
            continue
        full[number] = svg
        changes = _changes(full[parent[number]].split("<"), svg.split("<"))
        del node["svg"]
        node["patch"] = [parent[number], changes]
    return data


def _changes(before: list[str], after: list[str]) -> list[list[Any]]:
    """``[[start, end, parts], ...]`` (in order, not overlapping) that turn ``before`` into
    ``after``: part by part where both have as many parts (a board's cells stay in place,
    and this is quick), else by difflib between their common start and end."""
    if len(before) == len(after):
        changes: list[list[Any]] = []
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            if old == new:
                continue
            if changes and changes[-1][1] == index:
                changes[-1][1] = index + 1
                changes[-1][2].append(new)
            else:
                changes.append([index, index + 1, [new]])
        return changes
    head = 0  # the common start and end first: difflib then compares only the middle
    while head < min(len(before), len(after)) and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < min(len(before), len(after)) - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    matcher = difflib.SequenceMatcher(
        None, before[head : len(before) - tail], after[head : len(after) - tail]
    )
    return [
        [head + start, head + end, after[head + first : head + last]]
        for tag, start, end, first, last in matcher.get_opcodes()
        if tag != "equal"
    ]


def index_entry(game_id: str, puzzle: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": puzzle["id"],
        "game": game_id,
        "kind": puzzle["kind"],
        "turns": puzzle["turns"],
        "rating": puzzle["rating"],
        "solver": puzzle["solver"],
    }


def _compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def code_version() -> str:
    """A hash of the code that makes a puzzle's file: the engine's sources and this build
    step's (a puzzle's file is kept in the cache under this and the puzzle's own hash)."""
    digest = hashlib.sha256()
    tools = Path(__file__).resolve().parent
    for path in sorted(
        [
            *(REPOSITORY / "pyengine").rglob("*.py"),
            tools / "rules_pages.py",
            tools / "tryit_words.py",
            tools / "puzzle_pages.py",
        ]
    ):
        digest.update(path.relative_to(REPOSITORY).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cache_path(cache: Path, version: str, game_id: str, puzzle: dict[str, Any]) -> Path:
    """Where the cache keeps a puzzle's file: under a hash of the code that makes it
    (:func:`code_version`) and of the puzzle."""
    key = hashlib.sha256((version + game_id + _compact(puzzle)).encode()).hexdigest()
    return cache / f"{key}.json"


def page_file(
    game_id: str, puzzle: dict[str, Any], cache: Path | None = CACHE, version: str | None = None
) -> dict[str, Any]:
    """A puzzle's file as the page gets it: the last build's, when ``cache`` holds it for
    this code (``version``: :func:`code_version`, computed when None), else made now (and
    not kept)."""
    if cache is not None:
        cached = cache_path(cache, version or code_version(), game_id, puzzle)
        if cached.is_file():
            return dict(json.loads(cached.read_text(encoding="utf-8")))
    return dict(json.loads(_compact(puzzle_data(game_id, puzzle))))


def write_puzzle_data(
    dist: Path, source: Path | None = None, cache: Path | None = CACHE
) -> list[Path]:
    """``app/puzzles/index.json`` and one file per puzzle (see the module docs). Each
    puzzle's file is kept in ``cache`` (None: none) under a hash of the puzzle and of the
    code that makes it: an unchanged puzzle costs the next build no engine time. The cache
    keeps only the files of the last build."""
    strings = json.loads(BUNDLE.read_text(encoding="utf-8"))
    out = dist / OUT
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    index: list[dict[str, Any]] = []
    version = code_version() if cache is not None else ""
    kept: set[Path] = set()
    for path in puzzle_files(source):
        document = load(path)
        game_id = document["game"]
        (out / game_id).mkdir(exist_ok=True)
        for puzzle in document["puzzles"]:
            where = f"web/puzzles/{path.name}: puzzle {puzzle['id']}"
            for key in (prompt_key(puzzle), tryit_spec(puzzle)["wrong"]):
                if key not in strings:
                    raise PuzzleFileError(f"{where}: no text {key!r} in {BUNDLE.name}")
            target = out / game_id / f"{puzzle['id']}.json"
            cached = None if cache is None else cache_path(cache, version, game_id, puzzle)
            if cached is not None:
                kept.add(cached)
            if cached is not None and cached.is_file():
                text = cached.read_text(encoding="utf-8")
            else:
                try:
                    text = _compact(puzzle_data(game_id, puzzle))
                except Exception as error:
                    raise PuzzleFileError(f"{where}: {error}") from error
                if cached is not None:
                    cached.parent.mkdir(parents=True, exist_ok=True)
                    cached.write_text(text, encoding="utf-8")
            target.write_text(text, encoding="utf-8")
            written.append(target)
            index.append(index_entry(game_id, puzzle))
    if cache is not None and cache.is_dir():
        for stale in cache.glob("*.json"):
            if stale not in kept:
                stale.unlink()
    index.sort(key=lambda entry: (entry["game"], entry["id"]))
    target = out / "index.json"
    target.write_text(_compact({"format": FORMAT, "puzzles": index}), encoding="utf-8")
    written.append(target)
    return written


def game_links(current: str) -> str:
    """The trainer's game switch: every game and the mix, the shown one marked current."""
    import pyengine

    links = []
    for game_id, key in [("", "puzzles.all-games")] + [
        (game.id, f"game.{game.id}.name") for game in pyengine.games()
    ]:
        href = "puzzles.html" if not game_id else f"puzzles-{game_id}.html"
        mark = ' aria-current="page"' if game_id == current else ""
        links.append(f'<li><a href="{href}"{mark} data-i18n="{key}"></a></li>')
    return "".join(links)


def page_html(game_id: str, template: str | None = None) -> str:
    """The trainer's page for ``game_id`` (``""``: every game), translation keys still to fill."""
    template = TEMPLATE.read_text() if template is None else template
    title = f"puzzles.title.{game_id}" if game_id else "puzzles.title"
    heading = '<p class="tryit-prompt puzzle-prompt" id="puzzle-board-prompt"></p>'
    board = tryit_block_html(
        "puzzle-board", heading, "", None, buttons=("reset", "hint", "answer"), placer=True
    )
    return (
        template.replace("{{TITLE}}", html.escape(title))
        .replace("{{GAMES}}", game_links(game_id))
        .replace("{{BOARD}}", board)
        .replace("{{GAME}}", game_id)
    )


def write_puzzle_pages(
    dist: Path, renderer, source: Path | None = None, cache: Path | None = CACHE
) -> list[Path]:
    """The trainer's pages and the puzzles' files, texts filled in English."""
    import pyengine

    written = write_puzzle_data(dist, source, cache)
    for game_id in ["", *(game.id for game in pyengine.games())]:
        target = dist / ("puzzles.html" if not game_id else f"puzzles-{game_id}.html")
        target.write_text(renderer.render(page_html(game_id)))
        written.append(target)
    return written
