// The default result list's highlighting: which words of a result match the
// query (same normalisation and budgets as the index), and the snippet around
// the first match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highlightSegments, wordMatcher } from '../../components/internal/search-highlight.js';
import { osaDistance, prefixBudget, prefixOsaDistance, termBudget } from '../../fixtures/search-reference.js';
import { searchCorpus } from '../../fixtures/search-corpus.js';
import { wordsOf as wordsOfRun } from '../../common/search-text.js';

const marked = (segments) => segments.filter((s) => s.match).map((s) => s.text);

test('marks the words within the typo budget, the last term as a prefix', () => {
  const text = 'Kubernetes clusters and a kubelet, not kettles';
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('kubernets clust'))), ['Kubernetes', 'clusters']);
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('kube'))), ['Kubernetes', 'kubelet']);
});

test('a transposition is one typo: "reprot" marks report and reports, "quartely reprot" the quarterly report', () => {
  const text = 'The quarterly report, weekly reports, a reporter and a portal';
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('reprot'))), ['report', 'reports', 'reporter']);
  assert.deepEqual(marked(highlightSegments(text, wordMatcher('quartely reprot'))), ['quarterly', 'report', 'reports', 'reporter']);
  // Optimal string alignment: "xyzcaw" is 3 from "xyzabcw" (2 if a substring could be edited twice), over its k = 2.
  assert.deepEqual(marked(highlightSegments('xyzabcw z', wordMatcher('xyzcaw z'))), ['z']);
  assert.deepEqual(marked(highlightSegments('xyzacbw z', wordMatcher('xyzcaw z'))), ['xyzacbw', 'z']);
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

test('a word is marked exactly when the specification\'s OSA table puts it within a term\'s budget (20,000 random pairs)', () => {
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
      return i === terms.length - 1 ? prefixOsaDistance(t, w) <= prefixBudget(t.length) : osaDistance(t, w) <= termBudget(t.length);
    });
    assert.equal(wordMatcher(terms.join(' '))(candidate), expected, `terms "${terms.join(' ')}", word "${candidate}"`);
    if (expected) marked++;
  }
  assert.ok(marked > 500 && marked < 19500, `both answers occur often among the random pairs (${marked} marked)`);
});

// The snippet stated plainly: every run of the whole text tested, then the window cut out of it.
function wholeTextSnippet(text, matches, { words = 24, before = 3 } = {}) {
  const runs = [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length,
    match: wordsOfRun(m[0]).some(matches) }));
  if (runs.length === 0) return [{ text: text.slice(0, 160), match: false }];
  const from = Math.max(0, Math.max(0, runs.findIndex((r) => r.match)) - before);
  const to = Math.min(runs.length, from + words);
  const segments = from > 0 ? [{ text: '… ', match: false }] : [];
  let at = from === 0 ? 0 : runs[from].start;
  for (let i = from; i < to; i++) {
    if (runs[i].start > at) segments.push({ text: text.slice(at, runs[i].start), match: false });
    segments.push({ text: text.slice(runs[i].start, runs[i].end), match: runs[i].match });
    at = runs[i].end;
  }
  if (to < runs.length) segments.push({ text: ' …', match: false });
  else if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

test('the snippet read up to its end equals the one cut from every run of the text (corpus notes and short texts)', () => {
  const notes = searchCorpus({ count: 300, wordsPerNote: 60, seed: 11 });
  const texts = [...notes, '', '   ', '!!', 'one', 'one two', 'a\u0301 b', '🙂 café 🙂', 'x '.repeat(30), 'needle', 'w '.repeat(40) + 'needle'];
  const queries = ['', 'k', 'ca', 'cafe', 'the', 'needle', 'w', 'report quartely', 'zzzzzz', 'один', '東京', 'kubernetes'];
  let compared = 0;
  for (const query of queries) {
    const matches = wordMatcher(query);
    for (const text of texts) {
      for (const options of [undefined, { words: 1, before: 0 }, { words: 5, before: 3 }, { words: 10, before: 12 }]) {
        assert.deepEqual(highlightSegments(text, matches, options), wholeTextSnippet(text, matches, options),
          `query "${query}", options ${JSON.stringify(options)}, text ${JSON.stringify(text.slice(0, 60))}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 10000, `${compared} snippets compared`);
});

test('the hand-scanned runs equal the regex\'s on random text of every kind of character (lone surrogates, astral, marks)', () => {
  let seed = 23;
  const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
  // Letters and digits of several scripts, marks (alone and after letters), astral letters and digits, emoji with
  // ZWJ and a skin tone, separators, and lone high and low surrogates.
  const pieces = ['a', 'Z', '7', 'é', 'e\u0301', '\u0301', 'ß', 'ǅ', 'Σ', 'ς', 'я', '東', '٣', '²', 'Ⅻ', '𝐀', '𝟘', '𠀀',
    '🙂', '👩\u200d💻', '👍🏽', ' ', '  ', '\n', ',', '-', '_', '\u00a0', '\u200b', '\ud800', '\udc00', '\ud83d', 'ﬁ', 'Ａ'];
  const queries = ['', 'a', 'e', 'ee', 'aaz', 'za7', '東', 'σ', '𝐀', 'abcdef', 'ab z'];
  let compared = 0;
  for (let n = 0; n < 1500; n++) {
    const text = Array.from({ length: Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const matches = wordMatcher(queries[n % queries.length]);
    for (const options of [undefined, { words: 2, before: 1 }, { words: Infinity, before: Infinity }]) {
      assert.deepEqual(highlightSegments(text, matches, options), wholeTextSnippet(text, matches, options),
        `text ${JSON.stringify(text)}, options ${JSON.stringify(options)}`);
      compared++;
    }
  }
  assert.equal(compared, 4500);
});
