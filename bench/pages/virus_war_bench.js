// bench/virus_war.py's Pyodide half: boot the site's own Pyodide on the page, unpack the
// engine wheel the site ships, then run the same playout function as under CPython
// (virus_war_bench.py is bench/virus_war.py, copied next to this page by the script).
// The JSON report lands in #out and body[data-done] tells Playwright it is there.
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
  const seconds = Number(new URLSearchParams(location.search).get("seconds") || "3");
  pyodide.runPython(`
import sys
sys.path[:0] = ["/home/pyodide/engine", "/home/pyodide"]
import virus_war_bench
`);
  // The same loop as virus_war_bench.measure_playouts, but driven from JavaScript: each short
  // call enters Python afresh, as the site's requests do (see the Meter docstring for why).
  const bench = pyodide.globals.get("virus_war_bench");
  const report = {};
  for (const kind of bench.METERS.toJs()) {
    const meter = bench.Meter(positions, kind);
    const warm = performance.now();
    while (performance.now() - warm < 1000) meter.run(bench.CHUNK_SECONDS).destroy();
    let items = 0, turns = 0, elapsed = 0;
    while (elapsed < seconds) {
      const result = meter.run(bench.CHUNK_SECONDS);
      const [done, played, took] = result.toJs();
      result.destroy();
      items += done; turns += played; elapsed += took;
    }
    const summary = bench.summarize(kind, items, turns, elapsed);
    Object.assign(report, summary.toJs({ dict_converter: Object.fromEntries }));
    summary.destroy();
    meter.destroy();
  }
  report.version = pyodide.runPython("import sys; sys.version.split()[0]");
  out.textContent = JSON.stringify(report);
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error && error.stack || error) });
}
document.body.dataset.done = "true";
