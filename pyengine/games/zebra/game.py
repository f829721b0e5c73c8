"""The Zebra game definition: options, factories and the text forms.

Zebra (zebra.md): stack your piece on a neighbouring tower of the other colour.

The package exposes the game (:data:`ZEBRA`), its state, actions and text forms:

>>> state = ZEBRA.new_initial_state()
>>> state.apply("C2-D2")
>>> print(state.diagram())
4 W1 B1 W1 B1
3 B1 W1 B1 W1
2 W1 B1 .  W2
1 B1 W1 B1 W1
  a  b  c  d
>>> state.history, state.cells[7], state.current_player() == BLACK
((Move.parse('c2-d2'),), 2, True)

Modules: :mod:`.notation` (cells, actions, position text, diagrams), :mod:`.board` (the tables
of a board size), :mod:`.rules` (the state), :mod:`.errors` (refusals), :mod:`.positions`
(setups and positions given as text), :mod:`.records` (game records), :mod:`.game` (options
and factories), :mod:`.ai` and :mod:`.gauntlet` (computer players), :mod:`.render` (SVG) and
:mod:`.presentation` (what the controller shows people).
"""

from __future__ import annotations

from collections.abc import Mapping

from pyengine.core.game import State, TaggedResignationGame
from pyengine.core.options import Constraint, Option, OptionSchema, OptionValues, size_option
from pyengine.games.zebra import records
from pyengine.games.zebra.notation import (
    MAX_SIZE,
    MIN_SIZE,
    Position,
    ZebraAction,
    format_position,
    parse_action,
    parse_diagram_board,
    parse_position,
)
from pyengine.games.zebra.positions import check_position, infer_setup, initial_position
from pyengine.games.zebra.rules import BLACK, WHITE, ZebraState

__all__ = ["ZEBRA", "ZebraGame", "parse_diagram"]

SETUPS = ("standard", "hole", "remove", "neutral", "placement")
MOVEMENTS = ("step", "jump")
ODD_ONLY_SETUPS = ("hole", "remove", "neutral")


class ZebraGame(TaggedResignationGame[ZebraState]):
    """Zebra (zebra.md): two players stack pieces on opposite-coloured towers.

    Options: ``size`` 3..10 (default 4), ``setup`` standard | hole | remove | neutral |
    placement (hole, remove and neutral need an odd size), ``movement`` step | jump.

    Seats: 0 = White (moves first), 1 = Black. Legal actions are listed sorted: moves by
    source then target, cells by file then rank (``a2-a1 a2-a3 a2-b2 a4-a3 ...``).

    Position text (see :mod:`pyengine.games.zebra.notation`): the ranks from N down to 1
    separated by ``/``, cells separated by spaces as ``W3 B1 . # n nW2``, then the side to
    move ``w``/``b``, optionally the phase and the number of movement plies played:

    >>> state = ZEBRA.new_initial_state({"size": 3})
    >>> state.position_text()
    'B1 W1 B1/W1 B1 W1/B1 W1 B1 w movement 0'
    >>> [str(action) for action in state.legal_actions()][:4]
    ['a2-a1', 'a2-a3', 'a2-b2', 'b1-a1']
    """

    id = "zebra"
    name = "Zebra"
    min_players = 2
    max_players = 2
    records = records
    options = OptionSchema(
        [
            size_option(4, MIN_SIZE, MAX_SIZE, "The board has size x size cells."),
            Option(
                "setup",
                "choice",
                "standard",
                choices=SETUPS,
                label="Setup",
                description="standard: a full chessboard of pieces; hole: the centre is "
                "empty; remove: Black first removes one of its pieces; neutral: a shared "
                "neutral base on the centre; placement: the players fill the board first.",
            ),
            Option(
                "movement",
                "choice",
                "step",
                choices=MOVEMENTS,
                label="Movement",
                description="step: onto one of the 8 neighbours; jump: straight along a "
                "rank or file, across at most as many empty cells as the tower is high.",
            ),
        ],
        constraints=[
            Constraint(
                when="setup",
                values=ODD_ONLY_SETUPS,
                option="size",
                allowed=(3, 5, 7, 9),
                description="The hole, remove and neutral setups need an odd size.",
            ),
        ],
    )

    def _initial_state(self, options: OptionValues) -> ZebraState:
        return ZebraState(self, options, initial_position(options), start=None)

    def parse_action(self, text: str, state: State | None = None) -> ZebraAction:
        return parse_action(text, size=getattr(state, "size", None))

    def from_position(
        self, text: str, *, options: Mapping[str, object] | None = None
    ) -> ZebraState:
        """A game starting from a position text; the position counts as having occurred.

        Options not given are taken from the position (size, a plausible setup) or their
        defaults; raises NotationError if the position cannot occur with the options.
        """
        return self.state_from_position(parse_position(text), options=options)

    def state_from_position(
        self, position: Position, *, options: Mapping[str, object] | None = None
    ) -> ZebraState:
        found = {"size": position.size, "setup": infer_setup(position)}
        values = self.options.validate_over(found, options)
        check_position(position, values)
        return ZebraState(self, values, position, start=format_position(position))


ZEBRA = ZebraGame()


def parse_diagram(
    text: str,
    *,
    to_move: int | str = WHITE,
    phase: str = "movement",
    movement_plies: int = 0,
    options: Mapping[str, object] | None = None,
) -> ZebraState:
    """A state from a diagram block as zebra.md draws it (rank N on top, file letters last).

    ``to_move`` is ``WHITE``/``BLACK`` or ``"w"``/``"b"``/``"white"``/``"black"``. The
    diagram counts as an occurred position (§5).

    >>> state = parse_diagram('''
    ... 3 .  .  B1
    ... 2 .  B5 W3
    ... 1 .  .  .
    ...   a  b  c
    ... ''', to_move="black")
    >>> [str(action) for action in state.legal_actions()]
    ['b2-c2', 'c3-c2']
    """
    board = parse_diagram_board(text)
    sides = {WHITE: WHITE, BLACK: BLACK, "w": WHITE, "b": BLACK, "white": WHITE, "black": BLACK}
    key = to_move.lower() if isinstance(to_move, str) else to_move
    if key not in sides:
        raise ValueError(f"to_move must be WHITE, BLACK, 'white' or 'black', not {to_move!r}")
    position = Position(
        board.size, board.cells, board.holes, board.neutral, sides[key], phase, movement_plies
    )
    return ZEBRA.state_from_position(position, options=options)
