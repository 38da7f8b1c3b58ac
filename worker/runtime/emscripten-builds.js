// The `factory` and `selfTest` of serve() (./host.js) for a module built by
// memento_kernel() (cmake/memento.cmake): a SIMD and a scalar Emscripten
// build, each exporting the kernel's known-answer `self_test`. The entry
// passes the two imports as functions written out in its own text, so that
// bundlers see each path literally and no path is built at run time.

/**
 * @param {() => Promise<{default: Function}>} simd    `() => import('../build/wasm/out/<module>.simd.mjs')`
 * @param {() => Promise<{default: Function}>} scalar  `() => import('../build/wasm/out/<module>.mjs')`
 */
export function emscriptenBuilds(simd, scalar) {
  return {
    factory: async (useSimd) => (await (useSimd ? simd() : scalar())).default,
    selfTest: (wasm) => wasm.self_test(),
  };
}
