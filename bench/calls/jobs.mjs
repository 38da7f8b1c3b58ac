// The jobs of `npm run bench -- calls` (issue 34): each a call a user makes, at
// the sizes the demo and the docs use, with our API as users import it, each
// peer started only as its own documentation says, and our kernel alone. Runs
// in Node (a child process per contender, bench/calls/child.mjs) and, bundled
// with its imports split into chunks (so a contender's code is fetched only by
// its first call), on a cross-origin-isolated page (bench/calls/page.js).
//
// A contender is {label, inputs?(ctx) -> input (untimed, before the first call), perCall?(input) -> the input of one
//   call (untimed, before each: a fresh copy of an image, as getImageData gives the caller; its fresh pages cost
//   every contender alike, 3-4 ms for 720 x 450 on this host kind, bench/calls/fresh-memory.mjs),
//   start(ctx) -> handle (timed within the first call: imports, `sodium.ready`),
//   call(handle, input) -> result (timed), check?(result) -> string (equal among `same` contenders),
//   after?(handle, result) (untimed cleanup: the index a build made)}.
// `ctx` is {env, api(), vault()}: env as bench/lib/*-env (url, emscripten, engine), api() our package's API as this
// contender imports it: in a browser dist/api.js fetched from the server ("ours": a page without a bundler, 12
// files), or bundled into the page's own chunks as an app's bundler makes it ("app": esbuild with the package's
// mementoElements(), the way the peers' code reaches the page), or another build's (CALLS_AGAINST); in Node
// dist/node.js.
// A kernel is {module, contender, case, with?}: that contender of bench/<module>.mjs (set up untimed), its case's
// params (with `with` over them).

const PASSWORD = new TextEncoder().encode('correct horse battery staple');
const SALT = new Uint8Array(16).map((_, i) => i * 17 + 3);
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
// A keystroke's query: a real misspelling (bench/data/relevance) of a word the real-text corpus holds often.
export const QUERY = 'goverment';

function argon2Job(mib, p) {
  const params = { t: 3, m: mib * 1024, p };
  const peer = p === 1
    ? ['libsodium-wrappers', {
      label: 'libsodium-wrappers-sumo crypto_pwhash (after await sodium.ready)',
      async start() {
        const { default: sodium } = await import('libsodium-wrappers-sumo');
        await sodium.ready;
        return sodium;
      },
      call: (sodium) => sodium.crypto_pwhash(32, PASSWORD, SALT, params.t, params.m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13),
    }]
    : ['hash-wasm', {
      label: "hash-wasm argon2id({..., outputType: 'binary'})",
      start: async () => (await import('hash-wasm')).argon2id,
      call: (argon2id) => argon2id({ password: PASSWORD, salt: SALT, iterations: params.t, memorySize: params.m, parallelism: p,
        hashLength: 32, outputType: 'binary' }),
    }];
  return {
    id: `argon2id-${mib}MiB-p${p}`, label: `argon2id() t=3 ${mib} MiB p=${p}`, heavy: mib >= 256,
    // A call after idle takes its memory afresh (its worker gave it back); libsodium keeps its own.
    fresh: { mib, what: 'the hash\'s blocks, given back after the call' },
    ours: {
      label: 'argon2id() of our package',
      start: async ({ api }) => (await api()).argon2id,
      call: (argon2id) => argon2id({ password: PASSWORD, salt: SALT, ...params, length: 32 }),
    },
    peers: Object.fromEntries([peer]),
    same: true, check: hex,
    // The argon2 bench has p = 4 at 256 MiB only: its params, at this m.
    kernel: { module: 'argon2', contender: p === 1 ? 'ours-simd' : 'ours-lanes-parallel', case: `t3-m${p === 1 ? mib : 256}MiB-p${p}`, with: { m: params.m } },
  };
}

const notesCheck = (opened) => `${opened.length} notes, ${opened.reduce((n, note) => n + note.title.length + note.body.length, 0)} chars`;

const notesJob = {
  id: 'open-5000', label: 'open 5,000 notes', notes: 5000,
  ours: {
    label: 'openNotes() of our package',
    inputs: ({ vault }) => vault(),
    start: async ({ api }) => (await api()).openNotes,
    call: (openNotes, { notes, deviceKey }) => openNotes(notes, deviceKey),
  },
  peers: {
    'libsodium-wrappers': {
      label: 'libsodium-wrappers note by note (after await sodium.ready)',
      inputs: ({ vault }) => vault(),
      async start() {
        const [{ default: sodium }, { libsodiumOpenNote }] = await Promise.all([import('libsodium-wrappers'), import('../../fixtures/peers/libsodium-notes.mjs')]);
        await sodium.ready;
        return (notes, deviceKey) => notes.map((note) => libsodiumOpenNote(sodium, note, deviceKey));
      },
      call: (open, { notes, deviceKey }) => open(notes, deviceKey),
    },
  },
  same: true, check: notesCheck,
  kernel: { module: 'notes', contender: 'ours-simd', case: 'open-5000' },
};

// The search bench's corpus (real text), so the build's kernel row and the calls time the same notes.
const texts = async () => (await import('../search/real-corpus.mjs')).realCorpus(5000);
const miniSearchOf = (MiniSearch, list) => {
  const index = new MiniSearch({ fields: ['text'], searchOptions: { fuzzy: 0.2, prefix: true } });
  index.addAll(list.map((text, id) => ({ id, text })));
  return index;
};

const searchBuild = {
  id: 'search-build-5000', label: 'build a search index of 5,000 notes',
  ours: {
    label: 'createSearchIndex() of our package',
    inputs: texts,
    start: async ({ api }) => (await api()).createSearchIndex,
    call: (create, list) => create(list),
    after: (_, index) => index.destroy(),
  },
  peers: {
    minisearch: {
      label: "MiniSearch addAll (fields ['text'], fuzzy 0.2 + prefix)",
      inputs: texts,
      start: async () => (await import('minisearch')).default,
      call: (MiniSearch, list) => miniSearchOf(MiniSearch, list),
    },
  },
  kernel: { module: 'search', contender: 'ours-wasm', case: 'build' },
};

const searchKeystroke = {
  id: 'search-keystroke-5000', label: `a keystroke ("${QUERY}") over 5,000 notes, the index built`,
  ours: {
    label: 'SearchIndex.search() of our package (index from createSearchIndex(), built untimed)',
    inputs: texts,
    start: async ({ api }, list) => (await api()).createSearchIndex(list),
    call: (index) => index.search(QUERY),
    startUntimed: true,
  },
  peers: {
    minisearch: {
      label: 'MiniSearch search() (index built untimed)',
      inputs: texts,
      start: async (_, list) => miniSearchOf((await import('minisearch')).default, list),
      call: (index) => index.search(QUERY),
      startUntimed: true,
    },
  },
  kernel: { module: 'calls/kernels', contender: 'search-keystroke', case: 'keystroke' },
};

function textureJob(size) {
  const params = { kind: 'stone-wall', size, seed: 20261201 };
  return {
    id: `texture-${size}`, label: `renderTexture() stone-wall ${size} (five maps)`, size,
    // The five RGBA maps the caller receives are new buffers each call (simplex-noise's one grey channel: a fifth of one).
    fresh: { mib: (5 * 4 * size * size) / (1 << 20), what: 'the five RGBA maps handed to the caller' },
    ours: {
      label: 'renderTexture() of our package',
      start: async ({ api }) => (await api()).renderTexture,
      call: (renderTexture) => renderTexture(params),
    },
    peers: {
      'simplex-noise': {
        label: 'simplex-noise fBm, 4 octaves, one grey channel (createNoise2D, nothing to start)',
        async start() {
          const [{ createNoise2D }, { simplexFbm }] = await Promise.all([import('simplex-noise'), import('../../fixtures/peers/simplex-fbm.mjs')]);
          return () => simplexFbm(createNoise2D, params);
        },
        call: (fbm) => fbm(),
      },
    },
    kernel: { module: 'texture', contender: 'simd-bands', case: `stone-wall-${size}` },
  };
}

// The blur bench's sky size (bench/blur.mjs WIDTH x HEIGHT; not imported: that file brings StackBlur with it).
const WIDTH = 720, HEIGHT = 450;
const sky = () => {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;   // deterministic noise, opaque enough
  return { data, width: WIDTH, height: HEIGHT };
};
const copyOf = (image) => ({ data: new Uint8ClampedArray(image.data), width: image.width, height: image.height });

function blurJob(radius) {
  return {
    id: `blur-r${radius}`, label: `boxBlur() 720 x 450 r = ${radius}`,
    ours: {
      label: 'boxBlur() of our package ({transfer: true} on a fresh copy of the image, as a getImageData user)',
      inputs: sky, perCall: copyOf,
      start: async ({ api }) => (await api()).boxBlur,
      call: (boxBlur, copy) => boxBlur(copy, radius, { transfer: true }),
    },
    peers: {
      stackblur: {
        label: 'StackBlur imageDataRGBA in place on a fresh copy (nothing to start)',
        inputs: sky, perCall: copyOf,
        start: async () => (await import('stackblur-canvas')).imageDataRGBA,
        call: (imageDataRGBA, copy) => { imageDataRGBA(copy, 0, 0, copy.width, copy.height, radius); return copy; },
      },
      sliding: {
        label: 'our sliding-sum JS (boxBlurSliding, the fallback) on a fresh copy',
        inputs: sky, perCall: copyOf,
        start: async () => (await import('../../worker/blur-sliding.js')).boxBlurSliding,
        call: (boxBlurSliding, copy) => boxBlurSliding(copy, radius),
      },
    },
    kernel: { module: 'blur', contender: 'simd-kernel', case: `whole-r${radius}` },
  };
}

/** Every job, in the order the report prints them; `quick` keeps the small ones (a smoke test). */
export function jobs({ quick = false } = {}) {
  const all = [
    argon2Job(64, 1), argon2Job(64, 4), argon2Job(256, 1), argon2Job(256, 4),
    notesJob, searchBuild, searchKeystroke, textureJob(1024), textureJob(2048), blurJob(8), blurJob(20),
  ];
  return quick ? all.filter((job) => ['argon2id-64MiB-p1', 'open-5000', 'search-keystroke-5000', 'texture-1024', 'blur-r8'].includes(job.id)) : all;
}

/** The jobs whose memory is measured (Chromium): what the page and its workers hold 1 s after each, against before. */
export const MEMORY_JOBS = ['argon2id-256MiB-p1', 'texture-4096', 'open-5000'];

export function jobById(id) {
  const job = [...jobs(), textureJob(4096)].find((j) => j.id === id);
  if (!job) throw new Error(`no calls job "${id}"`);
  return job;
}

/** The contender `who` of a job: 'ours', 'against' (ours from another build), or a peer's id. */
export function contenderOf(job, who) {
  if (who === 'ours' || who === 'app' || who === 'against') return job.ours;
  const peer = job.peers[who];
  if (!peer) throw new Error(`job ${job.id} has no contender "${who}"`);
  return peer;
}
