"""The interactive side of a game, for any user interface: one JSON-in/JSON-out function.

A page (or any other front end) sends requests and gets back a *view*: everything it needs to
draw, with no rule left for it to know. Clicks are matched against the legal actions, so
selecting a tower and then a target, placing a piece or any later multi-click action works the
same for every game: an action is the sequence of cells a player clicks (its presentation's
``action_cells``).

Requests (``{"op": ...}``):

``hello``                                  the engine's version and the registered games
``new``     ``game``, ``options``          start a game (a bad option is an error; the game
            [``seats``]                    on screen stays); ``seats`` names who plays each
                                           seat: ``human`` or a computer player the game's
                                           presentation knows (``bot_action``)
``bot``                                    the computer player to act makes one decision
``click``   ``cell``                       select, extend the selection, or play
``cancel``                                 drop the selection
``play``    ``action``                     play an action given in notation
``undo`` / ``redo``                        one action back / forward
``load``    ``record``                     replace the game by a replayed record (a bad record
                                           is an error naming the line; the game on screen stays)
``view``                                   the current view again
``diagram``                                the position as a standalone SVG document
``preview`` ``action``                     the board with an action drawn as a draft, not
                                           played (Virus Fight's secret program setup)

A presentation module may add optional hooks (Virus Fight uses them all): ``click_paths``
(the click sequences of the legal actions, several per action or none, when
``action_cells`` is not enough), ``HIGHLIGHT_SOURCES`` (highlight first clicks),
``click_label`` (the button for a click token that is not a board cell), ``announce`` (the
message after an action), ``undoable``, ``public_record``, ``extras`` (more SVG pictures,
such as supplies), ``setup`` (a secret setup to compose), ``preview`` and ``new_options``;
for boards that are not one grid (a player sheet): ``spots`` (every clickable name; ``grid``
may then be ``None``), ``KEEP_CLICK_CASE`` (names such as ``R9`` and ``e3`` differ by case)
and ``placement`` (what the page needs to preview a shape under the pointer).

Replies: ``{"ok": true, "view": ..., "message": ...}`` or ``{"ok": false, "error": {"code",
"message", "params"}, "view": ...}``. Messages are translation requests
(``{"key", "params"}``) resolved by the page. Nothing ever escapes as a traceback.

>>> controller = Controller()
>>> reply = controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})
>>> reply["ok"], reply["view"]["turn"]["key"], len(reply["view"]["sources"])
(True, 'play.to-move', 8)
>>> controller.handle({"op": "click", "cell": "c2"})["view"]["targets"]
['b2', 'c1', 'c3', 'd2']
>>> reply = controller.handle({"op": "click", "cell": "d2"})
>>> reply["message"]["params"]["action"], reply["view"]["last_move"]
('c2-d2', ['c2', 'd2'])
"""

from __future__ import annotations

import json
import sys
import traceback
from types import ModuleType
from typing import Any

import pyengine
from pyengine.core.errors import EngineError
from pyengine.core.game import Action, State
from pyengine.session import HUMAN, Match

Reply = dict[str, Any]


def presentation_of(game_id: str) -> ModuleType:
    """The module that shows a game to people (see :meth:`Game.presentation`)."""
    return pyengine.get_game(game_id).presentation()


def click_paths(present: ModuleType, state: State) -> list[tuple[tuple[str, ...], Action]]:
    """Every way to make each legal action by clicks: ``(cells, action)`` pairs; an action
    with the empty path ``()`` is made by a button."""
    hook = getattr(present, "click_paths", None)
    if hook is not None:
        return [(tuple(cells), action) for cells, action in hook(state)]
    return [(tuple(present.action_cells(action)), action) for action in state.legal_actions()]


class RequestError(EngineError):
    """A request the controller cannot understand (unknown op, missing or mistyped field)."""

    default_code = "request.invalid"


class Controller:
    """One game in progress plus the current click selection."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.selection: list[str] = []

    # -- the front door ---------------------------------------------------------------

    def handle_json(self, text: str) -> str:
        """:meth:`handle` for JSON text (what the web worker exports)."""
        try:
            request = json.loads(text)
        except (TypeError, ValueError):
            return json.dumps(self._failure(RequestError("The request is not valid JSON.", code="request.not-json")))
        return json.dumps(self.handle(request))

    def handle(self, request: object) -> Reply:
        try:
            if not isinstance(request, dict) or not isinstance(request.get("op"), str):
                raise RequestError("A request is an object with an 'op' field.", code="request.invalid")
            handler = getattr(self, f"_op_{request['op']}", None)
            if handler is None:
                raise RequestError(f"Unknown request {request['op']!r}.", code="request.unknown-op",
                                   params={"op": request["op"]})
            return handler(request)
        except EngineError as error:
            return self._failure(error)
        except Exception as error:  # a bug: report it without breaking the page
            traceback.print_exc(file=sys.stderr)
            internal = EngineError(f"Internal error: {type(error).__name__}: {error}", code="internal")
            return self._failure(internal)

    # -- operations -------------------------------------------------------------------

    def _op_hello(self, request: dict[str, Any]) -> Reply:
        return {"ok": True, "version": pyengine.__version__, "games": [game.info() for game in pyengine.games()]}

    def _op_new(self, request: dict[str, Any]) -> Reply:
        seats = request.get("seats")
        if seats is not None and not (isinstance(seats, list) and all(isinstance(seat, str) for seat in seats)):
            raise RequestError("'seats' is a list such as ['human', 'greedy'].", code="request.field",
                               params={"field": "seats"})
        return self.new_game(_field(request, "game", str), request.get("options") or {}, seats)

    def new_game(self, game_id: str, options: dict[str, Any] | None = None,
                 seats: list[str] | None = None) -> Reply:
        options = dict(options or {})
        present = presentation_of(game_id)
        hook = getattr(present, "new_options", None)
        if hook is not None:  # for example a fresh random seed when none was given
            options = hook(options)
        if seats is None:
            match = Match(game_id, options=options)  # validates: errors leave the old game
        else:
            bots = getattr(present, "BOTS", ())
            for seat in seats:
                if seat != HUMAN and seat not in bots:
                    raise RequestError(f"Unknown player {seat!r}: a seat is human or one of "
                                       f"{', '.join(bots) or 'no computer player yet'}.",
                                       code="request.unknown-bot", params={"seat": seat})
            match = Match(game_id, options=options, seats=seats)
            if len(seats) != match.state.num_players:
                raise RequestError(f"The game has {match.state.num_players} players, not {len(seats)} seats.",
                                   code="request.seat-count",
                                   params={"players": match.state.num_players, "seats": len(seats)})
        self.match, self.selection = match, []
        return self._success()

    def _op_view(self, request: dict[str, Any]) -> Reply:
        return self._success()

    def _op_diagram(self, request: dict[str, Any]) -> Reply:
        """The position as a standalone SVG file: last move marked, no selection."""
        state = self._require_match().state
        present = presentation_of(state.game.id)
        svg = present.render(state, last_move=list(present.last_move(state)))
        return {"ok": True, "svg": svg, "ply_count": len(state.history)}

    def _op_preview(self, request: dict[str, Any]) -> Reply:
        """The board with ``action`` drawn as a draft (checked, never played)."""
        state = self._require_match().state
        present = presentation_of(state.game.id)
        hook = getattr(present, "preview", None)
        if hook is None:
            raise RequestError("This game has nothing to preview.", code="request.no-preview")
        return {"ok": True, "svg": hook(state, _field(request, "action", str))}

    def _op_cancel(self, request: dict[str, Any]) -> Reply:
        self._require_match()
        self.selection = []
        return self._success()

    def _op_play(self, request: dict[str, Any]) -> Reply:
        return self._play(_field(request, "action", str))

    def _play(self, action: Action | str) -> Reply:
        """Play (checked), drop the selection and say who played what."""
        match = self._require_match()
        present = presentation_of(match.state.game.id)
        mover = present.PLAYERS[match.state.current_player()] if not match.is_over else None
        before = match.state.clone()
        played = match.play(action)
        self.selection = []
        announce = getattr(present, "announce", None)
        if announce is not None:
            return self._success(announce(before, played, match.state))
        return self._success(_message("play.played", action=str(played), player=mover))

    def _op_bot(self, request: dict[str, Any]) -> Reply:
        """The computer player whose turn it is decides once (and nothing happens for a human)."""
        match = self._require_match()
        if match.is_over:
            return self._success(_message("play.already-over"), level="error")
        seat = match.to_move
        if not self._bot_to_move(match):
            raise RequestError("A human decides now.", code="request.not-a-bot", params={"seat": seat})
        name = match.seats[seat]
        present = presentation_of(match.state.game.id)
        return self._play(present.bot_action(match.state, name))

    def _op_undo(self, request: dict[str, Any]) -> Reply:
        match = self._require_match()
        if match.can_undo and not self._can_undo(match):
            raise RequestError("This action cannot be taken back.", code="request.cannot-undo")
        action = match.undo()
        # with computer players, go back to the last decision a human made
        while self._bot_to_move(match) and self._can_undo(match):
            action = match.undo()
        self.selection = []
        return self._success(_message("play.undone", action=str(action)))

    def _op_redo(self, request: dict[str, Any]) -> Reply:
        action = self._require_match().redo()
        self.selection = []
        return self._success(_message("play.redone", action=str(action)))

    def _op_load(self, request: dict[str, Any]) -> Reply:
        text = _field(request, "record", str)
        if "game" in request or self.match is None:
            game_id = _field(request, "game", str)
        else:
            game_id = self.match.state.game.id
        match = Match.from_record(text, game_id=game_id)
        self.match, self.selection = match, []
        return self._success(_message("play.loaded", count=len(match.actions)))

    def _op_click(self, request: dict[str, Any]) -> Reply:
        match = self._require_match()
        state = match.state
        present = presentation_of(state.game.id)
        cell = _field(request, "cell", str)
        if not getattr(present, "KEEP_CLICK_CASE", False):  # cells such as "C3" are read as "c3"
            cell = cell.lower()
        if state.is_terminal():
            return self._success(_message("play.already-over"), level="error")
        if self.selection and self.selection[-1] == cell:
            self.selection.pop()  # clicking the selected cell again takes the selection back
            return self._success()

        paths = [(cells, action) for cells, action in click_paths(present, state) if cells]
        for prefix in (self.selection + [cell], [cell]):  # extend the selection, or start anew
            length = len(prefix)
            complete = [action for cells, action in paths if list(cells) == prefix]
            longer = [cells for cells, _ in paths if len(cells) > length and list(cells[:length]) == prefix]
            if complete and not longer:
                return self._play(complete[0])
            if longer:
                self.selection = prefix
                return self._success()
        explanation = present.explain(state, self.selection + [cell] if self.selection else [cell])
        return self._success(explanation, level="error")

    # -- views ------------------------------------------------------------------------

    @staticmethod
    def _bot_to_move(match: Match) -> bool:
        seat = match.to_move
        return not match.is_over and 0 <= seat < len(match.seats) and match.seats[seat] != HUMAN

    def _can_undo(self, match: Match) -> bool:
        hook = getattr(presentation_of(match.state.game.id), "undoable", None)
        return match.can_undo and (hook is None or hook(match.state))

    def _require_match(self) -> Match:
        if self.match is None:
            raise RequestError("No game has been started.", code="request.no-game")
        return self.match

    def _success(self, message: dict[str, Any] | None = None, *, level: str = "info") -> Reply:
        if message is not None:
            message = {**message, "level": level}
        return {"ok": True, "view": self.view(), "message": message}

    def _failure(self, error: EngineError) -> Reply:
        reply: Reply = {"ok": False, "error": {"code": error.code, "message": str(error), "params": error.params}}
        if self.match is not None:
            try:
                reply["view"] = self.view()
            except Exception:  # the error came from drawing the view itself: send none
                traceback.print_exc(file=sys.stderr)
        return reply

    def view(self) -> dict[str, Any]:
        """Everything a page draws for the current game."""
        match = self._require_match()
        state: State = match.state
        present = presentation_of(state.game.id)
        pairs = click_paths(present, state)
        paths = [cells for cells, _ in pairs]
        depth = len(self.selection)
        targets = sorted({cells[depth] for cells in paths
                          if len(cells) > depth and list(cells[:depth]) == self.selection})
        sources = sorted({cells[0] for cells in paths if cells})
        spots = getattr(present, "spots", None)
        cells = list(spots(state)) if spots is not None else _board_cells(present.grid(state))
        on_board = set(cells)
        # With nothing selected, the cells that make an action in one click are highlighted
        # (Virus War steps, Zebra placements); a move's first click is not a target yet,
        # unless the game highlights every first click (Virus Fight).
        if self.selection:
            highlighted = targets
        elif getattr(present, "HIGHLIGHT_SOURCES", False):
            highlighted = sources
        else:
            highlighted = sorted({cells[0] for cells in paths if len(cells) == 1})
        highlighted = [cell for cell in highlighted if cell in on_board]  # not piece choices
        # actions made without clicking a cell (Virus War's pass) become buttons, and so do
        # next clicks that are not board cells (Virus Fight's choice of a piece to write)
        buttons: list[dict[str, Any]] = []
        for cells_of, action in pairs:
            if not cells_of and all(button.get("action") != str(action) for button in buttons):
                buttons.append({"action": str(action), "label": present.action_label(action)})
        # in the order of the legal actions (Virus Fight: M1 M2 ... E3), not alphabetical
        choices = dict.fromkeys(cells[depth] for cells in paths
                                if len(cells) > depth and list(cells[:depth]) == self.selection)
        for token in choices:
            label = None if token in on_board else present.click_label(state, token)
            if label is not None:  # None: made some other way (a shape placed on the sheet)
                buttons.append({"click": token, "label": label})
        buttons += present.extra_buttons(state)
        history = state.history
        last_move = list(present.last_move(state))
        extras = getattr(present, "extras", None)
        setup = getattr(present, "setup", None)
        public_record = getattr(present, "public_record", None)
        placement = getattr(present, "placement", None)
        return {
            "game": state.game.id,
            "options": dict(state.options),
            "svg": present.render(state, highlighted=highlighted,
                                  selected=self.selection[-1] if self.selection else None,
                                  last_move=last_move),
            "grid": present.grid(state),
            "to_move": None if state.is_terminal() else state.current_player(),
            "turn": present.turn(state),
            "status": present.status(state, self.selection),
            "selected": self.selection[-1] if self.selection else None,
            "selection": list(self.selection),
            "targets": targets,
            "highlighted": highlighted,
            "sources": [cell for cell in sources if cell in on_board],
            "buttons": buttons,
            "extras": [] if extras is None else extras(state, [t for t in targets if t not in on_board]),
            "setup": None if setup is None else setup(state),
            "placement": None if placement is None else placement(state, list(self.selection)),
            "last_move": last_move,
            "cell_labels": {cell: present.cell_label(state, cell) for cell in cells},
            "scores": present.scores(state),
            "moves": present.move_rows(state),
            "ply_count": len(history),
            "result": present.result(state),
            "seats": list(match.seats),
            "can_undo": self._can_undo(match),
            "can_redo": match.can_redo,
            "record": _record_text(match) if public_record is None else public_record(state),
        }


def _record_text(match: Match) -> str:
    """The record, or nothing for a game that started from a position some games cannot
    write as a record (it is then saved as JSON)."""
    try:
        return match.record_text()
    except EngineError:
        return ""


def _board_cells(grid: dict[str, Any]) -> list[str]:
    files = grid["file_names"]
    return [f"{file}{rank}" for rank in range(1, grid["ranks"] + 1) for file in files]


def _field(request: dict[str, Any], name: str, kind: type) -> Any:
    value = request.get(name)
    if not isinstance(value, kind):
        raise RequestError(f"The request needs a {kind.__name__} field {name!r}.", code="request.field",
                           params={"field": name})
    return value


def _message(key: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params}
