"""Option declarations, validation and the JSON schema for option forms."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from pyengine.core.errors import OptionError
from pyengine.core.options import EXCERPT, Constraint, Option, OptionSchema, OptionValues, excerpt
from pyengine.games.zebra import ZEBRA

SCHEMA = OptionSchema(
    [
        Option("size", "int", 4, minimum=3, maximum=10, label="Board size"),
        Option("setup", "choice", "standard", choices=("standard", "hole")),
        Option("fast", "bool", False),
        Option("title", "str", "Game"),
    ],
    constraints=[Constraint(when="setup", values=("hole",), option="size", allowed=(3, 5, 7, 9))],
)


def test_defaults_fill_missing_options():
    assert SCHEMA.validate(None) == {"size": 4, "setup": "standard", "fast": False, "title": "Game"}
    assert SCHEMA.validate({"size": 9}) == {
        "size": 9,
        "setup": "standard",
        "fast": False,
        "title": "Game",
    }
    assert SCHEMA.defaults() == SCHEMA.validate({})


def test_choices_are_normalised():
    assert SCHEMA.validate({"setup": "STANDARD"})["setup"] == "standard"


@pytest.mark.parametrize(
    ("values", "option", "code"),
    [
        ({"size": 2}, "size", "option.invalid"),
        ({"size": 11}, "size", "option.invalid"),
        ({"size": "5"}, "size", "option.invalid"),
        ({"size": 5.0}, "size", "option.invalid"),
        ({"size": True}, "size", "option.invalid"),
        ({"size": None}, "size", "option.invalid"),
        ({"setup": "swamp"}, "setup", "option.invalid"),
        ({"setup": 3}, "setup", "option.invalid"),
        ({"fast": 1}, "fast", "option.invalid"),
        ({"title": 5}, "title", "option.invalid"),
        ({"colour": "red"}, "colour", "option.unknown"),
        ({"setup": "hole"}, "size", "option.conflict"),
        ({"setup": "hole", "size": 6}, "size", "option.conflict"),
    ],
)
def test_bad_values(values, option, code):
    with pytest.raises(OptionError) as raised:
        SCHEMA.validate(values)
    error = raised.value
    assert (error.code, error.params["option"]) == (code, option)
    assert {"option", "value", "allowed"} <= set(error.params)
    assert option in str(error)


def test_error_messages_name_the_option_and_the_allowed_values():
    with pytest.raises(OptionError) as raised:
        SCHEMA.validate({"size": 12})
    assert str(raised.value) == "Option size=12 is invalid: allowed values are integers 3..10."
    with pytest.raises(OptionError) as raised:
        SCHEMA.validate({"setup": "swamp"})
    assert raised.value.params == {"option": "setup", "value": "swamp", "allowed": "standard, hole"}
    with pytest.raises(OptionError) as raised:
        SCHEMA.validate({"colour": "red"})
    assert "known options are size, setup, fast, title" in str(raised.value)


def test_options_must_be_a_mapping():
    with pytest.raises(OptionError) as raised:
        SCHEMA.validate([("size", 4)])  # type: ignore[arg-type]
    assert raised.value.code == "option.not-a-mapping"


def test_option_values_are_an_immutable_hashable_json_dict():
    values = SCHEMA.validate({"size": 5})
    assert isinstance(values, dict) and isinstance(values, OptionValues)
    assert json.loads(json.dumps(values)) == values
    for mutate in (
        lambda: values.__setitem__("size", 6),
        lambda: values.update(size=6),
        lambda: values.pop("size"),
        values.clear,
        lambda: values.setdefault("x", 1),
        values.popitem,
        lambda: values.__delitem__("size"),
    ):
        with pytest.raises(TypeError):
            mutate()
    assert values["size"] == 5
    assert hash(values) == hash(SCHEMA.validate({"size": 5}))
    assert copy.deepcopy(values) == values and pickle.loads(pickle.dumps(values)) == values
    assert type(copy.copy(values)) is OptionValues
    assert repr(values).startswith("{'size': 5")


def test_parse_text_reads_record_and_form_values():
    size = SCHEMA["size"]
    assert size.parse_text("7") == 7
    for text in ("07", "", "-3", "7.0", "²", "11", "9" * 5000):
        with pytest.raises(OptionError):
            size.parse_text(text)
    assert SCHEMA["fast"].parse_text("TRUE") is True
    assert SCHEMA["fast"].format_text(False) == "false"
    assert SCHEMA["setup"].parse_text("Hole") == "hole"


def test_schema_json_for_forms():
    document = SCHEMA.to_json()
    assert json.loads(json.dumps(document)) == document
    assert document["options"][0] == {
        "name": "size",
        "kind": "int",
        "default": 4,
        "label": "Board size",
        "description": "",
        "minimum": 3,
        "maximum": 10,
    }
    assert document["options"][1]["choices"] == ["standard", "hole"]
    assert document["constraints"] == [
        {
            "when": "setup",
            "values": ["hole"],
            "option": "size",
            "allowed": [3, 5, 7, 9],
            "description": "",
        }
    ]


def test_schema_access():
    assert SCHEMA.names == ("size", "setup", "fast", "title")
    assert len(SCHEMA) == 4 and "size" in SCHEMA and "colour" not in SCHEMA
    assert [option.name for option in SCHEMA] == list(SCHEMA.names)


def test_bad_declarations_fail_early():
    with pytest.raises(ValueError):
        Option("size", "int", 2, minimum=3)
    with pytest.raises(ValueError):
        Option("x", "float", 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Option("x", "choice", "a")
    with pytest.raises(ValueError):
        OptionSchema([Option("a", "bool", True), Option("a", "bool", False)])
    with pytest.raises(ValueError):
        OptionSchema(
            [Option("a", "bool", True)],
            constraints=[Constraint(when="a", values=(True,), option="b", allowed=())],
        )
    with pytest.raises(OptionError):  # the defaults break the constraint
        OptionSchema(
            [Option("a", "bool", True), Option("b", "int", 1)],
            constraints=[Constraint(when="a", values=(True,), option="b", allowed=(2,))],
        )


def test_zebra_options():
    schema = ZEBRA.options
    assert schema.names == ("size", "setup", "movement")
    assert schema["setup"].choices == ("standard", "hole", "remove", "neutral", "placement")
    assert schema["movement"].choices == ("step", "jump")
    assert (schema["size"].minimum, schema["size"].maximum, schema["size"].default) == (3, 10, 4)
    for setup in ("hole", "remove", "neutral"):
        for size in range(3, 11):
            if size % 2:
                schema.validate({"size": size, "setup": setup})
            else:
                with pytest.raises(OptionError):
                    schema.validate({"size": size, "setup": setup})
    for setup in ("standard", "placement"):
        for size in range(3, 11):
            schema.validate({"size": size, "setup": setup})


def test_errors_repeat_only_an_excerpt_of_what_was_given():
    long_text = "x" * 3000
    schema = OptionSchema(
        [Option("title", "str", "", maximum=40), Option("mode", "choice", "a", choices=("a",))]
    )
    for values in (
        {"title": long_text},
        {"title": 7},
        {"mode": long_text},
        {long_text: 1},
        {"title": "y" * 41},
    ):
        with pytest.raises(OptionError) as raised:
            schema.validate(values)
        error = raised.value
        assert (
            len(str(error.params["value"])) <= EXCERPT
            and len(str(error.params["option"])) <= EXCERPT
        )
        assert len(str(error)) < 200, str(error)
    with pytest.raises(OptionError) as raised:
        schema.validate({"title": long_text})
    assert raised.value.code == "option.too-long"
    assert raised.value.params["length"] == 3000 and raised.value.params["maximum"] == 40
    assert raised.value.params["value"] == "x" * (EXCERPT - 1) + "…"
    assert str(raised.value) == (
        f"Option title={'x' * (EXCERPT - 1)}… is too long: 3000 characters, at most 40."
    )
    assert schema.validate({"title": "y" * 40})["title"] == "y" * 40
    assert schema.to_json()["options"][0]["maximum"] == 40  # the form's maxlength
    assert excerpt("a\nb") == "a?b"  # nothing that breaks a line or cannot be shown
