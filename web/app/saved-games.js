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
    // else its most recent game if that one was never played (its options and seats).
    latest(game) {
        const entries = this.list().filter((entry) => entry.game === game);
        return entries.find((entry) => !entry.over && entry.plies > 0) || entries.find((entry) => !entry.over) || null;
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
