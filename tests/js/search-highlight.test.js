// The default result list's highlighting: which words of a result match the
// query (same normalisation and budgets as the index), and the snippet around
// the first match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highlightSegments, wordMatcher } from '../../components/internal/search-highlight.js';
import { levenshtein, prefixBudget, prefixLevenshtein, termBudget } from './search-reference.js';

const marked = (segments) => segments.filter((s) => s.match).map((s) => s.text);

test('marks the words within the typo budget, the last term as a prefix', () => {
  const text = 'Kubernetes clusters and a kubelet, not kettles';
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('kubernets clust'))), ['Kubernetes', 'clusters']);
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('kube'))), ['Kubernetes', 'kubelet']);
});

test('matches accented, decomposed and cased forms and keeps the original text in the segments', () => {
  const text = 'Un cafe\u0301 à Zürich, STRASSE und Straße';
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('cafe'))), ['cafe\u0301']);
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('zurich'))), ['Zürich']);
  // "straße" is within 2 of the prefix "strasse" (kp = 2 at seven code points).
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('strasse'))), ['STRASSE', 'Straße']);
  assert.equal(highlightSegments(text, wordMatcher('cafe')).map((s) => s.text).join(''), text);
});

test('a long text is cut to a snippet that starts a few words before the first match', () => {
  const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
  words[60] = 'needle';
  const segments = highlightSegments(words.join(' '), wordMatcher('needle'), { words: 10, before: 3 });
  const snippet = segments.map((s) => s.text).join('');
  assert.equal(snippet, '… w57 w58 w59 needle w61 w62 w63 w64 w65 w66 …');
  assert.deepEqual(marked(segments), ['needle']);
});

test('an empty query marks nothing', () => {
  assert.deepEqual(marked(highlightSegments('some text here', wordMatcher(''))), []);
});

test('a word is marked exactly when the specification\'s DP puts it within a term\'s budget (20,000 random pairs)', () => {
  let seed = 7;
  const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
  // Normalised letters only (the matcher is given normalised words), one of them astral.
  const letters = ['a', 'b', 'ß', '𠀀'];
  const word = (max) => Array.from({ length: 1 + Math.floor(random() * max) }, () => letters[Math.floor(random() * letters.length)]).join('');
  let marked = 0;
  for (let n = 0; n < 20000; n++) {
    const terms = Array.from({ length: 1 + Math.floor(random() * 2) }, () => word(9));
    const candidate = word(11);
    const expected = terms.some((term, i) => {
      const t = Array.from(term);
      const w = Array.from(candidate);
      return i === terms.length - 1 ? prefixLevenshtein(t, w) <= prefixBudget(t.length) : levenshtein(t, w) <= termBudget(t.length);
    });
    assert.equal(wordMatcher(terms.join(' '))(candidate), expected, `terms "${terms.join(' ')}", word "${candidate}"`);
    if (expected) marked++;
  }
  assert.ok(marked > 500 && marked < 19500, `both answers occur often among the random pairs (${marked} marked)`);
});
