// A worker is given only the wasm its jobs can use (api/modules/argon2.js
// `companions`, api/runtime/wasm-modules.js): the lanes build is compiled for
// the first job of p > 1 lanes in parallel, never for p = 1, whose worker hashes
// in the main build alone (a vault's default unlock fetched 11.5 KiB it never ran).
// Node shares memory between threads, so there the lanes are usable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const compiled = [];
const compile = WebAssembly.compile;
WebAssembly.compile = (bytes) => { compiled.push(bytes.byteLength); return compile(bytes); };
const { argon2id, endStandbys } = await import('../../dist/node.js');
const lanesBytes = (await readFile(new URL('../../dist/wasm/argon2.lanes.wasm', import.meta.url))).byteLength;
const simdBytes = (await readFile(new URL('../../dist/wasm/argon2.simd.wasm', import.meta.url))).byteLength;

const job = (p, parallel = true) => argon2id({ password: 'pw', salt: new Uint8Array(16), t: 1, m: 64 * p, p, parallel });

test('p = 1 and p = 4 without parallel lanes compile the main build only; p = 4 in parallel compiles the lanes build once', async () => {
  try {
    const one = await job(1);
    const sequential = await job(4, false);
    assert.equal(one.length, 32);
    assert.ok(compiled.includes(simdBytes), `the SIMD build was compiled (sizes: ${compiled.join(', ')})`);
    assert.ok(!compiled.includes(lanesBytes), `no job that runs its lanes one after another compiled argon2.lanes.wasm (sizes: ${compiled.join(', ')})`);
    const parallel = await job(4);
    assert.deepEqual(parallel, sequential, 'the lanes in parallel give the same tag');
    assert.equal(compiled.filter((bytes) => bytes === lanesBytes).length, 1, 'the p = 4 job in parallel compiled the lanes build, once');
    await job(4);
    assert.equal(compiled.filter((bytes) => bytes === lanesBytes).length, 1, 'and a second such job compiled it no more');
  } finally {
    endStandbys();
  }
});
