// Which words of a result to highlight, for <fuzzy-search>'s default list:
// the display counterpart of the index's matching (same normalisation and
// budgets), run on the main thread only for the few rows shown.
import { wordsOf } from '../../worker/search-text.js';

const RUN = /[\p{L}\p{N}\p{M}]+/gu;   // marks kept, so a decomposed accent stays inside its word

function budget(m, prefix) {
  return prefix ? (m <= 3 ? 0 : m <= 6 ? 1 : 2) : (m <= 2 ? 0 : m <= 5 ? 1 : 2);
}

// Levenshtein(term, word) or, for a prefix, the best over the word's prefixes.
function distance(term, word, prefix) {
  let row = Array.from({ length: term.length + 1 }, (_, i) => i);
  let best = term.length;
  for (let j = 1; j <= word.length; j++) {
    const next = [j];
    for (let i = 1; i <= term.length; i++) {
      next[i] = Math.min(row[i] + 1, next[i - 1] + 1, row[i - 1] + (term[i - 1] === word[j - 1] ? 0 : 1));
    }
    row = next;
    best = Math.min(best, row[term.length]);
  }
  return prefix ? best : row[term.length];
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
        && distance(term, prefix ? cps.slice(0, term.length + k) : cps, prefix) <= k);
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
    runs.push({ start: m.index, end: m.index + m[0].length, match: wordsOf(m[0]).some(matches) });
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
