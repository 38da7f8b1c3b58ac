// A lane worker of parallel Argon2id: the argon2 worker's own script, started
// by the page under the name 'argon2-lane' beside an argon2 worker (so that no
// second script has to be found, emitted or allowed by a CSP), and driven by
// that argon2 worker (worker/argon2-lanes.js) through a MessagePort the page
// hands it first: {type: 'connect', port}. One instance of argon2.lanes.wasm
// on the job's shared memory, filling its lanes slice by slice, with a barrier
// at every slice boundary (RFC 9106 3.4: a segment may reference any lane's
// blocks of earlier slices only).
//
// Messages in:
//   {type: 'attach', module, memory, stackTop}: instantiate the module (a
//     WebAssembly.Module of argon2.lanes.wasm) on the job's shared memory, with
//     this worker's stack at stackTop; answers {type: 'ready'}
//   {type: 'fill', control, t, m, p, blocks, parties}: fill the lanes it
//     takes in every slice, then erase the lanes it takes but their last
//     blocks; control is an Int32Array's SharedArrayBuffer (CONTROL_WORDS in
//     argon2-lane-sync.js), parties the threads in the barrier; answers {type: 'done'}
//   {type: 'end'}: the argon2 worker is done with it; it closes (the page
//     terminates it with the argon2 worker in any case)
// Either answers {type: 'failed', message} on an error; a failed fill also
// marks the job lost in its control words (LANE_LOST), so that the parties
// waiting at a barrier give the job up instead of waiting for ever.

import { abandon, eraseLanes, fillLanes } from './argon2-lane-sync.js';

/** Makes this worker a lane worker, served through the port the page hands it. */
export function serveLaneOnPort() {
  self.onmessage = ({ data }) => {
    if (data.type !== 'connect') return;
    self.onmessage = null;
    serveLane(data.port);
  };
}

/** Serves the lane protocol on `endpoint` (a MessagePort; tests: the worker itself). */
export function serveLane(endpoint = self) {
  let attached;  // a promise of the instance's exports
  endpoint.onmessage = async ({ data }) => {
    try {
      if (data.type === 'end') {
        endpoint.close?.();
        globalThis.close?.();
      } else if (data.type === 'attach') {
        attached = WebAssembly.instantiate(data.module, { env: { memory: data.memory } }).then(({ exports }) => {
          exports.lanes_set_stack(data.stackTop);
          return exports;
        });
        await attached;
        endpoint.postMessage({ type: 'ready' });
      } else if (data.type === 'fill') {
        const job = { ...data, control: new Int32Array(data.control) };
        try {
          if (!attached) throw new Error('fill before attach');
          const exports = await attached;
          fillLanes(exports, job);
          eraseLanes(exports, job);
        } catch (error) {
          // The other parties are blocked at a barrier and cannot hear a message: wake them through the control words.
          abandon(job.control);
          throw error;
        }
        endpoint.postMessage({ type: 'done' });
      }
    } catch (error) {
      endpoint.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    }
  };
}
