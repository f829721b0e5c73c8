"""Fight the Virus positions and JSON documents that are broken: bad position texts raise
notation errors, corrupt JSON documents raise StateFormatError naming the field, and randomly
mutated position texts either parse to a position whose text round-trips or raise
NotationError."""

from __future__ import annotations

import json
import random

import pytest

from pyengine.core.errors import NotationError, StateFormatError
from pyengine.games.fight_the_virus import FIGHT_THE_VIRUS, GreedyBot, RandomBot

# -- positions and JSON documents ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "t1 d1 - roll -|.....................|0|-|-",
        "t0 d0 - roll -|.....................|0|-|-",
        "t1 d0 3-3 roll -|.....................|0|-|-",
        "t1 d2 6-6 reroll-or-keep -|.....................|0|-|-",
        "t1 d2 6-3 P1:01:* -|.....................|0|-|-",
        "t1 d2 6-3 P1:01:AO f0|.....................|0|-|-",
        "t1 d2 6-3 P1:01:AO f0.f5|o....................|0|-|-",
        "t1 d2 6-3 P1:01:AO -|.....................|13|-|-",
        "t1 d2 6-3 P1:01:AO -|.....................|0|T10=3|-",
        "t1 d2 6-3 P1:01:AO -|.....................|0|T00=3,T00=4|-",
        "t1 d2 6-3 P1:01:AO -|.....................|0|-|C10=3",
        "t1 d2 6-3 P1:01:AO -|.....................|0|-|C00=3,C10=3",
        "t1 d2 6-3 P1:01:AO -|.....................|0|-|C00=3,C10@4=3",
        "t1 d2 6-3 P1:01:AO -|.....................|0|-|-|z",
        "t1 d2 6-3 over:win -|.....................|0|-|-",
        "t1 d2 6-3 P1:01:AO -|....................|0|-|-",
        "t1 d2 6-3 P1:01:AO",
        "",
    ],
)
def test_bad_positions_are_rejected(text: str):
    with pytest.raises(NotationError) as raised:
        FIGHT_THE_VIRUS.from_position(text, options={"mode": "solo", "players": 1})
    assert raised.value.code == "notation.position"


def test_a_corrupt_json_document_raises_state_format_error():
    state = FIGHT_THE_VIRUS.new_initial_state({"players": 3, "seed": 11})
    bots = [GreedyBot(seat) for seat in range(3)]
    for _ in range(40):
        state.apply(bots[state.current_player()].choose(state))
    document = json.loads(json.dumps(state.to_json()))
    assert FIGHT_THE_VIRUS.state_from_json(document) == state
    rng = random.Random(3)
    junk = [
        None,
        0,
        -1,
        1.5,
        True,
        "",
        "x",
        [],
        {},
        ["roll"],
        "6+3>R9",
        2**70,
        "roll ",
        {"mode": "groups"},
    ]
    for _ in range(400):
        broken = json.loads(json.dumps(document))
        field = rng.choice(
            [
                "format",
                "version",
                "game",
                "options",
                "start",
                "actions",
                "options.mode",
                "options.players",
                "options.names",
                "options.groups",
                "options.seed",
                "action",
                "extra",
            ]
        )
        value = rng.choice(junk)
        if field.startswith("options."):
            broken["options"][field[8:]] = value
        elif field == "action":
            broken["actions"][rng.randrange(len(broken["actions"]))] = value
        elif field == "extra":
            broken["surprise"] = value
        else:
            broken[field] = value
        try:
            FIGHT_THE_VIRUS.state_from_json(broken)
        except StateFormatError as error:
            assert error.params["field"]
    with pytest.raises(StateFormatError) as raised:
        FIGHT_THE_VIRUS.state_from_json(
            {**document, "options": {**document["options"], "names": "A;B"}}
        )
    assert raised.value.field == "options.names"


def mutations(texts: list[str], count: int, alphabet: str, seed: int) -> list[str]:
    """``count`` copies of the texts with one to three characters replaced, dropped or added."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        text = list(rng.choice(texts))
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text))
            choice = rng.random()
            if choice < 0.5:
                text[at] = rng.choice(alphabet)
            elif choice < 0.75:
                del text[at]
            else:
                text.insert(at, rng.choice(alphabet))
        found.append("".join(text))
    return found


def test_mutated_positions_parse_or_raise_notation_errors():
    texts = []
    state = FIGHT_THE_VIRUS.new_initial_state({"players": 3, "seed": 8})
    bots: list[GreedyBot | RandomBot] = [GreedyBot(1), RandomBot(2), RandomBot(3)]
    while not state.is_terminal():
        texts.append(state.position_text())
        state.apply_unchecked(bots[state.current_player()].choose(state))
    accepted = 0
    for text in mutations(texts, 3000, "0123456789.|:,=@-oxhrPtdC TA*bSNOabcdefghijk", 1):
        try:
            parsed = FIGHT_THE_VIRUS.from_position(text, options={"players": 3})
        except NotationError:
            continue
        accepted += 1
        again = FIGHT_THE_VIRUS.from_position(parsed.position_text(), options={"players": 3})
        assert again.position_text() == parsed.position_text()
    assert accepted
