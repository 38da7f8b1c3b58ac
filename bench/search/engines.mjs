// Node-only parts of `npm run bench -- search`: the two keystroke engines
// (each sample = the slowest keystroke of one replay of typing a word, the
// figure the issue's targets use), and the tables of result counts and index
// memory. bench/search.mjs holds the contenders and the replay itself.
import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/server.mjs';
import { nodeEnv } from '../lib/node-env.mjs';
import { median as medianOf } from '../lib/measure.mjs';
import { corpus, measureKeystrokes, SEARCHERS } from '../search.mjs';
import { REAL_SCENARIOS as SEARCH_SCENARIOS } from './real-corpus.mjs';
import { WARM_UP_WORDS } from '../../worker/search-warm-up.js';

const EXECUTABLE = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
const FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];
const METHOD = 'each sample: the slowest keystroke of one replay (the word typed key by key, every prefix searched in order),'
  + ` median over replays (7; naive JS and Fuse.js 2), after every other contender has typed the ${WARM_UP_WORDS} words`
  + ' the element\'s search worker types after a build (worker/search-warm-up.js), and after one warm-up replay of'
  + ' the scenario in which ours are checked against the'
  + ' specification on every keystroke (its answers computed once per scenario, on the page in Chromium); contenders'
  + ' alternate replay by replay, naive JS and Fuse.js (which leave much garbage to collect) among themselves before the'
  + ' others';
const METHOD_CHROMIUM = `${METHOD}; in Chromium each contender in a dedicated module Worker of its own (own heap), each`
  + ' replay timed inside its worker';

function summarize(results) {
  return Object.fromEntries(results.map((r) => [r.case, r.counts]));
}

// The latency scenario (issue 11 section 3): real keys at a person's pace into
// a <fuzzy-search> over 5,000 notes, with its own list and `for` a <note-list>.
const LATENCY_WORDS = ['kubernetes', 'quartely reprot', 'upgarde'];
const LATENCY_PACE_MS = 150;
export const LATENCY_TARGETS = { toResultsMedian: 4, toPaintedMedian: 16.7, longestGap: 20 };
const LATENCY_METHOD = `each word of ${LATENCY_WORDS.map((w) => `"${w}"`).join(', ')} typed from an empty field with real`
  + ` key presses (CDP input, through the browser's own input handling), one every ${LATENCY_PACE_MS} ms, in a fresh page`
  + ' per mode (bench/search/latency-page.js), plain and cross-origin isolated (/iso/: the answer through shared memory);'
  + ' per keystroke: the input event to the `results` event, and to the first animation frame after it (the frame that'
  + ' paints the rows); the longest gap between animation frames while typing';
// Each mode: the list (own or for= a <note-list>) and whether the page is cross-origin isolated.
const LATENCY_MODES = {
  own: { list: 'own', prefix: '' },
  for: { list: 'for', prefix: '' },
  'own-isolated': { list: 'own', prefix: '/iso' },
  'for-isolated': { list: 'for', prefix: '/iso' },
};
const LATENCY_LABELS = {
  own: 'own list', for: 'for= a <note-list>',
  'own-isolated': 'own list, isolated page', 'for-isolated': 'for= a <note-list>, isolated page',
};
const latencyLabel = (mode) => (mode.endsWith(' against')
  ? `${LATENCY_LABELS[mode.slice(0, -' against'.length)]} (LATENCY_AGAINST build)` : LATENCY_LABELS[mode] ?? mode);

// NaN where a mode has no such samples.
const median = (values) => (values.length === 0 ? NaN : medianOf(values));

export const engines = {
  // Not a race between contenders: what a person typing sees, in Chromium. Its figures are in the
  // section's info and in the `latency` table.
  // LATENCY_AGAINST=<directory with another build's dist/, bench/search/ and fixtures/search-corpus.js> runs every
  // mode on that build too, right after ours (an A/B in one browser; its rows are named "<mode> against").
  async 'latency-chromium'({ root, quick, log }) {
    const server = await startServer({ root });
    const against = process.env.LATENCY_AGAINST ? await startServer({ root: path.resolve(process.env.LATENCY_AGAINST) }) : undefined;
    const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-bench-latency-'));
    let context;
    const modes = {};
    try {
      context = await chromium.launchPersistentContext(profile, { executablePath: EXECUTABLE, headless: false, args: FLAGS,
        viewport: { width: 1100, height: 800 } });
      const builds = [['', server], ...(against ? [[' against', against]] : [])];
      for (const [name, { list, prefix }] of Object.entries(LATENCY_MODES)) {
        for (const [suffix, { url }] of builds) {
          const mode = `${name}${suffix}`;
          const page = await context.newPage();
          const errors = [];
          page.on('pageerror', (error) => errors.push(error.message));
          await page.goto(`${url}${prefix}/bench/search/latency.html`);
          await page.waitForFunction(() => typeof window.setup === 'function');
          const isolated = await page.evaluate((m) => window.setup(m), list);
          if (isolated !== (prefix === '/iso')) throw new Error(`${mode}: the page is${isolated ? '' : ' not'} cross-origin isolated`);
          const keystrokes = [];
          const gaps = [];
          const gapsBefore = [];
          const longGaps = [];
          for (const word of quick ? LATENCY_WORDS.slice(0, 1) : LATENCY_WORDS) {
            await page.evaluate(() => window.clearQuery());
            await page.waitForTimeout(300);
            for (const ch of word) {
              await page.keyboard.press(ch === ' ' ? 'Space' : ch);
              await page.waitForTimeout(LATENCY_PACE_MS);
            }
            await page.waitForTimeout(200);
            const got = await page.evaluate(() => window.collect());
            keystrokes.push(...got.keystrokes);
            gaps.push(got.longestGap);
            gapsBefore.push(got.longestGapBeforeTyping);
            longGaps.push(...(got.longGaps ?? []));
          }
          if (errors.length) throw new Error(`the latency page failed: ${errors.join('; ')}`);
          const of = (key) => keystrokes.map((k) => k[key]).filter((v) => Number.isFinite(v));
          modes[mode] = {
            keystrokes: keystrokes.length,
            answered: of('toResults').length,
            toResults: { median: median(of('toResults')), max: Math.max(...of('toResults')) },
            toPainted: { median: median(of('toFrame')), max: Math.max(...of('toFrame')) },
            searchMs: { median: median(of('searchMs')), max: Math.max(...of('searchMs')) },
            toFirstFrame: { median: median(of('toFirstFrame')), max: Math.max(...of('toFirstFrame')) },
            answeredBeforeFirstFrame: keystrokes.filter((k) => k.beforeFirstFrame).length,
            longestGap: Math.max(...gaps),
            longestGapBeforeTyping: Math.max(...gapsBefore),
            longGaps,
          };
          log(`${mode}: input to results median ${modes[mode].toResults.median.toFixed(1)} ms (max ${modes[mode].toResults.max.toFixed(1)}),`
            + ` to painted ${modes[mode].toPainted.median.toFixed(1)} ms (max ${modes[mode].toPainted.max.toFixed(1)}),`
            + ` searchMs ${modes[mode].searchMs.median.toFixed(2)}, longest frame gap while typing ${modes[mode].longestGap.toFixed(1)} ms`
            + ` (${modes[mode].longestGapBeforeTyping.toFixed(1)} ms in the 300 ms before the first key);`
            + ` the frame after the key ${modes[mode].toFirstFrame.median.toFixed(1)} ms after it, the answer before that frame in`
            + ` ${modes[mode].answeredBeforeFirstFrame} of ${keystrokes.length} keys`);
          for (const g of longGaps) {
            log(`${mode}: a ${g.ms.toFixed(1)} ms frame gap, its frame starting ${g.sinceKeyMs?.toFixed(1)} ms after the key "${g.afterKey}"`);
          }
          await page.close();
        }
      }
      return {
        version: `Chromium ${context.browser()?.version() ?? ''} headless, real key presses`,
        method: LATENCY_METHOD,
        info: { latency: modes },
        results: [],
      };
    } finally {
      await context?.close().catch(() => {});
      await server.close();
      await against?.close();
      await rm(profile, { recursive: true, force: true });
    }
  },

  async 'keystrokes-node'({ root, cases, quick, log }) {
    const results = await measureKeystrokes({ env: nodeEnv(root), cases, quick, log });
    return {
      version: `Node ${process.version} (V8 ${process.versions.v8}), main thread`,
      method: METHOD,
      info: { resultCounts: summarize(results) },
      results,
    };
  },

  // The same replays in headless Chromium, each contender in a dedicated module Worker of its own (own heap),
  // like the element's search worker; the page alternates the replays across the workers.
  async 'keystrokes-chromium'({ root, cases, quick, log }) {
    const bundle = 'build/bench/browser/search-keystrokes.js';
    await build({
      absWorkingDir: root, entryPoints: ['bench/search.mjs'], outfile: bundle, bundle: true, format: 'esm',
      platform: 'browser', target: 'es2022', logLevel: 'error',
    });
    const server = await startServer({ root });
    const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-bench-search-'));
    let context;
    try {
      context = await chromium.launchPersistentContext(profile, { executablePath: EXECUTABLE, headless: false, args: FLAGS });
      const page = context.pages()[0] ?? await context.newPage();
      page.on('console', (message) => log(message.text()));
      await page.goto(`${server.url}/iso/bench/browser/index.html`);   // the bench's own page: a cross-origin-isolated host for the workers
      const reply = await page.evaluate(async ({ bundle, cases, quick }) => {
        const base = new URL('/iso/', location.href).href;
        // One dedicated module Worker per contender (its own heap, like the element's search worker): it builds
        // its searcher once and replays on request, timing the keystrokes itself. It imports env.js unbundled,
        // so that its URLs resolve from bench/browser/ as the harness's do.
        const source = `
          import { browserEnv } from '${base}bench/browser/env.js';
          import { SEARCHERS, corpus, replay } from '${base}${bundle}';
          let searcher;
          let notes;
          const ops = {
            async setup({ id, notes: n }) { notes = n; searcher = (await SEARCHERS[id].make(browserEnv))(corpus(notes)); },
            replay: ({ query, expected }) => replay(searcher, query, { expected }),
            destroy() { searcher?.destroy?.(); },
          };
          self.addEventListener('message', async ({ data }) => {
            try {
              self.postMessage({ seq: data.seq, ok: true, value: await ops[data.op](data) });
            } catch (error) {
              self.postMessage({ seq: data.seq, ok: false, error: { name: error?.name ?? 'Error',
                message: error?.name === 'Unavailable' ? error.message : String(error?.stack ?? error) } });
            }
          });`;
        const workerUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        const workers = [];
        const connect = async (id) => {
          const worker = new Worker(workerUrl, { type: 'module', name: `keystrokes ${id}` });
          workers.push(worker);
          const pending = new Map();
          let seq = 0;
          let failure;
          worker.onmessage = ({ data }) => {
            const request = pending.get(data.seq);
            if (!request) return;
            pending.delete(data.seq);
            if (data.ok) request.resolve(data.value);
            else request.reject(Object.assign(new Error(data.error.message), { name: data.error.name }));
          };
          worker.onerror = (event) => {
            event.preventDefault();
            failure ??= new Error(`keystrokes worker ${id} failed: ${event.message || 'could not start'}`);
            for (const { reject } of pending.values()) reject(failure);
            pending.clear();
          };
          const call = (op, fields) => (failure ? Promise.reject(failure) : new Promise((resolve, reject) => {
            pending.set(++seq, { resolve, reject });
            worker.postMessage({ op, seq, ...fields });
          }));
          try {
            await call('setup', { id, notes: quick ? 300 : 5000 });
          } catch (error) {
            worker.terminate();
            throw error;
          }
          return {
            replay: (query, { expected }) => call('replay', { query, expected }),
            destroy: async () => { await call('destroy', {}).catch(() => {}); worker.terminate(); },
          };
        };
        try {
          const { measureKeystrokes } = await import(`${base}${bundle}`);
          const results = await measureKeystrokes({ quick, cases, connect, log: (line) => console.log(line) });
          return { results, userAgent: navigator.userAgent };
        } finally {
          for (const worker of workers) worker.terminate();
          URL.revokeObjectURL(workerUrl);
        }
      }, { bundle, cases, quick });
      return {
        version: `Chromium ${context.browser()?.version() ?? reply.userAgent} headless, a dedicated module Worker per contender`,
        method: METHOD_CHROMIUM,
        info: { resultCounts: summarize(reply.results) },
        results: reply.results,
      };
    } finally {
      await context?.close().catch(() => {});
      await server.close();
      await rm(profile, { recursive: true, force: true });
    }
  },
};

// A full collection, then the JS heap plus ArrayBuffer memory in use (typed
// arrays live outside the heap; V8 does not count wasm memories there, which
// the table reports on their own). The harness runs without
// --expose-gc: ask V8 for gc().
function memoryAfterGc() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Result counts of the full query beside the spec's, and each index's memory (Node, JS heap + wasm memory). */
export async function tables({ root, quick, sections }) {
  const notes = quick ? 300 : 5000;
  const texts = corpus(notes);
  const env = nodeEnv(root);
  const rows = [];
  const memoryRows = [];
  const data = {};
  for (const [id, definition] of Object.entries(SEARCHERS)) {
    const make = await definition.make(env);
    const before = memoryAfterGc();
    const searcher = make(texts);
    const heap = memoryAfterGc() - before;
    const counts = SEARCH_SCENARIOS.map((s) => searcher.search(s.query));
    const wasmBytes = searcher.wasmBytes?.();
    searcher.destroy?.();
    rows.push([definition.label, ...counts]);
    memoryRows.push([definition.label, (heap / 2 ** 20).toFixed(1), wasmBytes === undefined ? '-' : (wasmBytes / 2 ** 20).toFixed(1)]);
    data[id] = { counts: Object.fromEntries(SEARCH_SCENARIOS.map((s, i) => [s.id, counts[i]])), memoryBytes: heap, wasmBytes };
  }
  const latency = sections?.['latency-chromium']?.info?.latency;
  const latencyTables = !latency ? [] : [{
    id: 'latency',
    title: `from the key to the results on screen (${sections['latency-chromium'].version}, 5,000 notes, a key every`
      + ` ${LATENCY_PACE_MS} ms; targets: input to results median <= ${LATENCY_TARGETS.toResultsMedian} ms, to painted median`
      + ` <= ${LATENCY_TARGETS.toPaintedMedian} ms, no frame gap over ${LATENCY_TARGETS.longestGap} ms while typing)`,
    columns: ['mode', 'keys', 'input to results median / max ms', 'input to painted median / max ms', 'searchMs median',
      'longest frame gap while typing ms (before the first key)',
      'input to the frame after the key, median ms', 'answers before that frame', 'targets'],
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    rows: Object.entries(latency).map(([mode, m]) => [
      latencyLabel(mode), String(m.keystrokes),
      `${m.toResults.median.toFixed(1)} / ${m.toResults.max.toFixed(1)}`, `${m.toPainted.median.toFixed(1)} / ${m.toPainted.max.toFixed(1)}`,
      m.searchMs.median.toFixed(2), `${m.longestGap.toFixed(1)} (${m.longestGapBeforeTyping?.toFixed(1) ?? '-'})`,
      m.toFirstFrame ? m.toFirstFrame.median.toFixed(1) : '-', m.toFirstFrame ? `${m.answeredBeforeFirstFrame} of ${m.keystrokes}` : '-',
      [m.toResults.median <= LATENCY_TARGETS.toResultsMedian ? 'results ok' : 'results MISSED',
        m.toPainted.median <= LATENCY_TARGETS.toPaintedMedian ? 'painted ok' : 'painted MISSED',
        m.longestGap <= LATENCY_TARGETS.longestGap ? 'gaps ok' : 'gaps MISSED'].join(', ')]),
    data: latency,
  }];
  return [
    ...latencyTables,
    {
      id: 'result-counts',
      title: `notes matching each scenario's full query (${notes} notes, Node); only ours and the naive JS follow the`
        + ' specification (docs/specs/search.md), the peers apply their own fuzziness, prefix and tokenising rules',
      columns: ['contender', ...SEARCH_SCENARIOS.map((s) => `"${s.query}"`)],
      align: ['left', 'right', 'right', 'right', 'right'],
      rows,
      data,
    },
    {
      id: 'memory',
      title: `index memory, ${notes} notes (Node): growth of JS heap + ArrayBuffers after GC, and besides it, for ours`
        + ' on wasm, the whole wasm instance\'s memory (the worker returns it by terminating)',
      columns: ['contender', 'JS heap + buffers MiB', 'wasm memory MiB'],
      align: ['left', 'right', 'left'],
      rows: memoryRows,
      data,
    },
  ];
}
