// <fuzzy-search>: a search field that searches on every keystroke, typo
// tolerant, in a worker (api/search.js). It searches its `documents` and lists
// the results itself (internal/result-list.js), or, with `for="ID"`, filters
// and orders its target through that element's filter(indices).
//
// A target that is a search source (docs/api.md, "The search source
// interface": connectSearch(), searchFeed(), searchUnavailable,
// searchExpected and the `search-source-change` event; <note-list> is one)
// needs no page code: the element connects to it, and at every opening the
// source's worker sends every text straight to this element's search worker
// over a MessagePort; the search worker updates only the span that changed
// since the last time. The texts never pass through the page for searching.
// A change with `cleared` (the source locked or failed) empties the index
// (its worker is terminated), the query and the results.
import { ElementBase } from './internal/element-base.js';
import { h } from './internal/dom.js';
import { ResultList } from './internal/result-list.js';
import styles from './styles/fuzzy-search.js';
import { SearchIndex } from '../api/search.js';
import { applySpanDiff } from '../common/search-diff.js';
import { SEARCH_BLOCK_MS } from '../common/constants.js';

// The labelled combobox, the live count, and the own result list.
function shadowContent() {
  return [
    h('div', { class: 'field', part: 'field' },
      h('label', { part: 'label', for: 'input' }),
      h('input', { part: 'input', id: 'input', type: 'search', role: 'combobox', 'aria-expanded': 'false', 'aria-controls': 'results',
        'aria-autocomplete': 'list', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'count' })),
    h('p', { class: 'count', part: 'count', id: 'count', 'aria-live': 'polite', dir: 'auto' }),
    h('ul', { part: 'results', id: 'results', role: 'listbox', 'aria-label': 'Results' }),
  ];
}

let nextId = 0;

/**
 * A `<fuzzy-search>`'s last results (its `results`, and its `search-results` event's detail): the query, the matching
 * positions by score, their scores, the wait from the input to the answer (`ms`) and the search alone (`searchMs`).
 * @typedef {{query: string, indices: Uint32Array, scores: Uint32Array, ms: number, searchMs: number}} FuzzySearchResults
 */

// With a search source target: how many of the first results come with their
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
 *   A target that is a search source (it has `connectSearch()`, as `<note-list>` does: docs/api.md, "The search
 *   source interface") is indexed by itself (it sends the texts to the search worker at every opening; its
 *   `search-source-change` with `cleared` empties the index), and `documents` is ignored; any other target is
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
 * @fires {CustomEvent<{query: string, indices: Uint32Array, scores: Uint32Array, ms: number, searchMs: number}>} search-results - After
 *   every search. `ms`: from the `input` event to the answer on this thread, round trip included. On a
 *   cross-origin-isolated page the answer comes through shared memory in the task of the key (a few ms; the
 *   rows make the frame after the key); elsewhere it comes with the worker's reply, which Chromium runs only
 *   after the frame that follows a real key press (10-16 ms; the rows a frame later). `searchMs`: the search
 *   alone, in the worker.
 * @fires {CustomEvent<{index: number, text: string}>} search-select - A result of the own list was chosen (Enter or click), or with a `for` target that has no
 *   `choose()`, Enter in the field chose the top result.
 * @fires {CustomEvent<{name: string, message: string}>} search-error - Indexing or searching failed.
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
  static styles = styles;
  static observedAttributes = ['label', 'placeholder', 'for', 'max-results'];

  #root = this.createShadow({ mode: 'open', delegatesFocus: true }, ...shadowContent());
  #input = this.#root.getElementById('input');
  #list = this.#root.getElementById('results');
  #count = this.#root.getElementById('count');
  #rows = new ResultList(this.#list, this.#input, `fuzzy-search-${nextId++}`);
  #documents = [];
  #indexed = [];       // what the worker's index holds
  #index;
  #results;
  #highlights;         // the search worker's segments for the first results (a search source target)
  #sync = Promise.resolve();
  #generation = 0;     // bumped when a search source target clears: older jobs are dropped
  #connection;         // {source, disconnect} while following a search source
  #onSourceChange = (event) => this.#sourceChanged(event);
  #onTargetKey = (event) => {
    // Escape in a target this element filters: back to the field (the combobox's popup closes).
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      this.#input.focus();
    }
  };

  constructor() {
    super();
    this.#input.addEventListener('input', () => this.#search());
    this.#input.addEventListener('keydown', (event) => this.#onKey(event));
    this.#list.addEventListener('click', (event) => {
      const row = event.target.closest('li');
      if (row) this.#choose(Number(row.dataset.position));
    });
    this.upgradeProperties(['documents', 'value', 'label', 'placeholder', 'htmlFor', 'maxResults']);
    this.#render();
  }

  connectedCallback() {
    super.connectedCallback();
    document.addEventListener('search-source-change', this.#onSourceChange);
    this.#followTarget();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    document.removeEventListener('search-source-change', this.#onSourceChange);
    this.#disconnectSource();
    this.#dropIndex();
  }

  attributeChangedCallback(name, before, value) {
    if (name === 'for' && before !== value && this.isConnected) {
      this.#disconnectSource();
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
  get label() { return this.getAttribute('label') ?? this.term('search.label'); }
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
  get maxResults() { return this.validAttribute(() => this.integerAttribute('max-results', 0, 0xffffffff, 20), 20); }
  set maxResults(value) { this.setAttribute('max-results', String(value)); }

  /** The last results. @type {FuzzySearchResults | undefined} */
  get results() { return this.#results; }
  /** Which build searches. @type {'simd' | 'scalar' | 'js' | undefined} */
  get path() { return this.#index?.path; }

  get #target() {
    const id = this.getAttribute('for');
    return id ? this.getRootNode().getElementById?.(id) ?? document.getElementById(id) : null;
  }

  // The target when it is a search source (it has connectSearch()), else null.
  get #source() {
    const target = this.#target;
    return typeof target?.connectSearch === 'function' ? target : null;
  }

  // A custom element not defined yet: what it will be is known once it is.
  static #undefinedElement(target) {
    return Boolean(target?.localName.includes('-')) && !customElements.get(target.localName);
  }

  // Indexes `documents`, or connects to a search source target (once its element is defined).
  #followTarget() {
    const target = this.#target;
    this.#updateDisabled();
    if (FuzzySearch.#undefinedElement(target)) {
      customElements.whenDefined(target.localName).then(() => { if (this.isConnected && this.#target === target) this.#followTarget(); });
      return;
    }
    const source = this.#source;
    if (source) this.#connectSource(source);
    else this.#syncIndex();
  }

  #connectSource(source) {
    this.#updateControls();
    if (this.#connection?.source === source) return;
    this.#disconnectSource();
    // Set first: an open source feeds the consumer at once, inside connectSearch().
    const connection = { source, disconnect: () => {} };
    this.#connection = connection;
    const disconnect = source.connectSearch((port, done) => this.#takeFeed(port, done, connection));
    source.addEventListener('keydown', this.#onTargetKey);
    connection.disconnect = () => {
      disconnect();
      source.removeEventListener('keydown', this.#onTargetKey);
    };
    this.#warmFor(connection);
    this.#updateDisabled();
  }

  // Ready the index's worker as soon as there is a source to follow (locked, say),
  // so that its texts find it started when they come. It holds nothing till then.
  #warmFor(connection) {
    if (connection !== this.#connection || this.#index || connection.source.searchExpected === false) return;
    this.#index = new SearchIndex([], { source: () => connection.source.searchFeed() });
    this.#index.warm();
  }

  #disconnectSource() {
    this.#connection?.disconnect();
    this.#connection = undefined;
  }

  // A port from the source's worker: the search worker takes the texts from it directly.
  #takeFeed(port, done, connection) {
    const generation = this.#generation;
    this.#sync = this.#sync.then(async () => {
      if (!this.isConnected || generation !== this.#generation || connection !== this.#connection) {
        port.close();
        return;
      }
      this.#index ??= new SearchIndex([], { source: () => connection.source.searchFeed() });
      await this.#index.feed(port, done);
    }).catch((error) => { if (generation === this.#generation) this.#fail(error); });
    if (this.#input.value !== '' || this.#results) this.#search();
  }

  #sourceChanged(event) {
    const target = this.#target;
    if (!target || event.composedPath()[0] !== target) return;
    const source = this.#source;
    if (source && this.#connection?.source !== source) this.#connectSource(source);   // a source defined or added later
    if (event.detail?.cleared) this.#clear();
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

  // The source cleared: the index's worker is terminated, the query and the results dropped.
  #clear() {
    this.#dropIndex();
    this.#results = undefined;
    this.#input.value = '';
    this.#count.textContent = '';
    this.#rows.clear();
    this.#updateDisabled();
  }

  // The field is disabled while the source has nothing to search, and the count says why.
  #updateDisabled() {
    const reason = this.#source?.searchUnavailable ?? '';
    const was = this.#input.disabled;
    this.#input.disabled = reason !== '';
    if (reason) this.#count.textContent = reason;
    else if (was) this.#count.textContent = '';
  }

  updateStrings() {
    this.#render();
    this.#updateDisabled();
    if (this.#results) this.#show(this.#results);
  }

  #render() {
    this.#root.querySelector('label').textContent = this.label;
    this.#list.setAttribute('aria-label', this.term('search.results'));
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
    if (this.#source) return;   // a search source feeds the index itself
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
    const highlight = this.#source ? HIGHLIGHT_ROWS : 0;
    // blockMs: on a cross-origin-isolated page the answer is taken in this task, through shared memory, and the
    // rows are drawn before the frame after the key (otherwise Chromium delivers it after that frame).
    index.then((searchIndex) => searchIndex?.search(query, { highlight, blockMs: SEARCH_BLOCK_MS, guessNext: true })).then((answer) => {
      if (!answer || generation !== this.#generation) return;
      const results = { query, indices: answer.indices, scores: answer.scores, ms: performance.now() - start, searchMs: answer.searchMs };
      this.#results = results;
      this.#highlights = answer.highlights;
      this.#show(results);
      this.emit('search-results', results);
    }, (error) => {
      if (error?.name !== 'AbortError' && generation === this.#generation) this.#fail(error);
    });
  }

  #show({ query, indices }) {
    const count = indices.length;
    this.#count.textContent = query === '' ? '' : this.term('search.count', this.count(count));
    const target = this.#target;
    if (target && typeof target.filter === 'function') {
      this.#updateControls();
      // The target shows the results: expanded while it has rows to go to (↓ moves into them).
      this.#input.setAttribute('aria-expanded', String(count > 0 && this.#input.hasAttribute('aria-controls')));
      const index = this.#index;
      const more = this.#source && index ? (positions) => index.highlight(query, positions) : undefined;
      target.filter(indices, { query, highlights: this.#highlights, moreHighlights: more });
      return;
    }
    this.#rows.show(indices, this.#indexed, query, query === '' ? 0 : Math.min(count, this.maxResults));
  }

  #onKey(event) {
    const target = this.#target;
    if (target && typeof target.filter === 'function') {
      this.#onKeyFor(event, target);
      return;
    }
    const rows = this.#rows.rows;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (rows.length === 0) return;
      event.preventDefault();
      this.#rows.setActive(this.#rows.active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      const row = rows[this.#rows.active >= 0 ? this.#rows.active : 0];
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
  // opens its top result (its choose(0), which fires its own choice event; a
  // target without one gets `search-select` from this element), Escape clears.
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
    this.emit('search-select', { index: position, text: this.#indexed[position] });
  }

  #fail(error) {
    this.emitError('search-error', error);
  }
}
