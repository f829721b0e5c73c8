// bench/review_browser.py's browser half, worker side: boots the site's own Pyodide in this
// module worker, unpacks the engine (the working tree's pyengine/ zipped by the script, or the
// site's wheel) and answers the page's messages, each {id, ...}:
//   {boot: "zip" | "wheel"}  -> {version, python, browser}
//   {load: {game, record}}   -> a fresh pyengine.controller.Controller given the record (the
//                               "load" op), as a page has its game before it asks for a review
//   {request: text}          -> {reply, ms}: Controller.handle_json(text), the very call the
//                               site's engine worker makes per request, and how long it took.
// Errors come back as {error}.
const fetchOk = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
};

let pyodide = null;
let Controller = null;
let controller = null;

async function boot(engine) {
  const build = await (await fetchOk("../build.json")).json();
  const { loadPyodide } = await import(`../${build.pyodide}`);
  pyodide = await loadPyodide({
    indexURL: new URL(`../${build.pyodide}`, location.href).href.replace(/pyodide\.mjs$/, ""),
  });
  const archive =
    engine === "wheel"
      ? await (await fetchOk(`../${build.wheel}`)).arrayBuffer()
      : await (await fetchOk("engine.zip")).arrayBuffer();
  pyodide.unpackArchive(archive, engine === "wheel" ? "wheel" : "zip", {
    extractDir: "/home/pyodide/engine",
  });
  // The review's modules imported now, so the first review timed does not import them.
  pyodide.runPython(`
import sys
sys.path[:0] = ["/home/pyodide/engine"]
import pyengine.games
import pyengine.review
from pyengine.controller import Controller
`);
  Controller = pyodide.globals.get("Controller");
  return {
    version: pyodide.version,
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    browser: navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] || "",
  };
}

function load({ game, record }) {
  controller?.destroy();
  controller = Controller();
  const reply = controller.handle_json(JSON.stringify({ op: "load", game, record }));
  if (!JSON.parse(reply).ok) throw new Error(`load: ${reply}`);
  return { loaded: true };
}

function handle(request) {
  const before = performance.now();
  const reply = controller.handle_json(request);
  return { reply, ms: performance.now() - before };
}

onmessage = async (event) => {
  const { id } = event.data;
  try {
    let answer;
    if (event.data.boot) answer = await boot(event.data.boot);
    else if (event.data.load) answer = load(event.data.load);
    else answer = handle(event.data.request);
    postMessage({ id, ...answer });
  } catch (error) {
    postMessage({ id, error: String(error && error.stack || error) });
  }
};
