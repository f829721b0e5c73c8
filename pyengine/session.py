"""A match: one game being played, with undo/redo and the seats (human or a bot's name).

The CLI and the web glue both drive a :class:`Match`; it holds no rules of its own.

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pyengine.core.errors import EngineError, StateFormatError
from pyengine.core.game import Action, Game, Result, State
from pyengine.core.registry import get_game

__all__ = ["HUMAN", "MATCH_FORMAT", "MATCH_VERSION", "Match"]

HUMAN = "human"
MATCH_FORMAT = "virus-games/match"
MATCH_VERSION = 1


def _check_seats(seats: object, game: Game) -> tuple[str, ...]:
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise EngineError(
            "Seats must be a list of names such as ('human', 'human').",
            code="match.seats",
            params={"players": game.max_players},
        )
    names = tuple(seats)
    if not game.min_players <= len(names) <= game.max_players:
        raise EngineError(
            f"{game.name} needs {game.min_players} to {game.max_players} seats, not {len(names)}.",
            code="match.seat-count",
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
        seats: Sequence[str] = (HUMAN, HUMAN),
    ) -> None:
        self.game = get_game(game_id)
        self.seats = _check_seats(seats, self.game)
        self._state = self.game.new_initial_state(options)
        self._redo: list[Action] = []

    @classmethod
    def _from_state(cls, state: State, seats: Sequence[str]) -> Match:
        match = cls.__new__(cls)
        match.game = state.game
        match.seats = _check_seats(seats, state.game)
        match._state = state
        match._redo = []
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
        return self._state.current_player()

    @property
    def result(self) -> Result | None:
        return self._state.result()

    @property
    def is_over(self) -> bool:
        return self._state.is_terminal()

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def seat_is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def can_undo(self) -> bool:
        return bool(self._state.history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- changing the match -----------------------------------------------------------

    def play(self, action: Action | str) -> Action:
        """Play an action or its notation (checked); returns the action played.

        On an error (:class:`~pyengine.core.errors.NotationError`,
        :class:`~pyengine.core.errors.IllegalActionError`) the match is unchanged.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action, self._state)
        self._state.apply(action)
        self._redo.clear()
        return action

    def undo(self) -> Action:
        """Take back the last action (it can be redone); raises code ``undo.empty``."""
        action = self._state.undo()
        self._redo.append(action)
        return action

    def redo(self) -> Action:
        """Replay the last undone action; raises code ``redo.empty`` if there is none."""
        if not self._redo:
            raise EngineError("There is no action to redo.", code="redo.empty")
        action = self._redo[-1]
        self._state.apply(action)
        self._redo.pop()
        return action

    # -- text forms -------------------------------------------------------------------

    def record_text(self) -> str:
        """The canonical game record of the actions played (redo stack excluded)."""
        return self.game.write_record(self._state)

    @classmethod
    def from_record(
        cls, text: str, *, game_id: str = "zebra", seats: Sequence[str] | None = None
    ) -> Match:
        """A match replayed from a record (raises :class:`~pyengine.core.errors.RecordError`);
        without ``seats``, a human in every seat."""
        state = get_game(game_id).read_record(text)
        return cls._from_state(state, (HUMAN,) * state.num_players if seats is None else seats)

    def to_json(self) -> dict[str, Any]:
        """``{"format": "virus-games/match", "version": 1, "seats", "state", "redo"}``."""
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "seats": list(self.seats),
            "state": self._state.to_json(),
            "redo": [str(action) for action in self._redo],
        }

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
        redo = document.get("redo", [])
        if not isinstance(redo, list):
            raise StateFormatError("redo must be a list of actions", field="redo")
        probe = state.clone()
        for index in reversed(range(len(redo))):  # the next redo is the list's last item
            text = redo[index]
            if not isinstance(text, str):
                raise StateFormatError("an action must be a string", field=f"redo[{index}]")
            try:
                probe.apply(text)
            except EngineError as error:
                raise StateFormatError(str(error), field=f"redo[{index}]") from error
            match._redo.insert(0, probe.history[-1])
        return match
