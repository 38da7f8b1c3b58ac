// The files of the texture module, spelled for bundlers (see api/modules/argon2.js).
// Its fallback, the JS tables, is part of the worker script itself.
export const textureModule = {
  name: 'texture',
  worker: new URL('./workers/texture.js', import.meta.url),
  wasm: {
    simd: new URL('./wasm/texture.simd.wasm', import.meta.url),
    scalar: new URL('./wasm/texture.wasm', import.meta.url),
  },
  files: {},
  companions: {},
};
