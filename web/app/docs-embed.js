// docs/embed.html: the snippets name this site's real address, whatever host serves it.
const placeholder = "https://virus-games.example";
for (const code of document.querySelectorAll("code.with-origin")) {
    code.textContent = code.textContent.replaceAll(placeholder, location.origin);
}
