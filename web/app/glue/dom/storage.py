"""The browser's storage, behind checks: ``localStorage`` and ``sessionStorage`` whose writes
raise Python errors, settings, and what the browser refuses this page (found once)."""

import js

window = js.window

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class StorageRefused(OSError):
    """A write the browser's storage refused (``QuotaExceededError``: the storage is full)."""


class SafeStorage:
    """The browser's ``localStorage`` or ``sessionStorage``: :meth:`get`, :meth:`put`,
    :meth:`drop`, :meth:`size` and :meth:`key_at`. :meth:`put` raises a Python error, never a
    JavaScript exception: one thrown inside a call from MicroPython escapes every ``except``,
    so a full storage would stop the page. Writes go through app/storage-guard.js's
    ``virusGamesStorage.set``, which catches it."""

    def __init__(self, store: "Any") -> None:
        self.store = store

    def get(self, key: str) -> "str | None":
        value = self.store.getItem(key)
        return None if value is None else str(value)

    def put(self, key: str, value: str) -> None:
        guard = getattr(window, "virusGamesStorage", None)
        if guard is None:
            raise StorageRefused("no storage guard")  # app/storage-guard.js did not run
        problem = str(guard.set(self.store, key, value))
        if problem:
            raise StorageRefused(problem)

    def drop(self, key: str) -> None:
        self.store.removeItem(key)

    def size(self) -> int:
        """How many keys the storage holds."""
        return int(self.store.length)

    def key_at(self, index: int) -> "str | None":
        """The ``index``-th key, or None past the end."""
        value = self.store.key(index)
        return None if value is None else str(value)


def storage(kind: str = "localStorage") -> "SafeStorage | None":
    """``localStorage`` (or ``sessionStorage``) as a :class:`SafeStorage`, or None where the
    browser refuses it (a blog's cross-site iframe, some private modes)."""
    if kind in _access:
        store = _access[kind]
        return None if store is None else SafeStorage(store)
    try:
        store = getattr(window, kind)
        store.getItem("virus-games.probe")  # throws where storage is refused
        return SafeStorage(store)
    except Exception:
        return None


def setting(key: str) -> "str | None":
    """A setting kept in this browser; None where storage is not allowed (an embedded page)."""
    store = storage()
    if store is None:
        return None
    try:
        value = store.get(key)
    except Exception:
        return None
    return None if value is None else str(value)


def keep_setting(key: str, value: str) -> None:
    store = storage()
    if store is None:
        return
    try:
        store.put(key, value)
    except Exception:
        pass  # not kept: the setting lasts for this page only


# What probe_access found: "localStorage", "sessionStorage", "serviceWorker" -> the object, or
# None where the browser refuses it.
_access: "dict[str, Any]" = {}


async def read_refusable(target: "Any", prototype: "Any", name: str) -> "Any":
    """``target[name]`` for a property whose getter may throw (a SecurityError where access is
    refused), or None. A JavaScript exception thrown in a call from MicroPython escapes the
    interpreter (no ``except`` sees it); a promise's rejection is an ordinary exception, so the
    getter runs as a promise's callback."""
    try:
        owners = [holder for holder in (target, prototype) if holder is not None]
        # (hasOwnProperty: a missing descriptor arrives as JavaScript's undefined, not None)
        has_own = js.Object.prototype.hasOwnProperty
        owners = [holder for holder in owners if has_own.call(holder, name)]
        if not owners:
            return None  # not in this browser (service workers outside secure contexts)
        descriptor = js.Reflect.getOwnPropertyDescriptor(owners[0], name)
        getter = getattr(descriptor, "get", None)
        if getter is None:
            return getattr(descriptor, "value", None)
        return await js.Promise.resolve().then(getter.bind(target))
    except Exception:
        return None


async def probe_access() -> None:
    """Finds, once, which storages and whether service workers the browser lets this page use,
    so that :func:`storage` and :func:`service_worker_container` never touch a refused one."""
    if _access:
        return
    for kind in ("localStorage", "sessionStorage"):
        store = await read_refusable(window, getattr(js, "Window", None), kind)
        _access[kind] = store
    navigator = window.navigator
    prototype = getattr(js, "Navigator", None)
    prototype = prototype.prototype if prototype is not None else None
    _access["serviceWorker"] = await read_refusable(navigator, prototype, "serviceWorker")


def service_worker_container() -> "Any":
    """``navigator.serviceWorker``, or None where there is none or it is refused (glue.dom.worker
    wraps it)."""
    if "serviceWorker" in _access:
        return _access["serviceWorker"]
    return getattr(window.navigator, "serviceWorker", None)
