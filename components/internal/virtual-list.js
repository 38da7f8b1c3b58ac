// The virtual list under <note-list>: a listbox of thousands of rows where only
// the rows in sight (and a few more) exist, absolutely placed on a spacer of
// the whole height, reused as it scrolls; the active row (aria-activedescendant)
// and the keys that move it.

const OVERSCAN = 4;

export class VirtualList {
  #list;
  #spacer;
  #rowHeight;
  #drawRow;       // (position, active) => the row element
  #onDrawn;       // (first, last) => void, after each drawing
  #frameQueued = false;
  count = 0;
  active = -1;

  /**
   * @param {HTMLElement} list  the scrolling listbox
   * @param {HTMLElement} spacer  its one child, as tall as every row
   * @param {{rowHeight: number, drawRow: (position: number, active: boolean) => HTMLElement,
   *   rowId: (position: number) => string, onDrawn?: (first: number, last: number) => void}} options
   */
  constructor(list, spacer, { rowHeight, drawRow, rowId, onDrawn = () => {} }) {
    this.#list = list;
    this.#spacer = spacer;
    this.#rowHeight = rowHeight;
    this.#drawRow = drawRow;
    this.rowId = rowId;
    this.#onDrawn = onDrawn;
    list.addEventListener('scroll', () => this.queueRender());
  }

  /** `count` rows from the top, the first active (none when empty). */
  reset(count) {
    this.count = count;
    this.active = count ? 0 : -1;
    this.#list.scrollTop = 0;
    this.layout();
  }

  layout() {
    this.#list.hidden = this.count === 0;
    this.#spacer.style.height = `${this.count * this.#rowHeight}px`;
    this.render();
  }

  queueRender() {
    if (this.#frameQueued) return;
    this.#frameQueued = true;
    requestAnimationFrame(() => { this.#frameQueued = false; this.render(); });
  }

  // Only the rows in sight (plus a few) exist; scrolling reuses them.
  render() {
    const list = this.#list;
    const height = list.clientHeight || this.#rowHeight * 8;
    const first = Math.max(0, Math.floor(list.scrollTop / this.#rowHeight) - OVERSCAN);
    const last = Math.min(this.count, Math.ceil((list.scrollTop + height) / this.#rowHeight) + OVERSCAN);
    const rows = [];
    for (let position = first; position < last; position++) rows.push(this.#drawRow(position, position === this.active));
    this.#spacer.replaceChildren(...rows);
    this.#onDrawn(first, last);
    // Only a row that exists may be named (scrolled out of sight, the active row is not drawn).
    if (this.active >= first && this.active < last) list.setAttribute('aria-activedescendant', this.rowId(this.active));
    else list.removeAttribute('aria-activedescendant');
  }

  /** Makes `position` the active row (clamped; ±Infinity for the ends) and scrolls it into sight. */
  setActive(position) {
    if (this.count === 0) return;
    this.active = Math.max(0, Math.min(this.count - 1, Number.isFinite(position) ? position : position < 0 ? 0 : Infinity));
    const top = this.active * this.#rowHeight;
    const list = this.#list;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + this.#rowHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + this.#rowHeight - list.clientHeight;
    this.render();
  }

  /** Moves the active row for a navigation key; true when the key was one. */
  move(key) {
    const page = Math.max(1, Math.floor(this.#list.clientHeight / this.#rowHeight) - 1);
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -Infinity, End: Infinity };
    if (!(key in moves)) return false;
    this.setActive(this.active + moves[key]);
    return true;
  }
}
