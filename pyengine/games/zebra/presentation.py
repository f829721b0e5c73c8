"""How a Zebra game is shown and explained to people (used by :mod:`pyengine.controller`).

Everything a page needs besides the rules: the board drawing, which cells an action touches
(so clicks can be matched against legal actions), and the texts of the status line, the move
list, the scores and the result. Texts are *messages*: ``{"key": ..., "params": {...}}``
translation requests that the page resolves from its translation files, so the engine never
holds user-interface language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from pyengine.core.errors import IllegalActionError
from pyengine.core.presentation import (
    Message,
    SquareBoardPresentation,
    error_message,
    message,
    move_list,
)
from pyengine.games.zebra.notation import FILES, Cell, Move, Place, Remove
from pyengine.games.zebra.render import render_svg
from pyengine.games.zebra.rules import BLACK, WHITE, ZebraState

if TYPE_CHECKING:
    from pyengine.protocol import MoveRow, Result, Score

# A position worth a look on the home page: towers of several heights, emptied cells.
POSTER_RECORD = "1. c2-d2 a1-b1 2. d2-c1 b2-b3 3. a2-b1 c3-d3"

PLAYERS: tuple[Message, Message] = (
    {"key": "zebra.player.0", "params": {}},
    {"key": "zebra.player.1", "params": {}},
)


class ZebraPresentation(SquareBoardPresentation[ZebraState, Move | Place | Remove]):
    """Zebra for :mod:`pyengine.controller`, on a square board drawn by :func:`.render_svg`."""

    PLAYERS = PLAYERS
    POSTER_RECORD = POSTER_RECORD

    def last_move(self, state: ZebraState) -> tuple[str, ...]:
        """The cells to mark as the last move: those of the last action."""
        if not state.history:
            return ()
        return self.action_cells(cast("Move | Place | Remove", state.history[-1]))

    def turn(self, state: ZebraState) -> Message:
        player = PLAYERS[state.to_move]
        if state.phase == "removal":
            return message("zebra.turn.remove", player=player)
        if state.phase == "placement":
            return message("zebra.turn.place", player=player)
        return message("play.to-move", player=player)

    def status(self, state: ZebraState, selection: Sequence[str]) -> Message:
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

    def explain(self, state: ZebraState, cells: Sequence[str]) -> Message:
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

    def cell_label(self, state: ZebraState, cell: str) -> Message:
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

    def scores(self, state: ZebraState) -> list[Score]:
        white, black = state.tower_counts()
        return [
            {"player": WHITE, "label": message("zebra.score", player=PLAYERS[WHITE], count=white)},
            {"player": BLACK, "label": message("zebra.score", player=PLAYERS[BLACK], count=black)},
        ]

    def move_rows(self, state: ZebraState) -> list[MoveRow]:
        """The move list as the record numbers it: the removal alone, then White's and
        Black's plies."""
        history = [str(action) for action in state.history]
        plies: list[tuple[int | None, str]] = []
        if history and state.options["setup"] == "remove":
            plies.append((None, history.pop(0)))
        plies += [(index // 2 + 1, text) for index, text in enumerate(history)]
        return move_list(plies)

    def result(self, state: ZebraState) -> Result | None:
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


PRESENTATION = ZebraPresentation(render_svg, FILES)
