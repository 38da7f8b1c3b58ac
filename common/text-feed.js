// The texts of opened notes, sent from the notes worker straight to a search
// worker over a MessagePort, so that a <fuzzy-search> indexing a <note-list>
// never carries the plaintexts through the page. A note's text is what search
// indexes it by: title + "\n" + body, and "" for a damaged note.
//
// One open may take several notes-worker calls (big vaults are chunked): each
// sends its part, {first, total, bytes, fields, status}, and the receiver
// resolves once all `total` texts have come. A failed open sends {error}.
// Only the receiver closes the channel, once it has everything: in Firefox ESR
// 153 the texts never arrived while the notes worker closed its port right
// after posting them.
import { OPEN_FIELDS_OUT } from './notes-format.js';

/**
 * Notes worker side: posts notes[first .. first + count) of an opened batch
 * into every port. `blank` lists batch positions to send as "" whatever the
 * kernel said (notes the page already found malformed).
 * @param {MessagePort[]} ports
 * @param {{first: number, total: number, blank?: ArrayLike<number>}} feed
 * @param {{out: Uint8Array, outFields: Uint32Array, status: Uint8Array}} opened
 */
export function postNoteTexts(ports, { first, total, blank = [] }, { out, outFields, status }) {
  const count = status.length;
  const blanked = Uint8Array.from(status);
  for (const i of blank) blanked[i] = 1;
  for (const port of ports) {
    // A copy per port, transferred: no plaintext copy stays behind in this worker.
    const bytes = out.slice();
    const fields = outFields.slice(0, count * OPEN_FIELDS_OUT);
    const state = blanked.slice();
    port.postMessage({ first, total, bytes, fields, status: state }, [bytes.buffer, fields.buffer, state.buffer]);
  }
}

/** Notes worker side: the open failed; the receiver rejects with this error. */
export function postFeedError(ports, error) {
  for (const port of ports) port.postMessage({ error: { name: error?.name ?? 'Error', message: error?.message ?? String(error) } });
}

const decoder = new TextDecoder();

/**
 * The note texts of one feed, as they came: the parts' UTF-8 bytes, decoded
 * only when asked (a wasm index is built from the bytes themselves:
 * worker/search-build.js). `text(i)` decodes one note, `all()` every note
 * once (then the bytes are zeroed), `erase()` zeroes what is still held.
 */
export class FedTexts {
  constructor(total, parts) {
    this.length = total;
    this.parts = parts;          // [{first, bytes, fields, status}], in order of arrival
    this.texts = null;
  }

  /** Note `i`'s text: title + "\n" + body, "" for a damaged note. */
  text(i) {
    if (this.texts) return this.texts[i] ?? '';
    for (const { first, bytes, fields, status } of this.parts) {
      if (i < first || i >= first + status.length) continue;
      const n = i - first;
      if (status[n] !== 0) return '';
      const f = n * OPEN_FIELDS_OUT;
      return `${decoder.decode(bytes.subarray(fields[f], fields[f] + fields[f + 1]))}\n${
        decoder.decode(bytes.subarray(fields[f + 2], fields[f + 2] + fields[f + 3]))}`;
    }
    return '';
  }

  /** Every note's text, in order. */
  all() {
    if (!this.texts) {
      const texts = new Array(this.length).fill('');
      for (const { first, status } of this.parts) {
        for (let n = 0; n < status.length; n++) if (status[n] === 0) texts[first + n] = this.text(first + n);
      }
      this.texts = texts;
      this.erase();
    }
    return this.texts;
  }

  erase() {
    for (const { bytes } of this.parts) bytes.fill(0);
  }
}

/**
 * Search worker side: calls `onPart({first, bytes, fields, status})` for each
 * part as it arrives, once it is checked (one total, no note twice, every
 * span inside its bytes), and resolves with the number of notes once all have
 * come; rejects on an error part, a malformed one, or an error of onPart. The
 * port is closed then. `total`, when the sender gave it ahead (a page's
 * createSearchIndex), is what every part must say, and 0 resolves at once.
 * @param {MessagePort} port
 * @param {(part: {first: number, bytes: Uint8Array, fields: Uint32Array, status: Uint8Array}) => void} onPart
 * @param {number} [total]
 * @returns {Promise<number>}
 */
export function receiveParts(port, onPart, total) {
  return new Promise((resolve, reject) => {
    let expected = total;
    let received = 0;
    let covered;                 // per note: its part came (a note sent twice is a malformed feed)
    const finish = (settle, value) => {
      port.onmessage = null;
      port.close();
      settle(value);
    };
    if (expected === 0) {
      finish(resolve, 0);
      return;
    }
    port.onmessage = ({ data }) => {
      if (data?.error) {
        finish(reject, Object.assign(new Error(data.error.message), { name: data.error.name }));
        return;
      }
      const { first, total: partTotal, bytes, fields, status } = data ?? {};
      if (!(bytes instanceof Uint8Array) || !(fields instanceof Uint32Array) || !(status instanceof Uint8Array)
        || !Number.isInteger(partTotal) || !Number.isInteger(first) || first < 0 || first + status.length > partTotal
        || (expected !== undefined && expected !== partTotal) || fields.length !== status.length * OPEN_FIELDS_OUT
        || !spansInside(fields, status, bytes.length)
        || (covered ??= new Uint8Array(partTotal)).subarray(first, first + status.length).some((seen) => seen)) {
        if (bytes instanceof Uint8Array) bytes.fill(0);
        finish(reject, new TypeError('note texts: a malformed part arrived'));
        return;
      }
      expected = partTotal;
      covered.fill(1, first, first + status.length);
      received += status.length;
      try {
        onPart({ first, bytes, fields, status });
      } catch (error) {
        finish(reject, error);
        return;
      }
      if (received >= partTotal) finish(resolve, partTotal);
    };
  });
}

/**
 * Search worker side: resolves with the texts of every note (a FedTexts)
 * once all parts have come (receiveParts); on a failure the bytes received
 * are zeroed.
 * @param {MessagePort} port
 * @returns {Promise<FedTexts>}
 */
export async function receiveNoteParts(port) {
  const parts = [];
  try {
    const total = await receiveParts(port, (part) => parts.push(part));
    return new FedTexts(total, parts);
  } catch (error) {
    for (const part of parts) part.bytes.fill(0);
    throw error;
  }
}

// Whether every indexed note's title and body lie within the part's bytes.
function spansInside(fields, status, size) {
  for (let i = 0; i < status.length; i++) {
    if (status[i] !== 0) continue;
    for (let f = i * OPEN_FIELDS_OUT; f < (i + 1) * OPEN_FIELDS_OUT; f += 2) {
      if (fields[f] > size || fields[f + 1] > size - fields[f]) return false;
    }
  }
  return true;
}

/**
 * Search worker side: resolves with every note's text, in order, as strings
 * (receiveNoteParts, every note decoded; the received bytes are zeroed).
 * @param {MessagePort} port
 * @returns {Promise<string[]>}
 */
export async function receiveNoteTexts(port) {
  return (await receiveNoteParts(port)).all();
}
