// The texts of createSearchIndex() cross to the search worker as UTF-8 parts
// in a note list's feed format (common/text-feed.js: {first, total, bytes,
// fields, status}), each posted as soon as it is encoded and transferred, not
// copied. The worker builds the index from one part's bytes while the page
// encodes the next (worker/search-ops.js: `create` with a port).
//
// Posted as strings, 5,000 paragraphs (2.5 M characters) cost the page 12-25
// ms of structured clone, then the worker as long again to read them back and
// its own encodeInto before the build could start (Chromium, this host): the
// call waited for the three in turn. Here the page's encoding is the only
// copy, and it overlaps the build.
import { OPEN_FIELDS_OUT } from '../common/notes-layout.js';
import { utf8Length } from '../common/utf8-length.js';
import { encodeTextsInto } from '../common/encode-texts.js';

// A part is about this many UTF-16 units: small enough that the worker starts on the first one at once, large
// enough that a part's message costs little next to its build.
export const PART_UNITS = 1 << 17;

/**
 * Posts `texts` (strings, already checked) on `port` as parts of a feed of `texts.length` notes, in order: note i
 * is part.first + n, its text the title span (fields[4n], fields[4n + 1]), its body span empty.
 * @param {MessagePort} port
 * @param {string[]} texts
 */
export function postTextParts(port, texts) {
  const total = texts.length;
  for (let first = 0; first < total;) {
    let end = first;
    let units = 0;
    do units += texts[end++].length; while (end < total && units + texts[end].length <= PART_UNITS);
    const { bytes, fields } = encodePart(texts, first, end);
    const status = new Uint8Array(end - first);   // 0: every note is indexed
    port.postMessage({ first, total, bytes, fields, status }, [bytes.buffer, fields.buffer, status.buffer]);
    first = end;
  }
}

// texts[first .. end) into one buffer, with each text's span (counted from its UTF-16 units: utf8Length), encoded
// in few calls (common/encode-texts.js).
function encodePart(texts, first, end) {
  const fields = new Uint32Array((end - first) * OPEN_FIELDS_OUT);
  const lengths = new Uint32Array(end - first);
  let bytesNeeded = 0;
  for (let i = first; i < end; i++) {
    const f = (i - first) * OPEN_FIELDS_OUT;
    lengths[i - first] = utf8Length(texts[i]);
    fields[f] = bytesNeeded;
    fields[f + 1] = lengths[i - first];
    bytesNeeded += lengths[i - first];
  }
  const bytes = new Uint8Array(bytesNeeded);
  encodeTextsInto(texts, first, end, lengths, bytes);
  return { bytes, fields };
}
