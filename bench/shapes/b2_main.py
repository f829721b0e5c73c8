# Shape B + AI worker: the engine and the glue on the main thread, the (busy) search in a worker.
import asyncio
import json

from pyodide.ffi import create_proxy
from pyscript import document, workers

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


async def on_busy(event):
    ai = await workers["ai"]
    playouts = await ai.busy(int(document.getElementById("busy").dataset.ms))
    document.body.dataset.busyDone = str(playouts)


async def watch_worker():
    await workers["ai"]
    document.body.dataset.workerReady = "true"


board.addEventListener("click", create_proxy(on_click))
document.getElementById("busy").addEventListener(
    "click", create_proxy(lambda event: asyncio.ensure_future(on_busy(event)))
)
render(
    json.loads(
        controller.handle_json(json.dumps({"op": "new", "game": "zebra", "options": {"size": 4}}))
    )
)
document.body.dataset.ready = "true"
tasks = {asyncio.ensure_future(watch_worker())}  # held, or the loop may collect the task
