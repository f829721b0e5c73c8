# Install the Virus Games engine wheel with micropip, play a few Zebra moves and draw the board.
import pyodide_js

await pyodide_js.loadPackage("micropip")  # micropip ships with the site's Pyodide
import micropip

await micropip.install("../{{WHEEL_PATH}}")

from pyscript import document

import pyengine

match = pyengine.Match("zebra", options={"size": 4})
for move in ["c2-d2", "a1-b1", "d2-c1"]:
    match.play(move)

state = match.state
document.getElementById("diagram").innerHTML = state.game.render(state, last_move=("d2", "c1"))
document.getElementById("record").textContent = match.record_text()
document.body.dataset.ready = "true"
