// Which words of a result to highlight, for <fuzzy-search>'s default list:
// the display counterpart of the index's matching (same normalisation and
// budgets), run on the main thread only for the few rows shown.
import { wordsOf } from '../../worker/search-text.js';

const RUN = /[\p{L}\p{N}\p{M}]+/gu;   // marks kept, so a decomposed accent stays inside its word
const ASCII_WORD = /^[A-Za-z0-9]+$/;

function budget(m, prefix) {
  return prefix ? (m <= 3 ? 0 : m <= 6 ? 1 : 2) : (m <= 2 ? 0 : m <= 5 ? 1 : 2);
}

let rowA = new Int32Array(72);
let rowB = new Int32Array(72);

// Levenshtein(term, word) <= k or, for a prefix, whether some prefix of the
// word is within k. Two reused rows, and a stop as soon as a whole row is
// over k: a keystroke tests every word of up to 20 rows of notes, and the
// plain DP over every word cost 2-12 ms of it.
function within(term, word, k, prefix) {
  const n = term.length;
  if (rowA.length <= n) { rowA = new Int32Array(n + 1); rowB = new Int32Array(n + 1); }
  let prev = rowA;
  let cur = rowB;
  for (let i = 0; i <= n; i++) prev[i] = i;
  if (prefix && n <= k) return true;
  for (let j = 1; j <= word.length; j++) {
    cur[0] = j;
    let least = j;
    const c = word[j - 1];
    for (let i = 1; i <= n; i++) {
      const value = Math.min(prev[i] + 1, cur[i - 1] + 1, prev[i - 1] + (term[i - 1] === c ? 0 : 1));
      cur[i] = value;
      if (value < least) least = value;
    }
    if (prefix && cur[n] <= k) return true;
    if (least > k) return false;
    [prev, cur] = [cur, prev];
  }
  return !prefix && prev[n] <= k;
}

/** A predicate telling whether a (normalised) word matches any term of `query`. */
export function wordMatcher(query) {
  const terms = wordsOf(query).map((t, i, all) => {
    const cps = Array.from(t);
    const prefix = i === all.length - 1;
    return { cps, prefix, k: budget(cps.length, prefix) };
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

/**
 * A snippet of `text` around its first matching word, as segments
 * `{text, match}` (at most `words` words), `match` marking highlighted words.
 */
export function highlightSegments(text, matches, { words = 24, before = 3 } = {}) {
  const runs = [];
  for (const m of text.matchAll(RUN)) {
    // An ASCII letters-and-digits run is its own normalised word, lower-cased.
    const match = ASCII_WORD.test(m[0]) ? matches(m[0].toLowerCase()) : wordsOf(m[0]).some(matches);
    runs.push({ start: m.index, end: m.index + m[0].length, match });
  }
  if (runs.length === 0) return [{ text: text.slice(0, 160), match: false }];
  const first = Math.max(0, runs.findIndex((r) => r.match));
  const from = Math.max(0, first - before);
  const to = Math.min(runs.length, from + words);
  const segments = [];
  let at = from === 0 ? 0 : runs[from].start;
  if (from > 0) segments.push({ text: '… ', match: false });
  for (let i = from; i < to; i++) {
    const run = runs[i];
    if (run.start > at) segments.push({ text: text.slice(at, run.start), match: false });
    segments.push({ text: text.slice(run.start, run.end), match: run.match });
    at = run.end;
  }
  if (to < runs.length) segments.push({ text: ' …', match: false });
  else if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}
