// The measuring core, the same in Node and in the Chromium bench worker: set
// up each contender once, check that all of them compute the same output for
// a case, then time them alternately (A B C A B C ...) so that whatever else
// the machine is doing slows every contender alike. Only ratios of medians
// taken this way are worth reading on a shared 2-core machine. Where each
// contender lives is the engine's choice (runCasesWith's `connect`): in this
// thread (Node) or in a dedicated Worker of its own (Chromium).

/** Thrown by a contender's setup when it cannot run here (not built yet, engine lacks a feature). */
export class Unavailable extends Error {
  constructor(message) {
    super(message);
    this.name = 'Unavailable';
  }
}

/** Throws Unavailable where the package's API cannot run: it starts workers, so a browser or Node. */
export function needWorkers(env) {
  if (!['chromium', 'firefox', 'node'].includes(env.engine)) throw new Unavailable('the API needs workers: a browser or Node');
}

/** The URL of the package's entry as its users import it here: `dist`/node.js in Node, `dist`/api.js in a browser. */
export function packageEntry(env, dist = 'dist') {
  needWorkers(env);
  return env.url(`${dist}/${env.engine === 'node' ? 'node.js' : 'api.js'}`);
}

export { median } from '../../fixtures/median.js';

/** How many times faster than the baseline: baseline median / contender median. */
export function speedup(baselineMs, ms) {
  return baselineMs / ms;
}

/**
 * Times `runners` round-robin: `warmup` untimed rounds, then `runs` timed
 * rounds, each round calling every runner once in the given order.
 * A runner times its own call when it has `time()` (resolving to milliseconds,
 * e.g. measured inside the runner's worker); else `now()` is read around `run()`.
 * @param {{id: string, run: () => unknown, time?: () => Promise<number>}[]} runners
 * @param {object} opts
 * @param {number} opts.warmup
 * @param {number} opts.runs
 * @param {() => number} [opts.now]            milliseconds clock
 * @param {(event: object) => void} [opts.onRun]  called after every call, warm-up included
 * @param {number} [opts.settleMs]  idle this long (untimed) before every call, so that the garbage
 *   collection of what the previous runner left (in its own worker too: the cores are shared) ends before
 *   the next one is timed
 * @returns {Promise<Record<string, number[]>>} the timed samples of each runner, in ms
 */
export async function alternate(runners, { warmup, runs, now = () => performance.now(), onRun, settleMs = 0 }) {
  const samples = Object.fromEntries(runners.map(({ id }) => [id, []]));
  const rounds = warmup + runs;
  for (let round = 0; round < rounds; round++) {
    for (const runner of runners) {
      const { id } = runner;
      if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
      let ms;
      if (runner.time) ms = await runner.time();
      else {
        const start = now();
        await runner.run();
        ms = now() - start;
        await runner.after?.();
      }
      const timed = round >= warmup;
      if (timed) samples[id].push(ms);
      onRun?.({ id, round, rounds, timed, ms });
    }
  }
  return samples;
}

/** Lower-case hex of a byte array, for comparing and reporting outputs. */
/**
 * Node only: resolves once this process (its worker threads included) has used
 * under `share` of one core over a `windowMs` window, or after `limitMs`. Work
 * a contender leaves running after its timed call (the argon2 API readying the
 * next job's worker) then never runs inside the next contender's timing.
 */
export async function untilIdle({ windowMs = 100, share = 0.1, limitMs = 3000 } = {}) {
  const end = performance.now() + limitMs;
  while (performance.now() < end) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const { user, system } = process.cpuUsage(before);
    if ((user + system) / 1000 < windowMs * share) return;
  }
}

export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How outputs are compared and reported: hex for bytes, JSON for anything else. */
export function outputKey(output) {
  if (output instanceof Uint8Array) return toHex(output);
  return JSON.stringify(output);
}

/**
 * Calls every runner once on the case and fails loudly unless all outputs are
 * identical: a fast wrong answer must never reach the table.
 * @returns {string} the common output (hex for bytes)
 */
export async function verifySame(caseLabel, runners) {
  const outputs = [];
  // A runner with `key()` computes the key itself (in its own worker); else its output is keyed here.
  for (const runner of runners) outputs.push([runner.id, runner.key ? await runner.key() : outputKey(await runner.run())]);
  const distinct = new Set(outputs.map(([, key]) => key));
  if (distinct.size !== 1) {
    const lines = outputs.map(([id, key]) => `  ${id}: ${key}`).join('\n');
    throw new Error(`${caseLabel}: contenders disagree on the output; refusing to time them\n${lines}`);
  }
  return outputs[0][1];
}

/**
 * Contenders set up in this thread, sharing its heap: the Node engine's way.
 * @returns {(id: string) => Promise<ContenderHandle>} see runCasesWith
 */
export function localContenders(spec, env) {
  return async (id) => {
    const definition = spec.contenders[id];
    if (!definition) throw new Error(`unknown contender "${id}"`);
    const instance = await definition.setup(env);
    return {
      prepare: (params) => instance.prepare?.(params),
      run: (params) => instance.run(params),
      after: (params) => instance.after?.(params),
      key: async (params) => outputKey(await instance.run(params)),
    };
  };
}

/**
 * Runs every case of a bench module on this engine, its contenders set up in this thread.
 * @param {object} spec       the bench module: {contenders: {id: {label, setup(env) -> {prepare?(params), run(params)}}}}
 * @param {object[]} cases    [{id, label, params, contenders: [ids], baseline, verifyWith?: [ids], apart?: [ids]}]
 * @param {object} env        engine services for contenders (engine name, wasm loading)
 * @param {object} opts       {warmup, runs, now?, log?}
 * @returns {Promise<object[]>} one result per case
 */
export function runCases(spec, cases, env, opts) {
  return runCasesWith(localContenders(spec, env), cases, opts);
}

/**
 * @typedef {object} ContenderHandle  one set-up contender, wherever it lives
 * @property {(params: object) => unknown} [prepare]  untimed per-case preparation
 * @property {(params: object) => Promise<string>} key  runs once, resolves to the output's key (outputKey)
 * @property {(params: object) => unknown} [run]       one call, timed by the caller's clock
 * @property {(params: object) => unknown} [after]     untimed, after each timed call (e.g. collect its garbage)
 * @property {(params: object) => Promise<number>} [time]  one call, timed where it runs (ms); preferred over run
 * @property {() => unknown} [close]  called once no later case names the contender (ends its worker)
 */

/**
 * Runs every case on contenders reached through `connect(id)`, which sets one
 * up (once: the handle is kept for every case naming it) and resolves to its
 * ContenderHandle, or rejects with Unavailable when it cannot run here. The
 * Chromium engine connects each contender to a dedicated Worker of its own.
 * @returns {Promise<object[]>} one result per case
 */
export async function runCasesWith(connect, cases, { warmup, runs, now, log = () => {} }) {
  const setUps = new Map();
  function setUp(id) {
    if (!setUps.has(id)) {
      setUps.set(id, Promise.resolve().then(() => connect(id)).then(
        (handle) => ({ handle }),
        (error) => {
          if (error instanceof Unavailable || error?.name === 'Unavailable') return { unavailable: error.message };
          throw error;
        }));
    }
    return setUps.get(id);
  }
  // The last case naming each contender: after it, the contender is closed.
  const lastUse = new Map();
  cases.forEach((testCase, index) => {
    for (const id of [...testCase.contenders, ...(testCase.verifyWith ?? [])]) lastUse.set(id, index);
  });

  const closed = new Set();
  async function close(id) {
    if (closed.has(id)) return;
    closed.add(id);
    const state = await setUps.get(id).catch(() => ({}));
    await state.handle?.close?.();
  }

  const results = [];
  try {
    for (const [index, testCase] of cases.entries()) {
      const ready = [];
      const unavailable = [];
      for (const id of testCase.contenders) {
        const state = await setUp(id);
        if (state.unavailable) unavailable.push({ id, reason: state.unavailable });
        else ready.push({ id, handle: state.handle });
      }
      const checkers = [];
      for (const id of testCase.verifyWith ?? []) {
        const state = await setUp(id);
        if (!state.unavailable) checkers.push({ id, handle: state.handle });
      }
      const { params } = testCase;
      // Untimed per-case preparation (build an index, generate data) before anything runs.
      for (const { handle } of [...ready, ...checkers]) await handle.prepare?.(params);

      const result = { case: testCase.id, ready: ready.map(({ id }) => id), unavailable, samples: {}, output: undefined };
      results.push(result);
      if (ready.length > 0) {
        // `apart`: contenders timed in the same rounds that compute something else (a yardstick such as a
        // library's noise): they must agree among themselves, not with the others.
        const apart = new Set(testCase.apart ?? []);
        const everyone = [...ready, ...checkers].filter(({ id }) => !apart.has(id));
        const yardsticks = ready.filter(({ id }) => apart.has(id));
        if (everyone.length > 0) {
          log(`${testCase.label}: checking that ${everyone.map(({ id }) => id).join(', ')} agree`);
          result.output = await verifySame(testCase.label, everyone.map(({ id, handle }) => ({ id, key: () => handle.key(params) })));
          result.verifiedWith = everyone.map(({ id }) => id);
        }
        if (yardsticks.length > 0) {
          result.outputApart = await verifySame(`${testCase.label} (apart)`,
            yardsticks.map(({ id, handle }) => ({ id, key: () => handle.key(params) })));
          result.apart = yardsticks.map(({ id }) => id);
        }
        result.samples = await alternate(ready.map(({ id, handle }) => ({
          id,
          run: () => handle.run(params),
          after: () => handle.after?.(params),
          ...(handle.time ? { time: () => handle.time(params) } : {}),
        })), {
          warmup, runs, now, settleMs: testCase.settleMs ?? 0,
          onRun: ({ id, round, rounds, timed, ms }) => log(
            `${testCase.label}: round ${round + 1}/${rounds}${timed ? '' : ' (warm-up)'} ${id} ${ms.toFixed(1)} ms`),
        });
      }
      for (const [id, last] of lastUse) if (last === index && setUps.has(id)) await close(id);
    }
  } finally {
    // After a failure too: no worker outlives the run.
    for (const id of setUps.keys()) await close(id);
  }
  return results;
}
