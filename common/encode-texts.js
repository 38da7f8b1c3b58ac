// Many strings encoded back to back into one UTF-8 buffer, each at the span
// utf8Length() counted for it (common/utf8-length.js), in few encodeInto calls.
//
// Chromium's encodeInto costs 2-3 us a call whatever the string (5,000
// paragraphs one call a text: 12-21 ms), so texts are joined first. But not
// all at once: a joined string of more than 64 K units (128 KiB when any text
// is two-byte) is a large object in V8, made in fresh pages on every call,
// and on this host that cost more than the calls it saved (2.5 M characters:
// 7-8 ms to join in one string or in 1 MiB chunks, 0.4 ms in groups of up to
// 16 K units, encodeInto included; Node, bench notes in cpp/search/NOTES.md).

// A group's joined string stays well inside V8's young generation.
const GROUP_UNITS = 1 << 14;

const encoder = new TextEncoder();

/**
 * Encodes texts[first .. end) back to back into `target`, text i taking
 * `lengths[i - first]` bytes (its utf8Length; `target` holds their sum).
 * A lone surrogate becomes U+FFFD, as in every encodeInto.
 * @param {string[]} texts
 * @param {number} first
 * @param {number} end
 * @param {ArrayLike<number>} lengths
 * @param {Uint8Array} target
 */
export function encodeTextsInto(texts, first, end, lengths, target) {
  let at = 0;
  for (let group = first; group < end;) {
    let next = group;
    let units = 0;
    let bytes = 0;
    do {
      units += texts[next].length;
      bytes += lengths[next - first];
      next++;
    } while (next < end && units + texts[next].length <= GROUP_UNITS);
    const joined = next - group === 1 ? texts[group] : texts.slice(group, next).join('');
    const { read, written } = encoder.encodeInto(joined, target.subarray(at, at + bytes));
    if (read !== units || written !== bytes) {
      // A text ending in a lone high surrogate met the next one's lone low
      // surrogate: joined, they made one character (4 bytes where 3 + 3 were
      // counted). This group is encoded again text by text at the counted spans.
      for (let i = group, spanAt = at; i < next; spanAt += lengths[i - first], i++) {
        encoder.encodeInto(texts[i], target.subarray(spanAt, spanAt + lengths[i - first]));
      }
    }
    at += bytes;
    group = next;
  }
}
