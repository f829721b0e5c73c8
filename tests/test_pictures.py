"""The check of saved board pictures (web/app/glue/pictures.py) lets through every picture the
engine really draws: games of all four games played by computer players on several option
sets, with selections and flipped boards, under CPython; and the largest picture of each game
under the site's own MicroPython too (tests/glue_scenarios_saved_pictures.py has the hostile
ones). And glue.saved knows every game of the site."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pyengine.controller import Controller

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "app"))

from glue.pictures import checked_svg  # noqa: E402

MICROPYTHON = REPOSITORY / "node_modules/@micropython/micropython-webassembly-pyscript"
GAMES: dict[str, list[dict[str, Any]]] = {
    "zebra": [{"size": 4}, {"size": 7, "setup": "hole"}, {}],
    "virus-war": [{"size": 6}, {"size": 14}, {}],
    # seeded: a random 2-player game may end in a few plies; these two play 10 and 43 plies
    "virus-fight": [{"players": 2, "seed": 1}, {"players": 5, "seed": 2}],
    "fight-the-virus": [
        {"mode": "solo", "players": 1},
        {"players": 6, "names": 'Ann;Bo & <Cy>;"Di";E\'d;F\u00e9;G'},  # names to escape
    ],
}


def seats_for(game: str, options: dict) -> list[str]:
    return ["random"] * int(options.get("players", 2))


@functools.cache
def pictures(game: str) -> tuple[str, ...]:
    """Board pictures (each view's ``svg``, what the page saves) of whole games of ``game``."""
    found: list[str] = []
    for options in GAMES[game]:
        controller = Controller()
        reply = controller.handle(
            {"op": "new", "game": game, "options": options, "seats": seats_for(game, options)}
        )
        assert reply["ok"], reply
        for step in range(600):
            view = reply.get("view") or controller.view()
            found.append(view["svg"])
            if view["result"]:
                break
            if step % 7 == 3:  # the other way up
                controller.handle({"op": "flip"})
                found.append(controller.view()["svg"])
            reply = controller.handle({"op": "bot"})
            assert reply["ok"], reply
    # a person's selection: highlights and a selected cell
    controller = Controller()
    view = controller.handle({"op": "new", "game": game})["view"]
    for cell in view["sources"][:3]:
        reply = controller.handle({"op": "click", "cell": cell})
        found.append(reply["view"]["svg"])
        controller.handle({"op": "cancel"})
    return tuple(found)


def test_saved_games_know_every_game_and_draw_each_one_here() -> None:
    """glue.saved keeps the games of the known pages only (a stored entry naming any other
    "game" is dropped): every game the site builds a page for, and this test draws each."""
    import pyengine
    from glue.saved import KNOWN_GAMES

    assert sorted(KNOWN_GAMES) == sorted(game.id for game in pyengine.games()) == sorted(GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_real_picture_passes(game: str) -> None:
    drawn = pictures(game)
    assert len(drawn) > 20
    for svg in drawn:
        assert checked_svg(svg) == svg, svg[:300]


def test_a_real_picture_with_anything_added_is_refused() -> None:
    svg = pictures("zebra")[-1]
    body = svg.rstrip()
    assert body.endswith("</svg>")
    for added in (
        '<g onclick="alert(1)"/>',
        '<a href="javascript:alert(1)"><text>x</text></a>',
        "<script>alert(1)</script>",
        '<foreignObject><img src="x" onerror="alert(1)"/></foreignObject>',
    ):
        assert checked_svg(body[: -len("</svg>")] + added + "</svg>") is None, added
    assert checked_svg(svg.replace("<title", '<title onload="alert(1)"', 1)) is None


@pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.is_dir(),
    reason="needs Node.js and the npm packages (make site installs them)",
)
def test_real_pictures_pass_under_micropython(tmp_path: Path) -> None:
    largest = {game: max(pictures(game), key=len) for game in GAMES}
    (tmp_path / "pictures.json").write_text(json.dumps(largest))
    script = tmp_path / "check.mjs"
    script.write_text(
        f"""import fs from "node:fs";
const {{ loadMicroPython }} = await import({json.dumps(str(MICROPYTHON / "micropython.mjs"))});
const output = [];
const mp = await loadMicroPython({{ stdout: (line) => output.push(line), stderr: (line) => output.push(line) }});
mp.FS.mkdir("/glue");
for (const name of ["__init__.py", "pictures.py"]) {{
    mp.FS.writeFile(`/glue/${{name}}`, fs.readFileSync({json.dumps(str(REPOSITORY / "web/app/glue"))} + "/" + name));
}}
mp.FS.writeFile("/pictures.json", fs.readFileSync({json.dumps(str(tmp_path / "pictures.json"))}));
try {{
    mp.runPython(`
import json, sys, time
sys.path.insert(0, "/")
from glue.pictures import checked_svg
pictures = json.load(open("/pictures.json"))
for game in sorted(pictures):
    svg = pictures[game]
    start = time.ticks_ms()
    ok = checked_svg(svg) == svg
    print(game, "ok" if ok else "refused", len(svg), time.ticks_diff(time.ticks_ms(), start))
`);
}} catch (error) {{
    output.push(`${{error.type}}: ${{error.message}}`);
}}
console.log(output.join("\\n"));
"""
    )
    result = subprocess.run(
        ["node", str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    lines = result.stdout.strip().splitlines()
    assert [line.split()[:2] for line in lines] == [[game, "ok"] for game in sorted(GAMES)], (
        result.stdout + result.stderr
    )
