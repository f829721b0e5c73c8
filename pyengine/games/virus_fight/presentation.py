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
from typing import TYPE_CHECKING, Any, cast

from pyengine.core.game import Action
from pyengine.core.presentation import Message, message
from pyengine.games.virus_fight import notation
from pyengine.games.virus_fight.game import random_seed
from pyengine.games.virus_fight.presentation_texts import PLAYERS, VirusFightTexts, piece_name
from pyengine.games.virus_fight.records import write_record
from pyengine.games.virus_fight.render import last_move_cells, render_svg
from pyengine.games.virus_fight.render_supply import render_piece_svg, render_supply_svg
from pyengine.games.virus_fight.rules import VirusFightState

if TYPE_CHECKING:
    from pyengine.protocol import Button, Extra, Setup

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

HIGHLIGHT_SOURCES = True  # the pieces a MOVE may take, the cells a WRITE may fill, ...


class _Draft:
    """``state`` seen by the seat composing ``program``: that program drawn as its own."""

    def __init__(self, state: VirusFightState, program: notation.Setup) -> None:
        self._state = state
        self._program = program

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def visible_program(self, seat: int, viewer: int | None) -> notation.Setup | None:
        if seat == viewer == self._state.current_player():
            return self._program
        return self._state.visible_program(seat, viewer)


def random_setup(state: VirusFightState, rng: random.Random) -> notation.Setup:
    """A random legal program for the seat to act (random length, offset, pieces, marker)."""
    segment = state.home_segment(state.current_player())
    count = rng.randint(1, min(5, len(segment)))
    start = rng.randint(0, len(segment) - count)
    cells = segment[start : start + count]
    codes = rng.sample(notation.PIECE_CODES, count)
    return notation.Setup(tuple(zip(cells, codes, strict=True)), rng.choice(cells))


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
            if (
                0 <= file < size
                and 0 <= rank < size
                and state.piece_at(notation.Cell(file, rank)) is None
            ):
                zone.add(notation.Cell(file, rank))
    return [str(cell) for cell in sorted(zone)]


class VirusFightPresentation(VirusFightTexts):
    """Virus Fight for :mod:`pyengine.controller`: the texts of :class:`.VirusFightTexts`, the
    supply strips, the clicks and the secret setup, on a square board drawn by
    :func:`.render_svg`."""

    POSTER_RECORD = POSTER_RECORD
    HIGHLIGHT_SOURCES = HIGHLIGHT_SOURCES

    # -- drawing ---------------------------------------------------------------------------

    def extras(self, state: VirusFightState, tokens: Sequence[str]) -> list[Extra]:
        """Every seat's supply strip; the player choosing a piece to WRITE gets its choices
        highlighted and clickable."""
        choices = {token[1:].upper(): token for token in tokens if token.startswith("+")}
        actor = state.current_player() if state.phase == "play" else None
        strips: list[Extra] = []
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
                        state,
                        seat,
                        id_prefix=f"vfs{seat}",
                        choices=choices if seat == actor else None,
                    ),
                }
            )
        return strips

    def last_move(self, state: VirusFightState) -> tuple[str, ...]:
        """The cells of what just happened: the effect of the turn in progress, else the last
        finished turn (a marker step or jump shows where the marker went)."""
        if state.phase == "play" and state.decision == "marker" and state.history:
            effect = state.log[-1]
            if not isinstance(effect, notation.NoEffect):
                return tuple(
                    str(cell) for cell in cast("notation.VirusFightAction", effect).cells()
                )
            return ()
        for turn in reversed(state.turns):
            if turn.code not in ("stop", "resign"):  # a resignation after an effect: the effect
                return last_move_cells(turn.text.removesuffix(" resign"))
        return ()

    # -- setup -----------------------------------------------------------------------------

    def setup(self, state: VirusFightState) -> Setup | None:
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
                for code in notation.PIECE_CODES
            ],
            "submitted": [state.program_submitted(other) for other in range(state.num_players)],
        }

    def preview(self, state: VirusFightState, text: str) -> str:
        """The board with the setup ``text`` drawn (faded) for the seat composing it. Raises the
        engine's error when the text is no legal program for that seat."""
        action = notation.parse_action(text, size=state.size)
        state.check(action)
        assert isinstance(action, notation.Setup)
        return render_svg(_Draft(state, action), viewer=state.current_player())

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A game the user gave no seed gets a fresh one (§5.1: "the engine picks one")."""
        fresh = dict(options)
        if fresh.get("seed") in (None, ""):
            fresh["seed"] = random_seed()
        return fresh

    def public_record(self, state: VirusFightState) -> str:
        """The record anyone looking at the screen may read: no program before the reveal."""
        text = write_record(state)
        if state.phase == "setup":
            text = "".join(
                line for line in text.splitlines(keepends=True) if not line.startswith("setup ")
            )
        return text

    def undoable(self, state: VirusFightState) -> bool:
        """Programs, once hidden or revealed, are never taken back (that would expose them)."""
        return bool(state.history) and not isinstance(state.history[-1], notation.Setup)

    # -- clicks ----------------------------------------------------------------------------

    def click_paths(self, state: VirusFightState) -> list[tuple[tuple[str, ...], Action]]:
        """The clicks that make each legal action (none in setup: the builder makes those)."""
        if state.phase != "play":
            return []
        actions = state.legal_actions()
        writes = {action.code for action in actions if isinstance(action, notation.Write)}
        paths: list[tuple[tuple[str, ...], Action]] = []
        for action in actions:
            if isinstance(action, notation.Move):
                paths.append(((str(action.source), str(action.target)), action))
            elif isinstance(action, notation.Write):
                cell = str(action.cell)
                paths.append(
                    ((cell,) if len(writes) == 1 else (cell, f"+{action.code.lower()}"), action)
                )
            elif isinstance(action, notation.Erase) and action.target is None:
                paths += [((cell,), action) for cell in _empty_zone(state)]
                paths.append(((), action))
            elif isinstance(action, (notation.Erase, notation.Step, notation.Jump)):
                paths.append(((str(action.cells()[0]),), action))
            else:  # answers to a stop proposal
                paths.append(((), action))
        return paths

    def click_label(self, state: VirusFightState, token: str) -> Message:
        """The button for a click that is not a cell: which piece to WRITE."""
        code = token[1:].upper()
        return message("virus-fight.write-piece", code=code)

    def action_label(self, action: Action) -> Message:
        if isinstance(action, notation.AnswerStop):
            return message(
                "virus-fight.stop.accept" if action.accept else "virus-fight.stop.decline"
            )
        if isinstance(action, notation.Erase) and action.target is None:
            return message("virus-fight.erase-nothing")
        return super().action_label(action)

    def extra_buttons(self, state: VirusFightState) -> list[Button]:
        if state.can_propose_stop():
            return [
                {
                    "action": str(notation.ProposeStop()),
                    "label": message("virus-fight.stop.propose"),
                }
            ]
        return []

    def computer_decision(self, state: VirusFightState, seat: int, ai: Any) -> Action | None:
        """A computer seat's decision about an agreed stop (§7.2), taken without search (see
        :mod:`pyengine.controller`): its answer to a proposal (``ai.accepts_stop``; refused when
        the AI has no such rule), or at its turn start a proposal when ``ai.wants_stop`` says so.
        None: the seat decides as usual.

        >>> from pyengine.games.virus_fight import VIRUS_FIGHT
        >>> state = VIRUS_FIGHT.new_initial_state({"players": 2, "seed": 0})
        >>> PRESENTATION.computer_decision(state, 0, None) is None  # setup: no stop to talk about
        True
        """
        if state.decision == "stop-vote":
            accepts = getattr(ai, "accepts_stop", None)
            return notation.AnswerStop(bool(accepts is not None and accepts(state, seat)))
        wants = getattr(ai, "wants_stop", None)
        if wants is not None and state.can_propose_stop() and wants(state, seat):
            return notation.ProposeStop()
        return None

    def hint_decision(self, state: VirusFightState, seat: int, ai: Any) -> Action | None:
        """The hint for a person answering a stop proposal (§7.2), taken without search: accept
        only a stop that is good for them by §7.4's scoring (``ai.advises_stop``), never one that
        loses. None: the hint searches as usual."""
        advises = getattr(ai, "advises_stop", None)
        if state.decision != "stop-vote" or advises is None:
            return None
        return notation.AnswerStop(bool(advises(state, seat)))


PRESENTATION = VirusFightPresentation(render_svg, notation.FILES)
