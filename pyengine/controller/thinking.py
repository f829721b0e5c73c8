"""Computer players, hints and the evaluation: the search of a pending decision run in slices,
decisions taken without search, each seat's estimated chances and their history over the
game (with the move list's ply counts, kept alongside)."""

from __future__ import annotations

import json
import sys
import time
import traceback
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyengine.ai.heuristics import Heuristics
from pyengine.ai.players import Thinking, game_ai, game_heuristics, make_player
from pyengine.controller.basics import RequestError, presentation_of
from pyengine.controller.views import entry_count
from pyengine.core.game import Action, State
from pyengine.session import Match

if TYPE_CHECKING:  # types only: the browser's worker never loads the protocol module
    from pyengine import protocol

HINT_LEVEL = "medium"
"""The level whose search suggests a human's action (the ``hint`` request)."""


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


def estimate(state: State, heuristics: Heuristics) -> list[float]:
    """Each seat's chance in ``state``: its result when over, the decided result when the game
    goes on with its result settled (:meth:`~pyengine.ai.heuristics.Heuristics.settled`), else
    the game's evaluation."""
    if state.is_terminal():
        return chances(heuristics.terminal_values(state))
    settled = heuristics.settled(state)
    if settled is not None:
        return chances(settled)
    return chances(heuristics.evaluate(state))


# -- a decision thought about in slices ---------------------------------------------------


@dataclass
class Pending:
    """A decision being thought about: ``purpose`` ``bot`` or ``hint``, for one position."""

    purpose: str
    key: tuple[Any, ...]
    seat: int
    kind: str
    thinking: Thinking


def slice_field(request: dict[str, Any]) -> float | None:
    """The request's ``slice_ms``: a number of milliseconds, or none (think to the end)."""
    slice_ms = request.get("slice_ms")
    if slice_ms is not None and (
        isinstance(slice_ms, bool) or not isinstance(slice_ms, (int, float)) or slice_ms < 0
    ):
        raise RequestError(
            "'slice_ms' is a number of milliseconds.",
            code="request.field",
            params={"field": "slice_ms"},
        )
    return slice_ms


def pending_for(
    pending: Pending | None, purpose: str, match: Match, seat: int, kind: str, generation: int
) -> Pending:
    """``pending`` when it is the search for ``purpose`` in the current position (of the game
    numbered ``generation``), else a new one."""
    state = match.state
    history = state.history
    key = (generation, len(history), history[-1] if history else None, seat, kind)
    if pending is None or pending.purpose != purpose or pending.key != key:
        seed = decision_seed(match, purpose)
        thinking = make_player(state.game.id, kind, seed).think(state.clone())
        pending = Pending(purpose, key, seat, kind, thinking)
    return pending


def advance(pending: Pending, slice_ms: float | None, started: float) -> None:
    """Think to the end (``slice_ms`` none) or until ``slice_ms`` after ``started``
    (:func:`time.perf_counter`)."""
    if slice_ms is None:
        pending.thinking.finish()
    else:
        spent = (time.perf_counter() - started) * 1000.0
        if spent < slice_ms:
            pending.thinking.step(slice_ms - spent)


def thinking_reply(pending: Pending) -> protocol.ThinkingReply:
    """The reply while the search is not done: its progress, no view."""
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


def decision_seed(match: Match, purpose: str) -> int:
    """A seed from the game's options (its own seed among them) and the actions played:
    the same decision in a replayed game."""
    text = json.dumps(
        [match.state.game.id, purpose, dict(match.options)], sort_keys=True, default=str
    )
    return (zlib.crc32(text.encode()) * 1_000_003 + len(match.state.history)) % (1 << 63)


def direct_decision(match: Match, seat: int, kind: str) -> Action | None:
    """A computer seat's decision taken without search, whatever its kind: the
    presentation's ``computer_decision`` hook (Virus Fight's stop proposals and answers)."""
    state = match.state
    present = presentation_of(state.game.id)
    return present.computer_decision(state, seat, game_ai(state.game.id))


def direct_hint(match: Match, seat: int) -> Action | None:
    """A person's hint taken without search: the presentation's ``hint_decision`` hook
    (Virus Fight's answer to a stop proposal, by the scoring that would end the game)."""
    state = match.state
    present = presentation_of(state.game.id)
    return present.hint_decision(state, seat, game_ai(state.game.id))


def is_secret(state: State) -> bool:
    """Whether the decision to make is a secret setup (its search must not be shown)."""
    return presentation_of(state.game.id).setup(state) is not None


# -- the evaluation of every position -----------------------------------------------------


class Evaluations:
    """The evaluation of every position of the game so far: ``path`` the actions, ``values[i]``
    (chances, source) after ``i`` of them; and how many plies the move list shows after ``i``
    actions (``entries[i]``)."""

    def __init__(self) -> None:
        self.path: list[Action] = []
        self.values: list[tuple[list[float], str]] = []
        self.entries: list[int] = []

    def clear(self) -> None:
        """Forget everything (a new game)."""
        self.path, self.values, self.entries = [], [], []

    def sync(self, match: Match) -> None:
        """Bring the evaluations (and the move list's ply counts) in line with the game's
        actions: keep those of the common prefix and evaluate the positions after it (one, in
        play; all, after a load)."""
        state = match.state
        history = state.history
        path = self.path
        common = 0
        limit = min(len(path), len(history))
        while common < limit and (
            path[common] is history[common] or path[common] == history[common]
        ):
            common += 1
        if common < len(path):
            del path[common:]
        del self.values[common + 1 :]
        del self.entries[common + 1 :]
        missing = len(history) + 1 - len(self.values)
        if missing <= 0:
            return
        heuristics = game_heuristics(state.game.id)
        present = presentation_of(state.game.id)
        if missing == 1:
            self.values.append((estimate(state, heuristics), "heuristic"))
            self.entries.append(entry_count(present, state))
        else:  # replay the missing positions on a copy
            copy = state.clone()
            for _ in range(missing - 1):
                copy.undo()
            self.values.append((estimate(copy, heuristics), "heuristic"))
            self.entries.append(entry_count(present, copy))
            for action in history[len(history) - missing + 1 :]:
                copy.apply_unchecked(action)
                self.values.append((estimate(copy, heuristics), "heuristic"))
                self.entries.append(entry_count(present, copy))
        path.extend(history[len(path) :])

    def remember(self, match: Match, values: list[float]) -> None:
        """The current position's chances, as a search found them."""
        self.sync(match)
        self.values[-1] = (values, "search")

    def evaluation(self, match: Match) -> protocol.Evaluation | None:
        """The view's ``evaluation``: the chances now, their source and their history (none
        when evaluating failed: a bug, reported, which never costs the view)."""
        try:
            self.sync(match)
        except Exception:  # noqa: BLE001 (an evaluation must never cost the view)
            traceback.print_exc(file=sys.stderr)
            self.clear()
            return None
        current, source = self.values[-1]
        history = [values for values, _ in self.values]
        result = match.result
        if match.resigned is not None and result is not None:  # the game ended there
            current = history[-1] = chances(result.returns())
        return {"chances": current, "source": source, "history": history}
