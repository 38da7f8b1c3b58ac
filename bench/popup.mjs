// The extension popup's unlock, as a person meets it: from Enter in the
// password field to the first rows of the list, for a vault made with
// Argon2id 64 MiB, t=3 and p = 1 or p = 4. Two builds of the same popup: the
// shipped one, cross-origin isolated by its manifest (COOP/COEP), where the
// lanes of a p = 4 vault run in parallel workers, and the same files without
// those two manifest keys, where the same lanes run one after another in one
// worker. Both derive the same key. The popups run in Chromium with the
// extension loaded (bench/popup/engine.mjs, engine "popup"); there is nothing
// to run in Node or in the plain Chromium worker harness.
//   npm run bench -- popup --engine=popup
// A/B of two builds of the extension: BENCH_POPUP_B=<another build/extension
// directory> adds that build's two popups ('isolated-b', 'not-isolated-b'),
// timed in the same alternation; BENCH_POPUP_RUNS sets the timed unlocks per
// popup (default 5). bench/README.md says more.
import { Unavailable } from './lib/measure.mjs';

const onlyInPopup = () => { throw new Unavailable('the popup is timed by the "popup" engine (--engine=popup)'); };
// This file is also bundled for the plain Chromium worker harness, where there is no process.
const env = globalThis.process?.env ?? {};
const second = env.BENCH_POPUP_B;
const secondContenders = second ? {
  'isolated-b': {
    label: 'B: popup, isolated (lanes in parallel)',
    detail: `BENCH_POPUP_B=${second}, as shipped (COOP/COEP)`,
    setup: onlyInPopup,
  },
  'not-isolated-b': {
    label: 'B: popup, not isolated (lanes one after another)',
    detail: `BENCH_POPUP_B=${second} without cross_origin_embedder_policy / cross_origin_opener_policy`,
    setup: onlyInPopup,
  },
} : {};

export default {
  title: 'vault popup unlock, Enter to first rows (Argon2id 64 MiB, t=3): lanes in parallel vs one after another',
  contenders: {
    'isolated': {
      label: 'popup, isolated (lanes in parallel)',
      detail: 'build/extension as shipped: manifest COOP same-origin + COEP require-corp, crossOriginIsolated',
      setup: onlyInPopup,
    },
    'not-isolated': {
      label: 'popup, not isolated (lanes one after another)',
      detail: 'the same files without cross_origin_embedder_policy / cross_origin_opener_policy in the manifest',
      setup: onlyInPopup,
    },
    ...secondContenders,
  },
  ...(env.BENCH_POPUP_RUNS ? { settings: { runs: Number(env.BENCH_POPUP_RUNS) } } : {}),
  cases: () => [1, 4].map((p) => ({
    id: `unlock-m64MiB-t3-p${p}`,
    label: `unlock, 64 MiB, t=3, p=${p}, 20 notes`,
    params: { p, m: 65536, t: 3, notes: 20 },
    contenders: ['isolated', 'not-isolated', ...Object.keys(secondContenders)],
    baseline: 'not-isolated',
  })),
  targets: () => [{
    label: 'popup unlock, p=4: lanes in parallel >= 1.6x faster than one after another (issue 14)',
    a: ['popup', 'unlock-m64MiB-t3-p4', 'isolated'], b: ['popup', 'unlock-m64MiB-t3-p4', 'not-isolated'], faster: 1.6,
  }],
  extras: new URL('./popup/engine.mjs', import.meta.url),
};
