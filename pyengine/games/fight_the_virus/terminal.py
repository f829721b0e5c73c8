"""Fight the Virus as text for a terminal (the command line): the lines shown for a position
(:meth:`~pyengine.core.game.State.status_lines`)."""

from __future__ import annotations

from collections.abc import Callable

from pyengine.games.fight_the_virus.rules import FightTheVirusState

__all__ = ["status_lines"]


def status_lines(state: FightTheVirusState, seat_label: Callable[[int], str]) -> list[str]:
    """The turn, phase and dice (with those still usable and a pending bonus), then each
    seat's next research square, action points and covered spikes."""
    dice = "-" if state.dice is None else f"{state.dice[0]}-{state.dice[1]}"
    line = f"turn {state.turn}, phase {state.phase}, dice {dice}"
    usable = state.usable_dice()
    if usable:
        line += f" (usable: {' '.join(str(value) for value in usable)})"
    if state.pending_bonus:
        line += f", bonus {state.pending_bonus} pending"
    lines = [line]
    for seat in range(state.num_players):
        sheet = state.sheet(seat)
        square = sheet.next_square
        notes = []
        if seat in state.hopeless:
            notes.append("hopeless")
        if seat in state.resigned:
            notes.append("resigned")
        lines.append(
            f"{seat_label(seat)}: next research square "
            f"{'-' if square is None else square}, APs {len(sheet.ap)}, spikes "
            f"covered {sheet.spikes_covered}" + (f" ({', '.join(notes)})" if notes else "")
        )
    return lines
