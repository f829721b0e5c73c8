"""Helpers for the Zebra tests: spec diagrams, replaying move lists, action texts."""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.games.zebra import ZEBRA, ZebraState, parse_diagram


def texts(actions: Iterable[object]) -> list[str]:
    """The notation of each action."""
    return [str(action) for action in actions]


def legal(state: ZebraState) -> list[str]:
    return texts(state.legal_actions())


def replay(moves: str, **options: object) -> ZebraState:
    """A new game with ``options`` after playing the space-separated ``moves`` (numbers such
    as ``1.`` are skipped), each through the checked front door."""
    state = ZEBRA.new_initial_state(options)
    for word in moves.split():
        if not word.endswith("."):
            state.apply(word)
    return state


def diagram_cells(text: str, **options: object) -> tuple[int, ...]:
    """The cells of a diagram drawn as in zebra.md."""
    return parse_diagram(text, **options).cells  # type: ignore[arg-type]


def columns(block: str, start: int, end: int | None = None) -> str:
    """Cut one diagram out of side-by-side diagrams: the characters start..end of each line."""
    return "\n".join(line[start:end].rstrip() for line in block.splitlines())
