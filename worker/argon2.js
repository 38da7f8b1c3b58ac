// The Argon2id worker: SIMD build, else scalar, else libsodium-wrappers; lanes
// (p > 1) in parallel lane workers where the page is crossOriginIsolated. A
// lane worker runs this same script under the name 'argon2-lane': the page
// starts it beside this one (api/modules/argon2.js `helpers`) and hands each a
// port to the other.
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { serveLaneOnPort } from './argon2-lane.js';
import { argon2Ops, createWasmArgon2 } from './argon2-ops.js';
import { laneWorkerOnPort, parallelLanesAvailable } from './argon2-lanes.js';
import { LANE_WORKER_NAME } from '../common/lane-threads.js';

if (self.name === LANE_WORKER_NAME) serveLaneOnPort();
else serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/argon2.simd.mjs'), () => import('../build/wasm/out/argon2.mjs')),
  // The page started the lane workers with this one, so that their start overlaps our own instantiation and
  // self-test; where the lanes cannot run in parallel here after all, they are let go.
  prepare: ({ companions, hints, helperPorts }) => {
    const lanes = helperPorts.map(laneWorkerOnPort);
    if (companions.lanes && hints.parallel !== false && parallelLanesAvailable()) return lanes;
    for (const lane of lanes) lane.terminate();
    return [];
  },
  backend: (wasm, env) => createWasmArgon2(wasm, { lanesModule: env.companions.lanes, laneWorkers: env.prepared }),
  fallback: { path: 'libsodium', load: async ({ files }) => (await import(files.fallback)).createSodiumArgon2() },
  ops: argon2Ops,
});
