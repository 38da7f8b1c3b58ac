// Strict RFC 4648 base64 (standard alphabet): the one JS codec, for salts in
// attributes, the extension's vault file, the libsodium notes fallback, the
// demo and the benchmark. Strict on the way in, with the rules of the notes
// format (cpp/notes/base64.* applies the same ones in the kernel): the length
// is a multiple of 4, "=" padding is required and only at the end, no other
// character (whitespace included), and the bits the padding drops are zero, so
// one byte string has exactly one text. A salt pasted with a typo is refused
// rather than silently shortened.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BODY = /^[A-Za-z0-9+/]*$/;
const OTHER = /[^A-Za-z0-9+/=]/;

/** Why a text is not strict base64; the same codes as cpp/notes/batch.h (PROBLEM.base64* of notes-format.js). */
export const BASE64_PROBLEM = { length: 1, character: 2, padding: 3, nonCanonical: 4 };

/** What each BASE64_PROBLEM code says, after "<name> ". */
export const BASE64_PROBLEM_TEXT = {
  [BASE64_PROBLEM.length]: 'is not valid base64: its length is not a multiple of 4',
  [BASE64_PROBLEM.character]: 'is not valid base64: it has a character outside the base64 alphabet (whitespace included)',
  [BASE64_PROBLEM.padding]: 'is not valid base64: its "=" padding is misplaced',
  [BASE64_PROBLEM.nonCanonical]: 'is not valid base64: the bits its padding drops are not zero',
};

/** The '=' a base64 text ends with: 0, 1 or 2. */
const paddingOf = (text) => (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

/**
 * The bytes a base64 text whose length divides by 4 decodes to, if it is strict (not checked here: for a caller
 * whose decoder checks it, as common/notes-decoded.js's does).
 */
export function decodedByteLength(text) {
  return (text.length >>> 2) * 3 - paddingOf(text);
}

/** Why a string is not strict base64 (a BASE64_PROBLEM code), or 0 when it is. Checked in the kernel's order. */
export function base64Problem(text) {
  if (text.length % 4 !== 0) return BASE64_PROBLEM.length;
  const pad = paddingOf(text);
  const body = text.slice(0, text.length - pad);
  if (!BODY.test(body)) return OTHER.test(body) ? BASE64_PROBLEM.character : BASE64_PROBLEM.padding;
  if (pad === 0) return 0;
  const last = ALPHABET.indexOf(body[body.length - 1]);
  if ((last & (pad === 2 ? 15 : 3)) !== 0) return BASE64_PROBLEM.nonCanonical;
  return 0;
}

/** The byte length a strict base64 text decodes to, or -1 when it is not strict base64 (or not a string). */
export function base64ByteLength(text) {
  if (typeof text !== 'string' || base64Problem(text) !== 0) return -1;
  return decodedByteLength(text);
}

/** Decodes strict base64; throws TypeError naming `name` and saying what is wrong. */
export function base64Decode(text, name = 'value') {
  if (typeof text !== 'string') throw new TypeError(`${name} is not valid base64: it is not a string`);
  const problem = base64Problem(text);
  if (problem) throw new TypeError(`${name} ${BASE64_PROBLEM_TEXT[problem]}`);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encodes bytes as padded base64. */
export function base64Encode(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}
