// <fuzzy-search>'s own result list (without `for`): a listbox of the first
// results with the matched words marked, drawn a few rows per animation frame,
// and the active row the field's aria-activedescendant names.
import { highlightSegments, wordMatcher } from './search-highlight.js';

const ROWS_PER_FRAME = 5;

export class ResultList {
  #list;
  #input;
  #id;
  #generation = 0;   // bumped by every list drawn: rows still queued for an older one are dropped
  active = -1;

  /** @param {HTMLElement} list  the listbox  @param {HTMLInputElement} input  the combobox  @param {string} id */
  constructor(list, input, id) {
    this.#list = list;
    this.#input = input;
    this.#id = id;
  }

  get rows() { return this.#list.children; }

  /**
   * Shows the first `shown` of `indices` (positions in `texts`) with the words of `query` marked. Rows past the new
   * results go at once; the others are replaced a few per animation frame, the first few in this task. Twenty rows of
   * highlighted snippets in one frame (highlighting, then their layout) took 10-15 ms here, and dropped frames
   * whenever the machine was slower for a moment.
   */
  show(indices, texts, query, shown) {
    const matches = wordMatcher(query);
    const generation = ++this.#generation;
    while (this.#list.children.length > shown) this.#list.lastElementChild.remove();
    this.setActive(-1);
    this.#input.setAttribute('aria-expanded', String(shown > 0));
    const renderFrom = (first) => {
      if (generation !== this.#generation) return;   // a newer answer is being shown
      const end = Math.min(shown, first + ROWS_PER_FRAME);
      for (let i = first; i < end; i++) this.#putRow(i, this.#row(i, indices[i], texts[indices[i]] ?? '', matches));
      if (end < shown) requestAnimationFrame(() => renderFrom(end));
    };
    renderFrom(0);
  }

  clear() {
    this.#generation++;
    this.#list.replaceChildren();
    this.#input.setAttribute('aria-expanded', 'false');
    this.setActive(-1);
  }

  #row(i, position, text, matches) {
    const row = document.createElement('li');
    row.id = `${this.#id}-r${i}`;
    row.setAttribute('role', 'option');
    row.setAttribute('part', 'result');
    row.setAttribute('aria-selected', String(i === this.active));
    row.dataset.position = String(position);
    // The words between marks go in as one text node: a node per word and per space
    // made ~1,000 layout objects for 20 rows.
    let plain = '';
    for (const { text: piece, match } of highlightSegments(text, matches)) {
      if (!match) { plain += piece; continue; }
      const mark = document.createElement('mark');
      mark.setAttribute('part', 'mark');
      mark.textContent = piece;
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

  setActive(i) {
    const rows = this.#list.children;
    if (this.active >= 0 && rows[this.active]) rows[this.active].setAttribute('aria-selected', 'false');
    this.active = rows.length === 0 ? -1 : Math.max(-1, Math.min(i, rows.length - 1));
    const row = rows[this.active];
    if (row) {
      row.setAttribute('aria-selected', 'true');
      row.scrollIntoView?.({ block: 'nearest' });
      this.#input.setAttribute('aria-activedescendant', row.id);
    } else {
      this.#input.removeAttribute('aria-activedescendant');
    }
  }
}
