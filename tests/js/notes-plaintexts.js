// Plaintext bytes for the tests of how opened notes become strings
// (common/notes-format.js: one decode per batch cut by the kernel's UTF-16
// lengths, or one decode per field): random titles and bodies mixing ASCII,
// 2-, 3- and 4-byte UTF-8, byte order marks at a field's start and empty
// fields, and the ill-formed bytes a decoder turns into U+FFFD. sealNotes()
// takes strings, which are always well-formed, so raw bytes are sealed here
// with the batch itself.
import { SEAL_FIELDS_IN, base64Length, sealRandomness, unpackSealed } from '../../common/notes-format.js';

/** A deterministic generator so failures reproduce. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

const encoder = new TextEncoder();
// A real U+FFFD too: well-formed, so it must come out as itself.
const PIECES = ['vault', 'note', ' ', 'x', 'caf\u00e9', '\u00fcber', '\u20ac', '\u4e2d\u6587', '\u{1F511}', '\u{1F600}\u{10FFFF}', '\n', '\uFEFF', '\uFFFD'];
const BOM = [0xef, 0xbb, 0xbf];

/** Bytes of well-formed UTF-8: sometimes empty, sometimes all ASCII, sometimes opening with a BOM. */
export function wellFormed(next, maxPieces) {
  const kind = Math.floor(next() * 6);
  if (kind === 0) return new Uint8Array(0);
  const n = 1 + Math.floor(next() * maxPieces);
  const pieces = kind === 1 ? PIECES.slice(0, 4) : PIECES;
  const text = Array.from({ length: n }, () => pieces[Math.floor(next() * pieces.length)]).join('');
  const bytes = encoder.encode(text);
  return kind === 2 ? new Uint8Array([...BOM, ...bytes]) : bytes;
}

/**
 * Bytes a decoder replaces by U+FFFD: lone continuations, truncated sequences,
 * overlongs, a surrogate, past U+10FFFF, bytes never in UTF-8.
 */
export const ILL_FORMED = [[0x80], [0xbf, 0x61], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x94], [0xc0, 0x80],
  [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80], [0xff], [0xfe, 0xfe], [0xe0, 0x9f, 0x80], [0xf0, 0x8f, 0x80, 0x80]];

/** Well-formed bytes with one ILL_FORMED piece inserted at a random place. */
export function illFormed(next, maxPieces) {
  const bytes = [...wellFormed(next, maxPieces)];
  const at = Math.floor(next() * (bytes.length + 1));
  // Cut only between whole code points (before a byte that is not a continuation).
  let cut = at;
  while (cut < bytes.length && (bytes[cut] & 0xc0) === 0x80) cut++;
  bytes.splice(cut, 0, ...ILL_FORMED[Math.floor(next() * ILL_FORMED.length)]);
  return new Uint8Array(bytes);
}

/** What opening must give for a note of plaintext bytes: one TextDecoder call per field. */
export function perFieldStrings({ id, title, body }) {
  const decoder = new TextDecoder();
  return { id, title: decoder.decode(title), body: decoder.decode(body) };
}

/**
 * Seals notes {id: string, title: Uint8Array, body: Uint8Array} with a
 * backend's sealBatch (worker/notes-ops.js); gives {id, key, title, body} base64.
 */
export function sealBytes(backend, notes, deviceKey) {
  const parts = notes.flatMap(({ id, title, body }) => [encoder.encode(id), title, body]);
  const input = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  const fields = new Uint32Array(notes.length * SEAL_FIELDS_IN);
  let at = 0;
  parts.forEach((part, k) => {
    input.set(part, at);
    fields[2 * k] = at;
    fields[2 * k + 1] = part.length;
    at += part.length;
  });
  const outCapacity = notes.reduce((n, { title, body }) => n + 96 + base64Length(40 + title.length) + base64Length(40 + body.length), 0);
  const random = sealRandomness(notes.length);
  const sealed = backend.sealBatch({ input, fields, count: notes.length, deviceKey, outCapacity, random });
  return unpackSealed(notes, sealed);
}
