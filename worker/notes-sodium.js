// The last-resort notes backend: libsodium-wrappers, loaded only when neither
// of our wasm builds passes its self-test. Same packed layout and the same
// status bytes as the kernel, note by note.
import { FIELD, OPEN_FIELDS_IN, OPEN_FIELDS_OUT, PROBLEM, SEAL_FIELDS_IN, SEAL_FIELDS_OUT, SEAL_RANDOM_BYTES,
  base64Length, statusOf } from '../common/notes-format.js';
import { base64Problem } from '../common/base64.js';
import { zeroFreedMemory } from './sodium-zeroing.js';

const latin1 = new TextDecoder('latin1');
const encoder = new TextEncoder();

export async function createSodiumNotes() {
  const { default: sodium } = await import('libsodium-wrappers');
  await sodium.ready;
  zeroFreedMemory(sodium);   // every key and plaintext copy in libsodium's heap is zeroed when freed
  const ORIGINAL = sodium.base64_variants.ORIGINAL;

  function decodeField(text, field, minLength) {
    const problem = base64Problem(text);
    if (problem) return { status: statusOf(field, problem) };
    const bytes = text.length ? sodium.from_base64(text, ORIGINAL) : new Uint8Array(0);
    if (bytes.length < minLength || (field === FIELD.key && bytes.length !== 72)) {
      return { status: statusOf(field, PROBLEM.wrongSize) };
    }
    return { bytes };
  }

  function openOne(fieldText, idBytes, deviceKey) {
    const key = decodeField(fieldText(1), FIELD.key, 72);
    if (key.status) return key;
    let noteKey;
    try {
      noteKey = sodium.crypto_secretbox_open_easy(key.bytes.subarray(24), key.bytes.subarray(0, 24), deviceKey);
    } catch {
      return { status: statusOf(FIELD.key, PROBLEM.authentication) };
    }
    try {
      const plain = [];
      for (const [field, prefix] of [[FIELD.title, 'title:'], [FIELD.body, 'body:']]) {
        const sealed = decodeField(fieldText(field), field, 40);
        if (sealed.status) return sealed;
        const ad = new Uint8Array([...encoder.encode(prefix), ...idBytes]);
        try {
          plain.push(sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, sealed.bytes.subarray(24), ad,
            sealed.bytes.subarray(0, 24), noteKey));
        } catch {
          return { status: statusOf(field, PROBLEM.authentication) };
        }
      }
      return { plain };
    } finally {
      noteKey.fill(0);
    }
  }

  return {
    // `decoded` (common/notes-decoded.js): the fields are the bytes of strictly decoded base64, so encoding them
    // again gives the very text the page had.
    openBatch({ input, fields, count, deviceKey, decoded = false }) {
      const status = new Uint8Array(count);
      const outFields = new Uint32Array(count * OPEN_FIELDS_OUT);
      const pieces = [];
      let used = 0;
      for (let i = 0; i < count; i++) {
        const f = i * OPEN_FIELDS_IN;
        const slice = (k) => input.subarray(fields[f + 2 * k], fields[f + 2 * k] + fields[f + 2 * k + 1]);
        const text = decoded ? (k) => (fields[f + 2 * k + 1] ? sodium.to_base64(slice(k), ORIGINAL) : '') : (k) => latin1.decode(slice(k));
        const result = openOne(text, slice(0), deviceKey);
        if (result.status) { status[i] = result.status; continue; }
        const [title, body] = result.plain;
        const o = i * OPEN_FIELDS_OUT;
        outFields.set([used, title.length, used + title.length, body.length], o);
        pieces.push(title, body);
        used += title.length + body.length;
      }
      const out = new Uint8Array(used);
      let at = 0;
      for (const piece of pieces) { out.set(piece, at); at += piece.length; piece.fill(0); }
      return { out, outFields, status };
    },

    secretboxEasy({ message, nonce, key }) {
      return sodium.crypto_secretbox_easy(message, nonce, key);
    },

    // The opened key goes back to the caller (the op transfers it); nothing else holds it.
    secretboxOpenEasy({ box, nonce, key }) {
      try {
        return sodium.crypto_secretbox_open_easy(box, nonce, key);
      } catch {
        return null;
      }
    },

    rewrapKeys({ wrapped, count, fromKey, toKey, nonces }) {
      const out = new Uint8Array(count * 72);
      const status = new Uint8Array(count);
      for (let i = 0; i < count; i++) {
        const box = wrapped.subarray(i * 72, (i + 1) * 72);
        let noteKey;
        try {
          noteKey = sodium.crypto_secretbox_open_easy(box.subarray(24), box.subarray(0, 24), fromKey);
        } catch {
          status[i] = 1;
          continue;
        }
        const nonce = nonces.subarray(i * 24, (i + 1) * 24);
        out.set(nonce, i * 72);
        out.set(sodium.crypto_secretbox_easy(noteKey, nonce, toKey), i * 72 + 24);
        sodium.memzero(noteKey);
      }
      return { out, status };
    },

    sealBatch({ input, fields, count, deviceKey, random }) {
      const texts = [];
      for (let i = 0; i < count; i++) {
        const f = i * SEAL_FIELDS_IN;
        const slice = (k) => input.subarray(fields[f + 2 * k], fields[f + 2 * k] + fields[f + 2 * k + 1]);
        const r = random.subarray(i * SEAL_RANDOM_BYTES, (i + 1) * SEAL_RANDOM_BYTES);
        const noteKey = r.subarray(0, 32);
        const nonce = (k) => r.subarray(32 + 24 * k, 56 + 24 * k);
        const seal = (prefix, bytes, n) => concat(nonce(n), sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
          bytes, concat(encoder.encode(prefix), slice(0)), null, nonce(n), noteKey));
        texts.push(
          sodium.to_base64(concat(nonce(0), sodium.crypto_secretbox_easy(noteKey, nonce(0), deviceKey)), ORIGINAL),
          sodium.to_base64(seal('title:', slice(1), 1), ORIGINAL),
          sodium.to_base64(seal('body:', slice(2), 2), ORIGINAL));
      }
      const outFields = new Uint32Array(count * SEAL_FIELDS_OUT);
      let at = 0;
      texts.forEach((text, k) => { outFields[2 * k] = at; outFields[2 * k + 1] = text.length; at += text.length; });
      return { out: encoder.encode(texts.join('')), outFields };
    },
  };
}

function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export { base64Length };
