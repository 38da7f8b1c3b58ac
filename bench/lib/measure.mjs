// The measuring core, the same in Node and in the Chromium bench worker: set
// up each contender once, check that all of them compute the same output for
// a case, then time them alternately (A B C A B C ...) so that whatever else
// the machine is doing slows every contender alike. Only ratios of medians
// taken this way are worth reading on a shared 2-core machine.

/** Thrown by a contender's setup when it cannot run here (not built yet, engine lacks a feature). */
export class Unavailable extends Error {
  constructor(message) {
    super(message);
    this.name = 'Unavailable';
  }
}

/** Median of a non-empty list of numbers (mean of the middle two for an even count). */
export function median(values) {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** How many times faster than the baseline: baseline median / contender median. */
export function speedup(baselineMs, ms) {
  return baselineMs / ms;
}

/**
 * Times `runners` round-robin: `warmup` untimed rounds, then `runs` timed
 * rounds, each round calling every runner once in the given order.
 * @param {{id: string, run: () => unknown}[]} runners
 * @param {object} opts
 * @param {number} opts.warmup
 * @param {number} opts.runs
 * @param {() => number} [opts.now]            milliseconds clock
 * @param {(event: object) => void} [opts.onRun]  called after every call, warm-up included
 * @param {number} [opts.settleMs]  idle this long (untimed) before every call, so that the garbage
 *   collector's background work for the previous runner's garbage ends before the next one is timed
 * @returns {Promise<Record<string, number[]>>} the timed samples of each runner, in ms
 */
export async function alternate(runners, { warmup, runs, now = () => performance.now(), onRun, settleMs = 0 }) {
  const samples = Object.fromEntries(runners.map(({ id }) => [id, []]));
  const rounds = warmup + runs;
  for (let round = 0; round < rounds; round++) {
    for (const { id, run } of runners) {
      if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
      const start = now();
      await run();
      const ms = now() - start;
      const timed = round >= warmup;
      if (timed) samples[id].push(ms);
      onRun?.({ id, round, rounds, timed, ms });
    }
  }
  return samples;
}

/** Lower-case hex of a byte array, for comparing and reporting outputs. */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function outputKey(output) {
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
  for (const { id, run } of runners) outputs.push([id, outputKey(await run())]);
  const distinct = new Set(outputs.map(([, key]) => key));
  if (distinct.size !== 1) {
    const lines = outputs.map(([id, key]) => `  ${id}: ${key}`).join('\n');
    throw new Error(`${caseLabel}: contenders disagree on the output; refusing to time them\n${lines}`);
  }
  return outputs[0][1];
}

/**
 * Runs every case of a bench module on this engine.
 * @param {object} spec       the bench module: {contenders: {id: {label, setup(env) -> {prepare?(params), run(params)}}}}
 * @param {object[]} cases    [{id, label, params, contenders: [ids], baseline, verifyWith?: [ids]}]
 * @param {object} env        engine services for contenders (engine name, wasm loading)
 * @param {object} opts       {warmup, runs, now?, log?}
 * @returns {Promise<object[]>} one result per case
 */
export async function runCases(spec, cases, env, { warmup, runs, now, log = () => {} }) {
  const setUps = new Map();
  async function setUp(id) {
    if (!setUps.has(id)) {
      const definition = spec.contenders[id];
      if (!definition) throw new Error(`unknown contender "${id}"`);
      setUps.set(id, Promise.resolve().then(() => definition.setup(env)).then(
        (instance) => ({ instance }),
        (error) => {
          if (error instanceof Unavailable || error?.name === 'Unavailable') return { unavailable: error.message };
          throw error;
        }));
    }
    return setUps.get(id);
  }

  const results = [];
  for (const testCase of cases) {
    const ready = [];
    const unavailable = [];
    for (const id of testCase.contenders) {
      const state = await setUp(id);
      if (state.unavailable) unavailable.push({ id, reason: state.unavailable });
      else ready.push({ id, run: () => state.instance.run(testCase.params) });
    }
    const checkers = [];
    for (const id of testCase.verifyWith ?? []) {
      const state = await setUp(id);
      if (!state.unavailable) checkers.push({ id, run: () => state.instance.run(testCase.params) });
    }
    // Untimed per-case preparation (build an index, generate data) before anything runs.
    for (const id of [...ready.map((r) => r.id), ...checkers.map((c) => c.id)]) {
      await (await setUp(id)).instance.prepare?.(testCase.params);
    }

    const result = { case: testCase.id, ready: ready.map(({ id }) => id), unavailable, samples: {}, output: undefined };
    results.push(result);
    if (ready.length === 0) continue;
    log(`${testCase.label}: checking that ${[...ready, ...checkers].map(({ id }) => id).join(', ')} agree`);
    result.output = await verifySame(testCase.label, [...ready, ...checkers]);
    result.verifiedWith = [...ready, ...checkers].map(({ id }) => id);
    result.samples = await alternate(ready, {
      warmup, runs, now, settleMs: testCase.settleMs ?? 0,
      onRun: ({ id, round, rounds, timed, ms }) => log(
        `${testCase.label}: round ${round + 1}/${rounds}${timed ? '' : ' (warm-up)'} ${id} ${ms.toFixed(1)} ms`),
    });
  }
  return results;
}
