"""How a Fight the Virus game is shown and explained to people (used by :mod:`pyengine.controller`).

The "board" is the sheet of the player who decides now (everybody else's sheet is a compact
picture beside it), and its spots are named as in the notation: analysis cells ``e3``,
``R1``..``R12``, ``T00``..``T40``, ``C00``..``C33`` (so clicks keep their case).

**A die use is a few clicks**, each offered as a highlighted spot or a button:

1. the die (``die:5``; also clickable on the dice picture);
2. for research, testing or the curve: the target spot; then, only when several raises fit
   that spot, the raise (``die:5+1``), labelled with its value and AP cost; or, when the die
   has more than one legal value, first the raise (every legal one is offered as a button
   after the die), then the spot;
3. for the analysis: the raise first when APs allow other shapes (``die:5+0``, ``die:5+1``),
   then the placement ``A:<cells>``, which the page previews under the pointer from the
   ``placement`` view (the face's shapes, rotated and flipped by the page, and the legal
   placements as tokens).

A bonus S is a placement (no die), a bonus N the next empty curve square then the number, a
bonus O a testing cell; ``b-`` (decline), ``roll``, ``reroll``, ``keep`` and ``pass`` are
buttons. Texts are translation requests (``{"key", "params"}``) resolved by the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Unpack

from pyengine.core.game import Action
from pyengine.core.presentation import Marks, Message, message
from pyengine.games.fight_the_virus.notation import (
    Bonus,
    Decline,
    Keep,
    Pass,
    Reroll,
    Roll,
    Use,
    parse_action,
)
from pyengine.games.fight_the_virus.presentation_texts import (
    FightTheVirusTexts,
    player,
    viewed_seat,
)

if TYPE_CHECKING:
    from pyengine.protocol import Extra, Placement
from pyengine.games.fight_the_virus.render import SPOT_NAMES, render_sheet_svg
from pyengine.games.fight_the_virus.render_dice import render_dice_svg
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import FACE_SHAPES

# A solo game (seed 2026, the greedy player) after 12 turns: research 5, 48 cells analysed.
POSTER_RECORD = """FTV-RECORD 1
seed 2026
mode solo
players Ana
1 P1 roll 1-3
1 P1 3>A:c8.d8.d9
1 P1 1>R1
2 P1 roll 5-5
2 P1 keep
2 P1 5>A:c6.d6.b7.c7.d7
2 P1 5>C00
3 P1 roll 6-1
3 P1 6>A:f5.e6.f6.f7
3 P1 1+1>R2
4 P1 roll 2-5
4 P1 5>A:e3.f3.g3.f4.g4
4 P1 2+1>R3
4 P1 bS>A:b4.a5.b5.b6
5 P1 roll 5-5
5 P1 keep
5 P1 5>A:g5.h5.g6.h6.g7
5 P1 5>T00
6 P1 roll 4-5
6 P1 4>A:c2.b3.c3.c4
6 P1 5>T04
7 P1 roll 5-6
7 P1 6>A:e9.f9.g9.f10
7 P1 5>C11
8 P1 roll 4-5
8 P1 5>A:d4.e4.c5.d5.e5
8 P1 4>R4
9 P1 roll 4-2
9 P1 4>A:d1.d2.e2.d3
9 P1 2>C10
10 P1 roll 1-5
10 P1 1>A:h9
10 P1 5>R5
11 P1 roll 1-1
11 P1 keep
11 P1 1>A:h4
11 P1 1>C20
12 P1 roll 3-1
12 P1 3>A:f0.e1.f1
12 P1 1>T03
"""
HIGHLIGHT_SOURCES = True
KEEP_CLICK_CASE = True


def _cells_token(cells: Iterable[str]) -> str:
    return "A:" + ".".join(cells)


class FightTheVirusPresentation(FightTheVirusTexts):
    """Fight the Virus for :mod:`pyengine.controller`: the texts of :class:`.FightTheVirusTexts`,
    the sheets, the dice and the clicks."""

    POSTER_RECORD = POSTER_RECORD
    HIGHLIGHT_SOURCES = HIGHLIGHT_SOURCES
    KEEP_CLICK_CASE = KEEP_CLICK_CASE

    # -- drawing ---------------------------------------------------------------------------

    def render(self, state: FightTheVirusState, **marks: Unpack[Marks]) -> str:
        """The sheet of the ``seat`` mark, else of :func:`.viewed_seat`, with the marks on its
        spots (a sheet has no coordinates and is never flipped)."""
        seat = marks.get("seat", viewed_seat(state))
        if not 0 <= seat < state.num_players:
            seat = viewed_seat(state)
        spots = set(SPOT_NAMES)
        selected = marks.get("selected")
        return render_sheet_svg(
            state.sheet(seat),
            seat=seat,
            size=marks.get("size"),
            highlighted=[name for name in marks.get("highlighted", ()) if name in spots],
            selected=selected if selected in spots else None,
            last_move=[name for name in marks.get("last_move", ()) if name in spots],
        )

    def grid(self, state: FightTheVirusState) -> None:
        return None  # not one grid: the page moves its keyboard cursor between spots by position

    def spots(self, state: FightTheVirusState) -> tuple[str, ...]:
        return SPOT_NAMES

    def extras(self, state: FightTheVirusState, tokens: Sequence[str]) -> list[Extra]:
        """The dice, then every other player's sheet in compact form."""
        choices = {
            int(token[4:]): token
            for token in tokens
            if token.startswith("die:") and "+" not in token
        }
        shown = viewed_seat(state)
        pictures: list[Extra] = [
            {
                "id": "dice",
                "seat": None,
                "label": message("fight-the-virus.dice", turn=state.turn),
                "svg": render_dice_svg(state.dice, state.usable_dice(), choices),
            }
        ]
        for seat in range(len(state.players)):
            if seat != shown:
                pictures.append(
                    {
                        "id": f"sheet-{seat}",
                        "seat": seat,
                        "label": player(state, seat),
                        "svg": render_sheet_svg(
                            state.sheet(seat), compact=True, seat=seat, id_prefix=f"ftv{seat}"
                        ),
                    }
                )
        return pictures

    def last_move(self, state: FightTheVirusState) -> tuple[str, ...]:
        """The spots the shown sheet's player marked last in this turn (nothing yet: none)."""
        seat = viewed_seat(state)
        for entry in reversed(state.log):
            if entry.turn != state.turn:
                break
            if entry.seat == seat and entry.text[:1] in "123456b" and entry.text != "b-":
                return parse_action(entry.text).spots()
        return ()

    # -- clicks ----------------------------------------------------------------------------

    def click_paths(self, state: FightTheVirusState) -> list[tuple[tuple[str, ...], Action]]:
        """The clicks that make each legal decision (see the module docstring); uses in the
        order of their die and raise, so the raise buttons of a die go up."""
        actions = state.legal_actions()
        uses = [action for action in actions if isinstance(action, Use)]
        raises: dict[tuple[int, str], set[int]] = {}
        die_raises: dict[int, set[int]] = {}
        for use in uses:
            key = (use.die, "A" if use.area == "A" else use.target)
            raises.setdefault(key, set()).add(use.raise_by)
            die_raises.setdefault(use.die, set()).add(use.raise_by)
        values_n = {
            action.value for action in actions if isinstance(action, Bonus) and action.kind == "N"
        }
        ordered = sorted(
            actions,
            key=lambda action: (
                (0, action.die, action.raise_by) if isinstance(action, Use) else (1, 0, 0)
            ),
        )
        paths: list[tuple[tuple[str, ...], Action]] = []
        for action in ordered:
            if isinstance(action, Use):
                die = f"die:{action.die}"
                chosen = f"die:{action.die}+{action.raise_by}"
                spot = _cells_token(action.cells) if action.area == "A" else action.target
                if action.area == "A":
                    several = len(raises[(action.die, "A")]) > 1
                    paths.append(((die, *((chosen,) if several else ()), spot), action))
                else:
                    several = len(raises[(action.die, action.target)]) > 1
                    paths.append(((die, spot, *((chosen,) if several else ())), action))
                # every raise of the die is also offered right after the die: the raise
                # first, then its target
                if len(die_raises[action.die]) > 1 and not (action.area == "A" and several):
                    paths.append(((die, chosen, spot), action))
            elif isinstance(action, Bonus) and action.kind == "S":
                paths.append(((_cells_token(action.cells),), action))
            elif isinstance(action, Bonus) and action.kind == "N":
                paths.append(
                    (
                        (action.target,)
                        + ((f"value:{action.value}",) if len(values_n) > 1 else ()),
                        action,
                    )
                )
            elif isinstance(action, Bonus):
                paths.append(((action.target,), action))
            else:  # roll, reroll, keep, pass, decline
                paths.append(((), action))
        return paths

    def action_cells(self, action: Action) -> tuple[str, ...]:
        """The spots an action marks (the controller uses :meth:`click_paths` instead)."""
        return action.spots() if isinstance(action, (Use, Bonus)) else ()

    def click_label(self, state: FightTheVirusState, token: str) -> Message | None:
        """Buttons for the clicks that are not spots: dice, raises, numbers."""
        if token.startswith("die:") and "+" in token:
            die, raise_by = (int(part) for part in token[4:].split("+"))
            if raise_by == 0:
                return message("fight-the-virus.raise-none", die=die)
            return message(
                "fight-the-virus.raise",
                die=die,
                by=raise_by,
                value=die + raise_by,
                cost=(raise_by + 1) // 2,
            )
        if token.startswith("die:"):
            return message("fight-the-virus.use-die", die=int(token[4:]))
        if token.startswith("value:"):
            return message("fight-the-virus.write-number", value=int(token[6:]))
        return None  # a shape placement: made on the sheet, with its preview

    def action_label(self, action: Action) -> Message:
        keys: dict[type[Action], str] = {
            Roll: "fight-the-virus.roll",
            Reroll: "fight-the-virus.reroll",
            Keep: "fight-the-virus.keep",
            Pass: "fight-the-virus.pass",
            Decline: "fight-the-virus.decline",
        }
        key = keys.get(type(action))
        return message(key) if key else super().action_label(action)

    def placement(self, state: FightTheVirusState, selection: Sequence[str]) -> Placement | None:
        """While the next click places a shape: its face, its shapes (every fixed orientation,
        as (row, col) offsets) and the legal placements as click tokens."""
        legal: list[str] = []
        faces: set[int] = set()
        for cells, action in self.click_paths(state):
            depth = len(selection)
            if (
                len(cells) == depth + 1
                and list(cells[:depth]) == list(selection)
                and cells[depth].startswith("A:")
            ):
                legal.append(cells[depth])
                # the shape's face: the raised die (a single possible raise is not asked for)
                faces.add(action.value if isinstance(action, Use) else 6)
        if not legal:
            return None
        (face,) = faces
        shapes = sorted(sorted(shape) for shape in FACE_SHAPES[face])
        reach = sorted({cell for token in legal for cell in token[2:].split(".")})
        return {
            "face": face,
            "shapes": [[list(cell) for cell in shape] for shape in shapes],
            "legal": legal,
            "reach": reach,
        }

    def finish_without(
        self, state: FightTheVirusState, people: Sequence[int]
    ) -> list[Action] | None:
        """With every person resigned or hopeless, the computers would play on alone (§4.2):
        the game is played to its end at once, by the fast greedy player, so the result is
        there at the resignation."""
        out = state.resigned | state.hopeless
        if not people or any(seat not in out for seat in people):
            return None
        from pyengine.games.fight_the_virus.bots import GreedyBot

        seed = state.options.get("seed")
        bot = GreedyBot(seed if isinstance(seed, int) else None)
        game = state.clone()
        actions: list[Action] = []
        while not game.is_terminal():
            action = bot.choose(game)
            game.apply(action)
            actions.append(action)
        return actions

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A game the user gave no seed gets a fresh one (the dice are seeded, §5.2)."""
        fresh = dict(options)
        if fresh.get("seed") in (None, ""):
            from pyengine.games.virus_fight.game import random_seed

            fresh["seed"] = random_seed()
        return fresh


PRESENTATION = FightTheVirusPresentation()
