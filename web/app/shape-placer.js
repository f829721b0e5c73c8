// The shape placer of a sheet board (Fight the Virus's analysis, view.placement; see
// pyengine/games/fight_the_virus/presentation.py): while the next click places a shape, the
// page keeps a current shape (offsets from its anchor), previews it under the pointer or the
// keyboard cursor, turns it (Rotate, Flip, the R and F keys) and, for a wild shape, lets the
// player pick the shape family from a palette. A click sends the placement's token
// ("A:e3.f3.e4", cells sorted by row then column) whether it is legal or not: the engine
// explains a refusal. Legality shown here is only a preview: the token is in view.placement.legal.
//
// The anchor is the shape's first cell in reading order (top row, then leftmost cell of that
// row). Analysis spots are board elements [data-cell] with the class "analysis", named
// column letter + row number ("e3": column e, row 3).
//
// DOM (web/templates/game.html): #placer (section, hidden unless placing; data-face,
// data-legal="true|false" for the current anchor), #placer-title, #placer-shape (a picture of
// the current shape, data-shape="r,c;r,c..."), #placer-rotate, #placer-flip, #placer-cancel,
// #placer-palette (face 6: button.shape-button[data-family="<family key>"], the smallest
// shape key of the family's 8 images, e.g. "0,0;0,1;0,2;1,0"; aria-pressed on the current
// family, class "fits" when some shape of it has a legal placement), #placer-hint. On the board: spots get the classes "reach" (some legal placement
// covers them), "preview-legal" / "preview-illegal" (the previewed cells) and "preview-anchor";
// previewed cells with no spot (off the disc) are drawn as rect.placer-ghost in g.placer-ghosts.

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const COLUMNS = "abcdefghijk";
const ROWS = 11;
const PREVIEW_CLASSES = ["preview-legal", "preview-illegal", "preview-anchor"];

// ---- shapes as lists of [row, col] ----------------------------------------------------------

// Translated so that the smallest row and column are 0, sorted by row then column.
export function normalise(cells) {
    const top = Math.min(...cells.map(([row]) => row));
    const left = Math.min(...cells.map(([, col]) => col));
    return cells.map(([row, col]) => [row - top, col - left]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

export const shapeKey = (cells) => normalise(cells).map(([row, col]) => `${row},${col}`).join(";");
export const rotate = (cells) => normalise(cells.map(([row, col]) => [col, -row]));
export const flip = (cells) => normalise(cells.map(([row, col]) => [row, -col]));

// The 8 images of a shape under rotations and reflections; the smallest key names its family.
function symmetries(cells) {
    const images = [];
    let shape = normalise(cells);
    for (let turn = 0; turn < 4; turn += 1) {
        images.push(shape, flip(shape));
        shape = rotate(shape);
    }
    return images;
}

export const familyKey = (cells) => symmetries(cells).map(shapeKey).sort()[0];

// Family keys of the shapes a die can make, for their names (ftv-ui.shape.*).
const FAMILY_NAMES = new Map(
    [
        ["monomino", [[0, 0]]],
        ["domino", [[0, 0], [0, 1]]],
        ["tromino-i", [[0, 0], [0, 1], [0, 2]]],
        ["tromino-l", [[0, 0], [1, 0], [1, 1]]],
        ["tetromino-o", [[0, 0], [0, 1], [1, 0], [1, 1]]],
        ["tetromino-t", [[0, 0], [0, 1], [0, 2], [1, 1]]],
        ["tetromino-s", [[0, 1], [0, 2], [1, 0], [1, 1]]],
        ["tetromino-l", [[0, 0], [1, 0], [2, 0], [2, 1]]],
        ["pentomino-p", [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]]],
    ].map(([name, cells]) => [familyKey(cells), name]),
);

// The offsets of a shape from its anchor (its first cell in reading order).
export function offsets(cells) {
    const shape = normalise(cells);
    const [row0, col0] = shape[0];
    return shape.map(([row, col]) => [row - row0, col - col0]);
}

// "e3" -> [3, 4] (row, column); null for a name that is not an analysis cell name.
export function cellPosition(name) {
    const match = /^([a-k])(\d{1,2})$/.exec(name || "");
    return match ? [Number(match[2]), COLUMNS.indexOf(match[1])] : null;
}

const cellName = ([row, col]) => `${COLUMNS[col]}${row}`;

// The cells of `shape` anchored at `anchor` ([row, col]): their positions, and the click
// token when every cell lies in the 11x11 box (null otherwise).
export function placementAt(shape, anchor) {
    const cells = offsets(shape).map(([row, col]) => [anchor[0] + row, anchor[1] + col]);
    const inside = cells.every(([row, col]) => row >= 0 && row < ROWS && col >= 0 && col < COLUMNS.length);
    const sorted = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return { cells: sorted, token: inside ? `A:${sorted.map(cellName).join(".")}` : null };
}

// A token's shape: "A:e3.f3" -> [[3, 4], [3, 5]].
const tokenShape = (token) => token.slice(2).split(".").map(cellPosition);

// A small picture of a shape (decorative: the button or text around it names it).
export function shapePicture(cells, className = "shape-picture") {
    const shape = normalise(cells);
    const rows = Math.max(...shape.map(([row]) => row)) + 1;
    const cols = Math.max(...shape.map(([, col]) => col)) + 1;
    const size = Math.max(rows, cols, 3);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${size * 10} ${size * 10}`);
    svg.setAttribute("class", className);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const dx = ((size - cols) * 10) / 2;
    const dy = ((size - rows) * 10) / 2;
    for (const [row, col] of shape) {
        const rect = document.createElementNS(SVG, "rect");
        rect.setAttribute("x", String(dx + col * 10 + 0.5));
        rect.setAttribute("y", String(dy + row * 10 + 0.5));
        rect.setAttribute("width", "9");
        rect.setAttribute("height", "9");
        rect.setAttribute("rx", "1.5");
        rect.setAttribute("class", "shape-cell");
        svg.append(rect);
    }
    return svg;
}

export class ShapePlacer {
    // board: the board element (its spots are [data-cell]); onPlace(token): a placement is
    // chosen (sent whether legal or not); onCancel(): Escape or the Cancel button.
    constructor(i18n, board, { onPlace, onCancel }) {
        this.i18n = i18n;
        this.board = board;
        this.onPlace = onPlace;
        this.onCancel = onCancel;
        this.placement = null;
        this.identity = null;
        this.shape = null; // the current shape, normalised [row, col] cells
        this.hovered = null; // the analysis spot under the pointer
        this.cursor = null; // the keyboard cursor's spot (set by the page)
        this.touched = null; // a touch preview waiting for its confirming tap
        this.hint = null;
        this.bind();
    }

    get active() {
        return this.placement !== null;
    }

    bind() {
        $("placer-rotate").addEventListener("click", () => this.turn(rotate));
        $("placer-flip").addEventListener("click", () => this.turn(flip));
        $("placer-cancel").addEventListener("click", () => this.onCancel());
        $("placer-palette").addEventListener("click", (event) => {
            const button = event.target.closest("button[data-family]");
            if (button) this.chooseFamily(button.dataset.family);
        });
        this.board.addEventListener("pointermove", (event) => {
            if (!this.active || event.pointerType === "touch") return;
            this.hover(this.spotOf(event.target));
        });
        this.board.addEventListener("pointerleave", (event) => {
            if (this.active && event.pointerType !== "touch") this.hover(null);
        });
        this.board.addEventListener("pointerdown", (event) => {
            this.lastPointer = event.pointerType;
        });
    }

    // An analysis spot's name, or null.
    spotOf(target) {
        const spot = target?.closest?.("[data-cell]");
        return spot && cellPosition(spot.dataset.cell) && spot.classList.contains("analysis") ? spot.dataset.cell : null;
    }

    isAnalysisCell(cell) {
        return Boolean(cellPosition(cell)) && Boolean(this.board.querySelector(`[data-cell="${cell}"].analysis`));
    }

    // ---- the view ---------------------------------------------------------------------------

    // Called with every view (null: no placement now). A new placement (another face or
    // other legal placements) starts from a shape that fits somewhere; returns true then.
    update(placement, { canCancel = true } = {}) {
        const identity = placement ? JSON.stringify([placement.face, placement.legal]) : null;
        this.placement = placement || null;
        $("placer").hidden = !placement;
        $("placer-cancel").hidden = !canCancel;
        if (!placement) {
            this.clearBoard();
            this.identity = null;
            this.shape = null;
            this.touched = null;
            this.hint = null;
            return false;
        }
        const fresh = identity !== this.identity;
        if (fresh) {
            this.identity = identity;
            this.legal = new Set(placement.legal);
            this.fitting = new Set(placement.legal.map((token) => shapeKey(tokenShape(token))));
            this.buildFamilies(placement.shapes);
            const sameFace = this.shape && placement.shapes.some((shape) => shapeKey(shape) === shapeKey(this.shape));
            if (!sameFace || !this.fitting.has(shapeKey(this.shape))) {
                this.shape = normalise(placement.shapes.find((shape) => this.fitting.has(shapeKey(shape))) || placement.shapes[0]);
            }
            this.touched = null;
            this.buildPalette(placement.face);
        }
        this.draw();
        return fresh;
    }

    // Where the keyboard cursor goes when a placement starts: the anchor of the first legal
    // placement of the current shape.
    suggestedAnchor() {
        if (!this.active) return null;
        const key = shapeKey(this.shape);
        const token = this.placement.legal.find((candidate) => shapeKey(tokenShape(candidate)) === key);
        return token ? token.slice(2).split(".")[0] : null; // tokens list their cells in reading order
    }

    buildFamilies(shapes) {
        this.families = [];
        const index = new Map();
        for (const shape of shapes) {
            const key = familyKey(shape);
            if (!index.has(key)) {
                index.set(key, this.families.length);
                this.families.push({ key, shapes: [] });
            }
            this.families[index.get(key)].shapes.push(normalise(shape));
        }
        this.families.sort((a, b) => a.shapes[0].length - b.shapes[0].length); // stable: small to large
    }


    shapeName(shape) {
        const name = FAMILY_NAMES.get(familyKey(shape));
        return name ? this.i18n.t(`ftv-ui.shape.${name}`) : this.i18n.t("ftv-ui.shape.generic", { cells: shape.length });
    }

    buildPalette(face) {
        const palette = $("placer-palette");
        palette.hidden = face !== 6 || this.families.length < 2;
        palette.replaceChildren(
            ...this.families.map((family) => {
                const button = document.createElement("button");
                button.type = "button";
                button.className = "shape-button";
                button.dataset.family = family.key;
                button.dataset.shape = family.shapes[0].map((cell) => cell.join(",")).join(";");
                button.append(shapePicture(family.shapes[0]));
                return button;
            }),
        );
    }

    // ---- turning and choosing ---------------------------------------------------------------

    turn(how) {
        if (!this.active) return;
        this.shape = how(this.shape);
        this.touched = null;
        this.draw();
    }

    chooseFamily(key) {
        const family = this.families.find((candidate) => candidate.key === key);
        if (!family) return;
        this.shape = family.shapes.find((shape) => this.fitting.has(shapeKey(shape))) || family.shapes[0];
        this.touched = null;
        this.draw();
    }

    // ---- pointer and keyboard ---------------------------------------------------------------

    hover(cell) {
        if (cell === this.hovered) return;
        this.hovered = cell;
        this.draw();
    }

    setCursor(cell) {
        this.cursor = cell;
        if (this.active) this.draw();
    }

    // The anchor shown: the pointer's spot, else the touch preview, else the keyboard cursor
    // while the board has the focus.
    anchor() {
        if (this.hovered) return this.hovered;
        if (this.touched) return this.touched;
        if (document.activeElement === this.board && this.isAnalysisCell(this.cursor)) return this.cursor;
        return null;
    }

    // A click (or Enter) on an analysis spot. `viaTouch`: a first tap only previews.
    // Returns false when the cell is not an analysis spot (the page handles the click).
    click(cell, { viaTouch = false } = {}) {
        if (!this.active || !this.isAnalysisCell(cell)) return false;
        if (viaTouch && this.touched !== cell) {
            this.touched = cell;
            this.draw();
            return true;
        }
        const { token } = placementAt(this.shape, cellPosition(cell));
        this.touched = null;
        if (token === null) { // not a placement the engine can name: said here
            this.showHint({ key: "ftv-ui.placer.outside", params: {} }, "error");
            $("announce").textContent = $("placer-hint").textContent;
            return true;
        }
        this.onPlace(token);
        return true;
    }

    // The R and F keys (from the page's keyboard handler); true when used.
    key(event) {
        if (!this.active || event.ctrlKey || event.metaKey || event.altKey) return false;
        const key = event.key.toLowerCase();
        if (key === "r") this.turn(rotate);
        else if (key === "f") this.turn(flip);
        else return false;
        return true;
    }

    // The next analysis spot from `cell` in a direction ([drow, dcol]), skipping gaps; null
    // when there is none (the page then moves by position).
    step(cell, [drow, dcol]) {
        const start = cellPosition(cell);
        if (!start || !this.isAnalysisCell(cell)) return null;
        let [row, col] = start;
        for (;;) {
            row += drow;
            col += dcol;
            if (row < 0 || row >= ROWS || col < 0 || col >= COLUMNS.length) return null;
            const name = cellName([row, col]);
            if (this.isAnalysisCell(name)) return name;
        }
    }

    // ---- drawing ----------------------------------------------------------------------------

    showHint(message, level = "info") {
        this.hint = message ? { message, level } : null;
        const hint = $("placer-hint");
        hint.textContent = message ? this.i18n.message(message) : "";
        hint.dataset.level = level;
    }

    // Marks the board (after every redraw of it) and updates the panel.
    draw() {
        this.clearBoard();
        if (!this.active) return;
        const placement = this.placement;
        this.ensurePatterns();
        for (const cell of placement.reach) this.board.querySelector(`[data-cell="${cell}"]`)?.classList.add("reach");

        const picture = $("placer-shape");
        picture.replaceChildren(shapePicture(this.shape));
        picture.dataset.shape = this.shape.map((cell) => cell.join(",")).join(";");
        $("placer").dataset.face = String(placement.face);
        $("placer-title").textContent = placement.face === 6
            ? this.i18n.t("ftv-ui.placer.title-wild")
            : this.i18n.t("ftv-ui.placer.title", { face: placement.face });
        $("placer-shape").setAttribute("title", this.i18n.t("ftv-ui.shape.current", { shape: this.shapeName(this.shape) }));
        const current = familyKey(this.shape);
        for (const button of $("placer-palette").children) {
            const family = this.families.find((candidate) => candidate.key === button.dataset.family);
            button.setAttribute("aria-pressed", String(family.key === current));
            button.setAttribute("aria-label", this.shapeName(family.shapes[0]));
            button.classList.toggle("fits", family.shapes.some((shape) => this.fitting.has(shapeKey(shape))));
        }

        const anchor = this.anchor();
        const section = $("placer");
        if (!anchor) {
            delete section.dataset.legal;
            this.showHint(this.fitting.has(shapeKey(this.shape))
                ? { key: "ftv-ui.placer.choose", params: {} }
                : { key: "ftv-ui.placer.nowhere", params: {} });
            return;
        }
        const { cells, token } = placementAt(this.shape, cellPosition(anchor));
        const legal = token !== null && this.legal.has(token);
        section.dataset.legal = String(legal);
        const mark = legal ? "preview-legal" : "preview-illegal";
        const ghosts = [];
        for (const cell of cells) {
            const inside = cell[1] >= 0 && cell[1] < COLUMNS.length && cell[0] >= 0 && cell[0] < ROWS;
            const spot = inside ? this.board.querySelector(`[data-cell="${cellName(cell)}"]`) : null;
            if (spot) spot.classList.add(mark);
            else ghosts.push(cell);
        }
        this.board.querySelector(`[data-cell="${anchor}"]`)?.classList.add("preview-anchor");
        this.drawGhosts(ghosts, mark);
        const names = cells.filter(([row, col]) => row >= 0 && col >= 0 && col < COLUMNS.length && row < ROWS).map(cellName).join(" ");
        if (token === null) this.showHint({ key: "ftv-ui.placer.outside", params: {} }, "error");
        else if (this.touched === anchor && legal) this.showHint({ key: "ftv-ui.placer.tap-again", params: { cells: names } }, "ok");
        else if (legal) this.showHint({ key: "ftv-ui.placer.legal", params: { cells: names } }, "ok");
        else this.showHint({ key: "ftv-ui.placer.illegal", params: { cells: names } }, "error");
    }

    // The fills site.css gives previewed cells (a dot, a ring, a cross), as patterns in the
    // board's SVG (redrawn with every view, so added again when missing).
    ensurePatterns() {
        const svg = this.board.querySelector("svg");
        if (!svg || svg.querySelector("#placer-ring")) return;
        const make = (name, attributes, children = []) => {
            const node = document.createElementNS(SVG, name);
            for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
            node.append(...children);
            return node;
        };
        const pattern = (id, ...children) => make("pattern", {
            id, width: 1, height: 1, patternUnits: "objectBoundingBox", patternContentUnits: "objectBoundingBox",
        }, children);
        const defs = make("defs", { class: "placer-defs" }, [
            pattern("placer-dot",
                make("rect", { width: 1, height: 1, fill: "#1f9d55", "fill-opacity": 0.12 }),
                make("circle", { cx: 0.5, cy: 0.5, r: 0.13, fill: "#1f9d55" })),
            pattern("placer-ring",
                make("rect", { width: 1, height: 1, fill: "#1f9d55", "fill-opacity": 0.6 }),
                make("circle", { cx: 0.5, cy: 0.5, r: 0.22, fill: "none", stroke: "#ffffff", "stroke-width": 0.09 })),
            pattern("placer-cross",
                make("rect", { width: 1, height: 1, fill: "#b3261e", "fill-opacity": 0.5 }),
                make("path", { d: "M0.25,0.25L0.75,0.75M0.75,0.25L0.25,0.75", stroke: "#ffffff", "stroke-width": 0.1,
                    "stroke-linecap": "round" })),
        ]);
        svg.prepend(defs);
    }

    clearBoard() {
        for (const name of ["reach", ...PREVIEW_CLASSES]) {
            for (const element of this.board.querySelectorAll(`.${name}`)) element.classList.remove(name);
        }
        this.board.querySelector(".placer-ghosts")?.remove();
    }

    // Previewed cells that have no spot (outside the disc or the box): squares drawn at the
    // analysis grid's positions, measured from two spots of the sheet.
    drawGhosts(cells, mark) {
        if (!cells.length) return;
        const svg = this.board.querySelector("svg");
        const origin = this.tile("a5");
        const across = this.tile("k5");
        if (!svg || !origin || !across) return;
        const size = (across.x - origin.x) / (COLUMNS.length - 1);
        const group = document.createElementNS(SVG, "g");
        group.setAttribute("class", `placer-ghosts ${mark}`);
        group.setAttribute("pointer-events", "none");
        group.setAttribute("aria-hidden", "true");
        for (const [row, col] of cells) {
            const rect = document.createElementNS(SVG, "rect");
            rect.setAttribute("class", "placer-ghost");
            rect.setAttribute("x", String(origin.x + col * size + 2));
            rect.setAttribute("y", String(origin.y + (row - 5) * size + 2));
            rect.setAttribute("width", String(size - 4));
            rect.setAttribute("height", String(size - 4));
            rect.setAttribute("rx", "4");
            group.append(rect);
        }
        svg.append(group);
    }

    tile(cell) {
        const rect = this.board.querySelector(`[data-cell="${cell}"] rect`);
        return rect ? { x: Number(rect.getAttribute("x")), y: Number(rect.getAttribute("y")) } : null;
    }
}
