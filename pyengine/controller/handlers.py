"""The controller itself: :class:`Controller` (one game in progress, its selection and its
pending search), its front door (:meth:`Controller.handle`, :meth:`Controller.handle_json`),
its op handlers and :data:`HANDLERS`, which names the handler of each op. The requests and
replies are documented by :mod:`pyengine.controller`."""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

import pyengine
from pyengine.controller.basics import (
    Reply,
    RequestError,
    actors_of,
    bot_to_move,
    can_undo,
    check_kinds,
    check_seat_count,
    field,
    flipped_field,
    message,
    presentation_of,
    read_request,
    seats_field,
)
from pyengine.controller.clicks import match_click, suggestions
from pyengine.controller.thinking import (
    HINT_LEVEL,
    Evaluations,
    Pending,
    advance,
    chances,
    direct_decision,
    direct_hint,
    is_secret,
    pending_for,
    slice_field,
    thinking_reply,
)
from pyengine.controller.views import entry_count, forced_action, position_of, view_of
from pyengine.core.errors import EngineError
from pyengine.core.game import Action
from pyengine.core.registry import game_ids
from pyengine.session import HUMAN, RESIGN, Match

if TYPE_CHECKING:  # types only: the browser's worker never loads the protocol module
    from pyengine import protocol

# Requests that leave the game as it is: a search in progress survives them.
_KEEPS_SEARCH = frozenset(
    "bot hint view diagram preview hello games position flip review actors".split()
)


class Controller:
    """One game in progress plus the current click selection."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.selection: list[str] = []
        self.pending: Pending | None = None  # a search in progress (bot or hint)
        self.generation = 0  # changes with every game started or loaded
        # the evaluation of every position of the game so far, and how many plies the move
        # list shows after each number of actions
        self.evaluations = Evaluations()
        self.flipped = False  # the board is drawn turned half a turn
        # the review of the game (``review``): what it is of, and its reviewer
        self.reviewing: tuple[tuple[Any, ...], Any] | None = None

    # -- the front door ---------------------------------------------------------------

    def handle_json(self, text: str) -> str:
        """:meth:`handle` for JSON text (what the web worker exports).

        Whatever the text, the answer is a JSON reply: text that is not JSON, too large or
        nested too deeply to read gets an error naming that, never a traceback.
        """
        try:
            request = read_request(text)
        except RequestError as error:
            return self._failure_json(error)
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
        previous, self.flipped = self.flipped, flipped_field(request)
        try:
            return self.new_game(
                field(request, "game", str), request.get("options") or {}, seats_field(request)
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
        """Start a game of ``game_id`` (options checked and completed by the game; ``seats``:
        who plays each seat, a human in every one by default)."""
        # completed by the game: for example a fresh random seed when none was given
        options = presentation_of(game_id).new_options(dict(options or {}))
        if seats is None:
            match = Match(game_id, options=options)  # validates: errors leave the old game
        else:
            check_kinds(game_id, seats)
            match = Match(game_id, options=options, seats=seats)
            check_seat_count(match, seats)
        self._replace(match)
        return self._success()

    def _replace(self, match: Match) -> None:
        self.match, self.selection, self.pending = match, [], None
        self.generation += 1
        self.evaluations.clear()

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
        return {"ok": True, "position": position_of(state, ply, self.flipped)}

    def _op_preview(self, request: dict[str, Any]) -> protocol.PreviewReply:
        """The board with ``action`` drawn as a draft (checked, never played)."""
        state = self._require_match().state
        svg = presentation_of(state.game.id).preview(state, field(request, "action", str))
        if svg is None:
            raise RequestError("This game has nothing to preview.", code="request.no-preview")
        return {"ok": True, "svg": svg}

    def _op_cancel(self, request: dict[str, Any]) -> protocol.ViewReply:
        self._require_match()
        self.selection = []
        return self._success()

    def _op_play(self, request: dict[str, Any]) -> protocol.ViewReply:
        return self._play(field(request, "action", str))

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
            self.evaluations.remember(match, evaluation)
        announcement = present.announce(before, played, match.state)
        if announcement is not None:
            return self._success(announcement)
        return self._success(message("play.played", action=str(played), player=mover))

    def _op_bot(
        self, request: dict[str, Any]
    ) -> protocol.ViewReply | protocol.BotReply | protocol.ThinkingReply:
        """The computer seat to act thinks (for ``slice_ms``, or to the end) and then plays;
        nothing happens for a human."""
        match = self._require_match()
        if match.is_over:
            return self._success(message("play.already-over"), level="error")
        seat = match.to_move
        if not bot_to_move(match):
            raise RequestError(
                "A human decides now.", code="request.not-a-bot", params={"seat": seat}
            )
        kind = match.seats[seat]
        direct = direct_decision(match, seat, kind)
        if direct is not None:  # no search: a stop proposal or answer
            self.pending = None
            return self._play(direct)
        pending = self._think(request, "bot", match, seat, kind)
        if not pending.thinking.done:
            return thinking_reply(pending)
        self.pending = None
        thinking = pending.thinking
        state = match.state
        stats = thinking.stats()
        action = thinking.action
        secret = is_secret(state)
        values = None if secret else stats.get("values")
        if values:
            self.evaluations.remember(match, chances(values))
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
            return self._success(message("play.already-over"), level="error")
        seat = match.to_move
        state = match.state
        present = presentation_of(state.game.id)
        if bot_to_move(match):
            raise RequestError(
                "The computer decides now.", code="request.not-a-human", params={"seat": seat}
            )
        if is_secret(state):  # a secret setup is composed, not clicked: no hint
            raise RequestError("There is no hint for this decision.", code="request.no-hint")
        direct = direct_hint(match, seat)
        if direct is not None:  # no search: the answer to a stop proposal
            self.pending = None
            stats: dict[str, Any] = {"candidates": [{"action": str(direct), "value": 0.0}]}
        else:
            pending = self._think(request, "hint", match, seat, HINT_LEVEL)
            if not pending.thinking.done:
                return thinking_reply(pending)
            self.pending = None
            stats = pending.thinking.stats(top=3)
        if stats.get("values"):
            self.evaluations.remember(match, chances(stats["values"]))
        found = suggestions(present, state, stats["candidates"])
        return {**self._success(), "hint": {"seat": seat, "actions": found[:3]}}

    def _think(
        self, request: dict[str, Any], purpose: str, match: Match, seat: int, kind: str
    ) -> Pending:
        """Start or continue the search for ``purpose`` in the current position, for
        ``slice_ms`` (a number) or to the end (none)."""
        slice_ms = slice_field(request)
        started = time.perf_counter()
        pending = self.pending = pending_for(
            self.pending, purpose, match, seat, kind, self.generation
        )
        advance(pending, slice_ms, started)
        return pending

    def _op_review(self, request: dict[str, Any]) -> protocol.ReviewReply | protocol.ReviewingReply:
        """The computer's review of the game's actions to the current position
        (:mod:`pyengine.review`), for ``slice_ms`` or to the end; the same request goes on with
        the same review while the game is unchanged, and answers at once when it is done."""
        from pyengine.review import Reviewer  # only a review needs it

        match = self._require_match()
        slice_ms = slice_field(request)
        budget = request.get("budget")
        if budget is not None and (type(budget) is not int or budget < 1):
            raise RequestError(
                "'budget' is a whole number, 1 or more.",
                code="request.field",
                params={"field": "budget"},
            )
        state = match.state
        history = state.history
        key = (
            self.generation,
            len(history),
            history[-1] if history else None,
            match.resigned,
            budget,
        )
        if self.reviewing is None or self.reviewing[0] != key:
            self.reviewing = (key, Reviewer(state, budget=budget, resigned=match.resigned))
        reviewer = self.reviewing[1]
        if slice_ms is None:
            reviewer.finish()
        else:
            reviewer.step(1 << 62, max_ms=slice_ms)
        if not reviewer.done:
            judged, total = reviewer.progress
            return {"ok": True, "reviewing": {"judged": judged, "total": total}}
        document = cast("protocol.ReviewDocument", reviewer.result().to_json())
        return {"ok": True, "review": document}

    def _op_undo(self, request: dict[str, Any]) -> protocol.ViewReply:
        match = self._require_match()
        if match.can_undo and not can_undo(match):
            raise RequestError("This action cannot be taken back.", code="request.cannot-undo")
        floor = request.get("floor", 0)
        if type(floor) is not int:
            raise RequestError(
                "'floor' is a number of actions.", code="request.field", params={"field": "floor"}
            )
        undone = [match.undo()]
        # with computer players, go back to the last decision a human made (if any human
        # plays); a forced action (the page makes it by itself) goes with the one before it
        while (
            len(match.state.history) > floor
            and can_undo(match)
            and ((HUMAN in match.seats and bot_to_move(match)) or forced_action(match) is not None)
        ):
            undone.append(match.undo())
        self.selection = []
        if any(str(action) == RESIGN for action in undone):
            return self._success(message("play.resign-undone"))
        if len(undone) == 1:
            return self._success(message("play.undone", action=str(undone[0])))
        return self._success(
            message(
                "play.undone-several",
                count=len(undone),
                actions=", ".join(str(action) for action in reversed(undone)),
            )
        )

    def _op_redo(self, request: dict[str, Any]) -> protocol.ViewReply:
        action = self._require_match().redo()
        self.selection = []
        if str(action) == RESIGN:
            return self._success(message("play.resign-redone"))
        return self._success(message("play.redone", action=str(action)))

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
        if not match.is_over:  # no person left in play: the game's end comes at once
            people = [index for index, kind in enumerate(match.seats) if kind == HUMAN]
            for action in present.finish_without(state, people) or []:
                match.play(action)
            state = match.state
        resigned = present.resigned(state, seat)
        if resigned is not None:
            return self._success(resigned)
        return self._success(message("play.resigned", player=present.PLAYERS[seat]))

    def _op_load(self, request: dict[str, Any]) -> protocol.ViewReply:
        text = field(request, "record", str)
        flipped = flipped_field(request)
        if "game" in request or self.match is None:
            game_id = field(request, "game", str)
        else:
            game_id = self.match.state.game.id
        seats = seats_field(request)
        match = Match.from_record(text, game_id=game_id)  # a human in every seat
        if seats is not None:
            check_kinds(game_id, seats)
            check_seat_count(match, seats)
            match.seats = tuple(seats)
        self._replace(match)
        self.flipped = flipped
        moves = entry_count(presentation_of(game_id), match.state)  # as the list counts
        return self._success(message("play.loaded", count=moves))

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
        same position, seats and redo list. With ``ply``, a new game from the position after
        that many of its actions instead (a review's "try from here"): the later actions, the
        redo list and a resignation dropped, ``seats`` (else the saved ones) in the seats. A
        damaged document is refused naming the field."""
        flipped = flipped_field(request)
        match = _saved_match(request)
        ply = request.get("ply")
        if ply is not None:
            match = _from_position(match, ply, seats_field(request))
        check_kinds(match.state.game.id, match.seats)
        check_seat_count(match, match.seats)
        self._replace(match)
        self.flipped = flipped
        return self._success()

    def _op_actors(self, request: dict[str, Any]) -> protocol.ActorsReply:
        """Which seat made each action of the saved ``match``, replayed on its own (an illegal
        action is refused naming it): the game on screen, its selection and search stay."""
        return {"ok": True, "actors": actors_of(_saved_match(request).state)}

    def _op_click(self, request: dict[str, Any]) -> protocol.ViewReply:
        match = self._require_match()
        state = match.state
        present = presentation_of(state.game.id)
        cell = field(request, "cell", str)
        if not present.KEEP_CLICK_CASE:  # cells such as "C3" are read as "c3"
            cell = cell.lower()
        if match.is_over:
            return self._success(message("play.already-over"), level="error")
        if self.selection and self.selection[-1] == cell:
            self.selection.pop()  # clicking the selected cell again takes the selection back
            return self._success()

        action, selection = match_click(present, state, self.selection, cell)
        if action is not None:
            return self._play(action)
        if selection is not None:
            self.selection = selection
            return self._success()
        explanation = present.explain(state, [*self.selection, cell] if self.selection else [cell])
        return self._success(explanation, level="error")

    # -- replies ------------------------------------------------------------------------

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
        """Everything a page draws for the current game (:func:`views.view_of`)."""
        return view_of(self._require_match(), self.selection, self.flipped, self.evaluations)


def _saved_match(request: dict[str, Any]) -> Match:
    """The request's ``match`` (a view's ``saved`` document), replayed; with ``game``, it must
    be a game of that id."""
    match = Match.from_json(request.get("match"))
    if "game" in request and match.state.game.id != request["game"]:
        raise RequestError(
            f"The saved game is {match.state.game.id}, not {request['game']}.",
            code="request.wrong-game",
            params={"game": match.state.game.id, "expected": str(request["game"])},
        )
    return match


def _from_position(match: Match, ply: Any, seats: list[str] | None) -> Match:
    """A new match from the position after ``ply`` of ``match``'s actions."""
    state = match.state
    if type(ply) is not int or not 0 <= ply <= len(state.history):
        raise RequestError(
            f"'ply' is a number of actions, 0 to {len(state.history)}.",
            code="request.field",
            params={"field": "ply"},
        )
    position = state.clone()
    while len(position.history) > ply:
        position.undo()
    return Match.from_position(position, match.seats if seats is None else seats)


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
    "review": Controller._op_review,
    "actors": Controller._op_actors,
}
"""Who handles each op (:data:`pyengine.protocol.OPS` declares its request and replies)."""
