"""How a Fight the Virus game is shown and explained to people (used by :mod:`pyengine.controller`).

The "board" is the sheet of the player who decides now (everybody else's sheet is a compact
picture beside it), and its spots are named as in the notation: analysis cells ``e3``,
``R1``..``R12``, ``T00``..``T40``, ``C00``..``C33`` (so clicks keep their case).

**A die use is a few clicks**, each offered as a highlighted spot or a button:

1. the die (``die:5``; also clickable on the dice picture);
2. for research, testing or the curve: the target spot; then, only when several raises fit
   that spot, the raise (``die:5+1``), labelled with its value and AP cost;
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
from typing import Any

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import Action
from pyengine.core.presentation import Presentation
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
from pyengine.games.fight_the_virus.render import SPOT_NAMES, render_sheet_svg
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import FACE_SHAPES
from pyengine.svg.drawing import element, svg_document

Message = dict[str, Any]

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
PLAYERS: tuple[Message, ...] = tuple(
    {"key": "fight-the-virus.seat", "params": {"number": seat + 1}} for seat in range(20)
)
HIGHLIGHT_SOURCES = True
KEEP_CLICK_CASE = True


def message(key: str, **params: Any) -> Message:
    return {"key": key, "params": params}


def player(state: FightTheVirusState, seat: int) -> Message:
    """A seat by its player's name (free text the page shows as text, never as markup)."""
    return message("fight-the-virus.player", name=state.players[seat], number=seat + 1)


def viewed_seat(state: FightTheVirusState) -> int:
    """Whose sheet is the board: the deciding player's, or at the end the first winner's."""
    if not state.is_terminal():
        return state.current_player()
    return state.winners[0] if state.winners else 0


# -- drawing ---------------------------------------------------------------------------------


def render(
    state: FightTheVirusState,
    *,
    highlighted: Iterable[str] = (),
    selected: str | None = None,
    last_move: Sequence[str] = (),
    size: int | None = None,
    **_: Any,
) -> str:
    seat = viewed_seat(state)
    spots = set(SPOT_NAMES)
    return render_sheet_svg(
        state.sheet(seat),
        seat=seat,
        size=size,
        highlighted=[name for name in highlighted if name in spots],
        selected=selected if selected in spots else None,
        last_move=[name for name in last_move if name in spots],
    )


def grid(state: FightTheVirusState) -> None:
    return None  # not one grid: the page moves its keyboard cursor between spots by position


def spots(state: FightTheVirusState) -> tuple[str, ...]:
    return SPOT_NAMES


def render_dice_svg(
    dice: tuple[int, int] | None, usable: Sequence[int], choices: Mapping[int, str]
) -> str:
    """The two dice as dice: pips on rounded squares; a used die is faded, a die the player
    may pick now is framed and carries ``data-click``."""
    pips = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)],
    }
    parts = []
    left = list(usable)
    for index, value in enumerate(dice or (0, 0)):
        x = 10 + index * 110
        free = value in left
        if free:
            left.remove(value)
        click = choices.get(value) if free else None
        body = [
            element(
                "rect",
                {"class": "die-face", "x": x, "y": 10},
                width=90,
                height=90,
                rx=16,
                fill="#fffdf7",
                stroke="#1f9d55" if click else "#26221f",
                stroke_width=6 if click else 3,
            )
        ]
        for row, col in pips.get(value, []):
            body.append(
                element(
                    "circle",
                    {"class": "pip", "cx": x + 22 + col * 23, "cy": 32 + row * 23, "r": 8},
                    fill="#26221f",
                )
            )
        parts.append(
            element(
                "g",
                {
                    "class": "die" + ("" if free else " used"),
                    "data-value": value or None,
                    "data-click": click,
                    "opacity": None if free or not dice else 0.35,
                },
                body,
            )
        )
    return svg_document(
        220,
        110,
        *parts,
        title="Dice",
        title_id="ftv-dice-title",
        attributes={"class": "dice fight-the-virus"},
    )


def extras(state: FightTheVirusState, tokens: Sequence[str]) -> list[dict[str, Any]]:
    """The dice, then every other player's sheet in compact form."""
    choices = {
        int(token[4:]): token for token in tokens if token.startswith("die:") and "+" not in token
    }
    shown = viewed_seat(state)
    pictures: list[dict[str, Any]] = [
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


# -- clicks ----------------------------------------------------------------------------------


def _cells_token(cells: Iterable[str]) -> str:
    return "A:" + ".".join(cells)


def click_paths(state: FightTheVirusState) -> list[tuple[tuple[str, ...], Action]]:
    """The clicks that make each legal decision (see the module docstring)."""
    actions = state.legal_actions()
    uses = [action for action in actions if isinstance(action, Use)]
    raises: dict[tuple[int, str], set[int]] = {}
    for use in uses:
        key = (use.die, "A" if use.area == "A" else use.target)
        raises.setdefault(key, set()).add(use.raise_by)
    values_n = {
        action.value for action in actions if isinstance(action, Bonus) and action.kind == "N"
    }
    paths: list[tuple[tuple[str, ...], Action]] = []
    for action in actions:
        if isinstance(action, Use):
            die = f"die:{action.die}"
            if action.area == "A":
                step = (
                    (f"die:{action.die}+{action.raise_by}",)
                    if len(raises[(action.die, "A")]) > 1
                    else ()
                )
                paths.append(((die, *step, _cells_token(action.cells)), action))
            else:
                step = (
                    (f"die:{action.die}+{action.raise_by}",)
                    if len(raises[(action.die, action.target)]) > 1
                    else ()
                )
                paths.append(((die, action.target, *step), action))
        elif isinstance(action, Bonus) and action.kind == "S":
            paths.append(((_cells_token(action.cells),), action))
        elif isinstance(action, Bonus) and action.kind == "N":
            paths.append(
                (
                    (action.target,) + ((f"value:{action.value}",) if len(values_n) > 1 else ()),
                    action,
                )
            )
        elif isinstance(action, Bonus):
            paths.append(((action.target,), action))
        else:  # roll, reroll, keep, pass, decline
            paths.append(((), action))
    return paths


def action_cells(action: Action) -> tuple[str, ...]:
    """The spots an action marks (the controller uses :func:`click_paths` instead)."""
    return action.spots() if isinstance(action, (Use, Bonus)) else ()


def click_label(state: FightTheVirusState, token: str) -> Message | None:
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


def action_label(action: Action) -> Message:
    keys: dict[type[Action], str] = {
        Roll: "fight-the-virus.roll",
        Reroll: "fight-the-virus.reroll",
        Keep: "fight-the-virus.keep",
        Pass: "fight-the-virus.pass",
        Decline: "fight-the-virus.decline",
    }
    key = keys.get(type(action))
    return message(key) if key else message("play.action", action=str(action))


def extra_buttons(state: FightTheVirusState) -> list[dict[str, Any]]:
    return []


def placement(state: FightTheVirusState, selection: Sequence[str]) -> dict[str, Any] | None:
    """While the next click places a shape: its face, its shapes (every fixed orientation,
    as (row, col) offsets) and the legal placements as click tokens."""
    legal: list[str] = []
    faces: set[int] = set()
    for cells, action in click_paths(state):
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


def last_move(state: FightTheVirusState) -> tuple[str, ...]:
    """The spots the shown sheet's player marked last in this turn (nothing yet: none)."""
    seat = viewed_seat(state)
    for entry in reversed(state.log):
        if entry.turn != state.turn:
            break
        if entry.seat == seat and entry.text[:1] in "123456b" and entry.text != "b-":
            return parse_action(entry.text).spots()
    return ()


# -- texts -----------------------------------------------------------------------------------


def turn(state: FightTheVirusState) -> Message:
    if state.is_terminal():
        return message("play.game-over")
    who = player(state, state.current_player())
    if state.phase == "roll":
        return message("fight-the-virus.turn.roll", player=who, turn=state.turn)
    if state.phase == "reroll-or-keep":
        return message("fight-the-virus.turn.double", player=who)
    if state.phase == "bonus":
        return message(f"fight-the-virus.turn.bonus-{state.pending_bonus}", player=who)
    part = state.part()
    role = part.role if part else "active"
    return message(f"fight-the-virus.turn.{role}", player=who)


def status(state: FightTheVirusState, selection: Sequence[str]) -> Message:
    if state.is_terminal():
        return message("play.game-over")
    hint = _hint(state, selection)
    return message(
        "fight-the-virus.status", turn=state.turn, roller=player(state, state.roller), hint=hint
    )


def _hint(state: FightTheVirusState, selection: Sequence[str]) -> Message:
    if state.phase == "roll":
        return message("fight-the-virus.hint.roll")
    if state.phase == "reroll-or-keep":
        return message("fight-the-virus.hint.double")
    if state.phase == "bonus":
        return message(f"fight-the-virus.hint.bonus-{state.pending_bonus}")
    if placement(state, selection) is not None:
        return message("fight-the-virus.hint.place")
    if selection:
        return message("fight-the-virus.hint.target")
    part = state.part()
    if part and part.role == "passive":
        return message(
            "fight-the-virus.hint.passive-extra"
            if state.extra_available
            else "fight-the-virus.hint.passive"
        )
    return message("fight-the-virus.hint.active")


def explain(state: FightTheVirusState, cells: Sequence[str]) -> Message:
    """Why the clicks ``cells`` make no legal decision (the engine's reason when it has one)."""
    if state.is_terminal():
        return message("play.already-over")
    target = cells[-1]
    dice = [token for token in cells if token.startswith("die:")]
    candidate: Action | None = None
    try:
        if state.phase == "bonus" and state.pending_bonus == "S" and target.startswith("A:"):
            candidate = Bonus.parse("bS>" + target)
        elif dice and target.startswith("A:"):
            face, _, raise_by = dice[-1][4:].partition("+")
            candidate = Use(int(face), int(raise_by or 0), "A", cells=tuple(target[2:].split(".")))
        elif dice and target[:1] in "RTC":
            candidate = Use(int(dice[-1][4:].partition("+")[0]), 0, target[0], target=target)
    except (ValueError, IllegalActionError):
        candidate = None
    if candidate is None:
        if state.phase in ("roll", "reroll-or-keep"):
            return message("fight-the-virus.explain.dice-first")
        if not dice and state.phase == "use":
            return message("fight-the-virus.explain.die-first")
        return message("play.no-action", cells=" ".join(cells))
    try:
        state.check(candidate)
    except IllegalActionError as error:
        return error_message(error)
    return message("play.no-action", cells=" ".join(cells))


def error_message(error: IllegalActionError) -> Message:
    return {"key": f"error.{error.code}", "params": dict(error.params), "fallback": str(error)}


def cell_label(state: FightTheVirusState, cell: str) -> Message:
    spot = cell  # a spot of the sheet
    sheet = state.sheet(viewed_seat(state))
    if spot.startswith("AP"):
        return message(f"fight-the-virus.spot.ap-{sheet.ap[int(spot[2:]) - 1]}", spot=spot)
    if spot.startswith("R"):
        crossed = int(spot[1:]) <= sheet.research
        return message(
            "fight-the-virus.spot.research-crossed" if crossed else "fight-the-virus.spot.research",
            spot=spot,
        )
    if spot.startswith("T") and spot in sheet.testing:
        return message("fight-the-virus.spot.filled", spot=spot, value=sheet.testing[spot])
    if spot.startswith("C") and spot in sheet.curve:
        return message("fight-the-virus.spot.filled", spot=spot, value=sheet.curve[spot])
    if spot.startswith("C") and spot in sheet.circled:
        return message("fight-the-virus.spot.circled", spot=spot, value=sheet.circled[spot])
    if spot[0] in "TC":
        return message("fight-the-virus.spot.empty", spot=spot)
    return message(
        "fight-the-virus.spot.analysed"
        if spot in sheet.analysed
        else "fight-the-virus.spot.unanalysed",
        spot=spot,
    )


def scores(state: FightTheVirusState) -> list[dict[str, Any]]:
    rows = []
    for seat, sheet in enumerate(state.sheets):
        rows.append(
            {
                "player": seat,
                "label": message(
                    "fight-the-virus.score",
                    player=player(state, seat),
                    research=sheet.research,
                    ap=sheet.ap.count("active"),
                ),
            }
        )
    return rows


def move_rows(state: FightTheVirusState) -> list[dict[str, Any]]:
    """One row per turn: its record lines without the turn number (``P1 roll 3-3``)."""
    rows: list[dict[str, Any]] = []
    for entry in state.log:
        if not rows or rows[-1]["number"] != entry.turn:
            rows.append({"number": entry.turn, "plies": []})
        rows[-1]["plies"].append({"text": f"P{entry.seat + 1} {entry.text}", "last": False})
    if rows:
        rows[-1]["plies"][-1]["last"] = True
    return rows


def announce(before: FightTheVirusState, action: Action, after: FightTheVirusState) -> Message:
    """The decision, then what followed on its own: setbacks on every sheet, an extra die, a
    bonus to take, the next player's part, the end."""
    mover = player(before, before.current_player())
    if isinstance(action, (Roll, Reroll)):
        main = message(
            "fight-the-virus.rolled", player=mover, dice="-".join(map(str, after.dice or ()))
        )
    else:
        main = message("fight-the-virus.played", action=str(action), player=mover)
    more: list[Message] = []
    if after.setbacks and after.setbacks != before.setbacks:
        for setback in after.setbacks:
            more.append(
                message(
                    f"fight-the-virus.setback.{setback.kind}-{setback.effect}",
                    player=player(after, setback.seat),
                    spot=setback.spot or "",
                    required=setback.required or 0,
                )
            )
    if after.extra_available and not before.extra_available:
        more.append(message("fight-the-virus.extra-die", player=mover))
    if (
        after.phase == "bonus"
        and after.pending_bonus
        and before.pending_bonus != after.pending_bonus
    ):
        more.append(
            message(
                f"fight-the-virus.bonus-{after.pending_bonus}",
                player=player(after, after.current_player()),
            )
        )
    if (
        not after.is_terminal()
        and after.phase == "use"
        and after.current_player() != before.current_player()
    ):
        more.append(
            message("fight-the-virus.next-part", player=player(after, after.current_player()))
        )
    if more:
        main["more"] = more
    return main


def result(state: FightTheVirusState) -> dict[str, Any] | None:
    outcome = state.result()
    if outcome is None:
        return None
    winners = list(state.winners)
    details: list[Message] = []
    if state.mode == "solo":
        score = state.score()
        if score is not None:
            details.append(message("fight-the-virus.solo-score", turns=score))
        details.append(
            message(f"fight-the-virus.rating.{(state.rating() or 'virus wins').replace(' ', '-')}")
        )
    if not winners:
        title = message("fight-the-virus.virus-wins")
        if len(state.resigned) < state.num_players:  # else: who resigned says it all
            details.insert(0, message(f"fight-the-virus.ending.{state.ending}", turn=state.turn))
    elif len(winners) == 1:
        title = message("fight-the-virus.wins", player=player(state, winners[0]))
    else:
        title = message(
            "fight-the-virus.shared-win", players=", ".join(state.players[seat] for seat in winners)
        )
    details[:0] = [resigned(state, seat) for seat in sorted(state.resigned)]
    return {"winners": winners, "title": title, "details": details}


def resigned(state: FightTheVirusState, seat: int) -> Message:
    """What to say of a player who resigned (§4.2: they stay seated, the engine decides for
    them)."""
    return message("fight-the-virus.resigned", player=player(state, seat))


def new_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A game the user gave no seed gets a fresh one (the dice are seeded, §5.2)."""
    fresh = dict(options)
    if fresh.get("seed") in (None, ""):
        from pyengine.games.virus_fight.game import random_seed

        fresh["seed"] = random_seed()
    return fresh


class FightTheVirusPresentation(Presentation[FightTheVirusState, Action]):
    """Fight the Virus for :mod:`pyengine.controller`: this module's functions."""

    PLAYERS = PLAYERS
    POSTER_RECORD = POSTER_RECORD
    HIGHLIGHT_SOURCES = HIGHLIGHT_SOURCES
    KEEP_CLICK_CASE = KEEP_CLICK_CASE
    render = staticmethod(render)
    grid = staticmethod(grid)
    action_cells = staticmethod(action_cells)
    action_label = staticmethod(action_label)
    extra_buttons = staticmethod(extra_buttons)
    last_move = staticmethod(last_move)
    turn = staticmethod(turn)
    status = staticmethod(status)
    explain = staticmethod(explain)
    cell_label = staticmethod(cell_label)
    scores = staticmethod(scores)
    move_rows = staticmethod(move_rows)
    result = staticmethod(result)
    spots = staticmethod(spots)
    click_paths = staticmethod(click_paths)
    click_label = staticmethod(click_label)
    announce = staticmethod(announce)
    resigned = staticmethod(resigned)
    extras = staticmethod(extras)
    placement = staticmethod(placement)
    new_options = staticmethod(new_options)


PRESENTATION = FightTheVirusPresentation()
