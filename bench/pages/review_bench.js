// bench/review_browser.py's browser half, page side. It starts the module worker that runs the
// engine's controller in Pyodide (review_bench_worker.js) and reviews a game when the script
// asks (window.benchReview): it sends {"op": "review", "slice_ms": ...} to the worker again
// and again, each request a round trip as the site's page makes it, until the review comes
// back. It answers the wall time of the whole review, the number of calls, the longest single
// call into Python and the calls' total (both timed in the worker) and each move's mark.
const worker = new Worker("review_bench_worker.js", { type: "module" });
const waiting = new Map();
let next = 0;
let failure = null;

const call = (message) =>
  new Promise((resolve) => {
    if (failure) {
      resolve({ error: failure });
      return;
    }
    const id = next++;
    waiting.set(id, resolve);
    worker.postMessage({ id, ...message });
  });

worker.onmessage = (event) => {
  const resolve = waiting.get(event.data.id);
  waiting.delete(event.data.id);
  resolve?.(event.data);
};
worker.onerror = (event) => {
  failure = `worker: ${event.message || "failed to start"}`;
  for (const resolve of waiting.values()) resolve({ error: failure });
  waiting.clear();
};

const engine = new URLSearchParams(location.search).get("engine") || "zip";
const booted = call({ boot: engine });

// Pyodide's version, Python's and the browser's, once the worker has the engine (or {error}).
window.benchBoot = () => booted;

// One review of `record` (a game of `game`) in slices of `slice` ms: {ms, calls, longest,
// busy, marks} or {error}. Loading the record is not timed.
window.benchReview = async ({ game, record, slice }) => {
  const loaded = await call({ load: { game, record } });
  if (loaded.error) return loaded;
  const request = JSON.stringify({ op: "review", slice_ms: slice });
  const begin = performance.now();
  let longest = 0;
  let busy = 0;
  let calls = 0;
  for (;;) {
    const answer = await call({ request });
    if (answer.error) return answer;
    calls += 1;
    longest = Math.max(longest, answer.ms);
    busy += answer.ms;
    const reply = JSON.parse(answer.reply);
    if (!reply.ok) return { error: answer.reply };
    if (reply.review) {
      const ms = performance.now() - begin;
      return { ms, calls, longest, busy, marks: reply.review.moves.map((move) => move.mark) };
    }
  }
};
