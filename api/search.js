// createSearchIndex(): a typo-tolerant search index that lives in a search
// worker of its own. Every keystroke may search (no debounce): searches are
// latest-wins, so a newer query cancels an older one still waiting, whose
// promise rejects with an AbortError. The page keeps a copy of the texts so
// that a worker that was stopped (idle, evicted by the page-wide cap) is
// rebuilt on demand. An index that follows a source instead (a <note-list>)
// gets its texts over a MessagePort straight from another worker, and the
// page holds none of them: a stopped worker asks the source again.
import { WorkerClient } from './runtime/client.js';
import { lingerForReuse, readyStandbyWhenIdle, standbyEpoch, takeLingeringWorker, takeStandby } from './runtime/run-once.js';
import { searchModule } from './modules/search.js';
import { latestWins } from './runtime/latest-wins.js';
import { namedError } from '../common/errors.js';
import { IDLE_MS } from '../common/constants.js';
import { integer, string } from './arguments.js';
import { sharedMemory } from './runtime/platform.js';
import { answerBoxBytes, takeAnswer } from '../common/search-answer-box.js';
import { NextKeyGuesses } from './search-guesses.js';
import { postTextParts } from './search-text-parts.js';

function textsOf(value, name) {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of strings`);
  // A text's name (texts[i]) is made only for the error: 5,000 of them cost the page 0.3-0.4 ms a call.
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') string(value[i], `${name}[${i}]`);
  return value.slice();
}

let nextIndexId = 1;

// A destroyed index's worker waits IDLE_MS.linger for the next index (its code optimized, its heap's pages taken:
// a build on a fresh heap pays first-touch faults, 13 MiB for 5,000 paragraphs, 35-55 ms on some hosts), then goes.
const REUSE = 'index';

/**
 * What SearchIndex.search() resolves with: the matching texts' positions by
 * score ascending (then the notes where a whole word reaches the last term's
 * best distance, then corpus order), their scores, the caller's wait (`ms`)
 * and the part of it spent searching in the worker (`searchMs`), and, when
 * asked for (`highlight`), the first results' `highlights`.
 * @typedef {{indices: Uint32Array, scores: Uint32Array, ms: number, searchMs: number,
 *   highlights?: Array<{title: Array<{text: string, match: boolean}>, snippet: Array<{text: string, match: boolean}>}>}} SearchAnswer
 */

/**
 * Where an index that follows a source gets all its texts again (e.g. noteList.searchFeed()).
 * @typedef {() => {port: MessagePort, done: Promise<void>}} SearchSource
 */

export class SearchIndex {
  #client;
  #id = nextIndexId++;
  #texts;
  #search;
  #sequence = 0;
  #created;
  #source;
  #fedLength = 0;
  #box;   // {buffer, ticket}: the shared memory the worker also writes its answers to (blockMs)
  #epoch = standbyEpoch();   // after an endStandbys() since (a popup's Lock) its worker does not linger
  #guesses = new NextKeyGuesses((args) => this.#client.call('guess', { id: this.#id, ...args }));

  /**
   * Use createSearchIndex(), or, for texts that must not pass through the page,
   * `new SearchIndex([], {source})` and feed().
   * @param {string[]} texts
   * @param {{source?: SearchSource}} [options]
   *   `source`: where the texts come from when the worker needs them all again (e.g. noteList.searchFeed())
   */
  constructor(texts, { source } = {}) {
    // One worker per index: its memory is the index, and it goes with destroy(). The worker of an index just
    // destroyed, while it lingers, or else the module's standby, when one is up (started and instantiated
    // already), is that worker (api/runtime/run-once.js).
    const client = takeLingeringWorker(searchModule, undefined, REUSE) ?? takeStandby(searchModule)
      ?? new WorkerClient(searchModule, { idleMs: Infinity });
    this.#source = source;
    this.#texts = source ? undefined : textsOf(texts, 'texts');
    this.#client = client;
    this.#search = latestWins(client, 'search');
  }

  /** Number of indexed texts. */
  get length() {
    return this.#texts ? this.#texts.length : this.#fedLength;
  }

  /**
   * Which build answers: 'simd', 'scalar' or 'js' (the plain-JS fallback); undefined before the first call.
   * @type {'simd' | 'scalar' | 'js' | undefined}
   */
  get path() {
    return this.#client.path;
  }

  /**
   * Starts the index's worker ahead of its texts (it compiles, instantiates and
   * self-tests while, say, a password is typed); it holds nothing until then.
   * A failure here shows again in the call that needs the worker.
   */
  warm() {
    this.#client.start().catch(() => {});
  }

  /**
   * Builds the index in the worker (again, after a restart).
   * @returns {Promise<unknown>}
   */
  create() {
    this.#guesses.forget();
    if (this.#source) {
      const { port, done } = this.#source();
      this.#created = this.feed(port, done);
    } else {
      // The texts go as UTF-8 parts the worker builds from as they come (api/search-text-parts.js).
      const { port1, port2 } = new MessageChannel();
      this.#created = this.#client.call('create', { id: this.#id, total: this.#texts.length, port: port2 }, { transfer: [port2] });
      postTextParts(port1, this.#texts);
    }
    return this.#created;
  }

  /**
   * Replaces the texts of an index that follows a source with those arriving
   * on `port` (common/text-feed.js), in one span update. When `done` rejects
   * before they all came, the worker is stopped (it would wait forever) and
   * this rejects with that error.
   * @param {MessagePort} port
   * @param {Promise<void>} [done]
   * @returns {Promise<number>} the number of texts
   */
  async feed(port, done) {
    if (!this.#source) throw namedError('InvalidStateError', 'feed(): this index was built from texts; use insert / set / remove');
    this.#guesses.forget();
    let waiting = true;
    const fed = this.#client.call('feed', { id: this.#id, port }, { transfer: [port] });
    done?.catch((error) => { if (waiting) this.#client.terminate('its texts never came', error); });
    try {
      this.#fedLength = await fed;
    } finally {
      waiting = false;
    }
    return this.#fedLength;
  }

  /**
   * The notes matching `query` per docs/specs/search.md: indices by score
   * ascending, then the notes where a whole word reaches the last term's best
   * distance, then corpus order. As everywhere in the package, `ms` is the
   * caller's wait (this call to its answer, on the page); `searchMs` is the part
   * spent searching in the worker. A newer search rejects an older one still
   * waiting with an AbortError (latest wins). `options.signal` abandons this
   * search (it rejects with an AbortError); the index and its worker stay.
   * `options.highlight`: for an index that follows a note list, the first `highlight` results also carry
   * `highlights`, per result `{title, snippet}` as segments `{text, match}` (the title with its matched words,
   * the body's snippet around the first match), computed in the worker that holds the texts.
   * `options.blockMs`: where memory can be shared with the worker (a cross-origin-isolated page, Node), wait
   * up to this long on this thread, blocking it, for the answer to come through shared memory, so that it
   * arrives in the task that searched: in Chromium the worker's reply to a search made on a key press waits
   * for the frame after the key, and rows drawn from it for the frame after that. Elsewhere, or when the
   * answer takes longer, it comes with the reply as always; the answer is the same either way.
   * `options.guessNext`: once this answer is in, the worker computes, between keys, the answers to this query
   * followed by a space or a lower-case letter (api/search-guesses.js); a later search for one of those, with
   * the same `highlight`, settles in its own task with that answer, which is the one the worker would give (any
   * change to the index drops the guesses). Any other query goes to the worker (with blockMs where it applies).
   * For a search box: the rows of the next key then need not wait for the worker.
   * @param {string} query
   * @param {{signal?: AbortSignal, highlight?: number, blockMs?: number, guessNext?: boolean}} [options]
   * @returns {Promise<SearchAnswer>}
   */
  async search(query, { signal, highlight = 0, blockMs = 0, guessNext = false } = {}) {
    string(query, 'query');
    integer(blockMs, 'options.blockMs', 0, 1000);
    if (signal?.aborted) throw abortReason(signal);
    const start = performance.now();
    const sequence = ++this.#sequence;
    const guessed = guessNext ? this.#guesses.take(query, highlight) : undefined;
    if (guessed) {
      this.#search.supersede();   // an older search still in the worker is stale now, as a newer search would make it
      this.#guesses.guessAfter(query, highlight);
      return this.#resultOf(guessed, start);
    }
    this.#guesses.forget();
    let answer;
    try {
      answer = await abandonable(this.#searchMaybeBlocking({ id: this.#id, query, highlight }, blockMs), signal);
    } catch (error) {
      if (error.name !== 'NotFoundError') throw error;
      if (sequence !== this.#sequence) throw namedError('AbortError', 'superseded by a newer request');
      await this.create();
      answer = await abandonable(this.#search({ id: this.#id, query, highlight }), signal);
    }
    if (guessNext && sequence === this.#sequence) this.#guesses.guessAfter(query, highlight);
    return this.#resultOf(answer, start);
  }

  #resultOf(answer, start) {
    const result = { indices: answer.indices, scores: answer.scores, ms: performance.now() - start, searchMs: answer.ms };
    if (answer.highlights) result.highlights = answer.highlights;
    return result;
  }

  #canBlock(blockMs) {
    return blockMs > 0 && sharedMemory() && typeof SharedArrayBuffer === 'function';
  }

  // The search, posted with an answer box and watched for up to blockMs right after posting (a job sent to a
  // worker that is up is posted in this task). An answer taken from the box settles the call; the reply then
  // goes unread. Only when the worker is idle, or busy with one job of guesses (a few searches; the next ones
  // are not sent once a search comes): behind another job (starting, feeding, or an older search it has not
  // answered on a busy host) the answer would come late, and waiting for it only costs this thread.
  #searchMaybeBlocking(args, blockMs) {
    if (!this.#canBlock(blockMs) || !this.#freeButForGuesses()) return this.#search(args);
    // A fresh buffer when the tickets run out: an old answer must never carry the ticket asked for.
    if (this.#box?.ticket >= 0x7fffffff) this.#box = undefined;
    this.#box ??= { buffer: new SharedArrayBuffer(answerBoxBytes(this.length)), ticket: 0 };
    const ticket = ++this.#box.ticket;
    const { buffer } = this.#box;
    const { job, promise } = this.#search.send({ ...args, answerBox: { buffer, ticket } });
    if (job.posted) {
      const answer = takeAnswer(buffer, ticket, performance.now() + blockMs);
      if (answer?.needed) this.#growBox(answer.needed);
      else if (answer) job.settle(answer);
    }
    return promise;
  }

  // The worker is up, and runs nothing or only guesses.
  #freeButForGuesses() {
    const { state } = this.#client;
    return (state === 'ready' || state === 'busy') && this.#client.jobsInFlight().every((op) => op === 'guess');
  }

  // An answer did not fit (the index grew, or long highlights): the next query gets room for it and more.
  #growBox(needed) {
    const bytes = Math.ceil((needed * 1.5) / 8) * 8;
    if (this.#box && this.#box.buffer.byteLength < bytes) this.#box = { buffer: new SharedArrayBuffer(bytes), ticket: this.#box.ticket };
  }

  /**
   * For an index that follows a note list: the highlighted title and body
   * snippet of the notes at `positions` for `query`, as search()'s
   * `highlights` (a list scrolled past the first results asks for its rows).
   * @param {string} query
   * @param {number[]} positions
   * @returns {Promise<Array<{title: Array<{text: string, match: boolean}>, snippet: Array<{text: string, match: boolean}>}>>}
   */
  async highlight(query, positions) {
    string(query, 'query');
    if (!this.#source) throw namedError('InvalidStateError', 'highlight(): only an index that follows a note list has highlights');
    const args = { id: this.#id, query, positions: Array.from(positions, Number) };
    try {
      return await this.#client.call('highlight', args);
    } catch (error) {
      if (error.name !== 'NotFoundError') throw error;
      await this.create();
      return this.#client.call('highlight', args);
    }
  }

  /**
   * Inserts texts before `position` (0..length).
   * @param {number} position
   * @param {string[]} texts
   * @returns {Promise<void>}
   */
  insert(position, texts) {
    this.#editable();
    integer(position, 'position', 0, this.length);
    texts = textsOf(texts, 'texts');
    this.#texts.splice(position, 0, ...texts);
    return this.#mutate('insert', { position, texts });
  }

  /**
   * Replaces the texts at position .. position + texts.length - 1.
   * @param {number} position
   * @param {string[]} texts
   * @returns {Promise<void>}
   */
  set(position, texts) {
    this.#editable();
    texts = textsOf(texts, 'texts');
    integer(position, 'position', 0, this.length - texts.length);
    this.#texts.splice(position, texts.length, ...texts);
    return this.#mutate('set', { position, texts });
  }

  /**
   * Removes `count` texts from `position`.
   * @param {number} position
   * @param {number} [count]
   * @returns {Promise<void>}
   */
  remove(position, count = 1) {
    this.#editable();
    integer(position, 'position', 0, this.length);
    integer(count, 'count', 0, this.length - position);
    this.#texts.splice(position, count);
    return this.#mutate('remove', { position, count });
  }

  /**
   * Frees the index and lets its worker go: an index built from texts after IDLE_MS.linger unless a new one takes the
   * worker first; at once an index that follows a source (a note list's notes: nothing of them outlives a lock),
   * or when a build, an edit or a search is under way (they reject with an AbortError). A later call builds the
   * index again in a worker of its own. The next index's standby is readied in idle time now: a page that lets an
   * index go builds the next one (unlocked again, another list). Readied after each build instead, its start
   * (about 100 ms of a core) met the first keys typed into the new index.
   */
  destroy() {
    readyStandbyWhenIdle(searchModule, {}, this.#epoch);
    const client = this.#client;
    const free = this.#freeButForGuesses();
    this.#guesses.forget();
    this.#client = new WorkerClient(searchModule, { idleMs: Infinity });   // not started until a call needs it
    this.#search = latestWins(this.#client, 'search');
    if (this.#source || !free) {
      client.terminate('destroyed');
      return;
    }
    client.call('destroy', { id: this.#id }).catch(() => client.terminate('destroyed'));
    lingerForReuse(searchModule, client, { reuse: REUSE, lingerMs: IDLE_MS.linger, startedIn: this.#epoch });
  }

  #editable() {
    if (this.#source) throw namedError('InvalidStateError', 'this index follows its source: only feed() changes its texts');
  }

  // The page copy is already updated: a worker that lost the index rebuilds from it.
  async #mutate(op, args) {
    this.#guesses.forget();
    try {
      await this.#client.call(op, { id: this.#id, ...args });
    } catch (error) {
      if (error.name !== 'NotFoundError') throw error;
      await this.create();
    }
  }
}

/**
 * A search index over `texts` (an array of strings), built in a worker of its own.
 * `options.signal` aborts the build (and stops that worker).
 * @param {string[]} texts
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<SearchIndex>}
 */
export async function createSearchIndex(texts, { signal } = {}) {
  // Checked before the index takes a worker (a standby, a lingering one), which would then be left running.
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : namedError('AbortError', 'the operation was aborted');
  const index = new SearchIndex(texts);
  const abort = () => index.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    await index.create();
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  return index;
}

// `promise`, or an AbortError as soon as `signal` aborts: a search is too short
// to stop in its worker, so an abandoned one simply goes unread.
function abandonable(promise, signal) {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function abortReason(signal) {
  return signal.reason instanceof Error ? signal.reason : namedError('AbortError', 'the search was aborted');
}
