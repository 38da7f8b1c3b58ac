// <note-list>: opens a vault's encrypted notes in its notes worker and shows
// them as a virtualized, keyboard-navigable list. The element never touches
// the wasm module: api/notes.js packs the notes, the notes worker opens them.
import { ElementBase, upgradeProperties } from './internal/element-base.js';
import { createNotesWorker, openNotes, sendNoteTexts } from '../api/notes.js';
import { runInSlices } from '../common/slicer.js';
import { namedError } from '../common/errors.js';
import { postFeedError, postNoteTexts } from '../common/text-feed.js';
import { numberFormat } from '../common/number-format.js';

const ROW_HEIGHT = 56;  // px; rows are absolutely placed, so the list never lays out thousands of nodes
const OVERSCAN = 4;
const FIRST_ROWS = 40;  // notes drawn first, in the task the worker's first reply arrives in, before the rest are open
const SNIPPET = 140;

const STYLE = `
:host { display: block; font: inherit; color: var(--note-list-color, inherit); }
:host([hidden]) { display: none; }
.status { margin: 0 0 0.4rem; min-block-size: 1lh; }
.status.problem { color: var(--note-list-error-color, #b3261e); font-weight: 600; }
.list {
  position: relative; overflow-y: auto; block-size: var(--note-list-height, 24rem);
  border: 1px solid var(--note-list-border-color, #6b6f7b); border-radius: var(--note-list-radius, 6px);
}
.list:focus-visible { outline: 2px solid var(--note-list-focus-ring, #3b4fc4); outline-offset: 2px; }
.spacer { position: relative; inline-size: 100%; }
.row {
  position: absolute; inset-inline: 0; block-size: ${ROW_HEIGHT}px; box-sizing: border-box;
  padding: 0.35rem 0.7rem; overflow: hidden; cursor: pointer; border-block-end: 1px solid rgb(128 128 128 / 0.2);
}
.row[aria-selected="true"] { background: var(--note-list-active-background, #3b4fc4); color: var(--note-list-active-color, #fff); }
.title { display: block; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.snippet { display: block; font-size: 0.875em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; opacity: 0.85; }
mark { background: var(--note-list-mark-background, #ffe58a); color: var(--note-list-mark-color, #1c1c1c); border-radius: 2px; }
.row.damaged .title { color: var(--note-list-error-color, #b3261e); }
.row.damaged[aria-selected="true"] .title { color: inherit; }
[hidden] { display: none !important; }
`;

let template;
function shadowContent() {
  template ??= Object.assign(document.createElement('template'), {
    innerHTML: `<style>${STYLE}</style><p class="status" part="status" id="status" role="status" aria-live="polite"></p>
<div class="list" part="list" id="list" role="listbox" tabindex="0" hidden><div class="spacer" id="spacer" role="presentation"></div></div>`,
  });
  return template.content.cloneNode(true);
}

function composedEvent(type, detail) {
  return new CustomEvent(type, { detail, bubbles: true, composed: true });
}

let nextId = 0;

// Segments {text, match} into `parent`: marks for the matches, one text node for each run between them.
function drawSegments(parent, segments) {
  let plain = '';
  for (const { text, match } of segments) {
    if (!match) { plain += text; continue; }
    const mark = document.createElement('mark');
    mark.part = 'mark';
    mark.textContent = text;
    if (plain) parent.append(plain);
    parent.append(mark);
    plain = '';
  }
  if (plain) parent.append(plain);
}

/** @typedef {import('../api/notes.js').SealedNote} SealedNote */
/** @typedef {import('../api/notes.js').OpenedNote} OpenedNote */
/** Where a `<note-list>` is (its `state`). @typedef {'empty' | 'locked' | 'opening' | 'open' | 'failed'} NoteListState */

/**
 * A vault's notes, decrypted in a worker and listed (virtualized: thousands of rows stay cheap).
 *
 * @tagname note-list
 * @summary Opens encrypted notes in one worker call and lists them.
 *
 * @attr {string} src - URL of a JSON array of notes ({id, key, title, body}).
 * @attr {string} key-from - The id of a `<vault-unlock>` whose `unlock` event ({key}) supplies the device key.
 * @attr {string} label - The list's accessible name (default "Notes").
 *
 * @prop {object[]} notes - The sealed notes (docs/specs/notes.md). Setting it reopens the list.
 * @prop {Uint8Array} deviceKey - The 32-byte device key (a private copy is kept until `lock()`).
 * @prop {Array<{id: string, title: string, body: string} | {id: string, error: {name: string, message: string}}>} opened - Every
 *   note, opened or with its error, in order.
 * @prop {number[]} view - The note indices shown, in order (all, or the last `filter`).
 * @prop {'simd' | 'scalar' | 'libsodium' | undefined} path - Which build opened the notes: 'simd', 'scalar' or 'libsodium'.
 * @prop {((note: {id: string, title: string, body: string}) => {title: string, snippet: string}) | undefined} describeNote - What a
 *   row shows for an opened note (default: its title and the start of its body): a page that stores more than text in a
 *   note, or masks some, decides here. A function that throws shows the default.
 * @prop {'empty' | 'locked' | 'opening' | 'open' | 'failed'} state - Where the list is: no notes yet, notes without a
 *   key (or `lock()`ed), opening, open (`notes-opened` fired), failed (`notes-error` fired).
 *
 * @fires {CustomEvent<{total: number, opened: number, damaged: number, ms: number}>} notes-opened - Every note was opened (or
 *   found damaged) and `opened` holds them all; also for an empty vault (total 0).
 * @fires {CustomEvent<{state: 'empty' | 'locked' | 'opening' | 'open' | 'failed'}>} notes-state - `state` changed (a `<fuzzy-search for>` is disabled while the list is locked, empty or failed).
 * @fires {CustomEvent<Record<string, never>>} notes-locked - `lock()` emptied the list (a `<fuzzy-search for>` empties its index and results).
 * @fires {CustomEvent<{index: number, id: string, name: string, message: string}>} note-error - One per damaged note.
 * @fires {CustomEvent<{name: string, message: string}>} notes-error - The whole list failed: wrong key, unreadable src, malformed JSON, bad key.
 * @fires {CustomEvent<{index: number, id: string, title: string, body: string}>} select - A note was chosen (Enter or click).
 *
 * @csspart status - The polite live region (counts, problems).
 * @csspart list - The scrolling listbox.
 * @csspart row - One note row.
 * @csspart title - A row's title.
 * @csspart snippet - A row's start of the body (while a search filters the list: around the first match), or the damage.
 * @csspart mark - A word matched by the search filtering the list.
 *
 * @cssprop --note-list-height - Height of the scrolling list (default 24rem).
 * @cssprop --note-list-active-background - Background of the active row (default #3b4fc4).
 * @cssprop --note-list-error-color - Damaged notes and problems (default #b3261e).
 */
export class NoteList extends ElementBase {
  static observedAttributes = ['src', 'key-from', 'label'];

  // referenceTarget: an element given this list as its aria-controls (a <fuzzy-search for>'s field) means its
  // listbox, which no id from another tree can name (engines without it ignore the option).
  #root = this.attachShadow({ mode: 'open', referenceTarget: 'list' });
  #list;
  #spacer;
  #status;
  #id = `note-list-${nextId++}`;
  #client;
  #notes;
  #key;
  #opened = [];
  #view = [];
  #active = -1;
  #generation = 0;
  #frameQueued = false;
  #state = 'empty';
  #opening = Promise.resolve();
  #stopOpening = () => {};                // ends an open still sending calls (lock, disconnect)
  #searchConsumers = new Set();
  #said = { text: '', problem: false };   // the list's own message, shown again when a search filter ends
  #query = null;                          // the query of the search filtering the list, or null
  #highlights = null;                     // per view position: segments from the search worker (sparse)
  #moreHighlights;                        // asks the search for the segments of rows scrolled into sight
  #asked = new Set();                     // view positions whose segments were asked for
  #filterGeneration = 0;
  #onUnlock = (event) => this.#takeKey(event);
  #describe = undefined;

  constructor() {
    super();
    this.#root.append(shadowContent());
    this.#list = this.#root.getElementById('list');
    this.#spacer = this.#root.getElementById('spacer');
    this.#status = this.#root.getElementById('status');
    this.#list.addEventListener('scroll', () => this.#queueRender());
    this.#list.addEventListener('keydown', (event) => this.#onKey(event));
    this.#list.addEventListener('click', (event) => {
      const row = event.target.closest('.row');
      if (!row) return;
      this.#setActive(Number(row.dataset.position));
      this.#choose();
    });
  }

  connectedCallback() {
    upgradeProperties(this, ['notes', 'deviceKey', 'describeNote']);
    document.addEventListener('unlock', this.#onUnlock);
    this.#list.setAttribute('aria-label', this.getAttribute('label') ?? 'Notes');
    if (this.hasAttribute('src') && this.#notes === undefined) this.#load(this.getAttribute('src'));
    this.#openIfReady();
  }

  disconnectedCallback() {
    document.removeEventListener('unlock', this.#onUnlock);
    this.#stopOpening();
    this.#client?.terminate('disconnected');
    this.#client = undefined;
  }

  attributeChangedCallback(name, before, value) {
    if (name === 'label') this.#list.setAttribute('aria-label', value ?? 'Notes');
    if (name === 'src' && value && this.isConnected && before !== value) this.#load(value);
  }

  /** The sealed notes; setting them reopens the list. @type {SealedNote[] | undefined} */
  get notes() { return this.#notes; }
  set notes(value) {
    this.#notes = value;
    this.#openIfReady();
  }

  /** A copy of the 32-byte device key (undefined when locked). @type {Uint8Array | undefined} */
  get deviceKey() { return this.#key ? this.#key.slice() : undefined; }
  /** @param {Uint8Array | null | undefined} value */
  set deviceKey(value) {
    this.#key?.fill(0);
    this.#key = undefined;
    if (value === undefined || value === null) return;
    if (!(value instanceof Uint8Array) || value.length !== 32) {
      this.#fail({ name: 'TypeError', message: 'The device key must be a Uint8Array of 32 bytes.' });
      return;
    }
    this.#key = value.slice();
    this.#openIfReady();
  }

  /** Every note, opened or with its error, in order. @type {OpenedNote[]} */
  get opened() { return this.#opened; }
  /** The note indices shown, in order. @type {number[]} */
  get view() { return this.#view.slice(); }
  /** Which build opened the notes. @type {'simd' | 'scalar' | 'libsodium' | undefined} */
  get path() { return this.#client?.path; }
  /** @type {NoteListState} */
  get state() { return this.#state; }

  #setState(state) {
    if (state === this.#state) return;
    this.#state = state;
    this.dispatchEvent(composedEvent('notes-state', { state }));
  }

  // A count in the user's locale: "5,000 notes", "1 note".
  #count(n, word) {
    return `${numberFormat(this).format(n)} ${word}${n === 1 ? '' : 's'}`;
  }

  /**
   * What a row shows for an opened note; undefined for the default.
   * @type {((note: {id: string, title: string, body: string}) => {title: string, snippet: string}) | undefined}
   */
  get describeNote() { return this.#describe; }
  /** @param {((note: {id: string, title: string, body: string}) => {title: string, snippet: string}) | null | undefined} value */
  set describeNote(value) {
    this.#describe = typeof value === 'function' ? value : undefined;
    this.#render();
  }

  /**
   * Connects a search index to the notes' texts without them passing through
   * this thread: `consumer(port, done)` is called with a fresh MessagePort at
   * every opening of the notes from now on (and at once when they are open
   * already); the notes worker posts through it every note's text, in order:
   * title + "\n" + body, "" for a damaged note (common/text-feed.js). `done`
   * settles when the sending is over (rejects if it failed). Hand the port
   * to SearchIndex.feed(); <fuzzy-search for> does.
   * @param {(port: MessagePort, done: Promise<void>) => void} consumer
   * @returns {() => void} disconnects the consumer
   */
  connectSearch(consumer) {
    if (typeof consumer !== 'function') throw new TypeError('connectSearch(consumer): the consumer must be a function');
    this.#searchConsumers.add(consumer);
    const feedIfOpen = () => {
      if (this.#state === 'open' && this.#searchConsumers.has(consumer)) this.#feedNow(consumer);
    };
    if (this.#state === 'open') feedIfOpen();
    else if (this.#state === 'opening') this.#opening.then(feedIfOpen);
    return () => { this.#searchConsumers.delete(consumer); };
  }

  /**
   * The open notes' texts once, as connectSearch() sends them: decrypted again
   * in the notes worker and posted from there. Rejects (and the port gets the
   * error) unless the list is open.
   * @returns {{port: MessagePort, done: Promise<void>}}
   */
  searchFeed() {
    const { port1, port2 } = new MessageChannel();
    let done;
    if (this.#state !== 'open') {
      const error = namedError('InvalidStateError', `the note list is ${this.#state}: there are no open notes to search`);
      postFeedError([port1], error);
      done = Promise.reject(error);
    } else if (this.#opened.length === 0 || !this.#key) {
      postNoteTexts([port1], { first: 0, total: 0 }, { out: new Uint8Array(0), outFields: new Uint32Array(0), status: new Uint8Array(0) });
      done = Promise.resolve();
    } else {
      this.#client ??= createNotesWorker();
      done = sendNoteTexts(this.#notes, this.#key, [port1], { worker: this.#client });
    }
    done.catch(() => {});   // the consumer decides what a failed feed means
    return { port: port2, done };
  }

  // In this task: a search the consumer's page starts right after finds the feed queued first.
  #feedNow(consumer) {
    const { port, done } = this.searchFeed();
    consumer(port, done);
  }

  // Every connected consumer gets a port for this opening; the ports go to the notes worker.
  #searchPorts(done) {
    const ports = [];
    for (const consumer of this.#searchConsumers) {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1);
      queueMicrotask(() => consumer(port2, done));
    }
    return ports;
  }

  /**
   * Shows the notes at `indices` (positions in `notes`), in that order; no argument shows all.
   * With a non-empty `options.query` (a search's: `<fuzzy-search for>` passes it) the status says how many
   * of all the notes match ("3 of 5,000 notes"), or that none matches the query; `options.highlights`
   * (segments `{text, match}` per shown row from the search worker: `{title, snippet}` for the first rows
   * of `indices`) marks the matched words in those rows, and `options.moreHighlights(noteIndices)` (a promise
   * of the same segments for those notes) is asked for rows scrolled into sight past them.
   * @param {ArrayLike<number> | null} [indices]
   * @param {{query?: string, highlights?: Array<{title: Array<{text: string, match: boolean}>, snippet: Array<{text: string, match: boolean}>} | null>,
   *   moreHighlights?: (noteIndices: number[]) => Promise<Array<{title: Array<{text: string, match: boolean}>, snippet: Array<{text: string, match: boolean}>}>>}} [options]
   */
  filter(indices, { query, highlights, moreHighlights } = {}) {
    const total = this.#opened.length;
    this.#view = indices == null ? [...this.#opened.keys()] : Array.from(indices).filter((i) => Number.isInteger(i) && i >= 0 && i < total);
    this.#query = typeof query === 'string' && query.trim() !== '' && indices != null ? query : null;
    const whole = this.#query !== null && this.#view.length === (indices?.length ?? 0);
    this.#highlights = whole && Array.isArray(highlights) ? highlights.slice() : null;
    this.#moreHighlights = whole && this.#highlights && typeof moreHighlights === 'function' ? moreHighlights : undefined;
    this.#asked = new Set(this.#highlights ? this.#highlights.keys() : []);
    this.#filterGeneration++;
    this.#active = this.#view.length ? 0 : -1;
    this.#list.scrollTop = 0;
    this.#layout();
    this.#showStatus();
  }

  /**
   * Chooses the note at `position` in the view (default: the active row; 0 is the top one) and fires
   * `select`, as Enter does in the list (`<fuzzy-search for>` calls it for Enter in its field).
   * Returns whether a note was chosen (not for a damaged note or an empty view).
   * @param {number} [position]
   * @returns {boolean}
   */
  choose(position = this.#active) {
    if (!Number.isInteger(position) || position < 0 || position >= this.#view.length) return false;
    this.#setActive(position);
    return this.#choose();
  }

  /**
   * Moves the focus into the list, on its active row (`<fuzzy-search for>` calls it for ↓ in its field).
   * @param {FocusOptions} [options]
   */
  focus(options) {
    if (this.#list.hidden) super.focus(options);
    else this.#list.focus(options);
  }

  /**
   * Erases the device key and every plaintext, stops the worker and empties the list.
   * @returns {void}
   */
  lock() {
    this.#generation++;
    this.#setState(this.#notes?.length ? 'locked' : 'empty');
    this.#key?.fill(0);
    this.#key = undefined;
    this.#opened = [];
    this.#view = [];
    this.#active = -1;
    this.#stopOpening();
    this.#client?.terminate('locked');
    this.#client = undefined;
    this.#layout();
    this.#say('Locked.');
    this.dispatchEvent(composedEvent('notes-locked', {}));
  }

  async #load(url) {
    const generation = ++this.#generation;
    this.#say('Loading notes…');
    let notes;
    try {
      const response = await fetch(new URL(url, document.baseURI));
      if (!response.ok) throw namedError('NetworkError', `Could not load the notes (HTTP ${response.status}).`);
      const text = await response.text();
      try {
        notes = JSON.parse(text);
      } catch (error) {
        throw namedError('SyntaxError', `The notes file is not valid JSON: ${error.message}`);
      }
    } catch (error) {
      if (generation === this.#generation) this.#fail(error);
      return;
    }
    if (generation === this.#generation) this.notes = notes;
  }

  #takeKey(event) {
    const from = this.getAttribute('key-from');
    const source = event.composedPath()[0];
    if (!from || source?.id !== from || !(event.detail?.key instanceof Uint8Array)) return;
    this.deviceKey = event.detail.key;
  }

  #openIfReady() {
    if (!this.isConnected || this.#notes === undefined) return;
    if (!Array.isArray(this.#notes)) {
      this.#fail({ name: 'TypeError', message: 'The notes must be a JSON array of notes.' });
      return;
    }
    if (this.#notes.length === 0) {
      this.#generation++;
      this.#setState('open');
      this.#show([]);
      for (const consumer of this.#searchConsumers) this.#feedNow(consumer);
      this.#say('This vault has no notes yet.');
      this.dispatchEvent(composedEvent('notes-opened', { total: 0, opened: 0, damaged: 0, ms: 0 }));
      return;
    }
    if (!this.#key) {
      this.#setState('locked');
      // While the password is typed: the notes worker starts, instantiates and
      // self-tests now, so that the key opens the notes at once. It holds no
      // key until then, and ends after its idle time if none comes.
      this.#client ??= createNotesWorker();
      const client = this.#client;
      // The count is said once that worker has loaded the locale data: the
      // page's first number format would load it on this thread (24-33 ms in a
      // fresh page: worker/runtime/locale-data.js). Said all the same if the
      // worker fails (that shows again, and is reported, when the key comes).
      const notes = this.#notes;
      const generation = this.#generation;
      const sayCount = () => {
        if (generation !== this.#generation || notes !== this.#notes || this.#state !== 'locked') return;
        this.#say(`${this.#count(notes.length, 'note')}, locked.`);
      };
      client.start().then(() => client.call('loadLocaleData', {})).then(sayCount, sayCount);
      return;
    }
    this.#opening = this.#open(this.#notes, this.#key);
  }

  async #open(notes, key) {
    const generation = ++this.#generation;
    this.#setState('opening');
    const start = performance.now();
    this.#say(`Opening ${this.#count(notes.length, 'note')}…`);
    this.#client ??= createNotesWorker();
    let opened;
    // The first rows are drawn in the task the first decrypted notes arrive
    // in (the open's first, small worker call); the rest are opened after.
    const onFirst = (first) => {
      // All of them refused on the key: most likely a wrong key, said once the whole list is known.
      if (generation !== this.#generation || first.every((note) => note.error?.message.startsWith('key '))) return;
      performance.mark('note-list:decrypted');
      const partial = new Array(notes.length);
      first.forEach((note, i) => { partial[i] = note; });
      this.#show(partial);
      performance.mark('note-list:first-rows');
    };
    let settle;
    const done = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    done.catch(() => {});
    // An open sends its calls one after another: once the list is locked or
    // removed, none may start this worker again.
    const stop = new AbortController();
    this.#stopOpening = () => stop.abort();
    try {
      opened = await openNotes(notes, key, { worker: this.#client, first: FIRST_ROWS, onFirst, searchPorts: this.#searchPorts(done),
        signal: stop.signal });
      settle.resolve();
    } catch (error) {
      settle.reject(error);
      if (generation === this.#generation) this.#fail(error);
      return;
    }
    if (generation !== this.#generation) return;
    this.#opened = opened;
    this.#render();
    const damaged = [];
    opened.forEach((note, index) => { if (note.error) damaged.push(index); });
    const ms = performance.now() - start;
    if (damaged.length === opened.length && opened.every((n) => n.error.message.startsWith('key failed authentication'))) {
      this.#fail({ name: 'WrongKeyError', message: `Wrong key: none of the ${this.#count(opened.length, 'note')} opens with this key.` });
      return;
    }
    this.#say(damaged.length
      ? `${this.#count(opened.length - damaged.length, 'note')} opened, ${this.#count(damaged.length, 'damaged note')}.`
      : `${this.#count(opened.length, 'note')}.`, damaged.length > 0);
    this.#setState('open');
    this.dispatchEvent(composedEvent('notes-opened', { total: opened.length, opened: opened.length - damaged.length, damaged: damaged.length, ms }));
    // One event per damaged note, in slices: a vault of damaged notes must not freeze the page.
    await runInSlices(damaged.length, (k) => {
      if (generation !== this.#generation) return;
      const index = damaged[k];
      const { id, error } = opened[index];
      this.dispatchEvent(composedEvent('note-error', { index, id, name: error.name, message: error.message }));
    });
  }

  #show(opened) {
    this.#opened = opened;
    this.#query = null;
    this.#highlights = null;
    this.#moreHighlights = undefined;
    this.#filterGeneration++;
    this.#view = [...opened.keys()];
    this.#active = opened.length ? 0 : -1;
    this.#list.scrollTop = 0;
    this.#layout();
  }

  #fail(error) {
    this.#setState('failed');
    this.#show([]);
    const detail = { name: String(error?.name || 'Error'), message: String(error?.message ?? error) };
    this.#say(detail.message, true);
    this.dispatchEvent(composedEvent('notes-error', detail));
  }

  #say(text, problem = false) {
    this.#said = { text, problem };
    this.#query = null;
    this.#highlights = null;
    this.#moreHighlights = undefined;
    this.#filterGeneration++;
    this.#showStatus();
  }

  // The list's own message, or while a search filters the list its count ("3 of 5,000 notes") or empty state.
  #showStatus() {
    let { text, problem } = this.#said;
    if (this.#query !== null && this.#state === 'open') {
      const shown = this.#view.length;
      text = shown === 0
        ? `No note matches “${this.#query}”.`
        : `${numberFormat(this).format(shown)} of ${this.#count(this.#opened.length, 'note')}.`;
      problem = false;
    }
    this.#status.textContent = text;
    this.#status.classList.toggle('problem', problem);
  }

  #layout() {
    this.#list.hidden = this.#view.length === 0;
    this.#spacer.style.height = `${this.#view.length * ROW_HEIGHT}px`;
    this.#render();
  }

  #queueRender() {
    if (this.#frameQueued) return;
    this.#frameQueued = true;
    requestAnimationFrame(() => { this.#frameQueued = false; this.#render(); });
  }

  // Only the rows in sight (plus a few) exist; scrolling reuses them.
  #render() {
    const height = this.#list.clientHeight || ROW_HEIGHT * 8;
    const first = Math.max(0, Math.floor(this.#list.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.#view.length, Math.ceil((this.#list.scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
    const rows = [];
    for (let position = first; position < last; position++) rows.push(this.#row(position));
    this.#spacer.replaceChildren(...rows);
    this.#askHighlights(first, last);
    // Only a row that exists may be named (scrolled out of sight, the active row is not drawn).
    if (this.#active >= first && this.#active < last) this.#list.setAttribute('aria-activedescendant', `${this.#id}-${this.#active}`);
    else this.#list.removeAttribute('aria-activedescendant');
  }

  // Rows scrolled into sight past the highlights that came with the results: asked for once, drawn when they come.
  #askHighlights(first, last) {
    if (!this.#moreHighlights) return;
    const positions = [];
    for (let position = first; position < last; position++) {
      if (!this.#asked.has(position)) { this.#asked.add(position); positions.push(position); }
    }
    if (positions.length === 0) return;
    const generation = this.#filterGeneration;
    Promise.resolve(this.#moreHighlights(positions.map((position) => this.#view[position]))).then((segments) => {
      if (generation !== this.#filterGeneration || !Array.isArray(segments)) return;
      positions.forEach((position, i) => { if (segments[i]) this.#highlights[position] = segments[i]; });
      this.#queueRender();
    }, () => {});   // a newer search or a locked list: the rows stay plain
  }

  #row(position) {
    const note = this.#opened[this.#view[position]] ?? { title: 'Opening…', body: '' };
    const row = document.createElement('div');
    row.className = note.error ? 'row damaged' : 'row';
    row.part = 'row';
    row.id = `${this.#id}-${position}`;
    row.role = 'option';
    row.dataset.position = position;
    row.style.top = `${position * ROW_HEIGHT}px`;
    row.setAttribute('aria-selected', String(position === this.#active));
    row.setAttribute('aria-setsize', String(this.#view.length));
    row.setAttribute('aria-posinset', String(position + 1));
    const title = document.createElement('span');
    title.className = 'title';
    title.part = 'title';
    const snippet = document.createElement('span');
    snippet.className = 'snippet';
    snippet.part = 'snippet';
    if (note.error) {
      row.setAttribute('aria-disabled', 'true');
      title.textContent = 'Damaged note';
      snippet.textContent = note.error.message;
    } else if (this.#highlights?.[position] && !this.#describe) {
      // Drawn from the search worker's segments: the matched words and the snippet around the first match.
      // A page's describeNote decides what its rows show (it may mask a note): then no highlights.
      const { title: titleSegments, snippet: snippetSegments } = this.#highlights[position];
      if (note.title) drawSegments(title, titleSegments);
      else title.textContent = 'Untitled';
      drawSegments(snippet, snippetSegments);
    } else {
      let shown = note;
      try {
        if (this.#describe && note.id !== undefined) shown = { ...this.#describe(note) };
      } catch {
        shown = note;
      }
      title.textContent = String(shown.title ?? '') || 'Untitled';
      snippet.textContent = String(shown.snippet ?? shown.body ?? '').slice(0, SNIPPET).replace(/\s+/g, ' ');
    }
    row.append(title, snippet);
    return row;
  }

  #onKey(event) {
    const page = Math.max(1, Math.floor(this.#list.clientHeight / ROW_HEIGHT) - 1);
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -Infinity, End: Infinity };
    if (event.key in moves) {
      event.preventDefault();
      this.#setActive(this.#active + moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.#choose();
    }
  }

  #setActive(position) {
    if (this.#view.length === 0) return;
    this.#active = Math.max(0, Math.min(this.#view.length - 1, Number.isFinite(position) ? position : position < 0 ? 0 : Infinity));
    const top = this.#active * ROW_HEIGHT;
    if (top < this.#list.scrollTop) this.#list.scrollTop = top;
    else if (top + ROW_HEIGHT > this.#list.scrollTop + this.#list.clientHeight) {
      this.#list.scrollTop = top + ROW_HEIGHT - this.#list.clientHeight;
    }
    this.#render();
  }

  #choose() {
    const index = this.#view[this.#active];
    const note = this.#opened[index];
    if (!note || note.error || note.id === undefined) return false;
    this.dispatchEvent(composedEvent('select', { index, id: note.id, title: note.title, body: note.body }));
    return true;
  }
}
