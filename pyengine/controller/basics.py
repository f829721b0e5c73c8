"""What every part of the controller uses: the error for a request it cannot understand, the
reading of a request's fields, messages, a game's presentation and the seats' kinds."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pyengine
from pyengine.ai.players import player_kinds
from pyengine.core.errors import EngineError
from pyengine.core.game import State
from pyengine.core.presentation import Presentation
from pyengine.session import HUMAN, Match

if TYPE_CHECKING:  # types only: the browser's worker never loads the protocol module
    from pyengine import protocol

# A reply as handle() returns it: JSON data, one of the types of protocol.Reply (pyengine.protocol
# declares every request, reply and view; the handlers are typed with them).
Reply = dict[str, Any]

# The largest request text read: far above any real one (a record file is at most 1 MB, a
# saved match a few hundred kB), low enough that nonsense is refused before it is parsed.
MAX_REQUEST_CHARS = 16_000_000


class RequestError(EngineError):
    """A request the controller cannot understand (unknown op, missing or mistyped field)."""

    default_code = "request.invalid"


def read_request(text: object) -> object:
    """The request in JSON ``text``: text that is not JSON, too large or nested too deeply to
    read is a :class:`RequestError` naming that."""
    if not isinstance(text, str):
        raise RequestError("A request is JSON text.", code="request.not-json")
    if len(text) > MAX_REQUEST_CHARS:
        raise RequestError(
            f"The request is too large ({len(text)} characters; at most {MAX_REQUEST_CHARS}).",
            code="request.too-large",
            params={"limit": MAX_REQUEST_CHARS},
        )
    try:
        return json.loads(text)
    except RecursionError:
        raise RequestError(
            "The request is nested too deeply to read.", code="request.too-deep"
        ) from None
    except (TypeError, ValueError):
        raise RequestError("The request is not valid JSON.", code="request.not-json") from None


def seat_kinds(game_id: str) -> tuple[str, ...]:
    """The computer players a seat may hold, weakest first (:func:`pyengine.ai.player_kinds`:
    ``random``, a game's own kinds such as Fight the Virus's ``greedy``, the levels)."""
    return player_kinds(game_id)


def presentation_of(game_id: str) -> Presentation[Any, Any]:
    """How a game is shown to people (see :meth:`Game.presentation`)."""
    return pyengine.get_game(game_id).presentation()


def message(key: str, **params: Any) -> protocol.Message:
    """A translation request: the page resolves ``key`` with ``params``."""
    return {"key": key, "params": params}


def field(request: dict[str, Any], name: str, kind: type) -> Any:
    """The request's field ``name``, which must be of type ``kind``."""
    value = request.get(name)
    if not isinstance(value, kind):
        raise RequestError(
            f"The request needs a {kind.__name__} field {name!r}.",
            code="request.field",
            params={"field": name},
        )
    return value


def seats_field(request: dict[str, Any]) -> list[str] | None:
    """The request's ``seats`` (a list of names), or none."""
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


def flipped_field(request: dict[str, Any]) -> bool:
    """The request's ``flipped`` (false when absent)."""
    flipped = request.get("flipped", False)
    if not isinstance(flipped, bool):
        raise RequestError(
            "'flipped' is true or false.", code="request.field", params={"field": "flipped"}
        )
    return flipped


def check_kinds(game_id: str, seats: Sequence[str]) -> None:
    """Every seat is a human or a kind of computer player the game has."""
    kinds = seat_kinds(game_id)
    for seat in seats:
        if seat != HUMAN and seat not in kinds:
            raise RequestError(
                f"Unknown player {seat!r}: a seat is human or one of {', '.join(kinds)}.",
                code="request.unknown-bot",
                params={"seat": seat},
            )


def check_seat_count(match: Match, seats: Sequence[str]) -> None:
    """There are as many seats as the game has players."""
    if len(seats) != match.state.num_players:
        raise RequestError(
            f"The game has {match.state.num_players} players, not {len(seats)} seats.",
            code="request.seat-count",
            params={"players": match.state.num_players, "seats": len(seats)},
        )


def bot_to_move(match: Match) -> bool:
    """Whether a computer seat is to act in a game not over."""
    seat = match.to_move
    return not match.is_over and 0 <= seat < len(match.seats) and match.seats[seat] != HUMAN


def can_undo(match: Match) -> bool:
    """Whether the last action may be taken back (a resignation always may; the game's
    presentation may forbid undoing some actions)."""
    if match.resigned is not None:  # taking the resignation back
        return True
    present = presentation_of(match.state.game.id)
    return match.can_undo and present.undoable(match.state)


def actors_of(state: State) -> list[int]:
    """The seat that made each action of ``state``'s history, oldest first: the actions
    replayed from its start on a state of their own (``state`` is untouched)."""
    start = state.to_json()
    start["actions"] = []
    position = state.game.state_from_json(start)
    actors = []
    for action in state.history:
        actors.append(position.current_player())
        position.apply_unchecked(action)
    return actors
