// The Chromium bench worker: a dedicated module Worker, like the ones the
// elements run their kernels in. It imports the bench module (bundled by
// bench/lib/chromium.mjs, since it names npm packages), runs the cases it is
// sent and posts the raw results back; log lines travel as they happen.
import { runCases } from '../lib/measure.mjs';
import { browserEnv } from './env.js';

const ROOT = new URL('../../', import.meta.url);

self.onmessage = async ({ data: { spec, cases, warmup, runs } }) => {
  const log = (line) => self.postMessage({ type: 'log', line });
  try {
    const { default: module } = await import(new URL(spec, ROOT).href);
    const results = await runCases(module, cases, browserEnv, { warmup, runs, log });
    self.postMessage({
      type: 'done',
      results,
      engine: {
        userAgent: navigator.userAgent,
        crossOriginIsolated: self.crossOriginIsolated,
        hardwareConcurrency: navigator.hardwareConcurrency,
      },
    });
  } catch (error) {
    self.postMessage({ type: 'failed', error: { name: error?.name ?? 'Error', message: String(error?.message ?? error), stack: error?.stack } });
  }
};
