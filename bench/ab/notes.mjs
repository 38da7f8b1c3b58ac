// A/B of two notes SIMD builds in one Node process: openBatch (copy in,
// open_batch, copy out) over the benchmark's kind of vault (5,000 notes of
// about 200 words, sealed by libsodium-wrappers), the builds alternating
// round by round (order swapped every round) so they share the host's noise;
// outputs compared byte for byte first. Not a test.
//   node bench/ab/notes.mjs <dir A> <dir B> [rounds] [notes]   (each dir: notes.simd.mjs + .wasm)
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { sealVault } from '../../fixtures/sealed-vault.mjs';
import { median } from '../lib/measure.mjs';
import { createWasmNotes } from '../../worker/notes-ops.js';
import { packNotes } from '../../common/notes-format.js';

const [dirA, dirB] = process.argv.slice(2, 4).map((d) => resolve(d));
const ROUNDS = Number(process.argv[4] ?? 41);
const COUNT = Number(process.argv[5] ?? 5000);

const { notes, deviceKey } = await sealVault(COUNT);
const packed = packNotes(notes);

async function load(dir) {
  const { default: create } = await import(pathToFileURL(join(dir, 'notes.simd.mjs')).href);
  return createWasmNotes(await create({ wasmBinary: await readFile(join(dir, 'notes.simd.wasm')) }));
}
// AB_OPTIONS_A / AB_OPTIONS_B: JSON openBatch options of each side (e.g. {"utf16Lengths": true}).
const options = { A: JSON.parse(process.env.AB_OPTIONS_A ?? '{}'), B: JSON.parse(process.env.AB_OPTIONS_B ?? '{}') };
const open = (backend, side) => backend.openBatch({ ...packed, deviceKey: deviceKey.slice(), ...options[side] });
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const [A, B] = [await load(dirA), await load(dirB)];
const [a, b] = [open(A, 'A'), open(B, 'B')];
if (!same(a.out, b.out) || !same(a.outFields, b.outFields) || !same(a.status, b.status)) throw new Error('A and B differ');
if (a.status.some((x) => x !== 0)) throw new Error('a note did not open');
// CPU time of this thread (ns on a core, from the scheduler): on a busy host a
// run's wall time is mostly waiting for a core, its CPU time is not.
const cpuNs = () => Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]);
const t = { A: [], B: [] };
const cpu = { A: [], B: [] };
const load0 = loadavg()[0];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? [['B', B], ['A', A]] : [['A', A], ['B', B]];
  for (const [name, backend] of order) {
    const cpuStart = cpuNs();
    const start = performance.now();
    open(backend, name);
    t[name].push(performance.now() - start);
    cpu[name].push((cpuNs() - cpuStart) / 1e6);
  }
}
const [ma, mb] = [median(t.A), median(t.B)];
const [na, nb] = [Math.min(...t.A), Math.min(...t.B)];
console.log(`${COUNT} notes, ${ROUNDS} rounds, load ${load0.toFixed(2)}-${loadavg()[0].toFixed(2)}: median A ${ma.toFixed(2)} B ${mb.toFixed(2)} ms (A/B ${(ma / mb).toFixed(3)}x)`
  + `  min A ${na.toFixed(2)} B ${nb.toFixed(2)} (A/B ${(na / nb).toFixed(3)}x)`
  + `; thread CPU median A ${median(cpu.A).toFixed(2)} B ${median(cpu.B).toFixed(2)} (A/B ${(median(cpu.A) / median(cpu.B)).toFixed(3)}x)`
  + ` min A ${Math.min(...cpu.A).toFixed(2)} B ${Math.min(...cpu.B).toFixed(2)}; identical`);
