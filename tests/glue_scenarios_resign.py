"""Scenarios for glue/resign.py (the Resign button and its confirmation), run under CPython
and MicroPython like glue_scenarios.py."""

from glue.resign import ResignStep, can_resign, resign_request


def person_to_act(**more):
    view = {"to_move": 1, "can_resign": True, "result": None, "ply_count": 4}
    view.update(more)
    return view


def scenario_resign_only_for_the_person_to_act_in_a_game_going_on():
    assert can_resign(person_to_act())
    assert not can_resign(None)
    assert not can_resign(person_to_act(can_resign=False))  # the computer decides, or setup
    assert not can_resign(person_to_act(result={"winners": [0]}))
    assert not can_resign(person_to_act(to_move=None))
    assert resign_request(person_to_act()) == {"op": "resign", "player": 1}


def scenario_resign_asks_first_and_yes_sends_the_request():
    step = ResignStep()
    view = person_to_act()
    assert step.shown(view, 1) == (False, False)  # the button, enabled
    assert step.ask(view, 1)
    assert step.shown(view, 1) == (False, True)  # the question instead
    assert step.confirm(view, 1) == {"op": "resign", "player": 1}
    assert not step.asking and step.shown(view, 1) == (False, False)


def scenario_resign_no_goes_back_and_nothing_is_sent():
    step = ResignStep()
    view = person_to_act()
    step.ask(view, 1)
    step.cancel()
    assert step.shown(view, 1) == (False, False)
    assert step.confirm(view, 1) is None  # a stray "Yes" after "No" does nothing


def scenario_resign_question_is_dropped_when_the_game_changes():
    step = ResignStep()
    step.ask(person_to_act(), 1)
    assert step.shown(person_to_act(ply_count=5), 1) == (False, False)  # a move was made
    step.ask(person_to_act(), 1)
    assert step.confirm(person_to_act(), 2) is None  # another game was started
    step.ask(person_to_act(), 1)
    over = person_to_act(result={"winners": [0]}, can_resign=False, to_move=None)
    assert step.shown(over, 1) == (True, False)  # the game ended: disabled, no question
    assert step.confirm(over, 1) is None


def scenario_resign_is_disabled_when_nobody_human_is_to_play():
    step = ResignStep()
    computer = person_to_act(can_resign=False)
    assert not step.ask(computer, 1) and step.shown(computer, 1) == (True, False)
    assert step.shown(None, 1) == (True, False)
    step.ask(person_to_act(), 1)
    assert step.shown(person_to_act(), 1, available=False) == (True, False)  # replay widget
