// A/B of two search builds' index build in one Node process: the same
// WasmSearchIndex (worker/search-ops.js) over each build's search.simd.wasm
// (or search.wasm with --scalar) builds the speed benchmark's 5,000 notes of
// real text (bench/search/real-corpus.mjs) and is destroyed; the builds
// alternate, the order swapped every round, so they share the host's noise.
// The two indexes' answers to the typing scenarios are compared first. Not a test.
// --fresh: each build in a new module instance, its heap never touched before,
// as a standby worker's is after idle (the first touch of each page is a cost
// of its own on this host; a warm instance reuses its pages).
//   node bench/ab/search-build.mjs <dir A> <dir B> [--scalar] [--fresh] [--rounds=31]   (each dir: search[.simd].mjs + .wasm)
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
const fresh = args.includes('--fresh');
const ROUNDS = Number(args.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 31);
if (!dirA || !dirB) throw new Error('usage: node bench/ab/search-build.mjs <dir A> <dir B> [--scalar] [--fresh] [--rounds=31]');

const texts = realCorpus(5000);
const file = scalar ? 'search' : 'search.simd';

// A build's module: instantiate() makes a new instance of it.
async function load(dir) {
  const { default: create } = await import(pathToFileURL(join(dir, `${file}.mjs`)).href);
  const wasmBinary = await readFile(join(dir, `${file}.wasm`));
  const instantiate = () => create({ wasmBinary });
  return { instantiate, wasm: await instantiate() };
}

const builds = [{ name: 'A', ...await load(dirA) }, { name: 'B', ...await load(dirB) }];
const [a, b] = builds.map(({ wasm }) => new WasmSearchIndex(wasm, texts));
for (const { query } of REAL_SCENARIOS) {
  for (const typed of keystrokes(query)) {
    if (a.search(typed).indices.join(',') !== b.search(typed).indices.join(',')) {
      throw new Error(`the builds answer "${typed}" differently`);
    }
  }
}
a.destroy();
b.destroy();

console.log(`search build A/B (${file}.wasm${fresh ? ', a fresh instance a build' : ''}): A = ${dirA}\n  B = ${dirB}\n${ROUNDS} rounds, load ${loadavg()[0].toFixed(2)}`);
const times = { A: [], B: [] };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? [...builds].reverse() : builds;
  for (const build of order) {
    const { name } = build;
    const wasm = fresh ? await build.instantiate() : build.wasm;
    const start = performance.now();
    const index = new WasmSearchIndex(wasm, texts);
    times[name].push(performance.now() - start);
    index.destroy();
  }
}
const [ta, tb] = [times.A, times.B].map(median);
console.log(`build of ${texts.length} notes: ${ta.toFixed(2)} / ${tb.toFixed(2)} ms (B/A ${(tb / ta).toFixed(3)}), ` +
  `load ${loadavg()[0].toFixed(2)}`);
