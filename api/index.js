// The plain JS API: every call runs in a worker and returns a promise.
export { argon2id, pwhashStr, pwhashVerify, warmArgon2 } from './argon2.js';
export { createSearchIndex, SearchIndex } from './search.js';
export { openNotes, sealNote, sealNotes, unwrapKey, wrapKey } from './notes.js';
export { enginePath, forcePath } from './runtime/client.js';
export { setWorkerCap, liveWorkerCount } from './runtime/pool.js';
