// Compiles each module once per page and picks the SIMD or scalar build once,
// so that every worker of a module instantiates the same compiled Module and
// nothing is downloaded twice.
import { simdSupported } from '../../common/wasm-compile.js';
import { compileWasm } from './platform.js';

const compiled = new Map();

/**
 * The compiled WebAssembly.Module of a module descriptor (api/modules/*.js),
 * SIMD when the engine has it. Resolves to {module, simd, scalarUrl}; a failed
 * download is not cached, so a later call retries.
 */
export function compileModule({ wasm }, { forceScalar = false } = {}) {
  const simd = !forceScalar && simdSupported();
  const url = String(simd ? wasm.simd : wasm.scalar);
  let entry = compiled.get(url);
  if (!entry) {
    entry = compileWasm(url).then(
      (module) => ({ module, simd, scalarUrl: String(wasm.scalar) }),
      (error) => { compiled.delete(url); throw error; });
    compiled.set(url, entry);
  }
  return entry;
}

const companionCache = new Map();

/**
 * The companion modules (api/modules/*.js `companions`) a worker with these
 * lane `hints` can use here, each compiled once per page.
 */
export async function compileCompanions(companions, hints) {
  const modules = {};
  for (const [key, { url, usable }] of Object.entries(companions)) {
    if (!usable(hints)) continue;
    const href = String(url);
    if (!companionCache.has(href)) companionCache.set(href, compileWasm(href).catch(() => undefined));
    modules[key] = await companionCache.get(href);
  }
  return modules;
}
