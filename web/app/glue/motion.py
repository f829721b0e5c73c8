"""Motion between two engine pictures, the pure part of ``glue.animator``: what changed from one
board SVG to the next (cells read by their ``data-`` attributes) and how to show it. The
engine's SVG stays the source of truth: the new picture is on the board at once, and the steps
only make parts of it arrive from where the old picture had them (a slide, a drop, a line
drawn in) or let a part of the old picture fade away (a ghost, removed afterwards).

A step is ``{"cell", "part", "effect"}`` and optionally ``"dx", "dy"`` (where the part comes
from, in the picture's units), ``"last"`` (only the last N parts: the discs that moved onto a
Zebra stack), ``"delay"`` (ms) and ``"ghost"`` (the part is the old picture's). ``part`` is a
CSS selector inside the cell (``""``: the cell itself). Events name what happened, for the
sounds: ``move``, ``capture`` (a kill, a capture, an erase), ``dice``.

>>> old = '<g class="cell" data-cell="a1" data-kind="tower" data-height="1" data-top="white"><rect class="hit" x="0" y="100" width="100" height="100"/></g>'
>>> new = '<g class="cell" data-cell="a1" data-kind="empty" data-height="0" data-top="none"><rect class="hit" x="0" y="100" width="100" height="100"/></g>'
>>> cells(old)["a1"]["data-height"], cells(old)["a1"]["centre"]
('1', (50.0, 150.0))
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DURATION_MS = 240  # each motion; a Virus Fight instruction flashes first (FLASH_MS)
FLASH_MS = 110
MARKER = ' data-cell="'


def attributes(tag: str) -> "dict[str, str]":
    """The attributes of one opening tag's text (``<g class="a b" data-cell="c3">``)."""
    found: dict[str, str] = {}
    position = 0
    while True:
        equals = tag.find('="', position)
        if equals < 0:
            return found
        start = tag.rfind(" ", 0, equals) + 1
        end = tag.find('"', equals + 2)
        if end < 0:
            return found
        found[tag[start:equals]] = tag[equals + 2 : end]
        position = end + 1


def openings(svg: str) -> "dict[str, tuple[str, str]]":
    """Every cell of an engine picture (``data-cell``): its opening tag's text and the markup
    from its name up to the next cell (its children: the click target is its last child). One
    split of the picture, then only short strings: MicroPython finds and slices a long string
    slowly."""
    found = {}
    pieces = svg.split(MARKER)
    for index in range(1, len(pieces)):
        before = pieces[index - 1]
        piece = pieces[index]
        name_end = piece.find('"')
        tag_end = piece.find(">")
        if name_end >= 0 and tag_end >= 0:
            opening = before[before.rfind("<") :] + MARKER + piece[: tag_end + 1]
            found[piece[:name_end]] = (opening, piece)
    return found


def parse(opening: str, rest: str) -> "dict[str, Any]":
    """A cell's attributes and ``centre``, the middle of its click target (``class="hit"``)."""
    cell: dict[str, Any] = attributes(opening)
    hit_at = rest.find('class="hit"')
    if hit_at >= 0:
        hit_start = rest.rfind("<", 0, hit_at)
        cell["centre"] = centre(attributes(rest[hit_start : rest.find(">", hit_at)]))
    return cell


def cells(svg: str) -> "dict[str, dict[str, Any]]":
    """Every cell of an engine picture: its opening tag's attributes and ``centre``."""
    found = openings(svg)
    return {name: parse(found[name][0], found[name][1]) for name in found}


def centre(hit: "dict[str, str]") -> "tuple[float, float] | None":
    try:
        if "cx" in hit:
            return (float(hit["cx"]), float(hit["cy"]))
        x = float(hit["x"]) + float(hit.get("width", "0")) / 2
        return (x, float(hit["y"]) + float(hit.get("height", "0")) / 2)
    except (KeyError, ValueError):
        return None


def offset(old: "dict[str, Any]", new: "dict[str, Any]") -> "tuple[float, float] | None":
    """How far the centre of cell ``old`` is from the centre of cell ``new``."""
    start = old.get("centre")
    end = new.get("centre")
    if start is None or end is None:
        return None
    return (start[0] - end[0], start[1] - end[1])


def number(cell: "dict[str, Any] | None", name: str) -> int:
    try:
        return int((cell or {}).get(name) or "0")
    except ValueError:
        return 0


# The last picture read (the next plan's old picture is this plan's new one): (svg, cells).
_last: "list[Any]" = [None, None]


def plan(game: str, before: str, after: str) -> "tuple[list[dict[str, Any]], list[str]]":
    """The steps that take picture ``before`` to picture ``after`` (engine SVGs of one game,
    the second a few actions later) and the events seen on the way. Only the cells whose
    opening tags differ are read (a few of a hundred)."""
    if not same_board(before, after):
        return [], []  # another sheet (Fight the Virus's next player), another board
    first = _last[1] if _last[0] is before else openings(before)
    second = openings(after)
    _last[0] = after
    _last[1] = second
    old = {}
    new = {}
    for name in second:
        was = first.get(name)
        if was is not None and was[0] != second[name][0]:
            old[name] = parse(was[0], was[1])
            new[name] = parse(second[name][0], second[name][1])
    planner = PLANNERS.get(game, plan_changes)
    return planner(old, new)


def same_board(before: str, after: str) -> bool:
    """Whether two pictures show the same board the same way (their root's size, seat and
    orientation), so that their cells can be compared."""
    first = attributes(before[: before.find(">") + 1])
    second = attributes(after[: after.find(">") + 1])
    return all(
        first.get(name) == second.get(name)
        for name in ("viewBox", "data-seat", "data-size", "data-flipped")
    )


def changed(old: "dict[str, Any]", new: "dict[str, Any]", names: "tuple[str, ...]") -> "list[str]":
    """The cells of both pictures whose attributes ``names`` differ, in the new one's order."""
    found = []
    for cell in new:
        before = old.get(cell)
        if before is None:
            continue
        if any(before.get(name) != new[cell].get(name) for name in names):
            found.append(cell)
    return found


def plan_zebra(old: "dict[str, Any]", new: "dict[str, Any]") -> "tuple[list, list]":
    """A tower's discs slide onto their target and the stack grows (its height drops in
    after); a placed disc drops in; a removed tower fades away."""
    steps: list[dict[str, Any]] = []
    events = []
    cells_changed = changed(old, new, ("data-height", "data-top"))
    lower = [
        cell
        for cell in cells_changed
        if number(new[cell], "data-height") < number(old[cell], "data-height")
    ]
    higher = [
        cell
        for cell in cells_changed
        if number(new[cell], "data-height") > number(old[cell], "data-height")
    ]
    if len(lower) == 1 and len(higher) == 1:
        source, target = lower[0], higher[0]
        moved = number(old[source], "data-height") - number(new[source], "data-height")
        shift = offset(old[source], new[target])
        if shift is not None:
            step = {"cell": target, "part": "g.stack > g.disc", "effect": "slide", "last": moved}
            step["dx"], step["dy"] = shift
            steps.append(step)
            steps.append({"cell": target, "part": "text.height", "effect": "pop", "delay": 160})
        captured = old[target].get("data-top") not in (old[source].get("data-top"), "none")
        events.append("capture" if captured else "move")
        return steps, events
    for cell in higher:
        steps.append({"cell": cell, "part": "g.stack, ellipse.shadow", "effect": "drop"})
        events.append("move")
    for cell in lower:
        steps.append(
            {"cell": cell, "part": "g.stack, ellipse.shadow", "effect": "fade", "ghost": True}
        )
        events.append("capture")
    return steps, events


def plan_virus_war(old: "dict[str, Any]", new: "dict[str, Any]") -> "tuple[list, list]":
    """A symbol is drawn in; a kill circles the cross or fills the nought."""
    steps = []
    events = []
    for cell in changed(old, new, ("data-content",)):
        before = old[cell].get("data-content") or ""
        after = new[cell].get("data-content") or ""
        if before == "empty" and after.endswith("-live"):
            steps.append({"cell": cell, "part": ".symbol", "effect": "draw"})
            events.append("move")
        elif before.endswith("-live") and after.endswith("-dead"):
            steps.append({"cell": cell, "part": ".symbol .killer", "effect": "pop"})
            events.append("capture")
    return steps, events


def piece_key(cell: "dict[str, Any]") -> "str | None":
    piece = cell.get("data-piece")
    if not piece:
        return None
    return piece + "/" + str(cell.get("data-owner")) + "/" + str(cell.get("data-origin"))


def plan_virus_fight(old: "dict[str, Any]", new: "dict[str, Any]") -> "tuple[list, list]":
    """The instruction being executed flashes; then a piece moves (the same piece gone from
    one cell and come to another), is written (it appears) or erased (it fades away), and a
    marker steps or jumps."""
    steps: list[dict[str, Any]] = []
    events: list[str] = []
    gone = {}
    come = {}
    for cell in new:
        if cell not in old:
            continue
        before = piece_key(old[cell])
        after = piece_key(new[cell])
        if before != after:
            if before is not None:
                gone[cell] = before
            if after is not None:
                come[cell] = after
    if not gone and not come and not changed(old, new, ("data-marker",)):
        return steps, events
    delay = 0
    for cell in old:
        if "current" in (old[cell].get("class") or "").split() and cell in new:
            steps.append({"cell": cell, "part": "", "effect": "flash"})
            delay = FLASH_MS
    for target in sorted(come):
        source = None
        for cell in sorted(gone):
            if gone[cell] == come[target]:
                source = cell
        shift = None if source is None else offset(old[source], new[target])
        if source is not None and shift is not None:
            del gone[source]
            step = {"cell": target, "part": "g.piece-tile", "effect": "slide", "delay": delay}
            step["dx"], step["dy"] = shift
            steps.append(step)
            events.append("move")
        else:
            steps.append({"cell": target, "part": "g.piece-tile", "effect": "pop", "delay": delay})
            events.append("move")
    for cell in sorted(gone):
        steps.append(
            {"cell": cell, "part": "g.piece-tile", "effect": "fade", "ghost": True, "delay": delay}
        )
        events.append("capture")
    markers_before = {}
    markers_after = {}
    for cell in old:
        if old[cell].get("data-marker"):
            markers_before[old[cell]["data-marker"]] = cell
    for cell in new:
        if new[cell].get("data-marker"):
            markers_after[new[cell]["data-marker"]] = cell
    for seat in sorted(markers_after):
        target = markers_after[seat]
        source = markers_before.get(seat)
        if source == target:
            continue
        shift = None if source is None else offset(old[source], new[target])
        if source is not None and shift is not None:
            step = {"cell": target, "part": "g.marker-token", "effect": "slide", "delay": delay}
            step["dx"], step["dy"] = shift
            steps.append(step)
        else:
            steps.append(
                {"cell": target, "part": "g.marker-token", "effect": "pop", "delay": delay}
            )
        events.append("move")
    return steps, events


def plan_changes(old: "dict[str, Any]", new: "dict[str, Any]") -> "tuple[list, list]":
    """Any other picture (Fight the Virus's sheet): every spot that changed drops in, as a
    placed shape drops into its cells."""
    names = ("class", "data-value", "data-state", "data-required")
    steps = []
    for cell in changed(old, new, names):
        classes = set((new[cell].get("class") or "").split())
        before = set((old[cell].get("class") or "").split())
        # what only marks the view (the last action, highlights) is no change of the sheet
        view_only = {"last-move", "highlight", "selected", "current", "reach"}
        if classes - view_only == before - view_only and all(
            old[cell].get(name) == new[cell].get(name) for name in names[1:]
        ):
            continue
        steps.append({"cell": cell, "part": "", "effect": "drop"})
    return steps, ["move"] if steps else []


PLANNERS = {
    "zebra": plan_zebra,
    "virus-war": plan_virus_war,
    "virus-fight": plan_virus_fight,
}


def dice_values(svg: "str | None") -> "list[str]":
    """The values on the dice of a dice picture (``g.die[data-value]``), in order."""
    values: list[str] = []
    text = svg or ""
    position = 0
    while True:
        at = text.find('<g class="die', position)
        if at < 0:
            return values
        end = text.find(">", at)
        values.append(attributes(text[at:end]).get("data-value") or "")
        position = end


def rolled(before: "str | None", after: "str | None") -> bool:
    """Whether the dice show new values (a roll) from picture ``before`` to ``after``."""
    values = dice_values(after)
    return any(values) and values != dice_values(before)
