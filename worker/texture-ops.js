// The texture worker's ops over either backend: the wasm kernel
// (cpp/texture/bindings.cpp) or the JS tables (worker/texture-tables.js), which
// give the same bytes. A render prepares once, then renders band after band of
// rows into the five whole maps, and reports each band as progress, its own
// copy of the band's rows transferred to the page so that an element can draw
// it at once. The wasm backend takes each band through its heap in pieces of a
// few rows (one wasm call each: V8 optimises a function only between calls),
// each copied out while it is still in the core's cache. The whole maps (new,
// or the caller's own `into` buffers) are transferred at the end, never
// copied. A worker kept between renders keeps its heap too: the kernel's state
// and its piece buffers stay allocated (and their pages touched) for the next
// render.
import { heapAllocUninitialized, heapCopyOutInto, heapFree } from './wasm-heap.js';
import { createTextureTables } from './texture-tables.js';
import { namedError } from '../common/errors.js';
import { withTransfer } from '../common/protocol.js';
import { reduceRows } from '../common/texture-reduce.js';
import { TEXTURE_BAND_PIXELS, TEXTURE_PIECE_PIXELS, TEXTURE_KINDS, TEXTURE_LIMITS, TEXTURE_MAPS } from '../common/constants.js';

// cpp/texture/status.h: the codes that are the caller's; the others are ours.
const CALLER_STATUS = new Set([1, 2]);   // kind_unknown, size_out_of_range

/**
 * Rows per band: a power of two, 8..64, of at most about TEXTURE_BAND_PIXELS pixels (never more than the
 * texture). A power of two, so that every band but the last starts and ends a block row of any reduction
 * up to 32 (common/texture-reduce.js).
 */
export function bandRows(size) {
  let rows = 64;
  while (rows > 8 && rows * size > TEXTURE_BAND_PIXELS) rows >>= 1;
  return Math.min(size, rows);
}

/**
 * Rows per piece of a band in the wasm heap: bandRows(size) halved until a piece holds at most
 * TEXTURE_PIECE_PIXELS pixels (at least one row). The five maps of a piece, written by the kernel and then copied
 * out, stay in the core's cache.
 */
export function pieceRows(size) {
  let rows = bandRows(size);
  while (rows > 1 && rows * size > TEXTURE_PIECE_PIXELS) rows >>= 1;
  return rows;
}

/** `bytes` rounded up to a multiple of 16: the state and each band start 16-byte aligned (prepare() asks it). */
const align16 = (bytes) => (bytes + 15) & ~15;

/**
 * The backend over an instantiated texture module: a renderer (createRenderer(params, rows)) holds the kernel's
 * state and `rows` rows of each map in the heap, and copies each piece out into the caller's arrays. Both live in
 * one arena that outlives the render and grows only when a render needs more (textures are public: nothing to erase).
 */
export function wasmTextureBackend(wasm) {
  const check = (status) => {
    if (status === 0) return;
    const message = wasm.error_message(status);
    throw CALLER_STATUS.has(status) ? new RangeError(message) : namedError('InternalError', `texture kernel: ${message}`);
  };
  let arena = { ptr: 0, bytes: 0 };
  const arenaOf = (bytes) => {
    if (arena.bytes < bytes) {
      heapFree(wasm, arena.ptr);
      arena = { ptr: 0, bytes: 0 };
      arena = { ptr: heapAllocUninitialized(wasm, bytes), bytes };
    }
    return arena.ptr;
  };
  return {
    createRenderer({ kind, size, seed }, rows) {
      const k = TEXTURE_KINDS.indexOf(kind);
      check(wasm.texture_validate(k, size));
      const stateBytes = align16(wasm.texture_state_size(k, size));
      const bandBytes = align16(rows * size * 4);
      const state = arenaOf(stateBytes + TEXTURE_MAPS.length * bandBytes);
      check(wasm.texture_prepare(state, stateBytes, k, size, seed >>> 0));
      const bands = TEXTURE_MAPS.map((_, i) => state + stateBytes + i * bandBytes);
      return {
        // A band taller than the heap's goes through it in pieces, top-down (the kernel carries each piece's last
        // rows into the next: no row is shaded twice).
        renderBand(y0, y1, out) {
          for (let top = y0; top < y1; top += rows) {
            const bottom = Math.min(y1, top + rows);
            check(wasm.texture_render_band(state, top, bottom, ...bands));
            const from = (top - y0) * size * 4, to = (bottom - y0) * size * 4;
            TEXTURE_MAPS.forEach((map, i) => heapCopyOutInto(wasm, bands[i], out[map].subarray(from, to)));
          }
        },
        free() {},   // the arena stays for the next render
      };
    },
  };
}

/** The fallback backend: the JS tables, the same bytes without wasm (the kernel's checks, same messages). */
export const jsTextureBackend = {
  createRenderer({ kind, size, seed }) {
    if (!TEXTURE_KINDS.includes(kind)) throw new RangeError("kind must be 'stone-wall' or 'vault-face'");
    if (!Number.isInteger(size) || size < 1 || size > TEXTURE_LIMITS.size) throw new RangeError('size must be an integer from 1 to 4096');
    const tables = createTextureTables({ kind, size, seed: seed >>> 0 });
    return { renderBand: (y0, y1, out) => tables.renderBand(y0, y1, out), free() {} };
  },
};

/** A caller's buffer for `map` (api/texture-targets.js checked it on the page; checked again for a direct caller). */
function targetOf(target, map, size) {
  if (!(target instanceof Uint8ClampedArray) || target.length !== size * size * 4) {
    throw new RangeError(`into.${map} must be a Uint8ClampedArray of size * size * 4 = ${size * size * 4} bytes`);
  }
  return target;
}

/** The worker's ops over a backend that makes renderers ({createRenderer(params, rows)}). */
export function textureOps({ createRenderer }) {
  return {
    /**
     * {kind, size, seed, bands, reduction, into}: the five maps, whole, transferred; those named in `into` are
     * rendered into the caller's Uint8ClampedArrays given there (size * size * 4 bytes each), the others are new.
     * Each band is reported as {done, total, band: {y0, y1, ...}} with the rows
     * of the maps named in `bands` (default all five; [] reports only {done,
     * total}), reduced `reduction` times in each direction (default 1: the rows
     * themselves; y0 and y1 stay the texture's rows).
     */
    render({ kind, size, seed, bands = TEXTURE_MAPS, reduction = 1, into = {} }, job) {
      const reported = TEXTURE_MAPS.filter((map) => bands.includes(map));
      const rows = bandRows(size);
      const renderer = createRenderer({ kind, size, seed }, pieceRows(size));
      const maps = {};
      try {
        for (const map of TEXTURE_MAPS) maps[map] = into[map] ? targetOf(into[map], map, size) : new Uint8ClampedArray(size * size * 4);
        const total = Math.ceil(size / rows);
        for (let y0 = 0, done = 1; y0 < size; y0 += rows, done++) {
          const y1 = Math.min(size, y0 + rows);
          const out = {};
          for (const map of TEXTURE_MAPS) out[map] = maps[map].subarray(y0 * size * 4, y1 * size * 4);
          renderer.renderBand(y0, y1, out);
          if (reported.length === 0) {
            job.progress({ done, total });
            continue;
          }
          const band = { y0, y1 };
          for (const map of reported) band[map] = reduceRows(out[map], size, y1 - y0, reduction);
          job.progress({ done, total, band }, reported.map((map) => band[map].buffer));
        }
      } finally {
        renderer.free();
      }
      return withTransfer(maps, TEXTURE_MAPS.map((map) => maps[map].buffer));
    },
  };
}
