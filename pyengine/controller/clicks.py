"""Clicks: every way to make a legal action by clicks, the matching of a click against them
(select, extend the selection or play), what the selection highlights and offers as buttons,
and the click paths and cells of a hint's suggestions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyengine.core.game import Action, State
from pyengine.core.presentation import Presentation

if TYPE_CHECKING:  # types only: the browser's worker never loads the protocol module
    from pyengine import protocol

ClickPaths = list[tuple[tuple[str, ...], Action]]
"""``(cells, action)`` pairs: the cells clicked, in order, that make the action."""


def click_paths(present: Presentation[Any, Any], state: State) -> ClickPaths:
    """Every way to make each legal action by clicks: ``(cells, action)`` pairs; an action
    with the empty path ``()`` is made by a button."""
    return [(tuple(cells), action) for cells, action in present.click_paths(state)]


def board_spots(present: Presentation[Any, Any], state: State) -> list[str]:
    """Every clickable name on the board: its spots, or the cells of its grid."""
    return list(present.spots(state))


def match_click(
    present: Presentation[Any, Any], state: State, selection: list[str], cell: str
) -> tuple[Action | None, list[str] | None]:
    """What a click on ``cell`` does after ``selection``: ``(action, None)`` when it completes
    an action that nothing longer starts with, ``(None, selection)`` the new selection when
    longer paths go on from it (extending the selection, else starting anew), else
    ``(None, None)``: the click makes nothing."""
    paths = [(cells, action) for cells, action in click_paths(present, state) if cells]
    for prefix in ([*selection, cell], [cell]):  # extend the selection, or start anew
        length = len(prefix)
        complete = [action for cells, action in paths if list(cells) == prefix]
        longer = [
            cells for cells, _ in paths if len(cells) > length and list(cells[:length]) == prefix
        ]
        if complete and not longer:
            return complete[0], None
        if longer:
            return None, prefix
    return None, None


def next_clicks(paths: Sequence[tuple[str, ...]], selection: list[str]) -> list[str]:
    """The clicks that can follow ``selection``, in the order of the legal actions, once each."""
    depth = len(selection)
    return list(
        dict.fromkeys(
            cells[depth]
            for cells in paths
            if len(cells) > depth and list(cells[:depth]) == selection
        )
    )


def selection_view(
    present: Presentation[Any, Any],
    state: State,
    pairs: ClickPaths,
    selection: list[str],
    on_board: set[str],
) -> dict[str, Any]:
    """The view's ``targets`` (next clicks), ``sources`` (first clicks, every one: board cells
    are kept by the caller), ``highlighted`` (board cells to mark) and ``buttons``."""
    paths = [cells for cells, _ in pairs]
    choices = next_clicks(paths, selection)
    targets = sorted(set(choices))
    sources = sorted({cells[0] for cells in paths if cells})
    # With nothing selected, the cells that make an action in one click are highlighted
    # (Virus War steps, Zebra placements); a move's first click is not a target yet,
    # unless the game highlights every first click (Virus Fight).
    if selection:
        highlighted = targets
    elif present.HIGHLIGHT_SOURCES:
        highlighted = sources
    else:
        highlighted = sorted({cells[0] for cells in paths if len(cells) == 1})
    highlighted = [cell for cell in highlighted if cell in on_board]  # not piece choices
    # actions made without clicking a cell (Virus War's pass) become buttons, and so do
    # next clicks that are not board cells (Virus Fight's choice of a piece to write)
    buttons: list[dict[str, Any]] = []
    for cells_of, action in pairs:
        if not cells_of and all(button.get("action") != str(action) for button in buttons):
            buttons.append({"action": str(action), "label": present.action_label(action)})
    # in the order of the legal actions (Virus Fight: M1 M2 ... E3), not alphabetical
    for token in choices:
        label = None if token in on_board else present.click_label(state, token)
        if label is not None:  # None: made some other way (a shape placed on the sheet)
            buttons.append({"click": token, "label": label})
    return {"targets": targets, "sources": sources, "highlighted": highlighted, "buttons": buttons}


def suggestions(
    present: Presentation[Any, Any], state: State, candidates: list[dict[str, Any]]
) -> list[protocol.Suggestion]:
    """A hint's candidates (``action``, ``value``) with the click sequences that make each
    (``paths``) and its board cells to highlight (``cells``)."""
    paths_of: dict[str, list[list[str]]] = {}
    actions_of: dict[str, Action] = {}
    for cells, action in click_paths(present, state):
        text = str(action)
        paths_of.setdefault(text, []).append(list(cells))
        actions_of.setdefault(text, action)
    on_board = set(board_spots(present, state))
    found: list[protocol.Suggestion] = []
    for candidate in candidates:
        text = candidate["action"]
        paths = paths_of.get(text, [])
        tokens = [token for path in paths for token in path]
        if text in actions_of:
            tokens += [str(cell) for cell in present.action_cells(actions_of[text])]
        found.append(
            {
                "action": text,
                "paths": paths,
                "cells": [cell for cell in dict.fromkeys(tokens) if cell in on_board],
                "value": candidate["value"],
            }
        )
    return found
