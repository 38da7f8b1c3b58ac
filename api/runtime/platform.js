// What the page side of the runtime needs from its platform, in a browser.
// The Node build of the API (scripts/bundle.mjs) swaps in platform-node.js.
import { compileFromUrl } from '../../common/wasm-compile.js';

export { startModuleWorker as startWorker } from '../../common/start-worker.js';

/** The compiled WebAssembly.Module at `url`. */
export const compileWasm = compileFromUrl;

/** True where workers can share memory (Argon2id lanes in parallel): a crossOriginIsolated page. */
export const sharedMemory = () => globalThis.crossOriginIsolated === true;

/** Nothing to do in a browser: a page does not wait for its workers to exit. */
export function keepAlive() {}

/** A page hashes once per unlock: no worker is readied for a next Argon2id job (api/argon2-next.js). */
export const readiesNextArgon2Worker = false;
