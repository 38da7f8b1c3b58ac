// The files of the blur module, spelled for bundlers (see api/modules/argon2.js).
// Its fallback, the sliding-sum JS, is part of the worker script itself.
export const blurModule = {
  name: 'blur',
  worker: new URL('./workers/blur.js', import.meta.url),
  wasm: {
    simd: new URL('./wasm/blur.simd.wasm', import.meta.url),
    scalar: new URL('./wasm/blur.wasm', import.meta.url),
  },
  files: {},
  companions: {},
};
