// The Node-only parts of the argon2 bench: native libsodium as an engine of its
// own (a C program compiled at bench time, timed in C, same input and run
// count), and the sizes of the shipped wasm modules.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { compileNative } from './compile.mjs';
import { moduleSizesTable } from '../lib/module-sizes.mjs';

const SIZE_LIMIT_GZIP = { 'argon2.simd.wasm': 25000 };  // issue 2 §8: at most 25 KB gzip

const compile = (root) => compileNative(root, 'argon2_native', 'cc', ['-O2', path.join(root, 'bench/native/argon2_native.c'), '-lsodium']);

export const engines = {
  async native({ root, cases, settings, log }) {
    const { binary, cc } = compile(root);
    let library = 'libsodium';
    const results = [];
    for (const testCase of cases.filter((c) => c.native)) {
      const { t, m, length, password, salt } = testCase.params;
      log(`${testCase.label}: native crypto_pwhash, ${settings.warmup} warm-up + ${settings.runs} timed runs`);
      const reply = JSON.parse(execFileSync(binary,
        [t, m, length, settings.warmup, settings.runs, password, salt].map(String), { encoding: 'utf8' }));
      library = `libsodium ${reply.libsodium}${reply.avx2 ? ' (AVX2 fill-block)' : ' (no AVX2)'}`;
      results.push({
        case: testCase.id,
        baseline: 'native-libsodium',
        ready: ['native-libsodium'],
        unavailable: [],
        samples: { 'native-libsodium': reply.samples_ms },
        output: reply.tag,
        verifiedWith: ['native-libsodium'],
      });
    }
    return {
      version: `${library}, ${cc}, -O2`,
      method: `median of ${settings.runs} timed runs after ${settings.warmup} warm-up run${settings.warmup === 1 ? '' : 's'}, `
        + 'timed in C around crypto_pwhash, one process per case',
      contenders: { 'native-libsodium': {
        label: 'native libsodium',
        detail: `crypto_pwhash(..., crypto_pwhash_ALG_ARGON2ID13) in C, timed in C (bench/native/argon2_native.c)`,
      } },
      results,
    };
  },
};

/** The raw and gzip size of each dist/wasm/argon2*.wasm (main SIMD, scalar, lanes), with the limit. */
export function tables({ root }) {
  return [moduleSizesTable(root, { folder: 'dist/wasm', module: 'argon2', limits: SIZE_LIMIT_GZIP })];
}
