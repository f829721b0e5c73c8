const { loadPyodide } = await import("{{PYODIDE}}");
const pyodide = await loadPyodide();
document.getElementById("status").textContent = pyodide.runPython("import sys; sys.version");
document.body.dataset.ready = "true";
