# Shape C: MicroPython glue; every engine call goes to the Pyodide worker named "engine".
import json

from pyscript import document, when, workers

board = document.getElementById("board")
status = document.getElementById("status")
engine = await workers["engine"]


async def request(message):
    return json.loads(await engine.handle(json.dumps(message)))


def render(reply):
    view = reply.get("view")
    if view:
        board.innerHTML = view["svg"]
        status.textContent = view["status"]["key"]


@when("click", "#board")
async def on_click(event):
    cell = event.target.closest("[data-cell]")
    if cell:
        render(await request({"op": "click", "cell": cell.dataset.cell}))


@when("click", "#busy")
async def on_busy(event):
    playouts = await engine.busy(int(document.getElementById("busy").dataset.ms))
    document.body.dataset.busyDone = str(playouts)


render(await request({"op": "new", "game": "zebra", "options": {"size": 4}}))
document.body.dataset.ready = "true"
