"""Zebra rules (zebra.md §§1-6): board geometry, setups and :class:`ZebraState`.

Representation (other modules render from these attributes):

* ``cells``: a tuple of N*N ints, index ``rank0 * N + file0`` (a1 = 0, b1 = 1, a2 = N);
  ``+h`` is a tower of height h with White on top, ``-h`` Black on top, ``0`` an empty (dead)
  cell, a hole, or the neutral base with nothing on it. Colours alternate inside a tower, so
  top colour and height fix it (§2).
* ``holes``: cells that were holes from the start (``hole`` setup, odd ``placement`` boards).
* ``neutral``: the index of the neutral centre in setup ``neutral`` (its value is the coloured
  tower standing on the base, excluding the base), else ``None``.
* ``phase``: ``"removal"`` (setup ``remove``, Black to act), ``"placement"`` or
  ``"movement"``.

Legal actions are listed sorted: moves by source then target, cells by file then rank (so
``a2-a1 a2-a3 a2-b2 a4-a3 ...``, the order of the spec's lists); placements and removals by
cell in the same order. The repetition rule (§5) forbids a move whose resulting position
(cells plus player to move) occurred before; the start position counts. A linear hash of the
position pre-filters the candidates so that only real hits build a full position key.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import NoReturn

from pyengine.core.errors import EngineError, IllegalActionError, NotationError
from pyengine.core.game import TERMINAL, Action, Game, Result, State
from pyengine.core.options import OptionValues
from pyengine.games.zebra.notation import (
    Cell,
    Move,
    Place,
    Position,
    Remove,
    ZebraAction,
    format_diagram,
    format_position,
)

__all__ = [
    "BLACK",
    "WHITE",
    "Geometry",
    "ZebraState",
    "check_position",
    "geometry",
    "infer_setup",
    "initial_position",
    "movement_pieces",
    "piece_counts",
]

WHITE = 0
BLACK = 1
COLOUR_NAMES = ("White", "Black")

_MODULUS = (1 << 61) - 1  # a Mersenne prime: position hashes are computed modulo it


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
        weights=tuple(generator.randrange(1, _MODULUS) for _ in cells),
        side_weight=generator.randrange(1, _MODULUS),
        move_cap=20 * size * size,
    )


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


# what undo restores: cells, phase, player, last action, hash, movement plies, legal actions
_Snapshot = tuple[tuple[int, ...], str, int, ZebraAction | None, int, int, list[ZebraAction] | None]


def _hash(cells: tuple[int, ...], player: int, table: Geometry) -> int:
    total = sum(value * weight for value, weight in zip(cells, table.weights, strict=True))
    return (total + player * table.side_weight) % _MODULUS


class ZebraState(State):
    """A Zebra game in progress. Build one with ``ZEBRA.new_initial_state(options)``."""

    __slots__ = (
        "_geometry",
        "_hash",
        "_history",
        "_jump",
        "_legal",
        "_legal_set",
        "_player",
        "_seen",
        "_seen_hashes",
        "_snapshots",
        "_start",
        "cells",
        "game",
        "holes",
        "last_action",
        "movement_plies",
        "neutral",
        "num_players",
        "options",
        "phase",
        "size",
    )

    def __init__(
        self, game: Game, options: OptionValues, position: Position, *, start: str | None
    ) -> None:
        self.game = game
        self.options = options
        self.num_players = 2
        self.size = position.size
        self.cells = position.cells
        self.holes = position.holes
        self.neutral = position.neutral
        self.phase = position.phase
        self.last_action: ZebraAction | None = None
        self.movement_plies = position.movement_plies
        self._player = position.to_move
        self._jump = options["movement"] == "jump"
        self._geometry = geometry(self.size)
        self._hash = _hash(self.cells, self._player, self._geometry)
        self._history: list[ZebraAction] = []
        self._snapshots: list[_Snapshot] = []
        self._seen = {(self.cells, self._player): 1}  # the start position has occurred (§5)
        self._seen_hashes = {self._hash: 1}
        self._legal: list[ZebraAction] | None = None
        self._legal_set: frozenset[ZebraAction] | None = None
        self._start = start

    # -- the contract -----------------------------------------------------------------

    def current_player(self) -> int:
        """0 = White, 1 = Black, or ``TERMINAL`` when the player to move has no legal move."""
        if self.phase != "movement":
            return self._player
        if self._legal is None:
            self._legal = self._generate()
        return self._player if self._legal else TERMINAL

    @property
    def to_move(self) -> int:
        """The player to move in this position, even when the game is over (they are stuck)."""
        return self._player

    def legal_actions(self) -> list[Action]:
        """The legal actions, sorted (see the module docs); empty when the game is over."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def is_legal(self, action: Action) -> bool:
        if self._legal_set is None:
            if self._legal is None:
                self._legal = self._generate()
            self._legal_set = frozenset(self._legal)
        try:
            return action in self._legal_set
        except TypeError:  # unhashable: not an action at all
            return False

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule that forbids ``action``."""
        if not isinstance(action, (Move, Place, Remove)):
            raise IllegalActionError(
                f"{action!r} is not a Zebra action.",
                code="zebra.not-an-action",
                params={"action": str(action)},
            )
        for cell in action.cells():
            if not cell.on_board(self.size):
                self._illegal(
                    action, "off-board", f"{cell} is not on the board", "board", cell=str(cell)
                )
        if self.current_player() == TERMINAL:
            self._illegal(action, "game-over", "the game is over", "end of the game")
        if self.phase == "removal":
            self._check_removal(action)
        elif self.phase == "placement":
            self._check_placement(action)
        elif isinstance(action, Move):
            self._check_move(action)
        else:
            self._check_setup_action_late(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action without checking it (the fast path for search)."""
        table = self._geometry
        size = self.size
        player = self._player
        cells = list(self.cells)
        self._snapshots.append(
            (
                self.cells,
                self.phase,
                player,
                self.last_action,
                self._hash,
                self.movement_plies,
                self._legal,
            )
        )
        delta = (1 - 2 * player) * table.side_weight  # the side to move flips
        if type(action) is Move:
            source = action.source.rank * size + action.source.file
            target = action.target.rank * size + action.target.file
            value = cells[source]
            sign = 1 if value > 0 else -1
            landed = cells[target]
            cells[source] = sign - value  # the piece below shows; 0 if it was the last one
            cells[target] = sign * (abs(landed) + 1)
            delta += (sign - 2 * value) * table.weights[source]
            delta += (cells[target] - landed) * table.weights[target]
            self.movement_plies += 1
        elif type(action) is Place:
            index = action.cell.rank * size + action.cell.file
            cells[index] = 1 if player == WHITE else -1
            delta += cells[index] * table.weights[index]
            if cells.count(0) == len(self.holes):  # every usable cell is filled
                self.phase = "movement"
        else:
            assert isinstance(action, Remove)
            index = action.cell.rank * size + action.cell.file
            delta -= cells[index] * table.weights[index]
            cells[index] = 0
            self.phase = "movement"
        self.cells = tuple(cells)
        self._player = 1 - player
        self._hash = (self._hash + delta) % _MODULUS
        key = (self.cells, self._player)
        self._seen[key] = self._seen.get(key, 0) + 1
        self._seen_hashes[self._hash] = self._seen_hashes.get(self._hash, 0) + 1
        self.last_action = action
        self._history.append(action)
        self._legal = None
        self._legal_set = None

    def undo(self) -> Action:
        """Restore the state before the last action and return that action."""
        if not self._history:
            raise EngineError("There is no action to undo.", code="undo.empty")
        key = (self.cells, self._player)
        _decrement(self._seen, key)
        _decrement(self._seen_hashes, self._hash)
        (
            self.cells,
            self.phase,
            self._player,
            self.last_action,
            self._hash,
            self.movement_plies,
            self._legal,
        ) = self._snapshots.pop()
        self._legal_set = None
        return self._history.pop()

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    def result(self) -> Result | None:
        """Scores are tower counts (White, Black); more towers wins, a tie goes to the last
        player who moved (§4). ``ending`` is ``"move-cap"`` once the cap is reached (even if
        the player to move is also stuck), else ``"stuck"``."""
        if self.current_player() != TERMINAL:
            return None
        white, black = self.tower_counts()
        if white != black:
            winner, reason = (WHITE if white > black else BLACK), "count"
        else:
            winner, reason = 1 - self._player, "tie-last-mover"
        ending = "move-cap" if self.movement_plies >= self._geometry.move_cap else "stuck"
        return Result(winners=(winner,), scores=(white, black), reason=reason, ending=ending)

    def clone(self) -> ZebraState:
        twin = object.__new__(ZebraState)
        for name in ZebraState.__slots__:
            setattr(twin, name, getattr(self, name))
        twin._history = list(self._history)
        twin._snapshots = list(self._snapshots)
        twin._seen = dict(self._seen)
        twin._seen_hashes = dict(self._seen_hashes)
        return twin

    def __eq__(self, other: object) -> bool:
        """Equal when everything that decides future play is equal: options, cells, phase,
        player to move, the ply count and the positions that occurred (§5)."""
        if not isinstance(other, ZebraState):
            return NotImplemented
        return (
            self.options == other.options
            and self.cells == other.cells
            and self.holes == other.holes
            and self.neutral == other.neutral
            and self.phase == other.phase
            and self._player == other._player
            and self.movement_plies == other.movement_plies
            and self._seen == other._seen
        )

    __hash__ = None

    def position_key(self) -> tuple[tuple[int, ...], int]:
        """``(cells, player to move)``: the position in the sense of the repetition rule."""
        return (self.cells, self._player)

    def position_text(self) -> str:
        return format_position(self.position())

    def start_text(self) -> str | None:
        return self._start

    # -- helpers for people and user interfaces ---------------------------------------

    def position(self) -> Position:
        """The current position as a :class:`Position` value."""
        return Position(
            self.size,
            self.cells,
            self.holes,
            self.neutral,
            self._player,
            self.phase,
            self.movement_plies,
        )

    def diagram(self) -> str:
        """The board drawn as in zebra.md (rank N at the top)."""
        return format_diagram(self.position())

    def cell_index(self, cell: Cell) -> int:
        return cell.rank * self.size + cell.file

    def cell_value(self, cell: Cell) -> int:
        return self.cells[cell.rank * self.size + cell.file]

    def tower_counts(self) -> tuple[int, int]:
        """Towers topped by White and by Black; a bare neutral base counts for nobody."""
        white = sum(1 for value in self.cells if value > 0)
        black = sum(1 for value in self.cells if value < 0)
        return white, black

    def sources(self) -> list[Cell]:
        """The cells that have at least one legal move, sorted."""
        seen: dict[Cell, None] = {}
        for action in self.legal_actions():
            if isinstance(action, Move):
                seen[action.source] = None
        return list(seen)

    def targets_from(self, cell: Cell) -> list[Cell]:
        """The targets of the legal moves from ``cell``, sorted."""
        return [
            action.target
            for action in self.legal_actions()
            if isinstance(action, Move) and action.source == cell
        ]

    @property
    def move_cap(self) -> int:
        """The number of movement plies after which the game ends (20·N², §5)."""
        return self._geometry.move_cap

    # -- generation -------------------------------------------------------------------

    def _generate(self) -> list[ZebraAction]:
        table = self._geometry
        cells = self.cells
        if self.phase == "removal":
            return [table.removes[index] for index in table.order if cells[index] < 0]
        if self.phase == "placement":
            return [
                table.places[index]
                for index in table.order
                if cells[index] == 0 and index not in self.holes
            ]
        if self.movement_plies >= table.move_cap:
            return []
        sign = 1 if self._player == WHITE else -1
        neutral = -1 if self.neutral is None else self.neutral
        moves = table.moves
        seen_hashes = self._seen_hashes
        weights = table.weights
        base_hash = self._hash + (1 - 2 * self._player) * table.side_weight
        result: list[ZebraAction] = []
        for source in table.order:
            value = cells[source]
            if value * sign <= 0:
                continue
            source_change = (sign - 2 * value) * weights[source]
            for target in self._targets(source, abs(value), sign, neutral):
                landed = cells[target]
                new_hash = (
                    base_hash
                    + source_change
                    + (sign * (abs(landed) + 1) - landed) * weights[target]
                ) % _MODULUS
                if new_hash in seen_hashes and self._repeats(source, target):
                    continue
                result.append(moves[source, target])
        # targets come out sorted per source: neighbours are listed file step first, and the
        # jump rays run west, south, north, east
        return result

    def _targets(self, source: int, height: int, sign: int, neutral: int) -> list[int]:
        """Targets for the mover's tower on ``source`` (before the repetition rule)."""
        cells = self.cells
        table = self._geometry
        if not self._jump:
            return [
                target
                for target in table.neighbours[source]
                if cells[target] * sign < 0 or (target == neutral and cells[target] == 0)
            ]
        found = []
        for ray in table.rays[source]:
            crossed = 0
            for target in ray:
                landed = cells[target]
                if landed == 0 and target != neutral:
                    crossed += 1  # an empty cell or hole: passable
                    if crossed > height:
                        break
                    continue
                if landed * sign < 0 or landed == 0:  # opponent, or the bare neutral base
                    found.append(target)
                break
        return found

    def _result_key(self, source: int, target: int) -> tuple[tuple[int, ...], int]:
        cells = list(self.cells)
        value = cells[source]
        sign = 1 if value > 0 else -1
        cells[source] = sign - value
        cells[target] = sign * (abs(cells[target]) + 1)
        return (tuple(cells), 1 - self._player)

    def _repeats(self, source: int, target: int) -> bool:
        return self._result_key(source, target) in self._seen

    # -- checks -----------------------------------------------------------------------

    def _illegal(
        self, action: ZebraAction, code: str, reason: str, rule: str, **extra: str | int
    ) -> NoReturn:
        """Raise the error; params hold the action's cells (``source``/``target`` or
        ``cell``) and ``extra`` values, for messages built from the code."""
        params: dict[str, str | int] = {"action": str(action), "reason": reason, "rule": rule}
        if isinstance(action, Move):
            params.update(source=str(action.source), target=str(action.target))
        else:
            params["cell"] = str(action.cell)
        params.update(extra)
        raise IllegalActionError(
            f"{action} is illegal: {reason} ({rule}).", code=f"zebra.{code}", params=params
        )

    def _describe(self, index: int) -> str:
        value = self.cells[index]
        if index in self.holes:
            return "a hole"
        if value == 0:
            return "the bare neutral base" if index == self.neutral else "empty"
        return f"a {COLOUR_NAMES[WHITE if value > 0 else BLACK]} tower"

    def _check_setup_action_late(self, action: ZebraAction) -> None:
        setup = self.options["setup"]
        if isinstance(action, Place):
            reason = (
                "the placement phase is over"
                if setup == "placement"
                else f"setup {setup} has no placement phase"
            )
            self._illegal(action, "wrong-phase", reason, "placement rule")
        reason = (
            "Black's removal is made once, before White's first move"
            if setup == "remove"
            else f"setup {setup} has no removal"
        )
        self._illegal(action, "wrong-phase", reason, "removal rule")

    def _check_removal(self, action: ZebraAction) -> None:
        if not isinstance(action, Remove):
            self._illegal(
                action, "wrong-phase", "Black must first remove one of its pieces", "removal rule"
            )
        index = self.cell_index(action.cell)
        if self.cells[index] >= 0:
            self._illegal(
                action,
                "remove-not-own",
                f"{action.cell} holds {self._describe(index)}; Black removes one of its own pieces",
                "removal rule",
            )

    def _check_placement(self, action: ZebraAction) -> None:
        if not isinstance(action, Place):
            self._illegal(
                action,
                "wrong-phase",
                "the board is still being filled: each player places a piece",
                "placement rule",
            )
        index = self.cell_index(action.cell)
        if index in self.holes:
            self._illegal(action, "place-hole", f"{action.cell} is a hole", "placement rule")
        if self.cells[index] != 0:
            self._illegal(
                action, "place-occupied", f"{action.cell} is already occupied", "placement rule"
            )

    def _check_move(self, action: Move) -> None:
        source = self.cell_index(action.source)
        target = self.cell_index(action.target)
        value = self.cells[source]
        colour = COLOUR_NAMES[self._player]
        sign = 1 if self._player == WHITE else -1
        if value == 0:
            self._illegal(
                action,
                "source-empty",
                f"{action.source} is {self._describe(source)}; a move starts "
                f"from a tower topped by {colour}",
                "move rule",
            )
        if value * sign < 0:
            self._illegal(
                action,
                "not-your-tower",
                f"{action.source} holds {self._describe(source)}; {colour} moves "
                f"only towers topped by {colour}",
                "move rule",
            )
        if source == target:
            self._illegal(action, "same-cell", "a move needs two different cells", "move rule")
        file_step = action.target.file - action.source.file
        rank_step = action.target.rank - action.source.rank
        if not self._jump and target not in self._geometry.neighbours[source]:
            self._illegal(
                action,
                "not-adjacent",
                f"{action.target} is not next to {action.source}",
                "move rule",
            )
        if self._jump and file_step and rank_step:
            if abs(file_step) == abs(rank_step):
                self._illegal(
                    action, "diagonal-in-jump", "diagonal moves are not allowed", "jump rule"
                )
            self._illegal(
                action,
                "not-in-line",
                f"{action.target} is not on the same rank or file as {action.source}",
                "jump rule",
            )
        landed = self.cells[target]
        if landed == 0 and target != self.neutral:
            reason = (
                f"{action.target} is a hole"
                if target in self.holes
                else f"{action.target} is empty, and an emptied cell is never entered"
            )
            self._illegal(action, "target-empty", reason, "move rule")
        if landed * sign > 0:
            self._illegal(
                action,
                "target-not-opponent",
                f"{action.target} holds a {colour} tower; a move lands on a tower "
                "topped by the opponent",
                "move rule",
            )
        if self._jump:
            self._check_jump_path(action, source, target, abs(value))
        if self._repeats(source, target):
            self._illegal(
                action, "repetition", "it would repeat an earlier position", "repetition rule"
            )

    def _check_jump_path(self, action: Move, source: int, target: int, height: int) -> None:
        table = self._geometry
        ray = next(ray for ray in table.rays[source] if target in ray)
        crossed = 0
        for index in ray[: ray.index(target)]:
            if self.cells[index] != 0 or index == self.neutral:
                self._illegal(
                    action,
                    "jump-blocked",
                    f"{table.cells[index]} is in the way; a jump crosses only empty cells",
                    "jump rule",
                    blocker=str(table.cells[index]),
                )
            crossed += 1
        if crossed > height:
            self._illegal(
                action,
                "jump-too-far",
                f"it crosses {crossed} empty cells but the tower on {action.source} "
                f"has height {height}",
                "jump rule: at most as many empty cells as the tower's height",
                crossed=crossed,
                height=height,
            )


def _decrement(counter: dict, key: object) -> None:  # type: ignore[type-arg]
    count = counter[key] - 1
    if count:
        counter[key] = count
    else:
        del counter[key]


# -- positions given as text --------------------------------------------------------------


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
    """Raise :class:`NotationError` unless ``position`` can occur in a game with ``options``."""

    def reject(reason: str) -> None:
        raise NotationError(
            f"the position does not fit the options: {reason}.",
            code="notation.position-mismatch",
            params={"text": format_position(position), "reason": reason},
        )

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
