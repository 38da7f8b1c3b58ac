// The files of the notes module, spelled for bundlers (see api/modules/argon2.js).
export const notesModule = {
  name: 'notes',
  worker: new URL('./workers/notes.js', import.meta.url),
  wasm: {
    simd: new URL('./wasm/notes.simd.wasm', import.meta.url),
    scalar: new URL('./wasm/notes.wasm', import.meta.url),
  },
  // libsodium-wrappers, loaded by the worker only where neither build passes its self-test.
  files: { fallback: new URL('./workers/notes-sodium.js', import.meta.url) },
  companions: {},
};
