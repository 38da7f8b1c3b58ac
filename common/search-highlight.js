// Which words of a result to highlight (for <fuzzy-search>'s default list on
// the page, and in the search worker for a <note-list>'s rows):
// the display counterpart of the index's matching (same normalisation and
// budgets), run only for the few rows shown.
import { prefixBudget, termBudget, wordsOf } from './search-text.js';

const RUN_CHAR = /^[\p{L}\p{N}\p{M}]$/u;   // marks kept, so a decomposed accent stays inside its word

// 1 = in a run, 2 = not, 0 = not looked up yet; ASCII filled in at once.
const runClass = new Uint8Array(65536);
for (let c = 0; c < 128; c++) runClass[c] = /[A-Za-z0-9]/.test(String.fromCharCode(c)) ? 1 : 2;

// The code units a run character takes at `i` (1 or 2), or 0 for a character between runs. A lone
// surrogate is not a letter, digit or mark, so it ends a run, as it does for the regex /[\p{L}\p{N}\p{M}]+/u.
function runCharAt(text, i) {
  const cp = text.codePointAt(i);
  if (cp < 65536) {
    let c = runClass[cp];
    if (c === 0) runClass[cp] = c = RUN_CHAR.test(String.fromCharCode(cp)) ? 1 : 2;
    return c === 1 ? 1 : 0;
  }
  return RUN_CHAR.test(String.fromCodePoint(cp)) ? 2 : 0;
}

// The runs of `text` (maximal runs of letters, digits and marks) one at a time, as {start, end, ascii}, or null
// after the last. A hand scan: the regex's matchAll over 12 notes cost 2-3 ms of a keystroke's highlights
// (Node), and only the first few runs of a note are usually read.
function runScanner(text) {
  let at = 0;
  return () => {
    let start = at;
    while (start < text.length && runCharAt(text, start) === 0) start += text.codePointAt(start) > 0xffff ? 2 : 1;
    if (start >= text.length) { at = start; return null; }
    let end = start;
    let ascii = true;
    for (let width; end < text.length && (width = runCharAt(text, end)) > 0; end += width) {
      if (text.charCodeAt(end) >= 128) ascii = false;
    }
    at = end;
    return { start, end, ascii };
  };
}

let rowA = new Int32Array(72);
let rowB = new Int32Array(72);
let rowC = new Int32Array(72);
let wordCps = new Int32Array(72);

// OSA(term, word[0..length)) <= k (docs/specs/search.md) or, for a prefix,
// whether some prefix of the word is within k; both as code points. Three
// reused rows (a transposition reads two back), and a stop as soon as a whole
// row is over k: a keystroke tests every word of up to 20 rows of notes, and
// the plain DP over every word cost 2-12 ms of it. The stop holds for
// transpositions too: D[i-2][j-1] + 1 >= D[i-1][j] (the diagonal rises by 0
// or 1), so a row over k keeps every later row over k.
function within(term, word, length, k, prefix) {
  const n = term.length;
  if (rowA.length <= n) { rowA = new Int32Array(n + 1); rowB = new Int32Array(n + 1); rowC = new Int32Array(n + 1); }
  let before = rowC;
  let prev = rowA;
  let cur = rowB;
  for (let i = 0; i <= n; i++) prev[i] = i;
  if (prefix && n <= k) return true;
  for (let j = 1; j <= length; j++) {
    cur[0] = j;
    let least = j;
    const c = word[j - 1];
    const b = j > 1 ? word[j - 2] : -1;
    for (let i = 1; i <= n; i++) {
      let value = Math.min(prev[i] + 1, cur[i - 1] + 1, prev[i - 1] + (term[i - 1] === c ? 0 : 1));
      if (i > 1 && term[i - 1] === b && term[i - 2] === c && before[i - 2] + 1 < value) value = before[i - 2] + 1;
      cur[i] = value;
      if (value < least) least = value;
    }
    if (prefix && cur[n] <= k) return true;
    if (least > k) return false;
    const spare = before;
    before = prev;
    prev = cur;
    cur = spare;
  }
  return !prefix && prev[n] <= k;
}

// The code points of `word` into the shared wordCps; returns how many. No array per word: the matcher sees
// ~1,400 words a keystroke, and Array.from() of each was a fifth of the highlighting (Node profile).
function codePointsOf(word) {
  if (wordCps.length < word.length) wordCps = new Int32Array(word.length * 2);
  let count = 0;
  for (let i = 0; i < word.length; count++) {
    const cp = word.codePointAt(i);
    wordCps[count] = cp;
    i += cp > 0xffff ? 2 : 1;
  }
  return count;
}

/** A predicate telling whether a (normalised) word matches any term of `query`. */
export function wordMatcher(query) {
  const terms = wordsOf(query).map((t, i, all) => {
    const cps = Int32Array.from(t, (ch) => ch.codePointAt(0));
    const prefix = i === all.length - 1;
    return { cps, prefix, k: prefix ? prefixBudget(cps.length) : termBudget(cps.length) };
  });
  const cache = new Map();
  const matches = (word) => {
    let hit = cache.get(word);
    if (hit === undefined) {
      const length = codePointsOf(word);
      hit = terms.some(({ cps: term, prefix, k }) => (prefix
        ? length >= term.length - k && within(term, wordCps, Math.min(length, term.length + k), k, true)
        : Math.abs(length - term.length) <= k && within(term, wordCps, length, k, false)));
      cache.set(word, hit);
    }
    return hit;
  };
  // Whether a word of `length` code points could match some term (the length bounds checked above), so that a
  // run too short or too long for every term is passed over without making its string.
  matches.mayFit = (length) => terms.some(({ cps, prefix, k }) => (prefix ? length >= cps.length - k : Math.abs(length - cps.length) <= k));
  return matches;
}

function runMatches(text, { start, end, ascii }, matches) {
  if (ascii && matches.mayFit && !matches.mayFit(end - start)) return false;
  const word = text.slice(start, end);
  // An ASCII letters-and-digits run is its own normalised word, lower-cased.
  return ascii ? matches(word.toLowerCase()) : wordsOf(word).some(matches);
}

/**
 * A snippet of `text` around its first matching word, as segments
 * `{text, match}` (at most `words` words), `match` marking highlighted words.
 * Reads the text only up to the end of the snippet: a result row is usually a
 * whole note, and testing every word of 20 notes per keystroke cost more main-
 * thread time than drawing the rows.
 */
export function highlightSegments(text, matches, { words = 24, before = 3 } = {}) {
  const next = runScanner(text);   // lazy: runs past the snippet are never matched
  const runs = [];   // every run up to the snippet's end: {start, end, ascii, match}
  let first = -1;
  let run;
  while (first < 0 && (run = next()) !== null) {
    run.match = runMatches(text, run, matches);
    runs.push(run);
    if (run.match) first = runs.length - 1;
  }
  if (runs.length === 0) return [{ text: text.slice(0, 160), match: false }];
  const from = Math.max(0, first - before);
  // After the first match, read on until the snippet is full, then look for one more run.
  while (runs.length < from + words && (run = next()) !== null) {
    run.match = runMatches(text, run, matches);
    runs.push(run);
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
