// Shape A glue: plain JS, one Pyodide worker via PyScript's PyWorker (see a.html).
const site = (path) => new URL(path, location.href).href;
const board = document.getElementById("board");
const status = document.getElementById("status");
let worker = null;
let queue = Promise.resolve();

function request(message) {
    const run = async () => JSON.parse(await worker.sync.handle(JSON.stringify(message)));
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
}

function render(reply) {
    if (!reply.view) return;
    board.innerHTML = reply.view.svg;
    status.textContent = reply.view.status.key;
}

board.addEventListener("click", async (event) => {
    const cell = event.target.closest("[data-cell]");
    if (cell && worker) render(await request({ op: "click", cell: cell.dataset.cell }));
});
document.getElementById("busy").addEventListener("click", async (event) => {
    const playouts = await worker.sync.busy(Number(event.currentTarget.dataset.ms));
    document.body.dataset.busyDone = String(playouts);
});

const { PyWorker } = await import("{{PYSCRIPT}}");
const interpreter = site("{{PYODIDE}}");
worker = await PyWorker(new URL("./a_worker.py", import.meta.url).href, {
    version: interpreter,
    config: { interpreter, files: { [site("{{WHEEL}}")]: "./*" } },
});
render(await request({ op: "new", game: "zebra", options: { size: 4 } }));
document.body.dataset.ready = "true";
