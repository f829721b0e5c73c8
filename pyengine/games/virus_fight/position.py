"""Virus Fight position text (like chess FEN), one line of space-separated fields.

During setup::

    <N>/<P> setup <program 1>|<program 2>|...

each program is its setup with commas for spaces (``b1:E3,c1:W2,@c1``) or ``-`` if not
submitted yet. In play (or over)::

    <N>/<P> <pieces> <supplies> <round>:<order> <decision> q<quiet>[!]

* ``pieces``: comma-joined ``cell=TS/o`` (``o`` the owner seat, 1-based), then ``^g`` when
  the origin seat differs from the owner and ``*p`` for seat p's marker; ``-`` if none;
* ``supplies``: one per seat joined by ``|``: comma-joined codes, each with ``^g`` when the
  origin differs from the seat, ``-`` when empty, ``x<n>`` for an eliminated seat whose
  supply of n pieces left the game;
* ``<round>:<order>``: the round number and the round's seats in playing order, the seat to
  act prefixed with ``*`` (``5:2,*3,1``; no ``*`` when a game ended at a round's end);
  the first is the round's first player;
* ``decision``: ``effect``, ``jump``, ``marker:<effect token>`` (the effect already made),
  each optionally followed by ``+stop`` (a stop was proposed this turn) or ``?2,3`` (a stop
  proposal awaiting the answers of seats 2 then 3), or ``over-<ending>``;
* ``q<quiet>``: complete quiet rounds, ``!`` when the current round already wrote, erased or
  eliminated.

A decision without legal options resolves at once, as in play (its automatic tokens go to
``log``). A position carries no history: a game started from one counts repetitions from there.
Each seat's 12 pieces appear at most once (by code and origin); pieces not listed are out of
play, as in the spec's diagrams, so a position need not hold all 12 × players pieces.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from pyengine.core.errors import NotationError
from pyengine.core.options import OptionValues
from pyengine.games.virus_fight.notation import (
    Piece,
    parse_action,
    parse_cell,
    parse_code,
    sort_supply,
)
from pyengine.games.virus_fight.rounds import ENDINGS
from pyengine.games.virus_fight.rules import VirusFightState

if TYPE_CHECKING:
    from pyengine.core.game import Game

__all__ = ["format_position", "parse_position"]

_PIECE = re.compile(r"([a-k](?:1[01]|[1-9]))=([MWJE][123])/(\d)(?:\^(\d))?(?:\*(\d))?")
_SUPPLY_ITEM = re.compile(r"([MWJE][123])(?:\^(\d))?")


def _seat_text(seat: int) -> str:
    return str(seat + 1)


def format_position(state: VirusFightState) -> str:
    head = f"{state.size}/{state.num_players}"
    if state._phase == "setup":
        programs = "|".join(
            "-" if program is None else str(program).replace(" ", ",")
            for program in state._programs
        )
        return f"{head} setup {programs}"
    markers = {marker: seat for seat, marker in enumerate(state._markers) if marker is not None}
    pieces = []
    for index, piece in enumerate(state._board):
        if piece is None:
            continue
        text = f"{state.cell_at(index)}={piece.code}/{piece.owner + 1}"
        if piece.origin != piece.owner:
            text += f"^{piece.origin + 1}"
        if index in markers:
            text += f"*{markers[index] + 1}"
        pieces.append(text)
    supplies = []
    for seat, supply in enumerate(state._supplies):
        if state._markers[seat] is None:
            supplies.append(f"x{state._removed[seat]}")
        elif not supply:
            supplies.append("-")
        else:
            supplies.append(
                ",".join(
                    piece.code + ("" if piece.origin == seat else f"^{piece.origin + 1}")
                    for piece in supply
                )
            )
    order = ",".join(
        ("*" if at == state._turn_index else "") + _seat_text(seat)
        for at, seat in enumerate(state._order)
    )
    if state._phase == "over":
        decision = f"over-{state._ending}"
    else:
        decision = state._decision
        if decision == "marker":
            decision += f":{state._pending}"
        if state._voters:
            decision += "?" + ",".join(_seat_text(seat) for seat in state._voters)
        elif state._proposed:
            decision += "+stop"
    quiet = f"q{state._quiet}{'!' if state._noisy else ''}"
    return (
        f"{head} {','.join(pieces) or '-'} {'|'.join(supplies)} {state._round}:{order} "
        f"{decision} {quiet}"
    )


def parse_position(game: Game, text: str, options: OptionValues) -> VirusFightState:
    """A state from a position text; ``options`` must agree with its size and players."""

    def reject(reason: str) -> NoReturn:
        raise NotationError(
            f"{text!r} is not a Virus Fight position: {reason}.",
            code="notation.position",
            params={"text": str(text), "reason": reason},
        )

    if not isinstance(text, str):
        reject("a position is text")
    fields = text.split()
    if len(fields) < 2 or not re.fullmatch(r"\d{1,2}/[2-5]", fields[0]):
        reject("it must start with <size>/<players>")
    size, players = (int(part) for part in fields[0].split("/"))
    if (size != options["size"] and options["size"] != 0) or players != options["players"]:
        reject(
            f"the board {size}/{players} does not match the options size="
            f"{options['size']} players={options['players']}"
        )
    from pyengine.games.virus_fight.board import DEFAULT_SIZES

    if options["size"] == 0 and size != DEFAULT_SIZES[players]:
        reject(f"size 0 means {DEFAULT_SIZES[players]} for {players} players, not {size}")
    state = VirusFightState(game, options, size)
    state._start = text
    try:
        if fields[1] == "setup":
            if len(fields) != 3 or len(fields[2].split("|")) != players:
                reject("a setup position is <size>/<players> setup <program>|<program>...")
            programs = fields[2].split("|")
            if "-" in programs and any(item != "-" for item in programs[programs.index("-") :]):
                reject("programs are submitted in seat order")
            for program in programs:
                if program != "-":
                    state.apply(parse_action(program.replace(",", " ")))
            state._history.clear()
            state._snapshots.clear()
            state._log.clear()
            state._start = text
            return state
        return _parse_play(state, fields, reject)
    except NotationError:
        raise
    except Exception as error:  # noqa: BLE001 (any inconsistency found while reading)
        reject(str(error))


def _parse_play(
    state: VirusFightState, fields: list[str], reject: Callable[[str], NoReturn]
) -> VirusFightState:
    size, players = state.size, state.num_players
    if len(fields) != 6:
        reject("a play position has 6 fields")
    _, pieces_text, supplies_text, order_text, decision, quiet_text = fields
    board, markers, seen = _parse_pieces(pieces_text, size, players, reject)
    supplies, removed = _parse_supplies(supplies_text, players, markers, seen, reject)
    round_number, order, turn_index = _parse_order(order_text, decision, players, markers, reject)
    state._board = board
    state._markers = markers
    state._supplies = supplies
    state._removed = removed
    state._programs = [None] * players
    state._phase = "play"
    state._round = round_number
    state._order = order
    state._first = order[0]
    state._turn_index = turn_index
    quiet = re.fullmatch(r"q(\d+)(!?)", quiet_text)
    if quiet is None:
        reject("the quiet counter is q<rounds>[!]")
    state._quiet = int(quiet.group(1))
    state._noisy = bool(quiet.group(2))
    if decision.startswith("over-"):
        ending = decision[5:]
        if ending not in ENDINGS:
            reject(f"unknown ending {ending!r}")
        state._end(ending)
        return state
    _set_decision(state, decision, reject)
    state._resolve()  # a decision without options resolves as in play (§6.1)
    return state


def _parse_pieces(
    pieces_text: str, size: int, players: int, reject: Callable[[str], NoReturn]
) -> tuple[list[Piece | None], list[int | None], set[tuple[str, int]]]:
    """Read the pieces field: the board, each seat's marker cell and the pieces seen."""
    board: list[Piece | None] = [None] * (size * size)
    markers: list[int | None] = [None] * players
    seen: set[tuple[str, int]] = set()
    if pieces_text != "-":
        for item in pieces_text.split(","):
            match = _PIECE.fullmatch(item)
            if match is None:
                reject(f"{item!r} is not cell=TS/o[^g][*p]")
            cell = parse_cell(match.group(1), size=size)
            owner = int(match.group(3)) - 1
            origin = int(match.group(4) or match.group(3)) - 1
            if not (0 <= owner < players and 0 <= origin < players):
                reject(f"{item!r} names a seat that does not play")
            index = cell.index(size)
            if board[index] is not None:
                reject(f"{cell} is listed twice")
            code = match.group(2)
            if (code, origin) in seen:
                reject(f"seat {origin + 1}'s {code} appears twice")
            seen.add((code, origin))
            board[index] = Piece(code[0], int(code[1]), owner, origin)
            if match.group(5):
                seat = int(match.group(5)) - 1
                if not 0 <= seat < players or markers[seat] is not None:
                    reject(f"the marker of seat {seat + 1} is wrong or twice on the board")
                markers[seat] = index
    return board, markers, seen


def _parse_supplies(
    supplies_text: str,
    players: int,
    markers: list[int | None],
    seen: set[tuple[str, int]],
    reject: Callable[[str], NoReturn],
) -> tuple[list[tuple[Piece, ...]], list[int]]:
    """Read the supplies field: each seat's sorted supply and removed-piece count."""
    supplies_list = supplies_text.split("|")
    if len(supplies_list) != players:
        reject(f"there must be {players} supplies")
    supplies = []
    removed = [0] * players
    for seat, supply in enumerate(supplies_list):
        pieces: list[Piece] = []
        if re.fullmatch(r"x\d+", supply):
            removed[seat] = int(supply[1:])
            if markers[seat] is not None:
                reject(f"seat {seat + 1} is eliminated but has a marker")
        else:
            if markers[seat] is None:
                reject(f"seat {seat + 1} has no marker, so its supply is x<removed>")
            for item in [] if supply == "-" else supply.split(","):
                match = _SUPPLY_ITEM.fullmatch(item)
                if match is None:
                    reject(f"{item!r} is not a supply item (code[^origin])")
                origin = int(match.group(2) or seat + 1) - 1
                code = parse_code(match.group(1))
                if not 0 <= origin < players or (code, origin) in seen:
                    reject(f"the supply item {item!r} is impossible")
                seen.add((code, origin))
                pieces.append(Piece(code[0], int(code[1]), seat, origin))
        supplies.append(sort_supply(pieces))
    return supplies, removed


def _parse_order(
    order_text: str,
    decision: str,
    players: int,
    markers: list[int | None],
    reject: Callable[[str], NoReturn],
) -> tuple[int, tuple[int, ...], int]:
    """Read the round field: the round number, the seat order and the turn index."""
    match = re.fullmatch(r"([1-9]\d*):(\*?\d(?:,\*?\d)*)", order_text)
    finished_round = decision.startswith("over-") and order_text.count("*") == 0
    if match is None or (order_text.count("*") != 1 and not finished_round):
        reject("the round is <round>:<order> with the seat to act marked by *")
    order_items = match.group(2).split(",")
    order = tuple(int(item.lstrip("*")) - 1 for item in order_items)
    turn_index = next(
        (at for at, item in enumerate(order_items) if item.startswith("*")), len(order_items)
    )
    if len(set(order)) != len(order) or not all(0 <= seat < players for seat in order):
        reject("the round order repeats or names a seat that does not play")
    for seat in order[turn_index:]:
        if markers[seat] is None and not decision.startswith("over"):
            reject(f"seat {seat + 1} is eliminated but still to play this round")
    return int(match.group(1)), order, turn_index


def _set_decision(state: VirusFightState, decision: str, reject: Callable[[str], NoReturn]) -> None:
    """Read the decision field of a game in progress into ``state``."""
    board, markers = state._board, state._markers
    actor = state._order[state._turn_index]
    if markers[actor] is None:
        reject(f"seat {actor + 1} is to act but has no marker")
    decision_match = re.fullmatch(r"(effect|jump|marker:(\S+?))(\+stop|\?\d(?:,\d)*)?", decision)
    if decision_match is None:
        reject(f"unknown decision {decision!r}")
    piece = board[markers[actor]]  # type: ignore[index]
    assert piece is not None
    kind = decision_match.group(1).split(":")[0]
    if (kind == "jump") != (piece.kind == "J"):
        reject(f"seat {actor + 1} executes {piece.code}, so the decision cannot be {kind}")
    state._decision = kind
    state._code = piece.code
    if kind == "marker":
        effect = parse_action(decision_match.group(2), size=state.size)
        state._pending = str(effect)
    extra = decision_match.group(3) or ""
    if extra == "+stop":
        state._proposed = True
    elif extra:
        state._proposed = True
        state._voters = tuple(int(seat) - 1 for seat in extra[1:].split(","))
    if not state._pending and not state._voters:
        key = state.repetition_key()
        state._keys.append(key)
        state._key_counts[key] = 1
