// The seal of a vault record as a whole (format version 3). Each note is
// authenticated on its own (its key under the device key, its title and body
// under its key with its id), but nothing else was: a stored or exported
// record could lose a note, have two swapped, have one rolled back to an
// older sealed version or brought back from an old export, or have its
// `version` edited, and every note still opened. The seal binds all of it:
//
//   macKey = HKDF-SHA-256(ikm = deviceKey, salt = "", info = "memento-vault/record-seal/v3")   32 bytes
//   seal   = HMAC-SHA-256(macKey, utf8(JSON.stringify(
//              ["memento-vault", version, kdf.algorithm, kdf.salt, kdf.t, kdf.m, kdf.p, wrappedKey,
//               [[id, key, title, body], ...]])))                                          base64, 32 bytes
//
// JSON of an array of strings and numbers is one-to-one, so no two records
// share an input. The device key itself is never used as the MAC key: HKDF
// with its own info string derives one for this job only. `revision` is left
// out: it is storage's write counter, not content (a whole older export is
// a legitimate import, and is refused only by its password if that changed).
// WebCrypto (HKDF, HMAC, constant-time verify) runs in the popup and in Node.
// Pure: no DOM, no chrome.*.

import { runInSlices } from '../common/slicer.js';

const encoder = new TextEncoder();
const INFO = encoder.encode('memento-vault/record-seal/v3');
// Notes made into JSON between two looks at the clock: a vault of thousands
// of notes (megabytes of base64) is sealed without a long task on the page.
const NOTES_PER_STEP = 32;

export class VaultSealError extends Error {
  constructor(message) {
    super(message);
    this.name = 'VaultSealError';
  }
}

/** The HMAC key of the seal, derived from the 32-byte device key (a non-extractable CryptoKey). */
export async function sealKey(deviceKey) {
  const base = await crypto.subtle.importKey('raw', deviceKey, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: INFO }, base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign', 'verify']);
}

/**
 * The bytes the seal covers: exactly utf8(JSON.stringify([..., [[id, key, title, body], ...]])),
 * made a few notes at a time in slices of the page's time (JSON of an array is
 * its elements' JSON joined by commas in brackets).
 */
export async function sealedContent(record) {
  const { kdf, notes } = record;
  const head = JSON.stringify(['memento-vault', record.version, kdf.algorithm, kdf.salt, kdf.t, kdf.m, kdf.p, record.wrappedKey]);
  const pieces = [encoder.encode(`${head.slice(0, -1)},[`)];
  await runInSlices(Math.ceil(notes.length / NOTES_PER_STEP), (step) => {
    const group = notes.slice(step * NOTES_PER_STEP, (step + 1) * NOTES_PER_STEP);
    const json = group.map((note) => JSON.stringify([note.id, note.key, note.title, note.body])).join(',');
    pieces.push(encoder.encode(step > 0 ? `,${json}` : json));
  });
  pieces.push(encoder.encode(']]'));
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) { bytes.set(piece, at); at += piece.length; }
  return bytes;
}

const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));

/** `record` with its `seal` (base64) computed under `key` (from sealKey()). */
export async function sealRecord(record, key) {
  const seal = new Uint8Array(await crypto.subtle.sign('HMAC', key, await sealedContent(record)));
  return { ...record, seal: toBase64(seal) };
}

/** Resolves when `record.seal` holds under `key`; else rejects with a VaultSealError saying what that means. */
export async function checkSeal(record, key) {
  let seal;
  try {
    seal = Uint8Array.from(atob(record.seal), (c) => c.charCodeAt(0));
  } catch {
    seal = new Uint8Array(0);
  }
  if (seal.length === 32 && await crypto.subtle.verify('HMAC', key, seal, await sealedContent(record))) return;
  throw new VaultSealError('its seal does not match its contents: since this vault last wrote it, a note was removed, added, '
    + 'reordered or replaced by an older copy, or its version or another field was edited');
}
