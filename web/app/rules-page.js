// A rules page (rules-<game>.html): translations, and the "try it" boards. Everything a board
// needs was computed by the engine at build time (web/tools/rules_pages.py) and sits in the
// page as JSON: per position its SVG, the click paths of the legal actions with their verdicts,
// the engine's explanation of clicks that make no action and the cells' spoken labels. No
// Python runs here: clicks are matched against the paths exactly as the game page's
// controller matches them (pyengine/controller.py, _op_click).
import { I18n } from "./i18n.js";

const i18n = await I18n.start();

class TryIt {
    constructor(root) {
        this.root = root;
        this.data = JSON.parse(document.getElementById(root.dataset.tryit).textContent);
        this.board = root.querySelector(".tryit-board");
        this.buttons = root.querySelector(".tryit-buttons");
        this.feedback = root.querySelector(".tryit-feedback");
        this.announcer = root.querySelector(".tryit-announce");
        this.startSvg = this.board.innerHTML;
        this.board.addEventListener("click", (event) => {
            const cell = event.target.closest("[data-cell]");
            if (!cell) return;
            this.cursor = cell.dataset.cell;
            this.click(cell.dataset.cell);
        });
        this.board.addEventListener("keydown", (event) => this.onKey(event));
        this.board.addEventListener("focus", () => this.showCursor(false));
        this.board.addEventListener("blur", () => this.hideCursor());
        root.querySelector(".tryit-reset").addEventListener("click", () => {
            this.reset();
            this.board.focus();
        });
        this.reset();
    }

    get node() {
        return this.data.nodes[this.nodeIndex];
    }

    reset() {
        this.nodeIndex = 0;
        this.selection = [];
        this.cursor = null;
        this.feedbackMessage = null;
        this.draw();
    }

    message(index) {
        return i18n.message(this.data.messages[index]);
    }

    // The paths that go on from the selection: [token, ...] of the next click.
    nextTokens(selection = this.selection) {
        const depth = selection.length;
        const tokens = new Set();
        for (const [cells] of this.node.paths) {
            if (cells.length > depth && selection.every((token, index) => cells[index] === token)) tokens.add(cells[depth]);
        }
        return tokens;
    }

    click(token) {
        const node = this.node;
        if (node.done) {
            this.say("rules.tryit.done", "ok");
            return;
        }
        if (this.selection.length && this.selection.at(-1) === token) {
            this.selection.pop(); // clicking the selected cell again takes the selection back
            this.feedbackMessage = null;
            this.draw();
            return;
        }
        for (const prefix of [[...this.selection, token], [token]]) {
            const same = (cells) => cells.length === prefix.length && cells.every((cell, index) => cell === prefix[index]);
            const starts = (cells) => cells.length > prefix.length && prefix.every((cell, index) => cells[index] === cell);
            const complete = node.paths.filter(([cells]) => same(cells));
            const longer = node.paths.filter(([cells]) => starts(cells));
            if (complete.length && !longer.length) {
                this.play(node.actions[complete[0][1]]);
                return;
            }
            if (longer.length) {
                this.selection = prefix;
                this.feedbackMessage = null;
                this.draw();
                this.announce(this.nextTokens().size ? i18n.t("rules.tryit.selected", { cell: this.labelOf(token) }) : "");
                return;
            }
        }
        const clicked = this.selection.length ? [...this.selection, token] : [token];
        const explained = node.explain[clicked.join(" ")];
        this.selection = [];
        this.feedbackMessage = explained === undefined
            ? { key: "rules.tryit.pick-highlighted", level: "error" }
            : { key: "rules.tryit.not-legal", params: { reason: this.data.messages[explained] }, level: "error" };
        this.draw();
    }

    play(action) {
        this.selection = [];
        if (!action.right) {
            this.feedbackMessage = { key: "rules.tryit.legal-but", params: { action: action.text, reason: { key: action.why, params: {} } }, level: "warning" };
            this.draw();
            return;
        }
        this.nodeIndex = action.next;
        const done = this.node.done;
        const key = done ? this.data.success : (this.data.progress || "rules.tryit.go-on");
        this.feedbackMessage = { key: done ? "rules.tryit.right" : "rules.tryit.good-step", params: { action: action.text, reason: { key, params: {} } }, level: "ok" };
        this.draw();
    }

    say(key, level) {
        this.feedbackMessage = { key, params: {}, level };
        this.renderFeedback();
    }

    labelOf(token) {
        const index = this.node.labels[token];
        return index === undefined ? token : this.message(index);
    }

    // ---- drawing -----------------------------------------------------------------------------

    draw() {
        const node = this.node;
        this.board.innerHTML = node.svg ?? this.startSvg; // the engine's own SVG, made at build time
        this.root.classList.toggle("solved", Boolean(node.done));
        const next = node.done ? new Set() : this.nextTokens();
        for (const element of this.board.querySelectorAll("[data-cell]")) {
            const cell = element.dataset.cell;
            const label = this.labelOf(cell);
            const target = next.has(cell);
            element.classList.toggle("tryit-target", target);
            element.classList.toggle("tryit-selected", this.selection.includes(cell));
            element.setAttribute("aria-label", target ? i18n.t("rules.tryit.cell-target", { cell: label }) : label);
        }
        this.drawButtons(next);
        this.renderFeedback();
        if (document.activeElement === this.board) this.showCursor(false);
    }

    // Clicks that are not cells (a die, a piece to write) and actions made without a cell
    // (a pass, "erase nothing") are buttons.
    drawButtons(next) {
        const buttons = [];
        const onBoard = (token) => this.board.querySelector(`[data-cell="${CSS.escape(token)}"]`);
        for (const token of next) {
            if (onBoard(token) || !(token in this.node.buttons)) continue;
            buttons.push(this.button(this.message(this.node.buttons[token]), () => this.click(token), token));
        }
        if (!this.selection.length && !this.node.done) {
            for (const [cells, index] of this.node.paths) {
                const token = `action:${this.node.actions[index].text}`;
                if (cells.length || !(token in this.node.buttons) || buttons.some((button) => button.dataset.token === token)) continue;
                buttons.push(this.button(this.message(this.node.buttons[token]), () => this.play(this.node.actions[index]), token));
            }
        }
        for (const token of this.selection) {
            if (onBoard(token) || !(token in this.node.buttons)) continue;
            const chosen = this.button(this.message(this.node.buttons[token]), () => this.click(token), token);
            chosen.setAttribute("aria-pressed", "true");
            buttons.unshift(chosen);
        }
        this.buttons.replaceChildren(...buttons);
        this.buttons.hidden = buttons.length === 0;
    }

    button(text, onClick, token) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = text;
        button.dataset.token = token;
        button.addEventListener("click", onClick);
        return button;
    }

    renderFeedback() {
        const feedback = this.feedbackMessage;
        this.feedback.textContent = feedback ? i18n.t(feedback.key, feedback.params || {}) : "";
        this.feedback.dataset.level = feedback ? feedback.level : "";
    }

    // ---- keyboard ----------------------------------------------------------------------------

    onKey(event) {
        const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
        if (event.key in moves) {
            event.preventDefault();
            this.moveCursor(...moves[event.key]);
        } else if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            if (!this.cursor) this.showCursor(true);
            else this.click(this.cursor);
        } else if (event.key === "Escape") {
            event.preventDefault();
            this.selection = [];
            this.feedbackMessage = null;
            this.draw();
            this.announce(i18n.t("rules.tryit.cancelled"));
        }
    }

    moveCursor(dx, dy) {
        const grid = this.node.grid;
        if (!this.cursor) {
            this.showCursor(true);
            return;
        }
        if (grid) {
            const names = grid.file_names;
            let file = names.indexOf(this.cursor[0]);
            let rank = Number(this.cursor.slice(1)) - 1;
            file = Math.min(grid.files - 1, Math.max(0, file + dx));
            rank = Math.min(grid.ranks - 1, Math.max(0, rank + dy));
            this.cursor = `${names[file]}${rank + 1}`;
        } else {
            this.cursor = this.nearest(dx, -dy) ?? this.cursor;
        }
        this.showCursor(true);
    }

    // Boards that are not one grid (a player sheet): the nearest cell in that direction on screen.
    nearest(ux, uy) {
        const current = this.board.querySelector(`[data-cell="${CSS.escape(this.cursor)}"]`);
        if (!current) return null;
        const centre = (element) => {
            const box = element.getBoundingClientRect();
            return [box.left + box.width / 2, box.top + box.height / 2];
        };
        const [x0, y0] = centre(current);
        let best = null;
        let bestScore = Infinity;
        for (const spot of this.board.querySelectorAll("[data-cell]")) {
            if (spot === current) continue;
            const [x, y] = centre(spot);
            const along = (x - x0) * ux + (y - y0) * uy;
            if (along < 1) continue;
            const score = along + 3 * Math.abs((x - x0) * uy - (y - y0) * ux);
            if (score < bestScore) {
                bestScore = score;
                best = spot.dataset.cell;
            }
        }
        return best;
    }

    showCursor(announce) {
        if (!this.cursor || !this.board.querySelector(`[data-cell="${CSS.escape(this.cursor)}"]`)) {
            const first = [...this.nextTokens()].find((token) => this.board.querySelector(`[data-cell="${CSS.escape(token)}"]`));
            this.cursor = first ?? this.board.querySelector("[data-cell]")?.dataset.cell ?? null;
        }
        this.hideCursor();
        const cell = this.cursor && this.board.querySelector(`[data-cell="${CSS.escape(this.cursor)}"]`);
        if (!cell) return;
        cell.classList.add("tryit-cursor");
        if (announce) this.announce(cell.getAttribute("aria-label") || this.cursor);
    }

    hideCursor() {
        for (const element of this.board.querySelectorAll(".tryit-cursor")) element.classList.remove("tryit-cursor");
    }

    announce(text) {
        this.announcer.textContent = text;
    }
}

const boards = [...document.querySelectorAll(".tryit[data-tryit]")].map((root) => new TryIt(root));
i18n.onChange(() => {
    for (const board of boards) board.draw();
});
