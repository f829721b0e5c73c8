"""The engine's side of the page: runs in a Pyodide web worker started by app/engine.js.

The whole conversation is one JSON-in/JSON-out function. Everything about games, rules and
drawing lives in the engine wheel (pyengine); this file only exposes it. Errors never escape as
tracebacks: the controller turns them into messages the page translates.
"""

from pyengine.controller import Controller

controller = Controller()


def handle(request_text):
    return controller.handle_json(request_text)


__export__ = ["handle"]
