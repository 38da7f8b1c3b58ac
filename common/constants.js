// Defaults every call and element shares, in one place.

/** Argon2id: RFC 9106's second recommended option scaled to a page (64 MiB). m in KiB. */
export const ARGON2_DEFAULTS = Object.freeze({ t: 3, m: 65536, p: 1, length: 32 });

/** A worker left without a job this long is terminated (restarted on demand). */
export const IDLE_MS = Object.freeze({ worker: 30000, notes: 60000, argon2Warm: 30000 });

/** The page-wide cap on live workers (setWorkerCap changes it). */
export const DEFAULT_WORKER_CAP = 8;
