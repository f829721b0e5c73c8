// bench/ai_browser.py's browser half, worker side: boot the site's own Pyodide in this module
// worker, unpack the engine (the working tree's pyengine/ zipped by the script, or the site's
// wheel), then time each decision the way the site runs the computer player: one call to
// start thinking, then thinking.step(50) called from JavaScript until it is done, so every
// 50 ms slice enters Python afresh. ai_bench.py is bench/ai_browser.py, copied here.
const fetchOk = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
};

async function run(engine) {
  const build = await (await fetchOk("../build.json")).json();
  const { loadPyodide } = await import(`../${build.pyodide}`);
  const pyodide = await loadPyodide({
    indexURL: new URL(`../${build.pyodide}`, location.href).href.replace(/pyodide\.mjs$/, ""),
  });
  if (engine === "wheel") {
    const wheel = await (await fetchOk(`../${build.wheel}`)).arrayBuffer();
    pyodide.unpackArchive(wheel, "wheel", { extractDir: "/home/pyodide/engine" });
  } else {
    const archive = await (await fetchOk("engine.zip")).arrayBuffer();
    pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/engine" });
  }
  pyodide.FS.writeFile("/home/pyodide/ai_bench.py", await (await fetchOk("ai_bench.py")).text());
  const work = await (await fetchOk("ai_positions.json")).json();
  pyodide.runPython(`
import sys
sys.path[:0] = ["/home/pyodide/engine", "/home/pyodide"]
import ai_bench
`);
  const bench = pyodide.globals.get("ai_bench");
  const report = { games: {} };
  for (const [game, positions] of Object.entries(work.games)) {
    const decisions = [];
    for (const item of positions) {
      const state = bench.prepare(game, item.document);
      const begin = performance.now();
      const thinking = bench.start(game, state, work.level, item.seed);
      let longest = performance.now() - begin;
      let calls = 1;
      let done = thinking.done;
      while (!done) {
        const before = performance.now();
        done = thinking.step(work.slice);
        longest = Math.max(longest, performance.now() - before);
        calls += 1;
      }
      const ms = performance.now() - begin;
      decisions.push({ ms, calls, longest, action: bench.answer(thinking) });
      thinking.destroy();
      state.destroy();
    }
    report.games[game] = { decisions };
    const median = decisions.map((d) => d.ms).sort((a, b) => a - b)[decisions.length >> 1];
    postMessage({ progress: `${game}: ${decisions.length} decisions, median ~${Math.round(median)} ms` });
  }
  report.version = pyodide.version;
  report.python = pyodide.runPython("import sys; sys.version.split()[0]");
  report.browser = navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] || "";
  bench.destroy();
  return report;
}

onmessage = async (event) => {
  try {
    postMessage(await run(event.data.engine));
  } catch (error) {
    postMessage({ error: String(error && error.stack || error) });
  }
};
