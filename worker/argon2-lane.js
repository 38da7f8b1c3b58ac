// A lane worker of parallel Argon2id (worker/argon2-lanes.js starts it: the
// argon2 worker's own script, named 'argon2-lane', so that no second script
// has to be found, emitted or allowed by a CSP): one
// instance of argon2.lanes.wasm on the job's shared memory, filling its lanes
// slice by slice, with a barrier at every slice boundary (RFC 9106 3.4: a
// segment may reference any lane's blocks of earlier slices only).
//
// Messages in:
//   {type: 'attach', module, memory, stackTop}: instantiate the module (a
//     WebAssembly.Module of argon2.lanes.wasm) on the job's shared memory, with
//     this worker's stack at stackTop; answers {type: 'ready'}
//   {type: 'fill', control, t, m, p, blocks, parties}: fill the lanes it
//     takes in every slice, then erase the lanes it takes but their last
//     blocks; control is an Int32Array's SharedArrayBuffer (CONTROL_WORDS in
//     argon2-lane-sync.js), parties the threads in the barrier; answers {type: 'done'}
// Either answers {type: 'failed', message} on an error; a failed fill also
// marks the job lost in its control words (LANE_LOST), so that the parties
// waiting at a barrier give the job up instead of waiting for ever.

import { abandon, eraseLanes, fillLanes } from './argon2-lane-sync.js';

/** Makes this worker a lane worker. */
export function serveLane() {
  let attached;  // a promise of the instance's exports
  self.onmessage = async ({ data }) => {
    try {
      if (data.type === 'attach') {
        attached = WebAssembly.instantiate(data.module, { env: { memory: data.memory } }).then(({ exports }) => {
          exports.lanes_set_stack(data.stackTop);
          return exports;
        });
        await attached;
        self.postMessage({ type: 'ready' });
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
        self.postMessage({ type: 'done' });
      }
    } catch (error) {
      self.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    }
  };
}
