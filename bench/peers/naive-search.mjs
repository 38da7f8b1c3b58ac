// "An app's naive JS" search, the peer that both the search benchmark
// (bench/search.mjs) and the demo's in-page benchmark (demo/bench-peers.js)
// time: on every query, tokenise every note again and run a textbook DP
// against every word, with the specification's semantics (normalisation,
// typo budgets, the last term as a prefix, ranking) and no index. Checked
// against tests/js/search-reference.js on every keystroke by the benchmark.
// Runs in Node, pages and workers (the demo loads it with import() from a
// classic worker).
import { prefixBudget, termBudget, wordsOf } from '../../common/search-text.js';

let row = new Uint32Array(128);
let prev = new Uint32Array(128);

// Levenshtein(term, word), or for a prefix the least distance to any prefix of
// the word (the empty one included): term and word are arrays of code points.
function distance(term, word, prefix) {
  const m = term.length;
  if (m + 1 > row.length) { row = new Uint32Array(2 * (m + 1)); prev = new Uint32Array(2 * (m + 1)); }
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = m;
  for (let j = 1; j <= word.length; j++) {
    row[0] = j;
    for (let i = 1; i <= m; i++) {
      row[i] = Math.min(prev[i] + 1, row[i - 1] + 1, prev[i - 1] + (term[i - 1] === word[j - 1] ? 0 : 1));
    }
    prev.set(row.subarray(0, m + 1));
    if (prev[m] < best) best = prev[m];
  }
  return prefix ? best : prev[m];
}

/** The notes of `texts` that match `query`, best first: {indices, scores} as the indexes give them. */
export function naiveSearch(texts, query) {
  const terms = wordsOf(query).map((t) => Array.from(t));
  const hits = [];
  texts.forEach((text, index) => {
    const words = wordsOf(text).map((w) => Array.from(w));   // re-tokenised on every search
    let score = 0;
    for (let t = 0; t < terms.length; t++) {
      const prefix = t === terms.length - 1;
      const m = terms[t].length;
      const k = prefix ? prefixBudget(m) : termBudget(m);
      let best = Infinity;
      for (const w of words) best = Math.min(best, distance(terms[t], w, prefix));
      if (best > k) return;
      score += best;
    }
    hits.push([score, index]);
  });
  hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { indices: Uint32Array.from(hits, (h) => h[1]), scores: Uint32Array.from(hits, (h) => h[0]) };
}
