"""Views: everything a page draws for the current game, the read-only look at an earlier
position, a resigned game's result, the record, and the move list with each ply's position."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from pyengine.controller.basics import bot_to_move, can_undo, message, presentation_of
from pyengine.controller.clicks import board_spots, click_paths, selection_view
from pyengine.core.errors import EngineError
from pyengine.core.game import State
from pyengine.core.presentation import Presentation
from pyengine.session import Match

if TYPE_CHECKING:  # types only: the browser's worker never loads the protocol module
    from pyengine import protocol
    from pyengine.controller.thinking import Evaluations


def grid_of(present: Presentation[Any, Any], state: State, flipped: bool) -> protocol.Grid | None:
    """The presentation's grid (for the keyboard cursor), with the board's orientation."""
    grid = present.grid(state)
    return None if grid is None else cast("protocol.Grid", {**grid, "flipped": flipped})


def position_of(state: State, ply: int, flipped: bool) -> protocol.Position:
    """The ``position`` reply's position of ``state`` (a copy, which nothing else holds),
    shown after ``ply`` actions: no highlights, the last action marked, its texts."""
    present = presentation_of(state.game.id)
    last_move = list(present.last_move(state))
    # the presentation's texts are plain dicts to mypy: the protocol test checks their shape
    position: dict[str, Any] = {
        "ply": ply,
        "svg": present.render(state, last_move=last_move, flipped=flipped),
        "extras": present.extras(state, []),
        "grid": grid_of(present, state, flipped),
        "last_move": last_move,
        "to_move": None if state.is_terminal() else state.current_player(),
        "turn": present.turn(state),
        "status": present.status(state, []),
        "result": present.result(state),
        "cell_labels": {
            cell: present.cell_label(state, cell) for cell in board_spots(present, state)
        },
    }
    return cast("protocol.Position", position)


def view_of(
    match: Match, selection: list[str], flipped: bool, evaluations: Evaluations
) -> protocol.View:
    """Everything a page draws for ``match`` with the click ``selection`` and the board
    ``flipped`` or not (``evaluations``: the game's, brought up to date)."""
    state: State = match.state
    present = presentation_of(state.game.id)
    resigned = match.resigned  # the match ended the game (its rules have no resignation)
    pairs = [] if resigned is not None else click_paths(present, state)
    cells = board_spots(present, state)
    on_board = set(cells)
    clicks = selection_view(present, state, pairs, selection, on_board)
    targets, highlighted, buttons = clicks["targets"], clicks["highlighted"], clicks["buttons"]
    if resigned is None:
        buttons += present.extra_buttons(state)
    history = state.history
    last_move = list(present.last_move(state))
    public_record = present.public_record(state)
    evaluation = evaluations.evaluation(match)
    view: protocol.View = {
        "game": state.game.id,
        "options": dict(state.options),
        "svg": present.render(
            state,
            highlighted=highlighted,
            selected=selection[-1] if selection else None,
            last_move=last_move,
            flipped=flipped,
        ),
        "grid": grid_of(present, state, flipped),
        "to_move": None if match.is_over else state.current_player(),
        "turn": present.turn(state) if resigned is None else message("play.game-over"),
        "status": (
            present.status(state, selection) if resigned is None else message("play.game-over")
        ),
        "selected": selection[-1] if selection else None,
        "selection": list(selection),
        "targets": targets,
        "highlighted": highlighted,
        "sources": [cell for cell in clicks["sources"] if cell in on_board],
        "buttons": buttons,
        "extras": present.extras(state, [t for t in targets if t not in on_board]),
        "setup": present.setup(state),
        "placement": present.placement(state, list(selection)),
        "last_move": last_move,
        "cell_labels": {cell: present.cell_label(state, cell) for cell in cells},
        "scores": present.scores(state),
        "moves": with_plies(present.move_rows(state), evaluations.entries),
        "ply_count": len(history),
        "result": present.result(state) if resigned is None else resigned_result(match),
        "seats": list(match.seats),
        "players": [present.PLAYERS[seat] for seat in range(state.num_players)],
        "forced": forced_action(match),
        "can_undo": can_undo(match),
        "can_resign": match.can_resign() and not bot_to_move(match),
        "can_redo": match.can_redo,
        "record": record_text(match) if public_record is None else public_record,
        "evaluation": evaluation,
        "saved": cast("protocol.SavedMatch", match.to_json()),  # Match's JSON document
    }
    return view


def forced_action(match: Match) -> str | None:
    """The action the seat to act must make, which the page makes by itself (the
    presentation's ``forced``), or None."""
    if match.is_over:
        return None
    action = presentation_of(match.state.game.id).forced(match.state)
    return None if action is None else str(action)


def resigned_result(match: Match) -> protocol.Result:
    """The result of a game that the match ended by a resignation: the other seat wins."""
    present = presentation_of(match.state.game.id)
    seat = match.resigned
    assert seat is not None
    winners = [other for other in range(match.state.num_players) if other != seat]
    return {
        "winners": winners,
        "title": message(present.WINS, player=present.PLAYERS[winners[0]]),
        "details": [message("play.resigned", player=present.PLAYERS[seat])],
        "resigned": seat,
    }


def record_text(match: Match) -> str:
    """The record, or nothing for a game that started from a position some games cannot
    write as a record (it is then saved as JSON)."""
    try:
        return match.record_text()
    except EngineError:
        return ""


def entry_count(present: Presentation[Any, Any], state: State) -> int:
    """How many plies the move list shows in ``state``."""
    return sum(len(row["plies"]) for row in present.move_rows(state))


def entry_plies(counts: Sequence[int]) -> list[int]:
    """The position each ply of the move list shows, from ``counts[i]``, the number of plies
    the list shows after ``i`` actions: the last position before the next ply appears (a
    Virus War turn is one ply for its three steps), except for plies that appear together
    (Virus Fight's programs, at the reveal), which show the position where they appear.

    >>> entry_plies([0, 1, 1, 1, 2, 2]), entry_plies([0, 0, 2, 3, 3]), entry_plies([0])
    ([3, 5], [2, 2, 4], [])
    """
    total = counts[-1] if counts else 0
    # appears[n]: the first position that shows more than n plies (counts only grow)
    appears: list[int] = []
    for index, count in enumerate(counts):
        while len(appears) < min(count, total + 1):
            appears.append(index)
    appears.append(len(counts))
    plies = []
    for entry in range(total):
        first = appears[entry]
        together = (entry > 0 and appears[entry - 1] == first) or appears[entry + 1] == first
        plies.append(first if together else max(first, appears[entry + 1] - 1))
    return plies


def with_plies(rows: list[protocol.MoveRow], counts: Sequence[int]) -> list[protocol.MoveRow]:
    """The move list's rows with each ply's ``ply`` (see :func:`entry_plies`), when known."""
    plies = entry_plies(counts)
    index = 0
    for row in rows:
        for entry in row["plies"]:
            if index < len(plies):
                entry["ply"] = plies[index]
            index += 1
    return rows
