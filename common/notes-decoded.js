// Packing an open's notes with their base64 already decoded, where the engine
// has Uint8Array.prototype.setFromBase64: the notes worker then skips its base64
// decode, about a tenth of its work, and copies a quarter fewer bytes in, and
// the page's decode costs no more than the packing it replaces (Chromium,
// cpp/notes/NOTES.md). Strict only: a call with a field that does not decode
// exactly as the kernel's base64_decode would (a length not a multiple of 4,
// whitespace, a character outside the alphabet, misplaced '=', non-zero
// padding bits) or with a field that is not a string is packed again as
// base64 (startPacking), so every malformed note gets the kernel's own status.
import { OPEN_FIELDS_IN, PACK_GROUP, newBuffer } from './notes-format.js';
import { decodedByteLength } from './base64.js';
import { loneSurrogateAt } from './note-id.js';

/** Whether this engine can decode base64 into a buffer (not Node 20). */
export const decodesBase64 = typeof Uint8Array.prototype.setFromBase64 === 'function';

const STRICT = { lastChunkHandling: 'strict' };
const EQUALS = 0x3d;
const encoder = new TextEncoder();

const allStrings = (note) => typeof note?.id === 'string' && typeof note.key === 'string'
  && typeof note.title === 'string' && typeof note.body === 'string';

/**
 * startPacking() (common/notes-format.js) with the base64 fields decoded: `pack(from, to)` in order, then
 * `finish()`, which gives the packed call with `decoded: true`, or null when the call must go as base64.
 * `allocate(size)` as startPacking's.
 */
export function startPackingDecoded(notes, allocate = newBuffer) {
  let failed = !notes.every(allStrings);
  let size = 0;
  if (!failed) {
    // An id takes at most 3 bytes a character; a field at most 3 bytes per 4 characters (the floors' sum is within the sum's floor).
    for (const note of notes) size += note.id.length * 3 + ((note.key.length + note.title.length + note.body.length) >>> 2) * 3;
  }
  const input = failed ? new Uint8Array(0) : allocate(size);
  const fields = new Uint32Array(notes.length * OPEN_FIELDS_IN);
  let at = 0;
  let outCapacity = 0;

  // One encodeInto for the ids of notes[from..to) when they are all ASCII; false (nothing written) otherwise.
  function packIds(from, to) {
    let ids = '';
    for (let i = from; i < to; i++) ids += notes[i].id;
    const { read, written } = encoder.encodeInto(ids, input.subarray(at));
    if (read !== ids.length || written !== ids.length) return false;
    for (let i = from; i < to; i++) {
      fields[i * OPEN_FIELDS_IN] = at;
      fields[i * OPEN_FIELDS_IN + 1] = notes[i].id.length;
      at += notes[i].id.length;
    }
    return true;
  }

  // A lone surrogate fails the call over to startPacking(), which marks that note.
  function packId(i) {
    if (loneSurrogateAt(notes[i].id) >= 0) { failed = true; return; }
    const { written } = encoder.encodeInto(notes[i].id, input.subarray(at));
    fields[i * OPEN_FIELDS_IN] = at;
    fields[i * OPEN_FIELDS_IN + 1] = written;
    at += written;
  }

  // Decodes `text` into the buffer at `at` (not moved): false unless it reads
  // every character and writes exactly `length` bytes.
  function decodeAt(text, length) {
    let result;
    try {
      result = input.subarray(at, at + length).setFromBase64(text, STRICT);
    } catch {
      return false;   // a SyntaxError: a character, '=' or padding bits the kernel refuses too
    }
    return result.read === text.length && result.written === length;   // whitespace is skipped by setFromBase64
  }

  // One setFromBase64 for the keys of notes[from..to) joined, when none is
  // padded (a wrapped key is 72 bytes, 96 characters: never padded); false
  // (nothing kept) otherwise. Joined, the keys decode exactly as each alone
  // would: every key is whole quads, so a character, an '=' or whitespace the
  // decode of one refuses or skips, the joined decode refuses or shows short.
  function packKeys(from, to) {
    let keys = '';
    for (let i = from; i < to; i++) {
      const key = notes[i].key;
      if ((key.length & 3) !== 0 || (key.length > 0 && key.charCodeAt(key.length - 1) === EQUALS)) return false;
      keys += key;
    }
    if (!decodeAt(keys, (keys.length >>> 2) * 3)) return false;
    for (let i = from; i < to; i++) {
      const bytes = (notes[i].key.length >>> 2) * 3;
      fields[i * OPEN_FIELDS_IN + 2] = at;
      fields[i * OPEN_FIELDS_IN + 3] = bytes;
      at += bytes;
    }
    return true;
  }

  // Decodes one field into the buffer: false when it is not strict base64.
  function packField(text, slot) {
    if ((text.length & 3) !== 0) return false;
    const length = decodedByteLength(text);
    if (!decodeAt(text, length)) return false;
    fields[slot] = at;
    fields[slot + 1] = length;
    at += length;
    return true;
  }

  return {
    pack(from, to) {
      for (let group = from; group < to && !failed; group += PACK_GROUP) {
        const end = Math.min(to, group + PACK_GROUP);
        if (!packIds(group, end)) for (let i = group; i < end; i++) packId(i);
        const keysPacked = packKeys(group, end);
        for (let i = group; i < end && !failed; i++) {
          const note = notes[i];
          const base = i * OPEN_FIELDS_IN;
          failed = !((keysPacked || packField(note.key, base + 2)) && packField(note.title, base + 4)
            && packField(note.body, base + 6));
          outCapacity += fields[base + 5] + fields[base + 7];
        }
      }
    },
    finish: () => (failed ? null
      : { input: input.subarray(0, at), fields, count: notes.length, outCapacity, preset: new Map(), decoded: true }),
  };
}
