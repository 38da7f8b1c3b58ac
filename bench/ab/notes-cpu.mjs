// CPU time per openNotes() of two builds in headless Chromium, alternating
// call by call in one page worker (each build's api.js starts its own notes
// worker): per thread of this browser's renderers, from /proc schedstat, so
// a busy host's waiting for a core is left out (wall times are printed too).
// 5,000 notes of the notes bench's kind. Not a test.
//   node bench/ab/notes-cpu.mjs <dist dir A> <dist dir B> [rounds]   (repo-relative, e.g. build/dist-base dist)
import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sealVault } from '../../fixtures/sealed-vault.mjs';
import { median as med } from '../lib/measure.mjs';
import { startServer, REPO_ROOT } from '../../scripts/server.mjs';
import { descendants } from '../../scripts/browsers/proc.mjs';

const [dirA, dirB] = process.argv.slice(2, 4);
const ROUNDS = Number(process.argv[4] ?? 20);
const { notes, deviceKey } = await sealVault(5000);
const server = await startServer({ root: REPO_ROOT });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: false,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage();
await page.goto(`${server.url}/iso/bench/browser/index.html`);
// This browser's renderer processes (the page and its workers live there).
const renderers = (await descendants(process.pid)).filter(({ command }) => command.includes(' --type=renderer ')).map(({ pid }) => pid);
// ns on a core (schedstat) and minor page faults (stat) per thread of my renderers, keyed "pid/tid comm".
const threads = () => {
  const out = new Map();
  for (const p of renderers) {
    let tids;
    try { tids = readdirSync(`/proc/${p}/task`); } catch { continue; }
    for (const t of tids) {
      try {
        const comm = readFileSync(`/proc/${p}/task/${t}/comm`, 'latin1').trim();
        const ns = Number(readFileSync(`/proc/${p}/task/${t}/schedstat`, 'latin1').split(' ')[0]);
        // minflt, the 10th field of stat (the 8th after the parenthesised comm)
        const faults = Number(readFileSync(`/proc/${p}/task/${t}/stat`, 'latin1').split(') ')[1].split(' ')[7]);
        out.set(`${p}/${t} ${comm}`, { ns, faults });
      } catch { /* gone */ }
    }
  }
  return out;
};
await page.evaluate(async ({ vault, dirs }) => {
  window.w = new Worker('/iso/bench/ab/notes-cpu-worker.js', { type: 'module' });
  await new Promise((resolve) => { window.w.onmessage = resolve; window.w.postMessage({ op: 'load', vault, dirs }); });
}, { vault: { notes, deviceKey: [...deviceKey] }, dirs: { A: dirA, B: dirB } });
const call = (build) => page.evaluate((b) => new Promise((resolve) => { window.w.onmessage = ({ data }) => resolve(data); window.w.postMessage({ build: b }); }), build);
const res = { A: { ms: [], cpu: [], faults: {} }, B: { ms: [], cpu: [], faults: {} } };
const chars = {};
const l0 = loadavg()[0];
for (let r = 0; r < ROUNDS + 1; r++) {
  for (const b of r % 2 ? ['B', 'A'] : ['A', 'B']) {
    await new Promise((x) => setTimeout(x, 200));
    const t0 = threads();
    const { ms, chars: n } = await call(b);
    const t1 = threads();
    chars[b] = n;
    let total = 0;
    const per = {};
    const faults = {};
    for (const [k, v] of t1) {
      const d = (v.ns - (t0.get(k)?.ns ?? 0)) / 1e6;
      total += d;
      const name = k.includes('DedicatedWorker') ? k : k.split(' ').slice(1).join(' ');
      per[name] = (per[name] ?? 0) + d;
      faults[name] = (faults[name] ?? 0) + v.faults - (t0.get(k)?.faults ?? 0);
    }
    if (r > 0) {
      res[b].ms.push(ms); res[b].cpu.push(total);
      for (const [name, d] of Object.entries(per)) (res[b][name] ??= []).push(d);
      for (const [name, n] of Object.entries(faults)) (res[b].faults[name] ??= []).push(n);
    }
  }
}
const mean = (l) => l.reduce((a, b) => a + b, 0) / l.length;
console.log(`renderers ${renderers.join(',')}`);
console.log(`chars A ${chars.A} B ${chars.B}; ${ROUNDS} rounds, load ${l0.toFixed(2)}-${loadavg()[0].toFixed(2)}`);
console.log(`wall median A ${med(res.A.ms).toFixed(1)} B ${med(res.B.ms).toFixed(1)} (B/A ${(med(res.B.ms) / med(res.A.ms)).toFixed(3)}) min A ${Math.min(...res.A.ms).toFixed(1)} B ${Math.min(...res.B.ms).toFixed(1)}`);
console.log(`renderer CPU mean A ${mean(res.A.cpu).toFixed(1)} B ${mean(res.B.cpu).toFixed(1)} ms (B/A ${(mean(res.B.cpu) / mean(res.A.cpu)).toFixed(3)}) median A ${med(res.A.cpu)} B ${med(res.B.cpu)}`);
for (const name of Object.keys(res.A)) {
  if (name === 'ms' || name === 'cpu' || name === 'faults' || !res.B[name]) continue;
  if (mean(res.A[name]) < 1 && mean(res.B[name]) < 1) continue;
  const faults = (b) => mean(res[b].faults[name] ?? [0]).toFixed(0);
  console.log(`  thread ${name}: mean A ${mean(res.A[name]).toFixed(1)} B ${mean(res.B[name]).toFixed(1)} ms, page faults A ${faults('A')} B ${faults('B')}`);
}
await browser.close();
await server.close();
