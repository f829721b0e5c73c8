"""Virus Fight legal actions in play (virus-fight.md §§4, 6-7): blocks and the legal list
of each decision - MOVE, WRITE, ERASE, the marker step, JUMP and the stop vote - in the
legal-action order documented in :mod:`.rules`. Setup choices live in :mod:`.board`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyengine.core.game import Action
from pyengine.games.virus_fight.notation import AnswerStop, Erase, Jump, Move, Step, Write, code_key

if TYPE_CHECKING:
    from pyengine.games.virus_fight.rules import VirusFightState

__all__ = ["block_indices", "compute_legal", "sort_indices"]

_ACCEPT = AnswerStop(True)
_DECLINE = AnswerStop(False)


def block_indices(state: VirusFightState, start: int) -> set[int]:
    """The board indices of the block of the piece at ``start`` (empty if no piece)."""
    board = state._board
    if board[start] is None:
        return set()
    seen = {start}
    stack = [start]
    table = state._neighbours
    while stack:
        for other in table[stack.pop()]:
            if other not in seen and board[other] is not None:
                seen.add(other)
                stack.append(other)
    return seen


def sort_indices(state: VirusFightState, indices: set[int] | list[int]) -> list[int]:
    """Board indices in cell order: by file, then rank."""
    size = state.size
    return sorted(indices, key=lambda index: (index % size, index // size))


def compute_legal(state: VirusFightState) -> list[Action]:
    """The legal actions of the decision in play, in the order :mod:`.rules` documents."""
    if state._voters:
        return [_ACCEPT, _DECLINE]
    seat = state._order[state._turn_index]
    here = state._markers[seat]
    assert here is not None
    board = state._board
    table = state._neighbours
    marked = {marker for marker in state._markers if marker is not None}
    cell_at = state.cell_at
    if state._decision == "marker":
        return [
            Step(cell_at(index))
            for index in sort_indices(
                state,
                [
                    other
                    for other in table[here]
                    if board[other] is not None and other not in marked
                ],
            )
        ]
    block = block_indices(state, here)
    if state._decision == "jump":
        targets = {index for index in block if index not in marked}
        seen = set(block)
        for index, piece in enumerate(board):
            if piece is None or index in seen:
                continue
            other_block = block_indices(state, index)
            seen |= other_block
            if not other_block & marked:
                targets |= other_block
        return [Jump(cell_at(index)) for index in sort_indices(state, targets)]
    kind = board[here].kind  # type: ignore[union-attr]
    if kind == "M":
        touching: dict[int, set[int]] = {}
        for index in block:
            for other in table[index]:
                if board[other] is None:
                    touching.setdefault(other, set()).add(index)
        actions: list[Action] = []
        for source in sort_indices(state, [index for index in block if index not in marked]):
            for target in sort_indices(
                state, [empty for empty, pieces in touching.items() if pieces - {source}]
            ):
                actions.append(Move(cell_at(source), cell_at(target)))
        return actions
    if kind == "W":
        zone = {other for index in block for other in table[index] if board[other] is None}
        codes = sorted({piece.code for piece in state._supplies[seat]}, key=code_key)
        cells = sort_indices(state, zone)
        return [Write(code, cell_at(index)) for code in codes for index in cells]
    zone = {
        other
        for index in block
        if board[index].kind == "E"  # type: ignore[union-attr]
        for other in table[index]
    }
    actions = [Erase(None)] if any(board[index] is None for index in zone) else []
    actions += [
        Erase(cell_at(index))
        for index in sort_indices(
            state, [index for index in zone if board[index] is not None and index not in marked]
        )
    ]
    return actions
