// Moving bytes in and out of an Emscripten module's heap: the one place that
// mallocs, copies, erases and frees, so no op forgets a step.

/** Copies `bytes` into a fresh heap allocation; returns its address (0 for empty input). */
export function heapCopyIn(wasm, bytes) {
  if (!bytes || bytes.length === 0) return 0;
  const ptr = wasm._malloc(bytes.length);
  if (!ptr) throw new RangeError(`out of wasm memory allocating ${bytes.length} bytes`);
  wasm.HEAPU8.set(bytes, ptr);
  return ptr;
}

/** Allocates `size` zeroed bytes on the heap. */
export function heapAlloc(wasm, size) {
  const ptr = wasm._malloc(Math.max(size, 1));
  if (!ptr) throw new RangeError(`out of wasm memory allocating ${size} bytes`);
  wasm.HEAPU8.fill(0, ptr, ptr + size);
  return ptr;
}

/** Copies `size` bytes out of the heap (the view is read after any growth). */
export function heapCopyOut(wasm, ptr, size) {
  return wasm.HEAPU8.slice(ptr, ptr + size);
}

/** Copies `target.length` bytes at `ptr` into `target` (a map's band, say), without a new buffer. */
export function heapCopyOutInto(wasm, ptr, target) {
  target.set(wasm.HEAPU8.subarray(ptr, ptr + target.length));
  return target;
}

/** Zeroes and frees each [ptr, size] pair; secrets never linger in the heap. */
export function heapEraseFree(wasm, ...allocations) {
  for (const [ptr, size] of allocations) {
    if (!ptr) continue;
    wasm.HEAPU8.fill(0, ptr, ptr + size);
    wasm._free(ptr);
  }
}
