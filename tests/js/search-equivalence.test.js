// The wasm word index (SIMD and scalar builds), the plain-JS word index and
// the per-note wasm scan all give the specification's exact answer, version 5
// (fixtures/search-reference.js: OSA distance, the last term as a prefix or a
// finished word, the order by tier, turn, key, agreement and commonness, terms
// that match no word dropped when another term matches), each
// on more than 100,000 random queries over random corpora: typos (half of
// them transpositions, often at the start or the end of a word), repeated
// letters ("aab" / "aba"), prefixes, multi-term queries, terms of 0..70 code
// points, the empty query, non-ASCII text, typing one key at a time, and
// notes inserted, changed and removed between queries. Then the named
// cases on the benchmark's corpus, on every path and the naive peer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { osaDistance, prefixOsaDistance, referenceSearch } from '../../fixtures/search-reference.js';
import { searchCorpus } from '../../fixtures/search-corpus.js';
import { naiveSearch } from '../../fixtures/peers/naive-search.mjs';
import { wordsOf } from '../../common/search-text.js';
import { loadWasm } from './wasm-node.js';
import { JsSearchIndex } from '../../worker/search-index-js.js';
import { WasmSearchIndex } from '../../worker/search-ops.js';
import { seededRandom } from '../../fixtures/seeded-random.mjs';

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
  // Repeated letters and near twins, where transpositions and the whole-word rule matter.
  'aab', 'aba', 'baa', 'abba', 'aabb', 'abab', 'report', 'reports', 'reporting', 'upgrade', 'upgraded', 'quarterly',
];
const SEPARATORS = [' ', '  ', ', ', '. ', '-', '🙂', ' 🙂 ', '\n', '_', '’', '/', '\ud800', '\udc00x'];
const LETTERS = Array.from('abcdeéßλжк東1');

function randomLetters(r, length) {
  let s = '';
  for (let i = 0; i < length; i++) s += r.pick(LETTERS);
  return s;
}

// A typo on the code points of `word`: insert, delete, substitute, or (half
// the time) transpose two adjacent code points: anywhere, the first two, or the last two.
function typo(r, word) {
  const cps = Array.from(word);
  const at = r.int(cps.length + 1);
  const swap = (i) => { if (i >= 0 && i + 1 < cps.length) [cps[i], cps[i + 1]] = [cps[i + 1], cps[i]]; };
  switch (r.int(6)) {
    case 0: cps.splice(at, 0, r.pick(LETTERS)); break;
    case 1: cps.splice(at, 1); break;
    case 2: cps[Math.min(at, cps.length - 1)] = r.pick(LETTERS); break;
    case 3: swap(0); break;
    case 4: swap(cps.length - 2); break;
    default: swap(at);
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

// Whether the whole-word rule reorders `expected`: some equal-score run is not in corpus order.
function tieBroken({ indices, scores }) {
  return indices.some((index, i) => i > 0 && scores[i] === scores[i - 1] && index < indices[i - 1]);
}

const simd = await loadWasm('search', true);
const scalar = await loadWasm('search', false);

// Returns how many queries ran, found something, found something through a
// typo, and had ties reordered by the whole-word rule. Every query is checked
// on both wasm builds, the JS index and the per-note scan (SIMD and scalar by turns).
function checkCorpora({ seed, corpora, queriesPerCorpus }) {
  let queries = 0, matched = 0, typos = 0, reordered = 0;
  for (let c = 0; c < corpora; c++) {
    const r = rng(seed * 100003 + c);
    const vocabulary = Array.from({ length: 12 }, () => (r() < 0.7 ? r.pick(BASE_WORDS) : randomLetters(r, 1 + r.int(9))));
    const texts = Array.from({ length: 1 + r.int(8) }, () => randomText(r, vocabulary));
    const indexes = {
      simd: new WasmSearchIndex(simd, texts),
      scalar: new WasmSearchIndex(scalar, texts),
      js: new JsSearchIndex(texts),
      perNote: new WasmSearchIndex(c % 2 ? scalar : simd, texts, { perNote: true }),
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
      if (tieBroken(expected)) reordered++;
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
    indexes.simd.destroy();
    indexes.scalar.destroy();
    indexes.perNote.destroy();
  }
  return { queries, matched, typos, reordered };
}

// The random queries must exercise matches, typos and the whole-word rule, not just empty answers.
function assertCoverage({ queries, matched, typos, reordered }, atLeast) {
  assert.ok(queries >= atLeast, `only ${queries} queries`);
  assert.ok(matched > queries * 0.3, `only ${matched} of ${queries} queries matched a note`);
  assert.ok(typos > queries * 0.05, `only ${typos} of ${queries} queries matched through a typo`);
  // About 0.5% of the random answers have a tie the whole-word rule reorders (the named tests below add more).
  assert.ok(reordered > queries * 0.003, `only ${reordered} of ${queries} answers reordered by the whole-word rule`);
}

// Two halves (two seeds), so that each reports on its own; together more than
// 100,000 queries, each on all four paths.
test('SIMD and scalar wasm indexes, JS index and per-note scans equal the reference on 50,000+ random queries (seed 1)', (t) => {
  const coverage = checkCorpora({ seed: 1, corpora: 770, queriesPerCorpus: 45 });
  t.diagnostic(JSON.stringify(coverage));
  assertCoverage(coverage, 50000);
});

test('SIMD and scalar wasm indexes, JS index and per-note scans equal the reference on 50,000+ random queries (seed 2)', (t) => {
  const coverage = checkCorpora({ seed: 2, corpora: 770, queriesPerCorpus: 45 });
  t.diagnostic(JSON.stringify(coverage));
  assertCoverage(coverage, 50000);
});

// Every path on one corpus: the reference's answer, checked on each.
function everyPath(texts) {
  const indexes = {
    simd: new WasmSearchIndex(simd, texts),
    scalar: new WasmSearchIndex(scalar, texts),
    js: new JsSearchIndex(texts),
    perNote: new WasmSearchIndex(simd, texts, { perNote: true }),
    naive: { search: (query) => naiveSearch(texts, query) },
  };
  return {
    search(query) {
      const expected = referenceSearch(texts, query);
      for (const [name, index] of Object.entries(indexes)) {
        assert.deepEqual(plain(index.search(query)), expected, `${name}, query ${JSON.stringify(query)}`);
      }
      return expected;
    },
    destroy() { for (const name of ['simd', 'scalar', 'perNote']) indexes[name].destroy(); },
  };
}

const hasWord = (text, word) => wordsOf(text).includes(word);

// The benchmark's corpus (Zipf over common words, "report" and "quarterly"
// among them), cut to 600 notes, with notes that hold only longer forms.
const CORPUS = [
  ...searchCorpus({ count: 600, wordsPerNote: 40, seed: 7 }),
  'the weekly reports are late', 'reporting lines', 'we upgraded the cluster', 'upgrades pending',
  'time to upgrade the server', 'quarterly reporting', 'the quarterly report is due', 'Quarterly: the report.',
];

test('reprot finds report', () => {
  const paths = everyPath(CORPUS);
  const { indices, scores } = paths.search('reprot');
  const withReport = CORPUS.flatMap((text, i) => (hasWord(text, 'report') ? [i] : []));
  assert.ok(withReport.length > 10);
  // Every note with "report" is found, at score 1 (one transposition), the first of them first
  // (the whole word before "reports" and "reporting", also 1 away as prefixes, in the first turn).
  assert.deepEqual(indices.filter((i) => withReport.includes(i)).sort((a, b) => a - b), withReport);
  assert.ok(withReport.includes(indices[0]));
  assert.ok(scores.every((score) => score === 1));
  assert.ok(indices.includes(CORPUS.indexOf('the weekly reports are late')));
  paths.destroy();
});

test('quartely reprot finds the quarterly report', () => {
  const paths = everyPath(CORPUS);
  const { indices, scores } = paths.search('quartely reprot');
  const both = CORPUS.flatMap((text, i) => (hasWord(text, 'quarterly') && hasWord(text, 'report') ? [i] : []));
  assert.ok(both.length >= 2);
  // "quartely" is 1 from "quarterly", "reprot" 1 from "report": score 2, one of those notes first.
  assert.ok(both.includes(indices[0]));
  assert.deepEqual(indices.filter((i) => both.includes(i)).map((i) => scores[indices.indexOf(i)]), both.map(() => 2));
  assert.ok(indices.includes(CORPUS.indexOf('quarterly reporting')));
  paths.destroy();
});

test('upgarde ranks the note with upgrade first', () => {
  const paths = everyPath(CORPUS);
  const { indices, scores } = paths.search('upgarde');
  // One transposition from "upgrade" (Levenshtein: 2, tied with thousands of
  // words); "upgraded" and "upgrades" are 1 from it only as prefixes, so rank after it.
  assert.equal(indices[0], CORPUS.indexOf('time to upgrade the server'));
  assert.equal(scores[0], 1);
  assert.ok(indices.indexOf(CORPUS.indexOf('we upgraded the cluster')) > 0);
  assert.ok(indices.indexOf(CORPUS.indexOf('upgrades pending')) > 0);
  paths.destroy();
});

test('the whole-word rule on every path: "report" ranks the note with the word above the one with "reports"', () => {
  const texts = ['weekly reports', 'a reporting line', 'the report', 'reports and a report', 'reprots'];
  const paths = everyPath(texts);
  // "reprots" is 1 from "report" as a prefix ("reprot"), never whole: last.
  assert.deepEqual(paths.search('report'), { indices: [2, 3, 0, 1, 4], scores: [0, 0, 0, 0, 1] });
  // A transposition at the start; "reprots" is 2 away. A typo: one note of each word first
  // ("report" whole, then "reports" in two notes and "reporting" in one), then the second "report".
  assert.deepEqual(paths.search('erport'), { indices: [2, 0, 1, 3], scores: [1, 1, 1, 1] });
  // At the end: "reprots" itself (no typo) first; then the first turn, "reports" (1 away whole),
  // "report" (2, whole) and "reporting" (2, a prefix); then the second note with "reports".
  assert.deepEqual(paths.search('reprots'), { indices: [4, 0, 2, 1, 3], scores: [0, 1, 2, 2, 1] });
  paths.destroy();
  // Repeated letters: "aba" is 1 from "baa" (complete term, k = 1); "abab" 1 from
  // "aabb" whole, "abba" only through its prefix "abb".
  const twins = everyPath(['aba', 'aab', 'baa x', 'abba', 'abab']);
  assert.deepEqual(twins.search('aba x'), { indices: [2], scores: [1] });
  // "aba" last: "aab" is 1 from it only whole (a transposition; kp = 0 for 3 code points), which version 3 counts.
  assert.deepEqual(twins.search('aab aba'), { indices: [0, 1, 4], scores: [1, 1, 1] });
  // "baa" begins with the term's "b" (agreement): first of those at 1; "aab" is 2 away (budget 2 at 4 code points).
  assert.deepEqual(twins.search('baba'), { indices: [2, 0, 3, 4, 1], scores: [1, 1, 1, 1, 2] });
  assert.deepEqual(twins.search('aabb'), { indices: [1, 4, 3, 0], scores: [1, 1, 1, 2] });
  twins.destroy();
});

// Version 3 (issue 32). Each fails on version 2: the finished last word and the order among equal scores.
test('a finished short last word with a typo matches: teh finds the, adn finds and, whn finds when', () => {
  const texts = ['the cat sat', 'and then some', 'a theorem', 'say when', 'tehran is far'];
  const paths = everyPath(texts);
  // "teh" (3 code points: kp 0, k 1): "tehran" as a prefix at 0 first, then "the" whole at 1 (a transposition).
  const teh = paths.search('teh');
  assert.equal(teh.indices[0], 4);
  assert.equal(teh.scores[0], 0);
  assert.ok(teh.indices.includes(0), 'teh finds "the"');
  assert.equal(teh.scores[teh.indices.indexOf(0)], 1);
  assert.ok(paths.search('adn').indices.includes(1), 'adn finds "and"');
  assert.ok(paths.search('whn').indices.includes(3), 'whn finds "when"');
  // Two code points: budget 0 either way, so "hte" finds "the" but "ht" finds nothing.
  assert.deepEqual(paths.search('ht'), { indices: [], scores: [] });
  // A complete term before it still uses its own budget.
  assert.deepEqual(paths.search('cat teh'), { indices: [0], scores: [1] });
  paths.destroy();
  // Nonsense stays unanswered: 3 edits from every word and prefix.
  const far = everyPath(texts);
  assert.deepEqual(far.search('qxzvw'), { indices: [], scores: [] });
  far.destroy();
});

// Version 4. Each fails without its rule: the turns (version 3 put both "account" notes
// first), commonness (position would put "amount" first), the tier of notes with no typo
// (the turns alone would put "over" before the second "government"), the budget of 2 at 4
// code points ("ahev" found nothing).
test('a typo shows one note of each equally near word first: agreeing, then the commonest, then a second note of each', () => {
  const texts = [
    'we count the coins and count again',                 // "count": 1 from "acount", does not begin with a
    'a long note about the amount of money we spent here', // "amount": 1, agrees, in 1 note
    'account closed',                                      // "account": 1, agrees, in 2 notes
    'the account',
  ];
  const paths = everyPath(texts);
  // All at score 1, all whole. First turn: "account" (agrees, 2 notes), "amount" (agrees, 1), "count"; then "account" again.
  assert.deepEqual(paths.search('acount'), { indices: [2, 1, 0, 3], scores: [1, 1, 1, 1] });
  // Two terms: agreement counts per term.
  assert.deepEqual(paths.search('coins acount'), { indices: [0], scores: [1] });
  paths.destroy();
});

test('a note whose matched words tie is represented by the first in code point order, not by character id', () => {
  // "bat" and "cat" are both 1 from "aat", neither agrees, both in 2 notes: note 0's
  // representative is "bat" (code point order; its character ids, c before b, say "cat").
  const paths = everyPath(['cat bat', 'cat', 'bat']);
  assert.deepEqual(paths.search('aat'), { indices: [0, 1, 2], scores: [1, 1, 1] });
  paths.destroy();
});

test('notes reached with no typo come first, every one of them, before a word one typo away', () => {
  const paths = everyPath(['over the hill', 'government', 'governor', 'the government again']);
  // "gover" begins "government" (2 notes) and "governor" (1): one of each, then the second
  // "government"; "over" (1 away whole) after all of them.
  assert.deepEqual(paths.search('gover'), { indices: [1, 2, 3, 0], scores: [0, 0, 0, 1] });
  paths.destroy();
});

test('a finished word of 4 code points may have 2 typos: ahev finds have, nonsense still nothing', () => {
  const paths = everyPath(['we have it', 'a hive of bees']);
  assert.deepEqual(paths.search('ahev'), { indices: [0], scores: [2] });
  assert.deepEqual(paths.search('we ahev'), { indices: [0], scores: [2] });
  assert.deepEqual(paths.search('qxzvw'), { indices: [], scores: [] });
  paths.destroy();
});

// Version 5. Each fails on version 4, which answered nothing whenever one term matched no word.
test('a term that matches no word of any note is dropped when another term matches: the other terms answer', () => {
  const texts = ['we receive letters', 'the garden in spring', 'gardens and walls', 'a garden letter'];
  const paths = everyPath(texts);
  const garden = paths.search('garden');
  assert.deepEqual(garden, { indices: [1, 3, 2], scores: [0, 0, 0] });
  // "xqzvw" is 3 or more edits from every word and prefix: the query answers as "garden".
  assert.deepEqual(paths.search('xqzvw garden'), garden);
  // Dropped last: "garden" becomes the last term, so "gardens" still matches as a prefix.
  assert.deepEqual(paths.search('garden xqzvw'), garden);
  // "recieve" (1 transposition from "receive") kept; the nonsense around it dropped.
  assert.deepEqual(paths.search('qzxvw recieve xqzvw'), paths.search('recieve'));
  assert.deepEqual(paths.search('recieve xqzvw').indices, [0]);
  // Both terms match some word, no note holds both: nothing, as before.
  assert.deepEqual(paths.search('recieve garden'), { indices: [], scores: [] });
  // Every term matches nothing: nothing.
  assert.deepEqual(paths.search('xqzvw qzxvw'), { indices: [], scores: [] });
  // A single nonsense word stays unanswered.
  assert.deepEqual(paths.search('xqzvw'), { indices: [], scores: [] });
  // Typed key by key (the indexes keep the typed last term's near entries aside while "garden"
  // answers, and rescan them on the next key): "garden" answers on every key from "x" on.
  for (const typed of ['garden x', 'garden xq', 'garden xqz', 'garden xqzv', 'garden xqzvw', 'garden xqzvwk',
    'garden xqzvwkj', 'garden xqzvwkjp', 'garden gardxq', 'garden gardens']) paths.search(typed);
  assert.deepEqual(paths.search('garden xqzvwkjp'), garden);
  paths.destroy();
});

test('the reference itself: hand-checked answers (café, Straße, typos, transpositions, prefixes, scores, ties)', () => {
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
  assert.deepEqual(referenceSearch(texts, 'strasse'), { indices: [3, 2], scores: [0, 2] });
  assert.deepEqual(referenceSearch(texts, 'kuberentes'), { indices: [3], scores: [1] });  // a transposition costs 1
  // "aclt" is 3 from "lait" and matches no word: dropped, "cafe" answers (version 5; version 4 answered nothing).
  assert.deepEqual(referenceSearch(texts, 'aclt cafe'), { indices: [0, 1], scores: [0, 0] });
  assert.deepEqual(referenceSearch(texts, 'aclt xyz'), { indices: [], scores: [] });
  // Optimal string alignment, not unrestricted Damerau-Levenshtein: no substring edited twice.
  assert.equal(osaDistance(Array.from('ca'), Array.from('abc')), 3);
  assert.equal(osaDistance(Array.from('reprot'), Array.from('report')), 1);
  assert.equal(prefixOsaDistance(Array.from('reprot'), Array.from('reports')), 1);
  assert.equal(osaDistance(Array.from('reprot'), Array.from('reports')), 2);
});
