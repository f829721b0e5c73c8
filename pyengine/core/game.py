"""The contract every game implements: a :class:`Game` definition and its :class:`State`.

The shape follows OpenSpiel: a state knows whose turn it is (a seat index, or the sentinel
:data:`TERMINAL`), lists its legal actions in a documented order, applies them (a checked
front door for people, an unchecked fast path for search), undoes them from snapshots,
clones itself, and reports a :class:`Result` with one return per player. Actions
are small frozen value types whose ``str`` is their notation; serialisation is just the
options, an optional start position and the action history (:meth:`State.to_json`).

Search, the CLI, the web glue and the tests drive games only through this module.
"""

from __future__ import annotations

import importlib
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from pyengine.core.errors import EngineError, IllegalActionError, NotationError, StateFormatError
from pyengine.core.options import OptionSchema, OptionValues

if TYPE_CHECKING:
    from pyengine.core.presentation import Presentation
    from pyengine.core.record import ParsedRecord

__all__ = [
    "STATE_FORMAT",
    "STATE_VERSION",
    "TERMINAL",
    "Action",
    "Game",
    "RecordsModule",
    "Result",
    "State",
    "TaggedResignationGame",
]

TERMINAL = -1
"""``current_player()`` of a finished game."""

STATE_FORMAT = "virus-games/state"
STATE_VERSION = 1


class Action:
    """Base class of the per-game action value types.

    Subclasses are frozen slotted dataclasses made with ``repr=False``, defined in their game's
    notation module beside its ``parse_action(text)``, which reads any action of the game.
    ``str(action)`` is the notation, the class method :meth:`parse` reads it back and
    ``repr(action)`` is that call; ``EXPECTED`` says what the notation of the class looks like.
    """

    __slots__ = ()
    EXPECTED: ClassVar[str] = "an action"

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read ``text`` as an action of this class (with the ``parse_action`` of the module
        that defines it); :class:`~pyengine.core.errors.NotationError` if it is none, or
        another kind of action."""
        action = sys.modules[cls.__module__].parse_action(text)
        if not isinstance(action, cls):
            raise NotationError(
                f"{text!r} is not {cls.EXPECTED}.", code="notation.action", params={"text": text}
            )
        return action

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended.

    ``winners`` holds the winning seats (empty for a draw), ``scores`` one number per seat
    (its meaning is per game: Zebra uses tower counts), ``reason`` a stable code for why the
    winners won (Zebra: ``"count"`` or ``"tie-last-mover"``) and ``ending`` a stable code for
    what ended the game (Zebra: ``"stuck"`` or ``"move-cap"``).

    >>> Result(winners=(1,), scores=(5, 5), reason="tie-last-mover", ending="stuck").returns()
    (-1.0, 1.0)
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    ending: str = ""

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def returns(self) -> tuple[float, ...]:
        """+1 for each winner, -1 for each loser, 0 for everyone in a draw."""
        if not self.winners:
            return tuple(0.0 for _ in self.scores)
        return tuple(1.0 if seat in self.winners else -1.0 for seat in range(len(self.scores)))

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "ending": self.ending,
        }


class State(ABC):
    """A game in progress: a position plus the history needed by the rules.

    Subclasses set ``game``, ``options`` and ``num_players`` and implement the abstract
    methods. States are mutable (``apply``/``undo``) and therefore unhashable; use
    :meth:`position_key` for a hashable key.
    """

    game: Game
    options: OptionValues
    num_players: int

    __hash__: ClassVar[None]  # type: ignore[assignment]

    # -- turn and actions -------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0-based), or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The legal actions, in the order each game documents (empty when terminal)."""

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule if ``action`` is illegal here."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action without validation (the fast path for search)."""

    @abstractmethod
    def undo(self) -> Action:
        """Restore the state before the last action and return that action.

        Raises :class:`EngineError` with code ``"undo.empty"`` when there is nothing to undo.
        """

    @property
    @abstractmethod
    def history(self) -> tuple[Action, ...]:
        """The actions applied since the start position, oldest first."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | str) -> None:
        """Apply an action or its notation after checking it (the front door for people).

        Raises :class:`~pyengine.core.errors.NotationError` for unreadable text and
        :class:`IllegalActionError` for an illegal action; the state is then unchanged.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action, self)
        self.check(action)
        self.apply_unchecked(action)

    # -- outcome ----------------------------------------------------------------------

    @abstractmethod
    def result(self) -> Result | None:
        """The :class:`Result` of a finished game, ``None`` while it goes on."""

    def returns(self) -> tuple[float, ...]:
        """One value per seat: +1 winner, -1 loser, 0 draw or unfinished."""
        result = self.result()
        if result is None:
            return tuple(0.0 for _ in range(self.num_players))
        return result.returns()

    # -- copies, keys, text forms -----------------------------------------------------

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, including the history and the undo snapshots."""

    @abstractmethod
    def position_key(self) -> Hashable:
        """A hashable key of the current position (what the rules call a position)."""

    @abstractmethod
    def position_text(self) -> str:
        """The position notation of the current position (see each game's docs)."""

    @abstractmethod
    def start_text(self) -> str | None:
        """The position text the game started from, or ``None`` for the setup's start."""

    def __eq__(self, other: object) -> bool:
        """Equal when ``other`` is a state of the same class with equal
        :meth:`_equality_key` (each game says what it compares; histories are not compared)."""
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._equality_key() == other._equality_key()

    def _equality_key(self) -> tuple[object, ...]:
        """What :meth:`__eq__` compares: everything that decides the game from here on. By
        default the state's identity (a state equals only itself)."""
        return (id(self),)

    def to_json(self) -> dict[str, Any]:
        """The state as a JSON-able document: options, start position and actions."""
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.game.id,
            "options": dict(self.options),
            "start": self.start_text(),
            "actions": [str(action) for action in self.history],
        }

    # -- text for a terminal (the command line); neutral defaults ------------------------

    def diagram(self) -> str:
        """The position drawn in text, ``""`` for a game without a text drawing."""
        return ""

    def seat_name(self, seat: int) -> str:
        """The name the options give ``seat`` (Fight the Virus's players), ``""`` if none."""
        return ""

    def status_lines(self, seat_label: Callable[[int], str]) -> list[str]:
        """What a text display shows besides the diagram (the round, the dice, each seat's
        supply or sheet), naming a seat as ``seat_label(seat)``; nothing by default."""
        return []

    def is_secret(self) -> bool:
        """Whether the position holds secrets (Virus Fight's programs before the reveal): a
        display then shows neither the position text nor the actions played or legal."""
        return False

    def actions_summary(self) -> str | None:
        """A sentence describing the legal actions where a list would say nothing (a secret
        program among hundreds of thousands), or ``None``: list them."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.position_text()!r}>"

    def _repr_svg_(self) -> str:
        """The board as an SVG document, the last action marked: how Jupyter shows a state
        (as python-chess shows its boards)."""
        present = self.game.presentation()
        return present.render(self, last_move=tuple(present.last_move(self)))


class Game(ABC):
    """A game definition: identity, player counts, option schema and factories.

    Instances are stateless singletons registered with :mod:`pyengine.core.registry`.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[OptionSchema]

    def new_initial_state(self, options: Mapping[str, object] | None = None) -> State:
        """The start position for ``options`` (validated; missing options take defaults)."""
        return self._initial_state(self.options.validate(options))

    @abstractmethod
    def _initial_state(self, options: OptionValues) -> State:
        """The start position for already validated options."""

    @abstractmethod
    def parse_action(self, text: str, state: State | None = None) -> Action:
        """Read an action's notation (raises :class:`~pyengine.core.errors.NotationError`).

        With a ``state`` the cells are also checked against its board.
        """

    @abstractmethod
    def from_position(self, text: str, *, options: Mapping[str, object] | None = None) -> State:
        """A state starting from a position text (raises NotationError or OptionError)."""

    @abstractmethod
    def read_record(self, text: str) -> State:
        """Replay a game record (raises :class:`~pyengine.core.errors.RecordError`)."""

    @abstractmethod
    def write_record(self, state: State) -> str:
        """The canonical record text of ``state``'s game."""

    # -- resigning (see pyengine.session.Match.resign) ------------------------------------

    def resign_action(self, state: State, seat: int) -> Action | None:
        """The action by which ``seat`` gives up, for a game whose rules have one (Fight the
        Virus, Virus Fight: it is played, recorded and undone like any other); ``None``: the
        rules know no resignation, so a match ends the game itself and its record says so
        (:meth:`write_match_record`)."""
        return None

    def write_match_record(self, state: State, resigned: int | None = None) -> str:
        """The record of ``state``'s game, which ``resigned`` gave up when it is a seat (a game
        whose :meth:`resign_action` is ``None``; such games override this method)."""
        if resigned is not None:
            raise EngineError(
                f"{self.name} records a resignation as an action.", code="record.resigned"
            )
        return self.write_record(state)

    def read_match_record(self, text: str) -> tuple[State, int | None]:
        """Replay a record written by :meth:`write_match_record`: the state and the seat that
        resigned (``None``: nobody, or the rules recorded it as an action)."""
        return self.read_record(text), None

    def state_from_json(self, document: object) -> State:
        """Rebuild a state from :meth:`State.to_json` output, replaying every action.

        Anything wrong raises :class:`StateFormatError` naming the field.
        """
        if not isinstance(document, Mapping):
            raise StateFormatError("the document must be a JSON object", field="(document)")
        expected = ("format", "version", "game", "options", "start", "actions")
        for key in document:
            if key not in expected:
                raise StateFormatError(f"unknown field {key!r}", field="(document)")
        for key in expected:
            if key not in document:
                raise StateFormatError("the field is missing", field=key)
        if document["format"] != STATE_FORMAT:
            raise StateFormatError(f"the format must be {STATE_FORMAT!r}", field="format")
        version = document["version"]
        if type(version) is not int or version != STATE_VERSION:
            raise StateFormatError(f"the version must be {STATE_VERSION}", field="version")
        if document["game"] != self.id:
            raise StateFormatError(f"the game must be {self.id!r}", field="game")
        options = document["options"]
        if not isinstance(options, Mapping):
            raise StateFormatError("the options must be a JSON object", field="options")
        try:
            values = self.options.validate(options)
        except EngineError as error:
            name = error.params.get("option")
            field = f"options.{name}" if name else "options"
            raise StateFormatError(str(error), field=field) from error
        start = document["start"]
        try:
            if start is None:
                state = self._initial_state(values)
            elif isinstance(start, str):
                state = self.from_position(start, options=values)
            else:
                raise StateFormatError("the start must be a position text or null", field="start")
        except StateFormatError:
            raise
        except EngineError as error:
            raise StateFormatError(str(error), field="start") from error
        actions = document["actions"]
        if not isinstance(actions, Sequence) or isinstance(actions, str):
            raise StateFormatError("the actions must be a list of strings", field="actions")
        for index, text in enumerate(actions):
            field = f"actions[{index}]"
            if not isinstance(text, str):
                raise StateFormatError("an action must be a string", field=field)
            try:
                state.apply(text)
            except EngineError as error:
                raise StateFormatError(str(error), field=field) from error
        return state

    def presentation(self) -> Presentation[Any, Any]:
        """How the game is shown to people (drawing, clickable cells of an action, status
        texts): the :class:`~pyengine.core.presentation.Presentation` ``PRESENTATION`` of
        the module ``pyengine.games.<id>.presentation``; used by :mod:`pyengine.controller`."""
        module = importlib.import_module(f"pyengine.games.{self.id.replace('-', '_')}.presentation")
        present: Presentation[Any, Any] = module.PRESENTATION
        return present

    def ai(self) -> ModuleType:
        """The game's knowledge for the computer players (:mod:`pyengine.ai.players`): the
        module ``ai`` of the game's package (``HEURISTICS``, ``LEVELS``, ...)."""
        package = sys.modules[type(self).__module__].__package__
        return importlib.import_module(f"{package}.ai")

    def render(self, state: State, **view: Any) -> str:
        """The position as a standalone SVG document.

        View options are keywords (``highlighted``, ``selected``, ``last_move``,
        ``coordinates``, ``flipped``, ``size``); see the game's presentation module."""
        return str(self.presentation().render(state, **view))

    def info(self) -> dict[str, Any]:
        """A JSON-able description: id, name, player counts and the options schema."""
        return {
            "id": self.id,
            "name": self.name,
            "players": {"min": self.min_players, "max": self.max_players},
            "options": self.options.to_json(),
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id!r}>"


GS = TypeVar("GS", bound=State)


class RecordsModule(Protocol[GS]):
    """What :class:`TaggedResignationGame` needs of a game's ``records`` module."""

    def parse_record(self, game: Any, text: str) -> ParsedRecord[GS]:
        """Replay a record: its tags, the state and the seat that resigned."""

    def write_record(self, state: State, *, resigned: int | None = None) -> str:
        """The record of ``state``'s game, ``resigned``: the seat that gave up, if any."""


class TaggedResignationGame(Game, Generic[GS]):
    """A game whose rules know no resignation, so its records say who resigned in a
    ``[Termination "resignation"]`` tag; ``GS`` is its state class, which the factories
    return. A subclass sets :attr:`records`, its records module (``parse_record``,
    ``write_record``)."""

    #: The game's records module, which reads and writes its records.
    records: RecordsModule[GS]

    def new_initial_state(self, options: Mapping[str, object] | None = None) -> GS:
        return cast(GS, self._initial_state(self.options.validate(options)))

    def parse_record(self, text: str) -> ParsedRecord[GS]:
        """Read and replay a record, keeping every tag and the seat that resigned."""
        return self.records.parse_record(self, text)

    def read_record(self, text: str) -> GS:
        return self.parse_record(text).state

    def write_record(self, state: State) -> str:
        return self.records.write_record(state)

    def write_match_record(self, state: State, resigned: int | None = None) -> str:
        """The record, with the result of a resignation (``[Termination "resignation"]``)."""
        return self.records.write_record(state, resigned=resigned)

    def read_match_record(self, text: str) -> tuple[GS, int | None]:
        parsed = self.parse_record(text)
        return parsed.state, parsed.resigned

    def state_from_json(self, document: object) -> GS:
        """As :meth:`Game.state_from_json` (only the return type is narrower)."""
        return cast(GS, super().state_from_json(document))
