// The wasm word index (SIMD and scalar builds), the plain-JS word index and
// the per-note wasm scan all give the specification's exact answer
// (tests/js/search-reference.js) on >= 100,000 random queries over random
// corpora: typos, prefixes, multi-term queries, terms of 0..70 code points,
// the empty query, non-ASCII text, typing one key at a time, and notes
// inserted, changed and removed between queries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { referenceSearch } from './search-reference.js';
import { loadWasm } from './wasm-node.js';
import { JsSearchIndex } from '../../worker/search-index-js.js';
import { WasmSearchIndex } from '../../worker/search-ops.js';
import { seededRandom } from '../../bench/lib/seeded-random.mjs';

// The seeded generator, with two helpers, so a failure names its seed.
function rng(seed) {
  const next = seededRandom(seed);
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

const BASE_WORDS = [
  'kubernetes', 'cluster', 'note', 'notes', 'vault', 'garden', 'night', 'search', 'fuzzy', 'typo', 'a', 'an', 'to',
  'café', 'Café', 'cafe\u0301', 'naïve', 'NAIVE', 'Straße', 'strasse', 'λόγος', 'Λόγος', 'αλφα', 'привет', 'Москва',
  '東京都', '検索', 'ｆｕｌｌｗｉｄｔｈ', 'ﬁle', 'İstanbul', 'Ångström', '42', '2026', 'x9', 'ǅemal', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'aaaaaaaa', 'abababab', 'supercalifragilisticexpialidocious',
];
const SEPARATORS = [' ', '  ', ', ', '. ', '-', '🙂', ' 🙂 ', '\n', '_', '’', '/', '\ud800', '\udc00x'];
const LETTERS = Array.from('abcdeéßλжк東1');

function randomLetters(r, length) {
  let s = '';
  for (let i = 0; i < length; i++) s += r.pick(LETTERS);
  return s;
}

// A typo on the code points of `word`: insert, delete, substitute or transpose.
function typo(r, word) {
  const cps = Array.from(word);
  const at = r.int(cps.length + 1);
  switch (r.int(4)) {
    case 0: cps.splice(at, 0, r.pick(LETTERS)); break;
    case 1: cps.splice(at, 1); break;
    case 2: cps[Math.min(at, cps.length - 1)] = r.pick(LETTERS); break;
    default: if (at + 1 < cps.length) [cps[at], cps[at + 1]] = [cps[at + 1], cps[at]];
  }
  return cps.join('');
}

function randomWord(r, vocabulary) {
  const roll = r();
  if (roll < 0.03) return randomLetters(r, 60 + r.int(15));   // longer than 64 after a typo or two
  if (roll < 0.15) return randomLetters(r, 1 + r.int(10));
  return r.pick(vocabulary);
}

function randomText(r, vocabulary) {
  const words = [];
  for (let n = r.int(9); n > 0; n--) words.push(randomWord(r, vocabulary));
  return words.map((w, i) => (i ? r.pick(SEPARATORS) : '') + w).join('');
}

function randomTerm(r, vocabulary) {
  const roll = r();
  if (roll < 0.05) return randomLetters(r, r.int(71));                 // 0..70 code points
  let term = r.pick(vocabulary);
  for (let t = r() < 0.5 ? 0 : 1 + r.int(2); t > 0; t--) term = typo(r, term);
  if (r() < 0.3) term = Array.from(term).slice(0, 1 + r.int(Array.from(term).length)).join('');
  return term;
}

function randomQuery(r, vocabulary) {
  const roll = r();
  if (roll < 0.03) return '';
  if (roll < 0.05) return r.pick(SEPARATORS);
  const terms = [];
  for (let n = r() < 0.5 ? 1 : 2 + r.int(2); n > 0; n--) terms.push(randomTerm(r, vocabulary));
  return terms.join(r.pick(SEPARATORS));
}

function plain(result) {
  return { indices: Array.from(result.indices), scores: Array.from(result.scores) };
}

const simd = await loadWasm('search', true);
const scalar = await loadWasm('search', false);

// Returns how many queries ran, found something, and found something through a typo.
function checkCorpora({ seed, corpora, queriesPerCorpus, wasm }) {
  let queries = 0, matched = 0, typos = 0;
  for (let c = 0; c < corpora; c++) {
    const r = rng(seed * 100003 + c);
    const vocabulary = Array.from({ length: 12 }, () => (r() < 0.7 ? r.pick(BASE_WORDS) : randomLetters(r, 1 + r.int(9))));
    const texts = Array.from({ length: 1 + r.int(8) }, () => randomText(r, vocabulary));
    const indexes = {
      wasm: new WasmSearchIndex(wasm, texts),
      js: new JsSearchIndex(texts),
      perNote: new WasmSearchIndex(wasm, texts, { perNote: true }),
    };
    const check = (query) => {
      const expected = referenceSearch(texts, query);
      for (const [name, index] of Object.entries(indexes)) {
        assert.deepEqual(plain(index.search(query)), expected,
          `${name} index, seed ${seed} corpus ${c}, query ${JSON.stringify(query)}, texts ${JSON.stringify(texts)}`);
      }
      queries++;
      if (expected.indices.length > 0) matched++;
      if (expected.scores.some((score) => score > 0)) typos++;
    };
    for (let q = 0; q < queriesPerCorpus; q++) {
      const roll = r();
      if (roll < 0.1) {
        // One key at a time, after an optional complete first term.
        const head = r() < 0.5 ? `${randomTerm(r, vocabulary)} ` : '';
        const word = randomTerm(r, vocabulary);
        let typed = head;
        for (const ch of word) { typed += ch; check(typed); }
      } else if (roll < 0.16) {
        const position = r.int(texts.length + 1);
        const action = r.int(3);
        const text = randomText(r, vocabulary);
        for (const index of Object.values(indexes)) {
          if (action === 0) index.insert(position, [text]);
          else if (position < texts.length && action === 1) index.set(position, [text]);
          else if (position < texts.length) index.remove(position, 1);
        }
        if (action === 0) texts.splice(position, 0, text);
        else if (position < texts.length && action === 1) texts[position] = text;
        else if (position < texts.length) texts.splice(position, 1);
        check(randomQuery(r, vocabulary));
      } else {
        check(randomQuery(r, vocabulary));
      }
    }
    indexes.wasm.destroy();
    indexes.perNote.destroy();
  }
  return { queries, matched, typos };
}

// The random queries must exercise matches and typos, not just empty answers.
function assertCoverage({ queries, matched, typos }, atLeast) {
  assert.ok(queries >= atLeast, `only ${queries} queries`);
  assert.ok(matched > queries * 0.3, `only ${matched} of ${queries} queries matched a note`);
  assert.ok(typos > queries * 0.05, `only ${typos} of ${queries} queries matched through a typo`);
}

test('SIMD wasm index, JS index and per-note SIMD scan equal the reference on 80,000+ random queries', () => {
  assertCoverage(checkCorpora({ seed: 1, corpora: 1600, queriesPerCorpus: 45, wasm: simd }), 80000);
});

test('scalar wasm index, JS index and per-note scalar scan equal the reference on 20,000+ random queries', () => {
  assertCoverage(checkCorpora({ seed: 2, corpora: 400, queriesPerCorpus: 45, wasm: scalar }), 20000);
});

test('the reference itself: hand-checked answers (café, Straße, typos, prefixes, scores, ties)', () => {
  const texts = ['Café au lait', 'a naive cafe', 'Straße', 'STRASSE kubernetes', 'Кубернетес'];
  assert.deepEqual(referenceSearch(texts, 'cafe'), { indices: [0, 1], scores: [0, 0] });
  assert.deepEqual(referenceSearch(texts, 'naïve caf'), { indices: [1], scores: [0] });
  assert.deepEqual(referenceSearch(texts, 'strase'), { indices: [2, 3], scores: [1, 1] });   // prefix, kp = 1
  assert.deepEqual(referenceSearch(texts, 'kubernets'), { indices: [3], scores: [1] });
  assert.deepEqual(referenceSearch(texts, 'xyz'), { indices: [], scores: [] });
  assert.deepEqual(referenceSearch(texts, ''), { indices: [0, 1, 2, 3, 4], scores: [0, 0, 0, 0, 0] });
  assert.deepEqual(referenceSearch(texts, 'кубер'), { indices: [4], scores: [0] });
  assert.deepEqual(referenceSearch(texts, 'lait cafe'), { indices: [0], scores: [0] });
  assert.deepEqual(referenceSearch(texts, 'lat cafe'), { indices: [0], scores: [1] });    // "lat" k = 1
});
