"""A game's moves as its move list shows them, each with the actions it is made of.

A *move* is one entry of the move list (:meth:`~pyengine.core.presentation.Presentation.
move_rows`): a Zebra ply, a whole Virus War turn of up to three steps, a Virus Fight turn
(its effect and its marker step), a Fight the Virus decision. Replaying the game and counting
the entries after every action (as the controller does for the chart,
:func:`pyengine.controller.views.entry_count`) says which actions make each entry: an entry
starts with the action that makes it appear and runs to the action before the next entry
appears. Entries that appear together (Virus Fight's programs, shown at the reveal) are
secret setups, never judged.

Each :class:`MoveSpan` says what a review may do with its move (``kind``):

* ``"move"`` — a decision to judge;
* ``"forced"`` — every action in it was the only legal one (never marked);
* ``"setup"`` — a secret setup shown at the reveal (not judged);
* ``"unfinished"`` — the last move, still going on (not judged).

A move judged is its mover's actions: when other seats act inside the same entry (answers to a
Virus Fight stop proposal), the move ends before their first action (``end``; ``stop`` is the
entry's last action).

>>> from pyengine.core.registry import get_game
>>> state = get_game("virus-war").new_initial_state({"size": 6})
>>> for text in ("a1", "b2", "c3", "f6", "e5"):
...     state.apply(text)
>>> [(span.text, span.seat, span.start, span.end, span.kind) for span in move_spans(state)]
[('a1-b2-c3', 0, 0, 3, 'move'), ('f6-e5', 1, 3, 5, 'unfinished')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.controller.views import entry_count
from pyengine.core.game import State
from pyengine.core.presentation import Presentation

__all__ = ["MoveSpan", "continues", "initial_state", "move_spans"]


@dataclass(frozen=True, slots=True)
class MoveSpan:
    """One entry of the move list: its ``index`` among the entries, its row ``number``, its
    ``text``, the mover's ``seat`` and the actions it is made of (``start`` actions played
    before it; the mover's actions end at ``end``, the entry's at ``stop``); ``kind`` as in
    the module docs."""

    index: int
    number: int | None
    text: str
    seat: int
    start: int
    end: int
    stop: int
    kind: str


def initial_state(state: State) -> State:
    """A copy of ``state`` with every action undone: the game's start."""
    start = state.clone()
    while start.history:
        start.undo()
    return start


def move_spans(state: State) -> list[MoveSpan]:
    """Every entry of ``state``'s move list as a :class:`MoveSpan`, in order."""
    present = state.game.presentation()
    rows = present.move_rows(state)
    entries = [(row["number"], ply["text"]) for row in rows for ply in row["plies"]]
    history = state.history
    replay = initial_state(state)
    counts = [entry_count(present, replay)]
    movers: list[int] = []
    choices: list[int] = []
    for action in history:
        movers.append(replay.current_player())
        choices.append(len(replay.legal_actions()))
        replay.apply_unchecked(action)
        counts.append(entry_count(present, replay))
    total = len(entries)
    # appears[n]: the first position (actions played) that shows entry n
    appears: list[int] = []
    for position, count in enumerate(counts):
        while len(appears) < min(count, total):
            appears.append(position)
    spans: list[MoveSpan] = []
    index = 0
    start = 0
    while index < total:
        first = appears[index]
        together = index
        while together + 1 < total and appears[together + 1] == first:
            together += 1
        following = together + 1
        stop = appears[following] - 1 if following < total else len(history)
        if together > index:  # entries that appear together: a reveal of secret setups
            for entry in range(index, together + 1):  # one per seat, in seat order
                number, text = entries[entry]
                seat = entry - index
                spans.append(MoveSpan(entry, number, text, seat, start, stop, stop, "setup"))
        else:
            number, text = entries[index]
            seat = movers[start] if start < len(movers) else replay.current_player()
            end = start
            while end < stop and movers[end] == seat:
                end += 1
            kind = "move"
            if end == start:
                kind = "forced"  # nothing of the mover's own (an entry the rules wrote)
            elif all(choices[action] <= 1 for action in range(start, end)):
                kind = "forced"
            elif following >= total and continues(state, present, seat):
                kind = "unfinished"
            spans.append(MoveSpan(index, number, text, seat, start, end, stop, kind))
        index = following
        start = stop
    return spans


def continues(state: State, present: Presentation[Any, Any], seat: int) -> bool:
    """Whether ``seat``'s move is still going on in ``state``: it acts next and its next
    action adds to the last entry instead of starting another."""
    if state.is_terminal() or state.current_player() != seat:
        return False
    legal = state.legal_actions()
    if not legal:
        return False
    copy = state.clone()
    before = entry_count(present, copy)
    copy.apply_unchecked(legal[0])
    return entry_count(present, copy) == before
