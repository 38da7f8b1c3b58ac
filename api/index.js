// The plain JS API: every call runs in a worker and returns a promise.
// docs/api.md documents each export; nothing it mentions needs a deeper import.
export { argon2id, pwhashStr, pwhashVerify, warmArgon2 } from './argon2.js';
export { createSearchIndex, SearchIndex } from './search.js';
export { createNotesWorker, openNotes, sealNote, sealNotes, unwrapKey, wrapKey } from './notes.js';
export { rewrapNoteKeys } from './notes-rewrap.js';
export { renderTexture, createTextureWorker, TextureWorker } from './texture.js';
export { boxBlur, createBlurWorker, BlurWorker } from './blur.js';
export { enginePath, forcePath } from './runtime/client.js';
export { setWorkerCap, liveWorkerCount } from './runtime/pool.js';
export { endStandbys, standbyWorker } from './runtime/run-once.js';
export { ERRORS } from '../common/errors.js';
export { ARGON2_DEFAULTS, BLUR_DEFAULTS, TEXTURE_DEFAULTS } from '../common/constants.js';
