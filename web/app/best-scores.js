// Fight the Virus solo: the best scores kept in this browser (rules §4.3: top 10 by turns,
// fewer is better, a tie keeps the older entry; each entry has name, turns, seed, date and the
// spec version). Storage can be refused (private mode, blocked cookies): the table then lives
// only as long as the page, and the page says so.
//
// DOM (web/templates/game.html): #best-panel (details), #best-empty, #best-scores (table),
// #best-scores-body (tr[data-rank][data-turns][data-seed], class "new" on the game just
// recorded), #best-unsaved; in the result banner #result-best (data-rank, or
// data-rank="none" when the score is not in the table).

const $ = (id) => document.getElementById(id);

export const STORAGE_KEY = "virus-games.ftv.best";
export const SPEC_VERSION = "1";
export const MAX_ENTRIES = 10;

function isEntry(entry) {
    return entry && typeof entry === "object" && Number.isInteger(entry.turns) && entry.turns > 0
        && typeof entry.name === "string" && typeof entry.seed === "string" && typeof entry.date === "string";
}

// The table with `entry` added: sorted by turns, the new entry after every entry with as few
// turns (a tie keeps the older one first), cut to MAX_ENTRIES. Returns {entries, rank}
// (rank 1-based, null when the entry did not make the table).
export function insertScore(entries, entry) {
    const list = [...entries];
    let index = list.findIndex((other) => other.turns > entry.turns);
    if (index < 0) index = list.length;
    list.splice(index, 0, entry);
    const kept = list.slice(0, MAX_ENTRIES);
    return { entries: kept, rank: index < MAX_ENTRIES ? index + 1 : null };
}

export class BestScores {
    constructor(i18n) {
        this.i18n = i18n;
        this.memory = []; // the table when storage is refused
        this.saved = true;
        this.latest = null; // the entry recorded last on this page (drawn as "new")
    }

    load() {
        try {
            const text = localStorage.getItem(STORAGE_KEY);
            const entries = text ? JSON.parse(text) : [];
            this.saved = true;
            return Array.isArray(entries) ? entries.filter(isEntry).slice(0, MAX_ENTRIES) : [];
        } catch {
            this.saved = false;
            return this.memory;
        }
    }

    store(entries) {
        this.memory = entries;
        try {
            localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
            this.saved = true;
        } catch {
            this.saved = false;
        }
    }

    // Adds a finished solo game; returns its rank (null: not in the top 10).
    record({ name, turns, seed }) {
        const entry = { name: String(name), turns, seed: String(seed), date: new Date().toISOString(), version: SPEC_VERSION };
        const { entries, rank } = insertScore(this.load(), entry);
        this.store(entries);
        this.latest = rank === null ? null : entry;
        return rank;
    }

    // Draws the side-panel table (texts only: names are user input).
    draw() {
        const entries = this.load();
        $("best-empty").hidden = entries.length > 0;
        $("best-scores").hidden = entries.length === 0;
        $("best-unsaved").hidden = this.saved;
        const dates = new Intl.DateTimeFormat(this.i18n.language, { dateStyle: "short" });
        $("best-scores-body").replaceChildren(
            ...entries.map((entry, index) => {
                const row = document.createElement("tr");
                row.dataset.rank = String(index + 1);
                row.dataset.turns = String(entry.turns);
                row.dataset.seed = entry.seed;
                const latest = this.latest;
                if (latest && entry.date === latest.date && entry.seed === latest.seed && entry.turns === latest.turns) {
                    row.classList.add("new");
                }
                const date = new Date(entry.date);
                const cells = [String(index + 1), entry.name, String(entry.turns), entry.seed,
                    Number.isNaN(date.getTime()) ? entry.date : dates.format(date)];
                for (const [column, text] of cells.entries()) {
                    const cell = document.createElement(column === 0 ? "th" : "td");
                    if (column === 0) cell.scope = "row";
                    cell.textContent = text;
                    row.append(cell);
                }
                return row;
            }),
        );
    }
}
