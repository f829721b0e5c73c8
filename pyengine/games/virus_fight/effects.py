"""What each Virus Fight action does to the state (virus-fight.md §§3, 6, 7): a program
submitted (and the reveal once all are in), an effect (MOVE, WRITE, ERASE), the marker step or
jump that ends the turn, a stop proposal and its answers, a resignation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyengine.core.game import Action
from pyengine.games.virus_fight import notation
from pyengine.games.virus_fight.notation import Piece, sort_supply
from pyengine.games.virus_fight.rounds import (
    TurnEntry,
    end_game,
    end_turn,
    first_player,
    start_round,
)

if TYPE_CHECKING:
    from pyengine.games.virus_fight.rules import VirusFightState

__all__ = ["perform"]


def perform(state: VirusFightState, action: Action) -> None:
    """Apply ``action`` (a player's or an automatic one) to ``state``."""
    state._log.append(action)
    state._legal = None
    if isinstance(action, notation.Setup):
        _submit(state, action)
        return
    if isinstance(action, notation.ProposeStop):
        seat = state._order[state._turn_index]
        state._proposed = True
        count = state.num_players
        state._voters = tuple(
            other
            for other in ((seat + step) % count for step in range(1, count))
            if state._markers[other] is not None
        )
        return
    if isinstance(action, notation.AnswerStop):
        if not action.accept:
            state._voters = ()
        elif len(state._voters) > 1:
            state._voters = state._voters[1:]
        else:
            state._voters = ()
            seat = state._order[state._turn_index]
            state._turns.append(TurnEntry(state._round, seat, "stop", ""))
            end_game(state, "agreement")
        return
    seat = state._order[state._turn_index]
    if isinstance(action, notation.Resign):
        if state._pending:  # after the turn's effect: the turn's line ends with resign
            entry = TurnEntry(state._round, seat, state._code, f"{state._pending} resign")
        else:
            entry = TurnEntry(state._round, seat, "resign", "")
        state._turns.append(entry)
        _eliminate(state, seat)
        state._pending = ""
        end_turn(state)
        return
    if isinstance(action, (notation.Move, notation.Write, notation.Erase, notation.NoEffect)):
        _effect(state, seat, action)
        state._pending = str(action)
        state._decision = "marker"
        return
    # a Step or a Jump ends the turn
    cell = action.cell  # type: ignore[attr-defined]
    if cell is None:
        _eliminate(state, seat)
    else:
        state._markers = state._markers.copy()
        state._markers[seat] = state.cell_index(cell)
    text = f"{state._pending} {action}" if isinstance(action, notation.Step) else str(action)
    state._turns.append(TurnEntry(state._round, seat, state._code, text))
    state._pending = ""
    end_turn(state)


def _effect(state: VirusFightState, seat: int, action: Action) -> None:
    board = state._board = state._board.copy()
    if isinstance(action, notation.Move):
        source, target = state.cell_index(action.source), state.cell_index(action.target)
        board[target], board[source] = board[source], None
    elif isinstance(action, notation.Write):
        supply = list(state._supplies[seat])
        matching = [piece for piece in supply if piece.code == action.code]
        piece = next(
            (piece for piece in matching if piece.origin == seat),
            min(matching, key=lambda piece: piece.origin),
        )
        supply.remove(piece)
        _set_supply(state, seat, supply)
        board[state.cell_index(action.cell)] = piece
        state._noisy = True
    elif isinstance(action, notation.Erase) and action.target is not None:
        index = state.cell_index(action.target)
        erased = board[index]
        assert erased is not None
        board[index] = None
        _set_supply(state, seat, [*state._supplies[seat], erased._replace(owner=seat)])
        state._noisy = True


def _set_supply(state: VirusFightState, seat: int, pieces: list[Piece]) -> None:
    state._supplies = state._supplies.copy()
    state._supplies[seat] = sort_supply(pieces)


def _eliminate(state: VirusFightState, seat: int) -> None:
    """``seat`` is out (§6.7): its marker and its supply leave the game, its pieces stay."""
    state._markers = state._markers.copy()
    state._markers[seat] = None
    state._removed = state._removed.copy()
    state._removed[seat] += len(state._supplies[seat])
    _set_supply(state, seat, [])
    state._noisy = True


def _submit(state: VirusFightState, setup: notation.Setup) -> None:
    """The next seat's program; once every seat has one, the programs are revealed (§3)."""
    seat = state._programs.index(None)
    state._programs = state._programs.copy()
    state._programs[seat] = setup
    if None in state._programs:
        return
    board = state._board = state._board.copy()
    supplies = []
    markers: list[int | None] = []
    for seat, program in enumerate(state._programs):
        assert program is not None
        for cell, code in program.placements:
            board[state.cell_index(cell)] = Piece(code[0], int(code[1]), seat, seat)
        markers.append(state.cell_index(program.marker))
        used = set(program.codes)
        supplies.append(
            sort_supply([piece for piece in state._supplies[seat] if piece.code not in used])
        )
    state._supplies = supplies
    state._markers = markers
    state._phase = "play"
    first = first_player(state._programs, state.seed)  # type: ignore[arg-type]
    start_round(state, 1, first)
