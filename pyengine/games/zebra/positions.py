"""Zebra setups and positions given as text (zebra.md §§3, 6): the start position of each
setup, piece counts and the check that a position can occur with the options."""

from __future__ import annotations

from pyengine.core.notation import position_mismatch
from pyengine.core.options import OptionValues
from pyengine.games.zebra.board import geometry
from pyengine.games.zebra.notation import BLACK, WHITE, Position, format_position

__all__ = ["check_position", "infer_setup", "initial_position", "movement_pieces", "piece_counts"]


def initial_position(options: OptionValues) -> Position:
    """The start position of a setup (§3, §6). Options must already be validated."""
    size = int(options["size"])
    setup = options["setup"]
    centre = geometry(size).centre
    # chessboard colouring: a1 (file 0, rank 0) is Black, as is every f + r even cell
    standard = tuple(
        -1 if (index % size + index // size) % 2 == 0 else 1 for index in range(size * size)
    )
    if setup == "standard":
        return Position(size, standard, frozenset(), None, WHITE)
    if setup == "remove":
        return Position(size, standard, frozenset(), None, BLACK, "removal")
    if setup == "placement":
        holes = frozenset() if centre is None else frozenset({centre})
        return Position(size, (0,) * (size * size), holes, None, WHITE, "placement")
    assert centre is not None  # hole and neutral need an odd size (checked by the options)
    cells = list(standard)
    cells[centre] = 0
    if setup == "hole":
        return Position(size, tuple(cells), frozenset({centre}), None, WHITE)
    return Position(size, tuple(cells), frozenset(), centre, WHITE)  # neutral


def piece_counts(cells: tuple[int, ...]) -> tuple[int, int]:
    """Pieces of each colour on the board (White, Black), counting inside the towers."""
    white = black = 0
    for value in cells:
        height = abs(value)
        top, below = (height + 1) // 2, height // 2  # colours alternate (§2)
        if value > 0:
            white, black = white + top, black + below
        elif value < 0:
            white, black = white + below, black + top
    return white, black


def movement_pieces(options: OptionValues) -> tuple[int, int]:
    """The pieces each colour has during the movement phase of a setup (White, Black)."""
    size = int(options["size"])
    total = size * size
    if options["setup"] == "standard":
        return total // 2, total - total // 2  # odd boards: Black has one more (§3)
    return total // 2, total // 2  # odd boards lose the centre; even placement fills all


def infer_setup(position: Position) -> str:
    """The setup a position most plausibly comes from (used when no setup is given)."""
    if position.phase == "removal":
        return "remove"
    if position.phase == "placement":
        return "placement"
    if position.neutral is not None:
        return "neutral" if position.size % 2 else "standard"
    if position.holes:
        return "hole" if position.size % 2 else "standard"
    white, black = piece_counts(position.cells)
    return "remove" if position.size % 2 and white == black else "standard"


def check_position(position: Position, options: OptionValues) -> None:
    """Raise :class:`~pyengine.core.errors.NotationError` unless ``position`` can occur in a
    game with ``options``."""

    def reject(reason: str) -> None:
        raise position_mismatch(format_position(position), reason, "options")

    size = position.size
    setup = options["setup"]
    if options["size"] != size:
        reject(f"the board is {size}x{size} but the size option is {options['size']}")
    centre = geometry(size).centre
    if centre is not None and setup in ("hole", "placement"):
        if position.holes != {centre}:
            reject(f"setup {setup} has exactly one hole, on {geometry(size).cells[centre]}")
    elif position.holes:
        reject(f"setup {setup} has no holes on this board")
    if position.neutral != (centre if setup == "neutral" else None):
        reject("the neutral base stands on the centre in setup neutral, and only there")
    white, black = piece_counts(position.cells)
    if position.phase == "removal":
        start = initial_position(options)
        if setup != "remove" or position.cells != start.cells or position.to_move != BLACK:
            reject("the removal phase only exists at the start of setup remove, Black to act")
    elif position.phase == "placement":
        if setup != "placement":
            reject(f"setup {setup} has no placement phase")
        if any(abs(value) > 1 for value in position.cells):
            reject("towers cannot be built during the placement phase")
        if white - black != (0 if position.to_move == WHITE else 1):
            reject("White places first and the players alternate")
        if white + black == size * size - len(position.holes):
            reject("the board is full, so the placement phase is over")
    elif (white, black) != movement_pieces(options):
        expected_white, expected_black = movement_pieces(options)
        reject(
            f"setup {setup} has {expected_white} White and {expected_black} Black pieces, "
            f"not {white} and {black}"
        )
    if position.phase != "movement" and position.movement_plies:
        reject("movement plies can only be counted in the movement phase")
    if position.movement_plies > geometry(size).move_cap:
        reject(f"the movement phase ends after {geometry(size).move_cap} plies")
