// Runs before PyScript on every page with Python glue. Inside a blog's cross-site iframe the
// browser refuses storage; PyScript still opens an IndexedDB database as soon as it loads (for
// its optional file-system API, which the site does not use), and its error handler then throws
// twice ("The event is already being dispatched" and an unhandled rejection). Where storage is
// refused, opening a database here gives a request that never answers instead. The glue itself
// never uses IndexedDB; it checks every storage it uses (glue/dom.py).
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
})();
