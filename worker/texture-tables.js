// The table-driven texture generator: the exact bytes of texture-spec.js,
// without per-pixel hashing. Each noise layer is split into what depends on
// the column (cell index, smooth weight: computed once) and what depends on
// the row (the lattice values of the row's two lattice rows, blended along y
// into one small table of cells + 1 entries). A pixel is then a table read
// and one multiply-add, walked in runs of pixels sharing a lattice cell. The
// normal map's Sobel sums are built once per column and shared by the
// neighbouring columns. Rendering goes band by band (rows y0..y1), each band
// computing the one height row above and below it that its normals need.
// It is the fallback where wasm is missing; cpp/texture/ is the same design.
import {
  AO, H, METAL, NORMAL_Z, R, ROUGH, STONE_LAYERS, VAULT_LAYERS,
  coord, lattice, layerSeed, normalChannels, shadeStone, shadeVault, smooth,
  stoneCourse, stoneInCourse, stoneLayout, writeMaps,
} from './texture-spec.js';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** One noise layer's column tables and its current row table. */
function createLayer(seed, size, lx, ly, u) {
  const cells = 1 << lx;
  // Pixels of cell c are runStart[c] .. runStart[c + 1] - 1 (u never decreases).
  const runStart = new Int32Array(cells + 1).fill(size);
  const weight = new Int32Array(size);
  for (let x = size - 1; x >= 0; x--) {
    runStart[u[x] >> (16 - lx)] = x;
    weight[x] = smooth(((u[x] << lx) & 0xffff) >> 4);
  }
  for (let c = cells - 1; c >= 0; c--) runStart[c] = Math.min(runStart[c], runStart[c + 1]);
  return {
    seed, lx, ly, cells, runStart, weight,
    top: new Int32Array(cells), bottom: new Int32Array(cells), cached: -1,
    row: new Int32Array(cells + 1),
  };
}

/** The layer's values along row position v into out[0..size). */
function layerRow(layer, v, out) {
  const { seed, ly, cells, runStart, weight, top, bottom, row } = layer;
  const iy = v >> (16 - ly);
  if (layer.cached !== iy) {
    const iy1 = (iy + 1) & ((1 << ly) - 1);
    for (let i = 0; i < cells; i++) {
      top[i] = lattice(seed, i, iy);
      bottom[i] = lattice(seed, i, iy1);
    }
    layer.cached = iy;
  }
  const sy = smooth(((v << ly) & 0xffff) >> 4);
  for (let i = 0; i < cells; i++) row[i] = top[i] + (((bottom[i] - top[i]) * sy) >> 12);
  row[cells] = row[0];
  for (let c = 0; c < cells; c++) {
    const a = row[c], d = row[c + 1] - a;
    for (let x = runStart[c], end = runStart[c + 1]; x < end; x++) out[x] = a + ((d * weight[x]) >> 12);
  }
}

/**
 * Tables for (kind, size, seed). `renderBand(y0, y1, maps)` writes rows
 * y0..y1-1 into maps whose arrays hold just that band ((y1 - y0) * size * 4
 * bytes each, row y0 first).
 */
export function createTextureTables({ kind, size, seed }) {
  const stone = kind === 'stone-wall';
  const u = new Int32Array(size);
  for (let x = 0; x < size; x++) u[x] = coord(x, size);
  const layers = (stone ? STONE_LAYERS : VAULT_LAYERS).map(([lx, ly], k) => createLayer(layerSeed(seed, k), size, lx, ly, u));
  const rows = layers.map(() => new Int32Array(size));
  const px = new Int32Array(7);
  const z = Math.floor(NORMAL_Z[kind] / size);

  // Stone: per course, each column's stone hash and distance to the head joint.
  const layout = stone ? stoneLayout(seed) : null;
  const courses = stone ? layout.courses.map((course) => {
    const du = new Int32Array(size), hash = new Uint32Array(size);
    for (let x = 0; x < size; x++) ({ du: du[x], hash: hash[x] } = stoneInCourse(course, u[x]));
    return { du, hash };
  }) : null;
  // Vault: centred column coordinates.
  const c = new Int32Array(size);
  for (let x = 0; x < size; x++) c[x] = (u[x] - 32768) >> 1;

  // Height rows with one wrapped column either side: [h(size-1), h(0..size-1), h(0)].
  const heights = [0, 1, 2].map(() => new Int32Array(size + 2));
  const columnSum = new Int32Array(size + 2), columnDiff = new Int32Array(size + 2);

  /** Shades row y into its height row, and into maps at byte `at` when `at` >= 0. */
  function shadeRow(y, height, maps, at) {
    const v = coord(y, size);
    for (let k = 0; k < layers.length; k++) layerRow(layers[k], v, rows[k]);
    let course = null, dy = 0;
    if (stone) ({ course, dy } = stoneCourse(layout, v));
    const d = (v - 32768) >> 1;
    const du = stone ? courses[course].du : null, hash = stone ? courses[course].hash : null;
    const words = at >= 0 && LITTLE_ENDIAN ? maps.words : null;
    const albedo = words?.albedo, roughness = words?.roughness, ao = words?.ao, orm = words?.orm;
    for (let x = 0; x < size; x++) {
      if (stone) shadeStone(rows, x, dy, du[x], hash[x], px);
      else shadeVault(rows, x, c[x], d, px);
      height[x + 1] = px[H];
      if (at < 0) continue;
      if (words) {
        const w = (at >> 2) + x, rough = px[ROUGH], occlusion = px[AO];
        albedo[w] = (px[R] | (px[R + 1] << 8) | (px[R + 2] << 16) | 0xff000000) >>> 0;
        roughness[w] = (rough * 0x010101 + 0xff000000) >>> 0;
        ao[w] = (occlusion * 0x010101 + 0xff000000) >>> 0;
        orm[w] = (occlusion | (rough << 8) | (px[METAL] << 16) | 0xff000000) >>> 0;
      } else {
        writeMaps(px, maps, at + 4 * x);
      }
    }
    height[0] = height[size];
    height[size + 1] = height[1];
  }

  const f = Math.fround;
  const zz = f(z * z);

  /** Normals of the row whose neighbours are above and below, into normal at byte `at` (words when given). */
  function normalRow(above, middle, below, normal, words, at) {
    for (let i = 0; i < size + 2; i++) {
      columnSum[i] = above[i] + 2 * middle[i] + below[i];
      columnDiff[i] = below[i] - above[i];
    }
    for (let x = 0; x < size; x++) {
      const gx = columnSum[x] - columnSum[x + 2];
      const gy = columnDiff[x] + 2 * columnDiff[x + 1] + columnDiff[x + 2];
      if (!words) {
        normalChannels(gx, gy, z, normal, at + 4 * x);
        continue;
      }
      // normalChannels' float32 steps, packed into one word.
      const m = f(127.5 / f(Math.sqrt(f(f(f(gx * gx) + f(gy * gy)) + zz))));
      words[(at >> 2) + x] = ((f(f(gx * m) + 128) | 0) | ((f(f(gy * m) + 128) | 0) << 8) | ((f(f(z * m) + 128) | 0) << 16) | 0xff000000) >>> 0;
    }
  }

  function renderBand(y0, y1, maps) {
    if (LITTLE_ENDIAN && !maps.words) {
      const view = (a) => new Uint32Array(a.buffer, a.byteOffset, a.length >> 2);
      maps = { ...maps, words: { albedo: view(maps.albedo), roughness: view(maps.roughness), ao: view(maps.ao), orm: view(maps.orm), normal: view(maps.normal) } };
    }
    let [above, middle, below] = heights;
    shadeRow((y0 - 1 + size) % size, above, maps, -1);
    shadeRow(y0, middle, maps, 0);
    for (let y = y0; y < y1; y++) {
      const next = y + 1;
      shadeRow(next % size, below, maps, next < y1 ? (next - y0) * size * 4 : -1);
      normalRow(above, middle, below, maps.normal, maps.words?.normal, (y - y0) * size * 4);
      [above, middle, below] = [middle, below, above];
    }
  }

  return { kind, size, seed, renderBand };
}

/** The whole texture from the tables: the same `{albedo, normal, roughness, ao, orm}` as the spec. */
export function renderTextureTables({ kind, size, seed }) {
  const n = size * size * 4;
  const maps = {
    albedo: new Uint8ClampedArray(n), normal: new Uint8ClampedArray(n),
    roughness: new Uint8ClampedArray(n), ao: new Uint8ClampedArray(n), orm: new Uint8ClampedArray(n),
  };
  createTextureTables({ kind, size, seed }).renderBand(0, size, maps);
  return maps;
}
