const worker = new Worker(new URL("./bare-worker-thread.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
    document.getElementById("status").textContent = event.data;
    document.body.dataset.ready = "true";
};
