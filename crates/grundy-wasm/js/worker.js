// The static page's Web Worker: answers the page's requests with the WebAssembly build of the
// API (crates/grundy-wasm). web/build-static.sh puts wasm-bindgen's glue (`--target
// no-modules`, the global `wasm_bindgen`) before this file in the folder's worker.js.
//
// Messages in: `{ module }` once (the module the page compiled when it loaded, so that a worker
// fetches nothing), then `{ id, method, target, body, waited }`, one at a time. Messages out:
// `{ id, status, body }`, the status and JSON the server would answer; `fault: true` when the
// module trapped (a fault, or memory that could not be had), after which the page replaces
// this worker, whose memory may be left in any state.
'use strict';

self.onmessage = (event) => {
  const message = event.data;
  if (message.module) {
    wasm_bindgen.initSync({ module: message.module });
    return;
  }
  const { id, method, target, body, waited } = message;
  try {
    const reply = wasm_bindgen.request(method, target, body, waited);
    const answer = { id, status: reply.status, body: reply.body };
    reply.free();
    self.postMessage(answer);
  } catch (e) {
    const error = {
      error: `the computation stopped in the browser (${e.message}): it may need more memory than the page has; `
        + '`grundy serve` or the command line computes it',
      kind: 'internal',
    };
    self.postMessage({ id, status: 500, body: JSON.stringify(error), fault: true });
  }
};
