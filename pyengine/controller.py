"""The interactive side of a game, for any user interface: one JSON-in/JSON-out function.

A page (or any other front end) sends requests and gets back a *view*: everything it needs to
draw, with no rule left for it to know. Clicks are matched against the legal actions, so
selecting a tower and then a target, placing a piece or any later multi-click action works the
same for every game: an action is the sequence of cells a player clicks (its presentation's
``action_cells``).

Requests (``{"op": ...}``; :mod:`pyengine.protocol` declares every request, reply and view
field, and :data:`HANDLERS` names the method that handles each op):

``hello``                                  the engine's version and the registered games'
                                           ids (their rules are imported only when used)
``games``                                  every registered game's :meth:`Game.info`
``new``     ``game``, ``options``          start a game (a bad option is an error; the game
            [``seats``]                    on screen stays); ``seats`` names who plays each
                                           seat: ``human`` or a kind of computer player
                                           (:func:`seat_kinds`: ``random``, ``easy``, ...)
``bot``     [``slice_ms``]                 the computer seat to act thinks for at most
                                           ``slice_ms`` ms (none: to the end), then plays
``hint``    [``slice_ms``]                 the same for the human to act at the ``medium``
                                           level: the suggested action and two alternatives
``click``   ``cell``                       select, extend the selection, or play
``cancel``                                 drop the selection
``play``    ``action``                     play an action given in notation
``undo`` / ``redo``                        one action back / forward (a resignation too)
``resign``  [``player``]                   the seat to act (``player``: it must be that seat,
                                           a person's) gives up (:meth:`Match.resign`: the
                                           game ends, or in Virus Fight and Fight the Virus
                                           the player is out); the view's ``can_resign``
                                           says whether the seat to act may
``load``    ``record`` [``seats``]         replace the game by a replayed record (a bad record
                                           is an error naming the line; the game on screen stays)
``seek``    ``ply``                        undo or redo to the position after ``ply`` actions
``position`` ``ply``                       a read-only look at the position after ``ply``
                                           actions (a replay of the move list): the game,
                                           its undo and redo are untouched
``flip``    [``flipped``]                  turn the board half a turn (or set the orientation);
                                           ``new``, ``load`` and ``restore`` take ``flipped``
                                           too (the orientation of the game they start)
``restore`` ``match`` [``game``]           replace the game by one saved from a view's ``saved``
                                           document (:meth:`Match.to_json`: position, seats and
                                           redo list; a damaged one is an error naming the field)
``view``                                   the current view again
``diagram``                                the position as a standalone SVG document
``preview`` ``action``                     the board with an action drawn as a draft, not
                                           played (Virus Fight's secret program setup)

What the controller knows of a game's drawing, clicks and texts comes from its
:class:`~pyengine.core.presentation.Presentation` (:meth:`Game.presentation`): required
methods, and optional hooks with neutral defaults (Virus Fight and Fight the Virus override
most of them: click paths, announcements, secret setups, previews, decisions taken without
search, spots of a board that is not one grid).

**The move list and replays.** Every ply of ``view.moves`` carries ``ply``: the number of
actions after which the move list shows it complete, the position a click on it shows
(``position``). The ``position`` reply is ``{"ok": true, "position": {...}}`` with the board
(``svg``, ``extras``, ``cell_labels``, ``grid``, ``last_move``), the texts (``turn``,
``status``, ``result``) and ``ply`` of that position; it is not a view (nothing to save).

**Saving.** Every view carries ``saved``: the match as :meth:`Match.to_json` (options, start,
every action, seats and the redo list), which ``restore`` takes back; it is how a page keeps a
game across reloads. It holds secret setups too: keep it on the device, share ``record``.

Replies: ``{"ok": true, "view": ..., "message": ...}`` or ``{"ok": false, "error": {"code",
"message", "params"}, "view": ...}``. Messages are translation requests
(``{"key", "params"}``) resolved by the page. Nothing ever escapes as a traceback.

**Thinking step by step.** ``bot`` and ``hint`` with ``slice_ms`` run a search (see
:mod:`pyengine.ai`) in slices, so the page stays in control between them: while the search is
not done the reply is ``{"ok": true, "thinking": {"purpose", "seat", "kind", "progress",
"iterations"}}`` *without a view* (nothing changed, and a view is tens of kB of SVG); the
next request of the same op continues it. When done, ``bot`` plays the action and replies
as ``play`` does, plus ``stats`` (the search's candidates and values, see
:meth:`pyengine.ai.Thinking.stats`; only counts for a secret decision); ``hint`` replies with
the view and ``hint``: ``{"seat", "actions": [{"action", "paths", "cells", "value"}, ...]}``,
the suggestion first, then up to two alternatives (``paths``: the click sequences that make
it, ``cells``: its board cells to highlight, ``value``: the search's estimate for the seat in
[-1, 1]). Each decision is seeded by the game's options and the number of actions played, so
a replayed game decides alike. Any other request that changes the game (``click``,
``play``, ``undo``, ``new``, ...) drops a search in progress.

**Evaluation.** Every view carries ``evaluation``: ``{"chances", "history", "source"}``,
each seat's estimated chance to win (0..1) now and after every action so far
(``history[i]``: after ``i`` actions, ``history[0]`` the start). It comes from the latest
search of that position (``source`` ``"search"``: a computer's decision or a hint; the
position after a computer's move keeps its search's values) or else from the game's cheap
``HEURISTICS.evaluate`` (``"heuristic"``); a finished game gives its result. A value ``v`` in
[-1, 1] becomes ``(v + 1) / 2``; with two or more seats the chances are scaled to add up to 1.

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
import time
import traceback
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import pyengine
from pyengine.ai.heuristics import Heuristics
from pyengine.ai.players import Thinking, game_ai, make_player, player_kinds
from pyengine.core.errors import EngineError
from pyengine.core.game import Action, State
from pyengine.core.presentation import Presentation
from pyengine.core.registry import game_ids
from pyengine.session import HUMAN, RESIGN, Match

if TYPE_CHECKING:  # types only: the browser's worker never loads the protocol module
    from pyengine import protocol

# A reply as handle() returns it: JSON data, one of the types of protocol.Reply (pyengine.protocol
# declares every request, reply and view; the handlers are typed with them).
Reply = dict[str, Any]

HINT_LEVEL = "medium"
# The largest request text read: far above any real one (a record file is at most 1 MB, a
# saved match a few hundred kB), low enough that nonsense is refused before it is parsed.
MAX_REQUEST_CHARS = 16_000_000
"""The level whose search suggests a human's action (the ``hint`` request)."""

# Requests that leave the game as it is: a search in progress survives them.
_KEEPS_SEARCH = frozenset(
    {"bot", "hint", "view", "diagram", "preview", "hello", "games", "position", "flip"}
)


def seat_kinds(game_id: str) -> tuple[str, ...]:
    """The computer players a seat may hold, weakest first (:func:`pyengine.ai.player_kinds`:
    ``random``, a game's own kinds such as Fight the Virus's ``greedy``, the levels)."""
    return player_kinds(game_id)


def chances(values: Sequence[float]) -> list[float]:
    """Winning chances (0..1) from values in [-1, 1] per seat: ``(v + 1) / 2``, scaled to add
    up to 1 when there are several seats (an even split when nobody has any chance).

    >>> chances([0.5, -0.5]), chances([0.0, 0.0, 0.0]), chances([1.0, -1.0, -1.0]), chances([-0.2])
    ([0.75, 0.25], [0.333, 0.333, 0.333], [1.0, 0.0, 0.0], [0.4])
    """
    raw = [min(1.0, max(0.0, (float(value) + 1.0) / 2.0)) for value in values]
    if len(raw) > 1:
        total = sum(raw)
        raw = [value / total for value in raw] if total > 0 else [1.0 / len(raw)] * len(raw)
    return [round(value, 3) for value in raw]


@dataclass
class _Pending:
    """A decision being thought about: ``purpose`` ``bot`` or ``hint``, for one position."""

    purpose: str
    key: tuple[Any, ...]
    seat: int
    kind: str
    thinking: Thinking


def presentation_of(game_id: str) -> Presentation[Any, Any]:
    """How a game is shown to people (see :meth:`Game.presentation`)."""
    return pyengine.get_game(game_id).presentation()


def click_paths(
    present: Presentation[Any, Any], state: State
) -> list[tuple[tuple[str, ...], Action]]:
    """Every way to make each legal action by clicks: ``(cells, action)`` pairs; an action
    with the empty path ``()`` is made by a button."""
    return [(tuple(cells), action) for cells, action in present.click_paths(state)]


class RequestError(EngineError):
    """A request the controller cannot understand (unknown op, missing or mistyped field)."""

    default_code = "request.invalid"


class Controller:
    """One game in progress plus the current click selection."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.selection: list[str] = []
        self.pending: _Pending | None = None  # a search in progress (bot or hint)
        self.generation = 0  # changes with every game started or loaded
        # the evaluation of every position of the game so far: ``_eval_path`` the actions,
        # ``_evals[i]`` (chances, source) after ``i`` of them
        self._eval_path: list[Action] = []
        self._evals: list[tuple[list[float], str]] = []
        # how many plies the move list shows after ``i`` actions (``_entries[i]``)
        self._entries: list[int] = []
        self.flipped = False  # the board is drawn turned half a turn

    # -- the front door ---------------------------------------------------------------

    def handle_json(self, text: str) -> str:
        """:meth:`handle` for JSON text (what the web worker exports).

        Whatever the text, the answer is a JSON reply: text that is not JSON, too large or
        nested too deeply to read gets an error naming that, never a traceback.
        """
        if not isinstance(text, str):
            return self._failure_json(
                RequestError("A request is JSON text.", code="request.not-json")
            )
        if len(text) > MAX_REQUEST_CHARS:
            return self._failure_json(
                RequestError(
                    f"The request is too large ({len(text)} characters; at most"
                    f" {MAX_REQUEST_CHARS}).",
                    code="request.too-large",
                    params={"limit": MAX_REQUEST_CHARS},
                )
            )
        try:
            request = json.loads(text)
        except RecursionError:
            return self._failure_json(
                RequestError("The request is nested too deeply to read.", code="request.too-deep")
            )
        except (TypeError, ValueError):
            return self._failure_json(
                RequestError("The request is not valid JSON.", code="request.not-json")
            )
        return json.dumps(self.handle(request))

    def _failure_json(self, error: EngineError) -> str:
        return json.dumps(self._failure(error))

    def handle(self, request: object) -> Reply:
        """The reply to one request (see :data:`HANDLERS` and :mod:`pyengine.protocol`)."""
        return cast(Reply, self._handle(request))

    def _handle(self, request: object) -> protocol.Reply:
        try:
            if not isinstance(request, dict) or not isinstance(request.get("op"), str):
                raise RequestError(
                    "A request is an object with an 'op' field.", code="request.invalid"
                )
            handler = HANDLERS.get(request["op"])
            if handler is None:
                raise RequestError(
                    f"Unknown request {request['op']!r}.",
                    code="request.unknown-op",
                    params={"op": request["op"]},
                )
            if request["op"] not in _KEEPS_SEARCH:
                self.pending = None
            return handler(self, request)
        except EngineError as error:
            return self._failure(error)
        except RecursionError:  # a request nested deeper than any real one (handle() on data)
            return self._failure(
                RequestError("The request is nested too deeply to read.", code="request.too-deep")
            )
        except Exception as error:  # noqa: BLE001 (a bug: report it without breaking the page)
            traceback.print_exc(file=sys.stderr)
            internal = EngineError(
                f"Internal error: {type(error).__name__}: {error}", code="internal"
            )
            return self._failure(internal)

    # -- operations -------------------------------------------------------------------

    def _op_hello(self, request: dict[str, Any]) -> protocol.HelloReply:
        return {"ok": True, "version": pyengine.__version__, "games": game_ids()}

    def _op_games(self, request: dict[str, Any]) -> protocol.GamesReply:
        games = [cast("protocol.GameInfo", game.info()) for game in pyengine.games()]
        return {"ok": True, "games": games}

    def _op_new(self, request: dict[str, Any]) -> protocol.ViewReply:
        previous, self.flipped = self.flipped, _flipped_field(request)
        try:
            return self.new_game(
                _field(request, "game", str), request.get("options") or {}, _seats_field(request)
            )
        except Exception:
            self.flipped = previous  # refused: the game on screen stays as it was
            raise

    def _op_flip(self, request: dict[str, Any]) -> protocol.ViewReply:
        """Turns the board half a turn (``flipped``: sets the orientation)."""
        self._require_match()
        flipped = request.get("flipped", not self.flipped)
        if not isinstance(flipped, bool):
            raise RequestError(
                "'flipped' is true or false.", code="request.field", params={"field": "flipped"}
            )
        self.flipped = flipped
        return self._success()

    def new_game(
        self, game_id: str, options: dict[str, Any] | None = None, seats: list[str] | None = None
    ) -> protocol.ViewReply:
        # completed by the game: for example a fresh random seed when none was given
        options = presentation_of(game_id).new_options(dict(options or {}))
        if seats is None:
            match = Match(game_id, options=options)  # validates: errors leave the old game
        else:
            _check_kinds(game_id, seats)
            match = Match(game_id, options=options, seats=seats)
            _check_seat_count(match, seats)
        self._replace(match)
        return self._success()

    def _replace(self, match: Match) -> None:
        self.match, self.selection, self.pending = match, [], None
        self.generation += 1
        self._eval_path, self._evals, self._entries = [], [], []

    def _op_view(self, request: dict[str, Any]) -> protocol.ViewReply:
        return self._success()

    def _op_diagram(self, request: dict[str, Any]) -> protocol.DiagramReply:
        """The position as a standalone SVG file: last move marked, no selection."""
        state = self._require_match().state
        present = presentation_of(state.game.id)
        svg = present.render(state, last_move=list(present.last_move(state)), flipped=self.flipped)
        return {"ok": True, "svg": svg, "ply_count": len(state.history)}

    def _op_position(self, request: dict[str, Any]) -> protocol.PositionReply:
        """The position after ``ply`` actions, read-only: drawn from a copy of the game (no
        highlights, the last action marked), with its texts; the game is untouched."""
        match = self._require_match()
        history = match.state.history
        ply = request.get("ply")
        if type(ply) is not int or not 0 <= ply <= len(history):
            raise RequestError(
                f"'ply' is a number of actions, 0 to {len(history)}.",
                code="request.field",
                params={"field": "ply"},
            )
        state = match.state.clone()
        for _ in range(len(history) - ply):
            state.undo()
        present = presentation_of(state.game.id)
        last_move = list(present.last_move(state))
        # the presentation's texts are plain dicts to mypy: the protocol test checks their shape
        position: dict[str, Any] = {
            "ply": ply,
            "svg": present.render(state, last_move=last_move, flipped=self.flipped),
            "extras": present.extras(state, []),
            "grid": self._grid(present, state),
            "last_move": last_move,
            "to_move": None if state.is_terminal() else state.current_player(),
            "turn": present.turn(state),
            "status": present.status(state, []),
            "result": present.result(state),
            "cell_labels": {
                cell: present.cell_label(state, cell) for cell in board_spots(present, state)
            },
        }
        return {"ok": True, "position": cast("protocol.Position", position)}

    def _grid(self, present: Presentation[Any, Any], state: State) -> protocol.Grid | None:
        """The presentation's grid (for the keyboard cursor), with the board's orientation."""
        grid = present.grid(state)
        return None if grid is None else cast("protocol.Grid", {**grid, "flipped": self.flipped})

    def _op_preview(self, request: dict[str, Any]) -> protocol.PreviewReply:
        """The board with ``action`` drawn as a draft (checked, never played)."""
        state = self._require_match().state
        svg = presentation_of(state.game.id).preview(state, _field(request, "action", str))
        if svg is None:
            raise RequestError("This game has nothing to preview.", code="request.no-preview")
        return {"ok": True, "svg": svg}

    def _op_cancel(self, request: dict[str, Any]) -> protocol.ViewReply:
        self._require_match()
        self.selection = []
        return self._success()

    def _op_play(self, request: dict[str, Any]) -> protocol.ViewReply:
        return self._play(_field(request, "action", str))

    def _play(
        self, action: Action | str, *, evaluation: list[float] | None = None
    ) -> protocol.ViewReply:
        """Play (checked), drop the selection and say who played what. ``evaluation``: the
        chances the search that chose the action gave its position, kept for the next one."""
        match = self._require_match()
        present = presentation_of(match.state.game.id)
        mover = present.PLAYERS[match.state.current_player()] if not match.is_over else None
        before = match.state.clone()
        played = match.play(action)
        self.selection = []
        if evaluation is not None and not match.is_over:
            self._remember(match, evaluation)
        announcement = present.announce(before, played, match.state)
        if announcement is not None:
            return self._success(announcement)
        return self._success(_message("play.played", action=str(played), player=mover))

    def _op_bot(
        self, request: dict[str, Any]
    ) -> protocol.ViewReply | protocol.BotReply | protocol.ThinkingReply:
        """The computer seat to act thinks (for ``slice_ms``, or to the end) and then plays;
        nothing happens for a human."""
        match = self._require_match()
        if match.is_over:
            return self._success(_message("play.already-over"), level="error")
        seat = match.to_move
        if not self._bot_to_move(match):
            raise RequestError(
                "A human decides now.", code="request.not-a-bot", params={"seat": seat}
            )
        kind = match.seats[seat]
        direct = self._direct_decision(match, seat, kind)
        if direct is not None:  # no search: a stop proposal or answer
            self.pending = None
            return self._play(direct)
        pending = self._think(request, "bot", match, seat, kind)
        if not pending.thinking.done:
            return self._thinking_reply(pending)
        self.pending = None
        thinking = pending.thinking
        state = match.state
        stats = thinking.stats()
        action = thinking.action
        secret = self._is_secret(state)
        values = None if secret else stats.get("values")
        if values:
            self._remember(match, chances(values))
        # the position after the move keeps the values only of a real search (the value of its
        # best line); a decision taken without searching (one legal action, a planned step)
        # valued its own position only, so the next one gets its own estimate
        searched = bool(values) and bool(stats.get("iterations"))
        reply = self._play(action, evaluation=chances(values) if values and searched else None)
        shown = {key: stats[key] for key in ("player", "iterations", "elapsed_ms")}
        return {**reply, "stats": cast("protocol.SearchStats", shown if secret else stats)}

    def _op_hint(
        self, request: dict[str, Any]
    ) -> protocol.ViewReply | protocol.HintReply | protocol.ThinkingReply:
        """For the human to act: the ``medium`` level's choice and its two best alternatives."""
        match = self._require_match()
        if match.is_over:
            return self._success(_message("play.already-over"), level="error")
        seat = match.to_move
        state = match.state
        present = presentation_of(state.game.id)
        if self._bot_to_move(match):
            raise RequestError(
                "The computer decides now.", code="request.not-a-human", params={"seat": seat}
            )
        if self._is_secret(state):  # a secret setup is composed, not clicked: no hint
            raise RequestError("There is no hint for this decision.", code="request.no-hint")
        direct = self._direct_hint(match, seat)
        if direct is not None:  # no search: the answer to a stop proposal
            self.pending = None
            stats: dict[str, Any] = {"candidates": [{"action": str(direct), "value": 0.0}]}
        else:
            pending = self._think(request, "hint", match, seat, HINT_LEVEL)
            if not pending.thinking.done:
                return self._thinking_reply(pending)
            self.pending = None
            stats = pending.thinking.stats(top=3)
        if stats.get("values"):
            self._remember(match, chances(stats["values"]))
        paths_of: dict[str, list[list[str]]] = {}
        actions_of: dict[str, Action] = {}
        for cells, action in click_paths(present, state):
            text = str(action)
            paths_of.setdefault(text, []).append(list(cells))
            actions_of.setdefault(text, action)
        on_board = set(board_spots(present, state))
        suggestions: list[protocol.Suggestion] = []
        for candidate in stats["candidates"]:
            text = candidate["action"]
            paths = paths_of.get(text, [])
            tokens = [token for path in paths for token in path]
            if text in actions_of:
                tokens += [str(cell) for cell in present.action_cells(actions_of[text])]
            suggestions.append(
                {
                    "action": text,
                    "paths": paths,
                    "cells": [cell for cell in dict.fromkeys(tokens) if cell in on_board],
                    "value": candidate["value"],
                }
            )
        return {**self._success(), "hint": {"seat": seat, "actions": suggestions[:3]}}

    # -- computer players ----------------------------------------------------------------

    def _think(
        self, request: dict[str, Any], purpose: str, match: Match, seat: int, kind: str
    ) -> _Pending:
        """Start or continue the search for ``purpose`` in the current position, for
        ``slice_ms`` (a number) or to the end (none)."""
        slice_ms = request.get("slice_ms")
        if slice_ms is not None and (
            isinstance(slice_ms, bool) or not isinstance(slice_ms, (int, float)) or slice_ms < 0
        ):
            raise RequestError(
                "'slice_ms' is a number of milliseconds.",
                code="request.field",
                params={"field": "slice_ms"},
            )
        state = match.state
        history = state.history
        key = (self.generation, len(history), history[-1] if history else None, seat, kind)
        pending = self.pending
        started = time.perf_counter()
        if pending is None or pending.purpose != purpose or pending.key != key:
            seed = self._decision_seed(match, purpose)
            thinking = make_player(state.game.id, kind, seed).think(state.clone())
            pending = self.pending = _Pending(purpose, key, seat, kind, thinking)
        if slice_ms is None:
            pending.thinking.finish()
        else:
            spent = (time.perf_counter() - started) * 1000.0
            if spent < slice_ms:
                pending.thinking.step(slice_ms - spent)
        return pending

    @staticmethod
    def _thinking_reply(pending: _Pending) -> protocol.ThinkingReply:
        thinking = pending.thinking
        search = thinking.search
        return {
            "ok": True,
            "thinking": {
                "purpose": pending.purpose,
                "seat": pending.seat,
                "kind": pending.kind,
                "progress": round(thinking.progress, 3),
                "iterations": 0 if search is None else search.iterations,
            },
        }

    @staticmethod
    def _decision_seed(match: Match, purpose: str) -> int:
        """A seed from the game's options (its own seed among them) and the actions played:
        the same decision in a replayed game."""
        text = json.dumps(
            [match.state.game.id, purpose, dict(match.options)], sort_keys=True, default=str
        )
        return (zlib.crc32(text.encode()) * 1_000_003 + len(match.state.history)) % (1 << 63)

    @staticmethod
    def _direct_decision(match: Match, seat: int, kind: str) -> Action | None:
        """A computer seat's decision taken without search, whatever its kind: the
        presentation's ``computer_decision`` hook (Virus Fight's stop proposals and answers)."""
        state = match.state
        present = presentation_of(state.game.id)
        return present.computer_decision(state, seat, game_ai(state.game.id))

    @staticmethod
    def _direct_hint(match: Match, seat: int) -> Action | None:
        """A person's hint taken without search: the presentation's ``hint_decision`` hook
        (Virus Fight's answer to a stop proposal, by the scoring that would end the game)."""
        state = match.state
        present = presentation_of(state.game.id)
        return present.hint_decision(state, seat, game_ai(state.game.id))

    def _is_secret(self, state: State) -> bool:
        """Whether the decision to make is a secret setup (its search must not be shown)."""
        return presentation_of(state.game.id).setup(state) is not None

    def _op_undo(self, request: dict[str, Any]) -> protocol.ViewReply:
        match = self._require_match()
        if match.can_undo and not self._can_undo(match):
            raise RequestError("This action cannot be taken back.", code="request.cannot-undo")
        action = match.undo()
        # with computer players, go back to the last decision a human made (if any human plays)
        while HUMAN in match.seats and self._bot_to_move(match) and self._can_undo(match):
            action = match.undo()
        self.selection = []
        if str(action) == RESIGN:
            return self._success(_message("play.resign-undone"))
        return self._success(_message("play.undone", action=str(action)))

    def _op_redo(self, request: dict[str, Any]) -> protocol.ViewReply:
        action = self._require_match().redo()
        self.selection = []
        if str(action) == RESIGN:
            return self._success(_message("play.resign-redone"))
        return self._success(_message("play.redone", action=str(action)))

    def _op_resign(self, request: dict[str, Any]) -> protocol.ViewReply:
        """The seat to act gives up (``player``: the seat, which must be the one to act and a
        person's; against the computer the person resigns for their side)."""
        match = self._require_match()
        seat = request.get("player", match.to_move)
        if type(seat) is not int:
            raise RequestError(
                "'player' is a seat number.", code="request.field", params={"field": "player"}
            )
        if 0 <= seat < len(match.seats) and match.seats[seat] != HUMAN:
            raise EngineError(
                "A computer player does not resign.",
                code="resign.computer-seat",
                params={"seat": seat + 1},
            )
        match.resign(seat)
        self.selection = []
        state = match.state
        present = presentation_of(state.game.id)
        resigned = present.resigned(state, seat)
        if resigned is not None:
            return self._success(resigned)
        return self._success(_message("play.resigned", player=present.PLAYERS[seat]))

    def _op_load(self, request: dict[str, Any]) -> protocol.ViewReply:
        text = _field(request, "record", str)
        flipped = _flipped_field(request)
        if "game" in request or self.match is None:
            game_id = _field(request, "game", str)
        else:
            game_id = self.match.state.game.id
        seats = _seats_field(request)
        match = Match.from_record(text, game_id=game_id)  # a human in every seat
        if seats is not None:
            _check_kinds(game_id, seats)
            _check_seat_count(match, seats)
            match.seats = tuple(seats)
        self._replace(match)
        self.flipped = flipped
        moves = _entry_count(presentation_of(game_id), match.state)  # as the list counts
        return self._success(_message("play.loaded", count=moves))

    def _op_seek(self, request: dict[str, Any]) -> protocol.ViewReply:
        """Undo or redo to the position after ``ply`` actions (a replay viewer's first, previous,
        next and last buttons): 0 is the start, beyond the last action the end."""
        match = self._require_match()
        ply = request.get("ply")
        if type(ply) is not int or ply < 0:
            raise RequestError(
                "'ply' is a number of actions, 0 or more.",
                code="request.field",
                params={"field": "ply"},
            )
        while len(match.actions) > ply and match.can_undo:
            match.undo()
        while len(match.actions) < ply and match.can_redo:
            match.redo()
        self.selection = []
        return self._success()

    def _op_restore(self, request: dict[str, Any]) -> protocol.ViewReply:
        """A game saved from an earlier view's ``saved`` document (the page's storage): the
        same position, seats and redo list. A damaged document is refused naming the field."""
        document = request.get("match")
        flipped = _flipped_field(request)
        match = Match.from_json(document)
        if "game" in request and match.state.game.id != request["game"]:
            raise RequestError(
                f"The saved game is {match.state.game.id}, not {request['game']}.",
                code="request.wrong-game",
                params={"game": match.state.game.id, "expected": str(request["game"])},
            )
        _check_kinds(match.state.game.id, match.seats)
        _check_seat_count(match, match.seats)
        self._replace(match)
        self.flipped = flipped
        return self._success()

    def _op_click(self, request: dict[str, Any]) -> protocol.ViewReply:
        match = self._require_match()
        state = match.state
        present = presentation_of(state.game.id)
        cell = _field(request, "cell", str)
        if not present.KEEP_CLICK_CASE:  # cells such as "C3" are read as "c3"
            cell = cell.lower()
        if match.is_over:
            return self._success(_message("play.already-over"), level="error")
        if self.selection and self.selection[-1] == cell:
            self.selection.pop()  # clicking the selected cell again takes the selection back
            return self._success()

        paths = [(cells, action) for cells, action in click_paths(present, state) if cells]
        for prefix in ([*self.selection, cell], [cell]):  # extend the selection, or start anew
            length = len(prefix)
            complete = [action for cells, action in paths if list(cells) == prefix]
            longer = [
                cells
                for cells, _ in paths
                if len(cells) > length and list(cells[:length]) == prefix
            ]
            if complete and not longer:
                return self._play(complete[0])
            if longer:
                self.selection = prefix
                return self._success()
        explanation = present.explain(state, [*self.selection, cell] if self.selection else [cell])
        return self._success(explanation, level="error")

    # -- views ------------------------------------------------------------------------

    @staticmethod
    def _bot_to_move(match: Match) -> bool:
        seat = match.to_move
        return not match.is_over and 0 <= seat < len(match.seats) and match.seats[seat] != HUMAN

    def _can_undo(self, match: Match) -> bool:
        if match.resigned is not None:  # taking the resignation back
            return True
        present = presentation_of(match.state.game.id)
        return match.can_undo and present.undoable(match.state)

    # -- evaluation ---------------------------------------------------------------------

    def _sync_evaluations(self, match: Match) -> None:
        """Bring the evaluations (and the move list's ply counts) in line with the game's
        actions: keep those of the common prefix and evaluate the positions after it (one, in
        play; all, after a load)."""
        state = match.state
        history = state.history
        path = self._eval_path
        common = 0
        limit = min(len(path), len(history))
        while common < limit and (
            path[common] is history[common] or path[common] == history[common]
        ):
            common += 1
        if common < len(path):
            del path[common:]
        del self._evals[common + 1 :]
        del self._entries[common + 1 :]
        missing = len(history) + 1 - len(self._evals)
        if missing <= 0:
            return
        heuristics = getattr(game_ai(state.game.id), "HEURISTICS", None) or Heuristics()
        present = presentation_of(state.game.id)
        if missing == 1:
            self._evals.append((_estimate(state, heuristics), "heuristic"))
            self._entries.append(_entry_count(present, state))
        else:  # replay the missing positions on a copy
            copy = state.clone()
            for _ in range(missing - 1):
                copy.undo()
            self._evals.append((_estimate(copy, heuristics), "heuristic"))
            self._entries.append(_entry_count(present, copy))
            for action in history[len(history) - missing + 1 :]:
                copy.apply_unchecked(action)
                self._evals.append((_estimate(copy, heuristics), "heuristic"))
                self._entries.append(_entry_count(present, copy))
        path.extend(history[len(path) :])

    def _remember(self, match: Match, values: list[float]) -> None:
        """The current position's chances, as a search found them."""
        self._sync_evaluations(match)
        self._evals[-1] = (values, "search")

    def _evaluation(self, match: Match) -> protocol.Evaluation | None:
        try:
            self._sync_evaluations(match)
        except Exception:  # noqa: BLE001 (an evaluation must never cost the view)
            traceback.print_exc(file=sys.stderr)
            self._eval_path, self._evals, self._entries = [], [], []
            return None
        current, source = self._evals[-1]
        history = [values for values, _ in self._evals]
        result = match.result
        if match.resigned is not None and result is not None:  # the game ended there
            current = history[-1] = chances(result.returns())
        return {"chances": current, "source": source, "history": history}

    def _require_match(self) -> Match:
        if self.match is None:
            raise RequestError("No game has been started.", code="request.no-game")
        return self.match

    def _success(
        self, message: Mapping[str, Any] | None = None, *, level: str = "info"
    ) -> protocol.ViewReply:
        said = None if message is None else cast("protocol.Message", {**message, "level": level})
        return {"ok": True, "view": self.view(), "message": said}

    def _failure(self, error: EngineError) -> protocol.FailureReply:
        reply: protocol.FailureReply = {
            "ok": False,
            "error": {"code": error.code, "message": str(error), "params": error.params},
        }
        if self.match is not None:
            try:
                reply["view"] = self.view()
            except Exception:  # noqa: BLE001 (the error came from drawing the view: send none)
                traceback.print_exc(file=sys.stderr)
        return reply

    def view(self) -> protocol.View:
        """Everything a page draws for the current game."""
        match = self._require_match()
        state: State = match.state
        present = presentation_of(state.game.id)
        resigned = match.resigned  # the match ended the game (its rules have no resignation)
        pairs = [] if resigned is not None else click_paths(present, state)
        paths = [cells for cells, _ in pairs]
        depth = len(self.selection)
        targets = sorted(
            {
                cells[depth]
                for cells in paths
                if len(cells) > depth and list(cells[:depth]) == self.selection
            }
        )
        sources = sorted({cells[0] for cells in paths if cells})
        cells = board_spots(present, state)
        on_board = set(cells)
        # With nothing selected, the cells that make an action in one click are highlighted
        # (Virus War steps, Zebra placements); a move's first click is not a target yet,
        # unless the game highlights every first click (Virus Fight).
        if self.selection:
            highlighted = targets
        elif present.HIGHLIGHT_SOURCES:
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
        choices = dict.fromkeys(
            cells[depth]
            for cells in paths
            if len(cells) > depth and list(cells[:depth]) == self.selection
        )
        for token in choices:
            label = None if token in on_board else present.click_label(state, token)
            if label is not None:  # None: made some other way (a shape placed on the sheet)
                buttons.append({"click": token, "label": label})
        if resigned is None:
            buttons += present.extra_buttons(state)
        history = state.history
        last_move = list(present.last_move(state))
        public_record = present.public_record(state)
        evaluation = self._evaluation(match)
        # the presentation's texts are plain dicts to mypy: the protocol test checks their shape
        view: dict[str, Any] = {
            "game": state.game.id,
            "options": dict(state.options),
            "svg": present.render(
                state,
                highlighted=highlighted,
                selected=self.selection[-1] if self.selection else None,
                last_move=last_move,
                flipped=self.flipped,
            ),
            "grid": self._grid(present, state),
            "to_move": None if match.is_over else state.current_player(),
            "turn": present.turn(state) if resigned is None else _message("play.game-over"),
            "status": (
                present.status(state, self.selection)
                if resigned is None
                else _message("play.game-over")
            ),
            "selected": self.selection[-1] if self.selection else None,
            "selection": list(self.selection),
            "targets": targets,
            "highlighted": highlighted,
            "sources": [cell for cell in sources if cell in on_board],
            "buttons": buttons,
            "extras": present.extras(state, [t for t in targets if t not in on_board]),
            "setup": present.setup(state),
            "placement": present.placement(state, list(self.selection)),
            "last_move": last_move,
            "cell_labels": {cell: present.cell_label(state, cell) for cell in cells},
            "scores": present.scores(state),
            "moves": _with_plies(present.move_rows(state), self._entries),
            "ply_count": len(history),
            "result": present.result(state) if resigned is None else _resigned_result(match),
            "seats": list(match.seats),
            "players": [present.PLAYERS[seat] for seat in range(state.num_players)],
            "can_undo": self._can_undo(match),
            "can_resign": match.can_resign() and not self._bot_to_move(match),
            "can_redo": match.can_redo,
            "record": _record_text(match) if public_record is None else public_record,
            "evaluation": evaluation,
            "saved": match.to_json(),
        }
        return cast("protocol.View", view)


HANDLERS: dict[str, Callable[[Controller, dict[str, Any]], protocol.Reply]] = {
    "hello": Controller._op_hello,
    "games": Controller._op_games,
    "new": Controller._op_new,
    "bot": Controller._op_bot,
    "hint": Controller._op_hint,
    "click": Controller._op_click,
    "cancel": Controller._op_cancel,
    "play": Controller._op_play,
    "undo": Controller._op_undo,
    "redo": Controller._op_redo,
    "resign": Controller._op_resign,
    "load": Controller._op_load,
    "seek": Controller._op_seek,
    "position": Controller._op_position,
    "flip": Controller._op_flip,
    "restore": Controller._op_restore,
    "view": Controller._op_view,
    "diagram": Controller._op_diagram,
    "preview": Controller._op_preview,
}
"""Who handles each op (:data:`pyengine.protocol.OPS` declares its request and replies)."""


def _resigned_result(match: Match) -> protocol.Result:
    """The result of a game that the match ended by a resignation: the other seat wins."""
    present = presentation_of(match.state.game.id)
    seat = match.resigned
    assert seat is not None
    winners = [other for other in range(match.state.num_players) if other != seat]
    return {
        "winners": winners,
        "title": _message(present.WINS, player=present.PLAYERS[winners[0]]),
        "details": [_message("play.resigned", player=present.PLAYERS[seat])],
        "resigned": seat,
    }


def _record_text(match: Match) -> str:
    """The record, or nothing for a game that started from a position some games cannot
    write as a record (it is then saved as JSON)."""
    try:
        return match.record_text()
    except EngineError:
        return ""


def _entry_count(present: Presentation[Any, Any], state: State) -> int:
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


def _with_plies(rows: list[dict[str, Any]], counts: Sequence[int]) -> list[dict[str, Any]]:
    """The move list's rows with each ply's ``ply`` (see :func:`entry_plies`), when known."""
    plies = entry_plies(counts)
    index = 0
    for row in rows:
        for entry in row["plies"]:
            if index < len(plies):
                entry["ply"] = plies[index]
            index += 1
    return rows


def _estimate(state: State, heuristics: Heuristics) -> list[float]:
    """Each seat's chance in ``state``: its result when over, else the game's evaluation."""
    if state.is_terminal():
        return chances(heuristics.terminal_values(state))
    return chances(heuristics.evaluate(state))


def board_spots(present: Presentation[Any, Any], state: State) -> list[str]:
    """Every clickable name on the board: its spots, or the cells of its grid."""
    return list(present.spots(state))


def _seats_field(request: dict[str, Any]) -> list[str] | None:
    seats = request.get("seats")
    if seats is not None and not (
        isinstance(seats, list) and all(isinstance(seat, str) for seat in seats)
    ):
        raise RequestError(
            "'seats' is a list such as ['human', 'greedy'].",
            code="request.field",
            params={"field": "seats"},
        )
    return seats


def _check_kinds(game_id: str, seats: Sequence[str]) -> None:
    """Every seat is a human or a kind of computer player the game has."""
    kinds = seat_kinds(game_id)
    for seat in seats:
        if seat != HUMAN and seat not in kinds:
            raise RequestError(
                f"Unknown player {seat!r}: a seat is human or one of {', '.join(kinds)}.",
                code="request.unknown-bot",
                params={"seat": seat},
            )


def _check_seat_count(match: Match, seats: Sequence[str]) -> None:
    if len(seats) != match.state.num_players:
        raise RequestError(
            f"The game has {match.state.num_players} players, not {len(seats)} seats.",
            code="request.seat-count",
            params={"players": match.state.num_players, "seats": len(seats)},
        )


def _flipped_field(request: dict[str, Any]) -> bool:
    flipped = request.get("flipped", False)
    if not isinstance(flipped, bool):
        raise RequestError(
            "'flipped' is true or false.", code="request.field", params={"field": "flipped"}
        )
    return flipped


def _field(request: dict[str, Any], name: str, kind: type) -> Any:
    value = request.get(name)
    if not isinstance(value, kind):
        raise RequestError(
            f"The request needs a {kind.__name__} field {name!r}.",
            code="request.field",
            params={"field": name},
        )
    return value


def _message(key: str, **params: Any) -> protocol.Message:
    return {"key": key, "params": params}
