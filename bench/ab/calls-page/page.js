// One fresh page of bench/ab/calls.mjs: a build's API (?dist=) called as a
// user calls it, in three situations: the first call in the page, a call after
// `idleMs` of idle, and the fifth of five back to back. Each time is from the
// call to the result in the caller's hands.
import { keystrokes, searchCorpus } from '../../../fixtures/search-corpus.js';

const params = new URLSearchParams(location.search);
const api = await import(`${params.get('dist')}/api.js`);

const salt = Uint8Array.from({ length: 16 }, (_, i) => i);
const jobs = {
  argon2: () => api.argon2id({ password: 'correct horse battery staple', salt, t: 3, m: 65536, p: 1 }),
  argon2p4: () => api.argon2id({ password: 'correct horse battery staple', salt, t: 3, m: 65536, p: 4 }),
  texture: () => api.renderTexture({ kind: 'stone-wall', size: 1024, seed: 7 }),
  notes: (vault) => api.openNotes(vault.notes, vault.deviceKey),
  blur: (image) => api.boxBlur(image, 8),
  // What a <fuzzy-search> over a fresh list waits for: the index of 5,000 texts, then a word typed key by key.
  search: async (texts) => {
    const index = await api.createSearchIndex(texts);
    for (const typed of keystrokes('kubernetes')) await index.search(typed);
    index.destroy();
  },
};

async function time(run) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

window.runCalls = async ({ job, idleMs, vault }) => {
  const input = job === 'notes' ? { notes: vault.notes, deviceKey: new Uint8Array(vault.deviceKey) }
    : job === 'blur' ? { data: new Uint8ClampedArray(720 * 450 * 4).map((_, i) => (i * 2654435761) >>> 24), width: 720, height: 450 }
      : job === 'search' ? searchCorpus({ count: 5000 })
        : undefined;
  const run = () => jobs[job](input);
  const first = await time(run);
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const afterIdle = await time(run);
  let inRow;
  for (let i = 0; i < 5; i++) inRow = await time(run);
  return { first, afterIdle, inRow };
};
window.ready = true;

// bench/ab/calls-memory.mjs: one big job, as the memory target measures it.
const bigJobs = {
  argon2: () => api.argon2id({ password: 'correct horse battery staple', salt, t: 1, m: 262144, p: 1 }),
  texture: () => api.renderTexture({ kind: 'stone-wall', size: 4096, seed: 7 }),
  notes: (vault) => api.openNotes(vault.notes, vault.deviceKey),
};
window.runBig = async ({ job, vault }) => {
  const input = job === 'notes' ? { notes: vault.notes, deviceKey: new Uint8Array(vault.deviceKey) } : undefined;
  const result = await bigJobs[job](input);
  return typeof result === 'object' ? Object.keys(result).length : 0;   // the result is dropped here
};
