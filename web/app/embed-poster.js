// embed.html: the blog widget before anyone presses Play. It shows the game's starting board
// (drawn by the engine at build time), says what Play will do, and only then opens the game
// page (embed-<game>.html) in the same frame with the same parameters, so a blog page with
// several widgets downloads the Python runtime only for the one a reader starts.
import { I18n } from "./i18n.js";
import { embedSettings, parentOrigin, reportSize } from "./embed-frame.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const game = params.get("game") || "";
const games = [...document.querySelectorAll("template[id^=poster-]")].map((template) => template.id.slice(7));
const settings = embedSettings();
const i18n = await I18n.start();

function describe() {
    const name = i18n.t(`game.${game}.name`);
    if (settings.mode === "replay") return i18n.t("embed.title-replay", { game: name });
    if (settings.level) return i18n.t("embed.title-computer", { game: name, level: i18n.t(`embed.level.${settings.level}`) });
    return i18n.t("embed.title-play", { game: name });
}

if (!games.includes(game)) {
    $("poster-error").hidden = false;
    $("poster-error").textContent = i18n.t("embed.unknown-game", { game: game || "?", games: games.join(", ") });
    $("poster-play").hidden = true;
} else {
    $("poster-board").replaceChildren($(`poster-${game}`).content.cloneNode(true));
    const render = () => {
        $("poster-title").textContent = describe();
        $("poster-play-text").textContent = i18n.t(settings.mode === "replay" ? "embed.watch" : "embed.play");
    };
    render();
    i18n.onChange(render);
    $("poster-play").disabled = false;
    $("poster-play").addEventListener("click", () => {
        const next = new URLSearchParams(location.search);
        const parent = parentOrigin();
        if (parent) next.set("parent", parent); // the game page cannot read it from its referrer
        next.delete("game");
        next.set("lang", i18n.language); // the language the reader chose here, if any
        location.assign(`embed-${game}.html?${next}`);
    });
}
reportSize();
