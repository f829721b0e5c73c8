"""How a Virus Fight game is shown and explained to people (used by :mod:`pyengine.controller`).

**Setup.** While programs are secret, no action is made by board clicks: the view carries a
``setup`` panel (the seat's home cells, its 12 pieces drawn as icons, the most pieces it may
use) from which the page composes one setup action; ``preview`` draws such a draft on the
board, checked but not played. The board and the record show nothing of the programs already
submitted until all are revealed together, and no setup can be taken back by undo.

**Play.** Every decision is one action: a MOVE is two clicks (the piece, then its new cell),
a WRITE one click on the cell plus, when the supply holds several codes, one on the piece
(in the mover's supply strip, or on its button), an ERASE one click on the target (any
highlighted empty cell, or the "erase nothing" button, for ``x-``), a marker step or a jump
one click. Answers to a stop proposal are buttons; so is the proposal while it is allowed.
Automatic "no effect" decisions and eliminations are announced after the action that led to
them. Texts are translation requests (``{"key", "params"}``) resolved by the page.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import Action
from pyengine.core.presentation import SquareBoardPresentation
from pyengine.games.virus_fight.game import random_seed
from pyengine.games.virus_fight.notation import (
    FILES,
    PIECE_CODES,
    AnswerStop,
    Cell,
    Erase,
    Jump,
    Move,
    NoEffect,
    ProposeStop,
    Setup,
    Step,
    VirusFightAction,
    Write,
    parse_action,
)
from pyengine.games.virus_fight.records import write_record
from pyengine.games.virus_fight.render import (
    last_move_cells,
    render_piece_svg,
    render_supply_svg,
    render_svg,
)
from pyengine.games.virus_fight.rules import VirusFightState

Message = dict[str, Any]

# The rules' sample game (§8.2) before its last two turns: both programs have grown.
POSTER_RECORD = """VirusFight 1
players 2
size 5
seed 0
setup 1 b1:W2 c1:E3 @b1
setup 2 c5:M1 d5:E2 @d5
1.2 E2 x- @c5
1.1 W2 +W3@b2 @b2
2.1 W3 +W1@b3 @b3
2.2 M1 d5-b5 @b5
3.2 E2 x- @c5
3.1 W1 +E2@b4 @b4
"""

PLAYERS: tuple[Message, ...] = tuple(
    {"key": "virus-fight.player", "params": {"number": seat + 1}} for seat in range(5)
)
HIGHLIGHT_SOURCES = True  # the pieces a MOVE may take, the cells a WRITE may fill, ...
TYPE_KEYS = {
    "M": "virus-fight.type.move",
    "W": "virus-fight.type.write",
    "J": "virus-fight.type.jump",
    "E": "virus-fight.type.erase",
}


def message(key: str, **params: Any) -> Message:
    return {"key": key, "params": params}


def piece_name(code: str) -> Message:
    """ "large MOVE (M3)"."""
    return message(f"virus-fight.size.{code[1]}", type=message(TYPE_KEYS[code[0]]), code=code)


def instruction_name(code: str) -> Message:
    """ "MOVE 3", the way the rules name an instruction."""
    return message("virus-fight.instruction", type=message(TYPE_KEYS[code[0]]), size=int(code[1]))


# -- drawing ---------------------------------------------------------------------------------


def extras(state: VirusFightState, tokens: Sequence[str]) -> list[dict[str, Any]]:
    """Every seat's supply strip; the player choosing a piece to WRITE gets its choices
    highlighted and clickable."""
    choices = {token[1:].upper(): token for token in tokens if token.startswith("+")}
    actor = state.current_player() if state.phase == "play" else None
    strips = []
    for seat in range(state.num_players):
        if seat in state.eliminated:
            label = message("virus-fight.supply.out", player=PLAYERS[seat])
        else:
            label = message(
                "virus-fight.supply.label", player=PLAYERS[seat], count=len(state.supply(seat))
            )
        strips.append(
            {
                "id": f"supply-{seat}",
                "seat": seat,
                "label": label,
                "svg": render_supply_svg(
                    state, seat, id_prefix=f"vfs{seat}", choices=choices if seat == actor else None
                ),
            }
        )
    return strips


# -- setup -----------------------------------------------------------------------------------


def setup(state: VirusFightState) -> dict[str, Any] | None:
    """The program builder's data while ``state`` waits for a secret program."""
    if state.phase != "setup":
        return None
    seat = state.current_player()
    segment = [str(cell) for cell in state.home_segment(seat)]
    return {
        "seat": seat,
        "player": PLAYERS[seat],
        "players": state.num_players,
        "segment": segment,
        "max": min(5, len(segment)),
        "pieces": [
            {
                "code": code,
                "label": piece_name(code),
                "svg": render_piece_svg(code, seat, id_prefix=f"vfp{code}"),
            }
            for code in PIECE_CODES
        ],
        "submitted": [state.program_submitted(other) for other in range(state.num_players)],
    }


class _Draft:
    """``state`` seen by the seat composing ``program``: that program drawn as its own."""

    def __init__(self, state: VirusFightState, program: Setup) -> None:
        self._state = state
        self._program = program

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def visible_program(self, seat: int, viewer: int | None) -> Setup | None:
        if seat == viewer == self._state.current_player():
            return self._program
        return self._state.visible_program(seat, viewer)


def preview(state: VirusFightState, text: str) -> str:
    """The board with the setup ``text`` drawn (faded) for the seat composing it. Raises the
    engine's error when the text is no legal program for that seat."""
    action = parse_action(text, size=state.size)
    state.check(action)
    assert isinstance(action, Setup)
    return render_svg(_Draft(state, action), viewer=state.current_player())


def random_setup(state: VirusFightState, rng: random.Random) -> Setup:
    """A random legal program for the seat to act (random length, offset, pieces, marker)."""
    segment = state.home_segment(state.current_player())
    count = rng.randint(1, min(5, len(segment)))
    start = rng.randint(0, len(segment) - count)
    cells = segment[start : start + count]
    codes = rng.sample(PIECE_CODES, count)
    return Setup(tuple(zip(cells, codes, strict=True)), rng.choice(cells))


def new_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A game the user gave no seed gets a fresh one (§5.1: "the engine picks one")."""
    fresh = dict(options)
    if fresh.get("seed") in (None, ""):
        fresh["seed"] = random_seed()
    return fresh


def public_record(state: VirusFightState) -> str:
    """The record anyone looking at the screen may read: no program before the reveal."""
    text = write_record(state)
    if state.phase == "setup":
        text = "".join(
            line for line in text.splitlines(keepends=True) if not line.startswith("setup ")
        )
    return text


def undoable(state: VirusFightState) -> bool:
    """Programs, once hidden or revealed, are never taken back (that would expose them)."""
    return bool(state.history) and not isinstance(state.history[-1], Setup)


# -- clicks ----------------------------------------------------------------------------------


def _empty_zone(state: VirusFightState) -> list[str]:
    """The empty cells next to an ERASE source of the actor's block (all mean ``x-``)."""
    instruction = state.instruction()
    assert instruction is not None
    size = state.size
    zone = set()
    for cell in state.block(instruction.cell):
        piece = state.piece_at(cell)
        if piece is None or piece.kind != "E":
            continue
        for file, rank in (
            (cell.file - 1, cell.rank),
            (cell.file + 1, cell.rank),
            (cell.file, cell.rank - 1),
            (cell.file, cell.rank + 1),
        ):
            if 0 <= file < size and 0 <= rank < size and state.piece_at(Cell(file, rank)) is None:
                zone.add(Cell(file, rank))
    return [str(cell) for cell in sorted(zone)]


def click_paths(state: VirusFightState) -> list[tuple[tuple[str, ...], Action]]:
    """The clicks that make each legal action (none in setup: the builder makes those)."""
    if state.phase != "play":
        return []
    actions = state.legal_actions()
    writes = {action.code for action in actions if isinstance(action, Write)}
    paths: list[tuple[tuple[str, ...], Action]] = []
    for action in actions:
        if isinstance(action, Move):
            paths.append(((str(action.source), str(action.target)), action))
        elif isinstance(action, Write):
            cell = str(action.cell)
            paths.append(
                ((cell,) if len(writes) == 1 else (cell, f"+{action.code.lower()}"), action)
            )
        elif isinstance(action, Erase) and action.target is None:
            paths += [((cell,), action) for cell in _empty_zone(state)]
            paths.append(((), action))
        elif isinstance(action, (Erase, Step, Jump)):
            paths.append(((str(action.cells()[0]),), action))
        else:  # answers to a stop proposal
            paths.append(((), action))
    return paths


def action_cells(action: Action) -> tuple[str, ...]:
    return tuple(str(cell) for cell in cast("VirusFightAction", action).cells())


def click_label(state: VirusFightState, token: str) -> Message:
    """The button for a click that is not a cell: which piece to WRITE."""
    code = token[1:].upper()
    return message("virus-fight.write-piece", code=code)


def action_label(action: Action) -> Message:
    if isinstance(action, AnswerStop):
        return message("virus-fight.stop.accept" if action.accept else "virus-fight.stop.decline")
    if isinstance(action, Erase) and action.target is None:
        return message("virus-fight.erase-nothing")
    return message("play.action", action=str(action))


def computer_decision(state: VirusFightState, seat: int, ai: Any) -> Action | None:
    """A computer seat's decision about an agreed stop (§7.2), taken without search (see
    :mod:`pyengine.controller`): its answer to a proposal (``ai.accepts_stop``; refused when
    the AI has no such rule), or at its turn start a proposal when ``ai.wants_stop`` says so.
    None: the seat decides as usual.

    >>> from pyengine.games.virus_fight import VIRUS_FIGHT
    >>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
    >>> computer_decision(state, 0, None) is None  # setup: no stop to talk about
    True
    """
    if state.decision == "stop-vote":
        accepts = getattr(ai, "accepts_stop", None)
        return AnswerStop(bool(accepts is not None and accepts(state, seat)))
    wants = getattr(ai, "wants_stop", None)
    if wants is not None and state.can_propose_stop() and wants(state, seat):
        return ProposeStop()
    return None


def hint_decision(state: VirusFightState, seat: int, ai: Any) -> Action | None:
    """The hint for a person answering a stop proposal (§7.2), taken without search: accept
    only a stop that is good for them by §7.4's scoring (``ai.advises_stop``), never one that
    loses. None: the hint searches as usual."""
    advises = getattr(ai, "advises_stop", None)
    if state.decision != "stop-vote" or advises is None:
        return None
    return AnswerStop(bool(advises(state, seat)))


def resigned(state: VirusFightState, seat: int) -> Message:
    """What to say of a seat that resigned (it is eliminated, see :mod:`.rules`)."""
    return message("virus-fight.resigned", player=PLAYERS[seat])


def extra_buttons(state: VirusFightState) -> list[dict[str, Any]]:
    if state.can_propose_stop():
        return [{"action": str(ProposeStop()), "label": message("virus-fight.stop.propose")}]
    return []


def last_move(state: VirusFightState) -> tuple[str, ...]:
    """The cells of what just happened: the effect of the turn in progress, else the last
    finished turn (a marker step or jump shows where the marker went)."""
    if state.phase == "play" and state.decision == "marker" and state.history:
        effect = state.log[-1]
        if not isinstance(effect, NoEffect):
            return tuple(str(cell) for cell in cast("VirusFightAction", effect).cells())
        return ()
    for turn in reversed(state.turns):
        if turn.code not in ("stop", "resign"):  # a resignation after an effect: the effect
            return last_move_cells(turn.text.removesuffix(" resign"))
    return ()


# -- texts -----------------------------------------------------------------------------------


def turn(state: VirusFightState) -> Message:
    if state.is_terminal():
        return message("play.game-over")
    if state.phase == "setup":
        return message("virus-fight.turn.setup", player=PLAYERS[state.current_player()])
    instruction = state.instruction()
    assert instruction is not None
    player = PLAYERS[state.current_player()]
    if state.decision == "stop-vote":
        proposer = state.proposer
        assert proposer is not None  # a vote answers a proposal
        return message("virus-fight.turn.vote", player=player, proposer=PLAYERS[proposer])
    return message(
        "virus-fight.turn.executes",
        player=PLAYERS[instruction.seat],
        instruction=instruction_name(instruction.piece.code),
        cell=str(instruction.cell),
    )


def status(state: VirusFightState, selection: Sequence[str]) -> Message:
    if state.is_terminal():
        return message("play.game-over")
    if state.phase == "setup":
        done = sum(state.program_submitted(seat) for seat in range(state.num_players))
        if state.size**2 < 12 * state.num_players:  # §2: legal, but the source advises against
            return message(
                "virus-fight.status.setup-small",
                done=done,
                players=state.num_players,
                cells=state.size**2,
                pieces=12 * state.num_players,
            )
        return message("virus-fight.status.setup", done=done, players=state.num_players)
    first = state.first_player
    assert first is not None  # the rounds have begun
    return message(
        "virus-fight.status.round",
        round=state.round_number,
        first=PLAYERS[first],
        hint=_hint(state, selection),
    )


def _hint(state: VirusFightState, selection: Sequence[str]) -> Message:
    instruction = state.instruction()
    assert instruction is not None
    decision = state.decision
    if decision == "stop-vote":
        return message("virus-fight.hint.vote")
    if decision == "jump":
        return message("virus-fight.hint.jump")
    if decision == "marker":
        if state.log and isinstance(state.log[-1], NoEffect):
            return message("virus-fight.hint.step-after-nothing", cell=str(instruction.cell))
        return message("virus-fight.hint.step", cell=str(instruction.cell))
    kind = instruction.piece.kind
    if kind == "M":
        if selection:
            return message("virus-fight.hint.move-target", cell=selection[-1])
        return message("virus-fight.hint.move")
    if kind == "W":
        if selection:
            return message("virus-fight.hint.write-piece", cell=selection[-1])
        return message("virus-fight.hint.write")
    return message("virus-fight.hint.erase")


def explain(state: VirusFightState, cells: Sequence[str]) -> Message:
    """Why clicking ``cells`` makes no legal action."""
    if state.is_terminal():
        return message("play.already-over")
    if state.phase == "setup":
        return message("virus-fight.explain.setup")
    if state.decision == "stop-vote":
        return message("virus-fight.hint.vote")
    try:
        cell = Cell.parse(cells[-1])
    except Exception:  # noqa: BLE001 (a piece token clicked out of turn)
        return message("play.no-action", cells=" ".join(cells))
    instruction = state.instruction()
    assert instruction is not None
    candidate: Action
    if state.decision == "marker":
        candidate = Step(cell)
    elif state.decision == "jump":
        candidate = Jump(cell)
    elif instruction.piece.kind == "M":
        candidate = Move(Cell.parse(cells[0]), cell) if len(cells) > 1 else Move(cell, cell)
    elif instruction.piece.kind == "W":
        supply = state.supply(instruction.seat)
        candidate = Write(supply[0].code if supply else "M1", cell)
    else:
        candidate = Erase(cell)
    try:
        state.check(candidate)
    except IllegalActionError as error:
        return error_message(error)
    return message("play.no-action", cells=" ".join(cells))


def error_message(error: IllegalActionError) -> Message:
    return {"key": f"error.{error.code}", "params": dict(error.params), "fallback": str(error)}


def cell_label(state: VirusFightState, cell: str) -> Message:
    where = Cell.parse(cell)
    piece = state.piece_at(where) if state.phase != "setup" else None
    if piece is None:
        for seat in range(state.num_players):
            if where in state.home_segment(seat):
                return message("virus-fight.cell.home", cell=cell, player=PLAYERS[seat])
        return message("virus-fight.cell.empty", cell=cell)
    marker = state.marker_at(where)
    if marker is not None:
        return message(
            "virus-fight.cell.marked",
            cell=cell,
            piece=piece_name(piece.code),
            owner=PLAYERS[piece.owner],
            marker=PLAYERS[marker],
        )
    return message(
        "virus-fight.cell.piece",
        cell=cell,
        piece=piece_name(piece.code),
        owner=PLAYERS[piece.owner],
    )


def scores(state: VirusFightState) -> list[dict[str, Any]]:
    rows = []
    for seat in range(state.num_players):
        if state.phase == "setup":
            key = (
                "virus-fight.score.ready"
                if state.program_submitted(seat)
                else "virus-fight.score.writing"
            )
            label = message(key, player=PLAYERS[seat])
        elif seat in state.eliminated:
            label = message("virus-fight.score.out", player=PLAYERS[seat])
        else:
            supply = state.supply(seat)
            label = message(
                "virus-fight.score",
                player=PLAYERS[seat],
                pieces=len(supply),
                pips=sum(piece.size for piece in supply),
            )
        rows.append({"player": seat, "label": label})
    return rows


def move_rows(state: VirusFightState) -> list[dict[str, Any]]:
    """The revealed programs, then one row per round: each turn as ``seat: code turn``
    (the record's line without its round), the turn in progress last."""
    rows: list[dict[str, Any]] = []
    if state.phase != "setup":
        for seat in range(state.num_players):
            program = state.visible_program(seat, None)
            rows.append(
                {"number": None, "plies": [{"text": f"{seat + 1}: {program}", "last": False}]}
            )
    for entry in state.turns:
        text = (
            f"{entry.seat + 1}: {entry.code}"
            if entry.code in ("stop", "resign")
            else (f"{entry.seat + 1}: {entry.code} {entry.text}")
        )
        if not rows or rows[-1]["number"] != entry.round:
            rows.append({"number": entry.round, "plies": []})
        rows[-1]["plies"].append({"text": text, "last": False})
    if state.phase == "play" and state.decision == "marker":
        instruction = state.instruction()
        assert instruction is not None
        text = f"{instruction.seat + 1}: {instruction.piece.code} {state.log[-1]} …"
        if not rows or rows[-1]["number"] != state.round_number:
            rows.append({"number": state.round_number, "plies": []})
        rows[-1]["plies"].append({"text": text, "last": False})
    if rows and rows[-1]["plies"]:
        rows[-1]["plies"][-1]["last"] = True
    return rows


def announce(before: VirusFightState, action: Action, after: VirusFightState) -> Message:
    """What to tell everybody after ``action``: never a program's content before the reveal;
    automatic "no effect" decisions, eliminations, a new round, a stop proposal's fate."""
    mover = PLAYERS[before.current_player()]
    if isinstance(action, Setup) and after.phase == "setup":
        return message(
            "virus-fight.setup.submitted", player=mover, next=PLAYERS[after.current_player()]
        )
    if isinstance(action, Setup):  # the reveal (the first turns may resolve at once)
        main = message(
            "virus-fight.setup.revealed",
            player=PLAYERS[
                after.first_player if after.first_player is not None else before.current_player()
            ],
        )
    elif isinstance(action, ProposeStop):
        main = message("virus-fight.stop.proposed", player=mover)
    elif isinstance(action, AnswerStop) and not action.accept:
        main = message("virus-fight.stop.declined", player=mover)
    elif isinstance(action, AnswerStop):
        main = message("virus-fight.stop.accepted", player=mover)
    else:
        main = message("play.played", action=str(action), player=mover)
    more: list[Message] = []
    for entry in after.turns[len(before.turns) :]:
        if entry.text.startswith("- "):
            more.append(
                message(
                    "virus-fight.auto.no-effect",
                    player=PLAYERS[entry.seat],
                    instruction=instruction_name(entry.code),
                )
            )
    if (
        after.phase == "play"
        and after.decision == "marker"
        and after.log
        and isinstance(after.log[-1], NoEffect)
        and len(after.log) > len(before.log) + 1
    ):
        instruction = after.instruction()
        assert instruction is not None
        more.append(
            message(
                "virus-fight.auto.no-effect",
                player=PLAYERS[instruction.seat],
                instruction=instruction_name(instruction.piece.code),
            )
        )
    for seat in after.eliminated:
        if seat not in before.eliminated:
            more.append(message("virus-fight.auto.eliminated", player=PLAYERS[seat]))
    if (
        after.phase == "play"
        and after.round_number != before.round_number
        and not isinstance(action, Setup)
    ):
        first = after.first_player
        assert first is not None  # a round has started
        more.append(
            message("virus-fight.round-start", round=after.round_number, player=PLAYERS[first])
        )
    if more:
        main["more"] = more
    return main


def result(state: VirusFightState) -> dict[str, Any] | None:
    outcome = state.result()
    if outcome is None:
        return None
    winners = list(outcome.winners)
    details = [resigned(state, seat) for seat in state.resigned]
    details.append(message(f"virus-fight.ending.{outcome.ending}", rounds=state.round_number))
    if outcome.ending != "elimination":
        if outcome.reason in ("pieces", "pips"):
            details.append(message(f"virus-fight.scoring.{outcome.reason}"))
        else:
            details.append(message("virus-fight.scoring.draw"))
    if len(winners) == 1:
        title = message("virus-fight.wins", player=PLAYERS[winners[0]])
    else:
        seats = winners or [
            seat for seat in range(state.num_players) if seat not in state.eliminated
        ]
        title = message("virus-fight.draw", players=", ".join(str(seat + 1) for seat in seats))
    return {"winners": winners, "title": title, "details": details}


class VirusFightPresentation(SquareBoardPresentation[VirusFightState, Action]):
    """Virus Fight for :mod:`pyengine.controller`: this module's functions, on a square board
    drawn by ``draw``."""

    PLAYERS = PLAYERS
    POSTER_RECORD = POSTER_RECORD
    HIGHLIGHT_SOURCES = HIGHLIGHT_SOURCES
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
    click_paths = staticmethod(click_paths)
    click_label = staticmethod(click_label)
    announce = staticmethod(announce)
    resigned = staticmethod(resigned)
    undoable = staticmethod(undoable)
    public_record = staticmethod(public_record)
    extras = staticmethod(extras)
    setup = staticmethod(setup)
    preview = staticmethod(preview)
    new_options = staticmethod(new_options)
    computer_decision = staticmethod(computer_decision)
    hint_decision = staticmethod(hint_decision)


PRESENTATION = VirusFightPresentation(render_svg, FILES)
