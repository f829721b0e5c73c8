"""What Fight the Virus's presentation says (see :mod:`.presentation`): the turn and status
lines, why clicks make nothing, the spots' labels, the scores, the move list, the announcements
after a decision and the result, as translation requests resolved by the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pyengine.core.errors import IllegalActionError
from pyengine.core.game import Action
from pyengine.core.presentation import Message, Presentation, error_message, message, move_list
from pyengine.games.fight_the_virus.notation import Bonus, Reroll, Roll, Use
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import TESTING_CELLS

if TYPE_CHECKING:
    from pyengine.protocol import MoveRow, Result, Score

PLAYERS: tuple[Message, ...] = tuple(
    {"key": "fight-the-virus.seat", "params": {"number": seat + 1}} for seat in range(20)
)


def player(state: FightTheVirusState, seat: int) -> Message:
    """A seat by its player's name (free text the page shows as text, never as markup)."""
    return message("fight-the-virus.player", name=state.players[seat], number=seat + 1)


def viewed_seat(state: FightTheVirusState) -> int:
    """Whose sheet is the board: the deciding player's, or at the end the first winner's."""
    if not state.is_terminal():
        return state.current_player()
    return state.winners[0] if state.winners else 0


class FightTheVirusTexts(Presentation[FightTheVirusState, Action]):
    """The texts of Fight the Virus's presentation;
    :class:`.presentation.FightTheVirusPresentation` adds the drawing and the clicks."""

    PLAYERS = PLAYERS

    def turn(self, state: FightTheVirusState) -> Message:
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

    def status(self, state: FightTheVirusState, selection: Sequence[str]) -> Message:
        if state.is_terminal():
            return message("play.game-over")
        hint = self._hint(state, selection)
        return message(
            "fight-the-virus.status", turn=state.turn, roller=player(state, state.roller), hint=hint
        )

    def _hint(self, state: FightTheVirusState, selection: Sequence[str]) -> Message:
        """The status line's hint: what the player to decide does next, given the clicks
        ``selection`` made so far."""
        if state.phase == "roll":
            return message("fight-the-virus.hint.roll")
        if state.phase == "reroll-or-keep":
            return message("fight-the-virus.hint.double")
        if state.phase == "bonus":
            return message(f"fight-the-virus.hint.bonus-{state.pending_bonus}")
        if self.placement(state, selection) is not None:
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

    def explain(self, state: FightTheVirusState, cells: Sequence[str]) -> Message:
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
                candidate = Use(
                    int(face), int(raise_by or 0), "A", cells=tuple(target[2:].split("."))
                )
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
            if isinstance(candidate, Use) and candidate.area in "RT":
                return _explain_raise(state, candidate, error)
            return error_message(error)
        return message("play.no-action", cells=" ".join(cells))

    def cell_label(self, state: FightTheVirusState, cell: str) -> Message:
        spot = cell  # a spot of the sheet
        sheet = state.sheet(viewed_seat(state))
        if spot.startswith("AP"):
            return message(f"fight-the-virus.spot.ap-{sheet.ap[int(spot[2:]) - 1]}", spot=spot)
        if spot.startswith("R"):
            crossed = int(spot[1:]) <= sheet.research
            return message(
                "fight-the-virus.spot.research-crossed"
                if crossed
                else "fight-the-virus.spot.research",
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

    def scores(self, state: FightTheVirusState) -> list[Score]:
        rows: list[Score] = []
        for seat, sheet in enumerate(state.sheets):
            rows.append(
                {
                    "player": seat,
                    "label": message(
                        "fight-the-virus.score",
                        player=player(state, seat),
                        research=sheet.research,
                        ap=sheet.ap.count("active"),
                        # the other areas' filled spots (a challenge's shared summary)
                        analysed=len(sheet.analysed),
                        testing=len(sheet.testing),
                        curve=len(sheet.curve),
                    ),
                }
            )
        return rows

    def move_rows(self, state: FightTheVirusState) -> list[MoveRow]:
        """One row per turn: its record lines without the turn number (``P1 roll 3-3``)."""
        return move_list((entry.turn, f"P{entry.seat + 1} {entry.text}") for entry in state.log)

    def announce(
        self, before: FightTheVirusState, action: Action, after: FightTheVirusState
    ) -> Message:
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

    def result(self, state: FightTheVirusState) -> Result | None:
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
                message(
                    f"fight-the-virus.rating.{(state.rating() or 'virus wins').replace(' ', '-')}"
                )
            )
        if not winners:
            title = message("fight-the-virus.virus-wins")
            if len(state.resigned) < state.num_players:  # else: who resigned says it all
                details.insert(
                    0, message(f"fight-the-virus.ending.{state.ending}", turn=state.turn)
                )
        elif len(winners) == 1:
            title = message("fight-the-virus.wins", player=player(state, winners[0]))
        else:
            title = message(
                "fight-the-virus.shared-win",
                players=", ".join(state.players[seat] for seat in winners),
            )
        details[:0] = [self.resigned(state, seat) for seat in sorted(state.resigned)]
        return {"winners": winners, "title": title, "details": details}

    def resigned(self, state: FightTheVirusState, seat: int) -> Message:
        """What to say of a player who resigned (§4.2: they stay seated, the engine decides for
        them)."""
        return message("fight-the-virus.resigned", player=player(state, seat))


def _explain_raise(state: FightTheVirusState, use: Use, error: IllegalActionError) -> Message:
    """Why a die clicked on a research square or a testing cell (``use``, raised by nothing,
    refused with ``error``) cannot go there with any raise: the raise the target needs, its
    cost and the active APs, or the reason the raised die is refused."""
    sheet = state.sheet(state.current_player())
    code = error.code.rpartition(".")[2]
    if code == "research-value":
        needed = int(use.target[1:])
        if needed < use.die:
            return message("fight-the-virus.explain.research-below", square=use.target, die=use.die)
    elif code == "testing-not-higher":
        floor = sheet.testing_floor(TESTING_CELLS.index(use.target))
        needed = (floor[0] if floor else 0) + 1
    else:
        return error_message(error)
    raised = Use(use.die, needed - use.die, use.area, target=use.target)
    if raised.cost > sheet.active:
        return message(
            (
                "fight-the-virus.explain.research-raise"
                if use.area == "R"
                else "fight-the-virus.explain.testing-raise"
            ),
            square=use.target,
            value=needed,
            die=use.die,
            by=raised.raise_by,
            cost=raised.cost,
            active=sheet.active,
        )
    try:
        state.check(raised)
    except IllegalActionError as other:
        return error_message(other)
    return error_message(error)
