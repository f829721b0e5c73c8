// Runs before PyScript on every page with Python glue.
//
// 1. Inside a blog's cross-site iframe the browser refuses storage; PyScript still opens an
// IndexedDB database as soon as it loads (for its optional file-system API, which the site does
// not use), and its error handler then throws twice ("The event is already being dispatched" and
// an unhandled rejection). Where storage is refused, opening a database here gives a request that
// never answers instead. The glue itself never uses IndexedDB.
//
// 2. A write to localStorage or sessionStorage throws (QuotaExceededError) when the storage is
// full, and a JavaScript exception thrown inside a call from MicroPython escapes every Python
// `except`. The glue writes through `virusGamesStorage.set(storage, key, value)` instead, which
// never throws: it returns "" when the value was stored, else the error's name (glue/dom.py).
(() => {
    try {
        window.localStorage.getItem("virus-games.probe");
    } catch {
        const never = () => ({});
        try {
            Object.defineProperty(IDBFactory.prototype, "open", { value: never, configurable: true });
        } catch {
            // no IndexedDB at all: nothing opens one
        }
    }
    const set = (storage, key, value) => {
        try {
            storage.setItem(String(key), String(value));
            return "";
        } catch (error) {
            return String((error && error.name) || "Error");
        }
    };
    Object.defineProperty(globalThis, "virusGamesStorage", { value: Object.freeze({ set }) });
})();
