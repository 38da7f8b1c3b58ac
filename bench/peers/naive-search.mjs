// "An app's naive JS" search, the peer that both the search benchmark
// (bench/search.mjs) and the demo's in-page benchmark (demo/bench-peers.js)
// time: on every query, tokenise every note again and run a textbook DP
// against every word, with the specification's semantics (normalisation,
// typo budgets, OSA distance, the last term as a prefix or a finished word,
// the order of version 3) and no index. Checked
// against tests/js/search-reference.js on every keystroke by the benchmark.
// Runs in Node, pages and workers (the demo loads it with import() from a
// classic worker).
import { prefixBudget, termBudget, wordsOf } from '../../common/search-text.js';

let row = new Uint32Array(128);
let prev = new Uint32Array(128);
let before = new Uint32Array(128);

let whole = 0;   // OSA(term, word) of the last call, whatever `prefix` was

// OSA(term, word) (insertions, deletions, substitutions and adjacent
// transpositions), or for a prefix the least distance to any prefix of the
// word (the empty one included): term and word are arrays of code points.
function distance(term, word, prefix) {
  const m = term.length;
  if (m + 1 > row.length) {
    row = new Uint32Array(2 * (m + 1)); prev = new Uint32Array(2 * (m + 1)); before = new Uint32Array(2 * (m + 1));
  }
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = m;
  for (let j = 1; j <= word.length; j++) {
    row[0] = j;
    for (let i = 1; i <= m; i++) {
      row[i] = Math.min(prev[i] + 1, row[i - 1] + 1, prev[i - 1] + (term[i - 1] === word[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && term[i - 1] === word[j - 2] && term[i - 2] === word[j - 1]) {
        row[i] = Math.min(row[i], before[i - 2] + 1);
      }
    }
    before.set(prev.subarray(0, m + 1));
    prev.set(row.subarray(0, m + 1));
    if (prev[m] < best) best = prev[m];
  }
  whole = prev[m];
  return prefix ? best : prev[m];
}

const NONE = 1 << 30;   // no match (an integer, so that >> 1 keeps it the largest)

/** The notes of `texts` that match `query`, best first: {indices, scores} as the indexes give them. */
export function naiveSearch(texts, query) {
  const terms = wordsOf(query).map((t) => Array.from(t));
  if (terms.length === 0) return { indices: Uint32Array.from(texts.keys()), scores: new Uint32Array(texts.length) };
  const hits = [];
  texts.forEach((text, index) => {
    const words = [...new Set(wordsOf(text))].map((w) => Array.from(w));   // re-tokenised on every search
    let score = 0;
    let wholeWord = 0;
    let agreement = 0;
    for (let t = 0; t < terms.length; t++) {
      const last = t === terms.length - 1;
      const m = terms[t].length;
      const k = termBudget(m);
      const kp = last ? prefixBudget(m) : -1;
      // 2 * distance, plus 1 when the word is not at it whole: the least is the
      // best distance, and even when some word reaches it whole (the ranking's
      // tie-break). The last term: a prefix within kp, else the finished word within k.
      let best = NONE;
      let agrees = 0;
      for (const w of words) {
        const d = distance(terms[t], w, last);
        const key = last && d <= kp ? 2 * d + (whole === d ? 0 : 1) : whole <= k ? 2 * whole : NONE;
        const first = w[0] === terms[t][0] ? 1 : 0;
        if (key >> 1 < best >> 1) agrees = first;
        else if (key >> 1 === best >> 1) agrees |= first;
        best = Math.min(best, key);
      }
      if (best === NONE) return;
      score += best >> 1;
      agreement += agrees;
      if (last) wholeWord = 1 - (best & 1);
    }
    hits.push([score, wholeWord, agreement, words.length, index]);
  });
  hits.sort((a, b) => a[0] - b[0] || b[1] - a[1] || b[2] - a[2] || a[3] - b[3] || a[4] - b[4]);
  return { indices: Uint32Array.from(hits, (h) => h[4]), scores: Uint32Array.from(hits, (h) => h[0]) };
}
