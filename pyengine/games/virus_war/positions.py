"""Virus War positions given as text: their bitboards and the check that a position can
occur in a game (:func:`check_position`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from pyengine.core.notation import position_mismatch
from pyengine.core.options import OptionValues
from pyengine.games.virus_war.bitboard import (
    Board,
    Geometry,
    after_steps,
    board_geometry,
    is_eliminated,
    step_mask,
    turn_length,
)
from pyengine.games.virus_war.notation import PLAYER_NAMES, SYMBOLS, O, Position, X, format_position

__all__ = ["board_from_contents", "check_position"]


def board_from_contents(contents: str) -> Board:
    """The bitboards of a contents string (``. X O x o`` in index order)."""
    boards = [0, 0, 0, 0]
    for index, symbol in enumerate(contents):
        kind = SYMBOLS.index(symbol)
        if kind:
            boards[kind - 1] |= 1 << index
    return boards[0], boards[1], boards[2], boards[3]


def check_position(position: Position, options: OptionValues) -> Position:
    """Raise :class:`~pyengine.core.errors.NotationError` unless ``position`` can occur in a
    game with ``options``; return it with M filled in.

    Checks: the size matches; at most one player is eliminated, and then it is the player to
    move and the game is over; a player without symbols has an empty home corner (the
    reservation ruling); the pass count fits; the steps of the turn in progress are a legal
    sequence from the position before them, the game still on, and M is what the rules give.
    """

    def reject(reason: str) -> NoReturn:
        raise position_mismatch(format_position(position), reason)

    size = position.size
    if options["size"] != size:
        reject(f"the board is {size}x{size} but the size option is {options['size']}")
    geometry = board_geometry(size)
    board = board_from_contents(position.contents)
    player = position.to_move
    over = _check_position_players(position, geometry, board, reject)
    steps = position.turn_steps
    if over:
        if steps:
            reject("the game is over, so no turn is in progress")
        if position.turn_length not in (None, 0):
            reject("the game is over, so the turn length M is 0")
        return _with_length(position, 0)
    if steps:
        _check_position_steps(position, geometry, board, reject)
    length = turn_length(geometry, board, player, len(steps))
    if steps and len(steps) >= length:
        reject(f"the turn already has its {length} steps")
    if position.turn_length is not None and position.turn_length != length:
        reject(f"the turn length M is {length}, not {position.turn_length}")
    return _with_length(position, length)


def _check_position_players(
    position: Position, geometry: Geometry, board: Board, reject: Callable[[str], NoReturn]
) -> bool:
    """The checks of :func:`check_position` on the players' symbols, eliminations, last
    mover and passes; return whether the game is over."""
    player = position.to_move
    eliminated = [seat for seat in (X, O) if is_eliminated(board, seat)]
    for seat in (X, O):
        if (
            not (board[seat] | board[2 + seat])
            and (board[1 - seat] | board[3 - seat]) >> (geometry.homes[seat]) & 1
        ):
            reject(
                f"{PLAYER_NAMES[seat]} has no symbol, so its home corner "
                f"{geometry.cells[geometry.homes[seat]]} is reserved and must be empty"
            )
    if len(eliminated) == 2:
        reject("both players have symbols but none alive")
    if eliminated and eliminated[0] != player:
        reject(
            f"{PLAYER_NAMES[eliminated[0]]} has no live symbol, so the game ended after "
            f"{PLAYER_NAMES[1 - eliminated[0]]}'s step and {PLAYER_NAMES[eliminated[0]]} "
            "is the side to move"
        )
    over = bool(eliminated) or position.passes == 2
    if eliminated and position.passes:
        reject("the game ended by elimination, so the last turn was not a pass")
    if eliminated and position.last_mover != 1 - player:
        reject("the winner by elimination made the last non-pass turn")
    last = position.last_mover
    if last is not None and not (board[last] | board[2 + last]):
        reject(f"{PLAYER_NAMES[last]} made the last non-pass turn, so it has a symbol")
    if position.passes and position.last_mover == (1 - player if position.passes == 1 else player):
        # passes 1: the other player just passed, so the turn before it (if any) was the
        # mover's own non-pass turn; passes 2: the mover passed first, right after the other
        # player's non-pass turn (if any)
        reject(
            f"after {'a pass' if position.passes == 1 else 'a double pass'} with "
            f"{PLAYER_NAMES[player]} to move, the last non-pass turn was not "
            f"{PLAYER_NAMES[position.last_mover]}'s"
        )
    return over


def _check_position_steps(
    position: Position, geometry: Geometry, board: Board, reject: Callable[[str], NoReturn]
) -> None:
    """The checks of :func:`check_position` on the steps of the turn in progress."""
    player = position.to_move
    steps = position.turn_steps
    if position.passes:
        reject("a turn is in progress, so the previous pass count is 0")
    if position.last_mover != player:
        reject("a turn is in progress, so its player is the last mover")
    if len(set(steps)) != len(steps):
        reject("a cell is stepped on twice in the turn")
    start = list(board)
    for index in steps:
        bit = 1 << index
        if board[player] & bit:
            start[player] ^= bit
        elif board[3 - player] & bit:
            start[3 - player] ^= bit
            start[1 - player] |= bit
        else:
            reject(
                f"{geometry.cells[index]} was stepped on by {PLAYER_NAMES[player]} in "
                f"this turn but holds neither a live {PLAYER_NAMES[player]} nor a dead "
                f"{PLAYER_NAMES[1 - player]}"
            )
    current: Board = (start[0], start[1], start[2], start[3])
    for made, index in enumerate(steps):
        if not step_mask(geometry, current, player) >> index & 1:
            reject(
                f"the turn's step {geometry.cells[index]} (step {made + 1}) is not "
                "legal after the steps before it"
            )
        current = after_steps(current, player, 1 << index)
    if not step_mask(geometry, current, player):
        reject("the turn in progress has no step left, so it would be over")


def _with_length(position: Position, length: int) -> Position:
    return Position(
        position.size,
        position.contents,
        position.to_move,
        position.passes,
        position.last_mover,
        position.turn_steps,
        length,
        position.number,
    )
