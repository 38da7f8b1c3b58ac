// Which words of a result to highlight (for <fuzzy-search>'s default list on
// the page, and in the search worker for a <note-list>'s rows):
// the display counterpart of the index's matching (same normalisation and
// budgets), run only for the few rows shown.
import { prefixBudget, termBudget, wordsOf } from './search-text.js';

const RUN = /[\p{L}\p{N}\p{M}]+/gu;   // marks kept, so a decomposed accent stays inside its word
const ASCII_WORD = /^[A-Za-z0-9]+$/;

let rowA = new Int32Array(72);
let rowB = new Int32Array(72);
let rowC = new Int32Array(72);

// OSA(term, word) <= k (docs/specs/search.md) or, for a prefix, whether some
// prefix of the word is within k. Three reused rows (a transposition reads
// two back), and a stop as soon as a whole row is over k: a keystroke tests
// every word of up to 20 rows of notes, and the plain DP over every word cost
// 2-12 ms of it. The stop holds for transpositions too: D[i-2][j-1] + 1 >=
// D[i-1][j] (the diagonal rises by 0 or 1), so a row over k keeps every later
// row over k.
function within(term, word, k, prefix) {
  const n = term.length;
  if (rowA.length <= n) { rowA = new Int32Array(n + 1); rowB = new Int32Array(n + 1); rowC = new Int32Array(n + 1); }
  let before = rowC;
  let prev = rowA;
  let cur = rowB;
  for (let i = 0; i <= n; i++) prev[i] = i;
  if (prefix && n <= k) return true;
  for (let j = 1; j <= word.length; j++) {
    cur[0] = j;
    let least = j;
    const c = word[j - 1];
    const b = j > 1 ? word[j - 2] : undefined;
    for (let i = 1; i <= n; i++) {
      let value = Math.min(prev[i] + 1, cur[i - 1] + 1, prev[i - 1] + (term[i - 1] === c ? 0 : 1));
      if (i > 1 && term[i - 1] === b && term[i - 2] === c && before[i - 2] + 1 < value) value = before[i - 2] + 1;
      cur[i] = value;
      if (value < least) least = value;
    }
    if (prefix && cur[n] <= k) return true;
    if (least > k) return false;
    [before, prev, cur] = [prev, cur, before];
  }
  return !prefix && prev[n] <= k;
}

/** A predicate telling whether a (normalised) word matches any term of `query`. */
export function wordMatcher(query) {
  const terms = wordsOf(query).map((t, i, all) => {
    const cps = Array.from(t);
    const prefix = i === all.length - 1;
    return { cps, prefix, k: prefix ? prefixBudget(cps.length) : termBudget(cps.length) };
  });
  const cache = new Map();
  return (word) => {
    let hit = cache.get(word);
    if (hit === undefined) {
      const cps = Array.from(word);
      hit = terms.some(({ cps: term, prefix, k }) => (prefix ? cps.length >= term.length - k : Math.abs(cps.length - term.length) <= k)
        && within(term, prefix ? cps.slice(0, term.length + k) : cps, k, prefix));
      cache.set(word, hit);
    }
    return hit;
  };
}

function runMatches(word, matches) {
  // An ASCII letters-and-digits run is its own normalised word, lower-cased.
  return ASCII_WORD.test(word) ? matches(word.toLowerCase()) : wordsOf(word).some(matches);
}

/**
 * A snippet of `text` around its first matching word, as segments
 * `{text, match}` (at most `words` words), `match` marking highlighted words.
 * Reads the text only up to the end of the snippet: a result row is usually a
 * whole note, and testing every word of 20 notes per keystroke cost more main-
 * thread time than drawing the rows.
 */
export function highlightSegments(text, matches, { words = 24, before = 3 } = {}) {
  const found = text.matchAll(RUN);   // lazy: runs past the snippet are never matched
  const next = () => found.next().value ?? null;
  const runs = [];   // every run up to the snippet's end: {start, end, match}
  let first = -1;
  let m;
  while (first < 0 && (m = next()) !== null) {
    const match = runMatches(m[0], matches);
    runs.push({ start: m.index, end: m.index + m[0].length, match });
    if (match) first = runs.length - 1;
  }
  if (runs.length === 0) return [{ text: text.slice(0, 160), match: false }];
  const from = Math.max(0, first - before);
  // After the first match, read on until the snippet is full, then look for one more run.
  while (runs.length < from + words && (m = next()) !== null) {
    runs.push({ start: m.index, end: m.index + m[0].length, match: runMatches(m[0], matches) });
  }
  const to = Math.min(runs.length, from + words);
  const more = to < runs.length || next() !== null;
  const segments = [];
  let at = from === 0 ? 0 : runs[from].start;
  if (from > 0) segments.push({ text: '… ', match: false });
  for (let i = from; i < to; i++) {
    const run = runs[i];
    if (run.start > at) segments.push({ text: text.slice(at, run.start), match: false });
    segments.push({ text: text.slice(run.start, run.end), match: run.match });
    at = run.end;
  }
  if (more) segments.push({ text: ' …', match: false });
  else if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/**
 * For a note's search text (`title + "\n" + body`): its title, every matching
 * word marked, and a snippet of its body around the first match, both as
 * segments `{text, match}`. <note-list> draws these while a <fuzzy-search>
 * filters it; the search worker, which holds the texts, computes them.
 */
export function noteHighlights(text, matches) {
  const cut = text.indexOf('\n');
  const title = cut < 0 ? text : text.slice(0, cut);
  const body = cut < 0 ? '' : text.slice(cut + 1);
  return {
    title: highlightSegments(title, matches, { words: Infinity, before: Infinity }),
    snippet: highlightSegments(body, matches),
  };
}
