"""The rules pages (``rules-<game>.html``): written text, engine diagrams and "try it" boards.

    web/build.py calls write_rules_pages(dist, renderer)

Each game's content is a data file, ``web/rules/<game>.json``: an ordered list of sections,
each with a heading key and blocks. A block is a paragraph (``{"p": key}``), a list
(``{"list": [key, ...]}``), a diagram or a try-it. Every text is a translation key of the
``rules`` bundle (web/static/i18n/rules-<lang>.json), so the page holds no language of its own.

A **position** (diagrams and try-its) is built by the engine from ``options`` plus one of
``position`` (the game's position text), ``record`` (a game record), ``poster`` (the home
page's sample position) or nothing (the start),
then ``actions`` played in order. A **diagram** is that position drawn by the game's
presentation (``highlight``: cells to mark, ``last_move``: cells or ``true`` for the
position's last move) with a caption key. A **try-it** adds ``prompt``, ``solutions`` (lists
of actions in notation; ``any_order`` accepts them in every order), ``success``, ``wrong``
(why a legal but unwanted action is not the answer; ``why`` maps single actions to their own
key) and optionally ``progress`` (after a right action that is not the last).

At build time each try-it becomes JSON for the page glue (web/app/glue/tryit.py; no engine
runs in the browser): per position reached by right actions, its SVG, the click paths of the
legal actions exactly as the game page's controller matches clicks
(:func:`pyengine.controller.click_paths`), each action's verdict and its words
(web/tools/tryit_words.py), the engine's explanation of clicks that make no legal action, the
labels screen readers say for each cell, the buttons for clicks that are not cells, the dice
(Fight the Virus) and, where the next click places a shape on the sheet, the face whose shapes
the page's shape placer offers (the presentation's ``placement``; the shapes of each face are
stored once, in ``shapes``).
"""

from __future__ import annotations

import html
import itertools
import json
import re
from pathlib import Path
from typing import Any

try:  # imported as tools.rules_pages (the build) or as rules_pages (web/tools on sys.path)
    from tools.tryit_words import said
except ImportError:
    from tryit_words import said

REPOSITORY = Path(__file__).resolve().parents[2]
WEB = REPOSITORY / "web"
RULES = WEB / "rules"
TEMPLATE = WEB / "templates" / "rules.html"
TITLE = re.compile(r'<title id="[\w-]+">[^<]*</title>')
LABELLED = re.compile(r'\s(?:role="img"\s+)?aria-labelledby="[\w-]+"')


def games_with_rules() -> list[str]:
    return sorted(path.stem for path in RULES.glob("*.json"))


def load(game_id: str) -> dict[str, Any]:
    content = json.loads((RULES / f"{game_id}.json").read_text(encoding="utf-8"))
    if content.get("game") != game_id:
        raise ValueError(f"web/rules/{game_id}.json: 'game' must be {game_id!r}")
    return content


def blocks(content: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """Every block of one kind (``diagram``, ``tryit``) in a content file, in page order."""
    return [
        block[kind]
        for section in content["sections"]
        for block in section["blocks"]
        if kind in block
    ]


def used_keys(content: dict[str, Any]) -> set[str]:
    """Every translation key a content file names."""
    keys = {content["title"], content["intro"]}
    for section in content["sections"]:
        keys.add(section["heading"])
        for block in section["blocks"]:
            if "p" in block:
                keys.add(block["p"])
            elif "list" in block:
                keys.update(block["list"])
            elif "diagram" in block:
                keys.add(block["diagram"]["caption"])
            elif "tryit" in block:
                spec = block["tryit"]
                keys.update(
                    spec[name]
                    for name in ("prompt", "success", "wrong", "progress")
                    if name in spec
                )
                keys.update(spec.get("why", {}).values())
    return keys


# -- positions -------------------------------------------------------------------------------


def build_state(game_id: str, spec: dict[str, Any]):
    """The position a diagram or try-it shows (see the module docs)."""
    import pyengine

    game = pyengine.get_game(game_id)
    options = spec.get("options") or {}
    if spec.get("poster"):  # the sample position of the home page's card
        state = game.read_record(game.presentation().POSTER_RECORD)
    elif "record" in spec:
        state = game.read_record(spec["record"])
    elif "position" in spec:
        state = game.from_position(spec["position"], options=options)
    else:
        state = game.new_initial_state(options)
    for action in spec.get("actions", []):
        state.apply(action)
    return state


def _last_move(present, state, spec: dict[str, Any]) -> list[str]:
    wanted = spec.get("last_move", False)
    if wanted is True:
        return list(present.last_move(state))
    return list(wanted or [])


def diagram_svg(game_id: str, spec: dict[str, Any]) -> str:
    """A diagram's SVG, named by its caption (the page fills in the caption's text)."""
    import pyengine

    present = pyengine.get_game(game_id).presentation()
    state = build_state(game_id, spec)
    svg = present.render(
        state, highlighted=spec.get("highlight", []), last_move=_last_move(present, state, spec)
    )
    svg = TITLE.sub("", svg, count=1)
    return LABELLED.sub(f' role="img" data-i18n-aria-label="{spec["caption"]}"', svg, count=1)


def board_svg(svg: str) -> str:
    """A try-it board's SVG: the board element around it names it, and announces cells."""
    svg = TITLE.sub("", svg, count=1)
    return LABELLED.sub(' aria-hidden="true" focusable="false"', svg, count=1)


# -- try-its ---------------------------------------------------------------------------------


def solutions_of(spec: dict[str, Any]) -> list[list[str]]:
    """Every accepted sequence of actions, in notation."""
    found: list[list[str]] = []
    for solution in spec["solutions"]:
        orders = itertools.permutations(solution) if spec.get("any_order") else [solution]
        for order in orders:
            if list(order) not in found:
                found.append(list(order))
    return found


class _Messages:
    """A table of distinct messages: nodes refer to them by index (the explanations repeat)."""

    def __init__(self) -> None:
        self.table: list[Any] = []
        self.index: dict[str, int] = {}

    def add(self, message: Any) -> int:
        text = json.dumps(message, sort_keys=True)
        if text not in self.index:
            self.index[text] = len(self.table)
            self.table.append(message)
        return self.index[text]


def action_of(state, text: str):
    """The legal action of ``state`` whose notation is ``text``."""
    for action in state.legal_actions():
        if str(action) == text:
            return action
    raise ValueError(f"{text} is not legal here")


def dice_picture(present, state, tokens: list[str]) -> str | None:
    """The dice beside the board (the presentation's extra ``dice``), if the game has them;
    without their title and its id (a page holds many boards)."""
    for extra in present.extras(state, tokens):
        if extra["id"] == "dice":
            return board_svg(str(extra["svg"]))
    return None


def tryit_data(game_id: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The JSON a try-it board runs on (see the module docs). Node 0 is the start; its SVG is
    left out (the page carries it as the board's first picture)."""
    import pyengine
    from pyengine.controller import board_spots, click_paths

    present = pyengine.get_game(game_id).presentation()
    solutions = solutions_of(spec)
    solver = spec.get("solver")  # with a solver, the other seats' actions are answers
    messages = _Messages()
    nodes: list[dict[str, Any]] = []
    shapes: dict[str, Any] = {}  # face -> its shapes, for the shape placer

    def node(state, played: list[str], last_move: list[str]) -> int:
        number = len(nodes)
        entry: dict[str, Any] = {}
        nodes.append(entry)
        spots = board_spots(present, state)
        # a puzzle's board is the solver's (Fight the Virus: their sheet, even at the end)
        seat = {} if solver is None else {"seat": solver}
        entry["svg"] = (
            None if number == 0 else board_svg(present.render(state, last_move=last_move, **seat))
        )
        entry["grid"] = present.grid(state)
        entry["labels"] = {spot: messages.add(present.cell_label(state, spot)) for spot in spots}
        if played in solutions or state.is_terminal():
            if played not in solutions:
                raise ValueError(f"{game_id}: the game ends after {played}, not a solution")
            entry["done"] = True
            entry["paths"], entry["actions"], entry["explain"], entry["buttons"] = [], [], {}, {}
            return number
        if solver is not None and state.current_player() != solver:
            # The opponent's answer on the solution line: the page plays it by itself.
            replies = [
                solution[len(played)]
                for solution in solutions
                if solution[: len(played)] == played and len(solution) > len(played)
            ]
            if len(set(replies)) != 1:
                raise ValueError(f"{game_id}: after {played} the solutions disagree: {replies}")
            after = state.clone()
            after.apply(replies[0])
            words = messages.add(said(game_id, state, action_of(state, replies[0])))
            reply = {"text": replies[0], "right": True, "said": words}
            entry.update(paths=[], actions=[reply], explain={}, buttons={}, auto=0)
            reply["next"] = node(after, [*played, replies[0]], list(present.last_move(after)))
            return number
        pairs = click_paths(present, state)
        actions: list[dict[str, Any]] = []
        index_of: dict[str, int] = {}
        paths: list[list[Any]] = []
        buttons: dict[str, int] = {}
        on_board = set(spots)
        for cells, action in pairs:
            text = str(action)
            if text not in index_of:
                index_of[text] = len(actions)
                sequence = [*played, text]
                right = any(solution[: len(sequence)] == sequence for solution in solutions)
                item: dict[str, Any] = {
                    "text": text,
                    "right": right,
                    "said": messages.add(said(game_id, state, action)),
                }
                if not right:
                    item["why"] = spec.get("why", {}).get(text, spec["wrong"])
                actions.append(item)
            paths.append([list(cells), index_of[text]])
            if not cells:
                buttons[f"action:{text}"] = messages.add(present.action_label(action))
            for token in cells:
                if token not in on_board and token not in buttons:
                    label = (
                        present.click_label(state, token)
                        if hasattr(present, "click_label")
                        else None
                    )
                    if label is not None:
                        buttons[token] = messages.add(label)
        # The engine's word on clicks that start or make no legal action: after nothing or
        # one click (longer selections get the page's general hint).
        prefixes = {tuple(cells[:depth]) for cells, _ in pairs for depth in range(len(cells))}
        explain: dict[str, int] = {}
        for prefix in sorted(prefix for prefix in prefixes if len(prefix) <= 1):
            for spot in spots:
                clicked = (*prefix, spot)
                if prefix and spot == prefix[-1]:
                    continue  # takes the selection back
                if clicked in prefixes or any(tuple(cells) == clicked for cells, _ in pairs):
                    continue
                if prefix and (
                    (spot,) in prefixes or any(tuple(cells) == (spot,) for cells, _ in pairs)
                ):
                    continue  # a fresh start
                explain[" ".join(clicked)] = messages.add(present.explain(state, list(clicked)))
        entry.update(paths=paths, actions=actions, explain=explain, buttons=buttons)
        # Where the next click places a shape (a click that is neither a spot nor a button),
        # the face the page's shape placer offers.
        place: dict[str, int] = {}
        for prefix in sorted(prefixes):
            depth = len(prefix)
            if any(
                tuple(cells[:depth]) == prefix
                and cells[depth] not in on_board
                and cells[depth] not in buttons
                for cells, _ in pairs
                if len(cells) > depth
            ):
                placement = present.placement(state, list(prefix))
                if placement:
                    place[" ".join(prefix)] = placement["face"]
                    shapes.setdefault(str(placement["face"]), placement["shapes"])
        if place:
            entry["place"] = place
        dice = dice_picture(present, state, [cells[0] for cells, _ in pairs if cells])
        if dice is not None:
            entry["dice"] = messages.add(dice)
        for item in actions:
            if item["right"]:
                after = state.clone()
                after.apply(item["text"])
                item["next"] = node(after, [*played, item["text"]], list(present.last_move(after)))
        return number

    node(build_state(game_id, spec), [], [])
    data: dict[str, Any] = {
        key: spec[key] for key in ("prompt", "success", "wrong", "progress", "hint") if key in spec
    }
    if shapes:
        data["shapes"] = shapes
    return {**data, "nodes": nodes, "messages": messages.table}


def tryit_start_svg(game_id: str, spec: dict[str, Any]) -> str:
    import pyengine

    present = pyengine.get_game(game_id).presentation()
    state = build_state(game_id, spec)
    return board_svg(present.render(state, last_move=_last_move(present, state, spec)))


# -- pages -----------------------------------------------------------------------------------


def _json_script(data: Any, element_id: str) -> str:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


TRYIT_BUTTONS = {
    "reset": "rules.tryit.reset",
    "hint": "rules.tryit.hint-button",
    "answer": "rules.tryit.answer-button",
}


def placer_html(uid: str) -> str:
    """The shape placer of a try-it block (``glue.placer.ShapePlacer`` finds its parts by
    class: the game page's markup, web/templates/game.html, with classes for ids)."""
    tools = "".join(
        f'<button type="button" class="placer-{name}"><span data-i18n="ftv-ui.placer.{name}">'
        "</span></button>"
        for name in ("rotate", "flip", "cancel")
    )
    return (
        f'<section class="placer tryit-placer" aria-labelledby="{uid}-placer-title" hidden>'
        f'<h4 class="placer-title" id="{uid}-placer-title"></h4>'
        f'<div class="placer-tools"><span class="placer-shape" aria-hidden="true"></span>{tools}</div>'
        '<div class="placer-palette" role="group" data-i18n-aria-label="ftv-ui.placer.palette"'
        " hidden></div>"
        '<p class="placer-help" data-i18n="ftv-ui.placer.help"></p>'
        '<p class="placer-hint"></p></section>'
    )


def tryit_block_html(
    uid: str,
    heading: str,
    start_svg: str,
    data: dict[str, Any] | None,
    buttons: tuple[str, ...] = ("reset",),
    placer: bool | None = None,
) -> str:
    """A try-it block (what ``glue.tryboard.TryBoard`` draws on): ``heading`` is its title
    and prompt markup (the prompt's element is ``{uid}-prompt``, which the board's
    description names), then the board with ``start_svg``, its dice, buttons, shape placer
    (``placer``: by default when ``data`` places shapes), feedback and live region, the
    ``buttons`` under it (of TRYIT_BUTTONS) and ``data`` as a JSON script (``{uid}-data``;
    None for a page that loads its data later)."""
    actions = "".join(
        f'<button type="button" class="tryit-{name}"><span data-i18n="{TRYIT_BUTTONS[name]}">'
        "</span></button>"
        for name in buttons
    )
    script = "" if data is None else _json_script(data, f"{uid}-data")
    if placer is None:
        placer = data is not None and "shapes" in data
    return (
        f'<div class="tryit" id="{uid}" data-tryit="{uid}-data">{heading}'
        f'<div class="tryit-board" tabindex="0" role="application" data-i18n-aria-label="rules.tryit.board-label"'
        f' aria-describedby="{uid}-prompt {uid}-help">{start_svg}</div>'
        f'<p class="tryit-help muted" id="{uid}-help" data-i18n="rules.tryit.help"></p>'
        '<div class="tryit-choices"><div class="tryit-dice" aria-hidden="true" hidden></div>'
        f'<div class="tryit-buttons" role="group" data-i18n-aria-label="rules.tryit.choices"></div></div>'
        f"{placer_html(uid) if placer else ''}"
        f'<p class="tryit-feedback" aria-live="polite"></p>'
        f'<p class="tryit-announce visually-hidden" aria-live="polite"></p>'
        f'<div class="tryit-actions">{actions}</div>{script}</div>'
    )


def section_html(game_id: str, index: int, section: dict[str, Any]) -> str:
    anchor = section.get("id") or f"section-{index + 1}"
    parts = [
        f'<section class="rules-section" id="{anchor}" aria-labelledby="{anchor}-title">',
        f'<h2 id="{anchor}-title" data-i18n="{section["heading"]}"></h2>',
    ]
    for number, block in enumerate(section["blocks"]):
        uid = f"{anchor}-{number + 1}"
        if "p" in block:
            parts.append(f'<p data-i18n="{block["p"]}"></p>')
        elif "list" in block:
            items = "".join(f'<li data-i18n="{key}"></li>' for key in block["list"])
            parts.append(f'<ul class="rules-list">{items}</ul>')
        elif "diagram" in block:
            spec = block["diagram"]
            parts.append(
                f'<figure class="rules-diagram" id="{uid}"><div class="rules-picture">'
                f"{diagram_svg(game_id, spec)}</div>"
                f'<figcaption data-i18n="{spec["caption"]}"></figcaption></figure>'
            )
        elif "tryit" in block:
            spec = block["tryit"]
            parts.append(
                tryit_block_html(
                    uid,
                    f'<h3 class="tryit-title" data-i18n="rules.tryit.title"></h3>'
                    f'<p class="tryit-prompt" id="{uid}-prompt" data-i18n="{spec["prompt"]}"></p>',
                    tryit_start_svg(game_id, spec),
                    tryit_data(game_id, spec),
                )
            )
        else:
            raise ValueError(f"{game_id}: unknown block {sorted(block)}")
    parts.append("</section>")
    return "\n".join(parts)


def toc_html(content: dict[str, Any]) -> str:
    items = []
    for index, section in enumerate(content["sections"]):
        anchor = section.get("id") or f"section-{index + 1}"
        items.append(f'<li><a href="#{anchor}" data-i18n="{section["heading"]}"></a></li>')
    return "".join(items)


def page_html(game_id: str, template: str | None = None) -> str:
    """The page template filled with one game's content (translation keys still to fill)."""
    content = load(game_id)
    template = TEMPLATE.read_text() if template is None else template
    body = "\n".join(
        section_html(game_id, index, section) for index, section in enumerate(content["sections"])
    )
    return (
        template.replace("{{TITLE}}", html.escape(content["title"]))
        .replace("{{INTRO}}", html.escape(content["intro"]))
        .replace("{{TOC}}", toc_html(content))
        .replace("{{SECTIONS}}", body)
        .replace("{{GAME}}", game_id)
    )


def write_rules_pages(dist: Path, renderer) -> list[Path]:
    """``rules-<game>.html`` for every game with a content file, texts filled in English."""
    written = []
    for game_id in games_with_rules():
        target = dist / f"rules-{game_id}.html"
        target.write_text(renderer.render(page_html(game_id)))
        written.append(target)
    return written
