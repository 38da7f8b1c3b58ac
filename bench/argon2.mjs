// `npm run bench -- argon2`: our Argon2id (SIMD and scalar builds, through the
// same wrapper the worker uses) against libsodium-wrappers-sumo and hash-wasm,
// plus native libsodium and the module sizes (bench/native/argon2.mjs, Node only).
// This file runs in Node and, bundled, in the Chromium bench worker: it must
// not import anything Node-only.
import { createWasmArgon2 } from '../worker/argon2-ops.js';
import { packageEntry, Unavailable, untilIdle } from './lib/measure.mjs';

// One fixed input for every contender; libsodium wants exactly a 16-byte salt.
const PASSWORD_HEX = toHexString('memento bench: correct horse battery staple');
const SALT_HEX = '000102030405060708090a0b0c0d0e0f';
const TAG_BYTES = 32;

function toHexString(text) {
  return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex) {
  return Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
}

function inputs({ password, salt }) {
  return { password: fromHex(password), salt: fromHex(salt) };
}

async function ours(env, { simd }) {
  const wasm = await env.emscripten('argon2', { simd });
  if (typeof wasm.argon2id_hash !== 'function') {
    throw new Unavailable('this argon2 build does not export argon2id_hash yet');
  }
  return createWasmArgon2(wasm);
}

function oursContender(simd) {
  return {
    label: `ours ${simd ? 'SIMD' : 'scalar'}`,
    detail: `createWasmArgon2(...).hash() of worker/argon2-ops.js over build/wasm/out/argon2${simd ? '.simd' : ''}.wasm`,
    async setup(env) {
      const argon2 = await ours(env, { simd });
      return { run: (params) => argon2.hash({ ...params, ...inputs(params) }) };
    },
  };
}

function lanesContender({ parallel, ahead = false }) {
  return {
    label: parallel ? `ours lanes, parallel${ahead ? ', workers ahead' : ''}` : 'ours lanes, 1 thread',
    detail: `argon2idParallel() of worker/argon2-lanes.js over build/wasm/out/argon2.lanes.wasm (SIMD), ${parallel
      ? 'threads = min(p, hardwareConcurrency): lane workers over one shared memory'
      : 'threads = 1: every lane in the calling thread'}${ahead
      ? '; the lane workers of each job started at the end of the one before (untimed for the first), as the argon2'
        + ' worker starts them while it instantiates'
      : parallel ? '; the job starts its lane workers' : ''}`,
    async setup(env) {
      const { argon2idParallel, laneWorkerOnPort, parallelLanesAvailable } = await import('../worker/argon2-lanes.js');
      const { LANE_WORKER_NAME, laneThreads } = await import('../common/lane-threads.js');
      if (parallel && env.engine !== 'chromium' && env.engine !== 'firefox') throw new Unavailable('lane workers are Web Workers: a browser only here');
      if (parallel && !parallelLanesAvailable()) throw new Unavailable('parallel lanes need a crossOriginIsolated worker');
      const module = await env.wasmModule('argon2.lanes.wasm');
      // A lane worker is the argon2 worker script under the lane name (worker/argon2.js), started by the page and
      // driven on a port it is handed, as the runtime does (api/runtime/client.js): nested in this worker, Firefox
      // sometimes never returned from its start, and the calls bench's p=4 kernel row waited for good.
      const spawn = () => {
        const onPage = env.workerOnPage('worker/argon2.js', { type: 'module', name: LANE_WORKER_NAME });
        const lane = laneWorkerOnPort(onPage.port);
        const closePort = lane.terminate;
        lane.terminate = () => {
          closePort();
          onPage.terminate();
        };
        return lane;
      };
      // Every job makes a shared memory of its own, freed only when collected. Left to pile up
      // (2 GiB after 8 jobs at 256 MiB) they made this machine's page faults ~8x dearer (system
      // time 100 -> 800 ms per job, in Node as in Chromium), halving the speed of the later
      // jobs. The argon2 worker never meets this (one job per worker), so each run is collected.
      const after = () => env.collectGarbage?.();
      if (!ahead) {
        return {
          run: (params) => argon2idParallel({
            ...params, ...inputs(params), module, ...(parallel ? { spawn } : { threads: 1 }),
          }),
          after,
        };
      }
      let workers = [];
      const next = (params) => Array.from({ length: laneThreads(params.p) - 1 }, spawn);
      return {
        prepare: (params) => { workers = next(params); },
        async run(params) {
          const started = workers;
          workers = [];
          try {
            return await argon2idParallel({ ...params, ...inputs(params), module, spawn, workers: started });
          } finally {
            workers = next(params);
          }
        },
        after,
        close: () => { for (const worker of workers) worker.terminate(); },
      };
    },
  };
}

const contenders = {
  'ours-simd': oursContender(true),
  'ours-scalar': oursContender(false),
  // p > 1: worker/argon2-lanes.js over argon2.lanes.wasm, once with one
  // thread (sequential lanes) and once with a thread per core, same build.
  'ours-lanes-1': lanesContender({ parallel: false }),
  'ours-lanes-parallel': lanesContender({ parallel: true }),
  'ours-lanes-parallel-ahead': lanesContender({ parallel: true, ahead: true }),
  'ours-api-warm': {
    label: 'ours API, warm start',
    detail: 'argon2id() of dist/api.js on a worker readied by warmArgon2() beforehand (untimed: started, self-tested,'
      + ' the memory taken), as <vault-unlock> readies it while the password is typed; terminated after the job',
    async setup(env) {
      if (env.engine !== 'chromium' && env.engine !== 'firefox') throw new Unavailable('browser only (the API starts Workers)');
      const { argon2id, warmArgon2 } = await import(env.url('dist/api.js'));
      let warm;
      const ready = async ({ m, p }) => {
        warm = warmArgon2({ m, p });
        await warm.ready;
      };
      return {
        prepare: ready,
        run: (params) => argon2id({ ...params, ...inputs(params) }, { warm }),
        after: ready,
        close: () => warm?.release(),
      };
    },
  },
  'ours-api': {
    label: 'ours argon2id() API',
    detail: 'argon2id() of the package as users import it: in Chromium dist/api.js, in Node dist/node.js (worker_threads,'
      + ' lanes in parallel threads); a fresh argon2 worker per job (compile once, instantiate, self-test, hash,'
      + ' terminate), as a cold call (or <vault-unlock no-warm-start>) runs it. In Node the API readies the next'
      + " job's worker when one ends (same m and p; api/argon2-next.js), as a server hashing one password after"
      + ' another gets it: only the warm-up round is cold there',
    async setup(env) {
      const { argon2id } = await import(packageEntry(env));
      // The next job's worker is readied after each job (untimed): the peers are timed only once it is done.
      return { run: (params) => argon2id({ ...params, ...inputs(params) }), after: env.engine === 'node' ? () => untilIdle() : undefined };
    },
  },
  'argon2-native': {
    label: 'argon2 (npm, native addon)',
    detail: "argon2.hash(password, {type: argon2id, raw: true, ...}): the npm package's prebuilt C binary, Node only (no target)",
    package: 'argon2',
    async setup(env) {
      if (env.engine !== 'node') throw new Unavailable('a native Node addon');
      const argon2 = (await import('argon2')).default;
      return {
        run: async ({ t, m, p, length, ...rest }) => {
          const { password, salt } = inputs(rest);
          return new Uint8Array(await argon2.hash(Buffer.from(password), {
            type: argon2.argon2id, timeCost: t, memoryCost: m, parallelism: p, hashLength: length, salt: Buffer.from(salt), raw: true,
          }));
        },
      };
    },
  },
  'libsodium-wrappers': {
    label: 'libsodium-wrappers',
    detail: 'crypto_pwhash(..., crypto_pwhash_ALG_ARGON2ID13)',
    package: 'libsodium-wrappers-sumo',
    async setup() {
      const { default: sodium } = await import('libsodium-wrappers-sumo');
      await sodium.ready;
      return {
        run({ t, m, p, length, ...rest }) {
          if (p !== 1) throw new RangeError('libsodium crypto_pwhash has one lane only');
          const { password, salt } = inputs(rest);
          return sodium.crypto_pwhash(length, password, salt, t, m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
        },
      };
    },
  },
  'hash-wasm': {
    label: 'hash-wasm',
    detail: "argon2id({..., outputType: 'binary'})",
    package: 'hash-wasm',
    async setup() {
      const { argon2id } = await import('hash-wasm');
      return {
        run: ({ t, m, p, length, ...rest }) => argon2id({
          ...inputs(rest), iterations: t, memorySize: m, parallelism: p, hashLength: length, outputType: 'binary',
        }),
      };
    },
  },
};

function params(t, mib, p) {
  return { t, m: mib * 1024, p, length: TAG_BYTES, password: PASSWORD_HEX, salt: SALT_HEX };
}

function cases({ quick }) {
  const sizes = quick ? [16] : [256, 64];
  const oneLane = sizes.map((mib) => ({
    id: `t3-m${mib}MiB-p1`,
    label: `t=3 m=${mib} MiB p=1`,
    params: params(3, mib, 1),
    contenders: ['ours-simd', 'ours-scalar', 'ours-api', 'ours-api-warm', 'libsodium-wrappers', 'hash-wasm', 'argon2-native'],
    baseline: 'libsodium-wrappers',
    native: true,
  }));
  const mib = sizes[0];
  const fourLanes = {
    id: `t3-m${mib}MiB-p4`,
    label: `t=3 m=${mib} MiB p=4`,
    params: params(3, mib, 4),
    contenders: ['ours-lanes-1', 'ours-lanes-parallel', 'ours-lanes-parallel-ahead', 'ours-simd', 'ours-api', 'hash-wasm',
      'argon2-native'],
    baseline: 'ours-lanes-1',
    // Untimed, but its tag must match too.
    verifyWith: ['ours-scalar'],
  };
  return [...oneLane, fourLanes];
}

// Issue 2 §8; `faster`: b's median / a's median >= min; `within`: a's / b's <= max.
function targets({ quick }) {
  const mib = quick ? 16 : 256;
  const p1 = `t3-m${mib}MiB-p1`;
  return [
    { label: `Chromium ${p1}: ours SIMD >= 2.0x faster than libsodium-wrappers`,
      a: ['chromium', p1, 'ours-simd'], b: ['chromium', p1, 'libsodium-wrappers'], faster: 2.0 },
    { label: `Chromium ${p1}: ours SIMD >= 2.5x faster than hash-wasm`,
      a: ['chromium', p1, 'ours-simd'], b: ['chromium', p1, 'hash-wasm'], faster: 2.5 },
    { label: `Chromium ${p1}: ours SIMD within 1.3x of native libsodium`,
      a: ['chromium', p1, 'ours-simd'], b: ['native', p1, 'native-libsodium'], within: 1.3 },
    // As the argon2 worker runs a p > 1 job: its lane workers started while it instantiates.
    { label: `Chromium t3-m${mib}MiB-p4: parallel lanes (workers ahead) >= 1.7x faster than 1 thread, same build`,
      a: ['chromium', `t3-m${mib}MiB-p4`, 'ours-lanes-parallel-ahead'], b: ['chromium', `t3-m${mib}MiB-p4`, 'ours-lanes-1'], faster: 1.7 },
    // Issue 17: the packaged API in Node, as a server calls it (a worker thread per job, lanes in threads).
    { label: `Node ${p1}: ours argon2id() API at least as fast as libsodium-wrappers`,
      a: ['node', p1, 'ours-api'], b: ['node', p1, 'libsodium-wrappers'], faster: 1.0 },
    { label: `Node t3-m${mib}MiB-p4: ours argon2id() API >= 2.5x faster than hash-wasm`,
      a: ['node', `t3-m${mib}MiB-p4`, 'ours-api'], b: ['node', `t3-m${mib}MiB-p4`, 'hash-wasm'], faster: 2.5 },
  ];
}

export default {
  title: 'Argon2id v1.3, 32-byte tag, one fixed password and 16-byte salt',
  contenders,
  cases,
  targets,
  // Node-only parts: the native libsodium engine and the module sizes.
  extras: new URL('./native/argon2.mjs', import.meta.url),
};
