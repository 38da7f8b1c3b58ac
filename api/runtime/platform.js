// What the page side of the runtime needs from its platform, in a browser.
// The Node build of the API (scripts/bundle.mjs) swaps in platform-node.js.
import { compileFromUrl } from '../../common/wasm-compile.js';

export { startModuleWorker as startWorker } from '../../common/start-worker.js';

/**
 * UTF-16LE bytes to a string, where that is cheaper than decoding UTF-8 field
 * by field; null in a browser: Chromium's TextDecoder('utf-16le') is slower
 * than UTF-8 decodes of the same text field by field (1.4 MB of note text on
 * a page, load 5: 12.5-22 ms vs 5.6-14 ms), so the notes worker is not asked
 * for UTF-16 there (api/notes.js).
 * @type {((bytes: Uint8Array) => string) | null}
 */
export const utf16String = null;

/** The compiled WebAssembly.Module at `url`. */
export const compileWasm = compileFromUrl;

/** True where workers can share memory (Argon2id lanes in parallel): a crossOriginIsolated page. */
export const sharedMemory = () => globalThis.crossOriginIsolated === true;

/** Nothing to do in a browser: a page does not wait for its workers to exit. */
export function keepAlive() {}

/** A page hashes once per unlock: no worker is readied for a next Argon2id job (api/argon2-next.js). */
export const readiesNextArgon2Worker = false;

/**
 * How long after a successful Argon2id job its worker (and its lane workers)
 * are terminated: a page unlocking opens its notes right then, on the same
 * cores. Every secret is erased before the result is returned.
 */
export const argon2LingerMs = 500;

/**
 * openNotes() on the page-wide notes worker alternates its calls with a
 * second one (api/notes.js): a page's open then decrypts on two cores.
 */
export const notesHelperWorker = true;
