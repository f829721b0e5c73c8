"""Scenarios for the puzzle trainer's pure modules (web/app/glue/trainer.py, daily.py), run
under CPython and MicroPython like glue_scenarios.py."""

import json

from glue import daily, trainer
from glue.trainer import START_RATING, Attempt, Trainer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def entries(*ratings, game="zebra"):
    return [
        {"id": game + "-" + ("00" + str(number + 1))[-3:], "game": game, "rating": rating}
        for number, rating in enumerate(ratings)
    ]


def chosen(result):
    """The entry of a ``next_puzzle`` result (there must be one)."""
    entry = result[0]
    assert entry is not None
    return entry


def scenario_trainer_starts_at_1200_and_a_win_raises_the_rating():
    record = Trainer()
    assert record.rating == START_RATING == 1200 and record.streak == 0
    outcome = record.judge("zebra-001", 1200, True)
    assert outcome.solved and outcome.before == 1200 and outcome.after == 1232
    assert outcome.change == 32 and record.rating == 1232  # K 64 at even odds
    assert record.streak == 1 and record.best == 1 and record.played == 1 and record.won == 1
    outcome = record.judge("zebra-002", 1232, False)
    assert outcome.change == -32 and record.streak == 0 and record.best == 1


def scenario_trainer_moves_less_after_the_first_games_and_by_the_odds():
    assert trainer.new_rating(1200, 1200, True, 0) - 1200 == 32
    assert trainer.new_rating(1200, 1200, True, trainer.PROVISIONAL) - 1200 == 16
    easy_win = trainer.new_rating(1200, 800, True, 20) - 1200
    hard_win = trainer.new_rating(1200, 1600, True, 20) - 1200
    easy_loss = trainer.new_rating(1200, 800, False, 20) - 1200
    assert 0 < easy_win < 16 < hard_win and easy_loss < -16
    assert trainer.new_rating(trainer.MIN_RATING, 3000, False, 0) == trainer.MIN_RATING


def scenario_trainer_streak_and_history_keep_the_newest():
    record = Trainer()
    for number in range(1, 4):
        record.judge("zebra-00" + str(number), 1200, True)
    assert record.streak == 3 and record.best == 3
    record.judge("zebra-004", 1200, False)
    record.judge("zebra-005", 1200, True)
    assert record.streak == 1 and record.best == 3
    assert record.history[0] == ["zebra-005", 1] and record.history[1] == ["zebra-004", 0]
    for number in range(30):
        record.judge("virus-war-" + ("00" + str(number))[-3:], 1200, True)
    assert len(record.history) == trainer.HISTORY and record.history[0][0] == "virus-war-029"
    assert len(record.seen) == 35


def scenario_trainer_document_round_trips_and_corrupt_ones_start_afresh():
    record = Trainer()
    record.judge("zebra-001", 1400, True)
    again, fresh = Trainer.from_text(record.to_text())
    assert not fresh and again.stored() == record.stored()
    assert Trainer.from_text(None)[1] is False and Trainer.from_text("")[1] is False
    document = record.stored()
    broken = [
        "{not json",
        "[]",
        "null",
        json.dumps(dict(document, version=2)),
        json.dumps(dict(document, rating="1200")),
        json.dumps(dict(document, rating=99999)),
        json.dumps(dict(document, streak=5, best=2)),
        json.dumps(dict(document, won=9)),
        json.dumps(dict(document, seen=["<script>"])),
        json.dumps(dict(document, history=[["zebra-001", 2]])),
        json.dumps(dict(document, history=[["zebra-001", True]])),
        json.dumps(dict(document, played=-1)),
    ]
    for text in broken:
        restarted, fresh = Trainer.from_text(text)
        assert fresh, text
        assert restarted.rating == START_RATING and restarted.played == 0, text


def scenario_trainer_next_puzzle_is_near_the_rating_and_unseen():
    pool = entries(600, 1000, 1190, 1250, 1300, 1700, 2000) + entries(1200, game="virus-war")
    record = Trainer()
    picked = [chosen(record.next_puzzle(pool, "zebra", None, pick))["id"] for pick in range(10)]
    assert set(picked) == {"zebra-002", "zebra-003", "zebra-004", "zebra-005", "zebra-006"}
    assert chosen(record.next_puzzle(pool, "zebra", None, 0))["id"] == "zebra-003"  # 10 off
    assert not record.next_puzzle(pool, "zebra", None, 0)[1]
    assert chosen(record.next_puzzle(pool, "", None, 0))["id"] == "virus-war-001"
    record.judge("zebra-003", 1190, True)
    assert chosen(record.next_puzzle(pool, "zebra", None, 0))["id"] != "zebra-003"
    assert chosen(record.next_puzzle(pool, "zebra", "zebra-004", 0))["id"] != "zebra-004"
    for entry in pool:
        record.judge(entry["id"], entry["rating"], True)
    again = record.next_puzzle(pool, "zebra", "zebra-007", 0)
    assert again[1] and chosen(again)["id"] != "zebra-007"
    assert record.next_puzzle([], "zebra", None, 0) == (None, False)
    assert record.next_puzzle(pool, "fight-the-virus", None, 0) == (None, False)


def scenario_trainer_an_attempt_is_judged_once():
    attempt = Attempt("zebra-001", 1300)
    assert attempt.after("select", False) is None and attempt.after("illegal", False) is None
    assert attempt.after("right", False) is None and attempt.after("reply", False) is None
    assert attempt.after("right", True) is True and attempt.solved
    assert attempt.after("reset", False) is None
    assert attempt.after("wrong", False) is None  # judged already
    failed = Attempt("zebra-002", 1300)
    assert failed.after("wrong", False) is False
    assert failed.after("right", True) is None and failed.solved
    hinted = Attempt("zebra-003", 1300)
    assert hinted.after("hint", False) is False
    shown = Attempt("zebra-004", 1300)
    assert shown.after("answer", False) is False
    # the end of the answer shown is not the player's solving
    assert shown.after("answer", True) is None and not shown.solved


def scenario_daily_puzzle_is_a_fixed_function_of_the_date():
    ids = ["zebra-002", "virus-war-001", "zebra-001", "fight-the-virus-003"]
    ordered = sorted(ids)
    for date in ("2026-11-27", "2026-11-28", "2027-01-01", "1999-12-31"):
        parsed = daily.parse_date(date)
        assert parsed is not None
        year, month, day = parsed
        index = daily.days_from_civil(year, month, day) * daily.STEP % len(ids)
        assert daily.daily_id(ids, date) == ordered[index]
        assert daily.daily_id(list(reversed(ids)), date) == daily.daily_id(ids, date)
    days = ["2026-11-" + str(day) for day in range(20, 29)]
    picks = [daily.daily_id(ids, date) for date in days]
    assert all(picks[index] != picks[index + 1] for index in range(len(picks) - 1))
    assert daily.days_from_civil(2026, 11, 27) == 20784
    assert daily.days_from_civil(2000, 3, 1) - daily.days_from_civil(2000, 2, 28) == 2
    assert daily.daily_id([], "2026-11-27") is None
    for bad in ("", "2026-13-01", "27/11/2026", "2026-11", "x"):
        assert daily.daily_id(ids, bad) is None, bad
    pool = entries(1000, 1100, 1200)
    today = trainer.daily_entry(pool, "2026-11-27")
    assert today is not None
    assert today["id"] == daily.daily_id(["zebra-001", "zebra-002", "zebra-003"], "2026-11-27")


def scenario_daily_paths_and_the_index_are_read_safely():
    assert daily.puzzle_path("virus-war-012") == "app/puzzles/virus-war/virus-war-012.json"
    assert daily.game_of("fight-the-virus-001") == "fight-the-virus"
    assert daily.number_of("fight-the-virus-012") == 12
    index = {"puzzles": entries(1000, 1100) + [{"id": 5}, "x", {"id": "a-001", "game": "b"}]}
    assert daily.index_ids(index)[:2] == ["zebra-001", "zebra-002"]
    assert [entry["id"] for entry in trainer.index_entries(index)] == ["zebra-001", "zebra-002"]
    assert daily.index_ids([]) == [] and trainer.index_entries(None) == []
    assert trainer.parse_fragment("#daily") == ("daily", "")
    assert trainer.parse_fragment("#id=zebra-004") == ("id", "zebra-004")
    assert trainer.parse_fragment("") == ("", "") and trainer.parse_fragment("#x") == ("", "")


def scenario_trainer_writes_back_the_pictures_of_a_puzzle():
    start = "<svg><g a/><g b/><g c/></svg>"
    nodes: list[dict[str, Any]] = [
        {"actions": [{"next": 1}]},
        {"patch": [0, [[3, 4, ["g B/>"]]]], "actions": [{"next": 2}]},
        {"patch": [1, [[2, 3, []], [4, 4, ["g d/>", "g e/>"]]]], "actions": []},
    ]
    trainer.expand_svgs({"nodes": nodes}, start)
    assert nodes[1]["svg"] == "<svg><g a/><g B/><g c/></svg>"
    assert nodes[2]["svg"] == "<svg><g B/><g d/><g e/><g c/></svg>"
    assert "patch" not in nodes[2] and "svg" not in nodes[0]


def scenario_trainer_says_whether_a_puzzle_was_solved():
    record = Trainer()
    assert record.tried("zebra-001") == "new"
    record.judge("zebra-001", 1200, True)
    record.judge("zebra-002", 1200, False)
    assert record.tried("zebra-001") == "solved" and record.tried("zebra-002") == "failed"
    assert record.tried("zebra-099") == "new"
    record.judge("zebra-001", 1200, False)  # tried again: the last try counts
    assert record.tried("zebra-001") == "failed"
