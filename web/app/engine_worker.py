"""The engine's side of the page: runs in the Pyodide web worker app/engine-worker.js.

The whole conversation is one JSON-in/JSON-out function. Everything about games, rules and
drawing lives in the engine wheel (pyengine); this file only exposes it. Errors never escape as
tracebacks: the controller turns them into messages the page translates.
"""

import io
import sys
import zipfile
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


class UnpackOnDemand:
    """The last finder on ``sys.meta_path``: unpacks the engine's files the first time an
    import finds nothing, then looks again.

    After a memory-snapshot restore (app/engine-worker.js) the modules the page needs first
    are in memory but the file system is empty; unpacking the wheel takes a tenth of a second,
    so it waits until an import needs a file (another game's modules, say)."""

    archives = []  # noqa: RUF012 (class state): the wheel and its bytecode overlay, until unpacked

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if not cls.archives:
            return None
        archives, cls.archives = cls.archives, []
        for archive in archives:
            with zipfile.ZipFile(io.BytesIO(archive)) as files:
                files.extractall()
        sys.path_importer_cache.clear()
        return PathFinder.find_spec(name, path, target)


def unpack_when_needed(*archives):
    """Keeps the engine's archives (JavaScript Uint8Arrays, or bytes) for :class:`UnpackOnDemand`."""
    UnpackOnDemand.archives = [
        archive if isinstance(archive, bytes) else archive.to_bytes() for archive in archives
    ]


sys.meta_path.append(UnpackOnDemand)

__export__ = ["handle", "preload", "unpack_when_needed"]
