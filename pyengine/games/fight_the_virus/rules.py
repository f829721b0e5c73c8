"""Fight the Virus rules (fight-the-virus.md §§2-5): :class:`FightTheVirusState`.

**Seats** are 0-based in the engine contract (``current_player()``, ``Result.winners`` and every
attribute below) and ``P1``..``Pn`` in texts (notation, records, messages).

**Decisions.** ``phase`` is ``"roll"`` (the roller rolls), ``"reroll-or-keep"`` (the roller
decides about a double other than 6-6), ``"use"`` (a player's part: die uses or ``pass``),
``"bonus"`` (a bonus S, N or O is pending: ``pending_bonus``) or ``"over"``.
``current_player()`` is the deciding seat. Once the turn's dice are final the setbacks (§3.3)
hit every sheet (``setbacks``), then each seat of ``parts`` plays its part in order (§3.4).

**Automatic steps** (never in ``history``): the engine rolls, keeps and passes for hopeless and
resigned players (§4.2); a part ends by itself when the player has no legal use left; an
impossible bonus is declined. Its rolls and keeps are still written to the record (``log``).
What each decision and automatic step does is in :mod:`.effects`.

**Legal decisions** (§5.1) are sorted by canonical text: ``roll``; ``keep reroll``; the uses
then ``pass``; the bonus placements after ``b-``. ``resign`` is accepted at any of the player's
decisions and never listed. ``check`` decides from the rules directly (see :mod:`.errors`).

**What a UI reads.** ``turn``, ``roller``, ``active`` (the active seats), ``parts`` (the seats
in part order) and ``part_seat``; ``dice`` (the two dice or ``None`` before the roll) and
``drawn`` (dice drawn so far); ``phase``, ``pending_bonus``, ``part()`` (a :class:`Part`:
seat, role, unused dice, uses left, allowed areas, extra die); ``usable_dice()``,
``extra_available``;
``setbacks`` (this turn's :class:`~.turns.Setback` per seat); ``sheet(seat)`` (the
:class:`~.player_sheet.PlayerSheet` read API), ``players`` (names), ``hopeless``,
``resigned``; ``legal_by_area()``; ``result()``, ``winners``, ``ending``; solo ``score()`` and
``rating()`` (§4.3).

**Rulings where the text is silent** (documented for players): a player who crosses ``R12``
and then resigns in the same turn still wins (the crossing stands, §4.1); hopelessness is
judged at the end of each turn (§3.5) and is permanent (active + blank fields minus need(k)
never grows); setbacks hit hopeless and resigned players' sheets too ("every player", §3.3);
an X square filled by a bonus placement (N into ``C11``/``C42``, O into ``T10``/``T13``)
during a passive part grants the extra die like one filled by a use ("filled during this
part", §3.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyengine.core.game import TERMINAL, Action, Game, Result
from pyengine.core.options import OptionValues
from pyengine.core.snapshots import SnapshotState
from pyengine.games.fight_the_virus.effects import perform, resolve
from pyengine.games.fight_the_virus.errors import check_action
from pyengine.games.fight_the_virus.legal import areas_of_slots, legal_bonus, legal_uses
from pyengine.games.fight_the_virus.notation import Bonus, Decline, Keep, Pass, Reroll, Roll, Use
from pyengine.games.fight_the_virus.player_sheet import PlayerSheet
from pyengine.games.fight_the_virus.turns import (
    CAP_TURNS,
    DiceStream,
    LogEntry,
    Setback,
    parts_of_turn,
)

__all__ = ["RATINGS", "FightTheVirusState", "Part", "rating_of"]

RATINGS = (
    (21, "legendary"),
    (24, "excellent"),
    (28, "good"),
    (33, "fair"),
    (CAP_TURNS, "keep researching"),
)
"""The solo rating of §4.3: the first entry whose turn limit the score does not exceed."""

_ROLL, _REROLL, _KEEP, _PASS = Roll(), Reroll(), Keep(), Pass()


def rating_of(turns: int | None) -> str:
    """The solo rating (§4.3) of a game won in ``turns`` turns; ``None`` (lost) gives
    ``"virus wins"``.

    >>> rating_of(21), rating_of(25), rating_of(34), rating_of(None)
    ('legendary', 'good', 'keep researching', 'virus wins')
    """
    if turns is None:
        return "virus wins"
    return next(name for limit, name in RATINGS if turns <= limit)


@dataclass(frozen=True, slots=True)
class Part:
    """The part being played (§3.4): ``seat``; ``role`` ``"active"`` or ``"passive"``;
    ``dice`` the indices (0, 1) of the dice still unused; ``uses`` how many uses are left;
    ``areas`` the areas the next use may go to (``"A"``, ``"RTC"``, ``"ARTC"``; ``""`` while
    only a bonus remains); ``extra`` whether the passive player was granted the extra die use
    (X) in this part; ``bonus`` the pending bonus kind or ``None``."""

    seat: int
    role: str
    dice: tuple[int, ...]
    uses: int
    areas: str
    extra: bool
    bonus: str | None


class FightTheVirusState(SnapshotState):
    """A game of Fight the Virus. Build one with ``FIGHT_THE_VIRUS.new_initial_state(options)``.

    >>> from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
    >>> state = FIGHT_THE_VIRUS.new_initial_state({"mode": "solo", "players": 1, "seed": 3})
    >>> state.phase, [str(action) for action in state.legal_actions()]
    ('roll', ['roll'])
    >>> state.apply("roll"); state.dice, state.phase, len(state.legal_actions())
    ((2, 5), 'use', 421)
    """

    # attributes restored by undo, in snapshot order, and the list a clone copies
    _COPIED = ("_log",)
    _SAVED = (
        "_sheets",
        "_turn",
        "_phase",
        "_dice",
        "_drawn",
        "_roller",
        "_active",
        "_parts",
        "_part",
        "_free",
        "_slots",
        "_extra",
        "_bonus",
        "_hopeless",
        "_resigned",
        "_setbacks",
        "_ending",
        "_winners",
    )

    def __init__(
        self, game: Game, options: OptionValues, players: tuple[str, ...], groups: tuple[int, ...]
    ) -> None:
        super().__init__()
        self.game = game
        self.options = options
        self.mode = str(options["mode"])
        self.num_players = len(players)
        self.players = players
        self.groups = groups
        self.seed = int(options["seed"])
        self._stream = DiceStream(self.seed)
        self._sheets = tuple(PlayerSheet(name) for name in players)
        self._turn = 1
        self._phase = "roll"
        self._dice: tuple[int, int] | None = None
        self._drawn = 0
        self._roller, self._active, self._parts = parts_of_turn(
            self.mode, self.num_players, groups, 1
        )
        self._part = 0
        self._free = 0
        self._slots = ""
        self._extra = False
        self._bonus = ""
        self._hopeless: frozenset[int] = frozenset()
        self._resigned: frozenset[int] = frozenset()
        self._setbacks: tuple[Setback, ...] = ()
        self._ending: str | None = None
        self._winners: tuple[int, ...] = ()
        self._log: list[LogEntry] = []

    # -- the contract -------------------------------------------------------------------------

    def current_player(self) -> int:
        """The deciding seat (0-based) or ``TERMINAL``."""
        if self._phase == "over":
            return TERMINAL
        if self._phase == "part":
            return self._parts[self._part]
        return self._roller

    def check(self, action: Action) -> None:
        """Raise :class:`~pyengine.core.errors.IllegalActionError` naming the rule that forbids
        ``action`` (codes in :data:`~.errors.ILLEGAL_CODES`)."""
        check_action(self, action)

    def _logs(self) -> tuple[list[Any], ...]:
        return (self._log,)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The record lines so far: every decision of a player plus the engine's rolls and
        keeps for hopeless or resigned rollers (§5.3)."""
        return tuple(self._log)

    def result(self) -> Result | None:
        """``winners`` the seats that crossed ``R12`` (empty when nobody did); ``reason``
        ``"research"`` or ``"none"``; ``ending`` one of :data:`~.turns.ENDINGS`; ``scores``
        the research squares each seat crossed."""
        if self._ending is None:
            return None
        return Result(
            winners=self._winners,
            scores=tuple(sheet.research for sheet in self._sheets),
            reason="research" if self._winners else "none",
            ending=self._ending,
        )

    def _equality_key(self) -> tuple[object, ...]:
        """Mode, names, groups, the turn's setbacks and the position (:meth:`position_key`:
        seed, dice, sheets, ...)."""
        return (self.mode, self.players, self.groups, self._setbacks, self.position_key())

    def position_key(self) -> tuple[Any, ...]:
        """Every rule-relevant field as a hashable tuple: seed and dice drawn, turn, decision,
        dice, the part in play, each sheet, hopeless and resigned seats, the ending."""
        return (
            self.seed,
            self._drawn,
            self._turn,
            self._phase,
            self._dice,
            self._part,
            self._free,
            self._slots,
            self._extra,
            self._bonus,
            tuple(sheet.key() for sheet in self._sheets),
            self._hopeless,
            self._resigned,
            self._ending,
            self._winners,
        )

    def position_text(self) -> str:
        from pyengine.games.fight_the_virus.position import format_position

        return format_position(self)

    def seat_name(self, seat: int) -> str:
        return self.players[seat]

    def status_lines(self, seat_label: Callable[[int], str]) -> list[str]:
        from pyengine.games.fight_the_virus.terminal import status_lines

        return status_lines(self, seat_label)

    # -- reading the state --------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        """``roll``, ``reroll-or-keep``, ``use``, ``bonus`` or ``over``."""
        if self._phase == "part":
            return "bonus" if self._bonus else "use"
        return "reroll-or-keep" if self._phase == "choose" else self._phase

    @property
    def roller(self) -> int:
        return self._roller

    @property
    def active(self) -> tuple[int, ...]:
        """The active seats of the turn (several in the groups variant)."""
        return self._active

    @property
    def parts(self) -> tuple[int, ...]:
        """The seats in part order this turn (§3.4)."""
        return self._parts

    @property
    def part_seat(self) -> int | None:
        """The seat whose part is being played (``None`` before the dice are final)."""
        return self._parts[self._part] if self._phase == "part" else None

    @property
    def dice(self) -> tuple[int, int] | None:
        """The two dice of the turn (as last rolled), ``None`` before the roll."""
        return self._dice

    @property
    def drawn(self) -> int:
        """How many dice the game has drawn from its generator (§5.2)."""
        return self._drawn

    @property
    def pending_bonus(self) -> str | None:
        """The pending bonus kind (``S``, ``N``, ``O``) or ``None``."""
        return self._bonus or None

    @property
    def setbacks(self) -> tuple[Setback, ...]:
        """This turn's setbacks, one per seat, when the dice were 5-6 or 6-6 (§3.3)."""
        return self._setbacks

    @property
    def hopeless(self) -> frozenset[int]:
        return self._hopeless

    @property
    def resigned(self) -> frozenset[int]:
        return self._resigned

    @property
    def ending(self) -> str | None:
        return self._ending

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    @property
    def sheets(self) -> tuple[PlayerSheet, ...]:
        return self._sheets

    def sheet(self, seat: int) -> PlayerSheet:
        return self._sheets[seat]

    def part(self) -> Part | None:
        """The part in play (``None`` before the dice are final and when over)."""
        if self._phase != "part":
            return None
        seat = self._parts[self._part]
        return Part(
            seat,
            "active" if seat in self._active else "passive",
            tuple(index for index in (0, 1) if self._free >> index & 1),
            len(self._slots),
            areas_of_slots(self._slots),
            self._extra,
            self._bonus or None,
        )

    def usable_dice(self) -> tuple[int, ...]:
        """The values of the dice the deciding player may still use (none before the dice are
        final or while a bonus is pending)."""
        if self._phase != "part" or self._bonus or not self._slots or self._dice is None:
            return ()
        return tuple(self._dice[index] for index in (0, 1) if self._free >> index & 1)

    @property
    def extra_available(self) -> bool:
        """Whether the deciding (passive) player holds an unused extra die use (X, §3.4)."""
        return self._phase == "part" and self._extra and "*" in self._slots

    def legal_by_area(self) -> dict[str, list[Action]]:
        """The legal decisions grouped for a UI: ``A``, ``R``, ``T``, ``C`` (uses and bonus
        placements by area) and ``other`` (``roll``, ``keep``, ``reroll``, ``pass``,
        ``b-``)."""
        groups: dict[str, list[Action]] = {"A": [], "R": [], "T": [], "C": [], "other": []}
        for action in self.legal_actions():
            area = action.area if isinstance(action, (Use, Bonus)) else "other"
            groups[area].append(action)
        return groups

    def score(self) -> int | None:
        """Solo score (§4.3): the turns played up to the crossing of ``R12``; ``None`` while
        the game goes on, when the virus won, or in a game with several players."""
        if self.mode != "solo" or not self._winners:
            return None
        return self._turn

    def rating(self) -> str | None:
        """The solo rating of a finished solo game (§4.3), ``None`` otherwise."""
        if self.mode != "solo" or self._ending is None:
            return None
        return rating_of(self.score())

    # -- applying -----------------------------------------------------------------------------

    def _compute_legal(self) -> list[Action]:
        """The deciding player's legal decisions, sorted by canonical text (§5.1)."""
        phase = self._phase
        if phase == "over":
            return []
        if phase == "roll":
            return [_ROLL]
        if phase == "choose":
            return [_KEEP, _REROLL]
        sheet = self._sheets[self._parts[self._part]]
        if self._bonus:
            found: list[Action] = [Decline()]
            found.extend(legal_bonus(sheet, self._bonus))
            return found if len(found) > 1 else []
        assert self._dice is not None
        uses: list[Action] = list(legal_uses(sheet, self._dice, self._free, self._slots))
        return [*uses, _PASS] if uses else []

    def _perform(self, action: Action) -> None:
        perform(self, action)

    def _resolve(self) -> None:
        resolve(self)
