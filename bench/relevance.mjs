// `npm run bench -- relevance`: how good the answers are, on real text and real
// typos nobody here wrote (bench/data/relevance/README.md: 5,000 paragraphs of
// three Project Gutenberg books, 3,153 misspellings from Wikipedia's list and
// Norvig's Birkbeck test sets, 200 nonsense words). Each misspelling is typed
// as a query alone, then after a second word taken from a note that holds the
// intended word; a query succeeds when a note holding the intended word is in
// the first ten answers. Figures: success in the top 10, MRR@10 (1 / the rank
// of the first such note, 0 past ten), and how many nonsense words (3 or more
// edits from every word and prefix of the corpus) get any answer at all.
// Ours (the wasm index when built, else the JS index: both give the
// specification's answers, tests/js/search-equivalence.test.js) against
// MiniSearch, uFuzzy and FlexSearch, each set up as its docs say for typo-tolerant search.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { nodeEnv } from './lib/node-env.mjs';
import { seededRandom } from '../fixtures/seeded-random.mjs';
import { JsSearchIndex } from '../worker/search-index-js.js';
import { WasmSearchIndex } from '../worker/search-ops.js';
import { referenceWords } from '../fixtures/search-reference.js';
import { PEERS } from './relevance/peers.mjs';
import { relevanceData } from './relevance/data.mjs';

const TOP = 10;

/** The queries: each misspelling alone, and after a second word from a note that holds the intended word. */
export function relevanceQueries({ notes, misspellings }) {
  const holders = new Map();   // word -> notes holding it, in corpus order
  const wordsOf = notes.map((text, n) => {
    const words = [...new Set(referenceWords(text).map((w) => w.join('')))];
    for (const word of words) {
      if (!holders.has(word)) holders.set(word, []);
      holders.get(word).push(n);
    }
    return words;
  });
  const random = seededRandom(3253);
  return {
    holders,
    queries: misspellings.map(({ typed, intended }) => {
      const holding = holders.get(intended);
      const note = holding[Math.floor(random() * holding.length)];
      // A second word of 4 or more letters from that note, not the intended word itself.
      const others = wordsOf[note].filter((w) => w !== intended && w.length >= 4 && /^\p{L}+$/u.test(w));
      const second = others.length ? others[Math.floor(random() * others.length)] : undefined;
      return { typed, intended, withSecond: second ? `${second} ${typed}` : undefined };
    }),
  };
}

/** {top10, mrr, top10Second, nonsenseAnswered, misses} of one searcher: (query) -> note ids in rank order. */
export function score(search, { holders, queries }, nonsense) {
  let found = 0, reciprocal = 0, foundSecond = 0, second = 0;
  const misses = [];
  const rank = (answer, intended) => {
    const holding = new Set(holders.get(intended));
    const at = answer.slice(0, TOP).findIndex((id) => holding.has(id));
    return at < 0 ? 0 : at + 1;
  };
  for (const q of queries) {
    const r = rank(search(q.typed), q.intended);
    if (r) { found++; reciprocal += 1 / r; } else misses.push(`${q.typed}>${q.intended}`);
    if (q.withSecond) {
      second++;
      if (rank(search(q.withSecond), q.intended)) foundSecond++;
    }
  }
  const nonsenseAnswered = nonsense.filter((word) => search(word).length > 0).length;
  return { top10: found / queries.length, mrr: reciprocal / queries.length, top10Second: foundSecond / second,
    nonsenseAnswered, nonsense: nonsense.length, queries: queries.length, misses };
}

const notesOf = ({ indices }) => Array.from(indices);
// Ours: the wasm index (what the elements run) and the plain-JS index (the fallback); the same answers.
const OURS = {
  ours: {
    label: 'ours (wasm index, SIMD)',
    async prepare(root) {
      const wasm = await nodeEnv(root).emscripten('search', { simd: true });
      return (texts) => { const index = new WasmSearchIndex(wasm, texts); return (q) => notesOf(index.search(q)); };
    },
  },
  'ours-js': {
    label: 'ours (plain-JS index)',
    async prepare() { return (texts) => { const index = new JsSearchIndex(texts); return (q) => notesOf(index.search(q)); }; },
  },
};

const f3 = (x) => x.toFixed(3);

export default {
  title: 'relevance on real text and real misspellings',
  async run({ root, contenders }) {
    const started = performance.now();
    const data = relevanceData();
    const plan = relevanceQueries(data);
    const wanted = contenders ?? ['ours', ...Object.keys(PEERS)];
    const all = [];
    for (const id of wanted) {
      if (OURS[id]) all.push([id, { label: OURS[id].label, make: await OURS[id].prepare(root) }]);
      else if (PEERS[id]) all.push([id, PEERS[id]]);
      else throw new Error(`no relevance contender "${id}" (${[...Object.keys(OURS), ...Object.keys(PEERS)].join(', ')})`);
    }
    const rows = [];
    for (const [id, contender] of all) {
      const began = performance.now();
      const search = contender.make(data.notes);
      const result = score(search, plan, data.nonsense);
      rows.push({ id, label: contender.label, ...result, seconds: (performance.now() - began) / 1000 });
      console.log(`${contender.label}: top 10 ${f3(result.top10)}, MRR@10 ${f3(result.mrr)}, with a second word ${f3(result.top10Second)}, `
        + `nonsense answered ${result.nonsenseAnswered} of ${result.nonsense} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
    }
    console.log(`\n${data.notes.length} notes, ${plan.queries.length} misspellings, ${data.nonsense.length} nonsense words\n`);
    console.log('| | alone: in the top 10 | alone: MRR@10 | with a second word: top 10 | nonsense words answered |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const r of rows) {
      console.log(`| ${r.label} | ${f3(r.top10)} | ${f3(r.mrr)} | ${f3(r.top10Second)} | ${r.nonsenseAnswered} of ${r.nonsense} |`);
    }
    const out = path.join(root, 'bench/results/relevance.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), notes: data.notes.length,
      misspellings: plan.queries.length, rows: rows.map(({ misses, ...r }) => ({ ...r, missesAlone: misses })) }, null, 1)}\n`);
    console.log(`\nwritten: ${path.relative(root, out)} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  },
};
