"""Zebra rules (zebra.md §§1-6): :class:`ZebraState` (its board tables are in :mod:`.board`,
the setups in :mod:`.positions` and the explanations of illegal actions in :mod:`.errors`).

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

from typing import TYPE_CHECKING

from pyengine.core.errors import EngineError
from pyengine.core.game import TERMINAL, Action, Game, Result, State
from pyengine.core.options import OptionValues
from pyengine.games.zebra.board import MODULUS, geometry, position_hash
from pyengine.games.zebra.errors import check_action
from pyengine.games.zebra.notation import (
    BLACK,
    WHITE,
    Move,
    Place,
    Position,
    Remove,
    format_diagram,
    format_position,
)

if TYPE_CHECKING:
    from pyengine.games.zebra.notation import Cell, ZebraAction

    # what undo restores: cells, phase, player, last action, hash, movement plies, legal actions
    _Snapshot = tuple[
        tuple[int, ...], str, int, ZebraAction | None, int, int, list[ZebraAction] | None
    ]

__all__ = ["BLACK", "WHITE", "ZebraState"]


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
        self._hash = position_hash(self.cells, self._player, self._geometry)
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
        """Raise :class:`IllegalActionError` naming the rule that forbids ``action``
        (:func:`.errors.check_action`)."""
        check_action(self, action)

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
        self._hash = (self._hash + delta) % MODULUS
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

    def _equality_key(self) -> tuple[object, ...]:
        """Options, cells, phase, player to move, the ply count and the positions that
        occurred (§5)."""
        return (
            self.options,
            self.cells,
            self.holes,
            self.neutral,
            self.phase,
            self._player,
            self.movement_plies,
            self._seen,
        )

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
                ) % MODULUS
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


def _decrement(counter: dict, key: object) -> None:  # type: ignore[type-arg]
    count = counter[key] - 1
    if count:
        counter[key] = count
    else:
        del counter[key]
