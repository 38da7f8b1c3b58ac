// <fuzzy-search>: a search field that searches on every keystroke, typo
// tolerant, in a worker (api/search.js). It searches its `documents` and lists
// the results itself, or, with `for="ID"`, filters and orders a <note-list>
// through that element's filter(indices).
//
// With a <note-list> target no page code is needed: the element connects to
// the list (connectSearch), and at every opening the list's notes worker sends
// every note's text, `title + "\n" + body` (a damaged note as ""), straight to
// this element's search worker over a MessagePort; the search worker updates
// only the span that changed since the last time. The texts never pass
// through the page for searching: this element holds none of them.
// `notes-locked` and `notes-error` empty the index (its worker is
// terminated), the query and the results.
import { ElementBase, upgradeProperties } from './internal/element-base.js';
import { SearchIndex } from '../api/search.js';
import { applySpanDiff } from '../common/search-diff.js';
import { highlightSegments, wordMatcher } from './internal/search-highlight.js';
import { SEARCH_BLOCK_MS } from '../common/constants.js';
import { numberFormat } from '../common/number-format.js';

const STYLE = `
:host { display: block; font: inherit; color: var(--fuzzy-search-color, inherit); }
:host([hidden]) { display: none; }
.field { display: grid; gap: 0.25rem; }
label { font-weight: 600; }
input {
  font: inherit; padding: 0.55em 0.7em; min-width: 0;
  color: var(--fuzzy-search-field-color, FieldText);
  background: var(--fuzzy-search-field-background, Field);
  border: 1px solid var(--fuzzy-search-border-color, #6b6f7b);
  border-radius: var(--fuzzy-search-radius, 6px);
}
input:disabled { opacity: 0.65; cursor: not-allowed; }
input:focus-visible { outline: 2px solid var(--fuzzy-search-focus-ring, #3b4fc4); outline-offset: 2px; }
.count { margin: 0.25rem 0; font-size: 0.875em; min-block-size: 1lh; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
li { padding: 0.4em 0.6em; border-radius: var(--fuzzy-search-radius, 6px); cursor: pointer; overflow-wrap: anywhere; }
li[aria-selected="true"] {
  background: var(--fuzzy-search-active-background, #3b4fc4); color: var(--fuzzy-search-active-color, #fff);
}
mark { background: var(--fuzzy-search-mark-background, #ffe58a); color: var(--fuzzy-search-mark-color, #1c1c1c); border-radius: 2px; }
[hidden] { display: none !important; }
`;

const HTML = `
<div class="field" part="field">
  <label part="label" for="input"></label>
  <input part="input" id="input" type="search" role="combobox" aria-expanded="false" aria-controls="results"
    aria-autocomplete="list" autocomplete="off" spellcheck="false" aria-describedby="count">
</div>
<p class="count" part="count" id="count" aria-live="polite"></p>
<ul part="results" id="results" role="listbox" aria-label="Results"></ul>`;

let template;
function shadowContent() {
  template ??= Object.assign(document.createElement('template'), { innerHTML: `<style>${STYLE}</style>${HTML}` });
  return template.content.cloneNode(true);
}

function composedEvent(type, detail) {
  return new CustomEvent(type, { detail, bubbles: true, composed: true });
}

let nextId = 0;

/**
 * A `<fuzzy-search>`'s last results (its `results`, and its `results` event's detail): the query, the matching
 * positions by score, their scores, the wait from the input to the answer (`ms`) and the search alone (`searchMs`).
 * @typedef {{query: string, indices: Uint32Array, scores: Uint32Array, ms: number, searchMs: number}} FuzzySearchResults
 */

const LIST_EVENTS = ['notes-opened', 'notes-locked', 'notes-error', 'notes-state'];
const ROWS_PER_FRAME = 5;
// With a <note-list> target: how many of the first results come with their
// highlighted title and snippet from the search worker: the rows a list of the
// default height draws at the top (7 in sight and 4 of overscan), and one more.
// They delay the answer (2-5 ms for 16 rows in Node on the loaded 2-core host);
// a taller list asks for the rest of its rows itself (moreHighlights).
const HIGHLIGHT_ROWS = 12;

/**
 * A typo-tolerant search field: every keystroke searches (latest wins) in a worker.
 *
 * @tagname fuzzy-search
 * @summary Search as you type, typo tolerant, over `documents` or a `<note-list>`.
 *
 * @attr {string} label - The field's label (default "Search").
 * @attr {string} placeholder - The field's placeholder.
 * @attr {string} for - The id of an element to filter through its `filter(indices)`; the own list is then hidden.
 *   A `<note-list>` target is indexed by itself (its notes worker sends the texts to the search worker at every
 *   opening; `notes-locked` / `notes-error` empty the index), and `documents` is ignored; any other target is
 *   searched over `documents`.
 * @attr {number} max-results - Rows in the default result list (default 20): the first five are drawn with the
 *   answer, the rest five per animation frame (an answer still being drawn gives way to a newer one).
 *
 * @prop {string[]} documents - The texts searched (the index follows changes without a full rebuild).
 * @prop {string} label - Reflects `label`.
 * @prop {string} placeholder - Reflects `placeholder`.
 * @prop {string} htmlFor - Reflects `for`.
 * @prop {number} maxResults - Reflects `max-results`.
 * @prop {string} value - The query.
 * @prop {{query: string, indices: Uint32Array, scores: Uint32Array, ms: number, searchMs: number} | undefined} results - The last results.
 * @prop {'simd' | 'scalar' | 'js' | undefined} path - Which build searches: 'simd', 'scalar' or 'js'.
 *
 * @fires {CustomEvent<{query: string, indices: Uint32Array, scores: Uint32Array, ms: number, searchMs: number}>} results - After
 *   every search. `ms`: from the `input` event to the answer on this thread, round trip included. On a
 *   cross-origin-isolated page the answer comes through shared memory in the task of the key (a few ms; the
 *   rows make the frame after the key); elsewhere it comes with the worker's reply, which Chromium runs only
 *   after the frame that follows a real key press (10-16 ms; the rows a frame later). `searchMs`: the search
 *   alone, in the worker.
 * @fires {CustomEvent<{index: number, text: string}>} select - A result was chosen (Enter or click).
 * @fires {CustomEvent<{name: string, message: string}>} search-error - Searching failed.
 *
 * @csspart field - The label + input pair.
 * @csspart label - The label.
 * @csspart input - The search input.
 * @csspart count - The live count of results.
 * @csspart results - The result list.
 * @csspart result - One result row.
 * @csspart mark - A highlighted word.
 *
 * @cssprop --fuzzy-search-mark-background - Background of highlighted words.
 * @cssprop --fuzzy-search-active-background - Background of the active row.
 */
export class FuzzySearch extends ElementBase {
  static observedAttributes = ['label', 'placeholder', 'for', 'max-results'];

  #documents = [];
  #indexed = [];       // what the worker's index holds
  #index;
  #results;
  #highlights;         // the search worker's segments for the first results (a <note-list> target)
  #active = -1;
  #rowGeneration = 0;  // bumped by every list drawn: rows still queued for an older one are dropped
  #id = `fuzzy-search-${nextId++}`;
  #sync = Promise.resolve();
  #generation = 0;     // bumped when a note-list target locks: older jobs are dropped
  #connection;         // {list, disconnect} while following a <note-list>
  #onListEvent = (event) => this.#listChanged(event);
  #onTargetKey;

  constructor() {
    super();
    this.attachShadow({ mode: 'open', delegatesFocus: true }).append(shadowContent());
    this.#input.addEventListener('input', () => this.#search());
    this.#input.addEventListener('keydown', (event) => this.#onKey(event));
    this.#onTargetKey = (event) => {
      // Escape in a <note-list> this element filters: back to the field (the combobox's popup closes).
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        this.#input.focus();
      }
    };
    this.#list.addEventListener('click', (event) => {
      const row = event.target.closest('li');
      if (row) this.#choose(Number(row.dataset.position));
    });
    upgradeProperties(this, ['documents', 'value', 'label', 'placeholder', 'htmlFor', 'maxResults']);
    this.#render();
  }

  get #input() { return this.shadowRoot.getElementById('input'); }
  get #list() { return this.shadowRoot.getElementById('results'); }

  connectedCallback() {
    for (const type of LIST_EVENTS) document.addEventListener(type, this.#onListEvent);
    this.#followTarget();
  }

  disconnectedCallback() {
    for (const type of LIST_EVENTS) document.removeEventListener(type, this.#onListEvent);
    this.#disconnectList();
    this.#dropIndex();
  }

  attributeChangedCallback(name, before, value) {
    if (name === 'for' && before !== value && this.isConnected) {
      this.#disconnectList();
      this.#dropIndex();
      this.#followTarget();
    }
    this.#render();
    if (this.#results) this.#show(this.#results);
  }

  /** The texts searched. @type {string[]} */
  get documents() { return this.#documents; }
  set documents(value) {
    this.#documents = Array.isArray(value) ? value.map((text) => (typeof text === 'string' ? text : String(text ?? ''))) : [];
    if (this.isConnected) this.#syncIndex();
  }

  /** The query; setting it searches. @type {string} */
  get value() { return this.#input.value; }
  set value(query) {
    this.#input.value = String(query ?? '');
    this.#search();
  }

  /** @type {string} */
  get label() { return this.getAttribute('label') ?? 'Search'; }
  set label(value) { this.setAttribute('label', String(value)); }
  /** @type {string} */
  get placeholder() { return this.getAttribute('placeholder') ?? ''; }
  set placeholder(value) { this.setAttribute('placeholder', String(value)); }
  /** The `for` attribute (named like HTMLLabelElement.htmlFor). @type {string} */
  get htmlFor() { return this.getAttribute('for') ?? ''; }
  set htmlFor(value) {
    if (value) this.setAttribute('for', String(value));
    else this.removeAttribute('for');
  }
  /** @type {number} */
  get maxResults() { return this.#maxResults; }
  set maxResults(value) { this.setAttribute('max-results', String(value)); }

  /** The last results. @type {FuzzySearchResults | undefined} */
  get results() { return this.#results; }
  /** Which build searches. @type {'simd' | 'scalar' | 'js' | undefined} */
  get path() { return this.#index?.path; }

  get #maxResults() {
    const n = Number.parseInt(this.getAttribute('max-results') ?? '', 10);
    return Number.isInteger(n) && n >= 0 ? n : 20;
  }

  get #target() {
    const id = this.getAttribute('for');
    return id ? this.getRootNode().getElementById?.(id) ?? document.getElementById(id) : null;
  }

  // A <note-list> target, upgraded or not yet (then its index waits for it).
  get #listTarget() {
    const target = this.#target;
    return target?.localName === 'note-list' ? target : null;
  }

  // Indexes `documents`, or connects to a <note-list> target (once it is defined).
  #followTarget() {
    const list = this.#listTarget;
    this.#updateDisabled();
    if (!list) {
      this.#syncIndex();
      return;
    }
    if (typeof list.connectSearch === 'function') this.#connectList(list);
    else customElements.whenDefined('note-list').then(() => { if (this.isConnected && this.#listTarget === list) this.#connectList(list); });
  }

  #connectList(list) {
    this.#updateControls();
    if (this.#connection?.list === list) return;
    this.#disconnectList();
    // Set first: an open list feeds the consumer at once, inside connectSearch().
    const connection = { list, disconnect: () => {} };
    this.#connection = connection;
    const disconnect = list.connectSearch((port, done) => this.#takeFeed(port, done, connection));
    list.addEventListener('keydown', this.#onTargetKey);
    connection.disconnect = () => {
      disconnect();
      list.removeEventListener('keydown', this.#onTargetKey);
    };
    this.#warmFor(connection);
    this.#updateDisabled();
  }

  // Ready the index's worker as soon as there is a list to follow (locked, say),
  // so that its texts find it started when the key comes. It holds nothing till then.
  #warmFor(connection) {
    if (connection !== this.#connection || this.#index || connection.list.state === 'failed') return;
    this.#index = new SearchIndex([], { source: () => connection.list.searchFeed() });
    this.#index.warm();
  }

  #disconnectList() {
    this.#connection?.disconnect();
    this.#connection = undefined;
  }

  // A port from the list's notes worker: the search worker takes the texts from it directly.
  #takeFeed(port, done, connection) {
    const generation = this.#generation;
    this.#sync = this.#sync.then(async () => {
      if (!this.isConnected || generation !== this.#generation || connection !== this.#connection) {
        port.close();
        return;
      }
      this.#index ??= new SearchIndex([], { source: () => connection.list.searchFeed() });
      await this.#index.feed(port, done);
    }).catch((error) => { if (generation === this.#generation) this.#fail(error); });
    if (this.#input.value !== '' || this.#results) this.#search();
  }

  #listChanged(event) {
    const list = this.#listTarget;
    if (!list || event.composedPath()[0] !== list) return;
    if (event.type === 'notes-opened') this.#connectList(list);   // a list defined or added after this element
    else if (event.type !== 'notes-state') this.#clear();
    this.#updateDisabled();
  }

  // The index (and its worker) go; anything still queued for them is dropped.
  #dropIndex() {
    this.#generation++;
    this.#index?.destroy();
    this.#index = undefined;
    this.#indexed = [];
    this.#sync = Promise.resolve();
  }

  // The list locked or failed: the index's worker is terminated, the query and the results dropped.
  #clear() {
    this.#dropIndex();
    this.#results = undefined;
    this.#input.value = '';
    this.shadowRoot.getElementById('count').textContent = '';
    this.#rowGeneration++;
    this.#list.replaceChildren();
    this.#input.setAttribute('aria-expanded', 'false');
    this.#setActive(-1);
    this.#updateDisabled();
  }

  // Why there is nothing to search: a <note-list> target locked, failed or without notes ('' otherwise).
  #disabledReason() {
    const list = this.#listTarget;
    if (!list || typeof list.connectSearch !== 'function') return '';
    switch (list.state) {
      case 'locked': return 'The notes are locked: unlock them to search.';
      case 'failed': return 'The notes could not be opened: there is nothing to search.';
      case 'empty': return 'There are no notes to search.';
      case 'open': return list.opened.length === 0 ? 'There are no notes to search.' : '';
      default: return '';
    }
  }

  // The field is disabled while there is nothing to search, and the count says why.
  #updateDisabled() {
    const reason = this.#disabledReason();
    const count = this.shadowRoot.getElementById('count');
    const was = this.#input.disabled;
    this.#input.disabled = reason !== '';
    if (reason) count.textContent = reason;
    else if (was) count.textContent = '';
  }

  #render() {
    this.shadowRoot.querySelector('label').textContent = this.getAttribute('label') ?? 'Search';
    const placeholder = this.getAttribute('placeholder');
    if (placeholder === null) this.#input.removeAttribute('placeholder');
    else this.#input.setAttribute('placeholder', placeholder);
    this.#list.hidden = this.hasAttribute('for');
    this.#updateControls();
  }

  // What the combobox controls: its own list, or with for= the target's. An id cannot name an element in
  // another shadow root, so the target is given as an element (ARIA element reflection, ariaControlsElements):
  // the target itself, which a <note-list> forwards to its listbox (its shadow root's referenceTarget). Where
  // elements cannot be given, the field names no list rather than its own hidden one.
  #updateControls() {
    const input = this.#input;
    const reflects = 'ariaControlsElements' in input;
    if (!this.hasAttribute('for')) {
      if (reflects) input.ariaControlsElements = null;
      input.setAttribute('aria-controls', 'results');
      return;
    }
    const target = this.#target;
    if (reflects && target) input.ariaControlsElements = [target];
    else input.removeAttribute('aria-controls');
    if (!target) input.setAttribute('aria-expanded', 'false');
  }

  // Brings the worker's index to the current documents: built once, then only the changed span.
  #syncIndex() {
    if (this.#listTarget) return;   // a note list feeds the index itself
    const generation = this.#generation;
    this.#sync = this.#sync.then(async () => {
      const target = this.#documents;
      if (!this.isConnected || generation !== this.#generation) return;
      if (!this.#index) {
        this.#index = new SearchIndex(target);
        this.#indexed = target;
        await this.#index.create();
      } else if (target !== this.#indexed) {
        const before = this.#indexed;
        this.#indexed = target;
        await applySpanDiff(this.#index, before, target);
      }
    }).catch((error) => { if (generation === this.#generation) this.#fail(error); });
    if (this.#input.value !== '' || this.#results) this.#search();
  }

  #search() {
    const query = this.#input.value;
    const start = performance.now();
    const generation = this.#generation;
    const index = this.#sync.then(() => this.#index);
    const highlight = this.#listTarget ? HIGHLIGHT_ROWS : 0;
    // blockMs: on a cross-origin-isolated page the answer is taken in this task, through shared memory, and the
    // rows are drawn before the frame after the key (otherwise Chromium delivers it after that frame).
    index.then((searchIndex) => searchIndex?.search(query, { highlight, blockMs: SEARCH_BLOCK_MS, guessNext: true })).then((answer) => {
      if (!answer || generation !== this.#generation) return;
      const results = { query, indices: answer.indices, scores: answer.scores, ms: performance.now() - start, searchMs: answer.searchMs };
      this.#results = results;
      this.#highlights = answer.highlights;
      this.#show(results);
      this.dispatchEvent(composedEvent('results', results));
    }, (error) => {
      if (error?.name !== 'AbortError' && generation === this.#generation) this.#fail(error);
    });
  }

  #show({ query, indices }) {
    const count = indices.length;
    this.shadowRoot.getElementById('count').textContent = query === ''
      ? '' : `${numberFormat(this).format(count)} result${count === 1 ? '' : 's'}`;
    const target = this.#target;
    if (target && typeof target.filter === 'function') {
      this.#updateControls();
      // The target shows the results: expanded while it has rows to go to (↓ moves into them).
      this.#input.setAttribute('aria-expanded', String(count > 0 && this.#input.hasAttribute('aria-controls')));
      const index = this.#index;
      const more = this.#listTarget && index ? (positions) => index.highlight(query, positions) : undefined;
      target.filter(indices, { query, highlights: this.#highlights, moreHighlights: more });
      return;
    }
    const matches = wordMatcher(query);
    const shown = query === '' ? 0 : Math.min(count, this.#maxResults);
    const generation = ++this.#rowGeneration;
    // Rows past the new results go at once; the others are replaced a few per
    // animation frame, the first few in this task. Twenty rows of highlighted
    // snippets in one frame (highlighting, then their layout) took 10-15 ms here,
    // and dropped frames whenever the machine was slower for a moment.
    while (this.#list.children.length > shown) this.#list.lastElementChild.remove();
    this.#setActive(-1);
    this.#input.setAttribute('aria-expanded', String(shown > 0));
    const renderFrom = (first) => {
      if (generation !== this.#rowGeneration) return;   // a newer answer is being shown
      const end = Math.min(shown, first + ROWS_PER_FRAME);
      for (let i = first; i < end; i++) this.#putRow(i, this.#row(i, indices[i], matches));
      if (end < shown) requestAnimationFrame(() => renderFrom(end));
    };
    renderFrom(0);
  }

  #row(i, position, matches) {
    const row = document.createElement('li');
    row.id = `${this.#id}-r${i}`;
    row.setAttribute('role', 'option');
    row.setAttribute('part', 'result');
    row.setAttribute('aria-selected', String(i === this.#active));
    row.dataset.position = String(position);
    // The words between marks go in as one text node: a node per word and per space
    // made ~1,000 layout objects for 20 rows.
    let plain = '';
    for (const { text, match } of highlightSegments(this.#indexed[position] ?? '', matches)) {
      if (!match) { plain += text; continue; }
      const mark = document.createElement('mark');
      mark.setAttribute('part', 'mark');
      mark.textContent = text;
      if (plain) row.append(plain);
      row.append(mark);
      plain = '';
    }
    if (plain) row.append(plain);
    return row;
  }

  // Row i of the list, in place of the one there (same id: aria-activedescendant stays right).
  #putRow(i, row) {
    const old = this.#list.children[i];
    if (old) old.replaceWith(row);
    else this.#list.append(row);
  }

  #setActive(i) {
    const rows = this.#list.children;
    if (this.#active >= 0 && rows[this.#active]) rows[this.#active].setAttribute('aria-selected', 'false');
    this.#active = rows.length === 0 ? -1 : Math.max(-1, Math.min(i, rows.length - 1));
    const row = rows[this.#active];
    if (row) {
      row.setAttribute('aria-selected', 'true');
      row.scrollIntoView?.({ block: 'nearest' });
      this.#input.setAttribute('aria-activedescendant', row.id);
    } else {
      this.#input.removeAttribute('aria-activedescendant');
    }
  }

  #onKey(event) {
    const target = this.#target;
    if (target && typeof target.filter === 'function') {
      this.#onKeyFor(event, target);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (this.#list.children.length === 0) return;
      event.preventDefault();
      this.#setActive(this.#active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      const row = this.#list.children[this.#active >= 0 ? this.#active : 0];
      if (row) {
        event.preventDefault();
        this.#choose(Number(row.dataset.position));
      }
    } else if (event.key === 'Escape') {
      if (this.#input.value === '') return;
      event.preventDefault();
      this.value = '';
    }
  }

  // With for=: ↓ moves the focus into the target's rows (its focus()), Enter
  // opens its top result (its choose(0), which fires `select` there; a target
  // without one gets `select` from this element), Escape clears.
  #onKeyFor(event, target) {
    const found = this.#results?.indices.length > 0;
    if (event.key === 'ArrowDown') {
      if (!found || typeof target.focus !== 'function') return;
      event.preventDefault();
      target.focus();
    } else if (event.key === 'Enter') {
      if (!found) return;
      event.preventDefault();
      if (typeof target.choose === 'function') target.choose(0);
      else this.#choose(this.#results.indices[0]);
    } else if (event.key === 'Escape') {
      if (this.#input.value === '') return;
      event.preventDefault();
      this.value = '';
    }
  }

  #choose(position) {
    this.dispatchEvent(composedEvent('select', { index: position, text: this.#indexed[position] }));
  }

  #fail(error) {
    this.dispatchEvent(composedEvent('search-error', { name: error?.name ?? 'Error', message: error?.message ?? String(error) }));
  }
}
