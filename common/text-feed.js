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
 * Search worker side: resolves with every note's text, in order, once all
 * parts have come; rejects on an error part or a malformed one. The port is
 * closed and the received bytes are zeroed once decoded.
 * @param {MessagePort} port
 * @returns {Promise<string[]>}
 */
export function receiveNoteTexts(port) {
  return new Promise((resolve, reject) => {
    let texts;
    let received = 0;
    const finish = (settle, value) => {
      port.onmessage = null;
      port.close();
      settle(value);
    };
    port.onmessage = ({ data }) => {
      if (data?.error) {
        finish(reject, Object.assign(new Error(data.error.message), { name: data.error.name }));
        return;
      }
      const { first, total, bytes, fields, status } = data ?? {};
      if (!(bytes instanceof Uint8Array) || !(fields instanceof Uint32Array) || !(status instanceof Uint8Array)
        || !Number.isInteger(total) || !Number.isInteger(first) || first < 0 || first + status.length > total
        || (texts && texts.length !== total) || fields.length !== status.length * OPEN_FIELDS_OUT) {
        finish(reject, new TypeError('note texts: a malformed part arrived'));
        return;
      }
      texts ??= new Array(total).fill('');
      for (let i = 0; i < status.length; i++) {
        if (status[i] !== 0) continue;
        const f = i * OPEN_FIELDS_OUT;
        texts[first + i] = `${decoder.decode(bytes.subarray(fields[f], fields[f] + fields[f + 1]))}\n${
          decoder.decode(bytes.subarray(fields[f + 2], fields[f + 2] + fields[f + 3]))}`;
      }
      bytes.fill(0);
      received += status.length;
      if (received >= total) finish(resolve, texts);
    };
  });
}
