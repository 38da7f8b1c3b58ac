// Textures: the JS specification (worker/texture-spec.js), the JS tables
// (worker/texture-tables.js) and the wasm SIMD and scalar builds give the same
// bytes at sizes 1..1024 with random seeds, both kinds, whole and in bands;
// at 2048 the wasm builds agree, and the tables on three bands; the committed SHA-256 digests at 512
// (tests/js/texture-digests.json, which the browser tests reuse) and the
// native tests' digests (tests/cpp/texture_digests.h) are the spec's; the maps
// tile: every lattice wraps and the normals read their neighbours across the
// edge. Run with --disallow-code-generation-from-strings (embind must not eval).
import { seededRandom } from '../../fixtures/seeded-random.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadWasm, BUILDS } from './wasm-node.js';
import {
  NORMAL_Z, STONE_LAYERS, VAULT_LAYERS, layerSeed, normalChannels, renderTextureSpec, shadeTextureSpec, valueNoise,
} from '../../worker/texture-spec.js';
import { createTextureTables, renderTextureTables } from '../../worker/texture-tables.js';

const KINDS = ['stone-wall', 'vault-face'];
const MAPS = ['albedo', 'normal', 'roughness', 'ao', 'orm'];
const DIGESTS = JSON.parse(readFileSync(new URL('./texture-digests.json', import.meta.url), 'utf8'));
const wasm = Object.fromEntries(await Promise.all(BUILDS.map(async ([name, simd]) => [name, await loadWasm('texture', simd)])));

// 32-bit outputs of the project's seeded generator: a failure names its seed.
function rng(seed) {
  const next = seededRandom(seed);
  return () => (next() * 4294967296) >>> 0;   // exact: the float is the 32-bit output over 2^32
}

/** The wasm build's maps, rendered in bands of `bands` (row counts), in the given order. */
function renderWasm(w, { kind, size, seed }, bands = [size], order = 'forward') {
  const k = KINDS.indexOf(kind);
  const bytes = w.texture_state_size(k, size);
  const state = w._malloc(bytes);
  const n = size * size * 4;
  const pointers = MAPS.map(() => w._malloc(n));
  try {
    assert.equal(w.texture_prepare(state, bytes, k, size, seed >>> 0), 0);
    const spans = [];
    for (let y0 = 0, i = 0; y0 < size; i++) {
      const y1 = Math.min(size, y0 + bands[i % bands.length]);
      spans.push([y0, y1]);
      y0 = y1;
    }
    if (order === 'reverse') spans.reverse();
    for (const [y0, y1] of spans) {
      const status = w.texture_render_band(state, y0, y1, ...pointers.map((p) => p + y0 * size * 4));
      assert.equal(status, 0, w.error_message(status));
    }
    return Object.fromEntries(MAPS.map((m, i) => [m, new Uint8ClampedArray(w.HEAPU8.subarray(pointers[i], pointers[i] + n))]));
  } finally {
    pointers.forEach((p) => w._free(p));
    w._free(state);
  }
}

/** The tables' maps, rendered in bands. */
function renderTablesInBands(params, bands) {
  const { size } = params;
  const tables = createTextureTables(params);
  const maps = Object.fromEntries(MAPS.map((m) => [m, new Uint8ClampedArray(size * size * 4)]));
  for (let y0 = 0, i = 0; y0 < size; i++) {
    const y1 = Math.min(size, y0 + bands[i % bands.length]);
    tables.renderBand(y0, y1, Object.fromEntries(MAPS.map((m) => [m, maps[m].subarray(y0 * size * 4, y1 * size * 4)])));
    y0 = y1;
  }
  return maps;
}

function assertSameMaps(actual, expected, what) {
  for (const m of MAPS) {
    assert.equal(actual[m].length, expected[m].length, `${what}: ${m} length`);
    const i = actual[m].findIndex((b, j) => b !== expected[m][j]);
    if (i >= 0) {
      const size = Math.sqrt(actual[m].length / 4);
      const pixel = i >> 2;
      assert.fail(`${what}: ${m} differs first at pixel (${pixel % size}, ${Math.floor(pixel / size)}) channel ${i & 3}: ${actual[m][i]} vs ${expected[m][i]}`);
    }
  }
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

test('both wasm builds pass their known-answer self-test and name their variant', () => {
  for (const [name, w] of Object.entries(wasm)) {
    assert.equal(w.self_test(), true, name);
    assert.equal(w.kernel_variant(), name);
  }
});

const random = rng(12);
for (const size of [1, 2, 3, 63, 64, 65, 127, 500, 1024]) {
  for (const kind of KINDS) {
    const seed = random();
    test(`${kind} at ${size} (seed ${seed}): spec, tables and both wasm builds agree byte for byte`, () => {
      const params = { kind, size, seed };
      const spec = renderTextureSpec(params);
      assertSameMaps(renderTextureTables(params), spec, 'tables');
      for (const [name, w] of Object.entries(wasm)) assertSameMaps(renderWasm(w, params, [size]), spec, `wasm ${name}`);
    });
  }
}

test('bands of any height, in any order, give the whole-texture bytes', () => {
  const r = rng(34);
  for (const kind of KINDS) {
    for (const size of [1, 5, 64, 131]) {
      const params = { kind, size, seed: r() };
      const whole = renderTextureTables(params);
      const bands = [1 + (r() % 7), 1, 2 + (r() % 40)];
      assertSameMaps(renderTablesInBands(params, bands), whole, `tables in bands ${bands} (${kind} ${size})`);
      for (const [name, w] of Object.entries(wasm)) {
        assertSameMaps(renderWasm(w, params, bands, 'reverse'), whole, `wasm ${name} in bands ${bands} reversed (${kind} ${size})`);
      }
    }
  }
});

test('at 2048 both wasm builds agree, and the tables on a top, middle and bottom band', () => {
  const size = 2048;
  for (const kind of KINDS) {
    const params = { kind, size, seed: 2048 + KINDS.indexOf(kind) };
    const simd = renderWasm(wasm.simd, params, [256]);
    assertSameMaps(renderWasm(wasm.scalar, params, [size]), simd, `wasm scalar ${kind}`);
    const tables = createTextureTables(params);
    for (const [y0, y1] of [[0, 48], [1000, 1048], [2000, 2048]]) {
      const band = (m) => simd[m].subarray(y0 * size * 4, y1 * size * 4);
      const maps = Object.fromEntries(MAPS.map((m) => [m, new Uint8ClampedArray((y1 - y0) * size * 4)]));
      tables.renderBand(y0, y1, maps);
      assertSameMaps(maps, Object.fromEntries(MAPS.map((m) => [m, band(m)])), `tables rows ${y0}..${y1} ${kind}`);
    }
  }
});

test('the committed SHA-256 digests at 512 are the spec\'s, the tables\' and both wasm builds\'', () => {
  const { size, seed } = DIGESTS;
  for (const kind of KINDS) {
    const renders = { spec: renderTextureSpec({ kind, size, seed }), tables: renderTextureTables({ kind, size, seed }) };
    for (const [name, w] of Object.entries(wasm)) renders[`wasm ${name}`] = renderWasm(w, { kind, size, seed }, [64]);
    for (const [path, maps] of Object.entries(renders)) {
      for (const m of MAPS) assert.equal(sha256(maps[m]), DIGESTS[kind][m], `${path} ${kind} ${m}`);
    }
  }
});

test('the native tests\' digests (tests/cpp/texture_digests.h) are the spec\'s', () => {
  const header = readFileSync(new URL('../cpp/texture_digests.h', import.meta.url), 'utf8');
  const cases = [...header.matchAll(/\{(\d), (\d+), (\d+)u, "([0-9a-f]{64})"\}/g)];
  assert.ok(cases.length >= 16);
  for (const [, kind, size, seed, digest] of cases) {
    const maps = renderTextureSpec({ kind: KINDS[+kind], size: +size, seed: +seed });
    const h = createHash('sha256');
    for (const m of MAPS) h.update(maps[m]);
    assert.equal(h.digest('hex'), digest, `${KINDS[+kind]} ${size} seed ${seed}`);
  }
});

test('seams: every noise layer runs on across the wrap as smoothly as anywhere inside', () => {
  for (const [kind, layers] of [['stone-wall', STONE_LAYERS], ['vault-face', VAULT_LAYERS]]) {
    layers.forEach(([lx, ly], k) => {
      const ls = layerSeed(99, k);
      for (const v of [0, 12345, 40000, 65535]) {
        // Along u: the step from 65535 to 0 is no larger than the largest step from u to u + 1.
        let inside = 0;
        for (let u = 0; u < 65535; u++) inside = Math.max(inside, Math.abs(valueNoise(ls, lx, ly, u + 1, v) - valueNoise(ls, lx, ly, u, v)));
        const across = Math.abs(valueNoise(ls, lx, ly, 0, v) - valueNoise(ls, lx, ly, 65535, v));
        assert.ok(across <= inside, `${kind} layer ${k} across u at v=${v}: ${across} > ${inside}`);
        // And along v, transposed.
        inside = 0;
        for (let w = 0; w < 65535; w++) inside = Math.max(inside, Math.abs(valueNoise(ls, lx, ly, v, w + 1) - valueNoise(ls, lx, ly, v, w)));
        const down = Math.abs(valueNoise(ls, lx, ly, v, 0) - valueNoise(ls, lx, ly, v, 65535));
        assert.ok(down <= inside, `${kind} layer ${k} across v at u=${v}: ${down} > ${inside}`);
      }
    });
  }
});

test('seams: the normals at the edges are those of the texture tiled 3 x 3 (their neighbours wrap)', () => {
  for (const kind of KINDS) {
    for (const size of [7, 64, 65]) {
      const seed = 4242;
      const maps = renderTextureSpec({ kind, size, seed });
      // Heights of one tile, as the spec shades them before its normals.
      const height = shadeTextureSpec({ kind, size, seed });
      // The 3 x 3 tiling, indexed from -size .. 2 size - 1 without any wrapping in the Sobel itself.
      const tiled = (x, y) => height[(y + size) % size * size + (x + size) % size];
      const z = Math.floor(NORMAL_Z[kind] / size);
      const expected = new Uint8ClampedArray(4);
      const edge = new Set([0, size - 1]);
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          if (!edge.has(x) && !edge.has(y)) continue;
          const gx = tiled(x - 1, y - 1) + 2 * tiled(x - 1, y) + tiled(x - 1, y + 1) - tiled(x + 1, y - 1) - 2 * tiled(x + 1, y) - tiled(x + 1, y + 1);
          const gy = tiled(x - 1, y + 1) + 2 * tiled(x, y + 1) + tiled(x + 1, y + 1) - tiled(x - 1, y - 1) - 2 * tiled(x, y - 1) - tiled(x + 1, y - 1);
          normalChannels(gx, gy, z, expected, 0);
          const i = (y * size + x) * 4;
          assert.deepEqual([...maps.normal.subarray(i, i + 4)], [...expected], `${kind} ${size} normal at (${x}, ${y})`);
        }
      }
    }
  }
});

test('bad parameters get their status code and message; a band needs a prepared state', () => {
  for (const [name, w] of Object.entries(wasm)) {
    assert.equal(w.texture_validate(0, 512), 0);
    assert.equal(w.texture_validate(2, 512), 1, name);
    assert.equal(w.texture_validate(0, 0), 2, name);
    assert.equal(w.texture_validate(1, 4097), 2, name);
    assert.equal(w.texture_state_size(0, 0), 0);
    assert.match(w.error_message(1), /kind/);
    assert.match(w.error_message(2), /size/);
    const bytes = w.texture_state_size(1, 16);
    const state = w._malloc(bytes);
    const map = w._malloc(16 * 16 * 4);
    try {
      assert.equal(w.texture_prepare(state, bytes - 1, 1, 16, 1), 3, 'state too small');
      assert.equal(w.texture_prepare(0, bytes, 1, 16, 1), 6, 'null state');
      assert.equal(w.texture_prepare(state, bytes, 1, 16, 0xffffffff), 0, 'the largest seed');
      assert.equal(w.texture_render_band(state, 4, 4, map, map, map, map, map), 5, 'empty band');
      assert.equal(w.texture_render_band(state, 0, 17, map, map, map, map, map), 5, 'band past the end');
      assert.equal(w.texture_render_band(state, 0, 1, map, 0, map, map, map), 6, 'null map');
      assert.equal(w.texture_render_band(state, 0, 1, map, map, map, map, map), 0);
    } finally {
      w._free(map);
      w._free(state);
    }
  }
});

test('a hundred renders leave the wasm memory as large as after the first', () => {
  for (const [name, w] of Object.entries(wasm)) {
    renderWasm(w, { kind: 'vault-face', size: 96, seed: 1 }, [32]);
    const grown = w.HEAPU8.length;
    for (let i = 0; i < 100; i++) renderWasm(w, { kind: KINDS[i & 1], size: 96, seed: i }, [32]);
    assert.equal(w.HEAPU8.length, grown, name);
  }
});
