"""The seeded random generator whose state survives JSON."""

from __future__ import annotations

import json

import pytest

from pyengine.core.rng import SeededRandom


def test_same_seed_same_sequence():
    first, second = SeededRandom(42), SeededRandom(42)
    assert [first.randint(1, 6) for _ in range(20)] == [second.randint(1, 6) for _ in range(20)]
    assert SeededRandom(1).random() != SeededRandom(2).random()


def test_state_survives_a_json_round_trip():
    generator = SeededRandom(5)
    generator.random()
    generator._random.gauss(0, 1)  # leaves a cached gauss value in the state
    document = json.loads(json.dumps(generator.to_json()))
    copy = SeededRandom.from_json(document)
    assert copy.seed == 5
    assert [copy.randrange(100) for _ in range(50)] == [generator.randrange(100) for _ in range(50)]
    items_a, items_b = list(range(10)), list(range(10))
    copy.shuffle(items_a)
    generator.shuffle(items_b)
    assert items_a == items_b
    assert copy.choice("abcdef") == generator.choice("abcdef")


def test_getstate_setstate():
    generator = SeededRandom(9)
    state = generator.getstate()
    drawn = [generator.random() for _ in range(3)]
    generator.setstate(state)
    assert [generator.random() for _ in range(3)] == drawn


def test_unseeded_generators_pick_a_seed():
    assert isinstance(SeededRandom().seed, int)
    with pytest.raises(TypeError):
        SeededRandom("seed")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "document",
    [
        None,
        {},
        {"seed": 1},
        {"seed": "1", "state": {}},
        {"seed": 1, "state": {"version": 3, "internal": [1, 2], "gauss_next": None}},
        {"seed": 1, "state": {"version": 3, "internal": [0] * 624 + [999], "gauss_next": None}},
        {"seed": 1, "state": {"version": 3, "internal": [-1] * 625, "gauss_next": None}},
        {"seed": 1, "state": {"version": 3, "internal": [0] * 625, "gauss_next": "x"}},
        {"seed": 1, "state": {"version": 99, "internal": [0] * 625, "gauss_next": None}},
    ],
)
def test_malformed_states_raise_value_error(document):
    with pytest.raises(ValueError):
        SeededRandom.from_json(document)
