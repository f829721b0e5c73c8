"""Fight the Virus notation (§5.1): canonical text round trips, rejection of non-canonical
text, and the structured (JSON) form in both directions."""

from __future__ import annotations

import json
import random

import pytest

from pyengine.core.errors import NotationError
from pyengine.games.fight_the_virus import (
    FIGHT_THE_VIRUS,
    Bonus,
    Decline,
    GreedyBot,
    Keep,
    Pass,
    RandomBot,
    Reroll,
    Resign,
    Roll,
    Use,
    action_from_json,
    parse_action,
)

CLASSES = {cls.__name__: cls for cls in (Roll, Reroll, Keep, Pass, Resign, Decline, Use, Bonus)}


def test_every_listed_decision_round_trips():
    seen = 0
    for seed in range(6):
        state = FIGHT_THE_VIRUS.new_initial_state({"players": 3, "seed": seed})
        bots: list[GreedyBot | RandomBot] = [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 1)]
        while not state.is_terminal():
            for action in state.legal_actions():
                text = str(action)
                assert parse_action(text) == action and FIGHT_THE_VIRUS.parse_action(text)
                assert eval(repr(action), CLASSES) == action
                document = json.loads(json.dumps(action.to_json()))
                assert action_from_json(document) == action
                seen += 1
            state.apply_unchecked(bots[state.current_player()].choose(state))
    assert seen > 10_000


@pytest.mark.parametrize(
    ("text", "document"),
    [
        ("roll", {"type": "roll"}),
        ("reroll", {"type": "reroll"}),
        ("keep", {"type": "keep"}),
        ("pass", {"type": "pass"}),
        ("b-", {"type": "decline"}),
        ("resign", {"type": "resign"}),
        ("6+3>R9", {"type": "use", "die": 6, "raise": 3, "area": "R", "target": "R9"}),
        ("1>T10", {"type": "use", "die": 1, "raise": 0, "area": "T", "target": "T10"}),
        ("4+1>C30", {"type": "use", "die": 4, "raise": 1, "area": "C", "target": "C30"}),
        (
            "5>A:e3.f3.e4.f4.e5",
            {
                "type": "use",
                "die": 5,
                "raise": 0,
                "area": "A",
                "cells": ["e3", "f3", "e4", "f4", "e5"],
            },
        ),
        ("2+12>T40", {"type": "use", "die": 2, "raise": 12, "area": "T", "target": "T40"}),
        ("bN3>C21", {"type": "bonus", "kind": "N", "value": 3, "area": "C", "target": "C21"}),
        ("bO>T10", {"type": "bonus", "kind": "O", "area": "T", "target": "T10"}),
        ("bS>A:f9.f10", {"type": "bonus", "kind": "S", "area": "A", "cells": ["f9", "f10"]}),
    ],
)
def test_the_structured_form_both_ways(text: str, document: dict):
    action = parse_action(text)
    assert action.to_json() == document
    assert action_from_json(document) == action and str(action) == text


def test_use_and_bonus_fields():
    use = Use.parse("6+3>R9")
    assert (use.die, use.raise_by, use.value, use.cost, use.area, use.spots()) == (
        6,
        3,
        9,
        2,
        "R",
        ("R9",),
    )
    shape = Use.parse("3+2>A:c2.b3.c3")
    assert shape.cells == ("c2", "b3", "c3") and shape.spots() == shape.cells
    bonus = Bonus.parse("bO>T10")
    assert (bonus.kind, bonus.value, bonus.area, bonus.target) == ("O", 1, "T", "T10")
    assert Pass.parse("pass") == Pass() and Roll().spots() == ()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("5>A:f3.e3", "notation.unsorted-cells"),
        ("5>A:e3.e10.e4", "notation.unsorted-cells"),
        ("5>A:e3.e3", "notation.repeated-cell"),
        ("6+0>R6", "notation.raise"),
        ("6+05>R11", "notation.raise"),
        ("6+100>R12", "notation.raise"),
        ("7>R1", "notation.action"),
        ("0>R1", "notation.action"),
        ("6>R13", "notation.action"),
        ("6>R0", "notation.action"),
        ("6>R09", "notation.action"),
        ("6>T5", "notation.action"),
        ("6>C70", "notation.action"),
        ("6>C04", "notation.action"),
        ("6>A:l3", "notation.action"),
        ("6>A:e11", "notation.action"),
        ("6>A:", "notation.action"),
        ("6>A:e3,f3", "notation.action"),
        ("Roll", "notation.action"),
        (" roll", "notation.action"),
        ("roll ", "notation.action"),
        ("6 > R6", "notation.action"),
        ("6>r6", "notation.action"),
        ("bN7>C21", "notation.action"),
        ("bN>C21", "notation.action"),
        ("bO1>T10", "notation.action"),
        ("bS>e3", "notation.action"),
        ("bS>A:f3.e3", "notation.unsorted-cells"),
        ("b", "notation.action"),
        ("", "notation.action"),
    ],
)
def test_non_canonical_text_is_rejected(text: str, code: str):
    with pytest.raises(NotationError) as raised:
        parse_action(text)
    assert raised.value.code == code
    assert raised.value.params["text"] == text


def test_parse_methods_check_the_class():
    with pytest.raises(NotationError):
        Use.parse("roll")
    with pytest.raises(NotationError):
        Roll.parse("keep")
    with pytest.raises(NotationError):
        Bonus.parse("6>R6")
    with pytest.raises(NotationError):
        parse_action(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "document",
    [
        None,
        [],
        "roll",
        {},
        {"type": "jump"},
        {"type": "roll", "die": 1},
        {"type": "use", "die": 6, "area": "R", "target": "R9"},
        {"type": "use", "die": 6, "raise": 0, "area": "R", "target": "R9", "cells": []},
        {"type": "use", "die": True, "raise": 0, "area": "R", "target": "R1"},
        {"type": "use", "die": 6, "raise": 1.0, "area": "R", "target": "R7"},
        {"type": "use", "die": 7, "raise": 0, "area": "R", "target": "R7"},
        {"type": "use", "die": 6, "raise": -1, "area": "R", "target": "R5"},
        {"type": "use", "die": 6, "raise": 0, "area": "T", "target": "R6"},
        {"type": "use", "die": 6, "raise": 0, "area": "X", "target": "R6"},
        {"type": "use", "die": 6, "raise": 0, "area": "A", "cells": []},
        {"type": "use", "die": 6, "raise": 0, "area": "A", "cells": ["f3", "e3"]},
        {"type": "use", "die": 6, "raise": 0, "area": "A", "cells": "e3"},
        {"type": "use", "die": 6, "raise": 0, "area": "A", "target": "e3"},
        {"type": "bonus", "kind": "N", "area": "C", "target": "C21"},
        {"type": "bonus", "kind": "N", "value": 7, "area": "C", "target": "C21"},
        {"type": "bonus", "kind": "O", "value": 1, "area": "T", "target": "T10"},
        {"type": "bonus", "kind": "O", "area": "C", "target": "T10"},
        {"type": "bonus", "kind": "S", "area": "A", "target": "e3"},
        {"type": "bonus", "kind": "X", "area": "A", "cells": ["e3"]},
    ],
)
def test_bad_structured_forms_are_rejected(document: object):
    with pytest.raises(NotationError):
        action_from_json(document)


def test_random_text_never_raises_anything_else():
    rng = random.Random(9)
    alphabet = "0123456789+>.:ARTCbSNOabcdefghijkl- "
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 14)))
        try:
            action = parse_action(text)
        except NotationError:
            continue
        assert str(action) == text  # whatever parses is canonical
