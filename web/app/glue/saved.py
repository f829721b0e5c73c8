"""Games kept in this browser, so that nothing is lost on a reload or when the tab closes.

The game page writes its game after every engine reply (the view's ``saved`` document, which
the engine's ``restore`` request takes back); the home page lists the unfinished ones.

Layout in ``localStorage``: ``virus-games.saved`` holds the index, a list of entries ``{id,
game, updated, plies, over, title, seats}``; ``virus-games.saved.<id>`` holds that game's match
document and ``virus-games.board.<id>`` the SVG of its board (painted at once when the page
opens again, before the engine has started). Storage may be missing or refused (a blog's
cross-site iframe, private modes, a full quota): every method then quietly does nothing and
the game plays on unsaved.

``storage`` is anything with ``getItem``, ``setItem`` and ``removeItem`` (the browser's
``localStorage``, or :class:`MemoryStorage` in tests).

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

INDEX_KEY = "virus-games.saved"
GAME_PREFIX = "virus-games.saved."
BOARD_PREFIX = "virus-games.board."
# The most games kept; beyond it the oldest finished ones go first, then the oldest.
MAX_SAVED = 30
ID_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-"
ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"


def valid_id(value: "Any") -> bool:
    """Whether ``value`` is an id this module writes: 1-40 of ``a-z``, ``0-9`` and ``-``."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= 40
        and all(char in ID_CHARACTERS for char in value)
    )


def is_entry(entry: "Any") -> bool:
    if not isinstance(entry, dict):
        return False
    updated = entry.get("updated")
    return (
        valid_id(entry.get("id"))
        and isinstance(entry.get("game"), str)
        and isinstance(updated, (int, float))
        and not isinstance(updated, bool)
    )


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

    def getItem(self, key: str) -> "str | None":
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise OSError("quota exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> "str | None":
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None


class SavedGames:
    """The saved games of one browser (``storage=None``: nothing is kept)."""

    def __init__(self, storage: "Any" = None) -> None:
        self.storage = storage

    @property
    def available(self) -> bool:
        return self.storage is not None

    def entries(self) -> "list[dict[str, Any]]":
        """Every entry, the most recently played first (a damaged index reads as empty)."""
        if self.storage is None:
            return []
        try:
            index = json.loads(self.storage.getItem(INDEX_KEY) or "[]")
        except Exception:
            return []
        if not isinstance(index, list):
            return []
        entries = [entry for entry in index if is_entry(entry)]
        return sorted(entries, key=lambda entry: entry["updated"], reverse=True)

    def unfinished(self, game: "str | None" = None) -> "list[dict[str, Any]]":
        """The unfinished games with at least one action (a game nobody touched is not listed)."""
        return [
            entry
            for entry in self.entries()
            if not entry.get("over")
            and _plies(entry) > 0
            and (game is None or entry["game"] == game)
        ]

    def entry(self, game_id: str) -> "dict[str, Any] | None":
        for entry in self.entries():
            if entry["id"] == game_id:
                return entry
        return None

    def latest(self, game: str, exclude: "list[str] | None" = None) -> "dict[str, Any] | None":
        """The game to resume when ``game``'s page opens: its most recently played unfinished
        game, else its most recent game if that one was never played (its options and seats).
        Games in ``exclude`` (held by other open tabs) are passed over."""
        exclude = exclude or []
        entries = [
            entry
            for entry in self.entries()
            if entry["game"] == game and entry["id"] not in exclude and not entry.get("over")
        ]
        for entry in entries:
            if _plies(entry) > 0:
                return entry
        return entries[0] if entries else None

    def read(self, game_id: str) -> "Any":
        """The match document saved under ``game_id``, or None."""
        if self.storage is None:
            return None
        try:
            text = self.storage.getItem(GAME_PREFIX + game_id)
            return None if text is None else json.loads(text)
        except Exception:
            return None

    def write(self, game_id: str, view: "dict[str, Any]", now: float) -> bool:
        """Saves ``view`` (an engine view) as game ``game_id``. Returns whether it was stored;
        when the storage is full the oldest games (never this one) make room."""
        if self.storage is None or not view.get("saved"):
            return False
        result = view.get("result")
        entry = {
            "id": game_id,
            "game": view.get("game"),
            "updated": now,
            "plies": view.get("ply_count", 0),
            "over": bool(result),
            "title": result["title"] if result else view.get("turn"),
            "seats": view.get("seats"),
        }
        entries = [entry]
        for other in self.entries():
            if other["id"] != game_id:
                entries.append(other)
        document = json.dumps(view["saved"])
        for _attempt in range(3):
            try:
                self.storage.setItem(GAME_PREFIX + game_id, document)
                self._write_index(self._prune(entries))
                self._write_board(game_id, view.get("svg"))
                return True
            except Exception:
                # most likely the quota: drop the oldest games (never this one) and try again
                keep = max(1, len(entries) - 5)
                dropped = entries[keep:]
                del entries[keep:]
                if not dropped:
                    break
                for old in dropped:
                    self._forget(old["id"])
        return False

    def remove(self, game_id: str) -> None:
        if self.storage is None:
            return
        try:
            self._forget(game_id)
            self._write_index([entry for entry in self.entries() if entry["id"] != game_id])
        except Exception:
            pass  # nothing more to do: the entry stays listed

    def board(self, game_id: str) -> "str | None":
        """The board SVG saved for game ``game_id``, or None."""
        if self.storage is None:
            return None
        try:
            svg = self.storage.getItem(BOARD_PREFIX + game_id)
        except Exception:
            return None
        return svg if isinstance(svg, str) else None

    def _prune(self, entries: "list[dict[str, Any]]") -> "list[dict[str, Any]]":
        kept = list(entries)
        while len(kept) > MAX_SAVED:
            # never the first entry: the game being saved
            finished = [index for index in range(1, len(kept)) if kept[index].get("over")]
            index = finished[-1] if finished else len(kept) - 1
            old = kept.pop(index)
            self._forget(old["id"])
        return kept

    def _write_board(self, game_id: str, svg: "Any") -> None:
        try:
            if isinstance(svg, str):
                self.storage.setItem(BOARD_PREFIX + game_id, svg)
        except Exception:
            self.storage.removeItem(BOARD_PREFIX + game_id)  # only a picture: never worth a game

    def _forget(self, game_id: str) -> None:
        self.storage.removeItem(GAME_PREFIX + game_id)
        self.storage.removeItem(BOARD_PREFIX + game_id)

    def _write_index(self, entries: "list[dict[str, Any]]") -> None:
        self.storage.setItem(INDEX_KEY, json.dumps(entries))


def _plies(entry: "dict[str, Any]") -> int:
    plies = entry.get("plies")
    return plies if isinstance(plies, int) and not isinstance(plies, bool) else 0


# Which saved game each open tab plays, so that two tabs never play (and save) the same game: a
# tab remembers its game per page in sessionStorage (it survives a reload of that tab only),
# and holds a lease on it in localStorage ("virus-games.open.<id>": {tab, seen}), renewed every
# LEASE_RENEW_MS while the tab is open and dropped when it closes. A page opened in a new tab
# resumes the most recent unfinished game that no other tab holds.
TAB_KEY = "virus-games.tab"
OPEN_PREFIX = "virus-games.open."
LEASE_RENEW_MS = 4000
LEASE_MS = 10000  # a lease not renewed for this long belongs to a closed (or frozen) tab


class TabGames:
    """This tab's game on one game page. ``now`` gives the time in ms, ``make_id`` a new id."""

    def __init__(
        self,
        game: str,
        storage: "Any",
        session: "Any",
        now: "Callable[[], int]",
        make_id: "Callable[[], str]",
    ) -> None:
        self.game = game
        self.storage = storage
        self.session = session
        self.now = now
        self.slot: str | None = None
        tab = self._state().get("tab")
        self.tab = tab if isinstance(tab, str) else make_id()

    def _state(self) -> "dict[str, Any]":
        if self.session is None:
            return {}
        try:
            state = json.loads(self.session.getItem(TAB_KEY) or "{}")
        except Exception:
            return {}
        return state if isinstance(state, dict) else {}

    def own(self) -> "str | None":
        """This tab's game on this page (before a reload), or None."""
        games = self._state().get("games")
        game_id = games.get(self.game) if isinstance(games, dict) else None
        return game_id if valid_id(game_id) else None

    def held_elsewhere(self) -> "list[str]":
        """The ids of the games other open tabs hold."""
        held: list[str] = []
        if self.storage is None:
            return held
        try:
            now = self.now()
            for index in range(int(self.storage.length)):
                key = self.storage.key(index)
                if key is None or not str(key).startswith(OPEN_PREFIX):
                    continue
                lease = json.loads(self.storage.getItem(key) or "null")
                if not isinstance(lease, dict) or lease.get("tab") == self.tab:
                    continue
                seen = lease.get("seen")
                if isinstance(seen, (int, float)) and now - seen < LEASE_MS:
                    held.append(str(key)[len(OPEN_PREFIX) :])
        except Exception:
            pass  # unreadable leases: nothing is known to be held
        return held

    def claim(self, game_id: "str | None") -> None:
        """This tab now plays game ``game_id`` (None: none)."""
        if game_id == self.slot:
            return
        self.release()
        self.slot = game_id
        if game_id is None:
            return
        if self.session is not None:
            try:
                state = self._state()
                games = state.get("games")
                games = dict(games) if isinstance(games, dict) else {}
                games[self.game] = game_id
                state["tab"] = self.tab
                state["games"] = games
                self.session.setItem(TAB_KEY, json.dumps(state))
            except Exception:
                pass  # not remembered: a reload resumes the most recent game instead
        self.renew()

    def renew(self) -> None:
        if self.slot is None or self.storage is None:
            return
        try:
            lease = json.dumps({"tab": self.tab, "seen": self.now()})
            self.storage.setItem(OPEN_PREFIX + self.slot, lease)
        except Exception:
            pass  # storage full or refused: other tabs may offer this game too

    def release(self) -> None:
        if self.slot is None or self.storage is None:
            return
        try:
            lease = json.loads(self.storage.getItem(OPEN_PREFIX + self.slot) or "null")
            if isinstance(lease, dict) and lease.get("tab") == self.tab:
                self.storage.removeItem(OPEN_PREFIX + self.slot)
        except Exception:
            pass  # nothing to release

    @staticmethod
    def saved_key(game_id: str) -> str:
        """The storage key game ``game_id`` is saved under (another tab's storage event names
        it)."""
        return GAME_PREFIX + game_id
