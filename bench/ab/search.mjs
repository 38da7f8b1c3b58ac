// A/B of two search builds in one Node process: the same WasmSearchIndex
// (worker/search-ops.js) over each build's search.simd.wasm (or search.wasm
// with --scalar), on the speed benchmark's 5,000 notes of real text and its
// typing scenarios (bench/search/real-corpus.mjs). Every replay types each
// scenario key by key, starting from an empty query; the builds alternate
// replay by replay, the order swapped every round, so they share the host's
// noise. Answers are compared keystroke by keystroke first. Not a test.
//   node bench/ab/search.mjs <dir A> <dir B> [--scalar] [--rounds=41]   (each dir: search[.simd].mjs + .wasm)
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { WasmSearchIndex } from '../../worker/search-ops.js';
import { keystrokes } from '../../fixtures/search-corpus.js';
import { realCorpus, REAL_SCENARIOS } from '../search/real-corpus.mjs';
import { median } from '../lib/measure.mjs';

const args = process.argv.slice(2);
const [dirA, dirB] = args.filter((a) => !a.startsWith('--')).map((d) => resolve(d));
const scalar = args.includes('--scalar');
const ROUNDS = Number(args.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 41);
if (!dirA || !dirB) throw new Error('usage: node bench/ab/search.mjs <dir A> <dir B> [--scalar] [--rounds=41]');

const texts = realCorpus(5000);
const file = scalar ? 'search' : 'search.simd';

async function load(dir) {
  const { default: create } = await import(pathToFileURL(join(dir, `${file}.mjs`)).href);
  const wasm = await create({ wasmBinary: await readFile(join(dir, `${file}.wasm`)) });
  return new WasmSearchIndex(wasm, texts);
}

/** One scenario typed key by key: each keystroke's ms and answer. */
function replay(index, query) {
  index.search('');
  return keystrokes(query).map((typed) => {
    const start = performance.now();
    const { indices } = index.search(typed);
    return { ms: performance.now() - start, answer: indices.join(',') };
  });
}

const builds = [{ name: 'A', index: await load(dirA) }, { name: 'B', index: await load(dirB) }];
for (const { query } of REAL_SCENARIOS) {
  const [a, b] = builds.map(({ index }) => replay(index, query).map((k) => k.answer));
  a.forEach((answer, k) => {
    if (answer !== b[k]) throw new Error(`the builds answer "${keystrokes(query)[k]}" differently`);
  });
}

console.log(`search A/B (${file}.wasm): A = ${dirA}\n  B = ${dirB}\n${ROUNDS} rounds, load ${loadavg()[0].toFixed(2)}`);
for (const { label, query } of REAL_SCENARIOS) {
  const totals = { A: [], B: [] };
  const slowest = { A: [], B: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...builds].reverse() : builds;
    for (const { name, index } of order) {
      const times = replay(index, query).map((k) => k.ms);
      totals[name].push(times.reduce((s, t) => s + t, 0));
      slowest[name].push(Math.max(...times));
    }
  }
  const [ta, tb, sa, sb] = [totals.A, totals.B, slowest.A, slowest.B].map(median);
  console.log(`${label.padEnd(28)} replay ${ta.toFixed(3)} / ${tb.toFixed(3)} ms (B/A ${(tb / ta).toFixed(3)}), ` +
    `slowest key ${sa.toFixed(3)} / ${sb.toFixed(3)} ms (B/A ${(sb / sa).toFixed(3)})`);
}
