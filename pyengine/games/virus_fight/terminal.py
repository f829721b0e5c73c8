"""Virus Fight as text for a terminal (the command line): the lines shown under the diagram
and the description of a secret program's choices (:meth:`~pyengine.core.game.State.status_lines`,
:meth:`~pyengine.core.game.State.actions_summary`)."""

from __future__ import annotations

from collections.abc import Callable

from pyengine.games.virus_fight.rules import VirusFightState

__all__ = ["actions_summary", "status_lines"]


def status_lines(state: VirusFightState, seat_label: Callable[[int], str]) -> list[str]:
    """In setup, each seat's home segment and whether its program is in; in play, the
    instruction about to execute, then each seat's marker and supply."""
    seats = range(state.num_players)
    if state.phase == "setup":
        lines = []
        for seat in seats:
            done = "submitted" if state.program_submitted(seat) else "not yet"
            segment = " ".join(str(cell) for cell in state.home_segment(seat))
            lines.append(f"{seat_label(seat)}: home segment {segment}; program {done}")
        return lines
    lines = []
    instruction = state.instruction()
    if instruction is not None:
        lines.append(f"round {state.round_number}, decision {state.decision}: {instruction}")
    for seat in seats:
        counts = state.supply_counts(seat)
        supply = (
            " ".join(f"{code}x{count}" if count > 1 else code for code, count in counts.items())
            or "-"
        )
        alive = "" if state.alive(seat) else " (eliminated)"
        lines.append(
            f"{seat_label(seat)}{alive}: marker {state.marker(seat) or '-'}, supply {supply}"
        )
    return lines


def actions_summary(state: VirusFightState) -> str | None:
    """In setup, how many programs the seat to act may submit and what they look like."""
    if not state.is_secret():
        return None
    legal = state.legal_actions()
    segment = " ".join(str(cell) for cell in state.home_segment(state.current_player()))
    return (
        f"{len(legal):,} possible programs in your home segment {segment}: "
        "1 to 5 pieces on consecutive cells, the marker on one of them, "
        f"such as {legal[len(legal) // 2]}"
    )
