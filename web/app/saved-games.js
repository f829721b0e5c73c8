// Games kept in this browser (localStorage), so that nothing is lost on a reload or when the
// tab closes: the game page writes its game after every reply (the view's `saved` document,
// which the engine's `restore` request takes back), the home page lists the unfinished ones.
//
// Layout: "virus-games.saved" holds the index, a list of entries {id, game, updated, plies,
// over, title, seats}; "virus-games.saved.<id>" holds that game's match document and
// "virus-games.board.<id>" the SVG of its board. Storage may
// be missing or refused (a blog's cross-site iframe, private modes, a full quota): every
// method then quietly does nothing and the game plays on unsaved.

const INDEX_KEY = "virus-games.saved";
const GAME_PREFIX = "virus-games.saved.";
// The board last drawn for a game: painted at once when its page opens again, before the
// engine has started (a picture only; the engine's first view replaces it).
const BOARD_PREFIX = "virus-games.board.";
// The most games kept; beyond it the oldest finished ones go first, then the oldest.
export const MAX_SAVED = 30;

function openStorage() {
    try {
        const storage = window.localStorage;
        storage.getItem(INDEX_KEY); // throws where storage is refused
        return storage;
    } catch {
        return null;
    }
}

function isEntry(entry) {
    return entry && typeof entry === "object" && typeof entry.id === "string" && /^[a-z0-9-]{1,40}$/.test(entry.id)
        && typeof entry.game === "string" && typeof entry.updated === "number";
}

export class SavedGames {
    constructor(storage = openStorage()) {
        this.storage = storage;
    }

    get available() {
        return this.storage !== null;
    }

    // Every entry, the most recently played first (a damaged index reads as empty).
    list() {
        if (!this.storage) return [];
        try {
            const index = JSON.parse(this.storage.getItem(INDEX_KEY) || "[]");
            return Array.isArray(index) ? index.filter(isEntry).sort((a, b) => b.updated - a.updated) : [];
        } catch {
            return [];
        }
    }

    // The unfinished games with at least one action (a game nobody touched is not listed).
    unfinished(game = null) {
        return this.list().filter((entry) => !entry.over && entry.plies > 0 && (game === null || entry.game === game));
    }

    // The game to resume when `game`'s page opens: its most recently played unfinished game,
    // else its most recent game if that one was never played (its options and seats). Games
    // whose ids are in `exclude` (open in other tabs) are passed over.
    latest(game, exclude = new Set()) {
        const entries = this.list().filter((entry) => entry.game === game && !entry.over && !exclude.has(entry.id));
        return entries.find((entry) => entry.plies > 0) || entries[0] || null;
    }

    // The match document saved under `id`, or null.
    read(id) {
        if (!this.storage) return null;
        try {
            const text = this.storage.getItem(GAME_PREFIX + id);
            return text === null ? null : JSON.parse(text);
        } catch {
            return null;
        }
    }

    static newId() {
        const random = crypto.getRandomValues(new Uint32Array(2));
        return `${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
    }

    // Saves `view` (an engine view) as game `id`. Returns whether it was stored.
    write(id, view) {
        if (!this.storage || !view?.saved) return false;
        const entry = {
            id,
            game: view.game,
            updated: Date.now(),
            plies: view.ply_count,
            over: Boolean(view.result),
            title: view.result ? view.result.title : view.turn,
            seats: view.seats,
        };
        const entries = [entry, ...this.list().filter((other) => other.id !== id)];
        for (let attempt = 0; attempt < 3; attempt += 1) {
            try {
                this.storage.setItem(GAME_PREFIX + id, JSON.stringify(view.saved));
                this.writeIndex(this.prune(entries));
                this.writeBoard(id, view.svg);
                return true;
            } catch {
                // most likely the quota: drop the oldest games (never this one) and try again
                const dropped = entries.splice(Math.max(1, entries.length - 5));
                if (!dropped.length) break;
                for (const old of dropped) this.forget(old.id);
            }
        }
        return false;
    }

    remove(id) {
        if (!this.storage) return;
        try {
            this.forget(id);
            this.writeIndex(this.list().filter((entry) => entry.id !== id));
        } catch {
            // nothing more to do: the entry stays listed
        }
    }

    prune(entries) {
        const kept = [...entries];
        while (kept.length > MAX_SAVED) {
            // never the first entry: the game being saved
            const finished = kept.map((entry, index) => [entry, index]).filter(([entry, index]) => entry.over && index > 0);
            const index = finished.length ? finished[finished.length - 1][1] : kept.length - 1;
            const [old] = kept.splice(index, 1);
            this.forget(old.id);
        }
        return kept;
    }

    // The board SVG saved for game `id`, or null.
    board(id) {
        try {
            return this.storage?.getItem(BOARD_PREFIX + id) ?? null;
        } catch {
            return null;
        }
    }

    writeBoard(id, svg) {
        try {
            if (typeof svg === "string") this.storage.setItem(BOARD_PREFIX + id, svg);
        } catch {
            this.storage.removeItem(BOARD_PREFIX + id); // only a picture: never worth a game
        }
    }

    forget(id) {
        this.storage.removeItem(GAME_PREFIX + id);
        this.storage.removeItem(BOARD_PREFIX + id);
    }

    writeIndex(entries) {
        this.storage.setItem(INDEX_KEY, JSON.stringify(entries));
    }
}

// Which saved game each open tab plays, so that two tabs never play (and save) the same game:
// a tab remembers its game per page in sessionStorage (it survives a reload of that tab only),
// and holds a lease on it in localStorage ("virus-games.open.<id>": {tab, seen}), renewed every
// LEASE_RENEW_MS while the tab is open and dropped when it closes. A page opened in a new tab
// resumes the most recent unfinished game that no other tab holds.
const TAB_KEY = "virus-games.tab";
const OPEN_PREFIX = "virus-games.open.";
const LEASE_RENEW_MS = 4000;
const LEASE_MS = 10000; // a lease not renewed for this long belongs to a closed (or frozen) tab

function openSession() {
    try {
        const session = window.sessionStorage;
        session.getItem(TAB_KEY);
        return session;
    } catch {
        return null;
    }
}

export class TabGames {
    constructor(game, storage = openStorage(), session = openSession()) {
        this.game = game;
        this.storage = storage;
        this.session = session;
        this.slot = null;
        const state = this.readState();
        this.tab = typeof state.tab === "string" ? state.tab : SavedGames.newId();
        this.timer = null;
    }

    readState() {
        try {
            const state = JSON.parse(this.session?.getItem(TAB_KEY) || "{}");
            return state && typeof state === "object" && !Array.isArray(state) ? state : {};
        } catch {
            return {};
        }
    }

    // This tab's game on this page (before a reload), or null.
    own() {
        const games = this.readState().games;
        const id = games && typeof games === "object" ? games[this.game] : null;
        return typeof id === "string" ? id : null;
    }

    // The ids of the games other open tabs hold.
    heldElsewhere() {
        const held = new Set();
        if (!this.storage) return held;
        try {
            const now = Date.now();
            for (let index = 0; index < this.storage.length; index += 1) {
                const key = this.storage.key(index);
                if (!key?.startsWith(OPEN_PREFIX)) continue;
                const lease = JSON.parse(this.storage.getItem(key) || "null");
                if (lease?.tab !== this.tab && now - Number(lease?.seen) < LEASE_MS) held.add(key.slice(OPEN_PREFIX.length));
            }
        } catch {
            // unreadable leases: nothing is known to be held
        }
        return held;
    }

    // This tab now plays game `id` (null: none).
    claim(id) {
        if (id === this.slot) return;
        this.release();
        this.slot = id;
        if (id === null) return;
        try {
            const state = this.readState();
            state.tab = this.tab;
            state.games = { ...(state.games && typeof state.games === "object" ? state.games : {}), [this.game]: id };
            this.session?.setItem(TAB_KEY, JSON.stringify(state));
        } catch {
            // not remembered: a reload resumes the most recent game instead
        }
        this.renew();
        if (this.timer === null && this.storage) {
            this.timer = setInterval(() => this.renew(), LEASE_RENEW_MS);
            addEventListener("pagehide", () => this.release());
            addEventListener("pageshow", () => this.renew());
        }
    }

    renew() {
        if (this.slot === null) return;
        try {
            this.storage?.setItem(OPEN_PREFIX + this.slot, JSON.stringify({ tab: this.tab, seen: Date.now() }));
        } catch {
            // storage full or refused: other tabs may offer this game too
        }
    }

    release() {
        if (this.slot === null) return;
        try {
            const lease = JSON.parse(this.storage?.getItem(OPEN_PREFIX + this.slot) || "null");
            if (lease?.tab === this.tab) this.storage.removeItem(OPEN_PREFIX + this.slot);
        } catch {
            // nothing to release
        }
    }
}

// The storage key a game's match document is saved under (another tab's `storage` event names it).
export function savedKey(id) {
    return GAME_PREFIX + id;
}
