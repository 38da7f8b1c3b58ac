// A Chromium contender worker: a dedicated module Worker holding ONE contender
// of a bench module, so that it runs in a heap of its own, like an element's
// kernel in its own worker, and never pays for another contender's garbage.
// The page (bench/browser/page.js) starts one per contender and drives them in
// turn; each request is answered before the page sends the next to any worker.
//   {op: 'setup', spec, id}   import the bundled module (bench/lib/chromium.mjs), set the contender up
//   {op: 'prepare', params}   its untimed per-case preparation
//   {op: 'key', params}       one call; replies with the output's key (bench/lib/measure.mjs outputKey)
//   {op: 'time', params}      one call timed here with performance.now(), then the contender's untimed
//                             after(params); replies with the milliseconds
// Replies: {seq, ok: true, value} or {seq, ok: false, error: {name, message, stack}}.
import { outputKey } from '../lib/measure.mjs';
import { browserEnv } from './env.js';

const ROOT = new URL('../../', import.meta.url);
let instance;

const OPS = {
  async setup({ spec, id }) {
    const { default: module } = await import(new URL(spec, ROOT).href);
    const definition = module.contenders?.[id];
    if (!definition) throw new Error(`unknown contender "${id}"`);
    instance = await definition.setup(browserEnv);
    // Some modules install a handler when merely imported in a worker (worker/argon2-lane.js, bundled with
    // worker/argon2-lanes.js, sets self.onmessage): this worker's messages are the bench's, not theirs.
    self.onmessage = null;
    return {
      userAgent: navigator.userAgent,
      crossOriginIsolated: self.crossOriginIsolated,
      hardwareConcurrency: navigator.hardwareConcurrency,
    };
  },
  async prepare({ params }) {
    await instance.prepare?.(params);
  },
  async key({ params }) {
    return outputKey(await instance.run(params));
  },
  async time({ params }) {
    const start = performance.now();
    await instance.run(params);
    const ms = performance.now() - start;
    await instance.after?.(params);
    return ms;
  },
};

self.addEventListener('message', async ({ data }) => {
  try {
    const value = await OPS[data.op](data);
    self.postMessage({ seq: data.seq, ok: true, value });
  } catch (error) {
    self.postMessage({
      seq: data.seq, ok: false,
      error: { name: error?.name ?? 'Error', message: String(error?.message ?? error), stack: error?.stack },
    });
  }
});
