// The calls bench's page (bundled by bench/calls.mjs into build/bench/calls/, its imports split into chunks, and
// served cross-origin-isolated under /iso/): one contender of one job, ?job=<id>&who=<ours|against|peer>&dist=<dir>,
// in a fresh page per session. The runner calls window.calls.first(), .idle(), .row() (bench/calls/situations.mjs), .collect(),
// or .kernel({spec, id, params})
// (our kernel alone in a bench contender worker, bench/browser/worker.js, timed inside it).
import { jobById } from './jobs.mjs';
import { callSession, ROW } from './situations.mjs';
import { servePageWorkers } from '../browser/page-workers.js';

const query = new URLSearchParams(location.search);
const iso = (file) => new URL(`/iso/${file}`, location.href).href;
let vault;
// The API alone, as README.md and docs/api.md tell a page that calls it (dist/index.js also defines the five
// elements: 134 ms to import in a fresh page on this host against 83 ms).
const entry = iso(`${query.get('dist') ?? 'dist'}/api.js`);
const ctx = {
  // "app": the same dist/api.js bundled into this page's chunks by esbuild with the package's plugin
  // (bench/calls/page-build.mjs), as an app's bundler makes it and as the peers' code comes here; the others fetch
  // dist/api.js and its 11 chunks from the server, as a page without a bundler does.
  api: () => (query.get('who') === 'app' ? import('../../dist/api.js') : import(entry)),
  async vault() {
    if (!vault) {
      const json = await (await fetch(iso('build/bench/calls/vault-5000.json'))).json();
      vault = { ...json, deviceKey: new Uint8Array(json.deviceKey) };
    }
    return vault;
  },
};
const session = query.get('who') === 'kernel' ? undefined : callSession(jobById(query.get('job')), query.get('who'), ctx);
const ready = session?.prepare();

/** One request to a bench contender worker, answered {seq, ok, value | error}. */
function ask(worker, message) {
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.pageWorker) return;   // a request for a worker (bench/browser/page-workers.js), not the answer
      if (data.ok) resolve(data.value);
      else reject(new Error(data.error.stack || data.error.message));
    };
    worker.onerror = (event) => reject(new Error(`kernel worker: ${event.message}`));
    worker.postMessage({ seq: 1, ...message });
  });
}

window.calls = {
  ready,
  first: async () => { await ready; return session.first(); },
  idle: () => session.idle(),
  row: () => session.row(),
  // A full collection of this page's heap (Chromium runs with --expose-gc), so that memory held is not the result's.
  collect: () => { globalThis.gc?.(); },
  async kernel({ spec, id, params }) {
    const worker = new Worker(iso('bench/browser/worker.js'), { type: 'module' });
    const endPageWorkers = servePageWorkers(worker);
    try {
      await ask(worker, { op: 'setup', spec, id });
      await ask(worker, { op: 'prepare', params });
      let ms;
      for (let i = 0; i < ROW; i++) ms = await ask(worker, { op: 'time', params });
      return { ms };
    } finally {
      worker.terminate();
      endPageWorkers();
    }
  },
};
window.callsReady = true;
