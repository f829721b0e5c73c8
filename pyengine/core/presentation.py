"""How a game is shown to people: :class:`Presentation`, the interface of a game's presentation.

Each game defines one in ``pyengine/games/<game>/presentation.py`` (attribute
``PRESENTATION``), reached through :meth:`pyengine.core.game.Game.presentation`; the
controller (:mod:`pyengine.controller`) knows a game's drawing, clicks and texts only through
it. The abstract methods are what every game must say; the others have neutral defaults, so a
game overrides only what it needs (Virus Fight and Fight the Virus override most of them).
:class:`SquareBoardPresentation` implements :meth:`~Presentation.render` and
:meth:`~Presentation.grid` for the games drawn on one square board.

Texts are *messages* (:data:`Message`): ``{"key": ..., "params": {...}}`` translation
requests that the page resolves from its translation files, so the engine holds no
user-interface language.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast

from pyengine.core.game import Action, State

__all__ = ["Message", "Presentation", "SquareBoardPresentation"]

Message = dict[str, Any]

S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)


class Presentation(ABC, Generic[S, A]):
    """A game's presentation: ``S`` is its state class, ``A`` its actions' type."""

    #: Each seat's name, a message (required).
    PLAYERS: tuple[Message, ...]
    #: A record whose final position is worth a look (the home page's poster; required).
    POSTER_RECORD: str
    #: Whether, with nothing selected, every first click of an action is highlighted (else
    #: only the cells that make an action in one click).
    HIGHLIGHT_SOURCES: bool = False
    #: Whether clicked names keep their case (names such as ``R9`` and ``e3`` differ); by
    #: default a click on ``C3`` is read as ``c3``.
    KEEP_CLICK_CASE: bool = False
    #: The message key of the title of a resigned game's result (``player``: the winner).
    WINS: str = "play.wins"

    # -- required ---------------------------------------------------------------------

    @abstractmethod
    def render(
        self,
        state: S,
        *,
        highlighted: Iterable[str] = (),
        selected: str | None = None,
        last_move: Sequence[str] = (),
        coordinates: bool = True,
        flipped: bool = False,
        size: int | None = None,
    ) -> str:
        """The board as a standalone SVG document, with the page's marks."""

    @abstractmethod
    def grid(self, state: S) -> dict[str, Any] | None:
        """The board's grid for the keyboard cursor (``file_names``, ``ranks``, ...), or None
        for a board that is not one grid (then :meth:`spots` names its clickable places)."""

    @abstractmethod
    def action_cells(self, action: A) -> tuple[str, ...]:
        """The cells a player clicks to make ``action``, in order (empty: a button)."""

    @abstractmethod
    def action_label(self, action: A) -> Message:
        """The label of the button that makes ``action`` (one made by no click)."""

    @abstractmethod
    def extra_buttons(self, state: S) -> list[dict[str, Any]]:
        """Buttons besides the legal actions' (``{"action" or "click", "label"}``)."""

    @abstractmethod
    def last_move(self, state: S) -> Sequence[str]:
        """The cells the last action touched, to mark on the board."""

    @abstractmethod
    def turn(self, state: S) -> Message:
        """Who acts now, or that the game is over: the turn line."""

    @abstractmethod
    def status(self, state: S, selection: Sequence[str]) -> Message:
        """What the seat to act can do next, given the cells selected so far."""

    @abstractmethod
    def explain(self, state: S, cells: Sequence[str]) -> Message:
        """Why the clicks ``cells`` make no legal action: the error line."""

    @abstractmethod
    def cell_label(self, state: S, cell: str) -> Message:
        """What a board cell (or spot) holds, for screen readers."""

    @abstractmethod
    def scores(self, state: S) -> list[dict[str, Any]]:
        """The score panel: one entry per seat."""

    @abstractmethod
    def move_rows(self, state: S) -> list[dict[str, Any]]:
        """The move list: rows of ``plies`` as the page shows them."""

    @abstractmethod
    def result(self, state: S) -> dict[str, Any] | None:
        """The result panel of a finished game (``winners``, ``title``, ...), else None."""

    # -- optional, with neutral defaults -------------------------------------------------

    def spots(self, state: S) -> Sequence[str]:
        """Every clickable name on the board (default: the cells of :meth:`grid`)."""
        grid = self.grid(state)
        assert grid is not None, "a presentation without a grid names its spots"
        files = grid["file_names"]
        return [f"{file}{rank}" for rank in range(1, grid["ranks"] + 1) for file in files]

    def click_paths(self, state: S) -> list[tuple[tuple[str, ...], A]]:
        """Every way to make each legal action by clicks: ``(cells, action)`` pairs, several
        per action or none (default: each legal action's :meth:`action_cells`)."""
        actions: list[A] = state.legal_actions()  # type: ignore[assignment]
        return [(tuple(self.action_cells(action)), action) for action in actions]

    def click_label(self, state: S, token: str) -> Message | None:
        """The button for a next click that is not a board cell, or None when it is made some
        other way (default: None)."""
        return None

    def announce(self, before: S, action: A, after: S) -> Message | None:
        """The message after ``action`` was played (default None: "<player> played
        <action>")."""
        return None

    def resigned(self, state: S, seat: int) -> Message | None:
        """The message for ``seat`` that resigned, in games whose rules record resignations
        (default None: "<player> resigned")."""
        return None

    def undoable(self, state: S) -> bool:
        """Whether the last action may be taken back (default: True)."""
        return True

    def public_record(self, state: S) -> str | None:
        """The record the page shows and saves, without other seats' secrets (default None:
        the match's own record)."""
        return None

    def extras(self, state: S, tokens: Sequence[str]) -> list[dict[str, Any]]:
        """More SVG pictures beside the board (supplies, dice), ``tokens``: the next clicks
        that are not board cells (default: none)."""
        return []

    def setup(self, state: S) -> dict[str, Any] | None:
        """The secret setup the seat to act composes (it is not clicked), or None (default)."""
        return None

    def preview(self, state: S, text: str) -> str | None:
        """The board with the action ``text`` drawn as a draft, not played, or None when the
        game has nothing to preview (default)."""
        return None

    def placement(self, state: S, selection: Sequence[str]) -> dict[str, Any] | None:
        """What the page needs to preview a shape under the pointer, or None (default)."""
        return None

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a new game, completed (a fresh random seed; default: as given)."""
        return dict(options)

    def computer_decision(self, state: S, seat: int, ai: Any) -> A | None:
        """A computer seat's decision taken without search (``ai``: the game's ai module), or
        None to search (default)."""
        return None

    def hint_decision(self, state: S, seat: int, ai: Any) -> A | None:
        """A person's hint taken without search (``ai``: the game's ai module), or None to
        search (default)."""
        return None


class _Sized(Protocol):
    @property
    def size(self) -> int: ...


class SquareBoardPresentation(Presentation[S, A]):
    """The presentation of a game played on one square board of ``state.size`` cells a side:
    :meth:`render` hands the page's marks to ``draw``, the game's SVG drawing, and :meth:`grid`
    is that board, its files named by the first ``state.size`` letters of ``files``."""

    def __init__(self, draw: Callable[..., str], files: str) -> None:
        self.draw = draw
        self.files = files

    def render(
        self,
        state: S,
        *,
        highlighted: Iterable[str] = (),
        selected: str | None = None,
        last_move: Sequence[str] = (),
        coordinates: bool = True,
        flipped: bool = False,
        size: int | None = None,
    ) -> str:
        """The board as a standalone SVG document, with the page's marks (``draw``'s)."""
        return self.draw(
            state,
            highlighted=highlighted,
            selected=selected,
            last_move=tuple(last_move),
            coordinates=coordinates,
            flipped=flipped,
            size=size,
        )

    def grid(self, state: S) -> dict[str, Any]:
        """The board's ``size`` x ``size`` grid, unflipped."""
        size = cast(_Sized, state).size
        return {"files": size, "ranks": size, "file_names": self.files[:size], "flipped": False}
