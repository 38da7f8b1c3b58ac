// The files of the search module, spelled for bundlers (see api/modules/argon2.js).
// Its fallback, the plain-JS index, is part of the worker script itself.
export const searchModule = {
  name: 'search',
  worker: new URL('./workers/search.js', import.meta.url),
  wasm: {
    simd: new URL('./wasm/search.simd.wasm', import.meta.url),
    scalar: new URL('./wasm/search.wasm', import.meta.url),
  },
  files: {},
  companions: {},
};
