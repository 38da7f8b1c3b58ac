// A search's answer through shared memory, for the page to take in the very
// task that asked (issue 11 section 3). In Chromium every task that follows a
// key press, the search worker's reply included, waits until the frame that
// paints the typed character has been drawn (cpp/search/NOTES.md): the rows
// then came one frame later. On a cross-origin-isolated page the search worker
// also writes its answer into a SharedArrayBuffer the page passed along with
// the query, and the page, right after posting the query, watches that buffer
// for a few milliseconds (the main thread may not Atomics.wait, so it polls
// Atomics.load). The worker's ordinary reply still follows and is dropped by
// then; when the page stopped watching before the answer came, that reply is
// the answer, as everywhere else.
//
// Layout (byte offsets): 0 ticket (Int32, written last with Atomics.store:
// the answer to the query that carried that ticket is complete), 4 status,
// 8 count (or, for TOO_SMALL, the bytes needed), 12 the highlights' UTF-8 JSON
// length (0: none), 16 ms and 24 highlightMs (Float64), then count indices and
// count scores (Uint32), then the highlights' JSON.

const HEADER_BYTES = 32;
const ANSWER = 1;
const TOO_SMALL = 2;
const WRITING = 0;   // the ticket while the worker writes: matches no query's

/** Room for an answer over `notes` texts with `extra` bytes of highlights. */
export function answerBoxBytes(notes, extra = 16384) {
  return HEADER_BYTES + 8 * notes + extra;
}

/**
 * The worker's side: writes `answer` ({indices, scores, ms, highlights, highlightMs}) for the query
 * that carried `ticket`, or, when it does not fit, how many bytes it needs.
 * @param {SharedArrayBuffer} buffer
 * @param {number} ticket a positive Int32
 * @param {{indices: Uint32Array, scores: Uint32Array, ms: number, highlights?: object[], highlightMs: number}} answer
 */
export function writeAnswer(buffer, ticket, { indices, scores, ms, highlights, highlightMs }) {
  if (typeof SharedArrayBuffer !== 'function' || !(buffer instanceof SharedArrayBuffer) || buffer.byteLength < HEADER_BYTES) {
    throw new TypeError(`answerBox.buffer must be a SharedArrayBuffer of at least ${HEADER_BYTES} bytes`);
  }
  if (!Number.isInteger(ticket) || ticket < 1 || ticket > 0x7fffffff) {
    throw new RangeError('answerBox.ticket must be an integer from 1 to 2^31 - 1');
  }
  const head = new Int32Array(buffer, 0, 4);
  const json = highlights === undefined ? undefined : new TextEncoder().encode(JSON.stringify(highlights));
  const count = indices.length;
  const needed = HEADER_BYTES + 8 * count + (json?.length ?? 0);
  Atomics.store(head, 0, WRITING);
  if (needed > buffer.byteLength) {
    head[1] = TOO_SMALL;
    head[2] = needed;
  } else {
    head[1] = ANSWER;
    head[2] = count;
    head[3] = json?.length ?? 0;
    new Float64Array(buffer, 16, 2).set([ms, highlightMs]);
    new Uint32Array(buffer, HEADER_BYTES, count).set(indices);
    new Uint32Array(buffer, HEADER_BYTES + 4 * count, count).set(scores);
    if (json) new Uint8Array(buffer, HEADER_BYTES + 8 * count, json.length).set(json);
  }
  Atomics.store(head, 0, ticket);
}

/**
 * The page's side: polls until the answer to `ticket` is there or `until`
 * (a performance.now() time) has passed. Returns the answer, shaped as the
 * worker's reply (its own copies, not views of shared memory); `{needed}` when
 * the buffer was too small for it; undefined when it did not come in time.
 * @param {SharedArrayBuffer} buffer
 * @param {number} ticket
 * @param {number} until
 */
export function takeAnswer(buffer, ticket, until) {
  const head = new Int32Array(buffer, 0, 4);
  while (Atomics.load(head, 0) !== ticket) {
    if (performance.now() >= until) return undefined;
  }
  if (head[1] === TOO_SMALL) return { needed: head[2] };
  const count = head[2];
  const jsonLength = head[3];
  const [ms, highlightMs] = new Float64Array(buffer, 16, 2);
  // slice() copies out of shared memory: the answer outlives the next query's write.
  const indices = new Uint32Array(buffer, HEADER_BYTES, count).slice();
  const scores = new Uint32Array(buffer, HEADER_BYTES + 4 * count, count).slice();
  const highlights = jsonLength === 0 ? undefined
    : JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, HEADER_BYTES + 8 * count, jsonLength).slice()));
  // The worker writes a newer answer only for a newer query, which this thread has not sent yet.
  if (Atomics.load(head, 0) !== ticket) return undefined;
  return { indices, scores, ms, highlights, highlightMs };
}
