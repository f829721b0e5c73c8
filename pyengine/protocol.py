"""The page–engine protocol as code: every request, reply and view (those of the computer's
review in :mod:`pyengine.protocol_review` and the games' descriptions in
:mod:`pyengine.protocol_games`, imported here; the web worker's own messages around them in
:mod:`pyengine.protocol_worker`).

A page sends requests (``{"op": ...}``, JSON) to :meth:`pyengine.controller.Controller.handle`
and gets replies; :data:`OPS` lists every op with its request type, the reply types it may
answer with (besides :class:`FailureReply`, which any op may give) and what it does. The types
are :class:`typing.TypedDict`: the engine builds plain dicts, and ``mypy`` checks the builder
(the controller) and the readers against the same declarations. The controller imports this
module for type checking only, so the browser's worker never loads it.

:mod:`pyengine.protocol_check` checks a value against these types at run time (the protocol
test validates every reply of whole games).
"""

from typing import Any, Literal, NamedTuple, NotRequired, TypeAlias, TypedDict

from pyengine.protocol_games import (
    ConstraintInfo as ConstraintInfo,
)
from pyengine.protocol_games import (
    GameInfo as GameInfo,
)
from pyengine.protocol_games import (
    OptionInfo as OptionInfo,
)
from pyengine.protocol_games import (
    OptionsInfo as OptionsInfo,
)
from pyengine.protocol_games import (
    PlayerCount as PlayerCount,
)
from pyengine.protocol_review import (
    ReviewBest as ReviewBest,
)
from pyengine.protocol_review import (
    ReviewDocument as ReviewDocument,
)
from pyengine.protocol_review import (
    ReviewEngine as ReviewEngine,
)
from pyengine.protocol_review import (
    Reviewing as Reviewing,
)
from pyengine.protocol_review import (
    ReviewingReply as ReviewingReply,
)
from pyengine.protocol_review import (
    ReviewMove as ReviewMove,
)
from pyengine.protocol_review import (
    ReviewPlayer as ReviewPlayer,
)
from pyengine.protocol_review import (
    ReviewReply as ReviewReply,
)
from pyengine.protocol_review import (
    ReviewRequest as ReviewRequest,
)

# -- shared pieces -----------------------------------------------------------------------------


class Message(TypedDict):
    """A translation request the page resolves: a text key and its parameters."""

    key: str  # the text's key in the translations (``play.to-move``, ``error.<code>``, ...)
    params: dict[str, Any]  # values to fill in: numbers, texts or nested Messages
    level: NotRequired[str]  # a reply's message only: ``info`` or ``error`` (a refused click)
    fallback: NotRequired[str]  # an error's English text, shown when the key has no translation
    more: NotRequired[list["Message"]]  # further lines (an announcement of several events)


class Grid(TypedDict):
    """A rectangular board's layout, for the keyboard cursor."""

    files: int  # the number of columns
    ranks: int  # the number of rows
    file_names: str  # the columns' letters, left to right (``abcd``)
    flipped: bool  # the board is drawn turned half a turn


class Button(TypedDict):
    """An action or a click made by a button rather than on the board."""

    label: Message  # the button's text
    action: NotRequired[str]  # the action (notation) it plays (Virus War's pass)
    click: NotRequired[str]  # the click token it sends (Virus Fight's piece to write)


class Extra(TypedDict):
    """A picture beside the board (a supply, a program, Fight the Virus's dice)."""

    id: str  # a stable name for the picture
    seat: int | None  # the seat it belongs to, if any
    label: Message  # its caption
    svg: str  # the picture, an SVG element


class SetupPiece(TypedDict):
    """A piece a secret setup may use."""

    code: str  # its code in the notation
    label: Message  # its name
    svg: str  # its picture


class Setup(TypedDict):
    """A secret setup to compose (Virus Fight's program), for the seat to act."""

    seat: int  # the seat composing
    player: Message  # its name
    players: int  # the number of seats
    segment: list[str]  # the cells of the segment being programmed
    max: int  # the most pieces the program may hold
    pieces: list[SetupPiece]  # the pieces to choose from
    submitted: list[bool]  # per seat, whether it has submitted its setup


class Placement(TypedDict):
    """What the page needs to preview a shape under the pointer (Fight the Virus's sheet)."""

    face: int  # the die face being placed
    shapes: list[list[list[int]]]  # the shapes allowed, as lists of [column, row] offsets
    legal: list[str]  # the spots where a placement may start
    reach: list[str]  # every spot some legal placement covers


class Score(TypedDict):
    """One line of the score panel."""

    player: int  # the seat
    label: Message  # the text (counts, points)


class Ply(TypedDict):
    """One entry of the move list."""

    text: str  # the action in notation
    last: bool  # it is the latest action
    ply: NotRequired[int]  # the number of actions after which the list shows it complete


class MoveRow(TypedDict):
    """One row of the move list (a numbered move of one or more plies)."""

    number: int | None  # the move number (none: a row without one)
    plies: list[Ply]  # its entries


class Result(TypedDict):
    """How a finished game ended."""

    winners: list[int]  # the winning seats (empty: a draw)
    title: Message  # the headline (``play.wins``, ``play.draw``)
    details: list[Message]  # the explanation, line by line
    resigned: NotRequired[int]  # the seat whose resignation ended the game


class Evaluation(TypedDict):
    """Each seat's estimated chance to win (0..1), now and after every action so far."""

    chances: list[float]  # per seat, now
    history: list[list[float]]  # ``history[i]``: the chances after ``i`` actions
    source: str  # ``search`` (a computer's decision or a hint) or ``heuristic``


class SavedState(TypedDict):
    """A position as :meth:`State.to_json` writes it."""

    format: str  # ``virus-games/state``
    version: int  # the document's version
    game: str  # the game's id
    options: dict[str, Any]  # the game's options
    start: str | None  # the start position, when not the game's usual one
    actions: list[str]  # every action played, in notation


class SavedMatch(TypedDict):
    """A match as :meth:`Match.to_json` writes it (what ``restore`` takes back)."""

    format: str  # ``virus-games/match``
    version: int  # the document's version
    seats: list[str]  # who plays each seat: ``human`` or a kind of computer player
    state: SavedState  # the position and its actions
    redo: list[str]  # the actions undone that ``redo`` plays again
    resigned: NotRequired[int]  # the seat that resigned, when the match recorded it


class View(TypedDict):
    """Everything a page draws for the current game (every view reply's ``view``)."""

    game: str  # the game's id
    options: dict[str, Any]  # the game's validated options
    svg: str  # the board, an SVG document
    grid: Grid | None  # the board's layout for the keyboard (none: not one grid)
    to_move: int | None  # the seat to act (none: the game is over)
    turn: Message  # the headline: whose turn, or game over
    status: Message  # what to do now (depends on the selection)
    selected: str | None  # the last cell clicked of the selection
    selection: list[str]  # the cells clicked so far of an action being made
    targets: list[str]  # the next clicks that extend the selection
    highlighted: list[str]  # the board cells drawn highlighted
    sources: list[str]  # the board cells that may start an action
    buttons: list[Button]  # actions and clicks made by buttons
    extras: list[Extra]  # pictures beside the board
    setup: Setup | None  # a secret setup to compose, if the seat to act has one
    placement: Placement | None  # a shape to preview under the pointer, if any
    last_move: list[str]  # the cells of the last action, marked on the board
    cell_labels: dict[str, Message]  # every clickable spot's accessible name
    scores: list[Score]  # the score panel
    moves: list[MoveRow]  # the move list
    ply_count: int  # the number of actions played
    result: Result | None  # how the game ended (none: it goes on)
    seats: list[str]  # who plays each seat: ``human`` or a kind of computer player
    players: list[Message]  # each seat's name
    forced: str | None  # the only action the seat to act may make, made by the page itself
    can_undo: bool  # ``undo`` would take something back
    can_resign: bool  # the seat to act may resign
    can_redo: bool  # ``redo`` would play something again
    record: str  # the game's record (public: no secret setup), or empty
    evaluation: Evaluation | None  # the winning chances (none: they could not be computed)
    saved: SavedMatch  # the whole match, to keep on the device and ``restore``


class Position(TypedDict):
    """A read-only look at an earlier position (the ``position`` reply); not a view."""

    ply: int  # the number of actions played to reach it
    svg: str  # the board
    extras: list[Extra]  # pictures beside the board
    grid: Grid | None  # the board's layout
    last_move: list[str]  # the cells of the action that led to it
    to_move: int | None  # the seat to act there (none: the game was over)
    turn: Message  # the headline there
    status: Message  # the status line there
    result: Result | None  # how the game had ended there, if it had
    cell_labels: dict[str, Message]  # every clickable spot's accessible name


class Candidate(TypedDict):
    """One action a search considered."""

    action: str  # the action in notation
    visits: int  # how often the search tried it
    value: float  # its estimated value for the seat, in [-1, 1]
    proven: bool  # the value is exact (a solved line)


class SearchStats(TypedDict):
    """What a computer player's search found (the ``bot`` reply's ``stats``)."""

    player: int  # the seat that decided
    iterations: int  # the search's iterations (0: decided without searching)
    elapsed_ms: float  # the time it took
    candidates: NotRequired[list[Candidate]]  # the best actions (left out for a secret setup)
    values: NotRequired[list[float] | None]  # per seat, the root's values (left out if secret)
    action: NotRequired[str]  # the action chosen (left out for a secret setup)


class Suggestion(TypedDict):
    """One action a hint suggests."""

    action: str  # the action in notation
    paths: list[list[str]]  # the click sequences that make it
    cells: list[str]  # its board cells, to highlight
    value: float  # the search's estimate for the seat, in [-1, 1]


class Hint(TypedDict):
    """The ``hint`` reply's suggestions."""

    seat: int  # the seat the hint is for
    actions: list[Suggestion]  # the suggestion first, then up to two alternatives


class Thinking(TypedDict):
    """A search in progress (a ``bot`` or ``hint`` with ``slice_ms`` that is not done)."""

    purpose: str  # which request is thinking: ``bot`` or ``hint``
    seat: int  # the seat it decides for
    kind: str  # the kind of player thinking (a level, ``random``, ...)
    progress: float  # how far it is, 0..1
    iterations: int  # the search's iterations so far


class ErrorInfo(TypedDict):
    """Why a request failed."""

    code: str  # a stable code: ``request.unknown-op``, ``illegal.*``, ``internal``, ...
    message: str  # the English explanation
    params: dict[str, Any]  # the values the translated message fills in


# -- requests ------------------------------------------------------------------------------------


class HelloRequest(TypedDict):
    """The engine's version and the registered games' ids."""

    op: Literal["hello"]  # the request


class GamesRequest(TypedDict):
    """Every registered game's description."""

    op: Literal["games"]  # the request


class NewRequest(TypedDict):
    """Start a game (a bad option is an error; the game on screen stays)."""

    op: Literal["new"]  # the request
    game: str  # the game's id
    options: NotRequired[dict[str, Any] | None]  # its options (none: the defaults)
    seats: NotRequired[list[str] | None]  # who plays each seat (none: people everywhere)
    flipped: NotRequired[bool]  # draw the board turned half a turn


class ThinkRequest(TypedDict):
    """The computer seat to act thinks, then plays (``bot``); or a hint for a person."""

    op: Literal["bot", "hint"]  # the request
    slice_ms: NotRequired[float | None]  # think at most this long (none: to the end)


class ClickRequest(TypedDict):
    """Select, extend the selection, or play."""

    op: Literal["click"]  # the request
    cell: str  # the cell, spot or click token clicked


class PlayRequest(TypedDict):
    """Play an action given in notation (``play``), or draw it as a draft (``preview``)."""

    op: Literal["play", "preview"]  # the request
    action: str  # the action in notation


class ResignRequest(TypedDict):
    """The seat to act gives up."""

    op: Literal["resign"]  # the request
    player: NotRequired[int]  # the seat, which must be the one to act and a person's


class LoadRequest(TypedDict):
    """Replace the game by a replayed record (a bad record is an error naming the line)."""

    op: Literal["load"]  # the request
    record: str  # the record's text
    game: NotRequired[str]  # the record's game (default: the game on screen)
    seats: NotRequired[list[str] | None]  # who plays each seat
    flipped: NotRequired[bool]  # draw the board turned half a turn


class PlyRequest(TypedDict):
    """Undo or redo to (``seek``), or look at (``position``), the position after ``ply``."""

    op: Literal["seek", "position"]  # the request
    ply: int  # the number of actions


class FlipRequest(TypedDict):
    """Turn the board half a turn, or set its orientation."""

    op: Literal["flip"]  # the request
    flipped: NotRequired[bool]  # the orientation (default: the other one)


class RestoreRequest(TypedDict):
    """Replace the game by one saved from a view's ``saved`` document."""

    op: Literal["restore"]  # the request
    match: SavedMatch  # the saved match
    game: NotRequired[str]  # the game it must be
    flipped: NotRequired[bool]  # draw the board turned half a turn
    ply: NotRequired[int]  # a new game from the position after this many actions
    seats: NotRequired[list[str]]  # the new game's seats (with ``ply``)


class ActorsRequest(TypedDict):
    """Which seat made each action of a saved match (read-only: the game on screen stays)."""

    op: Literal["actors"]  # the request
    match: SavedMatch  # the saved match, replayed on its own
    game: NotRequired[str]  # the game it must be


class SimpleRequest(TypedDict):
    """A request without fields."""

    op: Literal["cancel", "redo", "view", "diagram"]  # the request


class UndoRequest(TypedDict):
    """Take back the last action, and on to a person's free decision."""

    op: Literal["undo"]  # the request
    floor: NotRequired[int]  # never back past the position after this many actions


Request: TypeAlias = (
    HelloRequest
    | GamesRequest
    | NewRequest
    | ThinkRequest
    | ClickRequest
    | PlayRequest
    | ResignRequest
    | LoadRequest
    | PlyRequest
    | FlipRequest
    | RestoreRequest
    | ActorsRequest
    | ReviewRequest
    | SimpleRequest
    | UndoRequest
)
"""Any request."""

# -- replies -------------------------------------------------------------------------------------


class FailureReply(TypedDict):
    """A request refused, or an engine error; any op may answer with it."""

    ok: Literal[False]  # failed
    error: ErrorInfo  # why
    view: NotRequired[View]  # the game on screen, unchanged (none before the first game)


class ViewReply(TypedDict):
    """A request done: the new view and what to say about it."""

    ok: Literal[True]  # done
    view: View  # the game now
    message: Message | None  # what happened (a played action, a refused click), if anything


class BotReply(ViewReply):
    """A computer's action played."""

    stats: NotRequired[SearchStats]  # its search's statistics (not for a direct decision)


class HintReply(ViewReply):
    """A hint for the person to act."""

    hint: NotRequired[Hint]  # the suggestions (left out when the game is over)


class ThinkingReply(TypedDict):
    """A ``bot`` or ``hint`` search not done yet: send the same request again to go on."""

    ok: Literal[True]  # done for this slice
    thinking: Thinking  # its progress


class HelloReply(TypedDict):
    """The engine's greeting."""

    ok: Literal[True]  # done
    version: str  # the engine's version
    games: list[str]  # the registered games' ids


class GamesReply(TypedDict):
    """The registered games."""

    ok: Literal[True]  # done
    games: list[GameInfo]  # every game's description


class DiagramReply(TypedDict):
    """The position as a standalone SVG document."""

    ok: Literal[True]  # done
    svg: str  # the document: last move marked, no selection
    ply_count: int  # the number of actions played


class PositionReply(TypedDict):
    """A read-only look at an earlier position."""

    ok: Literal[True]  # done
    position: Position  # the position


class PreviewReply(TypedDict):
    """The board with an action drawn as a draft."""

    ok: Literal[True]  # done
    svg: str  # the board


class ActorsReply(TypedDict):
    """The seat that made each action of a saved match."""

    ok: Literal[True]  # done
    actors: list[int]  # per action of the match's state, oldest first: the seat that made it


Reply: TypeAlias = (
    FailureReply
    | ViewReply
    | BotReply
    | HintReply
    | ThinkingReply
    | HelloReply
    | GamesReply
    | DiagramReply
    | PositionReply
    | PreviewReply
    | ActorsReply
    | ReviewReply
    | ReviewingReply
)
"""Any reply."""

# -- the ops -------------------------------------------------------------------------------------


class Op(NamedTuple):
    """One op: its request type, the reply types it answers with besides
    :class:`FailureReply`, and what it does."""

    request: type
    replies: tuple[type, ...]
    doc: str


OPS: dict[str, Op] = {
    "hello": Op(HelloRequest, (HelloReply,), "the engine's version and the games' ids"),
    "games": Op(GamesRequest, (GamesReply,), "every registered game's description"),
    "new": Op(NewRequest, (ViewReply,), "start a game"),
    "bot": Op(
        ThinkRequest,
        (BotReply, ThinkingReply),
        "the computer seat to act thinks (for slice_ms, or to the end), then plays",
    ),
    "hint": Op(
        ThinkRequest,
        (HintReply, ThinkingReply),
        "the medium level's suggestion and two alternatives for the person to act",
    ),
    "click": Op(ClickRequest, (ViewReply,), "select, extend the selection, or play"),
    "cancel": Op(SimpleRequest, (ViewReply,), "drop the selection"),
    "play": Op(PlayRequest, (ViewReply,), "play an action given in notation"),
    "undo": Op(UndoRequest, (ViewReply,), "one action back (to a person's free decision)"),
    "redo": Op(SimpleRequest, (ViewReply,), "one action forward"),
    "resign": Op(ResignRequest, (ViewReply,), "the seat to act gives up"),
    "load": Op(LoadRequest, (ViewReply,), "replace the game by a replayed record"),
    "seek": Op(PlyRequest, (ViewReply,), "undo or redo to the position after ply actions"),
    "position": Op(PlyRequest, (PositionReply,), "a read-only look at the position after ply"),
    "flip": Op(FlipRequest, (ViewReply,), "turn the board half a turn (or set it)"),
    "restore": Op(RestoreRequest, (ViewReply,), "replace the game by a saved match"),
    "view": Op(SimpleRequest, (ViewReply,), "the current view again"),
    "diagram": Op(SimpleRequest, (DiagramReply,), "the position as a standalone SVG document"),
    "preview": Op(PlayRequest, (PreviewReply,), "the board with an action drawn as a draft"),
    "actors": Op(
        ActorsRequest,
        (ActorsReply,),
        "which seat made each action of a saved match (the game on screen stays)",
    ),
    "review": Op(
        ReviewRequest,
        (ReviewReply, ReviewingReply),
        "the computer's review of the game so far (for slice_ms, or to the end)",
    ),
}
"""Every op the controller handles."""
