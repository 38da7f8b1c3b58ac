// A stone wall tiles (issue 34 §3): tiled 2 x 2, the bed joint where the texture wraps vertically is as wide as the
// others, and the step across either wrap is no larger than steps inside the map. Measured on the maps as a user
// gets them (renderTexture() of dist/node.js, the wasm build) and on the specification's (worker/texture-spec.js).
// Mortar is told by its roughness (235 and up; stone stays below but for cracks, which every joint window meets alike).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { renderTextureSpec, stoneLayout } from '../../worker/texture-spec.js';

const SIZE = 256;
const SEEDS = [6, 7, 0, 5, 20261201];
const MORTAR_ROUGHNESS = 235;

/** Each bed joint's width in rows: mortar pixels in a window of +-SIZE/32 rows around the joint, over SIZE columns. */
function jointWidths(roughness, seed) {
  const { count, bounds } = stoneLayout(seed);
  const reach = SIZE / 32;
  return Array.from({ length: count }, (_, k) => {
    const centre = Math.round((bounds[k] * SIZE) / 65536);
    let mortar = 0;
    for (let dy = -reach; dy <= reach; dy++) {
      const y = (((centre + dy) % SIZE) + SIZE) % SIZE;
      for (let x = 0; x < SIZE; x++) if (roughness[(y * SIZE + x) * 4] >= MORTAR_ROUGHNESS) mortar++;
    }
    return mortar / SIZE;
  });
}

/** Mean absolute difference per channel (r, g, b) between two rows, or two columns, of a map. */
function step(map, a, b, { columns = false } = {}) {
  let sum = 0;
  for (let i = 0; i < SIZE; i++) {
    const [p, q] = columns ? [i * SIZE + a, i * SIZE + b] : [a * SIZE + i, b * SIZE + i];
    for (let c = 0; c < 3; c++) sum += Math.abs(map[p * 4 + c] - map[q * 4 + c]);
  }
  return sum / (3 * SIZE);
}

function checkTiles(maps, seed, path) {
  const [wrap, ...others] = jointWidths(maps.roughness, seed);   // joint 0 lies across the vertical wrap
  const narrowest = Math.min(...others), widest = Math.max(...others);
  assert.ok(wrap >= 0.8 * narrowest && wrap <= 1.2 * widest,
    `${path}, seed ${seed}: the joint across the wrap is ${wrap.toFixed(2)} rows wide, the others ${narrowest.toFixed(2)}..${widest.toFixed(2)}`);
  for (const name of ['albedo', 'roughness', 'normal', 'ao']) {
    for (const columns of [false, true]) {
      const inside = Array.from({ length: SIZE - 1 }, (_, i) => step(maps[name], i, i + 1, { columns }));
      const across = step(maps[name], SIZE - 1, 0, { columns });
      assert.ok(across <= Math.max(...inside),
        `${path}, seed ${seed}, ${name}: the step across the ${columns ? 'horizontal' : 'vertical'} wrap is ${across.toFixed(1)}, `
        + `the largest inside ${Math.max(...inside).toFixed(1)}`);
    }
  }
}

const NODE_BUILD = new URL('../../dist/node.js', import.meta.url);
test('stone-wall tiles: the joint across the vertical wrap is as wide as the others (renderTexture() of dist/node.js)', async (t) => {
  if (!existsSync(NODE_BUILD)) { t.skip('dist/ is not built: run `sh scripts/build.sh`'); return; }
  const { renderTexture } = await import(NODE_BUILD.href);
  for (const seed of SEEDS) checkTiles(await renderTexture({ kind: 'stone-wall', size: SIZE, seed }), seed, 'renderTexture()');
});

test('stone-wall tiles: the same on the specification', () => {
  for (const seed of SEEDS) checkTiles(renderTextureSpec({ kind: 'stone-wall', size: SIZE, seed }), seed, 'specification');
});

test('the measure sees a narrowed joint (the check can fail)', () => {
  const seed = 6;
  const maps = renderTextureSpec({ kind: 'stone-wall', size: SIZE, seed });
  // Paint the bottom row's mortar as stone: the joint across the wrap loses a row, as a seam would show.
  const roughness = new Uint8ClampedArray(maps.roughness);
  for (let y = SIZE - 2; y < SIZE; y++) for (let x = 0; x < SIZE; x++) roughness[(y * SIZE + x) * 4] = 200;
  for (let y = 0; y < 1; y++) for (let x = 0; x < SIZE; x++) roughness[(y * SIZE + x) * 4] = 200;
  assert.throws(() => checkTiles({ ...maps, roughness }, seed, 'narrowed'), /the joint across the wrap/);
});
