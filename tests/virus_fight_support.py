"""Helpers for the Virus Fight tests: states from the spec's §9 diagrams, random games."""

from __future__ import annotations

import random

from pyengine.games.virus_fight import VIRUS_FIGHT, VirusFightState


def diagram_state(
    diagram: str,
    *,
    seat: int,
    players: int = 2,
    supplies: dict[int, str] | None = None,
    order: tuple[int, ...] | None = None,
    round_number: int = 1,
    eliminated: dict[int, int] | None = None,
    seed: int = 0,
) -> VirusFightState:
    """The §9 diagram (``TS/o``, ``*p``, ``.``; rank N on top, file letters last) at the
    start of ``seat``'s turn (1-based seats). ``supplies`` maps seats to space-separated
    codes (``"E1 W2"``); ``order`` is the round's order (default: ``seat`` first, then the
    seats with a marker clockwise); ``eliminated`` maps seats to their removed counts."""
    rows = [line.split() for line in diagram.strip("\n").splitlines() if line.strip()]
    *ranks, files = rows
    size = len(ranks)
    assert files == list("abcdefghijk"[:size])
    pieces = []
    for row, words in enumerate(ranks):
        assert words[0] == str(size - row)
        for file, word in enumerate(words[1:]):
            if word != ".":
                pieces.append(f"{files[file]}{size - row}={word}")
    eliminated = eliminated or {}
    supplies = supplies or {}
    supply_fields = []
    for number in range(1, players + 1):
        if number in eliminated:
            supply_fields.append(f"x{eliminated[number]}")
        else:
            supply_fields.append(",".join(supplies.get(number, "").split()) or "-")
    if order is None:
        marked = {int(text.split("*")[1]) for text in pieces if "*" in text}
        order = tuple(
            other
            for other in ((seat - 1 + step) % players + 1 for step in range(players))
            if other in marked
        )
    order_text = ",".join(("*" if number == seat else "") + str(number) for number in order)
    actor = next(text for text in pieces if text.endswith(f"*{seat}"))
    decision = "jump" if actor.split("=")[1].startswith("J") else "effect"
    text = (
        f"{size}/{players} {','.join(pieces)} {'|'.join(supply_fields)} "
        f"{round_number}:{order_text} {decision} q0"
    )
    return VIRUS_FIGHT.from_position(text, options={"players": players, "size": size, "seed": seed})


def legal(state: VirusFightState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def random_game(
    players: int, rng: random.Random, *, size: int = 0, seed: int | None = None
) -> VirusFightState:
    """A random game from setup to its end (uniform among the legal actions)."""
    state = VIRUS_FIGHT.new_initial_state(
        {"players": players, "size": size, "seed": rng.randrange(1000) if seed is None else seed}
    )
    while not state.is_terminal():
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state
