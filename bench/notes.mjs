// `npm run bench -- notes`: open every note of a generated 5,000-note vault
// (about 200 words a body): base64, unwrap the note key (XSalsa20-Poly1305),
// open title and body (XChaCha20-Poly1305), make the JS strings.
//   ours in one call (SIMD and scalar builds, through worker/notes-ops.js and
//   common/notes-format.js exactly as the worker and api/notes.js use them),
//   ours one call per note, libsodium-wrappers note by note, @noble/ciphers
//   note by note; then where the time goes (packing, kernel, strings for ours;
//   base64, cryptography, strings for libsodium) and the ways to make strings.
// This file runs in Node and, bundled, in the Chromium bench worker: nothing Node-only.
import sodium from 'libsodium-wrappers';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { createWasmNotes } from '../worker/notes-ops.js';
import { OPEN_FIELDS_OUT, packNotes, unpackOpened } from '../common/notes-format.js';
import { base64Decode } from '../common/base64.js';
import { needWorkers, packageEntry } from './lib/measure.mjs';
import { sealVault } from '../fixtures/sealed-vault.mjs';
import { libsodiumOpenNote } from '../fixtures/peers/libsodium-notes.mjs';

const NOTES = { full: 5000, quick: 300 };
const vaults = new Map();
/** The vault of `count` notes (fixtures/sealed-vault.mjs), sealed once per count. */
function vault(count) {
  if (!vaults.has(count)) vaults.set(count, sealVault(count));
  return vaults.get(count);
}

// What every contender returns: the opened notes, compared through a digest
// computed only when the harness checks outputs (toJSON), never while timed.
function digestOf(opened) {
  return {
    toJSON() {
      let hash = 0x811c9dc5;
      let chars = 0;
      let failed = 0;
      for (const note of opened) {
        if (note.error) { failed++; continue; }
        for (const text of [note.title, note.body]) {
          chars += text.length;
          for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
        }
      }
      return { notes: opened.length, failed, chars, fnv1a: (hash >>> 0).toString(16) };
    },
  };
}

const decoder = new TextDecoder();

function oursOneCall(simd) {
  return {
    label: `ours, one call (${simd ? 'SIMD' : 'scalar'})`,
    detail: `packNotes + createWasmNotes().openBatch (reuseInput, as the worker; in a browser with the UTF-16 lengths, as the API) + unpackOpened over build/wasm/out/notes${simd ? '.simd' : ''}.wasm`,
    async setup(env) {
      const backend = createWasmNotes(await env.emscripten('notes', { simd }));
      return {
        async run({ notes: count }) {
          const { notes, deviceKey } = await vault(count);
          const packed = packNotes(notes);
          const opened = backend.openBatch({ ...packed, deviceKey, reuseInput: true, utf16Lengths: env.engine !== 'node' });
          return digestOf(unpackOpened(notes, opened, packed.preset));
        },
      };
    },
  };
}

const encoder = new TextEncoder();

// openNotes() of the dist/ folder `distOf(params)` names, as users import it: api.js in Chromium, node.js in Node.
function apiContender(label, detail, distOf) {
  return {
    label, detail,
    async setup(env) {
      needWorkers(env);
      let openNotes;
      return {
        async run(params) {
          openNotes ??= (await import(packageEntry(env, distOf(params)))).openNotes;
          const { notes, deviceKey } = await vault(params.notes);
          return digestOf(await openNotes(notes, deviceKey));
        },
      };
    },
  };
}

const contenders = {
  'ours-simd': oursOneCall(true),
  'ours-scalar': oursOneCall(false),
  'ours-per-note': {
    label: 'ours, one call per note (SIMD)',
    detail: 'the same pipeline with a one-note batch per note: 5,000 crossings of the JS/wasm boundary',
    async setup(env) {
      const backend = createWasmNotes(await env.emscripten('notes', { simd: true }));
      return {
        async run({ notes: count }) {
          const { notes, deviceKey } = await vault(count);
          const opened = notes.map((note) => {
            const packed = packNotes([note]);
            return unpackOpened([note], backend.openBatch({ ...packed, deviceKey, reuseInput: true }), packed.preset)[0];
          });
          return digestOf(opened);
        },
      };
    },
  },
  'ours-api': apiContender('ours, openNotes() API',
    'openNotes() of the package as users import it (Chromium: dist/api.js from this worker; Node: dist/node.js,'
      + ' a worker thread): pack, transfer to the notes worker, one call, transfer back, strings',
    () => 'dist'),
  'ours-api-against': apiContender('another build\'s openNotes() API (NOTES_AGAINST)',
    'openNotes() of a copy of another build\'s dist/ (its api.js in Chromium, node.js in Node), alternating with ours',
    (params) => params.against),
  'libsodium-wrappers': {
    label: 'libsodium-wrappers, note by note',
    detail: 'from_base64, crypto_secretbox_open_easy, crypto_aead_xchacha20poly1305_ietf_decrypt x2, to_string',
    package: 'libsodium-wrappers',
    async setup() {
      await sodium.ready;
      return {
        async run({ notes: count }) {
          const { notes, deviceKey } = await vault(count);
          return digestOf(notes.map((note) => libsodiumOpenNote(sodium, note, deviceKey)));
        },
      };
    },
  },
  noble: {
    label: '@noble/ciphers, note by note',
    detail: 'base64Decode of common/base64.js (strict check, atob) to bytes, xsalsa20poly1305(deviceKey, nonce).decrypt, xchacha20poly1305(noteKey, nonce, ad).decrypt x2, TextDecoder',
    package: '@noble/ciphers',
    async setup() {
      return {
        async run({ notes: count }) {
          const { notes, deviceKey } = await vault(count);
          return digestOf(notes.map((note) => {
            const key = base64Decode(note.key);
            const noteKey = xsalsa20poly1305(deviceKey, key.subarray(0, 24)).decrypt(key.subarray(24));
            const open = (field, prefix) => {
              const sealed = base64Decode(note[field]);
              return decoder.decode(xchacha20poly1305(noteKey, sealed.subarray(0, 24), encoder.encode(prefix + note.id))
                .decrypt(sealed.subarray(24)));
            };
            return { id: note.id, title: open('title', 'title:'), body: open('body', 'body:') };
          }));
        },
      };
    },
  },
};

// Where the time goes. Each stage is timed alone on inputs prepared untimed;
// the whole pipeline's output is checked in the open case, so these return a label.
function stage(label, detail, make) {
  return {
    label, detail,
    async setup(env) {
      await sodium.ready;
      let state;
      const steps = await make(env);
      return {
        async prepare({ notes: count }) { state = await steps.prepare(await vault(count)); },
        run() { steps.run(state); return 'stage timed alone'; },
      };
    },
  };
}

async function oursStages(env) {
  const backend = createWasmNotes(await env.emscripten('notes', { simd: true }));
  // In a browser the API asks the kernel for the fields' UTF-16 lengths (strings one decode per 16 notes).
  const lengths = env.engine !== 'node';
  return (which) => ({
    prepare({ notes, deviceKey }) {
      const packed = packNotes(notes);
      return { notes, deviceKey, packed, opened: backend.openBatch({ ...packed, deviceKey, utf16Lengths: lengths }) };
    },
    run({ notes, deviceKey, packed, opened }) {
      if (which === 'pack') packNotes(notes);
      else if (which === 'kernel') backend.openBatch({ ...packed, deviceKey, utf16Lengths: lengths });
      else unpackOpened(notes, opened, packed.preset);
    },
  });
}

function sodiumStages(which) {
  const B64 = () => sodium.base64_variants.ORIGINAL;
  return {
    prepare({ notes, deviceKey }) {
      const raw = notes.map((n) => ({ id: n.id, key: sodium.from_base64(n.key, B64()), title: sodium.from_base64(n.title, B64()), body: sodium.from_base64(n.body, B64()) }));
      const plain = raw.map((r) => {
        const noteKey = sodium.crypto_secretbox_open_easy(r.key.subarray(24), r.key.subarray(0, 24), deviceKey);
        const open = (f, p) => sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, r[f].subarray(24), sodium.from_string(p + r.id), r[f].subarray(0, 24), noteKey);
        return [open('title', 'title:'), open('body', 'body:')];
      });
      return { notes, deviceKey, raw, plain };
    },
    run({ notes, deviceKey, raw, plain }) {
      if (which === 'base64') {
        for (const n of notes) { sodium.from_base64(n.key, B64()); sodium.from_base64(n.title, B64()); sodium.from_base64(n.body, B64()); }
      } else if (which === 'crypto') {
        for (const r of raw) {
          const noteKey = sodium.crypto_secretbox_open_easy(r.key.subarray(24), r.key.subarray(0, 24), deviceKey);
          for (const [f, p] of [['title', 'title:'], ['body', 'body:']]) {
            sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, r[f].subarray(24), sodium.from_string(p + r.id), r[f].subarray(0, 24), noteKey);
          }
        }
      } else {
        for (const [t, b] of plain) { sodium.to_string(t); sodium.to_string(b); }
      }
    },
  };
}

let oursStageFactory;
const oursStage = (which) => async (env) => { oursStageFactory ??= await oursStages(env); return oursStageFactory(which); };
Object.assign(contenders, {
  'stage-ours-pack': stage('ours: pack the notes into one buffer', 'packNotes(): one TextEncoder.encodeInto per 128 notes (their fields joined) into one Uint8Array + offsets', oursStage('pack')),
  'stage-ours-kernel': stage('ours: the wasm call (base64 + crypto)', 'createWasmNotes().openBatch(): copy in, open_batch (in a browser with the UTF-16 lengths, as the API), copy out into a fresh buffer (the pipeline rows reuse the input buffer, as the worker does) (SIMD)', oursStage('kernel')),
  'stage-ours-strings': stage('ours: strings (unpackOpened)', 'unpackOpened(): in a browser one decode per 16 notes cut at the kernel\'s UTF-16 lengths (as the API); in Node one decode per note (ASCII title), else per title and body', oursStage('strings')),
  'stage-sodium-base64': stage('libsodium-wrappers: base64', 'from_base64 of key, title, body', async () => sodiumStages('base64')),
  'stage-sodium-crypto': stage('libsodium-wrappers: cryptography', 'secretbox_open_easy + 2 x xchacha20poly1305_ietf_decrypt from decoded bytes', async () => sodiumStages('crypto')),
  'stage-sodium-strings': stage('libsodium-wrappers: strings', 'to_string of every title and body', async () => sodiumStages('strings')),
});

// Ways to turn the opened plaintext buffer into strings (same output, digest-checked).
function stringsWay(label, detail, make, extra = () => ({})) {
  return {
    label, detail,
    async setup(env) {
      const backend = createWasmNotes(await env.emscripten('notes', { simd: true }));
      let prepared;
      return {
        async prepare({ notes: count }) {
          const { notes, deviceKey } = await vault(count);
          const packed = packNotes(notes);
          prepared = { notes, opened: backend.openBatch({ ...packed, deviceKey }), preset: packed.preset };
          Object.assign(prepared, extra(prepared));
        },
        run() { return digestOf(make(prepared)); },
      };
    },
  };
}

// UTF-16 length of each title and body, as a kernel could count them (untimed here).
function utf16Lengths({ notes, opened }) {
  const lengths = new Uint32Array(notes.length * 2);
  notes.forEach((_, i) => {
    for (let k = 0; k < 2; k++) {
      const off = opened.outFields[i * OPEN_FIELDS_OUT + 2 * k];
      const len = opened.outFields[i * OPEN_FIELDS_OUT + 2 * k + 1];
      lengths[2 * i + k] = decoder.decode(opened.out.subarray(off, off + len)).length;
    }
  });
  return { lengths };
}

Object.assign(contenders, {
  'strings-per-field': stringsWay('unpackOpened() without lengths: a TextDecoder call per note or per field', 'one decode of title + body cut at the title when the title is ASCII, else one per title and body (a batch with ill-formed text, or the libsodium fallback)',
    ({ notes, opened, preset }) => unpackOpened(notes, opened, preset)),
  'strings-per-16': stringsWay('unpackOpened() with the kernel\'s UTF-16 lengths (shipped in browsers)', 'one TextDecoder call per 16 notes, cut at the UTF-16 lengths open_batch counted (the lengths are computed untimed here)',
    ({ notes, opened, preset, lengths }) => unpackOpened(notes, { ...opened, utf16Lengths: lengths }, preset), utf16Lengths),
  'strings-one-decode': stringsWay('one TextDecoder call, substrings at UTF-16 offsets', 'decode the whole buffer once and cut it; the offsets are computed untimed (as if the kernel counted them)',
    ({ notes, opened, lengths }) => {
      const whole = decoder.decode(opened.out);
      let unit = 0;
      return notes.map((note, i) => {
        const title = whole.substring(unit, unit += lengths[2 * i]);
        const body = whole.substring(unit, unit += lengths[2 * i + 1]);
        return { id: note.id, title, body };
      });
    }, utf16Lengths),
  'strings-one-decode-search': stringsWay('one TextDecoder call, offsets found by scanning', 'decode once, then walk the string to map byte offsets to UTF-16 offsets in JS',
    ({ notes, opened }) => {
      const whole = decoder.decode(opened.out);
      let unit = 0;
      let byte = 0;
      const advance = (bytes) => {
        const start = unit;
        const end = byte + bytes;
        while (byte < end) {
          const c = whole.charCodeAt(unit);
          byte += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : 3;
          unit += c >= 0xd800 && c < 0xdc00 ? 2 : 1;
        }
        return whole.substring(start, unit);
      };
      return notes.map((note, i) => {
        const f = i * OPEN_FIELDS_OUT;
        return { id: note.id, title: advance(opened.outFields[f + 1]), body: advance(opened.outFields[f + 3]) };
      });
    }),
});

// NOTES_AGAINST=<dir>: a copy of another build's dist/ inside the repository
// (e.g. build/dist-base): the open case also runs that build's openNotes(),
// alternating with ours, for an A/B on one host at one time.
// NOTES_ONLY=open: only the open case (the stage and strings cases take minutes).
// NOTES_RUNS=<n>: n timed rounds instead of 5 (A/Bs on a busy host need more).
const env = globalThis.process?.env ?? {};
const against = env.NOTES_AGAINST?.replace(/^\/+|\/+$/g, '');

function cases({ quick }) {
  const notes = quick ? NOTES.quick : NOTES.full;
  const params = { notes };
  const open = against ? { ...params, against } : params;
  const all = [
    // settleMs: even with a worker (a heap) per contender in Chromium, the one timed right after
    // libsodium-wrappers or @noble/ciphers loses the 2 shared cores to the collection of the garbage they
    // leave in their own worker once their call returns (2026-11-30 07:15, same load: ours one call 46-57 ms
    // right after @noble/ciphers without idling, 28-35 ms with 150 ms of idle before each call).
    { id: `open-${notes}`, label: `open ${notes} notes (base64, unwrap, both decryptions, strings; 150 ms idle before each run)`, params: open,
      contenders: ['ours-simd', 'ours-scalar', 'ours-per-note', 'ours-api', ...(against ? ['ours-api-against'] : []), 'libsodium-wrappers', 'noble'],
      baseline: 'libsodium-wrappers', settleMs: 150 },
    { id: `split-ours-${notes}`, label: `ours, stage by stage (${notes} notes)`, params,
      contenders: ['stage-ours-pack', 'stage-ours-kernel', 'stage-ours-strings'], baseline: 'stage-ours-kernel' },
    { id: `split-libsodium-${notes}`, label: `libsodium-wrappers, stage by stage (${notes} notes)`, params,
      contenders: ['stage-sodium-base64', 'stage-sodium-crypto', 'stage-sodium-strings'], baseline: 'stage-sodium-crypto' },
    { id: `strings-${notes}`, label: `plaintext buffer to ${2 * notes} strings`, params,
      contenders: ['strings-per-field', 'strings-per-16', 'strings-one-decode', 'strings-one-decode-search'], baseline: 'strings-per-field' },
  ];
  return env.NOTES_ONLY === 'open' ? all.slice(0, 1) : all;
}

// Issue 3 §5: in Chromium, one call >= 4x faster than libsodium-wrappers note by note and >= 6x faster than @noble/ciphers.
function targets({ quick }) {
  const open = `open-${quick ? NOTES.quick : NOTES.full}`;
  return [
    { label: `Chromium ${open}: ours one call (SIMD) >= 4x faster than libsodium-wrappers note by note`,
      a: ['chromium', open, 'ours-simd'], b: ['chromium', open, 'libsodium-wrappers'], faster: 4 },
    { label: `Chromium ${open}: ours one call (SIMD) >= 6x faster than @noble/ciphers`,
      a: ['chromium', open, 'ours-simd'], b: ['chromium', open, 'noble'], faster: 6 },
    // Issue 18: what a page gets, the packaged API from a worker of the page's.
    { label: `Chromium ${open}: ours openNotes() API >= 6x faster than libsodium-wrappers note by note`,
      a: ['chromium', open, 'ours-api'], b: ['chromium', open, 'libsodium-wrappers'], faster: 6 },
    // Issue 17: the packaged API in Node, as a server calls it.
    { label: `Node ${open}: ours openNotes() API >= 4x faster than libsodium-wrappers note by note`,
      a: ['node', open, 'ours-api'], b: ['node', open, 'libsodium-wrappers'], faster: 4 },
  ];
}

export default {
  title: 'open a generated vault of encrypted notes (about 200 words a body)',
  contenders,
  cases,
  targets,
  ...(env.NOTES_RUNS && { settings: { warmup: 1, runs: Number(env.NOTES_RUNS) } }),
  // A .js file, so that bench/run.mjs does not take it for a bench module.
  extras: new URL('./notes-sizes.js', import.meta.url),
};
