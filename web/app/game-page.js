// Binds a game page to the engine: the board, the status line, the move list, the buttons,
// the options form and the keyboard. No rule lives here: every decision comes back from the
// engine's controller as a view (see pyengine/controller.py for its fields).

import { I18n } from "./i18n.js";
import { EngineClient } from "./engine.js";

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
        let reply;
        try {
            reply = await this.engine.request(request);
        } catch (error) {
            console.warn("engine request failed", error);
            reply = { ok: false, error: { code: "internal", params: {} } };
        }
        if (reply.view) this.view = reply.view;
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

    bindControls() {
        this.board.addEventListener("click", (event) => {
            const cell = event.target.closest("[data-cell]");
            if (cell && this.view) {
                this.cursor = cell.dataset.cell;
                this.send({ op: "click", cell: cell.dataset.cell });
            }
        });
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
            const button = event.target.closest("button[data-play]");
            if (button) this.send({ op: "play", action: button.dataset.play });
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
            else if (field.dataset.kind === "int") options[field.name] = Number(field.value);
            else options[field.name] = field.value;
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
            if (this.cursor) this.send({ op: "click", cell: this.cursor });
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
        // Engine errors carry their English text as a fallback for a key the page lacks.
        const t = (message) =>
            message.fallback && !this.i18n.has(message.key) ? message.fallback : this.i18n.t(message.key, message.params);
        this.board.innerHTML = view.svg; // the engine's own SVG: no user text, no scripts, no styles
        for (const [cell, label] of Object.entries(view.cell_labels)) {
            this.board.querySelector(`[data-cell="${cell}"]`)?.setAttribute("aria-label", t(label));
        }
        if (document.activeElement === this.board) this.showCursor();

        const turn = $("turn");
        turn.dataset.player = view.to_move ?? "none";
        $("turn-text").textContent = view.result ? t(view.result.title) : t(view.turn);
        $("status").textContent = t(view.status);
        const message = $("message");
        message.textContent = this.message ? t(this.message) : "";
        message.dataset.level = this.message?.level || "info";

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
                button.dataset.play = choice.action;
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

// Start the runtime first: it is the long pole, and translations load while it boots.
const engine = new EngineClient();
engine.start().catch(() => {}); // a failure is reported by GamePage.start
const i18n = await I18n.start();
const page = new GamePage(i18n, engine);
window.virusGames = page; // for debugging in the console and for the e2e tests
page.start();
