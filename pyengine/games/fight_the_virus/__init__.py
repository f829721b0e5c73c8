"""Fight the Virus (fight-the-virus.md): a roll-and-write dice race to research square 12.

Registered as ``fight-the-virus`` (``pyengine.get_game("fight-the-virus")``):

>>> from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
>>> state = FIGHT_THE_VIRUS.new_initial_state({"players": 2, "seed": 4720})
>>> state.apply("roll"); state.dice, state.phase, state.current_player()
((1, 1), 'reroll-or-keep', 0)
>>> state.apply("reroll"); state.dice, state.phase
((6, 1), 'use')
>>> state.apply("6>R6")
Traceback (most recent call last):
    ...
pyengine.core.errors.IllegalActionError: 6>R6 is illegal: research squares are crossed in order: the next one is R1 (§2.4).
>>> state.apply("6>A:e3.f3.e4.f4"); state.part().areas, state.usable_dice()
('RTC', (1,))
>>> state.apply("1>R1"); state.current_player(), state.part().role, state.usable_dice()
(1, 'passive', (6, 1))

Modules: :mod:`.sheet` (the normative sheet data and everything derived from it),
:mod:`.player_sheet` (one player's sheet and the rules of its areas), :mod:`.rules` (the
state: decisions, automatic steps, what a UI reads), :mod:`.legal` (legal lists),
:mod:`.errors` (refusals), :mod:`.turns` (turn order, dice, setbacks, endings),
:mod:`.notation` (decisions as text and JSON), :mod:`.position` (position text),
:mod:`.records` (game records), :mod:`.game` (options and factories), :mod:`.bots`
(computer players) and :mod:`.render` (SVG sheets).
"""

from __future__ import annotations

from pyengine.games.fight_the_virus.bots import GreedyBot, RandomBot
from pyengine.games.fight_the_virus.errors import ILLEGAL_CODES
from pyengine.games.fight_the_virus.game import (
    FIGHT_THE_VIRUS,
    FightTheVirusGame,
    player_names,
)
from pyengine.games.fight_the_virus.notation import (
    AREAS,
    Bonus,
    Decline,
    FightTheVirusAction,
    Keep,
    Pass,
    Reroll,
    Resign,
    Roll,
    Use,
    action_from_json,
    parse_action,
)
from pyengine.games.fight_the_virus.player_sheet import PlayerSheet
from pyengine.games.fight_the_virus.position import format_position
from pyengine.games.fight_the_virus.records import end_line, parse_record, write_record
from pyengine.games.fight_the_virus.rules import (
    RATINGS,
    FightTheVirusState,
    Part,
    rating_of,
)
from pyengine.games.fight_the_virus.turns import (
    CAP_TURNS,
    ENDINGS,
    LogEntry,
    Setback,
    parse_groups,
    parts_of_turn,
    seat_name,
)

__all__ = [
    "AREAS",
    "CAP_TURNS",
    "ENDINGS",
    "FIGHT_THE_VIRUS",
    "ILLEGAL_CODES",
    "RATINGS",
    "Bonus",
    "Decline",
    "FightTheVirusAction",
    "FightTheVirusGame",
    "FightTheVirusState",
    "GreedyBot",
    "Keep",
    "LogEntry",
    "Part",
    "Pass",
    "PlayerSheet",
    "RandomBot",
    "Reroll",
    "Resign",
    "Roll",
    "Setback",
    "Use",
    "action_from_json",
    "end_line",
    "format_position",
    "parse_action",
    "parse_groups",
    "parse_record",
    "parts_of_turn",
    "player_names",
    "rating_of",
    "seat_name",
    "write_record",
]
