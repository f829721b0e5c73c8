// Baselines for bench/load.py: boot Pyodide and nothing else, until Python answers.
//   bare.html              the site's own Pyodide (its python_stdlib.zip carries .pyc)
//   bare.html?runtime=npm  Pyodide exactly as npm ships it (/bench/npm-pyodide/, no .pyc)
const npm = new URLSearchParams(location.search).get("runtime") === "npm";
const build = await (await fetch("../build.json")).json();
const indexURL = npm
    ? new URL("npm-pyodide/", location.href).href
    : new URL(`../${build.pyodide}`, location.href).href.replace(/pyodide\.mjs$/, "");
const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL });
document.getElementById("out").textContent = pyodide.runPython("import sys; sys.version.split()[0]");
performance.mark("pyodide-ready");
document.body.dataset.ready = "true";
