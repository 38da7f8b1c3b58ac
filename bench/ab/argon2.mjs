// A/B of Argon2id wasm builds: alternating runs of two or more builds of
// cpp/argon2 in one process, in Node or in headless Chromium (inside a module
// Worker), through the segmented bindings the worker uses (ctx_create, ctx_init,
// ctx_fill_segment per (pass, slice, lane), ctx_finalize), so V8 tiers up
// between calls exactly as in the worker.
//
//   node bench/ab/argon2.mjs [--chromium | --firefox] [--t=3] [--m=65536] [--p=1] [--rounds=11] \
//        [--fresh] [--sodium] [--lanes=build/wasm/out/argon2.lanes.wasm] [--threads=2] \
//        [NAME=]path/to/build.mjs [NAME=]path/to/other.mjs ...
//
// Each build is an Emscripten ES6 glue file with its .wasm next to it (for
// example build/wasm/out/argon2.mjs and argon2.simd.mjs, or variants built into
// /tmp with emcc). The first build is the baseline of the ratios. Every round
// runs every build once, in an order rotated each round; one warm-up round is
// not counted. All builds must produce the same tag, else the run fails.
//
// --lanes adds three contenders built on argon2.lanes.wasm and
// worker/argon2-lanes.js (parallel lanes over a shared memory): the same build
// with sequential lanes (threads=1), with --threads threads (lane workers
// are nested Workers in Chromium, worker_threads in Node, started by the job),
// and the same with the lane workers started 50 ms before the clock runs
// ("ahead", as the argon2 worker can do during its own start-up).
//
// --fresh instantiates every build anew before each hash (untimed), so each
// hash grows a fresh heap from 1 MiB and touches fresh pages, as the element's
// fresh worker per job does. --sodium (p = 1) adds libsodium-wrappers-sumo's
// crypto_pwhash as one more contender (bundled by esbuild for Chromium).
//
// This one file is also the Chromium worker: served by the tiny server below,
// it finds itself in a WorkerGlobalScope and waits for the job; and in Node the
// lane worker (worker_threads, workerData.role 'lane').

import { serveLane } from '../../worker/argon2-lane.js';
import { median } from '../../fixtures/median.js';

const PASSWORD = new TextEncoder().encode('memento A/B: correct horse battery staple');
const SALT = Uint8Array.from({ length: 16 }, (_, i) => i);
const TAG_BYTES = 32;
const LANES_MODULE = new URL('../../worker/argon2-lanes.js', import.meta.url).href;
const SYNC_POINTS = 4;

/** One Argon2id hash through the segmented bindings; returns the tag as hex. */
function hashSegmented(wasm, { t, m, p }) {
  const handle = createContext(wasm, t, m, p);
  const pw = wasm._malloc(PASSWORD.length);
  const salt = wasm._malloc(SALT.length);
  const out = wasm._malloc(TAG_BYTES);
  try {
    wasm.HEAPU8.set(PASSWORD, pw);
    wasm.HEAPU8.set(SALT, salt);
    check(wasm, wasm.ctx_init(handle, pw, PASSWORD.length, salt, SALT.length, 0, 0, 0, 0));
    for (let pass = 0; pass < t; pass += 1) {
      for (let slice = 0; slice < SYNC_POINTS; slice += 1) {
        for (let lane = 0; lane < p; lane += 1) check(wasm, wasm.ctx_fill_segment(handle, pass, slice, lane));
      }
    }
    check(wasm, wasm.ctx_finalize(handle, out, TAG_BYTES));
    return Array.from(wasm.HEAPU8.subarray(out, out + TAG_BYTES), (b) => b.toString(16).padStart(2, '0')).join('');
  } finally {
    wasm._free(pw);
    wasm._free(salt);
    wasm._free(out);
    wasm.ctx_free(handle);
  }
}

/**
 * A new instance of a build from its WebAssembly.Module compiled once (as the
 * worker runtime does: compile once per page, instantiate per job), so that
 * V8's tier-up is shared and only the fresh memory differs.
 */
async function instantiateFresh(build) {
  build.module ??= await WebAssembly.compile(build.wasmBinary);
  return build.factory({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(build.module, imports).then((instance) => receive(instance, build.module));
      return {};
    },
  });
}

/** The same hash by libsodium-wrappers-sumo's crypto_pwhash (p = 1 only; Node only). */
function hashSodium(sodium, { t, m, p }) {
  if (p !== 1) throw new RangeError('libsodium computes p = 1 only');
  const tag = sodium.crypto_pwhash(TAG_BYTES, PASSWORD, SALT, t, m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
  return Array.from(tag, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The same hash through worker/argon2-lanes.js on argon2.lanes.wasm. */
async function hashLanes({ argon2idParallel, module, threads, spawn }, { t, m, p }, workers) {
  const tag = await argon2idParallel({ module, spawn, threads, workers, password: PASSWORD, salt: SALT, t, m, p, length: TAG_BYTES });
  return Array.from(tag, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function startAhead({ threads, spawn }) {
  const workers = Array.from({ length: threads - 1 }, spawn);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return workers;
}

async function lanesBuilds(wasmBinary, threads, spawn) {
  const { argon2idParallel } = await import(LANES_MODULE);
  const module = await WebAssembly.compile(wasmBinary);
  const common = { argon2idParallel, module, spawn };
  return [
    { name: 'lanes x1', lanes: { ...common, threads: 1 } },
    { name: `lanes x${threads}`, lanes: { ...common, threads } },
    { name: `lanes x${threads} ahead`, lanes: { ...common, threads, ahead: true } },
  ];
}

function check(wasm, code) {
  if (code !== 0) throw new Error(wasm.error_message(code));
}

// ctx_create writes the handle through an out-pointer (the bindings' status
// convention); builds made before it took (t, m, p, length, memory) and
// returned the handle, 0 on failure. Both are accepted, so older builds stay
// comparable: an older build's pwhash_str takes 8 arguments, not 9 (embind's argCount).
function createContext(wasm, t, m, p) {
  if (wasm.pwhash_str?.argCount === 8) {
    const handle = wasm.ctx_create(t, m, p, TAG_BYTES, 0);
    if (handle === 0) throw new Error('ctx_create failed');
    return handle;
  }
  const slot = wasm._malloc(4);
  try {
    check(wasm, wasm.ctx_create(t, m, p, TAG_BYTES, slot));
    return wasm.HEAPU32[slot >>> 2];
  } finally {
    wasm._free(slot);
  }
}

// Node only: the process's CPU time (user + system) in ms, which a busy shared
// machine inflates much less than wall time (lane workers' threads count too).
function cpuNow() {
  if (typeof process === 'undefined' || typeof process.cpuUsage !== 'function') return null;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}


/**
 * The measurement, the same in Node and in the Chromium worker.
 * builds: [{name, factory, wasmBinary}]; returns rows [{name, times, median, tag}].
 */
async function runAB(builds, { t, m, p, rounds, fresh }, log) {
  const instances = [];
  for (const build of builds) {
    instances.push(build.lanes || build.sodium ? null : await build.factory({ wasmBinary: build.wasmBinary }));
  }
  const times = builds.map(() => []);
  const cpu = builds.map(() => []);
  const tags = builds.map(() => null);
  for (let round = -1; round < rounds; round += 1) {
    const order = builds.map((_, i) => (i + Math.max(round, 0)) % builds.length);
    for (const i of order) {
      // "ahead" contenders get their lane workers started 50 ms before the clock
      // runs, as an argon2 worker can during its own start-up.
      const workers = builds[i].lanes?.ahead ? await startAhead(builds[i].lanes) : undefined;
      // --fresh: a new instance (1 MiB heap, untouched pages) for every hash, as the
      // element's fresh worker per job; instantiation itself is not timed.
      if (fresh && !builds[i].lanes && !builds[i].sodium) {
        instances[i] = null;
        instances[i] = await instantiateFresh(builds[i]);
      }
      const cpuStart = cpuNow();
      const start = performance.now();
      const tag = builds[i].lanes
        ? await hashLanes(builds[i].lanes, { t, m, p }, workers)
        : builds[i].sodium ? hashSodium(builds[i].sodium, { t, m, p })
          : hashSegmented(instances[i], { t, m, p });
      const ms = performance.now() - start;
      const cpuMs = cpuStart === null ? null : cpuNow() - cpuStart;
      if (tags[i] === null) tags[i] = tag;
      if (round >= 0) {
        times[i].push(ms);
        if (cpuMs !== null) cpu[i].push(cpuMs);
      }
    }
    if (round >= 0) log(`round ${round + 1}/${rounds}: ${order.map((i) => `${builds[i].name} ${times[i].at(-1).toFixed(1)}`).join(', ')}`);
  }
  if (new Set(tags).size !== 1) {
    throw new Error(`builds disagree: ${builds.map((b, i) => `${b.name}=${tags[i]}`).join(' ')}`);
  }
  return builds.map((build, i) => ({ name: build.name, times: times[i], median: median(times[i]), tag: tags[i],
    cpu: cpu[i].length ? cpu[i] : null }));
}

// "speed vs first" compares medians; "paired" is the median over rounds of
// (first build's time / this build's time) in the same round, which follows a
// drifting machine load better. In Node the table adds the medians of CPU time
// per hash (process.cpuUsage).
function table(rows, header) {
  const base = rows[0].median;
  const withCpu = rows.every((row) => row.cpu);
  const lines = [header, '', `| build | median ms | min ms | speed vs first | paired |${withCpu ? ' CPU median ms | CPU vs first |' : ''}`,
    `| --- | --- | --- | --- | --- |${withCpu ? ' --- | --- |' : ''}`];
  for (const row of rows) {
    const paired = median(row.times.map((ms, round) => rows[0].times[round] / ms));
    const cpuCells = withCpu ? ` ${median(row.cpu).toFixed(1)} | ${(median(rows[0].cpu) / median(row.cpu)).toFixed(3)}x |` : '';
    lines.push(`| ${row.name} | ${row.median.toFixed(1)} | ${Math.min(...row.times).toFixed(1)} | ${(base / row.median).toFixed(3)}x | ${paired.toFixed(3)}x |${cpuCells}`);
  }
  lines.push('', `tag ${rows[0].tag} (identical in every build)`);
  return lines.join('\n');
}

// ---- Chromium worker side ----------------------------------------------------
/* global WorkerGlobalScope */
const inWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;
if (inWorker && self.name === 'argon2-lane') {
  // A lane worker: this same script under the lane's name, as worker/argon2.js runs its lanes
  // (its handler set before any await, or the job's first message would find none).
  serveLane();
} else if (inWorker) {
  self.onmessage = async ({ data: { builds, lanes, sodiumUrl, settings } }) => {
    const log = (line) => self.postMessage({ type: 'log', line });
    try {
      const loaded = [];
      for (const { name, glue, wasm } of builds) {
        const { default: factory } = await import(glue);
        const wasmBinary = new Uint8Array(await (await fetch(wasm)).arrayBuffer());
        loaded.push({ name, factory, wasmBinary });
      }
      if (sodiumUrl) {
        const { default: lib } = await import(sodiumUrl);
        await lib.ready;
        loaded.push({ name: `libsodium-wrappers-sumo ${lib.SODIUM_VERSION_STRING}`, sodium: lib });
      }
      if (lanes) {
        const binary = new Uint8Array(await (await fetch(lanes.wasm)).arrayBuffer());
        loaded.push(...await lanesBuilds(binary, lanes.threads, () => new Worker(import.meta.url, { type: 'module', name: 'argon2-lane' })));
      }
      const rows = await runAB(loaded, settings, log);
      self.postMessage({ type: 'done', rows, engine: { userAgent: navigator.userAgent, crossOriginIsolated: self.crossOriginIsolated } });
    } catch (error) {
      self.postMessage({ type: 'failed', message: String(error?.stack ?? error) });
    }
  };
}

// ---- Node side -----------------------------------------------------------------
// A lane worker under worker_threads: give worker/argon2-lane.js the Worker API it expects.
const nodeThreads = !inWorker && typeof process !== 'undefined' ? await import('node:worker_threads') : null;
if (nodeThreads) {
  const threads = nodeThreads;
  if (!threads.isMainThread && threads.workerData?.role === 'lane') {
    globalThis.self = globalThis;
    globalThis.__argon2LaneShim = true;
    globalThis.postMessage = (message) => threads.parentPort.postMessage(message);
    (await import(new URL('../../worker/argon2-lane.js', import.meta.url).href)).serveLane();
    threads.parentPort.on('message', (data) => globalThis.onmessage({ data }));
  }
}

function nodeSpawn(Worker) {
  return () => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'lane' } });
    return {
      postMessage: (message) => worker.postMessage(message),
      terminate: () => worker.terminate(),
      set onmessage(handler) { worker.on('message', (data) => handler({ data })); },
      set onerror(handler) { worker.on('error', handler); },
    };
  };
}

const isMain = nodeThreads?.isMainThread && process.argv[1]
  && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href;
if (isMain) await main();

async function main() {
  const path = await import('node:path');
  const { readFile } = await import('node:fs/promises');
  const { pathToFileURL } = await import('node:url');
  const settings = { t: 3, m: 65536, p: 1, rounds: 11, threads: 2, fresh: 0 };
  let browser = null;
  let sodium = false;
  let lanes = null;
  const builds = [];
  for (const arg of process.argv.slice(2)) {
    const option = /^--(\w+)(?:=(.*))?$/.exec(arg);
    if (option) {
      if (option[1] === 'chromium' || option[1] === 'firefox') browser = option[1];
      else if (option[1] === 'sodium') sodium = true;
      else if (option[1] === 'fresh') settings.fresh = 1;
      else if (option[1] === 'lanes') lanes = path.resolve(option[2]);
      else if (option[1] in settings) settings[option[1]] = Number(option[2]);
      else throw new Error(`unknown option ${arg}`);
      continue;
    }
    const [, name, file] = /^(?:([\w.+-]+)=)?(.+)$/.exec(arg);
    const glue = path.resolve(file);
    builds.push({ name: name ?? path.basename(glue, '.mjs'), glue, wasm: glue.replace(/\.mjs$/, '.wasm') });
  }
  if (builds.length + (lanes ? 2 : 0) + (sodium ? 1 : 0) < 2) throw new Error('give at least two builds (glue .mjs paths)');
  const header = `Argon2id t=${settings.t} m=${settings.m} KiB p=${settings.p}, ${settings.rounds} alternating rounds (+1 warm-up), median`
    + (lanes ? `; lanes x${settings.threads} = ${settings.threads} threads over shared memory` : '')
    + (settings.fresh ? '; a fresh instance per hash (instantiation not timed)' : '');
  if (!browser) {
    const loaded = [];
    for (const build of builds) {
      const { default: factory } = await import(pathToFileURL(build.glue).href);
      loaded.push({ name: build.name, factory, wasmBinary: await readFile(build.wasm) });
    }
    if (sodium) {
      const { createRequire } = await import('node:module');
      const lib = createRequire(import.meta.url)('libsodium-wrappers-sumo');
      await lib.ready;
      loaded.push({ name: `libsodium-wrappers-sumo ${lib.SODIUM_VERSION_STRING}`, sodium: lib });
    }
    if (lanes) {
      const { Worker } = await import('node:worker_threads');
      loaded.push(...await lanesBuilds(await readFile(lanes), settings.threads, nodeSpawn(Worker)));
    }
    const rows = await runAB(loaded, settings, (line) => console.error(line));
    console.log(table(rows, `${header}; Node ${process.version}`));
  } else {
    const { engine, rows } = await runInBrowser(browser, builds, lanes, sodium, settings, { readFile, path });
    console.log(table(rows, `${header}; ${engine}`));
  }
}

// Headless Debian Chromium (fresh profile, offline) or Firefox ESR (through the
// browser tests' engine driver); a tiny COOP/COEP server on 127.0.0.1 serving
// the page, this file as the worker, and the builds.
async function runInBrowser(browserName, builds, lanes, sodium, settings, { readFile, path }) {
  const http = await import('node:http');
  const os = await import('node:os');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { fileURLToPath } = await import('node:url');
  const self = fileURLToPath(import.meta.url);
  const files = new Map([['/bench/ab-worker.mjs', self]]);
  // The lanes' worker files import their neighbours (worker/argon2-lane-sync.js,
  // common/start-worker.js, ...), this file its median (fixtures/median.js): serve those source folders whole.
  const repo = path.join(path.dirname(self), '../..');
  const sourceFile = (pathname) => {
    const [, folder, name] = pathname.match(/^\/(worker|common|fixtures)\/([\w.-]+\.js)$/) ?? [];
    return folder ? path.join(repo, folder, name) : null;
  };
  if (lanes) files.set('/lanes.wasm', lanes);
  let sodiumDir = null;
  if (sodium) {
    // libsodium-wrappers-sumo's ESM build imports the bare 'libsodium-sumo': bundle both.
    const esbuild = await import('esbuild');
    sodiumDir = await mkdtemp(path.join(os.tmpdir(), 'memento-argon2-ab-sodium-'));
    const bundle = path.join(sodiumDir, 'sodium.mjs');
    await esbuild.build({ stdin: { contents: "export { default } from 'libsodium-wrappers-sumo';", resolveDir: path.dirname(self) },
      bundle: true, format: 'esm', platform: 'browser', outfile: bundle, logLevel: 'error' });
    files.set('/sodium.mjs', bundle);
  }
  builds.forEach((build, i) => {
    files.set(`/b${i}.mjs`, build.glue);
    files.set(`/b${i}.wasm`, build.wasm);
  });
  const page = '<!doctype html><meta charset="utf-8"><title>argon2 A/B</title><script type="module">'
    + 'window.runAB = (job) => new Promise((resolve, reject) => {'
    + ' const w = new Worker("/bench/ab-worker.mjs", {type: "module"});'
    + ' w.onerror = (e) => reject(new Error(e.message));'
    + ' w.onmessage = ({data}) => { if (data.type === "log") console.log(data.line);'
    + ' else { w.terminate(); data.type === "done" ? resolve(data) : reject(new Error(data.message)); } };'
    + ' w.postMessage(job); });</script>';
  const server = http.createServer(async (req, res) => {
    const headers = {
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
    };
    const url = new URL(req.url, 'http://127.0.0.1');
    try {
      if (url.pathname === '/') {
        res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(page);
      } else if (files.has(url.pathname) || sourceFile(url.pathname)) {
        const type = url.pathname.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8';
        res.writeHead(200, { ...headers, 'content-type': type }).end(await readFile(files.get(url.pathname) ?? sourceFile(url.pathname)));
      } else {
        res.writeHead(404, headers).end();
      }
    } catch (error) {
      res.writeHead(500, headers).end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const job = {
    builds: builds.map((build, i) => ({ name: build.name, glue: `${origin}/b${i}.mjs`, wasm: `${origin}/b${i}.wasm` })),
    lanes: lanes ? { wasm: `${origin}/lanes.wasm`, threads: settings.threads } : null,
    sodiumUrl: sodium ? `${origin}/sodium.mjs` : null,
    settings,
  };
  try {
    if (browserName === 'firefox') {
      const { launch } = await import('../../scripts/browsers/firefox.mjs');
      const firefox = await launch();
      try {
        const tab = await firefox.newPage();
        await tab.goto(`${origin}/`);
        const reply = await tab.evaluate((j) => window.runAB(j), job);
        return { engine: `Firefox ${firefox.version} headless, module Worker, crossOriginIsolated ${reply.engine.crossOriginIsolated}`, rows: reply.rows };
      } finally {
        await firefox.close();
      }
    }
    return await runChromium(origin, job);
  } finally {
    await new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
    if (sodiumDir) await rm(sodiumDir, { recursive: true, force: true });
  }
}

async function runChromium(origin, job) {
  const os = await import('node:os');
  const path = await import('node:path');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { chromium } = await import('playwright-core');
  const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-argon2-ab-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
      headless: false,  // --headless=new below
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
    });
    const tab = context.pages()[0] ?? await context.newPage();
    tab.on('console', (message) => console.error(message.text()));
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => typeof window.runAB === 'function');
    const reply = await tab.evaluate((j) => window.runAB(j), job);
    const engine = `Chromium ${context.browser()?.version() ?? reply.engine.userAgent} headless, module Worker,`
      + ` crossOriginIsolated ${reply.engine.crossOriginIsolated}`;
    return { engine, rows: reply.rows };
  } finally {
    await context?.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  }
}

export { hashSegmented, runAB };
