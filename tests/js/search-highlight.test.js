// The default result list's highlighting: which words of a result match the
// query (same normalisation and budgets as the index), and the snippet around
// the first match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highlightSegments, wordMatcher } from '../../components/internal/search-highlight.js';

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
