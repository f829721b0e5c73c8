"""The Fight the Virus game definition: options, factories and the text forms.

Fight the Virus (fight-the-virus.md): a roll-and-write dice race to research square 12.

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
:mod:`.effects` (what each decision does), :mod:`.errors` (refusals), :mod:`.turns` (turn order, dice, setbacks, endings),
:mod:`.notation` (decisions as text and JSON), :mod:`.position` (position text),
:mod:`.records` (game records), :mod:`.game` (options and factories), :mod:`.bots`
(computer players) and :mod:`.render` (SVG sheets).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyengine.core.errors import OptionError, StateFormatError
from pyengine.core.game import Game, State
from pyengine.core.options import (
    Constraint,
    Option,
    OptionSchema,
    OptionValues,
    excerpt,
    seed_option,
)
from pyengine.games.fight_the_virus import records
from pyengine.games.fight_the_virus.notation import FightTheVirusAction, Resign, parse_action
from pyengine.games.fight_the_virus.position import parse_position
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.turns import groups_problem, seat_name

__all__ = ["FIGHT_THE_VIRUS", "MAX_NAME", "FightTheVirusGame", "player_names"]

MAX_NAME = 24
"""The longest player name, in characters."""
_PLAYER_COUNTS = (
    ("solo", 1, 1, "solo is played alone"),
    ("standard", 2, 6, "standard: 2-6 players"),
    ("groups", 3, 20, "groups: 3-20 players"),
)
"""The players each mode seats (§4): mode, fewest, most, and the rule as a form states it."""


MAX_PLAYERS = 20
"""The most seats (the groups variant's)."""


def _option_error(option: str, value: str, code: str, message: str, **more: Any) -> OptionError:
    """An error of the ``names`` or ``groups`` option (``code`` under ``option.``, ``message``
    the English reason, also its ``allowed``); the value it repeats is an excerpt
    (:func:`~pyengine.core.options.excerpt`)."""
    params: dict[str, Any] = {"option": option, "value": excerpt(value), "allowed": message}
    params.update(more)
    return OptionError(
        f"Option {option}={params['value']} is invalid: {message}.",
        code=f"option.{code}",
        params=params,
    )


def player_names(text: str, players: int) -> tuple[str, ...]:
    """The names of the ``names`` option (``"Ana; Ben"``), or ``P1``..``Pn`` when it is
    empty; raises :class:`OptionError` naming the option: a name for each player, each 1 to
    :data:`MAX_NAME` printable characters.

    >>> player_names("Ana; Ben", 2), player_names("", 3)
    (('Ana', 'Ben'), ('P1', 'P2', 'P3'))
    >>> player_names("Ana; " + "B" * 3000, 2)
    Traceback (most recent call last):
        ...
    pyengine.core.errors.OptionError: Option names=Ana; BBBBBBBBBBBBBBBBBB… is invalid: the name BBBBBBBBBBBBBBBBBBBBBBB… has 3000 characters, at most 24.
    """
    if not text.strip():
        return tuple(seat_name(seat) for seat in range(players))
    names = tuple(name.strip() for name in text.split(";"))
    if len(names) != players:
        raise _names_error(
            text,
            "names-count",
            f"give {players} names separated by ';' (one per player), not {len(names)}",
            players=players,
            count=len(names),
        )
    for name in names:
        if not name:
            raise _names_error(text, "name-empty", "a name is empty", maximum=MAX_NAME)
        if len(name) > MAX_NAME:
            shown = excerpt(name)
            raise _names_error(
                text,
                "name-too-long",
                f"the name {shown} has {len(name)} characters, at most {MAX_NAME}",
                name=shown,
                length=len(name),
                maximum=MAX_NAME,
            )
        if not name.isprintable():
            shown = excerpt(name)
            raise _names_error(
                text,
                "name-unprintable",
                f"the name {shown} holds a character that cannot be shown",
                name=shown,
            )
    return names


def _names_error(text: str, code: str, message: str, **params: Any) -> OptionError:
    return _option_error("names", text, code, message, **params)


class FightTheVirusGame(Game):
    """Fight the Virus (fight-the-virus.md): a roll-and-write dice race to research square 12.

    Options: ``mode`` ``solo`` (1 player), ``standard`` (2-6) or ``groups`` (3-20, §4.4);
    ``players``; ``names`` (``;``-separated, empty for ``P1``..``Pn``); ``groups`` (each seat's
    group, ``"1 2 1"``; groups mode only, required there); ``seed`` (the dice, §5.2; a fixed
    default so options replay; a user interface passes a fresh random one).

    Seats are 0-based in the contract and ``P1``..``Pn`` in texts. See :mod:`.rules` for the
    decisions and what a UI reads, :mod:`.notation` for the decisions' text and structured
    forms, :mod:`.position` for the position text and :mod:`.records` for game records.
    """

    id = "fight-the-virus"
    name = "Fight the Virus"
    min_players = 1
    max_players = MAX_PLAYERS
    options = OptionSchema(
        [
            Option(
                "mode",
                "choice",
                "standard",
                choices=("solo", "standard", "groups"),
                label="Mode",
                description="Solo (1 player), standard (2-6 players) or the "
                "groups variant (3-20 players in 2-4 groups).",
            ),
            Option(
                "players",
                "int",
                2,
                minimum=1,
                maximum=MAX_PLAYERS,
                label="Players",
                description="Solo 1, standard 2-6, groups 3-20.",
            ),
            Option(
                "names",
                "str",
                "",
                maximum=MAX_PLAYERS * (MAX_NAME + 2),  # every seat's name and "; "
                label="Names",
                description="The players' names separated by ';' (empty: P1, P2, ...).",
            ),
            Option(
                "groups",
                "str",
                "",
                maximum=2 * MAX_PLAYERS,  # a digit and a space per seat
                label="Groups",
                description="Groups variant: each player's group number 1-4, separated by "
                "spaces (such as 1 2 1 2 2).",
            ),
            seed_option("Seeds the dice; the same seed and decisions replay a game."),
        ],
        constraints=[
            *(
                Constraint(
                    when="mode",
                    values=(mode,),
                    option="players",
                    allowed=tuple(range(fewest, most + 1)),
                    description=description,
                )
                for mode, fewest, most, description in _PLAYER_COUNTS
            ),
            Constraint(
                when="mode",
                values=("solo", "standard"),
                option="groups",
                allowed=("",),
                description="groups only in the groups variant",
            ),
        ],
    )

    def seating(self, options: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The names and groups of validated options (raises :class:`OptionError` for names or
        groups that break §4.4 or the name rules)."""
        players = int(options["players"])
        names = player_names(str(options["names"]), players)
        groups: tuple[int, ...] = ()
        if options["mode"] == "groups":
            text = str(options["groups"])
            problem = groups_problem(text, players)
            if problem is not None:
                code, params, message = problem
                raise _option_error("groups", text, code, message, **params)
            groups = tuple(int(word) for word in text.split())
        return names, groups

    def _initial_state(self, options: OptionValues) -> FightTheVirusState:
        names, groups = self.seating(options)
        return FightTheVirusState(self, options, names, groups)

    def new_initial_state(self, options: Mapping[str, object] | None = None) -> FightTheVirusState:
        return self._initial_state(self.options.validate(options))

    def parse_action(self, text: str, state: State | None = None) -> FightTheVirusAction:
        return parse_action(text)

    def from_position(
        self, text: str, *, options: Mapping[str, object] | None = None
    ) -> FightTheVirusState:
        """A game starting from a position text (:mod:`.position`). Without options the mode
        and player count follow the text (solo for one sheet, else standard)."""
        if options is None:
            count = len(text.split()) - 4 if isinstance(text, str) else 0
            options = (
                {"mode": "solo", "players": 1} if count == 1 else {"players": max(2, min(count, 6))}
            )
        values = self.options.validate(options)
        names, groups = self.seating(values)
        return parse_position(FightTheVirusState(self, values, names, groups), text)

    def read_record(self, text: str) -> FightTheVirusState:
        return records.parse_record(self, text)

    def write_record(self, state: State) -> str:
        return records.write_record(state)

    def resign_action(self, state: State, seat: int) -> Resign:
        """The rules' ``resign`` (§4.2): the player stays seated, the engine decides for
        them, and the game ends when nobody is left who can win."""
        return Resign()

    def state_from_json(self, document: object) -> FightTheVirusState:
        """As :meth:`Game.state_from_json`; names and groups that break their rules are
        reported on their option field."""
        if isinstance(document, Mapping) and isinstance(document.get("options"), Mapping):
            try:
                self.seating(self.options.validate(document["options"]))
            except OptionError as error:
                name = error.params.get("option")
                raise StateFormatError(
                    str(error), field=f"options.{name}" if name else "options"
                ) from error
        state = super().state_from_json(document)
        assert isinstance(state, FightTheVirusState)
        return state


FIGHT_THE_VIRUS = FightTheVirusGame()
