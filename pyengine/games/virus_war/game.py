"""The Virus War game definition: options, factories and the text forms.

Virus War (virus-war.md): two colonies grow and kill each other, three steps a turn.

The package exposes the game (:data:`VIRUS_WAR`), its state, actions and text forms:

>>> state = VIRUS_WAR.new_initial_state({"size": 6})
>>> for step in ("a1", "b2", "c3"):
...     state.apply(step)
>>> print(state.diagram())
6 . . . . . .
5 . . . . . .
4 . . . . . .
3 . . X . . .
2 . X . . . .
1 X . . . . .
  a b c d e f
>>> state.current_player() == O, [str(action) for action in state.legal_actions()]
(True, ['pass', 'f6'])

Modules: :mod:`.notation` (cells, actions, position text, diagrams), :mod:`.bitboard` (the
board as integers: reach, steps, turns), :mod:`.rules` (the state), :mod:`.errors`
(refusals), :mod:`.positions` (positions given as text), :mod:`.records` (game records),
:mod:`.game` (options and factories), :mod:`.ai`, :mod:`.turn_search` and :mod:`.gauntlet`
(computer players), :mod:`.render` (SVG) and :mod:`.presentation` (what the controller shows
people).
"""

from __future__ import annotations

from collections.abc import Mapping

from pyengine.core.game import State, TaggedResignationGame
from pyengine.core.options import Option, OptionSchema, OptionValues, size_option
from pyengine.games.virus_war import records
from pyengine.games.virus_war.notation import (
    MAX_SIZE,
    MIN_SIZE,
    PLAYER_LETTERS,
    Position,
    VirusWarAction,
    format_position,
    parse_action,
    parse_diagram_board,
    parse_position,
)
from pyengine.games.virus_war.positions import check_position
from pyengine.games.virus_war.rules import O, VirusWarState, X

__all__ = ["VIRUS_WAR", "VirusWarGame", "parse_diagram"]

VARIANTS = ("standard", "last-move-wins")


class VirusWarGame(TaggedResignationGame[VirusWarState]):
    """Virus War (virus-war.md): two virus colonies grow and kill each other, up to three
    steps a turn.

    Options: ``size`` 6..14 (default 10), ``variant`` standard | last-move-wins.

    Seats: 0 = X (Crosses, moves first, home a1), 1 = O (Noughts, home in the opposite
    corner). Each step is one action; the player stays to move until the turn's M steps are
    made (or the game ends). Legal actions: ``pass`` first (only before a turn's first step),
    then steps sorted by file, then rank.

    Position text (see :mod:`pyengine.games.virus_war.notation`): ranks N..1 of ``. X O x o``
    separated by ``/``, the side to move, the pass count, the last non-pass mover, the turn in
    progress with M, and the turn number:

    >>> state = VIRUS_WAR.new_initial_state({"size": 6})
    >>> state.position_text()
    '....../....../....../....../....../...... x 0 - -/3 1'
    >>> for text in ("a1", "b2"):
    ...     state.apply(text)
    >>> state.position_text()
    '....../....../....../....../.X..../X..... x 0 x a1-b2/3 1'
    """

    id = "virus-war"
    name = "Virus War"
    min_players = 2
    max_players = 2
    records = records
    options = OptionSchema(
        [
            size_option(
                10, MIN_SIZE, MAX_SIZE, "The board has size x size cells (files a-o without j)."
            ),
            Option(
                "variant",
                "choice",
                "standard",
                choices=VARIANTS,
                label="Variant",
                description="standard: a double pass is a draw; last-move-wins: after a "
                "double pass the player of the last non-pass turn wins.",
            ),
        ]
    )

    def _initial_state(self, options: OptionValues) -> VirusWarState:
        size = int(options["size"])
        position = Position(size, "." * (size * size), X)
        return VirusWarState(self, options, check_position(position, options), start=None)

    def parse_action(self, text: str, state: State | None = None) -> VirusWarAction:
        return parse_action(text, size=getattr(state, "size", None))

    def from_position(
        self, text: str, *, options: Mapping[str, object] | None = None
    ) -> VirusWarState:
        """A game starting from a position text (the size comes from the board; the variant
        from ``options`` or its default). Raises NotationError for an impossible position."""
        return self.state_from_position(parse_position(text), options=options)

    def state_from_position(
        self, position: Position, *, options: Mapping[str, object] | None = None
    ) -> VirusWarState:
        values = self.options.validate_over({"size": position.size}, options)
        checked = check_position(position, values)
        return VirusWarState(self, values, checked, start=format_position(checked))


VIRUS_WAR = VirusWarGame()


def parse_diagram(
    text: str,
    *,
    to_move: int | str = X,
    passes: int = 0,
    last_mover: int | str | None = None,
    number: int = 1,
    options: Mapping[str, object] | None = None,
) -> VirusWarState:
    """A state from a diagram block as virus-war.md draws it (rank N on top, file letters
    last), at the start of ``to_move``'s turn. Players are ``X``/``O`` (seats 0/1) or the
    letters ``"x"``/``"o"``.

    >>> state = parse_diagram('''
    ...  6 . . . . . O
    ...  5 . . . . . .
    ...  4 . . . . . .
    ...  3 x x . . . .
    ...  2 . x . . . .
    ...  1 X x . . . .
    ...    a b c d e f
    ... ''')
    >>> [str(action) for action in state.legal_actions()], state.turn_length
    (['pass', 'a2'], 1)
    """
    size, contents = parse_diagram_board(text)
    last = None if last_mover is None else _seat(last_mover)
    position = Position(size, contents, _seat(to_move), passes, last, (), None, number)
    return VIRUS_WAR.state_from_position(position, options=options)


def _seat(player: int | str) -> int:
    if player in (X, O) and not isinstance(player, bool):
        return int(player)
    if isinstance(player, str) and player.lower() in PLAYER_LETTERS:
        return PLAYER_LETTERS.index(player.lower())
    raise ValueError(f"a player is X, O, 'x' or 'o', not {player!r}")
