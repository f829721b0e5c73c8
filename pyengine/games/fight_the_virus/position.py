"""Fight the Virus position text (like chess FEN): one line of space-separated fields,
for tests, bug reports and share links::

    t<turn> d<drawn> <dice> <decision> <sheet P1> <sheet P2> ...

* ``t<turn>`` the turn number; ``d<drawn>`` the dice drawn so far from the seeded generator
  (§5.2: the game continues with die number ``drawn``);
* ``<dice>`` the turn's dice ``6-3`` (as last rolled), ``-`` before the roll;
* ``<decision>``: ``roll``; ``reroll-or-keep``; a part ``P2:<free>:<slots>[:<flags>]`` where
  ``free`` lists the unused dice by index (``01``, ``0``, ``1``, ``-``), ``slots`` the open
  uses (``A`` the active player's analysis use, ``O`` their use outside it, ``*`` a passive
  use, ``-`` none) and ``flags`` are comma-joined ``x`` (the passive player's extra die use
  was granted) and ``bS``/``bN``/``bO`` (a pending bonus); or ``over:<ending>[:<winners>]``
  (``over:win:P1.P3``, ``over:cap``, ``over:hopeless``);
* each sheet is ``<analysed>|<ap>|<research>|<testing>|<curve>[|h|r]``: analysed cells joined
  by ``.`` (``-`` for none); the 21 AP fields as ``.`` blank, ``o`` active, ``x`` spent,
  ``-`` lost; the number of research squares crossed; filled testing cells ``T00=3,T01=5``;
  curve squares ``C00=4`` (filled), ``C30@4`` (circled, requires 4) or ``C30@4=4`` (circled
  and filled); a final ``h`` marks a hopeless player, ``r`` one who resigned.

The mode, names, groups and seed come from the options. A position carries no history and no
setbacks. A decision without options resolves at once, as in play. Every sheet is checked
(:meth:`~.player_sheet.PlayerSheet.problems`); errors are
:class:`~pyengine.core.errors.NotationError` with code ``notation.position``.

>>> from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS
>>> state = FIGHT_THE_VIRUS.new_initial_state({"mode": "solo", "players": 1, "seed": 3})
>>> state.apply("roll"); state.apply("2>A:e3.f3")
>>> state.position_text()
't1 d2 2-5 P1:1:O e3.f3|o....................|0|-|-'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NoReturn

from pyengine.core.errors import NotationError
from pyengine.games.fight_the_virus.effects import end_game
from pyengine.games.fight_the_virus.player_sheet import (
    ACTIVE,
    BLANK,
    CURVE_INDEX,
    LOST,
    SPENT,
    TESTING_INDEX,
    PlayerSheet,
)
from pyengine.games.fight_the_virus.rules import FightTheVirusState
from pyengine.games.fight_the_virus.sheet import (
    AP_FIELDS,
    CELL_BIT,
    CURVE_SQUARES,
    RESEARCH_SQUARES,
    TESTING_CELLS,
    cells_of,
)
from pyengine.games.fight_the_virus.turns import CAP_TURNS, ENDINGS, parts_of_turn, seat_name

__all__ = ["format_position", "parse_position"]

Reject = Callable[[str], NoReturn]

_AP_CHARS = {BLANK: ".", ACTIVE: "o", SPENT: "x", LOST: "-"}
_AP_CODES = {char: code for code, char in _AP_CHARS.items()}
_TESTING_ITEM = re.compile(r"(T[0-4][0-4])=([1-9][0-9]?)")
_CURVE_ITEM = re.compile(r"(C[0-6][0-3])(?:@([1-6]))?(?:=([1-6]))?")
_PART = re.compile(r"P([1-9][0-9]?):(01|0|1|-):(AO|A|O|\*|-)(?::((?:x|b[SNO])(?:,(?:x|b[SNO]))*))?")


def _format_sheet(sheet: PlayerSheet, status: str) -> str:
    analysed = ".".join(cells_of(sheet.mask)) or "-"
    ap = "".join(_AP_CHARS[code] for code in sheet.fields)
    testing = (
        ",".join(
            f"{TESTING_CELLS[index]}={value}" for index, value in enumerate(sheet.tests) if value
        )
        or "-"
    )
    curve = []
    for index, name in enumerate(CURVE_SQUARES):
        value, ring = sheet.squares[index], sheet.rings[index]
        if value or ring:
            curve.append(name + (f"@{ring}" if ring else "") + (f"={value}" if value else ""))
    text = f"{analysed}|{ap}|{sheet.research}|{testing}|{','.join(curve) or '-'}"
    return f"{text}|{status}" if status else text


def format_position(state: FightTheVirusState) -> str:
    """The position text of ``state`` (see the module docs)."""
    dice = "-" if state._dice is None else f"{state._dice[0]}-{state._dice[1]}"
    phase = state._phase
    if phase == "roll":
        decision = "roll"
    elif phase == "choose":
        decision = "reroll-or-keep"
    elif phase == "over":
        decision = f"over:{state._ending}"
        if state._winners:
            decision += ":" + ".".join(seat_name(seat) for seat in state._winners)
    else:
        free = "".join(str(index) for index in (0, 1) if state._free >> index & 1) or "-"
        flags = (["x"] if state._extra else []) + ([f"b{state._bonus}"] if state._bonus else [])
        decision = f"{seat_name(state._parts[state._part])}:{free}:{state._slots or '-'}"
        if flags:
            decision += ":" + ",".join(flags)
    sheets = [
        _format_sheet(
            sheet, "h" if seat in state._hopeless else "r" if seat in state._resigned else ""
        )
        for seat, sheet in enumerate(state._sheets)
    ]
    return f"t{state._turn} d{state._drawn} {dice} {decision} {' '.join(sheets)}"


def parse_position(state: FightTheVirusState, text: str) -> FightTheVirusState:
    """Set a freshly built ``state`` (options already applied) to the position ``text``."""

    def reject(reason: str) -> NoReturn:
        raise NotationError(
            f"{str(text)[:200]!r} is not a Fight the Virus position: {reason}.",
            code="notation.position",
            params={"text": str(text)[:200], "reason": reason},
        )

    if not isinstance(text, str):
        reject("a position is text")
    fields = text.split(" ")
    players = state.num_players
    if len(fields) != 4 + players:
        reject(
            f"it needs t<turn> d<drawn> <dice> <decision> and {players} sheets, separated "
            "by single spaces"
        )
    turn_text, drawn_text, dice_text, decision, *sheet_texts = fields
    if not re.fullmatch(r"t[1-9][0-9]{0,2}", turn_text) or int(turn_text[1:]) > CAP_TURNS:
        reject(f"the turn is t1 to t{CAP_TURNS}")
    if not re.fullmatch(r"d(?:0|[1-9][0-9]{0,5})", drawn_text) or int(drawn_text[1:]) % 2:
        reject("the dice drawn are d<even number>")
    dice = None
    if dice_text != "-":
        if not re.fullmatch(r"[1-6]-[1-6]", dice_text):
            reject("the dice are written 6-3, or - before the roll")
        dice = (int(dice_text[0]), int(dice_text[2]))
    sheets: list[PlayerSheet] = []
    hopeless: set[int] = set()
    resigned: set[int] = set()
    for seat, sheet_text in enumerate(sheet_texts):
        sheet, status = _parse_sheet(state.players[seat], sheet_text, reject)
        sheets.append(sheet)
        if status:
            (hopeless if status == "h" else resigned).add(seat)
    turn = int(turn_text[1:])
    state._turn = turn
    state._drawn = int(drawn_text[1:])
    state._dice = dice
    state._sheets = tuple(sheets)
    state._hopeless = frozenset(hopeless)
    state._resigned = frozenset(resigned)
    state._roller, state._active, state._parts = parts_of_turn(
        state.mode, players, state.groups, turn
    )
    crossed = tuple(seat for seat, sheet in enumerate(sheets) if sheet.research == RESEARCH_SQUARES)
    _parse_decision(state, decision, crossed, reject)
    state._start = text
    state._resolve()
    return state


def _parse_decision(
    state: FightTheVirusState, decision: str, crossed: tuple[int, ...], reject: Reject
) -> None:
    dice = state._dice
    if decision.startswith("over:"):
        parts = decision.split(":")
        if len(parts) not in (2, 3) or parts[1] not in ENDINGS:
            reject(f"the end is over:<ending>[:<winners>] with an ending of {', '.join(ENDINGS)}")
        winners = (
            tuple(sorted(_seat(item, state.num_players, reject) for item in parts[2].split(".")))
            if len(parts) == 3
            else ()
        )
        if (parts[1] == "win") != bool(winners) or winners != crossed:
            reject(
                "the winners are exactly the players who crossed R12, and only a win has winners"
            )
        if parts[1] == "hopeless" and len(state._hopeless | state._resigned) < state.num_players:
            reject("the game ends hopeless only when every player is hopeless or resigned")
        end_game(state, parts[1], winners)
        return
    if crossed:
        reject("a player crossed R12 in an earlier turn, so the game is over")
    if decision == "roll":
        if dice is not None:
            reject("before the roll the dice are -")
        return
    if dice is None:
        reject("after the roll the dice are shown")
    if decision == "reroll-or-keep":
        if dice[0] != dice[1] or dice[0] == 6:
            reject("only a double other than 6-6 may be re-rolled")
        state._phase = "choose"
        return
    match = _PART.fullmatch(decision)
    if match is None:
        reject(
            "the decision is roll, reroll-or-keep, P<n>:<free>:<slots>[:<flags>] or over:<ending>"
        )
    seat = _seat(f"P{match.group(1)}", state.num_players, reject)
    free = 0
    for index in match.group(2).replace("-", ""):
        free |= 1 << int(index)
    slots = "" if match.group(3) == "-" else match.group(3)
    flags = (match.group(4) or "").split(",") if match.group(4) else []
    extra = "x" in flags
    bonuses = [flag[1] for flag in flags if flag.startswith("b")]
    if len(set(flags)) != len(flags) or len(bonuses) > 1:
        reject("the part flags are x and at most one bonus, each once")
    used = 2 - free.bit_count()
    if seat in state._active:
        if extra or "*" in slots or len(slots) != 2 - used:
            reject(
                "an active player has one analysis use (A) and one other use (O), one per "
                "die, and no extra die"
            )
    elif set(slots) - {"*"} or len(slots) != 1 + extra - used or (extra and not used):
        reject("a passive player has one use (*), and one more after an extra die (x)")
    state._phase = "part"
    state._part = state._parts.index(seat)
    state._free = free
    state._slots = slots
    state._extra = extra
    state._bonus = bonuses[0] if bonuses else ""


def _seat(text: str, players: int, reject: Reject) -> int:
    if not re.fullmatch(r"P[1-9][0-9]?", text) or int(text[1:]) > players:
        reject(f"{text!r} is not a seat P1-P{players}")
    return int(text[1:]) - 1


def _parse_sheet(name: str, text: str, reject: Reject) -> tuple[PlayerSheet, str]:
    parts = text.split("|")
    if len(parts) not in (5, 6):
        reject(f"a sheet is analysed|ap|research|testing|curve[|h|r], not {text!r}")
    analysed, ap, research, testing, curve, *status = parts
    if status and status[0] not in ("h", "r"):
        reject(f"a sheet's status is h (hopeless) or r (resigned), not {status[0]!r}")
    cells = [] if analysed == "-" else analysed.split(".")
    if any(cell not in CELL_BIT for cell in cells) or len(set(cells)) != len(cells):
        reject(f"{analysed!r} is not a list of distinct analysis cells joined by '.'")
    if len(ap) != AP_FIELDS or set(ap) - set(_AP_CODES):
        reject(
            f"the AP track is {AP_FIELDS} characters of . o x - (blank, active, spent, "
            f"lost), not {ap!r}"
        )
    if not re.fullmatch(r"[0-9]|1[0-2]", research):
        reject(f"research is the number of squares crossed, 0-12, not {research!r}")
    tests = [0] * len(TESTING_CELLS)
    for item in [] if testing == "-" else testing.split(","):
        match = _TESTING_ITEM.fullmatch(item)
        if (
            match is None
            or match.group(1) not in TESTING_INDEX
            or tests[TESTING_INDEX[match.group(1)]]
        ):
            reject(f"{item!r} is not a testing cell written once as T00=3")
        tests[TESTING_INDEX[match.group(1)]] = int(match.group(2))
    squares = [0] * len(CURVE_SQUARES)
    rings = [0] * len(CURVE_SQUARES)
    for item in [] if curve == "-" else curve.split(","):
        match = _CURVE_ITEM.fullmatch(item)
        if (
            match is None
            or match.group(1) not in CURVE_INDEX
            or not (match.group(2) or match.group(3))
        ):
            reject(f"{item!r} is not a curve square written C00=4, C30@4 or C30@4=4")
        index = CURVE_INDEX[match.group(1)]
        if squares[index] or rings[index]:
            reject(f"{match.group(1)} is written twice")
        rings[index] = int(match.group(2) or 0)
        squares[index] = int(match.group(3) or 0)
    mask = 0
    for cell in cells:
        mask |= CELL_BIT[cell]
    sheet = PlayerSheet(
        name,
        mask=mask,
        fields=tuple(_AP_CODES[char] for char in ap),
        research=int(research),
        tests=tuple(tests),
        squares=tuple(squares),
        rings=tuple(rings),
    )
    problems = sheet.problems()
    if problems:
        reject(f"the sheet {text!r} is inconsistent: {problems[0]}")
    return sheet, status[0] if status else ""
