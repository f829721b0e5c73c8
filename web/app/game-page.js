// Binds a game page to the engine: the board, the status line, the move list, the buttons,
// the options form and the keyboard. No rule lives here: every decision comes back from the
// engine's controller as a view (see pyengine/controller.py for its fields). A secret setup
// (view.setup) is composed in the program builder (program-builder.js), behind a "pass the
// device" privacy screen for each seat. A shape to place on a sheet (view.placement, Fight the
// Virus) is previewed by the shape placer (shape-placer.js). Computer players (view.seats)
// decide through the engine's `bot` request, one decision at a time, thinking in slices of
// SLICE_MS (each reply says how far the search got; the page shows it and may pause). A person
// may ask for a hint (the `hint` request, the same slices): the suggested action's cells and
// two alternatives are highlighted until the next action. The evaluation bar shows each
// seat's chances (view.evaluation), and the result banner charts them over the game.
// Every view is saved in this browser (saved-games.js) and the page opens on the game it left
// (or on a shared link's game, share.js); records go out as files and links and come back in.

import { I18n } from "./i18n.js";
import { EngineClient } from "./engine.js";
import { ProgramBuilder } from "./program-builder.js";
import { ShapePlacer } from "./shape-placer.js";
import { BestScores } from "./best-scores.js";
import { HUMAN, SeatKinds } from "./seat-kinds.js";
import { SavedGames, TabGames, savedKey } from "./saved-games.js";
import { ShareError, decodeRecord, encodeRecord, readFragment, shareLink } from "./share.js";
import { embedSettings, reportSize } from "./embed-frame.js";

const $ = (id) => document.getElementById(id);

// Games played hot-seat by several people at one device, where the page asks the next human
// to take the device (not secret: the board stays visible, dimmed).
const HANDOVER_GAMES = new Set(["fight-the-virus"]);
// Games whose solo results go to the best-scores table (best-scores.js).
const BEST_SCORE_GAMES = new Set(["fight-the-virus"]);
// A computer player's decisions are spaced so that people can follow them (?fast=1: at once).
const BOT_DELAY_MS = new URLSearchParams(location.search).get("fast") === "1" ? 0 : 400;
// How long the engine thinks per request: short enough that a new game or an undo is taken at
// once, long enough that the messages cost little.
const SLICE_MS = 50;
const EVAL_KEY = "virus-games.evaluation-bar"; // localStorage: "on" when the bar is shown
const RECORD_FILE_LIMIT = 1_000_000; // bytes: no game record comes near it
// The page inside a blog's iframe (embed-<game>.html, opened by embed.html): options, seats
// and the record come from the URL; nothing is stored; mode "replay" is a viewer.
const EMBED = document.body.dataset.embed === "1" ? embedSettings() : null;
const SVG_NS = "http://www.w3.org/2000/svg";
// Phone-sized screens (site.css uses the same width), where every cell a finger taps is at
// least TARGET_PX wide and high (WCAG 2.5.5).
const PHONE = matchMedia("(max-width: 760px)");
const TARGET_PX = 44;

class GamePage {
    constructor(i18n, engine) {
        this.i18n = i18n;
        this.engine = engine;
        this.game = document.body.dataset.game;
        this.view = null;
        this.message = null;
        this.cursor = null;
        this.board = $("board");
        this.boardFit = null; // phones: {key, width} of the board's zoom (fitBoard)
        this.zoomChoice = null; // the zoom button's last choice (null: zoomed where needed)
        this.announcedTurn = null; // the turn (or result) #announce last read out
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
        this.placer = new ShapePlacer(i18n, this.board, {
            onPlace: (token) => this.send({ op: "click", cell: token }),
            onCancel: () => this.cancel(),
        });
        this.best = new BestScores(i18n);
        this.bestResult = null; // {generation, rank} of the solo game recorded last
        this.loadedGeneration = null; // a game from a loaded record: its score is not recorded
        // Hot seat: the human seat holding the device (null: whoever moves first holds it).
        this.deviceSeat = null;
        this.handoverSeat = null; // the seat the handover screen asks for (null: not shown)
        this.handoverShown = null; // the seat it last showed (it takes the focus once)
        // Computer players: one pending timer or request at a time; the epoch changes with
        // every new or loaded game, so a decision planned for the old game is dropped.
        this.botTimer = null;
        this.botBusy = false;
        this.botEpoch = 0;
        this.botHalted = false; // a bot request failed: wait for the player
        this.botPaused = false; // the pause button: no computer decision until resumed
        this.thinking = null; // the latest progress of a search: {purpose, seat, progress}
        this.thinkingReplies = 0; // how many "still thinking" replies came (tests, debugging)
        this.inflight = 0;
        this.undoing = false;
        // Hints: the suggestion shown ({key, actions}; key = game and ply it belongs to), a
        // counter that drops a hint still being searched when anything else happens.
        this.hint = null;
        this.hintEpoch = 0;
        this.hintBusy = false;
        this.evalShown = readSetting(EVAL_KEY) === "on";
        // Saving: the id this game is kept under (a new one for every new or loaded game).
        this.saved = EMBED ? new SavedGames(null) : new SavedGames();
        this.slot = null;
        // The game this tab plays, kept apart from other tabs' games (saved-games.js).
        this.tabs = EMBED ? new TabGames(this.game, null, null) : new TabGames(this.game);
        this.embed = EMBED;
        this.replay = EMBED?.mode === "replay";
        this.fullRecord = null; // the record the "open on the full site" link carries
        this.nextSlot = null; // the id a `restore` in flight keeps
    }

    async start() {
        this.paintSavedBoard();
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
        await this.openFirstGame();
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
        if (request.op !== "view") { // the game changes: a search in progress is dropped
            this.stopBots();
            this.dropHint();
        }
        const reply = await this.ask(request);
        this.receive(request, reply, unlocked);
        this.scheduleBot();
        return reply;
    }

    // One request to the engine; a failure of the worker itself becomes an error reply.
    async ask(request) {
        this.inflight += 1;
        try {
            return await this.engine.request(request);
        } catch (error) {
            console.warn("engine request failed", error);
            return { ok: false, error: { code: "internal", params: {} } };
        } finally {
            this.inflight -= 1;
        }
    }

    // Takes in a reply with a view: the view, the message, and after a new or loaded game
    // the page's per-game state.
    receive(request, reply, unlocked = null) {
        const replacing = request.op === "new" || request.op === "load" || request.op === "restore";
        if (reply.view) this.view = reply.view;
        if (replacing && reply.ok) {
            this.slot = request.op === "restore" ? this.nextSlot : SavedGames.newId();
            this.tabs.claim(this.slot);
            this.showOptions(reply.view);
            this.generation += 1; // the builder starts from an empty draft
            this.privacySeat = null;
            this.preview = null;
            this.deviceSeat = null;
            this.loadedGeneration = request.op === "load" ? this.generation : null;
        } else if (replacing && this.unlockedSeat === null) {
            this.unlockedSeat = unlocked;
        }
        this.message = reply.ok ? reply.message || null : { ...this.errorMessage(reply.error), level: "error" };
        if (reply.view && this.slot !== null) this.saved.write(this.slot, reply.view);
        if (this.view) this.render();
        if (this.view) this.announceReply();
        if (request.op === "click") performance.mark("click-drawn", { detail: this.view?.ply_count }); // read by bench/load.py
    }

    // ---- saved games, shared links, record files ------------------------------------------

    // The first game: a shared link's (#record=...), else the game asked for (#game=<id>,
    // the home page's list), else this game's most recent unfinished one, else a new game.
    async openFirstGame() {
        if (this.embed) return this.openEmbedded();
        const shared = readFragment(location.hash);
        const asked = new URLSearchParams(location.hash.replace(/^#/, "")).get("game");
        if (shared || asked) history.replaceState(null, "", location.pathname + location.search); // used once
        if (shared) return this.openShared(shared);
        const entry = asked
            ? this.saved.list().find((item) => item.id === asked && item.game === this.game) || null
            : this.resumable();
        if (entry) {
            this.nextSlot = entry.id;
            const reply = await this.send({ op: "restore", game: this.game, match: this.saved.read(entry.id) });
            if (reply.ok) {
                if (entry.plies > 0) this.showMessage({ key: "saved.resumed", params: { count: entry.plies } });
                return;
            }
            this.saved.remove(entry.id); // it cannot be read back: say so, start afresh
            await this.send(this.newRequest());
            this.showMessage({ key: "saved.damaged", params: { reason: reply.error.message || reply.error.code } }, "error");
            return;
        }
        await this.send(this.newRequest());
        if (asked) this.showMessage({ key: "saved.missing", params: {} }, "error");
    }

    async openShared(shared) {
        let reason;
        try {
            const record = await decodeRecord(shared.data);
            const request = { op: "load", game: this.game, record };
            if (shared.seats) request.seats = shared.seats;
            const reply = await this.send(request);
            if (reply.ok) {
                this.showMessage({ key: "share.opened", params: { count: reply.view.ply_count } });
                return;
            }
            reason = reply.error.code.startsWith("record.")
                ? { key: "share.error.record", params: { message: reply.error.message || reply.error.code } }
                : this.errorMessage(reply.error);
        } catch (error) {
            if (!(error instanceof ShareError)) console.warn("shared link", error);
            reason = { key: `share.error.${error instanceof ShareError ? error.code : "encoding"}`, params: {} };
        }
        await this.send(this.newRequest());
        this.showMessage({ key: "share.refused", params: { reason } }, "error");
    }

    // The game this page resumes when it opens: the one this tab played before a reload, else
    // the most recent unfinished game that no other open tab plays.
    resumable() {
        const own = this.tabs.own();
        const entries = this.saved.list();
        const mine = own && entries.find((entry) => entry.id === own && entry.game === this.game && !entry.over);
        return mine || this.saved.latest(this.game, this.tabs.heldElsewhere());
    }

    // Another tab saved over this tab's game (it resumed it from the home page's list, say):
    // this tab's game goes on under a new id, saved at once, so neither game is lost.
    takeBackGame(event) {
        if (this.slot === null || !this.view?.saved || event.key !== savedKey(this.slot) || event.newValue === null) return;
        this.slot = SavedGames.newId();
        this.tabs.claim(this.slot);
        this.saved.write(this.slot, this.view);
    }

    // The board of the game this page will resume, at once (the engine's first view, a moment
    // later, replaces it): a reload shows the game where it was, not a fresh board.
    paintSavedBoard() {
        if (this.embed || location.hash) return;
        const entry = this.resumable();
        const svg = entry && this.saved.board(entry.id);
        if (svg && svg.startsWith("<svg")) this.board.innerHTML = svg; // the engine's own SVG, see drawBoard
    }

    // An embedded game: the URL's record (replayed, or played on from its position), options,
    // seats or computer level. Anything refused is said, and a plain new game starts.
    async openEmbedded() {
        const settings = this.embed;
        const problems = settings.problems.map((problem) => ({ ...problem }));
        let request = this.newRequest();
        if (settings.record) {
            try {
                request = { op: "load", game: this.game, record: await decodeRecord(settings.record) };
                if (request.seats === undefined && !this.replay && this.embedSeats()) request.seats = this.embedSeats();
            } catch (error) {
                problems.push({ key: `share.error.${error instanceof ShareError ? error.code : "encoding"}`, params: {} });
            }
        }
        let reply = await this.send(request);
        if (!reply.ok) {
            problems.push(reply.error.code.startsWith("record.")
                ? { key: "share.error.record", params: { message: reply.error.message || reply.error.code } }
                : this.errorMessage(reply.error));
            settings.options = {};
            settings.level = null;
            reply = await this.send(this.newRequest());
        }
        if (this.replay) {
            const end = this.view.ply_count;
            const wanted = settings.ply === "end" ? end : Number.parseInt(settings.ply ?? "0", 10);
            await this.send({ op: "seek", ply: Number.isInteger(wanted) && wanted >= 0 ? Math.min(wanted, end) : 0 });
        }
        if (problems.length) {
            this.showMessage({ key: "embed.refused", params: { reason: problems[0] } }, "error");
        }
    }

    // The seats of an embedded game: the URL's `seats`, else a person against `level`.
    embedSeats() {
        const settings = this.embed;
        if (this.replay) return null;
        if (settings.seats) return settings.seats;
        if (!settings.level) return null;
        const players = Number(settings.options.players) || Number(document.body.dataset.seats) || 0;
        return players >= 2 ? ["human", ...Array(players - 1).fill(settings.level)] : null;
    }

    async replayTo(where) {
        if (!this.view) return;
        const total = this.view.ply_count + (this.view.saved?.redo?.length || 0);
        const ply = { first: 0, prev: this.view.ply_count - 1, next: this.view.ply_count + 1, last: total }[where];
        if (ply === undefined || ply < 0 || ply > total || ply === this.view.ply_count) return;
        await this.send({ op: "seek", ply });
    }

    renderEmbed(view) {
        if (!this.embed) return;
        const total = view.ply_count + (view.saved?.redo?.length || 0);
        $("replay-bar").hidden = !this.replay;
        if (this.replay) {
            $("replay-position").textContent = this.i18n.t("embed.position", { ply: view.ply_count, total });
            $("replay-first").disabled = $("replay-prev").disabled = view.ply_count === 0;
            $("replay-next").disabled = $("replay-last").disabled = view.ply_count >= total;
        }
        const full = $("open-full");
        full.hidden = !view.record;
        if (view.record && view.record !== this.fullRecord) { // compressed again only when it changed
            this.fullRecord = view.record;
            const page = new URL(`${this.game}.html`, location.href).href;
            shareLink(page, view.record, this.replay ? null : view.seats).then((link) => (full.href = link));
        }
    }

    showMessage(message, level = "info") {
        this.message = { ...message, level };
        this.renderMessage();
        this.say(this.i18n.message(this.message));
    }

    // What a reply changed, for screen readers, in one polite live region (#announce; the
    // message line itself is not live, so nothing is read twice): the message (the person's
    // or the computer's action with what followed from it, an explanation, an error), then the
    // result, else whose turn it is, when that changed.
    announceReply() {
        const view = this.view;
        const t = (message) => this.i18n.message(message);
        const parts = this.message ? [t(this.message)] : [];
        const turn = view.result ? [t(view.result.title), ...view.result.details.map(t)].join(" ") : t(view.turn);
        if (turn !== this.announcedTurn) parts.push(turn);
        this.announcedTurn = turn;
        if (parts.length) this.say(parts.join(" "));
    }

    say(text) {
        $("announce").textContent = text;
    }

    // The options form and seats show the game in play (after a restore, a load or a link);
    // free-text fields (a seed, names) keep what the player typed.
    showOptions(view) {
        const form = $("options");
        for (const [name, value] of Object.entries(view.options || {})) {
            const field = form.querySelector(`[name="${name}"]`);
            if (!field) continue;
            if (field.type === "checkbox") field.checked = Boolean(value);
            else if (field.tagName === "SELECT" && [...field.options].some((option) => option.value === String(value))) {
                field.value = String(value);
            }
        }
        this.applyConstraints();
        if (Array.isArray(view.seats)) this.seatKinds.setSeats(view.seats);
    }

    async copyShareLink() {
        if (!this.view?.record) return;
        await this.offerText(await shareLink(location.href, this.view.record, this.view.seats), "share");
    }

    // The blog snippet (docs/embed.html) that replays this game.
    async copyEmbedCode() {
        if (!this.view?.record) return;
        const loader = new URL("app/embed-loader.js", location.href).href;
        const record = await encodeRecord(this.view.record);
        const snippet = `<script src="${loader}" data-game="${this.game}" data-mode="replay" data-record="${record}" async></script>`;
        await this.offerText(snippet, "embed");
    }

    // Shows `text` in the record panel's field and copies it (kind "share" or "embed").
    async offerText(text, kind) {
        const field = $("share-link");
        field.value = text;
        field.hidden = false;
        let copied = false;
        try {
            await navigator.clipboard.writeText(text);
            copied = true;
        } catch {
            // no clipboard (permissions, an iframe): the link is selected in its field instead
        }
        field.select();
        this.showMessage({ key: `${kind === "embed" ? "share.embed" : "share"}.${copied ? "copied" : "select"}`, params: {} });
    }

    saveRecordFile() {
        if (!this.view?.record) return;
        const date = new Date().toISOString().slice(0, 10);
        saveFile(new Blob([this.view.record], { type: "text/plain;charset=utf-8" }),
            `${this.game}-${date}-${this.view.ply_count}.txt`);
    }

    async importFile(input) {
        const file = input.files?.[0];
        input.value = ""; // the same file can be chosen again
        if (!file) return;
        if (file.size > RECORD_FILE_LIMIT) {
            this.showMessage({ key: "record.file-too-large", params: { name: file.name } }, "error");
            return;
        }
        let text;
        try {
            text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
        } catch {
            this.showMessage({ key: "record.file-not-text", params: { name: file.name } }, "error");
            return;
        }
        const reply = await this.send({ op: "load", game: this.game, record: text });
        if (reply.ok) this.board.focus();
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
    // builder's slot; while a shape is being placed an analysis cell anchors it; otherwise
    // the engine decides what it means. Cell names go as they are (Fight the Virus's R9 and
    // e3 differ by case). Nothing happens while a computer player decides.
    clickCell(cell, { viaTouch = false } = {}) {
        if (!this.view || this.replay) return;
        this.cursor = cell;
        if (this.view.setup) {
            if (this.builder.visible) this.builder.selectCell(cell);
            return;
        }
        if (this.botToMove()) return;
        if (this.placer.click(cell, { viaTouch })) return;
        this.send({ op: "click", cell });
    }

    // A click token from a picture beside the board (the dice) or a choice button.
    clickToken(token) {
        if (!this.view || this.botToMove()) return;
        this.send({ op: "click", cell: token });
    }

    cancel() {
        if (this.view && !this.botToMove()) this.send({ op: "cancel" });
    }

    bindControls() {
        this.board.addEventListener("click", (event) => {
            const cell = event.target.closest("[data-cell]");
            if (cell) this.clickCell(cell.dataset.cell, { viaTouch: this.placer.lastPointer === "touch" });
        });
        // Pictures beside the board (Virus Fight's supplies, Fight the Virus's dice): a
        // [data-click] element is a click token, like a board cell (the same choices are also
        // buttons, for the keyboard).
        for (const holder of [$("extras"), $("dice-slot")]) {
            holder.addEventListener("click", (event) => {
                const target = event.target.closest("[data-click]");
                if (target) this.clickToken(target.dataset.click);
            });
        }
        $("privacy-ready").addEventListener("click", () => (this.handoverSeat !== null ? this.takeDevice() : this.unlock()));
        this.board.addEventListener("keydown", (event) => this.onBoardKey(event));
        this.board.addEventListener("focus", () => this.showCursor());
        this.board.addEventListener("blur", () => this.placer.setCursor(this.cursor));
        $("board-zoom").addEventListener("click", () => {
            this.zoomChoice = !this.board.classList.contains("zoomed");
            this.board.classList.toggle("zoomed", this.zoomChoice);
            $("board-zoom").setAttribute("aria-pressed", String(this.zoomChoice));
        });
        addEventListener("resize", () => this.view && this.fitBoard()); // a phone turned, a window resized
        addEventListener("storage", (event) => this.takeBackGame(event));
        $("undo").addEventListener("click", () => this.undo());
        $("hint").addEventListener("click", () => this.requestHint());
        $("bot-pause").addEventListener("click", () => this.togglePause());
        $("eval-toggle").addEventListener("click", () => {
            this.evalShown = !this.evalShown;
            writeSetting(EVAL_KEY, this.evalShown ? "on" : "off");
            if (this.view) this.renderEvaluation(this.view);
        });
        $("vs-computer").addEventListener("click", () => {
            this.seatKinds.versusComputer();
            this.newGame();
        });
        $("redo").addEventListener("click", () => this.send({ op: "redo" }));
        $("download").addEventListener("click", () => this.download());
        $("share").addEventListener("click", () => this.copyShareLink());
        $("embed-code").addEventListener("click", () => this.copyEmbedCode());
        $("replay-bar").addEventListener("click", (event) => {
            const button = event.target.closest("button[data-ply]");
            if (button && !button.disabled) this.replayTo(button.dataset.ply);
        });
        $("record-save").addEventListener("click", () => this.saveRecordFile());
        $("record-file").addEventListener("change", (event) => this.importFile(event.target));
        $("result-close").addEventListener("click", () => {
            this.dismissedResult = this.view?.ply_count ?? null;
            $("result").hidden = true;
            this.board.focus();
        });
        $("turn-actions").addEventListener("click", (event) => {
            const button = event.target.closest("button[data-play], button[data-click]");
            if (!button || button.disabled || this.botToMove()) return;
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
        this.seatKinds = new SeatKinds(this.i18n, $("options"));
        this.applyConstraints();
        $("eval-toggle").setAttribute("aria-pressed", String(this.evalShown));
        $("options").addEventListener("submit", (event) => {
            event.preventDefault();
            this.newGame();
        });
        document.addEventListener("pointerdown", () => (this.lastInput = "pointer"), true);
        document.addEventListener("keydown", (event) => {
            this.lastInput = "keyboard";
            if (event.target.closest("input, select, textarea")) return;
            const key = event.key.toLowerCase();
            if (event.key === "Escape" && this.placer.active && event.target !== this.board) {
                event.preventDefault();
                this.cancel();
            } else if (this.placer.key(event)) {
                event.preventDefault();
                this.announcePlacement();
            } else if ((event.ctrlKey || event.metaKey) && key === "z" && !event.shiftKey) {
                event.preventDefault();
                this.undo();
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
    // and a forbidden current value moves to the nearest allowed one. A field that only some
    // values of another option use (data-show-when="mode=groups") shows only then.
    applyConstraints() {
        const form = $("options");
        for (const row of form.querySelectorAll("[data-show-when]")) {
            const [name, values] = row.dataset.showWhen.split("=");
            const when = form.querySelector(`[name="${name}"]`);
            row.hidden = Boolean(when) && !values.split(",").includes(when.value);
        }
        if (this.seatKinds) $("vs-computer").hidden = !this.seatKinds.canPlayComputer();
        const source = $("option-constraints");
        if (!source) return this.seatKinds?.update();
        const fields = Object.fromEntries([...form.querySelectorAll("[name]")].map((field) => [field.name, field]));
        for (const field of Object.values(fields)) {
            for (const option of field.querySelectorAll?.("option") || []) option.disabled = false;
        }
        for (const rule of JSON.parse(source.textContent)) {
            const when = fields[rule.when];
            const target = fields[rule.option];
            if (!when || !target || !rule.values.map(String).includes(when.value)) continue;
            if (target.tagName !== "SELECT") continue; // free text (hidden when not used)
            const allowed = rule.allowed.map(String);
            for (const option of target.querySelectorAll("option")) option.disabled = !allowed.includes(option.value);
            if (!allowed.includes(target.value)) {
                const current = Number(target.value);
                const nearest = [...allowed].sort((a, b) => Math.abs(a - current) - Math.abs(b - current))[0];
                target.value = nearest;
            }
        }
        this.seatKinds?.update();
        if (this.seatKinds) $("vs-computer").hidden = !this.seatKinds.canPlayComputer();
    }

    readOptions() {
        const options = {};
        for (const field of $("options").querySelectorAll("[name]")) {
            if (field.closest("[hidden]")) continue; // not used with these options: the engine's default
            if (field.type === "checkbox") options[field.name] = field.checked;
            else if (field.dataset.kind === "int") {
                const text = field.value.trim();
                if (text === "") continue; // an empty number field: the engine chooses (a random seed)
                options[field.name] = exactInteger(text);
            } else options[field.name] = field.value;
        }
        return options;
    }

    newRequest() {
        if (this.embed) {
            const request = { op: "new", game: this.game, options: { ...this.embed.options } };
            const seats = this.embedSeats();
            if (seats) request.seats = seats;
            return request;
        }
        const request = { op: "new", game: this.game, options: this.readOptions() };
        const seats = this.seatKinds.seats();
        if (seats !== undefined) request.seats = seats;
        return request;
    }

    async newGame() {
        const reply = await this.send(this.newRequest());
        if (reply.ok) this.board.focus();
    }

    // Undo; with computer players, back to the last decision a human made (undoing only the
    // computer's decision would let it play the same again at once).
    async undo() {
        if (!this.view?.can_undo) return;
        this.undoing = true;
        this.stopBots();
        try {
            let reply = await this.send({ op: "undo" });
            while (reply.ok && this.view.can_undo && this.botToMove() && this.humanSeats().length > 0) {
                reply = await this.send({ op: "undo" });
            }
        } finally {
            this.undoing = false;
        }
        this.scheduleBot();
    }

    onBoardKey(event) {
        if (!this.view) return;
        const steps = { ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "prev", ArrowDown: "next", Home: "first", End: "last" };
        if (this.replay && event.key in steps) {
            event.preventDefault();
            this.replayTo(steps[event.key]);
            return;
        }
        const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
        if (event.key in moves) {
            event.preventDefault();
            this.moveCursor(...moves[event.key]);
        } else if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            if (this.cursor) this.clickCell(this.cursor);
        } else if (event.key === "Escape") {
            event.preventDefault();
            this.cancel();
        }
    }

    moveCursor(dx, dy) {
        if (!this.view.grid) {
            this.moveCursorByPosition(dx, dy);
            return;
        }
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

    // Boards that are not one grid (a player sheet, view.grid null): the arrow keys go to the
    // nearest spot in that direction on screen; while a shape is being placed they step over
    // the analysis cells one at a time.
    moveCursorByPosition(dx, dy) {
        const spots = [...this.board.querySelectorAll("[data-cell]")];
        const current = this.board.querySelector(`[data-cell="${this.cursor}"]`);
        if (!current) {
            this.cursor = spots[0]?.dataset.cell ?? null;
            this.showCursor(true);
            return;
        }
        const stepped = this.placer.active ? this.placer.step(this.cursor, [-dy, dx]) : null;
        if (stepped) {
            this.cursor = stepped;
            this.showCursor(true);
            return;
        }
        const centre = (element) => {
            const box = element.getBoundingClientRect();
            return [box.left + box.width / 2, box.top + box.height / 2];
        };
        const [x0, y0] = centre(current);
        const [ux, uy] = [dx, -dy]; // on screen, up is -y
        let best = null;
        let bestScore = Infinity;
        for (const spot of spots) {
            if (spot === current) continue;
            const [x, y] = centre(spot);
            const along = (x - x0) * ux + (y - y0) * uy;
            if (along < 1) continue;
            const across = Math.abs((x - x0) * uy - (y - y0) * ux);
            const score = along + 3 * across;
            if (score < bestScore) {
                bestScore = score;
                best = spot;
            }
        }
        if (best) this.cursor = best.dataset.cell;
        this.showCursor(true);
    }

    showCursor(announce = false) {
        if (!this.view) return;
        if (!this.cursor || !this.board.querySelector(`[data-cell="${this.cursor}"]`)) {
            this.cursor = this.view.selected || this.view.sources[0]
                || (this.view.grid ? "a1" : this.board.querySelector("[data-cell]")?.dataset.cell) || null;
        }
        for (const element of this.board.querySelectorAll(".cursor")) element.classList.remove("cursor");
        const cell = this.board.querySelector(`[data-cell="${this.cursor}"]`);
        this.placer.setCursor(this.cursor);
        if (!cell) {
            this.board.removeAttribute("aria-activedescendant");
            return;
        }
        cell.classList.add("cursor");
        if (cell.id) this.board.setAttribute("aria-activedescendant", cell.id);
        if (this.board.classList.contains("zoomed")) cell.scrollIntoView({ block: "nearest", inline: "nearest" });
        if (announce) {
            const label = cell.getAttribute("aria-label") || this.cursor;
            const hint = this.placer.active ? $("placer-hint").textContent : "";
            $("announce").textContent = hint ? `${label}. ${hint}` : label;
        }
    }

    announcePlacement() {
        $("announce").textContent = `${$("placer-shape").getAttribute("title") || ""}. ${$("placer-hint").textContent}`;
    }

    async download() {
        if (!this.view) return;
        const reply = await this.engine.request({ op: "diagram" });
        if (!reply.ok) return;
        saveFile(new Blob([reply.svg], { type: "image/svg+xml" }), `${this.game}-${reply.ply_count}.svg`);
    }

    // ---- output --------------------------------------------------------------------------

    render() {
        const view = this.view;
        // Engine errors carry their English text as a fallback for a key the page lacks, and
        // any message may carry `more` texts (see I18n.message).
        const t = (message) => this.i18n.message(message);
        const focus = this.focusKey();
        this.renderSetup(view);
        this.renderHandover(view);
        this.drawBoard();
        this.renderExtras(view.extras || [], view.to_move);

        const turn = $("turn");
        turn.dataset.player = view.to_move ?? "none";
        setTint(turn, view.to_move);
        // the seat's number in its swatch (Fight the Virus's six colours repeat over 20 seats)
        turn.querySelector(".turn-swatch").dataset.number = view.to_move === null ? "" : String(view.to_move + 1);
        const bot = this.botToMove();
        turn.dataset.bot = String(bot);
        $("turn-text").textContent = view.result ? t(view.result.title) : t(view.turn);
        $("status").textContent = bot
            ? this.i18n.t("play.bot-thinking", { player: this.playerOf(view) ?? view.to_move + 1 })
            : t(view.status);
        this.renderMessage();

        $("scores").replaceChildren(
            ...view.scores.map((score) => {
                const item = document.createElement("li");
                item.dataset.player = score.player;
                setTint(item, score.player);
                item.textContent = t(score.label);
                return item;
            }),
        );
        this.renderMoves(view.moves);
        this.renderButtons(view, bot);
        const placing = this.placer.update(bot || this.handoverSeat !== null ? null : view.placement,
            { canCancel: view.selection.length > 0 });
        if (placing) { // a new placement: the keyboard cursor starts on a legal anchor
            this.cursor = this.placer.suggestedAnchor() ?? this.cursor;
            if (document.activeElement === this.board) this.showCursor(true);
        }
        this.restoreFocus(focus);
        const record = $("record-text");
        if (document.activeElement !== record) record.value = view.record; // never overwrite typing
        $("undo").disabled = !view.can_undo;
        $("redo").disabled = !view.can_redo;
        $("share").disabled = !view.record;
        $("embed-code").disabled = !view.record;
        $("record-save").disabled = !view.record;

        const banner = $("result");
        banner.hidden = !view.result || this.dismissedResult === view.ply_count;
        if (view.result) {
            $("result-title").textContent = t(view.result.title);
            $("result-detail").textContent = view.result.details.map(t).join(" ");
        }
        this.renderBestScores(view);
        this.renderEmbed(view);
        this.renderAi(view);
        this.renderEvaluation(view);
        this.renderChart(view);
    }

    // The focused control, if the next render may replace it (a decision button, a die).
    focusKey() {
        const active = document.activeElement;
        if (!active || !(active.closest?.("#turn-actions, #dice-slot"))) return null;
        return { play: active.dataset.play, click: active.dataset.click };
    }

    // After a decision made from the keyboard its button is gone: the focus goes to the same
    // choice if it is still offered, else to the board while a shape is being placed (the
    // arrow keys move it), else to the first decision button, else to the board.
    restoreFocus(focus) {
        if (!focus || (document.activeElement && document.activeElement !== document.body)) return;
        const buttons = [...$("turn-actions").querySelectorAll("button:not(:disabled)")];
        const same = buttons.find((button) => (focus.play !== undefined && button.dataset.play === focus.play)
            || (focus.click !== undefined && button.dataset.click === focus.click));
        const options = { preventScroll: this.lastInput === "pointer" }; // a tap never scrolls the page
        if (same) same.focus(options);
        else if (this.placer.active || !buttons.length) this.board.focus(options);
        else buttons[0].focus(options);
    }

    // The buttons: actions, then the click choices grouped by kind ("die:5", "die:5+1" and
    // "value:3" tokens: a div.choice-group[data-group="die"]); disabled while a computer decides.
    renderButtons(view, disabled) {
        const t = (message) => this.i18n.message(message);
        const items = [];
        const groups = new Map();
        for (const choice of view.buttons) {
            const button = document.createElement("button");
            button.type = "button";
            button.disabled = disabled;
            if (choice.action !== undefined && choice.action !== null) button.dataset.play = choice.action;
            else button.dataset.click = choice.click;
            button.textContent = t(choice.label);
            const kind = typeof choice.click === "string" && choice.click.includes(":") ? choice.click.split(":")[0] : null;
            if (kind === null) {
                items.push(button);
                continue;
            }
            if (!groups.has(kind)) {
                const group = document.createElement("div");
                group.className = "choice-group";
                group.dataset.group = kind;
                group.setAttribute("role", "group");
                const label = `play.choice-group.${kind}`;
                if (this.i18n.has(label)) group.setAttribute("aria-label", this.i18n.t(label));
                groups.set(kind, group);
                items.push(group);
            }
            groups.get(kind).append(button);
        }
        $("turn-actions").replaceChildren(...items);
    }

    // ---- seats: humans at one device, computer players --------------------------------------

    humanSeats() {
        const seats = this.view?.seats || [];
        const players = this.view?.scores?.length || seats.length;
        return seats.slice(0, players).flatMap((kind, seat) => (kind === HUMAN ? [seat] : []));
    }

    isBotSeat(seat) {
        const kind = this.view?.seats?.[seat];
        return seat !== null && seat !== undefined && kind !== undefined && kind !== HUMAN;
    }

    botToMove() {
        const view = this.view;
        return Boolean(view) && !view.result && view.to_move !== null && this.isBotSeat(view.to_move);
    }

    // The deciding player as a message (Fight the Virus's view.turn names them), or null.
    playerOf(view) {
        const player = view.turn?.params?.player;
        return player && typeof player === "object" ? player : null;
    }

    stopBots() {
        clearTimeout(this.botTimer);
        this.botTimer = null;
        this.botEpoch += 1;
        this.botHalted = false;
        if (this.thinking?.purpose === "bot") this.thinking = null;
    }

    // After every reply: if a computer player decides now, ask the engine for its decision
    // (after a short pause). Never two at once; a failed request halts the loop until the
    // next game or undo; the pause button holds it.
    scheduleBot() {
        if (this.botTimer !== null || this.botBusy || this.botHalted || this.undoing || this.botPaused
            || !this.botToMove()) return;
        const epoch = this.botEpoch;
        this.botTimer = setTimeout(() => {
            this.botTimer = null;
            this.runBot(epoch);
        }, BOT_DELAY_MS);
    }

    // The computer's decision: `bot` requests of SLICE_MS each until the engine has played,
    // showing the search's progress between them. A new game, an undo (a new epoch) or the
    // pause button stop asking; the engine drops the search when the game changes, and keeps
    // it across a pause.
    async runBot(epoch) {
        // Another request on its way (or another game): its reply schedules again.
        if (epoch !== this.botEpoch || this.inflight > 0 || this.botPaused || !this.botToMove()) return;
        this.botBusy = true;
        let reply = null;
        try {
            for (;;) {
                reply = await this.ask({ op: "bot", slice_ms: SLICE_MS });
                if (epoch !== this.botEpoch || !reply.thinking) break;
                this.thinkingReplies += 1;
                this.thinking = { ...reply.thinking };
                this.renderThinking();
                if (this.botPaused) break;
            }
        } finally {
            this.botBusy = false;
        }
        if (epoch === this.botEpoch && reply && !reply.thinking) {
            this.thinking = null;
            this.dropHint();
            this.receive({ op: "bot" }, reply);
            if (!reply.ok) this.botHalted = true;
        }
        this.scheduleBot();
    }

    togglePause() {
        this.botPaused = !this.botPaused;
        if (this.botPaused) {
            clearTimeout(this.botTimer);
            this.botTimer = null;
        }
        if (this.view) this.renderAi(this.view);
        this.scheduleBot();
    }

    // ---- hints ----------------------------------------------------------------------------

    humanToMove() {
        const view = this.view;
        return Boolean(view) && !view.result && !view.setup && view.to_move !== null
            && !this.isBotSeat(view.to_move) && this.handoverSeat === null;
    }

    hintKey() {
        return `${this.generation}:${this.view?.ply_count}`;
    }

    dropHint() {
        this.hintEpoch += 1;
        this.hintBusy = false;
        if (this.thinking?.purpose === "hint") this.thinking = null;
        this.hint = null;
    }

    // The `hint` request in slices, like the computer's own decisions; any other request
    // (a click, undo, a new game) drops it.
    async requestHint() {
        if (!this.humanToMove() || this.hintBusy) return;
        const epoch = ++this.hintEpoch;
        const key = this.hintKey();
        this.hintBusy = true;
        this.thinking = { purpose: "hint", seat: this.view.to_move, progress: 0 };
        this.renderAi(this.view);
        let reply;
        for (;;) {
            reply = await this.ask({ op: "hint", slice_ms: SLICE_MS });
            if (epoch !== this.hintEpoch) return;
            if (!reply.thinking) break;
            this.thinkingReplies += 1;
            this.thinking = { ...reply.thinking };
            this.renderThinking();
        }
        this.hintBusy = false;
        this.thinking = null;
        this.hint = reply.ok ? { key, actions: reply.hint.actions } : null;
        this.receive({ op: "hint" }, reply);
    }

    // The hint's cells on the board: the suggestion (.hint-best) and its alternatives
    // (.hint-alt), while the position is the one it was asked for.
    drawHint() {
        for (const element of this.board.querySelectorAll(".hint-best, .hint-alt")) {
            element.classList.remove("hint-best", "hint-alt");
        }
        const hint = this.hint && this.hint.key === this.hintKey() ? this.hint : null;
        if (!hint) return;
        hint.actions.forEach((suggestion, index) => {
            for (const cell of suggestion.cells) {
                const element = this.board.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
                if (!element || element.classList.contains("hint-best")) continue;
                element.classList.add(index === 0 ? "hint-best" : "hint-alt");
            }
        });
    }

    // ---- computer players, hints, evaluation: what the page shows -------------------------

    seatName(seat) {
        const player = this.view?.players?.[seat];
        return player ? this.i18n.message(player) : this.i18n.t("play.seat-label", { number: seat + 1 });
    }

    hasComputerSeats(view) {
        const players = view.evaluation?.chances?.length || view.scores?.length || view.seats.length;
        return view.seats.slice(0, players).some((kind) => kind !== HUMAN);
    }

    // The thinking line, the hint button and text, the pause button.
    renderAi(view) {
        const computers = this.hasComputerSeats(view);
        const pause = $("bot-pause");
        pause.hidden = !computers || Boolean(view.result);
        pause.setAttribute("aria-pressed", String(this.botPaused));
        pause.textContent = this.i18n.t(this.botPaused ? "play.resume" : "play.pause");
        const hint = $("hint");
        hint.hidden = !this.humanToMove();
        hint.disabled = this.hintBusy;
        const text = $("hint-text");
        const shown = this.hint && this.hint.key === this.hintKey() ? this.hint : null;
        text.hidden = !shown;
        if (shown) {
            const [best, ...others] = shown.actions;
            const parts = best ? [this.i18n.t("play.hint-best", { action: best.action })] : [this.i18n.t("play.hint-none")];
            if (others.length) {
                parts.push(this.i18n.t("play.hint-alternatives", { actions: others.map((other) => other.action).join(", ") }));
            }
            text.textContent = parts.join(" · ");
        }
        this.renderThinking();
    }

    renderThinking() {
        const view = this.view;
        const box = $("thinking");
        const bot = view && this.botToMove();
        const thinking = this.thinking;
        const hinting = thinking?.purpose === "hint" && this.hintBusy;
        box.hidden = !(bot || hinting);
        box.dataset.purpose = hinting ? "hint" : "bot";
        box.classList.toggle("paused", Boolean(bot && this.botPaused));
        if (box.hidden) return;
        let label;
        if (hinting) label = this.i18n.t("play.hint-thinking");
        else if (this.botPaused) label = this.i18n.t("play.paused");
        else label = this.i18n.t("play.thinking", { player: this.playerOf(view) ?? this.seatName(view.to_move) });
        $("thinking-text").textContent = label;
        const progress = thinking && (hinting || thinking.seat === view.to_move) ? thinking.progress : 0;
        $("thinking-progress").value = Math.round(100 * (progress || 0));
    }

    // The evaluation bar (the toggle, remembered in this browser): one segment per seat in
    // its colour, as wide as its chance, and the chances as text.
    renderEvaluation(view) {
        const bar = $("eval-bar");
        const evaluation = view.evaluation;
        $("eval-toggle").setAttribute("aria-pressed", String(this.evalShown));
        bar.hidden = !this.evalShown || !evaluation || Boolean(view.setup);
        if (bar.hidden) return;
        const chances = evaluation.chances;
        const parts = [];
        let x = 0;
        chances.forEach((chance, seat) => {
            const width = Math.max(0, Math.min(100 - x, chance * 100));
            parts.push(svgElement("rect", { class: "eval-seg", x, y: 0, width, height: 8,
                "data-seat": seat, "data-tint": seat % 6 }));
            x += width;
        });
        if (x < 100) parts.push(svgElement("rect", { class: "eval-rest", x, y: 0, width: 100 - x, height: 8 }));
        $("eval-svg").replaceChildren(...parts);
        bar.dataset.source = evaluation.source || "";
        $("eval-legend").textContent = this.chanceText(chances);
    }

    chanceText(chances) {
        return chances.map((chance, seat) => this.i18n.t("play.evaluation-seat",
            { player: this.seatName(seat), percent: Math.round(chance * 100) })).join(" · ");
    }

    // On the result banner: the seats' chances after every action, one line per seat.
    renderChart(view) {
        const figure = $("result-chart");
        const history = view.evaluation?.history || [];
        figure.hidden = !view.result || history.length < 2;
        if (figure.hidden) return;
        const width = 300;
        const height = 90;
        const step = width / (history.length - 1);
        const y = (chance) => (height - chance * height).toFixed(1);
        const svg = svgElement("svg", { class: "chart", viewBox: `-4 -4 ${width + 8} ${height + 8}`, role: "img" });
        const title = svgElement("title", {});
        title.textContent = this.i18n.t("play.chart-label", { chances: this.chanceText(history[history.length - 1]) });
        svg.append(title,
            svgElement("rect", { class: "chart-frame", x: 0, y: 0, width, height }),
            svgElement("line", { class: "chart-even", x1: 0, x2: width, y1: height / 2, y2: height / 2 }));
        const seats = history[history.length - 1].length;
        for (let seat = 0; seat < seats; seat += 1) {
            const points = history.map((chances, index) => `${(index * step).toFixed(1)},${y(chances[seat] ?? 0)}`);
            svg.append(svgElement("polyline", { class: "chart-line", points: points.join(" "),
                "data-seat": seat, "data-tint": seat % 6 }));
        }
        const caption = document.createElement("figcaption");
        caption.append(this.i18n.t("play.chart-title"));
        for (let seat = 0; seat < seats; seat += 1) { // the key: each seat's line colour
            const key = document.createElement("span");
            key.className = "chart-key";
            key.dataset.seat = String(seat);
            key.dataset.tint = String(seat % 6);
            key.textContent = this.seatName(seat);
            caption.append(" ", key);
        }
        figure.replaceChildren(svg, caption);
    }

    // Hot seat (HANDOVER_GAMES): when another human seat comes to decide, a "pass the device"
    // screen over the dimmed board until that player says they hold it. Computer seats and
    // games with one human skip it. DOM: #privacy with class "handover" and data-seat.
    renderHandover(view) {
        const privacy = $("privacy");
        const area = privacy.closest(".board-area");
        this.handoverSeat = null;
        if (HANDOVER_GAMES.has(this.game) && !view.setup && !view.result && view.to_move !== null
            && !this.isBotSeat(view.to_move)) {
            if (this.deviceSeat === null || this.humanSeats().length < 2) this.deviceSeat = view.to_move;
            else if (this.deviceSeat !== view.to_move) this.handoverSeat = view.to_move;
        }
        const showing = this.handoverSeat !== null;
        privacy.classList.toggle("handover", showing);
        area.classList.toggle("handing-over", showing);
        this.board.inert = showing;
        $("play-bar").inert = showing;
        if (view.setup) return; // the secret setup's privacy screen (renderSetup)
        privacy.hidden = !showing;
        if (!showing) {
            this.handoverShown = null;
            return;
        }
        const seat = this.handoverSeat;
        const player = this.playerOf(view) ?? this.i18n.t("play.seat-label", { number: seat + 1 });
        privacy.dataset.seat = seat;
        setTint(privacy, seat);
        $("privacy-token").textContent = seat + 1;
        $("privacy-title").textContent = this.i18n.t("play.handover.title", { player });
        $("privacy-text").textContent = this.i18n.t("play.handover.text", { player });
        $("privacy-ready").textContent = this.i18n.t("play.handover.button", { player });
        if (this.handoverShown !== seat) { // the screen takes the focus once
            this.handoverShown = seat;
            $("privacy-ready").focus();
        }
    }

    takeDevice() {
        if (this.handoverSeat === null) return;
        this.deviceSeat = this.handoverSeat;
        this.render();
        this.board.focus();
    }

    // ---- best solo scores (BEST_SCORE_GAMES) -------------------------------------------------

    renderBestScores(view) {
        const panel = $("best-panel");
        const line = $("result-best");
        if (!BEST_SCORE_GAMES.has(this.game)) return;
        panel.hidden = false;
        const score = view.result?.details?.find((detail) => detail.key === "fight-the-virus.solo-score");
        const counts = view.options?.mode === "solo" && score && Number.isInteger(score.params?.turns)
            && this.loadedGeneration !== this.generation && !this.isBotSeat(0);
        if (counts && this.bestResult?.generation !== this.generation) {
            const seed = /^seed (\d+)$/m.exec(view.record || "")?.[1] ?? String(view.options.seed);
            const name = String(view.options.names || "").split(";")[0].trim() || "P1";
            const rank = this.best.record({ name, turns: score.params.turns, seed });
            this.bestResult = { generation: this.generation, rank };
            panel.open = true;
        }
        const mine = counts && this.bestResult?.generation === this.generation;
        line.hidden = !mine;
        if (mine) {
            const rank = this.bestResult.rank;
            line.dataset.rank = rank === null ? "none" : String(rank);
            line.textContent = rank === null ? this.i18n.t("ftv-ui.best.not-ranked") : this.i18n.t("ftv-ui.best.ranked", { rank });
        }
        this.best.draw();
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
        this.board.innerHTML = preview ?? view.svg; // the engine's own SVG: no scripts, no styles; names are escaped text
        // For assistive technology the board is a group of named cells (not one picture, the
        // standalone SVG's role), and the keyboard cursor is the active descendant.
        this.board.querySelector("svg")?.setAttribute("role", "group");
        for (const [cell, label] of Object.entries(view.cell_labels)) {
            const text = (this.builder.visible && this.builder.cellLabel(cell)) || this.i18n.message(label);
            const element = this.board.querySelector(`[data-cell="${cell}"]`);
            if (!element) continue;
            element.setAttribute("role", "img");
            element.setAttribute("aria-label", text);
            element.id = `cell-${cell}`;
        }
        this.drawHint();
        this.fitBoard();
        if (document.activeElement === this.board) this.showCursor();
    }

    // Phones: a board whose smallest cell would be under a finger's size (TARGET_PX; a 10×10
    // Virus War, the Fight the Virus sheet) is drawn larger in a frame that scrolls, until
    // the zoom button (board.zoomed, aria-pressed) shows the whole board again. Measured
    // again only when the board's shape or the screen's width changes: measuring drops the
    // frame's scroll position.
    fitBoard() {
        const cells = [...this.board.querySelectorAll("[data-cell]")];
        const key = `${cells.length}|${this.board.querySelector("svg")?.getAttribute("viewBox")}|${innerWidth}|${this.builder.visible}`;
        if (!PHONE.matches || this.board.hidden || !cells.length) {
            this.board.classList.remove("zoomed");
            $("board-tools").hidden = true;
            this.boardFit = null;
            return;
        }
        if (this.boardFit?.key !== key) {
            const { scrollLeft, scrollTop } = this.board;
            this.board.classList.remove("zoomed");
            const sizes = cells.map((cell) => {
                const box = cell.getBoundingClientRect();
                return Math.min(box.width, box.height);
            }).filter((size) => size > 0);
            const smallest = Math.min(...sizes);
            const width = Number.isFinite(smallest) && smallest < TARGET_PX
                ? Math.ceil((this.board.clientWidth * (TARGET_PX + 1)) / smallest) : null;
            this.boardFit = { key, width };
            if (width) this.board.style.setProperty("--zoom-width", `${width}px`); // CSSOM: allowed by the CSP
            this.board.classList.toggle("zoomed", Boolean(width) && this.zoomChoice !== false);
            this.board.scrollLeft = scrollLeft;
            this.board.scrollTop = scrollTop;
        }
        $("board-tools").hidden = !this.boardFit.width;
        $("board-zoom").setAttribute("aria-pressed", String(this.board.classList.contains("zoomed")));
    }

    // Pictures beside the board: the dice (an extra with id "dice") in the decision bar next
    // to the buttons, everything else (supplies, other players' sheets) in #extras.
    renderExtras(extras, toMove) {
        const figures = extras.map((extra) => {
                const figure = document.createElement("figure");
                figure.className = "extra";
                figure.dataset.id = extra.id;
                if (extra.seat !== null && extra.seat !== undefined) {
                    figure.dataset.seat = extra.seat;
                    setTint(figure, extra.seat);
                    figure.classList.toggle("current", extra.seat === toMove);
                }
                const caption = document.createElement("figcaption");
                caption.id = `extra-${extra.id}-label`;
                caption.textContent = this.i18n.message(extra.label);
                figure.append(caption);
                figure.insertAdjacentHTML("beforeend", extra.svg); // the engine's own SVG, like the board
                figure.querySelector("svg")?.setAttribute("aria-labelledby", caption.id);
                return figure;
            });
        const dice = figures.filter((figure) => figure.dataset.id === "dice");
        // The die the selection names ("die:5", "die:5+1") is marked: g.die.selected.
        const picked = (this.view.selection || []).find((token) => token.startsWith("die:"));
        const value = picked ? picked.slice(4).split("+")[0] : null;
        if (value) dice[0]?.querySelector(`.die[data-value="${value}"]:not(.used)`)?.classList.add("selected");
        $("dice-slot").replaceChildren(...dice);
        $("dice-slot").hidden = dice.length === 0;
        $("extras").replaceChildren(...figures.filter((figure) => figure.dataset.id !== "dice"));
        $("extras").classList.toggle("sheets", figures.some((figure) => figure.dataset.id.startsWith("sheet-")));
    }

    // ---- secret setups (view.setup) --------------------------------------------------------

    // The privacy screen covers the board while the seat to write a program has not said it
    // holds the device; then the builder shows. Once every program is in, both go away.
    renderSetup(view) {
        const setup = view.setup || null;
        // A computer seat writes its program without screen or builder: the board stays.
        const computer = setup !== null && this.isBotSeat(setup.seat);
        const locked = setup !== null && !computer && setup.seat !== this.unlockedSeat;
        const privacy = $("privacy");
        privacy.hidden = !locked;
        this.board.hidden = locked;
        $("extras").hidden = setup !== null; // the builder's palette shows the pieces meanwhile
        if (!setup || computer) {
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
            // Every program is in (the reveal), or a computer writes the next: the builder is
            // gone, the focus goes to the board.
            if (reply.ok && (!this.view.setup || this.isBotSeat(this.view.setup.seat))) this.board.focus();
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

// Offers `blob` as a download named `name`.
function saveFile(blob, name) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// Seat colours beyond the ones named per seat: Fight the Virus cycles six colours over up to
// 20 seats (site.css reads data-tint).
function setTint(element, seat) {
    if (Number.isInteger(seat)) element.dataset.tint = String(seat % 6);
    else delete element.dataset.tint;
}

// An SVG element with attributes (the site's CSP allows no inline styles, attributes are fine).
function svgElement(name, attributes) {
    const element = document.createElementNS(SVG_NS, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    return element;
}

// A setting kept in this browser; none where storage is not allowed (an embedded page).
function readSetting(key) {
    try {
        return localStorage.getItem(key);
    } catch {
        return null;
    }
}

function writeSetting(key, value) {
    try {
        localStorage.setItem(key, value);
    } catch {
        // not kept: the setting lasts for this page only
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

// The engine first (app/engine-early.js has started its worker already): translations load
// while it boots.
if (EMBED) {
    document.body.classList.toggle("replay", EMBED.mode === "replay");
    reportSize(EMBED.parent);
}
const engine = new EngineClient({ game: document.body.dataset.game });
engine.start().catch(() => {}); // a failure is reported by GamePage.start
const i18n = await I18n.start();
const page = new GamePage(i18n, engine);
window.virusGames = page; // for debugging in the console and for the e2e tests
page.start();
