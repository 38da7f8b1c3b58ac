// Defaults every call and element shares, in one place.

/** Argon2id: RFC 9106's second recommended option scaled to a page (64 MiB). m in KiB. */
export const ARGON2_DEFAULTS = Object.freeze({ t: 3, m: 65536, p: 1, length: 32 });
/**
 * The largest t, m (KiB) and p pwhashVerify() accepts in a hash string unless
 * its `limits` option says otherwise: a string from elsewhere must not make a
 * call run for hours or take gigabytes. They fit what the elements and the
 * extension make (t 3, 64 MiB, p 1 or 4) with room: the extension's vault
 * files are held to the same (extension/vault-format.js).
 */
export const PWHASH_VERIFY_LIMITS = Object.freeze({ t: 10, m: 524288, p: 4 });

/**
 * A worker left without a job this long is terminated (restarted on demand). `linger`: a finished job's worker kept
 * for a next job of the same shape (a search index's, a render's; under the 1 s after which a page may hold no
 * job-sized heap, issue 34).
 */
export const IDLE_MS = Object.freeze({ worker: 30000, notes: 60000, argon2Warm: 30000, blur: 30000, texture: 30000, standby: 60000,
  linger: 500 });

/** The page-wide cap on live workers (setWorkerCap changes it). */
export const DEFAULT_WORKER_CAP = 8;

/** Textures (renderTexture, <procedural-texture>): the kinds, the maps, and what is made when nothing is said. */
export const TEXTURE_KINDS = Object.freeze(['stone-wall', 'vault-face']);
export const TEXTURE_MAPS = Object.freeze(['albedo', 'normal', 'roughness', 'ao', 'orm']);
export const TEXTURE_DEFAULTS = Object.freeze({ kind: 'stone-wall', size: 512, seed: 0, map: 'albedo' });
/** Sizes 1..4096 (a 4096 render is 320 MiB of maps); seeds are uint32. */
export const TEXTURE_LIMITS = Object.freeze({ size: 4096, seed: 0xffffffff });
/** A band of rows holds about this many pixels (8..64 rows): one wasm call, one progress report, one canvas draw. */
export const TEXTURE_BAND_PIXELS = 131072;
/**
 * The wasm worker renders each band through its heap in pieces of at most this many pixels (8 rows at 2048): the
 * kernel's five map rows and the copy out of them stay in the core's cache (worker/texture-ops.js).
 */
export const TEXTURE_PIECE_PIXELS = 16384;

/** Blur (boxBlur, <glass-blur>): the qualities, the defaults, and the kernel's limits (cpp/blur/blur.h). */
export const BLUR_QUALITIES = Object.freeze(['exact', 'quarter']);
export const BLUR_DEFAULTS = Object.freeze({ radius: 8, quality: 'exact' });
/** Radius 0..255 (the kernel's exact dividers stop there); sides up to 32767, width * height up to 2^27 pixels. */
export const BLUR_LIMITS = Object.freeze({ radius: 255, side: 32767, pixels: 2 ** 27 });
/** <glass-blur>: the worker's blur times kept for stats.medianMs (about two seconds of frames at 60 fps). */
export const GLASS_STATS_FRAMES = 120;

/**
 * <fuzzy-search>: how long a search made on a key press waits on the page for the worker's answer through
 * shared memory (cross-origin-isolated pages only), so that the answer and its rows make the frame after the
 * key; a later answer comes with the worker's reply, one frame later (api/search.js, blockMs).
 */
export const SEARCH_BLOCK_MS = 8;
