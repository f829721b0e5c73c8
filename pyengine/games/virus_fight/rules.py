"""Virus Fight rules (virus-fight.md §§3-7): :class:`VirusFightState`.

**Seats** are 0-based in the engine contract (``current_player()``, ``Result.winners``,
every attribute below) and 1-based in the notation, the records and the messages ("seat 1"
is seat index 0, the south seat).

**Phases and decisions.** ``phase`` is ``"setup"``, ``"play"`` or ``"over"``. In setup the
seat to act is the lowest seat without a program; each submits one :class:`Setup` action.
In play, ``decision`` is ``"effect"`` (MOVE, WRITE or ERASE), ``"marker"`` (the marker step
after the effect), ``"jump"`` (a JUMP) or ``"stop-vote"`` (answering a stop proposal). A
decision with no legal action is resolved by the engine itself with the automatic tokens
``-``, ``@-`` and ``J@-`` (so ``current_player()`` always has a legal action).

**Legal-action order.** Setup: :class:`~.board.SetupChoices` (a lazy sequence).  MOVE: by
source cell, then target cell.  WRITE: by piece code (``M1 M2 M3 W1 ... E3``), then cell.
ERASE: ``x-`` first, then the targets by cell.  Marker step and jump: by cell.  Stop vote:
``accept``, ``decline``.  Cells sort by file, then rank (``a2 b1 b3``).  A stop *proposal*
(``stop``) is never listed (§7.2): check :meth:`VirusFightState.can_propose_stop` and
apply :class:`ProposeStop`.

**Resigning** (``resign``, never listed) is a ruling of this engine: during their own turn
(at any decision of it, not during the program setup or a stop vote) a player may give up,
and is eliminated as by §6.7 (marker and supply leave the game, their pieces stay); if one
player remains they win by elimination, else the others play on. The record writes it as
the turn's line ``3.2 resign``, or ``3.2 E2 xc4 resign`` after the turn's effect.

**History.** ``history`` holds the actions submitted by players (setups, decisions, stop
proposals and answers) - replaying it rebuilds the state, as the engine contract requires.
``log`` holds the same sequence with the automatic tokens the engine applied, in order, and
``turns`` the finished turns as the record writes them (:class:`TurnEntry`).

**What a renderer or UI reads.**

* ``size``, ``num_players``, ``phase``, ``decision``, ``round_number``, ``first_player``,
  ``round_order`` (the seats of the current round in playing order), ``to_act``;
* ``piece_at(cell)`` → :class:`~.notation.Piece` (``kind``, ``size``, ``code``, ``owner``,
  ``origin``) or ``None``; ``marker_at(cell)`` → the seat whose marker is there or ``None``;
  ``board_cells()`` → ``[(cell, piece, marker seat or None), ...]`` for occupied cells;
* ``marker(seat)`` → the marker's cell (``None`` before the reveal or once eliminated);
* ``supply(seat)`` → the pieces in the seat's supply (owner = seat, ``origin`` = the colour
  they are drawn in; captured pieces keep their origin); ``supply_counts(seat)`` → ``{code:
  count}``; ``removed(seat)`` → pieces that left the game when the seat was eliminated;
* ``alive(seat)``, ``eliminated`` (tuple of seats);
* ``home_segment(seat)``; ``program_submitted(seat)``; ``visible_program(seat, viewer)`` →
  the :class:`Setup` if ``viewer`` may see it (its owner, or anyone after the reveal; a
  ``viewer`` of ``None`` is a spectator), else ``None``;
* ``instruction()`` → :class:`Instruction` (seat, cell, piece, decision) about to execute,
  e.g. "seat 1 executes ERASE 3 on c1";
* ``result()``, ``ending`` (``elimination agreement repetition quiet cap``), ``quiet_rounds``.

Illegal actions raise :class:`~pyengine.core.errors.IllegalActionError` with a code
``virus-fight.<rule>`` (:data:`ILLEGAL_CODES`) and params ``action``, ``seat`` (1-based),
``rule`` and, when relevant, ``cell`` and ``piece``.

The legal lists of play are computed in :mod:`.legal`, what each action does in
:mod:`.effects`, turn order and the endings in :mod:`.rounds`, and the refusals explained in
:mod:`.errors`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyengine.core.game import TERMINAL, Action, Game, Result
from pyengine.core.options import OptionValues
from pyengine.core.snapshots import SnapshotState
from pyengine.games.virus_fight.board import SetupChoices, home_segments, neighbours
from pyengine.games.virus_fight.effects import perform
from pyengine.games.virus_fight.errors import check_action
from pyengine.games.virus_fight.legal import block_indices, compute_legal
from pyengine.games.virus_fight.notation import (
    PIECE_CODES,
    TYPE_NAMES,
    Cell,
    Jump,
    NoEffect,
    Piece,
    Setup,
    Step,
    sort_supply,
)
from pyengine.games.virus_fight.rounds import TurnEntry, end_game, end_turn, stop_winners

__all__ = ["Instruction", "VirusFightState"]


@dataclass(frozen=True, slots=True)
class Instruction:
    """The instruction about to execute: ``seat`` (0-based) runs ``piece`` on ``cell``;
    ``decision`` is ``effect``, ``marker``, ``jump`` or ``stop-vote``."""

    seat: int
    cell: Cell
    piece: Piece
    decision: str

    def __str__(self) -> str:
        return (
            f"seat {self.seat + 1} executes {TYPE_NAMES[self.piece.kind]} "
            f"{self.piece.size} on {self.cell}"
        )


class VirusFightState(SnapshotState):
    """A Virus Fight game. Build one with ``VIRUS_FIGHT.new_initial_state(options)``.

    >>> from pyengine.games.virus_fight import VIRUS_FIGHT
    >>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
    >>> state.apply("b1:E3 c1:W2 d1:J1 @c1"); state.apply("a5:J2 b5:E3 c5:M1 @b5")
    >>> state.phase, state.current_player(), [str(a) for a in state.legal_actions()]
    ('play', 1, ['x-', 'xa5', 'xc5'])
    """

    # attributes restored by undo, in snapshot order, and the lists a clone copies
    _COPIED = (
        "_board",
        "_markers",
        "_supplies",
        "_removed",
        "_programs",
        "_keys",
        "_key_counts",
        "_turns",
        "_log",
    )
    _SAVED = (
        "_board",
        "_markers",
        "_supplies",
        "_removed",
        "_programs",
        "_phase",
        "_round",
        "_first",
        "_order",
        "_turn_index",
        "_decision",
        "_proposed",
        "_voters",
        "_quiet",
        "_noisy",
        "_ending",
        "_pending",
        "_code",
    )

    def __init__(self, game: Game, options: OptionValues, size: int) -> None:
        super().__init__()
        self.game = game
        self.options = options
        self.num_players = int(options["players"])
        self.size = size
        self.seed = int(options["seed"])
        self._segments = home_segments(self.num_players, size)
        self._neighbours = neighbours(size)
        players = self.num_players
        self._board: list[Piece | None] = [None] * (size * size)
        self._markers: list[int | None] = [None] * players
        full = [
            sort_supply([Piece(code[0], int(code[1]), seat, seat) for code in PIECE_CODES])
            for seat in range(players)
        ]
        self._supplies: list[tuple[Piece, ...]] = full
        self._removed: list[int] = [0] * players
        self._programs: list[Setup | None] = [None] * players
        self._phase = "setup"
        self._round = 0
        self._first = -1
        self._order: tuple[int, ...] = ()
        self._turn_index = 0
        self._decision = ""
        self._proposed = False
        self._voters: tuple[int, ...] = ()  # seats still to answer a stop proposal
        self._quiet = 0
        self._noisy = False
        self._ending: str | None = None
        self._pending = ""  # the effect token of the turn in progress
        self._code = ""  # the code of the instruction executed by the turn in progress
        self._keys: list[Any] = []
        self._key_counts: dict[Any, int] = {}
        self._turns: list[TurnEntry] = []
        self._log: list[Action] = []

    # -- the contract -----------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act (0-based) or ``TERMINAL``."""
        if self._phase == "over":
            return TERMINAL
        return self.to_act

    @property
    def to_act(self) -> int:
        """The seat expected to act (``-1`` once the game is over)."""
        if self._phase == "over":
            return -1
        if self._phase == "setup":
            return self._programs.index(None)
        if self._voters:
            return self._voters[0]
        return self._order[self._turn_index]

    def legal_actions(self) -> list[Action]:
        """The legal actions in the documented order (a lazy sequence during setup)."""
        if self._phase == "setup":
            return SetupChoices(self._segments[self.to_act])  # type: ignore[return-value]
        return super().legal_actions()

    def _compute_legal(self) -> list[Action]:
        return [] if self._phase == "over" else compute_legal(self)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule that forbids ``action``
        (:func:`.errors.check_action`)."""
        check_action(self, action)

    def _logs(self) -> tuple[list[Any], ...]:
        return self._keys, self._turns, self._log

    def _cut_logs(self, lengths: tuple[int, ...]) -> None:
        for key in self._keys[lengths[0] :]:
            self._key_counts[key] -= 1
            if not self._key_counts[key]:
                del self._key_counts[key]
        super()._cut_logs(lengths)

    @property
    def log(self) -> tuple[Action, ...]:
        """Every action in order, the engine's automatic tokens included."""
        return tuple(self._log)

    @property
    def turns(self) -> tuple[TurnEntry, ...]:
        """The finished turns (and an accepted stop), as the record lists them."""
        return tuple(self._turns)

    def result(self) -> Result | None:
        """``ending`` is one of :data:`ENDINGS`; ``reason`` ``elimination`` (last survivor),
        ``pieces``/``pips`` (stop scoring, §7.4) or ``draw`` (shared by the tied ``winners``;
        ``winners`` is empty when every seat shares it). ``scores``: pieces in each supply."""
        if self._ending is None:
            return None
        scores = tuple(len(supply) for supply in self._supplies)
        if self._ending == "elimination":
            return Result(
                winners=(self._alive_seats()[0],),
                scores=scores,
                reason="elimination",
                ending="elimination",
            )
        winners, reason = stop_winners(self._supplies, self._alive_list())
        if len(winners) == self.num_players:
            winners = ()
        return Result(winners=winners, scores=scores, reason=reason, ending=self._ending)

    def clone(self) -> VirusFightState:
        twin = super().clone()
        twin._legal = None
        return twin

    def _equality_key(self) -> tuple[object, ...]:
        """Players, seed, board size and every rule-relevant field (the ``size`` option 0
        equals the size it stands for; the log is not compared, the repetition counts are)."""
        return (
            self.num_players,
            self.seed,
            self.size,
            *(getattr(self, name) for name in self._SAVED),
            self._key_counts,
        )

    def position_key(self) -> tuple[Any, ...]:
        """Every rule-relevant field (board with origins, markers, supplies, phase, round,
        turn, decision, counters) as a hashable tuple."""
        return (
            self.size,
            tuple(self._board),
            tuple(self._markers),
            tuple(self._supplies),
            tuple(self._removed),
            tuple(self._programs),
            self._phase,
            self._round,
            self._first,
            self._order,
            self._turn_index,
            self._decision,
            self._proposed,
            self._voters,
            self._quiet,
            self._noisy,
            self._ending,
        )

    def repetition_key(self) -> tuple[Any, ...]:
        """The key of §7.3 (codes and owners, markers and supplies of survivors, the seat to
        act and the round's first player; origins excluded)."""
        board = tuple(
            (index, piece.code, piece.owner)
            for index, piece in enumerate(self._board)
            if piece is not None
        )
        seats = tuple(
            (seat, self._markers[seat], tuple(sorted(piece.code for piece in self._supplies[seat])))
            for seat in self._alive_seats()
        )
        return board, seats, self.to_act, self._first

    def position_text(self) -> str:
        from pyengine.games.virus_fight.position import format_position

        return format_position(self)

    # -- reading the state ------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def decision(self) -> str:
        """``effect``, ``marker``, ``jump``, ``stop-vote``; ``setup`` in setup, ``""`` when
        over."""
        if self._phase == "setup":
            return "setup"
        if self._phase == "over":
            return ""
        return "stop-vote" if self._voters else self._decision

    @property
    def round_number(self) -> int:
        """The current round (0 during setup)."""
        return self._round

    @property
    def first_player(self) -> int | None:
        """The current round's first player (``None`` during setup)."""
        return None if self._first < 0 else self._first

    @property
    def round_order(self) -> tuple[int, ...]:
        return self._order

    @property
    def ending(self) -> str | None:
        return self._ending

    @property
    def quiet_rounds(self) -> int:
        """Complete rounds in a row with nothing written, erased or eliminated."""
        return self._quiet

    @property
    def proposer(self) -> int | None:
        """The seat whose stop proposal is being answered, if any."""
        return self._order[self._turn_index] if self._voters else None

    def cell_index(self, cell: Cell) -> int:
        return cell.rank * self.size + cell.file

    def cell_at(self, index: int) -> Cell:
        return Cell(index % self.size, index // self.size)

    def piece_at(self, cell: Cell) -> Piece | None:
        return self._board[self.cell_index(cell)] if cell.on_board(self.size) else None

    def marker_at(self, cell: Cell) -> int | None:
        index = self.cell_index(cell)
        for seat, marker in enumerate(self._markers):
            if marker == index:
                return seat
        return None

    def board_cells(self) -> list[tuple[Cell, Piece, int | None]]:
        """The occupied cells by index order: (cell, piece, seat of the marker on it)."""
        markers = {marker: seat for seat, marker in enumerate(self._markers) if marker is not None}
        return [
            (self.cell_at(index), piece, markers.get(index))
            for index, piece in enumerate(self._board)
            if piece is not None
        ]

    def marker(self, seat: int) -> Cell | None:
        index = self._markers[seat]
        return None if index is None else self.cell_at(index)

    def supply(self, seat: int) -> tuple[Piece, ...]:
        return self._supplies[seat]

    def supply_counts(self, seat: int) -> dict[str, int]:
        counts: dict[str, int] = {}
        for piece in self._supplies[seat]:
            counts[piece.code] = counts.get(piece.code, 0) + 1
        return counts

    def removed(self, seat: int) -> int:
        """Pieces that left the game with the seat's supply at its elimination."""
        return self._removed[seat]

    def alive(self, seat: int) -> bool:
        return self._phase == "setup" or self._markers[seat] is not None

    @property
    def eliminated(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.num_players) if not self.alive(seat))

    def home_segment(self, seat: int) -> tuple[Cell, ...]:
        return self._segments[seat]

    def program_submitted(self, seat: int) -> bool:
        return self._programs[seat] is not None

    def visible_program(self, seat: int, viewer: int | None) -> Setup | None:
        """``seat``'s program as ``viewer`` may see it: its owner always, everybody once all
        programs are revealed; otherwise ``None`` (see :meth:`program_submitted`)."""
        if self._phase == "setup" and viewer != seat:
            return None
        return self._programs[seat]

    def instruction(self) -> Instruction | None:
        """The instruction being executed (``None`` in setup or when over)."""
        if self._phase != "play":
            return None
        seat = self._order[self._turn_index]
        index = self._markers[seat]
        assert index is not None
        piece = self._board[index]
        assert piece is not None
        return Instruction(seat, self.cell_at(index), piece, self.decision)

    def can_propose_stop(self) -> bool:
        """Whether the player to act may propose a stop now (§7.2)."""
        return (
            self._phase == "play"
            and not self._voters
            and not self._proposed
            and self._decision in ("effect", "jump")
            and not self._pending
        )

    def can_resign(self) -> bool:
        """Whether the player to act may resign now (see the module docs)."""
        return self._phase == "play" and not self._voters

    @property
    def resigned(self) -> tuple[int, ...]:
        """The seats that resigned, in order."""
        return tuple(entry.seat for entry in self._turns if entry.resigned)

    def block(self, cell: Cell) -> frozenset[Cell]:
        """The block of the piece on ``cell`` (empty if the cell is empty)."""
        return frozenset(
            self.cell_at(index) for index in block_indices(self, self.cell_index(cell))
        )

    def diagram(self) -> str:
        """The board drawn as in §9 (``TS/o``, ``*p`` for a marker, ``.`` empty)."""
        lines = []
        for rank in reversed(range(self.size)):
            cells = []
            for file in range(self.size):
                index = rank * self.size + file
                piece = self._board[index]
                text = "." if piece is None else str(piece)
                if index in self._markers:
                    text += f"*{self._markers.index(index) + 1}"
                cells.append(text.ljust(7))
            lines.append(f"{str(rank + 1).rjust(len(str(self.size)))} {''.join(cells).rstrip()}")
        letters = "".join(letter.ljust(7) for letter in "abcdefghijk"[: self.size]).rstrip()
        lines.append(f"{' ' * len(str(self.size))} {letters}")
        return "\n".join(lines)

    def is_secret(self) -> bool:
        """Programs are secret until every seat has submitted its own (§3)."""
        return self._phase == "setup"

    def status_lines(self, seat_label: Callable[[int], str]) -> list[str]:
        from pyengine.games.virus_fight.terminal import status_lines

        return status_lines(self, seat_label)

    def actions_summary(self) -> str | None:
        from pyengine.games.virus_fight.terminal import actions_summary

        return actions_summary(self)

    # -- internals: seats, applying ---------------------------------------------------

    def _alive_list(self) -> list[bool]:
        return [marker is not None for marker in self._markers]

    def _alive_seats(self) -> list[int]:
        return [seat for seat, marker in enumerate(self._markers) if marker is not None]

    def _perform(self, action: Action) -> None:
        perform(self, action)

    def _resolve(self) -> None:
        """Apply the automatic tokens while the decision has no legal action."""
        while self._phase == "play" and not self._voters:
            if self._legal is None:
                self._legal = self._compute_legal()
            if self._legal:
                return
            automatic: Action
            if self._decision == "effect":
                automatic = NoEffect()
            elif self._decision == "marker":
                automatic = Step(None)
            else:
                automatic = Jump(None)
            self._perform(automatic)

    # -- kept as methods for callers outside the rules (position text, tests) -----------

    def _end_turn(self) -> None:
        end_turn(self)

    def _end(self, ending: str) -> None:
        end_game(self, ending)
