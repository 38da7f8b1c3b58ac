// The texture worker's ops (worker/texture-ops.js) over each backend, driven
// in this thread, and renderTexture()'s argument checks: the committed digests
// at 512 from every path, bands reported as progress with their own buffers,
// the whole maps transferred; bad arguments refused before any worker starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadWasm, BUILDS } from './wasm-node.js';
import { bandRows, jsTextureBackend, textureOps, wasmTextureBackend } from '../../worker/texture-ops.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { renderTextureSpec } from '../../worker/texture-spec.js';
import { renderTexture } from '../../api/texture.js';
import { liveWorkerCount } from '../../api/runtime/pool.js';

const MAPS = ['albedo', 'normal', 'roughness', 'ao', 'orm'];
const DIGESTS = JSON.parse(readFileSync(new URL('./texture-digests.json', import.meta.url), 'utf8'));
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const backends = {
  ...Object.fromEntries(await Promise.all(BUILDS.map(async ([name, simd]) => [`wasm ${name}`, wasmTextureBackend(await loadWasm('texture', simd))]))),
  js: jsTextureBackend,
};

/** Runs the render op; returns the maps, the transfer list and every progress report with its transfer list. */
function render(backend, args) {
  const reports = [];
  const job = { progress: (value, transfer = []) => reports.push({ value, transfer }) };
  const { result, transfer } = unwrapTransfer(textureOps(backend).render(args, job));
  return { maps: result, transfer, reports };
}

test('bands are 8..64 rows of about 128 Ki pixels, never more than the texture', () => {
  assert.deepEqual([1, 7, 8, 512, 2048, 4096].map(bandRows), [1, 7, 8, 64, 64, 32]);
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

  test(`${name}: sizes 1, 3 and 65 equal the specification; bands: [] reports only counts`, () => {
    for (const size of [1, 3, 65]) {
      const { maps, reports } = render(backend, { kind: 'stone-wall', size, seed: 4294967295, bands: [] });
      const spec = renderTextureSpec({ kind: 'stone-wall', size, seed: 4294967295 });
      for (const map of MAPS) assert.deepEqual(maps[map], spec[map], `${size} ${map}`);
      assert.deepEqual(reports.at(-1).value, { done: reports.length, total: reports.length });
    }
  });

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
  assert.equal(liveWorkerCount(), 0);
});

const NODE_BUILD = new URL('../../dist/node.js', import.meta.url);
test('in Node (dist/node.js, a worker thread per render): the digests at 512 on every path, one band report each', async (t) => {
  if (!existsSync(NODE_BUILD)) { t.skip('dist/ is not built: run `sh scripts/build.sh`'); return; }
  const api = await import(NODE_BUILD.href);
  try {
    for (const [force, path] of [[undefined, 'simd'], ['scalar', 'scalar'], ['fallback', 'js']]) {
      api.forcePath(force);
      for (const kind of ['stone-wall', 'vault-face']) {
        let reports = 0;
        const maps = await api.renderTexture({ kind, size: DIGESTS.size, seed: DIGESTS.seed }, { onProgress: () => reports++ });
        assert.equal(api.enginePath('texture'), path);
        for (const map of MAPS) assert.equal(sha256(maps[map]), DIGESTS[kind][map], `${path} ${kind} ${map}`);
        assert.equal(reports, Math.ceil(DIGESTS.size / bandRows(DIGESTS.size)));
        assert.equal(api.liveWorkerCount(), 0, 'the worker ended with the render');
      }
    }
  } finally {
    api.forcePath(undefined);
  }
});
