"""The protocol's part for the computer's review of a game (the ``review`` op): its request,
its progress reply and the review document (:meth:`pyengine.review.Review.to_json`).
:mod:`pyengine.protocol` declares them with the rest of the protocol."""

from typing import Any, Literal, NotRequired, TypedDict


class ReviewRequest(TypedDict):
    """The computer's review of the game to the current position, run in slices."""

    op: Literal["review"]  # the request
    slice_ms: NotRequired[float | None]  # work at most this long (none: to the end)
    budget: NotRequired[int | None]  # the search budget per position (none: the game's own)


class Reviewing(TypedDict):
    """A review in progress."""

    judged: int  # the moves judged so far
    total: int  # the moves it judges (forced moves, secret setups and a move going on not)


class ReviewingReply(TypedDict):
    """A ``review`` not done yet: send the same request again to go on."""

    ok: Literal[True]  # done for this slice
    reviewing: Reviewing  # its progress


class ReviewBest(TypedDict):
    """The engine's preferred move where a move was played."""

    text: str  # as the move list would show it
    actions: list[str]  # its actions in notation (a Virus War turn: its steps)
    cells: list[str]  # the board cells it touches, to highlight
    chance: float  # the mover's chance with it, 0..1 (the move's ``before``)


class ReviewMove(TypedDict):
    """One move of the move list, judged or not (:class:`pyengine.review.MoveReview`)."""

    index: int  # its place among the move list's plies, from 0
    number: int | None  # its row's number
    seat: int  # the mover
    text: str  # as the move list shows it
    plies: list[int]  # the actions before it and after it: [start, end]
    kind: str  # ``move`` (judged), ``forced``, ``setup`` or ``unfinished`` (not judged)
    mark: str | None  # ``best``, ``fine``, ``inaccuracy``, ``mistake``, ``blunder``; none
    before: NotRequired[float]  # the mover's chance with the engine's move, 0..1
    after: NotRequired[float]  # the mover's chance after the move played
    drop: NotRequired[float]  # before - after, at least 0 (0 for the engine's move)
    accuracy: NotRequired[float]  # the move's accuracy score, 0..100
    best: NotRequired[ReviewBest]  # the engine's move
    cells: NotRequired[list[str]]  # the board cells the move played touches
    chances_before: NotRequired[list[float]]  # every seat's chances with the engine's move
    chances_after: NotRequired[list[float]]  # every seat's chances after the move played


class ReviewPlayer(TypedDict):
    """A seat's summary."""

    seat: int  # the seat
    judged: int  # its moves judged
    counts: dict[str, int]  # how many of each mark
    accuracy: float | None  # 0..100 (none without a judged move)


class ReviewEngine(TypedDict):
    """How the moves were judged."""

    method: str  # the search, in words
    budget: int  # its budget per position


class ReviewDocument(TypedDict):
    """A game's review (:meth:`pyengine.review.Review.to_json`), to save with the game."""

    format: Literal["virus-games/review"]  # what it is
    version: int  # its version (1)
    game: str  # the game's id
    options: dict[str, Any]  # the game's options
    start: str | None  # the position it started from (none: the setup's)
    actions: list[str]  # every action reviewed, in notation
    engine: ReviewEngine  # how
    reviewable: bool  # false: not reviewed (``reason``), the moves listed only
    reason: str | None  # why not (``solo``: Fight the Virus alone)
    resigned: int | None  # the seat that resigned the game, if it ended so
    thresholds: dict[str, float]  # the least drop of each mark
    moves: list[ReviewMove]  # every move of the move list
    players: list[ReviewPlayer]  # every seat's summary


class ReviewReply(TypedDict):
    """The review, done."""

    ok: Literal[True]  # done
    review: ReviewDocument  # the review
