// bench/ai_browser.py's browser half, page side: start the module worker that runs Pyodide
// (as the site runs the engine in PyScript's worker, so this page's thread stays free), pass
// it the query, wait for its JSON report and put it in #out; body[data-done] tells Playwright.
const out = document.getElementById("out");
const finish = (report) => {
  out.textContent = JSON.stringify(report);
  document.body.dataset.done = "true";
};
try {
  const worker = new Worker("ai_bench_worker.js", { type: "module" });
  worker.onmessage = (event) => {
    if (event.data.progress) {
      console.log(`bench: ${event.data.progress}`);
      return;
    }
    finish(event.data);
  };
  worker.onerror = (event) => finish({ error: `worker: ${event.message || "failed to start"}` });
  worker.postMessage({ engine: new URLSearchParams(location.search).get("engine") || "zip" });
} catch (error) {
  finish({ error: String(error && error.stack || error) });
}
