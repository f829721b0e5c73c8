"""The lesson pages, ``learn-<game>.html``: one track of steps per game from web/lessons/.

    web/build.py calls write_lesson_pages(dist, renderer)

Each game's track is a data file, ``web/lessons/<game>.json``: ``title`` and ``intro`` keys and
5 to 10 ``steps``. A step has an ``id`` (what the browser remembers as done), a ``title`` and a
``text`` key, and either a ``tryit`` (one task on a real position: the same spec as a rules
page's try-it, see web/tools/rules_pages.py, with ``hint`` for the hint button's text) or, for
the last step only, ``"play": true`` (a button that opens the game against the easy computer).
Every text is a translation key of the ``learn`` bundle (web/static/i18n/learn-<lang>.json).

The engine runs at build time over every task (``rules_pages.tryit_data``): the page's glue
(web/app/glue/learn.py) only reads the result.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from tools.rules_pages import tryit_block_html, tryit_data, tryit_start_svg

REPOSITORY = Path(__file__).resolve().parents[2]
WEB = REPOSITORY / "web"
LESSONS = WEB / "lessons"
TEMPLATE = WEB / "templates" / "learn.html"
MIN_STEPS, MAX_STEPS = 5, 10
STEP_ID = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
# What the last step opens: the game against the easy computer (glue/starts.py reads it).
PLAY_FRAGMENT = "#play=computer&level=easy"


def games_with_lessons() -> list[str]:
    return sorted(path.stem for path in LESSONS.glob("*.json"))


def load(game_id: str) -> dict[str, Any]:
    """A track's content, checked: its game, 5 to 10 steps with distinct ids, a task on every
    step but the last, which plays."""
    where = f"web/lessons/{game_id}.json"
    content = json.loads((LESSONS / f"{game_id}.json").read_text(encoding="utf-8"))
    if content.get("game") != game_id:
        raise ValueError(f"{where}: 'game' must be {game_id!r}")
    steps = content["steps"]
    if not MIN_STEPS <= len(steps) <= MAX_STEPS:
        raise ValueError(f"{where}: {len(steps)} steps, not {MIN_STEPS} to {MAX_STEPS}")
    ids = [step["id"] for step in steps]
    if len(set(ids)) != len(ids) or not all(STEP_ID.match(step_id) for step_id in ids):
        raise ValueError(f"{where}: step ids must be distinct names: {ids}")
    for number, step in enumerate(steps):
        last = number == len(steps) - 1
        if "title" not in step or "text" not in step:
            raise ValueError(f"{where}: step {step['id']} needs a title and a text")
        if last != bool(step.get("play")) or last == ("tryit" in step):
            raise ValueError(f"{where}: every step but the last has a task; the last plays")
    return content


def used_keys(content: dict[str, Any]) -> set[str]:
    """Every translation key a track names."""
    keys = {content["title"], content["intro"]}
    for step in content["steps"]:
        keys.update((step["title"], step["text"]))
        spec = step.get("tryit")
        if spec:
            keys.update(
                spec[name]
                for name in ("prompt", "success", "wrong", "progress", "hint")
                if name in spec
            )
            keys.update(spec.get("why", {}).values())
    return keys


def step_html(game_id: str, number: int, step: dict[str, Any], total: int) -> str:
    """One step: its title, text and task (or the play button), then "Next step"."""
    uid = f"step-{step['id']}"
    counter = f'<p class="learn-counter muted" data-number="{number + 1}" data-total="{total}"></p>'
    heading = (
        f'<h2 class="learn-title" id="{uid}-title" tabindex="-1" data-i18n="{step["title"]}"></h2>'
    )
    parts = [
        (
            f'<section class="learn-step" id="{uid}" data-step="{step["id"]}"'
            f' aria-labelledby="{uid}-title"{"" if number == 0 else " hidden"}>'
        ),
        counter,
        heading,
        f'<p class="learn-text" data-i18n="{step["text"]}"></p>',
    ]
    spec = step.get("tryit")
    if spec:
        prompt = (
            f'<p class="tryit-prompt learn-task" id="{uid}-task-prompt">'
            f'<strong data-i18n="learn.task"></strong> <span data-i18n="{spec["prompt"]}"></span></p>'
        )
        parts.append(
            tryit_block_html(
                f"{uid}-task",
                prompt,
                tryit_start_svg(game_id, spec),
                tryit_data(game_id, spec),
                buttons=("hint", "reset"),
            )
        )
        parts.append(
            '<p class="learn-retry" hidden><span data-i18n="learn.try-again"></span></p>'
            '<p class="learn-next-row"><button type="button" class="learn-next primary" hidden>'
            '<span data-i18n="learn.next"></span></button></p>'
        )
    else:
        parts.append(
            f'<p class="learn-play-row"><a class="button primary learn-play"'
            f' href="{game_id}.html{PLAY_FRAGMENT}" data-i18n="learn.play"></a></p>'
            f'<p class="learn-finished muted" data-i18n="learn.finished" hidden></p>'
        )
    parts.append("</section>")
    return "\n".join(parts)


def steps_list_html(content: dict[str, Any]) -> str:
    """The step list: one button per step, its state said after its title."""
    items = []
    for number, step in enumerate(content["steps"]):
        items.append(
            f'<li class="learn-item" data-step="{step["id"]}">'
            f'<button type="button" class="learn-go" data-index="{number}">'
            f'<span class="learn-mark" aria-hidden="true">{number + 1}</span>'
            f'<span class="learn-name" data-i18n="{step["title"]}"></span>'
            f'<span class="learn-state visually-hidden" data-i18n="learn.state.todo"></span>'
            "</button></li>"
        )
    return "".join(items)


def page_html(game_id: str, template: str | None = None) -> str:
    """The page template filled with one game's track (translation keys still to fill)."""
    content = load(game_id)
    template = TEMPLATE.read_text() if template is None else template
    total = len(content["steps"])
    body = "\n".join(
        step_html(game_id, number, step, total) for number, step in enumerate(content["steps"])
    )
    return (
        template.replace("{{TITLE}}", html.escape(content["title"]))
        .replace("{{INTRO}}", html.escape(content["intro"]))
        .replace("{{STEPS_LIST}}", steps_list_html(content))
        .replace("{{STEPS}}", body)
        .replace("{{TOTAL}}", str(total))
        .replace("{{GAME}}", game_id)
    )


def write_lesson_pages(dist: Path, renderer) -> list[Path]:
    """``learn-<game>.html`` for every game with a lesson file, texts filled in English."""
    written = []
    for game_id in games_with_lessons():
        target = dist / f"learn-{game_id}.html"
        target.write_text(renderer.render(page_html(game_id)))
        written.append(target)
    return written
