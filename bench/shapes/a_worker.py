# Shape A's worker (also shape C's): the engine's JSON API plus the bench's busy loop.
from pyengine.controller import Controller

controller = Controller()


def handle(request_text):
    return controller.handle_json(request_text)


# {{BUSY}}

__export__ = ["handle", "busy"]
