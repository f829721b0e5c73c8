"""Virus War rules (virus-war.md §§1-7): :class:`VirusWarState`.

Representation (the renderer and the UI read these):

* four bitboards ``(live X, live O, dead X, dead O)`` (see :mod:`.bitboard`); read cells with
  :meth:`VirusWarState.cell_content` (``. X O x o``) or :meth:`VirusWarState.contents`; the
  index of a cell is ``rank0 * size + file0`` (a1 = 0, b1 = 1, a2 = size);
* seats: 0 = X (Crosses, moves first), 1 = O (Noughts);
* every step is one action of the player to move, who stays to move until the turn is over;
  the engine ends the turn itself after M steps (§5) or when the game ends. ``Pass`` is legal
  only before a turn's first step.

Legal actions are listed as ``Pass`` first (when legal) and then the steps sorted by cell,
file first, then rank (``pass a2 b1 b2``), the order of the spec's lists. By the lemma of §5
every step allowed by §4 can be completed to a full turn, so the legal steps are exactly the
§4 steps, and the turn simply continues while a step is available, fewer than 3 were made and
the game goes on. M itself is computed on demand (:attr:`VirusWarState.turn_length`) from the
current position: the steps made plus a greedy continuation, or 3 if that continuation ends the
game.

Search uses the integer fast path: :meth:`~VirusWarState.legal_step_mask` (pick a random step
with :func:`.bitboard.nth_cell`), :meth:`~VirusWarState.step_index`,
:meth:`~VirusWarState.pass_turn`, :meth:`~VirusWarState.distinct_turns` (one order per distinct
full turn) and :meth:`~VirusWarState.play_turn`, on copies from
:meth:`~VirusWarState.playout_copy` (no history, no undo: cheaper) or :meth:`~State.clone`.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import TYPE_CHECKING

from pyengine.core.errors import EngineError
from pyengine.core.game import TERMINAL, Action, Game, Result, State
from pyengine.core.options import OptionValues
from pyengine.games.virus_war.bitboard import (
    Board,
    Geometry,
    board_geometry,
    bridge_groups,
    cells_of,
    distinct_turns,
    is_eliminated,
    reach_mask,
    step_mask,
    step_parts,
    step_update,
    turn_length,
    turn_sequences,
)
from pyengine.games.virus_war.errors import check_action
from pyengine.games.virus_war.notation import (
    PASS,
    SYMBOLS,
    O,
    Pass,
    Position,
    Step,
    X,
    format_diagram,
    format_position,
)
from pyengine.games.virus_war.positions import board_from_contents

if TYPE_CHECKING:
    from pyengine.games.virus_war.notation import Cell, VirusWarAction

__all__ = ["O", "VirusWarState", "X"]

ENDINGS = ("elimination", "double-pass")
_OVER_NONE, _OVER_ELIMINATION, _OVER_DOUBLE_PASS = 0, 1, 2

# what undo restores: board, player, passes, last mover, turn steps, number, over, step mask
_Snapshot = tuple[Board, int, int, int, tuple[int, ...], int, int, int]
_SAVE = attrgetter(
    "_board", "_player", "_passes", "_last_mover", "_turn_steps", "_number", "_over", "_mask"
)


class VirusWarState(State):
    """A Virus War game in progress. Build one with ``VIRUS_WAR.new_initial_state(options)``.

    >>> from pyengine.games.virus_war import VIRUS_WAR
    >>> state = VIRUS_WAR.new_initial_state({"size": 6})
    >>> [str(action) for action in state.legal_actions()]
    ['pass', 'a1']
    >>> state.apply("a1"); state.apply("b2")
    >>> state.current_player(), state.turn_steps, state.turn_length, state.steps_left
    (0, (0, 7), 3, 1)
    >>> state.apply("c3"); state.current_player(), state.turn_texts()
    (1, ['a1-b2-c3'])
    """

    __slots__ = (
        "_board",
        "_bridge",
        "_geometry",
        "_history",
        "_last_mover",
        "_last_wins",
        "_mask",
        "_number",
        "_over",
        "_passes",
        "_player",
        "_reach",
        "_record",
        "_snapshots",
        "_start",
        "_turn_steps",
        "game",
        "last_action",
        "num_players",
        "options",
        "size",
    )

    def __init__(
        self, game: Game, options: OptionValues, position: Position, *, start: str | None
    ) -> None:
        self.game = game
        self.options = options
        self.num_players = 2
        self.size = position.size
        self.last_action: VirusWarAction | None = None
        self._geometry = board_geometry(self.size)
        self._board = board_from_contents(position.contents)
        self._player = position.to_move
        self._passes = position.passes
        self._last_mover = -1 if position.last_mover is None else position.last_mover
        self._turn_steps = position.turn_steps
        self._number = position.number
        self._over = _OVER_NONE
        if position.passes == 2:
            self._over = _OVER_DOUBLE_PASS
        elif self._eliminated() is not None:
            self._over = _OVER_ELIMINATION
        self._mask = -1  # the legal step mask, -1 until computed
        self._reach = -1  # the mover's reach and bridges behind _mask; -1 when not known
        self._bridge = 0
        self._history: list[VirusWarAction] = []
        self._snapshots: list[_Snapshot] = []
        self._record = True  # keep history and undo snapshots (off in playout copies)
        self._start = start
        self._last_wins = options["variant"] == "last-move-wins"

    # -- the contract -----------------------------------------------------------------

    def current_player(self) -> int:
        """0 = X, 1 = O (the same player for every step of a turn), or ``TERMINAL``."""
        return TERMINAL if self._over else self._player

    @property
    def to_move(self) -> int:
        """The player to move; once the game is over, the player who would move next."""
        return self._player

    def legal_actions(self) -> list[Action]:
        """``Pass`` first when legal, then the steps sorted by file, then rank."""
        if self._over:
            return []
        mask = self._mask if self._mask >= 0 else self.legal_step_mask()
        geometry = self._geometry
        indices = cells_of(mask)
        indices.sort(key=geometry.sort_keys.__getitem__)
        steps = geometry.steps
        actions: list[Action] = [steps[index] for index in indices]
        if not self._turn_steps:
            actions.insert(0, PASS)
        return actions

    def is_legal(self, action: Action) -> bool:
        if self._over:
            return False
        if type(action) is Pass:
            return not self._turn_steps
        if type(action) is not Step or not action.cell.on_board(self.size):
            return False
        mask = self._mask if self._mask >= 0 else self.legal_step_mask()
        return bool(mask >> action.cell.index(self.size) & 1)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule that forbids ``action``
        (:func:`.errors.check_action`)."""
        check_action(self, action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action without checking it (the fast path for search)."""
        if type(action) is Pass:
            self.pass_turn()
        else:
            cell = action.cell  # type: ignore[attr-defined]
            self.step_index(cell.rank * self.size + cell.file)

    def undo(self) -> Action:
        """Restore the state before the last action (step or pass) and return that action."""
        if not self._history:
            raise EngineError("There is no action to undo.", code="undo.empty")
        (
            self._board,
            self._player,
            self._passes,
            self._last_mover,
            self._turn_steps,
            self._number,
            self._over,
            self._mask,
        ) = self._snapshots.pop()
        self._reach = -1
        action = self._history.pop()
        self.last_action = self._history[-1] if self._history else None
        return action

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    def result(self) -> Result | None:
        """How the game ended: ``ending`` ``"elimination"`` or ``"double-pass"``; ``reason``
        ``"elimination"`` (the winner killed every enemy symbol), ``"last-move"`` (a double
        pass in ``last-move-wins``: the player of the last non-pass turn wins) or ``"draw"``
        (a double pass in ``standard``, or ``1. pass pass``). ``scores`` are the live symbol
        counts (X, O) at the end; they do not decide anything."""
        if not self._over:
            return None
        board = self._board
        scores = (board[0].bit_count(), board[1].bit_count())
        if self._over == _OVER_ELIMINATION:
            loser = self._eliminated()
            assert loser is not None
            return Result(
                winners=(1 - loser,), scores=scores, reason="elimination", ending="elimination"
            )
        if self._last_wins and self._last_mover >= 0:
            return Result(
                winners=(self._last_mover,), scores=scores, reason="last-move", ending="double-pass"
            )
        return Result(winners=(), scores=scores, reason="draw", ending="double-pass")

    def clone(self) -> VirusWarState:
        return self._copy(keep_history=True)

    def playout_copy(self) -> VirusWarState:
        """A copy for search that keeps no history and no undo snapshots, then or later: it
        is cheaper to make and to play on, but ``history`` stays empty, ``undo`` raises and
        the record of the game is lost (use :meth:`clone` to keep them)."""
        return self._copy(keep_history=False)

    def _copy(self, *, keep_history: bool) -> VirusWarState:
        twin = object.__new__(VirusWarState)
        twin.game = self.game
        twin.options = self.options
        twin.num_players = 2
        twin.size = self.size
        twin.last_action = self.last_action
        twin._geometry = self._geometry
        twin._board = self._board
        twin._player = self._player
        twin._passes = self._passes
        twin._last_mover = self._last_mover
        twin._turn_steps = self._turn_steps
        twin._number = self._number
        twin._over = self._over
        twin._mask = self._mask
        twin._reach = self._reach
        twin._bridge = self._bridge
        twin._history = self._history.copy() if keep_history else []
        twin._snapshots = self._snapshots.copy() if keep_history else []
        twin._record = self._record and keep_history
        twin._start = self._start
        twin._last_wins = self._last_wins
        return twin

    def _equality_key(self) -> tuple[object, ...]:
        """The options, the board, the player to move, the pass state, the last non-pass mover
        and the steps of the current turn (not the turn number)."""
        return (
            self.options,
            self._board,
            self._player,
            self._passes,
            self._last_mover,
            self._turn_steps,
        )

    def position_key(self) -> tuple[int, int, int, int, int, int, int, int, int]:
        """``(size, 4 bitboards, player, passes, last mover, steps made in the turn)``."""
        board = self._board
        return (
            self.size,
            board[0],
            board[1],
            board[2],
            board[3],
            self._player,
            self._passes,
            self._last_mover,
            len(self._turn_steps),
        )

    def position_text(self) -> str:
        return format_position(self.position())

    def start_text(self) -> str | None:
        return self._start

    # -- the integer fast path for search ---------------------------------------------

    def legal_step_mask(self) -> int:
        """The legal steps as a bitmask of cell indices (0 when the game is over)."""
        if self._mask < 0:
            if self._over:
                self._mask = 0
            else:
                self._mask, self._reach, self._bridge = step_parts(
                    self._geometry, self._board, self._player
                )
        return self._mask

    def legal_step_indices(self) -> list[int]:
        """The legal steps as cell indices, ascending by index (rank, then file)."""
        return cells_of(self.legal_step_mask())

    def step_index(self, index: int) -> None:
        """Step on the cell ``index`` without any check (it must be a legal step)."""
        player = self._player
        board = self._board
        steps = self._turn_steps
        action = self._geometry.steps[index]
        if self._record:
            self._save(action)
        self.last_action = action
        bit = 1 << index
        enemy = 1 - player
        live_x, live_o, dead_x, dead_o = board
        if bit & board[enemy]:
            if player:
                live_x ^= bit
                dead_x |= bit
            else:
                live_o ^= bit
                dead_o |= bit
        elif player:
            live_o |= bit
        else:
            live_x |= bit
        board = self._board = (live_x, live_o, dead_x, dead_o)
        steps = self._turn_steps = (*steps, index)
        self._passes = 0
        self._last_mover = player
        if not board[enemy] and board[3 - player]:  # elimination (§6)
            self._over = _OVER_ELIMINATION
            self._mask = 0
            self._end_turn(player)
            return
        if len(steps) < 3:
            if self._reach >= 0 and self._mask >= 0:  # update the reach of the turn so far
                mask, self._reach, self._bridge = step_update(
                    self._geometry, board, player, index, self._reach, self._bridge
                )
            else:
                mask, self._reach, self._bridge = step_parts(self._geometry, board, player)
            self._mask = mask
            if mask:
                return  # the turn goes on (the lemma: then M > steps made)
        self._end_turn(player)

    def pass_turn(self) -> None:
        """Pass without any check (legal only before the turn's first step)."""
        player = self._player
        if self._record:
            self._save(PASS)
        self.last_action = PASS
        if self._passes:
            self._passes = 2
            self._over = _OVER_DOUBLE_PASS
        else:
            self._passes = 1
        self._end_turn(player)

    def _save(self, action: VirusWarAction) -> None:
        """Keep what undo restores, before ``action`` is applied."""
        self._snapshots.append(_SAVE(self))
        self._history.append(action)

    def _end_turn(self, player: int) -> None:
        self._player = 1 - player
        self._turn_steps = ()
        if player:
            self._number += 1
        self._reach = -1
        if not self._over:
            self._mask = -1

    def distinct_turns(self) -> list[tuple[int, ...]]:
        """One legal order of steps (cell indices) for each distinct way to finish the current
        turn, i.e. for each distinct position a full turn can reach (a pass not included).
        Ordered by the set of cells stepped on (as a bitmask). Empty when the player must pass
        or the game is over."""
        if self._over:
            return []
        left = self.steps_left or 0
        turns = distinct_turns(self._geometry, self._board, self._player, left)
        return [turns[key] for key in sorted(turns)]

    def turn_sequences(self) -> Iterator[tuple[int, ...]]:
        """Every legal order of steps that finishes the current turn (cell indices). There can
        be ~10⁵; search should prefer :meth:`distinct_turns`."""
        if self._over:
            return iter(())
        return turn_sequences(self._geometry, self._board, self._player, self.steps_left or 0)

    def play_turn(self, indices: tuple[int, ...] | list[int]) -> None:
        """Play the rest of the turn, e.g. one of :meth:`distinct_turns`, or pass for ``()``."""
        if not indices:
            self.pass_turn()
            return
        for index in indices:
            self.step_index(index)

    # -- turn information -------------------------------------------------------------

    @property
    def turn_steps(self) -> tuple[int, ...]:
        """The cell indices stepped on so far in the current turn, in order."""
        return self._turn_steps

    @property
    def turn_length(self) -> int | None:
        """M for the current turn (§5), computed from the current position (the steps made
        plus a greedy continuation; 3 if that continuation ends the game). 0 when the player
        must pass; ``None`` once the game is over."""
        if self._over:
            return None
        return turn_length(self._geometry, self._board, self._player, len(self._turn_steps))

    @property
    def steps_left(self) -> int | None:
        """M minus the steps made in the current turn (``None`` once the game is over)."""
        length = self.turn_length
        return None if length is None else length - len(self._turn_steps)

    @property
    def turn_number(self) -> int:
        """The number of the current turn pair as the record numbers it (X's and O's turn
        share a number; a game from the start begins at 1)."""
        return self._number

    @property
    def passes(self) -> int:
        """1 if the previous turn was a pass, 2 if a double pass ended the game, else 0."""
        return self._passes

    @property
    def last_mover(self) -> int | None:
        """The player of the most recent non-pass turn (``None`` if there was none)."""
        return None if self._last_mover < 0 else self._last_mover

    def turn_texts(self) -> list[str]:
        """The turns so far in record notation (``["a1-b2-c3", "pass", "k10-i9"]``); the last
        one may be a turn in progress. A game from a position text starts with the steps the
        text lists for its current turn."""
        steps = self._geometry.steps
        # each snapshot holds the turn's steps before its action: none means a new turn
        first = self._snapshots[0][4] if self._snapshots else self._turn_steps
        texts: list[str] = []
        current = [str(steps[index]) for index in first]
        for action, snapshot in zip(self._history, self._snapshots, strict=True):
            if not snapshot[4] and current:
                texts.append("-".join(current))
                current = []
            if type(action) is Pass:
                texts.append("pass")
            else:
                current.append(str(action))
        if current:
            texts.append("-".join(current))
        return texts

    # -- helpers for people and user interfaces ---------------------------------------

    @property
    def geometry(self) -> Geometry:
        """The board's precomputed masks and tables (for search code using :mod:`.bitboard`)."""
        return self._geometry

    @property
    def board(self) -> Board:
        """The four bitboards ``(live X, live O, dead X, dead O)``."""
        return self._board

    def cell_content(self, index: int) -> str:
        """``"."`` empty, ``"X"``/``"O"`` live, ``"x"`` dead X (O's fortress), ``"o"`` dead O
        (X's fortress)."""
        board = self._board
        for kind in range(4):
            if board[kind] >> index & 1:
                return SYMBOLS[kind + 1]
        return "."

    def contents(self) -> str:
        """Every cell's :meth:`cell_content`, in index order."""
        board = self._board
        return "".join(
            "X"
            if board[0] >> index & 1
            else "O"
            if board[1] >> index & 1
            else "x"
            if board[2] >> index & 1
            else "o"
            if board[3] >> index & 1
            else "."
            for index in range(self._geometry.area)
        )

    def cell_index(self, cell: Cell) -> int:
        return cell.rank * self.size + cell.file

    def cell_name(self, index: int) -> str:
        return str(self._geometry.cells[index])

    def home_corner(self, player: int) -> int:
        """The index of ``player``'s home corner: a1 for X, the opposite corner for O."""
        return self._geometry.homes[player]

    def has_symbol(self, player: int) -> bool:
        """Whether ``player`` has any symbol, live or dead, on the board."""
        return bool(self._board[player] | self._board[2 + player])

    def accessible_mask(self, player: int) -> int:
        """The cells accessible to ``player`` by §3 (next to a live symbol or a bridge), as a
        bitmask, whatever they hold."""
        return reach_mask(self._geometry, self._board, player)

    def accessible(self, player: int) -> frozenset[int]:
        """:meth:`accessible_mask` as a set of indices."""
        return frozenset(cells_of(self.accessible_mask(player)))

    def step_cells(self, player: int) -> frozenset[int]:
        """The cells ``player`` could step on in this position by §4 (for the player to move
        during a game: exactly the legal steps)."""
        return frozenset(cells_of(step_mask(self._geometry, self._board, player)))

    def bridges(self, player: int) -> list[frozenset[int]]:
        """``player``'s bridges (§3): groups of their fortress cells touching a live symbol."""
        return [
            frozenset(cells_of(group))
            for group in bridge_groups(self._geometry, self._board, player)
        ]

    def counts(self) -> dict[str, list[int]]:
        """``{"live": [X, O], "dead": [X, O]}``: symbols of each player on the board."""
        board = self._board
        return {
            "live": [board[0].bit_count(), board[1].bit_count()],
            "dead": [board[2].bit_count(), board[3].bit_count()],
        }

    def position(self) -> Position:
        """The current position as a :class:`Position` value."""
        length = 0 if self._over else self.turn_length
        return Position(
            self.size,
            self.contents(),
            self._player,
            self._passes,
            self.last_mover,
            self._turn_steps,
            length,
            self._number,
        )

    def diagram(self) -> str:
        """The board drawn as in virus-war.md (rank N at the top)."""
        return format_diagram(self.size, self.contents())

    def _eliminated(self) -> int | None:
        """The player with symbols on the board but none alive, if any."""
        return next((player for player in (X, O) if is_eliminated(self._board, player)), None)
