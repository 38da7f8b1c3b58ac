// The texture specification: the plain per-pixel generator every fast path
// (worker/texture-tables.js, cpp/texture/) must equal byte for byte.
//
// Everything is integer arithmetic (int32 products stay below 2^31, so `*` is
// exact and `>>` sees the value itself) except the normal map and one radius,
// which use float32 +, *, /, sqrt in a fixed order (Math.fround after each
// operation gives exactly the float32 result). No Math.sin/pow/exp anywhere.
//
// Coordinates: pixel x -> u = floor(x * 65536 / size), a 16-bit position in
// the texture; every lattice has a power-of-two cell count and wraps at 65536,
// so every layer repeats exactly once per texture and the maps tile.
// The spec validates nothing: kind is 'stone-wall' or 'vault-face', size
// 1..4096, seed 0..2^32-1 (the API checks them).

// ---- integer noise ---------------------------------------------------------

/** murmur3's 32-bit finaliser. */
export function fmix(h) {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The k-th 32-bit number of the stream `s`. */
export function pick(s, k) {
  return fmix((s + Math.imul(k, 0x9e3779b9)) >>> 0);
}

/** The 16-bit value at lattice point (i, j) of the layer whose seed is `ls`. */
export function lattice(ls, i, j) {
  return fmix((ls + Math.imul(i, 0x27d4eb2d) + Math.imul(j, 0x165667b1)) >>> 0) >>> 16;
}

/** Smoothstep 3f^2 - 2f^3 on a 12-bit fraction: 0..4095 -> 0..4095. */
export function smooth(f) {
  return (((f * f) >> 12) * (12288 - 2 * f)) >> 12;
}

/** Pixel index -> 16-bit texture position. */
export function coord(i, size) {
  return Math.floor((i * 65536) / size);
}

/** Value noise: the four lattice values blended along y first, then x. 0..65535. */
export function valueNoise(ls, lx, ly, u, v) {
  const ix = u >> (16 - lx), iy = v >> (16 - ly);
  const ix1 = (ix + 1) & ((1 << lx) - 1), iy1 = (iy + 1) & ((1 << ly) - 1);
  const sx = smooth(((u << lx) & 0xffff) >> 4), sy = smooth(((v << ly) & 0xffff) >> 4);
  const h00 = lattice(ls, ix, iy), h01 = lattice(ls, ix, iy1);
  const h10 = lattice(ls, ix1, iy), h11 = lattice(ls, ix1, iy1);
  const a = h00 + (((h01 - h00) * sy) >> 12);
  const b = h10 + (((h11 - h10) * sy) >> 12);
  return a + (((b - a) * sx) >> 12);
}

// Noise layers of each kind as [log2 cells across, log2 cells down].
export const STONE_LAYERS = [
  [2, 2], // 0 wear: which stones are worn
  [4, 4], // 1..4 fbm octaves (also the crack mask)
  [5, 5],
  [6, 6],
  [7, 7],
  [4, 4], // 5 crack ridges
  [6, 2], // 6 vertical dirt streaks
];
export const VAULT_LAYERS = [
  [3, 8], // 0 plate brushed along x
  [8, 3], // 1 door brushed along y
  [3, 3], // 2 grime
  [5, 5], // 3 grime detail
  [7, 7], // 4 grain
];

/** The seed of layer `id` (0..) of a texture. */
export function layerSeed(seed, id) {
  return pick(seed >>> 0, 0x100 + id);
}

// ---- shared pixel helpers ----------------------------------------------------

const clamp255 = (c) => (c < 0 ? 0 : c > 255 ? 255 : c);
/** A rounded shoulder p(2 - p) on 0..4096. */
const shoulder = (p) => (p * (8192 - p)) >> 12;

// A pixel's outputs: height (integer), albedo r g b, roughness, ao, metalness.
export const H = 0, R = 1, G = 2, B = 3, ROUGH = 4, AO = 5, METAL = 6;

// ---- stone wall --------------------------------------------------------------

/**
 * The wall's layout: 6..8 courses with jittered joints, each of 3..5 stones of
 * random widths starting at a random offset. Positions are 16-bit (v for
 * courses, u for stones); joints wrap, so the wall tiles.
 */
export function stoneLayout(seed) {
  const s = layerSeed(seed, 0xff);
  const count = 6 + (pick(s, 0) % 3);
  const spacing = Math.floor(65536 / count);
  const bounds = new Int32Array(count + 1);
  for (let k = 0; k < count; k++) bounds[k] = Math.floor((k * 65536) / count) + (pick(s, 1 + k) % (spacing >> 2));
  bounds[count] = bounds[0] + 65536;
  const courses = [];
  for (let k = 0; k < count; k++) {
    const stones = 3 + (pick(s, 20 + k) % 3);
    const widths = [];
    let total = 0;
    for (let m = 0; m < stones; m++) total += widths[m] = 64 + (pick(s, 60 + 8 * k + m) % 128);
    const joints = new Int32Array(stones + 1);
    const hashes = new Uint32Array(stones);
    let sum = 0;
    for (let m = 0; m < stones; m++) {
      joints[m] = Math.floor((sum * 65536) / total);
      sum += widths[m];
      hashes[m] = pick(s, 200 + 8 * k + m);
    }
    joints[stones] = 65536;
    courses.push({ offset: pick(s, 40 + k) & 0xffff, joints, hashes });
  }
  return { count, bounds, courses };
}

/** Which course row position v lies in, and its distance to the nearer bed joint. */
export function stoneCourse(layout, v) {
  const { count, bounds } = layout;
  const w = v < bounds[0] ? v + 65536 : v;
  let k = count - 1;
  while (bounds[k] > w) k--;
  return { course: k, dy: Math.min(w - bounds[k], bounds[k + 1] - w) };
}

/** Which stone of a course column position u lies in, and its distance to the nearer head joint. */
export function stoneInCourse(course, u) {
  const w = (u - course.offset) & 0xffff;
  const { joints } = course;
  let m = joints.length - 2;
  while (joints[m] > w) m--;
  return { hash: course.hashes[m], du: Math.min(w - joints[m], joints[m + 1] - w) };
}

/**
 * One stone-wall pixel from its noise values rows[k][x] (k as STONE_LAYERS),
 * its distances to the bed joint (dy) and head joint (du), and its stone's hash.
 */
export function shadeStone(rows, x, dy, du, hash, px) {
  const wear = rows[0][x], n1 = rows[1][x], n2 = rows[2][x], n3 = rows[3][x], n4 = rows[4][x];
  const ridge = rows[5][x], streak = rows[6][x];
  // Joints wander by up to +-384 (0.6 % of the texture); mortar is 840 wide.
  const edge = Math.min(du, dy) + (((n2 - 32768) + ((n3 - 32768) >> 1)) >> 7);
  const inside = edge - 420;
  const dirt = Math.max(0, streak - 40000) >> 9;
  if (inside <= 0) {
    const grain = (n4 >> 11) + (n3 >> 12);
    px[H] = 6000 + (n4 >> 5) + (n3 >> 6);
    px[R] = 128 + grain - (dirt >> 1);
    px[G] = 122 + grain - ((dirt * 3) >> 2);
    px[B] = 110 + grain - dirt;
    px[ROUGH] = 235 + (n4 >> 12);
    px[AO] = 110 + (n3 >> 10) - (dirt >> 1);
    px[METAL] = 0;
    return;
  }
  const fbm = (8 * n1 + 4 * n2 + 2 * n3 + n4) >> 4;
  const p = Math.min(inside, 1024) << 2;
  const bevel = shoulder(p);
  const lift = (hash >>> 20) & 0xfff;
  const worn = Math.max(0, wear - 40000) >> 3;
  const top = 20000 + lift + ((fbm - 30720) >> 2) - worn;
  // A crack is where the wobbly ridge noise crosses its middle, in stones the mask allows.
  const ridgeDistance = Math.abs(ridge + ((n3 - 32768) >> 2) - 32768);
  const mask = Math.min(256, Math.max(0, (n1 - 33000) >> 5));
  const crack = (Math.max(0, 700 - ridgeDistance) * mask) >> 8;
  px[H] = 8000 + (((top - 8000) * bevel) >> 12) - crack * 12;
  const tone = hash & 63, warm = (hash >>> 6) & 31;
  const light = 196 + (fbm >> 10) - (worn >> 6);
  const r = ((112 + tone + (warm >> 1)) * light) >> 8;
  const g = ((106 + tone + (warm >> 2)) * light) >> 8;
  const b = ((100 + tone - (warm >> 2)) * light) >> 8;
  px[R] = clamp255(r - (dirt >> 1) - ((r * crack) >> 10));
  px[G] = clamp255(g - ((dirt * 3) >> 2) - ((g * crack) >> 10));
  px[B] = clamp255(b - dirt - ((b * crack) >> 10));
  px[ROUGH] = clamp255(196 + (n4 >> 12) + (crack >> 4) + (worn >> 8));
  px[AO] = clamp255(150 + ((bevel * 105) >> 12) - (crack >> 2) - (dirt >> 1));
  px[METAL] = 0;
}

// ---- vault face --------------------------------------------------------------
// Centred coordinates c = (u - 32768) >> 1: the texture is 32768 wide, the door
// at its centre. Radii and widths below are in those units.

export const VAULT = {
  rimOuter: 14418, rimInner: 12124, doorEdge: 11796, step: 8192,
  dial: 3932, tickOuter: 3768, tickMinor: 3113, tickMajor: 2785, numerals: 2228, knob: 1147,
  bolt: 557, rivet: 380,
  hingeLeft: 13700, hingeRight: 15500, hingeNear: 3600, hingeFar: 7400,
};
// Twelve bolts on the rim (radius 13271) every 30 degrees, clockwise from the top.
export const BOLTS = [
  [0, -13271], [6636, -11493], [11493, -6636], [13271, 0], [11493, 6636], [6636, 11493],
  [0, 13271], [-6636, 11493], [-11493, 6636], [-13271, 0], [-11493, -6636], [-6636, -11493],
];
export const RIVETS = [
  [-15000, -15000], [0, -15000], [15000, -15000], [-15000, 0],
  [15000, 0], [-15000, 15000], [0, 15000], [15000, 15000],
];
// Dial numerals 0, 10, .. 90 every 36 degrees at radius 2228.
export const NUMERALS = [
  [0, -2228], [1310, -1802], [2119, -688], [2119, 688], [1310, 1802],
  [0, 2228], [-1310, 1802], [-2119, 688], [-2119, -688], [-1310, -1802],
];
// 3x5 digits, rows top to bottom, 3 bits a row (4 = left column).
const FONT = [
  0o75557, 0o26227, 0o71747, 0o71717, 0o55711, 0o74717, 0o74757, 0o71122, 0o75757, 0o75717,
];
const FONT_SHIFT = 7; // a font pixel is 128 units

/** Whether (c, d), relative to numeral j's centre, is on a stroke of its digits. */
function numeralInk(j, c, d) {
  const width = j === 0 ? 3 : 7;
  const col = (c + (width << (FONT_SHIFT - 1))) >> FONT_SHIFT;
  const row = (d + (5 << (FONT_SHIFT - 1))) >> FONT_SHIFT;
  if (col < 0 || col >= width || row < 0 || row >= 5 || col === 3) return false;
  const digit = j === 0 ? 0 : col < 3 ? j : 0;
  const bit = (col < 3 ? 2 - col : 6 - col) + 3 * (4 - row);
  return ((FONT[digit] >> bit) & 1) === 1;
}

/**
 * The dial's tick coordinate of direction (c, d): 4096 per tick, 100 ticks a
 * turn clockwise from the top. atan comes from the integer polynomial
 * pi/4 t + t (1 - t) (0.2447 + 0.0663 t) on the octant (error under 0.1 degree).
 */
export function dialAngle(c, d) {
  const right = c, up = -d;
  let along, across, quadrant;
  if (up > 0 && right >= 0) { quadrant = 0; along = up; across = right; }
  else if (right > 0 && up <= 0) { quadrant = 1; along = right; across = -up; }
  else if (up < 0 && right <= 0) { quadrant = 2; along = -up; across = -right; }
  else { quadrant = 3; along = -right; across = up; }
  const octant = (small, large) => {
    const t = Math.floor((small * 4096) / large);
    const w = (t * (4096 - t)) >> 12;
    return ((t * 51200) >> 12) + ((((w * (1002 + ((t * 272) >> 12))) >> 12) * 65190) >> 12);
  };
  const angle = across <= along ? octant(across, along) : 102400 - octant(along, across);
  return quadrant * 102400 + angle;
}

/** float32 radius of (c, d), truncated. */
export function radius(r2) {
  return Math.fround(Math.sqrt(Math.fround(r2))) | 0;
}

/**
 * How deep (c, d) lies in one of the round studs (bolts, rivets) of radius
 * `stud` at `centres`: stud² minus the squared distance to its centre, above 0
 * only on a stud (the last such, as they never overlap); 0 elsewhere.
 */
function studDepth(centres, stud, c, d) {
  let depth = 0;
  for (const [sc, sd] of centres) {
    const q = stud * stud - ((c - sc) * (c - sc) + (d - sd) * (d - sd));
    if (q > 0) depth = q;
  }
  return depth;
}

/**
 * One vault-face pixel from its noise values rows[k][x] (k as VAULT_LAYERS)
 * and its centred coordinates. Painted in order: plate, rim, groove, door,
 * dial, knob, then bolts, hinge and rivets on top.
 */
export function shadeVault(rows, x, c, d, px) {
  const V = VAULT;
  const brushX = rows[0][x] - 32768, brushY = rows[1][x] - 32768, grain = rows[4][x] - 32768;
  const grime = Math.max(0, rows[2][x] + ((rows[3][x] - 32768) >> 1) - 38000) >> 8;
  const r2 = c * c + d * d;
  const r = radius(r2);
  let h, red, green, blue, rough, ao = 255, metal = 255;
  if (r >= V.rimOuter) {
    h = 9000 + (brushX >> 7) + (grain >> 8);
    red = 78 + (brushX >> 11); green = 82 + (brushX >> 11); blue = 88 + (brushX >> 11);
    rough = 150 + (brushX >> 10) + (grime >> 2);
    ao = 255 - (Math.max(0, 600 - (r - V.rimOuter)) >> 3);
  } else if (r >= V.rimInner) {
    const s = shoulder(Math.min(r - V.rimInner, V.rimOuter - r, 682) * 6);
    h = 9000 + 3 * s + (grain >> 9);
    red = 150 + (grain >> 12); green = 153 + (grain >> 12); blue = 158 + (grain >> 12);
    rough = 70 + (grain >> 11) + (grime >> 2);
    ao = 200 + ((s * 55) >> 12);
  } else if (r >= V.doorEdge) {
    h = 5000; red = 26; green = 27; blue = 29; rough = 220; ao = 60;
  } else if (r >= V.dial) {
    const s = shoulder(Math.min(V.doorEdge - r, 682) * 6);
    h = 5000 + ((s * 12000) >> 12) + (brushY >> 7);
    red = 118 + (brushY >> 11); green = 122 + (brushY >> 11); blue = 128 + (brushY >> 11);
    rough = 105 + (brushY >> 10) + (grime >> 2);
    ao = 170 + ((s * 85) >> 12);
    const ring = Math.abs(r - V.step);
    if (ring < 120) { h -= (120 - ring) * 20; ao -= (120 - ring) >> 1; }
  } else if (r >= V.knob) {
    const s = shoulder(Math.min(V.dial - r, 341) * 12);
    h = 17000 + ((s * 2500) >> 12) + (grain >> 10);
    red = 34 + (grain >> 13); green = 35 + (grain >> 13); blue = 38 + (grain >> 13);
    rough = 175; ao = 235; metal = 0;
    const angle = dialAngle(c, d);
    const tick = (angle + 2048) >> 12, off = Math.abs(angle + 2048 - (tick << 12) - 2048);
    const major = tick % 10 === 0;
    const onTick = r < V.tickOuter && r >= (major ? V.tickMajor : V.tickMinor) && off < (major ? 700 : 400);
    let onNumeral = false;
    for (let j = 0; j < 10 && !onNumeral; j++) onNumeral = numeralInk(j, c - NUMERALS[j][0], d - NUMERALS[j][1]);
    if (onTick || onNumeral) {
      h += onTick ? -500 : 300;
      red = 228; green = 224; blue = 212; rough = 200; ao = onTick ? 210 : 245;
    }
  } else {
    h = 20000 + ((V.knob * V.knob - r2) >> 8);
    red = 185 + (grain >> 13); green = 186 + (grain >> 13); blue = 190 + (grain >> 13);
    rough = 45;
  }
  // Bolts sit on the rim and rivets on the plate: elsewhere there is none to look for.
  const bolt = r >= V.rimInner && r < V.rimOuter ? studDepth(BOLTS, V.bolt, c, d) : 0;
  if (bolt > 0) {
    h = 21288 + (bolt >> 6);
    red = 176 + (grain >> 12); green = 138 + (grain >> 12); blue = 70 + (grain >> 13);
    rough = 80; metal = 255; ao = Math.min(255, 150 + (bolt >> 10));
  }
  const inHingeRows = (d >= -V.hingeFar && d < -V.hingeNear) || (d >= V.hingeNear && d < V.hingeFar);
  if (c >= V.hingeLeft && c < V.hingeRight && inHingeRows) {
    const p = ((c - V.hingeLeft) * 2276) >> 10;
    const barrel = (p * (4096 - p)) >> 10;
    const far = d < 0 ? -d : d;
    const end = Math.min(far - V.hingeNear, V.hingeFar - far);
    const knuckle = Math.abs(far - ((V.hingeNear + V.hingeFar) >> 1));
    h = 16000 + 2 * barrel - (end < 200 ? (200 - end) * 10 : 0) - (knuckle < 40 ? 3000 : 0);
    red = 96 + (grain >> 12); green = 98 + (grain >> 12); blue = 104 + (grain >> 12);
    rough = 110; metal = 255; ao = 200 + ((barrel * 55) >> 12) - (knuckle < 40 ? 80 : 0);
  }
  const rivet = r >= V.rimOuter ? studDepth(RIVETS, V.rivet, c, d) : 0;
  if (rivet > 0) {
    h = 12000 + (rivet >> 5);
    red = 110 + (grain >> 12); green = 112 + (grain >> 12); blue = 118 + (grain >> 12);
    rough = 100; metal = 255; ao = Math.min(255, 150 + (rivet >> 9));
  }
  px[H] = h;
  px[R] = clamp255(red - (grime >> 2));
  px[G] = clamp255(green - (grime >> 2));
  px[B] = clamp255(blue - (grime >> 2));
  px[ROUGH] = clamp255(rough);
  px[AO] = clamp255(ao);
  px[METAL] = metal;
}

// ---- normal map ---------------------------------------------------------------

/** Height-to-slope scale: the flat normal's z is NORMAL_Z[kind] / size. */
export const NORMAL_Z = { 'stone-wall': 9000000, 'vault-face': 12000000 };

/**
 * One normal from the Sobel sums gx (left minus right) and gy (below minus
 * above: +Y is up the image, the OpenGL convention), and z. Channels are
 * trunc(n * 127.5 + 128) with n = g * (127.5 / |g|) in float32.
 */
export function normalChannels(gx, gy, z, out, i) {
  const f = Math.fround;
  const q = f(f(f(gx * gx) + f(gy * gy)) + f(z * z));
  const m = f(127.5 / f(Math.sqrt(q)));
  out[i] = f(f(gx * m) + 128) | 0;
  out[i + 1] = f(f(gy * m) + 128) | 0;
  out[i + 2] = f(f(z * m) + 128) | 0;
  out[i + 3] = 255;
}

// ---- the whole texture --------------------------------------------------------

/** Writes pixel px of a shaded sample into the four non-normal maps at byte i. */
export function writeMaps(px, maps, i) {
  const { albedo, roughness, ao, orm } = maps;
  albedo[i] = px[R]; albedo[i + 1] = px[G]; albedo[i + 2] = px[B]; albedo[i + 3] = 255;
  roughness[i] = roughness[i + 1] = roughness[i + 2] = px[ROUGH]; roughness[i + 3] = 255;
  ao[i] = ao[i + 1] = ao[i + 2] = px[AO]; ao[i + 3] = 255;
  orm[i] = px[AO]; orm[i + 1] = px[ROUGH]; orm[i + 2] = px[METAL]; orm[i + 3] = 255;
}

/**
 * Every sample of (kind, size, seed) shaded: its heights (returned, a row
 * after another) and, into `maps` when given, its four non-normal maps.
 */
export function shadeTextureSpec({ kind, size, seed }, maps = null) {
  const stone = kind === 'stone-wall';
  const layers = stone ? STONE_LAYERS : VAULT_LAYERS;
  const seeds = layers.map((_, k) => layerSeed(seed, k));
  const layout = stone ? stoneLayout(seed) : null;
  const rows = layers.map(() => new Int32Array(1));
  const px = new Int32Array(7);
  const height = new Int32Array(size * size);
  for (let y = 0; y < size; y++) {
    const v = coord(y, size);
    for (let x = 0; x < size; x++) {
      const u = coord(x, size);
      for (let k = 0; k < layers.length; k++) rows[k][0] = valueNoise(seeds[k], layers[k][0], layers[k][1], u, v);
      if (stone) {
        const { course, dy } = stoneCourse(layout, v);
        const { hash, du } = stoneInCourse(layout.courses[course], u);
        shadeStone(rows, 0, dy, du, hash, px);
      } else {
        shadeVault(rows, 0, (u - 32768) >> 1, (v - 32768) >> 1, px);
      }
      height[y * size + x] = px[H];
      if (maps) writeMaps(px, maps, (y * size + x) * 4);
    }
  }
  return height;
}

/** The specification: `{albedo, normal, roughness, ao, orm}` of (kind, size, seed). */
export function renderTextureSpec({ kind, size, seed }) {
  const n = size * size * 4;
  const maps = {
    albedo: new Uint8ClampedArray(n), normal: new Uint8ClampedArray(n),
    roughness: new Uint8ClampedArray(n), ao: new Uint8ClampedArray(n), orm: new Uint8ClampedArray(n),
  };
  const height = shadeTextureSpec({ kind, size, seed }, maps);
  const z = Math.floor(NORMAL_Z[kind] / size);
  const at = (x, y) => height[((y + size) % size) * size + ((x + size) % size)];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const gx = at(x - 1, y - 1) + 2 * at(x - 1, y) + at(x - 1, y + 1) - (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1));
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - (at(x - 1, y - 1) + 2 * at(x, y - 1) + at(x + 1, y - 1));
      normalChannels(gx, gy, z, maps.normal, (y * size + x) * 4);
    }
  }
  return maps;
}
