// The native engine of the texture bench: the kernel's own source
// (cpp/texture, the SIMD row kernels through SIMDe, as the native tests build
// it) compiled at bench time with -O3 and timed in C++
// (bench/native/texture_native.cpp): what the same maths costs with no wasm
// engine in between, the yardstick for how far the wasm build could still go.
// Its maps are checked against every other engine's (the same digest).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pieceRows } from '../../worker/texture-ops.js';
import { compileNative } from './compile.mjs';

// SSE4.2 is as wide as wasm's SIMD (128 bits); -march=native measured no faster here (2026-12-03).
// -ffp-contract=off as for every build of the kernel: a fused multiply-add changes the normals' last bit.
const FLAGS = ['-std=c++20', '-O3', '-msse4.2', '-ffp-contract=off', '-DMEMENTO_SIMD=1'];
const SOURCES = ['texture.cpp', 'shade.cpp', 'rows_simd.cpp', 'vault_simd.cpp'];
const KINDS = { 'stone-wall': 0, 'vault-face': 1 };

const compile = (root) => compileNative(root, 'texture_native', 'g++', [...FLAGS, `-I${path.join(root, 'cpp')}`,
  path.join(root, 'bench/native/texture_native.cpp'), ...SOURCES.map((file) => path.join(root, 'cpp/texture', file))]);

export const engines = {
  async native({ root, cases, settings, log }) {
    const { binary, cc } = compile(root);
    const results = [];
    for (const testCase of cases) {
      const { kind, size, seed } = testCase.params;
      log(`${testCase.label}: native kernel, ${settings.warmup} warm-up + ${settings.runs} timed runs`);
      const reply = JSON.parse(execFileSync(binary,
        [KINDS[kind], size, seed, pieceRows(size), settings.warmup, settings.runs].map(String), { encoding: 'utf8' }));
      if (reply.kernel !== 'simd') throw new Error(`texture_native built the ${reply.kernel} kernel, not the SIMD one`);
      results.push({
        case: testCase.id,
        baseline: 'native-in-a-row',
        ready: ['native-in-a-row', 'native-kernel'],
        unavailable: [],
        samples: { 'native-in-a-row': reply.in_a_row_ms, 'native-kernel': reply.kernel_ms },
        output: JSON.stringify(reply.digest),
        verifiedWith: ['native-in-a-row'],
      });
    }
    return {
      version: `${cc}, ${FLAGS.join(' ')}, SIMDe for wasm_simd128.h`,
      method: `median of ${settings.runs} timed runs after ${settings.warmup} warm-up run${settings.warmup === 1 ? '' : 's'},`
        + ' the two rows alternating, timed in C++ (one process per case)',
      contenders: {
        'native-in-a-row': {
          label: 'the same kernel, native, renders in a row',
          detail: 'bench/native/texture_native.cpp: cpp/texture compiled natively (SIMD row kernels through SIMDe), prepare and'
            + ' every piece of the worker\'s piece height, each piece copied into five whole maps reused between renders:'
            + ' the work of the renders-in-a-row row without the wasm engine, the worker or the messages',
        },
        'native-kernel': {
          label: 'the same kernel, native, the kernel alone',
          detail: 'the same program, the pieces left in their buffers (no copy into whole maps): the computation alone',
        },
      },
      results,
    };
  },
};
