"""Scenarios for the page glue's pure modules (web/app/glue), in the Python that both
MicroPython and CPython run: ``tests/test_glue.py`` runs every ``scenario_*`` function here
under CPython, and once more under the site's own MicroPython (in Node), so that code the page
runs is checked in the interpreter that runs it."""

import json

from glue import saved, text


def scenario_translations_fill_placeholders_and_nested_requests():
    tr = text.Translator(
        "es",
        {"play.to-move": "Juegan {player}", "white": "las blancas", "n": "{count} jugadas"},
        {"play.to-move": "{player} to move", "only-en": "English {x}", "white": "White"},
    )
    assert tr.t("play.to-move", {"player": {"key": "white"}}) == "Juegan las blancas"
    assert tr.t("only-en", {"x": 3}) == "English 3"  # a key missing in Spanish: English
    assert tr.t("n", {"count": 0}) == "0 jugadas"
    assert tr.t("n") == "{count} jugadas"  # no parameter: the placeholder stays
    assert tr.t("nope") == "nope" and tr.missing == ["nope"]
    assert tr.t("n", {"count": "{count}"}) == "{count} jugadas"  # values are not re-read
    message = {"key": "n", "params": {"count": 2}, "more": [{"key": "gone", "fallback": "Fb."}]}
    assert tr.message(message) == "2 jugadas Fb."
    assert text.Translator("en", {"a": "{b-c} {d_e} {f g} {}"}).t("a", {"b-c": 1, "d_e": 2}) == (
        "1 2 {f g} {}"
    )


def scenario_preferred_language():
    assert text.preferred_language(["ES-mx", "en"]) == "es"
    assert text.preferred_language([None, "", "fr", "en-GB"]) == "en"
    assert text.preferred_language(["de"]) == "en"
    assert text.preferred_language([]) == "en"


def identity(entry):
    return None if entry is None else entry["id"]


def view(game, plies, over=False, actions=None):
    return {
        "game": game,
        "ply_count": plies,
        "result": {"title": {"key": "won"}} if over else None,
        "turn": {"key": "turn"},
        "seats": ["human", "medium"],
        "saved": {"actions": actions if actions is not None else ["a"] * plies},
        "svg": "<svg>" + str(plies) + "</svg>",
    }


def scenario_saved_games_list_resume_and_remove():
    storage = saved.SavedGames(saved.MemoryStorage())
    assert storage.entries() == [] and storage.latest("zebra") is None
    assert storage.write("zebra-new", view("zebra", 0), now=1)
    assert storage.write("z1", view("zebra", 3), now=2)
    assert storage.write("w1", view("virus-war", 5), now=3)
    assert storage.write("z2", view("zebra", 7, over=True), now=4)
    assert [entry["id"] for entry in storage.entries()] == ["z2", "w1", "z1", "zebra-new"]
    assert [entry["id"] for entry in storage.unfinished()] == ["w1", "z1"]
    assert [entry["id"] for entry in storage.unfinished("zebra")] == ["z1"]
    assert identity(storage.latest("zebra")) == "z1"  # played beats never played; not finished
    assert identity(storage.latest("zebra", exclude=["z1"])) == "zebra-new"
    assert storage.latest("zebra", exclude=["z1", "zebra-new"]) is None
    assert storage.read("z1") == {"actions": ["a", "a", "a"]}
    assert storage.board("z1") == "<svg>3</svg>"
    entry = storage.entry("w1") or {}
    assert entry["plies"] == 5 and entry["seats"] == ["human", "medium"] and not entry["over"]
    assert (storage.entry("z2") or {})["title"] == {"key": "won"}
    storage.remove("z1")
    assert storage.read("z1") is None and storage.board("z1") is None
    assert [entry["id"] for entry in storage.unfinished()] == ["w1"]
    assert not storage.write("x", {"game": "zebra", "ply_count": 1}, now=5)  # nothing to save


def scenario_saved_games_survive_damage_and_refused_storage():
    memory = saved.MemoryStorage()
    games = saved.SavedGames(memory)
    for damaged in ("{", "{}", "null", '"x"'):
        memory.setItem(saved.INDEX_KEY, damaged)
        assert games.entries() == []
    good = {"id": "ok-1", "game": "zebra", "updated": 5, "plies": 2}
    bad = [
        {"id": "Bad Id", "game": "zebra", "updated": 1},
        {"id": "x" * 41, "game": "zebra", "updated": 1},
        {"id": "ok-2", "game": 3, "updated": 1},
        {"id": "ok-3", "game": "zebra", "updated": True},
        {"id": "ok-4", "game": "zebra"},
        "text",
    ]
    memory.setItem(saved.INDEX_KEY, json.dumps(bad + [good]))
    assert games.entries() == [good]
    memory.setItem(saved.GAME_PREFIX + "ok-1", "{not json")
    assert games.read("ok-1") is None
    nothing = saved.SavedGames(None)
    assert not nothing.available and nothing.entries() == [] and nothing.read("a") is None
    assert not nothing.write("a", view("zebra", 1), now=1)
    nothing.remove("a")


def scenario_saved_games_make_room():
    games = saved.SavedGames(saved.MemoryStorage())
    for number in range(saved.MAX_SAVED + 4):
        over = number % 2 == 0 and number < 10
        assert games.write("g" + str(number), view("zebra", 1, over=over), now=number)
    ids = [entry["id"] for entry in games.entries()]
    assert len(ids) == saved.MAX_SAVED
    assert "g" + str(saved.MAX_SAVED + 3) in ids  # the newest is kept
    assert not ({"g0", "g2", "g4", "g6"} & set(ids))  # the oldest finished games went first
    assert "g1" in ids
    # a full storage: the oldest games make room, never the game being saved
    tight = saved.MemoryStorage(quota=1400)
    small = saved.SavedGames(tight)
    for number in range(12):
        assert small.write("t" + str(number), view("zebra", 2), now=number)
    kept = [entry["id"] for entry in small.entries()]
    assert kept[0] == "t11" and len(kept) < 12
    huge = view("zebra", 2, actions=["x" * 5000])
    assert not small.write("t-huge", huge, now=99)
    assert small.entry("t11") is not None


def scenario_new_ids_are_valid_and_distinct():
    first = saved.new_id(1_795_000_000_000, 0x0123456789ABCDEF)
    second = saved.new_id(1_795_000_000_000, 0x0123456789ABCDEE)
    assert first != second
    for game_id in (first, second, saved.new_id(0, 0), saved.new_id(2**43, 2**64 - 1)):
        assert saved.valid_id(game_id), game_id
    assert saved.base36(35) == "z" and saved.base36(36) == "10" and saved.base36(0) == "0"


class Clock:
    def __init__(self):
        self.time = 100_000

    def __call__(self):
        return self.time


def scenario_tabs_keep_their_own_games():
    local = saved.MemoryStorage()
    clock = Clock()
    ids = iter(["tab-a", "tab-b", "tab-c"])
    session_a, session_b = saved.MemoryStorage(), saved.MemoryStorage()
    first = saved.TabGames("zebra", local, session_a, clock, lambda: next(ids))
    second = saved.TabGames("zebra", local, session_b, clock, lambda: next(ids))
    assert first.tab == "tab-a" and second.tab == "tab-b"
    assert first.own() is None and first.held_elsewhere() == []
    first.claim("g1")
    assert first.own() == "g1"
    assert second.held_elsewhere() == ["g1"] and first.held_elsewhere() == []
    second.claim("g2")
    assert sorted(saved.TabGames("zebra", local, None, clock, lambda: "x").held_elsewhere()) == [
        "g1",
        "g2",
    ]
    # a reload of the first tab: same session, same tab, same game
    again = saved.TabGames("zebra", local, session_a, clock, lambda: next(ids))
    assert again.tab == "tab-a" and again.own() == "g1"
    assert saved.TabGames("virus-war", local, session_a, clock, lambda: "y").own() is None
    # a lease that was not renewed: the tab is gone
    clock.time += saved.LEASE_MS
    assert second.held_elsewhere() == []
    first.renew()
    assert second.held_elsewhere() == ["g1"]
    # a new game in the first tab: the old one is free again
    first.claim("g3")
    assert second.held_elsewhere() == ["g3"] and first.own() == "g3"
    # another tab took the lease over: releasing leaves it alone
    second.claim("g3")
    first.release()
    assert saved.TabGames("zebra", local, None, clock, lambda: "z").held_elsewhere() == ["g3"]
    assert saved.TabGames.saved_key("g3") == saved.GAME_PREFIX + "g3"
    nowhere = saved.TabGames("zebra", None, None, clock, lambda: "w")
    nowhere.claim("g9")
    assert nowhere.own() is None and nowhere.held_elsewhere() == []
    session_a.setItem(saved.TAB_KEY, "{damaged")
    assert saved.TabGames("zebra", local, session_a, clock, lambda: "v").own() is None
