// Who plays each seat: one select per seat, a person ("human") or a kind of computer player.
// body[data-bots] lists the kinds the game offers, weakest first (written by web/build.py from
// pyengine.controller.seat_kinds: random, easy, medium, hard and a game's own, such as Fight
// the Virus's greedy). The number of seats is the options form's `players` field, or for a
// game without one (Zebra, Virus War) body[data-seats]. The choices are sent as the new
// request's `seats` (see pyengine/controller.py). Every seat is a person by default (one
// device, hot seat); `versusComputer()` makes the others computers.
//
// DOM: #seat-kinds (fieldset, hidden when the game has no computer player), #seat-kinds-list
// with one div.seat-kind[data-seat] per seat holding a label and select#seat-kind-<seat>
// [data-seat] (values "human" and the kinds). The selects have no `name`, so they are not read
// as game options.

const $ = (id) => document.getElementById(id);
export const HUMAN = "human";
// The level `versusComputer()` gives the computer seats (the last kind if the game lacks it).
const VERSUS_LEVEL = "medium";

export class SeatKinds {
    constructor(i18n, form) {
        this.i18n = i18n;
        this.form = form;
        this.bots = (document.body.dataset.bots || "").split(/\s+/).filter(Boolean);
        this.players = form.querySelector('[name="players"]');
        this.fixed = Number(document.body.dataset.seats) || 0; // seats of a game without `players`
        this.choices = []; // kept across player-count changes: seat -> kind
        this.enabled = this.bots.length > 0 && (this.players !== null || this.fixed > 0);
        $("seat-kinds").hidden = !this.enabled;
        if (!this.enabled) return;
        $("seat-kinds-list").addEventListener("change", (event) => {
            const select = event.target.closest("select[data-seat]");
            if (select) this.choices[Number(select.dataset.seat)] = select.value;
        });
        this.i18n.onChange(() => this.update(true));
        this.update();
    }

    count() {
        if (this.players === null) return this.fixed;
        const value = Number(this.players.value);
        return Number.isInteger(value) && value > 0 ? value : 0;
    }

    kindLabel(kind) {
        const key = `play.seat-kind.${kind}`;
        return this.i18n.has(key) ? this.i18n.t(key) : kind;
    }

    // Rebuilds the selects after the player count changed (or the language, `relabel`).
    update(relabel = false) {
        if (!this.enabled) return;
        const list = $("seat-kinds-list");
        const count = this.count();
        if (!relabel && list.children.length === count) return;
        list.replaceChildren(
            ...Array.from({ length: count }, (_, seat) => {
                const row = document.createElement("div");
                row.className = "seat-kind field";
                row.dataset.seat = String(seat);
                const label = document.createElement("label");
                label.htmlFor = `seat-kind-${seat}`;
                label.textContent = this.i18n.t("play.seat-label", { number: seat + 1 });
                const select = document.createElement("select");
                select.id = `seat-kind-${seat}`;
                select.dataset.seat = String(seat);
                for (const kind of [HUMAN, ...this.bots]) {
                    const option = document.createElement("option");
                    option.value = kind;
                    option.textContent = this.kindLabel(kind);
                    select.append(option);
                }
                select.value = this.choices[seat] || HUMAN;
                row.append(label, select);
                return row;
            }),
        );
    }

    // Whether "play the computer" makes sense: computer players and at least two seats.
    canPlayComputer() {
        return this.enabled && this.count() >= 2;
    }

    // Seat 1 a person, every other seat a computer (the medium level, or a computer kind
    // already chosen for it).
    versusComputer() {
        if (!this.canPlayComputer()) return;
        const level = this.bots.includes(VERSUS_LEVEL) ? VERSUS_LEVEL : this.bots[this.bots.length - 1];
        for (let seat = 0; seat < this.count(); seat += 1) {
            const current = this.choices[seat];
            this.choices[seat] = seat === 0 ? HUMAN : current && current !== HUMAN ? current : level;
        }
        this.update(true);
    }

    // Shows the seats of the game in play (a resumed or shared game), so that "new game"
    // keeps them.
    setSeats(seats) {
        if (!this.enabled) return;
        this.choices = seats.map((kind) => ([HUMAN, ...this.bots].includes(kind) ? kind : HUMAN));
        this.update(true);
    }

    // The `seats` of a new request, or undefined when the game offers no computer player.
    seats() {
        if (!this.enabled) return undefined;
        this.update();
        return [...$("seat-kinds-list").querySelectorAll("select[data-seat]")].map((select) => select.value);
    }
}
