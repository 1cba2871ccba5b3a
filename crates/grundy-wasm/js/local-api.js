// The static page's API, with no server (web/build-static.sh): `grundyLocal.fetch` takes what
// app.js would send to `/api/` and answers with the same status and JSON, computed by the
// WebAssembly build of the API (crates/grundy-wasm) in Web Workers.
//
// Everything is loaded once, with the page: the module (compiled here and handed to each
// worker) and the worker's script (started from a blob), so that no request leaves the page
// afterwards. As the server, each request computes under its budget and time limit, counted
// from its arrival (waiting for a worker counts); a worker that does not answer by then (work
// that does not check its stop token) is ended, as the server kills a worker process, and so
// is the worker of a request the page aborts. A worker whose module trapped is replaced.
'use strict';

(() => {
  /** Requests computed at once, as the server's quick lane (`grundy serve`'s QUICK_PERMITS). */
  const WORKERS = 4;
  /** The time limit of a request, the server's default (grundy_web::DEFAULT_TIME_LIMIT). */
  const TIME_LIMIT_MS = 10000;
  /** How long past its time limit a worker may take to stop before it is ended. */
  const GRACE_MS = 2000;

  const loaded = Promise.all([
    fetch('grundy_wasm_bg.wasm').then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)),
    fetch('worker.js').then((r) => r.text()),
  ]).then(([module, source]) => ({
    module,
    url: URL.createObjectURL(new Blob([source], { type: 'text/javascript' })),
  }));

  const idle = [];
  const queue = [];
  let started = 0;
  let nextId = 0;

  const json = (status, body) => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

  /** A new worker, given the module. */
  function spawn({ module, url }) {
    const worker = new Worker(url);
    worker.postMessage({ module });
    started += 1;
    return worker;
  }

  /** Ends a worker (stopping what it computes), and lets another take its place. */
  function retire(worker) {
    worker.terminate();
    started -= 1;
  }

  /** The module and the worker's script, once loaded. */
  let assets = null;

  /** Gives the waiting requests to free workers, starting workers up to `WORKERS`. */
  function dispatch() {
    while (queue.length > 0 && (idle.length > 0 || started < WORKERS)) {
      const job = queue.shift();
      const worker = idle.pop() ?? spawn(assets);
      run(worker, job);
    }
  }

  /** Runs `job` on `worker`: its answer, the end of its time, or its abort, whichever first. */
  function run(worker, job) {
    const id = nextId++;
    const waited = performance.now() - job.arrived;
    let done = false;
    const finish = (outcome, keep) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', abort);
      worker.onmessage = null;
      if (keep) idle.push(worker);
      else retire(worker);
      outcome();
      dispatch();
    };
    const timer = setTimeout(() => finish(() => job.resolve(json(503, JSON.stringify({
      error: `stopped after the page's time limit of ${TIME_LIMIT_MS / 1000} s`,
      kind: 'time_limit',
    }))), false), Math.max(0, TIME_LIMIT_MS + GRACE_MS - waited));
    const abort = () => finish(() => job.reject(new DOMException('the request was aborted', 'AbortError')), false);
    job.signal?.addEventListener('abort', abort);
    worker.onmessage = (event) => {
      if (event.data.id !== id) return;
      finish(() => job.resolve(json(event.data.status, event.data.body)), !event.data.fault);
    };
    worker.postMessage({ id, method: job.method, target: job.target, body: job.body, waited });
  }

  globalThis.grundyLocal = {
    /**
     * `fetch` for the API's paths (`/api/analyze?big=strings`): a `Response` with the status
     * and JSON the server would send; an aborted `init.signal` rejects with an `AbortError`.
     */
    fetch(target, init = {}) {
      return new Promise((resolve, reject) => {
        const { signal } = init;
        if (signal?.aborted) {
          reject(new DOMException('the request was aborted', 'AbortError'));
          return;
        }
        const job = {
          method: init.method ?? 'GET', target, body: init.body ?? '', signal, resolve, reject, arrived: performance.now(),
        };
        /** Takes the job out of the queue; false when it has left it (running, or answered). */
        const unqueue = () => {
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
          return at >= 0;
        };
        signal?.addEventListener('abort', () => {
          if (unqueue()) reject(new DOMException('the request was aborted', 'AbortError'));
        }, { once: true });
        queue.push(job);
        loaded.then((loadedAssets) => {
          assets = loadedAssets;
          dispatch();
        }, (e) => {
          if (unqueue()) resolve(json(500, JSON.stringify({ error: `the page's WebAssembly did not load: ${e.message}`, kind: 'internal' })));
        });
      });
    },
    /**
     * What the page says where a request outlasts its time limit: it computes in the browser,
     * and `grundy serve` has the same limit, so the advice that follows is the command line.
     */
    inBrowser: 'The page computes in your browser. ',
  };
})();
