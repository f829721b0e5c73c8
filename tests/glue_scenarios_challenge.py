"""Scenarios for glue/challenge.py (Fight the Virus challenges and the daily virus), run under
CPython and MicroPython like glue_scenarios.py."""

import json

from glue import challenge
from glue.challenge import (
    MAX_CHALLENGES,
    MAX_SEED,
    best_turns,
    challenge_name,
    challenge_path,
    challenges_from_text,
    challenges_to_text,
    daily_seed,
    earlier_days,
    find_challenge,
    outcome_details,
    read_fragment,
    record_score,
    remember,
    share_body,
    sheet_lines,
    shift_date,
    solo_counts,
    solo_turns,
)
from glue.score_table import MAX_ENTRIES, new_entry


def problem_of(fragment, today="2026-11-27"):
    found, problem = read_fragment(fragment, today)
    assert found is None and problem is not None
    return problem["key"][len("challenge.error.") :], problem["params"]


def scenario_challenge_daily_seed_is_a_fixed_function_of_the_date():
    # the first four bytes of sha256(b"virus-games/daily/" + date), big-endian, below 2**31
    assert daily_seed("2026-11-27") == 1535383666
    assert daily_seed("2026-01-01") == 134346803
    assert daily_seed("2026-11-28") != daily_seed("2026-11-27")
    assert 0 <= daily_seed("2030-12-31") <= MAX_SEED


def scenario_challenge_fragments_give_a_seed_or_a_daily():
    assert read_fragment("#challenge=4711", "2026-11-27") == (
        {"seed": 4711, "daily": None},
        None,
    )
    assert read_fragment("challenge=0", "2026-11-27")[0] == {"seed": 0, "daily": None}
    assert read_fragment("#challenge=2147483647", "")[0] == {"seed": MAX_SEED, "daily": None}
    found, problem = read_fragment("#x=1&daily=2026-11-27", "2026-11-27")
    assert problem is None and found == {"seed": daily_seed("2026-11-27"), "daily": "2026-11-27"}
    # past dailies stay playable; tomorrow's too (a friend's time zone can be a day ahead)
    assert read_fragment("#daily=2026-01-01", "2026-11-27")[1] is None
    assert read_fragment("#daily=2026-11-28", "2026-11-27")[1] is None
    assert read_fragment("#daily=2027-01-01", "2026-12-31")[1] is None
    assert read_fragment("#daily=2028-02-29", "2028-02-28")[1] is None  # a leap day


def scenario_challenge_bad_fragments_name_their_problem():
    assert problem_of("#challenge=abc") == ("seed", {"text": "abc", "most": MAX_SEED})
    assert problem_of("#challenge=")[0] == "seed"
    assert problem_of("#challenge=-4")[0] == "seed"
    assert problem_of("#challenge=4.5")[0] == "seed"
    assert problem_of("#challenge=2147483648")[0] == "seed"
    assert problem_of("#challenge=\uff11\uff12")[0] == "seed"  # not ASCII digits
    long_text = "9" * 60
    key, params = problem_of("#challenge=" + long_text)
    assert key == "seed" and len(params["text"]) == 41 and params["text"].endswith("…")
    assert problem_of("#daily=tomorrow") == ("date", {"text": "tomorrow"})
    assert problem_of("#daily=2026-2-3")[0] == "date"
    assert problem_of("#daily=2026-02-30") == ("no-such-day", {"text": "2026-02-30"})
    assert problem_of("#daily=2026-13-01")[0] == "no-such-day"
    assert problem_of("#daily=2027-02-29")[0] == "no-such-day"
    assert problem_of("#daily=2025-12-31") == (
        "too-early",
        {"text": "2025-12-31", "first": "2026-01-01"},
    )
    assert problem_of("#daily=2026-11-29") == (
        "too-late",
        {"text": "2026-11-29", "today": "2026-11-27"},
    )
    assert problem_of("#game=abc")[0] == "missing"


def scenario_challenge_dates_and_names():
    assert shift_date("2026-03-01", -1) == "2026-02-28"
    assert shift_date("2026-12-31", 1) == "2027-01-01"
    assert earlier_days("2026-11-27") == [
        "2026-11-26",
        "2026-11-25",
        "2026-11-24",
        "2026-11-23",
        "2026-11-22",
        "2026-11-21",
    ]
    assert earlier_days("2026-01-03") == ["2026-01-02", "2026-01-01"]  # none before the first
    daily = {"seed": daily_seed("2026-11-27"), "daily": "2026-11-27"}
    assert challenge_path(daily) == "fight-the-virus.html#daily=2026-11-27"
    assert challenge_path({"seed": 4711, "daily": None}) == "fight-the-virus.html#challenge=4711"
    assert challenge_name(daily, "27 November 2026") == {
        "key": "challenge.daily-name",
        "params": {"date": "27 November 2026"},
    }
    assert challenge_name(daily)["params"] == {"date": "2026-11-27"}
    assert challenge_name({"seed": 4711, "daily": ""}) == {
        "key": "challenge.name",
        "params": {"seed": "4711"},
    }


def entry(name, turns, seed="4711", date="2026-11-27T10:00:00.000Z"):
    return {"name": name, "turns": turns, "seed": seed, "date": date, "version": "1"}


def scenario_challenge_best_scores_per_challenge():
    kept = remember([], 4711, None, 1000)
    assert kept == [{"seed": "4711", "daily": "", "used": 1000, "best": []}]
    kept, rank = record_score(kept, entry("Ana", 25), 2000)
    assert rank == 1 and kept[0]["used"] == 2000
    kept, rank = record_score(kept, entry("Ben", 22), 3000)
    assert rank == 1
    kept, rank = record_score(kept, entry("Cid", 25), 4000)  # a tie: after the older one
    assert rank == 3
    assert [item["name"] for item in kept[0]["best"]] == ["Ben", "Ana", "Cid"]
    assert best_turns(kept, 4711) == 22 and best_turns(kept, "4711") == 22
    assert best_turns(kept, 5) is None
    # another challenge's scores are its own; a daily keeps its date
    today = daily_seed("2026-11-27")
    kept = remember(kept, today, "2026-11-27", 5000)
    kept, rank = record_score(kept, entry("Ana", 30, str(today)), 6000)
    assert rank == 1 and [item["seed"] for item in kept] == [str(today), "4711"]
    assert kept[0]["daily"] == "2026-11-27" and len(kept[1]["best"]) == 3
    kept = remember(kept, today, None, 7000)  # opened as #challenge=<its seed>: still the daily
    found = find_challenge(kept, today)
    assert found is not None and found["daily"] == "2026-11-27"
    assert found["best"][0]["turns"] == 30
    # a score of a challenge not kept yet makes it kept
    kept, rank = record_score(kept, entry("Dee", 40, "99"), 8000)
    assert rank == 1 and kept[0]["seed"] == "99"


def scenario_challenge_best_scores_keep_the_top_ten():
    kept = remember([], 4711, None, 0)
    for turns in range(30, 19, -1):  # 11 scores, each better than the last
        kept, rank = record_score(kept, entry("p" + str(turns), turns), turns)
        assert rank == 1
    assert len(kept[0]["best"]) == MAX_ENTRIES
    assert [item["turns"] for item in kept[0]["best"]] == list(range(20, 30))
    kept, rank = record_score(kept, entry("late", 29), 100)  # after the older 29: out
    assert rank is None and kept[0]["best"][-1]["name"] == "p29"


def scenario_challenge_list_is_bounded_oldest_dropped():
    kept: list = []
    for seed in range(MAX_CHALLENGES + 5):
        kept = remember(kept, seed, None, 1000 + seed)
    assert len(kept) == MAX_CHALLENGES
    seeds = [item["seed"] for item in kept]
    assert seeds[0] == str(MAX_CHALLENGES + 4) and "4" not in seeds and "5" in seeds
    kept = remember(kept, 5, None, 99999)  # used again: first, kept
    assert kept[0]["seed"] == "5"
    again = challenges_from_text(challenges_to_text(kept))
    assert again == kept


def scenario_challenge_storage_is_read_as_untrusted():
    good = {"seed": "4711", "daily": "", "used": 5, "best": [entry("Ana", 20)]}
    today = str(daily_seed("2026-11-27"))
    daily = {"seed": today, "daily": "2026-11-27", "used": 9.0, "best": []}
    stored = [
        good,
        daily,
        {"seed": "4711", "daily": "", "used": 1, "best": []},  # the same seed again: dropped
        {"seed": "12", "daily": "2026-11-27", "used": 1, "best": []},  # not that date's seed
        {"seed": "12", "daily": "2026-02-30", "used": 1, "best": []},
        {"seed": 12, "daily": "", "used": 1, "best": []},
        {"seed": "012", "daily": "", "used": 1, "best": []},
        {"seed": "2147483648", "daily": "", "used": 1, "best": []},
        {"seed": "13", "daily": "", "used": "1", "best": []},
        {"seed": "14", "daily": 3, "used": 1, "best": []},
        [1],
        None,
        "x",
    ]
    kept = challenges_from_text(json.dumps(stored))
    assert [item["seed"] for item in kept] == [today, "4711"]  # the most recently used first
    assert kept[0]["used"] == 9 and isinstance(kept[0]["used"], int)
    assert kept[1]["best"] == [entry("Ana", 20)]
    # scores: valid entries of that seed only, fewest turns first, at most ten
    scores = [entry("x", 0), entry("y", 21.0), entry("z", 3, "99"), {"turns": 2}, entry("w", 19)]
    scores += [entry(str(turns), turns) for turns in range(40, 52)]
    kept = challenges_from_text(json.dumps([dict(good, best=scores)]))
    best = kept[0]["best"]
    assert [item["name"] for item in best[:2]] == ["w", "y"] and best[1]["turns"] == 21
    assert len(best) == MAX_ENTRIES
    for text in (None, "", "{broken", "[", "3", '{"seed": "1"}', "null", '"text"'):
        assert challenges_from_text(text) == []
    many = [{"seed": str(seed), "daily": "", "used": seed, "best": []} for seed in range(200)]
    assert len(challenges_from_text(json.dumps(many))) == MAX_CHALLENGES
    assert challenges_from_text(json.dumps(many))[0]["seed"] == "199"


def view_of(research, analysed, testing, curve, details):
    label = {
        "key": "fight-the-virus.score",
        "params": {
            "player": {"key": "fight-the-virus.player", "params": {"name": "Ana", "number": 1}},
            "research": research,
            "ap": 2,
            "analysed": analysed,
            "testing": testing,
            "curve": curve,
        },
    }
    result = {"winners": [0], "title": {"key": "fight-the-virus.wins", "params": {}}}
    result["details"] = details
    return {"scores": [{"player": 0, "label": label}], "result": result}


def scenario_challenge_share_text():
    details = [
        {"key": "fight-the-virus.resigned", "params": {"player": "Ana"}},
        {"key": "fight-the-virus.solo-score", "params": {"turns": 23}},
        {"key": "fight-the-virus.rating.excellent", "params": {}},
    ]
    view = view_of(12, 48, 5, 8, details)
    assert solo_turns(view) == 23
    assert [detail["key"] for detail in outcome_details(view)] == [
        "fight-the-virus.solo-score",
        "fight-the-virus.rating.excellent",
    ]
    counts = solo_counts(view)
    assert sheet_lines(counts) == [
        "🔬 ✅✅✅✅✅✅✅✅✅✅✅✅",
        "🧫 🟩🟩🟩🟩⬜⬜ 48/73",
        "🧪 🟦🟦⬜⬜⬜⬜ 5/15",
        "📈 🟨🟨🟨⬜⬜⬜ 8/16",
    ]
    text = share_body(
        "Fight the Virus · Daily virus — 27 November 2026",
        ["Vaccine found in 23 turns.", "Rating: excellent. "],
        counts,
    )
    lines = text.split("\n")
    assert lines[0] == "Fight the Virus · Daily virus — 27 November 2026"
    assert lines[1] == "Vaccine found in 23 turns. Rating: excellent."
    assert lines[2:] == sheet_lines(counts) and len(lines) == 6
    assert "Ana" not in text
    # the bars: something shows as soon as one spot is filled, all only when all are
    assert challenge.bar(1, 73, "x") == "x⬜⬜⬜⬜⬜"
    assert challenge.bar(72, 73, "x") == "xxxxx⬜"
    assert challenge.bar(73, 73, "x") == "xxxxxx"
    assert challenge.bar(0, 16, "x") == "⬜⬜⬜⬜⬜⬜"
    # a view without the numbers (or with strange ones) still gives four lines
    assert sheet_lines({})[0] == "🔬 " + "⬜" * 12
    assert sheet_lines({"research": 99, "analysed": -3, "testing": "5", "curve": 2.0})[1:] == [
        "🧫 ⬜⬜⬜⬜⬜⬜ 0/73",
        "🧪 ⬜⬜⬜⬜⬜⬜ 0/15",
        "📈 🟨⬜⬜⬜⬜⬜ 2/16",
    ]
    assert solo_counts({}) == {} and solo_counts({"scores": []}) == {}
    # the virus won: no score, and the text says how
    lost = view_of(7, 30, 2, 3, [{"key": "fight-the-virus.ending.cap", "params": {"turn": 120}}])
    assert solo_turns(lost) is None and len(outcome_details(lost)) == 1
    assert solo_turns({"result": None}) is None


def scenario_challenge_entries_come_from_score_table():
    made = new_entry("Ana", 23, 4711, 0)
    kept, rank = record_score([], made, 0)
    assert rank == 1 and kept[0]["best"][0]["seed"] == "4711"
    assert challenges_from_text(challenges_to_text(kept)) == kept


def scenario_challenge_a_saved_game_names_its_challenge():
    daily = challenge.daily_seed("2026-11-27")
    kept = challenge.remember([], 4727, None, 1)
    kept = challenge.remember(kept, daily, "2026-11-27", 2)

    def document(seed, mode="solo", game="fight-the-virus"):
        return {"state": {"game": game, "options": {"mode": mode, "seed": seed}}}

    found = challenge.challenge_of(document(4727), kept)
    assert found is not None
    assert challenge.challenge_name(found) == {"key": "challenge.name", "params": {"seed": "4727"}}
    found = challenge.challenge_of(document(daily), kept)
    assert found is not None
    assert challenge.challenge_name(found, "November 27, 2026") == {
        "key": "challenge.daily-name",
        "params": {"date": "November 27, 2026"},
    }
    for other in (
        document(12),  # not a challenge kept here
        document(4727, mode="standard"),
        document(4727, game="zebra"),
        document("4727"),
        {"state": None},
        None,
    ):
        assert challenge.challenge_of(other, kept) is None
