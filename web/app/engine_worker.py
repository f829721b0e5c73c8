"""The engine's side of the page: runs in the Pyodide web worker app/engine-worker.js.

The whole conversation is one JSON-in/JSON-out function. Everything about games, rules and
drawing lives in the engine wheel (pyengine); this file only exposes it. Errors never escape as
tracebacks: the controller turns them into messages the page translates.
"""

import io
import sys
import zipfile
import zipimport
from importlib.machinery import PathFinder

import pyengine
import pyengine.core.registry
from pyengine.ai.players import game_ai
from pyengine.controller import Controller

controller = Controller()


def handle(request_text):
    return controller.handle_json(request_text)


def preload(game_id):
    """Imports what the page's game needs (its drawing and its computer players) now, before
    app/engine-worker.js takes its memory snapshot: a restored engine then has them in memory.
    An unknown id is ignored (the page reports it on its first request)."""
    if game_id in pyengine.core.registry.game_ids():  # imports only this game
        pyengine.get_game(game_id).presentation()
        game_ai(game_id)


# Where Pyodide put the standard library: the worker's own, which holds only what it imports.
STDLIB = next((entry for entry in sys.path if entry.endswith(".zip")), "")
# In that zip, the names of the full standard library's modules it leaves out (web/tools/precompile.py).
OMITTED = "omitted-modules.txt"


def download(url):
    """A file of the site, synchronously (a worker may): bytes."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    return request.response.to_bytes()


def unpack(archives):
    for archive in archives:
        with zipfile.ZipFile(io.BytesIO(archive)) as files:
            files.extractall()


class UnpackOnDemand:
    """The last finder on ``sys.meta_path``: when an import finds nothing, it makes more of the
    engine's files available, then looks again.

    * First the page's game's bytecode (app/engine-worker.js): after a memory-snapshot restore
      the modules the page needs first are in memory but the file system is empty, and
      unpacking waits until an import needs a file.
    * Then, for a module the worker's small archives leave out (another game's, a standard
      module the engine never imported at build time): the engine's wheel and bytecode, or the
      full standard library in place of the worker's, downloaded then, once each."""

    archives = []  # noqa: RUF012 (class state): bytes to unpack, until unpacked
    engine_urls = []  # noqa: RUF012 (class state): the wheel and its bytecode overlay
    stdlib_url = ""  # the full standard library
    omitted = None  # the standard modules left out, read from the worker's stdlib when needed

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if cls.archives:
            archives, cls.archives = cls.archives, []
            unpack(archives)
            sys.path_importer_cache.clear()
            spec = PathFinder.find_spec(name, path, target)
            if spec is not None:
                return spec
        try:
            if not cls.fetch(name):
                return None
        except Exception:  # noqa: BLE001 (offline, say): the import fails as it would have
            return None
        zipimport._zip_directory_cache.clear()
        sys.path_importer_cache.clear()
        return PathFinder.find_spec(name, path, target)

    @classmethod
    def fetch(cls, name):
        """Downloads what holds ``name``, if anything does; whether it did."""
        if name.partition(".")[0] == "pyengine" and cls.engine_urls:
            urls, cls.engine_urls = cls.engine_urls, []
            unpack([download(url) for url in urls])
            return True
        if cls.omitted is None and STDLIB:
            with zipfile.ZipFile(STDLIB) as stdlib:
                names = stdlib.read(OMITTED).decode() if OMITTED in stdlib.namelist() else ""
            cls.omitted = set(names.split())
        if cls.stdlib_url and name in (cls.omitted or ()):
            url, cls.stdlib_url = cls.stdlib_url, ""
            data = download(url)
            with open(STDLIB, "wb") as stdlib:
                stdlib.write(data)
            return True
        return False


def unpack_when_needed(engine_urls, stdlib_url, *archives):
    """What :class:`UnpackOnDemand` makes available when an import needs it: the engine's
    archives to download (site URLs), the full standard library's URL, and archives at hand
    (JavaScript Uint8Arrays, or bytes)."""
    UnpackOnDemand.engine_urls = [str(url) for url in engine_urls]
    UnpackOnDemand.stdlib_url = str(stdlib_url)
    UnpackOnDemand.archives = [
        archive if isinstance(archive, bytes) else archive.to_bytes() for archive in archives
    ]


sys.meta_path.append(UnpackOnDemand)

__export__ = ["handle", "preload", "unpack_when_needed"]
