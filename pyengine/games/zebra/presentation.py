"""How a Zebra game is shown and explained to people (used by :mod:`pyengine.controller`).

Everything a page needs besides the rules: the board drawing, which cells an action touches
(so clicks can be matched against legal actions), and the texts of the status line, the move
list, the scores and the result. Texts are *messages*: ``{"key": ..., "params": {...}}``
translation requests that the page resolves from its translation files, so the engine never
holds user-interface language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pyengine.core.errors import IllegalActionError
from pyengine.core.presentation import SquareBoardPresentation
from pyengine.games.zebra.notation import FILES, Cell, Move, Place, Remove
from pyengine.games.zebra.render import render_svg
from pyengine.games.zebra.rules import BLACK, WHITE, ZebraState

Message = dict[str, Any]

# A position worth a look on the home page: towers of several heights, emptied cells.
POSTER_RECORD = "1. c2-d2 a1-b1 2. d2-c1 b2-b3 3. a2-b1 c3-d3"

PLAYERS: tuple[Message, Message] = (
    {"key": "zebra.player.0", "params": {}},
    {"key": "zebra.player.1", "params": {}},
)


def message(key: str, **params: Any) -> Message:
    """A translation request: ``message("play.to-move", player=...)``."""
    return {"key": key, "params": params}


def action_cells(action: Move | Place | Remove) -> tuple[str, ...]:
    """The cells a player clicks, in order, to make the action."""
    return tuple(str(cell) for cell in action.cells())


def last_move(state: ZebraState) -> tuple[str, ...]:
    """The cells to mark as the last move: those of the last action."""
    return action_cells(cast("Move | Place | Remove", state.history[-1])) if state.history else ()


def extra_buttons(state: ZebraState) -> list[dict[str, Any]]:
    """Buttons besides the legal cell-less actions (Zebra has none)."""
    return []


def action_label(action: Move | Place | Remove) -> Message:
    """A button's text for an action made without clicking cells (Zebra has none)."""
    return message("play.action", action=str(action))


def turn(state: ZebraState) -> Message:
    player = PLAYERS[state.to_move]
    if state.phase == "removal":
        return message("zebra.turn.remove", player=player)
    if state.phase == "placement":
        return message("zebra.turn.place", player=player)
    return message("play.to-move", player=player)


def status(state: ZebraState, selection: Sequence[str]) -> Message:
    if state.is_terminal():
        return message("play.game-over")
    player = PLAYERS[state.current_player()]
    if state.phase == "removal":
        return message("zebra.status.remove", player=player)
    if state.phase == "placement":
        return message("zebra.status.place", player=player)
    if selection:
        return message("zebra.status.target", cell=selection[0])
    return message("zebra.status.source", player=player)


def explain(state: ZebraState, cells: Sequence[str]) -> Message:
    """Why clicking ``cells`` (in this order) starts or makes no legal action."""
    if state.is_terminal():
        return message("play.already-over")
    if state.phase == "movement" and len(cells) == 1:
        cell = Cell.parse(cells[0])
        value = state.cell_value(cell)
        mine = 1 if state.current_player() == WHITE else -1
        player = PLAYERS[state.current_player()]
        if value * mine > 0:  # the player's own tower, but every move from it is illegal
            return message("zebra.explain.no-moves", cell=cells[0])
        if value == 0:
            return message("zebra.explain.empty", cell=cells[0], player=player)
        return message("zebra.explain.not-yours", cell=cells[0], player=player)
    if len(cells) == 2:
        action: Move | Place | Remove = Move(Cell.parse(cells[0]), Cell.parse(cells[1]))
    elif state.phase == "placement":
        action = Place(Cell.parse(cells[0]))
    else:
        action = Remove(Cell.parse(cells[0]))
    try:
        state.check(action)
    except IllegalActionError as error:
        return error_message(error)
    return message("play.no-action", cells=" ".join(cells))  # not reached for Zebra's actions


def error_message(error: IllegalActionError) -> Message:
    """An engine error as a translation request, keeping the English text as a fallback."""
    return {"key": f"error.{error.code}", "params": dict(error.params), "fallback": str(error)}


def cell_label(state: ZebraState, cell: str) -> Message:
    """What a screen reader says about a cell."""
    index = Cell.parse(cell).index(state.size)
    value = state.cells[index]
    if index in state.holes:
        return message("zebra.cell.hole", cell=cell)
    if value == 0:
        key = "zebra.cell.neutral-base" if index == state.neutral else "zebra.cell.empty"
        return message(key, cell=cell)
    colour = PLAYERS[WHITE if value > 0 else BLACK]
    key = "zebra.cell.tower-on-base" if index == state.neutral else "zebra.cell.tower"
    return message(key, cell=cell, player=colour, height=abs(value))


def scores(state: ZebraState) -> list[dict[str, Any]]:
    white, black = state.tower_counts()
    return [
        {"player": WHITE, "label": message("zebra.score", player=PLAYERS[WHITE], count=white)},
        {"player": BLACK, "label": message("zebra.score", player=PLAYERS[BLACK], count=black)},
    ]


def move_rows(state: ZebraState) -> list[dict[str, Any]]:
    """The move list as the record numbers it: the removal alone, then White's and Black's plies."""
    history = [str(action) for action in state.history]
    rows: list[dict[str, Any]] = []
    if history and state.options["setup"] == "remove":
        rows.append({"number": None, "plies": [history.pop(0)]})
    for start in range(0, len(history), 2):
        rows.append({"number": start // 2 + 1, "plies": history[start : start + 2]})
    shown = [
        {"number": row["number"], "plies": [{"text": text, "last": False} for text in row["plies"]]}
        for row in rows
    ]
    if shown:
        shown[-1]["plies"][-1]["last"] = True
    return shown


def result(state: ZebraState) -> dict[str, Any] | None:
    outcome = state.result()
    if outcome is None:
        return None
    (winner,) = outcome.winners
    white, black = outcome.scores
    if outcome.ending == "move-cap":
        ending = message("zebra.ending.move-cap", limit=state.move_cap)
    else:
        ending = message("zebra.ending.stuck", player=PLAYERS[state.to_move])
    if outcome.reason == "count":
        reason = message("zebra.reason.count", player=PLAYERS[winner], white=white, black=black)
    else:
        reason = message(
            "zebra.reason.tie-last-mover", player=PLAYERS[winner], white=white, black=black
        )
    return {
        "winners": [winner],
        "title": message("play.wins", player=PLAYERS[winner]),
        "details": [ending, reason],
    }


class ZebraPresentation(SquareBoardPresentation[ZebraState, Move | Place | Remove]):
    """Zebra for :mod:`pyengine.controller`: this module's functions, on a square board
    drawn by ``draw``."""

    PLAYERS = PLAYERS
    POSTER_RECORD = POSTER_RECORD
    action_cells = staticmethod(action_cells)
    action_label = staticmethod(action_label)
    extra_buttons = staticmethod(extra_buttons)
    last_move = staticmethod(last_move)
    turn = staticmethod(turn)
    status = staticmethod(status)
    explain = staticmethod(explain)
    cell_label = staticmethod(cell_label)
    scores = staticmethod(scores)
    move_rows = staticmethod(move_rows)
    result = staticmethod(result)


PRESENTATION = ZebraPresentation(render_svg, FILES)
