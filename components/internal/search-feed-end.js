// The list's end of the search feed (the search-source interface of
// <note-list>, docs/api.md): the consumers connected by connectSearch(), a
// MessagePort for each at every opening of the notes, and searchFeed()'s one
// port. The texts themselves go from the notes worker straight to the port
// (common/text-feed.js); this file hands ports out and asks for the sending.
import { sendNoteTexts } from '../../api/notes.js';
import { namedError } from '../../common/errors.js';
import { postFeedError, postNoteTexts } from '../../common/text-feed.js';

/**
 * Sends the open notes' texts to `ports` from the notes worker; an empty list sends none, and a list that is not
 * open tells the ports (and rejects) with an InvalidStateError.
 * @param {MessagePort[]} ports
 * @param {{state: string, notes: object[], opened: number, key: Uint8Array | undefined, worker: () => object}} list
 */
export function sendOpenTexts(ports, { state, notes, opened, key, worker }) {
  if (state !== 'open') {
    const error = namedError('InvalidStateError', `the note list is ${state}: there are no open notes to search`);
    postFeedError(ports, error);
    return Promise.reject(error);
  }
  if (opened === 0 || !key) {
    postNoteTexts(ports, { first: 0, total: 0 }, { out: new Uint8Array(0), outFields: new Uint32Array(0), status: new Uint8Array(0) });
    return Promise.resolve();
  }
  return sendNoteTexts(notes, key, ports, { worker: worker() });
}

export class SearchFeedEnd {
  #consumers = new Set();
  #isOpen;
  #whenOpened;
  #send;

  /**
   * @param {{isOpen: () => boolean, whenOpened: () => Promise<unknown> | undefined,
   *   send: (ports: MessagePort[]) => Promise<void>}} list  whether its notes are open; the opening under way;
   *   sending the open notes' texts to `ports` (rejecting, and the ports told, when there are none)
   */
  constructor({ isOpen, whenOpened, send }) {
    this.#isOpen = isOpen;
    this.#whenOpened = whenOpened;
    this.#send = send;
  }

  /** connectSearch(): `consumer(port, done)` at every opening from now on, and at once when open. */
  connect(consumer) {
    if (typeof consumer !== 'function') throw new TypeError('connectSearch(consumer): the consumer must be a function');
    this.#consumers.add(consumer);
    const feedIfOpen = () => {
      if (this.#isOpen() && this.#consumers.has(consumer)) this.feedNow(consumer);
    };
    if (this.#isOpen()) feedIfOpen();
    else this.#whenOpened()?.then(feedIfOpen);
    return () => { this.#consumers.delete(consumer); };
  }

  /** searchFeed(): the open notes' texts once, on a fresh port. */
  feed() {
    const { port1, port2 } = new MessageChannel();
    const done = this.#send([port1]);
    done.catch(() => {});   // the consumer decides what a failed feed means
    return { port: port2, done };
  }

  /** Feeds `consumer` in this task: a search its page starts right after finds the feed queued first. */
  feedNow(consumer) {
    const { port, done } = this.feed();
    consumer(port, done);
  }

  /** Feeds every consumer now (an empty vault opened). */
  feedAll() {
    for (const consumer of this.#consumers) this.feedNow(consumer);
  }

  /** A port for each consumer for the opening that settles `done`; the other ends go to the consumers. */
  ports(done) {
    const ports = [];
    for (const consumer of this.#consumers) {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1);
      queueMicrotask(() => consumer(port2, done));
    }
    return ports;
  }
}
