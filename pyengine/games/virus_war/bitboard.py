"""Virus War on Python-int bitboards: reach, steps, turn length and distinct full turns.

A board is four ints, ``(live X, live O, dead X, dead O)``; bit ``i`` is the cell of index
``i = rank0 * size + file0`` (a1 = bit 0, b1 = bit 1, a2 = bit ``size``). Seats: 0 = X,
1 = O, so for player ``p`` the board gives ``own live = board[p]``, ``enemy live =
board[1 - p]``, ``own dead = board[2 + p]`` and ``enemy dead = board[3 - p]`` (the enemy's
dead symbols are ``p``'s fortress cells).

The 8-neighbourhood of a set is two shifts along the rank (masked so that nothing wraps from
one edge of the board to the other) and two shifts across ranks. Reach (§3) floods the
fortress cells touching a live symbol into whole bridges by repeated dilation, then dilates the
live symbols plus the bridges once. Everything here is a plain function of ints, so search can
call it without building states.

>>> geometry = board_geometry(6)
>>> board = (1, 1 << 35, 0, 0)                # X on a1, O on f6
>>> cells_of(step_mask(geometry, board, 0))   # a2 b1 b2
[1, 6, 7]
>>> turn_length(geometry, board, 0, 0)
3
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from pyengine.games.virus_war.notation import MAX_SIZE, Cell, Step

__all__ = [
    "Board",
    "Geometry",
    "after_steps",
    "board_geometry",
    "bridge_groups",
    "cells_of",
    "dilate",
    "distinct_turns",
    "greedy_steps",
    "is_eliminated",
    "nth_cell",
    "reach_mask",
    "step_mask",
    "step_parts",
    "step_update",
    "turn_length",
    "turn_sequences",
]

Board = tuple[int, int, int, int]
"""``(live X, live O, dead X, dead O)`` as bitboards."""

# _CHUNKS[c][byte] lists the set bits of ``byte`` as absolute indices 8c..8c+7: extracting the
# cells of a mask costs one table look-up per byte instead of one loop turn per bit.
_CHUNK_COUNT = (MAX_SIZE * MAX_SIZE + 7) // 8
_CHUNKS = tuple(
    tuple(tuple(8 * chunk + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for chunk in range(_CHUNK_COUNT)
)


@dataclass(frozen=True, slots=True, eq=False)
class Geometry:
    """Masks and tables for one board size (shared by every state of that size)."""

    size: int
    area: int  # size * size
    full: int  # every cell
    not_first_file: int  # every cell except file a: masks shifts towards higher files
    not_last_file: int  # every cell except the last file: masks shifts towards file a
    homes: tuple[int, int]  # home corner index of X (a1) and of O (the opposite corner)
    home_bits: tuple[int, int]
    cells: tuple[Cell, ...]  # index -> Cell
    steps: tuple[Step, ...]  # index -> Step (shared action objects)
    sort_keys: tuple[int, ...]  # index -> file * size + rank: sorts cells by file, then rank
    chunks: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]  # (shift, table) per byte
    around: tuple[int, ...]  # index -> the cell and its up to 8 neighbours, as a mask


@cache
def board_geometry(size: int) -> Geometry:
    """The tables for an N×N board (computed once per size)."""
    area = size * size
    full = (1 << area) - 1
    first_file = sum(1 << (rank * size) for rank in range(size))
    last_file = first_file << (size - 1)
    cells = tuple(Cell(index % size, index // size) for index in range(area))
    chunk_count = (area + 7) // 8
    around = []
    for cell in cells:
        mask = 0
        for file in range(max(0, cell.file - 1), min(size, cell.file + 2)):
            for rank in range(max(0, cell.rank - 1), min(size, cell.rank + 2)):
                mask |= 1 << (rank * size + file)
        around.append(mask)
    return Geometry(
        size=size,
        area=area,
        full=full,
        not_first_file=full ^ first_file,
        not_last_file=full ^ last_file,
        homes=(0, area - 1),
        home_bits=(1, 1 << (area - 1)),
        cells=cells,
        steps=tuple(Step(cell) for cell in cells),
        sort_keys=tuple(cell.file * size + cell.rank for cell in cells),
        chunks=tuple((8 * chunk, _CHUNKS[chunk]) for chunk in range(chunk_count)),
        around=tuple(around),
    )


def cells_of(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending.

    >>> cells_of(0b1010_0000_0001)
    [0, 9, 11]
    """
    found: list[int] = []
    # one conversion to bytes, then small ints only (cheaper than shifting a big int 8 bits
    # at a time, under CPython and even more so under Pyodide)
    for chunk, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) >> 3, "little")):
        if byte:
            found += _CHUNKS[chunk][byte]
    return found


_POPULATION = tuple(byte.bit_count() for byte in range(256))


def nth_cell(mask: int, n: int) -> int:
    """The index of the ``n``-th set bit of ``mask`` (0-based, ascending): picks a random
    step as ``nth_cell(mask, randrange(mask.bit_count()))`` without listing them all.

    >>> nth_cell(0b1010_0000_0001, 2)
    11
    """
    for chunk, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) >> 3, "little")):
        count = _POPULATION[byte]
        if n < count:
            return _CHUNKS[chunk][byte][n]
        n -= count
    raise IndexError(f"the mask has fewer than {n + 1} cells")


def dilate(geometry: Geometry, mask: int) -> int:
    """``mask`` and every cell sharing an edge or a corner with it."""
    size = geometry.size
    row = mask | ((mask << 1) & geometry.not_first_file) | ((mask >> 1) & geometry.not_last_file)
    return (row | (row << size) | (row >> size)) & geometry.full


def _bridges(geometry: Geometry, live: int, fortress: int) -> int:
    """The union of the bridges (§3): fortress groups with a cell next to ``live``."""
    size = geometry.size
    right = geometry.not_first_file
    left = geometry.not_last_file
    row = live | ((live << 1) & right) | ((live >> 1) & left)
    bridge = (row | (row << size) | (row >> size)) & fortress
    while bridge:
        row = bridge | ((bridge << 1) & right) | ((bridge >> 1) & left)
        grown = (row | (row << size) | (row >> size)) & fortress
        if grown == bridge:
            break
        bridge = grown
    return bridge


def is_eliminated(board: Board, player: int) -> bool:
    """Whether ``player`` has symbols but none alive: the elimination that ends the game
    (§6)."""
    return not board[player] and bool(board[2 + player])


def reach_mask(geometry: Geometry, board: Board, player: int) -> int:
    """The cells accessible to ``player`` (§3), whatever they hold: the cells adjacent to a
    live symbol of ``player`` or to one of its bridges (a live symbol or bridge cell itself
    only if another one is next to it)."""
    sources = board[player] | _bridges(geometry, board[player], board[3 - player])
    size = geometry.size
    beside = ((sources << 1) & geometry.not_first_file) | ((sources >> 1) & geometry.not_last_file)
    row = beside | sources
    return (beside | (row << size) | (row >> size)) & geometry.full


def bridge_groups(geometry: Geometry, board: Board, player: int) -> list[int]:
    """``player``'s bridges, one mask per 8-connected group, ordered by their lowest cell."""
    remaining = _bridges(geometry, board[player], board[3 - player])
    groups = []
    while remaining:
        group = remaining & -remaining
        while True:
            grown = dilate(geometry, group) & remaining
            if grown == group:
                break
            group = grown
        groups.append(group)
        remaining ^= group
    return groups


def step_mask(geometry: Geometry, board: Board, player: int) -> int:
    """The cells ``player`` may step on now by §4 (which, by the lemma of §5, are exactly the
    legal steps of any moment of a turn): accessible empty cells and accessible live enemies;
    only the home corner while ``player`` has no symbol; never the enemy's home corner while
    the enemy has no symbol (reservation)."""
    return step_parts(geometry, board, player)[0]


def step_parts(geometry: Geometry, board: Board, player: int) -> tuple[int, int, int]:
    """:func:`step_mask` with the reach and the bridges it came from, ``(mask, reach,
    bridges)``, so that the steps of a turn can update them (:func:`step_update`); reach is -1
    while ``player`` has no symbol (the first-step rule)."""
    own_live = board[player]
    own_dead = board[2 + player]
    enemy_live = board[1 - player]
    enemy_dead = board[3 - player]
    if not (own_live | own_dead):  # first step: only the home corner (§4)
        home = geometry.home_bits[player]
        return (0 if home & (enemy_live | enemy_dead) else home), -1, 0
    size = geometry.size
    right = geometry.not_first_file
    left = geometry.not_last_file
    row = own_live | ((own_live << 1) & right) | ((own_live >> 1) & left)
    near = row | (row << size) | (row >> size)
    bridge = near & enemy_dead
    if bridge:  # grow the bridges through the fortress, then reach one cell beyond them
        while True:
            row = bridge | ((bridge << 1) & right) | ((bridge >> 1) & left)
            grown = (row | (row << size) | (row >> size)) & enemy_dead
            if grown == bridge:
                break
            bridge = grown
        row = bridge | ((bridge << 1) & right) | ((bridge >> 1) & left)
        near |= row | (row << size) | (row >> size)
    near &= geometry.full
    mask = near & (geometry.full ^ (own_live | own_dead | enemy_dead))
    if not (enemy_live | enemy_dead):  # reservation ruling (§4)
        mask &= ~geometry.home_bits[1 - player]
    return mask, near, bridge


def step_update(
    geometry: Geometry, board: Board, player: int, index: int, reach: int, bridge: int
) -> tuple[int, int, int]:
    """:func:`step_parts` after ``player`` stepped on ``index``, from the parts before the step
    (``board`` is the board after it). Reach only grows during a turn (the lemma of §5): a
    placement adds the cell's neighbours, a kill adds a fortress cell that belongs to a bridge
    (it was accessible), and either may join fortress groups to the bridges."""
    around = geometry.around[index]
    fortress = board[3 - player]
    reach |= around
    bit = 1 << index
    if fortress & bit:
        bridge |= bit
    # fortress groups that were no bridge and touch the cell become bridges: flood them
    # inside the non-bridge fortress cells (a group is wholly a bridge or wholly not)
    seeds = around & fortress & ~bridge
    if seeds:
        size = geometry.size
        right = geometry.not_first_file
        left = geometry.not_last_file
        loose = fortress & ~bridge
        while True:
            row = seeds | ((seeds << 1) & right) | ((seeds >> 1) & left)
            grown = (row | (row << size) | (row >> size)) & loose
            if grown == seeds:
                break
            seeds = grown
        bridge |= seeds
        row = seeds | ((seeds << 1) & right) | ((seeds >> 1) & left)
        reach |= (row | (row << size) | (row >> size)) & geometry.full
    mask = reach & (geometry.full ^ (board[player] | board[2 + player] | fortress))
    if not (board[1 - player] | fortress):  # reservation ruling (§4)
        mask &= ~geometry.home_bits[1 - player]
    return mask, reach, bridge


def after_steps(board: Board, player: int, stepped: int) -> Board:
    """The board after ``player`` stepped on the cells of ``stepped`` (in any legal order: by
    the lemma of §5 the result depends only on the set)."""
    kills = stepped & board[1 - player]
    placed = stepped ^ kills
    if player == 0:
        return (board[0] | placed, board[1] ^ kills, board[2], board[3] | kills)
    return (board[0] ^ kills, board[1] | placed, board[2] | kills, board[3])


def greedy_steps(geometry: Geometry, board: Board, player: int, limit: int) -> tuple[int, bool]:
    """Step greedily (the lowest legal cell each time) at most ``limit`` times; return the
    number of steps made and whether the last one ended the game (eliminated the enemy)."""
    made = 0
    enemy = 1 - player
    while made < limit:
        mask = step_mask(geometry, board, player)
        if not mask:
            return made, False
        bit = mask & -mask
        made += 1
        if bit & board[enemy]:
            board = after_steps(board, player, bit)
            if not board[enemy]:
                return made, True
        else:
            board = after_steps(board, player, bit)
    return made, False


def turn_length(geometry: Geometry, board: Board, player: int, made: int) -> int:
    """M (§5) for a turn of ``player`` who already made ``made`` legal steps of it.

    By the lemma the made steps plus any greedy continuation form a greedy turn, so M is
    3 if the continuation ends the game, else the length it reaches (``made`` + its steps).
    """
    steps, ended = greedy_steps(geometry, board, player, 3 - made)
    return 3 if ended else made + steps


def distinct_turns(
    geometry: Geometry, board: Board, player: int, limit: int
) -> dict[int, tuple[int, ...]]:
    """Every distinct way to finish the turn: ``{set of stepped cells: one legal order}``.

    ``board`` is the current position and ``limit`` the steps still to make (M minus the steps
    made); a set is final when it has ``limit`` cells, ends the game, or allows no further step
    (which, by the lemma, happens only when every maximal sequence is that short). Returns
    ``{}`` when no step is possible (the player must pass).

    The sets come in the order of a search by levels (:func:`_turns_by_levels`): first steps
    ascending, then each set's next steps ascending, a set kept with the order that found it
    first. Most of them are on the last level (about 6,000 per mid-game 10×10 position, found
    up to three times each), so when no set can end the game the search below finds each set
    once, from the set the search by levels would have found it from. With ``M0`` the first
    steps and ``m(S)`` the steps after the set ``S``, reach only grows (the lemma), so
    ``m(S) ⊇ M0 - S`` and:

    * ``{a, b}`` is found from ``{a}`` unless ``b`` is a first step below ``a`` (then ``{b}``,
      earlier, found it);
    * ``{a, b, c}``, found in the order ``(a, b)``, was found before exactly when ``c`` is
      a first step below ``a`` (from ``{c, a}``) or a step of ``{a}`` below ``b`` (from
      ``{a, c}``); ``{b, c}`` comes before ``(a, b)`` only in the first case (when ``b`` is
      a first step at all, it is one above ``a``, so ``{b, c}`` is found after ``(a, b)``
      unless found from ``c``).

    The same dictionary in the same order keeps the computer players' choices among equal
    turns as they were.
    """
    if limit <= 0:
        return {}
    first, reach, bridge = step_parts(geometry, board, player)
    if not first:
        return {}
    if reach < 0 or board[1 - player].bit_count() <= limit:
        # a first step of the game, or a turn that may end it: some sets stop early
        return _turns_by_levels(geometry, board, player, limit)
    finals: dict[int, tuple[int, ...]] = {}
    for a in cells_of(first):
        bit_a = 1 << a
        if limit == 1:
            finals[bit_a] = (a,)
            continue
        after_a = after_steps(board, player, bit_a)
        mask_a, reach_a, bridge_a = step_update(geometry, after_a, player, a, reach, bridge)
        if not mask_a:  # only when a is the one first step
            finals[bit_a] = (a,)
            continue
        below_a = first & (bit_a - 1)
        for b in cells_of(mask_a & ~below_a):
            pair = bit_a | (1 << b)
            if limit == 2:
                finals[pair] = (a, b)
                continue
            after = after_steps(board, player, pair)
            mask = step_update(geometry, after, player, b, reach_a, bridge_a)[0]
            if not mask:
                finals[pair] = (a, b)
                continue
            for c in cells_of(mask & ~(below_a | (mask_a & ((1 << b) - 1)))):
                finals[pair | (1 << c)] = (a, b, c)
    return finals


def _turns_by_levels(
    geometry: Geometry, board: Board, player: int, limit: int
) -> dict[int, tuple[int, ...]]:
    """:func:`distinct_turns` by a search over levels that keeps one order per set (the
    lemma's point 2 makes sets, not orderings, the unit), checking each new set against those
    found and for the end of the game."""
    finals: dict[int, tuple[int, ...]] = {}
    level: dict[int, tuple[int, ...]] = {0: ()}
    chunks = geometry.chunks
    enemy_live = board[1 - player]
    fortress = board[3 - player]
    for depth in range(limit):
        last = depth == limit - 1
        following: dict[int, tuple[int, ...]] = {}
        for stepped, order in level.items():
            mask = step_mask(geometry, after_steps(board, player, stepped), player)
            if not mask:
                if stepped:
                    finals[stepped] = order
                continue
            for shift, table in chunks:
                byte = (mask >> shift) & 255
                if not byte:
                    continue
                for index in table[byte]:
                    grown = stepped | (1 << index)
                    if grown in finals or grown in following:
                        continue
                    # the last step, or one that leaves the enemy symbols but none alive
                    if last or (not (enemy_live & ~grown) and (fortress or grown & enemy_live)):
                        finals[grown] = (*order, index)
                    else:
                        following[grown] = (*order, index)
        level = following
        if not level:
            break
    return finals


def turn_sequences(
    geometry: Geometry, board: Board, player: int, limit: int
) -> Iterator[tuple[int, ...]]:
    """Every legal order of steps that finishes the turn (lexicographic by index within each
    level). There can be ~10⁵ of them; search should prefer :func:`distinct_turns`."""

    def walk(current: Board, order: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        mask = step_mask(geometry, current, player)
        if not mask:
            if order:
                yield order
            return
        for index in cells_of(mask):
            stepped = after_steps(current, player, 1 << index)
            grown = (*order, index)
            if len(grown) == limit or (not stepped[1 - player] and stepped[3 - player]):
                yield grown
            else:
                yield from walk(stepped, grown)

    if limit > 0:
        yield from walk(board, ())
