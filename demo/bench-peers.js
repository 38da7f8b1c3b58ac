// The demo's benchmark worker for the peers (a classic Worker: the peers'
// browser builds are UMD scripts that define globals, loaded from the repo's
// node_modules with importScripts; one worker per benchmark, terminated after,
// since libsodium and libsodium-sumo both define `libsodium`). The peer code
// the benchmarks share (fixtures/peers/) is loaded with import(), which a classic
// worker allows where importScripts cannot load a module.
//   {kind: 'argon2', password, salt, t, m, runs}  libsodium-wrappers-sumo crypto_pwhash and hash-wasm argon2id
//   {kind: 'notes', notes, deviceKey, runs}       libsodium-wrappers, note by note (fixtures/peers/libsodium-notes.mjs)
//   {kind: 'search', texts, queries, needle, runs} MiniSearch (an index, fuzzy 0.2 + prefix) and uFuzzy (intraMode 1, no
//                                                 index), set up as bench/search.mjs does; their matching rules are not
//                                                 ours, so what is compared is whether the first query finds note `needle`
//   {kind: 'texture', texture: {size, seed}, runs} simplex-noise fBm, 4 octaves, one grey channel
//                                                 (fixtures/peers/simplex-fbm.mjs; another computation: not compared)
//   {kind: 'blur', sky: {data, width, height}, radius, runs}  StackBlur (npm stackblur-canvas, imageDataRGBA) at the
//                                                 same radius (another kernel: not compared)
// Replies {type: 'done', contenders: [{id, label, version, times: [ms...], output}]} or {type: 'failed', message}.
// Each contender is set up before it is timed (loading, wasm compile and init are not timed).
/* global sodium, hashwasm */

const MODULES = new URL('../node_modules/', self.location.href).href;
const now = () => performance.now();

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// One timed run: the job repeated until MIN_MS have passed, the mean time per
// job (browsers coarsen performance.now() to as much as 1 ms outside isolation).
const MIN_MS = 10;
async function timed(run) {
  const start = now();
  let n = 0;
  do { await run(); n++; } while (now() - start < MIN_MS);
  return (now() - start) / n;
}

/** Alternates the contenders A B A B ... `runs` times after one untimed warm-up each; returns their times and outputs. */
async function alternate(contenders, runs) {
  for (const c of contenders) c.output = await c.run();   // warm-up, and the output to compare
  for (let r = 0; r < runs; r++) {
    for (const c of contenders) c.times.push(await timed(c.run));
  }
  return contenders.map(({ id, label, version, times, output }) => ({ id, label, version, times, output }));
}

async function argon2({ password, salt, t, m, runs }) {
  importScripts(`${MODULES}libsodium-sumo/dist/modules-sumo/libsodium-sumo.js`,
    `${MODULES}libsodium-wrappers-sumo/dist/modules-sumo/libsodium-wrappers.js`,
    `${MODULES}hash-wasm/dist/argon2.umd.min.js`);
  await sodium.ready;
  return alternate([
    {
      id: 'libsodium', label: 'libsodium-wrappers-sumo', version: sodium.sodium_version_string?.() ?? '', times: [],
      run: async () => hex(sodium.crypto_pwhash(32, password, salt, t, m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13)),
    },
    {
      id: 'hash-wasm', label: 'hash-wasm', version: '', times: [],
      run: async () => hex(await hashwasm.argon2id({
        password, salt, parallelism: 1, iterations: t, memorySize: m, hashLength: 32, outputType: 'binary',
      })),
    },
  ], runs);
}

async function notes({ notes: list, deviceKey, runs }) {
  importScripts(`${MODULES}libsodium/dist/modules/libsodium.js`,
    `${MODULES}libsodium-wrappers/dist/modules/libsodium-wrappers.js`);
  const { libsodiumOpenNote } = await import('../fixtures/peers/libsodium-notes.mjs');
  await sodium.ready;
  return alternate([{
    id: 'libsodium', label: 'libsodium-wrappers, note by note', version: sodium.sodium_version_string?.() ?? '', times: [],
    run: async () => {
      let chars = 0;
      for (const note of list) {
        const { title, body } = libsodiumOpenNote(sodium, note, deviceKey);
        chars += title.length + body.length;
      }
      return chars;
    },
  }], runs);
}

async function search({ texts, queries, needle, runs }) {
  const { default: MiniSearch } = await import(`${MODULES}minisearch/dist/es/index.js`);
  const { default: UFuzzy } = await import(`${MODULES}@leeoniya/ufuzzy/dist/uFuzzy.mjs`);
  // Built untimed, as our index is: what is timed is the typing.
  const mini = new MiniSearch({ fields: ['text'], searchOptions: { fuzzy: 0.2, prefix: true } });
  mini.addAll(texts.map((text, id) => ({ id, text })));
  const fuzzy = new UFuzzy({ intraMode: 1 });
  // The needle found by the first query (true/false), then the hit count of each query.
  const outputOf = (hits) => [hits[0].includes(needle), ...hits.map((h) => h.length)];
  return alternate([
    {
      id: 'minisearch', label: 'MiniSearch (fuzzy 0.2 + prefix)', version: '', times: [],
      run: async () => outputOf(queries.map((query) => mini.search(query).map((hit) => hit.id))),
    },
    {
      id: 'ufuzzy', label: 'uFuzzy (one typo per term)', version: '', times: [],
      run: async () => outputOf(queries.map((query) => fuzzy.search(texts, query)[0] ?? [])),
    },
  ], runs);
}

async function texture({ texture: { size, seed }, runs }) {
  const { createNoise2D } = await import(`${MODULES}simplex-noise/dist/esm/simplex-noise.js`);
  const { simplexFbm } = await import('../fixtures/peers/simplex-fbm.mjs');
  const grey = new Uint8ClampedArray(size * size);   // the user's own array, reused from one render to the next
  return alternate([{
    id: 'simplex-noise', label: 'simplex-noise fBm, one grey channel', version: '', times: [],
    run: async () => simplexFbm(createNoise2D, { size, seed }, grey).length,
  }], runs);
}

async function blur({ sky, radius, runs }) {
  const { imageDataRGBA } = await import(`${MODULES}stackblur-canvas/dist/stackblur.mjs`);
  return alternate([{
    id: 'stackblur', label: 'StackBlur (stackblur-canvas)', version: '', times: [],
    run: async () => {
      const image = { data: sky.data.slice(), width: sky.width, height: sky.height };
      imageDataRGBA(image, 0, 0, sky.width, sky.height, radius);
      return image.data.length;
    },
  }], runs);
}

const KINDS = { argon2, notes, search, texture, blur };

self.onmessage = async ({ data }) => {
  try {
    const contenders = await KINDS[data.kind](data);
    self.postMessage({ type: 'done', contenders });
  } catch (error) {
    self.postMessage({ type: 'failed', message: `${error?.name ?? 'Error'}: ${error?.message ?? error}` });
  }
};
