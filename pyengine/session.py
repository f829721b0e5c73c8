"""A match: one game being played, with undo/redo and the seats (human or a bot's name).

The CLI and the web glue both drive a :class:`Match`; it holds no rules of its own.

**Resigning** (:meth:`Match.resign`) is the same for every game: the player to act gives up.
A game whose rules have a resign action (:meth:`~pyengine.core.game.Game.resign_action`: Fight
the Virus, where the player stays seated and the others play on; Virus Fight, where the player
is eliminated) plays it like any action. In the others (Zebra, Virus War: two players) the
match ends the game itself: the other seat wins (:attr:`Match.result`, reason and ending
``"resignation"``) and the record gives that result with ``[Termination "resignation"]``
(:meth:`~pyengine.core.game.Game.write_match_record`). Undo takes a resignation back like an
action, and redo plays it again.

>>> match = Match("zebra", options={"size": 3}, seats=("human", "random"))
>>> match.play("a2-a1")
Move.parse('a2-a1')
>>> match.undo(), match.can_redo
(Move.parse('a2-a1'), True)
>>> match.redo()
Move.parse('a2-a1')
>>> print(match.record_text(), end="")
[Game "Zebra"]
[Size "3"]
[Setup "standard"]
[Movement "step"]
[Result "*"]
<BLANKLINE>
1. a2-a1
*
>>> match.resign()  # Black, to move, gives up
>>> match.is_over, match.resigned, match.result.winners, match.record_text().splitlines()[4:6]
(True, 1, (0,), ['[Result "1-0"]', '[Termination "resignation"]'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pyengine.core.errors import EngineError, IllegalActionError, StateFormatError
from pyengine.core.game import TERMINAL, Action, Game, Result, State
from pyengine.core.record import RESIGNATION
from pyengine.core.registry import get_game

__all__ = ["HUMAN", "MATCH_FORMAT", "MATCH_VERSION", "RESIGN", "Match", "Resignation"]

HUMAN = "human"
MATCH_FORMAT = "virus-games/match"
MATCH_VERSION = 1
RESIGN = "resign"
"""A resignation's text (in a saved match's redo list, in messages)."""


@dataclass(frozen=True, slots=True)
class Resignation(Action):
    """A resignation the match itself recorded (the game's rules have none): what
    :meth:`Match.undo` returns and :meth:`Match.redo` plays again."""

    seat: int

    def __str__(self) -> str:
        return RESIGN


def _check_seats(seats: object, game: Game) -> tuple[str, ...]:
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise EngineError(
            "Seats must be a list of names such as ('human', 'human').",
            code="match.seats",
            params={"players": game.max_players},
        )
    names = tuple(seats)
    if not game.min_players <= len(names) <= game.max_players:
        exact = game.min_players == game.max_players  # "needs exactly 2 seats", not "2 to 2"
        wanted = (
            f"exactly {game.min_players}" if exact else f"{game.min_players} to {game.max_players}"
        )
        noun = "seat" if game.max_players == 1 else "seats"
        raise EngineError(
            f"{game.name} needs {wanted} {noun}, not {len(names)}.",
            code="match.seat-count-exact" if exact else "match.seat-count",
            params={"count": len(names), "minimum": game.min_players, "maximum": game.max_players},
        )
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise EngineError(
                "Each seat is 'human' or a bot's name.",
                code="match.seat-name",
                params={"seat": str(name)},
            )
    return names


class Match:
    """A game in play: the state, its record, undo/redo and who sits in each seat."""

    def __init__(
        self,
        game_id: str,
        *,
        options: Mapping[str, object] | None = None,
        seats: Sequence[str] | None = None,
    ) -> None:
        """``seats``: who plays each seat (a person in every seat by default)."""
        self.game = get_game(game_id)
        if seats is not None:
            self.seats = _check_seats(seats, self.game)
        self._state = self.game.new_initial_state(options)
        if seats is None:
            self.seats = _check_seats((HUMAN,) * self._state.num_players, self.game)
        self._redo: list[Action] = []
        self._resigned: int | None = None  # the seat that resigned (games without the rule)

    @classmethod
    def _from_state(cls, state: State, seats: Sequence[str]) -> Match:
        match = cls.__new__(cls)
        match.game = state.game
        match.seats = _check_seats(seats, state.game)
        match._state = state
        match._redo = []
        match._resigned = None
        return match

    # -- reading the match ------------------------------------------------------------

    @property
    def state(self) -> State:
        """The live state; treat it as read-only and change the match through its methods."""
        return self._state

    @property
    def options(self) -> Mapping[str, object]:
        return self._state.options

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions played so far (the record)."""
        return self._state.history

    @property
    def to_move(self) -> int:
        """The seat to act, or ``TERMINAL`` when the game is over."""
        return TERMINAL if self._resigned is not None else self._state.current_player()

    @property
    def resigned(self) -> int | None:
        """The seat whose resignation ended the game, in a game whose rules know none (the
        rules of the others record it in the state)."""
        return self._resigned

    @property
    def result(self) -> Result | None:
        """The game's result; after a resignation the match recorded, the other seats win
        (``scores``: 1 each, 0 for the seat that resigned)."""
        seat = self._resigned
        if seat is None:
            return self._state.result()
        players = self._state.num_players
        return Result(
            winners=tuple(other for other in range(players) if other != seat),
            scores=tuple(0 if other == seat else 1 for other in range(players)),
            reason=RESIGNATION,
            ending=RESIGNATION,
        )

    @property
    def is_over(self) -> bool:
        return self._resigned is not None or self._state.is_terminal()

    def legal_actions(self) -> list[Action]:
        return [] if self._resigned is not None else self._state.legal_actions()

    def seat_is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def can_undo(self) -> bool:
        return self._resigned is not None or bool(self._state.history)

    def can_resign(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to act) may resign now (:meth:`resign`)."""
        try:
            self._resign_action(seat)
        except EngineError:
            return False
        return True

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- changing the match -----------------------------------------------------------

    def play(self, action: Action | str) -> Action:
        """Play an action or its notation (checked); returns the action played.

        On an error (:class:`~pyengine.core.errors.NotationError`,
        :class:`~pyengine.core.errors.IllegalActionError`) the match is unchanged.
        """
        if self._resigned is not None:
            raise IllegalActionError(
                "The game is over: a player resigned.",
                code="match.resigned",
                params={"seat": self._resigned + 1},
            )
        if isinstance(action, str):
            action = self.game.parse_action(action, self._state)
        self._state.apply(action)
        self._redo.clear()
        return action

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (default: the seat to act) gives up; only the seat to act may, and only
        while the game goes on (errors: codes ``resign.game-over``, ``resign.not-to-act``, or
        the rules' refusal of their resign action). See the module docs."""
        action = self._resign_action(seat)
        if action is None:
            self._resigned = self._state.current_player()
            self._redo.clear()
        else:
            self.play(action)

    def _resign_action(self, seat: int | None) -> Action | None:
        """The rules' resign action for ``seat`` (checked), or ``None`` when the match records
        the resignation itself; raises when ``seat`` may not resign now."""
        if self.is_over:
            raise EngineError("The game is already over.", code="resign.game-over")
        to_act = self._state.current_player()
        if seat is None:
            seat = to_act
        if seat != to_act or not 0 <= seat < self._state.num_players:
            raise EngineError(
                "Only the player to act may resign.",
                code="resign.not-to-act",
                params={"seat": seat + 1 if isinstance(seat, int) else str(seat)},
            )
        action = self.game.resign_action(self._state, seat)
        if action is not None:
            self._state.check(action)
        return action

    def undo(self) -> Action:
        """Take back the last action or the resignation (it can be redone); raises code
        ``undo.empty``."""
        if self._resigned is not None:
            action: Action = Resignation(self._resigned)
            self._resigned = None
        else:
            action = self._state.undo()
        self._redo.append(action)
        return action

    def redo(self) -> Action:
        """Replay the last undone action; raises code ``redo.empty`` if there is none."""
        if not self._redo:
            raise EngineError("There is no action to redo.", code="redo.empty")
        action = self._redo[-1]
        if isinstance(action, Resignation):
            self._resign_action(action.seat)
            self._resigned = action.seat
        else:
            self._state.apply(action)
        self._redo.pop()
        return action

    # -- text forms -------------------------------------------------------------------

    def record_text(self) -> str:
        """The canonical game record of the actions played (redo stack excluded) and of the
        resignation, if any."""
        return self.game.write_match_record(self._state, self._resigned)

    @classmethod
    def from_position(cls, state: State, seats: Sequence[str]) -> Match:
        """A match going on from ``state`` (its actions kept, nothing to redo)."""
        return cls._from_state(state, seats)

    @classmethod
    def from_record(
        cls, text: str, *, game_id: str = "zebra", seats: Sequence[str] | None = None
    ) -> Match:
        """A match replayed from a record (raises :class:`~pyengine.core.errors.RecordError`),
        resigned if the record says so; without ``seats``, a human in every seat."""
        state, resigned = get_game(game_id).read_match_record(text)
        match = cls._from_state(state, (HUMAN,) * state.num_players if seats is None else seats)
        match._resigned = resigned
        return match

    def to_json(self) -> dict[str, Any]:
        """``{"format": "virus-games/match", "version": 1, "seats", "state", "redo"}``, and
        ``"resigned"`` (the seat) when the match ended by a resignation it recorded."""
        document: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "seats": list(self.seats),
            "state": self._state.to_json(),
            "redo": [str(action) for action in self._redo],
        }
        if self._resigned is not None:
            document["resigned"] = self._resigned
        return document

    @classmethod
    def from_json(cls, document: object) -> Match:
        """The match saved by :meth:`to_json` (raises :class:`StateFormatError`)."""
        if not isinstance(document, Mapping):
            raise StateFormatError("the document must be a JSON object", field="(document)")
        if document.get("format") != MATCH_FORMAT:
            raise StateFormatError(f"the format must be {MATCH_FORMAT!r}", field="format")
        version = document.get("version")
        if type(version) is not int or version != MATCH_VERSION:
            raise StateFormatError(f"the version must be {MATCH_VERSION}", field="version")
        state_document = document.get("state")
        if not isinstance(state_document, Mapping):
            raise StateFormatError("the state must be a JSON object", field="state")
        try:
            game = get_game(state_document.get("game"))  # type: ignore[arg-type]
        except EngineError as error:
            raise StateFormatError(str(error), field="state.game") from error
        try:
            state = game.state_from_json(state_document)
        except StateFormatError as error:
            raise StateFormatError(error.reason, field=f"state.{error.field}") from error
        try:
            match = cls._from_state(state, document.get("seats"))  # type: ignore[arg-type]
        except EngineError as error:
            raise StateFormatError(str(error), field="seats") from error
        resigned = document.get("resigned")
        if resigned is not None:
            try:
                if type(resigned) is not int or match._resign_action(resigned) is not None:
                    raise EngineError("the rules record this game's resignations")
            except EngineError as error:
                raise StateFormatError(
                    f"not a seat that may resign here: {error}", field="resigned"
                ) from error
            match._resigned = resigned
        redo = document.get("redo", [])
        if not isinstance(redo, list):
            raise StateFormatError("redo must be a list of actions", field="redo")
        probe = match._twin()
        for index in reversed(range(len(redo))):  # the next redo is the list's last item
            text = redo[index]
            if not isinstance(text, str):
                raise StateFormatError("an action must be a string", field=f"redo[{index}]")
            try:
                action: Action
                if text == RESIGN and probe._resign_action(None) is None:
                    action = Resignation(probe.to_move)
                    probe.resign()
                else:
                    action = probe.play(text)
            except EngineError as error:
                raise StateFormatError(str(error), field=f"redo[{index}]") from error
            match._redo.insert(0, action)
        return match

    def _twin(self) -> Match:
        """An independent copy of the match (no redo list), to try actions on."""
        twin = Match._from_state(self._state.clone(), self.seats)
        twin._resigned = self._resigned
        return twin
