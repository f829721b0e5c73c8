"""How a Virus War game is shown and explained to people (used by :mod:`pyengine.controller`).

Each step of a turn is one action: one click on a highlighted cell places a symbol (an empty
cell) or kills one (a live enemy symbol); the engine ends the turn after its M steps. A pass is
an action without a cell, shown as a button while it is legal (only at the start of a turn).
Texts are translation requests (``{"key", "params"}``) resolved by the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyengine.core.errors import IllegalActionError
from pyengine.core.presentation import (
    Message,
    SquareBoardPresentation,
    error_message,
    message,
    move_list,
)
from pyengine.games.virus_war.notation import FILES, Cell, Pass, Step
from pyengine.games.virus_war.render import render_svg
from pyengine.games.virus_war.rules import VirusWarState

if TYPE_CHECKING:
    from pyengine.protocol import Button, MoveRow, Result, Score

# A position worth a look on the home page: both viruses have killed, fortresses are forming.
POSTER_RECORD = (
    "1. a1-b2-c3 k10-i9-h8 2. d4-e5-f6 g7-f6-e5 3. d5-e6-f7 d5-d4-c3 4. g7-h8-i9 i10-h9-g8"
)

PLAYERS: tuple[Message, Message] = (
    {"key": "virus-war.player.0", "params": {}},
    {"key": "virus-war.player.1", "params": {}},
)
WINS = "virus-war.wins"  # the result's title (a resigned game's too, pyengine.controller)
CONTENT_KEYS = {
    ".": "virus-war.cell.empty",
    "X": "virus-war.cell.x-live",
    "O": "virus-war.cell.o-live",
    "x": "virus-war.cell.x-dead",
    "o": "virus-war.cell.o-dead",
}


def cell_name(index: int, size: int) -> str:
    return f"{FILES[index % size]}{index // size + 1}"


def draw(state: VirusWarState, **marks: Any) -> str:
    """The board as a standalone SVG document, with the page's ``marks`` and this turn's
    steps marked."""
    return render_svg(
        state, turn_cells=[cell_name(index, state.size) for index in state.turn_steps], **marks
    )


class VirusWarPresentation(SquareBoardPresentation[VirusWarState, Step | Pass]):
    """Virus War for :mod:`pyengine.controller`, on a square board drawn by :func:`draw`."""

    PLAYERS = PLAYERS
    POSTER_RECORD = POSTER_RECORD
    WINS = WINS

    def last_move(self, state: VirusWarState) -> tuple[str, ...]:
        """The cells of the last *completed* turn (up to three): the current turn's own steps
        are marked separately, as turn steps."""
        turns = state.turn_texts()
        if state.turn_steps:
            turns = turns[:-1]
        if not turns or turns[-1] == "pass":
            return ()
        return tuple(turns[-1].split("-"))

    def forced(self, state: VirusWarState) -> Pass | None:
        """A turn with nothing in reach (M = 0, §4) is a pass: the page passes by itself."""
        if state.is_terminal() or state.turn_steps:
            return None
        actions = state.legal_actions()
        return actions[0] if len(actions) == 1 and isinstance(actions[0], Pass) else None

    def announce(
        self, before: VirusWarState, action: Step | Pass, after: VirusWarState
    ) -> Message | None:
        """A pass with nothing in reach says so (any other action: the usual words)."""
        if isinstance(action, Pass) and self.forced(before) is not None:
            return message("virus-war.forced-pass", player=PLAYERS[before.to_move])
        return None

    def action_label(self, action: Step | Pass) -> Message:
        return message("play.pass") if isinstance(action, Pass) else super().action_label(action)

    def turn(self, state: VirusWarState) -> Message:
        player = PLAYERS[state.to_move]
        if state.turn_steps and state.turn_length:
            return message(
                "virus-war.turn.step",
                player=player,
                step=len(state.turn_steps) + 1,
                steps=state.turn_length,
            )
        return message("play.to-move", player=player)

    def status(self, state: VirusWarState, selection: Sequence[str]) -> Message:
        if state.is_terminal():
            return message("play.game-over")
        if state.turn_steps:
            return message("virus-war.status.continue", left=state.steps_left)
        steps = [action for action in state.legal_actions() if isinstance(action, Step)]
        if not steps:
            return message("virus-war.status.must-pass")
        if state.turn_length and state.turn_length < 3:
            return message("virus-war.status.start-short", steps=state.turn_length)
        if state.turn_length:
            return message("virus-war.status.start", steps=state.turn_length)
        return message("virus-war.status.start-unknown")

    def extra_buttons(self, state: VirusWarState) -> list[Button]:
        """During a turn, an "End turn" button: ending early is never legal, and pressing it
        asks the engine for a pass, whose refusal explains the full-turn rule."""
        if state.turn_steps and not state.is_terminal():
            return [{"action": "pass", "label": message("virus-war.end-turn")}]
        return []

    def explain(self, state: VirusWarState, cells: Sequence[str]) -> Message:
        """Why clicking ``cells`` makes no legal step."""
        if state.is_terminal():
            return message("play.already-over")
        try:
            state.check(Step(Cell.parse(cells[-1])))
        except IllegalActionError as error:
            return error_message(error)
        return message("play.no-action", cells=" ".join(cells))

    def cell_label(self, state: VirusWarState, cell: str) -> Message:
        content = state.cell_content(Cell.parse(cell).index(state.size))
        return message(CONTENT_KEYS[content], cell=cell)

    def scores(self, state: VirusWarState) -> list[Score]:
        contents = state.contents()
        rows: list[Score] = []
        for player, (live, fortress) in enumerate((("X", "o"), ("O", "x"))):
            rows.append(
                {
                    "player": player,
                    "label": message(
                        "virus-war.score",
                        player=PLAYERS[player],
                        live=contents.count(live),
                        fortress=contents.count(fortress),
                    ),
                }
            )
        return rows

    def move_rows(self, state: VirusWarState) -> list[MoveRow]:
        """Numbered turns as the record writes them (the turn in progress last, possibly
        partial)."""
        return move_list((index // 2 + 1, text) for index, text in enumerate(state.turn_texts()))

    def result(self, state: VirusWarState) -> Result | None:
        outcome = state.result()
        if outcome is None:
            return None
        if not outcome.winners:
            return {
                "winners": [],
                "title": message("play.draw"),
                "details": [message("virus-war.ending.double-pass-draw")],
            }
        (winner,) = outcome.winners
        if outcome.ending == "elimination":
            detail = message("virus-war.ending.elimination", player=PLAYERS[1 - winner])
        else:
            detail = message("virus-war.ending.last-move", player=PLAYERS[winner])
        return {
            "winners": [winner],
            "title": message("virus-war.wins", player=PLAYERS[winner]),
            "details": [detail],
        }


PRESENTATION = VirusWarPresentation(draw, FILES)
