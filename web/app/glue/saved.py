"""Games kept in this browser, so that nothing is lost on a reload or when the tab closes.

The game page writes its game after every engine reply (the view's ``saved`` document, which
the engine's ``restore`` request takes back); the home page lists the unfinished ones.

Layout in ``localStorage``, three keys per game, each written only by the tab that plays it (so
two tabs never overwrite each other's news): ``virus-games.saved-entry.<id>`` holds the game's
entry ``{id, game, updated, plies, over, title, seats}`` (what the home page lists),
``virus-games.saved.<id>`` its match document and ``virus-games.board.<id>`` the SVG of its
board (painted at once when the page opens again, before the engine has started, once
``glue.pictures`` has checked it). Documents attached to a game (``ATTACHED``: a game by link's record,
``virus-games.link.<id>``; the computer's review, ``virus-games.review.<id>``; the game a
game was tried from, ``virus-games.tried.<id>``) go with it. Older versions kept every entry in one index,
``virus-games.saved``: it is still read, and games leave it when they are deleted.

What is kept, and what makes room:

* A game nobody has played (no action, nothing to redo) takes no slot: it is this tab's
  *draft*, kept in ``sessionStorage`` (one per game page and tab, replaced by the next), so a
  reload of the tab still shows it. New games and refused links never push a played game out.
* Beyond ``MAX_SAVED`` games, the oldest finished (or never played) games are forgotten.
* When the storage is full, the oldest finished or never-played games go first, then other
  games' board pictures. An unfinished game is never removed to make room: the game being
  saved is then not saved, :attr:`SavedGames.full` says so, and the page tells the person (who
  can download the record, or delete games on the home page).

Everything read back is treated as untrusted: sizes are limited before ``json.loads``, entries
are rebuilt from checked fields (ids, a known game, bounded titles), anything else is dropped.
Storage may be missing or refused (a blog's cross-site iframe, private modes): every method
then quietly does nothing and the game plays on unsaved.

``storage`` is anything with ``get``, ``put``, ``drop``, ``size`` and ``key_at`` (the browser's
storage through ``glue.dom``, whose ``put`` raises a Python error instead of throwing, or
:class:`MemoryStorage` in tests).

>>> saved = SavedGames(MemoryStorage())
>>> view = {"game": "zebra", "ply_count": 2, "result": None, "turn": {"key": "t"},
...         "seats": ["human", "human"], "saved": {"actions": ["c2-d2", "a1-b1"]}, "svg": "<svg/>"}
>>> saved.write("g1", view, now=1000)
True
>>> [entry["id"] for entry in saved.unfinished("zebra")]
['g1']
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyengine.protocol import View

INDEX_KEY = "virus-games.saved"  # the index of older versions (read, never written anew)
ENTRY_PREFIX = "virus-games.saved-entry."
GAME_PREFIX = "virus-games.saved."
BOARD_PREFIX = "virus-games.board."
LINK_PREFIX = "virus-games.link."  # a game by link's record (glue.correspondence)
REVIEW_PREFIX = "virus-games.review."  # the computer's review of a game (glue.reviews)
TRIED_PREFIX = "virus-games.tried."  # a game tried from a reviewed one: that game's id
# Documents stored with a game and forgotten with it, by kind (SavedGames.attached).
ATTACHED = {"link": LINK_PREFIX, "review": REVIEW_PREFIX, "tried": TRIED_PREFIX}
DRAFT_PREFIX = "virus-games.draft."  # in sessionStorage: this tab's unplayed game, per page
# The most games kept; beyond it the oldest finished (or never played) ones are forgotten.
# Unfinished games are never forgotten to make room.
MAX_SAVED = 30
# The site's game pages (tests/test_pictures.py checks them against the engine's games).
KNOWN_GAMES = ("zebra", "virus-war", "virus-fight", "fight-the-virus")
ID_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-"
ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
# Longest texts read back (characters): anything longer is not parsed at all.
MAX_ENTRY_CHARS = 16_000
MAX_INDEX_CHARS = 1_000_000
MAX_DOCUMENT_CHARS = 2_000_000
MAX_BOARD_CHARS = 1_000_000
# A saved title is a translation request ({key, params, fallback, more}) at most this deep.
MAX_TITLE_DEPTH = 6
MAX_TITLE_PARTS = 40  # parameters and "more" requests at each level
MAX_SEATS = 20


def valid_id(value: "Any") -> bool:
    """Whether ``value`` is an id this module writes: 1-40 of ``a-z``, ``0-9`` and ``-``."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= 40
        and all(char in ID_CHARACTERS for char in value)
    )


def _is_number(value: "Any") -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def valid_message(value: "Any", depth: int = MAX_TITLE_DEPTH) -> bool:
    """Whether ``value`` is a translation request of bounded size and depth: ``{"key": str,
    "params": {name: text, number, bool, None or request}, "fallback": str, "more":
    [request]}``. Checked without deep recursion: a nesting past ``depth`` is refused."""
    if depth <= 0 or not isinstance(value, dict) or len(value) > 4:
        return False
    key = value.get("key")
    if not isinstance(key, str) or len(key) > 200:
        return False
    for name in value:
        if name not in ("key", "params", "fallback", "more"):
            return False
    fallback = value.get("fallback")
    if fallback is not None and not (isinstance(fallback, str) and len(fallback) <= 2000):
        return False
    params = value.get("params")
    if params is not None:
        if not isinstance(params, dict) or len(params) > MAX_TITLE_PARTS:
            return False
        for name in params:
            item = params[name]
            if not isinstance(name, str) or len(name) > 100:
                return False
            if isinstance(item, dict):
                if not valid_message(item, depth - 1):
                    return False
            elif isinstance(item, str):
                if len(item) > 2000:
                    return False
            elif item is not None and not isinstance(item, (bool, int, float)):
                return False
    more = value.get("more")
    if more is not None:
        if not isinstance(more, list) or len(more) > MAX_TITLE_PARTS:
            return False
        for item in more:
            if not valid_message(item, depth - 1):
                return False
    return True


def clean_entry(raw: "Any") -> "dict[str, Any] | None":
    """The entry ``raw`` (read back from storage) rebuilt from its checked fields, or None
    when its id, game or time is not one this module writes. A damaged title is dropped,
    damaged seats read as none, a damaged count as no action."""
    if not isinstance(raw, dict):
        return None
    game_id = raw.get("id")
    game = raw.get("game")
    updated = raw.get("updated")
    if not valid_id(game_id) or game not in KNOWN_GAMES or not _is_number(updated):
        return None
    plies = raw.get("plies")
    if not isinstance(plies, int) or isinstance(plies, bool) or plies < 0:
        plies = 0
    moves = raw.get("moves")
    if not isinstance(moves, int) or isinstance(moves, bool) or not 0 <= moves <= plies:
        moves = plies  # an entry without the list's count: one move per action
    seats = raw.get("seats")
    if not (
        isinstance(seats, list)
        and len(seats) <= MAX_SEATS
        and all(isinstance(seat, str) and len(seat) <= 20 for seat in seats)
    ):
        seats = []
    title = raw.get("title")
    to_move = raw.get("to_move")
    return {
        "id": game_id,
        "game": game,
        "updated": updated,
        "plies": plies,
        "moves": moves,
        "over": raw.get("over") is True,
        "title": title if valid_message(title) else None,
        "seats": list(seats),
        "link": raw.get("link") is True,
        "to_move": to_move if type(to_move) is int and 0 <= to_move < MAX_SEATS else None,
    }


def listed_moves(view: "View") -> int:
    """How many moves ``view``'s move list shows (a Virus War turn of three steps is one)."""
    rows = view.get("moves")
    if not isinstance(rows, list):
        return int(view.get("ply_count") or 0)
    return sum(len(row.get("plies") or []) for row in rows if isinstance(row, dict))


def read_json(text: "Any", limit: int) -> "Any":
    """``text`` parsed as JSON, or None when it is missing, longer than ``limit`` characters
    or not JSON."""
    if not isinstance(text, str) or len(text) > limit:
        return None
    try:
        return json.loads(text)
    except Exception:
        return None


def is_listing_key(name: "Any") -> bool:
    """Whether a change to the storage key ``name`` (a ``storage`` event's; None: the storage
    was cleared) can change the list of saved games."""
    return (
        name is None
        or name == INDEX_KEY
        or str(name).startswith(ENTRY_PREFIX)
        or str(name).startswith(LINK_PREFIX)
    )


def played(view: "View") -> bool:
    """Whether the game of ``view`` was played: an action on the board or one to redo."""
    plies = view.get("ply_count")
    if isinstance(plies, int) and plies > 0:
        return True
    document = view.get("saved")
    return isinstance(document, dict) and bool(document.get("redo"))


def base36(number: int) -> str:
    digits = []
    while True:
        number, digit = divmod(number, 36)
        digits.append(ID_ALPHABET[digit])
        if number == 0:
            return "".join(reversed(digits))


def new_id(now_ms: int, random_bits: int) -> str:
    """A fresh game id: the time and 64 random bits, in base 36 (``lq2x1k-3f9…``)."""
    return base36(now_ms) + "-" + base36(random_bits >> 32) + base36(random_bits & 0xFFFFFFFF)


class MemoryStorage:
    """A ``localStorage`` stand-in: a dict, optionally with a quota on the total length."""

    def __init__(self, quota: "int | None" = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> "str | None":
        return self.items.get(key)

    def put(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise OSError("quota exceeded")
        self.items[key] = str(value)

    def drop(self, key: str) -> None:
        self.items.pop(key, None)

    def size(self) -> int:
        return len(self.items)

    def key_at(self, index: int) -> "str | None":
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None


class SavedGames:
    """The saved games of one browser (``storage=None``: nothing is kept); ``drafts`` is this
    tab's ``sessionStorage`` (None: unplayed games are not kept)."""

    def __init__(self, storage: "Any" = None, drafts: "Any" = None) -> None:
        self.storage = storage
        self.drafts = drafts if storage is not None else None
        # Whether the last game written could not be kept because the storage is full, and
        # who is told when that changes (the game page's notice).
        self.full = False
        self.on_full: Callable[[bool], Any] | None = None

    @property
    def available(self) -> bool:
        return self.storage is not None

    def keys(self, prefix: str) -> "list[str]":
        """The storage keys that start with ``prefix``."""
        found: list[str] = []
        try:
            for index in range(int(self.storage.size())):
                key = self.storage.key_at(index)
                if key is not None and str(key).startswith(prefix):
                    found.append(str(key))
        except Exception:
            pass  # unreadable: what was found
        return found

    def entries(self) -> "list[dict[str, Any]]":
        """Every entry, the most recently played first (damaged ones are left out)."""
        if self.storage is None:
            return []
        found: dict[str, dict[str, Any]] = {}
        for key in self.keys(ENTRY_PREFIX):
            entry = clean_entry(read_json(self._get(key), MAX_ENTRY_CHARS))
            if entry is not None and key == ENTRY_PREFIX + entry["id"]:
                found[entry["id"]] = entry
        for entry in self._legacy():
            if entry["id"] not in found:
                found[entry["id"]] = entry
        entries = list(found.values())
        return sorted(entries, key=lambda entry: entry["updated"], reverse=True)

    def unfinished(self, game: "str | None" = None) -> "list[dict[str, Any]]":
        """The unfinished games with at least one action (a game nobody touched is not listed)."""
        return [
            entry
            for entry in self.entries()
            if not entry["over"]
            and (entry["plies"] > 0 or entry["link"])
            and (game is None or entry["game"] == game)
        ]

    def entry(self, game_id: "Any") -> "dict[str, Any] | None":
        if not valid_id(game_id):
            return None
        for entry in self.entries():
            if entry["id"] == game_id:
                return entry
        return None

    def latest(self, game: str, exclude: "list[str] | None" = None) -> "dict[str, Any] | None":
        """The game to resume when ``game``'s page opens: its most recently played unfinished
        game, else its most recent game if that one was never played (its options and seats).
        Games in ``exclude`` (held by other open tabs) are passed over. A game tried from a
        reviewed game that was opened again since ("Back to the reviewed game") gives way to
        that game, finished or not."""
        exclude = exclude or []
        entries = [
            entry
            for entry in self.entries()
            if entry["game"] == game
            and entry["id"] not in exclude
            and not entry["over"]
            and not entry["link"]  # games by link open from their link or the home page
        ]
        for entry in entries:
            reviewed = self.attached("tried", entry["id"])
            back = None if reviewed is None else self.entry(reviewed)
            if back is not None and back["updated"] > entry["updated"]:
                if back["id"] not in exclude:
                    return back
            elif entry["plies"] > 0:
                return entry
        return entries[0] if entries else None

    def draft(self, game: str) -> "dict[str, Any] | None":
        """This tab's unplayed game on ``game``'s page, as an entry, or None."""
        kept = self._draft(game)
        if kept is None:
            return None
        return {
            "id": kept["id"],
            "game": game,
            "updated": 0,
            "plies": 0,
            "over": False,
            "title": None,
            "seats": [],
            "link": False,
            "to_move": None,
            "draft": True,
        }

    def read(self, game_id: str) -> "Any":
        """The match document saved under ``game_id`` (or this tab's draft of that id), or
        None."""
        if self.storage is None or not valid_id(game_id):
            return None
        document = read_json(self._get(GAME_PREFIX + game_id), MAX_DOCUMENT_CHARS)
        if document is not None:
            return document
        for game in KNOWN_GAMES:
            kept = self._draft(game)
            if kept is not None and kept["id"] == game_id:
                return kept["match"]
        return None

    def board(self, game_id: str) -> "str | None":
        """The board SVG saved for game ``game_id`` (unchecked: see glue.pictures), or None."""
        if self.storage is None or not valid_id(game_id):
            return None
        svg = self._get(BOARD_PREFIX + game_id)
        return svg if isinstance(svg, str) and len(svg) <= MAX_BOARD_CHARS else None

    def write(self, game_id: str, view: "View", now: float, link: bool = False) -> bool:
        """Saves ``view`` (an engine view) as game ``game_id`` (``link``: a game by link, kept
        and listed even before its first action). Returns whether it was stored as a saved
        game. A game nobody played becomes this tab's draft instead (unless it was saved
        before: undone to its start). When the storage is full, finished and unplayed
        games make room, never an unfinished one: the game is then not saved and
        :attr:`full` is set."""
        if self.storage is None or not view.get("saved") or not valid_id(game_id):
            return False
        document = json.dumps(view["saved"])
        game = view.get("game")
        entries = self.entries()
        known = any(other["id"] == game_id for other in entries)
        if not played(view) and not known and not link:
            self._keep_draft(game, game_id, document)
            return False
        result = view.get("result")
        title = result.get("title") if isinstance(result, dict) else view.get("turn")
        entry = clean_entry(
            {
                "id": game_id,
                "game": game,
                "updated": now,
                "plies": view.get("ply_count", 0),
                "moves": listed_moves(view),
                "over": bool(result),
                "title": title,
                "seats": view.get("seats"),
                "link": link,
                "to_move": view.get("to_move"),
            }
        )
        if entry is None:
            return False
        self._prune(game_id, entries)
        if not self._store(GAME_PREFIX + game_id, document, game_id):
            self._set_full(True)
            return False
        if not self._store(ENTRY_PREFIX + game_id, json.dumps(entry), game_id):
            if not known:  # not listed: nobody could find it, take it back
                self._remove(GAME_PREFIX + game_id)
            self._set_full(True)
            return False
        svg = view.get("svg")
        if not isinstance(svg, str) or not self._store(BOARD_PREFIX + game_id, svg, None):
            self._remove(BOARD_PREFIX + game_id)  # only a picture: never worth a game
        self._drop_draft(game, game_id)
        self._set_full(False)
        return True

    def attached(self, kind: str, game_id: str) -> "str | None":
        """The document of ``kind`` (``ATTACHED``: a game by link's record, a review) stored
        with game ``game_id`` (text, unchecked: its reader checks it), or None."""
        if self.storage is None or not valid_id(game_id) or kind not in ATTACHED:
            return None
        text = self._get(ATTACHED[kind] + game_id)
        return text if isinstance(text, str) and len(text) <= MAX_DOCUMENT_CHARS else None

    def attach(self, kind: str, game_id: str, text: str) -> bool:
        """Stores the document of ``kind`` with game ``game_id``, forgotten with the game;
        False when it could not be kept."""
        if self.storage is None or not valid_id(game_id) or kind not in ATTACHED:
            return False
        return self._store(ATTACHED[kind] + game_id, text, game_id)

    def detach(self, kind: str, game_id: str) -> None:
        if self.storage is not None and valid_id(game_id) and kind in ATTACHED:
            self._remove(ATTACHED[kind] + game_id)

    def link_ids(self) -> "list[str]":
        """The ids of the games by link kept here."""
        return [key[len(LINK_PREFIX) :] for key in self.keys(LINK_PREFIX)]

    def remove(self, game_id: str) -> None:
        if self.storage is None or not valid_id(game_id):
            return
        self._forget(game_id)
        for game in KNOWN_GAMES:
            self._drop_draft(game, game_id)

    # ---- making room -------------------------------------------------------------------

    def _disposable(
        self, keep: "str | None", entries: "list[dict[str, Any]] | None" = None
    ) -> "list[dict[str, Any]]":
        """The games that may go to make room, the oldest first: finished ones and ones
        nobody played (never ``keep``, never an unfinished game)."""
        disposable = [
            entry
            for entry in (self.entries() if entries is None else entries)
            if entry["id"] != keep
            and (entry["over"] or (entry["plies"] == 0 and not entry["link"]))
        ]
        return list(reversed(disposable))

    def _prune(self, keep: str, entries: "list[dict[str, Any]]") -> None:
        """At most MAX_SAVED games (counting ``keep``): the oldest disposable ones go."""
        count = len(entries) + (0 if any(entry["id"] == keep for entry in entries) else 1)
        for old in self._disposable(keep, entries):
            if count <= MAX_SAVED:
                break
            self._forget(old["id"])
            count -= 1

    def _make_room(self, keep: "str | None") -> bool:
        """Frees some storage: the oldest disposable game (when ``keep`` names the game being
        saved), else every other game's board picture. False when nothing is left to free."""
        if keep is not None:
            disposable = self._disposable(keep)
            if disposable:
                self._forget(disposable[0]["id"])
                return True
        pictures = [key for key in self.keys(BOARD_PREFIX) if key != BOARD_PREFIX + str(keep)]
        for key in pictures:
            self._remove(key)
        return bool(pictures)

    def _store(self, key: str, text: str, keep: "str | None") -> bool:
        """Writes ``text`` under ``key``, making room while the storage refuses it (``keep``:
        the game being saved; None for a picture, which frees only other pictures)."""
        while True:
            try:
                self.storage.put(key, text)
                return True
            except Exception:
                pass  # most likely the quota
            if not self._make_room(keep):
                return False

    def _set_full(self, full: bool) -> None:
        changed = full != self.full
        self.full = full
        if changed and self.on_full is not None:
            self.on_full(full)

    # ---- storage ------------------------------------------------------------------------

    def _get(self, key: str) -> "Any":
        try:
            return self.storage.get(key)
        except Exception:
            return None

    def _remove(self, key: str) -> None:
        try:
            self.storage.drop(key)
        except Exception:
            pass  # nothing more to do

    def _legacy(self) -> "list[dict[str, Any]]":
        index = read_json(self._get(INDEX_KEY), MAX_INDEX_CHARS)
        if not isinstance(index, list):
            return []
        entries = []
        for raw in index:
            entry = clean_entry(raw)
            if entry is not None:
                entries.append(entry)
        return entries

    def _forget(self, game_id: str) -> None:
        for prefix in (ENTRY_PREFIX, GAME_PREFIX, BOARD_PREFIX) + tuple(ATTACHED.values()):
            self._remove(prefix + game_id)
        index = read_json(self._get(INDEX_KEY), MAX_INDEX_CHARS)
        if not isinstance(index, list):
            return
        kept = [raw for raw in index if not (isinstance(raw, dict) and raw.get("id") == game_id)]
        if len(kept) == len(index):
            return
        if kept:
            try:
                self.storage.put(INDEX_KEY, json.dumps(kept))
            except Exception:
                pass  # still listed there: the entry stays
        else:
            self._remove(INDEX_KEY)

    # ---- this tab's drafts (sessionStorage) ----------------------------------------------

    def _draft(self, game: str) -> "dict[str, Any] | None":
        if self.drafts is None or game not in KNOWN_GAMES:
            return None
        try:
            text = self.drafts.get(DRAFT_PREFIX + game)
        except Exception:
            return None
        kept = read_json(text, MAX_DOCUMENT_CHARS)
        if not isinstance(kept, dict) or not valid_id(kept.get("id")):
            return None
        return kept if isinstance(kept.get("match"), dict) else None

    def _keep_draft(self, game: "Any", game_id: str, document: str) -> None:
        if self.drafts is None or game not in KNOWN_GAMES:
            return
        text = '{"id": ' + json.dumps(game_id) + ', "match": ' + document + "}"
        try:
            self.drafts.put(DRAFT_PREFIX + game, text)
        except Exception:
            pass  # not kept: a reload starts a new game

    def _drop_draft(self, game: "Any", game_id: str) -> None:
        kept = self._draft(game) if isinstance(game, str) else None
        if kept is not None and kept["id"] == game_id:
            try:
                self.drafts.drop(DRAFT_PREFIX + game)
            except Exception:
                pass  # replaced by the next draft
