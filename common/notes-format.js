// The notes batch layout, shared by the page (api/notes.js), the worker
// backends, the tests and the benchmark: notes are packed into one byte buffer
// with offsets on the way in, and opened plaintexts come back as one buffer
// with offsets. Mirrors cpp/notes/batch.h.
import { BASE64_PROBLEM, BASE64_PROBLEM_TEXT } from './base64.js';
import { loneSurrogateAt } from './note-id.js';

import { OPEN_FIELDS_IN, OPEN_FIELDS_OUT, OPEN_UTF16_OUT, SEAL_FIELDS_IN, SEAL_FIELDS_OUT, SEAL_RANDOM_BYTES } from './notes-layout.js';

export { OPEN_FIELDS_IN, OPEN_FIELDS_OUT, OPEN_UTF16_OUT, SEAL_FIELDS_IN, SEAL_FIELDS_OUT, SEAL_RANDOM_BYTES } from './notes-layout.js';
const WRAPPED_KEY_BASE64 = 96;

// Status byte = (field << 4) | problem, as cpp/notes/batch.h.
export const FIELD = { none: 0, key: 1, title: 2, body: 3, layout: 4 };
export const PROBLEM = {
  ok: 0, base64Length: BASE64_PROBLEM.length, base64Character: BASE64_PROBLEM.character,
  base64Padding: BASE64_PROBLEM.padding, base64NonCanonical: BASE64_PROBLEM.nonCanonical,
  wrongSize: 5, authentication: 6, noRoom: 7, outOfBounds: 8, notAString: 9, illFormedId: 10,
};
const FIELD_NAMES = ['note', 'key', 'title', 'body', 'note'];
const PROBLEM_TEXT = {
  ...BASE64_PROBLEM_TEXT,
  5: 'has the wrong length for a sealed value',
  6: 'failed authentication: a wrong key, a tampered note, or a note moved to another id',
  7: 'did not fit the output buffer (internal error)',
  8: 'has offsets outside the input (internal error)',
  9: 'is missing or not a string',
  10: 'id is not well-formed Unicode (a lone surrogate): it cannot be sealed as UTF-8',
};

export function statusOf(field, problem) {
  return (field << 4) | problem;
}

/** The {name, message} of a failed note's status byte. */
export function noteError(status) {
  const field = status >> 4;
  const problem = status & 15;
  const name = problem === PROBLEM.authentication ? 'AuthenticationError'
    : problem === PROBLEM.noRoom || problem === PROBLEM.outOfBounds ? 'InternalError' : 'MalformedNoteError';
  return { name, message: `${FIELD_NAMES[field] ?? 'note'} ${PROBLEM_TEXT[problem] ?? `failed (status ${status})`}` };
}

const encoder = new TextEncoder();

/**
 * Packs notes ({id, key, title, body}) into one buffer. A field that is not a
 * string, or a base64 field with a non-ASCII character, is decided here: its
 * status goes into `preset` and the kernel sees it empty.
 * @returns {{input: Uint8Array, fields: Uint32Array, count: number, outCapacity: number, preset: Map<number, number>}}
 */
export function packNotes(notes) {
  const packing = startPacking(notes);
  packing.pack(0, notes.length);
  return packing.finish();
}

/** A fresh buffer of `size` bytes: what the packers allocate unless told otherwise. */
export const newBuffer = (size) => new Uint8Array(size);

/** Notes per encodeInto call on the fast path (about 190 KB of base64 in the benchmark's vault). */
export const PACK_GROUP = 128;

/**
 * packNotes() in steps, for a main thread that packs in slices:
 * `pack(from, to)` as often as needed, in order, then `finish()`.
 * Fast path: the fields of up to PACK_GROUP notes are concatenated into one
 * string and written with one encodeInto call; when every character was
 * ASCII (one byte each) the offsets follow from the string lengths. In
 * Chromium that is about twice as fast as one encodeInto per field (each call
 * crosses into Blink and makes a subarray; cpp/notes/NOTES.md). A group with
 * a non-string field or any non-ASCII character is packed again note by note.
 * `allocate(size)` gives the buffer to pack into: at least `size` bytes, any
 * of them already written (api/notes.js hands back an earlier call's buffer).
 */
export function startPacking(notes, allocate = newBuffer) {
  let size = 0;
  for (const note of notes) {
    size += lengthOf(note?.id) * 3 + lengthOf(note?.key) + lengthOf(note?.title) + lengthOf(note?.body);
  }
  const input = allocate(size);
  const fields = new Uint32Array(notes.length * OPEN_FIELDS_IN);
  const preset = new Map();
  let at = 0;
  let outCapacity = 0;
  function packOne(note, i) {
    const base = i * OPEN_FIELDS_IN;
    const id = typeof note?.id === 'string' ? note.id : typeof note?.id === 'number' ? String(note.id) : undefined;
    if (id === undefined) preset.set(i, statusOf(FIELD.none, PROBLEM.notAString));
    else if (loneSurrogateAt(id) >= 0) preset.set(i, statusOf(FIELD.none, PROBLEM.illFormedId));
    else {
      const { written } = encoder.encodeInto(id, input.subarray(at));
      fields[base] = at; fields[base + 1] = written; at += written;
    }
    for (let k = 0; k < 3; k++) {
      const name = BASE64_FIELDS[k];
      const value = note?.[name];
      const slot = base + 2 + 2 * k;
      if (typeof value !== 'string') {
        if (!preset.has(i)) preset.set(i, statusOf(FIELD[name], PROBLEM.notAString));
        continue;
      }
      // Base64 is ASCII: one byte per character, or the field is malformed.
      const { read, written } = encoder.encodeInto(value, input.subarray(at, at + value.length));
      if (read !== value.length) {
        if (!preset.has(i)) preset.set(i, statusOf(FIELD[name], PROBLEM.base64Character));
        continue;
      }
      fields[slot] = at; fields[slot + 1] = written; at += written;
      if (k > 0) outCapacity += (written >>> 2) * 3;
    }
  }
  // One encodeInto for notes[from..to) when all their fields are strings and
  // all ASCII; false (nothing recorded) otherwise.
  function packGroup(from, to) {
    let text = '';
    for (let i = from; i < to; i++) {
      const note = notes[i];
      if (typeof note?.id !== 'string' || typeof note.key !== 'string' || typeof note.title !== 'string'
        || typeof note.body !== 'string') return false;
      text += note.id + note.key + note.title + note.body;
    }
    const { read, written } = encoder.encodeInto(text, input.subarray(at));
    if (read !== text.length || written !== text.length) return false;  // some non-ASCII: note by note
    for (let i = from; i < to; i++) {
      const note = notes[i];
      const base = i * OPEN_FIELDS_IN;
      fields[base] = at; fields[base + 1] = note.id.length; at += note.id.length;
      fields[base + 2] = at; fields[base + 3] = note.key.length; at += note.key.length;
      fields[base + 4] = at; fields[base + 5] = note.title.length; at += note.title.length;
      fields[base + 6] = at; fields[base + 7] = note.body.length; at += note.body.length;
      outCapacity += (note.title.length >>> 2) * 3 + (note.body.length >>> 2) * 3;
    }
    return true;
  }
  return {
    pack(from, to) {
      for (let group = from; group < to; group += PACK_GROUP) {
        const end = Math.min(to, group + PACK_GROUP);
        if (!packGroup(group, end)) for (let i = group; i < end; i++) packOne(notes[i], i);
      }
    },
    finish: () => ({ input: input.subarray(0, at), fields, count: notes.length, outCapacity, preset }),
  };
}

const BASE64_FIELDS = ['key', 'title', 'body'];

function lengthOf(value) {
  return typeof value === 'string' ? value.length : typeof value === 'number' ? 24 : 0;
}

const decoder = new TextDecoder();
// Keeps every U+FEFF: a field's leading one is dropped by hand, as a per-field decode drops it.
const utf16Decoder = new TextDecoder('utf-16le', { ignoreBOM: true });

/** UTF-16LE bytes (well-formed, from the kernel) to a string. */
export const utf16String = (bytes) => utf16Decoder.decode(bytes);

/**
 * Turns an opened batch into [{id, title, body} | {id, error}], in order.
 */
export function unpackOpened(notes, opened, preset = new Map()) {
  const result = new Array(notes.length);
  unpackRange(notes, opened, preset, result, 0, notes.length, 0, jointText(opened));
  return result;
}

/**
 * The whole batch's plaintexts as one string, with each note's start in it,
 * from the UTF-16 the kernel wrote (`opened.utf16`, `opened.utf16Lengths`:
 * only when every plaintext was well-formed UTF-8), or null: then every field
 * is decoded from its UTF-8 on its own (unpackRange).
 * One string per batch made from UTF-16 is a copy, with no decoding (in Node,
 * `toString('utf16le')`: api/runtime/platform-node.js), where one UTF-8
 * decode per field decodes every byte; and it is made in large-object space,
 * never copied by a scavenge, the fields being slices of it
 * (cpp/notes/NOTES.md).
 * @param {(bytes: Uint8Array) => string} [toString] UTF-16LE bytes to a string
 * @returns {{text: string, starts: Uint32Array} | null}
 */
export function jointText({ status, utf16, utf16Lengths }, toString = utf16String) {
  if (!utf16) return null;
  const starts = new Uint32Array(status.length);
  let units = 0;
  for (let i = 0; i < status.length; i++) {
    starts[i] = units;
    units += utf16Lengths[i * OPEN_UTF16_OUT] + utf16Lengths[i * OPEN_UTF16_OUT + 1];
  }
  const text = toString(utf16);
  // Never seen: lengths that do not add up would cut every later field wrong; the fields' own decodes are right.
  return text.length === units ? { text, starts } : null;
}

/**
 * unpackOpened() for notes[from..to) into result[at + from .. at + to), for a
 * main thread that works in slices (`at`: where this batch starts in the whole
 * list; `joint`: the batch's jointText(), or null).
 * With `joint`, each title and body is a substring of it; a leading U+FEFF
 * (a byte order mark) is left out, as a decode of the field alone leaves it out.
 * Without, a note whose title is ASCII and directly followed by its body (the
 * kernel's layout), and whose body does not start with a byte order mark,
 * takes one TextDecoder call for both, cut at the title's length: the very
 * strings two calls give (ASCII ends every UTF-8 sequence; a BOM is only
 * dropped at the start of a decode), with half the calls. Other notes take one
 * call per field.
 */
export function unpackRange(notes, opened, preset, result, from, to, at = 0, joint = null) {
  if (!joint && opened.utf16Lengths) {
    for (; from < to; from += DECODE_GROUP) {
      const end = Math.min(to, from + DECODE_GROUP);
      if (!unpackDecodedTogether(notes, opened, preset, result, from, end, at)) break;
    }
    if (from >= to) return;
  }
  const { out, outFields } = opened;
  for (let i = from; i < to; i++) {
    if (putFailure(notes, opened, preset, result, i, at)) continue;
    const id = notes[i]?.id;
    if (joint) {
      const { title, body } = cutFields(joint.text, joint.starts[i], opened.utf16Lengths, i);
      result[at + i] = { id, title, body };
      continue;
    }
    const f = i * OPEN_FIELDS_OUT;
    const title = outFields[f];
    const titleLength = outFields[f + 1];
    const body = outFields[f + 2];
    const bodyLength = outFields[f + 3];
    let both = body === title + titleLength
      && !(bodyLength >= 3 && out[body] === 0xef && out[body + 1] === 0xbb && out[body + 2] === 0xbf);
    for (let j = title; both && j < body; j++) if (out[j] > 0x7f) both = false;
    if (both) {
      const text = decoder.decode(out.subarray(title, body + bodyLength));
      result[at + i] = { id, title: text.substring(0, titleLength), body: text.substring(titleLength) };
    } else {
      result[at + i] = {
        id,
        title: decoder.decode(out.subarray(title, title + titleLength)),
        body: decoder.decode(out.subarray(body, body + bodyLength)),
      };
    }
  }
}

/** Puts note i's failure in result[at + i] and says true, when it did not open (its preset or kernel status). */
function putFailure(notes, opened, preset, result, i, at) {
  const code = preset.get(i) ?? opened.status[i];
  if (code === 0) return false;
  result[at + i] = { id: notes[i]?.id, error: noteError(code) };
  return true;
}

/**
 * Note i's title and body cut out of `text` from UTF-16 unit `start` at the
 * kernel's lengths (a leading BOM dropped from each); `end` is where they stop.
 */
function cutFields(text, start, utf16Lengths, i) {
  const body = start + utf16Lengths[i * OPEN_UTF16_OUT];
  const end = body + utf16Lengths[i * OPEN_UTF16_OUT + 1];
  return { title: withoutBom(text, start, body), body: withoutBom(text, body, end), end };
}

// Notes per TextDecoder call with the kernel's UTF-16 lengths. One call for a
// whole batch makes one big two-byte string and is slower than a call per
// note in Chromium (cpp/notes/NOTES.md); 16 to 64 notes a call are fastest.
const DECODE_GROUP = 16;

// Keeps every U+FEFF, so that the UTF-16 lengths the kernel counted hold in
// the decoded text; a field's leading one is dropped by hand (withoutBom).
const decoderKeepingBom = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * unpackRange() of notes[from..to) with one TextDecoder call for all their
 * plaintexts (back to back in `out`: a failed note has none), cut at the
 * UTF-16 lengths the kernel counted (`opened.utf16Lengths`, sent only when
 * every plaintext was well-formed UTF-8, so the decode replaces nothing). In
 * Chromium, one call for 16 notes makes their strings in 0.6x the time of a
 * call per note (cpp/notes/NOTES.md). False (nothing written) if the decoded
 * length is not the lengths' sum (never seen): then a call per note.
 */
function unpackDecodedTogether(notes, opened, preset, result, from, to, at) {
  const { out, outFields, status, utf16Lengths } = opened;
  let first = -1;
  let last = -1;
  let units = 0;
  for (let i = from; i < to; i++) {
    if ((preset.get(i) ?? status[i]) !== 0) continue;
    if (first < 0) first = i;
    last = i;
    units += utf16Lengths[i * OPEN_UTF16_OUT] + utf16Lengths[i * OPEN_UTF16_OUT + 1];
  }
  let text = '';
  if (first >= 0) {
    const end = outFields[last * OPEN_FIELDS_OUT + 2] + outFields[last * OPEN_FIELDS_OUT + 3];
    text = decoderKeepingBom.decode(out.subarray(outFields[first * OPEN_FIELDS_OUT], end));
    if (text.length !== units) return false;
  }
  let unit = 0;
  for (let i = from; i < to; i++) {
    if (putFailure(notes, opened, preset, result, i, at)) continue;
    const { title, body, end } = cutFields(text, unit, utf16Lengths, i);
    result[at + i] = { id: notes[i]?.id, title, body };
    unit = end;
  }
  return true;
}

function withoutBom(text, from, to) {
  return text.substring(from < to && text.charCodeAt(from) === 0xfeff ? from + 1 : from, to);
}

/** Packs notes to seal ({id, title, body}, strings) into one UTF-8 buffer. */
export function packSeal(notes) {
  let size = 0;
  for (const note of notes) size += (note.id.length + note.title.length + note.body.length) * 3;
  const input = new Uint8Array(size);
  const fields = new Uint32Array(notes.length * SEAL_FIELDS_IN);
  let at = 0;
  let outCapacity = 0;
  notes.forEach((note, i) => {
    [note.id, note.title, note.body].forEach((text, k) => {
      const { written } = encoder.encodeInto(text, input.subarray(at));
      fields[i * SEAL_FIELDS_IN + 2 * k] = at;
      fields[i * SEAL_FIELDS_IN + 2 * k + 1] = written;
      at += written;
    });
    const t = fields[i * SEAL_FIELDS_IN + 3];
    const b = fields[i * SEAL_FIELDS_IN + 5];
    outCapacity += WRAPPED_KEY_BASE64 + base64Length(24 + t + 16) + base64Length(24 + b + 16);
  });
  return { input: input.subarray(0, at), fields, count: notes.length, outCapacity };
}

export function base64Length(n) {
  return Math.ceil(n / 3) * 4;
}

/** Sealed base64 fields back to notes {id, key, title, body}. */
export function unpackSealed(notes, { out, outFields }) {
  const text = decoder.decode(out);  // ASCII: byte offsets are string offsets
  return notes.map((note, i) => {
    const f = i * SEAL_FIELDS_OUT;
    return {
      id: note.id,
      key: text.substring(outFields[f], outFields[f] + outFields[f + 1]),
      title: text.substring(outFields[f + 2], outFields[f + 2] + outFields[f + 3]),
      body: text.substring(outFields[f + 4], outFields[f + 4] + outFields[f + 5]),
    };
  });
}

/** `count` notes' worth of randomness (noteKey and three nonces each) from crypto.getRandomValues. */
export function sealRandomness(count) {
  const random = new Uint8Array(count * SEAL_RANDOM_BYTES);
  for (let at = 0; at < random.length; at += 65536) {
    crypto.getRandomValues(random.subarray(at, Math.min(at + 65536, random.length)));
  }
  return random;
}
