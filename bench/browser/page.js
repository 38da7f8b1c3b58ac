// The bench page: gives every contender of the job a dedicated module Worker of
// its own (bench/browser/worker.js: own heap, set up once, kept for every case
// naming it, ended after the last), then runs the cases from here with the
// shared core (bench/lib/measure.mjs): outputs checked equal, then timed calls
// alternating A B C A B C ... across the workers, one call at a time, each
// timed inside its worker. Log lines go to the console (the Node runner prints them).
import { runCasesWith } from '../lib/measure.mjs';
import { servePageWorkers } from './page-workers.js';

const WORKER = new URL('./worker.js', import.meta.url);

/** A contender set up in its own worker, as a ContenderHandle of measure.mjs. */
async function contenderWorker(spec, id, onEngine) {
  console.log(`setting ${id} up in a worker of its own`);
  const worker = new Worker(WORKER, { type: 'module', name: `bench ${id}` });
  const endPageWorkers = servePageWorkers(worker);
  const pending = new Map();
  let seq = 0;
  let failure;
  const fail = (error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  worker.onmessage = ({ data }) => {
    const request = pending.get(data.seq);
    if (!request) return;
    pending.delete(data.seq);
    if (data.ok) request.resolve(data.value);
    else {
      // The worker's stack already starts with "<name>: <message>".
      const error = new Error(data.error.name === 'Unavailable' ? data.error.message
        : `${id}: ${data.error.stack || `${data.error.name}: ${data.error.message}`}`);
      error.name = data.error.name;
      request.reject(error);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(new Error(`contender worker ${id} failed: ${event.message || 'could not start (see the console)'}`));
  };
  const call = (op, fields) => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      pending.set(++seq, { resolve, reject });
      worker.postMessage({ op, seq, ...fields });
    });
  };
  try {
    onEngine(await call('setup', { spec, id }));
  } catch (error) {
    worker.terminate();
    endPageWorkers();
    throw error;
  }
  return {
    prepare: (params) => call('prepare', { params }),
    key: (params) => call('key', { params }),
    time: (params) => call('time', { params }),
    close: () => {
      worker.terminate();
      endPageWorkers();
    },
  };
}

window.runBench = async ({ spec, cases, warmup, runs }) => {
  let engine;
  const results = await runCasesWith(
    (id) => contenderWorker(spec, id, (info) => { engine ??= info; }),
    cases, { warmup, runs, log: (line) => console.log(line) });
  return { results, engine: engine ?? { userAgent: navigator.userAgent, crossOriginIsolated: self.crossOriginIsolated } };
};
