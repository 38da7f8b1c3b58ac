// The dispatcher of an open: a pipeline of worker calls. One loop packs the
// calls' inputs and sends each as soon as it is packed; the other takes their
// answers in order and hands each to `take(chunk, packed, opened, from)`. The
// worker runs calls one at a time in the order they came, so it is never idle
// while the page has a packed call ready; the page packs at most CALLS_AHEAD
// calls past the last one it took, so that it packs into their buffers.
import { measure } from '../common/timeline.js';
import { postFeedError } from '../common/text-feed.js';
import { CallPacker, openCall } from './notes-pack.js';

export const CALLS_AHEAD = 5;

// Tells the notes worker which ports an open's texts go to (worker/notes-ops.js):
// two opens on one worker may have their calls in its queue at once.
let nextFeed = 1;

/**
 * Runs the calls of `plan` (api/notes-plan.js) over `notes` with `key`, which is erased once every call has its
 * own copy (or the sending stops). Rejects with the first failure, after erasing the plaintexts still to come and
 * telling the search ports.
 * @param {{notes: object[], key: Uint8Array, plan: object, options: object, utf16: boolean,
 *   take: (chunk: object[], packed: object, opened: object, from: number) => Promise<void> | void}} open
 */
export async function dispatchOpen({ notes, key, plan, options, utf16, take }) {
  const ports = options.searchPorts ?? [];
  const textsOnly = options.textsOnly === true;
  const feed = plan.feeding ? nextFeed++ : 0;
  const { ranges } = plan;
  const calls = ranges.map(() => deferred());
  const taken = ranges.map(() => deferred());
  const replies = [];
  const packer = new CallPacker(options.signal);
  // Once a call failed, the calls not yet sent never are. (A failure of this
  // thread's own part does not stop them: the texts a search worker waits for
  // still come, whole.)
  let callFailed = false;
  const send = async () => {
    for (let k = 0; k < ranges.length; k++) {
      if (k >= CALLS_AHEAD) await taken[k - CALLS_AHEAD].promise;
      if (callFailed) return;
      const [from, to] = ranges[k];
      const chunk = notes.slice(from, to);
      const packed = await packer.pack(chunk, () => callFailed);
      if (packed === null) return;
      const { args, transfer } = openCall(packed, key, { utf16, textsOnly,
        feed: plan.feeding && { id: feed, first: from, total: notes.length }, ports: plan.feeding && k === 0 && ports });
      const callStart = performance.now();
      // Rejects at once when `signal` has aborted (packing stopped short): nothing half-packed is opened.
      const reply = plan.workerOf(k).call('openNotes', args, { transfer, signal: options.signal });
      reply.then(() => measure('notes:openNotes call (page)', callStart), () => { callFailed = true; });
      replies.push(reply);
      calls[k].resolve({ chunk, packed, reply, from });
    }
  };
  send().catch((error) => calls[replies.length].reject(error)).finally(() => key.fill(0));
  let next = 0;
  try {
    for (; next < calls.length; next++) {
      const { chunk, packed, reply, from } = await calls[next].promise;
      const opened = await reply;
      const stringsStart = performance.now();
      if (!textsOnly) await take(chunk, packed, opened, from);
      measure('notes:strings', stringsStart);
      // take() erased it (a texts-only answer is a count: its buffer stayed in the worker).
      packer.recycle(opened?.out?.buffer);
      taken[next].resolve();
    }
  } catch (error) {
    callFailed = true;
    for (const call of taken) call.resolve();
    // The plaintexts of the calls still to come back are erased as they come
    // (those taken were erased, and their buffers may have gone on).
    for (const reply of replies.slice(next)) reply.then((opened) => { opened?.out?.fill?.(0); opened?.utf16?.fill?.(0); }, () => {});
    // Until a call carries them to the worker the ports are ours to answer on;
    // a port already sent is detached here, and posting to it does nothing.
    for (const port of ports) {
      try {
        postFeedError([port], error);
      } catch { /* detached: the worker answers on it */ }
    }
    throw error;
  }
}

function deferred() {
  let settle;
  const promise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  promise.catch(() => {});   // a call the answers loop never reached (it failed before)
  return { promise, ...settle };
}
