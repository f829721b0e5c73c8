# Shape B: the engine and the glue on the main thread (PyScript `py`).
import json

from pyodide.ffi import create_proxy
from pyscript import document

from pyengine.controller import Controller

controller = Controller()
board = document.getElementById("board")
status = document.getElementById("status")


def render(reply):
    view = reply.get("view")
    if view:
        board.innerHTML = view["svg"]
        status.textContent = view["status"]["key"]


def on_click(event):
    cell = event.target.closest("[data-cell]")
    if cell:
        render(controller.handle({"op": "click", "cell": cell.dataset.cell}))


# {{BUSY}}


def on_busy(event):
    playouts = busy(int(event.currentTarget.dataset.ms))  # blocks the page: that is the point
    document.body.dataset.busyDone = str(playouts)


board.addEventListener("click", create_proxy(on_click))
document.getElementById("busy").addEventListener("click", create_proxy(on_busy))
render(
    json.loads(
        controller.handle_json(json.dumps({"op": "new", "game": "zebra", "options": {"size": 4}}))
    )
)
document.body.dataset.ready = "true"
