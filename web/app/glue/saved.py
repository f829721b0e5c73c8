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
