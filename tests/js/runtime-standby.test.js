// The standby worker (api/runtime/run-once.js) and the compile-once rule
// (api/runtime/wasm-modules.js), through the Node build's public surface: a
// job's worker still ends with the job; a standby readied after it holds the
// instantiated module and no job-sized heap, the next job runs on it, no module
// is compiled twice, and a standby never keeps Node alive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const compiled = [];
const compile = WebAssembly.compile;
WebAssembly.compile = (bytes) => { compiled.push(bytes.byteLength); return compile(bytes); };
const { renderTexture, standbyWorker, liveWorkerCount, endStandbys } = await import('../../dist/node.js');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check, what) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await sleep(25);
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('after a job a standby worker is up with the module instantiated and no job-sized heap; the next job runs on it', async () => {
  assert.equal(standbyWorker('texture'), undefined, 'none before any job');
  const first = await renderTexture({ size: 1024, seed: 1 });
  assert.equal(first.albedo.length, 1024 * 1024 * 4);
  await until(() => standbyWorker('texture')?.state === 'ready', 'the standby');
  const standby = standbyWorker('texture');
  assert.ok(standby.heapBytes > 0 && standby.heapBytes <= 2 * 1024 * 1024,
    `the standby's heap is its start's, not a 1024 render's (${standby.heapBytes} bytes)`);
  // The job's worker lingers 500 ms for a job in a row (api/texture.js), then ends: only the standby lives.
  await until(() => liveWorkerCount() === 1, 'the job\'s worker to end after its linger');

  const second = renderTexture({ size: 1024, seed: 1 });
  await new Promise((resolve) => setImmediate(resolve));
  // The job took the standby (the next standby, started while the job runs, may be starting already).
  assert.notEqual(standbyWorker('texture')?.state, 'ready', 'the job took the standby');
  assert.equal(liveWorkerCount() - (standbyWorker('texture') ? 1 : 0), 1, 'and runs on it: no other worker started');
  const maps = await second;
  assert.deepEqual(Buffer.from(maps.albedo.buffer), Buffer.from(first.albedo.buffer), 'the same bytes');
  await until(() => standbyWorker('texture')?.state === 'ready', 'the next standby');
});

test('a second job compiles no wasm: each module is compiled once, and its workers instantiate that', async () => {
  await renderTexture({ size: 64 });
  const count = compiled.length;
  assert.ok(count >= 1);
  await until(() => standbyWorker('texture')?.state === 'ready', 'the standby');
  await renderTexture({ size: 64, seed: 2 });
  await until(() => standbyWorker('texture')?.state === 'ready', 'the next standby');
  assert.equal(compiled.length, count);
});

test('endStandbys() ends the standby, and a job running then readies none when it ends (a popup\'s Lock)', async () => {
  await renderTexture({ size: 64 });
  await until(() => standbyWorker('texture')?.state === 'ready', 'the standby');
  endStandbys();
  assert.equal(standbyWorker('texture'), undefined);
  assert.equal(liveWorkerCount(), 0, 'no worker left');

  const job = renderTexture({ size: 1024, seed: 3 });
  await until(() => liveWorkerCount() >= 1, 'the job\'s worker');
  endStandbys();   // while the job runs
  await job;
  await sleep(700);   // past the idle callback that would ready the next standby, and the job's worker's linger
  assert.equal(standbyWorker('texture'), undefined, 'no standby readied for a job that was running at endStandbys()');
  assert.equal(liveWorkerCount(), 0);
});

test('a standby worker never keeps a Node process alive', async () => {
  const script = `
    const api = await import(${JSON.stringify(new URL('../../dist/node.js', import.meta.url).href)});
    await api.renderTexture({ size: 64 });
    const started = Date.now();
    while (api.standbyWorker('texture')?.state !== 'ready' && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 20));
    console.log(api.standbyWorker('texture')?.state);`;
  const dir = await mkdtemp(path.join(tmpdir(), 'memento-standby-'));
  const file = path.join(dir, 'standby.mjs');
  await writeFile(file, script);
  const started = Date.now();
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 20000 });
    assert.equal(stdout.trim(), 'ready');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  assert.ok(Date.now() - started < 15000, 'the process ended without waiting for the standby\'s idle timeout');
});
