"""The test page of bench/dom_layers.py: its name, the script that records what the checks count
(run before any of the page's scripts), the page's MicroPython program (the imports, the redraws
and the checks, run after the site's own glue unpacking) and the markup that puts them together
with zebra.html's PyScript script, an SVG board of 64 cells and the checks' buttons.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PAGE = "dom-layers.html"

# Before any of the page's scripts: what the checks count.
RECORDER = """
window.benchHits = [];
window.benchErrors = [];
window.benchViolations = [];
addEventListener('error', (event) => window.benchErrors.push(String(event.message)));
addEventListener('unhandledrejection', (event) => window.benchErrors.push('rejection: ' + String(event.reason)));
document.addEventListener('securitypolicyviolation', (event) =>
    window.benchViolations.push(event.violatedDirective + ' ' + event.blockedURI));
"""

# The page's program (MicroPython), after the site's own glue unpacking.
PROGRAM = r"""
import sys
import js

window = js.window
clock = window.performance
parameters = js.URLSearchParams.new(window.location.search)
first = str(parameters.get("first"))
reps = int(str(parameters.get("reps") or "15"))
WATCHED = ("pyscript", "pyscript.events", "pyscript.web", "glue.dom", "asyncio", "json", "inspect")
result = {"first": first, "loaded before": [name for name in WATCHED if name in sys.modules]}
imports = {}


def finish():
    window.benchResult = json.dumps(result)


try:
    if first == "dom":
        start = clock.now()
        from glue import dom
        middle = clock.now()
        from pyscript import web
        end = clock.now()
        from pyscript import when
        imports["glue.dom"] = ["first", middle - start]
        imports["pyscript.web"] = ["second", end - middle]
        imports["when"] = ["second", clock.now() - end]
    else:
        start = clock.now()
        from pyscript import web
        middle = clock.now()
        from pyscript import when
        end = clock.now()
        from glue import dom
        imports["pyscript.web"] = ["first", middle - start]
        imports["when"] = ["first", end - middle]
        imports["glue.dom"] = ["second", clock.now() - end]
    import asyncio
    import json

    from pyscript import document

    result["imports"] = imports
except Exception as error:
    import json

    result["error"] = "imports: " + repr(error)
    finish()
    raise

SELECTORS = ['#board [data-cell="' + column + row + '"]' for column in "abcdefgh" for row in "12345678"]
calls = [0]
BATCH = 4  # redraws per timing: performance.now() counts tenths of a millisecond


def raw_redraw():
    calls[0] += 1
    on = calls[0] % 2 == 0
    label = "c" + str(calls[0])
    for selector in SELECTORS:
        cell = document.querySelector(selector)
        cell.setAttribute("aria-label", label)
        cell.classList.toggle("hint", on)
        cell.textContent = label


def glue_redraw():
    calls[0] += 1
    on = calls[0] % 2 == 0
    label = "c" + str(calls[0])
    for selector in SELECTORS:
        cell = dom.find(selector)
        cell.set_attr("aria-label", label)
        cell.set_class("hint", on)
        cell.set_text(label)


def web_redraw():
    calls[0] += 1
    on = calls[0] % 2 == 0
    label = "c" + str(calls[0])
    for selector in SELECTORS:
        cell = web.page.find(selector)[0]
        cell.setAttribute("aria-label", label)
        if on:
            cell.classes.add("hint")
        else:
            cell.classes.discard("hint")
        cell.textContent = label


# The same three operations on wrappers found once (what a redraw costs without its finds).
raw_cells = [document.querySelector(selector) for selector in SELECTORS]
dom_cells = [dom.find(selector) for selector in SELECTORS]
web_cells = [web.page.find(selector)[0] for selector in SELECTORS]


def raw_kept():
    calls[0] += 1
    on = calls[0] % 2 == 0
    label = "c" + str(calls[0])
    for cell in raw_cells:
        cell.setAttribute("aria-label", label)
        cell.classList.toggle("hint", on)
        cell.textContent = label


def glue_kept():
    calls[0] += 1
    on = calls[0] % 2 == 0
    label = "c" + str(calls[0])
    for cell in dom_cells:
        cell.set_attr("aria-label", label)
        cell.set_class("hint", on)
        cell.set_text(label)


def web_kept():
    calls[0] += 1
    on = calls[0] % 2 == 0
    label = "c" + str(calls[0])
    for cell in web_cells:
        cell.setAttribute("aria-label", label)
        if on:
            cell.classes.add("hint")
        else:
            cell.classes.discard("hint")
        cell.textContent = label


def last_cell_right():
    cell = document.querySelector(SELECTORS[-1])
    label = "c" + str(calls[0])
    return (
        str(cell.getAttribute("aria-label")) == label
        and str(cell.textContent) == label
        and bool(cell.classList.contains("hint")) == (calls[0] % 2 == 0)
    )


def redraws():
    ways = [
        ("raw", raw_redraw),
        ("glue.dom", glue_redraw),
        ("pyscript.web", web_redraw),
        ("raw, kept", raw_kept),
        ("glue.dom, kept", glue_kept),
        ("pyscript.web, kept", web_kept),
    ]
    times = {}
    firsts = {}
    wrong = []
    for name, redraw in ways:  # the page's first redraw each way, then the batches
        start = clock.now()
        redraw()
        firsts[name] = clock.now() - start
        times[name] = []
    for rep in range(reps):
        for index in range(len(ways)):
            name, redraw = ways[(rep + index) % len(ways)]
            start = clock.now()
            for _ in range(BATCH):
                redraw()
            times[name].append((clock.now() - start) / BATCH)
            if not last_cell_right():
                wrong.append(name)
    result["redraw ms"] = times
    result["first redraw ms"] = firsts
    result["wrong"] = wrong


hits = window.benchHits


def hit(name):
    hits.push(name)


def checks():
    found = {}
    dom.on_error(lambda text: hit("reported: " + text))

    # handlers, plain and coroutine, and exceptions in them
    @when("click", "#w-ok")
    def w_ok(event):
        hit("w-ok " + str(event.type))

    @when("click", "#w-noarg")
    def w_noarg():
        hit("w-noarg")

    @when("click", "#w-boom")
    def w_boom(event):
        raise ValueError("boom in @when")

    @when("click", "#w-async")
    async def w_async(event):
        await asyncio.sleep(0.01)
        hit("w-async")

    @when("click", "#w-async-boom")
    async def w_async_boom(event):
        await asyncio.sleep(0.01)
        raise ValueError("boom in an @when coroutine")

    dom.find("#d-ok").on("click", lambda event: hit("d-ok " + event.kind))

    def d_boom(event):
        raise ValueError("boom in Element.on")

    async def d_async(event):
        await asyncio.sleep(0.01)
        hit("d-async")

    async def d_async_boom(event):
        await asyncio.sleep(0.01)
        raise ValueError("boom in an Element.on coroutine")

    # the document's events, in the capture phase (the glue's keyboard shortcuts)
    @when("click", document, capture=True)
    def w_document(event):
        if str(event.target.id) == "w-capture":
            hit("w-capture " + str(event.eventPhase))

    def d_document(event):
        if event.target is not None and event.target.attr("id") == "d-capture":
            hit("d-capture")

    dom.on_document("click", d_document, True)
    dom.find("#d-boom").on("click", d_boom)
    dom.find("#d-async").on("click", d_async)
    dom.find("#d-async-boom").on("click", d_async_boom)

    # elements created after binding, and delegation to a parent
    area = dom.find("#late-area")
    late = dom.make("button", "late", "late 1")
    late.set_attr("id", "late-1")
    area.append(late)

    @when("click", "#late-area .late")
    def w_late(event):
        hit("w-late " + str(event.target.id))

    for button in dom.find_all("#late-area .late"):
        button.on("click", lambda event: hit("d-late " + str(event.target.attr("id"))))

    @when("click", "#late-area")
    def w_delegated(event):
        if event.target.classList.contains("late"):
            hit("w-delegated " + str(event.target.id))

    def d_delegated(event):
        if event.target is not None and event.target.has_class("late"):
            hit("d-delegated " + str(event.target.attr("id")))

    area.on("click", d_delegated)
    late = dom.make("button", "late", "late 2")
    late.set_attr("id", "late-2")
    area.append(late)

    try:
        when("click", "#late-area .nothing-yet")(lambda event: None)
        found["selector matching nothing"] = ["accepted", "dom.find gives None"]
    except Exception as error:
        found["selector matching nothing"] = [type(error).__name__ + ": " + str(error), "dom.find gives None"]

    # a wrapper kept while the class changes elsewhere (the board keeps its element)
    kept_web = web.page.find("#board")[0]
    kept_dom = dom.find("#board")
    kept_web.classes  # the set is read now
    document.getElementById("board").classList.add("zoomed")
    found["class set elsewhere, seen by a kept wrapper"] = [
        "zoomed" in kept_web.classes,
        kept_dom.has_class("zoomed"),
    ]
    document.getElementById("board").classList.remove("zoomed")

    # two wrappers of one element
    found["two wrappers of one element compare equal"] = [
        web.page.find("#board")[0] == web.page.find("#board")[0],
        dom.find("#board").same(dom.find("#board")),
    ]

    # inline style through the layer (CSSOM, allowed by style-src 'self')
    web.page.find("#w-ok")[0].style["--bench"] = "1"
    dom.find("#d-ok").set_style("--bench", "2")
    found["inline style through the layer applies under the CSP"] = [
        str(window.getComputedStyle(document.getElementById("w-ok")).getPropertyValue("--bench")).strip() == "1",
        str(window.getComputedStyle(document.getElementById("d-ok")).getPropertyValue("--bench")).strip() == "2",
    ]
    result["checks"] = found


try:
    if first == "checks":
        checks()
    else:
        redraws()
except Exception as error:
    result["error"] = repr(error)
finish()
"""

BUTTONS = (
    "w-ok",
    "w-noarg",
    "w-async",
    "w-async-boom",
    "w-boom",
    "d-ok",
    "d-async",
    "d-async-boom",
    "d-boom",
    "w-capture",
    "d-capture",
)


def page_markup(site: Path) -> str:
    """The test page: zebra.html's PyScript script (module and ``<script type="mpy">`` with its
    config and the glue's unpacking), then :data:`PROGRAM`; a board and the checks' buttons."""
    source = (site / "zebra.html").read_text(encoding="utf-8")
    module = re.search(r'<script type="module" src="[^"]*core\.js"></script>', source)
    mpy = re.search(r'(<script type="mpy"[^>]*>)(.*?\nunbundle\(\)\n)', source, re.DOTALL)
    if module is None or mpy is None:
        sys.exit(f"error: {site / 'zebra.html'} has no PyScript script to copy")
    cells = "".join(
        f'<text data-cell="{column}{row}" x="{index % 8}" y="{index // 8 + 1}">?</text>'
        for index, (column, row) in enumerate(
            (column, row) for column in "abcdefgh" for row in "12345678"
        )
    )
    buttons = "".join(f'<button type="button" id="{name}">{name}</button>' for name in BUTTONS)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<title>DOM layers</title>\n"
        f"{module.group(0)}\n{mpy.group(1)}{mpy.group(2)}{PROGRAM}</script>\n</head>\n<body>\n"
        f'<div id="board"><svg viewBox="0 0 8 9" width="320">{cells}</svg></div>\n'
        f'<div id="buttons">{buttons}</div>\n<div id="late-area"></div>\n</body>\n</html>\n'
    )


def site_with_page(work: Path, site: Path) -> Path:
    root = work / "site"
    root.mkdir()
    for entry in site.iterdir():
        (root / entry.name).symlink_to(entry)
    (root / PAGE).write_text(page_markup(site), encoding="utf-8")
    return root
