"""What the game page shows, computed from an engine view: pure functions (no DOM), so that
both interpreters run them and the tests reach them."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from pyengine.protocol import View


def button_groups(
    buttons: "Sequence[Mapping[str, Any]]",
) -> "list[tuple[str | None, list[Mapping[str, Any]]]]":
    """The decision buttons in order, the click choices grouped by kind ("die:5", "die:5+1"
    and "value:3" tokens make a "die" and a "value" group): ``[(kind or None, [button])]``.
    A group stands where its first button stands."""
    items: list[tuple[str | None, list[Mapping[str, Any]]]] = []
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for choice in buttons:
        click = choice.get("click")
        kind = click.split(":")[0] if isinstance(click, str) and ":" in click else None
        if kind is None or choice.get("action") is not None:
            items.append((None, [choice]))
            continue
        if kind not in groups:
            groups[kind] = []
            items.append((kind, groups[kind]))
        groups[kind].append(choice)
    return items


def status_message(view: "Mapping[str, Any]") -> "Mapping[str, Any]":
    """The status line's message: the engine's, except that a finished game whose last
    action cannot be taken back (Virus Fight's programs, when the game ends as they are
    revealed) is not told to undo to look back."""
    status = view.get("status") or {}
    if status.get("key") == "play.game-over" and not view.get("can_undo"):
        return {"key": "play.game-over-no-undo", "params": {}}
    return status


def player_of(view: "View") -> "Any":
    """The deciding player as a message (Fight the Virus's view.turn names them), or None."""
    turn = view.get("turn")
    player = (turn.get("params") or {}).get("player") if turn else None
    return player if isinstance(player, dict) else None


def hint_parts(actions: "Sequence[Mapping[str, Any]]") -> "tuple[str | None, list[str]]":
    """The suggested action's notation (None: no suggestion) and its alternatives'."""
    if not actions:
        return None, []
    return str(actions[0]["action"]), [str(other["action"]) for other in actions[1:]]


def hint_cells(actions: "Sequence[Mapping[str, Any]]") -> "list[tuple[str, str]]":
    """``(cell, class)`` for a hint's cells: the suggestion's are ``hint-best``, the
    alternatives' ``hint-alt``; a cell in several suggestions takes its first."""
    marked: dict[str, str] = {}
    order: list[str] = []
    for index, suggestion in enumerate(actions):
        for cell in suggestion.get("cells") or []:
            if cell in marked:
                continue
            marked[cell] = "hint-best" if index == 0 else "hint-alt"
            order.append(cell)
    return [(cell, marked[cell]) for cell in order]


def evaluation_segments(chances: "list[float]") -> "list[tuple[int | None, float, float]]":
    """The evaluation bar: ``(seat, x, width)`` per seat as wide as its chance (percent of
    100), then ``(None, x, width)`` for the rest when the chances add up to less."""
    segments: list[tuple[int | None, float, float]] = []
    x = 0.0
    for seat, chance in enumerate(chances):
        width = max(0.0, min(100 - x, chance * 100))
        segments.append((seat, x, width))
        x += width
    if x < 100:
        segments.append((None, x, 100 - x))
    return segments


def chart_lines(history: "list[list[float]]", width: int = 300, height: int = 90) -> "list[str]":
    """The result chart: one ``points`` attribute per seat, its chance after every action."""
    if len(history) < 2:
        return []
    step = width / (len(history) - 1)
    seats = len(history[-1])
    lines = []
    for seat in range(seats):
        points = []
        for index, chances in enumerate(history):
            chance = chances[seat] if seat < len(chances) else 0
            points.append(fixed(index * step) + "," + fixed(height - chance * height))
        lines.append(" ".join(points))
    return lines


def fixed(number: float) -> str:
    """``number`` with one decimal, as JavaScript's ``toFixed(1)`` writes it."""
    text = f"{number:.1f}"
    return "0.0" if text == "-0.0" else text


def selected_die(selection: "list[str]") -> "str | None":
    """The die value the selection names ("die:5", "die:5+1" -> "5"), or None."""
    for token in selection or []:
        if token.startswith("die:"):
            return token[4:].split("+")[0]
    return None


def grid_cursor(grid: "Mapping[str, Any]", cursor: "str | None", dx: int, dy: int) -> str:
    """The cell the arrow keys move the cursor to on a grid board (``view.grid``: files, ranks,
    file_names, flipped), staying on the board."""
    names = grid["file_names"]  # not always the alphabet: Virus War has no j
    file = 0
    rank = 0
    if cursor and cursor[0] in names:
        file = names.index(cursor[0])
        try:
            rank = int(cursor[1:]) - 1
        except ValueError:
            rank = 0
    if grid.get("flipped"):
        dx, dy = -dx, -dy
    file = min(grid["files"] - 1, max(0, file + dx))
    rank = min(grid["ranks"] - 1, max(0, rank + dy))
    return names[file] + str(rank + 1)


def nearest_spot(
    spots: "Sequence[tuple[str, float, float]]", current: str, dx: int, dy: int
) -> "str | None":
    """On a board that is not one grid (a player sheet): the spot nearest to ``current`` in the
    arrow's direction on screen. ``spots`` are ``(name, x, y)`` centres; up is -y."""
    origin = None
    for name, x, y in spots:
        if name == current:
            origin = (x, y)
    if origin is None:
        return None
    ux, uy = dx, -dy
    best = None
    best_score = 0.0
    for name, x, y in spots:
        if name == current:
            continue
        along = (x - origin[0]) * ux + (y - origin[1]) * uy
        if along < 1:
            continue
        across = abs((x - origin[0]) * uy - (y - origin[1]) * ux)
        score = along + 3 * across
        if best is None or score < best_score:
            best = name
            best_score = score
    return best


def fit_width(sizes: "list[float]", board_width: float, target: int) -> "int | None":
    """Phones: the width to draw a board at so that its smallest cell is at least ``target``
    pixels (None: it already is)."""
    sizes = [size for size in sizes if size > 0]
    if not sizes:
        return None
    smallest = min(sizes)
    if smallest >= target:
        return None
    width = board_width * (target + 1) / smallest
    return int(width) if width == int(width) else int(width) + 1


def exact_integer(text: str) -> "Any":
    """An integer option typed by the player (a seed): an int when it is one, else the text
    for the engine to explain (Python's ints are exact at any size)."""
    stripped = text.strip()
    digits = stripped[1:] if stripped.startswith("-") else stripped
    if digits and all("0" <= char <= "9" for char in digits):
        return int(stripped)
    try:
        return float(stripped)
    except ValueError:
        return stripped


def escape(text: str) -> str:
    """Text for HTML markup: ``&``, ``<``, ``>`` and ``"`` written as entities."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def move_list_html(moves: "Sequence[Mapping[str, Any]]") -> str:
    """The move list's items (``view.moves`` rows): the row's number ("12.", in the flow of
    the row, so that no width of number is cut off), then each move a button that shows the
    position after it (``data-ply``, glue.viewer), out of the Tab order (the list is one stop,
    its arrow keys step through the game). One piece of markup: far fewer calls into the page
    than an element at a time."""
    items = []
    for row in moves:
        number = row.get("number")
        if number is None:
            opening = '<li class="prelude">'
        else:
            opening = '<li><span class="move-number">' + escape(str(number)) + ".</span>"
        buttons = []
        for ply in row.get("plies") or []:
            shown = ply.get("ply")
            data = "" if shown is None else ' data-ply="' + str(shown) + '"'
            classes = "ply last" if ply.get("last") else "ply"
            buttons.append(
                '<button type="button" class="'
                + classes
                + '" tabindex="-1"'
                + data
                + ">"
                + escape(ply["text"])
                + "</button>"
            )
        items.append(opening + '<span class="move-plies">' + "".join(buttons) + "</span></li>")
    return "".join(items)
