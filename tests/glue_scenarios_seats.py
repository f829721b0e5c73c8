"""Scenarios for glue/seat_choices.py (who plays each seat), run under CPython and MicroPython
like glue_scenarios.py."""

from glue import seat_choices
from glue.seat_choices import HUMAN

BOTS = ["random", "easy", "medium", "hard"]


def scenario_seats_count_from_the_form_or_the_page():
    assert seat_choices.parse_bots(" random  easy\nmedium ") == ["random", "easy", "medium"]
    assert seat_choices.parse_bots(None) == [] and seat_choices.parse_bots("") == []
    assert seat_choices.seat_count("3", 0) == 3
    assert seat_choices.seat_count(" 4 ", 2) == 4  # the players field wins over data-seats
    assert seat_choices.seat_count(None, 2) == 2  # a game without a players field
    for text in ("", "0", "-2", "2.5", "x", "nan", "inf", "1_0"):
        assert seat_choices.seat_count(text, 2) == 0, text
    assert seat_choices.seat_count("2.0", 0) == 2
    assert seat_choices.whole_number(None) == 0 and seat_choices.whole_number("2") == 2
    assert seat_choices.offers_seats(BOTS, True, 0)
    assert seat_choices.offers_seats(BOTS, False, 2)
    assert not seat_choices.offers_seats(BOTS, False, 0)
    assert not seat_choices.offers_seats([], True, 2)  # no computer player: no selects


def scenario_seats_default_to_people_and_keep_choices():
    assert seat_choices.seat_values({}, 3) == [HUMAN, HUMAN, HUMAN]
    choices = {1: "hard", 3: "easy"}  # seat 3 kept while only 2 players are asked
    assert seat_choices.seat_values(choices, 2) == [HUMAN, "hard"]
    assert seat_choices.seat_values(choices, 4) == [HUMAN, "hard", HUMAN, "easy"]
    assert seat_choices.seat_values({}, 0) == []


def scenario_seats_versus_the_computer():
    assert seat_choices.versus_choices({}, 2, BOTS) == {0: HUMAN, 1: "medium"}
    # a computer kind already chosen stays; seat 1 becomes a person; others are kept
    chosen = {0: "hard", 1: "easy", 2: HUMAN, 5: "random"}
    assert seat_choices.versus_choices(chosen, 3, BOTS) == {
        0: HUMAN,
        1: "easy",
        2: "medium",
        5: "random",
    }
    assert chosen == {0: "hard", 1: "easy", 2: HUMAN, 5: "random"}  # not changed in place
    # a game without the medium level: its strongest kind
    assert seat_choices.versus_choices({}, 3, ["random", "greedy"]) == {
        0: HUMAN,
        1: "greedy",
        2: "greedy",
    }
    # a level asked for (the home page's, the one chosen last) goes to every computer seat
    assert seat_choices.versus_choices(chosen, 3, BOTS, "hard") == {
        0: HUMAN,
        1: "hard",
        2: "hard",
        5: "random",
    }
    assert seat_choices.versus_choices({}, 2, BOTS, "godlike") == {0: HUMAN, 1: "medium"}


def scenario_seats_of_a_game_in_play():
    assert seat_choices.choices_of(["human", "hard"], BOTS) == {0: HUMAN, 1: "hard"}
    # a kind this page does not offer (an old link, a tampered one) shows as a person
    assert seat_choices.choices_of(["greedy", None, "easy"], BOTS) == {
        0: HUMAN,
        1: HUMAN,
        2: "easy",
    }
    assert seat_choices.choices_of([], BOTS) == {}
