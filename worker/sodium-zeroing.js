// libsodium-wrappers copies every argument into its wasm heap (keys,
// passwords, plaintexts) and frees those copies, and its outputs' buffers,
// without erasing them: a freed key stays readable in the heap until the
// allocator reuses it. The fallback backends (notes-sodium.js,
// argon2-sodium.js) route the module's malloc/free through this, which
// remembers each allocation's size and zeroes it before it is freed (the
// module exports no sodium_memzero to call on its heap; `sodium.memzero()`
// erases JS-side arrays, which the backends use on what they receive). The
// wrappers call `_malloc` and `_free` on the module object at each use, so
// replacing them covers every function.

/** Makes `sodium.libsodium` zero every block before it frees it (idempotent); returns `sodium`. */
export function zeroFreedMemory(sodium) {
  const module = sodium.libsodium;
  if (!module || module.zeroesFreedMemory) return sodium;
  const malloc = module._malloc;
  const free = module._free;
  const sizes = new Map();
  module._malloc = (size) => {
    const ptr = malloc(size);
    if (ptr) sizes.set(ptr, size);
    return ptr;
  };
  module._free = (ptr) => {
    const size = sizes.get(ptr);
    if (size) {
      module.HEAPU8.fill(0, ptr, ptr + size);   // the view read now: the heap may have grown since
      sizes.delete(ptr);
    }
    free(ptr);
  };
  module.zeroesFreedMemory = true;
  return sodium;
}
