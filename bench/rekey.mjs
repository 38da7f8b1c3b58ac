// `npm run bench -- rekey`: a password change of the extension's vault with
// 5,000 notes (issue 30): a fresh device key, every note key opened under the
// old one and wrapped under the new one (titles and bodies untouched), and the
// record sealed again (extension/vault-seal.js). Argon2id of the new password
// is left out: it is the same for any way of re-keying.
//   ours, kernel: rewrapKeys of worker/notes-ops.js on the SIMD build, with
//     the page's base64 of the 5,000 keys in and out (what the worker and the
//     page do, on one thread)
//   ours, kernel + seal: the same, then the record's HMAC-SHA-256 seal
//   ours, rewrapNoteKeys() API: the package's call, a worker round trip (the
//     page's share of it is what the popup's main thread does)
//   ours, page's share: only the popup thread's part (keys decoded, results
//     encoded, the seal's input made), which the API and the seal cut into
//     slices of a few milliseconds
//   libsodium-wrappers note by note: from_base64, secretbox_open_easy,
//     secretbox_easy, to_base64
// This file runs in Node and, bundled, in the Chromium bench worker: nothing Node-only.
import sodium from 'libsodium-wrappers';
import { createWasmNotes } from '../worker/notes-ops.js';
import { base64Decode, base64Encode } from '../common/base64.js';
import { packageEntry } from './lib/measure.mjs';
import { sealVault } from '../fixtures/sealed-vault.mjs';
import { sealKey, sealRecord, sealedContent } from '../extension/vault-seal.js';

const NOTES = { full: 5000, quick: 300 };
const vaults = new Map();
function vault(count) {
  if (!vaults.has(count)) vaults.set(count, sealVault(count));
  return vaults.get(count);
}
const toKey = new Uint8Array(32).map((_, i) => 255 - i);
const KDF = { algorithm: 'argon2id13', salt: 'AAAAAAAAAAAAAAAAAAAAAA==', t: 3, m: 65536, p: 4 };
const recordOf = (notes) => ({ format: 'memento-vault', version: 3, revision: 1, kdf: KDF, wrappedKey: 'A'.repeat(96), notes });

// What every contender returns: the re-keyed keys, checked by opening them (toJSON, only when outputs are compared).
function checked(notes, count) {
  return {
    toJSON() {
      let opened = 0;
      for (const note of notes) {
        const box = base64Decode(note.key);
        if (sodium.crypto_secretbox_open_easy(box.subarray(24), box.subarray(0, 24), toKey).length === 32) opened++;
      }
      return { count, opened, titles: notes.every((n) => n.title.length > 40) };
    },
  };
}

function packKeys(notes) {
  const wrapped = new Uint8Array(notes.length * 72);
  notes.forEach((note, i) => wrapped.set(base64Decode(note.key), i * 72));
  return wrapped;
}
const withKeys = (notes, out) => notes.map((note, i) => ({ ...note, key: base64Encode(out.subarray(i * 72, (i + 1) * 72)) }));

function kernel(withSeal) {
  return {
    label: withSeal ? 'ours, kernel + seal' : 'ours, kernel',
    detail: withSeal ? 'rewrapKeys (SIMD build) with the keys\' base64 in and out, then the record\'s HMAC-SHA-256 seal (WebCrypto)'
      : 'rewrapKeys of worker/notes-ops.js on the SIMD build, with the keys\' base64 in and out, on one thread',
    async setup(env) {
      const backend = createWasmNotes(await env.emscripten('notes', { simd: true }));
      return {
        async run({ notes: count }) {
          const { notes, deviceKey } = await vault(count);
          const nonces = crypto.getRandomValues(new Uint8Array(count * 24).subarray(0, Math.min(65536, count * 24)));
          const allNonces = new Uint8Array(count * 24);
          allNonces.set(nonces);
          const { out, status } = backend.rewrapKeys({ wrapped: packKeys(notes), count, fromKey: deviceKey, toKey, nonces: allNonces });
          if (status.some((s) => s)) throw new Error('a key did not open');
          const moved = withKeys(notes, out);
          if (withSeal) await sealRecord(recordOf(moved), await sealKey(toKey));
          return checked(moved, count);
        },
      };
    },
  };
}

const contenders = {
  'ours-kernel': kernel(false),
  'ours-kernel-seal': kernel(true),
  'ours-api': {
    label: 'ours, rewrapNoteKeys() API',
    detail: 'the package as users import it (Chromium: dist/api.js; Node: dist/node.js): keys packed, one worker call, keys back as base64',
    async setup(env) {
      let rewrapNoteKeys;
      return {
        async run({ notes: count }) {
          rewrapNoteKeys ??= (await import(packageEntry(env))).rewrapNoteKeys;
          const { notes, deviceKey } = await vault(count);
          return checked(await rewrapNoteKeys(notes, deviceKey, toKey), count);
        },
      };
    },
  },
  'ours-page-share': {
    label: 'ours, the page\'s share',
    detail: 'what the popup\'s thread does: 5,000 keys decoded and packed, 5,000 encoded, the seal\'s input (JSON, UTF-8) made (the API and the seal run it in slices of a few ms); the worker\'s part and WebCrypto\'s HMAC are off this thread',
    async setup() {
      return {
        async run({ notes: count }) {
          const { notes } = await vault(count);
          const wrapped = packKeys(notes);
          const moved = withKeys(notes, wrapped);
          await sealedContent(recordOf(moved));
          return { toJSON: () => ({ count, opened: count, titles: true }) };
        },
      };
    },
  },
  'libsodium-wrappers': {
    label: 'libsodium-wrappers, note by note',
    detail: 'from_base64, crypto_secretbox_open_easy, crypto_secretbox_easy with a fresh nonce, to_base64',
    package: 'libsodium-wrappers',
    async setup() {
      await sodium.ready;
      const B64 = sodium.base64_variants.ORIGINAL;
      return {
        async run({ notes: count }) {
          const { notes, deviceKey } = await vault(count);
          return checked(notes.map((note) => {
            const box = sodium.from_base64(note.key, B64);
            const noteKey = sodium.crypto_secretbox_open_easy(box.subarray(24), box.subarray(0, 24), deviceKey);
            const nonce = sodium.randombytes_buf(24);
            const out = new Uint8Array(72);
            out.set(nonce);
            out.set(sodium.crypto_secretbox_easy(noteKey, nonce, toKey), 24);
            sodium.memzero(noteKey);
            return { ...note, key: sodium.to_base64(out, B64) };
          }), count);
        },
      };
    },
  },
};

function cases({ quick }) {
  const notes = quick ? NOTES.quick : NOTES.full;
  return [{
    id: `rekey-${notes}`, label: `re-key ${notes} notes (every note key moved to a new device key)`, params: { notes },
    contenders: ['ours-kernel', 'ours-kernel-seal', 'ours-api', 'ours-page-share', 'libsodium-wrappers'], baseline: 'libsodium-wrappers',
    settleMs: 100,
  }];
}

export default { title: 're-key the extension\'s vault (issue 30): every note key under a fresh device key', contenders, cases };
