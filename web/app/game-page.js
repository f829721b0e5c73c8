// Binds a game page to the engine: the board, the status line, the move list, the buttons,
// the options form and the keyboard. No rule lives here: every decision comes back from the
// engine's controller as a view (see pyengine/controller.py for its fields). A secret setup
// (view.setup) is composed in the program builder (program-builder.js), behind a "pass the
// device" privacy screen for each seat.

import { I18n } from "./i18n.js";
import { EngineClient } from "./engine.js";
import { ProgramBuilder } from "./program-builder.js";

const $ = (id) => document.getElementById(id);

class GamePage {
    constructor(i18n, engine) {
        this.i18n = i18n;
        this.engine = engine;
        this.game = document.body.dataset.game;
        this.view = null;
        this.message = null;
        this.cursor = null;
        this.board = $("board");
        this.dismissedResult = null; // the ply count whose result banner the player closed
        // Secret setups: the seat that last passed the privacy screen (null: nobody yet in this
        // game), a counter of games started or loaded (a new game's draft starts empty), and
        // the board with the draft drawn on it ({key, svg}) from the engine's preview op.
        this.unlockedSeat = null;
        this.generation = 0;
        this.preview = null;
        this.previewCount = 0;
        this.privacySeat = null; // the seat the privacy screen last showed (it takes the focus once)
        this.submitting = false;
        this.builder = new ProgramBuilder(i18n, {
            onDraft: (text) => this.previewDraft(text),
            onSubmit: (text) => this.submitProgram(text),
        });
    }

    async start() {
        this.bindControls();
        this.i18n.onChange(() => this.view && this.render());
        this.setLoading(true);
        try {
            await this.engine.start();
        } catch (error) {
            console.warn("engine start failed", error);
            $("loading-text").textContent = this.i18n.t("play.loading-failed");
            $("loading").classList.add("failed");
            return;
        }
        await this.send({ op: "new", game: this.game, options: this.readOptions() });
        this.setLoading(false);
        performance.mark("game-ready"); // read by bench/load.py
        document.body.dataset.ready = "true";
    }

    setLoading(loading) {
        $("loading").hidden = !loading;
        this.board.setAttribute("aria-busy", String(loading));
        for (const button of document.querySelectorAll("[data-needs-engine]")) button.disabled = loading;
    }

    async send(request) {
        // Another game: the privacy screen comes back for its first secret setup. The seat is
        // forgotten when the request leaves, so that a player who says "I am Player 1" while
        // it is on its way is not asked again; a refused request (the old game stays) gives
        // it back.
        const replacing = request.op === "new" || request.op === "load";
        const unlocked = this.unlockedSeat;
        if (replacing) this.unlockedSeat = null;
        let reply;
        try {
            reply = await this.engine.request(request);
        } catch (error) {
            console.warn("engine request failed", error);
            reply = { ok: false, error: { code: "internal", params: {} } };
        }
        if (reply.view) this.view = reply.view;
        if (replacing && reply.ok) {
            this.generation += 1; // the builder starts from an empty draft
            this.privacySeat = null;
            this.preview = null;
        } else if (replacing && this.unlockedSeat === null) {
            this.unlockedSeat = unlocked;
        }
        this.message = reply.ok ? reply.message || null : { ...this.errorMessage(reply.error), level: "error" };
        if (this.view) this.render();
        return reply;
    }

    errorMessage(error) {
        const key = `error.${error.code}`;
        if (this.i18n.has(key)) return { key, params: error.params || {} };
        // Record errors name the line and turn; their reason is the engine's English text.
        const family = error.code.startsWith("record.") ? "error.record.generic" : "error.generic";
        return { key: family, params: { message: error.message || error.code } };
    }

    // ---- input ---------------------------------------------------------------------------

    // A click (or Enter) on a board cell: while a program is being written it picks the
    // builder's slot; otherwise the engine decides what it means.
    clickCell(cell) {
        if (!this.view) return;
        this.cursor = cell;
        if (this.view.setup) {
            if (this.builder.visible) this.builder.selectCell(cell);
            return;
        }
        this.send({ op: "click", cell });
    }

    bindControls() {
        this.board.addEventListener("click", (event) => {
            const cell = event.target.closest("[data-cell]");
            if (cell) this.clickCell(cell.dataset.cell);
        });
        // Pictures beside the board (Virus Fight's supplies): a [data-click] element is a click
        // token, like a board cell (the same choices are also buttons, for the keyboard).
        $("extras").addEventListener("click", (event) => {
            const target = event.target.closest("[data-click]");
            if (target && this.view) this.send({ op: "click", cell: target.dataset.click });
        });
        $("privacy-ready").addEventListener("click", () => this.unlock());
        this.board.addEventListener("keydown", (event) => this.onBoardKey(event));
        this.board.addEventListener("focus", () => this.showCursor());
        $("undo").addEventListener("click", () => this.send({ op: "undo" }));
        $("redo").addEventListener("click", () => this.send({ op: "redo" }));
        $("download").addEventListener("click", () => this.download());
        $("result-close").addEventListener("click", () => {
            this.dismissedResult = this.view?.ply_count ?? null;
            $("result").hidden = true;
            this.board.focus();
        });
        $("turn-actions").addEventListener("click", (event) => {
            const button = event.target.closest("button[data-play], button[data-click]");
            if (!button) return;
            if (button.dataset.play !== undefined) this.send({ op: "play", action: button.dataset.play });
            else this.send({ op: "click", cell: button.dataset.click });
        });
        for (const button of document.querySelectorAll("[data-action=new-game]")) {
            button.addEventListener("click", () => this.newGame());
        }
        $("record-form").addEventListener("submit", async (event) => {
            event.preventDefault();
            const reply = await this.send({ op: "load", game: this.game, record: $("record-text").value });
            if (reply.ok) this.board.focus();
        });
        $("options").addEventListener("change", () => this.applyConstraints());
        this.applyConstraints();
        $("options").addEventListener("submit", (event) => {
            event.preventDefault();
            this.newGame();
        });
        document.addEventListener("keydown", (event) => {
            if (event.target.closest("input, select, textarea")) return;
            const key = event.key.toLowerCase();
            if ((event.ctrlKey || event.metaKey) && key === "z" && !event.shiftKey) {
                event.preventDefault();
                this.send({ op: "undo" });
            } else if ((event.ctrlKey || event.metaKey) && (key === "y" || (key === "z" && event.shiftKey))) {
                event.preventDefault();
                this.send({ op: "redo" });
            } else if (key === "p" && !event.ctrlKey && !event.metaKey && !event.altKey) {
                const pass = document.querySelector('#turn-actions button[data-play="pass"]');
                if (pass) {
                    event.preventDefault();
                    pass.click();
                }
            }
        });
    }

    // Keeps the options form consistent with the game's cross-option rules (for example Zebra's
    // odd sizes for the hole, remove and neutral setups): values the rules forbid are disabled,
    // and a forbidden current value moves to the nearest allowed one.
    applyConstraints() {
        const source = $("option-constraints");
        if (!source) return;
        const form = $("options");
        const fields = Object.fromEntries([...form.querySelectorAll("[name]")].map((field) => [field.name, field]));
        for (const field of Object.values(fields)) {
            for (const option of field.querySelectorAll?.("option") || []) option.disabled = false;
        }
        for (const rule of JSON.parse(source.textContent)) {
            const when = fields[rule.when];
            const target = fields[rule.option];
            if (!when || !target || !rule.values.map(String).includes(when.value)) continue;
            const allowed = rule.allowed.map(String);
            for (const option of target.querySelectorAll("option")) option.disabled = !allowed.includes(option.value);
            if (!allowed.includes(target.value)) {
                const current = Number(target.value);
                const nearest = [...allowed].sort((a, b) => Math.abs(a - current) - Math.abs(b - current))[0];
                target.value = nearest;
            }
        }
    }

    readOptions() {
        const options = {};
        for (const field of $("options").querySelectorAll("[name]")) {
            if (field.type === "checkbox") options[field.name] = field.checked;
            else if (field.dataset.kind === "int") {
                const text = field.value.trim();
                if (text === "") continue; // an empty number field: the engine chooses (a random seed)
                options[field.name] = exactInteger(text);
            } else options[field.name] = field.value;
        }
        return options;
    }

    async newGame() {
        const reply = await this.send({ op: "new", game: this.game, options: this.readOptions() });
        if (reply.ok) this.board.focus();
    }

    onBoardKey(event) {
        if (!this.view) return;
        const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
        if (event.key in moves) {
            event.preventDefault();
            this.moveCursor(...moves[event.key]);
        } else if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            if (this.cursor) this.clickCell(this.cursor);
        } else if (event.key === "Escape") {
            event.preventDefault();
            this.send({ op: "cancel" });
        }
    }

    moveCursor(dx, dy) {
        const { files, ranks, flipped } = this.view.grid;
        const names = this.view.grid.file_names; // not always the alphabet: Virus War has no j
        let [file, rank] = this.cursor
            ? [names.indexOf(this.cursor[0]), Number(this.cursor.slice(1)) - 1]
            : [0, 0];
        if (flipped) [dx, dy] = [-dx, -dy];
        file = Math.min(files - 1, Math.max(0, file + dx));
        rank = Math.min(ranks - 1, Math.max(0, rank + dy));
        this.cursor = `${names[file]}${rank + 1}`;
        this.showCursor(true);
    }

    showCursor(announce = false) {
        if (!this.view) return;
        if (!this.cursor) this.cursor = this.view.selected || this.view.sources[0] || "a1";
        for (const element of this.board.querySelectorAll(".cursor")) element.classList.remove("cursor");
        const cell = this.board.querySelector(`[data-cell="${this.cursor}"]`);
        if (!cell) return;
        cell.classList.add("cursor");
        if (announce) $("announce").textContent = cell.getAttribute("aria-label") || this.cursor;
    }

    async download() {
        if (!this.view) return;
        const reply = await this.engine.request({ op: "diagram" });
        if (!reply.ok) return;
        const blob = new Blob([reply.svg], { type: "image/svg+xml" });
        const link = document.createElement("a");
        link.href = URL.createObjectURL(blob);
        link.download = `${this.game}-${reply.ply_count}.svg`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    }

    // ---- output --------------------------------------------------------------------------

    render() {
        const view = this.view;
        // Engine errors carry their English text as a fallback for a key the page lacks, and
        // any message may carry `more` texts (see I18n.message).
        const t = (message) => this.i18n.message(message);
        this.renderSetup(view);
        this.drawBoard();
        this.renderExtras(view.extras || [], view.to_move);

        const turn = $("turn");
        turn.dataset.player = view.to_move ?? "none";
        $("turn-text").textContent = view.result ? t(view.result.title) : t(view.turn);
        $("status").textContent = t(view.status);
        this.renderMessage();

        $("scores").replaceChildren(
            ...view.scores.map((score) => {
                const item = document.createElement("li");
                item.dataset.player = score.player;
                item.textContent = t(score.label);
                return item;
            }),
        );
        this.renderMoves(view.moves);
        $("turn-actions").replaceChildren(
            ...view.buttons.map((choice) => {
                const button = document.createElement("button");
                button.type = "button";
                if (choice.action !== undefined && choice.action !== null) button.dataset.play = choice.action;
                else button.dataset.click = choice.click;
                button.textContent = t(choice.label);
                return button;
            }),
        );
        const record = $("record-text");
        if (document.activeElement !== record) record.value = view.record; // never overwrite typing
        $("undo").disabled = !view.can_undo;
        $("redo").disabled = !view.can_redo;

        const banner = $("result");
        banner.hidden = !view.result || this.dismissedResult === view.ply_count;
        if (view.result) {
            $("result-title").textContent = t(view.result.title);
            $("result-detail").textContent = view.result.details.map(t).join(" ");
        }
    }

    renderMessage() {
        const message = $("message");
        message.textContent = this.message ? this.i18n.message(this.message) : "";
        message.dataset.level = this.message?.level || "info";
    }

    // The board: the engine's SVG, or while a program is being written the engine's preview
    // of the draft (same cells, same data-cell attributes).
    drawBoard() {
        const view = this.view;
        const preview = this.builder.visible && this.preview?.key === this.draftKey() ? this.preview.svg : null;
        this.board.innerHTML = preview ?? view.svg; // the engine's own SVG: no user text, no scripts, no styles
        for (const [cell, label] of Object.entries(view.cell_labels)) {
            const text = (this.builder.visible && this.builder.cellLabel(cell)) || this.i18n.message(label);
            this.board.querySelector(`[data-cell="${cell}"]`)?.setAttribute("aria-label", text);
        }
        if (document.activeElement === this.board) this.showCursor();
    }

    renderExtras(extras, toMove) {
        $("extras").replaceChildren(
            ...extras.map((extra) => {
                const figure = document.createElement("figure");
                figure.className = "extra";
                figure.dataset.id = extra.id;
                if (extra.seat !== null && extra.seat !== undefined) {
                    figure.dataset.seat = extra.seat;
                    figure.classList.toggle("current", extra.seat === toMove);
                }
                const caption = document.createElement("figcaption");
                caption.id = `extra-${extra.id}-label`;
                caption.textContent = this.i18n.message(extra.label);
                figure.append(caption);
                figure.insertAdjacentHTML("beforeend", extra.svg); // the engine's own SVG, like the board
                figure.querySelector("svg")?.setAttribute("aria-labelledby", caption.id);
                return figure;
            }),
        );
    }

    // ---- secret setups (view.setup) --------------------------------------------------------

    // The privacy screen covers the board while the seat to write a program has not said it
    // holds the device; then the builder shows. Once every program is in, both go away.
    renderSetup(view) {
        const setup = view.setup || null;
        const locked = setup !== null && setup.seat !== this.unlockedSeat;
        const privacy = $("privacy");
        privacy.hidden = !locked;
        this.board.hidden = locked;
        $("extras").hidden = setup !== null; // the builder's palette shows the pieces meanwhile
        if (!setup) {
            this.builder.hide();
            this.privacySeat = null;
            this.previewCount += 1; // a preview still on its way is stale
            this.preview = null;
            return;
        }
        if (!locked) {
            this.builder.show(setup, this.generation);
            return;
        }
        this.builder.hide();
        privacy.dataset.seat = setup.seat;
        $("privacy-token").textContent = setup.seat + 1;
        $("privacy-title").textContent = this.i18n.t("virus-fight.setup.privacy-title", { player: setup.player });
        $("privacy-text").textContent = this.i18n.t("virus-fight.setup.privacy-text", { player: setup.player });
        $("privacy-ready").textContent = this.i18n.t("virus-fight.setup.privacy-button", { player: setup.player });
        if (this.privacySeat !== setup.seat) {
            this.privacySeat = setup.seat;
            $("privacy-ready").focus();
        }
    }

    unlock() {
        const setup = this.view?.setup;
        if (!setup) return;
        this.unlockedSeat = setup.seat;
        this.render();
        $("builder-slots").children[this.builder.active]?.focus();
    }

    draftKey() {
        return `${this.builder.identity}|${this.builder.lastDraft}`;
    }

    // Draws the draft on the board (the engine's preview op), or the plain board while the
    // draft is empty or not yet a program.
    async previewDraft(text) {
        const count = ++this.previewCount;
        const key = this.draftKey();
        if (this.message?.preview) {
            this.message = null;
            this.renderMessage();
        }
        if (text === null) {
            this.preview = null;
            if (this.view) this.drawBoard();
            return;
        }
        let reply;
        try {
            reply = await this.engine.request({ op: "preview", action: text });
        } catch (error) {
            console.warn("engine request failed", error);
            return;
        }
        if (count !== this.previewCount || key !== this.draftKey()) return; // the draft moved on
        if (reply.ok) {
            this.preview = { key, svg: reply.svg };
        } else {
            this.preview = null;
            this.message = { ...this.errorMessage(reply.error), level: "error", preview: true };
            this.renderMessage();
        }
        this.drawBoard();
    }

    async submitProgram(text) {
        if (this.submitting) return; // a double click must not submit the next seat's program
        this.submitting = true;
        $("builder-submit").disabled = true;
        try {
            const reply = await this.send({ op: "play", action: text });
            if (reply.ok && !this.view.setup) this.board.focus(); // every program is in: the reveal
        } finally {
            this.submitting = false;
        }
    }

    renderMoves(moves) {
        const list = $("move-list");
        if (!moves.length) {
            list.replaceChildren();
            $("moves-empty").hidden = false;
            return;
        }
        $("moves-empty").hidden = true;
        list.replaceChildren(
            ...moves.map((row) => {
                const item = document.createElement("li");
                if (row.number === null) item.classList.add("prelude");
                else item.value = row.number;
                for (const ply of row.plies) {
                    const span = document.createElement("span");
                    span.className = "ply";
                    span.textContent = ply.text;
                    if (ply.last) span.classList.add("last");
                    item.append(span);
                }
                return item;
            }),
        );
        list.scrollTop = list.scrollHeight;
    }
}

// An integer option typed by the player, kept exact beyond 2**53 (Virus Fight's seed goes up
// to 2**63 - 1) where the browser can write raw JSON numbers; anything else goes as a Number
// for the engine to accept or explain.
function exactInteger(text) {
    const number = Number(text);
    if (Number.isSafeInteger(number) || !/^\d+$/.test(text) || typeof JSON.rawJSON !== "function") return number;
    return JSON.rawJSON(text.replace(/^0+(?=\d)/, ""));
}

// Start the runtime first: it is the long pole, and translations load while it boots.
const engine = new EngineClient();
engine.start().catch(() => {}); // a failure is reported by GamePage.start
const i18n = await I18n.start();
const page = new GamePage(i18n, engine);
window.virusGames = page; // for debugging in the console and for the e2e tests
page.start();
