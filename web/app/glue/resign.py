"""Resigning on a game page: the Resign button, the confirmation it turns into ("Really
resign? Yes / No", so a stray click never ends a game) and the request "Yes" sends. Pure
logic, no browser: glue.controls draws it and binds its buttons.

The engine decides who may resign (``view.can_resign``: the seat to act, a person, while the
game goes on); the person resigns for the seat to act (against the computer: their own side).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from pyengine.protocol import ResignRequest


def can_resign(view: "Mapping[str, Any] | None") -> bool:
    """Whether the person to act may resign in ``view``."""
    return (
        view is not None
        and bool(view.get("can_resign"))
        and not view.get("result")
        and view.get("to_move") is not None
    )


def resign_request(view: "Mapping[str, Any]") -> "ResignRequest":
    """The engine request that resigns for the seat to act."""
    return {"op": "resign", "player": view["to_move"]}


class ResignStep:
    """The control's step: the Resign button, or the question while ``asking``. The question
    belongs to the position it was asked in (``key``): any change to the game takes it back."""

    def __init__(self) -> None:
        self.asking = False
        self.key: tuple[Any, ...] | None = None

    @staticmethod
    def position_key(view: "Mapping[str, Any]", generation: int) -> "tuple[Any, ...]":
        return (generation, view.get("ply_count"), view.get("to_move"), bool(view.get("result")))

    def ask(self, view: "Mapping[str, Any] | None", generation: int) -> bool:
        """The Resign button was pressed: show the question (True) if the person may resign."""
        if view is None or not can_resign(view):
            self.asking = False
            return False
        self.asking = True
        self.key = self.position_key(view, generation)
        return True

    def cancel(self) -> None:
        """No (or Escape): back to the Resign button."""
        self.asking = False

    def confirm(self, view: "Mapping[str, Any] | None", generation: int) -> "ResignRequest | None":
        """Yes: the request to send, or None when the game changed since the question."""
        asked = self.current(view, generation)
        self.asking = False
        if not asked or view is None:
            return None
        return resign_request(view)

    def current(self, view: "Mapping[str, Any] | None", generation: int) -> bool:
        """Whether the question is still shown for ``view`` (it is dropped otherwise)."""
        if self.asking and (
            view is None or not can_resign(view) or self.key != self.position_key(view, generation)
        ):
            self.asking = False
        return self.asking

    def shown(
        self, view: "Mapping[str, Any] | None", generation: int, available: bool = True
    ) -> "tuple[bool, bool]":
        """``(button disabled, question shown)`` for ``view``; ``available``: the page offers
        resigning at all (not in a replay widget)."""
        asking = available and self.current(view, generation)
        disabled = not available or not can_resign(view)
        return disabled, asking
