"""What Virus Fight's presentation says (see :mod:`.presentation`): the turn and status lines,
why a click makes nothing, the cells' labels, the scores, the move list, the announcements
after an action and the result, as translation requests resolved by the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import Action
from pyengine.core.presentation import (
    Message,
    SquareBoardPresentation,
    error_message,
    message,
    move_list,
)
from pyengine.games.virus_fight import notation
from pyengine.games.virus_fight.rules import VirusFightState

if TYPE_CHECKING:
    from pyengine.protocol import MoveRow, Result, Score

PLAYERS: tuple[Message, ...] = tuple(
    {"key": "virus-fight.player", "params": {"number": seat + 1}} for seat in range(5)
)
TYPE_KEYS = {
    "M": "virus-fight.type.move",
    "W": "virus-fight.type.write",
    "J": "virus-fight.type.jump",
    "E": "virus-fight.type.erase",
}


def piece_name(code: str) -> Message:
    """ "large MOVE (M3)"."""
    return message(f"virus-fight.size.{code[1]}", type=message(TYPE_KEYS[code[0]]), code=code)


def instruction_name(code: str) -> Message:
    """ "MOVE 3", the way the rules name an instruction."""
    return message("virus-fight.instruction", type=message(TYPE_KEYS[code[0]]), size=int(code[1]))


def status_hint(state: VirusFightState, selection: Sequence[str]) -> Message:
    """The status line's hint during the rounds: what the seat to act does next, given the
    cells ``selection`` selected so far."""
    instruction = state.instruction()
    assert instruction is not None
    decision = state.decision
    if decision == "stop-vote":
        return message("virus-fight.hint.vote")
    if decision == "jump":
        return message("virus-fight.hint.jump")
    if decision == "marker":
        if state.log and isinstance(state.log[-1], notation.NoEffect):
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


class VirusFightTexts(SquareBoardPresentation[VirusFightState, Action]):
    """The texts of Virus Fight's presentation; :class:`.presentation.VirusFightPresentation`
    adds the drawing, the clicks and the secret setup."""

    PLAYERS = PLAYERS

    def turn(self, state: VirusFightState) -> Message:
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

    def status(self, state: VirusFightState, selection: Sequence[str]) -> Message:
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
            hint=status_hint(state, selection),
        )

    def explain(self, state: VirusFightState, cells: Sequence[str]) -> Message:
        """Why clicking ``cells`` makes no legal action."""
        if state.is_terminal():
            return message("play.already-over")
        if state.phase == "setup":
            return message("virus-fight.explain.setup")
        if state.decision == "stop-vote":
            return message("virus-fight.hint.vote")
        try:
            cell = notation.Cell.parse(cells[-1])
        except Exception:  # noqa: BLE001 (a piece token clicked out of turn)
            return message("play.no-action", cells=" ".join(cells))
        instruction = state.instruction()
        assert instruction is not None
        candidate: Action
        if state.decision == "marker":
            candidate = notation.Step(cell)
        elif state.decision == "jump":
            candidate = notation.Jump(cell)
        elif instruction.piece.kind == "M":
            candidate = (
                notation.Move(notation.Cell.parse(cells[0]), cell)
                if len(cells) > 1
                else notation.Move(cell, cell)
            )
        elif instruction.piece.kind == "W":
            supply = state.supply(instruction.seat)
            candidate = notation.Write(supply[0].code if supply else "M1", cell)
        else:
            candidate = notation.Erase(cell)
        try:
            state.check(candidate)
        except IllegalActionError as error:
            return error_message(error)
        return message("play.no-action", cells=" ".join(cells))

    def cell_label(self, state: VirusFightState, cell: str) -> Message:
        where = notation.Cell.parse(cell)
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

    def scores(self, state: VirusFightState) -> list[Score]:
        rows: list[Score] = []
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

    def move_rows(self, state: VirusFightState) -> list[MoveRow]:
        """The revealed programs, then one row per round: each turn as ``seat: code turn``
        (the record's line without its round), the turn in progress last."""
        plies: list[tuple[int | None, str]] = []
        if state.phase != "setup":
            for seat in range(state.num_players):
                plies.append((None, f"{seat + 1}: {state.visible_program(seat, None)}"))
        for entry in state.turns:
            text = (
                f"{entry.seat + 1}: {entry.code}"
                if entry.code in ("stop", "resign")
                else (f"{entry.seat + 1}: {entry.code} {entry.text}")
            )
            plies.append((entry.round, text))
        if state.phase == "play" and state.decision == "marker":
            instruction = state.instruction()
            assert instruction is not None
            text = f"{instruction.seat + 1}: {instruction.piece.code} {state.log[-1]} …"
            plies.append((state.round_number, text))
        return move_list(plies)

    def announce(self, before: VirusFightState, action: Action, after: VirusFightState) -> Message:
        """What to tell everybody after ``action``: never a program's content before the reveal;
        automatic "no effect" decisions, eliminations, a new round, a stop proposal's fate."""
        mover = PLAYERS[before.current_player()]
        if isinstance(action, notation.Setup) and after.phase == "setup":
            return message(
                "virus-fight.setup.submitted", player=mover, next=PLAYERS[after.current_player()]
            )
        if isinstance(action, notation.Setup):  # the reveal (the first turns may resolve at once)
            main = message(
                "virus-fight.setup.revealed",
                player=PLAYERS[
                    after.first_player
                    if after.first_player is not None
                    else before.current_player()
                ],
            )
        elif isinstance(action, notation.ProposeStop):
            main = message("virus-fight.stop.proposed", player=mover)
        elif isinstance(action, notation.AnswerStop) and not action.accept:
            main = message("virus-fight.stop.declined", player=mover)
        elif isinstance(action, notation.AnswerStop):
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
            and isinstance(after.log[-1], notation.NoEffect)
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
            and not isinstance(action, notation.Setup)
        ):
            first = after.first_player
            assert first is not None  # a round has started
            more.append(
                message("virus-fight.round-start", round=after.round_number, player=PLAYERS[first])
            )
        if more:
            main["more"] = more
        return main

    def result(self, state: VirusFightState) -> Result | None:
        outcome = state.result()
        if outcome is None:
            return None
        winners = list(outcome.winners)
        details = [self.resigned(state, seat) for seat in state.resigned]
        if outcome.ending == "elimination" and state.resigned and len(winners) == 1:
            # a resigned player was not eliminated on the board: say who is left instead
            details.append(message("virus-fight.ending.last-left", player=PLAYERS[winners[0]]))
        else:
            details.append(
                message(f"virus-fight.ending.{outcome.ending}", rounds=state.round_number)
            )
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

    def resigned(self, state: VirusFightState, seat: int) -> Message:
        """What to say of a seat that resigned (it is eliminated, see :mod:`.rules`)."""
        return message("virus-fight.resigned", player=PLAYERS[seat])
