// The search filtering a <note-list> (its filter(indices, {query, highlights,
// moreHighlights})): the query the status counts against, and the segments
// that mark the matched words per shown row: those that came with the results,
// and those asked for once as rows scroll into sight past them.

export class SearchFilter {
  query = null;          // the query of the search filtering the list, or null
  #highlights = null;    // per view position: segments from the search worker (sparse)
  #more;                 // asks the search for the segments of rows scrolled into sight
  #asked = new Set();    // view positions whose segments were asked for
  #generation = 0;

  /**
   * A search's answer shown: `view` (the note indices kept of `indices`) under `query`.
   * Highlights count only when every index was kept (they are per position of `indices`).
   */
  set(view, indices, { query, highlights, moreHighlights } = {}) {
    this.query = typeof query === 'string' && query.trim() !== '' && indices != null ? query : null;
    const whole = this.query !== null && view.length === (indices?.length ?? 0);
    this.#highlights = whole && Array.isArray(highlights) ? highlights.slice() : null;
    this.#more = whole && this.#highlights && typeof moreHighlights === 'function' ? moreHighlights : undefined;
    this.#asked = new Set(this.#highlights ? this.#highlights.keys() : []);
    this.#generation++;
  }

  /** No search filters the list any more. */
  drop() {
    this.query = null;
    this.#highlights = null;
    this.#more = undefined;
    this.#generation++;
  }

  /** The segments `{title, snippet}` of the row at `position`, if the search gave them. */
  highlightsAt(position) {
    return this.#highlights?.[position];
  }

  /**
   * Rows first..last-1 are in sight: asks once for the segments of those without, and calls `redraw`
   * when they come (not if a newer search or a lock came first).
   * @param {number[]} view  the note index of each position
   */
  ask(first, last, view, redraw) {
    if (!this.#more) return;
    const positions = [];
    for (let position = first; position < last; position++) {
      if (!this.#asked.has(position)) { this.#asked.add(position); positions.push(position); }
    }
    if (positions.length === 0) return;
    const generation = this.#generation;
    Promise.resolve(this.#more(positions.map((position) => view[position]))).then((segments) => {
      if (generation !== this.#generation || !Array.isArray(segments)) return;
      positions.forEach((position, i) => { if (segments[i]) this.#highlights[position] = segments[i]; });
      redraw();
    }, () => {});   // a newer search or a locked list: the rows stay plain
  }
}
