// Building a wasm search index from the notes' UTF-8 bytes (cpp/search/
// text_index.h): the bytes go into the heap once, and the kernel finds the
// words, interns them and fills the index in one call per batch. JS does
// only what needs its Unicode tables: the fold of each non-ASCII code point
// the index has not met (once per index, common/search-text.js
// foldCodePoint), and the whole words of a note holding a capital sigma
// (foldText), whose lower case depends on context.
//
// Two sources of bytes: the notes worker's opened batch as it arrives
// (common/text-feed.js: titles and bodies, no string ever made), and strings
// (createSearchIndex(texts), edits), encoded into the heap with
// TextEncoder.encodeInto a chunk at a time.
import { foldCodePoint, foldText } from '../common/search-text.js';
import { heapReadU32, withHeap } from './wasm-heap.js';
import { utf8Length } from '../common/utf8-length.js';
import { encodeTextsInto } from '../common/encode-texts.js';
import { checkStatus } from './wasm-status.js';

// Index texts are public to the index (it holds their words), but the bytes
// are whole notes: erased from the heap after use (the default of withHeap).
const PUBLIC = { secret: false };
const SPAN_WORDS = 4;                 // title offset, body offset, title length, body length (cpp TextSpans)
const CHUNK_BYTES = 1 << 20;          // strings are encoded this much at a time
const CONTEXTUAL = 0xffffffff;

// Folds every code point index_find_unknown reports for these texts, and hands the folds in.
function foldUnknown(wasm, handle, heap, bytesPtr, size, spansPtr, count) {
  const out = heap.alloc(4, PUBLIC);
  checkStatus(wasm, wasm.index_find_unknown(handle, bytesPtr, size, spansPtr, count, out));
  const unknown = heapReadU32(wasm, out);
  if (unknown === 0) return;
  const cpsPtr = heap.alloc(unknown * 4, PUBLIC);
  checkStatus(wasm, wasm.index_take_unknown(cpsPtr, unknown));
  const cps = wasm.HEAPU32.slice(cpsPtr >>> 2, (cpsPtr >>> 2) + unknown);
  const lengths = new Uint32Array(unknown);
  const folded = [];
  for (let i = 0; i < unknown; i++) {
    const fold = foldCodePoint(cps[i]);
    lengths[i] = fold ? fold.length : CONTEXTUAL;
    if (fold) for (const c of fold) folded.push(c);
  }
  checkStatus(wasm, wasm.index_set_folds(handle, heap.copyIn(cps, PUBLIC), heap.copyIn(lengths, PUBLIC),
    heap.copyIn(Uint32Array.from(folded), PUBLIC), unknown));
}

/**
 * Sets notes position .. position + count - 1 of index `handle` from texts
 * already in the heap: `spansPtr` holds count TextSpans over bytes[0 .. size).
 * `textOf(i)` gives note i's text as a string, for the notes folded in JS.
 */
function setFromHeap(wasm, handle, heap, { position, count, bytesPtr, size, spansPtr, textOf, perNote }) {
  foldUnknown(wasm, handle, heap, bytesPtr, size, spansPtr, count);
  const out = heap.alloc(4, PUBLIC);
  for (let at = 0; at < count;) {
    checkStatus(wasm, wasm.index_set_texts(handle, position + at, count - at, bytesPtr, size,
      spansPtr + at * SPAN_WORDS * 4, perNote, out));
    at += heapReadU32(wasm, out);
    if (at === count) break;
    // A note that folds by context: its words come from JS.
    const folded = Uint32Array.from(foldText(textOf(at)));
    withHeap(wasm, (noteHeap) => {
      checkStatus(wasm, wasm.index_set_folded(handle, position + at, noteHeap.copyIn(folded), folded.length, perNote));
    });
    folded.fill(0);
    at++;
  }
}

/**
 * Sets notes position .. position + texts.length - 1 from strings, encoded
 * into the heap about CHUNK_BYTES at a time, in few encodeInto calls
 * (common/encode-texts.js), each text's span counted from its UTF-16 units
 * (common/utf8-length.js).
 */
export function setTextsFromStrings(wasm, handle, position, texts, perNote) {
  const lengths = Uint32Array.from(texts, utf8Length);
  withHeap(wasm, (heap) => {
    for (let first = 0; first < texts.length;) {
      let end = first;
      let size = 0;
      do size += lengths[end++]; while (end < texts.length && size + lengths[end] <= CHUNK_BYTES);
      const bytesPtr = heap.allocUninitialized(Math.max(size, 1));
      const spans = new Uint32Array((end - first) * SPAN_WORDS);
      for (let i = first, at = 0; i < end; at += lengths[i++]) {
        spans[(i - first) * SPAN_WORDS] = at;
        spans[(i - first) * SPAN_WORDS + 2] = lengths[i];
      }
      const chunk = texts.slice(first, end);
      encodeTextsInto(chunk, 0, chunk.length, lengths.subarray(first, end), wasm.HEAPU8.subarray(bytesPtr, bytesPtr + size));
      setFromHeap(wasm, handle, heap, {
        position: position + first, count: end - first, bytesPtr, size, spansPtr: heap.copyIn(spans, PUBLIC),
        textOf: (i) => chunk[i], perNote,
      });
      heap.release(bytesPtr);   // erased: a page's texts
      first = end;
    }
  });
}

/**
 * Sets notes position .. position + count - 1 from an opened notes batch
 * (common/text-feed.js's part: UTF-8 `bytes`, `fields` of title and body
 * offset and length per note, `status` 0 for a note to index, else its text
 * is ""). `textOf(i)` decodes note i, for the notes folded in JS.
 */
export function setTextsFromBatch(wasm, handle, position, { bytes, fields, status }, textOf, perNote) {
  const count = status.length;
  const spans = new Uint32Array(count * SPAN_WORDS);
  for (let i = 0; i < count; i++) {
    if (status[i] !== 0) continue;
    const f = i * 4, s = i * SPAN_WORDS;
    spans[s] = fields[f];
    spans[s + 1] = fields[f + 2];
    spans[s + 2] = fields[f + 1];
    spans[s + 3] = fields[f + 3];
  }
  withHeap(wasm, (heap) => {
    setFromHeap(wasm, handle, heap, {
      position, count, bytesPtr: heap.copyIn(bytes), size: bytes.length, spansPtr: heap.copyIn(spans, PUBLIC),
      textOf, perNote,
    });
  });
}

/** The code points of character ids from + 1 .. the index's alphabet size (the query side maps code points to them). */
export function alphabetSince(wasm, handle, from) {
  return withHeap(wasm, (heap) => {
    const out = heap.alloc(4, PUBLIC);
    checkStatus(wasm, wasm.index_alphabet_size(handle, out));
    const size = heapReadU32(wasm, out);
    if (size <= from) return new Uint32Array(0);
    const cps = heap.alloc((size - from) * 4, PUBLIC);
    checkStatus(wasm, wasm.index_alphabet(handle, from, size - from, cps));
    return wasm.HEAPU32.slice(cps >>> 2, (cps >>> 2) + size - from);
  });
}
