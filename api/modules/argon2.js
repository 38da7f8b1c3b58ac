// The files of the argon2 module, spelled as literal `new URL('./…', import.meta.url)`
// expressions so that bundlers (Vite, webpack 5, Parcel, Rollup) find and emit
// them. The paths are relative to dist/, where this code sits once bundled,
// beside workers/ and wasm/; docs/deployment.md says what each bundler needs.
import { simdSupported } from '../../common/wasm-compile.js';
import { LANE_WORKER_NAME, laneThreads } from '../../common/lane-threads.js';
import { sharedMemory } from '../runtime/platform.js';

// Lanes in parallel need shared memory (a crossOriginIsolated page, or Node)
// and SIMD, and a job of more than one lane that may run them so: a worker
// for p = 1 (or parallel: false) neither fetches the lanes build nor starts
// lane workers.
const parallelLanes = (hints) => Boolean(hints?.parallel && hints.lanes > 1 && sharedMemory() && simdSupported());

export const argon2Module = {
  name: 'argon2',
  worker: new URL('./workers/argon2.js', import.meta.url),
  wasm: {
    simd: new URL('./wasm/argon2.simd.wasm', import.meta.url),
    scalar: new URL('./wasm/argon2.wasm', import.meta.url),
  },
  // libsodium-wrappers-sumo, loaded by the worker only where neither build
  // passes its self-test.
  files: { fallback: new URL('./workers/argon2-sodium.js', import.meta.url) },
  // Compiled once per page, for the first worker that can use it.
  companions: {
    lanes: {
      url: new URL('./wasm/argon2.lanes.wasm', import.meta.url),
      usable: parallelLanes,
    },
  },
  // A worker for a job of p > 1 lanes in parallel comes with its lane workers: the worker script itself, under
  // another name, one per core but its own (worker/argon2-lanes.js drives them).
  helpers: {
    name: LANE_WORKER_NAME,
    count: (hints) => (parallelLanes(hints) ? laneThreads(hints.lanes) - 1 : 0),
  },
};
