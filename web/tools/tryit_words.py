"""Actions in words, for the messages of the "try it" boards (rules exercises, lesson steps,
puzzles; web/tools/rules_pages.py ``tryit_data``): what a newcomer reads instead of the
notation ("writing a small JUMP (J1) on a2", not ``+J1@a2``).

:func:`said` turns an action, in the position before it, into a translation request of the
``rules`` bundle (``rules.words.<game>.*``, web/static/i18n/rules-<lang>.json): a phrase that
fits after a colon ("Legal, but not what was asked: moving the top piece from a2 to a1."), an
English gerund and a Spanish infinitive. Nested requests name pieces as the game page does
(``virus-fight.size.*``). Fight the Virus names the spots of its sheet as the sheet shows them:
research squares by number, the pyramid's cells by row (from the bottom) and place (from the
left), the curve's squares by column (from the left) and height (from the bottom), the
analysis cells by their letter and number.

It runs at build time with the engine; the page only translates the result.
"""

from __future__ import annotations

from typing import Any

Message = dict[str, Any]


def message(key: str, **params: Any) -> Message:
    return {"key": key, "params": params}


def said(game_id: str, state: Any, action: Any) -> Message:
    """``action`` (an engine action, legal in ``state``) in words."""
    return WORDS[game_id](state, action)


# -- Zebra -------------------------------------------------------------------------------------


def zebra(state: Any, action: Any) -> Message:
    from pyengine.games.zebra.notation import Move, Place

    if isinstance(action, Move):
        return message(
            "rules.words.zebra.move", source=str(action.source), target=str(action.target)
        )
    if isinstance(action, Place):
        return message("rules.words.zebra.place", cell=str(action.cell))
    return message("rules.words.zebra.remove", cell=str(action.cell))


# -- Virus War ---------------------------------------------------------------------------------

VIRUS_WAR_STEPS = {
    (0, "write"): "rules.words.virus-war.write-x",
    (1, "write"): "rules.words.virus-war.write-o",
    (0, "kill"): "rules.words.virus-war.kill-x",
    (1, "kill"): "rules.words.virus-war.kill-o",
}
"""(the mover's seat, what the step does) -> its words: Crosses are seat 0, Noughts seat 1."""


def virus_war(state: Any, action: Any) -> Message:
    from pyengine.games.virus_war.notation import Pass

    if isinstance(action, Pass):
        return message("rules.words.virus-war.pass")
    empty = state.cell_content(state.cell_index(action.cell)) == "."
    key = VIRUS_WAR_STEPS[(state.current_player(), "write" if empty else "kill")]
    return message(key, cell=str(action.cell))


# -- Virus Fight -------------------------------------------------------------------------------


def virus_fight(state: Any, action: Any) -> Message:
    from pyengine.games.virus_fight import notation
    from pyengine.games.virus_fight.presentation_texts import piece_name

    def piece(cell: Any) -> Message:
        found = state.piece_at(cell)  # a MOVE's source, an ERASE's target: never empty
        return dict(piece_name(found.code))

    if isinstance(action, notation.Move):
        return message(
            "rules.words.virus-fight.move",
            piece=piece(action.source),
            source=str(action.source),
            target=str(action.target),
        )
    if isinstance(action, notation.Write):
        return message(
            "rules.words.virus-fight.write",
            piece=dict(piece_name(action.code)),
            cell=str(action.cell),
        )
    if isinstance(action, notation.Erase) and action.target is None:
        return message("rules.words.virus-fight.erase-nothing")
    if isinstance(action, notation.Erase):
        return message(
            "rules.words.virus-fight.erase", piece=piece(action.target), cell=str(action.target)
        )
    if isinstance(action, (notation.Step, notation.Jump)) and action.cell is None:
        return message("rules.words.virus-fight.stuck")
    if isinstance(action, notation.Step):
        return message("rules.words.virus-fight.step", cell=str(action.cell))
    if isinstance(action, notation.Jump):
        return message("rules.words.virus-fight.jump", cell=str(action.cell))
    if isinstance(action, notation.ProposeStop):
        return message("rules.words.virus-fight.propose-stop")
    if isinstance(action, notation.AnswerStop) and action.accept:
        return message("rules.words.virus-fight.accept-stop")
    if isinstance(action, notation.AnswerStop):
        return message("rules.words.virus-fight.decline-stop")
    if isinstance(action, notation.NoEffect):
        return message("rules.words.virus-fight.no-effect")
    return message("rules.words.virus-fight.program")


# -- Fight the Virus ---------------------------------------------------------------------------


def sheet_spot(spot: str) -> Message:
    """A spot of the sheet as the sheet shows it (see the module docs)."""
    if spot.startswith("R"):
        return message("rules.words.fight-the-virus.research", square=int(spot[1:]))
    if spot.startswith("T"):
        return message(
            "rules.words.fight-the-virus.testing", row=int(spot[1]) + 1, place=int(spot[2]) + 1
        )
    if spot.startswith("C"):
        return message(
            "rules.words.fight-the-virus.curve", column=int(spot[1]) + 1, height=int(spot[2]) + 1
        )
    return message("rules.words.fight-the-virus.cell", cell=spot)


def cell_list(cells: tuple[str, ...] | list[str]) -> str:
    """Analysis cells as a list to read: ``d1, e1, e2``."""
    return ", ".join(cells)


FIGHT_THE_VIRUS_DECISIONS = {
    "roll": "rules.words.fight-the-virus.roll",
    "reroll": "rules.words.fight-the-virus.reroll",
    "keep": "rules.words.fight-the-virus.keep",
    "pass": "rules.words.fight-the-virus.pass",
    "decline": "rules.words.fight-the-virus.decline",
    "resign": "rules.words.fight-the-virus.resign",
}
"""The decisions without a die or a spot, by their JSON type."""


def fight_the_virus(state: Any, action: Any) -> Message:
    from pyengine.games.fight_the_virus.notation import Bonus, Use

    if isinstance(action, Use):
        die = (
            message("rules.words.fight-the-virus.die", die=action.die)
            if not action.raise_by
            else message(
                "rules.words.fight-the-virus.raised",
                die=action.die,
                by=action.raise_by,
                value=action.die + action.raise_by,
            )
        )
        if action.area == "A":
            return message(
                "rules.words.fight-the-virus.shape", die=die, cells=cell_list(action.cells)
            )
        if action.area == "R":
            return message(
                "rules.words.fight-the-virus.cross", die=die, spot=sheet_spot(action.target)
            )
        return message("rules.words.fight-the-virus.write", die=die, spot=sheet_spot(action.target))
    if isinstance(action, Bonus) and action.kind == "S":
        return message("rules.words.fight-the-virus.bonus-shape", cells=cell_list(action.cells))
    if isinstance(action, Bonus):
        return message(
            "rules.words.fight-the-virus.bonus-number",
            value=action.value if action.kind == "N" else 1,
            spot=sheet_spot(action.target),
        )
    return message(FIGHT_THE_VIRUS_DECISIONS[str(action.to_json()["type"])])


WORDS = {
    "zebra": zebra,
    "virus-war": virus_war,
    "virus-fight": virus_fight,
    "fight-the-virus": fight_the_virus,
}
"""Game id -> its words (every game the engine registers has an entry)."""
