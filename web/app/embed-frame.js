// Life inside a blog's iframe: the widget's settings from its URL, and its height sent to the
// page around it (app/embed-loader.js sizes the iframe from it). Messages go to the parent's
// origin only, and the only message taken in ("virus-games:ping") must come from the parent
// window and that same origin.

// Query parameters with a meaning of their own; every other one is a game option
// (?size=6&setup=hole), checked by the engine like the options form's.
const RESERVED = new Set(["game", "mode", "record", "level", "lang", "seats", "ply", "parent", "fast"]);
const MODES = ["play", "replay"];

function optionValue(text) {
    if (/^-?\d{1,15}$/.test(text)) return Number(text);
    if (text === "true" || text === "false") return text === "true";
    return text;
}

// {mode, record, level, seats, ply, options, parent, problems}: `problems` are translation
// requests for parameters that cannot be used (the widget says so and plays on).
export function embedSettings(search = location.search) {
    const params = new URLSearchParams(search);
    const problems = [];
    let mode = params.get("mode") || "play";
    if (!MODES.includes(mode)) {
        problems.push({ key: "embed.bad-mode", params: { mode } });
        mode = "play";
    }
    const options = {};
    for (const [name, value] of params) {
        if (!RESERVED.has(name)) options[name] = optionValue(value);
    }
    const seats = params.get("seats");
    return {
        mode,
        record: params.get("record"),
        level: params.get("level"),
        seats: seats ? seats.split(",").filter(Boolean).slice(0, 8) : null,
        ply: params.get("ply"),
        options,
        parent: params.get("parent"),
        problems,
    };
}

// The origin of the page that frames this one, or null (not framed, or unknown).
export function parentOrigin(hint = null) {
    if (window.parent === window) return null;
    const ancestors = location.ancestorOrigins;
    if (ancestors && ancestors.length) return ancestors[0] === "null" ? null : ancestors[0];
    for (const candidate of [hint, document.referrer]) {
        try {
            const origin = new URL(candidate).origin;
            if (origin !== "null") return origin;
        } catch {
            // not a URL: try the next
        }
    }
    return null;
}

// Sends the document's height to the framing page now and whenever it changes.
export function reportSize(hint = null) {
    const origin = parentOrigin(hint);
    if (!origin) return;
    let last = 0;
    const send = (force = false) => {
        const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
        if (!force && height === last) return;
        last = height;
        window.parent.postMessage({ type: "virus-games:size", height }, origin);
    };
    new ResizeObserver(() => send()).observe(document.documentElement);
    window.addEventListener("message", (event) => {
        if (event.origin !== origin || event.source !== window.parent) return;
        if (event.data && event.data.type === "virus-games:ping") send(true);
    });
    send(true);
}
