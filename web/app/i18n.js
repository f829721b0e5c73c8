// Translations: every visible string comes from static/i18n/<lang>.json. The build fills the
// English text into the pages (first paint); this module switches language at run time, picks
// the browser's language on the first visit and remembers the choice.

export const LANGUAGES = ["en", "es"];
const STORAGE_KEY = "virus-games.language";

function storedLanguage() {
    try {
        return localStorage.getItem(STORAGE_KEY);
    } catch {
        return null; // storage can be refused (private mode, cross-site iframes): just don't remember
    }
}

function storeLanguage(language) {
    try {
        localStorage.setItem(STORAGE_KEY, language);
    } catch {
        /* see storedLanguage */
    }
}

export function preferredLanguage() {
    const requested = new URLSearchParams(location.search).get("lang");
    const candidates = [requested, storedLanguage(), ...(navigator.languages || [navigator.language])];
    for (const candidate of candidates) {
        const base = String(candidate || "").toLowerCase().split("-")[0];
        if (LANGUAGES.includes(base)) return base;
    }
    return "en";
}

export class I18n {
    constructor(language, strings, fallback) {
        this.language = language;
        this.strings = strings;
        this.fallback = fallback;
        this.listeners = [];
    }

    static async start() {
        const fallback = await I18n.load("en");
        const language = preferredLanguage();
        const strings = language === "en" ? fallback : await I18n.load(language).catch(() => fallback);
        const i18n = new I18n(language, strings, fallback);
        i18n.apply(document);
        i18n.bindSwitcher();
        return i18n;
    }

    // The site's strings plus the extra bundles the page declares (<body data-i18n-bundles="rules">
    // also loads static/i18n/rules-<language>.json), merged into one table.
    static async load(language) {
        const bundles = (globalThis.document?.body?.dataset.i18nBundles || "").split(/\s+/).filter(Boolean);
        const tables = await Promise.all([language, ...bundles.map((name) => `${name}-${language}`)].map(async (file) => {
            const url = new URL(`../static/i18n/${file}.json`, import.meta.url);
            const response = await fetch(url);
            if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
            return response.json();
        }));
        return Object.assign({}, ...tables);
    }

    has(key) {
        return key in this.strings || key in this.fallback;
    }

    // t("play.to-move", {player: "White"}) -> "White to move". Parameters whose value is itself
    // a translation request ({key, params}) are translated first.
    t(key, params = {}) {
        const template = this.strings[key] ?? this.fallback[key];
        if (template === undefined) {
            console.warn(`missing translation: ${key}`);
            return key;
        }
        return template.replace(/\{([\w-]+)\}/g, (whole, name) => {
            if (!(name in (params || {}))) return whole;
            const value = params[name];
            return value && typeof value === "object" && "key" in value ? this.message(value) : String(value);
        });
    }

    // The text of a translation request from the engine: {key, params}, with optional
    // `fallback` (English text for a key the page lacks) and `more` (further requests whose
    // texts follow, joined with spaces).
    message(request) {
        const main = request.fallback && !this.has(request.key)
            ? request.fallback
            : this.t(request.key, request.params || {});
        const more = Array.isArray(request.more) ? request.more.map((item) => this.message(item)) : [];
        return [main, ...more].join(" ");
    }

    apply(root) {
        document.documentElement.lang = this.language;
        for (const element of root.querySelectorAll("[data-i18n]")) {
            element.textContent = this.t(element.dataset.i18n);
        }
        for (const attribute of ["aria-label", "title", "placeholder", "content", "alt"]) {
            for (const element of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
                element.setAttribute(attribute, this.t(element.getAttribute(`data-i18n-${attribute}`)));
            }
        }
    }

    async switchTo(language) {
        if (!LANGUAGES.includes(language) || language === this.language) return;
        this.strings = language === "en" ? this.fallback : await I18n.load(language);
        this.language = language;
        storeLanguage(language);
        this.apply(document);
        for (const listener of this.listeners) listener(language);
    }

    onChange(listener) {
        this.listeners.push(listener);
    }

    // The site header's #language and any other .language-switch (the blog widget's own, whose
    // page hides the header): all show the current language.
    bindSwitcher() {
        const selects = [...document.querySelectorAll("#language, select.language-switch")];
        for (const select of selects) {
            select.value = this.language;
            select.addEventListener("change", () => this.switchTo(select.value));
        }
        this.onChange((language) => selects.forEach((select) => (select.value = language)));
    }
}
