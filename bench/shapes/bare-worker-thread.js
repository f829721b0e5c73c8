import { loadPyodide } from "{{PYODIDE}}";
const pyodide = await loadPyodide();
postMessage(pyodide.runPython("import sys; sys.version"));
