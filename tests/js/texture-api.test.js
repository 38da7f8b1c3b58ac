// The texture worker's ops (worker/texture-ops.js) over each backend, driven
// in this thread, and renderTexture()'s argument checks: the committed digests
// at 512 from every path, bands reported as progress with their own buffers,
// the whole maps transferred; bad arguments refused before any worker starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadWasm, BUILDS } from './wasm-node.js';
import { bandRows, pieceRows, jsTextureBackend, textureOps, wasmTextureBackend } from '../../worker/texture-ops.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { renderTextureSpec } from '../../worker/texture-spec.js';
import { renderTexture } from '../../api/texture.js';
import { displayReduction, reduceRows } from '../../common/texture-reduce.js';
import { liveWorkerCount } from '../../api/runtime/pool.js';

const MAPS = ['albedo', 'normal', 'roughness', 'ao', 'orm'];
const DIGESTS = JSON.parse(readFileSync(new URL('./texture-digests.json', import.meta.url), 'utf8'));
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const backends = {
  ...Object.fromEntries(await Promise.all(BUILDS.map(async ([name, simd]) => [`wasm ${name}`, wasmTextureBackend(await loadWasm('texture', simd))]))),
  js: jsTextureBackend,
};

const sameBytes = (a, b) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Runs the render op; returns the maps, the transfer list and every progress report with its transfer list. */
function render(backend, args) {
  const reports = [];
  const job = { progress: (value, transfer = []) => reports.push({ value, transfer }) };
  const { result, transfer } = unwrapTransfer(textureOps(backend).render(args, job));
  return { maps: result, transfer, reports };
}

test('bands are a power of two, 8..64 rows of at most about 128 Ki pixels, never more than the texture', () => {
  assert.deepEqual([1, 7, 8, 512, 2048, 2049, 3000, 4096].map(bandRows), [1, 7, 8, 64, 64, 32, 32, 32]);
});

test('pieces (the heap\'s share of a band) are bandRows halved to at most 16 Ki pixels, at least one row', () => {
  assert.deepEqual([1, 7, 8, 256, 512, 513, 1024, 2048, 2049, 4096].map(pieceRows), [1, 7, 8, 64, 32, 16, 16, 8, 4, 4]);
});

/** The k x k block means written the slow way: every output pixel gathers its block. */
function reduceSlowly(pixels, width, rows, k) {
  const outWidth = Math.ceil(width / k), outRows = Math.ceil(rows / k);
  const out = new Uint8ClampedArray(outWidth * outRows * 4);
  for (let oy = 0; oy < outRows; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0, n = 0;
        for (let y = oy * k; y < Math.min(rows, (oy + 1) * k); y++) {
          for (let x = ox * k; x < Math.min(width, (ox + 1) * k); x++, n++) sum += pixels[(y * width + x) * 4 + c];
        }
        out[(oy * outWidth + ox) * 4 + c] = Math.floor((sum + Math.floor(n / 2)) / n);
      }
    }
  }
  return out;
}

test('reduceRows gives the rounded k x k block means, partial blocks at the right and bottom edges included', () => {
  let state = 12345;
  const byte = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24;
  for (const [width, rows] of [[1, 1], [7, 5], [64, 64], [65, 33], [100, 3]]) {
    const pixels = Uint8ClampedArray.from({ length: width * rows * 4 }, byte);
    for (const k of [1, 2, 4, 8, 32]) assert.deepEqual(reduceRows(pixels, width, rows, k), reduceSlowly(pixels, width, rows, k), `${width}x${rows} k=${k}`);
  }
  // Hand-made: a 3 x 2 block row with k = 2 (sums 0+255+255+255 = 765 over 4 -> 191; the edge column 1+2 over 2 -> 2).
  const hand = Uint8ClampedArray.from([0, 0, 0, 0, 255, 255, 255, 255, 1, 1, 1, 1, 255, 255, 255, 255, 255, 255, 255, 255, 2, 2, 2, 2]);
  assert.deepEqual(Array.from(reduceRows(hand, 3, 2, 2)), [191, 191, 191, 191, 2, 2, 2, 2]);
});

test('displayReduction: the largest power of two up to 32 that keeps the map at least as large as its display', () => {
  const cases = [[2048, 512, 4], [2048, 500, 4], [2048, 513, 2], [512, 512, 1], [512, 1000, 1], [512, 0, 1], [4096, 64, 32], [4096, 1, 32], [1000, 256, 2]];
  for (const [size, shown, k] of cases) assert.equal(displayReduction(size, shown), k, `${size} shown at ${shown}`);
});

for (const [name, backend] of Object.entries(backends)) {
  test(`${name}: the render op gives the committed SHA-256 digests at 512 and transfers the whole maps`, () => {
    for (const kind of ['stone-wall', 'vault-face']) {
      const { maps, transfer } = render(backend, { kind, size: DIGESTS.size, seed: DIGESTS.seed, bands: [] });
      for (const map of MAPS) {
        assert.ok(maps[map] instanceof Uint8ClampedArray);
        assert.equal(sha256(maps[map]), DIGESTS[kind][map], `${kind} ${map}`);
      }
      assert.deepEqual(transfer, MAPS.map((map) => maps[map].buffer));
    }
  });

  test(`${name}: every band is reported once, in order, in buffers of its own that hold the maps' rows`, () => {
    const size = 200;
    const { maps, reports } = render(backend, { kind: 'vault-face', size, seed: 77 });
    const rows = bandRows(size);
    assert.equal(reports.length, Math.ceil(size / rows));
    reports.forEach(({ value: { done, total, band }, transfer }, i) => {
      assert.deepEqual({ done, total, y0: band.y0, y1: band.y1 }, { done: i + 1, total: reports.length, y0: i * rows, y1: Math.min(size, (i + 1) * rows) });
      for (const map of MAPS) {
        assert.deepEqual(band[map], maps[map].subarray(band.y0 * size * 4, band.y1 * size * 4), `band ${i} ${map}`);
        assert.notEqual(band[map].buffer, maps[map].buffer);
      }
      assert.deepEqual(transfer, MAPS.map((map) => band[map].buffer));
    });
    const [{ value: { band }, transfer }] = render(backend, { kind: 'vault-face', size, seed: 77, bands: ['orm', 'normal'] }).reports;
    assert.deepEqual(Object.keys(band), ['y0', 'y1', 'normal', 'orm'], 'bands: [maps] reports only those');
    assert.deepEqual(transfer, [band.normal.buffer, band.orm.buffer]);
  });

  test(`${name}: reduction: k reports each band's maps as k x k block means of the same rows`, () => {
    const size = 200;
    for (const k of [2, 8, 32]) {
      const { maps, reports } = render(backend, { kind: 'stone-wall', size, seed: 9, bands: ['albedo', 'normal'], reduction: k });
      for (const { value: { band } } of reports) {
        for (const map of ['albedo', 'normal']) {
          const rows = maps[map].subarray(band.y0 * size * 4, band.y1 * size * 4);
          assert.deepEqual(band[map], reduceSlowly(rows, size, band.y1 - band.y0, k), `k=${k} rows ${band.y0}.. ${map}`);
        }
      }
    }
  });

  test(`${name}: sizes 1, 3 and 65 equal the specification; bands: [] reports only counts`, () => {
    for (const size of [1, 3, 65]) {
      const { maps, reports } = render(backend, { kind: 'stone-wall', size, seed: 4294967295, bands: [] });
      const spec = renderTextureSpec({ kind: 'stone-wall', size, seed: 4294967295 });
      for (const map of MAPS) assert.deepEqual(maps[map], spec[map], `${size} ${map}`);
      assert.deepEqual(reports.at(-1).value, { done: reports.length, total: reports.length });
    }
  });

  test(`${name}: into: the maps are rendered into the caller's arrays, handed back in the transfer; the others are new`, () => {
    const size = 77;
    const into = { albedo: new Uint8ClampedArray(size * size * 4).fill(7), orm: new Uint8ClampedArray(size * size * 4).fill(9) };
    const { maps, transfer } = render(backend, { kind: 'vault-face', size, seed: 3, bands: [], into });
    assert.equal(maps.albedo, into.albedo);
    assert.equal(maps.orm, into.orm);
    assert.deepEqual(transfer, MAPS.map((map) => maps[map].buffer));
    const spec = renderTextureSpec({ kind: 'vault-face', size, seed: 3 });
    for (const map of MAPS) assert.deepEqual(maps[map], spec[map], map);
    assert.throws(() => render(backend, { kind: 'vault-face', size, seed: 3, into: { normal: new Uint8ClampedArray(4) } }),
      { name: 'RangeError', message: /^into\.normal must be a Uint8ClampedArray of size \* size \* 4 = 23716 bytes/ });
  });

  test(`${name}: renders in a row on one backend (its heap kept), random kinds, sizes and seeds, into the last maps or not, equal another path`, () => {
    let state = 0x2545f491;
    const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
    // The JS tables for the wasm builds; the specification for the JS tables themselves.
    const reference = (params) => (name === 'js' ? renderTextureSpec(params) : render(jsTextureBackend, { ...params, bands: [] }).maps);
    let last;
    for (let i = 0; i < 24; i++) {
      const kind = next() & 1 ? 'vault-face' : 'stone-wall';
      const size = i % 6 === 5 ? 1 + (next() % 3) : 1 + (next() % 260);
      const seed = next();
      const into = last?.albedo.length === size * size * 4 && next() & 1 ? last : undefined;
      const { maps } = render(backend, { kind, size, seed, bands: [], into });
      const expected = reference({ kind, size, seed });
      for (const map of MAPS) assert.ok(sameBytes(maps[map], expected[map]), `render ${i}: ${kind} ${size} seed ${seed} ${map}`);
      if (into) assert.equal(maps.albedo, into.albedo);
      last = maps;
    }
  });

  if (name.startsWith('wasm')) {
    // Pieces shorter than the bands (the worker's from size 512 up): each band goes through the heap in pieces,
    // top-down, the kernel carrying each piece's last rows into the next; bands of 7 rows end inside a piece.
    test(`${name}: bands rendered in heap pieces of 1, 2, 3 and 8 rows equal the specification at sizes 1, 2, 3, 5, 63, 65 and 127`, () => {
      let seed = 0x9e3779b9;
      for (const size of [1, 2, 3, 5, 63, 65, 127]) {
        for (const kind of ['stone-wall', 'vault-face']) {
          seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
          const spec = renderTextureSpec({ kind, size, seed });
          for (const piece of [1, 2, 3, 8]) {
            for (const band of [7, 64]) {
              const renderer = backend.createRenderer({ kind, size, seed }, piece);
              const maps = Object.fromEntries(MAPS.map((map) => [map, new Uint8ClampedArray(size * size * 4)]));
              for (let y0 = 0; y0 < size; y0 += band) {
                const y1 = Math.min(size, y0 + band);
                renderer.renderBand(y0, y1, Object.fromEntries(MAPS.map((map) => [map, maps[map].subarray(y0 * size * 4, y1 * size * 4)])));
              }
              for (const map of MAPS) assert.ok(sameBytes(maps[map], spec[map]), `${kind} ${size} seed ${seed}, pieces of ${piece} in bands of ${band}: ${map}`);
            }
          }
        }
      }
    });
  }

  test(`${name}: a bad kind or size is a RangeError naming it`, () => {
    assert.throws(() => render(backend, { kind: 'brick', size: 8, seed: 0 }), { name: 'RangeError', message: /^kind/ });
    assert.throws(() => render(backend, { kind: 'stone-wall', size: 4097, seed: 0 }), { name: 'RangeError', message: /^size/ });
  });
}

test('renderTexture refuses bad arguments with a TypeError or RangeError naming them, before any worker starts', async () => {
  const cases = [
    [{ kind: 'brick' }, 'RangeError', /^kind must be one of stone-wall, vault-face, got "brick"/],
    [{ kind: 3 }, 'TypeError', /^kind must be one of/],
    [{ size: 0 }, 'RangeError', /^size must be between 1 and 4096, got 0/],
    [{ size: 4097 }, 'RangeError', /^size/],
    [{ size: 64.5 }, 'TypeError', /^size must be an integer/],
    [{ size: '512' }, 'TypeError', /^size must be an integer/],
    [{ seed: -1 }, 'RangeError', /^seed must be between 0 and 4294967295/],
    [{ seed: 2 ** 32 }, 'RangeError', /^seed/],
    [{ seed: NaN }, 'TypeError', /^seed must be an integer/],
  ];
  for (const [params, name, message] of cases) {
    await assert.rejects(renderTexture(params), { name, message }, JSON.stringify(params));
  }
  await assert.rejects(renderTexture({}, { onProgress: 'yes' }), { name: 'TypeError', message: /^onProgress must be a function/ });
  await assert.rejects(renderTexture({}, { onProgress() {}, bandMaps: ['height'] }), { name: 'RangeError', message: /^bandMaps\[0\] must be one of albedo/ });
  await assert.rejects(renderTexture({}, { onProgress() {}, bandMaps: 'albedo' }), { name: 'TypeError', message: /^bandMaps must be an array/ });
  await assert.rejects(renderTexture({}, { onProgress() {}, bandReduction: 3 }), { name: 'RangeError', message: /^bandReduction must be 1, 2, 4, 8, 16 or 32, got 3/ });
  await assert.rejects(renderTexture({}, { onProgress() {}, bandReduction: 64 }), { name: 'RangeError', message: /^bandReduction must be between 1 and 32/ });
  await assert.rejects(renderTexture({}, { onProgress() {}, bandReduction: '2' }), { name: 'TypeError', message: /^bandReduction must be an integer/ });
  assert.equal(liveWorkerCount(), 0);
});

test('renderTexture refuses a bad `into` or `worker` naming it, before any worker starts, and leaves every buffer with the caller', async () => {
  const size = 4;
  const bytes = size * size * 4;
  const whole = new Uint8ClampedArray(bytes);
  const detached = new Uint8ClampedArray(bytes);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  const shared = new ArrayBuffer(bytes);
  const cases = [
    [null, 'TypeError', /^into must be an object of maps \{albedo, normal, roughness, ao, orm\}, got null/],
    [[whole], 'TypeError', /^into must be an object of maps/],
    [{ height: whole }, 'TypeError', /^into\.height is not a map: into takes albedo, normal, roughness, ao, orm/],
    [{ albedo: new Float32Array(16) }, 'TypeError', /^into\.albedo must be a Uint8ClampedArray, Uint8Array or ArrayBuffer, got Float32Array/],
    [{ albedo: [0, 0, 0, 255] }, 'TypeError', /^into\.albedo must be a Uint8ClampedArray, Uint8Array or ArrayBuffer, got an array/],
    [{ normal: new Uint8ClampedArray(new SharedArrayBuffer(bytes)) }, 'TypeError', /^into\.normal must be over an ArrayBuffer .* got a SharedArrayBuffer/],
    [{ ao: detached }, 'TypeError', /^into\.ao is detached: its buffer went to an earlier render/],
    [{ orm: new Uint8ClampedArray(bytes + 4).subarray(4) }, 'RangeError', /^into\.orm must view its whole buffer .* got 64 bytes at offset 4 of 68/],
    [{ albedo: new Uint8ClampedArray(bytes - 4) }, 'RangeError', /^into\.albedo must hold size \* size \* 4 = 64 bytes, got 60/],
    [{ roughness: new ArrayBuffer(bytes * 2) }, 'RangeError', /^into\.roughness must hold size \* size \* 4 = 64 bytes, got 128/],
    [{ albedo: shared, orm: new Uint8Array(shared) }, 'TypeError', /^into\.orm shares its buffer with into\.albedo/],
  ];
  for (const [into, name, message] of cases) {
    await assert.rejects(renderTexture({ size }, { into }), { name, message }, message.source);
  }
  await assert.rejects(renderTexture({ size }, { worker: {} }), { name: 'TypeError', message: /^worker must come from createTextureWorker\(\)/ });
  // A refused call hands nothing over, even the maps that were right: here albedo, refused for normal.
  const albedo = new Uint8ClampedArray(bytes);
  await assert.rejects(renderTexture({ size }, { into: { albedo, normal: new Uint8Array(8) } }), { name: 'RangeError', message: /^into\.normal/ });
  assert.equal(albedo.length, bytes);
  assert.equal(whole.length, bytes);
  assert.equal(liveWorkerCount(), 0);
});

const NODE_BUILD = new URL('../../dist/node.js', import.meta.url);
/** Runs `body(api, path)` on dist/node.js once per forced path (SIMD, scalar, the JS fallback); skips `t` when unbuilt. */
async function onEveryNodePath(t, body) {
  if (!existsSync(NODE_BUILD)) { t.skip('dist/ is not built: run `sh scripts/build.sh`'); return; }
  const api = await import(NODE_BUILD.href);
  try {
    for (const [force, path] of [[undefined, 'simd'], ['scalar', 'scalar'], ['fallback', 'js']]) {
      api.forcePath(force);
      await body(api, path);
    }
  } finally {
    api.forcePath(undefined);
  }
}

test('in Node (dist/node.js, a worker thread per render): the digests at 512 on every path, one band report each', (t) => onEveryNodePath(t, async (api, path) => {
  for (const kind of ['stone-wall', 'vault-face']) {
    let reports = 0;
    const maps = await api.renderTexture({ kind, size: DIGESTS.size, seed: DIGESTS.seed }, { onProgress: () => reports++ });
    assert.equal(api.enginePath('texture'), path);
    for (const map of MAPS) assert.equal(sha256(maps[map]), DIGESTS[kind][map], `${path} ${kind} ${map}`);
    assert.equal(reports, Math.ceil(DIGESTS.size / bandRows(DIGESTS.size)));
    // What lives now is the render's worker, lingering 500 ms for a next render (api/texture.js), and at most the
    // standby readied for a render after that (api/runtime/run-once.js); tests/js/texture-worker-reuse.test.js
    // follows the linger to its end.
    assert.ok(api.liveWorkerCount() - (api.standbyWorker('texture') ? 1 : 0) <= 1, 'no worker but the render\'s and the standby');
  }
}));

test('in Node (dist/node.js): a kept texture worker renders in a row into the last maps, on every path, and ends when told', (t) => onEveryNodePath(t, async (api, path) => {
  api.endStandbys();   // the renders' workers of the test before, lingering: this one counts its own
  const worker = api.createTextureWorker();
  let last;
  for (const kind of ['stone-wall', 'vault-face', 'stone-wall']) {
    const into = last;
    const maps = await worker.renderTexture({ kind, size: DIGESTS.size, seed: DIGESTS.seed }, { into });
    assert.equal(worker.path, path);
    for (const map of MAPS) assert.equal(sha256(maps[map]), DIGESTS[kind][map], `${path} ${kind} ${map}${into ? ' into the last maps' : ''}`);
    if (into) for (const map of MAPS) assert.equal(into[map].length, 0, `into.${map} was handed over (detached here)`);
    assert.equal(api.liveWorkerCount() - (api.standbyWorker('texture') ? 1 : 0), 1, 'the worker stays between renders');
    last = maps;
  }
  // Another size into the wrong buffers is refused on the page; the worker renders the next right call.
  await assert.rejects(api.renderTexture({ size: 64 }, { worker, into: last }), { name: 'RangeError', message: /^into\.albedo must hold size \* size \* 4 = 16384 bytes/ });
  const small = await api.renderTexture({ kind: 'vault-face', size: 64, seed: 5 }, { worker });
  assert.deepEqual(small.ao, renderTextureSpec({ kind: 'vault-face', size: 64, seed: 5 }).ao);
  // Aborted at its first band: the worker is terminated (the buffers handed over go with it), and starts again.
  const controller = new AbortController();
  await assert.rejects(worker.renderTexture({ kind: 'vault-face', size: 64, seed: 6 },
    { into: small, signal: controller.signal, onProgress: () => controller.abort() }), { name: 'AbortError' });
  assert.equal(worker.alive, false);
  const again = await worker.renderTexture({ kind: 'vault-face', size: 64, seed: 6 });
  assert.deepEqual(again.normal, renderTextureSpec({ kind: 'vault-face', size: 64, seed: 6 }).normal);
  worker.terminate();
  assert.equal(api.liveWorkerCount() - (api.standbyWorker('texture') ? 1 : 0), 0);
}));
