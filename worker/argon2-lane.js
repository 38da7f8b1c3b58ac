// A lane worker of parallel Argon2id (worker/argon2-lanes.js starts it: the
// argon2 worker's own script, named 'argon2-lane', so that no second script
// has to be found, emitted or allowed by a CSP): one
// instance of argon2.lanes.wasm on the job's shared memory, filling its lanes
// slice by slice, with a barrier at every slice boundary (RFC 9106 3.4: a
// segment may reference any lane's blocks of earlier slices only).
//
// Message in: {module, memory, control, t, m, p, lanes, parties, stackTop, blocks}
//   module   WebAssembly.Module of argon2.lanes.wasm
//   memory   the shared WebAssembly.Memory
//   control  Int32Array over a SharedArrayBuffer: [arrived, generation, error]
//   lanes    the lane numbers this worker fills; parties: workers in the barrier
// Messages out: {type: 'ready'} once instantiated (before the first barrier),
// then {type: 'done'} or {type: 'failed', message}.

import { fillLanes } from './argon2-lane-sync.js';

/** Makes this worker a lane worker. */
export function serveLane() {
  self.onmessage = async ({ data }) => {
    try {
      const instance = await WebAssembly.instantiate(data.module, { env: { memory: data.memory } });
      instance.exports.lanes_set_stack(data.stackTop);
      const control = new Int32Array(data.control);
      self.postMessage({ type: 'ready' });
      fillLanes(instance.exports, { ...data, control });
      self.postMessage({ type: 'done' });
    } catch (error) {
      self.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    }
  };
}
