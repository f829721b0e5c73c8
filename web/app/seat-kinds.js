// Who plays each seat, for games with computer players (body[data-bots] lists their names,
// written by web/build.py from the presentation's BOTS): one select per seat, human or a
// computer, as many as the options form's `players` field says. The choices are sent as the
// new request's `seats` (see pyengine/controller.py).
//
// DOM: #seat-kinds (fieldset, hidden when the game has no computer player or no `players`
// option), #seat-kinds-list with one div.seat-kind[data-seat] per seat holding a label and
// select#seat-kind-<seat>[data-seat] (values "human" and the bot names). The selects have no
// `name`, so they are not read as game options.

const $ = (id) => document.getElementById(id);
export const HUMAN = "human";

export class SeatKinds {
    constructor(i18n, form) {
        this.i18n = i18n;
        this.form = form;
        this.bots = (document.body.dataset.bots || "").split(/\s+/).filter(Boolean);
        this.players = form.querySelector('[name="players"]');
        this.choices = []; // kept across player-count changes: seat -> kind
        this.enabled = this.bots.length > 0 && this.players !== null;
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
        const value = Number(this.players?.value);
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

    // The `seats` of a new request, or undefined when the game offers no computer player.
    seats() {
        if (!this.enabled) return undefined;
        this.update();
        return [...$("seat-kinds-list").querySelectorAll("select[data-seat]")].map((select) => select.value);
    }
}
