"""How a game is shown to people: :class:`Presentation`, the interface of a game's presentation.

Each game defines one in ``pyengine/games/<game>/presentation.py`` (attribute
``PRESENTATION``), reached through :meth:`pyengine.core.game.Game.presentation`; the
controller (:mod:`pyengine.controller`) knows a game's drawing, clicks and texts only through
it. A game's presentation is a subclass whose methods give the game's answers: the abstract
methods are what every game must say; the others have neutral defaults, so a game overrides
only what it needs (Virus Fight and Fight the Virus override most of them).
:class:`SquareBoardPresentation` implements :meth:`~Presentation.render`,
:meth:`~Presentation.grid` and :meth:`~Presentation.action_cells` for the games drawn on one
square board.

Texts are *messages* (:data:`Message`, made by :func:`message`): ``{"key": ..., "params":
{...}}`` translation requests that the page resolves from its translation files, so the engine
holds no user-interface language.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, Unpack, cast

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import Action, State
from pyengine.svg.board import Marks

if TYPE_CHECKING:
    from pyengine.protocol import (
        Button,
        Extra,
        Grid,
        Message,
        MoveRow,
        Placement,
        Result,
        Score,
        Setup,
    )
else:
    Message = dict  # the protocol's TypedDict, for type checking only

__all__ = [
    "Marks",
    "Message",
    "Presentation",
    "SquareBoardPresentation",
    "error_message",
    "message",
    "move_list",
]


def message(key: str, **params: Any) -> Message:
    """A translation request: ``message("play.to-move", player=...)``."""
    return {"key": key, "params": params}


def move_list(plies: Iterable[tuple[int | None, str]]) -> list[MoveRow]:
    """The move list of :meth:`Presentation.move_rows` from ``(number, text)`` plies: a ply
    joins the row before it when both have the same number (a ``None`` number: a row of its
    own, unnumbered); the very last ply is marked ``last``.

    >>> rows = move_list([(None, "x c3"), (1, "a1-b1"), (1, "c3-c2"), (2, "b1-a1")])
    >>> [(row["number"], [ply["text"] for ply in row["plies"]]) for row in rows]
    [(None, ['x c3']), (1, ['a1-b1', 'c3-c2']), (2, ['b1-a1'])]
    >>> rows[2]["plies"][0]["last"], rows[1]["plies"][1]["last"]
    (True, False)
    """
    rows: list[MoveRow] = []
    for number, text in plies:
        if number is None or not rows or rows[-1]["number"] != number:
            rows.append({"number": number, "plies": []})
        rows[-1]["plies"].append({"text": text, "last": False})
    if rows:
        rows[-1]["plies"][-1]["last"] = True
    return rows


def error_message(error: IllegalActionError) -> Message:
    """An engine error as a translation request, keeping the English text as a fallback."""
    return {"key": f"error.{error.code}", "params": dict(error.params), "fallback": str(error)}


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
    def render(self, state: S, **marks: Unpack[Marks]) -> str:
        """The board as a standalone SVG document, with the page's ``marks`` (see
        :class:`pyengine.svg.Marks`)."""

    @abstractmethod
    def grid(self, state: S) -> Grid | None:
        """The board's grid for the keyboard cursor (``file_names``, ``ranks``, ...), or None
        for a board that is not one grid (then :meth:`spots` names its clickable places)."""

    @abstractmethod
    def action_cells(self, action: A) -> tuple[str, ...]:
        """The cells a player clicks to make ``action``, in order (empty: a button)."""

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
    def scores(self, state: S) -> list[Score]:
        """The score panel: one entry per seat."""

    @abstractmethod
    def move_rows(self, state: S) -> list[MoveRow]:
        """The move list: rows of ``plies`` as the page shows them."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result panel of a finished game (``winners``, ``title``, ...), else None."""

    # -- optional, with neutral defaults -------------------------------------------------

    def action_label(self, action: A) -> Message:
        """The label of the button that makes ``action`` (one made by no click; default: its
        notation)."""
        return message("play.action", action=str(action))

    def extra_buttons(self, state: S) -> list[Button]:
        """Buttons besides the legal actions' (``{"action" or "click", "label"}``; default:
        none)."""
        return []

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

    def extras(self, state: S, tokens: Sequence[str]) -> list[Extra]:
        """More SVG pictures beside the board (supplies, dice), ``tokens``: the next clicks
        that are not board cells (default: none)."""
        return []

    def setup(self, state: S) -> Setup | None:
        """The secret setup the seat to act composes (it is not clicked), or None (default)."""
        return None

    def preview(self, state: S, text: str) -> str | None:
        """The board with the action ``text`` drawn as a draft, not played, or None when the
        game has nothing to preview (default)."""
        return None

    def placement(self, state: S, selection: Sequence[str]) -> Placement | None:
        """What the page needs to preview a shape under the pointer, or None (default)."""
        return None

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a new game, completed (a fresh random seed; default: as given)."""
        return dict(options)

    def forced(self, state: S) -> A | None:
        """The action the seat to act must make, when the rules leave it no other and the
        page makes it by itself (the view's ``forced``; default None: every decision is the
        player's)."""
        return None

    def finish_without(self, state: S, people: Sequence[int]) -> list[A] | None:
        """After a resignation: when none of the seats ``people`` (the persons') is left in
        play, the decisions that take the game to its end at once, or None (default: the
        game goes on as it is)."""
        return None

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


class _OnCells(Protocol):
    def cells(self) -> Sequence[object]: ...


class SquareBoardPresentation(Presentation[S, A]):
    """The presentation of a game played on one square board of ``state.size`` cells a side:
    :meth:`render` hands the page's marks to ``draw``, the game's SVG drawing, :meth:`grid` is
    that board, its files named by the first ``state.size`` letters of ``files``, and an action
    is made by clicking the cells it names (``action.cells()``)."""

    def __init__(self, draw: Callable[..., str], files: str) -> None:
        self.draw = draw
        self.files = files

    def render(self, state: S, **marks: Unpack[Marks]) -> str:
        """The board as a standalone SVG document, with the page's marks (``draw``'s)."""
        return self.draw(state, **{**marks, "last_move": tuple(marks.get("last_move", ()))})

    def grid(self, state: S) -> Grid:
        """The board's ``size`` x ``size`` grid, unflipped."""
        size = cast(_Sized, state).size
        return {"files": size, "ranks": size, "file_names": self.files[:size], "flipped": False}

    def action_cells(self, action: A) -> tuple[str, ...]:
        """The cells ``action.cells()`` names, in order."""
        return tuple(str(cell) for cell in cast(_OnCells, action).cells())
