// docs/specs/search.md (version 3), written as plainly as possible: the
// specification the tests hold every index to. Slow on purpose (the full OSA
// table against every word of every note); used only by tests.

function normalize(text) {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words as arrays of code points. */
export function referenceWords(text) {
  return (normalize(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => Array.from(word));
}

// d[i][j] = OSA(a[0..i), b[0..j)): the specification's table, insertions,
// deletions, substitutions and adjacent transpositions costing 1 each.
function table(a, b) {
  const d = [];
  for (let i = 0; i <= a.length; i++) {
    d[i] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) { d[i][j] = j; continue; }
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d;
}

/** The optimal string alignment distance (restricted Damerau-Levenshtein) of two arrays of code points. */
export function osaDistance(a, b) {
  return table(a, b)[a.length][b.length];
}

/**
 * The distance of `term` to the closest prefix of `word` (empty and whole word
 * included): the minimum of the table's last row, OSA(term, word[0..j)) for every j.
 */
export function prefixOsaDistance(term, word) {
  return Math.min(...table(term, word)[term.length]);
}

// The budgets are written out here again on purpose, not imported from
// common/search-text.js: this file is the independent specification every
// index, the highlighting and the naive peer are compared against, so a wrong
// threshold in the shipped code must make those comparisons fail rather than
// change the expected answers with it.
export function termBudget(length) {
  return length <= 2 ? 0 : length <= 5 ? 1 : 2;
}

export function prefixBudget(length) {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

/** {indices, scores} for `query` over `texts`, as the specification defines them. */
export function referenceSearch(texts, query) {
  return createReference(texts)(query);
}

/**
 * The same, for many queries over one corpus: the texts are split into words
 * once, and each term's distances to each distinct word are computed once (a
 * pure function, so remembering it changes nothing but the time).
 */
export function createReference(texts) {
  const notes = texts.map((text) => [...new Set(referenceWords(text).map((word) => word.join('')))]);
  return (query) => {
    const terms = referenceWords(query);
    const remembered = terms.map(() => new Map());
    // {prefix, whole}: the term's prefix distance and whole-word distance to `word`.
    const distances = (t, word) => {
      let d = remembered[t].get(word);
      if (d === undefined) {
        const cps = Array.from(word);
        d = { prefix: prefixOsaDistance(terms[t], cps), whole: osaDistance(terms[t], cps) };
        remembered[t].set(word, d);
      }
      return d;
    };
    // The term's distance to `word` as the specification's matching rule counts
    // it, or Infinity when it does not match: a complete term within k; the
    // last term as a prefix within kp, else as a finished word within k.
    const matchDistance = (t, word) => {
      const d = distances(t, word);
      const k = termBudget(terms[t].length);
      if (t < terms.length - 1) return d.whole <= k ? d.whole : Infinity;
      if (d.prefix <= prefixBudget(terms[t].length)) return d.prefix;
      return d.whole <= k ? d.whole : Infinity;
    };
    // No terms: every note, score 0, in corpus order (the specification's special case).
    if (terms.length === 0) return { indices: notes.map((_, i) => i), scores: notes.map(() => 0) };
    const hits = [];
    notes.forEach((words, index) => {
      let score = 0;
      let wholeWord = false;
      let agreement = 0;
      for (let t = 0; t < terms.length; t++) {
        const best = Math.min(...words.map((word) => matchDistance(t, word)));
        if (best === Infinity) return;
        score += best;
        const matched = words.filter((word) => matchDistance(t, word) === best);
        // Order rule 3: some matched word begins with the term's first code point.
        if (matched.some((word) => word.codePointAt(0) === terms[t][0].codePointAt(0))) agreement++;
        // Order rule 2: some word reaches the last term's best distance as a whole word.
        if (t === terms.length - 1) wholeWord = words.some((word) => distances(t, word).whole === best);
      }
      hits.push({ index, score, wholeWord, agreement, length: words.length });
    });
    hits.sort((a, b) => a.score - b.score || Number(b.wholeWord) - Number(a.wholeWord) || b.agreement - a.agreement
      || a.length - b.length || a.index - b.index);
    return { indices: hits.map((h) => h.index), scores: hits.map((h) => h.score) };
  };
}
