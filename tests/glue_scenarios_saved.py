"""Scenarios for the games kept in this browser (glue.saved, glue.tabs): what is kept, what
makes room (never a game a person played, for one nobody played), a full storage, two tabs,
and stored entries treated as untrusted. Run under CPython and MicroPython by
tests/test_glue.py."""

import json
import sys

from glue import saved, tabs


def view(game, plies, over=False, actions=None, redo=None, svg=None):
    return {
        "game": game,
        "ply_count": plies,
        "result": {"title": {"key": "won"}} if over else None,
        "turn": {"key": "turn"},
        "seats": ["human", "medium"],
        "saved": {
            "actions": actions if actions is not None else ["a"] * plies,
            "redo": redo or [],
        },
        "svg": svg if svg is not None else "<svg>" + str(plies) + "</svg>",
    }


def ids(entries):
    return [entry["id"] for entry in entries]


def identity(entry):
    return None if entry is None else entry["id"]


def scenario_saved_games_list_resume_and_remove():
    storage = saved.SavedGames(saved.MemoryStorage())
    assert storage.entries() == [] and storage.latest("zebra") is None
    assert not storage.write("zebra-new", view("zebra", 0), now=1)  # nobody played it
    assert storage.write("z1", view("zebra", 3), now=2)
    assert storage.write("w1", view("virus-war", 5), now=3)
    assert storage.write("z2", view("zebra", 7, over=True), now=4)
    assert ids(storage.entries()) == ["z2", "w1", "z1"]
    assert ids(storage.unfinished()) == ["w1", "z1"]
    assert ids(storage.unfinished("zebra")) == ["z1"]
    assert identity(storage.latest("zebra")) == "z1"  # not the finished one
    assert storage.latest("zebra", exclude=["z1"]) is None
    assert storage.read("z1") == {"actions": ["a", "a", "a"], "redo": []}
    assert storage.board("z1") == "<svg>3</svg>"
    entry = storage.entry("w1") or {}
    assert entry["plies"] == 5 and entry["seats"] == ["human", "medium"] and not entry["over"]
    assert (storage.entry("z2") or {})["title"] == {"key": "won"}
    # undone back to the start: still the same saved game (its moves are to redo)
    assert storage.write("z1", view("zebra", 0, redo=["a", "a", "a"]), now=5)
    assert (storage.entry("z1") or {})["plies"] == 0 and storage.unfinished("zebra") == []
    storage.remove("z1")
    assert storage.read("z1") is None and storage.board("z1") is None
    assert ids(storage.unfinished()) == ["w1"]
    partial = {"game": "zebra", "ply_count": 1}  # a view without its saved document
    assert not storage.write("x", partial, now=5)  # type: ignore[arg-type]  # nothing to save
    assert not storage.write("Bad Id", view("zebra", 1), now=6)


def scenario_a_game_nobody_played_is_this_tabs_draft():
    local, session, other_tab = saved.MemoryStorage(), saved.MemoryStorage(), saved.MemoryStorage()
    games = saved.SavedGames(local, session)
    assert not games.write("d1", view("zebra", 0, actions=[]), now=1)
    assert games.entries() == [] and local.items == {}
    assert identity(games.draft("zebra")) == "d1" and games.draft("virus-war") is None
    assert games.read("d1") == {"actions": [], "redo": []}
    # the next new game replaces it: one draft per page and tab
    assert not games.write("d2", view("zebra", 0, actions=[]), now=2)
    assert identity(games.draft("zebra")) == "d2" and games.read("d1") is None
    # another tab has drafts of its own
    assert saved.SavedGames(local, other_tab).draft("zebra") is None
    # played: a saved game like any other, and no longer a draft
    assert games.write("d2", view("zebra", 1), now=3)
    assert ids(games.unfinished()) == ["d2"] and games.draft("zebra") is None
    # refused sessionStorage: nothing kept, nothing breaks
    assert not saved.SavedGames(local, None).write("d3", view("zebra", 0), now=4)
    session.put(saved.DRAFT_PREFIX + "zebra", '{"id": "Bad Id", "match": {}}')
    assert games.draft("zebra") is None
    games.remove("d2")
    assert games.entries() == []


def scenario_new_games_and_refused_links_never_push_a_played_game_out():
    """Issue 27: 4 steps of Virus War, then 31 new Zebra games (or 31 refused links, each of
    which starts a fresh game): the Virus War game is still there."""
    local = saved.MemoryStorage()
    games = saved.SavedGames(local, saved.MemoryStorage())
    assert games.write("war", view("virus-war", 4), now=1)
    for number in range(31):
        games.write("new-" + str(number), view("zebra", 0), now=10 + number)
    for number in range(31):  # other tabs (no sessionStorage shared): still nothing kept
        saved.SavedGames(local, saved.MemoryStorage()).write(
            "link-" + str(number), view("zebra", 0), now=50 + number
        )
    assert ids(games.entries()) == ["war"] and games.read("war") is not None
    # far more played games than MAX_SAVED: finished ones go, unfinished ones stay
    for number in range(saved.MAX_SAVED + 10):
        over = number % 3 != 0
        assert games.write("g" + str(number), view("zebra", 2, over=over), now=100 + number)
    kept = ids(games.entries())
    unfinished = ["g" + str(number) for number in range(saved.MAX_SAVED + 10) if number % 3 == 0]
    assert "war" in kept and all(game_id in kept for game_id in unfinished)
    assert len(kept) == saved.MAX_SAVED
    assert "g" + str(saved.MAX_SAVED + 9) in kept  # the newest finished one is kept
    assert "g1" not in kept and "g2" not in kept  # the oldest finished ones went
    for game_id in ("g1", "g2"):
        assert local.get(saved.GAME_PREFIX + game_id) is None
        assert local.get(saved.BOARD_PREFIX + game_id) is None


def scenario_a_full_storage_frees_finished_and_unplayed_games_never_unfinished_ones():
    told: list[bool] = []
    tight = saved.MemoryStorage(quota=2000)
    games = saved.SavedGames(tight)
    games.on_full = told.append
    assert games.write("u1", view("zebra", 2), now=1)
    assert games.write("u2", view("virus-war", 3), now=2)
    assert games.write("f1", view("zebra", 5, over=True), now=3)
    # a never-played entry an older version kept, in its index
    old = {"id": "e1", "game": "zebra", "updated": 0, "plies": 0}
    tight.put(saved.INDEX_KEY, json.dumps([old]))
    assert ids(games.entries()) == ["f1", "u2", "u1", "e1"]
    # a longer game: the unplayed and the finished games make room, and pictures
    big = view("zebra", 4, actions=["x" * 300] * 4)
    assert games.write("u3", big, now=4)
    assert ids(games.entries()) == ["u3", "u2", "u1"] and told == []
    assert tight.get(saved.INDEX_KEY) is None  # its last game left the old index
    # no room left without an unfinished game: not saved, and the page is told (once)
    huge = view("zebra", 6, actions=["y" * 250])
    assert not games.write("u4", huge, now=5) and games.full and told == [True]
    assert not games.write("u4", huge, now=6) and told == [True]
    assert ids(games.entries()) == ["u3", "u2", "u1"]
    for game_id in ("u1", "u2", "u3"):
        assert games.read(game_id) is not None
    assert games.entry("u4") is None and games.read("u4") is None  # nothing half saved
    # the game being saved grows past the room left: its last saved state stays
    assert not games.write("u3", view("zebra", 5, actions=["z" * 3000]), now=7)
    assert (games.entry("u3") or {})["plies"] == 4 and len(games.read("u3")["actions"]) == 4
    # the person deletes a game (the home page): saving works again
    games.remove("u1")
    games.remove("u2")
    assert games.write("u4", huge, now=8) and not games.full and told == [True, False]


def scenario_a_picture_never_costs_a_game():
    tight = saved.MemoryStorage(quota=1200)
    games = saved.SavedGames(tight)
    assert games.write("p1", view("zebra", 1, svg="<svg>" + "a" * 300 + "</svg>"), now=1)
    assert games.write("p2", view("zebra", 1, svg="<svg>" + "b" * 300 + "</svg>"), now=2)
    # a picture too large for the room left: other pictures go, then it is not kept
    assert games.write("p2", view("zebra", 2, svg="<svg>" + "c" * 2000 + "</svg>"), now=3)
    assert games.board("p2") is None and games.board("p1") is None
    assert ids(games.unfinished()) == ["p2", "p1"] and not games.full


def scenario_two_tabs_never_overwrite_each_others_news():
    """Issue 27: a tab reads storage a moment late (another tab's write has not reached it):
    what it writes must not undo the other tab's news, so each game's entry has a key of its
    own, written only by the tab that plays it."""
    shared = saved.MemoryStorage()
    first = saved.SavedGames(shared)
    assert first.write("g1", view("zebra", 3), now=1)
    late = Late(shared)  # the first tab, reading storage as it was before the second's move
    second = saved.SavedGames(shared)
    assert second.write("g1", view("zebra", 4), now=2)  # the second tab plays on
    assert saved.SavedGames(late).write("g2", view("zebra", 3), now=3)  # the first: a new id
    entries = {entry["id"]: entry["plies"] for entry in saved.SavedGames(shared).entries()}
    assert entries == {"g1": 4, "g2": 3}
    assert saved.is_listing_key(saved.ENTRY_PREFIX + "g1")
    assert saved.is_listing_key(saved.INDEX_KEY) and saved.is_listing_key(None)
    for key in (tabs.OPEN_PREFIX + "g1", saved.GAME_PREFIX + "g1", saved.BOARD_PREFIX + "g1"):
        assert not saved.is_listing_key(key)


class Late:
    """A storage whose reads show it as it was when made (writes go through)."""

    def __init__(self, storage):
        self.storage = storage
        self.snapshot = dict(storage.items)

    def get(self, key):
        return self.snapshot.get(key)

    def put(self, key, value):
        self.storage.put(key, value)

    def drop(self, key):
        self.storage.drop(key)

    def size(self):
        return len(self.snapshot)

    def key_at(self, index):
        keys = list(self.snapshot)
        return keys[index] if 0 <= index < len(keys) else None


def scenario_saved_games_survive_damage_and_refused_storage():
    memory = saved.MemoryStorage()
    games = saved.SavedGames(memory)
    for damaged in ("{", "{}", "null", '"x"'):
        memory.put(saved.INDEX_KEY, damaged)
        assert games.entries() == []
    good = {"id": "ok-1", "game": "zebra", "updated": 5, "plies": 2}
    bad = [
        {"id": "Bad Id", "game": "zebra", "updated": 1},
        {"id": "x" * 41, "game": "zebra", "updated": 1},
        {"id": "ok-2", "game": 3, "updated": 1},
        {"id": "ok-3", "game": "zebra", "updated": True},
        {"id": "ok-4", "game": "zebra"},
        {"id": "ok-5", "game": "chess", "updated": 1},
        "text",
    ]
    memory.put(saved.INDEX_KEY, json.dumps(bad + [good]))
    assert games.entries() == [
        {
            "id": "ok-1",
            "game": "zebra",
            "updated": 5,
            "plies": 2,
            "moves": 2,
            "over": False,
            "title": None,
            "seats": [],
            "link": False,
            "to_move": None,
        }
    ]
    memory.put(saved.GAME_PREFIX + "ok-1", "{not json")
    assert games.read("ok-1") is None
    memory.put(saved.ENTRY_PREFIX + "ok-6", "{not json")
    memory.put(saved.ENTRY_PREFIX + "ok-7", json.dumps({"id": "ok-8", "game": "zebra"}))
    assert ids(games.entries()) == ["ok-1"]
    nothing = saved.SavedGames(None)
    assert not nothing.available and nothing.entries() == [] and nothing.read("a") is None
    assert not nothing.write("a", view("zebra", 1), now=1)
    nothing.remove("a")
    assert nothing.draft("zebra") is None
    refusing = saved.SavedGames(Refusing())
    assert not refusing.write("r1", view("zebra", 1), now=1) and refusing.full
    assert refusing.entries() == []


class Refusing(saved.MemoryStorage):
    """A storage that refuses every write (as a full one does)."""

    def put(self, key, value):
        raise OSError("QuotaExceededError")


def scenario_stored_entries_are_checked_before_use():
    """Issue 27: tampered entries (a javascript: id or game, a title nested thousands deep,
    wrong types, huge texts) never reach the page; the good games are still listed."""
    memory = saved.MemoryStorage()
    games = saved.SavedGames(memory)
    assert games.write("good-1", view("zebra", 2), now=10)
    deep = {"key": "play.to-move", "params": {}}
    for _ in range(3000):
        deep = {"key": "play.to-move", "params": {"player": deep}}
    hostile = [
        {"id": "javascript:alert(1)", "game": "zebra", "updated": 5, "plies": 3},
        {"id": "evil-1", "game": "javascript:alert(1)//", "updated": 5, "plies": 3},
        {"id": "evil-2", "game": "../zebra", "updated": 5, "plies": 3},
        {"id": "evil-3", "game": "zebra", "updated": "5", "plies": 3},
    ]
    for entry in hostile:
        memory.put(saved.ENTRY_PREFIX + "evil", json.dumps(entry))
        assert ids(games.entries()) == ["good-1"], entry
    memory.drop(saved.ENTRY_PREFIX + "evil")
    damaged = {
        "id": "odd-1",
        "game": "virus-war",
        "updated": 7,
        "plies": "3; alert(1)",
        "over": "yes",
        "seats": ["human", {"x": 1}],
        "title": {"key": "play.to-move", "params": {"player": "<img src=x onerror=alert(1)>"}},
    }
    memory.put(saved.ENTRY_PREFIX + "odd-1", json.dumps(damaged))
    entry = games.entry("odd-1") or {}
    assert entry["plies"] == 0 and entry["over"] is False and entry["seats"] == []
    assert entry["title"] == damaged["title"]  # text, shown as text (never as HTML)
    # a title nested 3,000 deep, in the index of older versions (too long for an entry key)
    deep_text = '{"key": "t", "params": {"p": ' * 3000 + '{"key": "t"}' + "}}" * 3000
    legacy = '{"id": "deep-1", "game": "zebra", "updated": 3, "plies": 4, "title": '
    legacy += deep_text + "}"
    old = {"id": "old-1", "game": "zebra", "updated": 2, "plies": 1}
    memory.put(saved.INDEX_KEY, "[" + legacy + ", " + json.dumps(old) + "]")
    listed = games.unfinished()
    assert ids(listed)[0] == "good-1"
    # the page's MicroPython reads the index and drops the title; CPython's json cannot even
    # parse it (its recursion limit), so the index reads as empty there
    micropython = sys.implementation.name == "micropython"
    assert ids(listed)[1:] == (["deep-1", "old-1"] if micropython else [])
    for entry in listed:
        assert entry["title"] is None or saved.valid_message(entry["title"])
    # nested 300 deep, short enough for an entry key: listed, its title dropped
    nested = '{"key": "t", "params": {"p": ' * 300 + '{"key": "t"}' + "}}" * 300
    text = '{"id": "deep-3", "game": "zebra", "updated": 4, "plies": 4, "title": ' + nested + "}"
    memory.put(saved.ENTRY_PREFIX + "deep-3", text)
    assert (games.entry("deep-3") or {"title": 1})["title"] is None
    memory.put(saved.ENTRY_PREFIX + "deep-2", legacy.replace("deep-1", "deep-2"))  # too long
    assert games.entry("deep-2") is None
    assert saved.valid_message({"key": "a", "params": {"b": {"key": "c", "params": {"n": 1}}}})
    assert not saved.valid_message(deep)
    assert not saved.valid_message({"key": "a", "script": "x"})
    assert not saved.valid_message({"key": "a", "params": {"b": [1, 2]}})
    assert not saved.valid_message({"key": "a", "more": [{"key": 1}]})
    assert saved.read_json("[1]", 3) == [1] and saved.read_json("[1, 2]", 3) is None
    # a board picture over the size limit is not even read
    memory.put(saved.BOARD_PREFIX + "good-1", "<svg>" + "x" * saved.MAX_BOARD_CHARS)
    assert games.board("good-1") is None and games.board("javascript:x") is None


class Clock:
    def __init__(self):
        self.time = 100_000

    def __call__(self):
        return self.time


def scenario_tabs_keep_their_own_games():
    local = saved.MemoryStorage()
    clock = Clock()
    made = iter(["tab-a", "tab-b", "tab-c"])
    session_a, session_b = saved.MemoryStorage(), saved.MemoryStorage()
    first = tabs.TabGames("zebra", local, session_a, clock, lambda: next(made))
    second = tabs.TabGames("zebra", local, session_b, clock, lambda: next(made))
    assert first.tab == "tab-a" and second.tab == "tab-b"
    assert first.own() is None and first.held_elsewhere() == []
    first.claim("g1")
    assert first.own() == "g1"
    assert second.held_elsewhere() == ["g1"] and first.held_elsewhere() == []
    second.claim("g2")
    assert sorted(tabs.TabGames("zebra", local, None, clock, lambda: "x").held_elsewhere()) == [
        "g1",
        "g2",
    ]
    # a reload of the first tab: same session, same tab, same game
    again = tabs.TabGames("zebra", local, session_a, clock, lambda: next(made))
    assert again.tab == "tab-a" and again.own() == "g1"
    assert tabs.TabGames("virus-war", local, session_a, clock, lambda: "y").own() is None
    # a lease that was not renewed: the tab is gone
    clock.time += tabs.LEASE_MS
    assert second.held_elsewhere() == []
    first.renew()
    assert second.held_elsewhere() == ["g1"]
    # a new game in the first tab: the old one is free again
    first.claim("g3")
    assert second.held_elsewhere() == ["g3"] and first.own() == "g3"
    # another tab took the lease over: releasing leaves it alone
    second.claim("g3")
    first.release()
    assert tabs.TabGames("zebra", local, None, clock, lambda: "z").held_elsewhere() == ["g3"]
    assert tabs.TabGames.saved_key("g3") == saved.GAME_PREFIX + "g3"
    nowhere = tabs.TabGames("zebra", None, None, clock, lambda: "w")
    nowhere.claim("g9")
    assert nowhere.own() is None and nowhere.held_elsewhere() == []
    session_a.put(tabs.TAB_KEY, "{damaged")
    assert tabs.TabGames("zebra", local, session_a, clock, lambda: "v").own() is None
    # a full storage: leases and the tab's own game are simply not kept
    full = tabs.TabGames("zebra", Refusing(), Refusing(), clock, lambda: "u")
    full.claim("g5")
    full.renew()
    full.release()
    assert full.own() is None


def scenario_new_ids_are_valid_and_distinct():
    first = saved.new_id(1_795_000_000_000, 0x0123456789ABCDEF)
    second = saved.new_id(1_795_000_000_000, 0x0123456789ABCDEE)
    assert first != second
    for game_id in (first, second, saved.new_id(0, 0), saved.new_id(2**43, 2**64 - 1)):
        assert saved.valid_id(game_id), game_id
    assert saved.base36(35) == "z" and saved.base36(36) == "10" and saved.base36(0) == "0"


def scenario_saved_games_count_moves_as_the_move_list_does():
    storage = saved.SavedGames(saved.MemoryStorage())
    war = view("virus-war", 6)
    war["moves"] = [{"number": 1, "plies": [{"text": "a1-a2-b2"}, {"text": "j10-j9-i9"}]}]
    assert saved.listed_moves(war) == 2  # two turns of three steps
    assert storage.write("w1", war, now=1)
    (entry,) = storage.entries()
    assert (entry["plies"], entry["moves"]) == (6, 2)
    assert saved.listed_moves(view("zebra", 3)) == 3  # a view without its list: its actions
    legacy = saved.clean_entry({"id": "z1", "game": "zebra", "updated": 5, "plies": 4})
    assert legacy is not None and legacy["moves"] == 4
    forged = saved.clean_entry({"id": "z1", "game": "zebra", "updated": 5, "plies": 4, "moves": 9})
    assert forged is not None and forged["moves"] == 4


def scenario_games_by_link_are_kept_listed_and_forgotten_whole():
    memory = saved.MemoryStorage()
    games = saved.SavedGames(memory)
    unplayed = view("virus-war", 0)
    unplayed["to_move"] = 1
    # not played yet, but a game by link: saved and listed at once (not a draft)
    assert games.write("link-1", unplayed, now=10, link=True)
    assert games.attach("link", "link-1", '{"id": "link-1"}')
    entry = games.entry("link-1")
    assert entry is not None and entry["link"] and entry["to_move"] == 1
    assert [item["id"] for item in games.unfinished()] == ["link-1"]
    assert games.link_ids() == ["link-1"] and games.attached("link", "link-1") == '{"id": "link-1"}'
    # never the game a plain visit resumes, never pushed out to make room
    assert games.latest("virus-war") is None
    assert games._disposable(None) == []
    # deleting it forgets its record too
    games.remove("link-1")
    assert games.entry("link-1") is None and games.attached("link", "link-1") is None
    assert games.link_ids() == []


def scenario_a_review_is_kept_with_its_game_and_forgotten_with_it():
    memory = saved.MemoryStorage()
    games = saved.SavedGames(memory)
    assert games.write("g1", view("zebra", 4), now=10)
    assert games.attach("review", "g1", '{"format": "virus-games/review"}')
    assert games.attached("review", "g1") == '{"format": "virus-games/review"}'
    assert games.attached("review", "g2") is None and games.attached("other", "g1") is None
    assert not games.attach("other", "g1", "x") and not games.attach("review", "../x", "x")
    games.detach("review", "g1")
    assert games.attached("review", "g1") is None and games.entry("g1") is not None
    assert games.attach("review", "g1", "{}")
    assert games.attach("tried", "g1", "g0")
    games.remove("g1")
    assert games.attached("review", "g1") is None and games.attached("tried", "g1") is None
