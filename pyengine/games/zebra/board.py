"""Zebra board geometry (zebra.md §1): the tables of one board size, shared by every state of
that size, and the position hash that pre-filters the repetition rule (§5)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from pyengine.games.zebra.notation import Cell, Move, Place, Remove

__all__ = ["MODULUS", "Geometry", "geometry", "position_hash"]

MODULUS = (1 << 61) - 1  # a Mersenne prime: position hashes are computed modulo it


@dataclass(frozen=True, slots=True, eq=False)
class Geometry:
    """Precomputed tables for one board size (shared by every state of that size)."""

    size: int
    cells: tuple[Cell, ...]  # index -> Cell
    order: tuple[int, ...]  # indices sorted by file, then rank
    neighbours: tuple[tuple[int, ...], ...]  # the up to 8 neighbours, sorted like ``order``
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # 4 orthogonal rays: west, south, north, east
    centre: int | None  # the centre of an odd board
    moves: dict[tuple[int, int], Move]  # every step or straight-line move, by (source, target)
    places: tuple[Place, ...]
    removes: tuple[Remove, ...]
    weights: tuple[int, ...]  # position hash weight of each cell
    side_weight: int  # position hash weight of the player to move
    move_cap: int  # movement plies before the game ends (§5)


@cache
def geometry(size: int) -> Geometry:
    """The tables for an N×N board (computed once per size)."""
    cells = tuple(Cell(index % size, index // size) for index in range(size * size))
    order = tuple(sorted(range(size * size), key=lambda index: cells[index]))
    neighbours = []
    rays = []
    for cell in cells:
        around = [
            (cell.file + file_step) + (cell.rank + rank_step) * size
            for file_step in (-1, 0, 1)
            for rank_step in (-1, 0, 1)
            if (file_step or rank_step)
            and 0 <= cell.file + file_step < size
            and 0 <= cell.rank + rank_step < size
        ]
        neighbours.append(tuple(around))  # file step first, so already sorted file, rank
        cell_rays = []
        for file_step, rank_step in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            ray = []
            file, rank = cell.file + file_step, cell.rank + rank_step
            while 0 <= file < size and 0 <= rank < size:
                ray.append(rank * size + file)
                file, rank = file + file_step, rank + rank_step
            cell_rays.append(tuple(ray))
        rays.append(tuple(cell_rays))
    moves = {}
    for source in range(size * size):
        targets = set(neighbours[source]).union(*rays[source])
        for target in targets:
            moves[source, target] = Move(cells[source], cells[target])
    generator = random.Random(f"zebra-position-hash-{size}")
    return Geometry(
        size=size,
        cells=cells,
        order=order,
        neighbours=tuple(neighbours),
        rays=tuple(rays),
        centre=(size * size) // 2 if size % 2 else None,
        moves=moves,
        places=tuple(Place(cell) for cell in cells),
        removes=tuple(Remove(cell) for cell in cells),
        weights=tuple(generator.randrange(1, MODULUS) for _ in cells),
        side_weight=generator.randrange(1, MODULUS),
        move_cap=20 * size * size,
    )


def position_hash(cells: tuple[int, ...], player: int, table: Geometry) -> int:
    """The hash of ``cells`` with ``player`` to move (a sum of per-cell weights, mod
    :data:`MODULUS`); the state updates it move by move."""
    total = sum(value * weight for value, weight in zip(cells, table.weights, strict=True))
    return (total + player * table.side_weight) % MODULUS
