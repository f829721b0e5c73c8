// The home page (and the docs pages): translations, and the unfinished games kept in this browser (saved-games.js),
// each with a link that resumes it and a button that deletes it. It never starts Python.
import { I18n } from "./i18n.js";
import { SavedGames } from "./saved-games.js";

const i18n = await I18n.start();
const saved = new SavedGames();

function renderUnfinished() {
    const section = document.getElementById("unfinished");
    if (!section) return; // a docs page: translations only
    const entries = saved.unfinished();
    section.hidden = entries.length === 0;
    const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
    document.getElementById("unfinished-list").replaceChildren(...entries.map((entry) => {
        const name = i18n.t(`game.${entry.game}.name`);
        const item = document.createElement("li");
        item.className = "unfinished-game";
        item.dataset.game = entry.game;
        const link = document.createElement("a");
        link.href = `${entry.game}.html#game=${encodeURIComponent(entry.id)}`;
        link.className = "unfinished-link";
        const title = document.createElement("strong");
        title.textContent = name;
        const details = [
            entry.title && typeof entry.title === "object" ? i18n.message(entry.title) : "",
            i18n.t("home.moves", { count: entry.plies }),
            (entry.seats || []).some((seat) => seat !== "human") ? i18n.t("home.vs-computer") : "",
            i18n.t("home.updated", { date: when.format(new Date(entry.updated)) }),
        ].filter(Boolean).join(" · ");
        const detail = document.createElement("span");
        detail.className = "unfinished-detail";
        detail.textContent = details;
        const resume = document.createElement("span");
        resume.className = "unfinished-resume";
        resume.textContent = i18n.t("home.resume");
        link.append(title, detail, resume);
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "unfinished-delete";
        remove.textContent = i18n.t("home.delete");
        remove.setAttribute("aria-label", i18n.t("home.delete-label", { game: name }));
        remove.addEventListener("click", () => {
            saved.remove(entry.id);
            renderUnfinished();
            document.querySelector(".unfinished-delete, .card-link")?.focus();
        });
        item.append(link, remove);
        return item;
    }));
}

renderUnfinished();
i18n.onChange(renderUnfinished);
// another tab played on: show the change
window.addEventListener("storage", renderUnfinished);
