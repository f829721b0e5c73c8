// The program builder of a secret setup (Virus Fight's programs, view.setup; see
// pyengine/controller.py): a row of slots, one per home cell of the seat, and a palette of the
// seat's pieces. The draft is a small state machine: one code (or null) per slot, the active
// slot and the marker's slot. It knows only the rules the view states: 1 to `max` distinct
// pieces on consecutive slots, the marker on one of them. The engine checks everything again
// when the program is previewed or submitted.
//
// DOM (web/templates/game.html): #program-builder, #builder-title, #builder-help,
// #builder-slots (button.slot[data-cell], with data-code and data-marker="true" once filled /
// marked, aria-pressed on the active one), #builder-palette (button.piece-button[data-code],
// aria-pressed once used), #builder-left / -right / -remove / -marker, #builder-hint,
// #builder-random, #builder-clear, #builder-submit.

const $ = (id) => document.getElementById(id);

// Engine SVG (trusted: no scripts, no styles) as a decorative node: its <title> id would be
// repeated by every copy, the button around it carries the label, and its data-code would
// make two elements answer to [data-code].
function icon(svg) {
    const template = document.createElement("template");
    template.innerHTML = svg.trim();
    const node = template.content.firstElementChild;
    if (!node) return document.createTextNode("");
    for (const element of [node, ...node.querySelectorAll("[id]")]) element.removeAttribute("id");
    node.removeAttribute("data-code");
    node.removeAttribute("aria-labelledby");
    node.removeAttribute("role");
    node.querySelector("title")?.remove();
    node.setAttribute("aria-hidden", "true");
    node.setAttribute("focusable", "false");
    return node;
}

function randomInt(low, high) {
    // inclusive bounds; the quality of Math.random is plenty for a suggested program
    return low + Math.floor(Math.random() * (high - low + 1));
}

export class ProgramBuilder {
    // i18n: the page's I18n; onDraft(text|null): the draft changed (text when submittable);
    // onSubmit(text): the player hides the program.
    constructor(i18n, { onDraft, onSubmit }) {
        this.i18n = i18n;
        this.onDraft = onDraft;
        this.onSubmit = onSubmit;
        this.root = $("program-builder");
        this.setup = null;
        this.identity = null;
        this.slots = [];
        this.active = 0;
        this.marker = null;
        this.lastDraft = undefined;
        this.bind();
    }

    get visible() {
        return !this.root.hidden;
    }

    bind() {
        $("builder-slots").addEventListener("click", (event) => {
            const slot = event.target.closest("button[data-cell]");
            if (slot) this.select(this.setup.segment.indexOf(slot.dataset.cell));
        });
        $("builder-slots").addEventListener("keydown", (event) => this.onSlotKey(event));
        $("builder-palette").addEventListener("click", (event) => {
            const piece = event.target.closest("button[data-code]");
            if (piece && !piece.disabled) this.choose(piece.dataset.code);
        });
        $("builder-palette").addEventListener("keydown", (event) => this.onPaletteKey(event));
        $("builder-left").addEventListener("click", () => this.shift(-1));
        $("builder-right").addEventListener("click", () => this.shift(1));
        $("builder-remove").addEventListener("click", () => this.remove(this.active));
        $("builder-marker").addEventListener("click", () => this.putMarker());
        $("builder-random").addEventListener("click", () => this.randomize());
        $("builder-clear").addEventListener("click", () => this.clear());
        $("builder-submit").addEventListener("click", () => {
            const draft = this.check();
            if (draft.text) this.onSubmit(draft.text);
        });
    }

    // ---- showing --------------------------------------------------------------------------

    // Shows the builder for `setup`; `generation` changes with every new or loaded game, so
    // the same seat of a new game starts from an empty draft.
    show(setup, generation) {
        const identity = JSON.stringify([generation, setup.seat, setup.segment, setup.pieces.map((piece) => piece.code)]);
        this.setup = setup;
        if (identity !== this.identity) {
            this.identity = identity;
            this.slots = setup.segment.map(() => null);
            this.active = 0;
            this.marker = null;
            this.lastDraft = undefined;
            this.build();
        }
        this.root.hidden = false;
        this.update();
    }

    hide() {
        this.root.hidden = true;
    }

    build() {
        const seat = String(this.setup.seat);
        this.root.dataset.seat = seat;
        for (const token of this.root.querySelectorAll(".marker-token")) token.textContent = this.setup.seat + 1;
        $("builder-slots").replaceChildren(
            ...this.setup.segment.map((cell) => {
                const button = document.createElement("button");
                button.type = "button";
                button.className = "slot slot-button";
                button.dataset.cell = cell;
                const picture = document.createElement("span");
                picture.className = "slot-icon";
                const name = document.createElement("span");
                name.className = "slot-cell";
                name.textContent = cell;
                const marker = document.createElement("span");
                marker.className = "seat-token marker-token";
                marker.setAttribute("aria-hidden", "true");
                marker.textContent = this.setup.seat + 1;
                button.append(picture, name, marker);
                return button;
            }),
        );
        $("builder-palette").replaceChildren(
            ...this.setup.pieces.map((piece) => {
                const button = document.createElement("button");
                button.type = "button";
                button.className = "piece-button";
                button.dataset.code = piece.code;
                const code = document.createElement("span");
                code.className = "piece-code";
                code.textContent = piece.code;
                code.setAttribute("aria-hidden", "true");
                button.append(icon(piece.svg), code);
                return button;
            }),
        );
    }

    // ---- the draft ------------------------------------------------------------------------

    pieceOf(code) {
        return this.setup.pieces.find((piece) => piece.code === code);
    }

    placed() {
        return this.slots.flatMap((code, index) => (code ? [index] : []));
    }

    // Where a new piece goes when the active slot is taken: the empty slot just after the run
    // of pieces holding `index`, else just before it, else the first empty slot next to any
    // piece, else the first empty slot; null when every slot is taken.
    nextEmpty(index) {
        const free = (slot) => slot >= 0 && slot < this.slots.length && !this.slots[slot];
        let end = index;
        while (end + 1 < this.slots.length && this.slots[end + 1]) end += 1;
        if (free(end + 1)) return end + 1;
        let start = index;
        while (start > 0 && this.slots[start - 1]) start -= 1;
        if (free(start - 1)) return start - 1;
        const besides = this.slots.findIndex((code, slot) => !code && (this.slots[slot - 1] || this.slots[slot + 1]));
        if (besides >= 0) return besides;
        const empty = this.slots.findIndex((code) => !code);
        return empty >= 0 ? empty : null;
    }

    canAdd() {
        return this.placed().length < this.setup.max;
    }

    select(index) {
        if (index < 0 || index >= this.slots.length) return;
        this.active = index;
        this.update();
    }

    selectCell(cell) {
        const index = this.setup?.segment.indexOf(cell) ?? -1;
        if (index < 0) return false;
        this.select(index);
        return true;
    }

    // A palette click: a piece of the program leaves it; another piece goes to the active
    // slot if it is empty, else next to the program; then the next empty slot next to the
    // program becomes active, ready for the next piece.
    choose(code) {
        const used = this.slots.indexOf(code);
        if (used >= 0) {
            this.remove(used);
            return;
        }
        if (!this.canAdd()) return;
        const target = this.slots[this.active] ? this.nextEmpty(this.active) : this.active;
        if (target === null) return;
        this.slots[target] = code;
        if (this.marker === null) this.marker = target; // the first piece placed carries the marker
        this.active = this.canAdd() ? (this.nextEmpty(target) ?? target) : target;
        this.update();
    }

    remove(index) {
        if (!this.slots[index]) return;
        this.slots[index] = null;
        if (this.marker === index) {
            // the marker goes to the nearest remaining piece (the left one on a tie)
            const left = this.placed().filter((slot) => slot < index).pop();
            const right = this.placed().find((slot) => slot > index);
            if (left === undefined) this.marker = right ?? null;
            else if (right === undefined) this.marker = left;
            else this.marker = index - left <= right - index ? left : right;
        }
        this.active = index;
        this.update();
    }

    shift(step) {
        const from = this.active;
        const to = from + step;
        if (!this.slots[from] || to < 0 || to >= this.slots.length) return;
        [this.slots[from], this.slots[to]] = [this.slots[to], this.slots[from]];
        if (this.marker === from) this.marker = to;
        else if (this.marker === to) this.marker = from;
        this.active = to;
        this.update();
    }

    putMarker() {
        if (!this.slots[this.active]) return;
        this.marker = this.active;
        this.update();
    }

    clear() {
        this.slots = this.slots.map(() => null);
        this.marker = null;
        this.active = 0;
        this.update();
    }

    // A random legal program: random length, offset, distinct pieces and marker.
    randomize() {
        const count = randomInt(1, Math.min(this.setup.max, this.slots.length));
        const start = randomInt(0, this.slots.length - count);
        const codes = this.setup.pieces.map((piece) => piece.code);
        for (let i = codes.length - 1; i > 0; i -= 1) {
            const j = randomInt(0, i);
            [codes[i], codes[j]] = [codes[j], codes[i]];
        }
        this.slots = this.slots.map((_, index) => (index >= start && index < start + count ? codes[index - start] : null));
        this.marker = start + randomInt(0, count - 1);
        this.active = this.marker;
        this.update();
    }

    // What the draft is worth: {text} when it can be submitted, else {hint} saying why not.
    check() {
        const placed = this.placed();
        const segment = this.setup.segment;
        if (!placed.length) return { hint: { key: "virus-fight.setup.hint.empty", params: { max: this.setup.max } } };
        if (placed.length > this.setup.max) {
            return { hint: { key: "virus-fight.setup.hint.too-many", params: { max: this.setup.max } } };
        }
        const first = placed[0];
        const last = placed[placed.length - 1];
        if (last - first + 1 !== placed.length) {
            const gap = segment.slice(first, last + 1).filter((_, offset) => !this.slots[first + offset]);
            return { hint: { key: "virus-fight.setup.hint.gap", params: { cells: gap.join(", ") } } };
        }
        const marker = placed.includes(this.marker) ? this.marker : first;
        const items = placed.map((index) => `${segment[index]}:${this.slots[index]}`);
        return {
            text: `${items.join(" ")} @${segment[marker]}`,
            hint: {
                key: "virus-fight.setup.hint.ready",
                params: { count: placed.length, max: this.setup.max, cell: segment[marker] },
            },
        };
    }

    // The label of a home cell (its slot button, and the board cell while building).
    slotLabel(index) {
        const cell = this.setup.segment[index];
        const code = this.slots[index];
        if (!code) return this.i18n.t("virus-fight.setup.slot-empty", { cell });
        const piece = this.pieceOf(code)?.label ?? code;
        const key = index === this.marker ? "virus-fight.setup.slot-marked" : "virus-fight.setup.slot-piece";
        return this.i18n.t(key, { cell, piece });
    }

    cellLabel(cell) {
        const index = this.setup?.segment.indexOf(cell) ?? -1;
        return index >= 0 ? this.slotLabel(index) : null;
    }

    // ---- drawing --------------------------------------------------------------------------

    update() {
        const focused = document.activeElement;
        this.draw();
        this.keepFocus(focused);
        const text = this.check().text ?? null;
        if (text !== this.lastDraft) {
            this.lastDraft = text;
            this.onDraft(text);
        }
    }

    draw() {
        const setup = this.setup;
        const t = (key, params) => this.i18n.t(key, params);
        $("builder-title").textContent = t("virus-fight.setup.heading", { player: setup.player });
        $("builder-help").textContent = t("virus-fight.setup.help", { max: setup.max });
        const full = !this.canAdd();
        for (const [index, button] of [...$("builder-slots").children].entries()) {
            const code = this.slots[index];
            button.setAttribute("aria-pressed", String(index === this.active));
            button.classList.toggle("active", index === this.active);
            button.classList.toggle("filled", Boolean(code));
            button.classList.toggle("marked", Boolean(code) && index === this.marker);
            if (code) button.dataset.code = code;
            else delete button.dataset.code;
            if (code && index === this.marker) button.dataset.marker = "true";
            else delete button.dataset.marker;
            button.setAttribute("aria-label", this.slotLabel(index));
            const picture = button.querySelector(".slot-icon");
            if (picture.dataset.code !== (code || "")) {
                picture.dataset.code = code || "";
                picture.replaceChildren(code ? icon(this.pieceOf(code).svg) : "");
            }
        }
        for (const button of $("builder-palette").children) {
            const code = button.dataset.code;
            const used = this.slots.includes(code);
            button.setAttribute("aria-pressed", String(used));
            button.classList.toggle("used", used);
            button.disabled = !used && full;
            button.setAttribute("aria-label", this.i18n.message(this.pieceOf(code).label));
        }
        const activeCode = this.slots[this.active];
        $("builder-left").disabled = !activeCode || this.active === 0;
        $("builder-right").disabled = !activeCode || this.active === this.slots.length - 1;
        $("builder-remove").disabled = !activeCode;
        const marker = $("builder-marker");
        marker.disabled = !activeCode;
        marker.setAttribute("aria-pressed", String(Boolean(activeCode) && this.active === this.marker));

        const draft = this.check();
        const hint = $("builder-hint");
        hint.textContent = this.i18n.message(draft.hint);
        hint.dataset.level = draft.text ? "ok" : this.placed().length ? "warning" : "todo";
        $("builder-submit").disabled = !draft.text;
    }

    // A control that got disabled by its own click (Move left at the end of the row, Remove)
    // drops the focus: give it to the active slot instead.
    keepFocus(previous) {
        if (!previous || !this.root.contains(previous) || this.root.hidden) return;
        if (previous.disabled || !this.root.contains(document.activeElement)) {
            $("builder-slots").children[this.active]?.focus();
        }
    }

    // Arrow keys walk the slots (with Shift: move the piece along); Delete removes; M puts the
    // marker.
    onSlotKey(event) {
        const slot = event.target.closest("button[data-cell]");
        if (!slot) return;
        const index = this.setup.segment.indexOf(slot.dataset.cell);
        const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
        if (event.key in moves && !event.altKey && !event.ctrlKey && !event.metaKey) {
            event.preventDefault();
            const target = Math.min(this.slots.length - 1, Math.max(0, index + moves[event.key]));
            if (event.shiftKey) {
                this.active = index;
                this.shift(target - index);
            } else {
                this.select(target);
            }
            $("builder-slots").children[this.active]?.focus();
        } else if (event.key === "Delete" || event.key === "Backspace") {
            event.preventDefault();
            this.remove(index);
        } else if (event.key.toLowerCase() === "m" && !event.altKey && !event.ctrlKey && !event.metaKey) {
            event.preventDefault();
            this.select(index);
            this.putMarker();
        }
    }

    // In the palette the arrow keys move the focus over the pieces (Home, End: the first and
    // the last); Enter or Space takes the focused one, like a click.
    onPaletteKey(event) {
        const buttons = [...$("builder-palette").children];
        const index = buttons.indexOf(event.target.closest("button[data-code]"));
        if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
        const columns = getComputedStyle($("builder-palette")).gridTemplateColumns.split(" ").length || 1;
        const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns,
            Home: -index, End: buttons.length - 1 - index };
        if (!(event.key in moves)) return;
        event.preventDefault();
        buttons[Math.min(buttons.length - 1, Math.max(0, index + moves[event.key]))].focus();
    }
}
