// `npm run bench -- calls`: every job as a user calls it (issue 34), our API against each peer and against our
// kernel, in three situations, each timed from the call to the result in the caller's hands: the first call in a
// fresh page (or Node process), a call after 10 s idle, the fifth of five in a row (bench/calls/situations.mjs).
// The jobs, their peers and kernels: bench/calls/jobs.mjs. Per repeat and job, a fresh page (process) per
// contender, their order rotating from one repeat to the next; their first calls one after another, then each
// one's call after idle (at least 10 s after its own last call), then each one's row; then our kernel alone.
// Also memory: what the engine's processes hold 1 s after a job's first call, against before it (calls/memory.mjs;
// not in Firefox, whose content processes are shared and started ahead, so a session's own cannot be told). Writes bench/results/calls.json (--quick:
// build/bench/results/calls.quick.json), keeping the sections of engines not run.
// CALLS_AGAINST=<dir>: a copy of another build's dist/ inside the repository (e.g. build/dist-main); each job also
// runs that build's API as a contender ("against"), alternating with ours, for an A/B on one host at one time.
// CALLS_JOBS=id,id: only those jobs. Chromium also measures start-up (bench/calls/startup.mjs): CALLS_PART=startup
// measures only that and adds it to the recorded Chromium section.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForBrowser } from './lib/chromium.mjs';
import { buildCallsPage } from './calls/page-build.mjs';
import { sealVault } from '../fixtures/sealed-vault.mjs';
import { jobById, jobs as allJobs, MEMORY_JOBS } from './calls/jobs.mjs';
import { formatSummary, summarize, summarizeMemory } from './calls/report.mjs';
import { IDLE_MS, kernelParams } from './calls/situations.mjs';
import { descendants, memoryOf } from './calls/memory.mjs';
import { measureStartup } from './calls/startup.mjs';
import { freshMemoryCost } from './calls/fresh-memory.mjs';
import { nodeEngine, withChromium, withFirefox } from './calls/engines.mjs';

// Fresh pages per contender and job: 3 (1 for the 256 MiB Argon2id jobs, whose seven calls a page take 8+ s each
// on a loaded 2-core host); CALLS_REPEATS=<n> overrides the 3.
const REPEATS = { full: Number(process.env.CALLS_REPEATS) || 3, heavy: 1, quick: 1 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Page bundle (imports split: a contender's code is fetched by its first call), kernels' bundles, the vault. */
async function prepare(root, jobs) {
  const out = path.join(root, 'build/bench/calls');
  await buildCallsPage(root, out);
  for (const module of new Set(jobs.map((job) => job.kernel.module))) await bundleForBrowser(root, module);
  const vaultFile = path.join(out, 'vault-5000.json');
  if (!existsSync(vaultFile)) {
    const { notes, deviceKey } = await sealVault(5000);
    writeFileSync(vaultFile, JSON.stringify({ notes, deviceKey: Array.from(deviceKey) }));
  }
  return { vaultFile };
}

/** The params of a job's kernel, from its bench module (the page's kernel worker needs them). */
async function paramsOfKernel(root, kernel) {
  const { default: definition } = await import(pathToFileURL(path.join(root, 'bench', `${kernel.module}.mjs`)).href);
  return kernelParams(definition, kernel);
}

/** Our kernel alone, fifth in a row: {ms}, or {unavailable: why} where this engine has none (the lanes in Node). */
async function kernelOf(engine, job, root) {
  try {
    return await engine.kernel(job.kernel, await paramsOfKernel(root, job.kernel));
  } catch (error) {
    const why = /Unavailable: (.*)/.exec(String(error?.message))?.[1];
    if (why) return { unavailable: why.split('\n')[0] };
    throw error;
  }
}

/** Every repeat of every job on one engine: {runs, kernels, memory}. */
async function measure(engine, jobs, { root, quick, against, memory, log, onRepeat }) {
  const runs = [], kernels = [], memoryRows = [];
  const repeats = quick ? REPEATS.quick : REPEATS.full;
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const job of jobs) {
      if (!quick && job.heavy && repeat >= REPEATS.heavy) continue;
      const whos = ['ours', ...(engine.bundles ? ['app'] : []), ...(against ? ['against'] : []), ...Object.keys(job.peers)];
      const order = whos.map((_, i) => whos[(i + repeat) % whos.length]);
      const sessions = [];
      for (const who of order) {
        const session = await engine.open(job.id, who, who === 'against' ? against : 'dist');
        const first = await session.first();
        sessions.push({ who, session, first, lastEnd: Date.now() });
      }
      for (const s of sessions) {
        await sleep(s.lastEnd + IDLE_MS - Date.now());
        s.idle = await s.session.idle();
      }
      for (const s of sessions) {
        s.row = await s.session.row();
        await s.session.close();
        runs.push({ job: job.id, who: s.who, repeat, first: s.first.ms, idle: s.idle.ms, row: s.row.ms, check: s.first.check ?? s.row.check });
      }
      if (job.same) {
        const checks = new Set(runs.filter((r) => r.job === job.id).map((r) => r.check));
        if (checks.size !== 1) throw new Error(`${job.id}: the contenders' outputs differ: ${[...checks].join(' / ')}`);
      }
      const kernel = await kernelOf(engine, job, root);
      if (kernel.ms !== undefined) kernels.push({ job: job.id, repeat, ms: kernel.ms });
      log(`${job.id} repeat ${repeat + 1}: ${sessions.map((s) => `${s.who} ${s.first.ms.toFixed(0)}/${s.idle.ms.toFixed(0)}/${s.row.ms.toFixed(0)}`).join(', ')} ms; `
        + `kernel ${kernel.ms?.toFixed(1) ?? `not available (${kernel.unavailable})`}`);
    }
    if (memory) {
      for (const id of MEMORY_JOBS) {
        const job = jobById(id);
        if (!quick && job.heavy && repeat >= REPEATS.heavy) continue;
        for (const who of ['ours', ...Object.keys(job.peers)]) {
          const earlier = new Set(descendants());
          const session = await engine.open(id, who, 'dist');
          // The session's own processes (its renderer, or its Node child); all of them if none is new (a shared renderer).
          const all = descendants();
          const pids = all.filter((pid) => !earlier.has(pid));
          const mine = pids.length ? pids : all;
          const before = memoryOf(mine);
          const { ms } = await session.first();
          await session.collect();   // the result is the caller's: dropped, and collected where the engine lets us
          await sleep(1000);
          memoryRows.push({ job: id, who, repeat, before, after: memoryOf(mine), ms, processes: mine.length });
          await session.close();
        }
      }
    }
    await onRepeat?.({ runs, kernels, memory: memoryRows }, repeat + 1);
  }
  return { runs, kernels, memory: memoryRows };
}

async function run({ root, quick, engine = 'all' }) {
  const only = process.env.CALLS_JOBS?.split(',');
  const jobs = allJobs({ quick }).filter((job) => !only || only.includes(job.id));
  const against = process.env.CALLS_AGAINST?.replace(/^\/+|\/+$/g, '');
  const engines = engine === 'all' ? ['chromium', 'firefox', 'node'] : [engine];
  for (const job of jobs) await paramsOfKernel(root, job.kernel);   // a job naming no kernel fails here, not after minutes
  const { vaultFile } = await prepare(root, jobs);
  const startupOnly = process.env.CALLS_PART === 'startup';
  const log = (line) => console.error(line);
  const freshMemory = freshMemoryCost();
  for (const name of engines) {
    const load = { start: os.loadavg()[0] };
    let version;
    // The results are written after every repeat: a run cut short keeps what it measured (and says how much).
    const record = (result, done) => {
      load.end = os.loadavg()[0];
      const summary = summarize(jobs, result.runs, result.kernels);
      const labels = Object.fromEntries(jobs.flatMap((job) => Object.entries(job.peers).map(([id, peer]) => [id, peer.label])));
      const section = {
        engine: name, version, date: new Date().toISOString(), loadAverage: load, quick, freshMemory,
        repeats: `${done} of ${quick ? REPEATS.quick : REPEATS.full} fresh pages (processes) per contender and job done; `
          + `${REPEATS.heavy} for the 256 MiB Argon2id jobs`,
        ...(against ? { against } : {}),
        labels, summary, memory: summarizeMemory(result.memory), ...(result.startup ? { startup: result.startup } : {}),
        runs: result.runs, kernels: result.kernels, memoryRuns: result.memory,
      };
      writeSection(root, quick, name, section);
      return section;
    };
    const options = { root, quick, against, memory: name !== 'firefox', log: (line) => log(`[${name}] ${line}`), onRepeat: record };
    const use = async (eng, browser) => {
      version = eng.version;
      // Start-up: Chromium only (its request sizes and main-thread time); CALLS_PART=startup measures it alone and
      // adds it to the recorded section, which keeps its date and load.
      if (startupOnly) {
        const section = recordedSection(root, quick, name);
        section.startup = await measureStartup(browser.context, browser.url, { repeats: quick ? 1 : 3, log: options.log });
        section.startupMeasured = { date: new Date().toISOString(), loadAverage: os.loadavg()[0] };
        writeSection(root, quick, name, section);
        return undefined;
      }
      const result = await measure(eng, jobs, options);
      if (name === 'chromium') result.startup = await measureStartup(browser.context, browser.url, { repeats: quick ? 1 : 3, log: options.log });
      return result;
    };
    let result;
    if (name === 'chromium') result = await withChromium(use, { log });
    else if (name === 'firefox') result = await withFirefox(use, { log });
    else if (name === 'node') result = await use(nodeEngine(root, { vaultFile }));
    else throw new Error(`calls: unknown engine ${name}; one of chromium, firefox, node, all`);
    if (!result) continue;   // CALLS_PART=startup: written already
    const section = record(result, quick ? REPEATS.quick : REPEATS.full);
    for (const [id, label] of Object.entries(section.labels)) console.log(`   ${id}: ${label}`);
    console.log(`${formatSummary(name, section.summary, { freshMemory })}\n   (${section.repeats}; load average ${load.start.toFixed(1)} -> ${load.end.toFixed(1)})`);
    for (const s of section.startup ?? []) {
      console.log(`   start-up <${s.element}>: ${(s.bytes / 1024).toFixed(0)} KiB in ${s.requests} requests, main thread ${s.mainThreadMs.toFixed(0)} ms, first result after ${s.ms.toFixed(0)} ms (median of ${s.runs})`);
    }
    for (const m of section.memory) console.log(`   memory ${m.job} ${m.who}: ${m.heldMiB.toFixed(1)} MiB held 1 s after, above ${m.beforeMiB.toFixed(1)} MiB before (median of ${m.runs})`);
  }
}

/** An engine's recorded section (CALLS_PART=startup adds the start-up to it, measuring nothing else). */
function recordedSection(root, quick, name) {
  const file = path.join(root, quick ? 'build/bench/results/calls.quick.json' : 'bench/results/calls.json');
  const section = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).sections[name] : undefined;
  if (!section) throw new Error(`CALLS_PART=startup: no recorded ${name} section in ${path.relative(root, file)} to add it to`);
  return section;
}

/** Writes one engine's section into the results file, keeping the other engines' (read afresh: engines may run at once). */
function writeSection(root, quick, name, section) {
  const file = path.join(root, quick ? 'build/bench/results/calls.quick.json' : 'bench/results/calls.json');
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { sections: {} };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ module: 'calls', title: TITLE, updatedAt: new Date().toISOString(), sections: { ...previous.sections, [name]: section } }, null, 2)}\n`);
  console.error(`wrote ${path.relative(root, file)} (${name}, ${section.repeats})`);
}

const TITLE = 'every job as users call it: first call in a fresh page, after 10 s idle, fifth in a row; ours against each peer and our kernel';

export default { title: TITLE, run };
