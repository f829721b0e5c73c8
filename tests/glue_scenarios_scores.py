"""Scenarios for glue/score_table.py (Fight the Virus's best solo scores), run under CPython and
MicroPython like glue_scenarios.py."""

import json

from glue import score_table
from glue.score_table import MAX_ENTRIES, insert_score


def entry(name, turns, date="2026-01-01T00:00:00.000Z"):
    return {"name": name, "turns": turns, "seed": "1", "date": date, "version": "1"}


def scenario_scores_sort_by_turns_and_keep_the_older_on_a_tie():
    table, rank = insert_score([], entry("a", 20))
    assert rank == 1 and [item["name"] for item in table] == ["a"]
    table, rank = insert_score(table, entry("b", 15))
    assert rank == 1
    table, rank = insert_score(table, entry("c", 20))  # a tie: after the older "a"
    assert rank == 3 and [item["name"] for item in table] == ["b", "a", "c"]
    table, rank = insert_score(table, entry("d", 18))
    assert rank == 2 and [item["name"] for item in table] == ["b", "d", "a", "c"]


def scenario_scores_keep_the_ten_best():
    table = [entry(str(turns), turns) for turns in range(10, 20)]
    assert len(table) == MAX_ENTRIES
    kept, rank = insert_score(table, entry("worse", 25))
    assert rank is None and kept == table
    kept, rank = insert_score(table, entry("tie-last", 19))  # after the older 19: out
    assert rank is None and kept == table
    kept, rank = insert_score(table, entry("better", 12))
    assert rank == 4 and len(kept) == MAX_ENTRIES  # after the older 12
    assert [item["name"] for item in kept][:4] == ["10", "11", "12", "better"]
    assert kept[-1]["name"] == "18"  # 19 fell out
    assert len(table) == MAX_ENTRIES  # the table given is not changed


def scenario_scores_read_back_only_valid_entries():
    good = entry("Ana", 14)
    stored = [
        good,
        entry("float", 12.0),
        dict(entry("x", 0)),
        dict(entry("x", 2.5)),
        dict(entry("x", True)),
        {"name": "no date", "turns": 3, "seed": "1"},
        {"name": 5, "turns": 3, "seed": "1", "date": "d"},
        [1, 2],
        None,
    ]
    entries = score_table.entries_from_text(json.dumps(stored))
    assert [item["name"] for item in entries] == ["Ana", "float"]
    assert entries[1]["turns"] == 12 and isinstance(entries[1]["turns"], int)
    assert score_table.entries_from_text(None) == [] and score_table.entries_from_text("") == []
    assert score_table.entries_from_text('{"turns": 3}') == []
    many = json.dumps([entry(str(turns), turns) for turns in range(1, 15)])
    assert len(score_table.entries_from_text(many)) == MAX_ENTRIES
    try:
        score_table.entries_from_text("{broken")
        raise AssertionError("damaged JSON accepted")
    except ValueError:
        pass
    text = score_table.entries_to_text([good])
    assert " " not in text.replace("2026", "") and json.loads(text) == [good]


def scenario_scores_date_and_entry():
    assert score_table.iso_date(0) == "1970-01-01T00:00:00.000Z"
    assert score_table.iso_date(951_782_400_000) == "2000-02-29T00:00:00.000Z"
    assert score_table.iso_date(1_795_609_848_840) == "2026-11-25T12:30:48.840Z"  # as Node wrote it
    assert score_table.iso_date(4_102_444_799_999) == "2099-12-31T23:59:59.999Z"
    made = score_table.new_entry(7, 31, 12345, 86_400_000)
    assert made == {
        "name": "7",
        "turns": 31,
        "seed": "12345",
        "date": "1970-01-02T00:00:00.000Z",
        "version": score_table.SPEC_VERSION,
    }
    assert score_table.same_entry(dict(made), made)
    assert not score_table.same_entry(dict(made, seed="1"), made)
    assert not score_table.same_entry(made, None)
