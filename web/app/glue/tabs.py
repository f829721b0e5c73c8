"""Which saved game each open tab plays, so that two tabs never play (and save) the same game: a
tab remembers its game per page in sessionStorage (it survives a reload of that tab only),
and holds a lease on it in localStorage ("virus-games.open.<id>": {tab, seen}), renewed every
LEASE_RENEW_MS while the tab is open and dropped when it closes. A page opened in a new tab
resumes the most recent unfinished game that no other tab holds (glue.opening)."""

import json

from glue.saved import GAME_PREFIX, read_json, valid_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

TAB_KEY = "virus-games.tab"
OPEN_PREFIX = "virus-games.open."
LEASE_RENEW_MS = 4000
LEASE_MS = 10000  # a lease not renewed for this long belongs to a closed (or frozen) tab
MAX_STATE_CHARS = 10_000  # a tab's state or a lease read back longer than this is ignored


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
            state = read_json(self.session.get(TAB_KEY) or "{}", MAX_STATE_CHARS)
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
            for index in range(int(self.storage.size())):
                key = self.storage.key_at(index)
                if key is None or not str(key).startswith(OPEN_PREFIX):
                    continue
                lease = read_json(self.storage.get(key), MAX_STATE_CHARS)
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
                self.session.put(TAB_KEY, json.dumps(state))
            except Exception:
                pass  # not remembered: a reload resumes the most recent game instead
        self.renew()

    def renew(self) -> None:
        if self.slot is None or self.storage is None:
            return
        try:
            lease = json.dumps({"tab": self.tab, "seen": self.now()})
            self.storage.put(OPEN_PREFIX + self.slot, lease)
        except Exception:
            pass  # storage full or refused: other tabs may offer this game too

    def release(self) -> None:
        if self.slot is None or self.storage is None:
            return
        try:
            lease = read_json(self.storage.get(OPEN_PREFIX + self.slot), MAX_STATE_CHARS)
            if isinstance(lease, dict) and lease.get("tab") == self.tab:
                self.storage.drop(OPEN_PREFIX + self.slot)
        except Exception:
            pass  # nothing to release

    @staticmethod
    def saved_key(game_id: str) -> str:
        """The storage key game ``game_id`` is saved under (another tab's storage event names
        it)."""
        return GAME_PREFIX + game_id
