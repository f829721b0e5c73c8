"""The Virus Fight game definition: options, factories and the text forms.

Virus Fight (virus-fight.md): 2-5 tiny programs of instruction pieces fight in memory.

Registered as ``virus-fight`` (``pyengine.get_game("virus-fight")``):

>>> from pyengine.games.virus_fight import VIRUS_FIGHT
>>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
>>> state.phase, state.current_player(), len(state.legal_actions())
('setup', 0, 583236)
>>> state.apply("b1:W2 c1:E3 @b1"); state.apply("c5:M1 d5:E2 @d5")
>>> print(state.instruction())
seat 2 executes ERASE 2 on d5
>>> [str(action) for action in state.legal_actions()]
['x-', 'xc5']

Modules: :mod:`.rules` (the state, the legal-action order, the attributes a renderer reads),
:mod:`.legal` (the legal actions of each decision in play), :mod:`.effects` (what each
action does), :mod:`.rounds` (turn order,
rounds, endings, stop scoring), :mod:`.errors` (illegal-action codes and explanations),
:mod:`.notation` (actions), :mod:`.board` (home segments, lazy setups), :mod:`.position`
(position text), :mod:`.records` (game records), :mod:`.game` (options and factories),
:mod:`.render` (SVG) and :mod:`.presentation` (what the controller shows people).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import cast

from pyengine.core.game import Game, State
from pyengine.core.options import (
    Constraint,
    Option,
    OptionSchema,
    OptionValues,
    seed_option,
    size_option,
)
from pyengine.games.virus_fight import records
from pyengine.games.virus_fight.board import DEFAULT_SIZES
from pyengine.games.virus_fight.notation import (
    MAX_SIZE,
    MIN_SIZE,
    Resign,
    VirusFightAction,
    parse_action,
)
from pyengine.games.virus_fight.position import parse_position
from pyengine.games.virus_fight.rules import VirusFightState

__all__ = ["VIRUS_FIGHT", "VirusFightGame", "random_seed"]

_SIZES = (0, *range(MIN_SIZE, MAX_SIZE + 1))


def random_seed() -> int:
    """A fresh seed for a new game whose user gave none (§5.1: "the engine picks one")."""
    return random.SystemRandom().randrange(2**31)


class VirusFightGame(Game):
    """Virus Fight (virus-fight.md): 2-5 programs of instruction pieces fight in memory.

    Options: ``players`` 2..5 (default 2); ``size`` 5..11, or 0 (the default) for the size
    of §2's table (2: 5x5, 3: 6x6, 4: 7x7, 5: 9x9); ``seed`` (default 0), the seed of the
    only random event, the last first-player tie-break of round 1 (§5.1). The option has a
    fixed default so that options replay; a user interface that wants a fresh seed passes
    :func:`random_seed`. Home segments follow §2's general rule for any size.

    Seats are 0-based in the contract, 1-based in texts. See :mod:`.rules` for the phases,
    decisions, the legal-action order and the attributes a renderer reads, :mod:`.notation`
    for the actions, :mod:`.position` for the position text and :mod:`.records` for records.
    """

    id = "virus-fight"
    name = "Virus Fight"
    min_players = 2
    max_players = 5
    options = OptionSchema(
        [
            Option(
                "players",
                "int",
                2,
                minimum=2,
                maximum=5,
                label="Players",
                description="Two to five programs fight.",
            ),
            size_option(
                0,
                0,
                MAX_SIZE,
                "The board has size x size cells (5-11); 0 picks the usual size for the player "
                "count: 5, 6, 7 or 9.",
            ),
            seed_option("Seeds the random tie-break for the first player of round 1."),
        ],
        constraints=[
            Constraint(
                when="players",
                values=(2, 3, 4, 5),
                option="size",
                allowed=_SIZES,
                description="size is 0 or 5-11",
            )
        ],
    )

    def _initial_state(self, options: OptionValues) -> VirusFightState:
        return VirusFightState(self, options, self.board_size(options))

    def new_initial_state(self, options: Mapping[str, object] | None = None) -> VirusFightState:
        return self._initial_state(self.options.validate(options))

    @staticmethod
    def board_size(options: Mapping[str, object]) -> int:
        """The board size the options give (``size`` 0 = the default for the players)."""
        size = int(options["size"])  # type: ignore[call-overload]
        return size or DEFAULT_SIZES[int(options["players"])]  # type: ignore[call-overload]

    def parse_action(self, text: str, state: State | None = None) -> VirusFightAction:
        return parse_action(text, size=getattr(state, "size", None))

    def from_position(
        self, text: str, *, options: Mapping[str, object] | None = None
    ) -> VirusFightState:
        """A game starting from a position text (:mod:`.position`). Missing options take
        the players and size of the text."""
        merged: dict[str, object] = {}
        head = text.split()[0] if isinstance(text, str) and text.split() else ""
        if "/" in head and all(part.isdigit() for part in head.split("/")):
            size, players = head.split("/")
            merged = {"size": int(size), "players": int(players)}
        return parse_position(self, text, self.options.validate_over(merged, options))

    def read_record(self, text: str) -> VirusFightState:
        return records.parse_record(self, text)

    def state_from_json(self, document: object) -> VirusFightState:
        """As :meth:`Game.state_from_json` (only the return type is narrower)."""
        return cast(VirusFightState, super().state_from_json(document))

    def write_record(self, state: State) -> str:
        return records.write_record(state)

    def resign_action(self, state: State, seat: int) -> Resign:
        """Resigning eliminates the player (see :mod:`.rules`)."""
        return Resign()


VIRUS_FIGHT = VirusFightGame()
