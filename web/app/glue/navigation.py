"""Replays from the move list, the pure part of ``glue.viewer``: which position a key, a move
or a point of the evaluation chart shows. A position is a ply, the number of actions played
before it (0 the start); ``None`` is the live game.

>>> view_target(None, 12, "prev"), view_target(11, 12, "next"), view_target(3, 12, "first")
(11, None, 0)
>>> view_target(None, 12, "prev", [0, 3, 6, 9]), view_target(3, 12, "next", [0, 3, 6, 9])
(9, 6)
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

# The keys that step through a game (on the board only while a position is viewed, where
# the arrow keys otherwise walk the cursor).
REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}


def view_target(
    viewing: "int | None", live: int, where: "Any", stops: "list[int] | None" = None
) -> "int | None":
    """The position to show after ``where`` ("first", "prev", "next", "last" or a ply) from
    ``viewing`` (None: the live game, at ply ``live``): a ply before the live one, or None
    for the live game itself. The steps go from stop to stop (``stops``, in order, from
    :func:`step_stops`; None: every position) and a ply is the stop nearest to it, so that a
    Virus War turn is one step, as it is one move of the list."""
    current = live if viewing is None else viewing
    if stops is None:
        stops = list(range(live))
    if where == "first":
        target = 0
    elif where == "prev":
        earlier = [stop for stop in stops if stop < current]
        target = earlier[-1] if earlier else 0
    elif where == "next":
        later = [stop for stop in stops if stop > current]
        target = later[0] if later else live
    elif where == "last":
        target = live
    elif isinstance(where, int) and not isinstance(where, bool):
        target = live
        for stop in stops + [live]:  # the nearest stop, the later of two as near
            if abs(stop - where) <= abs(target - where):
                target = stop
    else:
        return viewing
    return None if target >= live else target


def step_stops(moves: "Sequence[Mapping[str, Any]]", live: int) -> "list[int]":
    """The positions the replay steps through, in order: the start and each position a move of
    the list shows (``view.moves``), before the live one ``live``."""
    stops = [0]
    for entry in entries(moves):
        ply = entry.get("ply")
        if isinstance(ply, int) and not isinstance(ply, bool) and 0 < ply < live:
            stops.append(ply)
    return sorted(set(stops))


def position_number(
    moves: "Sequence[Mapping[str, Any]]", ply: int, entry: "int | None" = None
) -> "tuple[int, int]":
    """``(number, total)`` for "Viewing move 3 of 12", counted as the move list counts: the
    moves of the list shown complete at position ``ply`` (``entry``, the move clicked, when it
    shows that position: moves that appear together each have their number) and the list's
    moves in all. A Virus War turn is one move, not three steps."""
    listed = entries(moves)
    if entry is not None and 0 <= entry < len(listed) and listed[entry].get("ply") == ply:
        return entry + 1, len(listed)
    done = 0
    for each in listed:
        shown = each.get("ply")
        if isinstance(shown, int) and shown <= ply:
            done += 1
    return done, len(listed)


def entries(moves: "Sequence[Mapping[str, Any]]") -> "list[Mapping[str, Any]]":
    """Every ply of the move list (the view's ``moves`` rows), in order."""
    found = []
    for row in moves:
        for entry in row.get("plies") or []:
            found.append(entry)
    return found


def viewed_entry(moves: "Sequence[Mapping[str, Any]]", ply: "int | None") -> "int | None":
    """The index of the move list's ply that position ``ply`` belongs to: the last one shown
    complete at ``ply`` (Virus Fight's programs appear together), else the first one shown
    complete later (a Virus War turn covers its three steps); None at the start or for the
    live game."""
    if ply is None or ply <= 0:
        return None
    found = None
    for index, entry in enumerate(entries(moves)):
        shown = entry.get("ply")
        if not isinstance(shown, int):
            continue
        if shown == ply:
            found = index
        elif shown > ply:
            return index if found is None else found
    return found


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
