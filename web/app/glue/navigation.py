"""Replays from the move list, the pure part of ``glue.viewer``: which position a key, a move
or a point of the evaluation chart shows. A position is a ply, the number of actions played
before it (0 the start); ``None`` is the live game.

>>> view_target(None, 12, "prev"), view_target(11, 12, "next"), view_target(3, 12, "first")
(11, None, 0)
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The keys that step through a game (on the board only while a position is viewed, where
# the arrow keys otherwise walk the cursor).
REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}


def view_target(viewing: "int | None", live: int, where: "Any") -> "int | None":
    """The position to show after ``where`` ("first", "prev", "next", "last" or a ply) from
    ``viewing`` (None: the live game, at ply ``live``): a ply before the live one, or None
    for the live game itself."""
    current = live if viewing is None else viewing
    if where == "first":
        target = 0
    elif where == "prev":
        target = max(0, current - 1)
    elif where == "next":
        target = current + 1
    elif where == "last":
        target = live
    elif isinstance(where, int) and not isinstance(where, bool):
        target = max(0, where)
    else:
        return viewing
    return None if target >= live else target


def entries(moves: "list[dict[str, Any]]") -> "list[dict[str, Any]]":
    """Every ply of the move list (the view's ``moves`` rows), in order."""
    found = []
    for row in moves:
        for entry in row.get("plies") or []:
            found.append(entry)
    return found


def viewed_entry(moves: "list[dict[str, Any]]", ply: "int | None") -> "int | None":
    """The index of the move list's ply that position ``ply`` belongs to: the first one shown
    complete at ``ply`` or later (a Virus War turn covers its three steps); None at the start
    or for the live game."""
    if ply is None or ply <= 0:
        return None
    for index, entry in enumerate(entries(moves)):
        shown = entry.get("ply")
        if isinstance(shown, int) and shown >= ply:
            return index
    return None


def chart_ply(fraction: float, positions: int) -> int:
    """The position a click at ``fraction`` (0 left, 1 right) of the evaluation chart shows,
    the chart having a point per position (``positions``: actions played + 1)."""
    if positions < 2:
        return 0
    fraction = min(1.0, max(0.0, fraction))
    return int(fraction * (positions - 1) + 0.5)


def chart_x(ply: int, positions: int, width: int) -> float:
    """Where position ``ply`` is drawn on a chart ``width`` wide (see views.chart_lines)."""
    if positions < 2:
        return 0.0
    return width * min(ply, positions - 1) / (positions - 1)
