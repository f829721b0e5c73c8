// Baseline for bench/load.py: boot the site's own Pyodide and nothing else.
const build = await (await fetch("../build.json")).json();
const { loadPyodide } = await import(`../${build.pyodide}`);
const pyodide = await loadPyodide({ indexURL: new URL(`../${build.pyodide}`, location.href).href.replace(/pyodide\.mjs$/, "") });
document.getElementById("out").textContent = pyodide.runPython("import sys; sys.version.split()[0]");
performance.mark("pyodide-ready");
document.body.dataset.ready = "true";
