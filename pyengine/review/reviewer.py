"""The review of a game: :class:`Reviewer` (run in slices), :class:`Review` (its result) and
:func:`review` (all at once)."""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pyengine.core.errors import EngineError, RecordError, StateFormatError
from pyengine.core.game import Action, State
from pyengine.core.registry import games as registered_games
from pyengine.core.registry import get_game
from pyengine.review.judges import Judge, judge_for
from pyengine.review.marks import (
    CLASSES,
    MARKED,
    THRESHOLDS,
    classify,
    move_accuracy,
    player_accuracy,
)
from pyengine.review.moves import MoveSpan, continues, initial_state, move_spans

__all__ = [
    "REVIEW_FORMAT",
    "REVIEW_VERSION",
    "MoveReview",
    "PlayerReview",
    "Review",
    "Reviewer",
    "best_move",
    "load_game",
    "review",
]

REVIEW_FORMAT = "virus-games/review"
REVIEW_VERSION = 1

_NAMES = {"zebra": ("White", "Black"), "virus-war": ("Crosses", "Noughts")}
_WHY = {
    "forced": "the only legal move",
    "setup": "a secret setup",
    "unfinished": "still going on",
}


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of the move list as the review judged it (``kind`` ``"move"``) or left it
    (``"forced"``, ``"setup"``, ``"unfinished"``, or every move of a game not reviewed).

    ``mark`` is the class (:data:`~pyengine.review.marks.CLASSES`), ``before`` and ``after``
    the mover's chance with the engine's move and after the move played, ``drop`` their
    difference (at least 0), ``best`` the engine's move (its text, actions, the board cells
    it touches and chance, which is ``before``), ``cells`` the board cells the move played
    touches, ``chances_before``/``chances_after`` every seat's chances."""

    index: int
    number: int | None
    seat: int
    text: str
    plies: tuple[int, int]
    kind: str
    mark: str | None = None
    before: float | None = None
    after: float | None = None
    drop: float | None = None
    accuracy: float | None = None
    best_text: str | None = None
    best_actions: tuple[str, ...] = ()
    best_cells: tuple[str, ...] = ()
    cells: tuple[str, ...] = ()
    chances_before: tuple[float, ...] = ()
    chances_after: tuple[float, ...] = ()

    @property
    def judged(self) -> bool:
        return self.mark is not None

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "index": self.index,
            "number": self.number,
            "seat": self.seat,
            "text": self.text,
            "plies": list(self.plies),
            "kind": self.kind,
            "mark": self.mark,
        }
        if self.mark is not None:
            document.update(
                {
                    "before": self.before,
                    "after": self.after,
                    "drop": self.drop,
                    "accuracy": self.accuracy,
                    "best": {
                        "text": self.best_text,
                        "actions": list(self.best_actions),
                        "cells": list(self.best_cells),
                        "chance": self.before,
                    },
                    "cells": list(self.cells),
                    "chances_before": list(self.chances_before),
                    "chances_after": list(self.chances_after),
                }
            )
        return document


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """A seat's moves judged, its count of each class and its accuracy (0..100, ``None``
    without a judged move)."""

    seat: int
    judged: int
    counts: dict[str, int]
    accuracy: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "judged": self.judged,
            "counts": dict(self.counts),
            "accuracy": self.accuracy,
        }


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review: the game it is of (``game``, ``options``, ``start``, ``actions``: none
    while the game holds secrets, Virus Fight's programs before the reveal), how
    it was judged (``method``, ``budget``), whether it was (``reviewable``, else ``reason``),
    every move of the move list and every seat's summary."""

    game: str
    options: dict[str, Any]
    start: str | None
    actions: tuple[str, ...]
    method: str
    budget: int
    reviewable: bool
    reason: str | None
    moves: tuple[MoveReview, ...]
    players: tuple[PlayerReview, ...]
    resigned: int | None = None
    names: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The review as a JSON-able document, versioned (``format``, ``version``)."""
        return {
            "format": REVIEW_FORMAT,
            "version": REVIEW_VERSION,
            "game": self.game,
            "options": dict(self.options),
            "start": self.start,
            "actions": list(self.actions),
            "engine": {"method": self.method, "budget": self.budget},
            "reviewable": self.reviewable,
            "reason": self.reason,
            "resigned": self.resigned,
            "thresholds": dict(reversed(THRESHOLDS)),
            "moves": [move.to_json() for move in self.moves],
            "players": [player.to_json() for player in self.players],
        }

    def text(self) -> str:
        """The review as the command line prints it."""
        names = self.names or tuple(f"seat {seat + 1}" for seat in range(len(self.players)))
        shown = ", ".join(f"{name}={value}" for name, value in self.options.items())
        title = f"{get_game(self.game).name} ({shown})" if shown else get_game(self.game).name
        lines = [f"{title}: {len(self.moves)} moves; {self.method}"]
        if not self.reviewable:
            lines.append(f"not reviewed: {_REASONS.get(self.reason or '', self.reason)}")
            return "\n".join(lines) + "\n"
        width = max((len(move.text) for move in self.moves), default=4)
        name_width = max(len(name) for name in names)
        for move in self.moves:
            number = f"{move.number}." if move.number is not None else ""
            head = f"{number:>4} {names[move.seat]:<{name_width}}  {move.text:<{width}}"
            if move.mark is None:
                lines.append(f"{head}  ({_WHY.get(move.kind, move.kind)})".rstrip())
                continue
            assert move.before is not None and move.after is not None
            shown = "" if move.mark in ("best", "fine") else move.mark
            line = f"{head}  {shown:<10}  {_percent(move.before)} → {_percent(move.after)}"
            if move.mark in MARKED:
                line += f"   better {move.best_text} ({_percent(move.before, 0)})"
            lines.append(line.rstrip())
        if self.resigned is not None:
            lines.append(f"{names[self.resigned]} resigned")
        lines.append("")
        for player in self.players:
            counts = ", ".join(_count(player.counts[name], name) for name in MARKED)
            accuracy = "-" if player.accuracy is None else f"{player.accuracy:.1f}"
            lines.append(
                f"{names[player.seat]}: {counts}; accuracy {accuracy} "
                f"({player.judged} moves judged)"
            )
        return "\n".join(lines) + "\n"


_REASONS = {
    "solo": "a solo game has no opponent to win against",
    "no-search": "this game's computer player does not search",
}


def _percent(chance: float, width: int = 3) -> str:
    return f"{round(chance * 100):>{width}d}%"


def _count(count: int, name: str) -> str:
    """``1 blunder``, ``2 inaccuracies``."""
    if count == 1:
        return f"1 {name}"
    return f"{count} {name[:-1]}ies" if name.endswith("y") else f"{count} {name}s"


def _seat_names(state: State) -> tuple[str, ...]:
    names = _NAMES.get(state.game.id)
    if names is not None:
        return names
    return tuple(state.seat_name(seat) or f"Player {seat + 1}" for seat in range(state.num_players))


def seeder(state: State) -> Callable[[int], int]:
    """The seeds of a review's searches in ``state``'s game: ``seed(ply)`` for a search after
    ``ply`` actions, from the game's id, options (its own seed among them), start and ``ply``
    only, so the same game is reviewed alike everywhere."""
    text = json.dumps(
        [state.game.id, dict(state.options), state.start_text(), "review"],
        sort_keys=True,
        default=str,
    )

    def seed(ply: int) -> int:
        return zlib.crc32(f"{text}:{ply}".encode()) * 1_000_003 % (1 << 62)

    return seed


class Reviewer:
    """The review of ``state``'s game (finished or not; the state is copied), run in slices:
    :meth:`step` does a bounded amount of work and returns the progress (moves judged, moves
    to judge); :meth:`result` gives the :class:`Review` once :attr:`done`. ``budget`` is the
    search budget per position (:data:`~pyengine.review.judges.DEFAULT_BUDGETS`);
    ``resigned``: the seat that resigned the game, if the match ended so."""

    def __init__(
        self, state: State, *, budget: int | None = None, resigned: int | None = None
    ) -> None:
        self.state = state.clone()
        self.resigned = resigned
        self.spans = move_spans(self.state)
        judge = judge_for(self.state, budget)
        self.judge: Judge | None = judge if isinstance(judge, Judge) else None
        self.reason = None if isinstance(judge, Judge) else judge
        self.total = (
            sum(1 for span in self.spans if span.kind == "move") if self.judge is not None else 0
        )
        self.judged = 0
        self.units = 0
        self._moves: list[MoveReview] = []
        self._work = self._run()
        self._done = False
        self.seed = seeder(self.state)

    @classmethod
    def from_record(
        cls, text: str, game_id: str | None = None, *, budget: int | None = None
    ) -> Reviewer:
        """The review of a game record (or a saved game's JSON); see :func:`load_game`."""
        state, resigned = load_game(text, game_id)
        return cls(state, budget=budget, resigned=resigned)

    # -- running -------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self._done

    @property
    def progress(self) -> tuple[int, int]:
        """``(moves judged, moves to judge)``."""
        return self.judged, self.total

    def step(self, budget: int = 2000, max_ms: float | None = None) -> tuple[int, int]:
        """Work for about ``budget`` units (one unit: about one search iteration), or until
        ``max_ms`` milliseconds have passed; returns :attr:`progress`. How the work is sliced
        never changes the result."""
        started = time.perf_counter()
        spent = 0
        while not self._done and spent < budget:
            try:
                spent += next(self._work)
            except StopIteration:
                self._done = True
                break
            if max_ms is not None and (time.perf_counter() - started) * 1000.0 >= max_ms:
                break
        self.units += spent
        return self.progress

    def finish(self) -> Review:
        """Run to the end and return the result."""
        while not self._done:
            self.step(1_000_000)
        return self.result()

    def result(self) -> Review:
        """The review (``EngineError`` ``review.unfinished`` before :attr:`done`)."""
        if not self._done:
            raise EngineError("The review is not finished.", code="review.unfinished")
        state = self.state
        judge = self.judge
        players = []
        for seat in range(state.num_players):
            mine = [move for move in self._moves if move.seat == seat and move.judged]
            counts = {name: sum(1 for move in mine if move.mark == name) for name in CLASSES}
            scores = [move.accuracy for move in mine if move.accuracy is not None]
            players.append(PlayerReview(seat, len(mine), counts, player_accuracy(scores)))
        return Review(
            game=state.game.id,
            options=dict(state.options),
            start=state.start_text(),
            # a position that still holds secrets (Virus Fight's programs before the reveal)
            # keeps them: no actions are listed then
            actions=() if state.is_secret() else tuple(str(action) for action in state.history),
            method=judge.method if judge is not None else "none",
            budget=judge.budget if judge is not None else 0,
            reviewable=judge is not None,
            reason=self.reason,
            moves=tuple(self._moves),
            players=tuple(players),
            resigned=self.resigned,
            names=_seat_names(state),
        )

    # -- the work ------------------------------------------------------------------------

    def _run(self) -> Generator[int, None, None]:
        state = self.state
        present = state.game.presentation()
        history = state.history
        replay = initial_state(state)
        played = 0
        for span in self.spans:
            if self.judge is None or span.kind != "move":
                self._moves.append(_unjudged(span))
                continue
            while played < span.start:
                replay.apply_unchecked(history[played])
                played += 1
            before = replay.clone()
            while played < span.end:
                replay.apply_unchecked(history[played])
                played += 1
            after = replay.clone()
            seat = span.seat

            def going_on(position: State, seat: int = seat) -> bool:
                return continues(position, present, seat)

            verdict = yield from self.judge.judge(
                before, after, (span.start, span.end), self.seed, going_on
            )
            played_cells = _cells(present, before, history[span.start : span.end])
            self._moves.append(_judged(span, verdict, before, present, played_cells))
            self.judged += 1


def _unjudged(span: MoveSpan) -> MoveReview:
    return MoveReview(
        span.index, span.number, span.seat, span.text, (span.start, span.stop), span.kind
    )


def _judged(
    span: MoveSpan, verdict: Any, before: State, present: Any, cells: tuple[str, ...]
) -> MoveReview:
    seat = span.seat
    chance_before = verdict.before[seat]
    chance_after = verdict.after[seat]
    drop = 0.0 if verdict.played_best else round(max(0.0, chance_before - chance_after), 3)
    return MoveReview(
        span.index,
        span.number,
        seat,
        span.text,
        (span.start, span.end),
        span.kind,
        mark=classify(drop, best=verdict.played_best),
        before=chance_before,
        after=chance_after,
        drop=drop,
        accuracy=round(move_accuracy(drop), 1),
        best_text=_move_text(before, verdict.best, span.index, present),
        best_actions=tuple(str(action) for action in verdict.best),
        best_cells=_cells(present, before, verdict.best),
        cells=cells,
        chances_before=tuple(verdict.before),
        chances_after=tuple(verdict.after),
    )


def _cells(present: Any, before: State, actions: Any) -> tuple[str, ...]:
    """The board cells ``actions`` touch played from ``before`` (the cells a player clicks
    for each, then those the position after them marks as the last move), in order, once
    each: what a board highlights to show the move."""
    copy = before.clone()
    on_board = {str(spot) for spot in present.spots(before)}
    cells: dict[str, None] = {}
    for action in actions:
        for cell in present.action_cells(action):
            cells[str(cell)] = None
        copy.apply_unchecked(action)
    if actions:  # the last move the position after it marks (a Fight the Virus shape's cells)
        for cell in present.last_move(copy):
            cells[str(cell)] = None
    return tuple(cell for cell in cells if cell in on_board)


def _move_text(before: State, actions: list[Action], index: int, present: Any) -> str:
    """The move list's text of the move ``actions`` make from ``before`` (entry ``index``)."""
    copy = before.clone()
    for action in actions:
        copy.apply_unchecked(action)
    entries = [ply["text"] for row in present.move_rows(copy) for ply in row["plies"]]
    if index < len(entries):
        return str(entries[index])
    return " ".join(str(action) for action in actions)


# -- games from records --------------------------------------------------------------------


def load_game(text: str, game_id: str | None = None) -> tuple[State, int | None]:
    """The game of a record, or of a saved game (a state's or a match's JSON), with the seat
    that resigned it (``None``: nobody). Without ``game_id`` every game's reader is tried;
    a text none can read raises :class:`~pyengine.core.errors.RecordError` naming what each
    found wrong."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return _load_json(stripped)
    if game_id is not None:
        return get_game(game_id).read_match_record(text)
    problems = []
    for game in registered_games():
        try:
            return game.read_match_record(text)
        except EngineError as error:
            problems.append(f"{game.id}: {error}")
    raise RecordError(
        "Not a record of any game (" + "; ".join(problems) + ")", code="record.unknown-game"
    )


def _load_json(text: str) -> tuple[State, int | None]:
    from pyengine.session import Match

    try:
        document = json.loads(text)
    except ValueError as error:
        raise StateFormatError(f"not JSON: {error}", field="(document)") from error
    if isinstance(document, Mapping) and document.get("format") == "virus-games/match":
        match = Match.from_json(document)
        return match.state, match.resigned
    if isinstance(document, Mapping) and isinstance(document.get("game"), str):
        return get_game(document["game"]).state_from_json(document), None
    raise StateFormatError("not a saved game or state", field="(document)")


def best_move(state: State, budget: int | None = None) -> list[Action]:
    """The engine's preferred move in ``state`` as a review of its game judges it (the same
    search, seed and budget): its actions, empty when the game is over or not reviewed."""
    if state.is_terminal():
        return []
    judge = judge_for(state, budget)
    if not isinstance(judge, Judge):
        return []
    present = state.game.presentation()
    seat = state.current_player()
    work = judge.prefer(
        state.clone(), seeder(state), lambda position: continues(position, present, seat)
    )
    while True:
        try:
            next(work)
        except StopIteration as stop:
            return list(stop.value)


def review(game: State | str, game_id: str | None = None, *, budget: int | None = None) -> Review:
    """The whole review of a game: a state, or a record's (or saved game's) text."""
    if isinstance(game, str):
        reviewer = Reviewer.from_record(game, game_id, budget=budget)
    else:
        reviewer = Reviewer(game, budget=budget)
    return reviewer.finish()
