"""Scenarios for glue/lessons.py (the lesson tracks' progress kept in the browser) and the
lessons' last step, run under CPython and MicroPython like glue_scenarios.py."""

import json

from glue import lessons, starts

STEPS = ["first-move", "diagonal", "count", "stuck", "win", "play"]


def scenario_lessons_progress_is_kept_per_game_and_read_back():
    kept = lessons.read_progress(None)
    assert lessons.done_steps(kept, "zebra") == [] and not lessons.is_complete(kept, "zebra")
    kept = lessons.mark_done(kept, "zebra", "first-move")
    kept = lessons.mark_done(kept, "zebra", "diagonal")
    kept = lessons.mark_done(kept, "zebra", "first-move")  # once only
    kept = lessons.mark_done(kept, "virus-war", "grow")
    again = lessons.read_progress(lessons.write_progress(kept))
    assert lessons.done_steps(again, "zebra") == ["first-move", "diagonal"]
    assert lessons.done_steps(again, "virus-war") == ["grow"]
    assert lessons.done_count(STEPS, lessons.done_steps(again, "zebra")) == 2
    finished = lessons.mark_complete(again, "zebra", "play")
    assert lessons.is_complete(finished, "zebra") and "play" in lessons.done_steps(
        finished, "zebra"
    )
    assert not lessons.is_complete(again, "zebra")  # the document given is not changed


def scenario_lessons_a_visit_opens_on_the_first_step_not_done():
    assert lessons.first_open(STEPS, []) == 0
    assert lessons.first_open(STEPS, ["first-move", "diagonal"]) == 2
    assert lessons.first_open(STEPS, ["diagonal"]) == 0  # a step skipped comes first
    assert lessons.first_open(STEPS, list(STEPS)) == len(STEPS) - 1  # all done: the game
    assert lessons.first_open([], []) == 0
    assert lessons.next_step(STEPS, 0) == 1
    assert lessons.next_step(STEPS, len(STEPS) - 1) is None
    assert lessons.statuses(STEPS[:4], ["first-move", "count"], 1) == [
        "done",
        "current",
        "done",
        "todo",
    ]
    # a step id no longer in the track is not counted
    assert lessons.done_count(STEPS, ["first-move", "gone"]) == 1


def scenario_lessons_corrupt_storage_is_no_progress():
    fresh = lessons.read_progress(None)
    for text in (
        "",
        "{",
        "null",
        "[]",
        "42",
        '"games"',
        '{"games": []}',
        '{"games": {"zebra": 7}}',
        '{"games": {"zebra": {"done": "first-move"}}}',
    ):
        found = lessons.read_progress(text)
        assert lessons.done_steps(found, "zebra") == [], text
        assert not lessons.is_complete(found, "zebra"), text
    assert lessons.read_progress(123) == fresh
    mixed = json.dumps(
        {
            "games": {
                "zebra": {
                    "done": ["count", 3, None, "", "x" * 500, "count", "stuck"],
                    "complete": 1,
                },
                "": {"done": ["a"]},
                "virus-war": {"done": ["grow"], "complete": True},
            },
            "other": "ignored",
        }
    )
    kept = lessons.read_progress(mixed)
    assert lessons.done_steps(kept, "zebra") == ["count", "stuck"]
    assert not lessons.is_complete(kept, "zebra")  # only true is complete
    assert lessons.is_complete(kept, "virus-war")
    assert sorted(kept["games"]) == ["virus-war", "zebra"]
    many = json.dumps({"games": {"zebra": {"done": ["s" + str(n) for n in range(100)]}}})
    assert len(lessons.done_steps(lessons.read_progress(many), "zebra")) == lessons.MAX_STEPS


def scenario_lessons_last_step_opens_the_game_against_the_easy_computer():
    asked = starts.start_asked("#play=computer&level=easy")
    assert asked == {"play": "computer", "level": "easy"}
    for bots in (["random", "easy", "medium", "hard"], ["random", "greedy", "easy", "medium"]):
        assert starts.chosen_level(asked["level"], "hard", bots) == "easy"
    # a level that is not one is dropped: the remembered one is used
    wrong = starts.start_asked("#play=computer&level=<b>")
    assert wrong == {"play": "computer", "level": None}
    assert starts.chosen_level(wrong["level"], "hard", ["easy", "medium", "hard"]) == "hard"
