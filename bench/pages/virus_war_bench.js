// bench/virus_war.py's Pyodide half: boot the site's own Pyodide on the page, unpack the
// engine wheel the site ships and load the same benchmark module as under CPython
// (virus_war_bench.py is bench/virus_war.py, copied next to this page by the script). Then
// window.measure(kind, seconds) runs one meter, as bench/virus_war.py's rounds ask, and resolves
// with its report; body[data-ready] (or #out holding an error) says the page is ready.
const out = document.getElementById("out");
try {
  const build = await (await fetch("../build.json")).json();
  const { loadPyodide } = await import(`../${build.pyodide}`);
  const pyodide = await loadPyodide({
    indexURL: new URL(`../${build.pyodide}`, location.href).href.replace(/pyodide\.mjs$/, ""),
  });
  const fetchOk = async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response;
  };
  const wheel = await (await fetchOk(`../${build.wheel}`)).arrayBuffer();
  pyodide.unpackArchive(wheel, "wheel", { extractDir: "/home/pyodide/engine" });
  pyodide.FS.writeFile("/home/pyodide/virus_war_bench.py",
                       await (await fetchOk("virus_war_bench.py")).text());
  const positions = await (await fetchOk("virus_war_positions.txt")).text();
  pyodide.runPython(`
import sys
sys.path[:0] = ["/home/pyodide/engine", "/home/pyodide"]
import virus_war_bench
`);
  // The same loop as virus_war_bench.measure_meter, but driven from JavaScript: each short
  // call enters Python afresh, as the site's requests do (see the Meter docstring for why).
  // A meter is made once per kind and kept, warm, from round to round.
  const bench = pyodide.globals.get("virus_war_bench");
  const meters = new Map();
  window.measure = (kind, seconds) => {
    if (!meters.has(kind)) meters.set(kind, bench.Meter(positions, kind));
    const meter = meters.get(kind);
    let items = 0, turns = 0, elapsed = 0;
    while (elapsed < seconds) {
      const result = meter.run(bench.CHUNK_SECONDS);
      const [done, played, took] = result.toJs();
      result.destroy();
      items += done; turns += played; elapsed += took;
    }
    const summary = bench.summarize(kind, items, turns, elapsed);
    const report = summary.toJs({ dict_converter: Object.fromEntries });
    summary.destroy();
    return report;
  };
  window.pythonVersion = pyodide.runPython("import sys; sys.version.split()[0]");
  document.body.dataset.ready = "true";
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error && error.stack || error) });
}
