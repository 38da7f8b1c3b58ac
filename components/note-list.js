// <note-list>: opens a vault's encrypted notes in its notes worker and shows
// them as a virtualized, keyboard-navigable list. The element never touches
// the wasm module: api/notes.js packs the notes, the notes worker opens them.
// Its pieces: the virtual list (internal/virtual-list.js) and its rows
// (internal/note-rows.js), the loader of `src` (internal/notes-loader.js), the
// key from `key-from` (internal/key-intake.js), and the search source's end
// of the feed (internal/search-feed-end.js).
import { ElementBase } from './internal/element-base.js';
import { h, say, statusLine } from './internal/dom.js';
import { VirtualList } from './internal/virtual-list.js';
import { noteRow } from './internal/note-rows.js';
import { fetchNotes } from './internal/notes-loader.js';
import { KeyIntake } from './internal/key-intake.js';
import { SearchFeedEnd, sendOpenTexts } from './internal/search-feed-end.js';
import { SearchFilter } from './internal/search-filter.js';
import styles, { ROW_HEIGHT } from './styles/note-list.js';
import { createNotesWorker } from '../api/notes.js';
import { openForList } from './internal/notes-opening.js';
import { runInSlices } from '../common/slicer.js';

// The status line, then the listbox (hidden while empty) over a spacer as tall as all its rows.
function shadowContent() {
  return [
    statusLine({ id: 'status' }),
    h('div', { class: 'list', part: 'list', id: 'list', role: 'listbox', tabindex: 0, hidden: true },
      h('div', { class: 'spacer', id: 'spacer', role: 'presentation' })),
  ];
}

let nextId = 0;

/** @typedef {import('../api/notes.js').SealedNote} SealedNote */
/** @typedef {import('../api/notes.js').OpenedNote} OpenedNote */
/** @typedef {{title: Array<{text: string, match: boolean}>, snippet: Array<{text: string, match: boolean}>}} RowHighlights */
/** Where a `<note-list>` is (its `state`). @typedef {'empty' | 'locked' | 'opening' | 'open' | 'failed'} NoteListState */

/**
 * A vault's notes, decrypted in a worker and listed (virtualized: thousands of rows stay cheap).
 *
 * @tagname note-list
 * @summary Opens encrypted notes in one worker call and lists them.
 *
 * @attr {string} src - URL of a JSON array of notes ({id, key, title, body}).
 * @attr {string} key-from - The id of a `<vault-unlock>` whose `vault-unlocked` event ({key}) supplies the device key.
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
 * @prop {string} searchUnavailable - Search source: why the notes cannot be searched now, in the list's language
 *   ('' when they can); a `<fuzzy-search for>` is disabled and shows it.
 * @prop {boolean} searchExpected - Search source: false once the list failed (no texts will come until new notes or a key).
 *
 * @fires {CustomEvent<{total: number, opened: number, damaged: number, ms: number}>} notes-opened - Every note was opened (or
 *   found damaged) and `opened` holds them all; also for an empty vault (total 0).
 * @fires {CustomEvent<{state: 'empty' | 'locked' | 'opening' | 'open' | 'failed'}>} notes-state - `state` changed.
 * @fires {CustomEvent<Record<string, never>>} notes-locked - `lock()` emptied the list.
 * @fires {CustomEvent<{cleared: boolean}>} search-source-change - Search source: `searchUnavailable` may have changed,
 *   or the notes opened; `cleared` when the texts are gone (locked, failed: a consumer empties its index and results).
 * @fires {CustomEvent<{index: number, id: string, name: string, message: string}>} notes-damaged - One per damaged note.
 * @fires {CustomEvent<{name: string, message: string}>} notes-error - The whole list failed: `WrongKeyError`, `NetworkError` (`src`), `SyntaxError` (its JSON), `TypeError` (not an array, a bad key), or a worker error.
 * @fires {CustomEvent<{index: number, id: string, title: string, body: string}>} notes-select - A note was chosen (Enter, Space or click, `choose()`).
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
  static styles = styles;
  static observedAttributes = ['src', 'key-from', 'label'];

  // referenceTarget: an element given this list as its aria-controls (a <fuzzy-search for>'s field) means its
  // listbox, which no id from another tree can name (engines without it ignore the option).
  #root = this.createShadow({ mode: 'open', referenceTarget: 'list' }, ...shadowContent());
  #list = this.#root.getElementById('list');
  #status = this.#root.getElementById('status');
  #id = `note-list-${nextId++}`;
  #rows;
  #client;
  #notes;
  #key;
  #opened = [];
  #view = [];
  #generation = 0;
  #state = 'empty';
  #opening = Promise.resolve();
  #stopOpening = () => {};                // ends an open still sending calls (lock, disconnect)
  #said = { key: '', problem: false };    // the list's own message (a term), shown again when a search filter ends
  #filter = new SearchFilter();
  #keyIntake = new KeyIntake(this, 'vault-unlocked', (key) => { this.deviceKey = key; });
  #feed = new SearchFeedEnd({ isOpen: () => this.#state === 'open',
    whenOpened: () => (this.#state === 'opening' ? this.#opening : undefined), send: (ports) => sendOpenTexts(ports, { state: this.#state,
      notes: this.#notes, opened: this.#opened.length, key: this.#key, worker: () => (this.#client ??= createNotesWorker()) }) });
  #describe = undefined;

  constructor() {
    super();
    this.#rows = new VirtualList(this.#list, this.#root.getElementById('spacer'), {
      rowHeight: ROW_HEIGHT, rowId: (position) => `${this.#id}-${position}`,
      drawRow: (position, active) => this.#row(position, active), onDrawn: (first, last) => this.#filter.ask(first, last, this.#view, () => this.#rows.queueRender()) });
    this.#list.addEventListener('keydown', (event) => this.#onKey(event));
    this.#list.addEventListener('click', (event) => {
      const row = event.target.closest('.row');
      if (!row) return;
      this.#rows.setActive(Number(row.dataset.position));
      this.#choose();
    });
  }

  connectedCallback() {
    super.connectedCallback();
    this.upgradeProperties(['notes', 'deviceKey', 'describeNote']);
    this.#keyIntake.listen();
    if (this.hasAttribute('src') && this.#notes === undefined) this.#load(this.getAttribute('src'));
    this.#openIfReady();
    this.#searchSourceChanged(false);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#keyIntake.stop();
    this.#stopOpening();
    this.#client?.terminate('disconnected');
    this.#client = undefined;
  }

  attributeChangedCallback(name, before, value) {
    if (name === 'label') this.#list.setAttribute('aria-label', value ?? this.term('notes.label'));
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

  /** Search source: why the notes cannot be searched now ('' when they can). @type {string} */
  get searchUnavailable() {
    const empty = this.#state === 'empty' || (this.#state === 'open' && this.#opened.length === 0);
    if (empty) return this.term('notes.searchEmpty');
    if (this.#state === 'locked') return this.term('notes.searchLocked');
    return this.#state === 'failed' ? this.term('notes.searchFailed') : '';
  }

  /** Search source: false once the list failed. @type {boolean} */
  get searchExpected() { return this.#state !== 'failed'; }

  #setState(state) {
    if (state === this.#state) return;
    this.#state = state;
    this.emit('notes-state', { state });
    this.#searchSourceChanged(false);
  }

  // Search source: a consumer (a <fuzzy-search for>) updates itself; `cleared` when the texts are gone.
  #searchSourceChanged(cleared) {
    if (this.isConnected) this.emit('search-source-change', { cleared });
  }

  // The element's words again in a new language: the list's label, its message, its rows, and a consumer's view.
  // Rows only when there are some: drawing reads the list's height, which at connection (an empty list) would lay
  // out the page in the middle of the elements' upgrade (12 ms of the demo's first task).
  updateStrings() {
    this.#list.setAttribute('aria-label', this.getAttribute('label') ?? this.term('notes.label'));
    this.#showStatus();
    if (this.#rows.count > 0) this.#rows.render();
    this.#searchSourceChanged(false);
  }

  /**
   * What a row shows for an opened note; undefined for the default.
   * @type {((note: {id: string, title: string, body: string}) => {title: string, snippet: string}) | undefined}
   */
  get describeNote() { return this.#describe; }
  /** @param {((note: {id: string, title: string, body: string}) => {title: string, snippet: string}) | null | undefined} value */
  set describeNote(value) {
    this.#describe = typeof value === 'function' ? value : undefined;
    this.#rows.render();
  }

  /**
   * Search source: `consumer(port, done)` gets a fresh MessagePort at every opening of the notes from now on (and at
   * once when open); the notes worker posts every note's text into it, title + "\n" + body, "" for a damaged note
   * (common/text-feed.js), never through this thread. `done` settles when the sending is over. Hand the port to
   * SearchIndex.feed(); <fuzzy-search for> does.
   * @param {(port: MessagePort, done: Promise<void>) => void} consumer
   * @returns {() => void} disconnects the consumer
   */
  connectSearch(consumer) {
    return this.#feed.connect(consumer);
  }

  /**
   * Search source: the open notes' texts once, as connectSearch() sends them (decrypted again in the notes worker).
   * `done` rejects (and the port gets the error) unless the list is open.
   * @returns {{port: MessagePort, done: Promise<void>}}
   */
  searchFeed() {
    return this.#feed.feed();
  }

  /**
   * Shows the notes at `indices` (positions in `notes`), in that order; no argument shows all. A search's `query`
   * makes the status count the matches; `highlights` (segments per shown row, from the search worker) mark the
   * matched words, and `moreHighlights(noteIndices)` gives them for rows scrolled into sight (docs/api.md).
   * @param {ArrayLike<number> | null} [indices]
   * @param {{query?: string, highlights?: Array<RowHighlights | null>, moreHighlights?: (noteIndices: number[]) => Promise<RowHighlights[]>}} [options]
   */
  filter(indices, { query, highlights, moreHighlights } = {}) {
    const total = this.#opened.length;
    this.#view = indices == null ? [...this.#opened.keys()] : Array.from(indices).filter((i) => Number.isInteger(i) && i >= 0 && i < total);
    this.#filter.set(this.#view, indices, { query, highlights, moreHighlights });
    this.#rows.reset(this.#view.length);
    this.#showStatus();
  }

  /**
   * Chooses the note at `position` in the view (default the active row) and fires `notes-select`, as Enter does;
   * returns whether a note was chosen (not a damaged one). @param {number} [position] @returns {boolean}
   */
  choose(position = this.#rows.active) {
    if (!Number.isInteger(position) || position < 0 || position >= this.#view.length) return false;
    this.#rows.setActive(position);
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

  /** Erases the device key and every plaintext, stops the worker and empties the list. @returns {void} */
  lock() {
    this.#generation++;
    this.#setState(this.#notes?.length ? 'locked' : 'empty');
    this.#key?.fill(0);
    this.#key = undefined;
    this.#opened = [];
    this.#view = [];
    this.#stopOpening();
    this.#client?.terminate('locked');
    this.#client = undefined;
    this.#rows.reset(0);
    this.#say('notes.locked');
    this.emit('notes-locked', {});
    this.#searchSourceChanged(true);
  }

  async #load(url) {
    const generation = ++this.#generation;
    this.#say('notes.loading');
    let notes;
    try {
      notes = await fetchNotes(url, (key, args) => this.term(key, args));
    } catch (error) {
      if (generation === this.#generation) this.#fail(error);
      return;
    }
    if (generation === this.#generation) this.notes = notes;
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
      this.#feed.feedAll();
      this.#say('notes.emptyVault');
      this.emit('notes-opened', { total: 0, opened: 0, damaged: 0, ms: 0 });
      this.#searchSourceChanged(false);
      return;
    }
    if (!this.#key) {
      this.#setState('locked');
      // While the password is typed the notes worker starts and self-tests (no key yet; idle time ends it).
      this.#client ??= createNotesWorker();
      const client = this.#client;
      // The count is said once that worker has loaded the locale data: the page's first number format would load it
      // on this thread (24-33 ms: worker/runtime/locale-data.js). Said all the same if the worker fails.
      const notes = this.#notes;
      const generation = this.#generation;
      const sayCount = () => {
        if (generation !== this.#generation || notes !== this.#notes || this.#state !== 'locked') return;
        this.#say('notes.lockedCount', this.count(notes.length));
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
    this.#say('notes.opening', this.count(notes.length));
    this.#client ??= createNotesWorker();
    // Once the list is locked or removed, no call of the open may start this worker again.
    const stop = new AbortController();
    this.#stopOpening = () => stop.abort();
    let outcome;
    try {
      outcome = await openForList(notes, key, { worker: this.#client, signal: stop.signal,
        searchPorts: (done) => this.#feed.ports(done),
        onFirstRows: (partial) => { if (generation === this.#generation) this.#show(partial); } });
    } catch (error) {
      if (generation === this.#generation) this.#fail(error);
      return;
    }
    if (generation !== this.#generation) return;
    const { opened, damaged, wrongKey } = outcome;
    this.#opened = opened;
    this.#rows.render();
    const ms = performance.now() - start;
    if (wrongKey) {
      this.#fail({ name: 'WrongKeyError', message: this.term('notes.wrongKey', this.count(opened.length)) });
      return;
    }
    if (damaged.length) {
      this.#say('notes.openedDamaged', { opened: this.count(opened.length - damaged.length), damaged: this.count(damaged.length) }, true);
    } else {
      this.#say('notes.opened', this.count(opened.length));
    }
    this.#setState('open');
    this.emit('notes-opened', { total: opened.length, opened: opened.length - damaged.length, damaged: damaged.length, ms });
    this.#searchSourceChanged(false);
    // One event per damaged note, in slices: a vault of damaged notes must not freeze the page.
    await runInSlices(damaged.length, (k) => {
      if (generation !== this.#generation) return;
      const index = damaged[k];
      const { id, error } = opened[index];
      this.emitError('notes-damaged', error, { index, id });
    });
  }

  #show(opened) {
    this.#opened = opened;
    this.#filter.drop();
    this.#view = [...opened.keys()];
    this.#rows.reset(opened.length);
  }

  #fail(error) {
    this.#setState('failed');
    this.#show([]);
    const { message } = this.emitError('notes-error', error);
    this.#say(null, { message }, true);
    this.#searchSourceChanged(true);
  }

  // The status says the term `key` with `args` (null: `args.message` as it is), again in a new language.
  #say(key, args, problem = false) {
    this.#said = { key, args, problem };
    this.#filter.drop();
    this.#showStatus();
  }

  // The list's own message, or while a search filters it the count ("3 of 5,000 notes.") or "No note matches".
  #showStatus() {
    const { key, args, problem: said } = this.#said;
    let text = key === null ? args.message : key && this.term(key, args);
    let problem = said;
    const { query } = this.#filter;
    if (query !== null && this.#state === 'open') {
      const shown = this.#view.length;
      text = shown === 0 ? this.term('notes.noMatch', { query })
        : this.term('notes.matches', { shown: this.count(shown), total: this.count(this.#opened.length) });
      problem = false;
    }
    say(this.#status, text, problem);
  }

  get #rowWords() { return { opening: this.term('notes.rowOpening'), damaged: this.term('notes.rowDamaged'), untitled: this.term('notes.rowUntitled') }; }

  #row(position, active) {
    return noteRow({ note: this.#opened[this.#view[position]], id: `${this.#id}-${position}`, position, size: this.#view.length,
      active, top: position * ROW_HEIGHT, highlights: this.#filter.highlightsAt(position), describe: this.#describe,
      words: this.#rowWords });
  }

  #onKey(event) {
    if (this.#rows.move(event.key)) {
      event.preventDefault();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.#choose();
    }
  }

  #choose() {
    const index = this.#view[this.#rows.active];
    const note = this.#opened[index];
    if (!note || note.error || note.id === undefined) return false;
    this.emit('notes-select', { index, id: note.id, title: note.title, body: note.body });
    return true;
  }
}
