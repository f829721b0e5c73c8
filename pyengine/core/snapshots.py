"""States that undo an action by restoring the fields it changed: the skeleton of the games whose
actions change many fields at once and are followed by automatic steps (Virus Fight, Fight the
Virus)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Self

from pyengine.core.errors import EngineError
from pyengine.core.game import Action, State

__all__ = ["SnapshotState"]


class SnapshotState(State):
    """A state that saves, before each action, the fields named in ``_SAVED`` and the lengths
    of its append-only logs; undo puts the fields back and cuts the logs to those lengths.

    A subclass lists ``_SAVED``, its logs in :meth:`_logs` and the lists a clone must not
    share in ``_COPIED``; it applies one action in :meth:`_perform` and the automatic steps
    that follow in :meth:`_resolve`, and lists the legal actions in :meth:`_compute_legal`
    (kept in ``_legal``; ``None``: not computed). ``_start`` is the position text the game started from (``None``: its setup).
    """

    _SAVED: ClassVar[tuple[str, ...]] = ()
    _COPIED: ClassVar[tuple[str, ...]] = ()
    __hash__: ClassVar[None]

    def __init__(self) -> None:
        self._history: list[Action] = []
        self._snapshots: list[tuple[Any, ...]] = []
        self._legal: list[Action] | None = None
        self._start: str | None = None

    @abstractmethod
    def _compute_legal(self) -> list[Action]:
        """The legal actions of the current position, in the game's order."""

    @abstractmethod
    def _perform(self, action: Action) -> None:
        """Apply ``action`` (a player's or an automatic one)."""

    @abstractmethod
    def _resolve(self) -> None:
        """Apply the automatic steps until a player must decide or the game is over."""

    def _logs(self) -> tuple[list[Any], ...]:
        """The append-only lists that undo cuts back."""
        return ()

    def _cut_logs(self, lengths: tuple[int, ...]) -> None:
        """Cut each log back to its length in ``lengths`` (undo)."""
        for log, length in zip(self._logs(), lengths, strict=True):
            del log[length:]

    def legal_actions(self) -> list[Action]:
        """The legal actions in the game's order (computed once per position)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action without checking it, then the automatic steps."""
        self._snapshots.append(
            (
                *(getattr(self, name) for name in self._SAVED),
                *(len(log) for log in self._logs()),
            )
        )
        self._history.append(action)
        self._legal = None
        self._perform(action)
        self._resolve()

    def undo(self) -> Action:
        """Restore the state before the last action submitted (with the automatic steps that
        followed it) and return that action."""
        if not self._history:
            raise EngineError("There is no action to undo.", code="undo.empty")
        saved = self._snapshots.pop()
        count = len(self._SAVED)
        for name, value in zip(self._SAVED, saved[:count], strict=True):
            setattr(self, name, value)
        self._cut_logs(saved[count:])
        self._legal = None
        return self._history.pop()

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions the players submitted, oldest first (no automatic steps)."""
        return tuple(self._history)

    def clone(self) -> Self:
        """A copy that shares the immutable fields and copies the lists in ``_COPIED``, the
        history and the undo snapshots."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in self._COPIED:
            setattr(twin, name, getattr(self, name).copy())
        twin._history = self._history.copy()
        twin._snapshots = self._snapshots.copy()
        return twin

    def start_text(self) -> str | None:
        return self._start
