// What a note's sealed body holds from vault version 2 on: a header with the
// note's metadata, then its text. The metadata (sensitive flag, created and
// updated times) is sealed with the text, so storage learns nothing it did
// not know from version 1. `v` is the vault version the note was written
// under (2 or 3): sealed with the text, it tells a version 3 note in a record
// whose `version` was edited down (extension/vault-session.js).
//
//   body plaintext = header + "\n" + text
//   header         = each byte of utf8(JSON.stringify({v, sensitive, created, updated}))
//                    written as the Braille pattern U+2800 + byte
//
// Why Braille: <fuzzy-search> indexes a note as title + "\n" + body, straight
// from the notes worker, and its words are runs of letters or digits
// (docs/specs/search.md). Braille patterns are symbols (Unicode category So)
// that NFKD leaves alone, so the header adds no word to the index: a search
// for "true" or "2025" never matches it. Pure: no DOM, no chrome.*.

export const NOTE_VERSION = 3;
const NOTE_VERSIONS = [2, 3];
const BRAILLE = 0x2800;
const MAX_HEADER = 1024;

export class NoteEnvelopeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'NoteEnvelopeError';
  }
}

const validTime = (value) => Number.isSafeInteger(value) && value >= 0;

/** The sealed body's plaintext for `{text, sensitive, created, updated}` (times in ms since 1970). */
export function packBody({ text, sensitive = false, created, updated }, v = NOTE_VERSION) {
  if (typeof text !== 'string') throw new TypeError('text must be a string');
  if (!validTime(created) || !validTime(updated)) throw new RangeError('created and updated must be times in ms since 1970');
  if (!NOTE_VERSIONS.includes(v)) throw new RangeError(`a note header's version is 2 or 3, not ${v}`);
  const json = new TextEncoder().encode(JSON.stringify({ v, sensitive: sensitive === true, created, updated }));
  let header = '';
  for (const byte of json) header += String.fromCharCode(BRAILLE + byte);
  return `${header}\n${text}`;
}

/**
 * `{text, sensitive, created, updated, v}` from a body's plaintext; throws
 * NoteEnvelopeError when the header is missing or malformed.
 */
export function unpackBody(body) {
  if (typeof body !== 'string') throw new NoteEnvelopeError('the note body is not text');
  const end = body.indexOf('\n');
  if (end <= 0 || end > MAX_HEADER) throw new NoteEnvelopeError('the note has no metadata header (vault version 2 and later)');
  const bytes = new Uint8Array(end);
  for (let i = 0; i < end; i++) {
    const byte = body.charCodeAt(i) - BRAILLE;
    if (byte < 0 || byte > 255) throw new NoteEnvelopeError('the note header has a character outside U+2800..U+28FF');
    bytes[i] = byte;
  }
  let meta;
  try {
    meta = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new NoteEnvelopeError('the note header is not valid JSON');
  }
  if (!meta || typeof meta !== 'object' || !NOTE_VERSIONS.includes(meta.v)) throw new NoteEnvelopeError('the note header is not version 2 or 3');
  if (typeof meta.sensitive !== 'boolean' || !validTime(meta.created) || !validTime(meta.updated)) {
    throw new NoteEnvelopeError('the note header has a bad field');
  }
  return { text: body.slice(end + 1), sensitive: meta.sensitive, created: meta.created, updated: meta.updated, v: meta.v };
}

/** An opened note ({id, title, body} or {id, error}) as the popup shows it. */
export function readNote(opened) {
  if (!opened || opened.error) return { id: opened?.id, error: opened?.error ?? { name: 'Error', message: 'missing' } };
  try {
    return { id: opened.id, title: opened.title, ...unpackBody(opened.body) };
  } catch (error) {
    return { id: opened.id, error: { name: error.name, message: error.message } };
  }
}

/**
 * Positions 0..n-1 of `notes` (as readNote() gives them), most recently
 * updated first; equal times (a migrated vault) keep the later stored note first.
 * `positions` restricts and pre-orders them (a search's answer): the order of
 * equal `rank` values is then by recency.
 */
export function byRecency(notes, positions = [...notes.keys()], rank = () => 0) {
  const keyed = positions.map((position, i) => ({ position, i, rank: rank(i), updated: notes[position]?.updated ?? -1 }));
  keyed.sort((a, b) => a.rank - b.rank || b.updated - a.updated || b.position - a.position);
  return keyed.map((k) => k.position);
}
